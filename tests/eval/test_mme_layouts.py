"""MME as released, and bad items in it: the subtask folders two levels down
(MME_Benchmark_release_version/MME_Benchmark/<subtask>), a txt that is not UTF-8, an image with
one question, an image over the pixel limit and a broken image in each layout. The official
result files mm-eval writes are scored by an independent transcription of MME's
eval_tool/calculation.py (process_result: consecutive lines paired per image, the first-4-
characters parse, acc and acc+ x 100) to the numbers in results.json."""
import io
import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from PIL import Image

from eval import mme
from eval.runner import evaluate
from eval.task import TaskContext, get_task
from mm.adapters import load_adapter

Q = "Please answer yes or no."


def _img(path, colour="white", size=(24, 16)):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path)


def _txt(path, lines):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(x + "\n" for x in lines), encoding="utf-8")


def _pair(stem):
    return [f"Is {stem} red? {Q}\tYes", f"Is {stem} blue? {Q}\tNo"]


def official_calculation(results_dir, task_names):
    """eval_tool/calculation.py's process_result for the given subtask files (sklearn's
    accuracy_score written out): {task: (acc, acc_plus, score)}."""
    out = {}
    for task_name in task_names:
        lines = open(results_dir / f"{task_name}.txt").readlines()
        chunks = [lines[i:i + 2] for i in range(0, len(lines), 2)]
        acc_plus_correct, gts, preds = 0, [], []
        for img_items in chunks:
            assert len(img_items) == 2
            img_correct = 0
            for item in img_items:
                img_name, question, gt_ans, pred_ans = item.split("\t")
                gt_ans, pred_ans = gt_ans.lower(), pred_ans.lower()
                assert gt_ans in ["yes", "no"]
                if pred_ans not in ["yes", "no"]:
                    head = pred_ans[:4]
                    pred_ans = "yes" if "yes" in head else "no" if "no" in head else "other"
                gts.append(gt_ans)
                preds.append(pred_ans)
                img_correct += gt_ans == pred_ans
            acc_plus_correct += img_correct == 2
        acc = sum(g == p for g, p in zip(gts, preds)) / len(gts)
        acc_plus = acc_plus_correct / len(chunks)
        out[task_name] = (acc, acc_plus, acc * 100 + acc_plus * 100)
    return out


@pytest.fixture
def nested(tmp_path):
    """existence (image and txt side by side) and artwork (images/ + questions_answers_YN/),
    two levels down; existence/0003 has one question, artwork/10004.txt is Latin-1."""
    root = tmp_path / "MME_Benchmark_release_version" / "MME_Benchmark"
    for stem in ("0001", "0002", "0003"):
        _img(root / "existence" / f"{stem}.png")
        _txt(root / "existence" / f"{stem}.txt", _pair(stem)[:1 if stem == "0003" else 2])
    for stem in ("10002", "10003", "10004"):
        _img(root / "artwork" / "images" / f"{stem}.jpg")
        _txt(root / "artwork" / "questions_answers_YN" / f"{stem}.txt", _pair(stem))
    (root / "artwork" / "questions_answers_YN" / "10004.txt").write_bytes(
        "Is this by Dürer? Please answer yes or no.\tYes\n".encode("latin-1"))
    (tmp_path / "MME_Benchmark_release_version" / "eval_tool").mkdir()
    return tmp_path, root


def _run(model, data, out):
    return evaluate(load_adapter(model, seed=3), ["mme"], out, TaskContext(data=str(data)),
                    batch_size=4, progress=False)["tasks"]["mme"]


def test_two_levels_down_loads(nested):
    top, root = nested
    ids = [q for q in mme.load_mme(top)]
    assert [(q.subtask, q.image, q.index) for q in ids if q.scored] == [
        ("existence", "0001.png", 0), ("existence", "0001.png", 1),
        ("existence", "0002.png", 0), ("existence", "0002.png", 1),
        ("artwork", "10002.jpg", 0), ("artwork", "10002.jpg", 1),
        ("artwork", "10003.jpg", 0), ("artwork", "10003.jpg", 1)]
    assert len(mme.load_mme(root)) == len(mme.load_mme(root.parent)) == len(ids) == 10


def test_bad_items_recorded_and_files_scored_as_calculation_py(nested, tmp_path):
    top, root = nested
    for model in ("builtin:oracle", "builtin:always-yes", "builtin:random"):
        out = tmp_path / model.split(":")[1]
        m = _run(model, top, out)
        assert (m["n_samples"], m["n_errors"]) == (10, 2)
        recs = {r["id"]: r for r in map(json.loads, (out / "samples_mme.jsonl")
                                        .read_text().splitlines())}
        assert recs["artwork/10004.jpg/0"]["error"] == (
            f"ValueError: {root / 'artwork' / 'questions_answers_YN' / '10004.txt'}: not UTF-8 "
            f"text (byte 12: invalid start byte)")
        assert recs["existence/0003.png/0"]["error"] == (
            f"ValueError: {root / 'existence' / '0003.txt'}:1: image 0003.png has 1 "
            f"question(s); MME asks two per image and the official tool pairs them")
        assert {s: (p["n_questions"], p["n_images"]) for s, p in m["per_subtask"].items()} == \
            {"existence": (4, 2), "artwork": (4, 2)}
        official = official_calculation(out / "mme_official", ["existence", "artwork"])
        ours = mme.score_mme_dir(out / "mme_official")
        for s, (acc, acc_plus, score) in official.items():
            for got in (m["per_subtask"][s], ours["per_subtask"][s]):
                assert (got["acc"], got["acc_plus"]) == pytest.approx((acc, acc_plus), abs=1e-9)
                assert got["score"] == pytest.approx(score, abs=1e-6)
        assert ours["total_score"] == pytest.approx(m["total_score"], abs=1e-6)
    assert m["total_score"] != 400  # the random model is not the oracle


def test_image_over_the_pixel_limit_and_broken_image(nested, tmp_path):
    top, root = nested
    Image.new("1", (8000, 6000)).save(root / "existence" / "0001.png")  # 48 MP, small file
    (root / "artwork" / "images" / "10002.jpg").write_bytes(b"\xff\xd8 truncated")
    m = _run("builtin:oracle", top, tmp_path / "o")
    assert (m["n_samples"], m["n_errors"]) == (10, 6)
    recs = {r["id"]: r for r in map(json.loads, (tmp_path / "o" / "samples_mme.jsonl")
                                    .read_text().splitlines())}
    assert recs["existence/0001.png/0"]["error"] == (
        f"ImageTooLarge: {root / 'existence' / '0001.png'}: 8000 x 6000 pixels is over the "
        f"limit of 40 megapixels")
    assert recs["artwork/10002.jpg/1"]["error"] == (
        f"ValueError: {root / 'artwork' / 'images' / '10002.jpg'}: not an image Pillow can read")
    assert m["per_subtask"]["existence"]["acc"] == 0.5  # the bad image's questions count wrong


def test_parquet_layout_bad_image_and_unpaired_question(tmp_path):
    def cell(size):
        buf = io.BytesIO()
        Image.new("1" if size[0] > 1000 else "RGB", size).save(buf, format="PNG")
        return {"bytes": buf.getvalue(), "path": None}

    rows = [{"question_id": f"OCR/{name}", "image": cell(size), "question": q,
             "answer": a, "category": "OCR"}
            for name, size, qs in (("a.png", (8, 8), (("q1", "Yes"), ("q2", "No"))),
                                   ("big.png", (8000, 6000), (("q3", "Yes"), ("q4", "No"))),
                                   ("lone.png", (8, 8), (("q5", "Yes"),)))
            for q, a in qs]
    (tmp_path / "data").mkdir()
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "data" / "test-0.parquet")
    docs = get_task("mme").docs(TaskContext(data=str(tmp_path)))
    assert docs[-1]["error"] == ("test-0.parquet:row 4: image lone.png has 1 question(s); MME "
                                 "asks two per image and the official tool pairs them")
    m = _run("builtin:oracle", tmp_path, tmp_path / "o")
    assert (m["n_samples"], m["n_errors"]) == (5, 3)
    assert (m["per_subtask"]["OCR"]["n_questions"], m["per_subtask"]["OCR"]["acc"]) == (4, 0.5)
    recs = {r["id"]: r for r in map(json.loads, (tmp_path / "o" / "samples_mme.jsonl")
                                    .read_text().splitlines())}
    assert "8000 x 6000 pixels is over the limit" in recs["OCR/big.png/0"]["error"]
