"""DynaMath "scientific figure" helpers every scientific seed module shares: the topic, the
knowledge levels, and rounding half up.

``round_half_up`` is robust to float noise, so the formula path and the numerical re-check
round a value like 1.125 the same way.

    python -m pytest -q tests/engines/dynamath/test_seeds_scientific.py
"""
from __future__ import annotations

import math

TOPIC = "scientific figure"
ELEM, HIGH, UNI = "elementary school", "high school", "undergraduate"


def round_half_up(x: float, nd: int = 2) -> float:
    """Round half up, robust to 1e-9 float noise, so that the formula path and the numerical
    re-check round a value like 1.125 the same way."""
    k = 10 ** nd
    return math.floor(x * k + 0.5 + 1e-7) / k
