"""mm-eval dynamath: accuracy with and without an irrelevant clause, and the drop, overall and
per topic; rows that cannot say (other releases, older builds) report the split absent."""
import json

import pytest

from eval.dynamath import Record, as_percent, metrics, records_from_samples
from eval.tasks.dynamath import _clause_flag


def test_split_hand_computed():
    recs = [Record("q1", 0, True, "algebra", "high school", False),
            Record("q1", 1, False, "algebra", "high school", True),
            Record("q2", 0, True, "algebra", "high school", False),
            Record("q2", 1, True, "algebra", "high school", True),
            Record("q3", 0, True, "graph theory", "high school", False),
            Record("q3", 1, False, "graph theory", "high school", True),
            Record("q4", 0, False, "graph theory", "high school", None)]  # no clause kind
    m = metrics(recs)["irrelevant_clause"]
    assert m["with"]["average"] == pytest.approx(1 / 3)
    assert m["without"]["average"] == 1.0
    assert m["drop"] == pytest.approx(2 / 3)
    assert m["with"]["n_samples"] == 3 and m["without"]["n_samples"] == 3
    assert m["per_topic"]["algebra"]["drop"] == pytest.approx(0.5)
    assert m["per_topic"]["graph theory"]["drop"] == 1.0
    assert "" not in m["per_topic"]
    assert as_percent({"irrelevant_clause": m})["irrelevant_clause"]["drop"] == 66.67


def test_split_absent_without_flags():
    recs = records_from_samples([{"seed_id": "a", "variant": 0, "correct": True,
                                  "subject": "algebra"}])
    assert metrics(recs)["irrelevant_clause"] == {"absent": True}
    assert metrics(recs)["average"] == 1.0


def test_flag_read_from_the_row_params():
    assert _clause_flag(json.dumps({"a": 1, "irrelevant_clause": {"text": "x"}})) is True
    assert _clause_flag(json.dumps({"a": 1, "irrelevant_clause": None})) is False
    assert _clause_flag(json.dumps({"a": 1})) is None
    assert _clause_flag(None) is None
    assert _clause_flag("{irrelevant_clause") is None


def test_our_build_carries_the_flag_to_the_samples(tmp_path):
    from engines.builders.dynamath import dynamath_config
    from engines.dataset import build
    from eval.tasks.dynamath import DynaMath, load_docs

    build(dynamath_config(["analytic-distance", "arith-bar-model"], 6, 0, image_size=48),
          tmp_path / "b", progress=False)
    docs = load_docs(str(tmp_path / "b"))
    by = {}
    for d in docs:
        by.setdefault(d["seed_id"], set()).add(d["irrelevant_clause"])
    assert by == {"analytic-distance": {True, False}, "arith-bar-model": {None}}
    task = DynaMath()
    recs = [task.process(d, json.dumps({"short answer": d["target"]})) for d in docs]
    m = task.aggregate(recs)["irrelevant_clause"]
    assert m["with"]["average"] == 1.0 and m["drop"] == 0.0
    assert set(m["per_topic"]) == {"analytic geometry"}
