"""Algebra seeds read off drawn graphs (derivative and inverse panels, f' drawn, half-life
formula, one-sided limits, solutions of f(x) = k, signed area, derivative of an inverse):
hand-computed answers, 50 variants each through the contract and the independent checker (200
in the soak tier), and irrelevant clauses that leave the answer alone.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_al.py
"""
import numpy as np
import pytest

import renderers
from engines.dynamath.seed import clause_problems, load_seeds, make_variant

SEEDS = load_seeds()
NEW = ["algebra-derivative-panels", "algebra-inverse-panels",
       "algebra-extremum-from-derivative", "algebra-half-life-formula", "algebra-jump-limits",
       "algebra-level-solution-count", "algebra-signed-area-segments",
       "algebra-inverse-derivative"]

# (seed id, params, answer worked out by hand)
CASES = [
    # f' = (x + 1)(x - 1) is candidate 0, drawn in the second panel (B)
    ("algebra-derivative-panels", {"r": [-1, 1], "k": 1.0, "c": 0, "s": 1, "d": 2,
                                   "order": [2, 0, 1, 3, 4], "color": "blue"}, "B"),
    # y = 2x + 1 has the inverse y = (x - 1)/2, candidate 0, drawn in panel B
    ("algebra-inverse-panels", {"kind": "line", "m": 2.0, "c": 1, "order": [1, 0, 2, 3],
                                "color": "red"}, "B"),
    # y = 2^x - 1 has the inverse log2(x + 1), drawn in panel D
    ("algebra-inverse-panels", {"kind": "exp", "b": 2.0, "d": -1, "order": [3, 2, 1, 0],
                                "color": "red"}, "D"),
    # f' = (x + 1)(x - 3)/2 is + then - at x = -1: a maximum there
    ("algebra-extremum-from-derivative", {"shape": "simple", "r": [-1, 3], "k": 0.5,
                                          "ask": "maximum", "extra": 4, "order": [1, 0, 2, 3],
                                          "color": "blue"}, "x = -1"),
    # f' = (x - 2)(x + 1)^2 / 4 changes sign only at 2 (- to +): a minimum; -1 is no extremum
    ("algebra-extremum-from-derivative", {"shape": "double", "r": [2, -1], "k": 0.25,
                                          "ask": "minimum", "extra": 4, "order": [1, 0, 2, 3],
                                          "color": "blue"}, "x = 2"),
    # 8 -> 4 after 2 hours
    ("algebra-half-life-formula", {"cands": [["half", 8, 2], ["half", 8, 3], ["half", 4, 2],
                                             ["exp", 8, 2]], "order": [3, 2, 1, 0],
                                   "color": "green"}, "y = 8·(1/2)^(t/2)"),
    # left piece ends at (1, 2), right piece starts at (1, -1), f(1) = 3
    ("algebra-jump-limits", {"a": 1, "L": 2, "R": -1, "V": 3, "s": [0.5, 0.0], "side": "left",
                             "wrong": [0, 1, 2], "order": [0, 1, 2, 3], "color": "blue"},
     "lim_(x→1⁻) f(x) = 2"),
    # f(1) = -1 is the right end's dot: the limit from the left is 3, not f(1)
    ("algebra-jump-limits", {"a": 1, "L": 3, "R": -1, "V": -1, "s": [0.0, 0.5],
                             "side": "left", "wrong": [3, 1, 2], "order": [3, 1, 2, 0],
                             "color": "blue"}, "lim_(x→1⁻) f(x) = 3"),
    # f = x^3 - 3x: maximum 2 at -1, minimum -2 at 1; three solutions only for k = 0
    ("algebra-level-solution-count", {"sg": 1, "x": [-1, 1], "M": 2, "m": -2, "n": 3,
                                      "ks": [0, 2, 3, -3], "order": [3, 2, 1, 0],
                                      "color": "blue"}, "k = 0"),
    ("algebra-level-solution-count", {"sg": 1, "x": [-1, 1], "M": 2, "m": -2, "n": 2,
                                      "ks": [-2, 0, 3, 1], "order": [3, 2, 1, 0],
                                      "color": "blue"}, "k = -2"),
    # trapezoids from -4 to 0: 1 + 0 - 1 + 2
    ("algebra-signed-area-segments", {"ys": [0, 2, -2, 0, 4, 0, 0, 0, 0], "ab": [-4, 0],
                                      "color": "red"}, 2.0),
    # from 0 to 3: (4 + 0)/2 + 0 + (0 - 3)/2
    ("algebra-signed-area-segments", {"ys": [0, 2, -2, 0, 4, 0, 0, -3, 0], "ab": [0, 3],
                                      "color": "red"}, 0.5),
    # tangent slope 2 at P: (f^-1)' = 1/2; slope -3/2: -2/3
    ("algebra-inverse-derivative", {"m": [2, 1], "P": [1, 1], "c": 0.1, "color": "blue"}, 0.5),
    ("algebra-inverse-derivative", {"m": [-3, 2], "P": [-1, 2], "c": -0.05, "color": "blue"},
     -2 / 3),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    q = SEEDS[sid]
    if q.answer_type == "float":
        assert q.answer(params) == pytest.approx(expected, abs=1e-12)
        assert q.check(params) == pytest.approx(expected, abs=1e-6)
    else:
        assert q.answer(params) == expected and q.check(params) == expected
        opts = q.options(params)
        assert expected in opts and len(set(opts)) == len(opts) >= 4
    assert renderers.render(q.diagram(params), 224).size[0] == 224


def test_level_count_cubic_is_x3_minus_3x():
    p = {"sg": 1, "x": [-1, 1], "M": 2, "m": -2}
    assert SEEDS["algebra-level-solution-count"].coeffs(p) == pytest.approx([0, -3, 0, 1])


def test_derivative_panels_candidates():
    q = SEEDS["algebra-derivative-panels"]
    p = {"r": [-1, 1], "k": 1.0, "c": 2, "s": 1, "d": -2}
    # f' = x^2 - 1, -f', f'' = 2x, f'(x - 1) = x^2 - 2x, f' - 2
    assert q.polys(p) == [[-1, 0, 1], [1, 0, -1], [0, 2], [0, -2, 1], [-3, 0, 1]]
    assert q.f_coeffs(p) == pytest.approx([2, -1, 0, 1 / 3])


def _check_variants(sid: str, n: int) -> None:
    q = SEEDS[sid]
    answers, specs, clauses = set(), set(), 0
    for v in range(n):
        var = make_variant(sid, v, seed=11)
        ans = q.answer(var.params)
        if q.answer_type == "multiple choice":
            k = len(var.choices)
            assert k in (4, 5) and len(set(var.choices)) == k, (sid, v, var.choices)
            assert var.choices["ABCDE".index(var.ground_truth)] == ans
        else:
            assert np.isfinite(float(var.ground_truth)), (sid, v)
        redo = q.check(var.params)
        assert redo is not None, (sid, v, "the checker found no single answer")
        if q.answer_type == "float":
            assert abs(float(redo) - float(ans)) < 1e-6, (sid, v, redo, ans)
        else:
            assert redo == ans, (sid, v, redo, ans)
        assert clause_problems(q, var.params) == [], (sid, v)
        clauses += bool(var.params.get("irrelevant_clause"))
        answers.add(str(ans))
        specs.add(var.spec.to_json())
    assert len(answers) >= 2 and len(specs) >= min(n, 10) // 2, sid
    if "irrelevant clause" in q.kinds:
        assert 0 < clauses < n, (sid, clauses)


@pytest.mark.soak  # make test checks every seed (test_seed.py); the soak tier 50 and 200 here
@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_contract_and_checker(sid):
    _check_variants(sid, 50)


@pytest.mark.soak
@pytest.mark.slow
@pytest.mark.parametrize("sid", NEW)
def test_200_variants_pass_contract_and_checker(sid):
    _check_variants(sid, 200)


def test_multiple_choice_letters_spread():
    for sid in NEW:
        if SEEDS[sid].answer_type == "multiple choice":
            letters = {make_variant(sid, v, seed=4).ground_truth for v in range(40)}
            assert len(letters) >= 3, (sid, letters)
