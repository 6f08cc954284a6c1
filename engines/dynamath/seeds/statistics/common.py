"""DynaMath "statistics" helpers every statistics seed module shares: the topic, the
knowledge levels, series colours and a theme's categories.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics.py
"""
from __future__ import annotations

from fractions import Fraction

from renderers.chart.sample import THEMES

TOPIC = "statistics"
ELEM, HIGH, UNI = "elementary school", "high school", "undergraduate"
COLORS = ("blue", "orange", "green", "red", "purple", "brown", "pink", "gray")


def pick_cats(rng, theme: str, n: int) -> list[str]:
    th = THEMES[theme]
    if th.ordered:
        s = int(rng.integers(0, len(th.cats) - n + 1))
        return list(th.cats[s:s + n])
    return [th.cats[i] for i in sorted(rng.choice(len(th.cats), size=n, replace=False))]


def half_tie(x: Fraction, digits: int = 2) -> bool:
    """True when rounding x to ``digits`` decimals is a tie (...5 exactly): rounding half up
    and half to even disagree there, so a seed resamples rather than ask it."""
    return (Fraction(x) * 10 ** digits).denominator == 2


def shuffled(rng, items: list) -> list:
    """The items in a random order (the answer's letter varies)."""
    return [items[int(i)] for i in rng.permutation(len(items))]
