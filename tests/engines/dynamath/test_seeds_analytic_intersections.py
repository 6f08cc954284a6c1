"""Analytic-geometry seeds on intersections, bisectors, circumcentres and mirror images
(engines/dynamath/seeds/analytic_geometry/intersections.py): 50 variants each pass the contract,
the independent checker and the clause proof (200 in the slow run), and hand-computed cases."""
import pytest

from engines.dynamath.seed import load_seeds
from tests.engines.dynamath.analytic_variants import check_variants
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
NEW = ["analytic-line-circle-count", "analytic-chord-length", "analytic-circle-circle",
       "analytic-perp-bisector", "analytic-circumcenter", "analytic-reflect-in-line"]


@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier (the soak tier also runs the 50-variant check here; make test checks every seed in test_seed.py)
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200, seed=5)


O4 = [0, 1, 2, 3]
CASES = [
    # the line through (3, 4) perpendicular to the radius: tangent to x² + y² = 25
    ("analytic-line-circle-count", {"c": [0, 0], "rsq": 25, "A": [3, 4], "B": [7, 1],
                                    "color": "red"}, "1"),
    ("analytic-line-circle-count", {"c": [0, 0], "rsq": 5, "A": [0, 3], "B": [1, 3],
                                    "color": "red"}, "0"),
    # y = 3 cuts x² + y² = 25 at x = ±4
    ("analytic-chord-length", {"c": [0, 0], "rsq": 25, "A": [0, 3], "B": [1, 3],
                               "color": "red"}, 8.0),
    ("analytic-circle-circle", {"c1": [0, 0], "c2": [3, 4], "r": [2, 3],
                                "colors": ["blue", "red"]}, "they touch at exactly one point"),
    ("analytic-circle-circle", {"c1": [0, 0], "c2": [0, 3], "r": [1, 5],
                                "colors": ["blue", "red"]}, "one lies inside the other"),
    # AB from (1, 1) to (3, 5): midpoint (2, 3), slope 2, bisector slope -1/2
    ("analytic-perp-bisector", {"A": [1, 1], "B": [3, 5], "order": O4, "color": "red"},
     "y = -0.5x + 4"),
    ("analytic-circumcenter", {"O": [1, 0], "pts": [[6, 0], [1, 5], [-2, 4]], "order": O4,
                               "color": "red"}, "(1, 0)"),
    # (3, 1) in y = x + 1: the midpoint (1.5, 2.5) is on the line
    ("analytic-reflect-in-line", {"P": [3, 1], "kind": 0, "c": 1, "order": O4}, "(0, 4)"),
    ("analytic-reflect-in-line", {"P": [3, 1], "kind": 3, "c": -2, "order": O4}, "(3, -5)"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)
