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
