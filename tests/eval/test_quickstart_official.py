"""The quickstart model's own outputs, scored by the official rules written out independently:
every metric mm-eval wrote for them equals the official definition computed from the same
per-sample outputs (to 1e-6), and mm-eval's aggregation of the samples gives the results file.

The fixture (tests/fixtures/quickstart-eval/) holds the per-sample outputs of `make run`'s
greedy evaluation of the quickstart model (runs/quickstart/eval-greedy: samples_<task>.jsonl,
cut to the fields the scoring reads, and the metrics of its results.json). The official rules
are transcribed in the files beside this one from the official code: POPE's evaluate.py
(test_pope_official.py), DynaMath's open-model judge (test_dynamath_official.py), COMFORT's
metric code (test_comfort_official.py); MME's eval_tool/calculation.py below."""
import json
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

import eval.tasks  # noqa: F401  (registers the tasks)
from eval.task import get_task
from tests.eval.test_comfort_official import headline, preferred_ball, same
from tests.eval.test_dynamath_official import official_verdict
from tests.eval.test_pope_official import official_evaluate

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "quickstart-eval"
RESULTS = json.loads((FIX / "results.json").read_text())["tasks"]


def samples(task: str) -> list[dict]:
    return [json.loads(x) for x in (FIX / f"samples_{task}.jsonl").read_text().splitlines()]


def close(ours, ref):
    assert ours == pytest.approx(ref, abs=1e-6)


@pytest.mark.parametrize("task", sorted(RESULTS))
def test_aggregating_the_samples_gives_the_results_file(task):
    got = get_task(task).aggregate(samples(task))
    want = RESULTS[task]
    # the runner adds the counts of samples and errors beside the task's own metrics
    shared = [k for k in want if k in got]
    assert len(shared) >= 4 and set(want) - set(shared) <= {"n_errors", "n_samples"}
    for k in shared:
        if isinstance(want[k], float):
            close(got[k], want[k])
        elif not isinstance(want[k], dict):
            assert got[k] == want[k], k


def test_pope_per_split_equals_evaluate_py():
    rows = samples("pope-synth")
    res = RESULTS["pope-synth"]["per_split"]
    assert set(res) == {r["split"] for r in rows} == {"random", "popular", "adversarial"}
    for split, m in res.items():
        mine = [r for r in rows if r["split"] == split]
        assert m["n"] == len(mine)
        try:
            ref = official_evaluate([r["prediction"] for r in mine], [r["target"] for r in mine])
        except ZeroDivisionError:  # evaluate.py divides by zero; mm-eval reports 0 there
            assert m["precision"] * m["recall"] == 0 and m["f1"] == 0
            continue
        for k in ("tp", "fp", "tn", "fn"):
            assert m[k] == ref[k], (split, k)
        for k in ("accuracy", "precision", "recall", "f1", "yes_ratio"):
            close(m[k], ref[k])
        assert [r["parsed"] for r in mine] == ref["preds"]


def mme_parse(pred_ans: str) -> str:
    """calculation.py's parse_pred_ans, on the lower-cased answer."""
    if pred_ans in ["yes", "no"]:
        return pred_ans
    prefix = pred_ans[:4]
    if "yes" in prefix:
        return "yes"
    if "no" in prefix:
        return "no"
    return "other"


def mme_official(rows: list[dict]) -> dict:
    """calculation.py: per subtask, the questions in pairs of one image; acc over questions
    (sklearn's accuracy_score: the share equal), acc+ over images with both answers right,
    score = 100 acc + 100 acc+."""
    by_task = defaultdict(list)
    for r in rows:
        by_task[r["subtask"]].append(r)
    out = {}
    for task, lines in by_task.items():
        images = defaultdict(list)
        for r in lines:
            images[r["image"]].append(r)
        gts, preds, plus, other = [], [], 0, 0
        for img_items in images.values():
            assert len(img_items) == 2  # the tool reads the answer file two lines at a time
            right = 0
            for r in img_items:
                gt, pred = r["target"].lower(), mme_parse(r["prediction"].lower())
                gts.append(gt)
                preds.append(pred)
                right += gt == pred
                other += pred not in ("yes", "no")
            plus += right == 2
        acc = float(np.mean([g == p for g, p in zip(gts, preds)]))
        acc_plus = plus / (len(lines) / 2)
        out[task] = {"acc": acc, "acc_plus": acc_plus, "score": 100 * acc + 100 * acc_plus,
                     "n_other": other}
    return out


def test_mme_per_subtask_equals_calculation_py():
    res = RESULTS["mme-synth"]["per_subtask"]
    ref = mme_official(samples("mme-synth"))
    assert set(res) == set(ref)
    for task, m in ref.items():
        for k in ("acc", "acc_plus", "score"):
            close(res[task][k], m[k])
        assert res[task]["n_other"] == m["n_other"]


def test_dynamath_verdicts_and_aggregates_equal_the_official_scripts():
    rows = samples("dynamath")
    for r in rows:  # the open-model judge on each raw output
        assert r["correct"] == official_verdict(r["prediction"], r["target"], r["answer_type"]), \
            r["id"]
    res = RESULTS["dynamath"]

    def avg_worst(mine):
        by_seed = defaultdict(list)
        for r in mine:
            by_seed[r["seed_id"]].append(r["correct"])
        return (float(np.mean([r["correct"] for r in mine])),
                float(np.mean([all(v) for v in by_seed.values()])))

    a, w = avg_worst(rows)
    close(res["average"], a)
    close(res["worst"], w)
    topics = {r["subject"] for r in rows}
    assert len(topics) == 9 and set(res["per_topic"]) == topics  # every DynaMath topic
    for group, key in (("per_topic", "subject"), ("per_level", "knowledge_level")):
        for name, m in res[group].items():
            a, w = avg_worst([r for r in rows if r[key] == name])
            close(m["average"], a)
            close(m["worst"], w)
            if a > 0:  # repetition robustness: worst-case over average
                close(m["rr"], w / a)


def test_comfort_ball_equals_the_official_metrics():
    recs = samples("comfort-ball")
    res = RESULTS["comfort-ball"]
    assert {r["relation"] for r in recs if r["relation"]} == {"left", "right", "front", "behind"}
    ref = headline(recs, [None])
    for k in ("acc", "eps_cos", "eps_clip", "eps_hemi", "c_sym", "c_opp", "eta", "sigma",
              "obj_f1"):
        same(res[k], ref[k])
    for frame, v in preferred_ball(recs).items():
        same(res[f"eps_cos@{frame}"], v)
