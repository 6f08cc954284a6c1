"""Analytic-geometry seeds on conics (engines/dynamath/seeds/analytic_geometry/conics.py): 50
variants each pass the contract, the independent checker and the clause proof (200 in the slow
run), and hand-computed cases."""
import pytest

from engines.dynamath.seed import load_seeds
from tests.engines.dynamath.analytic_variants import check_variants
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
NEW = ["analytic-ellipse-foci", "analytic-ellipse-equation", "analytic-circle-equation",
       "analytic-circle-tangent", "analytic-parabola-focus", "analytic-hyperbola-asymptotes",
       "analytic-hyperbola-measure"]


@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier (the soak tier also runs the 50-variant check here; make test checks every seed in test_seed.py)
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200, seed=5)


O4 = [0, 1, 2, 3]
CASES = [
    # a = 5, b = 3: c = sqrt(25 - 9) = 4 along x
    ("analytic-ellipse-foci", {"c": [1, -2], "ab": [5, 3], "order": O4, "color": "blue"},
     "(1 ± 4, -2)"),
    ("analytic-ellipse-foci", {"c": [0, 1], "ab": [2, 3], "order": O4, "color": "blue"},
     "(0, 1 ± √5)"),
    ("analytic-ellipse-equation", {"c": [2, -1], "ab": [3, 2], "order": O4, "color": "red"},
     "(x - 2)²/9 + (y + 1)²/4 = 1"),
    ("analytic-circle-equation", {"c": [2, -1], "r": 3, "order": O4, "color": "red"},
     "(x - 2)² + (y + 1)² = 9"),
    # P = (3, 4) on x² + y² = 25: tangent 3x + 4y = 25
    ("analytic-circle-tangent", {"c": [0, 0], "d": [3, 4], "order": O4, "color": "red"},
     "y = -0.75x + 6.25"),
    # y = x²: focus (0, 1/4); y = 0.5(x - 1)² + 2: directrix y = 2 - 1/2
    ("analytic-parabola-focus", {"v": [0, 0], "a": 1.0, "d": 2, "ask": "focus", "order": O4,
                                 "color": "red"}, "(0, 0.25)"),
    ("analytic-parabola-focus", {"v": [1, 2], "a": 0.5, "d": 2, "ask": "directrix",
                                 "order": O4, "color": "red"}, "y = 1.5"),
    ("analytic-hyperbola-asymptotes", {"c": [0, 0], "ab": [2, 3], "axis": "x", "order": O4,
                                       "color": "red"}, "y = ±1.5x"),
    # 3-4-5: e = 5/3, foci 10 apart
    ("analytic-hyperbola-measure", {"c": [1, 0], "ab": [3, 4], "axis": "x",
                                    "ask": "eccentricity", "color": "red"}, 1.67),
    ("analytic-hyperbola-measure", {"c": [1, 0], "ab": [4, 3], "axis": "y",
                                    "ask": "distance between the foci", "color": "red"}, 10.0),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9, distinct_options=True)
