"""Independent re-check of analytic_geometry problems with sympy.geometry.

``recheck`` recomputes the target from the problem's vision spec alone (the drawn objects'
coordinates), never from ``problem.answer`` or the problem maker's fractions.

    python -c "import numpy as np; from engines.mavis.analytic_geometry.problem import \
make_problem; from engines.mavis.analytic_geometry.recheck import recheck; \
p = make_problem(np.random.default_rng(0)); print(p.answer, recheck(p))"
"""
from __future__ import annotations

from engines.mavis.problem import Problem
from engines.mavis.registry import rechecker


# ----------------------------------------------------------------------------- re-check


@rechecker("analytic_geometry")
def recheck(problem: Problem) -> float:
    """Recompute the answer from the vision diagram's objects with sympy.geometry (exact
    arithmetic, a different formula path from make_problem's fractions)."""
    from sympy import Rational, pi
    from sympy.geometry import Circle, Line, Point, Polygon, Segment

    spec = problem.vision_spec
    pts = {n: Point(Rational(p[0]), Rational(p[1]))
           for o in spec.objects for n, p in zip(o.pt_names, o.pts) if n}
    objs = {o.name: o for o in spec.objects}
    tags = problem.tags
    t = tags["target"]
    if t in ("distance", "midpoint", "slope", "y_intercept", "x_intercept",
             "perpendicular_slope"):
        a, b = (pts[n] for n in tags["names"])
        if t == "distance":
            return float(a.distance(b))
        if t == "midpoint":
            mid = Segment(a, b).midpoint
            return float(mid.x if tags["coord"] == "x" else mid.y)
        line = Line(a, b)
        if t == "slope":
            return float(line.slope)
        if t == "perpendicular_slope":
            return float(line.perpendicular_line(a).slope)
        if t == "x_intercept":
            return float(line.intersection(Line(Point(0, 0), Point(1, 0)))[0].x)
        return float(line.intersection(Line(Point(0, 0), Point(0, 1)))[0].y)
    if t == "intersection":
        l1, l2 = (Line(*(Point(Rational(p[0]), Rational(p[1])) for p in objs[n].pts))
                  for n in tags["objects"])
        q = l1.intersection(l2)[0]
        return float(q.x if tags["coord"] == "x" else q.y)
    if t == "polygon_area":
        return float(abs(Polygon(*(pts[n] for n in tags["names"])).area))
    if t == "polygon_perimeter":
        return float(Polygon(*(pts[n] for n in tags["names"])).perimeter)
    if t in ("circle_area", "circumference"):
        c, p = (pts[n] for n in tags["names"])
        circle = Circle(c, c.distance(p))
        return float((circle.area if t == "circle_area" else circle.circumference).evalf())
    raise ValueError(f"unknown target {t!r}")
