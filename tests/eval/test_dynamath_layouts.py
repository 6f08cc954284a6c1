"""Every DynaMath release read as released: our build, DynaMath's rows, the HF DynaMath_Sample
splits, the VLMEvalKit TSV, the lmms-eval repack and the generator's folder; each fixture is
built here in the layout its official code describes (2 seed questions x 3 variants, 8 px
images whose colour encodes the row), and each layout missing a column is one line naming the
file and the column.

    pytest tests/eval/test_dynamath_layouts.py -q
"""
import base64
import csv
import io
import json

import pytest
from PIL import Image

from eval.tasks.dynamath import load_docs

SEEDS, VARIANTS = ("1", "2"), (1, 2, 3)
TYPES = {"1": ("float", "2.5"), "2": ("multiple choice", "F")}


def png(seed: str, variant: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (int(seed) * 40, variant * 50, 7)).save(buf, "PNG")
    return buf.getvalue()


def colour(img) -> tuple:
    return img.convert("RGB").getpixel((0, 0))


def rows(variant: int) -> list[dict]:
    """One HF split: DynaMath_Sample's columns, the same id in every split."""
    return [{"id": s, "question": f"seed {s} variant {variant}?", "image": f"images/{s}.png",
             "decoded_image": {"bytes": png(s, variant), "path": None},
             "ground_truth": TYPES[s][1], "answer_type": TYPES[s][0],
             "subject": "algebra", "knowledge_level": "high school"} for s in SEEDS]


def write_parquet(path, data: list[dict], drop=()) -> None:
    import datasets

    feats = {"id": datasets.Value("string"), "question": datasets.Value("string"),
             "image": datasets.Value("string"), "decoded_image": datasets.Image(),
             "ground_truth": datasets.Value("string"), "answer_type": datasets.Value("string"),
             "subject": datasets.Value("string"), "knowledge_level": datasets.Value("string"),
             "question_id": datasets.Value("string")}
    cols = [c for c in data[0] if c not in drop]
    ds = datasets.Dataset.from_list([{c: r[c] for c in cols} for r in data],
                                    features=datasets.Features({c: feats[c] for c in cols}))
    path.parent.mkdir(parents=True, exist_ok=True)
    ds.to_parquet(str(path))


def check(docs, task=None):
    from eval.tasks.dynamath import DynaMath

    task = task or DynaMath()
    assert len(docs) == 6 and len({d["id"] for d in docs}) == 6
    assert {(d["seed_id"], d["variant"]) for d in docs} == {(s, v) for s in SEEDS
                                                            for v in VARIANTS}
    for d in docs:
        s, v = d["seed_id"], d["variant"]
        assert d["question"] == f"seed {s} variant {v}?"
        assert (d["answer_type"], d["target"]) == TYPES[s]
        assert colour(task.image(d)) == (int(s) * 40, v * 50, 7)
        assert task.prompt(d).startswith(f"## Question\nseed {s} variant {v}?")


def hf_splits(root, drop=()):
    for v in VARIANTS:
        write_parquet(root / "data" / f"sample_variant{v}-00000-of-00001.parquet", rows(v), drop)
    return root


def test_hf_split_layout(tmp_path):
    check(load_docs(str(hf_splits(tmp_path / "hf"))))


def test_hf_parquet_converter_layout(tmp_path):
    for v in VARIANTS:  # refs/convert/parquet: default/sample_variantN/0000.parquet
        write_parquet(tmp_path / "default" / f"sample_variant{v}" / "0000.parquet", rows(v))
    check(load_docs(str(tmp_path / "default")))


def test_released_rows_with_variant_ids(tmp_path):
    data = [{**r, "id": f"{r['id']}-{v}"} for v in VARIANTS for r in rows(v)]
    write_parquet(tmp_path / "rel" / "dynamath.parquet", data)
    check(load_docs(str(tmp_path / "rel")))


def test_released_rows_in_one_split_of_repeated_ids(tmp_path):
    # HF's sample_all: 10 x 501 rows, every id once per variant, variants in order
    write_parquet(tmp_path / "all" / "sample_all-00000-of-00001.parquet",
                  [r for v in VARIANTS for r in rows(v)])
    check(load_docs(str(tmp_path / "all")))


def test_released_json_with_image_paths(tmp_path):
    root = tmp_path / "json"
    (root / "images").mkdir(parents=True)
    lines = []
    for v in VARIANTS:
        for r in rows(v):
            name = f"images/{r['id']}_{v}.png"
            (root / name).write_bytes(png(r["id"], v))
            lines.append(json.dumps({**{k: r[k] for k in r if k != "decoded_image"},
                                     "id": f"{r['id']}-{v}", "image": name}))
    (root / "dynamath.jsonl").write_text("\n".join(lines) + "\n")
    check(load_docs(str(root)))


def vlmevalkit_tsv(path, drop=()):
    """VLMEvalKit's DynaMath.tsv: index, qid, varid (from 1), base64 image, answer; the last
    row stores the index of a row with the same image, as VLMEvalKit does for repeats."""
    head = ["index", "qid", "varid", "image", "question", "answer", "answer_type", "subject",
            "knowledge_level"]
    out, i = [], 0
    for v in VARIANTS:
        for r in rows(v):
            out.append({"index": str(i), "qid": r["id"], "varid": str(v),
                        "image": base64.b64encode(png(r["id"], v)).decode(),
                        "question": r["question"], "answer": r["ground_truth"],
                        "answer_type": r["answer_type"], "subject": r["subject"],
                        "knowledge_level": r["knowledge_level"]})
            i += 1
    out.append({**out[0], "index": str(i), "varid": "4", "image": "0",
                "question": "seed 1 variant 4?"})
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, [h for h in head if h not in drop], delimiter="\t",
                           extrasaction="ignore")
        w.writeheader()
        w.writerows(out)
    return path


def test_vlmevalkit_tsv(tmp_path):
    from eval.tasks.dynamath import DynaMath

    docs = load_docs(str(vlmevalkit_tsv(tmp_path / "DynaMath.tsv")))
    check(docs[:-1])
    last = docs[-1]
    assert (last["seed_id"], last["variant"], last["id"]) == ("1", 4, "6")
    assert colour(DynaMath().image(last)) == (40, 50, 7)  # the image of index 0


def lmms(path, drop=()):
    """lmms-eval's repack: question_id names the row, id the seed question (its worst-case
    groups), variants in file order."""
    data = [{**r, "question_id": f"{r['id']}_{v}"} for v in VARIANTS for r in rows(v)]
    write_parquet(path, data, drop)
    return path


def test_lmms_eval_repack(tmp_path):
    docs = load_docs(str(lmms(tmp_path / "lmms" / "test-00000-of-00001.parquet").parent))
    check(docs)
    assert sorted(d["id"] for d in docs) == ["1_1", "1_2", "1_3", "2_1", "2_2", "2_3"]


def generator_folder(root, drop=()):
    """What DynaMath's generate_json.py writes: dataset.json keyed by question number
    (question, answer, image, answer_type, subject, level) and image/imageI.png."""
    (root / "image").mkdir(parents=True)
    data = {}
    for s in SEEDS:
        (root / "image" / f"image{s}.png").write_bytes(png(s, 1))
        data[s] = {k: v for k, v in {
            "question": f"seed {s} variant 1?", "answer": TYPES[s][1],
            "image": f"image/image{s}.png", "answer_type": TYPES[s][0], "subject": "algebra",
            "level": "high school"}.items() if k not in drop}
    (root / "dataset.json").write_text(json.dumps(data, indent=4))
    return root


def test_generator_folder(tmp_path):
    from eval.tasks.dynamath import DynaMath

    docs = load_docs(str(generator_folder(tmp_path / "dataset")))
    assert [(d["seed_id"], d["variant"], d["target"]) for d in docs] == [("1", 1, "2.5"),
                                                                         ("2", 1, "F")]
    assert colour(DynaMath().image(docs[1])) == (80, 50, 7)
    assert docs[0]["knowledge_level"] == "high school"


def test_our_build(tmp_path):
    from engines.builders.dynamath import dynamath_config
    from engines.dataset import build
    from engines.dynamath.seed import load_seeds

    seeds = sorted(load_seeds())[:2]
    build(dynamath_config(seeds, 3, 0, image_size=48, chunk_size=64), tmp_path / "ours",
          progress=False)
    docs = load_docs(str(tmp_path / "ours"))
    assert [(d["seed_id"], d["variant"]) for d in docs] == [(s, v) for s in seeds
                                                            for v in range(3)]
    from eval.tasks.dynamath import DynaMath
    assert DynaMath().image(docs[0]).size == (48, 48)


@pytest.mark.parametrize("make,column", [
    (lambda p: hf_splits(p, drop=("answer_type",)), "answer_type"),
    (lambda p: hf_splits(p, drop=("image", "decoded_image")), "decoded_image"),
    (lambda p: vlmevalkit_tsv(p / "DynaMath.tsv", drop=("varid",)), "varid"),
    (lambda p: lmms(p / "test.parquet", drop=("ground_truth",)).parent, "ground_truth"),
    (lambda p: generator_folder(p, drop=("answer",)), "answer"),
])
def test_missing_column_is_one_line_naming_file_and_column(tmp_path, make, column, run_cli):
    from eval.cli import main

    root = make(tmp_path / "d")
    with pytest.raises(ValueError, match=f"missing column '{column}'"):
        load_docs(str(root))
    r = run_cli(main, "run", "--model", "builtin:oracle", "--tasks", "dynamath", "--data",
                str(root), "--output-path", str(tmp_path / "out"), "--no-progress")
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "--data" in r.stderr and f"missing column '{column}'" in r.stderr
    assert str(tmp_path / "d") in r.stderr  # names the file


def test_hf_splits_evaluate_end_to_end(tmp_path):
    from eval.runner import evaluate
    from eval.task import TaskContext
    from mm.adapters import load_adapter

    root = hf_splits(tmp_path / "hf")
    m = evaluate(load_adapter("builtin:oracle"), ["dynamath"], tmp_path / "out",
                 TaskContext(data=str(root)), progress=False)["tasks"]["dynamath"]
    assert (m["average"], m["worst"], m["n_seeds"], m["n_samples"]) == (1.0, 1.0, 2, 6)
