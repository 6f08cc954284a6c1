"""Analytic-geometry seeds of the second round on conics (conics_more.py), transformations
(transformations_more.py) and matrix maps (linear_maps_more.py): 50 variants each pass the
contract, the independent checker and the clause proof (200 in the soak run); every variant
renders at three sizes; hand-computed cases pin a few answers.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_ag2.py
"""
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from tests.engines.dynamath.analytic_variants import check_variants
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
CONICS = ["analytic-hyperbola-equation", "analytic-ellipse-eccentricity-compare",
          "analytic-parabola-from-focus", "analytic-ellipse-latus-rectum",
          "analytic-ellipse-focal-sum", "analytic-ellipse-quarter-turn",
          "analytic-hyperbola-focal-difference"]
MOVES = ["analytic-graph-stretch", "analytic-graph-transform-panels",
         "analytic-reflect-then-rotate", "analytic-matrix-image-point",
         "analytic-matrix-area-image", "analytic-linmap-kind", "analytic-dilation-centre",
         "analytic-two-reflections", "analytic-symmetry-matrix"]
NEW = CONICS + MOVES


@pytest.mark.soak  # make test checks every seed (test_seed.py); the soak tier 50 and 200 here
@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200, seed=5)


@pytest.mark.parametrize("sid", NEW)
def test_variants_render_at_three_sizes(sid):
    var = make_variant(sid, 1, seed=3)
    for size in (224, 336, 1024):
        assert renderers.render(var.spec, size).width == size


def test_levels_and_answer_types():
    mc = sum(SEEDS[s].answer_type == "multiple choice" for s in NEW)
    uni = sum(SEEDS[s].level == "undergraduate" for s in NEW)
    assert len(NEW) == 16 and mc == 12 and uni == 10
    assert all(SEEDS[s].level != "elementary school" for s in NEW)


O4 = [0, 1, 2, 3]
CASES = [
    # (x - 1)²/4 - (y + 2)²/9 = 1 opens left-right: V(3, -2), V'(-1, -2)
    ("analytic-hyperbola-equation", {"c": [1, -2], "ab": [2, 3], "axis": "x", "order": O4,
                                     "color": "blue"}, "(x - 1)²/4 - (y + 2)²/9 = 1"),
    # 5 x 4 is the roundest (e = 0.6); 5 x 1 the flattest
    ("analytic-ellipse-eccentricity-compare", {"axes": [[5, 1], [3, 2], [2, 4], [4, 5]],
                                               "ask": "smallest", "color": "red"}, "D"),
    ("analytic-ellipse-eccentricity-compare", {"axes": [[5, 1], [3, 2], [2, 4], [4, 5]],
                                               "ask": "largest", "color": "red"}, "A"),
    # focus (1, 3), directrix y = -1: vertex (1, 1), p = 2, a = 1/8
    ("analytic-parabola-from-focus", {"h": 1, "d": -1, "f": 3, "order": O4, "color": "blue"},
     "y = (1/8)(x - 1)² + 1"),
    # 2b²/a = 2·9/5
    ("analytic-ellipse-latus-rectum", {"c": [0, 0], "ab": [5, 3], "color": "blue"}, 3.6),
    # PF₁ + PF₂ = 2·5
    ("analytic-ellipse-focal-sum", {"c": [0, 0], "ab": [5, 3], "t": 0.9, "d1": 2.87,
                                    "color": "blue"}, 7.13),
    # P(3 cosh 0.5, 4 sinh 0.5) on F₂'s branch: PF₁ - PF₂ = 2·3; PF₁ = 8.64
    ("analytic-hyperbola-focal-difference", {"c": [0, 0], "ab": [3, 4], "side": 1, "t": 0.5,
                                             "d1": 8.64, "color": "blue"}, 2.64),
    # centre (2, 1) turned counterclockwise: (-1, 2), the axes swapped
    ("analytic-ellipse-quarter-turn", {"c": [2, 1], "ab": [4, 2], "turn": "counterclockwise",
                                       "order": O4, "color": "blue"},
     "(x + 1)²/4 + (y - 2)²/16 = 1"),
    # f = -(x - 1)² + 2 (a = -1, h = 1, k = 2), g = f(2x)
    ("analytic-graph-stretch", {"a": -1.0, "h": 1, "k": 2, "cands": ["f(2x)", "2f(x)",
                                                                      "f(-x)", "-f(x)"],
                                "order": O4, "colors": ["blue", "red"]}, "g(x) = f(2x)"),
    # A(2, 1) across the x-axis: (2, -1); 90° counterclockwise: (1, 2)
    ("analytic-reflect-then-rotate", {"tri": [[2, 1], [-3, 4], [-2, -3]], "ref": 0, "rot": 0,
                                      "v": 0, "order": O4, "color": "blue"}, "(1, 2)"),
    # det [[2, 1], [1, 3]] = 5 times the area 6
    ("analytic-matrix-area-image", {"m": [[2, 1], [1, 3]], "tri": [[1, 1], [4, 1], [1, 5]],
                                    "color": "blue"}, 30.0),
    # A(1, 2) -> A'(-2, 1), B(3, 1) -> B'(-1, 3): a quarter turn counterclockwise
    ("analytic-symmetry-matrix", {"tri": [[1, 2], [3, 1], [2, 4]], "picks": [0, 1, 2, 3],
                                  "order": O4, "colors": ["blue", "red"]}, "[[0, -1], [1, 0]]"),
    ("analytic-linmap-kind", {"m": [[1, 2], [0, 1]], "kind": 2, "color": "blue"}, "a shear"),
    # x = 1 then x = 4: a translation by 2·3
    ("analytic-two-reflections", {"case": "parallel", "lines": [1, 4], "axis": "x",
                                  "tri": [[-3, 1], [-1, 4], [-4, -2]], "order": O4,
                                  "color": "blue"}, "a translation by (6, 0)"),
    # centre (1, 1), factor 2: A(2, 1) -> A'(3, 1)
    ("analytic-dilation-centre", {"c": [1, 1], "k": 2, "tri": [[2, 1], [1, 3], [0, 0]],
                                  "img": [[3, 1], [1, 5], [-1, -1]], "order": O4,
                                  "colors": ["blue", "red"]}, "(1, 1)"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-6)


def test_matrix_image_point_is_the_product():
    q = SEEDS["analytic-matrix-image-point"]
    p = {"m": [[1, 2], [0, -1]], "P": [1, 2], "pts": [[2, 1], [5, -2], [-5, 2], [-2, 5]],
         "right": 1, "color": "blue"}
    check_hand_case(q, p, "B")  # M (1, 2) = (5, -2), drawn second


def test_transform_panels_letters_follow_the_drawn_order():
    for v in range(1, 8):
        var = make_variant("analytic-graph-transform-panels", v, seed=2)
        assert [pn.label for pn in var.spec.panels] == var.choices == list("ABCD")
        assert var.ground_truth == "ABCD"[var.params["order"].index(0)]
