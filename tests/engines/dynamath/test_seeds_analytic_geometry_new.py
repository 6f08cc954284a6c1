"""Analytic-geometry seeds on contour plots and linear maps: 50 variants each pass the
contract and the independent checker (200 in the slow run), hand-computed cases, and the
contour renderer's facts agreeing with the seeds."""
import numpy as np
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
NEW = ["analytic-contour-highest", "analytic-contour-level-value", "analytic-contour-gradient",
       "analytic-linmap-determinant", "analytic-linmap-which-matrix", "analytic-eigenvector"]


def _check(sid, n):
    q = SEEDS[sid]
    answers = set()
    for v in range(n):
        var = make_variant(sid, v, seed=11)
        a, redo = q.answer(var.params), q.check(var.params)
        if q.answer_type == "float":
            assert abs(float(redo) - a) < 1e-6, (sid, v)
            assert np.isfinite(float(var.ground_truth))
        else:
            assert redo == a, (sid, v, redo, a)
            assert 4 <= len(var.choices) <= 5 and len(set(var.choices)) == len(var.choices)
        answers.add(var.ground_truth)
    assert len(answers) >= 3, sid


@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    _check(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier (the soak tier also runs the 50-variant check here; make test checks every seed in test_seed.py)
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    _check(sid, 200)


CASES = [
    ("analytic-linmap-determinant", {"m": [[2, 1], [1, 3]], "color": "blue"}, 5.0),
    ("analytic-linmap-determinant", {"m": [[0, 1], [1, 0]], "color": "blue"}, -1.0),
    ("analytic-linmap-which-matrix", {"m": [[2, -1], [1, 3]], "order": [1, 0, 2, 3],
                                      "color": "red"}, "[[2, -1], [1, 3]]"),
    ("analytic-eigenvector", {"m": [[2, 0], [1, 3]], "vecs": [[1, 1], [0, 1], [1, 2]],
                              "eig": 1, "color": "red"}, "v"),  # M(0,1) = (0,3)
    ("analytic-contour-level-value", {"bowl": [2, 2, 0, 1], "c": [0, 1], "d": [1, 3],
                                      "color": "blue", "levels": [4, 10, 20, 34]}, 20.0),
    ("analytic-contour-gradient", {"bumps": [[1, 0, 6, 1.8]], "levels": [1.0, 3.0, 5.0],
                                   "P": [1, -2], "color": "blue"}, "up (+y)"),  # uphill to the peak
    ("analytic-contour-gradient", {"bumps": [[1, 1, -6, 1.8]], "levels": [-1.0, -3.0, -5.0],
                                   "P": [3, 1], "color": "blue"}, "right (+x)"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)


def test_contour_facts_agree_with_the_highest_point():
    for v in range(10):
        var = make_variant("analytic-contour-highest", v, seed=2)
        f = renderers.facts(var.spec)
        assert var.choices["ABCD".index(var.ground_truth)] == f["highest"]
        assert len(set(f["values"].values())) == 4


def test_parallelogram_corner_at_the_origin_is_named_by_the_axes_only():
    # a label "O(0, 0)" of the corner's own would sit over it and cut the ends of OA and OC; the
    # axes' origin label O names it, and A, B, C keep their coordinates
    for sid in ("analytic-linmap-determinant", "analytic-linmap-which-matrix"):
        for v in range(5):
            o = make_variant(sid, v, seed=0).spec.objects[0]
            assert o.pts[0] == [0.0, 0.0] and o.pt_names == ["", "A", "B", "C"], (sid, v)
            assert o.show_coords
