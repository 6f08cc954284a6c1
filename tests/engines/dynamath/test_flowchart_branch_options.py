"""graph-flowchart-branch offers five numbers; sorted, the output was the smallest in two
charts of three ("A" the right letter in 272 of 400 variants), so the smallest option answered
most of them. The options are shown in a drawn order, the output's letter spread over all five,
and the slips lie on both sides of the output, so that neither the smallest nor the middle value
answers more than about a third.

    python -m pytest -q tests/engines/dynamath/test_flowchart_branch_options.py
"""
from __future__ import annotations

from collections import Counter

from engines.dynamath.seed import SEEDS, make_variant

SID = "graph-flowchart-branch"


def _variants(n: int = 300, seed: int = 5):
    return [make_variant(SID, v, seed=seed, pin_canonical=False) for v in range(n)]


def test_the_right_letter_is_spread_over_the_five():
    rows = _variants()
    letters = Counter(r.ground_truth for r in rows)
    assert set(letters) == set("ABCDE")
    assert max(letters.values()) <= 0.3 * len(rows), letters


def test_no_place_among_the_sorted_values_answers_most_of_them():
    rows = _variants()
    places = Counter(sorted(map(int, r.choices)).index(int(r.choices["ABCDE".index(
        r.ground_truth)])) for r in rows)
    assert max(places.values()) <= 0.35 * len(rows), places


def test_the_other_branch_is_offered_and_the_options_are_distinct_numbers():
    q = SEEDS.get(SID)
    for r in _variants(200, seed=9):
        yes, no = q._ys(r.params)
        assert {str(yes), str(no)} <= set(r.choices)
        assert len(r.choices) == 5 == len(set(r.choices))
        assert all(c.lstrip("-").isdigit() for c in r.choices)
        assert r.choices["ABCDE".index(r.ground_truth)] == q.check(r.params)
