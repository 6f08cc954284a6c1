"""mavis-heldout: held-out seeds, whole problems under --limit, a built dataset as --data, the
"The answer is X" judge on exact strings, metrics per version / family / question type against
hand-computed values, and the reference models end to end."""
import json

import pytest

from engines import dataset
from engines.dataset import unit_seed
from engines.mavis.dpo import is_correct
from eval.runner import evaluate
from eval.task import TaskContext, get_task
from engines.dataset.streams import MAVIS_HELDOUT_OFFSET
from eval.tasks.mavis import mavis_metrics
from mm.adapters import load_adapter


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A 3-problem mavis-instruct dataset as mm-data writes it (seed 7, 64 px)."""
    out = tmp_path_factory.mktemp("instruct")
    dataset.build(dataset.BuildConfig(kind="mavis-instruct", n=9, seed=7, image_size=64), out,
                  progress=False)
    return out


def test_generated_set_uses_heldout_seeds_and_whole_problems(tmp_path):
    task = get_task("mavis-heldout")
    docs = task.docs(TaskContext(limit=7, seed=0, work=tmp_path))
    # the first two held-out problems have no text_lite row of their own (one drawable given)
    assert [d["id"] for d in docs] == [f"ins-0000000{u}-{v}" for u in (0, 1) for v in
                                       ("text_dominant", "vision_dominant")]
    # unit u of the build seeded seed + offset, never the training seeds (seed, +10_007, +20_011)
    assert docs[0]["problem"] == str(unit_seed(MAVIS_HELDOUT_OFFSET, "mavis-instruct", 0))
    train = {str(unit_seed(s, "mavis-instruct", u)) for s in (0, 10_007, 20_011)
             for u in range(2)}
    assert not {d["problem"] for d in docs} & train
    assert len(task.docs(TaskContext(limit=1, work=tmp_path))) == 2  # at least one problem
    assert task.prompt(docs[1]) == docs[1]["question"]
    assert not task.prompt(docs[1]).startswith("Given")  # vision_dominant: givens in the image
    assert all(task.process(d, task.oracle(d))["correct"] for d in docs)


def test_built_dataset_as_data(built, tmp_path):
    task = get_task("mavis-heldout")
    docs = task.docs(TaskContext(data=str(built), limit=4))
    every = task.docs(TaskContext(data=str(built)))
    # whole problems (a problem has 2 or 3 distinct versions) that fit in 4 rows
    sizes = [sum(d["problem"] == p for d in every) for p in dict.fromkeys(
        d["problem"] for d in every)]
    fit = next(k for k in range(len(sizes), 0, -1) if sum(sizes[:k]) <= 4 or k == 1)
    assert len(docs) == sum(sizes[:fit]) and [d["id"] for d in docs] == \
        [d["id"] for d in every[:len(docs)]]
    assert task.image(docs[0]).size == (64, 64)
    assert 6 <= len(every) <= 9 and len(sizes) == 3
    with pytest.raises(ValueError, match="holds no parquet files"):
        task.docs(TaskContext(data=str(tmp_path)))
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"id": ["a"], "caption": ["c"]}), tmp_path / "x.parquet")
    with pytest.raises(ValueError, match="x.parquet: not a mavis-instruct file .*image"):
        task.docs(TaskContext(data=str(tmp_path)))


@pytest.mark.parametrize("output,target,choices,ok,parsed", [
    ("Step.\nThe answer is B: 12.5.", "B", ["3", "12.5", "7", "1"], True, "B"),
    ("The answer is C: 7.", "B", ["3", "12.5", "7", "1"], False, "C"),
    ("So the area is 12.5.\nThe answer is 12.5.", "12.5", [], True, "12.5"),
    ("The answer is 12.50", "12.5", [], True, "12.50"),
    ("12.5", "12.5", [], False, None),
    ("The answer is increasing.", "increasing", [], True, "increasing"),
])
def test_process_judges_the_final_answer(output, target, choices, ok, parsed):
    doc = {"id": "x", "problem": "p", "version": "text_lite", "family": "function",
           "question_type": "multiple_choice" if choices else "free_form", "choices": choices,
           "target": target}
    rec = get_task("mavis-heldout").process(doc, output)
    assert (rec["correct"], rec["parsed"]) == (ok, parsed)
    assert rec["prediction"] == output and rec["target"] == target


def _rec(problem, version, family, qt, correct, parsed="1"):
    return {"problem": problem, "version": version, "family": family, "question_type": qt,
            "correct": correct, "parsed": parsed}


def test_metrics_hand_computed():
    V = ("text_dominant", "text_lite", "vision_dominant")
    recs = [_rec("p1", v, "function", "free_form", c) for v, c in zip(V, (1, 1, 1))] + \
           [_rec("p2", v, "function", "multiple_choice", c) for v, c in zip(V, (1, 1, 0))] + \
           [_rec("p3", v, "solid_geometry", "free_form", c, None if not c else "2")
            for v, c in zip(V, (1, 0, 0))]
    m = mavis_metrics(recs)
    assert m["accuracy"] == pytest.approx(6 / 9)
    assert m["all_versions_accuracy"] == pytest.approx(1 / 3)
    assert m["n_unparsed"] == 2
    assert m["per_version"] == {"text_dominant": {"accuracy": 1.0, "n": 3},
                                "text_lite": {"accuracy": pytest.approx(2 / 3), "n": 3},
                                "vision_dominant": {"accuracy": pytest.approx(1 / 3), "n": 3}}
    assert m["per_family"]["function"] == {"accuracy": pytest.approx(5 / 6), "n": 6,
                                           "text_dominant": 1.0, "text_lite": 1.0,
                                           "vision_dominant": 0.5}
    assert m["per_family"]["solid_geometry"]["accuracy"] == pytest.approx(1 / 3)
    assert m["per_question_type"]["free_form"] == {"accuracy": pytest.approx(4 / 6), "n": 6,
                                                   "text_dominant": 1.0, "text_lite": 0.5,
                                                   "vision_dominant": 0.5}


def test_reference_models_end_to_end(built, tmp_path):
    ctx = TaskContext(data=str(built))
    o = evaluate(load_adapter("builtin:oracle"), ["mavis-heldout"], tmp_path / "o", ctx,
                 progress=False)["tasks"]["mavis-heldout"]
    assert (o["accuracy"], o["all_versions_accuracy"], o["n_samples"]) == (1.0, 1.0, 6)
    y = evaluate(load_adapter("builtin:always-yes"), ["mavis-heldout"], tmp_path / "y", ctx,
                 progress=False)["tasks"]["mavis-heldout"]
    assert (y["accuracy"], y["n_unparsed"]) == (0.0, 6)  # 6 distinct rows; "Yes": no answer
    line = json.loads((tmp_path / "o" / "samples_mavis-heldout.jsonl").read_text()
                      .splitlines()[0])
    assert line["prediction"].endswith(".") and "The answer is" in line["prediction"]
    assert (tmp_path / "o" / "mavis_heldout_versions.png").stat().st_size > 1000


def test_pi_answers_are_read():
    assert is_correct("The period is 2π/0.5 = 4π.\nThe answer is 4π.", "4π")
    assert is_correct("The answer is π.", "π")
    assert not is_correct("The answer is 4.", "4π")


def test_blank_images_option_shows_white_pictures_of_the_rows_size(built):
    import numpy as np

    task = get_task("mavis-heldout")
    plain = task.docs(TaskContext(data=str(built)))
    blank = task.docs(TaskContext(data=str(built), options={"blank_images": True}))
    assert [d["id"] for d in blank] == [d["id"] for d in plain]
    img, white = task.image(plain[0]), task.image(blank[0])
    assert white.size == img.size and white.mode == "RGB"
    assert np.asarray(white).min() == 255 and np.asarray(img).min() < 255
    # what the image-blind twin of stage 3 is trained on (train.sft.blank_like)
    from train.sft import blank_like

    assert np.array_equal(np.asarray(blank_like(img)), np.asarray(white))


def test_multiple_choice_breakdown_carries_a_blind_guess():
    recs = [{**_rec(p, "text_dominant", "function", qt, c), "choices": list(opts)}
            for p, qt, c, opts in (("p1", "multiple_choice", 1, "abcd"),
                                   ("p2", "multiple_choice", 0, "ab"), ("p3", "free_form", 0, ""))]
    m = mavis_metrics(recs)
    assert m["per_question_type"]["multiple_choice"]["chance"] == pytest.approx((1 / 4 + 1 / 2) / 2)
    assert "chance" not in m["per_question_type"]["free_form"]
    assert "chance" not in m["per_family"]["function"]  # free-form problems among them
