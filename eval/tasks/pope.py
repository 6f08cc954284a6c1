"""POPE object hallucination probes: POPE's released question files, or rendered scenes
("pope-synth", "pope-synth-prob").

POPE (Li et al., 2023) asks "Is there a <object> in the image?" for objects present (yes) and
absent (no), half and half, the absent ones drawn at random, among the most popular objects, or
among those that co-occur most with each present one (adversarial); 6 probes per image and
split. engines/builders/pope_synth.py samples them by POPE's rules.

Data: without ``--data``, ``n_images`` (default 100) scenes from the ``object_scene`` renderer,
seeded by ``--seed``, built by the pope-synth dataset builder into the task's work folder
(cached). ``--data DIR`` reads either a folder built by ``mm-data pope-synth`` or POPE's
question files as released (``DIR/*pope_random.json``, ``*pope_popular.json``,
``*pope_adversarial.json``, also ``.jsonl``: one JSON object per line with question_id, image,
text, label); their images are looked up in the folder given by the task option ``images``
(e.g. ``--task-options images=/data/coco/val2014``), else in DIR/images, DIR/val2014 or DIR.
A line that is not a JSON object, lacks one of those fields or has a label other than yes/no,
and an image that is missing, unreadable or over the pixel limit (engines.images), is recorded
as a bad sample naming the file (and line) and the run goes on; files with no usable line at
all fail in one line. Options (``ctx.options``): ``split`` (random | popular | adversarial |
all, default all: each reported separately), ``n_images``, ``image_size``, ``images``.
``--limit`` keeps whole images (all their probes in every split).

Scoring as POPE's evaluate.py: the answer cut at its first ".", commas dropped, split on single
spaces (so "No\\n" is one word that is not "No", and reads as yes); the word "No", "no" or
"not" -> no, else yes. Metrics per split, yes = positive: accuracy, precision, recall, F1,
yes-ratio; the top-level values average the splits. Where evaluate.py divides by zero (no yes
answer at all: precision; precision + recall = 0: F1) and stops, ours reports 0.

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
from eval.task import IMAGE_SIDES, Option, Task, TaskContext, register_task

IMAGE_SIZE = 336


# ----------------------------------------------------------------------------- parsing, metrics


def pope_parse(text: str | None) -> str:
    """POPE's reading of an answer: "no" if the text before its first "." has the word No, no
    or not among its single-space-separated words (commas removed), else "yes"."""
    t = (text or "").split(".", 1)[0]
    words = t.replace(",", "").split(" ")
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


FIELDS = ("question_id", "image", "text", "label")


def _question_files(folder: Path) -> dict[str, list[Path]]:
    return {s: sorted(folder.glob(f"*pope_{s}.json")) + sorted(folder.glob(f"*pope_{s}.jsonl"))
            for s in SPLITS}


def _parse_line(raw: bytes, where: str) -> dict:
    """One question line -> its fields; ValueError naming ``where`` (file:line) otherwise."""
    try:
        r = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(f"{where}: not UTF-8 text") from None
    except ValueError as e:
        raise ValueError(f"{where}: malformed line, not JSON ({e.args[0]})") from None
    if not isinstance(r, dict):
        raise ValueError(f"{where}: malformed line, expected a JSON object with "
                         f"{', '.join(FIELDS)}; got {type(r).__name__} {str(r)[:40]!r}")
    missing = [k for k in FIELDS if k not in r]
    if missing:
        raise ValueError(f"{where}: malformed line, lacks field(s) {', '.join(missing)}")
    if not isinstance(r["image"], str) or not isinstance(r["text"], str):
        raise ValueError(f"{where}: malformed line, image and text must be strings")
    if str(r["label"]).lower() not in ("yes", "no"):
        raise ValueError(f"{where}: label must be yes or no, got {r['label']!r}")
    return r


def _released(folder: Path, splits: tuple[str, ...], images: str | None) -> list[dict] | None:
    """POPE's released question files in ``folder`` (one JSON object per line), or None."""
    files = _question_files(folder)
    if not any(files.values()):
        return None
    if images is not None and not Path(images).is_dir():
        raise ValueError(f"option images={images}: no such folder")
    img_dirs = [Path(images)] if images is not None else \
        [folder / "images", folder / "val2014", folder]
    docs: list[dict] = []
    seen: dict[str, int] = {}
    for split in splits:
        for f in files[split]:
            for k, raw in enumerate(f.read_bytes().split(b"\n"), 1):
                if not raw.strip():
                    continue
                try:
                    r = _parse_line(raw, f"{f}:{k}")
                    qid = f"{split}/{f.name}/{r['question_id']}"
                    if qid in seen:
                        raise ValueError(f"{f}:{k}: question_id {r['question_id']!r} repeats "
                                         f"line {seen[qid]}")
                    seen[qid] = k
                except ValueError as e:
                    docs.append({"id": f"{split}/{f.name}:{k}", "split": split, "target": None,
                                 "group": f"bad-{f.name}-{k}", "error": str(e)})
                    continue
                img = r["image"]
                path = next((d / img for d in img_dirs if (d / img).is_file()), img_dirs[0] / img)
                m = re.match(r"Is there an? (.+?) in the image\?", r["text"])
                docs.append({"id": qid, "split": split,
                             "image": img, "group": img, "image_path": str(path),
                             "source": f"{f}:{k}", "object": m.group(1) if m else "",
                             "question": r["text"], "target": str(r["label"]).lower()})
    if not docs:
        raise ValueError(f"{folder}: no POPE file for split(s) {', '.join(splits)} "
                         f"(expected *pope_<split>.json)")
    if all(d.get("error") for d in docs):
        raise ValueError(f"{folder}: no usable line in the POPE files ({docs[0]['error']})")
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
    parser = "pope-official (before the first '.', no commas, split on spaces: No/no/not -> no)"
    task_options = {"split": Option(str, "all", "random, popular, adversarial or all"),
                    "n_images": Option(int, N_IMAGES, "synthetic images", min=1),
                    "image_size": Option(int, IMAGE_SIZE, "image side in pixels",
                                         min=IMAGE_SIDES[0], max=IMAGE_SIDES[1]),
                    "images": Option(str, "", "image folder of POPE's official question "
                                     "files (default DIR/images, DIR/val2014 or DIR)")}

    def group(self, doc):
        return doc.get("image") or doc.get("group") or doc["id"]  # a bad line: its own group

    def stratum(self, doc):
        return doc["split"]

    def validate_options(self, options: dict) -> None:
        _splits(TaskContext(options=options))

    def docs(self, ctx: TaskContext) -> list[dict]:
        splits = _splits(ctx)
        if ctx.data:
            folder = Path(ctx.data)
            rows = built_rows(folder, "pope-synth")
            if rows is not None:
                size = int(ctx.options.get("image_size", IMAGE_SIZE))
                docs = [_doc(r, size) for r in rows if r["split"] in splits]
            else:
                docs = _released(folder, splits, ctx.options.get("images") or None)
                if docs is None:
                    raise ValueError(f"--data {folder}: not a POPE folder (expected a dataset "
                                     f"built by mm-data pope-synth, or POPE's released "
                                     f"*pope_random.json / *pope_popular.json / "
                                     f"*pope_adversarial.json)")
            return self.limit_docs(docs, ctx)
        return synthetic_docs(ctx, splits)

    def image(self, doc):
        if doc.get("image_path") and not doc.get("image_bytes"):
            try:  # the file and line the probe came from, beside the image's own path
                return doc_image(doc)
            except (OSError, ValueError) as e:
                raise type(e)(f"{doc['source']}: {e}") from None
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
