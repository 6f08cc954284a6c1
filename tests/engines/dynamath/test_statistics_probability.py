"""Probability-table statistics seeds: hand-computed cases and 50 variants each against the
checker (200 when slow); printed probabilities sum to exactly 1."""
from fractions import Fraction

import pytest

from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of
from engines.dynamath.seed import make_variant

IDS = seeds_of("probability")
DIST = {"d": 0, "x": [0, 1, 2, 3], "p": [10, 40, 30, 20]}
TWO = {"t": 2, "n": [[23, 15], [14, 17]], "r": 0, "c": 0}


def test_at_least_three_seeds():
    assert len(IDS) >= 3


@pytest.mark.parametrize("sid", IDS)
def test_50_variants_pass_the_checker(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier (the soak tier also runs the 50-variant check here; make test checks every seed in test_seed.py)
@pytest.mark.parametrize("sid", IDS)
def test_200_variants_pass_the_checker(sid):
    check_variants(sid, 200, seed=12)


CASES = [
    ("stat-dist-expected-value", DIST, 1.6),  # 0.4 + 0.6 + 0.6
    ("stat-dist-variance", DIST, 0.84),  # 3.4 - 1.6^2
    ("stat-dist-missing-probability", {**DIST, "hide": 2, "k": 1}, 0.9),  # 1 - P(X=0)
    ("stat-twoway-conditional", {**TWO, "given": "column"}, 0.62),  # 23 / 37
    ("stat-twoway-conditional", {**TWO, "given": "row"}, 0.61),  # 23 / 38
    ("stat-dist-median", {**DIST, "p": [10, 45, 25, 20]}, "1"),  # CDF 0.1, 0.55
    ("stat-dist-median", {**DIST, "p": [10, 30, 30, 30]}, "2"),  # CDF 0.1, 0.4, 0.7
    ("stat-dist-compare-expected", {"prizes": [0, 2, 10], "pa": [50, 30, 20],
                                    "pb": [40, 50, 10]}, "Game A"),  # 2.6 > 2.0
    ("stat-dist-compare-expected", {"prizes": [0, 2, 10], "pa": [50, 30, 20],
                                    "pb": [58, 20, 22]}, "Both are equal"),  # 2.6 = 2.6
    ("stat-twoway-highest-rate", {"t": 0, "n": [[10, 20, 10], [30, 5, 5], [5, 20, 5]], "c": 1},
     "Grade 11"),  # Bus: 20/40, 5/40, 20/30
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)


def test_printed_probabilities_sum_to_one():
    for v in range(30):
        spec = make_variant("stat-dist-variance", v, seed=3).spec
        assert sum(Fraction(c) for c in spec.rows[0][1:]) == 1
    spec = make_variant("stat-dist-missing-probability", 0, seed=3).spec
    assert spec.rows[0][1:].count("?") == 1


@pytest.mark.parametrize("sid", ["stat-urn-same-colour", "stat-urn-more-likely"])
def test_urn_question_says_the_chart_gives_the_bag(sid):
    # the figure is a bar chart of the bag's contents, not a drawn bag
    var = make_variant(sid, 4, seed=0)
    assert type(var.spec).__name__ == "ChartSpec"
    assert "from the bag whose contents the chart shows" in var.question
    assert "bag shown" not in var.question
