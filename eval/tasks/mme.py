"""MME (the released benchmark): paired yes/no questions, scored exactly as the official tool.

Data: ``--data DIR`` is a local MME copy (subtask folders as released, layout
``<subtask>/images`` + ``<subtask>/questions_answers_YN`` or image and txt side by side, or the
lmms-lab parquet; see eval/mme.py). The prompt is the released question, which already ends
with "Please answer yes or no."; the model generates a few tokens, read by the official rule
(first 4 characters). ``--limit`` keeps an image's two questions together and spreads the
images over the subtasks.

Errors keep the run going: a missing or unreadable image (or one over the pixel limit of
engines.images), and a malformed txt line, become a sample recorded with ``error``
(``image()`` raises, naming the file and line); such a question counts as wrong in acc and
acc+, as an unanswered line would in the official tool. A txt that is not UTF-8 and an image
with other than two questions are recorded the same way but left out of the counts (eval/mme.py
says why). The run also
writes the official tool's input files to ``OUT/mme_official/`` (score them with
``mm-eval score mme --dir OUT/mme_official`` or the tool itself).

    mm-eval run --model builtin:oracle --tasks mme --data ~/data/MME_Benchmark_release_version \
        --output-path runs/mme
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from eval import mme
from eval.plots import grouped_bars
from eval.task import Task, TaskContext, register_task


class PairedYesNo(Task):
    """What the MME tasks share: an image's two yes/no questions are one group and a subtask a
    stratum; answers are read and recounted by the official rules (eval/mme.py)."""

    output = "generate"
    max_new_tokens = 16
    parser = "mme-official (lowercase; exact yes/no, else first 4 characters)"

    def group(self, doc):
        return doc["image"]

    def stratum(self, doc):
        return doc["subtask"]

    def replicate(self, records):
        return mme.recount(records)

    def oracle(self, doc):
        return doc["target"]


def subtask_bars(path: Path, metrics: dict, title: str) -> str:
    """acc and acc+ (x100) of each subtask, side by side."""
    per = metrics["per_subtask"]
    subs = list(per)
    return grouped_bars(path, subs, {"acc x100": [100 * per[s]["acc"] for s in subs],
                                     "acc+ x100": [100 * per[s]["acc_plus"] for s in subs]},
                        title, "points", (0, 125))  # headroom for the legend


def _doc(q: mme.Question, order: int, per_image: Counter, per_sub: Counter,
         images: dict) -> dict:
    key = f"{q.subtask}/{q.image}"
    return {"id": f"{key}/{q.index}", "subtask": q.subtask, "category": mme.category(q.subtask),
            "image": key, "index": q.index, "question": q.question, "target": q.answer,
            "image_path": q.image_path, "image_bytes": q.image_bytes, "error": q.error,
            "source": q.source, "order": order, "image_questions": per_image[key],
            "subtask_questions": per_sub[q.subtask], "subtask_images": len(images[q.subtask])}


@register_task
class MME(PairedYesNo):
    name = "mme"
    description = "MME (released data): paired yes/no; acc, acc+, score per subtask and totals"

    def docs(self, ctx: TaskContext) -> list[dict]:
        if not ctx.data:
            raise ValueError("task mme needs --data: a local MME copy (subtask folders as "
                             "released); the synthetic stand-in is the task mme-synth")
        qs = mme.load_mme(ctx.data)
        keep = {d["id"] for d in self.limit_docs(
            [{"id": id(q), "image": f"{q.subtask}/{q.image}", "subtask": q.subtask}
             for q in qs], ctx)}
        qs = [q for q in qs if id(q) in keep]
        scored = [q for q in qs if q.scored]  # bad items outside the counts are not
        per_image = Counter(f"{q.subtask}/{q.image}" for q in scored)
        per_sub = Counter(q.subtask for q in scored)
        images: dict[str, set] = {s: set() for s in {q.subtask for q in qs}}
        for q in scored:
            images[q.subtask].add(q.image)
        return [_doc(q, k, per_image, per_sub, images) for k, q in enumerate(qs)]

    def image(self, doc):
        from engines.images import open_image

        if doc["error"]:
            raise ValueError(doc["error"])
        if doc["image_bytes"]:
            return open_image(doc["image_bytes"], f"{doc['source']}: {doc['image']}")
        if doc["image_path"] is None:
            raise FileNotFoundError(f"{doc['source']}: no image file for {doc['image']} "
                                    f"(looked for {'|'.join(mme.IMAGE_EXTS)})")
        return open_image(doc["image_path"])

    def prompt(self, doc):
        return doc["question"]

    def process(self, doc, output):
        return mme.judged_record(doc, output, extra=("order",))

    def aggregate(self, records):
        return mme.metrics_from_records(records)

    def plots(self, records, metrics, out):
        out = Path(out)
        mme.write_result_files(records, out / "mme_official")
        title = (f"MME: perception {metrics['perception_score']:.1f}, cognition "
                 f"{metrics['cognition_score']:.1f} (score = acc + acc+, x100)")
        return [subtask_bars(out / "mme_subtasks.png", metrics, title)]
