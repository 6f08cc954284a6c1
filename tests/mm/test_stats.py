"""mm.stats against the published values of Newcombe (1998, Table II, method 10) and the Wilson
interval found by inverting the score test numerically (its definition, not its closed form)."""
from __future__ import annotations

import math

import pytest

from mm.stats import Z95, newcombe, newcombe_paired, wilson

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


def _paired_by_definition(a: int, b: int, c: int, d: int) -> tuple[float, float]:
    """Newcombe's paired method 10 as the R package diffdepprop writes it (``wilson.phi``): each
    margin's Wilson limits found by inverting the score test, phi the pairs' correlation with
    its continuity correction where positive."""
    n = a + b + c + d

    def limits(k: int) -> tuple[float, float]:
        p = k / n
        return (0.0 if k == 0 else _bisect(p, n, 1e-12, p, True),
                1.0 if k == n else _bisect(p, n, p, 1 - 1e-12, False))

    (l2, u2), (l3, u3) = limits(a + b), limits(a + c)
    den = math.sqrt((a + b) * (c + d) * (a + c) * (b + d))
    phi = ((max(a * d - b * c - n / 2, 0) if a * d > b * c else a * d - b * c) / den
           if den else 0.0)
    dl2, du2 = (a + b) / n - l2, u2 - (a + b) / n
    dl3, du3 = (a + c) / n - l3, u3 - (a + c) / n
    est = (b - c) / n
    return (est - math.sqrt(dl2 ** 2 - 2 * phi * dl2 * du3 + du3 ** 2),
            est + math.sqrt(du2 ** 2 - 2 * phi * du2 * dl3 + dl3 ** 2))


@pytest.mark.parametrize("counts", [(10, 15, 5, 20), (50, 5, 28, 7), (36, 12, 2, 0),
                                    (0, 3, 0, 87), (45, 0, 0, 45), (90, 0, 0, 0)])
def test_newcombe_paired_is_its_definition(counts):
    assert newcombe_paired(*counts) == pytest.approx(_paired_by_definition(*counts), abs=1e-7)


def test_paired_interval_is_narrower_where_the_items_agree():
    # 55 of 90 absent objects called present by the control, 65 by a setting that adds 10 and
    # changes nothing else: paired, the difference is above 0; as two independent samples,
    # the same shares are not told apart
    lo, hi = newcombe_paired(55, 10, 0, 25)
    u_lo, u_hi = newcombe(65 / 90, 90, 55 / 90, 90)
    assert 0 < lo < 10 / 90 < hi and u_lo < 0 < u_hi
    # 4 against 0 discordant pairs is not beyond chance (McNemar's exact p = 0.125)
    assert newcombe_paired(55, 4, 0, 31)[0] < 0
    # items that all agree: no zero-width interval (the continuity correction of phi)
    lo, hi = newcombe_paired(45, 0, 0, 45)
    assert -0.05 < lo < -0.01 and 0.01 < hi < 0.05


def test_bad_input_names_the_problem():
    with pytest.raises(ValueError, match="n >= 1"):
        wilson(0.5, 0)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        wilson(1.5, 10)
    with pytest.raises(ValueError, match=r"paired counts are >= 0 and not all 0"):
        newcombe_paired(0, 0, 0, 0)
