"""MAVIS-Instruct problems on the coordinate plane.

Targets: distance (segment length), midpoint (one coordinate), slope, y-intercept and
x-intercept (inside the drawn window) of the line through two points, the slope of a line
perpendicular to it, intersection of two lines given by equations (one coordinate), polygon
area (shoelace) and perimeter, circle area and circumference from the centre and a point on the
circle. Each problem draws its objects (plus, often, an unrelated object) with the analytic_geometry
renderer's placer; the givens are the coordinates or equations, drawn in ``vision_spec`` and,
for some objects, already in the base ``spec``. Answers are computed with exact fractions; a
question whose answer two decimals do not give in full says "Round to two decimals."

    python -c "import numpy as np; from engines.mavis.analytic_geometry.problem import \
make_problem; p = make_problem(np.random.default_rng(0)); print(p.stem, p.cot, p.answer)"
"""
from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Callable

import numpy as np

from engines.mavis.problem import Distractor, Given, Problem, mixed_flags
from engines.mavis.registry import problem_maker
from renderers.analytic_geometry.sample import SLOPES, Placer, finish_objects, sample_range
from renderers.analytic_geometry.spec import (F, AnalyticSpec, GeoObject, fmt_frac, line_equation,
                                              shoelace)
from renderers.spec import rng_choice
from renderers.text import exact_to, fmt_round, half_up

TARGETS = ("distance", "midpoint", "slope", "y_intercept", "intersection", "polygon_area",
           "circle_area", "circumference", "x_intercept", "perpendicular_slope",
           "polygon_perimeter")
EXTRA_KINDS = ("point", "segment", "line", "circle", "ellipse", "parabola", "triangle")


def _n(x) -> str:
    return fmt_frac(Fraction(x)) if isinstance(x, Fraction) else fmt_round(x)


def _p(x) -> str:
    """A number as an operand: negative ones and fractions in parentheses."""
    s = _n(x)
    return f"({s})" if s.startswith("-") or "/" in s else s


def _line_at(m, b, x) -> str:
    """m·x + b with x put in, written as a teacher would: "1.5·2 - 4", "3 + 1"."""
    term = _p(x) if m == 1 else f"{_n(m)}·{_p(x)}"
    return term + (f" + {_n(b)}" if b > 0 else f" - {_n(-b)}" if b < 0 else "")


def _pt(name: str, xy) -> str:
    return f"{name}({_n(F(xy[0]))}, {_n(F(xy[1]))})"


def _approx(q: float) -> str:
    """'= 2.5' when the rounded value is exact, else '≈ 2.83' (rounded half up)."""
    return ("= " if exact_to(q) else "≈ ") + fmt_round(q)


def _ratio(q: Fraction) -> str:
    """The value of a fraction just written as a / b: '= -1', '= 2.5' or '≈ 0.33'."""
    return f"= {_n(q)}" if (q * 100).denominator == 1 else _approx(float(q))


def _distractors(answer: float, cands: list[tuple[float, str | None]]) -> list[Distractor]:
    out: list[Distractor] = []
    seen = {fmt_round(answer)}
    for v, step in cands:
        if v is None or not math.isfinite(v):
            continue
        v = half_up(float(v))
        if fmt_round(v) in seen:
            continue
        seen.add(fmt_round(v))
        out.append(Distractor(v, step))
    k = 1
    while len(out) < 3:  # top up with near misses when mistakes coincide with the answer
        for v in (answer + k, answer - k, answer * 2 if answer else k + 0.5):
            v = half_up(v)
            if fmt_round(v) not in seen and len(out) < 3:
                seen.add(fmt_round(v))
                out.append(Distractor(v, None))
        k += 1
    return out


# ----------------------------------------------------------------------------- diagrams


def _layout(rng: np.random.Generator, core: Callable[[Placer], list[GeoObject] | None],
            exclude: tuple[str, ...] = ()) -> tuple[Placer, int] | None:
    """Place the problem's own objects, then maybe one unrelated object (a busier picture);
    returns the placer and how many objects are the problem's own."""
    for _ in range(20):
        pl = Placer(rng, *sample_range(rng, 2))
        objs = core(pl)
        if objs is None or not all(pl.fits(o) and (pl.add(o) or True) for o in objs):
            continue
        if rng.random() < 0.55:
            kind = rng_choice(rng, tuple(k for k in EXTRA_KINDS if k not in exclude))
            for _ in range(15):
                o = pl.propose(kind)
                if o is not None and pl.fits(o):
                    pl.add(o)
                    break
        return pl, len(objs)
    return None


def _specs(rng: np.random.Generator, pl: Placer, n_core: int, eq_given: bool
           ) -> tuple[AnalyticSpec, AnalyticSpec, list[bool]]:
    """Base and vision specs. Each of the problem's objects shows its coordinates (or, for
    equation givens, its equation) in the base diagram with probability 0.4 (``mixed_flags``);
    the vision spec shows them all. Equations that would give the answer away are never
    shown."""
    finish_objects(rng, pl.objects)
    shown = mixed_flags(rng, n_core, 0.4)
    for o, s in zip(pl.objects[:n_core], shown):
        if eq_given:
            o.show_eq, o.show_coords = s, False
        else:
            o.show_coords, o.show_eq = s, False
    base = AnalyticSpec(xmin=pl.xmin, xmax=pl.xmax, ymin=pl.ymin, ymax=pl.ymax,
                        objects=pl.objects)
    vision = copy.deepcopy(base)
    for o in vision.objects[:n_core]:
        if eq_given:
            o.show_eq = True
        else:
            o.show_coords = True
    return base, vision, shown


def _point_givens(o: GeoObject, shown: bool) -> list[Given]:
    return [Given(_pt(n, p), value=[p[0], p[1]], in_diagram=shown, drawable=True)
            for n, p in zip(o.pt_names, o.pts) if n]


def _two_points(pl: Placer, min_d: float = 3.0, skew: bool = True) -> list[list[float]] | None:
    p, q = pl.point(), pl.point()
    if math.dist(p, q) < min_d or (skew and (p[0] == q[0] or p[1] == q[1])):
        return None
    return [p, q]


def _bare(base: AnalyticSpec, givens: list[Given]) -> AnalyticSpec:
    """text_dominant's diagram: the problem's objects (those a given names: "A(2, 3)",
    "l: y = 2x") without coordinates or equations; an unrelated object as in the base."""
    named = {g.text.split("(")[0].split(":")[0].strip() for g in givens}
    bare = copy.deepcopy(base)
    for o in bare.objects:
        if o.name in named or named & set(o.pt_names):
            o.show_coords = o.show_eq = False
    return bare


def _rounded(answer) -> bool:
    """Whether two decimals do not give the answer in full (√13, 8π, 1/3, 0.375)."""
    return not exact_to(answer)


def _problem(target: str, base, vision, givens, stem, cot, answer, dists, **tags) -> Problem:
    if _rounded(answer) and "Round" not in stem:
        stem += " Round to two decimals."
    return Problem(family="analytic_geometry", spec=base, vision_spec=vision, givens=givens,
                   bare_spec=_bare(base, givens),
                   stem=stem, cot=cot, answer=half_up(answer), distractors=dists,
                   tags={"target": target, **tags})


# ----------------------------------------------------------------------------- targets


def _segment_problem(rng: np.random.Generator, target: str) -> Problem | None:
    def core(pl):
        pts = _two_points(pl)
        return pts and [GeoObject("segment", pts=pts, pt_names=["?", "?"])]
    got = _layout(rng, core, exclude=("segment",))
    if got is None:
        return None
    base, vision, shown = _specs(rng, *got, eq_given=False)
    seg = base.objects[0]
    (a, b), (pa, pb) = seg.pt_names, seg.pts
    x1, y1, x2, y2 = F(pa[0]), F(pa[1]), F(pb[0]), F(pb[1])
    givens = _point_givens(seg, shown[0])
    intro = f"The endpoints are {_pt(a, pa)} and {_pt(b, pb)}."
    if target == "distance":
        dx, dy = x2 - x1, y2 - y1
        s2 = dx * dx + dy * dy
        d = math.sqrt(s2)
        stem = rng_choice(rng, [f"Find the length of segment {a}{b}.",
                                f"What is the distance between points {a} and {b}?",
                                f"How long is segment {a}{b}? Round to two decimals."])
        cot = [intro,
               f"Δx = {_n(x2)} - {_p(x1)} = {_n(dx)} and Δy = {_n(y2)} - {_p(y1)} = {_n(dy)}.",
               f"{a}{b} = √(Δx² + Δy²) = √({_p(dx)}² + {_p(dy)}²) = √{_n(s2)} {_approx(d)}.",
               f"So the length of {a}{b} is {fmt_round(d)}."]
        l1 = abs(dx) + abs(dy)
        diff = math.sqrt(abs(dx * dx - dy * dy))
        dists = _distractors(d, [
            (float(l1),
             f"Adding the legs: {a}{b} = |Δx| + |Δy| = {_n(abs(dx))} + {_n(abs(dy))} = {_n(l1)}."),
            (float(s2), f"{a}{b} = Δx² + Δy² = {_n(s2)} (the square root is forgotten)."),
            (diff, f"{a}{b} = √|Δx² - Δy²| = √{_n(abs(dx * dx - dy * dy))} {_approx(diff)}."),
            (d / 2, None)])
        return _problem(target, base, vision, givens, stem, cot, d, dists, names=[a, b])
    coord = rng_choice(rng, ("x", "y"))
    u1, u2, v1, v2 = (x1, x2, y1, y2) if coord == "x" else (y1, y2, x1, x2)
    m = (u1 + u2) / 2
    stem = rng_choice(rng, [f"M is the midpoint of {a}{b}. What is the {coord}-coordinate of M?",
                            f"Find the {coord}-coordinate of the midpoint of segment {a}{b}."])
    # the midpoint is M only where the question calls it so (neither it nor the picture does
    # in the other wording)
    mid = f"{coord}_M" if stem.startswith("M ") else f"{coord}_mid"
    cot = [intro, "The midpoint averages the coordinates of the endpoints.",
           f"{mid} = ({coord}_{a} + {coord}_{b}) / 2 = ({_n(u1)} + {_p(u2)}) / 2 = "
           f"{_n(u1 + u2)} / 2 = {_n(m)}.",
           f"So the {coord}-coordinate of the midpoint is {fmt_round(m)}."]
    dists = _distractors(float(m), [
        (float((u2 - u1) / 2),
         f"{mid} = ({coord}_{b} - {coord}_{a}) / 2 = ({_n(u2)} - {_p(u1)}) / 2 = "
         f"{_n((u2 - u1) / 2)}."),
        (float(u1 + u2),
         f"{mid} = {coord}_{a} + {coord}_{b} = {_n(u1 + u2)} (the halving is forgotten)."),
        (float((v1 + v2) / 2),
         f"The midpoint's other coordinate is ({_n(v1)} + {_p(v2)}) / 2 = {_n((v1 + v2) / 2)}."),
    ])
    return _problem(target, base, vision, givens, stem, cot, m, dists, names=[a, b], coord=coord)


def _line_problem(rng: np.random.Generator, target: str) -> Problem | None:
    def core(pl):
        pts = _two_points(pl, 3.0)
        return pts and [GeoObject("line", pts=pts, pt_names=["?", "?"])]
    got = _layout(rng, core, exclude=("line",))
    if got is None:
        return None
    base, vision, shown = _specs(rng, *got, eq_given=False)
    ln = base.objects[0]
    (a, b), (pa, pb) = ln.pt_names, ln.pts
    x1, y1, x2, y2 = F(pa[0]), F(pa[1]), F(pb[0]), F(pb[1])
    dx, dy = x2 - x1, y2 - y1
    m = dy / dx
    givens = _point_givens(ln, shown[0])
    name = ln.name
    cot = [f"Line {name} passes through {_pt(a, pa)} and {_pt(b, pb)}.",
           f"Its slope is m = (y_{b} - y_{a}) / (x_{b} - x_{a}) = ({_n(y2)} - {_p(y1)}) / "
           f"({_n(x2)} - {_p(x1)}) = {_n(dy)} / {_p(dx)} {_ratio(m)}."]
    if target == "slope":
        stem = rng_choice(rng, [f"What is the slope of line {name}?",
                                f"Find the slope of the line through {a} and {b}."])
        cot.append(f"So the slope of line {name} is {fmt_round(m)}.")
        dists = _distractors(float(m), [
            (float(dx / dy),
             f"m = (x_{b} - x_{a}) / (y_{b} - y_{a}) = {_n(dx)} / {_p(dy)} (run over rise)."),
            (float(-m),
             f"m = ({_n(y2)} - {_p(y1)}) / ({_n(x1)} - {_p(x2)}) = {_n(-m)} (the subtraction "
             f"order is mixed)."),
            (float(dy), f"m = y_{b} - y_{a} = {_n(dy)} (the rise is not divided by the run)."),
            (float(-dx / dy), None)])
        return _problem(target, base, vision, givens, stem, cot, m, dists, names=[a, b],
                        object=name)
    if target == "perpendicular_slope":
        perp = -1 / m
        stem = rng_choice(rng, [f"Line k is perpendicular to line {name}. What is the slope "
                                f"of k?",
                                f"Find the slope of a line perpendicular to the line through "
                                f"{a} and {b}."])
        # k is named by the first wording only; the picture draws l but never k
        perp_line = "k" if stem.startswith("Line k ") else "a perpendicular line"
        cot += [f"Perpendicular slopes multiply to -1, so the slope of {perp_line} is -1 / m = "
                f"-1 / {_p(m)} {_ratio(perp)}.",
                f"So the slope of the perpendicular line is {fmt_round(perp)}."]
        dists = _distractors(float(perp), [
            (float(-m), f"Only the sign is changed: -m = {_n(-m)}."),
            (float(1 / m), f"Only the reciprocal is taken: 1 / m = 1 / {_p(m)} {_ratio(1 / m)}."),
            (float(m), "A perpendicular line is taken to have the same slope."),
            (float(dx / dy), None)])
        return _problem(target, base, vision, givens, stem, cot, perp, dists, names=[a, b],
                        object=name)
    bint = y1 - m * x1
    if target == "x_intercept":
        xint = -bint / m
        if not base.xmin < xint < base.xmax:
            return None  # a crossing off the picture cannot be read against it
        stem = rng_choice(rng, [f"At what x-value does line {name} cross the x-axis?",
                                f"Find the x-intercept of the line through {a} and {b}."])
        cot += [f"On the x-axis y = 0: 0 = {_n(y1)} + {_p(m)}·(x - {_p(x1)}), so x = x_{a} - "
                f"y_{a} / m = {_n(x1)} - {_p(y1)} / {_p(m)} = {_n(xint)}"
                + ("." if (xint * 100).denominator == 1 else f" {_approx(float(xint))}."),
                f"So line {name} crosses the x-axis at x = {fmt_round(xint)}."]
        dists = _distractors(float(xint), [
            (float(bint), f"The y-intercept is read instead: b = {_n(bint)}."),
            (float(x1 + y1 / m), f"x = x_{a} + y_{a} / m = {_n(x1 + y1 / m)} (a sign slip)."),
            (float(x1 - y1 * m), f"x = x_{a} - y_{a}·m = {_n(x1 - y1 * m)} (multiplied instead "
                                 f"of divided)."),
            (float(-xint), None)])
        return _problem(target, base, vision, givens, stem, cot, xint, dists, names=[a, b],
                        object=name)
    stem = rng_choice(rng, [f"At what y-value does line {name} cross the y-axis?",
                            f"Find the y-intercept of the line through {a} and {b}.",
                            f"Line {name} is written as y = mx + b. What is b?"])
    cot += [f"Using point {a}: b = y_{a} - m·x_{a} = {_n(y1)} - {_p(m)}·{_p(x1)} = {_n(bint)}"
            + ("." if (bint * 100).denominator == 1 else f" {_approx(float(bint))}."),
            f"So the y-intercept of {name} is {fmt_round(bint)}."]
    xint = -bint / m if m != 0 else None
    wrong_m = dx / dy
    dists = _distractors(float(bint), [
        (None if xint is None else float(xint),
         f"Setting y = 0 instead: x = -b / m = {_n(xint) if xint is not None else ''}."),
        (float(y1 + m * x1),
         f"b = y_{a} + m·x_{a} = {_n(y1)} + {_p(m)}·{_p(x1)} = {_n(y1 + m * x1)}."),
        (float(y1 - wrong_m * x1),
         f"With the slope inverted (m = {_n(wrong_m)}): b = {_n(y1)} - {_p(wrong_m)}·{_p(x1)} = "
         f"{_n(y1 - wrong_m * x1)}."),
        (float(-bint), None)])
    return _problem(target, base, vision, givens, stem, cot, bint, dists, names=[a, b],
                    object=name)


def _intersection_problem(rng: np.random.Generator) -> Problem | None:
    def core(pl):
        px = pl.coord(pl.xmin + 1.5, pl.xmax - 1.5, 0.0)
        py = pl.coord(pl.ymin + 1.5, pl.ymax - 1.5, 0.0)
        m1, m2 = (rng_choice(rng, SLOPES) for _ in range(2))
        if m1 == m2 or (px == 0 and py == 0):
            return None
        out = []
        for m in (m1, m2):
            b = py - m * px
            out.append(GeoObject("line", pts=[[0.0, b], [2.0, b + 2 * m]], pt_names=["", ""]))
        return out
    got = _layout(rng, core, exclude=("line",))
    if got is None:
        return None
    base, vision, shown = _specs(rng, *got, eq_given=True)
    l1, l2 = base.objects[:2]
    (m1, b1), (m2, b2) = [(F(o.pts[1][1] - o.pts[0][1]) / 2, F(o.pts[0][1])) for o in (l1, l2)]
    e1, e2 = line_equation(m1, b1), line_equation(m2, b2)
    givens = [Given(f"{l1.name}: {e1}", value=e1, in_diagram=shown[0], drawable=True),
              Given(f"{l2.name}: {e2}", value=e2, in_diagram=shown[1], drawable=True)]
    x = (b2 - b1) / (m1 - m2)
    y = m1 * x + b1
    coord = rng_choice(rng, ("x", "y"))
    ans = x if coord == "x" else y
    stem = rng_choice(rng, [f"Lines {l1.name} and {l2.name} meet at point P. What is the "
                            f"{coord}-coordinate of P?",
                            f"Find the {coord}-coordinate of the intersection of {l1.name} and "
                            f"{l2.name}."])
    cot = [f"The lines are {l1.name}: {e1} and {l2.name}: {e2}.",
           f"At the intersection both give the same y: {e1.split(' = ', 1)[1]} = "
           f"{e2.split(' = ', 1)[1]}.",
           f"So x = (b₂ - b₁) / (m₁ - m₂) = ({_n(b2)} - {_p(b1)}) / ({_n(m1)} - {_p(m2)}) = "
           f"{_n(b2 - b1)} / {_n(m1 - m2)} = {_n(x)}.",
           f"Then y = {_line_at(m1, b1, x)} = {_n(y)}." if m1 else f"Then y = {_n(y)}.",
           f"So the {coord}-coordinate of the intersection is {fmt_round(ans)}."]
    other = y if coord == "x" else x
    xs = -x
    dists = _distractors(float(ans), [
        (float(other),
         f"The intersection is ({_n(x)}, {_n(y)}); its other coordinate is {_n(other)}."),
        (float(xs if coord == "x" else m1 * xs + b1),
         f"x = (b₁ - b₂) / (m₁ - m₂) = {_n(b1 - b2)} / {_n(m1 - m2)} = {_n(xs)} (a sign slip)."),
        (float((b2 - b1) / (m1 + m2)) if m1 + m2 != 0 else None,
         f"x = (b₂ - b₁) / (m₁ + m₂) = {_n(b2 - b1)} / {_n(m1 + m2)} "
         f"{_ratio((b2 - b1) / (m1 + m2)) if m1 + m2 else ''}."),
        (float(b1 if coord == "y" else b2 - b1), None)])
    return _problem("intersection", base, vision, givens, stem, cot, ans, dists,
                    objects=[l1.name, l2.name], coord=coord)


def _polygon_problem(rng: np.random.Generator, target: str = "polygon_area") -> Problem | None:
    n = 3 if rng.random() < 0.6 else 4
    got = _layout(rng, lambda pl: (lambda o: o and [o])(pl.polygon(n)),
                  exclude=("triangle", "quadrilateral"))
    if got is None:
        return None
    base, vision, shown = _specs(rng, *got, eq_given=False)
    poly = base.objects[0]
    pts = poly.pts
    kind = poly.kind
    terms = [F(p[0]) * F(q[1]) - F(q[0]) * F(p[1]) for p, q in zip(pts, pts[1:] + pts[:1])]
    s = sum(terms, Fraction(0))
    area = shoelace(pts)
    names = poly.pt_names
    if target == "polygon_perimeter":
        return _perimeter(rng, base, vision, shown, poly)
    stem = rng_choice(rng, [f"Find the area of {kind} {poly.name}.",
                            f"What is the area enclosed by {kind} {poly.name}?"])
    cot = [f"The vertices in order are {', '.join(_pt(nm, p) for nm, p in zip(names, pts))}.",
           "Shoelace formula: Area = |Σ (x_i·y_(i+1) - x_(i+1)·y_i)| / 2.",
           "The terms are " + ", ".join(_n(t) for t in terms) + f"; their sum is {_n(s)}.",
           f"Area = |{_n(s)}| / 2 = {_n(area)}.",
           f"So the area of {kind} {poly.name} is {fmt_round(area)}."]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = (max(xs) - min(xs)) * (max(ys) - min(ys))
    per = sum(math.dist(p, q) for p, q in zip(pts, pts[1:] + pts[:1]))
    dists = _distractors(float(area), [
        (float(abs(s)), f"Area = |{_n(s)}| = {_n(abs(s))} (the division by 2 is forgotten)."),
        (box,
         f"Area of the bounding rectangle: {fmt_round(max(xs) - min(xs))} × "
         f"{fmt_round(max(ys) - min(ys))} = {fmt_round(box)}."),
        (float(abs(s)) / 4, None),
        (per, None)])
    return _problem("polygon_area", base, vision, _point_givens(poly, shown[0]), stem, cot, area,
                    dists, names=list(names))


def _perimeter(rng: np.random.Generator, base, vision, shown, poly) -> Problem:
    """The perimeter of a drawn polygon: each side by the distance formula, then their sum."""
    pts, names = poly.pts, poly.pt_names
    stem = rng_choice(rng, [f"Find the perimeter of {poly.kind} {poly.name}.",
                            f"How long is the boundary of {poly.kind} {poly.name}? Round to two "
                            f"decimals."])
    cot = [f"The vertices in order are {', '.join(_pt(nm, p) for nm, p in zip(names, pts))}."]
    sides = []
    for (na, pa), (nb, pb) in zip(zip(names, pts), list(zip(names, pts))[1:] +
                                  list(zip(names, pts))[:1]):
        dx, dy = F(pb[0]) - F(pa[0]), F(pb[1]) - F(pa[1])
        d = math.sqrt(dx * dx + dy * dy)
        sides.append(d)
        cot.append(f"{na}{nb} = √({_p(dx)}² + {_p(dy)}²) = √{_n(dx * dx + dy * dy)} "
                   f"{_approx(d)}.")
    per = sum(sides)
    cot += [f"Perimeter = {' + '.join(fmt_round(d) for d in sides)} {_approx(per)}.",
            f"So the perimeter of {poly.kind} {poly.name} is {fmt_round(per)}."]
    manhattan = sum(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p, q in zip(pts, pts[1:] + pts[:1]))
    dists = _distractors(per, [
        (float(manhattan), "Each side taken as |Δx| + |Δy| (the legs added) gives "
                           f"{fmt_round(manhattan)}."),
        (per - sides[-1], "The closing side back to the first vertex is left out: "
                          f"{fmt_round(per - sides[-1])}."),
        (float(shoelace(pts)), "The area is given instead of the perimeter."),
        (per / 2, None)])
    return _problem("polygon_perimeter", base, vision, _point_givens(poly, shown[0]), stem, cot,
                    per, dists, names=list(names))


def _circle_problem(rng: np.random.Generator, target: str) -> Problem | None:
    def core(pl):
        dx, dy = (int(v) for v in rng.integers(-4, 5, size=2))
        r = math.hypot(dx, dy)
        span = min(pl.xmax - pl.xmin, pl.ymax - pl.ymin)
        if r < 2 or r > 0.42 * span:
            return None
        c = [pl.coord(pl.xmin + r + 0.3, pl.xmax - r - 0.3, 0, nonzero=True),
             pl.coord(pl.ymin + r + 0.3, pl.ymax - r - 0.3, 0, nonzero=True)]
        return [GeoObject("circle", pts=[c, [c[0] + dx, c[1] + dy]], pt_names=["?", "?"],
                          radius=r)]
    got = _layout(rng, core, exclude=("circle",))
    if got is None:
        return None
    base, vision, shown = _specs(rng, *got, eq_given=False)
    circ = base.objects[0]
    (cn, pn), (pc, pp) = circ.pt_names, circ.pts
    dx, dy = F(pp[0]) - F(pc[0]), F(pp[1]) - F(pc[1])
    r2 = dx * dx + dy * dy
    r = math.sqrt(r2)
    exact = r2.denominator == 1 and math.isqrt(int(r2)) ** 2 == r2
    rsym = str(math.isqrt(int(r2))) if exact else f"√{_n(r2)}"
    rtxt = rsym if exact else f"{rsym} {_approx(r)}"
    cot = [f"The circle has centre {_pt(cn, pc)} and passes through {_pt(pn, pp)}.",
           f"Its radius is r = {cn}{pn} = √(({_n(F(pp[0]))} - {_p(F(pc[0]))})² + "
           f"({_n(F(pp[1]))} - {_p(F(pc[1]))})²) = √({_p(dx)}² + {_p(dy)}²) = {rtxt}."]
    if target == "circle_area":
        val = math.pi * float(r2)
        stem = rng_choice(rng, [f"The circle is centred at {cn} and passes through {pn}. "
                                "Find its area.",
                                f"What is the area of the circle with centre {cn} through "
                                f"{pn}? Round to two decimals."])
        cot += [f"Area = πr² = π·{_n(r2)} {_approx(val)}.",
                f"So the area of the circle is {fmt_round(val)}."]
        dists = _distractors(val, [
            (2 * math.pi * r,
             f"Area = 2πr = 2π·{rsym} ≈ {fmt_round(2 * math.pi * r)} (that is the "
             f"circumference)."),
            (math.pi * r,
             f"Area = πr = π·{rsym} ≈ {fmt_round(math.pi * r)} (the radius is not "
             f"squared)."),
            (4 * math.pi * float(r2),
             f"Area = π·(2r)² = 4π·{_n(r2)} ≈ {fmt_round(4 * math.pi * float(r2))} (the "
             f"diameter is used as the radius)."),
            (float(r2), None)])
    else:
        val = 2 * math.pi * r
        stem = rng_choice(rng, [f"The circle is centred at {cn} and passes through {pn}. "
                                "Find its circumference.",
                                f"How long is the circle with centre {cn} through {pn} all the "
                                "way round? Round to two decimals."])
        cot += [f"Circumference = 2πr = 2π·{rsym} {_approx(val)}.",
                f"So the circumference is {fmt_round(val)}."]
        dists = _distractors(val, [
            (math.pi * float(r2),
             f"C = πr² = π·{_n(r2)} ≈ {fmt_round(math.pi * float(r2))} (that is the "
             f"area)."),
            (math.pi * r,
             f"C = πr = π·{rsym} ≈ {fmt_round(math.pi * r)} (the factor 2 is forgotten)."),
            (2 * math.pi * float(r2),
             f"C = 2πr² = 2π·{_n(r2)} ≈ {fmt_round(2 * math.pi * float(r2))}."),
            (4 * math.pi * r, None)])
    return _problem(target, base, vision, _point_givens(circ, shown[0]), stem, cot, val, dists,
                    names=[cn, pn])


BUILDERS: dict[str, Callable[[np.random.Generator], Problem | None]] = {
    "distance": lambda rng: _segment_problem(rng, "distance"),
    "midpoint": lambda rng: _segment_problem(rng, "midpoint"),
    "slope": lambda rng: _line_problem(rng, "slope"),
    "y_intercept": lambda rng: _line_problem(rng, "y_intercept"),
    "intersection": _intersection_problem,
    "polygon_area": _polygon_problem,
    "circle_area": lambda rng: _circle_problem(rng, "circle_area"),
    "circumference": lambda rng: _circle_problem(rng, "circumference"),
    "x_intercept": lambda rng: _line_problem(rng, "x_intercept"),
    "perpendicular_slope": lambda rng: _line_problem(rng, "perpendicular_slope"),
    "polygon_perimeter": lambda rng: _polygon_problem(rng, "polygon_perimeter"),
}


@problem_maker("analytic_geometry")
def make_problem(rng: np.random.Generator, target: str | None = None) -> Problem:
    """One problem; ``target`` forces what is asked (one of TARGETS)."""
    if target is None:
        target = rng_choice(rng, TARGETS)
    elif target not in BUILDERS:
        raise ValueError(f"unknown target {target!r}; valid: {', '.join(TARGETS)}")
    for _ in range(50):
        p = BUILDERS[target](rng)
        if p is not None:
            return p
    raise RuntimeError(f"could not build an analytic_geometry {target} problem")
