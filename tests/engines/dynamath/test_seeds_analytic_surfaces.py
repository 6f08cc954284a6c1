"""Analytic-geometry seeds on 3-D surface plots (engines/dynamath/seeds/analytic_geometry/
surfaces.py): 50 variants each pass the contract, the independent checker and the clause proof
(200 in the slow run), and hand-computed cases."""
import pytest

from engines.dynamath.seed import load_seeds
from tests.engines.dynamath.analytic_variants import check_variants
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
NEW = ["analytic-surface-which-function", "analytic-surface-max", "analytic-surface-peaks",
       "analytic-surface-highest-point"]


@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier (the soak tier also runs the 50-variant check here; make test checks every seed in test_seed.py)
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200, seed=5)


CASES = [
    ("analytic-surface-which-function", {"shape": "z = y² - x²", "order": [0, 1, 2, 3],
                                         "others": ["z = x² - y²", "z = x + y", "z = x - y"],
                                         "azim": -60.0, "color": "blue"}, "z = y² - x²"),
    ("analytic-surface-max", {"peaks": [[2, -1, 6, 0.8], [-1, 1, 3, 0.8]],
                              "cands": [[2, -1], [-1, 1], [-1, 2], [-2, -1]],
                              "order": [0, 1, 2, 3], "azim": -60.0, "color": "blue"}, "(2, -1)"),
    ("analytic-surface-peaks", {"peaks": [[-2, -2, 5, 0.8], [2, 2, 4, 0.8], [2, -2, -3, 0.8]],
                                "n": 2, "azim": 30.0, "color": "blue"}, "2"),
    # z = 0.4x² + 0.2y²: A(3, 0) 3.6, B(0, 3) 1.8, C(1, 1) 0.6
    ("analytic-surface-highest-point", {"quad": [0.4, 0.2], "plane": [0.0, 0.0],
                                        "pts": [[3, 0], [0, 3], [1, 1]], "azim": -60.0,
                                        "color": "blue"}, "A"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)
