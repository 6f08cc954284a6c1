"""POPE-style object hallucination probes on rendered scenes ("pope-synth", "pope-synth-prob").

POPE (Li et al., 2023) asks "Is there a <object> in the image?" for objects that are present
(answer yes) and absent (answer no), half and half, with the absent objects drawn three ways:

- random: any kind not in the image;
- popular: the kinds most frequent over the whole set (counted per image), not in the image;
- adversarial: the kinds that co-occur most with the image's objects, not in the image. Here
  the candidates are the co-occurrence groups of ``renderers.objects`` (a kitchen cup calls up
  bottle, bowl, apple...), ranked by how often they co-occur with the present kinds in the set.

Per image and split: 3 present + 3 absent probes, alternating (POPE's 6 per image); the present
probes are shared by the splits. Data: without ``--data``, ``n_images`` (default 100) scenes
from the ``object_scene`` renderer, seeded by ``--seed`` and cached under the task's work folder
(PNG files + ``questions.jsonl``). ``--data DIR`` reads either such a folder or POPE's released
files (``*pope_random.json`` etc., JSON lines with image, text, label; images in DIR/images,
DIR/val2014 or DIR). Options (``ctx.options``): ``split`` (random | popular | adversarial | all,
default all: each reported separately), ``n_images``, ``image_size``. ``--limit`` keeps whole
images (all their probes in every split).

Scoring as POPE's evaluate script: the answer's first sentence, commas dropped, split into words
(on any whitespace, where POPE splits on spaces only, so that "No\\n" reads as no); the word
"No", "no" or "not" -> no, else yes. Metrics per split, yes = positive: accuracy, precision,
recall, F1, yes-ratio; the top-level values average the splits.

    mm-eval run --model builtin:oracle --tasks pope-synth --limit 36 --output-path runs/pope
"""
from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

import numpy as np

from engines.dataset import png_bytes
from eval.plots import grouped_bars
from eval.task import Task, TaskContext, register_task
from renderers.object_scene import ObjectSceneFamily
from renderers.object_scene.spec import GROUPS, KIND_NAMES, ObjectSceneSpec

SPLITS = ("random", "popular", "adversarial")
PROBES = 3  # present (and as many absent) objects per image and split, as in POPE
N_IMAGES = 100
IMAGE_SIZE = 336
VERSION = 1  # bump when generation changes: cached folders are keyed by it
_STREAM = 6  # engines.dataset's stream id of "pope-synth"


# ----------------------------------------------------------------------------- parsing, metrics


def pope_parse(text: str | None) -> str:
    """POPE's reading of an answer: "no" if its first sentence has the word No/no/not."""
    t = text or ""
    if "." in t:
        t = t.split(".")[0]
    words = t.replace(",", "").split()
    return "no" if ("No" in words or "no" in words or "not" in words) else "yes"


def binary_metrics(preds: list[str], targets: list[str]) -> dict:
    """POPE's metrics with yes as the positive class (precision is 0 when nothing is yes)."""
    tp = sum(p == "yes" and t == "yes" for p, t in zip(preds, targets))
    fp = sum(p == "yes" and t == "no" for p, t in zip(preds, targets))
    tn = sum(p == "no" and t == "no" for p, t in zip(preds, targets))
    fn = sum(p == "no" and t == "yes" for p, t in zip(preds, targets))
    n = len(preds)
    prec = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return {"accuracy": (tp + tn) / n if n else 0.0, "precision": prec, "recall": rec,
            "f1": f1, "yes_ratio": (tp + fp) / n if n else 0.0, "n": n,
            "tp": tp, "fp": fp, "tn": tn, "fn": fn}


def auroc(scores: list[float], targets: list[str]) -> float | None:
    """Area under the ROC curve of P(yes) (ties count half); None without both classes."""
    pos = [s for s, t in zip(scores, targets) if t == "yes"]
    neg = [s for s, t in zip(scores, targets) if t == "no"]
    if not pos or not neg:
        return None
    wins = sum((p > q) + 0.5 * (p == q) for p in pos for q in neg)
    return wins / (len(pos) * len(neg))


# ----------------------------------------------------------------------------- the synthetic set


def sample_scenes(seed: int, n: int) -> list[ObjectSceneSpec]:
    """``n`` POPE scenes: no sign, at least PROBES distinct kinds; scene i depends on (seed, i)
    alone, so a smaller set is a prefix of a larger one."""
    fam = ObjectSceneFamily()
    out = []
    for i in range(n):
        for attempt in range(100):
            rng = np.random.default_rng([seed, _STREAM, i, attempt])
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
        rng = np.random.default_rng([seed, _STREAM, i, 1000])
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


# ----------------------------------------------------------------------------- data on disk


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def save_png(img, path: Path) -> None:
    """Write a PNG atomically (a killed run never leaves a half file that looks cached)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_atomic(path, png_bytes(img))


def write_manifest(folder: Path, docs: list[dict]) -> None:
    lines = "".join(json.dumps({k: v for k, v in d.items() if k != "image_path"},
                               sort_keys=True) + "\n" for d in docs)
    folder.mkdir(parents=True, exist_ok=True)
    _write_atomic(folder / "questions.jsonl", lines.encode())


def read_manifest(folder: Path, required: tuple[str, ...]) -> list[dict]:
    """A folder written by these tasks: ``questions.jsonl`` + the files its ``image_file``
    fields name. A malformed line becomes a doc with ``error`` (recorded, the run goes on)."""
    path = folder / "questions.jsonl"
    docs = []
    for k, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
            missing = [r for r in required if r not in d]
            if missing:
                raise ValueError(f"missing field(s) {', '.join(missing)}")
        except ValueError as e:
            docs.append({"id": f"{path.name}:{k}", "target": None,
                         "error": f"{path}:{k}: malformed line ({e})", "group": f"bad-{k}"})
            continue
        d["image_path"] = str(folder / d["image_file"])
        docs.append(d)
    return docs


def load_image(doc: dict):
    """The doc's image: an error recorded for it, its file, or a render of its spec."""
    from PIL import Image

    if doc.get("error"):
        raise ValueError(doc["error"])
    if doc.get("image_path"):
        p = Path(doc["image_path"])
        if not p.is_file():
            raise FileNotFoundError(f"{p}: image file does not exist")
        img = Image.open(p)
        img.load()
        return img.convert("RGB")
    import renderers

    return renderers.render(renderers.spec_from_json(doc["spec"]), doc.get("image_size",
                                                                           IMAGE_SIZE))


def keep_whole_groups(docs: list[dict], limit: int | None) -> list[dict]:
    """The first groups (docs sharing "group", in order of first appearance) holding at most
    ``limit`` docs; at least one group."""
    if limit is None:
        return docs
    order: list[str] = []
    by: dict[str, list[dict]] = {}
    for d in docs:
        if d["group"] not in by:
            order.append(d["group"])
            by[d["group"]] = []
        by[d["group"]].append(d)
    out: list[dict] = []
    for g in order:
        if out and len(out) + len(by[g]) > limit:
            break
        out += by[g]
    return out


def _released(folder: Path, splits: tuple[str, ...]) -> list[dict] | None:
    """POPE's released files (``coco_pope_random.json`` ...: JSON lines), or None."""
    files = {s: sorted(folder.glob(f"*pope_{s}.json")) + sorted(folder.glob(f"*pope_{s}.jsonl"))
             for s in SPLITS}
    if not any(files.values()):
        return None
    img_dirs = [folder / "images", folder / "val2014", folder]
    docs = []
    for split in splits:
        for f in files[split]:
            for k, line in enumerate(f.read_text().splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                    img, text, label = r["image"], r["text"], str(r["label"]).lower()
                    if label not in ("yes", "no"):
                        raise ValueError(f"label must be yes or no, got {r['label']!r}")
                except (ValueError, KeyError, TypeError) as e:
                    docs.append({"id": f"{split}/{f.name}:{k}", "split": split,
                                 "target": None, "group": f"bad-{f.name}-{k}",
                                 "error": f"{f}:{k}: malformed line ({e!r})"})
                    continue
                path = next((d / img for d in img_dirs if (d / img).is_file()), img_dirs[0] / img)
                m = re.match(r"Is there an? (.+?) in the image\?", text)
                docs.append({"id": f"{split}/{r.get('question_id', k)}", "split": split,
                             "image": img, "group": img, "image_path": str(path),
                             "object": m.group(1) if m else "", "question": text,
                             "target": label})
    if not docs:
        raise ValueError(f"{folder}: no POPE file for split(s) {', '.join(splits)} "
                         f"(expected *pope_<split>.json)")
    return docs


# ----------------------------------------------------------------------------- the tasks


def _splits(ctx: TaskContext) -> tuple[str, ...]:
    s = ctx.options.get("split", "all")
    if s in (None, "all"):
        return SPLITS
    chosen = tuple(s) if isinstance(s, (list, tuple)) else tuple(x.strip() for x in
                                                                  str(s).split(","))
    bad = [x for x in chosen if x not in SPLITS]
    if bad or not chosen:
        raise ValueError(f"option split={s!r} is not valid; valid: {', '.join(SPLITS)}, all")
    return tuple(x for x in SPLITS if x in chosen)


def synthetic_docs(ctx: TaskContext, splits: tuple[str, ...]) -> list[dict]:
    n = int(ctx.options.get("n_images", N_IMAGES))
    size = int(ctx.options.get("image_size", IMAGE_SIZE))
    if n < 1:
        raise ValueError(f"option n_images must be >= 1, got {n}")
    per_image = 2 * PROBES * len(splits)
    keep = n if ctx.limit is None else min(n, max(1, ctx.limit // per_image))
    images = build_probes(ctx.seed, n, splits)[:keep]
    folder = Path(ctx.work) / f"seed{ctx.seed}-n{n}-{size}px-v{VERSION}" if ctx.work else None
    docs = []
    for im in images:
        spec_json = im["spec"].to_json()
        rel = f"images/{im['image']}.png"
        if folder is not None and not (folder / rel).is_file():
            save_png(ObjectSceneFamily().render(im["spec"], size), folder / rel)
        for split, probes in im["probes"].items():
            for j, (obj, label) in enumerate(probes):
                docs.append({"id": f"{split}/{im['image']}/{j}", "split": split,
                             "image": im["image"], "group": im["image"], "object": obj,
                             "question": question(obj), "target": label, "spec": spec_json,
                             "image_size": size, "image_file": rel,
                             "image_path": str(folder / rel) if folder else None})
    if folder is not None:
        write_manifest(folder, docs)
    return docs


@register_task
class PopeSynth(Task):
    name = "pope-synth"
    description = "POPE-style object probes on rendered scenes: acc, P, R, F1, yes-ratio per split"
    output = "generate"
    max_new_tokens = 16
    parser = "pope (first sentence has No/no/not -> no, else yes)"

    def docs(self, ctx: TaskContext) -> list[dict]:
        splits = _splits(ctx)
        if ctx.data:
            folder = Path(ctx.data)
            if (folder / "questions.jsonl").is_file():
                docs = [d for d in read_manifest(folder, ("id", "split", "question", "target",
                                                          "image_file", "group"))
                        if d.get("split") in splits or d.get("error")]
            else:
                docs = _released(folder, splits)
                if docs is None:
                    raise ValueError(f"--data {folder}: not a POPE folder (expected "
                                     f"questions.jsonl with images/, or POPE's released "
                                     f"*pope_random.json / *pope_popular.json / "
                                     f"*pope_adversarial.json)")
            return keep_whole_groups(docs, ctx.limit)
        return synthetic_docs(ctx, splits)

    def image(self, doc):
        return load_image(doc)

    def prompt(self, doc):
        return doc["question"]

    def oracle(self, doc):
        return doc["target"].capitalize()

    def process(self, doc, output):
        parsed = pope_parse(output)
        return {"id": doc["id"], "prediction": output, "target": doc["target"],
                "correct": parsed == doc["target"], "parsed": parsed, "split": doc["split"],
                "image": doc.get("image"), "object": doc.get("object")}

    def aggregate(self, records):
        per = {}
        for s in SPLITS:
            rs = [r for r in records if r["split"] == s]
            if rs:
                per[s] = binary_metrics([r["parsed"] for r in rs], [r["target"] for r in rs])
                self._extra(per[s], rs)
        keys = [k for k in next(iter(per.values())) if k not in ("n", "tp", "fp", "tn", "fn")]
        avg = {k: float(np.mean([m[k] for m in per.values() if m.get(k) is not None]))
               for k in keys if any(m.get(k) is not None for m in per.values())}
        return {**avg, "n_questions": len(records), "splits": list(per), "per_split": per}

    def _extra(self, m: dict, records: list[dict]) -> None:
        """Hook for the P(yes) variant."""

    def plots(self, records, metrics, out):
        per = metrics["per_split"]
        names = ["accuracy", "precision", "recall", "f1", "yes_ratio"]
        return [grouped_bars(Path(out) / f"{self.name}.png", names,
                             {s: [per[s][k] for k in names] for s in per},
                             f"{self.name}: POPE metrics per split (yes = positive)", "value",
                             (0, 1.15))]


@register_task
class PopeSynthProb(PopeSynth):
    name = "pope-synth-prob"
    description = "pope-synth scored from P(yes) (yes if P >= 0.5); adds AUROC and mean P(yes)"
    output = "yes_no"
    parser = "P(yes) >= 0.5 -> yes"

    def oracle(self, doc):
        return 1.0 if doc["target"] == "yes" else 0.0

    def process(self, doc, output):
        p = float(output)
        parsed = "yes" if p >= 0.5 else "no"
        return {"id": doc["id"], "prediction": p, "target": doc["target"],
                "correct": parsed == doc["target"], "parsed": parsed, "p_yes": p,
                "split": doc["split"], "image": doc.get("image"), "object": doc.get("object")}

    def _extra(self, m, records):
        m["auroc"] = auroc([r["p_yes"] for r in records], [r["target"] for r in records])
        m["mean_p_yes"] = float(np.mean([r["p_yes"] for r in records]))
