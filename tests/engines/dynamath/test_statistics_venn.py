"""Venn-diagram statistics seeds: hand-computed cases, 50 variants each against the checker
(200 when slow), and the set-expression machinery on known regions."""
import pytest

from engines.dynamath.seeds.statistics.venn import regions_by_sets, regions_by_truth
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants, seeds_of

IDS = seeds_of("venn")
C2 = {"10": 12, "01": 8, "11": 5, "00": 3}
C3 = {"100": 4, "010": 6, "001": 2, "110": 3, "101": 1, "011": 7, "111": 5, "000": 9}


def test_at_least_three_seeds_and_both_sizes():
    assert len(IDS) >= 3
    assert {s[:10] for s in IDS} >= {"stat-venn2", "stat-venn3"}


@pytest.mark.parametrize("sid", IDS)
def test_50_variants_pass_the_checker(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier (the soak tier also runs the 50-variant check here; make test checks every seed in test_seed.py)
@pytest.mark.parametrize("sid", IDS)
def test_200_variants_pass_the_checker(sid):
    check_variants(sid, 200, seed=12)


CASES = [
    ("stat-venn2-union", {"g": 0, "counts": C2}, 25.0),  # 12 + 8 + 5
    ("stat-venn2-neither", {"g": 0, "counts": C2}, 3.0),  # 28 surveyed - 25
    ("stat-venn2-conditional", {"g": 0, "counts": C2, "given": 1}, 0.38),  # 5 / 13
    ("stat-venn2-relation", {"counts": {"11": 6, "10": 4, "01": 9, "00": 6},
                             "order": [0, 1, 2, 3]},
     "A and B are independent"),  # P(A|B) = 6/15 = 0.4 = P(A) = 10/25
    ("stat-venn3-exactly", {"g": 1, "counts": C3, "k": 2}, 11.0),  # 3 + 1 + 7
    ("stat-venn3-conditional", {"g": 1, "counts": C3, "c": 2}, 0.87),  # (1+7+5) / 15
    ("stat-venn3-count-expression", {"counts": C3, "expr": "(A ∪ B) ∩ C'"}, 13.0),  # 4+6+3
    ("stat-venn3-shaded-expression", {"ans": "C ∩ (A ∪ B)",
                                      "opts": ["A ∩ B ∩ C", "C ∩ (A ∪ B)", "B ∪ C",
                                               "(A ∪ B ∪ C)'"]}, "C ∩ (A ∪ B)"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)


def test_set_expressions_name_the_regions_they_should():
    assert regions_by_truth("C ∩ (A ∪ B)", 3) == {"101", "011", "111"}
    assert regions_by_sets("(A ∪ B ∪ C)'", 3) == {"000"}
    assert regions_by_sets("A ∩ B'", 2) == {"10"}
    assert regions_by_truth("(A ∩ B)'", 2) == {"10", "01", "00"}


def test_set_expressions_are_walked_never_run():
    """Only letters, ∩ ∪ ' and brackets are read; a call or an attribute is refused."""
    with pytest.raises(ValueError, match=r"^set expression: unsupported Call"):
        regions_by_truth("A ∩ print(B)", 2)
    with pytest.raises(ValueError, match=r"^set expression: unsupported Attribute"):
        regions_by_sets("A ∪ B.copy", 2)


def test_shaded_region_is_drawn_and_options_differ():
    q = SEEDS["stat-venn3-shaded-expression"]
    p = q.sample(__import__("numpy").random.default_rng(0))
    assert sorted(q.diagram(p).shade) == sorted(regions_by_truth(p["ans"], 3))
    assert len({regions_by_truth(e, 3) for e in p["opts"]}) == 4
