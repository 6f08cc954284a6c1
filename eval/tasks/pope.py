"""POPE-style object hallucination probes on rendered scenes ("pope-synth", "pope-synth-prob").

POPE (Li et al., 2023) asks "Is there a <object> in the image?" for objects present (yes) and
absent (no), half and half, the absent ones drawn at random, among the most popular kinds, or
among the kinds that co-occur most with the image's objects (adversarial); 6 probes per image
and split. engines/builders/pope_synth.py makes the probes and says how.

Data: without ``--data``, ``n_images`` (default 100) scenes from the ``object_scene`` renderer,
seeded by ``--seed``, built by the pope-synth dataset builder into the task's work folder
(cached). ``--data DIR`` reads either a folder built by ``mm-data pope-synth`` or POPE's released
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
import re
from pathlib import Path

import numpy as np

from engines.builders.pope_synth import N_IMAGES, ROWS_PER_IMAGE, SPLITS, pope_synth_config
from eval.evalsets import built_rows, cached_rows, doc_image, groups_kept
from eval.plots import grouped_bars
from eval.task import Option, Task, TaskContext, register_task

IMAGE_SIZE = 336


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


# ----------------------------------------------------------------------------- data


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


def _doc(row: dict, size: int) -> dict:
    return {"id": row["id"], "split": row["split"], "image": row["image_id"],
            "group": row["image_id"], "object": row["object"], "question": row["question"],
            "target": row["answer"], "spec": row["spec"], "image_size": size,
            "image_bytes": row["image"]["bytes"]}


def synthetic_docs(ctx: TaskContext, splits: tuple[str, ...]) -> list[dict]:
    n = int(ctx.options.get("n_images", N_IMAGES))
    size = int(ctx.options.get("image_size", IMAGE_SIZE))
    if n < 1:
        raise ValueError(f"option n_images must be >= 1, got {n}")
    per_image = ROWS_PER_IMAGE // len(SPLITS) * len(splits)
    keep = groups_kept(ctx.limit, n, per_image)
    rows = cached_rows(pope_synth_config(n, ctx.seed, size, images=keep), ctx.work,
                       f"seed{ctx.seed}-n{n}-{size}px-{keep}images")
    return [_doc(r, size) for r in rows if r["split"] in splits]


@register_task
class PopeSynth(Task):
    name = "pope-synth"
    description = "POPE-style object probes on rendered scenes: acc, P, R, F1, yes-ratio per split"
    output = "generate"
    max_new_tokens = 16
    parser = "pope (first sentence has No/no/not -> no, else yes)"
    task_options = {"split": Option(str, "all", "random, popular, adversarial or all"),
                    "n_images": Option(int, N_IMAGES, "synthetic images"),
                    "image_size": Option(int, IMAGE_SIZE, "image side in pixels")}

    def group(self, doc):
        return doc.get("image") or doc["group"]  # a malformed line is a group of its own

    def stratum(self, doc):
        return doc["split"]

    def docs(self, ctx: TaskContext) -> list[dict]:
        splits = _splits(ctx)
        if ctx.data:
            folder = Path(ctx.data)
            rows = built_rows(folder, "pope-synth")
            if rows is not None:
                size = int(ctx.options.get("image_size", IMAGE_SIZE))
                docs = [_doc(r, size) for r in rows if r["split"] in splits]
            else:
                docs = _released(folder, splits)
                if docs is None:
                    raise ValueError(f"--data {folder}: not a POPE folder (expected a dataset "
                                     f"built by mm-data pope-synth, or POPE's released "
                                     f"*pope_random.json / *pope_popular.json / "
                                     f"*pope_adversarial.json)")
            return self.limit_docs(docs, ctx)
        return synthetic_docs(ctx, splits)

    def image(self, doc):
        return doc_image(doc)

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
