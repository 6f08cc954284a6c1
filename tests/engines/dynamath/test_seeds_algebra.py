"""Algebra seeds: hand-computed answers for hand-picked params, the canonical variants, the
renderer's own facts agreeing with the answers, the option parser and line forms, coverage of
levels / answer types / kinds, and questions that need the picture."""
import math

import numpy as np
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from engines.dynamath.seeds.algebra.curves import parse_rhs, sx
from engines.dynamath.seeds.algebra.forms import line_text, transform_text
from renderers.function.spec import spec_facts
from tests.engines.dynamath.seed_checks import answer_letters, text_leaves_answer_open

SEEDS = load_seeds()
ALGEBRA = sorted(s for s in SEEDS if s.startswith("algebra-"))


def _p(*cs):
    return {"kind": "polynomial", "coeffs": [float(c) for c in cs]}


# (seed id, params, answer worked out by hand)
CASES = [
    # f = x^2 - 2x - 3 at a = 2: 4 - 4 - 3
    ("algebra-graph-value", {"form": "quadratic", "curve": _p(-3, -2, 1), "win": [-4, 6, -5, 5],
                             "a": 2, "color": "blue"}, -3.0),
    # |x - 1| * 2 - 3 at a = -2: 2 * 3 - 3
    ("algebra-graph-value", {"form": "absolute", "curve": {"kind": "absolute", "a": 2.0,
                                                           "c": 1.0, "d": -3.0},
                             "win": [-5, 5, -5, 5], "a": -2, "color": "red"}, 3.0),
    # x < 1: x^2 - 1, x >= 1: 2x - 2; a = 3 takes the right piece, a = -2 the left one
    ("algebra-piecewise-value", {"xb": 1, "pieces": [[None, 1.0, [-1.0, 0.0, 1.0]],
                                                     [1.0, None, [-2.0, 2.0]]],
                                 "win": [-4, 6, -3, 7], "a": 3, "color": "blue"}, 4.0),
    ("algebra-piecewise-value", {"xb": 1, "pieces": [[None, 1.0, [-1.0, 0.0, 1.0]],
                                                     [1.0, None, [-2.0, 2.0]]],
                                 "win": [-4, 6, -3, 7], "a": -2, "color": "blue"}, 3.0),
    # 2^x + 1 = 3 at x = 1
    ("algebra-inverse-value", {"form": "exponential", "k": 3, "xs": 1,
                               "curve": {"kind": "exponential", "a": 1.0, "b": 2.0, "d": 1.0},
                               "win": [-4, 6, -2, 8], "color": "blue"}, 1.0),
    # 0.5 (x + 2)(x - 1)(x - 3): three zeros; (x - 1)^2 ((x + 1)^2 + 2): one
    ("algebra-count-zeros", {"lead": 0.5, "roots": [-2, 1, 3], "quads": [],
                             "win": [-4, 5, -6, 6], "color": "blue"}, 3.0),
    ("algebra-count-zeros", {"lead": 1.0, "roots": [1, 1], "quads": [[-1, 2]],
                             "win": [-4, 4, -6, 6], "color": "blue"}, 1.0),
    ("algebra-count-zeros", {"lead": -1.0, "roots": [], "quads": [[1, 2]],
                             "win": [-3, 4, -6, 2], "color": "blue"}, 0.0),
    # slope 4/5 through (-2, -3): zero at -2 + 3 * 5 / 4
    ("algebra-line-zero", {"A": [-2, -3], "B": [3, 1], "names": ["A", "B"], "color": "blue"},
     1.75),
    # (1, 2) and (4, -3): slope -5/3, zero at 1 + 2 * 3 / 5 = 2.2
    ("algebra-line-zero", {"A": [1, 2], "B": [4, -3], "names": ["P", "Q"], "color": "red"}, 2.2),
    # 0.25 (x + 2)(x - 3): vertex x = 0.5, y = 0.25 * 2.5 * (-2.5) = -1.5625
    ("algebra-parabola-vertex", {"a": 0.25, "r": [-2, 3], "color": "blue"}, -1.56),
    ("algebra-parabola-vertex", {"a": -2.0, "r": [-1, 3], "color": "blue"}, 8.0),
    # x^2 - 2x - 3 = x + 1 at x = -1, 4: g = 0 and 5
    ("algebra-curve-intersection", {"f": _p(-3, -2, 1), "g": _p(1, 1), "xs": [-1, 4],
                                    "colors": ["blue", "red"]}, 5.0),
    # |x| - 1 = 0.5 x + 0.5 at x = -1 (y 0) and x = 3 (y 2)
    ("algebra-curve-intersection", {"f": {"kind": "absolute", "a": 1.0, "c": 0.0, "d": -1.0},
                                    "g": _p(0.5, 0.5), "xs": [-1, 3],
                                    "colors": ["blue", "red"]}, 2.0),
    ("algebra-asymptote", {"curve": {"kind": "exponential", "a": 1.0, "b": 2.0, "d": -2.0},
                           "win": [-4, 4, -4, 6], "color": "blue"}, -2.0),
    ("algebra-asymptote", {"curve": {"kind": "logarithm", "a": 1.0, "b": 2.0, "c": 3.0,
                                     "d": 0.0}, "win": [1, 11, -5, 5], "color": "blue"}, 3.0),
    # 40 + 25 * 10 dollars
    ("algebra-table-linear", {"ctx": 1, "xs": [1, 2, 3, 4], "m": 25, "b": 40, "t": 10}, 290.0),
    ("algebra-table-linear", {"ctx": 4, "xs": [1, 3, 5, 7], "m": -6, "b": 180, "t": 12}, 108.0),
    ("algebra-function-type", {"curve": {"kind": "sine", "a": 2.0, "b": 1.0, "c": 0.0,
                                         "d": 0.0},
                               "others": [_p(1, 2), {"kind": "exponential", "a": 1.0,
                                                     "b": 2.0, "d": 0.0},
                                          {"kind": "sine", "a": -2.0, "b": 1.0, "c": 0.0,
                                           "d": 0.0}],
                               "order": [1, 0, 3, 2], "win": [-2 * math.pi, 2 * math.pi, -3, 3],
                               "pi": True, "color": "blue"}, "y = 2sin(x)"),
    ("algebra-line-equation", {"lines": [[2, 1, -1], [-2, 1, -1], [2, 1, 1], [1, 2, -1]],
                               "forms": ["standard", "slope-intercept", "point-slope",
                                         "slope-intercept"],
                               "x0": [1, 1, 2, -2], "order": [2, 0, 3, 1], "color": "blue"},
     "2x - y = 1"),
    ("algebra-transformation", {"base": "parabola", "names": ["f", "g"], "t": [1, 2, -3],
                                "opts": [[1, -2, -3], [1, 2, -3], [1, 2, 3], [1, -2, 3]],
                                "colors": ["blue", "red"]}, "g(x) = f(x - 2) - 3"),
    ("algebra-transformation", {"base": "abs", "names": ["p", "q"], "t": [-1, -1, 2],
                                "opts": [[-1, -1, 2], [1, -1, 2], [-1, 1, 2], [-1, -1, -2]],
                                "colors": ["blue", "red"]}, "q(x) = -p(x + 1) + 2"),
    ("algebra-even-odd", {"cls": "odd", "curve": _p(0, -2, 0, 0.5), "color": "blue"}, "odd"),
    ("algebra-even-odd", {"cls": "even", "curve": {"kind": "cosine", "a": 2.0, "b": 1.0,
                                                   "c": 0.0, "d": 1.0}, "color": "blue"},
     "even"),
    ("algebra-even-odd", {"cls": "neither", "curve": {"kind": "absolute", "a": 1.0, "c": 1.0,
                                                      "d": 0.0}, "color": "blue"}, "neither"),
    ("algebra-sinusoid-period", {"curve": {"kind": "sine", "a": 2.0, "b": 2.0, "c": 0.0,
                                           "d": 0.0}, "x0": -2.0, "color": "blue"}, 3.14),
    ("algebra-sinusoid-period", {"curve": {"kind": "cosine", "a": 1.0, "b": 3.0, "c": 0.5,
                                           "d": 1.0}, "x0": 0.0, "color": "blue"}, 2.09),
    # -2 + 2 + 1
    ("algebra-sinusoid-parameters", {"curve": {"kind": "cosine", "a": -2.0, "b": 2.0,
                                               "c": 0.0, "d": 1.0},
                                     "letters": ["A", "B", "D"], "color": "blue"}, 1.0),
    ("algebra-sinusoid-parameters", {"curve": {"kind": "sine", "a": 3.0, "b": 0.5, "c": 0.0,
                                               "d": -2.0},
                                     "letters": ["p", "q", "r"], "color": "blue"}, 1.5),
    ("algebra-increasing-interval", {"form": "quadratic", "curve": _p(-2, -2, 1), "crit": [1],
                                     "up": [False, True],
                                     "opts": [[None, 1], [0, 2], [1, None], [None, None]],
                                     "win": [-4, 6], "color": "blue"}, "(1, ∞)"),
    # integral of x^2 + 1 from 0 to 2 = 8/3 + 2
    ("algebra-definite-integral", {"form": "quadratic", "curve": _p(1, 0, 1), "lo": 0, "hi": 2,
                                   "pi": False, "color": "blue"}, 4.67),
    # integral of 2 sin x from 0 to pi = 4
    ("algebra-definite-integral", {"form": "sine", "curve": {"kind": "sine", "a": 2.0, "b": 1.0,
                                                             "c": 0.0, "d": 0.0},
                                   "lo": 0, "hi": 2, "pi": True, "color": "blue"}, 4.0),
    # integral of e^x from 0 to 1 = e - 1
    ("algebra-definite-integral", {"form": "exponential",
                                   "curve": {"kind": "exponential", "a": 1.0, "b": math.e,
                                             "d": 0.0}, "lo": 0, "hi": 1, "pi": False,
                                   "color": "blue"}, 1.72),
    ("algebra-tangent-slope", {"x0": 1, "y0": 2, "m": -1.0, "s": 0.5, "x1": None,
                               "colors": ["blue", "red"]}, -1.0),
    ("algebra-tangent-slope", {"x0": -1, "y0": 0, "m": 2.0, "s": 0.25, "x1": 2,
                               "colors": ["blue", "red"]}, 2.0),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    q = SEEDS[sid]
    assert q.answer(params) == expected
    assert q.check(params) == expected
    if q.answer_type == "multiple choice":
        assert expected in q.options(params) and len(set(q.options(params))) == 4
    assert renderers.render(q.diagram(params), 224).size[0] == 224


def test_line_equation_options_in_three_forms():
    params = dict(CASES[[c[0] for c in CASES].index("algebra-line-equation")][1])
    assert SEEDS["algebra-line-equation"].options(params) == [
        "y - 5 = 2(x - 2)", "2x - y = 1", "y = (1/2)x - 1", "y = -2x - 1"]
    from fractions import Fraction as F
    assert line_text(F(-1, 2), F(3), "standard", 0) == "x + 2y = 6"
    assert line_text(F(-3, 2), F(-1), "point-slope", 2) == "y + 4 = -(3/2)(x - 2)"
    assert line_text(F(1), F(0), "slope-intercept", 0) == "y = x"


def test_option_parser_reads_printed_formulas():
    import sympy

    x = sx()
    cases = {"2sin(x/2 + π/4) - 1": 2 * sympy.sin(x / 2 + sympy.pi / 4) - 1,
             "log_2(x + 1) - 3": sympy.log(x + 1) / sympy.log(2) - 3,
             "2·(1/2)^x": 2 * sympy.Rational(1, 2) ** x, "-3|x + 1| + 2": 2 - 3 * sympy.Abs(x + 1),
             "ln(x - 2)": sympy.log(x - 2), "0.5x^3 - 1.5x": x ** 3 / 2 - 3 * x / 2}
    for text, want in cases.items():
        got = parse_rhs(text)
        for v in (2.5, 3.7):
            assert abs(complex(got.subs(x, v)) - complex(want.subs(x, v))) < 1e-12, text
    f = sympy.Lambda(x, x ** 2)
    assert sympy.expand(parse_rhs("-p(x - 2) + 1", {"p": f})) == -x ** 2 + 4 * x - 3
    assert transform_text(("u", "v"), -1, -3, 0) == "v(x) = -u(x + 3)"


def test_answers_agree_with_the_renderer_facts():
    """The function renderer derives values and integrals on its own (numerically)."""
    for v in range(25):
        var = make_variant("algebra-graph-value", v, seed=7)
        assert spec_facts(var.spec)["markers"][0]["y"] == float(var.ground_truth)
        var = make_variant("algebra-definite-integral", v, seed=7)
        assert abs(spec_facts(var.spec)["shade"]["integral"] - float(var.ground_truth)) <= 0.011
        var = make_variant("algebra-count-zeros", v, seed=7)
        # set: the facts can list a double root twice (two float roots that round alike)
        assert len(set(spec_facts(var.spec)["functions"][0]["zeros"])) == \
            int(var.ground_truth)


def test_canonical_variant_zero_ground_truth():
    expect = {"algebra-graph-value": "-3", "algebra-piecewise-value": "4",
              "algebra-inverse-value": "1", "algebra-count-zeros": "3",
              "algebra-line-zero": "1.75", "algebra-parabola-vertex": "-1.56",
              "algebra-curve-intersection": "5", "algebra-asymptote": "-2",
              "algebra-table-linear": "290", "algebra-line-equation": "B",
              "algebra-transformation": "B", "algebra-even-odd": "odd",
              "algebra-sinusoid-period": "3.14", "algebra-sinusoid-parameters": "1",
              "algebra-increasing-interval": "C", "algebra-definite-integral": "4.67",
              "algebra-tangent-slope": "-1"}
    for sid, gt in expect.items():
        v = make_variant(sid, 0, seed=123)
        assert v.ground_truth == gt, (sid, v.ground_truth)


def test_coverage_of_levels_types_kinds():
    assert len(ALGEBRA) >= 14
    qs = [SEEDS[s] for s in ALGEBRA]
    assert {q.topic for q in qs} == {"algebra"}
    assert {q.answer_type for q in qs} == {"float", "multiple choice", "text"}
    assert {q.level for q in qs} == {"elementary school", "high school", "undergraduate"}
    assert sum("function type" in q.kinds for q in qs) >= 5
    assert sum("symbolic substitution" in q.kinds for q in qs) >= 3
    assert sum(q.kinds[0] == "numerical value" or "numerical value" in q.kinds
               for q in qs) > len(qs) / 2


def test_function_type_varies_the_kind_of_curve():
    kinds = {make_variant("algebra-function-type", v, seed=2).params["curve"]["kind"]
             for v in range(40)}
    assert {"polynomial", "sine", "cosine", "exponential", "logarithm", "absolute"} <= kinds


def test_every_algebra_question_needs_the_image():
    """Same question text, different answers: the deciding value is only in the picture."""
    for sid in ALGEBRA:
        assert text_leaves_answer_open(sid, 60, seed=3), sid


def test_answer_letter_spread_of_multiple_choice():
    for sid in ALGEBRA:
        if SEEDS[sid].answer_type != "multiple choice":
            continue
        letters = answer_letters(sid, 3, 60, seed=4)
        assert len(letters) >= 3, (sid, letters)


def test_lattice_reads_fall_on_grid_points():
    """Where the answer is read off the grid, the point it comes from is a lattice point inside
    a window ten units wide (grid step 1)."""
    for v in range(40):
        p = make_variant("algebra-inverse-value", v, seed=5).params
        x0, x1, y0, y1 = p["win"]
        assert x1 - x0 == 10 and y1 - y0 == 10
        assert x0 < p["xs"] < x1 and y0 < p["k"] < y1
        spec = SEEDS["algebra-inverse-value"].diagram(p)
        from renderers.function.spec import value
        assert abs(value(spec.curves[0], p["xs"]) - p["k"]) < 1e-9
    np.testing.assert_equal(
        [make_variant("algebra-graph-value", v, seed=5).params["win"][1] -
         make_variant("algebra-graph-value", v, seed=5).params["win"][0] for v in range(10)],
        [10] * 10)
