"""mavis-heldout: MAVIS-Instruct problems the model was not trained on, MathVerse-style breakdown.

Data: ``--data DIR`` is a dataset built by ``mm-data mavis-instruct`` (DIR/data/*.parquet);
without it the task builds one with the data engine (kind "mavis-instruct", every problem in
its three versions) from seed ``--seed + MAVIS_HELDOUT_OFFSET`` (engines/dataset/streams.py),
so it shares no problem with training builds (whose seeds lie far below it). ``--limit``
keeps a problem's versions together, spread over the families.

The prompt is the row's question as trained (choices included for multiple choice); a rationale
is judged by engines/mavis/dpo.py's ``is_correct`` (reads the final "The answer is X"). Metrics:
accuracy overall, per version (text_dominant / text_lite / vision_dominant), per family and per
question type (each with its per-version columns), and the share of problems right in every
version. The oracle answers with the row's CoT, which ends with the answer.

Option ``blank_images=true`` shows every problem on a white picture of its image's size: what
the stage-3 image-blind twin (trained on white pictures, ``train.sft.blank_like``) sees, so the
twin's multiple-choice accuracy is measured on the same problems as the model's.

    mm-eval run --model builtin:oracle --tasks mavis-heldout --limit 60 --output-path runs/mh
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from PIL import Image

from engines import dataset
from engines.dataset.streams import MAVIS_HELDOUT_OFFSET
from engines.mavis.dpo import extract_answer, is_correct
from eval.evalsets import cached_rows, groups_kept
from eval.plots import grouped_bars
from eval.task import Option, Task, TaskContext, register_task

VERSIONS = ("text_dominant", "text_lite", "vision_dominant")
DEFAULT_PROBLEMS = 200
COLUMNS = ("id", "image", "question", "version", "question_type", "choices", "cot", "answer",
           "family")


def _read_rows(data: str) -> list[dict]:
    import pyarrow.parquet as pq

    p = Path(data)
    files = sorted(p.glob("data/*.parquet")) or sorted(p.glob("*.parquet"))
    if not files:
        raise ValueError(f"--data: {data} holds no parquet files (expected a mavis-instruct "
                         "dataset, DIR/data/*.parquet)")
    rows = []
    for f in files:
        t = pq.read_table(f)
        missing = [c for c in COLUMNS if c not in t.column_names]
        if missing:
            raise ValueError(f"{f}: not a mavis-instruct file (missing columns: "
                             f"{', '.join(missing)})")
        rows += t.to_pylist()
    return rows


def _build_rows(ctx: TaskContext) -> list[dict]:
    problems = groups_kept(ctx.limit, DEFAULT_PROBLEMS, len(VERSIONS))
    seed = ctx.seed + MAVIS_HELDOUT_OFFSET
    cfg = dataset.BuildConfig(kind="mavis-instruct", n=problems * len(VERSIONS), seed=seed,
                              chunk_size=64)
    # a folder per (seed, size): another --limit in the same output folder builds beside it;
    # without a work folder (a library call) the build goes to a temporary folder
    return cached_rows(cfg, ctx.work, f"seed{seed}-n{cfg.n}")


def _problem(row: dict) -> str:
    """The id shared by a problem's versions: the unit seed, else the id without its version."""
    if row.get("seed") is not None:
        return str(row["seed"])
    rid = str(row["id"])
    for v in VERSIONS:
        if rid.endswith("-" + v):
            return rid[: -len(v) - 1]
    return rid


def _acc(recs: list[dict]) -> float:
    return sum(r["correct"] for r in recs) / len(recs) if recs else 0.0


def _breakdown(recs: list[dict], key: str, versions: list[str]) -> dict:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in recs:
        groups[r[key]].append(r)
    out = {}
    for k, g in sorted(groups.items()):
        row = {"accuracy": _acc(g), "n": len(g)}
        for v in versions:
            gv = [r for r in g if r["version"] == v]
            row[v] = _acc(gv) if gv else None
        if all(r.get("choices") for r in g):  # options all: a blind guess's expected accuracy
            row["chance"] = sum(1 / len(r["choices"]) for r in g) / len(g)
        out[k] = row
    return out


def mavis_metrics(records: list[dict]) -> dict:
    """Accuracy overall / per version / per family / per question type, and the share of
    problems answered right in every version they were asked in."""
    versions = [v for v in VERSIONS if any(r["version"] == v for r in records)]
    by_problem: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        by_problem[r["problem"]].append(r["correct"])
    return {
        "accuracy": _acc(records),
        "all_versions_accuracy": (sum(all(v) for v in by_problem.values()) / len(by_problem)
                                  if by_problem else 0.0),
        "n_unparsed": sum(r["parsed"] is None for r in records),
        "per_version": {v: {"accuracy": _acc([r for r in records if r["version"] == v]),
                            "n": sum(r["version"] == v for r in records)} for v in versions},
        "per_family": _breakdown(records, "family", versions),
        "per_question_type": _breakdown(records, "question_type", versions),
    }


@register_task
class MavisHeldout(Task):
    name = "mavis-heldout"
    description = "held-out MAVIS-Instruct problems: accuracy per version, family, question type"
    output = "generate"
    max_new_tokens = 256
    parser = "mavis 'The answer is X' (engines.mavis.dpo.is_correct)"
    task_options = {"blank_images": Option(bool, False, "every picture white (the image-blind "
                                           "twin's view)")}

    def group(self, doc):
        return doc["problem"]

    def stratum(self, doc):
        return doc["family"]

    def docs(self, ctx: TaskContext) -> list[dict]:
        rows = _read_rows(ctx.data) if ctx.data else _build_rows(ctx)
        docs = [{"id": str(r["id"]), "problem": _problem(r), "image": r["image"],
                 "question": r["question"], "version": r["version"],
                 "question_type": r["question_type"], "choices": list(r["choices"] or []),
                 "cot": r["cot"], "target": str(r["answer"]), "family": r["family"]}
                for r in rows]
        if ctx.options.get("blank_images"):
            for d in docs:
                d["blank"] = True
        return self.limit_docs(docs, ctx, None if ctx.data else DEFAULT_PROBLEMS)

    def image(self, doc):
        from engines.images import open_image

        cell = doc["image"]
        if isinstance(cell, dict):
            if cell.get("bytes"):
                img = open_image(cell["bytes"], str(doc["id"]))
            elif cell.get("path") is None:
                raise FileNotFoundError(f"{doc['id']}: the row has no image")
            else:
                img = open_image(cell["path"])
        else:
            img = cell
        return Image.new("RGB", img.size, "white") if doc.get("blank") else img

    def prompt(self, doc):
        return doc["question"]

    def oracle(self, doc):
        return doc["cot"]

    def process(self, doc, output):
        return {"id": doc["id"], "prediction": output, "target": doc["target"],
                "correct": is_correct(output, doc["target"], doc["choices"]),
                "parsed": extract_answer(output), "problem": doc["problem"],
                "version": doc["version"], "family": doc["family"],
                "question_type": doc["question_type"], "choices": doc["choices"]}

    def aggregate(self, records):
        return mavis_metrics(records)

    def plots(self, records, metrics, out):
        fams = list(metrics["per_family"]) + ["all"]
        series = {v: [metrics["per_family"][f][v] or 0.0 for f in fams[:-1]] +
                  [metrics["per_version"][v]["accuracy"]] for v in metrics["per_version"]}
        return [grouped_bars(Path(out) / "mavis_heldout_versions.png", fams, series,
                             "MAVIS held-out: accuracy per family and version", "accuracy",
                             (0, 1.25))]  # headroom: the legend stays off bars at 1.0
