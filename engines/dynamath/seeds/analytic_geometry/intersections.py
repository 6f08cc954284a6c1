"""DynaMath "analytic geometry" seeds on where lines and circles meet: how many points a line
and a circle share, the length of the chord a line cuts, how two circles lie, the perpendicular
bisector of a segment, the centre of the circle through three points, and the mirror image of a
point in a drawn line.

Why these: DynaMath asks for intersections, tangency and circles through points from a
drawing. Every curve carries its equation (or its points their coordinates), so the answer is
decided by the numbers, never by how close two curves look; tangent cases are exact (a lattice
point of the circle and the perpendicular through it), so "one point" is a real option.
``check`` uses sympy's geometry module (Circle.intersection, Segment.perpendicular_bisector,
Triangle.circumcenter, Point.reflect) on the objects read back from the drawn spec.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_intersections.py
"""
from __future__ import annotations

import math
from fractions import Fraction

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.conics import LATTICE, eq_holds
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, ROUND2, TOPIC, apart,
                                                           coord, fpts, sp, spt)
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject, fmt_frac, line_equation
from renderers.spec import rng_choice
from renderers.text import r2


def _lattice_vec(rng, rsq: int) -> list[int]:
    a, b = LATTICE[rsq]
    a, b = (b, a) if rng.random() < 0.5 else (a, b)
    return [a * int(rng_choice(rng, (-1, 1))), b * int(rng_choice(rng, (-1, 1)))]


def _spec(objs) -> AnalyticSpec:
    return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=objs)


def _sp_line(o: GeoObject):
    s = sp()
    return s.Line(*(s.Point(s.nsimplify(x), s.nsimplify(y)) for x, y in o.pts))


def _sp_circle(o: GeoObject):
    s = sp()
    return s.Circle(s.Point(*(s.nsimplify(v) for v in o.pts[0])),
                    s.sqrt(s.nsimplify(o.radius ** 2)))


# ----------------------------------------------------------------------------- line and circle


def _line_circle(rng, want: int):
    """A circle (integer centre, lattice radius) and a line through two lattice points whose
    distance from the centre puts it at `want` shared points (1: tangent at a lattice point)."""
    while True:
        rsq = int(rng_choice(rng, (5, 10, 13, 17, 20, 25)))
        c = [int(v) for v in rng.integers(-2, 3, size=2)]
        r = math.sqrt(rsq)
        if max(abs(c[0]), abs(c[1])) + r > 6.5:
            continue
        d = _lattice_vec(rng, rsq)
        if want == 1:  # the tangent at P = c + d: direction perpendicular to d
            P = [c[0] + d[0], c[1] + d[1]]
            A, B = P, [P[0] - d[1], P[1] + d[0]]
        else:
            A = [int(v) for v in rng.integers(-5, 6, size=2)]
            B = [int(v) for v in rng.integers(-5, 6, size=2)]
            if A == B:
                continue
        # distance from the centre to the line, squared, exactly
        cross = (B[0] - A[0]) * (c[1] - A[1]) - (B[1] - A[1]) * (c[0] - A[0])
        d2 = Fraction(cross * cross, (B[0] - A[0]) ** 2 + (B[1] - A[1]) ** 2)
        got = 2 if d2 < rsq else 1 if d2 == rsq else 0
        # near the circle either way, so the count needs the equations, not a glance
        if got == want and (want == 1 or 0.35 * rsq <= d2 <= 1.6 * rsq) and A[0] != B[0]:
            return c, rsq, A, B


def _lc_objs(p, color) -> list[GeoObject]:
    return [GeoObject("circle", "", fpts([p["c"]]), [""], radius=math.sqrt(p["rsq"]),
                      color=color, show_eq=True),
            GeoObject("line", "", fpts([p["A"], p["B"]]), ["", ""], color="black",
                      show_eq=True)]


@register_seed
class LineCircleCount(SeedQuestion):
    seed_id = "analytic-line-circle-count"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The point ({x}, {y}) lies in the same plane; it is not drawn.",)
    ANS = ("0", "1", "2", "infinitely many")  # the last a distractor: a line is no circle

    def sample(self, rng):
        want = int(rng.integers(3))
        c, rsq, A, B = _line_circle(rng, want)
        return {"c": c, "rsq": rsq, "A": A, "B": B, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The circle and the line are drawn with their equations. In how many points do "
                "the circle and the line meet?")

    def options(self, p):
        return list(self.ANS)

    def answer(self, p):
        (A, B), c = (p["A"], p["B"]), p["c"]
        cross = (B[0] - A[0]) * (c[1] - A[1]) - (B[1] - A[1]) * (c[0] - A[0])
        d2 = Fraction(cross * cross, (B[0] - A[0]) ** 2 + (B[1] - A[1]) ** 2)
        return self.ANS[(d2 <= p["rsq"]) + (d2 < p["rsq"])]

    def check(self, p):
        circ, line = self.diagram(p).objects
        return str(len(_sp_circle(circ).intersection(_sp_line(line))))

    def diagram(self, p):
        return _spec(_lc_objs(p, p["color"]))


@register_seed
class ChordLength(SeedQuestion):
    seed_id = "analytic-chord-length"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("The point ({x}, {y}) lies in the same plane; it is not drawn.",
               "A second line, not drawn, has slope {n}.")

    def sample(self, rng):
        while True:
            c, rsq, A, B = _line_circle(rng, 2)
            p = {"c": c, "rsq": rsq, "A": A, "B": B, "color": rng_choice(rng, COLORS)}
            if self._d2(p) > 0:  # not a diameter: the distance to the line matters
                return p

    @staticmethod
    def _d2(p):
        (A, B), c = (p["A"], p["B"]), p["c"]
        cross = (B[0] - A[0]) * (c[1] - A[1]) - (B[1] - A[1]) * (c[0] - A[0])
        return Fraction(cross * cross, (B[0] - A[0]) ** 2 + (B[1] - A[1]) ** 2)

    def question(self, p):
        return ("The line cuts the circle in a chord; both are drawn with their equations. How "
                f"long is the chord? {ROUND2}")

    def answer(self, p):
        return r2(2 * math.sqrt(p["rsq"] - self._d2(p)))

    def check(self, p):
        circ, line = self.diagram(p).objects
        P, Q = _sp_circle(circ).intersection(_sp_line(line))
        return r2(P.distance(Q).evalf())

    def diagram(self, p):
        return _spec(_lc_objs(p, p["color"]))


# ----------------------------------------------------------------------------- two circles

RELATIONS = ("they cross at two points", "they touch at exactly one point",
             "they do not meet; each lies outside the other", "one lies inside the other")
PYTH = ((3, 4, 5), (4, 3, 5), (0, 5, 5), (5, 0, 5), (0, 4, 4), (4, 0, 4), (0, 3, 3), (3, 0, 3),
        (0, 6, 6), (6, 0, 6), (6, 8, 10), (8, 6, 10))  # centre offsets with integer length


@register_seed
class CircleCircleRelation(SeedQuestion):
    seed_id = "analytic-circle-circle"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)

    def sample(self, rng):
        want = int(rng.integers(4))
        while True:
            dx, dy, d = PYTH[int(rng.integers(len(PYTH)))]
            dx, dy = dx * int(rng_choice(rng, (-1, 1))), dy * int(rng_choice(rng, (-1, 1)))
            r = [int(rng.integers(1, 6)), int(rng.integers(1, 7))]
            c1 = [int(v) for v in rng.integers(-3, 4, size=2)]
            c2 = [c1[0] + dx, c1[1] + dy]
            fits = all(max(abs(c[0]), abs(c[1])) + rr <= 6.5 for c, rr in zip((c1, c2), r))
            if fits and self._rel(d, *r) == want:
                return {"c1": c1, "c2": c2, "r": r,
                        "colors": ["blue", "red"] if rng.random() < 0.5 else ["green", "purple"]}

    @staticmethod
    def _rel(d, r1, r2_) -> int:
        if abs(r1 - r2_) < d < r1 + r2_:
            return 0
        if d == r1 + r2_ or d == abs(r1 - r2_):
            return 1
        return 2 if d > r1 + r2_ else 3

    def question(self, p):
        return "The two circles are drawn with their equations. How do the two circles lie?"

    def options(self, p):
        return list(RELATIONS)

    def answer(self, p):
        d = math.dist(p["c1"], p["c2"])
        return RELATIONS[self._rel(round(d), *p["r"])]

    def check(self, p):
        a, b = (_sp_circle(o) for o in self.diagram(p).objects)
        n = len(a.intersection(b))
        if n:
            return RELATIONS[0 if n == 2 else 1]
        inside = a.encloses(b) or b.encloses(a)
        return RELATIONS[3 if inside else 2]

    def diagram(self, p):
        return _spec([GeoObject("circle", "", fpts([c]), [""], radius=float(r), color=col,
                                show_eq=True)
                      for c, r, col in zip((p["c1"], p["c2"]), p["r"], p["colors"])])


# ----------------------------------------------------------------------------- perpendicular bisector


def _eq(m: Fraction | None, P) -> str:
    """The line of slope m (None: vertical) through P, as the options write it."""
    P = [Fraction(P[0]), Fraction(P[1])]
    return line_equation(None, P[0]) if m is None else line_equation(m, P[1] - m * P[0])


@register_seed
class PerpendicularBisector(ShuffledCandidates):
    seed_id = "analytic-perp-bisector"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",
               "The segment is one of {n} segments a student drew on the same grid.")

    def sample(self, rng):
        while True:
            A = [coord(rng, -5, 5), coord(rng, -5, 5)]
            B = [coord(rng, -5, 5), coord(rng, -5, 5)]
            if A[0] != B[0] and A[1] != B[1] and math.dist(A, B) >= 4:
                p = {"A": A, "B": B, "order": draw_order(rng),
                     "color": rng_choice(rng, COLORS)}
                if len(set(self.candidates(p))) == 4:
                    return p

    @staticmethod
    def candidates(p):
        (A, B) = p["A"], p["B"]
        m = Fraction(B[1] - A[1], B[0] - A[0])
        M = [Fraction(A[0] + B[0], 2), Fraction(A[1] + B[1], 2)]
        return [_eq(-1 / m, M), _eq(m, M), _eq(-1 / m, A), _eq(1 / m, M)]

    def question(self, p):
        return "Which line is the perpendicular bisector of the segment AB?"

    def check(self, p):
        s = sp()
        seg = self.diagram(p).objects[0]
        bis = s.Segment(*(spt(q) for q in seg.pts)).perpendicular_bisector()
        far = bis.p1 + 3 * (bis.p2 - bis.p1)
        hits = [o for o in self.options(p) if eq_holds(o, [(bis.p1.x, bis.p1.y), (far.x, far.y)])]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        return _spec([GeoObject("segment", "", fpts([p["A"], p["B"]]), ["A", "B"],
                                color=p["color"], show_coords=True)])


# ----------------------------------------------------------------------------- circumcentre


def _pt(P) -> str:
    return f"({fmt_frac(Fraction(P[0]))}, {fmt_frac(Fraction(P[1]))})"


@register_seed
class Circumcenter(ShuffledCandidates):
    seed_id = "analytic-circumcenter"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The triangle is one of {n} triangles a student drew on the same grid.",)

    def sample(self, rng):
        while True:
            rsq = int(rng_choice(rng, (5, 10, 13, 25)))
            O = [int(v) for v in rng.integers(-2, 3, size=2)]
            vecs = {tuple(_lattice_vec(rng, rsq)) for _ in range(12)}
            if rsq == 25:
                vecs |= {(5, 0), (0, -5), (-5, 0), (0, 5)}
            vecs = sorted(vecs)
            if len(vecs) < 3:
                continue
            idx = rng.choice(len(vecs), size=3, replace=False)
            pts = [[O[0] + vecs[i][0], O[1] + vecs[i][1]] for i in idx]
            area2 = abs((pts[1][0] - pts[0][0]) * (pts[2][1] - pts[0][1]) -
                        (pts[2][0] - pts[0][0]) * (pts[1][1] - pts[0][1]))
            if max(abs(v) for q in pts for v in q) <= 6 and apart(pts, 3) and area2 >= 8:
                p = {"O": O, "pts": pts, "order": draw_order(rng),
                     "color": rng_choice(rng, COLORS)}
                if len(set(self.candidates(p))) == 4:
                    return p

    @staticmethod
    def candidates(p):
        O, pts = p["O"], p["pts"]
        G = [Fraction(sum(q[0] for q in pts), 3), Fraction(sum(q[1] for q in pts), 3)]
        # the midpoint of the longest side, the circumcentre of a right triangle only
        a, b = max(((x, y) for i, x in enumerate(pts) for y in pts[i + 1:]),
                   key=lambda e: math.dist(*e))
        M = [Fraction(a[0] + b[0], 2), Fraction(a[1] + b[1], 2)]
        return list(dict.fromkeys([_pt(O), _pt(G), _pt(M), _pt([O[1], O[0]]),
                                   _pt([-O[0], -O[1]]), _pt([O[0] + 1, O[1] - 1])]))[:4]

    def question(self, p):
        return "What is the centre of the circle that passes through A, B and C?"

    def check(self, p):
        s = sp()
        tri = self.diagram(p).objects[0]
        O = s.Triangle(*(spt(q) for q in tri.pts)).circumcenter
        return _pt([Fraction(str(O.x)), Fraction(str(O.y))])

    def diagram(self, p):
        return _spec([GeoObject("triangle", "", fpts(p["pts"]), ["A", "B", "C"],
                                color=p["color"], show_coords=True)])


# ----------------------------------------------------------------------------- mirror in a line

MIRROR_LINES = ("y = x + c", "y = -x + c", "x = c", "y = c")


def _reflect(P, kind: int, c: int) -> list[int]:
    x, y = P
    return [[y - c, x + c], [c - y, c - x], [2 * c - x, y], [x, 2 * c - y]][kind]


@register_seed
class ReflectInLine(ShuffledCandidates):
    seed_id = "analytic-reflect-in-line"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "numerical value", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)

    def sample(self, rng):
        while True:
            kind = int(rng.integers(4))
            c = coord(rng, -3, 3)
            P = [coord(rng, -5, 5), coord(rng, -5, 5)]
            img = _reflect(P, kind, c)
            if max(map(abs, img)) <= 6 and math.dist(P, img) >= 2:
                p = {"P": P, "kind": kind, "c": c, "order": draw_order(rng)}
                if len(set(self.candidates(p))) == 4:
                    return p

    @staticmethod
    def candidates(p):
        P, kind, c = p["P"], p["kind"], p["c"]
        other = {0: 1, 1: 0, 2: 3, 3: 2}[kind]  # the mirror of the other orientation
        return [_pt(_reflect(P, kind, c)), _pt(_reflect(P, other, c)),
                _pt(_reflect(P, kind, 0)), _pt([-P[0], -P[1]])]

    def _line(self, p):
        kind, c = p["kind"], p["c"]
        return [[[0, c], [1, c + 1]], [[0, c], [1, c - 1]], [[c, 0], [c, 1]],
                [[0, c], [1, c]]][kind]

    def question(self, p):
        return ("Point P is reflected in the line drawn (its equation is written beside it). "
                "What are the coordinates of the image of P?")

    def check(self, p):
        """Reflect by vectors: P' = Q + 2 proj_u(P - Q) - (P - Q), Q and u read off the drawn
        line (exact fractions, no per-line formula)."""
        P, line = self.diagram(p).objects
        (qx, qy), (rx, ry) = [[Fraction(v) for v in q] for q in line.pts]
        ux, uy = rx - qx, ry - qy
        wx, wy = Fraction(P.pts[0][0]) - qx, Fraction(P.pts[0][1]) - qy
        t = (wx * ux + wy * uy) / (ux * ux + uy * uy)
        return _pt([qx + 2 * t * ux - wx, qy + 2 * t * uy - wy])

    def diagram(self, p):
        return _spec([GeoObject("point", "", fpts([p["P"]]), ["P"], show_coords=True),
                      GeoObject("line", "", fpts(self._line(p)), ["", ""], color="gray",
                                show_eq=True)])
