"""DynaMath "analytic geometry" seeds: points, segments, lines and polygons drawn on
a coordinate grid.

Why these: DynaMath's analytic geometry questions give a figure on a grid and ask for a
distance, a midpoint, a slope, an intercept, an area or where two lines meet. Each variant
re-draws the figure (integer coordinates, so they read off the grid; some variants also write
them next to the points), re-names the points or asks for another coordinate, so the question
text recurs while the answer changes with the picture. Answers are exact (fractions) and
rounded only where the question says so, and never at a half-way tie; ``check`` re-derives
each answer with sympy's geometry module or another formula (Heron's formula for triangles).
Conics and transformations are in analytic_geometry/conics_transforms.py.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_geometry.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, NAME_PAIRS, ROUND2, TOPIC,
                                                           UNI, apart, coord, fpts, point, sp, spt,
                                                           tie, view)
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject, line_coeffs, shoelace
from renderers.spec import rng_choice
from renderers.text import r2


# ----------------------------------------------------------------------------- points


@register_seed
class Distance(SeedQuestion):
    seed_id = "analytic-distance"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A third point Z({x}, {y}) lies on the same grid but is not drawn.",)
    canonical = {"pts": [[-3, -2], [3, 2]], "names": ["A", "B"], "color": "blue", "r": 6}

    def sample(self, rng):
        r = int(rng.integers(6, 8))
        while True:
            pts = [point(rng, r - 1), point(rng, r - 1)]
            d = np.subtract(pts[0], pts[1])
            if (d != 0).all() and math.hypot(*d) >= 3:
                return {"pts": pts, "names": list(rng_choice(rng, NAME_PAIRS)),
                        "color": rng_choice(rng, COLORS), "r": r}

    def question(self, p):
        a, b = p["names"]
        return f"What is the distance between points {a} and {b}? {ROUND2}"

    def answer(self, p):
        return r2(math.dist(*p["pts"]))

    def check(self, p):
        return r2(spt(p["pts"][0]).distance(spt(p["pts"][1])))

    def diagram(self, p):
        return view(p, [GeoObject("segment", "s", fpts(p["pts"]), p["names"],
                                  color=p["color"])])


@register_seed
class Midpoint(SeedQuestion):
    seed_id = "analytic-midpoint"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)

    def sample(self, rng):
        p = Distance().sample(rng)
        p["ask"] = rng_choice(rng, ("x", "y"))
        return p

    def question(self, p):
        a, b = p["names"]
        return f"What is the {p['ask']}-coordinate of the midpoint of segment {a}{b}?"

    def answer(self, p):
        i = "xy".index(p["ask"])
        return (p["pts"][0][i] + p["pts"][1][i]) / 2

    def check(self, p):
        m = sp().Segment(spt(p["pts"][0]), spt(p["pts"][1])).midpoint
        return float(m.x if p["ask"] == "x" else m.y)

    def diagram(self, p):
        return Distance().diagram(p)


# ----------------------------------------------------------------------------- lines


def _two_points(rng, r: int, vertical: bool = False) -> list[list[int]]:
    while True:
        a, b = point(rng, r - 1), point(rng, r - 1)
        if (vertical or a[0] != b[0]) and a[1] != b[1] and math.dist(a, b) >= 3:
            return [a, b]


@register_seed
class Slope(SeedQuestion):
    seed_id = "analytic-slope"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A second line, not drawn, has slope {n}.",)
    canonical = {"pts": [[-2, -3], [4, 1]], "names": ["A", "B"], "color": "red",
                 "coords": False, "r": 6}

    def sample(self, rng):
        r = int(rng.integers(6, 8))
        while True:
            pts = _two_points(rng, r)
            if not tie(line_coeffs(*pts)[0]):
                return {"pts": pts, "names": list(rng_choice(rng, NAME_PAIRS)),
                        "color": rng_choice(rng, COLORS), "coords": bool(rng.random() < 0.4),
                        "r": r}

    def question(self, p):
        a, b = p["names"]
        return f"What is the slope of the line through points {a} and {b}? {ROUND2}"

    def answer(self, p):
        (x1, y1), (x2, y2) = p["pts"]
        return r2(Fraction(y2 - y1, x2 - x1))

    def check(self, p):
        return r2(sp().Line(spt(p["pts"][0]), spt(p["pts"][1])).slope)

    def diagram(self, p):
        return view(p, [GeoObject("line", "", fpts(p["pts"]), p["names"], color=p["color"],
                                  show_coords=p["coords"])])


@register_seed
class YIntercept(SeedQuestion):
    seed_id = "analytic-y-intercept"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("Another graph, not shown, crosses the y-axis at y = {x}.",)
    PARABOLA_A = (-2, -1, -0.5, 0.5, 1, 2)

    def sample(self, rng):
        r = int(rng.integers(6, 8))
        col = rng_choice(rng, COLORS)
        if rng.random() < 0.5:
            while True:
                pts = _two_points(rng, r)
                m, b = line_coeffs(*pts)
                if pts[0][0] * pts[1][0] != 0 and not tie(b) and abs(b) <= 12:
                    return {"kind": "line", "pts": pts, "color": col, "r": r}
        while True:
            a = float(rng_choice(rng, self.PARABOLA_A))
            h, k = coord(rng, -4, 4), int(rng.integers(-5, 6))
            d = coord(rng, -3, 3)
            P = [h + d, k + a * d * d]
            if P[0] != 0 and abs(P[0]) <= r - 1 and abs(P[1]) <= r - 1 and abs(k) <= r - 1 and \
                    math.dist(P, (h, k)) >= 2.5:
                return {"kind": "parabola", "pts": [[h, k], P], "a": a, "color": col, "r": r}

    def question(self, p):
        # the answer rests on the graph's kind and on V being the vertex: both are stated
        what, name = (("The graph is the straight line through A and B.", "the drawn line")
                      if p["kind"] == "line" else
                      ("The graph is a parabola with vertex V that passes through P.",
                       "the drawn parabola"))
        # "its" would take in the clause's other graph, which goes just before the question
        return f"{what} What is the y-intercept of {name}? {ROUND2}"

    def answer(self, p):
        if p["kind"] == "line":
            return r2(line_coeffs(*p["pts"])[1])
        (h, k), _ = p["pts"]
        return r2(Fraction(p["a"]) * h * h + k)

    def check(self, p):
        s = sp()
        x = s.Symbol("x")
        if p["kind"] == "line":
            hit = s.Line(spt(p["pts"][0]), spt(p["pts"][1])).intersection(
                s.Line(s.Point(0, 0), s.Point(0, 1)))[0]
            return r2(hit.y)
        (h, k), (px, py) = p["pts"]
        a = (s.nsimplify(py) - k) / (s.nsimplify(px) - h) ** 2  # from the marked point
        return r2((a * (x - h) ** 2 + k).subs(x, 0))

    def diagram(self, p):
        if p["kind"] == "line":
            return view(p, [GeoObject("line", "", fpts(p["pts"]), ["A", "B"],
                                      color=p["color"], show_coords=True)])
        V, P = p["pts"]
        return view(p, [GeoObject("parabola", "", fpts([V]), ["V"], coef=p["a"],
                                  color=p["color"], show_coords=True),
                        GeoObject("point", "", fpts([P]), ["P"], show_coords=True)])


SLOPES = (Fraction(-3), Fraction(-2), Fraction(-1), Fraction(-1, 2), Fraction(-1, 3),
          Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1), Fraction(2), Fraction(3))


def _line_through(pt, m: Fraction) -> list[list[float]]:
    """Two points of the line with slope m through pt (a vertical line for m None)."""
    if m is None:
        return fpts([pt, [pt[0], pt[1] + 1]])
    return fpts([pt, [pt[0] + m.denominator, pt[1] + m.numerator]])


@register_seed
class LineIntersection(SeedQuestion):
    seed_id = "analytic-line-intersection"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A third line, not drawn, passes through the point ({x}, {y}).",)
    canonical = {"at": [2, 1], "m": [[1, 1], [-1, 2]], "colors": ["blue", "red"], "ask": "x",
                 "r": 6}

    def sample(self, rng):
        i, j = rng.choice(len(SLOPES), size=2, replace=False)
        ms = [SLOPES[int(i)], SLOPES[int(j)]]
        cols = rng.choice(len(COLORS), size=2, replace=False)
        return {"at": [int(v) for v in rng.integers(-4, 5, size=2)],
                "m": [[q.numerator, q.denominator] for q in ms],
                "colors": [COLORS[int(c)] for c in cols], "ask": rng_choice(rng, ("x", "y")),
                "r": int(rng.integers(6, 8))}

    def question(self, p):
        # the asking sentence names the drawn lines: a clause about another line goes just
        # before it, where "their" could take in all three
        return (f"The two drawn lines are given by the equations shown. What is the "
                f"{p['ask']}-coordinate of the point where the two drawn lines intersect?")

    def answer(self, p):
        return float(p["at"]["xy".index(p["ask"])])

    def check(self, p):
        s = sp()
        x, y = s.symbols("x y")
        eqs = []
        for o in self.diagram(p).objects:
            m, b = line_coeffs(*o.pts)
            eqs.append(s.Eq(y, s.Rational(m.numerator, m.denominator) * x +
                            s.Rational(b.numerator, b.denominator)))
        sol = s.solve(eqs, [x, y])
        return float(sol[x] if p["ask"] == "x" else sol[y])

    def diagram(self, p):
        return view(p, [GeoObject("line", "", _line_through(p["at"], Fraction(*m)), [],
                                  color=c, show_eq=True) for m, c in zip(p["m"], p["colors"])])


@register_seed
class PointLineDistance(SeedQuestion):
    seed_id = "analytic-point-line-distance"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)

    def sample(self, rng):
        r = int(rng.integers(6, 8))
        while True:
            q = [int(v) for v in rng.integers(-3, 4, size=2)]
            k = int(rng.integers(len(SLOPES) + 1))  # the extra index is a vertical line
            P = point(rng, r - 1)
            m = None if k == len(SLOPES) else SLOPES[k]
            line = GeoObject("line", "", _line_through(q, m))
            d = self._dist(P, line)
            if d >= 1.5:
                return {"q": q, "m": None if m is None else [m.numerator, m.denominator],
                        "P": P, "color": rng_choice(rng, COLORS), "r": r}

    @staticmethod
    def _dist(P, line: GeoObject) -> float:
        (x1, y1), (x2, y2) = line.pts
        return abs((x2 - x1) * (y1 - P[1]) - (x1 - P[0]) * (y2 - y1)) / math.hypot(x2 - x1,
                                                                                   y2 - y1)

    def _line(self, p) -> GeoObject:
        m = None if p["m"] is None else Fraction(*p["m"])
        return GeoObject("line", "", _line_through(p["q"], m), [], color=p["color"],
                         show_eq=True)

    def question(self, p):
        return f"What is the distance from point P to the line shown? {ROUND2}"

    def answer(self, p):
        return r2(self._dist(p["P"], self._line(p)))

    def check(self, p):
        s = sp()
        a, b = (s.Point(s.nsimplify(u), s.nsimplify(v)) for u, v in self._line(p).pts)
        return r2(s.Line(a, b).distance(spt(p["P"])))

    def diagram(self, p):
        return view(p, [self._line(p), GeoObject("point", "", fpts([p["P"]]), ["P"],
                                                 show_coords=True)])


@register_seed
class LineRelation(SeedQuestion):
    seed_id = "analytic-line-relation"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "numerical value", IRRELEVANT)
    clauses = ("Point Z({x}, {y}), not drawn, lies in the same plane.",)
    OPTIONS = ("parallel", "perpendicular", "intersecting but not perpendicular",
               "the same line")

    def sample(self, rng):
        rel = int(rng.integers(3))
        while True:
            v = [int(x) for x in rng.integers(-3, 4, size=2)]
            if v == [0, 0] or math.gcd(*v) != 1:
                continue
            w = v if rel == 0 else [-v[1], v[0]] if rel == 1 else \
                [int(x) for x in rng.integers(-3, 4, size=2)]
            if w == [0, 0]:
                continue
            cos = abs(np.dot(v, w)) / math.hypot(*v) / math.hypot(*w)
            if rel == 2 and not 0.3 <= cos <= 0.9:  # clearly neither parallel nor square
                continue
            A, C = point(rng, 4), point(rng, 4)
            k1, k2 = int(rng.integers(1, 3)), int(rng.integers(1, 3))
            pts = [A, [A[0] + k1 * v[0], A[1] + k1 * v[1]], C,
                   [C[0] + k2 * w[0], C[1] + k2 * w[1]]]
            # a quarter turn or a mirror image of the configuration: the relation stays
            turn, flip = int(rng.integers(4)), bool(rng.random() < 0.5)
            pts = [_turn(q, turn, flip) for q in pts]
            off_line = (pts[1][0] - pts[0][0]) * (pts[2][1] - pts[0][1]) != \
                (pts[1][1] - pts[0][1]) * (pts[2][0] - pts[0][0])
            if all(max(map(abs, q)) <= 5 for q in pts) and apart(pts) and off_line:
                return {"pts": pts, "rel": rel, "turn": turn, "flip": flip,
                        "colors": ["blue", "red"] if rng.random() < 0.5 else ["green",
                                                                             "purple"]}

    def question(self, p):
        return "How are line AB and line CD related?"

    def options(self, p):
        return list(self.OPTIONS)

    def answer(self, p):
        return self.OPTIONS[p["rel"]]

    def check(self, p):
        s = sp()
        a, b, c, d = (spt(q) for q in p["pts"])
        l1, l2 = s.Line(a, b), s.Line(c, d)
        if l1.equals(l2):
            return self.OPTIONS[3]
        if l1.is_parallel(l2):
            return self.OPTIONS[0]
        return self.OPTIONS[1] if l1.is_perpendicular(l2) else self.OPTIONS[2]

    def diagram(self, p):
        P = fpts(p["pts"])
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=[
            GeoObject("line", "", P[:2], ["A", "B"], color=p["colors"][0]),
            GeoObject("line", "", P[2:], ["C", "D"], color=p["colors"][1])])


def _turn(q, k: int, flip: bool) -> list[int]:
    x, y = q
    for _ in range(k):
        x, y = -y, x
    return [-x, y] if flip else [x, y]


@register_seed
class SteepestLine(SeedQuestion):
    seed_id = "analytic-steepest-line"
    topic, level, answer_type = TOPIC, HIGH, "text"
    kinds = ("color", "numerical value", IRRELEVANT)
    clauses = ("A fourth line, not drawn, passes through the origin.",)
    SPREAD = (Fraction(-3), Fraction(-1), Fraction(-1, 3), Fraction(1, 3), Fraction(1),
              Fraction(3))

    def sample(self, rng):
        ms = sorted(int(i) for i in rng.choice(len(self.SPREAD), size=3, replace=False))
        cols = [COLORS[int(c)] for c in rng.choice(len(COLORS), size=3, replace=False)]
        at = [[int(v) for v in rng.integers(-3, 4, size=2)] for _ in range(3)]
        order = [int(i) for i in rng.permutation(3)]
        return {"m": [ms[i] for i in order], "colors": cols, "at": at,
                "ask": rng_choice(rng, ("greatest", "least"))}

    def question(self, p):
        return (f"Which of the three lines has the {p['ask']} slope? Answer with the colour of "
                f"the line.")

    def answer(self, p):
        pick = max if p["ask"] == "greatest" else min
        return p["colors"][p["m"].index(pick(p["m"]))]

    def check(self, p):
        s = sp()
        slopes = [s.Line(*(s.Point(s.nsimplify(u), s.nsimplify(v)) for u, v in o.pts)).slope
                  for o in self.diagram(p).objects]
        i = sorted(range(3), key=lambda j: slopes[j])[-1 if p["ask"] == "greatest" else 0]
        return self.diagram(p).objects[i].color

    def diagram(self, p):
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=[
            GeoObject("line", "", _line_through(a, self.SPREAD[m]), [], color=c)
            for a, m, c in zip(p["at"], p["m"], p["colors"])])


# ----------------------------------------------------------------------------- polygons


def _heron(pts) -> float:
    a, b, c = (math.dist(pts[i], pts[(i + 1) % 3]) for i in range(3))
    s = (a + b + c) / 2
    return math.sqrt(max(s * (s - a) * (s - b) * (s - c), 0.0))


@register_seed
class TriangleArea(SeedQuestion):
    seed_id = "analytic-triangle-area"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The triangle is one of {n} triangles a student drew on the same grid.",)
    canonical = {"base": [[0, 0], [4, 0], [1, 3]], "turn": 0, "flip": False, "shift": [-3, -2],
                 "coords": True, "color": "blue"}

    def sample(self, rng):
        while True:
            base = [[int(v) for v in rng.integers(0, 6, size=2)] for _ in range(3)]
            if shoelace(base) >= 3 and apart(base):
                break
        turn, flip = int(rng.integers(4)), bool(rng.random() < 0.5)
        moved = [_turn(q, turn, flip) for q in base]
        lo, hi = np.min(moved, axis=0), np.max(moved, axis=0)
        shift = [int(rng.integers(-5 - lo[i], 6 - hi[i])) for i in range(2)]
        return {"base": base, "turn": turn, "flip": flip, "shift": shift,
                "coords": bool(rng.random() < 0.5), "color": rng_choice(rng, COLORS)}

    def _pts(self, p):
        return [[a + p["shift"][0], b + p["shift"][1]]
                for a, b in (_turn(q, p["turn"], p["flip"]) for q in p["base"])]

    def question(self, p):
        return "What is the area of triangle ABC?"

    def answer(self, p):
        return float(shoelace(self._pts(p)))

    def check(self, p):
        return _heron(self._pts(p))

    def diagram(self, p):
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=[
            GeoObject("triangle", "", fpts(self._pts(p)), ["A", "B", "C"], color=p["color"],
                      show_coords=p["coords"])])


@register_seed
class QuadArea(SeedQuestion):
    seed_id = "analytic-quadrilateral-area"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("The quadrilateral is one of {n} shapes a student drew on the same grid.",)

    def sample(self, rng):
        while True:
            pts = [point(rng, 5) for _ in range(4)]
            c = np.mean(pts, axis=0)
            pts.sort(key=lambda q: math.atan2(q[1] - c[1], q[0] - c[0]))
            collinear = any(shoelace([pts[i], pts[(i + 1) % 4], pts[(i + 2) % 4]]) < 1
                            for i in range(4))
            if not collinear and apart(pts, 3) and shoelace(pts) >= 8:
                return {"pts": pts, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "What is the area of quadrilateral ABCD?"

    def answer(self, p):
        return float(shoelace(p["pts"]))

    def check(self, p):
        return float(abs(sp().Polygon(*(spt(q) for q in p["pts"])).area))

    def diagram(self, p):
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=[
            GeoObject("quadrilateral", "", fpts(p["pts"]), list("ABCD"), color=p["color"],
                      show_coords=True)])
