"""Statistics seeds on ternary plots, box plots, histograms with unequal classes, cumulative
frequency, fitted lines, moving averages, grouped bars, spinners and stem-and-leaf plots:
50 variants each against the checker (200 in the soak tier), the irrelevant clause leaves
every answer alone, and hand-computed cases."""
import pytest

from engines.dynamath.seed import clause_problems, make_variant
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

MODULES = ("ternary", "box_hist", "cumulative", "trends", "regression", "stem_spinner")
IDS = sorted(s for m in MODULES for s in seeds_of(m))


def test_the_modules_hold_their_seeds():
    assert len(seeds_of("ternary")) >= 3
    assert len(IDS) >= 30


@pytest.mark.soak  # make test checks every seed (test_seed.py); the soak tier 50 and 200 here
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


CUM = {"c": 1, "counts": [2, 6, 8, 4], "color": "blue"}  # edges 0..40, cumulative 0 2 8 16 20
LINE = {"m": [1, 2], "b": 3, "xs": [2, 4, 8], "ys": [5, 4, 9], "color": "red"}  # y = x/2 + 3
GROUP = {"g": 0, "n": 4, "vals": [[10, 6, 9, 12], [30, 10, 3, 12]], "colors": ["blue", "red"]}
CASES2 = [
    ("stat-cumfreq-between", {**CUM, "ij": [1, 3]}, 14.0),  # 16 - 2
    ("stat-cumfreq-median", CUM, 22.5),  # 10 of 20: 8 by 20, then 2 of the 8 in 20-30
    # Q1 at 5: 10 + (5 - 2) / 6 * 10 = 15; Q3 at 15: 20 + 7 / 8 * 10 = 28.75
    ("stat-cumfreq-iqr", CUM, 13.75),
    ("stat-cumfreq-busiest-class", {**CUM, "others": [0, 1, 3], "order": [0, 1, 2, 3]},
     "20 to 30"),
    ("stat-fitted-line-residual", {**LINE, "ask": 1}, -1.0),  # 4 - (4 / 2 + 3)
    ("stat-fitted-line-sse", LINE, 6.0),  # residuals 5 - 4, 4 - 5, 9 - 7
    # Feb-Apr (start 1, months 1..3): (20 + 31 + 45) / 3 = 32
    ("stat-line-moving-average", {"s": 0, "start": 1, "values": [20, 31, 45, 50], "end": 2,
                                  "color": "blue"}, 32.0),
    ("stat-bar-group-share", {**GROUP, "k": 1, "s": 1}, 62.5),  # 10 / 16
    # Boys' shares: 25%, 37.5%, 75%, 50%: Music (not Art, whose bar is tallest)
    ("stat-bar-group-largest-share", {**GROUP, "s": 0, "order": [0, 1, 2, 3]}, "Music"),
]


@pytest.mark.parametrize("sid,params,expected", CASES2)
def test_hand_computed_answers_of_charts_and_lines(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)


STEM = {"t": 0, "s0": 2, "k": 3, "vals": [21, 23, 23, 25, 30, 32, 32, 32, 36, 41, 45]}
SPIN = {"prizes": [1, 5, 10], "tenths": [5, 3, 2]}
CASES3 = [
    ("stat-stemleaf-median", STEM, 32.0),  # the 6th of 11
    ("stat-stemleaf-iqr", STEM, 13.0),  # halves 21..30 (median 23), 32..45 (median 36)
    ("stat-stemleaf-mode", {**STEM, "others": [21, 30, 45], "order": [0, 1, 2, 3]}, "32"),
    ("stat-spinner-expected", SPIN, 4.0),  # 0.5 + 1.5 + 2
    # at least $11 in two spins: at least one $10 -> 1 - 0.8 ** 2 = 0.36
    ("stat-spinner-two-spins", {**SPIN, "t": 11}, 0.36),
]


@pytest.mark.parametrize("sid,params,expected", CASES3)
def test_hand_computed_answers_of_stems_and_spinners(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)
