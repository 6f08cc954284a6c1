"""Statistics seeds of probability_more.py and distributions_more.py (tree diagrams, urns, rate
and two-way tables, bar charts of distributions, z-scores): 50 variants each against the
checker (200 in the soak tier), the irrelevant clause leaves every answer alone, and
hand-computed cases.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st1.py
"""
import pytest

from engines.dynamath.seed import clause_problems, make_variant
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

MODULES = ("probability_more", "distributions_more", "normal_curves", "rate_tables")
IDS = sorted(s for m in MODULES for s in seeds_of(m))


def test_the_modules_hold_their_seeds():
    assert len(IDS) >= 10


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


TREE = {"t": 0, "a": 3, "b": [12, 5]}  # P(R) 0.3, P(L | R) 0.6, P(L | R') 0.25
BAR = {"s": 0, "h": [10, 20, 40, 20, 10], "color": "blue"}
TABLE = {"c": 2, "x": [0, 1, 2], "h": [20, 50, 30], "order": [0, 1, 2, 3]}  # Y = 4X + 2
NORMAL = {"m": 0, "mu": 170, "sd": 8, "color": "blue"}
ORDER = {"order": [0, 1, 2, 3]}
CASES = [
    ("stat-tree-total-probability", TREE, 0.355),  # 0.3 * 0.6 + 0.7 * 0.25
    ("stat-tree-bayes", {**TREE, **ORDER}, "0.507"),  # 0.18 / 0.355
    # 50% * 2%, 30% * 4%, 20% * 5%: 100, 120, 100 of 10000 -> B holds 120 / 320
    ("stat-bayes-rate-posterior", {"t": 0, "share": [50, 30, 20], "rate": [2, 4, 5], "ask": 1},
     0.375),
    ("stat-bayes-rate-table", {"t": 0, "share": [50, 30, 20], "rate": [2, 5, 4], **ORDER},
     "Machine B"),  # 100, 150, 80
    ("stat-twoway-independence", {"t": 0, "n": [[20, 30], [40, 60]]},
     "Yes, they are independent"),
    # cycles: 25 of 60 under 40, 25 of 90 over 40
    ("stat-twoway-independence", {"t": 0, "n": [[25, 25], [35, 65]]},
     'No: P("Cycles" | "Under 40") > P("Cycles")'),
    ("stat-urn-same-colour", {"names": ["red", "blue"], "counts": [3, 2], **ORDER}, "2/5"),
    # (6 * 5 + 3 * 2) / (9 * 8) = 1/2
    ("stat-urn-more-likely", {"names": ["red", "blue"], "counts": [6, 3]},
     "Both are equally likely"),
    ("stat-pmf-bar-tail", {**BAR, "k": 3, **ORDER}, "0.30"),
    # mean 0.3 + 0.2 + 0.3 + 0.4 = 1.2, median 1 (the CDF passes 0.5 at 1)
    ("stat-pmf-bar-mean-vs-median", {**BAR, "h": [40, 30, 10, 10, 10]},
     "The mean is greater than the median"),
    ("stat-pmf-bar-conditional", {**BAR, "ab": [3, 1]}, 0.333),  # 0.30 / 0.90
    ("stat-dist-linear-mean", TABLE, "6.40"),  # E(X) = 1.1
    ("stat-dist-linear-variance", TABLE, "7.84"),  # Var(X) = 1.7 - 1.21 = 0.49, times 16
    ("stat-normal-empirical-shaded", {**NORMAL, "z": [-1, 2]}, 81.5),  # 34 + 34 + 13.5
    ("stat-normal-empirical-shaded", {**NORMAL, "z": [1, 4]}, 16.0),  # 13.5 + 2.35 + 0.15
    # P(X > 180) = 1 - Phi(1) = 0.1587
    ("stat-normal-shaded-probability", {**NORMAL, "sd": 10, "x": 180, "upper": True, **ORDER},
     "0.159"),
    ("stat-binomial-identify-p", {"s": 0, "n": 8, "pi": [1, 0, 2, 3], "color": "blue",
                                  **ORDER}, "0.3"),
    # z = 1, 2, 5/3, 0.5: Physics, not Chemistry (highest score)
    ("stat-zscore-best-subject", {"subj": [0, 1, 2, 5], "score": [80, 70, 65, 90],
                                  "mean": [70, 60, 60, 85], "sd": [10, 5, 3, 10]}, "Physics"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9, distinct_options=True)
