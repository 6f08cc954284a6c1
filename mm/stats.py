"""95% intervals of the learning numbers the stages and the quickstart report: a proportion
(Wilson score interval), a difference of two independent proportions (Newcombe's hybrid score
interval, his method 10) and of two proportions on the same items (Newcombe's paired method 10,
the same combination with the pairs' correlation).

Each is the textbook closed form (Wilson 1927; Newcombe, Statistics in Medicine 17, 1998): a
model's accuracy on n held-out rows, the gap between a model and its image-blind twin on two
sets of n rows, and the gap between two decoding settings of one model on the same n probes.
They stay inside [0, 1] (or [-1, 1]) and keep a sensible width at 0% or 100%, where the normal
approximation collapses to zero width. scipy and statsmodels are not dependencies of the
suite, and the formulas are a few lines each.

    python -c "from mm.stats import wilson; print(wilson(0.34, 200))"
"""
from __future__ import annotations

import math

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``p`` observed on ``n`` trials."""
    if n <= 0:
        raise ValueError(f"an interval needs n >= 1 trials, got {n}")
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"a proportion lies in [0, 1], got {p}")
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(p1: float, n1: int, p2: float, n2: int, z: float = Z95) -> tuple[float, float]:
    """Interval of ``p1 - p2`` for two independent proportions (Newcombe's method 10: the
    Wilson intervals of each, combined)."""
    l1, u1 = wilson(p1, n1, z)
    l2, u2 = wilson(p2, n2, z)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def newcombe_paired(a: int, b: int, c: int, d: int, z: float = Z95) -> tuple[float, float]:
    """Interval of ``p1 - p2`` for two proportions on the same items, from the pairs' counts:
    ``a`` items positive under both, ``b`` under the first alone, ``c`` under the second alone,
    ``d`` under neither (p1 = (a + b) / n, p2 = (a + c) / n). Newcombe's paired method 10
    (Statistics in Medicine 17, 2635-2650, 1998): each proportion's Wilson interval, combined
    with phi, the pairs' correlation (0 where a margin is empty), with his continuity
    correction of a positive phi (ad - bc less n / 2, not below 0), without which items that
    all agree would give a zero-width interval. Where the items agree, it is much narrower
    than ``newcombe``'s."""
    n = a + b + c + d
    if min(a, b, c, d) < 0 or n <= 0:
        raise ValueError(f"paired counts are >= 0 and not all 0, got {(a, b, c, d)}")
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(p1, n, z)
    l2, u2 = wilson(p2, n, z)
    den = (a + b) * (c + d) * (a + c) * (b + d)
    cov = a * d - b * c
    phi = (max(cov - n / 2, 0.0) if cov > 0 else cov) / math.sqrt(den) if den else 0.0
    dl1, du1, dl2, du2 = p1 - l1, u1 - p1, p2 - l2, u2 - p2
    theta = p1 - p2
    return (theta - math.sqrt(max(0.0, dl1 ** 2 - 2 * phi * dl1 * du2 + du2 ** 2)),
            theta + math.sqrt(max(0.0, du1 ** 2 - 2 * phi * du1 * dl2 + dl2 ** 2)))
