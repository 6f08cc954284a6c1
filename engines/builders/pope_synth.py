"""``pope-synth``: POPE-style object probes on rendered scenes.

POPE (Li et al., 2023) asks "Is there a <object> in the image?" for objects that are present
(answer yes) and absent (answer no), half and half, with the absent objects drawn three ways:

- random: any kind not in the image;
- popular: the kinds most frequent over the whole set (counted per image), not in the image;
- adversarial: the kinds that co-occur most with the image's objects, not in the image. Here
  the candidates are the co-occurrence groups of ``renderers.object_scene`` (a kitchen cup calls up
  bottle, bowl, apple...), ranked by how often they co-occur with the present kinds in the set.

Per image and split: 3 present + 3 absent probes, alternating (POPE's 6 per image); the present
probes are shared by the splits. Scenes come from the ``object_scene`` renderer; scene i
depends on (seed, i) alone, the statistics on all ``n_images`` scenes. Unit u is image u with
its 18 rows (3 splits x 6 probes). The task eval/tasks/pope.py asks and scores them.

    mm-data pope-synth --n-images 100 --out data/pope-synth --seed 0
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

import numpy as np

from engines.cliutil import add_build_arguments
from engines.dataset import BuildConfig, Builder, image_cell, register_builder
from engines.dataset import columns as col
from engines.dataset.streams import POPE_PROBE_DRAW, STREAMS
from renderers.object_scene import ObjectSceneFamily
from renderers.object_scene.spec import GROUPS, KIND_NAMES, ObjectSceneSpec

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


def kind_stats(kind_sets: list[set[str]]) -> tuple[Counter, dict[str, Counter]]:
    """Per-image frequency of each kind, and co-occurrence counts of kind pairs."""
    freq: Counter = Counter()
    co: dict[str, Counter] = {k: Counter() for k in KIND_NAMES}
    for ks in kind_sets:
        freq.update(ks)
        for a in ks:
            co.setdefault(a, Counter()).update(b for b in ks if b != a)
    return freq, co


def negatives(split: str, present: set[str], rng: np.random.Generator, freq: Counter,
              co: dict[str, Counter], k: int = PROBES) -> list[str]:
    """``k`` absent kinds by POPE's three strategies (ties broken by name)."""
    absent = [a for a in KIND_NAMES if a not in present]
    if split == "random":
        return [absent[int(i)] for i in rng.choice(len(absent), size=k, replace=False)]
    if split == "popular":
        return sorted(absent, key=lambda a: (-freq[a], a))[:k]
    if split == "adversarial":
        def score(a: str) -> int:
            return sum(co.get(p, Counter())[a] for p in present)
        grouped = {a for g in GROUPS.values() if present & set(g) for a in g} - present
        first = sorted(grouped, key=lambda a: (-score(a), -freq[a], a))
        rest = sorted(set(absent) - grouped, key=lambda a: (-score(a), -freq[a], a))
        return (first + rest)[:k]
    raise ValueError(f"unknown POPE split {split!r}; valid: {', '.join(SPLITS)}")


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def question(kind: str) -> str:
    return f"Is there {_article(kind)} in the image?"


def build_probes(seed: int, n_images: int, splits: tuple[str, ...]) -> list[dict]:
    """Per image: its spec and, per split, 2 * PROBES (object, label) probes alternating
    yes / no. Statistics (popularity, co-occurrence) are over all ``n_images`` scenes."""
    specs = sample_scenes(seed, n_images)
    kind_sets = [{o.kind for o in s.objects} for s in specs]
    freq, co = kind_stats(kind_sets)
    out = []
    for i, (spec, ks) in enumerate(zip(specs, kind_sets)):
        rng = np.random.default_rng([seed, STREAMS["pope-synth"], i, POPE_PROBE_DRAW])
        pos_pool = sorted(ks)
        pos = [pos_pool[int(j)] for j in rng.choice(len(pos_pool), PROBES, replace=False)]
        probes = {}
        for split in SPLITS:  # every split draws, so a split's probes do not depend on others
            neg = negatives(split, ks, rng, freq, co)
            if split in splits:
                probes[split] = [x for pair in zip([(p, "yes") for p in pos],
                                                   [(q, "no") for q in neg]) for x in pair]
        out.append({"image": f"scene-{i:04d}", "spec": spec, "probes": probes})
    return out


# ----------------------------------------------------------------------------- the dataset


@lru_cache(maxsize=4)
def _probes(seed: int, n_images: int) -> list[dict]:
    """build_probes of every split, once per process (each unit needs the set's statistics)."""
    return build_probes(seed, n_images, SPLITS)


def pope_synth_config(n_images: int, seed: int = 0, image_size: int = 336,
                      images: int | None = None, chunk_size: int = 256) -> BuildConfig:
    """The first ``images`` (default all) of an ``n_images`` set, with every split's probes."""
    images = n_images if images is None else images
    return BuildConfig(kind="pope-synth", n=ROWS_PER_IMAGE * images, seed=seed,
                       image_size=image_size, chunk_size=chunk_size,
                       options={"n_images": n_images})


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
        return ROWS_PER_IMAGE

    def features(self, cfg):
        s = col.string()
        return col.features({"id": s, "image": col.image(), "image_id": s, "split": s,
                             "object": s, "question": s, "answer": s, "spec": s})

    def unit_rows(self, cfg, u):
        im = _probes(cfg.seed, int(cfg.options["n_images"]))[u]
        cell = image_cell(ObjectSceneFamily().render(im["spec"], cfg.image_size))
        spec_json = im["spec"].to_json()
        return [{"id": f"{split}/{im['image']}/{j}", "image": cell, "image_id": im["image"],
                 "split": split, "object": obj, "question": question(obj), "answer": label,
                 "spec": spec_json}
                for split, probes in im["probes"].items() for j, (obj, label) in
                enumerate(probes)]
