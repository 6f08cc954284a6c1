"""MME: the official scoring rules (tricky responses), acc / acc+ / score against hand-computed
values, both released folder layouts and the lmms-lab parquet on a generated mini-MME, --limit
keeping pairs whole, bad data recorded as errors, and the official result files round trip."""
import json

import pytest
from PIL import Image

from eval import mme
from eval.runner import evaluate
from eval.task import TaskContext, get_task
from mm.adapters import load_adapter

Q = "Please answer yes or no."


def _img(path, colour):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (24, 16), colour).save(path)


def _txt(path, lines):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(x + "\n" for x in lines), encoding="utf-8")


@pytest.fixture
def mini_mme(tmp_path):
    """existence and code_reasoning side by side (layout b), artwork with images/ and
    questions_answers_YN/ (layout a); two images each, two questions per image."""
    root = tmp_path / "MME"
    for stem, ext, col in (("0001", "png", "red"), ("0002", "jpg", "blue")):
        _img(root / "existence" / f"{stem}.{ext}", col)
        _txt(root / "existence" / f"{stem}.txt",
             [f"Is there a {col} patch in this image? {Q}\tYes",
              f"Is there a green patch in this image? {Q}\tNo"])
    for stem in ("10002", "10003"):
        _img(root / "artwork" / "images" / f"{stem}.jpg", "white")
        _txt(root / "artwork" / "questions_answers_YN" / f"{stem}.txt",
             [f"Is this artwork created by Monet? {Q}\tNo",
              f"Is this artwork blank? {Q}\tYes"])
    for stem in ("0001", "0002"):
        _img(root / "code_reasoning" / f"{stem}.png", "gray")
        _txt(root / "code_reasoning" / f"{stem}.txt",
             [f"Will this code print 3? {Q}\tYes", f"Will this code print 4? {Q}\tNo"])
    (root / "eval_tool").mkdir()  # other folders of the release are ignored
    return root


# ----------------------------------------------------------------------------- rules


@pytest.mark.parametrize("response,label", [
    ("Yes", "yes"), ("no", "no"), ("NO", "no"), ("Not sure", "no"),
    ("The answer is yes", "other"), ("**Yes**", "other"), ("**No**", "no"), (" Yes", "yes"),
    ("nope", "no"),
    ("Yes, there is a dog.", "yes"), ("No.", "no"), ("I think so", "other"),
    ("unknown", "other"), ("", "other"), (None, "other"), ("yes\n", "yes"),
])
def test_parse_pred_official_rule(response, label):
    assert mme.parse_pred(response) == label


def test_subtask_metrics_hand_computed():
    A = mme.Answer
    groups = [[A("a", "yes", "yes"), A("a", "no", "no")],      # both right
              [A("b", "yes", "yes"), A("b", "no", "yes")],     # one right
              [A("c", "yes", "other"), A("c", "no", "no")]]    # one right, one other
    m = mme.subtask_metrics(groups)
    assert m["acc"] == pytest.approx(4 / 6)
    assert m["acc_plus"] == pytest.approx(1 / 3)
    assert m["score"] == pytest.approx(100 * 4 / 6 + 100 / 3)
    assert (m["n_questions"], m["n_images"], m["n_other"]) == (6, 3, 1)
    assert m["yes_ratio"] == pytest.approx(3 / 6)
    # one lost question of image c (asked 2, answered 1) and a whole lost image d
    lost = mme.subtask_metrics([groups[0], groups[1], groups[2][1:]], n_questions=8,
                               n_images=4, sizes=[2, 2, 2])
    assert lost["acc"] == pytest.approx(4 / 8) and lost["acc_plus"] == pytest.approx(1 / 4)


def test_totals_sum_perception_and_cognition():
    per = {"existence": {"score": 150.0, "n_questions": 4, "yes_ratio": 0.5},
           "OCR": {"score": 100.0, "n_questions": 2, "yes_ratio": 1.0},
           "code_reasoning": {"score": 57.5, "n_questions": 2, "yes_ratio": 0.0}}
    t = mme.totals(per)
    assert (t["perception_score"], t["cognition_score"], t["total_score"]) == \
        (250.0, 57.5, 307.5)
    assert t["yes_ratio"] == pytest.approx(4 / 8)
    assert len(t["missing_subtasks"]) == 11 and "OCR" not in t["missing_subtasks"]


# ----------------------------------------------------------------------------- result files


def test_score_mme_dir_hand_computed(tmp_path):
    _txt(tmp_path / "existence.txt", [
        "1.png\tIs there a dog?\tYes\tYes", "1.png\tIs there a cat?\tNo\tNot sure",
        "2.png\tIs there a car?\tYes\tThe answer is yes", "2.png\tIs there a bus?\tNo\tno",
        "3.png\tIs it red?\tYes\t Yes", "3.png\tIs it blue?\tNo\t**No**"])
    _txt(tmp_path / "code_reasoning.txt", [
        "a.png\tDoes it print 1?\tYes\tnope", "a.png\tDoes it print 2?\tNo\tNo"])
    r = mme.score_mme_dir(tmp_path)
    ex = r["per_subtask"]["existence"]
    # right: all but q3 ("**No**" reads "**no" -> no); both right: images 1 and 3
    assert ex["acc"] == pytest.approx(5 / 6) and ex["acc_plus"] == pytest.approx(2 / 3)
    assert ex["n_other"] == 1
    cr = r["per_subtask"]["code_reasoning"]
    assert (cr["acc"], cr["acc_plus"], cr["score"]) == (0.5, 0.0, 50.0)
    assert r["perception_score"] == pytest.approx(100 * 5 / 6 + 100 * 2 / 3)
    assert r["cognition_score"] == 50.0
    assert r["total_score"] == pytest.approx(r["perception_score"] + 50.0)
    assert "OCR" in r["missing_subtasks"] and "existence" not in r["missing_subtasks"]


@pytest.mark.parametrize("lines,msg", [
    (["1.png\tq?\tYes\tYes"], "no partner"),
    (["1.png\tq?\tYes", "1.png\tq2?\tNo\tNo"], "color.txt:1: expected"),
    (["1.png\tq?\tYes\tYes", "1.png\tq2?\tMaybe\tNo"], "color.txt:2: ground truth"),
])
def test_score_mme_dir_bad_files(tmp_path, lines, msg):
    _txt(tmp_path / "color.txt", lines)
    with pytest.raises(ValueError, match=msg):
        mme.score_mme_dir(tmp_path)


def test_write_result_files_keeps_one_line_per_question(tmp_path):
    base = {"subtask": "OCR", "image": "OCR/1.png", "image_questions": 2}
    recs = [{**base, "order": 1, "question": "Is it 2?", "target": "No",
             "prediction": "No,\tit\r\nis 3\u2028really"},
            {**base, "order": 0, "question": "Is it 3?", "target": "Yes",
             "prediction": "yes\n"},
            {**base, "image": "OCR/2.png", "order": 2, "question": "Lost pair?",
             "target": "Yes", "prediction": "Yes"}]  # its partner ended in an error
    mme.write_result_files(recs, tmp_path)
    assert (tmp_path / "OCR.txt").read_text().split("\n") == [
        "1.png\tIs it 3?\tYes\tyes ", "1.png\tIs it 2?\tNo\tNo, it  is 3\u2028really", ""]
    r = mme.score_mme_dir(tmp_path)["per_subtask"]["OCR"]
    assert (r["acc"], r["acc_plus"], r["score"]) == (1.0, 1.0, 200.0)


def test_score_mme_dir_without_result_files(tmp_path):
    with pytest.raises(ValueError, match="none of the MME result files"):
        mme.score_mme_dir(tmp_path)


# ----------------------------------------------------------------------------- loading


def test_both_layouts_load_in_official_order(mini_mme):
    task = get_task("mme")
    docs = task.docs(TaskContext(data=str(mini_mme)))
    assert [d["id"] for d in docs] == [
        "existence/0001.png/0", "existence/0001.png/1", "existence/0002.jpg/0",
        "existence/0002.jpg/1", "artwork/10002.jpg/0", "artwork/10002.jpg/1",
        "artwork/10003.jpg/0", "artwork/10003.jpg/1", "code_reasoning/0001.png/0",
        "code_reasoning/0001.png/1", "code_reasoning/0002.png/0", "code_reasoning/0002.png/1"]
    assert [d["target"] for d in docs[:4]] == ["Yes", "No", "Yes", "No"]
    assert task.prompt(docs[0]) == f"Is there a red patch in this image? {Q}"
    assert task.oracle(docs[1]) == "No"
    assert {d["category"] for d in docs[8:]} == {"cognition"}
    assert task.image(docs[4]).size == (24, 16)
    assert task.image(docs[2]).getpixel((0, 0))[2] > 200  # the blue jpg


def test_limit_keeps_pairs_whole_round_robin(mini_mme):
    docs = get_task("mme").docs(TaskContext(data=str(mini_mme), limit=7))
    # round-robin: one image of each of existence, artwork, code_reasoning (6 questions, in
    # the official order); a 4th pair would pass 7
    assert [d["subtask"] for d in docs] == ["existence"] * 2 + ["artwork"] * 2 + \
        ["code_reasoning"] * 2
    assert [d["index"] for d in docs] == [0, 1] * 3
    assert len({d["image"] for d in docs}) == 3
    assert len(get_task("mme").docs(TaskContext(data=str(mini_mme), limit=1))) == 2


def test_release_wrapper_folder_and_wrong_layout(mini_mme, tmp_path):
    (mini_mme.parent / "0_junk" / "pictures").mkdir(parents=True)
    assert len(mme.load_mme(mini_mme.parent)) == 12  # a folder holding the subtask folders
    empty = tmp_path / "notmme"
    (empty / "pictures").mkdir(parents=True)
    with pytest.raises(ValueError, match="no MME subtask folders"):
        mme.load_mme(empty)
    (empty / "color").mkdir()
    _img(empty / "color" / "0001.png", "red")  # an image and no questions
    with pytest.raises(ValueError, match="color: not an MME subtask folder"):
        mme.load_mme(empty)
    with pytest.raises(ValueError, match="needs --data"):
        get_task("mme").docs(TaskContext())


def test_lmms_lab_parquet_layout(tmp_path):
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq

    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buf, format="PNG")
    img = {"bytes": buf.getvalue(), "path": None}
    rows = [{"question_id": "code_reasoning/0020.png", "image": img, "question": "q1?",
             "answer": "Yes", "category": "code_reasoning"},
            {"question_id": "code_reasoning/0020.png", "image": img, "question": "q2?",
             "answer": "No", "category": "code_reasoning"}]
    (tmp_path / "data").mkdir()
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "data" / "test-0.parquet")
    task = get_task("mme")
    docs = task.docs(TaskContext(data=str(tmp_path)))
    assert [(d["id"], d["target"]) for d in docs] == [("code_reasoning/0020.png/0", "Yes"),
                                                      ("code_reasoning/0020.png/1", "No")]
    assert task.image(docs[0]).size == (8, 8)


# ----------------------------------------------------------------------------- runs


def _run(model, data, out, **kw):
    return evaluate(load_adapter(model, seed=kw.pop("seed", 0)), ["mme"], out,
                    TaskContext(data=str(data), **kw), batch_size=4, progress=False)["tasks"]["mme"]


def test_reference_models_and_official_files_round_trip(mini_mme, tmp_path):
    o = _run("builtin:oracle", mini_mme, tmp_path / "o")
    assert {s: m["score"] for s, m in o["per_subtask"].items()} == \
        {"existence": 200.0, "artwork": 200.0, "code_reasoning": 200.0}
    assert (o["perception_score"], o["cognition_score"], o["total_score"]) == (400, 200, 600)
    y = _run("builtin:always-yes", mini_mme, tmp_path / "y")
    assert y["yes_ratio"] == 1.0 and y["total_score"] == 150.0  # acc 0.5, acc+ 0 everywhere
    assert all(m["acc"] == 0.5 and m["acc_plus"] == 0 for m in y["per_subtask"].values())
    for run in ("o", "y"):
        res = json.loads((tmp_path / run / "results.json").read_text())["tasks"]["mme"]
        back = mme.score_mme_dir(tmp_path / run / "mme_official")
        assert back["per_subtask"] == res["per_subtask"]
        assert back["total_score"] == res["total_score"]
    line = (tmp_path / "o" / "mme_official" / "existence.txt").read_text().splitlines()[0]
    assert line == f"0001.png\tIs there a red patch in this image? {Q}\tYes\tYes"
    assert (tmp_path / "o" / "mme_subtasks.png").stat().st_size > 1000


def test_random_model_matches_its_own_answers(mini_mme, tmp_path):
    r = _run("builtin:random", mini_mme, tmp_path / "r", seed=5)
    recs = [json.loads(x) for x in (tmp_path / "r" / "samples_mme.jsonl").read_text().split("\n")
            if x]
    right = sum(x["correct"] for x in recs)
    both = sum(all(x["correct"] for x in recs if x["image"] == im)
               for im in {x["image"] for x in recs})
    assert r["total_score"] == pytest.approx(100 * right / 4 + 100 * both / 2)  # 3 x (4 q, 2 im)


def test_missing_image_and_malformed_line_are_errors_counted_wrong(mini_mme, tmp_path):
    (mini_mme / "existence" / "0002.jpg").unlink()
    _txt(mini_mme / "artwork" / "questions_answers_YN" / "10003.txt",
         [f"Is this artwork created by Monet? {Q}\tNo", "a line with no tab"])
    m = _run("builtin:oracle", mini_mme, tmp_path / "e")
    assert (m["n_samples"], m["n_errors"]) == (12, 3)
    recs = {json.loads(x)["id"]: json.loads(x) for x in
            (tmp_path / "e" / "samples_mme.jsonl").read_text().splitlines()}
    assert "FileNotFoundError" in recs["existence/0002/0"]["error"]
    assert "10003.txt:2: malformed line" in recs["artwork/10003.jpg/1"]["error"]
    # existence: 2 of 4 right, 1 of 2 images; artwork: 3 of 4 right, 1 of 2 images
    assert m["per_subtask"]["existence"]["score"] == pytest.approx(50 + 50)
    assert m["per_subtask"]["artwork"]["score"] == pytest.approx(75 + 50)
    assert m["total_score"] == pytest.approx(100 + 125 + 200)
