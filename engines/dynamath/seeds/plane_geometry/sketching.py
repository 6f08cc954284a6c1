"""Helpers of the plane-geometry seeds drawn as sketches (renderers/sketch): points built in
one frame and turned by the variant's rotation, line intersections, arcs drawn as polylines of
unnamed points, and measuring a drawn sketch (lengths, angles, areas, circumcentres) for the
seeds' independent checks.

Why: the sketch family draws full circles and straight segments only; a seed that shades a
circular segment or draws a quarter circle passes the arc as short segments between hidden
points, and the same points bound its shaded fill.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_s6.py
"""
from __future__ import annotations

import math

from renderers.sketch.spec import SkPoint, SkSegment, SketchSpec, angle_deg, points_of
from renderers.text import r2

Pt = tuple[float, float]


def turn(q: Pt, deg: float, about: Pt = (0.0, 0.0)) -> Pt:
    """q rotated by deg degrees about ``about``."""
    t = math.radians(deg)
    x, y = q[0] - about[0], q[1] - about[1]
    return (about[0] + x * math.cos(t) - y * math.sin(t),
            about[1] + x * math.sin(t) + y * math.cos(t))


def polar(r: float, deg: float, c: Pt = (0.0, 0.0)) -> Pt:
    t = math.radians(deg)
    return (c[0] + r * math.cos(t), c[1] + r * math.sin(t))


def sk_points(coords: dict[str, Pt], rot: float = 0.0, hidden: tuple[str, ...] = (),
              nodot: tuple[str, ...] = ()) -> list[SkPoint]:
    """SkPoints of named coordinates turned by ``rot`` degrees; ``hidden`` ones carry neither
    a dot nor a name, ``nodot`` ones a name without a dot."""
    out = []
    for n, q in coords.items():
        x, y = turn(q, rot)
        out.append(SkPoint(n, round(x, 9), round(y, 9), dot=n not in hidden + nodot,
                           show_name=n not in hidden))
    return out


def intersect(p1: Pt, d1: Pt, p2: Pt, d2: Pt) -> Pt:
    """The meeting point of the lines p1 + s d1 and p2 + t d2 (Cramer's rule)."""
    det = d1[0] * (-d2[1]) - d1[1] * (-d2[0])
    if abs(det) < 1e-12:
        raise ValueError("parallel lines do not meet")
    rx, ry = p2[0] - p1[0], p2[1] - p1[1]
    s = (rx * (-d2[1]) - ry * (-d2[0])) / det
    return (p1[0] + s * d1[0], p1[1] + s * d1[1])


def through(a: Pt, b: Pt, c: Pt, d: Pt) -> Pt:
    """The meeting point of lines AB and CD."""
    return intersect(a, (b[0] - a[0], b[1] - a[1]), c, (d[0] - c[0], d[1] - c[1]))


def arc_names(prefix: str, c: Pt, r: float, deg0: float, deg1: float, step: float = 6.0
              ) -> dict[str, Pt]:
    """Hidden points along an arc from deg0 to deg1 (both ends included), named prefix0, ..."""
    n = max(2, int(math.ceil(abs(deg1 - deg0) / step)))
    return {f"{prefix}{i}": polar(r, deg0 + (deg1 - deg0) * i / n, c) for i in range(n + 1)}


def chain(names: list[str], dash: bool = False) -> list[SkSegment]:
    """Segments joining consecutive names (a polyline)."""
    return [SkSegment(a, b, dash=dash) for a, b in zip(names, names[1:])]


def length(spec: SketchSpec, a: str, b: str) -> float:
    P = points_of(spec)
    return math.dist(P[a], P[b])


def angle(spec: SketchSpec, a: str, v: str, b: str) -> float:
    P = points_of(spec)
    return angle_deg(P[a], P[v], P[b])


def shoelace(spec: SketchSpec, names) -> float:
    P = points_of(spec)
    xy = [P[n] for n in names]
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(xy, xy[1:] + xy[:1]))) / 2


def circumcentre(a: Pt, b: Pt, c: Pt) -> Pt:
    """Where the perpendicular bisectors of AB and AC meet."""
    mab, mac = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2)
    return intersect(mab, (-(b[1] - a[1]), b[0] - a[0]), mac, (-(c[1] - a[1]), c[0] - a[0]))


def num(x: float) -> str:
    """A length as written in a figure: 7, 7.5, 7.25."""
    return f"{r2(x):g}"


def deg(x: float) -> str:
    return f"{num(x)}°"


__all__ = ["turn", "polar", "sk_points", "intersect", "through", "arc_names", "chain",
           "length", "angle", "shoelace", "circumcentre", "r2", "num", "deg"]
