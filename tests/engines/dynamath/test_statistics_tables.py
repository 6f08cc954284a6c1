"""Statistics seeds on tables of real-life data: hand-computed cases and 50 variants each
against the checker (200 when slow); printed cells read back as the sampled numbers."""
import pytest

from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

IDS = seeds_of("tables")
TT = {"r": 0, "ns": 4, "times": [[480, 490, 497, 520], [500, 508, 520, 535],
                                 [510, 530, 545, 560], [530, 540, 555, 570]]}
LEAGUE = {"teams": ["Rovers", "United", "City", "Albion"], "played": 10,
          "rec": [[6, 0, 4], [5, 4, 1], [4, 5, 1], [2, 2, 6]]}


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
    ("stat-table-timetable-trip", {**TT, "b": 1, "from": 0, "to": 3}, 35.0),  # 08:20 -> 08:55
    ("stat-table-timetable-latest",
     {**TT, "deadline": 540, "opts": ["Bus 3", "Bus 1", "Bus 4", "Bus 2"]},
     "Bus 2"),  # Bus 2 arrives 08:55, Bus 3 at 09:20
    ("stat-table-price-total", {"s": 0, "items": ["Coffee", "Tea", "Muffin", "Bagel"],
                                "prices": [250, 180, 320, 295], "buy": [0, 2],
                                "qty": [2, 3]}, 14.6),  # 2 x 2.50 + 3 x 3.20
    ("stat-table-best-value", {"k": 0, "sizes": [2, 4, 6, 12],
                               "prices": [180, 340, 510, 1000]}, "Pack D"),  # 83.3 c each
    ("stat-table-price-change", {"s": 1, "items": ["Pen", "Ruler", "Glue stick"],
                                 "old": [200, 150, 400], "new": [250, 150, 380], "ask": 2},
     -5.0),
    ("stat-table-league-points", {**LEAGUE, "ask": 1}, 19.0),  # 3 x 5 + 4
    ("stat-table-league-leader", {**LEAGUE, "opts": ["Albion", "City", "Rovers", "United"]},
     "United"),  # 18, 19, 17, 8: Rovers has the most wins, United the most points
    ("stat-table-median", {"m": 0, "values": [87, 136, 40, 126, 60]}, 87.0),
    ("stat-table-median", {"m": 1, "values": [10, 20, 30, 40, 50, 60]}, 35.0),
    ("stat-table-success-rate", {"names": ["Ana", "Ben", "Cai", "Dev"],
                                 "shots": [20, 10, 40, 25], "goals": [8, 6, 12, 14],
                                 "order": [0, 1, 2, 3]}, "Ben"),  # 0.4 0.6 0.3 0.56
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)


def test_timetable_cells_are_clock_times():
    spec = SEEDS["stat-table-timetable-trip"].diagram({**TT, "b": 0, "from": 0, "to": 1})
    assert spec.header == ["Stop", "Bus 1", "Bus 2", "Bus 3", "Bus 4"]
    assert spec.rows[0] == ["Station", "08:00", "08:20", "08:30", "08:50"]


def test_median_question_names_the_column_by_its_header():
    q = SEEDS["stat-table-median"]
    assert [q.question({"m": m, "values": [1, 2, 3, 4, 5]}) for m in range(3)] == [
        "What is the median of the values in the Rainfall (mm) column of the table?",
        "What is the median of the values in the Points column of the table?",
        "What is the median of the values in the Steps column of the table?"]
