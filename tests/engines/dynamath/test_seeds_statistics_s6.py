"""Statistics seeds on ternary plots, box plots, histograms with unequal classes, cumulative
frequency, fitted lines, moving averages, grouped bars, spinners and stem-and-leaf plots:
50 variants each against the checker (200 in the soak tier), the irrelevant clause leaves
every answer alone, and hand-computed cases."""
import pytest

from engines.dynamath.seed import clause_problems, make_variant
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

MODULES = ("ternary", "box_hist")
IDS = sorted(s for m in MODULES for s in seeds_of(m))


def test_the_modules_hold_their_seeds():
    assert len(seeds_of("ternary")) >= 3
    assert len(IDS) >= 14


@pytest.mark.parametrize("sid", IDS)
def test_50_variants_pass_the_checker(sid):
    check_variants(sid, 50)
    q = SEEDS[sid]
    letters = set()
    for v in range(50):
        var = make_variant(sid, v, seed=5)
        assert clause_problems(q, var.params) == [], (sid, v)
        letters.add(var.ground_truth)
    if q.answer_type == "multiple choice":
        assert len(letters) >= 3, (sid, letters)  # the right option's letter varies


@pytest.mark.soak  # 200 variants: the soak tier
@pytest.mark.parametrize("sid", IDS)
def test_200_variants_pass_the_checker(sid):
    check_variants(sid, 200, seed=12)


P2 = {"ctx": 0, "pc": 0, "dot": "black"}
CASES = [
    ("stat-ternary-read", {**P2, "comps": [[20, 50, 30], [60, 10, 30]], "ask": 1, "part": 2},
     30.0),
    # silt 50, 10, 20, 40: Q has the least
    ("stat-ternary-largest-share", {**P2, "comps": [[20, 50, 30], [60, 10, 30], [10, 20, 70],
                                                    [40, 40, 20]], "part": 1, "most": False,
                                    "order": [0, 1, 2, 3]}, "Q"),
    ("stat-ternary-mass", {**P2, "comps": [[20, 50, 30]], "ask": 0, "part": 1, "mass": 250},
     125.0),
    # (300 * 20 + 100 * 60) / 400 = 30
    ("stat-ternary-mixture", {**P2, "comps": [[20, 50, 30], [60, 10, 30]], "m": [300, 100],
                              "part": 0}, 30.0),
    # Q = P + 4 d, M = P + 1 d: M is a quarter of the way from P, so 3/4 of it is P
    ("stat-ternary-lever", {**P2, "comps": [[20, 50, 30], [60, 10, 30], [30, 40, 30]], "n": 4,
                            "k": 1}, 0.75),
    # clay 20 below 40, silt 50 below 60, sand 30 below 40: the fourth region
    ("stat-ternary-region", {"ctx": 0, "pc": 0, "th": [40, 60, 40], "comp": [20, 50, 30],
                             "names": ["I", "II", "III", "IV"], "order": [0, 1, 2, 3]}, "IV"),
    # classes 0-10 (d 2), 10-30 (d 3), 30-40 (d 5): 20 + 60 + 50 = 130 values, median at 65:
    # 20 before, 45 more of the 60 in 10-30 -> 10 + 45 / 3 = 25
    ("stat-hist-density-median", {"h": 0, "edges": [0, 10, 30, 40], "dens": [2, 3, 5],
                                  "color": "blue"}, 25.0),
    ("stat-hist-density-count", {"h": 0, "edges": [0, 10, 30, 40], "dens": [2, 3, 5],
                                 "color": "blue", "ij": [1, 3]}, 110.0),
    # midpoints 45, 55, 65 with counts 1, 2, 1 -> 55
    ("stat-hist-estimated-mean", {"h": 0, "counts": [1, 2, 1], "color": "blue"}, 55.0),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)


def test_box_fence_and_share_by_hand():
    d = [10.0, 12, 20, 25, 30, 33, 40, 41, 50]  # min 10, Q1 20, median 30, Q3 40, max 50
    p = {"box": 0, "samples": [d], "color": "blue", "ask": 0, "upper": True}
    check_hand_case(SEEDS["stat-box-upper-fence"], p, 70.0)  # 40 + 1.5 * 20
    p = {**p, "ij": [1, 4], "order": [0, 1, 2, 3]}
    check_hand_case(SEEDS["stat-box-share-between"], p, "75%")  # Q1 to the maximum
