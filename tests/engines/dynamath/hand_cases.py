"""The check a topic's test file runs on each hand-computed case of its seed questions: the
seed's answer and its independent checker both give the expected value, a multiple-choice
answer is among the options, and the diagram renders."""
from __future__ import annotations

import pytest

import renderers


def check_hand_case(q, params: dict, expected, *, float_tolerance: float | None = None,
                    distinct_options: bool = False):
    """Assert the case; returns the 224 px render of its diagram.

    float_tolerance: compare a float answer's re-derivation within it (else exactly).
    distinct_options: also require at least 4 options, all different."""
    assert q.answer(params) == expected
    redo = q.check(params)
    if float_tolerance is not None and q.answer_type == "float":
        assert redo == pytest.approx(expected, abs=float_tolerance)
    else:
        assert redo == expected
    if q.answer_type == "multiple choice":
        opts = q.options(params)
        assert expected in opts
        if distinct_options:
            assert len(set(opts)) == len(opts) >= 4
    return renderers.render(q.diagram(params), 224)
