"""sci-brightest-bulb named its bulbs L1.. along the wire, the bulb before the branches first;
that bulb carries the whole current, so "L1" (option A) answered two circuits of three. The
bulbs are named in a drawn order: each bulb's name, and the right letter, is spread.

    python -m pytest -q tests/engines/dynamath/test_brightest_bulb_names.py
"""
from __future__ import annotations

from collections import Counter

from engines.dynamath.seed import SEEDS, make_variant

SID = "sci-brightest-bulb"


def test_no_name_is_the_brightest_bulb_most_of_the_time():
    rows = [make_variant(SID, v, seed=5, pin_canonical=False) for v in range(300)]
    names = Counter(r.choices["ABCDE".index(r.ground_truth)] for r in rows)
    assert max(names.values()) <= 0.45 * len(rows), names
    assert names["L1"] <= 0.45 * len(rows)


def test_the_names_are_l1_to_ln_once_each_and_the_check_agrees():
    q = SEEDS.get(SID)
    for v in range(150):
        r = make_variant(SID, v, seed=7, pin_canonical=False)
        p = r.params
        names = [e["name"] for e in p["series"]] + [e["name"] for b in p["branches"] for e in b]
        assert sorted(names) == [f"L{i + 1}" for i in range(len(names))]
        assert r.choices[:-1] == [f"L{i + 1}" for i in range(len(names))]
        assert r.choices["ABCDE".index(r.ground_truth)] == q.check(p)
