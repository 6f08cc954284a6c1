"""``pope-synth``: POPE-style object probes on rendered scenes, sampled by POPE's rules.

POPE (Li et al., 2023; its ``main.py`` / ``utils.py``) builds, per image and split, 3 present
objects (answer yes) and 3 absent ones (answer no), asked "Is there a <object> in the image?"
in the order yes, no, yes, no, yes, no:

- positives: the first 3 annotated objects of the image (``annotated_kinds``: each kind once,
  the most prominent first), the same in every split;
- after each positive, one negative not in the image and not asked before for this image:
  random: drawn uniformly from the set's object vocabulary until one fits; popular: the first
  fitting one among the objects ranked by how many images hold them; adversarial: the first
  fitting one among the objects ranked by how often they co-occur with that positive. Popular
  and adversarial fall back to a random draw when no ranked object fits. Ties in a ranking
  keep the order of first appearance in the set, as POPE's stable sort of insertion-ordered
  dicts does.

The statistics are over all ``n_images`` scenes. The vocabulary is the set's kinds in order of
first appearance followed by the renderer's other kinds (those matter only to a set of a few
scenes, where POPE's own vocabulary could run out of absent objects). Scenes come from the
``object_scene`` renderer, whose themes (kitchen, office, street...) make their objects
co-occur, so adversarial negatives are objects a model expects to see. Scene i depends on
(seed, i) alone; the random draws of image i and split s on [seed, 6, i, POPE_PROBE_DRAW, s]
(numpy, where POPE uses Python's ``random`` module). Unit u is image u with its 18 rows
(3 splits x 6 probes). The task eval/tasks/pope.py asks and scores them.

    mm-data pope-synth --n-images 100 --out data/pope-synth --seed 0
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Callable, Sequence

import numpy as np

from engines.cliutil import add_build_arguments
from engines.dataset import BuildConfig, Builder, image_cell, register_builder
from engines.dataset import columns as col
from engines.dataset.streams import POPE_BALANCE_DRAW, POPE_PROBE_DRAW, STREAMS
from engines.mavis.text import article
from renderers.object_scene import ObjectSceneFamily
from renderers.object_scene.spec import (KIND_NAMES, THEMES, ObjectSceneSpec,
                                          annotated_kinds)

SPLITS = ("random", "popular", "adversarial")
PROBES = 3  # present (and as many absent) objects per image and split, as in POPE
N_IMAGES = 100
ROWS_PER_IMAGE = 2 * PROBES * len(SPLITS)


def sample_scenes(seed: int, n: int) -> list[ObjectSceneSpec]:
    """``n`` POPE scenes: no sign, at least PROBES distinct kinds; scene i depends on (seed, i)
    alone, so a smaller set is a prefix of a larger one."""
    fam = ObjectSceneFamily()
    out = []
    for i in range(n):
        for attempt in range(100):
            rng = np.random.default_rng([seed, STREAMS["pope-synth"], i, attempt])
            spec = fam.sample_spec(rng, sign="", frame=i + 1)
            if len({o.kind for o in spec.objects}) >= PROBES:
                break
        out.append(spec)
    return out


def _ranked(counts: Counter) -> list[str]:
    """Keys by count, highest first; ties in order of first appearance (Counter keeps it)."""
    first = {k: i for i, k in enumerate(counts)}
    return sorted(counts, key=lambda k: (-counts[k], first[k]))


def popularity(annotated: Sequence[Sequence[str]]) -> list[str]:
    """Objects ranked by the number of images annotated with them."""
    return _ranked(Counter(o for objs in annotated for o in objs))


def co_occurrence(annotated: Sequence[Sequence[str]]) -> dict[str, list[str]]:
    """Per object, the other objects ranked by the number of images holding both."""
    co: dict[str, Counter] = {}
    for objs in annotated:
        for a in objs:
            co.setdefault(a, Counter()).update(b for b in objs if b != a)
    return {a: _ranked(c) for a, c in co.items()}


def vocabulary(annotated: Sequence[Sequence[str]]) -> list[str]:
    """The set's objects in order of first appearance, then the renderer's other kinds."""
    seen = list(dict.fromkeys(o for objs in annotated for o in objs))
    return seen + [k for k in KIND_NAMES if k not in seen]


def numpy_choice(rng: np.random.Generator) -> Callable[[Sequence[str]], str]:
    """A uniform pick from a sequence, drawn from ``rng`` (POPE's ``random.choice``)."""
    return lambda seq: seq[int(rng.integers(len(seq)))]


def probe_image(objects: Sequence[str], split: str, vocab: Sequence[str],
                popular: Sequence[str], co: dict[str, list[str]],
                choose: Callable[[Sequence[str]], str], k: int = PROBES
                ) -> list[tuple[str, str]]:
    """POPE's 2k probes of one image for one split: (object, "yes"|"no"), yes and no
    alternating; ``objects`` are the image's annotated objects, positives its first k."""
    if split not in SPLITS:
        raise ValueError(f"unknown POPE split {split!r}; valid: {', '.join(SPLITS)}")
    if len(objects) < k:
        raise ValueError(f"an image needs {k} annotated objects, got {len(objects)}")
    present = set(objects)
    asked: list[str] = []

    def fits(o: str) -> bool:
        return o not in asked and o not in present

    if sum(map(fits, set(vocab))) < k:
        raise ValueError(f"the vocabulary ({len(vocab)} objects) has fewer than {k} objects "
                         f"absent from an image holding {sorted(present)}")
    out = []
    for pos in objects[:k]:
        asked.append(pos)
        out.append((pos, "yes"))
        ranking = popular if split == "popular" else \
            co.get(pos, []) if split == "adversarial" else []
        neg = next((o for o in ranking if fits(o)), None)
        while neg is None or not fits(neg):
            neg = choose(vocab)
        asked.append(neg)
        out.append((neg, "no"))
    return out




def question(kind: str) -> str:
    """POPE's template as in its released files ("an" before a vowel)."""
    return f"Is there {article(kind)} in the image?"


def build_probes(seed: int, n_images: int, splits: tuple[str, ...]) -> list[dict]:
    """Per image: its spec, annotated objects and, per split, its 2 * PROBES (object, label)
    probes. Statistics (popularity, co-occurrence, vocabulary) are over all ``n_images``."""
    specs = sample_scenes(seed, n_images)
    annotated = [annotated_kinds(s) for s in specs]
    vocab, popular, co = vocabulary(annotated), popularity(annotated), co_occurrence(annotated)
    out = []
    for i, (spec, objs) in enumerate(zip(specs, annotated)):
        probes = {}
        for j, split in enumerate(SPLITS):
            if split in splits:
                rng = np.random.default_rng([seed, STREAMS["pope-synth"], i, POPE_PROBE_DRAW, j])
                probes[split] = probe_image(objs, split, vocab, popular, co, numpy_choice(rng))
        out.append({"image": f"scene-{i:04d}", "spec": spec, "objects": objs,
                    "probes": probes})
    return out


# ----------------------------------------------------------------------------- the dataset


@lru_cache(maxsize=4)
def _probes(seed: int, n_images: int) -> list[dict]:
    """build_probes of every split, once per process (each unit needs the set's statistics)."""
    return build_probes(seed, n_images, SPLITS)


NEGATIVES = ("pope", "balanced", "out_of_theme")
# a 2-rows-a-scene build's absent object other than POPE's, as its dataset card says it
ABSENT_OBJECT = {
    "balanced": "drawn so that each object is asked about as often absent as present in each "
                "theme's scenes (split \"balanced\")",
    "out_of_theme": "that no scene of its theme holds (split \"out_of_theme\"), so the theme "
                    "answers every probe",
}


def pope_synth_config(n_images: int, seed: int = 0, image_size: int = 336,
                      images: int | None = None, chunk_size: int = 256,
                      rows_per_image: int = ROWS_PER_IMAGE, negatives: str = "pope"
                      ) -> BuildConfig:
    """The first ``images`` (default all) of an ``n_images`` set, with every split's probes
    (``rows_per_image`` 18) or a part of them (``kept_rows``): training rows from more scenes.
    ``negatives`` (2 rows a scene only): "balanced" replaces POPE's absent object by one drawn
    so that each object is asked as often absent as present (``balanced_negative``);
    "out_of_theme" by one no scene of its theme holds (``out_of_theme_negative``), so that the
    theme answers every probe: the rows of a model with a co-occurrence prior."""
    images = n_images if images is None else images
    options = {"n_images": n_images}
    if rows_per_image != ROWS_PER_IMAGE:
        kept_rows(0, rows_per_image)  # checks the count
        options["rows_per_image"] = rows_per_image
    if negatives not in NEGATIVES:
        raise ValueError(f"negatives: {negatives}; valid: {', '.join(NEGATIVES)}")
    if negatives != "pope":
        if rows_per_image != 2:
            raise ValueError(f"negatives: {negatives} needs 2 rows per image, got "
                             f"{rows_per_image}")
        options["negatives"] = negatives
    return BuildConfig(kind="pope-synth", n=rows_per_image * images, seed=seed,
                       image_size=image_size, chunk_size=chunk_size, options=options)


def kept_pair(i: int) -> int:
    """Which of its split's PROBES present objects (and the absent one after it) scene ``i``
    of a 2-rows-a-scene build asks: (i // 3) mod 3, so that consecutive scenes rotate through
    the splits and the present objects."""
    return (i // len(SPLITS)) % PROBES


def kept_rows(i: int, per: int) -> range:
    """Which of scene ``i``'s 18 rows (SPLITS in order, each 2 * PROBES probes alternating
    present, absent) a build of ``per`` rows a scene keeps: all (18); split i mod 3's probes
    (6), each question once; or that split's pair (i // 3) mod 3 (2), one present and one
    absent object, so consecutive scenes rotate through the splits and the present objects."""
    if per == ROWS_PER_IMAGE:
        return range(ROWS_PER_IMAGE)
    if per not in (2, 2 * PROBES):
        raise ValueError(f"rows_per_image: {per}; valid: 2, {2 * PROBES}, {ROWS_PER_IMAGE}")
    start = (i % len(SPLITS)) * 2 * PROBES
    if per == 2:
        start += 2 * kept_pair(i)
    return range(start, start + per)


def balanced_weights(probes: Sequence[dict]) -> dict[str, Counter]:
    """Per theme, each object's weight as a balanced build's absent object: how often a
    2-a-scene build asks it present in that theme's scenes (its positive of scene i is
    POPE's positive ``kept_pair(i)``, as ``kept_rows`` keeps it) over how many of those scenes
    lack it. Scene i's absent object drawn in proportion to these among the objects it lacks
    is asked absent about as often as present, per theme: neither the object asked nor the
    scene's theme then tells the answer, only the picture does (POPE's own negatives leave a
    prior: in a build of its pairs one object is present in 22% of the questions about it,
    another in 75%)."""
    asked: dict[str, Counter] = {}
    lacked: dict[str, Counter] = {}
    for i, im in enumerate(probes):
        theme = im["spec"].theme
        asked.setdefault(theme, Counter())[im["objects"][kept_pair(i)]] += 1
        have = set(im["objects"])
        lacked.setdefault(theme, Counter()).update(k for k in KIND_NAMES if k not in have)
    return {t: Counter({k: asked[t][k] / lacked[t][k] for k in asked[t] if lacked[t][k]})
            for t in asked}


def balanced_negative(i: int, im: dict, weights: dict[str, Counter], seed: int) -> str:
    """Scene i's absent object in a balanced build: one of the kinds it lacks, drawn from
    [seed, pope-synth, i, POPE_BALANCE_DRAW] in proportion to its theme's ``weights`` (a kind
    the theme's scenes are never asked about present has none; uniform where all have none)."""
    have = set(im["objects"])
    absent = [k for k in KIND_NAMES if k not in have]
    w = np.array([weights.get(im["spec"].theme, {}).get(k, 0.0) for k in absent])
    w = w / w.sum() if w.sum() > 0 else np.full(len(absent), 1 / len(absent))
    rng = np.random.default_rng([seed, STREAMS["pope-synth"], i, POPE_BALANCE_DRAW])
    return absent[int(rng.choice(len(absent), p=w))]


def out_of_theme_negative(i: int, im: dict, seed: int) -> str:
    """Scene i's absent object in an out-of-theme build: drawn uniformly, from [seed,
    pope-synth, i, POPE_BALANCE_DRAW], among the kinds its theme never holds (neither its
    core nor its extra objects)."""
    theme = THEMES[im["spec"].theme]
    own = set(theme["core"]) | set(theme["extra"])
    absent = [k for k in KIND_NAMES if k not in own]
    rng = np.random.default_rng([seed, STREAMS["pope-synth"], i, POPE_BALANCE_DRAW])
    return absent[int(rng.integers(len(absent)))]


@lru_cache(maxsize=4)
def _balanced_weights(seed: int, n_images: int) -> dict[str, Counter]:
    return balanced_weights(_probes(seed, n_images))


@register_builder
class PopeSynthBuilder(Builder):
    kind = "pope-synth"
    size_flag = "--n-images"
    order = 70
    help = "evaluation set: POPE-style object probes"
    count_columns = ("split", "answer")
    description = ("POPE-style object hallucination probes on rendered scenes: per image and "
                   "split (random, popular, adversarial), 3 present and 3 absent objects asked "
                   "\"Is there a <object> in the image?\", alternating yes / no.")

    def describe(self, cfg):
        per = self.unit_size(cfg)
        if per == ROWS_PER_IMAGE:
            return self.description
        negatives = cfg.options.get("negatives", "pope")
        if negatives != "pope":
            return ("POPE-style object probes on rendered scenes, a training build of 2 rows per "
                    f"image: one of POPE's present objects and one absent object "
                    f"{ABSENT_OBJECT[negatives]}, asked \"Is there a <object> in the image?\". "
                    "Evaluation sets keep POPE's 18 rows.")
        what = ("one split's 3 present and 3 absent objects" if per == 2 * PROBES else
                "one present and one absent object of one split")
        return (f"POPE-style object probes on rendered scenes, a training build of {per} rows "
                f"per image: {what} (the split and objects rotate from scene to scene), asked "
                "\"Is there a <object> in the image?\". Evaluation sets keep all 18 rows.")

    def add_arguments(self, p):
        p.add_argument("--n-images", type=int, default=N_IMAGES,
                       help="scenes (the popular / adversarial statistics are over all of them)")
        add_build_arguments(p, rows=False, families=False)

    def config_from_args(self, a):
        if a.n_images < 1:
            raise ValueError(f"--n-images: must be >= 1, got {a.n_images}")
        return pope_synth_config(a.n_images, a.seed, a.image_size, chunk_size=a.chunk_size)

    def validate(self, cfg):
        n = int(cfg.options.get("n_images", 0))
        if n < self.n_units(cfg):
            raise ValueError(f"--n-images: {self.n_units(cfg)} images asked of a set of {n}")

    def unit_size(self, cfg):
        return int(cfg.options.get("rows_per_image", ROWS_PER_IMAGE))

    def features(self, cfg):
        s = col.string()
        return col.features({"id": s, "image": col.image(), "image_id": s, "split": s,
                             "object": s, "question": s, "answer": s, "spec": s})

    def unit_rows(self, cfg, u):
        im = _probes(cfg.seed, int(cfg.options["n_images"]))[u]
        cell = image_cell(ObjectSceneFamily().render(im["spec"], cfg.image_size))
        spec_json = im["spec"].to_json()

        def row(split: str, j: int, obj: str, label: str) -> dict:
            return {"id": f"{split}/{im['image']}/{j}", "image": cell, "image_id": im["image"],
                    "split": split, "object": obj, "question": question(obj), "answer": label,
                    "spec": spec_json}

        negatives = cfg.options.get("negatives", "pope")
        if negatives != "pope":
            neg = (balanced_negative(u, im, _balanced_weights(cfg.seed,
                                                              int(cfg.options["n_images"])),
                                     cfg.seed) if negatives == "balanced"
                   else out_of_theme_negative(u, im, cfg.seed))
            return [row(negatives, j, obj, label) for j, (obj, label) in
                    enumerate(((im["objects"][kept_pair(u)], "yes"), (neg, "no")))]
        rows = [row(split, j, obj, label) for split, probes in im["probes"].items()
                for j, (obj, label) in enumerate(probes)]
        return [rows[k] for k in kept_rows(u, self.unit_size(cfg))]
