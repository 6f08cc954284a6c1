"""Contour family: level curves of a function of two variables on a coordinate grid.

f(x, y) = sum of Gaussian bumps h * exp(-((x - x0)² + (y - y0)²) / (2 w²)) plus a quadratic
bowl a (x - h)² + c (y - k)²: hills and valleys (bumps) and elliptic or circular level sets
(bowl) from one formula. The spec lists the levels drawn (each may be written on its curve)
and labelled points; ``facts`` gives f at every point and which point is highest / lowest.

    python -c "import numpy as np, renderers; f = renderers.get_family('contour'); \
s = f.sample_spec(np.random.default_rng(0)); f.render(s, 336).save('/tmp/c.png'); print(f.facts(s))"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar

from renderers.spec import Spec


@dataclass
class Bump:
    x: float
    y: float
    height: float
    width: float


@dataclass
class Marked:
    name: str
    x: float
    y: float


@dataclass
class ContourSpec(Spec):
    family: ClassVar[str] = "contour"

    xmin: int = -5
    xmax: int = 5
    ymin: int = -5
    ymax: int = 5
    bumps: list[Bump] = field(default_factory=list)
    bowl: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])  # a, c, h, k
    levels: list[float] = field(default_factory=list)
    label_levels: bool = True
    points: list[Marked] = field(default_factory=list)
    color: str = "blue"
    grid: bool = True


def value(spec: ContourSpec, x: float, y: float) -> float:
    """f(x, y) of the spec (math.exp per term: the facts need no array)."""
    a, c, h, k = spec.bowl
    v = a * (x - h) ** 2 + c * (y - k) ** 2
    for b in spec.bumps:
        v += b.height * math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (2 * b.width ** 2))
    return v


def grid_values(spec: ContourSpec, xs, ys):
    """f on a mesh (numpy arrays from numpy.meshgrid)."""
    import numpy as np

    a, c, h, k = spec.bowl
    z = a * (xs - h) ** 2 + c * (ys - k) ** 2
    for b in spec.bumps:
        z = z + b.height * np.exp(-((xs - b.x) ** 2 + (ys - b.y) ** 2) / (2 * b.width ** 2))
    return z


def spec_facts(spec: ContourSpec) -> dict:
    vals = {p.name: round(value(spec, p.x, p.y), 6) for p in spec.points}
    out = {"levels": list(spec.levels), "values": vals}
    if vals:
        out["highest"] = max(vals, key=vals.get)
        out["lowest"] = min(vals, key=vals.get)
    return out
