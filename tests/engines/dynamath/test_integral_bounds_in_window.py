"""algebra-definite-integral shades f from x = a to x = b. Its sinusoids are drawn on the fixed
window [-2π, 2π], but b = hi·π/2 was drawn up to 5π/2 (one sinusoid variant in fifteen): the
shading ran off the right edge and "b = 5π/2" was nowhere in the picture. Both bounds, their
markers and the shaded stretch lie inside the window drawn.

    python -m pytest -q tests/engines/dynamath/test_integral_bounds_in_window.py
"""
from __future__ import annotations

import pytest

from engines.dynamath.seed import make_variant
from tests.tiers import tiers

SID = "algebra-definite-integral"


@pytest.mark.parametrize("n", tiers(300, 1500))
def test_both_bounds_and_the_shading_lie_in_the_window(n):
    sines = 0
    for v in range(n):
        r = make_variant(SID, v, seed=7, pin_canonical=False)
        spec = r.spec
        lo, hi = spec.shade
        assert spec.xmin <= lo < hi <= spec.xmax + 1e-9, (v, r.params, spec.xmin, spec.xmax)
        for m in spec.markers:
            assert spec.xmin <= m.x <= spec.xmax + 1e-9, (v, m.label(), spec.xmax)
        sines += r.params["pi"]
    assert sines >= n // 10  # the sinusoids, drawn on the fixed window, were sampled


def test_sinusoid_bounds_still_span_two_quarter_periods_and_reach_2pi():
    his = set()
    for v in range(300):
        p = make_variant(SID, v, seed=11, pin_canonical=False).params
        if p["pi"]:
            assert 2 <= p["hi"] - p["lo"] <= 4 and p["hi"] <= 4, p
            his.add(p["hi"])
    assert 4 in his  # b = 2π, at the window's edge, is still drawn
