"""Analytic-geometry seeds: hand-computed answers for hand-picked params, the canonical
variants, the renderer's own facts agreeing with the answers, points placed near the curve,
rounded answers that are never half-way ties, transformation answers that are unique, coverage
of levels / answer types / kinds, and questions that need the picture."""
import math

import numpy as np
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.seed_checks import answer_letters, text_leaves_answer_open

SEEDS = load_seeds()
ANALYTIC = sorted(s for s in SEEDS if s.startswith("analytic-"))

# (seed id, params, answer worked out by hand)
CASES = [
    ("analytic-distance", {"pts": [[-3, -2], [3, 2]], "names": ["A", "B"], "color": "blue",
                           "r": 6}, 7.21),  # sqrt(52)
    ("analytic-midpoint", {"pts": [[-3, -2], [4, 5]], "names": ["P", "Q"], "color": "blue",
                           "r": 6, "ask": "y"}, 1.5),
    ("analytic-slope", {"pts": [[-2, -3], [4, 1]], "names": ["A", "B"], "color": "red",
                        "coords": False, "r": 6}, 0.67),  # 4 / 6
    ("analytic-y-intercept", {"kind": "line", "pts": [[1, 4], [3, -5]], "color": "blue",
                              "r": 7}, 8.5),  # slope -4.5, 4 + 4.5
    ("analytic-y-intercept", {"kind": "parabola", "pts": [[3, 1], [5, 3]], "a": 0.5,
                              "color": "blue", "r": 7}, 5.5),  # 0.5 * 9 + 1
    ("analytic-line-intersection", {"at": [2, 1], "m": [[1, 1], [-1, 2]],
                                    "colors": ["blue", "red"], "ask": "y", "r": 6}, 1.0),
    ("analytic-point-line-distance", {"q": [0, 0], "m": [1, 1], "P": [3, -1], "color": "red",
                                      "r": 6}, 2.83),  # |3 + 1| / sqrt(2)
    ("analytic-point-line-distance", {"q": [2, 0], "m": None, "P": [-3, 4], "color": "red",
                                      "r": 6}, 5.0),  # x = 2
    ("analytic-line-relation", {"pts": [[1, 1], [3, 2], [1, -2], [2, -4]], "rel": 1, "turn": 0,
                                "flip": False, "colors": ["blue", "red"]}, "perpendicular"),
    ("analytic-steepest-line", {"m": [0, 3, 5], "colors": ["red", "blue", "green"],
                                "at": [[0, 0], [1, 1], [-1, 2]], "ask": "least"}, "red"),
    ("analytic-triangle-area", {"base": [[0, 0], [4, 0], [1, 3]], "turn": 1, "flip": True,
                                "shift": [0, -2], "coords": True, "color": "blue"}, 6.0),
    ("analytic-quadrilateral-area", {"pts": [[-4, -3], [3, -3], [3, 2], [-4, 2]],
                                     "color": "red"}, 35.0),
    ("analytic-circle-measure", {"c": [1, -1], "v": [3, 4], "names": ["C", "P"],
                                 "coords": True, "ask": "circumference", "color": "blue",
                                 "r": 7}, 31.42),  # 10 pi
    ("analytic-point-in-circle", {"c": [0, 1], "rsq": 25, "P": [3, 5], "color": "blue"}, "on"),
    ("analytic-point-in-circle", {"c": [0, 1], "rsq": 25, "P": [2, 4], "color": "blue"},
     "inside"),
    ("analytic-point-in-circle", {"c": [0, 1], "rsq": 25, "P": [4, 5], "color": "blue"},
     "outside"),
    ("analytic-parabola-coefficient", {"v": [1, -3], "a": 1.0, "d": 2, "ask": "b",
                                       "color": "blue"}, -2.0),  # (x - 1)^2 - 3
    ("analytic-ellipse-measure", {"c": [1, 0], "ab": [5, 3], "ask": "eccentricity",
                                  "color": "purple"}, 0.8),  # c = 4
    ("analytic-ellipse-measure", {"c": [1, 0], "ab": [3, 5], "ask": "area",
                                  "color": "purple"}, 47.12),  # 15 pi
    ("analytic-reflect-point", {"P": [2, 4], "ask": 3, "labels": [2, 0, 3, 1]}, "B"),  # (4, 2)
    ("analytic-which-transformation", {"tri": [[1, 1], [3, 1], [1, 4]], "move": 4,
                                       "shift": [0, 0], "colors": ["blue", "red"]},
     "a rotation of 180° about the origin"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    img = check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)
    assert img.size == (224, 224)


def test_canonical_variant_zero_ground_truth():
    expect = {"analytic-distance": "7.21", "analytic-slope": "0.67",
              "analytic-line-intersection": "2", "analytic-triangle-area": "6",
              "analytic-circle-measure": "78.54", "analytic-parabola-coefficient": "-2",
              "analytic-ellipse-measure": "8", "analytic-reflect-point": "A"}
    for sid, gt in expect.items():
        assert make_variant(sid, 0, seed=123).ground_truth == gt, sid


def test_facts_of_the_drawn_chart_agree_with_the_answer():
    """The renderer's own facts (what the picture shows) give the seed's number."""
    f = renderers.facts(SEEDS["analytic-ellipse-measure"].diagram(
        {"c": [1, 0], "ab": [5, 3], "ask": "area", "color": "blue"}))
    assert f["objects"][0]["foci"] == [[-3.0, 0.0], [5.0, 0.0]]


def test_data_are_readable_from_the_picture():
    for v in range(60):
        p = make_variant("analytic-point-in-circle", v, seed=2).params
        d2 = (p["P"][0] - p["c"][0]) ** 2 + (p["P"][1] - p["c"][1]) ** 2
        assert 0.45 * p["rsq"] <= d2 <= 1.8 * p["rsq"]  # near the curve: needs the equation


def test_rounded_answers_are_never_half_way_ties():
    for sid in ("analytic-slope", "analytic-y-intercept"):
        for v in range(100):
            x = float(make_variant(sid, v, seed=8).ground_truth)
            assert math.isfinite(x)
    from engines.dynamath.seeds.analytic_geometry.grid import tie
    assert tie(0.125) and tie(-3.375) and not tie(0.25) and not tie(1 / 3)


def test_y_intercept_question_states_the_graph_kind_and_the_vertex():
    # "the graph shown" beside a U-shaped curve would leave the parabola and its vertex unstated
    assert make_variant("analytic-y-intercept", 3, seed=0).question == (
        "The graph is a parabola with vertex V that passes through P. What is the "
        "y-intercept of the drawn parabola? Round to two decimal places.")
    kinds = set()
    for v in range(40):
        var = make_variant("analytic-y-intercept", v, seed=0)
        kinds.add(var.params["kind"])
        names = [n for o in var.spec.objects for n in o.pt_names]
        if var.params["kind"] == "line":
            assert "straight line through A and B" in var.question and names == ["A", "B"]
        else:
            assert "parabola with vertex V that passes through P" in var.question
            assert names == ["V", "P"] and var.spec.objects[0].pts[0] == var.params["pts"][0]
    assert kinds == {"line", "parabola"}


def test_coverage_of_levels_types_kinds():
    assert len(ANALYTIC) >= 13
    qs = [SEEDS[s] for s in ANALYTIC]
    assert {q.topic for q in qs} == {"analytic geometry"}
    assert {q.answer_type for q in qs} == {"float", "multiple choice", "text"}
    assert {"high school", "undergraduate"} <= {q.level for q in qs}
    kinds = {k for q in qs for k in q.kinds}
    assert kinds >= {"numerical value", "color", "symbolic substitution",
                     "geometric transformation", "function type"}


@pytest.mark.parametrize("sid", sorted(ANALYTIC))
def test_question_needs_the_image(sid):
    """Same question text, different answers: the deciding value is only in the picture."""
    assert text_leaves_answer_open(sid, 80, seed=3), sid


def test_answer_letter_spread_of_multiple_choice():
    for sid in ANALYTIC:
        if SEEDS[sid].answer_type == "multiple choice":
            letters = answer_letters(sid, 3, 60, seed=4)
            assert len(letters) >= 3, (sid, letters)


def test_transformation_answers_are_unique():
    """No other listed move maps the triangle onto its image (else two options are right)."""
    q = SEEDS["analytic-which-transformation"]
    for v in range(40):
        p = make_variant("analytic-which-transformation", v, seed=6).params
        assert q._matches(p["tri"], q._img(p)) == [p["move"]]
    imgs = {tuple(o.pts[0]) for o in SEEDS["analytic-reflect-point"].diagram(
        {"P": [2, -5], "ask": 0, "labels": [0, 1, 2, 3]}).objects}
    assert len(imgs) == 5 and (2.0, 5.0) in imgs and (-5.0, 2.0) in imgs
    assert np.isclose(SEEDS["analytic-triangle-area"].answer(
        SEEDS["analytic-triangle-area"].canonical), 6.0)
