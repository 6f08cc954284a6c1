"""Algebra and arithmetic seeds on matrices, systems of lines, graph reading, patterns and
tables, drawn fractions, number lines and price lists: hand-computed answers, 50 variants each
through the contract and the independent checker (200 in the soak tier), and irrelevant
clauses that leave the answer alone."""
import numpy as np
import pytest

import renderers
from engines.dynamath.seed import clause_problems, load_seeds, make_variant

SEEDS = load_seeds()
NEW = ["algebra-matrix-determinant", "algebra-matrix-square-entry", "algebra-matrix-eigenvalue",
       "algebra-system-which", "algebra-inequality-interval", "algebra-break-even",
       "algebra-composite-value", "algebra-rational-asymptotes", "algebra-exp-log-base",
       "algebra-absolute-solutions", "algebra-pattern-term", "algebra-table-rule",
       "algebra-growth-table", "arith-fraction-compare", "arith-number-line-jumps",
       "arith-bar-model-ratio", "arith-best-value", "arith-timetable-trip"]


def _poly(*cs):
    return {"kind": "polynomial", "coeffs": [float(c) for c in cs]}


# (seed id, params, answer worked out by hand)
CASES = [
    # 2(3*4 - (-1)*1) - 0 + 1(1*1 - 3*0) = 26 + 1
    ("algebra-matrix-determinant", {"m": [[2, 0, 1], [1, 3, -1], [0, 1, 4]], "name": "A",
                                    "cmap": "blues"}, 27.0),
    # row 2 of A times column 3 of A: 3*0 + (-1)*2 + 2*1
    ("algebra-matrix-square-entry", {"m": [[1, 2, 0], [3, -1, 2], [0, 1, 1]], "name": "A",
                                     "ij": [2, 3], "cmap": "greens"}, 0.0),
    # [[1, 2], [3, 4]] squared, entry (2, 1): 3*1 + 4*3
    ("algebra-matrix-square-entry", {"m": [[1, 2], [3, 4]], "name": "M", "ij": [2, 1],
                                     "cmap": "blues"}, 15.0),
    # P diag(4, 1) P^-1 with P = [[1, 1], [0, 1]] is [[4, -3], [0, 1]]: triangular
    ("algebra-matrix-eigenvalue", {"P": [[1, 1], [0, 1]], "ls": [4, 1], "name": "A",
                                   "cmap": "blues"}, 4.0),
    ("algebra-system-which", {"x0": 1, "y0": 2, "lines": [["2", 0], ["-1", 3]],
                              "win": [-5, 5, -5, 5],
                              "wrong": [[["-2", 0], ["-1", 3]], [["2", 0], ["1", 3]],
                                        [["2", 1], ["-1", 3]]],
                              "order": [2, 0, 3, 1], "colors": ["blue", "red"]},
     "y = 2x and y = -x + 3"),
    # f = 2x, g = -x + 3 meet at x = 1; f > g right of it
    ("algebra-inequality-interval", {"x0": 1, "y0": 2, "lines": [["2", 0], ["-1", 3]],
                                     "win": [-5, 5, -5, 5], "rel": ">", "decoy": 2,
                                     "order": [1, 3, 0, 2], "colors": ["blue", "red"]}, "x > 1"),
    ("algebra-inequality-interval", {"x0": 1, "y0": 2, "lines": [["2", 0], ["-1", 3]],
                                     "win": [-5, 5, -5, 5], "rel": "<", "decoy": 2,
                                     "order": [1, 3, 0, 2], "colors": ["blue", "red"]}, "x < 1"),
    # 60 + 20 t = 10 + 30 t at t = 5
    ("algebra-break-even", {"ctx": 1, "fees": [60, 10], "rates": [20, 30], "n": 10}, 5.0),
    # g(2) = 4 - 3 = 1, f(1) = 1 - 1 = 0
    ("algebra-composite-value", {"f": _poly(1, -1), "g": _poly(-3, 0, 1), "a": 2,
                                 "colors": ["blue", "red"]}, 0.0),
    ("algebra-rational-asymptotes", {"a": 2.0, "c": 1, "d": -1, "color": "blue"}, 0.0),
    ("algebra-rational-asymptotes", {"a": -3.0, "c": -2, "d": 3, "color": "red"}, 1.0),
    # 3^2 = 9; log_2(8) = 3
    ("algebra-exp-log-base", {"kind": "exponential", "b": 3, "k": 2, "color": "blue"}, 3.0),
    ("algebra-exp-log-base", {"kind": "logarithm", "b": 2, "k": 3, "color": "blue"}, 2.0),
    # |x - 1| - 2 = 1 at x = -2 and 4
    ("algebra-absolute-solutions", {"a": 1.0, "c": 1, "d": -2, "k": 1, "ask": "product",
                                    "colors": ["blue", "red"]}, -8.0),
    # -2|x + 1| + 3 = -1 at x = -3 and 1
    ("algebra-absolute-solutions", {"a": -2.0, "c": -1, "d": 3, "k": -1, "ask": "difference",
                                    "colors": ["blue", "red"]}, 4.0),
    # panels 2, 5, 8, 11, ...: panel 10 holds 2 + 9 * 3
    ("algebra-pattern-term", {"shape": "circle", "color": "blue", "start": 2, "step": 3,
                              "N": 10}, 29.0),
    # 1, 2, 5, 10 at x = 0..3 is x^2 + 1 (2x + 1 fits two rows, 2^x one)
    ("algebra-table-rule", {"xs": [0, 1, 2, 3], "rules": [["square", 1, 1], ["linear", 2, 1],
                                                          ["power", 1, 0], ["linear", 3, 1]],
                            "order": [1, 2, 0, 3]}, "y = x^2 + 1"),
    # 50 doubling for 7 hours
    ("algebra-growth-table", {"ctx": 0, "a": 50, "r": 2, "t": 7}, 6400.0),
    ("algebra-growth-table", {"ctx": 3, "a": 5, "r": 3, "t": 5}, 1215.0),
    # 1/2, 2/3, 3/8: B largest, C smallest
    ("arith-fraction-compare", {"fr": [[1, 2], [2, 3], [3, 8]], "ask": "largest",
                                "color": "blue"}, "B"),
    ("arith-fraction-compare", {"fr": [[1, 2], [2, 3], [3, 8]], "ask": "smallest",
                                "color": "blue"}, "C"),
    # 2 + 8 * 3 to the right; 14 - 6 * 4 to the left
    ("arith-number-line-jumps", {"start": 2, "step": 3, "shown": 3, "N": 8, "back": False},
     26.0),
    ("arith-number-line-jumps", {"start": 14, "step": 4, "shown": 2, "N": 6, "back": True},
     -10.0),
    # 2 + 3 boxes hold 40: a box is 8, Ben has 3 boxes
    ("arith-bar-model-ratio", {"units": [2, 3], "unit": 8, "names": 0, "thing": 0, "who": 1,
                               "colors": ["blue", "orange"]}, 24.0),
    # per item 75, 70, 76, 80 cents
    ("arith-best-value", {"item": 0, "packs": [[4, 300], [6, 420], [10, 760], [12, 960]],
                          "ask": "lowest"}, "Pack B"),
    ("arith-best-value", {"item": 0, "packs": [[4, 300], [6, 420], [10, 760], [12, 960]],
                          "ask": "highest"}, "Pack D"),
    # second bus: 08:25 at stop 1, 08:50 at stop 3
    ("arith-timetable-trip", {"stops": [0, 1, 2, 3, 4],
                              "times": [[430, 445, 452, 470, 488], [490, 505, 512, 530, 548]],
                              "trip": [1, 3], "bus": 1}, 25.0),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    q = SEEDS[sid]
    assert q.answer(params) == expected
    redo = q.check(params)
    assert (redo == pytest.approx(expected, abs=1e-9)) if q.answer_type == "float" \
        else redo == expected
    if q.answer_type == "multiple choice":
        assert expected in q.options(params) and len(set(q.options(params))) == 4
    assert renderers.render(q.diagram(params), 224).size[0] == 224


def _check_variants(sid: str, n: int) -> None:
    q = SEEDS[sid]
    answers, specs, clauses = set(), set(), 0
    for v in range(n):
        var = make_variant(sid, v, seed=11)
        ans = q.answer(var.params)
        if q.answer_type == "multiple choice":
            assert len(var.choices) == 4 and len(set(var.choices)) == 4, (sid, v, var.choices)
            assert var.choices["ABCD".index(var.ground_truth)] == ans
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


def test_matrix_grid_writes_every_entry():
    from renderers.heatmap.spec import heatmap_facts
    var = make_variant("algebra-matrix-determinant", 3, seed=2)
    assert heatmap_facts(var.spec)["values"] == [[float(v) for v in r]
                                                  for r in var.params["m"]]


def test_absolute_solutions_question_names_what_it_sums():
    # with a clause before the asking sentence, "the sum of them" would point at the window
    var = make_variant("algebra-absolute-solutions", 1, seed=0)
    assert var.question == (
        "The graph of f(x) = a|x - h| + k and the horizontal line y = -1 are drawn. The "
        "equation f(x) = -1 has two solutions. The graph of f continues beyond the window "
        "drawn. What is the sum of the two solutions?")
