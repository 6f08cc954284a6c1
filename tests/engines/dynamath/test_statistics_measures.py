"""Statistics seeds computing measures on charts and data tables: hand-computed cases and 50
variants each against the checker (200 when slow)."""
import pytest

from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

IDS = seeds_of("chart_measures")


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
    ("stat-bar-frequency-mean", {"f": 0, "x0": 0, "counts": [2, 3, 5], "color": "blue"},
     1.3),  # (0 x 2 + 1 x 3 + 2 x 5) / 10
    ("stat-bar-zscore", {"n": 5, "values": [60, 70, 80, 90, 100], "ask": 4, "color": "blue"},
     1.41),  # 20 / sqrt(200)
    ("stat-histogram-percent-below", {"h": 0, "counts": [5, 10, 5, 10, 10], "cut": 2,
                                      "color": "blue"}, 37.5),  # 15 / 40
    ("stat-scatter-correlation-estimate", {"x": [0.0, 1, 2, 3, 4], "y": [0.5, 1, 2.5, 3, 4],
                                           "color": "blue"}, "0.9"),
    ("stat-line-percent-change", {"k": 0, "values": [200, 250, 300, 150], "a": 1, "b": 3,
                                  "color": "blue"}, -40.0),  # (150 - 250) / 250
    ("stat-table-sample-std", {"s": 0, "values": [2, 4, 4, 4, 5, 5, 7, 9]}, 2.14),  # 32 / 7
    ("stat-table-regression-predict", {"x": [1, 2, 3, 4], "y": [52, 60, 61, 71], "x0": 10},
     104.5),  # 46.5 + 5.8 x 10
    ("stat-line-largest-drop", {"k": 0, "values": [300, 250, 400, 180, 200], "color": "blue",
                                "steps": ["Jan to Feb", "Feb to Mar", "Mar to Apr",
                                          "Apr to May"]}, "Mar to Apr"),  # -50, +150, -220
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)
