"""MME-style paired yes/no subtasks on rendered scenes and diagrams ("mme-synth").

MME gives every image exactly two questions, one answered yes and one answered no, and scores a
subtask by acc (questions right), acc+ (images with both right) and score = 100 * acc +
100 * acc+ (0..200). The official reading of an answer and the scoring come from
``eval/mme.py`` (lowercase; exactly yes/no, else the first 4 characters). The questions and
their subtasks (perception: existence, count, position, color, OCR; cognition:
numerical_calculation; diagrams: shape_type, function_family, graph_property) are made by
engines/builders/mme_synth.py.

Totals: perception_score (sum of the 5 perception subtasks, max 1000), cognition_score (max
200), diagram_score (max 600), total_score. Data: without ``--data``, ``n_images`` per subtask
(option, default 30) seeded by ``--seed``, built by the mme-synth dataset builder into the
task's work folder (cached); ``--data DIR`` reads a folder built by ``mm-data mme-synth``.
``--limit`` keeps an image's two questions together and takes images round-robin over the
subtasks.

    mm-eval run --model builtin:oracle --tasks mme-synth --limit 40 --output-path runs/mme
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from engines.builders.mme_synth import (N_IMAGES, SUBTASKS, SUFFIX, category,
                                       mme_synth_config)
from eval import mme
from eval.evalsets import built_rows, cached_rows, doc_image, groups_kept
from eval.task import IMAGE_SIDES, Option, TaskContext, register_task
from eval.tasks.mme import PairedYesNo, subtask_bars

IMAGE_SIZE = 336


def _doc(row: dict, size: int) -> dict:
    return {"id": row["id"], "subtask": row["subtask"], "category": row["category"],
            "image": row["image_id"], "group": row["image_id"], "question": row["question"],
            "target": row["answer"], "spec": row["spec"], "image_size": size,
            "image_bytes": row["image"]["bytes"]}


def synthetic_docs(ctx: TaskContext) -> list[dict]:
    n = int(ctx.options.get("n_images", N_IMAGES))
    size = int(ctx.options.get("image_size", IMAGE_SIZE))
    if n < 1:
        raise ValueError(f"option n_images must be >= 1, got {n}")
    keep = groups_kept(ctx.limit, len(SUBTASKS) * n, 2)
    rows = cached_rows(mme_synth_config(keep, ctx.seed, size), ctx.work,
                       f"seed{ctx.seed}-{size}px-{keep}images")
    return [_doc(r, size) for r in rows]


def _with_counts(docs: list[dict]) -> list[dict]:
    """Add what the scorer needs to count a question lost to an error as wrong."""
    per_image: dict[str, int] = defaultdict(int)
    per_sub: dict[str, int] = defaultdict(int)
    images: dict[str, set] = defaultdict(set)
    for d in docs:
        if d.get("subtask"):
            per_image[d["image"]] += 1
            per_sub[d["subtask"]] += 1
            images[d["subtask"]].add(d["image"])
    asked = {s: [per_sub[s], len(images[s])] for s in SUBTASKS if s in per_sub}
    for d in docs:
        if d.get("subtask"):
            d.update(image_questions=per_image[d["image"]],
                     subtask_questions=per_sub[d["subtask"]],
                     subtask_images=len(images[d["subtask"]]), asked=asked)
    return docs


def metrics(records: list[dict]) -> dict:
    """Per-subtask MME metrics (official rules, eval/mme.py) and the three totals."""
    groups: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    info: dict[str, tuple[int, int]] = {}
    need: dict[str, int] = {}
    for r in records:
        groups[r["subtask"]][r["image"]].append(
            mme.Answer(r["image"], r["target"].lower(), r["parsed"]))
        info[r["subtask"]] = (r["subtask_questions"], r["subtask_images"])
        need[r["image"]] = r["image_questions"]
    asked: dict = {}
    for r in records:
        asked.update(r.get("asked") or {})
    per = {}
    for s in SUBTASKS:
        if s in groups:
            imgs = list(groups[s])
            per[s] = mme.subtask_metrics([groups[s][k] for k in imgs], *info[s],
                                         sizes=[need[k] for k in imgs])
        elif s in asked:  # asked, but every question of it ended in an error
            per[s] = mme.subtask_metrics([], *asked[s])
    tot = {f"{c}_score": sum(m["score"] for s, m in per.items() if category(s) == c)
           for c in ("perception", "cognition", "diagram")}
    nq = sum(m["n_questions"] for m in per.values())
    right = sum(m["acc"] * m["n_questions"] for m in per.values())
    yes = sum(m["yes_ratio"] * m["n_questions"] for m in per.values())
    return {**tot, "total_score": sum(tot.values()), "acc": right / nq if nq else 0.0,
            "yes_ratio": yes / nq if nq else 0.0, "n_other": sum(m["n_other"]
                                                                 for m in per.values()),
            "per_subtask": per}


@register_task
class MMESynth(PairedYesNo):
    name = "mme-synth"
    description = "MME-style paired yes/no on rendered scenes and diagrams: acc, acc+, score"
    task_options = {"n_images": Option(int, N_IMAGES, "synthetic images per subtask", min=1),
                    "image_size": Option(int, IMAGE_SIZE, "image side in pixels",
                                         min=IMAGE_SIDES[0], max=IMAGE_SIDES[1])}

    def docs(self, ctx: TaskContext) -> list[dict]:
        if ctx.data:
            rows = built_rows(ctx.data, "mme-synth")
            if rows is None:
                raise ValueError(f"--data {ctx.data}: not an mme-synth folder (expected a "
                                 f"dataset built by mm-data mme-synth)")
            size = int(ctx.options.get("image_size", IMAGE_SIZE))
            return _with_counts(self.limit_docs([_doc(r, size) for r in rows], ctx))
        return _with_counts(synthetic_docs(ctx))

    def image(self, doc):
        return doc_image(doc)

    def prompt(self, doc):
        return doc["question"] + SUFFIX

    def process(self, doc, output):
        return mme.judged_record(doc, output, extra=("asked",))

    def aggregate(self, records):
        return metrics(records)

    def plots(self, records, metrics, out):
        title = (f"mme-synth: perception {metrics['perception_score']:.0f}, cognition "
                 f"{metrics['cognition_score']:.0f}, diagram {metrics['diagram_score']:.0f}")
        return [subtask_bars(Path(out) / "mme-synth.png", metrics, title)]
