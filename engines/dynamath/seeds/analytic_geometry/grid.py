"""DynaMath "analytic geometry" helpers every analytic-geometry seed module shares: integer
coordinates kept off the axes, point names, views of the grid, exact rounding and its ties.

Answers are exact (fractions) and rounded only where the question says so, and never at a
half-way tie (``tie``), so the float and the exact path round the same way.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_geometry.py
"""
from __future__ import annotations

import math
from fractions import Fraction

from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject

TOPIC = "analytic geometry"
HIGH, UNI = "high school", "undergraduate"
COLORS = ("blue", "red", "green", "purple", "orange", "brown")
NAME_PAIRS = (("A", "B"), ("P", "Q"), ("M", "N"), ("C", "D"), ("E", "F"), ("R", "S"))
ROUND2 = "Round to two decimal places."


def sp():
    """sympy, imported on first use (the checks only; sampling and drawing never need it)."""
    import sympy

    return sympy


def tie(x) -> bool:
    """True when an exact rational lies half-way between two 2-decimal values, where two
    rounding paths (float and exact) could disagree."""
    return (Fraction(x) * 100).denominator == 2


def coord(rng, lo: int, hi: int) -> int:
    """An integer in [lo, hi], kept off 0 so that points stay clear of the axis labels."""
    while True:
        v = int(rng.integers(lo, hi + 1))
        if v != 0:
            return v


def point(rng, r: int) -> list[int]:
    return [coord(rng, -r, r), coord(rng, -r, r)]


def apart(pts, gap: float = 2.5) -> bool:
    """Named points far enough apart for their labels."""
    return all(math.dist(p, q) >= gap for i, p in enumerate(pts) for q in pts[i + 1:])


def view(p: dict, objects: list[GeoObject]) -> AnalyticSpec:
    r = p.get("r", 7)
    return AnalyticSpec(xmin=-r, xmax=r, ymin=-r, ymax=r, objects=objects)


def fpts(pts) -> list[list[float]]:
    return [[float(a), float(b)] for a, b in pts]


def spt(pt):
    return sp().Point(int(pt[0]), int(pt[1]))
