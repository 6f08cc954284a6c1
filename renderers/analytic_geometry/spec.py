"""Analytic geometry family: objects on a coordinate grid, with exact ground truth.

A spec is a plotted range (integers) and a list of ``GeoObject``: labelled points, segments,
lines (through two points, or y = mx + b with hidden defining points), circles (centre, radius,
optionally a marked point on the circle), axis-aligned ellipses, vertical parabolas
y = a(x - h)^2 + k, triangles and quadrilaterals. Coordinates are integers or halves so that
values read off the grid; what is written on the picture is chosen per object (``show_coords``:
"A(2, 3)" instead of "A"; ``show_eq``: the equation next to the curve). ``facts`` computes every
parameter exactly (fractions) and rounds at the end: slopes, intercepts, lengths, midpoints,
areas (shoelace), foci, equations, plus the pairwise relations (parallel, perpendicular,
intersection points, points lying on curves).

Sampling places objects one by one with rejection (sample.py) so that named points
stay apart, closed shapes do not overlap and no point sits on a curve it does not belong to.
Drawing lives in draw.py, sampling in sample.py; the grid and axes come from renderers/axes.py.

    python -c "import numpy as np, renderers; f = renderers.get_family('analytic_geometry'); \
s = f.sample_spec(np.random.default_rng(0), objects=['circle', 'line']); \
f.render(s, 336).save('/tmp/a.png'); print(f.facts(s))"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
import math
from typing import ClassVar, Sequence

from renderers.spec import Spec
from renderers.text import fmt_num, r2

KINDS = ("point", "segment", "line", "circle", "ellipse", "parabola", "triangle",
         "quadrilateral")
LINE_LIKE = ("segment", "line")
POLYGONS = {"triangle": 3, "quadrilateral": 4}


@dataclass
class GeoObject:
    """One object. ``pts`` are its defining points; ``pt_names`` their labels ("" = a hidden
    point, e.g. the two points that define a line given as y = mx + b).

    point: [P]; segment: [A, B]; line: [A, B] (any two points on it); circle: [centre] or
    [centre, point on the circle] with ``radius``; ellipse: [centre] with semi-axes ``semi_x``,
    ``semi_y``; parabola: [vertex] with ``coef`` a of y = a(x - h)^2 + k; triangle /
    quadrilateral: the vertices in order.
    """

    kind: str
    name: str = ""
    pts: list[list[float]] = field(default_factory=list)
    pt_names: list[str] = field(default_factory=list)
    radius: float = 0.0
    semi_x: float = 0.0
    semi_y: float = 0.0
    coef: float = 0.0
    show_coords: bool = False  # point labels read "A(2, 3)"
    show_eq: bool = False  # the equation is written next to the curve
    color: str = "blue"


@dataclass
class AnalyticSpec(Spec):
    family: ClassVar[str] = "analytic_geometry"

    xmin: int = -6
    xmax: int = 6
    ymin: int = -6
    ymax: int = 6
    objects: list[GeoObject] = field(default_factory=list)
    grid: bool = True
    tick_labels: bool = True


# ----------------------------------------------------------------------------- exact helpers


def F(x: float) -> Fraction:
    """Exact value of a spec number (halves and quarters are exact binary floats)."""
    return Fraction(x).limit_denominator(1000)


def fmt_frac(q: Fraction) -> str:
    """A rational as the diagram writes it: 3, -1.5, 0.25, or 2/3 when decimals would not end."""
    q = Fraction(q)
    if (q * 100).denominator == 1:
        return fmt_num(float(q)) if q.denominator != 1 else str(q.numerator)
    return f"{q.numerator}/{q.denominator}"


def _term(q: Fraction, var: str) -> str:
    """Coefficient times variable for the leading term: x, -x, 2x, (2/3)x."""
    if q == 1:
        return var
    if q == -1:
        return "-" + var
    s = fmt_frac(q)
    return f"({s}){var}" if "/" in s else s + var


def _const(q: Fraction) -> str:
    """A trailing constant: ' + 3', ' - 1.5', '' for zero."""
    if q == 0:
        return ""
    return (" + " if q > 0 else " - ") + fmt_frac(abs(q))


def _shift(var: str, c: Fraction) -> str:
    """(x - 2), (x + 1), or x when c is 0."""
    if c == 0:
        return var
    return f"({var} {'-' if c > 0 else '+'} {fmt_frac(abs(c))})"


def line_coeffs(p: Sequence[float], q: Sequence[float]) -> tuple[Fraction | None, Fraction]:
    """(slope, intercept) of the line through p and q; (None, x) for a vertical line x = c."""
    x1, y1, x2, y2 = F(p[0]), F(p[1]), F(q[0]), F(q[1])
    if x1 == x2:
        return None, x1
    m = (y2 - y1) / (x2 - x1)
    return m, y1 - m * x1


def line_equation(m: Fraction | None, b: Fraction) -> str:
    if m is None:
        return f"x = {fmt_frac(b)}"
    if m == 0:
        return f"y = {fmt_frac(b)}"
    return f"y = {_term(m, 'x')}{_const(b)}"


def circle_equation(h: Fraction, k: Fraction, rsq: Fraction) -> str:
    return f"{_shift('x', h)}² + {_shift('y', k)}² = {fmt_frac(rsq)}"


def ellipse_equation(h: Fraction, k: Fraction, a: Fraction, b: Fraction) -> str:
    def part(var: str, c: Fraction, s: Fraction) -> str:
        sq = f"{_shift(var, c)}²"
        return sq if s * s == 1 else f"{sq}/{fmt_frac(s * s)}"
    return f"{part('x', h, a)} + {part('y', k, b)} = 1"


def parabola_equation(a: Fraction, h: Fraction, k: Fraction) -> str:
    lead = "" if a == 1 else "-" if a == -1 else fmt_frac(a)
    return f"y = {lead}{_shift('x', h)}²{_const(k)}"


def circle_rsq(o: GeoObject) -> Fraction:
    """Radius squared, exactly: from the marked point when there is one."""
    c = o.pts[0]
    if len(o.pts) > 1:
        p = o.pts[1]
        return (F(p[0]) - F(c[0])) ** 2 + (F(p[1]) - F(c[1])) ** 2
    return Fraction(o.radius ** 2).limit_denominator(1000)


def object_equation(o: GeoObject) -> str:
    if o.kind == "line":
        return line_equation(*line_coeffs(o.pts[0], o.pts[1]))
    if o.kind == "circle":
        return circle_equation(F(o.pts[0][0]), F(o.pts[0][1]), circle_rsq(o))
    if o.kind == "ellipse":
        return ellipse_equation(F(o.pts[0][0]), F(o.pts[0][1]), F(o.semi_x), F(o.semi_y))
    if o.kind == "parabola":
        return parabola_equation(F(o.coef), F(o.pts[0][0]), F(o.pts[0][1]))
    return ""


def shoelace(pts: Sequence[Sequence[float]]) -> Fraction:
    s = Fraction(0)
    for (x1, y1), (x2, y2) in zip(pts, list(pts[1:]) + [pts[0]]):
        s += F(x1) * F(y2) - F(x2) * F(y1)
    return abs(s) / 2


def dist(p: Sequence[float], q: Sequence[float]) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def _xy(p: Sequence[float]) -> list[float]:
    return [r2(p[0]), r2(p[1])]


def _quadrant(p: Sequence[float]) -> int:
    x, y = p
    if x == 0 or y == 0:
        return 0
    return (1 if y > 0 else 4) if x > 0 else (2 if y > 0 else 3)


# ----------------------------------------------------------------------------- facts


def object_facts(o: GeoObject) -> dict:
    """Parameters of one object in math units (rounded to 2 decimals where irrational)."""
    d: dict = {"kind": o.kind, "name": o.name, "color": o.color}
    named = {n: _xy(p) for n, p in zip(o.pt_names, o.pts) if n}
    if named:
        d["points"] = named
    if o.kind == "point":
        d["coords"] = _xy(o.pts[0])
        d["quadrant"] = _quadrant(o.pts[0])
    elif o.kind in LINE_LIKE:
        m, b = line_coeffs(o.pts[0], o.pts[1])
        d["slope"] = None if m is None else r2(m)
        d["vertical"] = m is None
        if m is not None:
            d["y_intercept"] = r2(b)
            d["x_intercept"] = None if m == 0 else r2(-b / m)
        else:
            d["x_intercept"] = r2(b)
        d["equation"] = line_equation(m, b)
        if o.kind == "segment":
            p, q = o.pts
            d["endpoints"] = [_xy(p), _xy(q)]
            d["length"] = r2(dist(p, q))
            d["midpoint"] = _xy(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
    elif o.kind == "circle":
        rsq = circle_rsq(o)
        r = math.sqrt(rsq)
        d.update(center=_xy(o.pts[0]), radius=r2(r), radius_squared=r2(rsq),
                 diameter=r2(2 * r), area=r2(math.pi * rsq), circumference=r2(2 * math.pi * r),
                 equation=object_equation(o))
    elif o.kind == "ellipse":
        a, b = F(o.semi_x), F(o.semi_y)
        big, small = max(a, b), min(a, b)
        c = math.sqrt(big * big - small * small)
        h, k = o.pts[0]
        foci = ([[r2(h - c), r2(k)], [r2(h + c), r2(k)]] if a >= b
                else [[r2(h), r2(k - c)], [r2(h), r2(k + c)]])
        d.update(center=_xy(o.pts[0]), semi_x=r2(a), semi_y=r2(b), semi_major=r2(big),
                 semi_minor=r2(small), major_axis="horizontal" if a > b else "vertical",
                 focal_distance=r2(c), foci=foci, eccentricity=r2(c / float(big)),
                 area=r2(math.pi * a * b), equation=object_equation(o))
    elif o.kind == "parabola":
        a, (h, k) = F(o.coef), o.pts[0]
        p = 1 / (4 * a)
        d.update(vertex=_xy(o.pts[0]), coefficient=r2(a), opens="up" if a > 0 else "down",
                 axis_of_symmetry=f"x = {fmt_frac(F(h))}", focus=[r2(h), r2(F(k) + p)],
                 directrix=f"y = {fmt_frac(F(k) - p)}", equation=object_equation(o))
    elif o.kind in POLYGONS:
        pts = o.pts
        sides = [r2(dist(p, q)) for p, q in zip(pts, pts[1:] + pts[:1])]
        d.update(vertices=[_xy(p) for p in pts], n_sides=len(pts), side_lengths=sides,
                 perimeter=r2(sum(dist(p, q) for p, q in zip(pts, pts[1:] + pts[:1]))),
                 area=r2(shoelace(pts)))
    d["equation_shown"] = bool(o.show_eq and o.kind in ("line", "circle", "ellipse", "parabola"))
    d["coords_shown"] = bool(o.show_coords)
    return d


def _lines_of(o: GeoObject) -> list[tuple[str, list[float], list[float], bool]]:
    """(name, p, q, bounded) for every straight piece of an object (polygon sides too)."""
    if o.kind == "line":
        return [(o.name, o.pts[0], o.pts[1], False)]
    if o.kind == "segment":
        return [(o.name, o.pts[0], o.pts[1], True)]
    return []


def _intersect(a, b) -> tuple[Fraction, Fraction] | None:
    (_, p1, p2, bnd1), (_, p3, p4, bnd2) = a, b
    x1, y1, x2, y2 = map(F, (*p1, *p2))
    x3, y3, x4, y4 = map(F, (*p3, *p4))
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if den == 0:
        return None
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    u = ((x1 - x3) * (y1 - y2) - (y1 - y3) * (x1 - x2)) / den
    if (bnd1 and not 0 <= t <= 1) or (bnd2 and not 0 <= u <= 1):
        return None
    return x1 + t * (x2 - x1), y1 + t * (y2 - y1)


def on_object(p: Sequence[float], o: GeoObject) -> bool:
    """Whether point p lies exactly on object o (on its curve, not inside it)."""
    x, y = F(p[0]), F(p[1])
    if o.kind in LINE_LIKE:
        (x1, y1), (x2, y2) = [(F(a), F(b)) for a, b in o.pts]
        if (x2 - x1) * (y - y1) != (y2 - y1) * (x - x1):
            return False
        return o.kind == "line" or (min(x1, x2) <= x <= max(x1, x2) and
                                    min(y1, y2) <= y <= max(y1, y2))
    if o.kind == "circle":
        h, k = F(o.pts[0][0]), F(o.pts[0][1])
        return (x - h) ** 2 + (y - k) ** 2 == circle_rsq(o)
    if o.kind == "ellipse":
        h, k = F(o.pts[0][0]), F(o.pts[0][1])
        return (x - h) ** 2 / F(o.semi_x) ** 2 + (y - k) ** 2 / F(o.semi_y) ** 2 == 1
    if o.kind == "parabola":
        h, k = F(o.pts[0][0]), F(o.pts[0][1])
        return y == F(o.coef) * (x - h) ** 2 + k
    return False


def relations(objs: Sequence[GeoObject]) -> list[dict]:
    """Parallel / perpendicular pairs and intersection points of straight objects, and named
    points of one object lying on another object."""
    out: list[dict] = []
    for i, a in enumerate(objs):
        for b in objs[i + 1:]:
            for la in _lines_of(a):
                for lb in _lines_of(b):
                    ma, _ = line_coeffs(la[1], la[2])
                    mb, _ = line_coeffs(lb[1], lb[2])
                    if ma == mb:
                        out.append({"type": "parallel", "objects": [a.name, b.name]})
                    elif (ma is None and mb == 0) or (mb is None and ma == 0) or \
                            (ma is not None and mb is not None and ma * mb == -1):
                        out.append({"type": "perpendicular", "objects": [a.name, b.name]})
                    pt = _intersect(la, lb)
                    if pt is not None:
                        out.append({"type": "intersection", "objects": [a.name, b.name],
                                    "point": [r2(pt[0]), r2(pt[1])]})
    for a in objs:
        for n, p in zip(a.pt_names, a.pts):
            if not n:
                continue
            for b in objs:
                if b is not a and on_object(p, b) and n not in b.pt_names:
                    out.append({"type": "on", "point": n, "object": b.name})
    return out


def spec_facts(spec: AnalyticSpec) -> dict:
    objs = [object_facts(o) for o in spec.objects]
    counts: dict = {"objects": len(spec.objects)}
    for k in KINDS:
        n = sum(o.kind == k for o in spec.objects)
        if n:
            counts[k] = n
    points = {n: _xy(p) for o in spec.objects for n, p in zip(o.pt_names, o.pts) if n}
    counts["named_points"] = len(points)
    return {"range": {"xmin": spec.xmin, "xmax": spec.xmax, "ymin": spec.ymin,
                      "ymax": spec.ymax},
            "objects": objs, "points": points, "relations": relations(spec.objects),
            "counts": counts}
