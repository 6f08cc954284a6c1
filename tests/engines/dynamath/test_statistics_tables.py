"""Statistics seeds on tables of real-life data: hand-computed cases and 50 variants each
against the checker (200 when slow); printed cells read back as the sampled numbers."""
import pytest

from engines.dynamath.seed import make_variant
from renderers.table.spec import table_facts
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

IDS = seeds_of("tables")
TT = {"r": 0, "ns": 4, "times": [[480, 490, 497, 520], [500, 508, 520, 535],
                                 [510, 530, 545, 560], [530, 540, 555, 570]]}
LEAGUE = {"teams": ["Rovers", "United", "City", "Albion"], "played": 10,
          "rec": [[5, 0, 5], [4, 4, 2], [4, 2, 4], [2, 4, 4]]}


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
    ("stat-table-league-points", {**LEAGUE, "ask": 1}, 16.0),  # 3 x 4 + 4
    ("stat-table-league-leader", {**LEAGUE, "opts": ["Albion", "City", "Rovers", "United"]},
     "United"),  # 15, 16, 14, 10: Rovers has the most wins, United the most points
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


LEAGUE_IDS = ["stat-table-league-points", "stat-table-league-leader"]


def _check_league_table(facts: dict) -> dict[str, int]:
    """Assert the printed league table is one that matches between its teams can produce;
    returns each team's points by the printed rule (3 for a win, 1 for a draw)."""
    assert facts["header"] == ["Team", "Played", "Won", "Drawn", "Lost"]
    assert "win earns 3 points, a draw 1 point" in facts["note"]
    rows = [[r[0]] + [int(x) for x in r[1:]] for r in facts["rows"]]
    for _, played, won, drawn, lost in rows:
        assert min(won, drawn, lost) >= 0 and won + drawn + lost == played
    assert sum(r[1] for r in rows) % 2 == 0  # two teams in every match
    assert sum(r[2] for r in rows) == sum(r[4] for r in rows)  # a win is the other's loss
    assert sum(r[3] for r in rows) % 2 == 0  # a draw counts for both teams
    return {r[0]: 3 * r[2] + r[3] for r in rows}


def test_hand_league_table_can_exist():
    _check_league_table(table_facts(SEEDS["stat-table-league-points"].diagram(
        {**LEAGUE, "ask": 0})))


@pytest.mark.parametrize("sid", LEAGUE_IDS)
def test_league_tables_can_exist_and_give_the_answer(sid):
    for v in range(200):
        var = make_variant(sid, v, seed=13)
        pts = _check_league_table(table_facts(var.spec))
        if sid == "stat-table-league-points":
            team = var.params["teams"][var.params["ask"]]
            assert f"how many points does {team} have?" in var.question
            assert float(var.ground_truth) == pts[team], (v, pts, var.ground_truth)
        else:
            best = max(pts.values())
            leaders = [t for t, x in pts.items() if x == best]
            assert leaders == [var.choices["ABCDE".index(var.ground_truth)]], (v, pts)
