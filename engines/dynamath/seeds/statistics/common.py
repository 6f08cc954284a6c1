"""DynaMath "statistics" helpers every statistics seed module shares: the topic, the
knowledge levels, series colours and a theme's categories.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics.py
"""
from __future__ import annotations

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
