"""Heatmap statistics seeds: hand-computed cases and 50 variants each against the checker (200
when slow); correlation matrices are symmetric with a unit diagonal."""
import numpy as np
import pytest

from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

IDS = seeds_of("heatmap")
GRID = {"g": 0, "nr": 3, "nc": 3, "cmap": "blues", "values": [[5, 9, 2], [7, 1, 4], [3, 8, 6]]}
CORR = {"names": ["Age", "Pay", "Rent", "Sleep"],
        "r": [[1, 0.5, -0.7, 0.1], [0.5, 1, 0.2, -0.3], [-0.7, 0.2, 1, 0.6],
              [0.1, -0.3, 0.6, 1]]}


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
    ("stat-heatmap-max-cell", {**GRID, "opts": ["Tue, 9am", "Mon, 11am", "Wed, 1pm",
                                                "Tue, 1pm"]}, "Mon, 11am"),
    ("stat-heatmap-row-total", {**GRID, "axis": "row", "k": 2}, 17.0),  # 3 + 8 + 6
    ("stat-heatmap-row-total", {**GRID, "axis": "column", "k": 1}, 18.0),  # 9 + 1 + 8
    ("stat-heatmap-column-mean", {**GRID, "k": 0}, 5.0),  # 15 / 3
    ("stat-heatmap-largest-row", {**GRID, "nr": 4, "values": GRID["values"] + [[1, 1, 1]],
                                  "opts": ["Mon", "Tue", "Wed", "Thu"]}, "Wed"),  # 16 12 17 3
    ("stat-heatmap-correlation-strongest", {**CORR, "sign": "negative",
                                            "opts": ["Age and Rent", "Pay and Sleep",
                                                     "Age and Pay", "Rent and Sleep"]},
     "Age and Rent"),
    ("stat-heatmap-correlation-strongest", {**CORR, "sign": "positive",
                                            "opts": ["Age and Rent", "Pay and Sleep",
                                                     "Age and Pay", "Rent and Sleep"]},
     "Rent and Sleep"),  # 0.6 > 0.5
    ("stat-heatmap-correlation-r2", {**CORR, "pair": [1, 3]}, 9.0),  # (-0.3)^2 = 9 %
    ("stat-heatmap-conditional", {**GRID, "i": 1, "j": 2}, 0.33),  # 4 / 12
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)


def test_sampled_correlation_matrices_are_valid():
    q = SEEDS["stat-heatmap-correlation-r2"]
    for s in range(20):
        r = np.asarray(q.sample(np.random.default_rng(s))["r"])
        assert np.array_equal(r, r.T) and (np.diag(r) == 1).all() and np.abs(r).max() <= 1


def test_conditional_draw_picks_a_counted_item_not_a_cell():
    # "one of the counts in the row" reads as one of the row's cells (probability 1/5 here);
    # the answer 6/166 is for one visitor of the row
    v = SEEDS["stat-heatmap-conditional"]
    p = {"g": 0, "nr": 4, "nc": 5, "cmap": "oranges", "i": 3, "j": 3,
         "values": [[52, 40, 12, 7, 55], [61, 68, 35, 71, 56], [64, 70, 29, 53, 54],
                    [40, 44, 20, 6, 56]]}
    assert v.question(p) == (
        "Each cell of the heatmap is a number of visitors. One of the visitors counted in the "
        "Thu row is picked at random. What is the probability that it is counted in the 3pm "
        "column? Round to two decimal places.")
    assert v.answer(p) == 0.04
    for g, item in enumerate(("visitors", "sales", "rainy days", "orders")):
        assert f"One of the {item} counted in the " in v.question({**p, "g": g})
