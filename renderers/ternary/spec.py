"""Ternary plots (family "ternary"): three-part compositions (percentages summing to 100) as
points and regions in an equilateral triangle with gridlines and a scale for each part.

Why: DynaMath's statistics questions read compositions off ternary diagrams (soil texture,
alloys, mixtures); the spec holds each point's and region corner's composition, ``facts``
derives the points' positions, which region holds each point and which point has the largest
share of each part, so a seed checks its answer against the figure it draws.

Layout convention: part 0 is 100% at the top corner, part 1 at the bottom-left corner, part 2
at the bottom-right corner; in math units (side 1) the composition (a, b, c) (fractions) sits
at x = c + a/2, y = a * sqrt(3)/2.

    python -c "import numpy as np, renderers; f = renderers.get_family('ternary'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/ternary.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar

from renderers.spec import Spec
from renderers.text import fact_num

SQ3 = math.sqrt(3) / 2
STEPS = (5, 10, 20, 25)  # gridline spacings in percent that divide 100


@dataclass
class TernPoint:
    """A named composition, percentages of the three parts in the order of ``parts``."""

    name: str
    comp: list[float]
    color: str = "black"


@dataclass
class TernRegion:
    """A labelled region: a convex polygon given by its corners' compositions."""

    name: str
    corners: list[list[float]]
    color: str = "gray"


@dataclass
class TernarySpec(Spec):
    """``parts``: the three part names (corner 0 top, 1 bottom-left, 2 bottom-right);
    ``step``: the gridline spacing in percent; ``segments``: pairs of point names joined by a
    dashed line; ``part_colors``: the colour of each part's scale and gridlines."""

    family: ClassVar[str] = "ternary"
    title: str = ""
    parts: list[str] = field(default_factory=lambda: ["A", "B", "C"])
    step: int = 10
    points: list[TernPoint] = field(default_factory=list)
    regions: list[TernRegion] = field(default_factory=list)
    segments: list[list[str]] = field(default_factory=list)
    part_colors: list[str] = field(default_factory=lambda: ["red", "blue", "green"])


def to_xy(comp) -> tuple[float, float]:
    """Composition in percent -> position in math units (side 1, bottom-left corner at 0)."""
    a, b, c = (float(v) / 100.0 for v in comp)
    return c + a / 2, a * SQ3


def from_xy(x: float, y: float) -> list[float]:
    """Position in math units -> composition in percent (the inverse of ``to_xy``)."""
    a = y / SQ3
    c = x - a / 2
    return [100 * a, 100 * (1 - a - c), 100 * c]


def _cross(o, p, q) -> float:
    return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])


def in_polygon(pt, poly, eps: float = 1e-9) -> bool:
    """Whether pt (x, y) lies inside or on the convex polygon (x, y corners in either turn)."""
    s = [_cross(poly[i], poly[(i + 1) % len(poly)], pt) for i in range(len(poly))]
    return all(v >= -eps for v in s) or all(v <= eps for v in s)


def validate(spec: TernarySpec) -> None:
    if len(spec.parts) != 3 or len(spec.part_colors) != 3:
        raise ValueError(f"a ternary plot has 3 parts and 3 part colours, got "
                         f"{len(spec.parts)} and {len(spec.part_colors)}")
    if spec.step not in STEPS:
        raise ValueError(f"ternary step {spec.step}; valid: {', '.join(map(str, STEPS))}")
    comps = [(f"point {p.name}", p.comp) for p in spec.points] + \
        [(f"region {r.name}", c) for r in spec.regions for c in r.corners]
    for what, c in comps:
        if len(c) != 3 or min(c) < -1e-9 or abs(sum(c) - 100) > 1e-6:
            raise ValueError(f"{what}: composition {list(c)} is not 3 parts >= 0 summing to 100")
    names = [p.name for p in spec.points]
    if len(set(names)) != len(names):
        raise ValueError("ternary point names repeat")
    bad = [s for s in spec.segments if len(s) != 2 or not set(s) <= set(names)]
    if bad:
        raise ValueError(f"ternary segments {bad} do not join two named points")


def ternary_facts(spec: TernarySpec) -> dict:
    validate(spec)
    pts = {p.name: {part: fact_num(v) for part, v in zip(spec.parts, p.comp)} for p in spec.points}
    f: dict = {"title": spec.title, "parts": list(spec.parts), "step": spec.step,
               "n_points": len(spec.points), "points": pts,
               "xy": {p.name: [round(v, 4) for v in to_xy(p.comp)] for p in spec.points},
               "regions": [r.name for r in spec.regions],
               "segments": [list(s) for s in spec.segments]}
    if spec.points:
        f["largest_share"] = {}
        for i, part in enumerate(spec.parts):
            top = max(p.comp[i] for p in spec.points)
            f["largest_share"][part] = [p.name for p in spec.points
                                        if abs(p.comp[i] - top) < 1e-9]
    if spec.regions:
        polys = {r.name: [to_xy(c) for c in r.corners] for r in spec.regions}
        f["region_of"] = {p.name: [n for n, poly in polys.items()
                                   if in_polygon(to_xy(p.comp), poly)] for p in spec.points}
    return f
