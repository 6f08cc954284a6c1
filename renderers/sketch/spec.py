"""Geometry sketches (family "sketch"): named points, segments with written lengths, circles,
angle marks with written values and right-angle marks, without a grid.

Why: circle theorems (inscribed and central angles, tangents, chords, cyclic quadrilaterals)
and similar-triangle figures need points on circles and angles written at any vertex, which the
composite shapes of ``plane_geometry`` do not place. The spec holds the coordinates (math units,
y up); ``facts`` measures every segment and every marked angle from them, so a seed can check its
answer against the figure it draws.

    python -c "import numpy as np, renderers; f = renderers.get_family('sketch'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/sketch.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar

from renderers.spec import Spec


@dataclass
class SkPoint:
    name: str
    x: float
    y: float
    dot: bool = True
    show_name: bool = True


@dataclass
class SkSegment:
    """From point ``a`` to point ``b`` (names); ``label`` is written beside its middle;
    ``extend`` draws it that far past both ends (a line, e.g. a tangent)."""

    a: str
    b: str
    label: str = ""
    dash: bool = False
    extend: float = 0.0


@dataclass
class SkCircle:
    center: str
    radius: float


@dataclass
class SkAngle:
    """The angle a-vertex-b, marked by an arc (or a square when ``right``) and ``label``."""

    a: str
    vertex: str
    b: str
    label: str = ""
    right: bool = False


@dataclass
class SketchSpec(Spec):
    family: ClassVar[str] = "sketch"
    points: list[SkPoint] = field(default_factory=list)
    segments: list[SkSegment] = field(default_factory=list)
    circles: list[SkCircle] = field(default_factory=list)
    angles: list[SkAngle] = field(default_factory=list)
    fills: list[list[str]] = field(default_factory=list)  # polygons (point names) shaded
    color: str = "blue"


def points_of(spec: SketchSpec) -> dict[str, tuple[float, float]]:
    return {p.name: (p.x, p.y) for p in spec.points}


def validate(spec: SketchSpec) -> None:
    names = [p.name for p in spec.points]
    if len(set(names)) != len(names):
        raise ValueError("sketch point names repeat")
    used = ([s.a for s in spec.segments] + [s.b for s in spec.segments]
            + [c.center for c in spec.circles]
            + [n for a in spec.angles for n in (a.a, a.vertex, a.b)]
            + [n for f in spec.fills for n in f])
    bad = sorted(set(used) - set(names))
    if bad:
        raise ValueError(f"sketch refers to unknown point(s) {', '.join(bad)}")


def angle_deg(a, v, b) -> float:
    """The angle a-v-b in degrees, 0..180."""
    t = math.atan2(a[1] - v[1], a[0] - v[0]) - math.atan2(b[1] - v[1], b[0] - v[0])
    t = abs(math.degrees(t)) % 360
    return 360 - t if t > 180 else t


def sketch_facts(spec: SketchSpec) -> dict:
    validate(spec)
    P = points_of(spec)
    return {"points": {k: [round(x, 4), round(y, 4)] for k, (x, y) in P.items()},
            "lengths": {s.a + s.b: round(math.dist(P[s.a], P[s.b]), 4) for s in spec.segments},
            "labels": {s.a + s.b: s.label for s in spec.segments if s.label},
            "angles": {a.a + a.vertex + a.b: round(angle_deg(P[a.a], P[a.vertex], P[a.b]), 4)
                       for a in spec.angles},
            "angle_labels": {a.a + a.vertex + a.b: a.label for a in spec.angles if a.label},
            "circles": [[c.center, c.radius] for c in spec.circles]}
