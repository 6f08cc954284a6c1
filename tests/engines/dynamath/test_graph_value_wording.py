"""algebra-graph-value and algebra-piecewise-value said "the dashed line marks x = a", but the
dashed line runs from the x-axis up to the graph and is not drawn where f(a) = 0 (about one
variant in five of algebra-graph-value): the words spoke of a line the picture lacks. They
now say that x = a is marked on the x-axis, true of every picture.

    python -m pytest -q tests/engines/dynamath/test_graph_value_wording.py
"""
from __future__ import annotations

import pytest

from engines.dynamath.seed import make_variant


@pytest.mark.parametrize("sid", ["algebra-graph-value", "algebra-piecewise-value"])
def test_no_dashed_line_is_spoken_of_and_x_equals_a_is_named(sid):
    zeros = 0
    for v in range(200):
        r = make_variant(sid, v, seed=7, pin_canonical=False)
        assert "dashed" not in r.question, r.question
        assert "x = a is marked on the x-axis" in r.question, r.question
        assert [m.label() for m in r.spec.markers] == [f"a = {r.params['a']}"]
        zeros += float(r.ground_truth) == 0
    assert zeros > 0  # variants with f(a) = 0, where no dashed line is drawn, are sampled
