"""Stage goals: the value or an end of its 95% interval held to the threshold, and what
pipeline.json records of them (interval, n)."""
from __future__ import annotations

import pytest

from train.stage import Goal


def test_a_goal_on_the_upper_end_holds_a_drop_inside_the_interval():
    g = Goal("change", ">=", 0, "no drop beyond the interval", measured="{:+.1f} points",
             interval="change_ci95", n="n", judge="upper")
    inside = {"change": -3.0, "change_ci95": [-9.5, 3.2], "n": 200}
    beyond = {"change": -12.0, "change_ci95": [-19.0, -4.8], "n": 200}
    assert g.met(inside) and not g.met(beyond)
    rec = g.record(inside)
    assert rec["measured"] == "-3.0 points" and rec["met"] is True
    assert rec["interval"] == [-9.5, 3.2] and rec["n"] == 200
    assert rec["interval_text"] == "-9.5 points to +3.2 points"


def test_a_plain_goal_holds_its_value_and_records_no_interval_it_lacks():
    g = Goal("gain", ">=", 15, "gain >= 15", interval="gain_ci95")
    assert g.met({"gain": 15.0}) and not g.met({"gain": 14.9})
    assert "interval" not in g.record({"gain": 20.0})


def test_bad_goals_are_refused_with_their_name():
    with pytest.raises(ValueError, match="goal x: comparison '=='"):
        Goal("x", "==", 1, "x")
    with pytest.raises(ValueError, match="goal x: judge 'upper' needs an interval key"):
        Goal("x", ">=", 1, "x", judge="upper")
