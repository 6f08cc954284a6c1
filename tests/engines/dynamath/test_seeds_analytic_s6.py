"""Analytic-geometry seeds drawn with the panels family and on the grid: "which panel shows
this equation" (panels.py), shaded inequality regions (regions.py), vectors (vectors.py), polar
and parametric curves (polar_parametric.py) and constructions on points (constructions.py).
50 variants each pass the contract, the independent checker and the clause proof (200 in the
soak run); hand-computed cases pin a few answers.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_s6.py
"""
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from tests.engines.dynamath.analytic_variants import check_variants
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
PANELS = ["analytic-panels-line", "analytic-panels-parabola", "analytic-panels-circle-ellipse",
          "analytic-panels-exp-log", "analytic-panels-linear-inequality",
          "analytic-panels-quadratic-inequality", "analytic-panels-system",
          "analytic-panels-hyperbola", "analytic-panels-polar", "analytic-panels-parametric"]
REGIONS = ["analytic-region-point", "analytic-region-area", "analytic-region-linear-program",
           "analytic-region-lattice-points", "analytic-region-which-system",
           "analytic-region-between-curves", "analytic-region-disk-segment"]
VECTORS = ["analytic-vector-sum-length", "analytic-vector-dot", "analytic-vector-angle",
           "analytic-vector-projection", "analytic-vector-parallelogram",
           "analytic-vector-combination"]
CURVES = ["analytic-polar-rose-k", "analytic-polar-cardioid-area", "analytic-parametric-point"]
CONSTRUCTIONS = ["analytic-section-point", "analytic-rotate-point", "analytic-tangent-length",
                 "analytic-centroid"]
NEW = PANELS + REGIONS + VECTORS + CURVES + CONSTRUCTIONS


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


@pytest.mark.parametrize("sid", PANELS)
def test_which_panel_letters_follow_the_drawn_order(sid):
    for v in range(1, 12):
        var = make_variant(sid, v, seed=2)
        assert var.choices == ["A", "B", "C", "D"]
        assert [pn.label for pn in var.spec.panels] == var.choices
        assert var.ground_truth == "ABCD"[var.params["order"].index(0)]


O4 = [0, 1, 2, 3]
CASES = [
    # y = 2x - 3 is candidate 0, drawn in the second panel
    ("analytic-panels-line", {"cands": [["2", "-3"], ["-2", "-3"], ["2", "3"], ["-2", "3"]],
                              "order": [2, 0, 3, 1], "color": "blue", "form": "standard"}, "B"),
    # the triangle (0, 0), (4, 0), (0, 3): area 6; 2x + 3y peaks at (0, 3)
    ("analytic-region-area", {"poly": [[0, 0], [4, 0], [0, 3]], "color": "red"}, 6.0),
    ("analytic-region-linear-program", {"poly": [[0, 0], [4, 0], [0, 3]], "color": "red",
                                        "f": [2, 3], "goal": "largest"}, 9.0),
    ("analytic-region-linear-program", {"poly": [[0, 0], [4, 0], [0, 3]], "color": "red",
                                        "f": [-1, 2], "goal": "smallest"}, -4.0),
    # (0,0) (1,0) (2,0) (0,1) (1,1) (0,2); a dashed hypotenuse drops (2,0) (1,1) (0,2)
    ("analytic-region-lattice-points", {"poly": [[0, 0], [2, 0], [0, 2]],
                                        "strict": [False, False, False], "color": "red"}, 6.0),
    ("analytic-region-lattice-points", {"poly": [[0, 0], [2, 0], [0, 2]],
                                        "strict": [False, True, False], "color": "red"}, 3.0),
    # y = (x + 1)(x - 2) under y = 0: 3³/6
    ("analytic-region-between-curves", {"a": 1, "x": [-1, 2], "line": [0, 0],
                                        "color": "red"}, 4.5),
    # 25 acos(3/5) - 3 * 4
    ("analytic-region-disk-segment", {"r": 5, "c": 3, "side": "above", "color": "red"}, 11.18),
    # u = (3, 4), v = (0, -4): u.v = -16, cos = -0.8
    ("analytic-vector-dot", {"arrows": [[[1, 1], [4, 5]], [[-2, 1], [-2, -3]]],
                             "names": ["u", "v"]}, -16.0),
    ("analytic-vector-angle", {"arrows": [[[1, 1], [4, 5]], [[-2, 1], [-2, -3]]],
                               "names": ["u", "v"]}, 143.13),
    ("analytic-vector-projection", {"arrows": [[[1, 1], [4, 5]], [[-2, 1], [-2, -3]]],
                                    "names": ["u", "v"]}, -4.0),
    ("analytic-polar-rose-k", {"k": 4, "a": 3, "fn": "sin", "color": "red"}, 4.0),
    ("analytic-polar-cardioid-area", {"a": 2.0, "fn": "cos", "s": -1, "color": "red"}, 18.85),
    # x = 4cos t, y = 3sin t at t = π/2 is (0, 3): the point named Q
    ("analytic-parametric-point", {"curve": [4, 1, 3, 1], "js": [1, 3, 6, 9], "right": 1,
                                   "color": "red"}, "Q"),
    ("analytic-tangent-length", {"c": [0, 0], "r": 3, "P": [5, 4], "color": "red"}, 5.66),
    ("analytic-rotate-point", {"pts": [[2, 1], [4, 3], [1, 4]], "about": "origin",
                               "how": "90° counterclockwise", "order": O4, "color": "red",
                               "r": 7}, "(-1, 2)"),
    ("analytic-section-point", {"pts": [[-3, 1], [3, 4]], "names": ["A", "B"],
                                "ratio": [1, 2], "ask": "x", "color": "red", "r": 7}, -1.0),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)
