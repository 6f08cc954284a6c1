"""95% intervals of the learning numbers the stages and the quickstart report: a proportion
(Wilson score interval) and a difference of two independent proportions (Newcombe's hybrid
score interval, his method 10).

Both are the textbook closed forms (Wilson 1927; Newcombe, Statistics in Medicine 17, 1998): a
model's accuracy on n held-out rows and the gap between a model and its image-blind twin on two
sets of n rows. They stay inside [0, 1] (or [-1, 1]) and keep a sensible width at 0% or 100%,
where the normal approximation collapses to zero width. scipy and statsmodels are not
dependencies of the suite, and the formulas are three lines each.

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
