"""DynaMath judge rules, fallback parsing, metrics against hand-computed values, and the
reproduction of DynaMath's released per-variant results."""
import json
from pathlib import Path

import pytest

from eval.dynamath import (Record, judge_lenient, metrics, parse_output, read_results_csv,
                           repetition_consistency, to_float)

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "dynamath-results"


def test_json_parse_between_first_and_last_brace():
    out = 'Sure. {"solution": "x = {2}", "short answer": "3.5"} done'
    assert parse_output(out) == ("3.5", "json")
    assert judge_lenient(out, "3.5004", "float").correct
    assert not judge_lenient(out, "3.502", "float").correct


@pytest.mark.parametrize("text,gt,kind,ok,parser", [
    ('{"solution": "..", "short answer": "B"}', "B", "multiple choice", True, "json"),
    ('{"solution": "..", "short answer": "(C) 12"}', "C", "multiple choice", True, "json"),
    ('{"solution": "..", "short answer": "A"}', "B", "multiple choice", False, "json"),
    ("The answer is (B).", "B", "multiple choice", True, "fallback"),
    ("Answer: 3.5", "3.5", "float", True, "fallback"),
    ("so we get \\boxed{2pi}", "6.283", "float", True, "fallback"),
    ('{"short answer": "pi/2"}', "1.5708", "float", True, "json"),
    ('{"short answer": "the graph is connected"}', "connected", "text", True, "json"),
    ("I am not sure.", "3", "float", False, "unparsable"),
])
def test_lenient_judge_rules(text, gt, kind, ok, parser):
    j = judge_lenient(text, gt, kind)
    assert (j.correct, j.parser) == (ok, parser)


def test_to_float_forms():
    assert to_float("3*pi/4") == pytest.approx(2.35619449)
    assert to_float("45°") == 45.0
    assert to_float("$-2.5$") == -2.5
    assert to_float("about 7 units") == 7.0
    assert to_float("none") is None


def test_metrics_hand_computed():
    recs = [Record("q1", v, c, "algebra", "high school") for v, c in enumerate([1, 1, 1])] + \
           [Record("q2", v, c, "algebra", "high school") for v, c in enumerate([1, 0, 1])] + \
           [Record("q3", v, c, "graph theory", "undergraduate") for v, c in enumerate([0, 0, 1])]
    m = metrics(recs)
    assert m["average"] == pytest.approx(6 / 9)
    assert m["worst"] == pytest.approx(1 / 3)
    assert m["rr"] == pytest.approx((1 / 3) / (6 / 9))
    assert m["per_topic"]["algebra"]["worst"] == pytest.approx(0.5)
    assert m["per_topic"]["graph theory"]["average"] == pytest.approx(1 / 3)
    assert m["per_level"]["undergraduate"]["worst"] == 0.0


def test_repetition_consistency():
    runs = [{"a": "1", "b": "2"}, {"a": "1", "b": "3"}, {"a": "1", "b": "2"}]
    assert repetition_consistency(runs) == pytest.approx(3 / 4)
    with pytest.raises(ValueError):
        repetition_consistency(runs[:1])


@pytest.mark.parametrize("name,avg,worst,rr", [
    ("GPT4o-result.csv", 63.33, 34.73, 54.84),
    ("claude3.5-result.csv", 64.83, 35.73, None),
    ("llava1.5-7B-result.csv", 16.39, 1.80, None),
])
def test_released_results_reproduced(name, avg, worst, rr):
    recs = read_results_csv(str(FIX / name))
    assert len(recs) == 5010
    m = metrics(recs)
    assert round(100 * m["average"], 2) == avg
    assert round(100 * m["worst"], 2) == worst
    if rr is not None:
        assert round(100 * m["rr"], 2) == rr
    assert m["n_seeds"] == 501
    assert set(m["per_topic"]) == {"algebra", "analytic geometry", "arithmetic", "graph theory",
                                   "plane geometry", "puzzle test", "scientific figure",
                                   "solid geometry", "statistics"}


def test_cli_score_dynamath(tmp_path, run_cli):
    from eval.cli import main

    r = run_cli(main, "score", "dynamath", "--csv", str(FIX / "GPT4o-result.csv"))
    assert r.returncode == 0, r.stderr
    m = json.loads(r.stdout)
    assert (m["average"], m["worst"], m["rr"]) == (63.33, 34.73, 54.84)
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    r = run_cli(main, "score", "dynamath", "--csv", str(bad))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "--csv" in r.stderr


def test_dynamath_task_repeats_give_repetition_consistency(tmp_path):
    from eval.runner import evaluate
    from eval.task import TaskContext
    from mm.adapters import Adapter

    class Drifting(Adapter):
        """Answers "1" in its first batch and "2" in every later one."""

        name = "drifting"
        calls = 0

        def generate(self, images, prompts, gen, oracle=None):
            self.calls += 1
            return ['{"short answer": "%s"}' % (1 if self.calls == 1 else 2) for _ in prompts]

    res = evaluate(Drifting(), ["dynamath"], tmp_path, TaskContext(limit=10, options={
        "repeats": 3}), batch_size=10, progress=False)
    m = res["tasks"]["dynamath"]
    assert m["repeats"] == 3 and m["n_samples"] == 30
    # one batch per repeat: repeats 2 and 3 never give repeat 1's answer
    assert m["repetition_consistency"] == 0.0
    ones = evaluate(__import__("mm.adapters", fromlist=["x"]).load_adapter("builtin:oracle"),
                    ["dynamath"], tmp_path / "o", TaskContext(limit=10, options={"repeats": 2}),
                    progress=False)
    assert ones["tasks"]["dynamath"]["repetition_consistency"] == 1.0
