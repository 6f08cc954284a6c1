"""Calendar statistics seeds: hand-computed cases on March 2024 (it starts on a Friday, 29
March was Good Friday) and 50 variants each against the checker (200 when slow)."""
import pytest

from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

IDS = seeds_of("calendar")
MAR = {"year": 2024, "month": 3, "first": 0}
WD = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]


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
    ("stat-calendar-weekday", {**MAR, "day": 15, "opts": WD}, "Friday"),
    ("stat-calendar-count-weekday", {**MAR, "wd": 4}, 5.0),  # Fridays 1, 8, 15, 22, 29
    ("stat-calendar-count-weekday", {**MAR, "wd": 0}, 4.0),  # Mondays 4, 11, 18, 25
    ("stat-calendar-days-between", {**MAR, "days": [3, 20], "inclusive": False}, 17.0),
    ("stat-calendar-days-between", {**MAR, "days": [3, 20], "inclusive": True}, 18.0),
    ("stat-calendar-days-later", {**MAR, "day": 1, "k": 10, "opts": WD}, "Monday"),
    ("stat-calendar-working-days", {**MAR, "holidays": [29]}, 20.0),  # 21 weekdays - 1
    ("stat-calendar-next-month", {**MAR, "opts": WD}, "Monday"),  # 1 April 2024
    ("stat-calendar-nth-weekday", {**MAR, "wd": 1, "nth": 2}, 19.0),  # Tuesdays 5, 12, 19
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected)


def test_marked_days_are_drawn_with_their_legend():
    spec = SEEDS["stat-calendar-days-between"].diagram({**MAR, "days": [3, 20],
                                                        "inclusive": True})
    assert [(m.days, m.meaning) for m in spec.marks] == [([3], "Start"), ([20], "End")]
