"""DynaMath: seed questions x variants; average-case, worst-case accuracy and RR per topic/level.

Prompt, judge and generation length are those of DynaMath's open-model evaluation script
(eval/dynamath.py): "## Question" layout, float instruction, answer guide and JSON example;
the official judge; ``max_new_tokens`` 2048 unless ``--gen-kwargs max_new_tokens=N`` says
otherwise (the script sets none). Every sample records both verdicts: ``correct`` (official)
and ``correct_lenient``. ``--task-options lenient=true`` adds the lenient judge's metrics as a
separate ``lenient`` block; the headline numbers are always the official ones.

Data: without ``--data`` the task generates our seeds' variants (10 each, seeded by ``--seed``).
``--data`` reads every release as released, told apart by its files and columns:

- a ``mm-data dynamath`` build (DIR/build.json; our columns id, seed_id, variant, ...);
- DynaMath's released rows (parquet or JSON: id, question, decoded_image or image,
  ground_truth, answer_type, subject, knowledge_level); the HF DynaMath_Sample splits
  (``sample_variantN-*.parquet`` or a ``sample_variantN/`` folder: the same ``id`` in every
  split, the variant is N);
- the VLMEvalKit TSV (index, qid, varid, image as base64, question, answer, answer_type,
  subject, knowledge_level);
- the lmms-eval repack (question_id per row, id per seed question; variants in file order);
- the folder DynaMath's generator writes (dataset.json keyed by question number + image/).

A file that lacks a column its layout needs is refused with one line naming the file and the
column. ``--limit`` keeps whole seed groups (worst-case accuracy stays meaningful), spread
over the topics.
``--task-options repeats=K`` asks every variant K times (use with sampling, e.g.
``--gen-kwargs do_sample=true,temperature=0.7``) and reports repetition consistency RC: how
often repeats 2..K give the short answer of repeat 1 (greedy decoding gives RC = 1).

    mm-eval run --model builtin:oracle --tasks dynamath --limit 50 --output-path runs/dm
"""
from __future__ import annotations

import base64
import binascii
import csv
import json
import re
from pathlib import Path

from eval import dynamath as dm
from eval.plots import grouped_bars
from eval.task import Option, Task, TaskContext, register_task

VARIANTS = 10

RELEASED = ("id", "question", "ground_truth", "answer_type")  # + an image column
VLMEVALKIT = ("index", "qid", "varid", "question", "answer", "answer_type", "image")
LMMS = ("question_id", "id", "question", "ground_truth", "answer_type")
GENERATOR = ("question", "answer", "answer_type", "image")
_SPLIT = re.compile(r"sample(?:_variant)?(\d+)(?:$|[-_./])")


def _missing(path: Path | str, row_keys, need) -> None:
    missing = [c for c in need if c not in row_keys]
    if missing:
        raise ValueError(f"{path}: missing column {missing[0]!r} (the DynaMath layout it "
                         f"resembles needs {', '.join(need)})")


def _doc(rid, sid, variant, row, image, question="question", truth="ground_truth",
         level="knowledge_level") -> dict:
    return {"id": str(rid), "seed_id": str(sid), "variant": int(variant),
            "question": str(row[question]), "image": image, "target": str(row[truth]),
            "answer_type": str(row["answer_type"]), "subject": str(row.get("subject") or ""),
            "knowledge_level": str(row.get(level) or ""),
            "irrelevant_clause": _clause_flag(row.get("params"))}


def _clause_flag(params) -> bool | None:
    """True / False: the variant of a clause seed carries an irrelevant clause or not; None:
    the row cannot say (another release, a seed without the kind, a build before it)."""
    if not isinstance(params, str) or "irrelevant_clause" not in params:
        return None
    try:
        p = json.loads(params)
    except ValueError:
        return None
    return bool(p["irrelevant_clause"]) if isinstance(p, dict) and "irrelevant_clause" in p \
        else None


def _check_types(path, docs: list[dict]) -> list[dict]:
    for d in docs:
        if d["answer_type"] not in dm.ANSWER_TYPES:
            raise ValueError(f"{path}: row {d['id']}: column 'answer_type': expected one of "
                             f"{', '.join(dm.ANSWER_TYPES)}, got {d['answer_type']!r}")
    return docs


def _image_cell(row: dict, base: Path):
    """The row's image as {"bytes"} or {"path"} (relative paths resolved against base)."""
    cell = row.get("decoded_image") if row.get("decoded_image") is not None else row.get("image")
    if isinstance(cell, dict):
        if cell.get("bytes"):
            return {"bytes": cell["bytes"]}
        cell = cell.get("path")
    if isinstance(cell, bytes):
        return {"bytes": cell}
    if isinstance(cell, str) and cell:
        return {"path": str(base / cell) if not Path(cell).is_absolute() else cell}
    return {}


def _read_table(f: Path) -> list[dict]:
    if f.suffix == ".parquet":
        import pyarrow.parquet as pq

        return pq.read_table(f).to_pylist()
    text = f.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError:  # JSON lines
        data = []
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    data.append(json.loads(line))
                except ValueError:
                    raise ValueError(f"{f}: line {n}: not JSON") from None
    if isinstance(data, dict):
        data = [data]
    if not all(isinstance(r, dict) for r in data):
        raise ValueError(f"{f}: expected rows (JSON objects)")
    return data


def load_ours(data: Path) -> list[dict]:
    """A ``mm-data dynamath`` build."""
    from engines.dataset import iter_rows

    docs = []
    for r in iter_rows(data):
        _missing(data, r, ("id", "seed_id", "variant", "question", "image", "ground_truth",
                           "answer_type"))
        docs.append(_doc(r["id"], r["seed_id"], r["variant"], r, _image_cell(r, data)))
    return docs


def load_released(files: list[Path]) -> list[dict]:
    """DynaMath's released rows; the HF split files give the variant by their name."""
    docs, seen = [], {}
    for f in files:
        split = _SPLIT.search(f.name) or _SPLIT.search(f.parent.name)
        for r in _read_table(f):
            _missing(f, r, RELEASED)
            if r.get("decoded_image") is None and r.get("image") is None:
                _missing(f, r, ("decoded_image",))
            rid = str(r["id"])
            if split:  # the same id in every split: the split names the variant
                sid, v = rid, int(split.group(1))
                rid = f"{rid}-v{v}"
            elif re.fullmatch(r".+-\d+", rid):  # ids like "Q12-3"
                sid, _, v = rid.rpartition("-")
                v = int(v)
            else:  # an id repeated once per variant (e.g. HF's sample_all): order of rows
                sid, v = rid, seen.get(rid, 0) + 1
                rid = f"{rid}-v{v}"
            seen[sid] = max(seen.get(sid, 0), v)
            docs.append(_doc(rid, sid, v, r, _image_cell(r, f.parent)))
    return docs


def load_vlmevalkit(files: list[Path]) -> list[dict]:
    """VLMEvalKit's DynaMath.tsv: index, qid, varid, base64 image (or the index of a row whose
    image it shares, as VLMEvalKit stores repeated images), answer."""
    csv.field_size_limit(1 << 30)  # base64 images are longer than csv's 128 KiB default
    docs = []
    for f in files:
        with open(f, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh, delimiter="\t"))
        if not rows:
            raise ValueError(f"{f}: no rows")
        _missing(f, rows[0], VLMEVALKIT)
        by_index = {str(r["index"]): r["image"] for r in rows}
        for r in rows:
            img = r["image"] or ""
            if len(img) <= 64 and img in by_index:
                img = by_index[img]
            docs.append(_doc(r["index"], r["qid"], r["varid"], r, {"b64": img},
                             truth="answer"))
    return docs


def load_lmms(files: list[Path]) -> list[dict]:
    """The lmms-eval repack: ``question_id`` names the row, ``id`` the seed question (its
    worst-case groups); the variants of a seed are numbered in file order."""
    docs, count = [], {}
    for f in files:
        for r in _read_table(f):
            _missing(f, r, LMMS)
            sid = str(r["id"])
            count[sid] = count.get(sid, 0) + 1
            docs.append(_doc(r["question_id"], sid, count[sid], r, _image_cell(r, f.parent)))
    return docs


def load_generator(path: Path) -> list[dict]:
    """The folder DynaMath's generate_json.py writes: dataset.json {"i": {question, answer,
    image, answer_type, subject, level}} and image/imageI.png (one variant of each seed)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected an object keyed by question number")
    docs = []
    for k, r in data.items():
        if not isinstance(r, dict):
            raise ValueError(f"{path}: key {k!r}: expected an object")
        _missing(path, r, GENERATOR)
        docs.append(_doc(k, k, 1, r, _image_cell(r, path.parent), truth="answer", level="level"))
    return docs


def _is_lmms(f: Path) -> bool:
    if f.suffix == ".parquet":
        import pyarrow.parquet as pq

        return "question_id" in pq.read_schema(f).names
    rows = _read_table(f)
    return bool(rows) and "question_id" in rows[0]


def load_docs(data: str) -> list[dict]:
    """The docs of a local DynaMath folder (or file), whatever release it is."""
    from eval.evalsets import read_config

    p = Path(data)
    if not p.exists():
        raise FileNotFoundError(f"{data}: no such folder or file")
    cfg = read_config(p) if p.is_dir() else None
    if cfg is not None:
        if cfg.get("kind") != "dynamath":
            raise ValueError(f"{p}: a {cfg.get('kind')} build, not a dynamath one")
        return _check_types(p, load_ours(p))
    if p.is_file():
        files = [p]
    else:
        files = sorted(p.glob("*.tsv")) or sorted(p.glob("data/*.parquet")) or \
            sorted(p.glob("*.parquet")) or sorted(p.glob("*/*.parquet")) or \
            sorted(p.glob("*.jsonl")) or sorted(q for q in p.glob("*.json")
                                                if q.name != "dataset.json")
        if not files and (p / "dataset.json").is_file():
            files = [p / "dataset.json"]
    if not files:
        raise FileNotFoundError(f"{data}: holds no DynaMath release (parquet, JSON, JSONL, "
                                "VLMEvalKit TSV or dataset.json)")
    if files[0].suffix == ".tsv":
        return _check_types(files[0], load_vlmevalkit(files))
    if files[0].name == "dataset.json":
        return _check_types(files[0], load_generator(files[0]))
    if files[0].suffix == ".parquet":
        import pyarrow.parquet as pq

        if {"seed_id", "variant"} <= set(pq.read_schema(files[0]).names):
            return _check_types(files[0].parent, load_ours(files[0].parent.parent
                                                           if files[0].parent.name == "data"
                                                           else files[0].parent))
    if _is_lmms(files[0]):
        return _check_types(files[0], load_lmms(files))
    return _check_types(files[0], load_released(files))


@register_task
class DynaMath(Task):
    name = "dynamath"
    description = "DynaMath-style variants: average / worst-case accuracy, RR per topic, level"
    output = "generate"
    max_new_tokens = dm.MAX_NEW_TOKENS
    prompt_suffix = dm.PROMPT_SUFFIX
    parser = "dynamath-official (opensource_json_eval.py)"
    lenient = False  # --task-options lenient=true: add the lenient metric block
    task_options = {"repeats": Option(int, 1, "ask every variant K times (for RC)", min=1),
                    "lenient": Option(bool, False, "add the lenient judge's metrics as a "
                                      "separate block")}

    def group(self, doc):
        return doc["seed_id"]

    def stratum(self, doc):
        return doc["subject"]

    def docs(self, ctx: TaskContext) -> list[dict]:
        # aggregate() gets the records alone: the option is kept from the docs() of this run
        self.lenient = self.task_options["lenient"].convert(ctx.options.get("lenient", False))
        if ctx.data:
            docs = load_docs(ctx.data)
        else:
            from engines.builders.dynamath import dynamath_config
            from engines.dataset import build_rows
            from engines.dynamath.seed import load_seeds

            found = load_seeds()
            # only the seeds --limit keeps, spread over the topics (as limit_docs would)
            seeds = sorted({d["seed_id"] for d in self.limit_docs(
                [{"seed_id": s, "subject": found[s].topic} for s in sorted(found)
                 for _ in range(VARIANTS)], ctx)})
            cfg = dynamath_config(seeds, VARIANTS, ctx.seed, chunk_size=64)
            docs = [_doc(r["id"], r["seed_id"], r["variant"], r, _image_cell(r, Path(".")))
                    for r in build_rows(cfg, ctx.work)]
        docs = self.limit_docs(docs, ctx)
        repeats = self.task_options["repeats"].convert(ctx.options.get("repeats", 1))
        if repeats > 1:  # repeat k of every variant after all of repeat k-1 (other batches)
            docs = [{**d, "id": f"{d['id']}#r{k}", "repeat": k} if k else d
                    for k in range(repeats) for d in docs]
        return docs

    def image(self, doc):
        from engines.images import open_image

        cell = doc["image"]
        if cell.get("bytes"):
            return open_image(cell["bytes"], str(doc["id"]))
        if cell.get("b64"):
            try:
                raw = base64.b64decode(cell["b64"], validate=True)
            except (binascii.Error, ValueError):
                raise ValueError(f"{doc['id']}: the image cell is not base64") from None
            return open_image(raw, str(doc["id"]))
        if cell.get("path"):
            return open_image(cell["path"])
        raise FileNotFoundError(f"{doc['id']}: the row has no image")

    def prompt(self, doc):
        return dm.official_prompt(doc["question"], doc["answer_type"])

    def oracle(self, doc):
        return json.dumps({"solution": "(oracle)", "short answer": doc["target"]})

    def process(self, doc, output):
        j = dm.judge(output, doc["target"], doc["answer_type"])
        lj = dm.judge_lenient(output, doc["target"], doc["answer_type"])
        return {"id": doc["id"], "seed_id": doc["seed_id"], "variant": doc["variant"],
                "repeat": doc.get("repeat", 0),
                "prediction": output, "target": doc["target"], "correct": j.correct,
                "parsed": j.parsed, "parser": j.parser,
                "correct_lenient": lj.correct, "parsed_lenient": lj.parsed,
                "parser_lenient": lj.parser, "answer_type": doc["answer_type"],
                "subject": doc["subject"], "knowledge_level": doc["knowledge_level"],
                "irrelevant_clause": doc.get("irrelevant_clause")}

    def aggregate(self, records):
        first = [r for r in records if r.get("repeat", 0) == 0]
        # verdicts judged again from the raw outputs: lines written by another judge (an
        # older version of this file) never reach the official numbers
        off = [dm.judge(r["prediction"], r["target"], r["answer_type"]) for r in first]
        m = dm.metrics(dm.records_from_samples(
            [{**r, "correct": j.correct} for r, j in zip(first, off)]))
        k = 1 + max((r.get("repeat", 0) for r in records), default=0)
        if k > 1:
            runs = [{r["id"].split("#r")[0]: str(r["parsed"]) for r in records
                     if r.get("repeat", 0) == i} for i in range(k)]
            m["repetition_consistency"] = dm.repetition_consistency(runs)
            m["repeats"] = k
        m["n_not_json"] = sum(j.parser == "last line" for j in off)
        if self.lenient:
            le = [dm.judge_lenient(r["prediction"], r["target"], r["answer_type"])
                  for r in first]
            m["lenient"] = dm.metrics(dm.records_from_samples(
                [{**r, "correct": j.correct} for r, j in zip(first, le)]))
            m["lenient"]["n_unparsable"] = sum(j.parser == "unparsable" for j in le)
            m["lenient"]["n_fallback_parsed"] = sum(j.parser == "fallback" for j in le)
        return m

    def plots(self, records, metrics, out):
        topics = list(metrics["per_topic"])
        return [grouped_bars(
            Path(out) / "dynamath_topics.png", topics,
            {"average": [metrics["per_topic"][t]["average"] for t in topics],
             "worst": [metrics["per_topic"][t]["worst"] for t in topics]},
            "DynaMath: average vs worst-case accuracy per topic", "accuracy", (0, 1))]
