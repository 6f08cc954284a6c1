"""Puzzle-test seeds: hand-computed answers for hand-picked params, the canonical variant 0,
coverage of levels / answer types / kinds, and questions that need the picture."""
import pytest

from engines.dynamath.seed import load_seeds, make_variant
import renderers
from tests.engines.dynamath.seed_checks import answer_letters

SEEDS = load_seeds()
PUZZLE = sorted(s for s in SEEDS if s.startswith("puzzle-"))



def _f(shape, color, count):
    return {"shape": shape, "color": color, "count": count, "rotation": 0.0, "mirrored": False}


# (seed id, params, answer worked out by hand)
CASES = [
    ("puzzle-row-sum-grid", {"grid": [[4, 7, 11], [9, 3, 12], [6, 8, 14]], "missing": [2, 1]},
     8.0),  # 14 - 6
    ("puzzle-row-sum-grid", {"grid": [[4, 7, 11], [9, 3, 12], [6, 8, 14]], "missing": [1, 2]},
     12.0),  # 9 + 3
    ("puzzle-magic-square", {"sym": 0, "a": 1, "b": 0, "missing": [1, 1]}, 5.0),
    ("puzzle-magic-square", {"sym": 0, "a": 2, "b": 3, "missing": [0, 1]}, 17.0),  # 2*7 + 3
    ("puzzle-row-rule", {"formula": "a*b+1", "rows": [[3, 4, 13], [5, 2, 11], [6, 3, 19]]},
     19.0),
    ("puzzle-triangle-centre", {"formula": "a*b-c",
                                "tris": [[3, 4, 2, 10], [5, 2, 6, 4], [4, 6, 5, 19]]}, 19.0),
    ("puzzle-pyramid-top", {"bottom": [3, 5, 2, 6], "j": 1, "parent": 1}, 30.0),
    # 8 7 8 -> 15 15 -> 30
    ("puzzle-pyramid-base", {"bottom": [2, 4, 1, 3], "j": 2}, 1.0),
    ("puzzle-latin-square", {"grid": [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]],
                             "missing": [0, 0], "hidden": [[0, 1]]}, 1.0),
    ("puzzle-chain-output", {"start": 7, "ops": ["*3", "-5", "/2"]}, 8.0),  # (21 - 5) / 2
    ("puzzle-chain-input", {"start": 6, "ops": ["+4", "*3", "-2"]}, 6.0),
    # 5 ? 3 + 4 = 19 only with x (5 + 3 + 4 = 12, 5 - 3 + 4 = 6, 5 / 3 + 4 is not whole)
    ("puzzle-chain-missing-sign", {"start": 5, "ops": ["*3", "+4"], "hide": 0}, "\u00d7"),
    ("puzzle-chain-missing-sign", {"start": 12, "ops": ["/4", "-1"], "hide": 1}, "\u2212"),
    ("puzzle-grid-paths", {"rows": 4, "cols": 4, "blocked": [[1, 1], [2, 3]]}, 4.0),
    ("puzzle-grid-paths", {"rows": 3, "cols": 3, "blocked": []}, 6.0),  # C(4, 2)
    ("puzzle-count-sequence", {"shape": "star", "color": "blue", "start": 1, "step": 2,
                               "n": 5}, 9.0),
    ("puzzle-color-sequence", {"shape": "circle", "cycle": ["red", "blue", "green"], "n": 7,
                               "count": 1}, "red"),
    ("puzzle-color-sequence", {"shape": "circle", "cycle": ["red", "blue"], "n": 6,
                               "count": 2}, "blue"),
    ("puzzle-arrow-turn", {"r0": 0, "step": 90, "n": 4, "color": "red"}, "down"),
    # 90 - 4 * 90 = -270 degrees, the same direction as 90: up
    ("puzzle-arrow-turn", {"r0": 90, "step": -90, "n": 5, "color": "red"}, "up"),
    ("puzzle-arrow-turn", {"r0": 180, "step": 180, "n": 4, "color": "red"}, "right"),
    ("puzzle-mirror-odd", {"shape": "fshape", "color": "blue",
                           "rotations": [0, 90, 180, 270, 90], "odd": 2}, "C"),
    ("puzzle-odd-one-out", {"n": 5, "shape": "circle", "color": "red", "count": 2, "odd": 3,
                            "differs": "color", "odd_value": "green"}, "D"),
    ("puzzle-color-count", {"colors": [["red", "blue", "red"], ["red", "green", "blue"]],
                            "palette": ["red", "blue", "green"], "ask": "blue"}, 2.0),
    ("puzzle-color-majority", {"colors": [["red", "blue", "red"], ["red", "green", "blue"]],
                               "palette": ["red", "blue", "green"]}, "red"),
    ("puzzle-matrix-cell", {"row_attr": "color", "col_attr": "count",
                            "row_vals": ["red", "blue", "green"], "col_vals": [1, 2, 3],
                            "fixed_attr": "shape", "fixed": "star", "missing": [2, 0],
                            "choices": [_f("star", "green", 2), _f("star", "blue", 1),
                                        _f("star", "green", 1), _f("circle", "green", 1)]},
     "C"),  # third row green, first column one star
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    q = SEEDS[sid]
    assert q.answer(params) == expected
    redo = q.check(params)
    assert redo is None or redo == expected
    if q.answer_type == "multiple choice":
        assert expected in q.options(params)
    renderers.render(q.diagram(params), 224)


def test_canonical_variant_zero_ground_truth():
    expect = {"puzzle-row-sum-grid": "8", "puzzle-magic-square": "5", "puzzle-row-rule": "19",
              "puzzle-triangle-centre": "19", "puzzle-pyramid-top": "30",
              "puzzle-pyramid-base": "1", "puzzle-chain-output": "8",
              "puzzle-chain-input": "6", "puzzle-grid-paths": "4",
              "puzzle-count-sequence": "9", "puzzle-color-sequence": "red",
              "puzzle-arrow-turn": "B", "puzzle-chain-missing-sign": "C",
              "puzzle-mirror-odd": "C", "puzzle-odd-one-out": "D"}
    for sid, gt in expect.items():
        v = make_variant(sid, 0, seed=123)
        assert v.ground_truth == gt, (sid, v.ground_truth)


def test_coverage_of_levels_types_kinds():
    assert len(PUZZLE) >= 14
    qs = [SEEDS[s] for s in PUZZLE]
    assert {q.topic for q in qs} == {"puzzle test"}
    assert {q.answer_type for q in qs} == {"float", "multiple choice", "text"}
    assert {q.level for q in qs} == {"elementary school", "high school", "undergraduate"}
    kinds = {k for q in qs for k in q.kinds}
    assert kinds >= {"numerical value", "color", "geometric transformation",
                     "symbolic substitution"}


def test_every_puzzle_question_needs_the_image():
    """Same question text, different answers: the deciding value is only in the picture."""
    for sid in PUZZLE:
        by_text = {}
        for v in range(60):
            var = make_variant(sid, v, seed=3)
            ans = var.choices["ABCDE".index(var.ground_truth)] if var.choices else \
                var.ground_truth
            by_text.setdefault(var.question, set()).add(ans)
        assert any(len(a) > 1 for a in by_text.values()), sid


def test_answer_letter_spread_of_multiple_choice():
    for sid in PUZZLE:
        if SEEDS[sid].answer_type != "multiple choice":
            continue
        letters = answer_letters(sid, 3, 60, seed=4)
        assert len(letters) >= 3, (sid, letters)
