"""Statistics seeds comparing values read off charts (percentage growth, index numbers,
compound growth, gaps, overtakes, outliers) and comparing groups through tables and scatter
panels (combined mean, coefficient of variation, Laspeyres index, expected counts, chi-square,
strongest / weakest association): 50 variants each against the checker (200 in the soak tier),
the irrelevant clause leaves every answer alone, and hand-computed cases."""
import pytest

from engines.dynamath.seed import clause_problems, make_variant
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

MODULES = ("charts_more", "chart_pairs", "comparisons", "scatter_panels")
IDS = sorted(s for m in MODULES for s in seeds_of(m))


def test_the_modules_hold_their_seeds():
    assert [len(seeds_of(m)) for m in MODULES] == [5, 3, 5, 2]


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


O4 = {"order": [0, 1, 2, 3]}
YEARS = {"s": 0, "y0": 2015, "color": "blue"}
PAIR = {"s": 0, "y0": 2015, "colors": ["blue", "red"]}
CASES = [
    # rises +50% (+20), +66.7% (+40), +50% (+50), -6.7%, +14.3% (+20): the largest rise in
    # percent is 2016 to 2017, the largest in units 2017 to 2018
    ("stat-bar-largest-percent-growth", {**YEARS, "values": [40, 60, 100, 150, 140, 160],
                                         "pairs": [1, 2, 0, 4], **O4}, "2016 to 2017"),
    # 2018 over 2016: 150 / 120 * 100 = 125
    ("stat-bar-index-number", {**YEARS, "values": [80, 120, 90, 150, 100], "base": 1, "k": 3},
     125.0),
    # 50 -> 72 over two years: sqrt(1.44) = 1.2, so 20% a year
    ("stat-line-compound-growth", {**YEARS, "values": [50, 60, 72, 80, 90], "i": 0, "j": 2},
     20.0),
    # gaps 10, 5, 30, 12, 8: 2017
    ("stat-bar-largest-gap", {**PAIR, "vals": [[40, 50, 70, 60, 30], [50, 45, 40, 72, 38]],
                              "years": [2, 0, 1, 3], **O4}, "2017"),
    # North leads 2015, 2016; South ahead in 2017, behind in 2018, ahead in 2019
    ("stat-line-first-overtake", {**PAIR, "vals": [[60, 55, 40, 70, 50, 45],
                                                   [50, 50, 45, 60, 65, 30]], "lead": 0,
                                  "years": [2, 3, 4, 5], **O4}, "2017"),
    # 50 against 40: 10 / 40 = 25% (not 10 / 50 = 20%)
    ("stat-bar-percent-above", {**PAIR, "vals": [[50, 30, 30, 30, 30], [40, 31, 31, 31, 31]],
                                "k": 0, "hi": 0, **O4}, "25%"),
    # 5 values, the largest 9 raised by 10 to 19: the mean rises by 2, the median stays
    ("stat-bar-outlier-effect", {"d": 0, "values": [5, 7, 6, 9, 4], "color": "blue", "k": 3,
                                 "new": 19, **O4},
     "The mean increases by 2 and the median stays the same"),
    # 4 values summing 30, mean of 5 to be 8: 40 - 30 = 10
    ("stat-bar-value-for-mean", {"d": 0, "values": [6, 9, 7, 8], "color": "blue", "target": 8,
                                 "wrong": [2, 14, 6], **O4}, "10"),
    # (10 * 80 + 30 * 60 + 20 * 70) / 60 = 66.67, not the unweighted 70
    ("stat-table-combined-mean", {"t": 0, "sizes": [10, 30, 20], "means": [80, 60, 70],
                                  **O4}, "66.7"),
    # base basket 2*5 + 10 + 2 + 3 = 25, later 2*6 + 14 + 2 + 3 = 31: 124
    ("stat-table-laspeyres-index", {"b": 0, "q": [2, 1, 1, 1], "p0": [5, 10, 2, 3],
                                    "p1": [6, 14, 2, 3], "y0": 2016, **O4}, "124"),
    # row 1 total 60, column 1 total 50, grand total 120: 60 * 50 / 120 = 25
    ("stat-table-expected-count", {"t": 2, "obs": [[30, 30], [10, 30], [10, 10]], "i": 0,
                                   "j": 0}, 25.0),
    # totals 30, 30, 30 and 45, 45: every expected count 15, 4 * 5^2 / 15 = 6.67
    ("stat-table-chi-square", {"t": 2, "obs": [[20, 10], [10, 20], [15, 15]]}, 6.67),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)
