"""arith-fraction-color asks what fraction of a bar or circle has a colour; the part-to-rest
slip k/(n - k) offered "3" and "5/3" beside "3/4" in one variant of ten: values no part of the
shape can be. Every option is now a fraction between 0 and 1, the slip offered where it is one.

    python -m pytest -q tests/engines/dynamath/test_fraction_options_proper.py
"""
from __future__ import annotations

from fractions import Fraction

from engines.dynamath.seed import SEEDS, make_variant

SID = "arith-fraction-color"


def test_no_option_exceeds_the_whole_shape():
    for v in range(600):
        r = make_variant(SID, v, seed=5, pin_canonical=False)
        vals = [Fraction(c) for c in r.choices]
        assert all(0 < x <= 1 for x in vals), (r.id, r.choices)
        assert len(set(vals)) == 4


def test_the_part_to_rest_slip_is_still_offered_where_it_is_a_fraction():
    p = dict(shape="bar", fills=["red", "blue", "blue", "", "", "", "", ""], ask="red",
             order=[0, 1, 2, 3])
    assert "1/7" in SEEDS.get(SID).candidates(p)  # 1 red of 8: the rest is 7
