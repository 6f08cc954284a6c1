"""DynaMath "analytic geometry" seeds on drawn lines: the line through a point parallel or
perpendicular to a drawn line, the point of a line nearest a drawn point, the distance between
two drawn parallel lines, the angle between two drawn lines, and the orthocentre of a drawn
triangle.

Why these: DynaMath reads lines off a grid and asks for constructions on them. Every line
carries its equation and every named point its coordinates, so the answer is decided by the
numbers, never by how close two things look. Answers are exact (fractions) until the question
asks to round; the options are the right one and the usual slips (the other relation, the
intercept kept, the point level with P, the centroid or circumcentre for the orthocentre).
``check`` re-derives each answer with sympy's geometry module (Line.parallel_line,
Line.projection, Line.distance, Line.angle_between, Triangle.orthocenter) on the objects read
back from the drawn spec.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_ag1.py
"""
from __future__ import annotations

import math
from fractions import Fraction

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.conics import eq_holds
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, ROUND2, TOPIC, UNI, apart,
                                                           coord, fpts, sp, tie)
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject, fmt_frac, line_equation
from renderers.spec import rng_choice
from renderers.text import r2

POINT_CLAUSES = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",
                 "The figure is one of {n} figures a student drew on the same grid.")
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1), (1, 3), (3, 1),
        (1, -3), (3, -1), (2, 3), (3, 2))  # primitive lattice directions of drawn lines


def spec7(objs) -> AnalyticSpec:
    return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=objs)


def pt_text(P) -> str:
    """A point as the options write it: (2, -1), (1/3, 2.5)."""
    return f"({fmt_frac(Fraction(P[0]))}, {fmt_frac(Fraction(P[1]))})"


def eq_through(m: Fraction | None, P) -> str:
    """The line of slope m (None: vertical) through P, as the options write it."""
    P = [Fraction(P[0]), Fraction(P[1])]
    return line_equation(None, P[0]) if m is None else line_equation(m, P[1] - m * P[0])


def slope(A, B) -> Fraction | None:
    return None if A[0] == B[0] else Fraction(B[1] - A[1], B[0] - A[0])


def perp(m: Fraction | None) -> Fraction | None:
    return Fraction(0) if m is None else None if m == 0 else -1 / m


def line_obj(A, B, color="black", eq=True) -> GeoObject:
    return GeoObject("line", "", fpts([A, B]), ["", ""], color=color, show_eq=eq)


def sp_line(o: GeoObject):
    s = sp()
    return s.Line(*(s.Point(s.nsimplify(x), s.nsimplify(y)) for x, y in o.pts))


def sp_pt(o: GeoObject, i: int = 0):
    s = sp()
    return s.Point(*(s.nsimplify(v) for v in o.pts[i]))


def frac_pt(P) -> list[Fraction]:
    return [Fraction(str(P.x)), Fraction(str(P.y))]


def which_holds(options, pts):
    """The one option whose equation holds at every point (None when not exactly one)."""
    hits = [o for o in options if eq_holds(o, pts)]
    return hits[0] if len(hits) == 1 else None


def lattice_line(rng):
    """Two lattice points A, B of a drawn line of small slope (a direction of DIRS, never an
    axis direction) and a whole-number y-intercept, so that its equation reads easily."""
    u = DIRS[int(rng.integers(2, len(DIRS)))]
    b, k = int(rng.integers(-4, 5)), int(rng.integers(-1, 2))
    A = [k * u[0], b + k * u[1]]
    return A, [A[0] + u[0], A[1] + u[1]]


# ----------------------------------------------------------------------------- through a point


@register_seed
class LineThroughPoint(ShuffledCandidates):
    seed_id = "analytic-line-through-point"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            A, B = lattice_line(rng)
            P = [coord(rng, -5, 5), coord(rng, -5, 5)]
            m = slope(A, B)
            on = (P[1] - A[1]) * (B[0] - A[0]) == (P[0] - A[0]) * (B[1] - A[1])
            if on or m is None or m == 0:
                continue
            p = {"A": A, "B": B, "P": P, "rel": rng_choice(rng, ("parallel", "perpendicular")),
                 "order": draw_order(rng), "color": rng_choice(rng, COLORS)}
            if len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def candidates(p):
        A, B, P = p["A"], p["B"], p["P"]
        m = slope(A, B)
        b = Fraction(A[1]) - m * A[0]
        right, other = (m, perp(m)) if p["rel"] == "parallel" else (perp(m), m)
        # the right slope with the drawn line's intercept; the right slope, sign slip
        return [eq_through(right, P), eq_through(other, P),
                line_equation(right, b if p["rel"] == "perpendicular" else -b),
                eq_through(-right, P)]

    def question(self, p):
        return (f"Which line passes through the point P and is {p['rel']} to the line "
                "drawn?")

    def check(self, p):
        line, P = self.diagram(p).objects
        lp, pp = sp_line(line), sp_pt(P)
        new = lp.parallel_line(pp) if p["rel"] == "parallel" else lp.perpendicular_line(pp)
        far = new.p1 + 3 * (new.p2 - new.p1)
        return which_holds(self.options(p), [(new.p1.x, new.p1.y), (far.x, far.y)])

    def diagram(self, p):
        return spec7([line_obj(p["A"], p["B"], p["color"]),
                      GeoObject("point", "", fpts([p["P"]]), ["P"], show_coords=True)])


# ----------------------------------------------------------------------------- nearest point


@register_seed
class FootOfPerpendicular(ShuffledCandidates):
    seed_id = "analytic-foot-of-perpendicular"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            u = list(DIRS[int(rng.integers(2, len(DIRS)))])  # never an axis direction
            F = [int(v) for v in rng.integers(-3, 4, size=2)]
            s = int(rng_choice(rng, (-2, -1, 1, 2)))
            P = [F[0] - s * u[1], F[1] + s * u[0]]
            A, B = [F[0] - 2 * u[0], F[1] - 2 * u[1]], [F[0] + 2 * u[0], F[1] + 2 * u[1]]
            if max(map(abs, P)) > 6 or 0 in P or math.dist(P, F) < 2:
                continue
            p = {"A": A, "B": B, "P": P, "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS)}
            if len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def _foot(p):
        A, B, P = p["A"], p["B"], p["P"]
        ux, uy = B[0] - A[0], B[1] - A[1]
        t = Fraction((P[0] - A[0]) * ux + (P[1] - A[1]) * uy, ux * ux + uy * uy)
        return [A[0] + t * ux, A[1] + t * uy]

    def candidates(self, p):
        A, B, P = p["A"], p["B"], p["P"]
        F = self._foot(p)
        m = slope(A, B)
        b = Fraction(A[1]) - m * A[0]
        below = [Fraction(P[0]), m * P[0] + b]  # the point of the line straight above/below P
        level = [(P[1] - b) / m, Fraction(P[1])]  # the point of the line level with P
        mirror = [2 * F[0] - P[0], 2 * F[1] - P[1]]  # the mirror image of P
        return list(dict.fromkeys(pt_text(q) for q in (F, below, level, mirror)))

    def question(self, p):
        return "Which point of the line drawn is closest to the point P?"

    def check(self, p):
        line, P = self.diagram(p).objects
        return pt_text(frac_pt(sp_line(line).projection(sp_pt(P))))

    def diagram(self, p):
        return spec7([line_obj(p["A"], p["B"], p["color"]),
                      GeoObject("point", "", fpts([p["P"]]), ["P"], show_coords=True)])


# ----------------------------------------------------------------------------- parallel lines


@register_seed
class ParallelLinesDistance(SeedQuestion):
    seed_id = "analytic-parallel-lines-distance"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = POINT_CLAUSES + ("A third line, not drawn, has slope {n}.",)

    def sample(self, rng):
        while True:
            u = DIRS[int(rng.integers(2, len(DIRS)))]
            b = sorted(int(v) for v in rng.choice(range(-5, 6), size=2, replace=False))
            if b[1] - b[0] < 2:
                continue
            p = {"u": list(u), "b": b, "colors": ["blue", "red"] if rng.random() < 0.5
                 else ["green", "purple"]}
            if not tie(self._exact_sq(p)):
                return p

    @staticmethod
    def _exact_sq(p):
        (ux, uy), (b1, b2) = p["u"], p["b"]
        return Fraction((b2 - b1) ** 2 * ux * ux, ux * ux + uy * uy)

    def question(self, p):
        return ("The two parallel lines are drawn with their equations. How far apart are the "
                f"two lines? {ROUND2}")

    def answer(self, p):
        return r2(math.sqrt(self._exact_sq(p)))

    def check(self, p):
        l1, l2 = self.diagram(p).objects
        return r2(sp_line(l1).distance(sp_line(l2).p1).evalf())

    def diagram(self, p):
        (ux, uy) = p["u"]
        return spec7([line_obj([0, b], [ux, b + uy], c) for b, c in zip(p["b"], p["colors"])])


# ----------------------------------------------------------------------------- angle


@register_seed
class AngleBetweenLines(SeedQuestion):
    seed_id = "analytic-angle-between-lines"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            i, j = (int(v) for v in rng.choice(len(DIRS), size=2, replace=False))
            u, w = DIRS[i], DIRS[j]
            X = [int(v) for v in rng.integers(-2, 3, size=2)]
            on_axis = any((d == (0, 1) and X[0] == 0) or (d == (1, 0) and X[1] == 0)
                          for d in (u, w))
            if u[0] * w[1] == u[1] * w[0] or on_axis:
                continue
            return {"u": list(u), "w": list(w), "X": X,
                    "colors": ["blue", "red"] if rng.random() < 0.5 else ["green", "purple"]}

    def question(self, p):
        return ("The two lines are drawn with their equations. What is the acute (or right) "
                "angle between the two lines, in degrees? " + ROUND2)

    def answer(self, p):
        (a, b), (c, d) = p["u"], p["w"]
        # tan of the angle between directions: |cross| / |dot|
        return r2(math.degrees(math.atan2(abs(a * d - b * c), abs(a * c + b * d))))

    def check(self, p):
        l1, l2 = (sp_line(o) for o in self.diagram(p).objects)
        ang = float(l1.angle_between(l2))
        return r2(math.degrees(min(ang, math.pi - ang)))

    def diagram(self, p):
        X = p["X"]
        return spec7([line_obj(X, [X[0] + v[0], X[1] + v[1]], c)
                      for v, c in zip((p["u"], p["w"]), p["colors"])])


# ----------------------------------------------------------------------------- orthocentre


@register_seed
class Orthocenter(ShuffledCandidates):
    seed_id = "analytic-orthocenter"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The triangle is one of {n} triangles a student drew on the same grid.",)

    def sample(self, rng):
        while True:
            pts = [[coord(rng, -5, 5), coord(rng, -5, 5)] for _ in range(3)]
            (ax, ay), (bx, by), (cx, cy) = pts
            area2 = abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay))
            if not (apart(pts, 3) and area2 >= 10):
                continue
            p = {"pts": pts, "order": draw_order(rng), "color": rng_choice(rng, COLORS)}
            H = self._centres(p)[0]
            nice = all(v.denominator <= 2 for v in H)
            if nice and max(abs(v) for v in H) <= 6 and len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def _centres(p):
        """Orthocentre H, circumcentre O and centroid G, exactly (H = 3G - 2O)."""
        (ax, ay), (bx, by), (cx, cy) = p["pts"]
        d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
        sa, sb, sc = ax * ax + ay * ay, bx * bx + by * by, cx * cx + cy * cy
        O = [Fraction(sa * (by - cy) + sb * (cy - ay) + sc * (ay - by), d),
             Fraction(sa * (cx - bx) + sb * (ax - cx) + sc * (bx - ax), d)]
        G = [Fraction(ax + bx + cx, 3), Fraction(ay + by + cy, 3)]
        return [[3 * G[i] - 2 * O[i] for i in (0, 1)], O, G]

    def candidates(self, p):
        H, O, G = self._centres(p)
        return list(dict.fromkeys([pt_text(H), pt_text(O), pt_text(G), pt_text([H[1], H[0]]),
                                   pt_text([-H[0], -H[1]])]))[:4]

    def question(self, p):
        return "Where do the three altitudes of triangle ABC meet?"

    def check(self, p):
        s = sp()
        tri = self.diagram(p).objects[0]
        return pt_text(frac_pt(s.Triangle(*(s.Point(*q) for q in
                                            [[int(v) for v in x] for x in tri.pts])).orthocenter))

    def diagram(self, p):
        return spec7([GeoObject("triangle", "", fpts(p["pts"]), ["A", "B", "C"],
                                color=p["color"], show_coords=True)])
