"""DynaMath: seed questions x variants; average-case, worst-case accuracy and RR per topic/level.

Data: ``--data DIR`` is a dataset built by ``mm-data dynamath`` or a local folder in DynaMath's
released layout (parquet or JSON with id, question, decoded_image, ground_truth, answer_type,
subject, knowledge_level); without it the task generates our seeds' variants (10 each, seeded by
``--seed``). ``--limit`` keeps whole seed groups (worst-case accuracy stays meaningful), spread
over the topics. ``--task-options repeats=K`` asks every variant K times (use with sampling,
e.g. ``--gen-kwargs do_sample=true,temperature=0.7``) and reports repetition consistency RC: how
often repeats 2..K give the short answer of repeat 1 (greedy decoding gives RC = 1 by
construction).

    mm-eval run --model builtin:oracle --tasks dynamath --limit 50 --output-path runs/dm
"""
from __future__ import annotations

import json
from pathlib import Path

from eval import dynamath as dm
from eval.plots import grouped_bars
from eval.task import Option, Task, TaskContext, register_task

VARIANTS = 10


def _load_rows(data: str) -> list[dict]:
    import datasets

    p = Path(data)
    files = sorted(p.glob("data/*.parquet")) or sorted(p.glob("*.parquet")) or \
        sorted(p.glob("*.json")) + sorted(p.glob("*.jsonl"))
    if not files:
        raise FileNotFoundError(f"--data: {data} holds no parquet or JSON files")
    fmt = "parquet" if files[0].suffix == ".parquet" else "json"
    ds = datasets.load_dataset(fmt, data_files=[str(f) for f in files], split="train")
    return [ds[i] for i in range(len(ds))]


def _normalise(row: dict, k: int) -> dict:
    """Our columns, or DynaMath's released ones (decoded_image; seed from the id)."""
    sid = row.get("seed_id")
    variant = row.get("variant")
    rid = str(row.get("id", k))
    if sid is None:  # released layout: ids like "Q12-3" or numeric ids within seed groups
        sid, _, v = rid.rpartition("-") if "-" in rid else (rid, "", "0")
        variant = int(v) if v.isdigit() else 0
    return {"id": rid, "seed_id": str(sid), "variant": int(variant or 0),
            "question": row["question"], "image": row.get("image") or row.get("decoded_image"),
            "target": str(row["ground_truth"]), "answer_type": row["answer_type"],
            "subject": row.get("subject", ""), "knowledge_level": row.get("knowledge_level", "")}


@register_task
class DynaMath(Task):
    name = "dynamath"
    description = "DynaMath-style variants: average / worst-case accuracy, RR per topic, level"
    output = "generate"
    max_new_tokens = 256
    prompt_suffix = dm.PROMPT_SUFFIX
    parser = "dynamath-json+fallback"
    task_options = {"repeats": Option(int, 1, "ask every variant K times (for RC)")}

    def group(self, doc):
        return doc["seed_id"]

    def stratum(self, doc):
        return doc["subject"]

    def docs(self, ctx: TaskContext) -> list[dict]:
        if ctx.data:
            rows = _load_rows(ctx.data)
        else:
            from engines import dataset
            from engines.builders.dynamath import dynamath_config
            from engines.dynamath.seed import load_seeds

            found = load_seeds()
            # only the seeds --limit keeps, spread over the topics (as limit_docs would)
            seeds = sorted({d["seed_id"] for d in self.limit_docs(
                [{"seed_id": s, "subject": found[s].topic} for s in sorted(found)
                 for _ in range(VARIANTS)], ctx)})
            cfg = dynamath_config(seeds, VARIANTS, ctx.seed, chunk_size=64)
            dataset.build(cfg, ctx.work, progress=False)
            rows = list(dataset.load(ctx.work))
        docs = self.limit_docs([_normalise(r, k) for k, r in enumerate(rows)], ctx)
        repeats = int(ctx.options.get("repeats", 1))
        if repeats > 1:  # repeat k of every variant after all of repeat k-1 (other batches)
            docs = [{**d, "id": f"{d['id']}#r{k}", "repeat": k} if k else d
                    for k in range(repeats) for d in docs]
        return docs

    def prompt(self, doc):
        return doc["question"] + "\n" + self.prompt_suffix

    def oracle(self, doc):
        return json.dumps({"solution": "(oracle)", "short answer": doc["target"]})

    def process(self, doc, output):
        j = dm.judge(output, doc["target"], doc["answer_type"])
        return {"id": doc["id"], "seed_id": doc["seed_id"], "variant": doc["variant"],
                "repeat": doc.get("repeat", 0),
                "prediction": output, "target": doc["target"], "correct": j.correct,
                "parsed": j.parsed, "parser": j.parser, "answer_type": doc["answer_type"],
                "subject": doc["subject"], "knowledge_level": doc["knowledge_level"]}

    def aggregate(self, records):
        first = [r for r in records if r.get("repeat", 0) == 0]
        m = dm.metrics(dm.records_from_samples(first))
        k = 1 + max((r.get("repeat", 0) for r in records), default=0)
        if k > 1:
            runs = [{r["id"].split("#r")[0]: str(r["parsed"]) for r in records
                     if r.get("repeat", 0) == i} for i in range(k)]
            m["repetition_consistency"] = dm.repetition_consistency(runs)
            m["repeats"] = k
        m["n_unparsable"] = sum(r["parser"] == "unparsable" for r in records)
        m["n_fallback_parsed"] = sum(r["parser"] == "fallback" for r in records)
        return m

    def plots(self, records, metrics, out):
        topics = list(metrics["per_topic"])
        return [grouped_bars(
            Path(out) / "dynamath_topics.png", topics,
            {"average": [metrics["per_topic"][t]["average"] for t in topics],
             "worst": [metrics["per_topic"][t]["worst"] for t in topics]},
            "DynaMath: average vs worst-case accuracy per topic", "accuracy", (0, 1))]
