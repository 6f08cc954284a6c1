"""mm.stats against the published values of Newcombe (1998, Table II, method 10) and the Wilson
interval found by inverting the score test numerically (its definition, not its closed form)."""
from __future__ import annotations

import math

import pytest

from mm.stats import Z95, newcombe, wilson

# Newcombe, Statistics in Medicine 17:873-890 (1998), Table II, method 10 (score, no CC)
NEWCOMBE_TABLE_II = [
    ((56, 70, 48, 80), (0.0524, 0.3339)),
    ((9, 10, 3, 10), (0.1705, 0.8090)),
    ((6, 7, 2, 7), (0.0582, 0.8062)),
    ((5, 56, 0, 29), (-0.0381, 0.1926)),
    ((0, 10, 0, 20), (-0.1611, 0.2775)),
    ((10, 10, 0, 20), (0.6791, 1.0000)),
]


@pytest.mark.parametrize("counts,expected", NEWCOMBE_TABLE_II)
def test_newcombe_matches_the_published_table(counts, expected):
    a, m, b, n = counts
    lo, hi = newcombe(a / m, m, b / n, n)
    assert (round(lo, 4), round(hi, 4)) == expected


def _score_inside(p0: float, phat: float, n: int) -> bool:
    return abs(phat - p0) <= Z95 * math.sqrt(p0 * (1 - p0) / n)


def _bisect(phat: float, n: int, lo: float, hi: float, inside_at_hi: bool) -> float:
    for _ in range(200):
        mid = (lo + hi) / 2
        if _score_inside(mid, phat, n) == inside_at_hi:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


@pytest.mark.parametrize("k,n", [(0, 20), (1, 20), (7, 20), (20, 20), (34, 100), (81, 263)])
def test_wilson_is_the_inverted_score_test(k, n):
    phat = k / n
    lo = 0.0 if k == 0 else _bisect(phat, n, 1e-12, phat, True)
    hi = 1.0 if k == n else _bisect(phat, n, phat, 1 - 1e-12, False)
    got = wilson(phat, n)
    assert got == pytest.approx((lo, hi), abs=1e-9)


def test_bad_input_names_the_problem():
    with pytest.raises(ValueError, match="n >= 1"):
        wilson(0.5, 0)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        wilson(1.5, 10)
