"""DynaMath "analytic geometry" seeds on circles with lines and points: where a drawn line
meets a drawn circle, the circle through three drawn points, the circle about a point that
touches a drawn line, the common chord of two drawn circles, the point of a circle nearest a
drawn point, and the gap between a circle and a line that misses it.

Why these: DynaMath asks for intersections, tangency and circles fixed by points from a
drawing. Centres are lattice points and radii come from lattice vectors (a² + b² = r²), so the
meeting points are lattice points and every option is an exact value; each curve carries its
equation (the two common-chord circles their centres and one marked point each, with
coordinates), so the answer needs the numbers, never a guess from the picture. ``check``
re-derives each answer with sympy's geometry module (Circle.intersection, Circle(p1, p2, p3),
Line.distance) on the objects read back from the drawn spec.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_ag1.py
"""
from __future__ import annotations

import math
from fractions import Fraction

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, ROUND2, TOPIC, UNI, apart,
                                                           fpts, sp)
from engines.dynamath.seeds.analytic_geometry.lines_circles_more import (
    POINT_CLAUSES, eq_through, frac_pt, line_obj, pt_text, slope, sp_line, sp_pt, spec7,
    which_holds)
from renderers.analytic_geometry.spec import GeoObject, circle_equation
from renderers.spec import rng_choice
from renderers.text import r2

RSQ = (5, 10, 13, 25)  # radii squared with lattice points on the circle besides the axes ones


def lattice_vecs(rsq: int) -> list[tuple[int, int]]:
    """Every integer vector of length sqrt(rsq)."""
    r = math.isqrt(rsq)
    return [(a, b) for a in range(-r, r + 1) for b in range(-r, r + 1) if a * a + b * b == rsq]


def circle_obj(c, rsq, color, eq=True, name="") -> GeoObject:
    return GeoObject("circle", "", fpts([c]), [name], radius=math.sqrt(rsq), color=color,
                     show_eq=eq, show_coords=bool(name))


def sp_circle(o: GeoObject):
    s = sp()
    return s.Circle(sp_pt(o), s.sqrt(s.nsimplify(round(o.radius ** 2, 6))))


def fits(c, rsq, lim: float = 6.5) -> bool:
    return max(map(abs, c)) + math.sqrt(rsq) <= lim


def two_colors(rng):
    return ["blue", "red"] if rng.random() < 0.5 else ["green", "purple"]


def line_gap_sq(c, A, B) -> Fraction:
    """The squared distance from c to the line AB, exactly."""
    cross = (B[0] - A[0]) * (c[1] - A[1]) - (B[1] - A[1]) * (c[0] - A[0])
    return Fraction(cross * cross, (B[0] - A[0]) ** 2 + (B[1] - A[1]) ** 2)


def pair_text(P, Q) -> str:
    a, b = sorted([tuple(P), tuple(Q)])
    return f"{pt_text(a)} and {pt_text(b)}"


# ----------------------------------------------------------------------------- meeting points


@register_seed
class LineCirclePoints(ShuffledCandidates):
    seed_id = "analytic-line-circle-points"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            rsq = int(rng_choice(rng, RSQ))
            c = [int(v) for v in rng.integers(-2, 3, size=2)]
            vecs = lattice_vecs(rsq)
            i, j = (int(v) for v in rng.choice(len(vecs), size=2, replace=False))
            v, w = vecs[i], vecs[j]
            if not fits(c, rsq) or v[0] == -w[0] and v[1] == -w[1]:
                continue
            p = {"c": c, "rsq": rsq, "v": list(v), "w": list(w), "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS)}
            P, Q = self._pts(p)
            m = slope(P, Q)
            nice = m is None or m.denominator <= 2  # an equation that reads easily
            if nice and math.dist(P, Q) >= 2.5 and len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def _pts(p):
        c, v, w = p["c"], p["v"], p["w"]
        return [c[0] + v[0], c[1] + v[1]], [c[0] + w[0], c[1] + w[1]]

    def candidates(self, p):
        c, (P, Q) = p["c"], self._pts(p)
        opp = [[2 * c[0] - q[0], 2 * c[1] - q[1]] for q in (P, Q)]  # on the circle, off the line
        return list(dict.fromkeys([pair_text(P, Q), pair_text(*opp), pair_text(P, opp[1]),
                                   pair_text([P[1], P[0]], [Q[1], Q[0]]),
                                   pair_text(opp[0], Q)]))[:4]

    def question(self, p):
        return ("The circle and the line are drawn with their equations. At which points do "
                "the circle and the line meet?")

    def check(self, p):
        circ, line = self.diagram(p).objects
        P, Q = sp_circle(circ).intersection(sp_line(line))
        return pair_text(*(tuple(frac_pt(x)) for x in (P, Q)))

    def diagram(self, p):
        P, Q = self._pts(p)
        return spec7([circle_obj(p["c"], p["rsq"], p["color"]), line_obj(P, Q)])


# ----------------------------------------------------------------------------- three points


@register_seed
class CircleThroughThree(ShuffledCandidates):
    seed_id = "analytic-circle-three-points"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A student marked {n} other points on the same grid; they are not drawn.",
               "Point Z({x}, {y}) is another point of the plane; it is not drawn.")

    def sample(self, rng):
        while True:
            rsq = int(rng_choice(rng, RSQ))
            O = [int(v) for v in rng.integers(-2, 3, size=2)]
            vecs = lattice_vecs(rsq)
            idx = rng.choice(len(vecs), size=3, replace=False)
            pts = [[O[0] + vecs[i][0], O[1] + vecs[i][1]] for i in idx]
            if max(abs(v) for q in pts for v in q) > 6 or not apart(pts, 2.5):
                continue
            p = {"O": O, "rsq": rsq, "pts": pts, "order": draw_order(rng)}
            if len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def candidates(p):
        (h, k), rsq, pts = p["O"], p["rsq"], p["pts"]
        G = [Fraction(sum(q[0] for q in pts), 3), Fraction(sum(q[1] for q in pts), 3)]
        gsq = (G[0] - pts[0][0]) ** 2 + (G[1] - pts[0][1]) ** 2
        F = Fraction
        return list(dict.fromkeys([circle_equation(F(h), F(k), F(rsq)),
                                   circle_equation(F(-h), F(-k), F(rsq)),
                                   circle_equation(G[0], G[1], gsq),
                                   circle_equation(F(h), F(k), F(rsq + 2 * abs(h) + 1)),
                                   circle_equation(F(k), F(h), F(rsq))]))[:4]

    def question(self, p):
        return "Which equation describes the circle that passes through A, B and C?"

    def check(self, p):
        s = sp()
        c = s.Circle(*(sp_pt(o) for o in self.diagram(p).objects))
        far = [(c.center.x + c.radius * a, c.center.y + c.radius * b)
               for a, b in ((1, 0), (0, 1), (-1, 0))]
        return which_holds(self.options(p), far)

    def diagram(self, p):
        return spec7([GeoObject("point", "", fpts([q]), [n], show_coords=True)
                      for q, n in zip(p["pts"], "ABC")])


# ----------------------------------------------------------------------------- tangent circle


@register_seed
class TangentCircleToLine(ShuffledCandidates):
    seed_id = "analytic-tangent-circle-line"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            u = [(1, 0), (0, 1), (1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1),
                 (3, 4), (4, 3), (3, -4), (4, -3)][int(rng.integers(12))]
            A = [int(v) for v in rng.integers(-4, 5, size=2)]
            B = [A[0] + u[0], A[1] + u[1]]
            C = [int(v) for v in rng.integers(-3, 4, size=2)]
            d2 = line_gap_sq(C, A, B)
            if not (1 <= d2 <= 16) or (d2 * 4).denominator != 1 or 0 in C + A:
                continue
            p = {"A": A, "B": B, "C": C, "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS)}
            if len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def candidates(p):
        A, C = p["A"], p["C"]
        d2 = line_gap_sq(C, p["A"], p["B"])
        F = Fraction
        h, k = F(C[0]), F(C[1])
        ca = F((A[0] - C[0]) ** 2 + (A[1] - C[1]) ** 2)  # through the line's marked point
        return list(dict.fromkeys([circle_equation(h, k, d2), circle_equation(-h, -k, d2),
                                   circle_equation(h, k, ca), circle_equation(h, k, 2 * d2),
                                   circle_equation(h, k, d2 + 1)]))[:4]

    def question(self, p):
        return ("A circle has centre C and touches the line drawn (the line passes through "
                "the marked point A). Which equation describes the circle?")

    def check(self, p):
        line, A, C = self.diagram(p).objects
        rad = sp_line(line).distance(sp_pt(C))
        c = sp_pt(C)
        pts = [(c.x + rad * a, c.y + rad * b) for a, b in ((1, 0), (0, 1), (0, -1))]
        return which_holds(self.options(p), pts)

    def diagram(self, p):
        return spec7([line_obj(p["A"], p["B"], p["color"]),
                      GeoObject("point", "", fpts([p["A"]]), ["A"], show_coords=True),
                      GeoObject("point", "", fpts([p["C"]]), ["C"], show_coords=True)])


# ----------------------------------------------------------------------------- common chord


@register_seed
class CommonChord(ShuffledCandidates):
    seed_id = "analytic-common-chord"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            rsq = int(rng_choice(rng, (5, 10, 13)))
            c1 = [int(v) for v in rng.integers(-2, 3, size=2)]
            vecs = lattice_vecs(rsq)
            i, j = (int(v) for v in rng.choice(len(vecs), size=2, replace=False))
            v, w = vecs[i], vecs[j]
            if v[0] == -w[0] and v[1] == -w[1]:
                continue
            dx, dy = w[0] - v[0], w[1] - v[1]
            g = math.gcd(dx, dy)
            t = int(rng_choice(rng, (-2, -1, 1, 2)))
            c2 = [c1[0] - t * dy // g, c1[1] + t * dx // g]  # on the chord's perpendicular bisector
            P = [c1[0] + v[0], c1[1] + v[1]]
            rsq2 = (P[0] - c2[0]) ** 2 + (P[1] - c2[1]) ** 2
            # two circles of similar size, centres apart: room for both equations
            if not (fits(c1, rsq, 6) and fits(c2, rsq2, 6) and math.dist(v, w) >= 2.5
                    and rsq2 <= 20 and math.dist(c1, c2) >= 2.5):
                continue
            on = [self._marked(rng, c, r, P, [c1[0] + w[0], c1[1] + w[1]])
                  for c, r in ((c1, rsq), (c2, rsq2))]
            # centres off the axes, clear of the tick labels and the origin's O
            if None in on or not apart([c1, c2, *on]) or 0 in c1 + c2:
                continue
            p = {"c": [c1, c2], "rsq": [rsq, rsq2], "v": list(v), "w": list(w), "on": on,
                 "order": draw_order(rng), "colors": two_colors(rng)}
            if len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def _marked(rng, c, rsq, P, Q) -> list[int] | None:
        """A lattice point of the circle to mark with its coordinates (the radius is read
        from it): not one of the meeting points P, Q, off the axes, inside the grid."""
        pts = [[c[0] + a, c[1] + b] for a, b in lattice_vecs(rsq)]
        pts = [q for q in pts if q not in (P, Q) and 0 not in q and max(map(abs, q)) <= 6
               and min(math.dist(q, P), math.dist(q, Q)) >= 2]
        return pts[int(rng.integers(len(pts)))] if pts else None

    def candidates(self, p):
        (c1, c2), v, w = p["c"], p["v"], p["w"]
        P, Q = [c1[0] + v[0], c1[1] + v[1]], [c1[0] + w[0], c1[1] + w[1]]
        m, mc = slope(P, Q), slope(c1, c2)
        M = [Fraction(P[0] + Q[0], 2), Fraction(P[1] + Q[1], 2)]
        return list(dict.fromkeys([eq_through(m, P), eq_through(mc, c1), eq_through(m, c1),
                                   eq_through(m, c2), eq_through(mc, P), eq_through(m, [-M[0], -M[1]])]))[:4]

    def question(self, p):
        # the circles are fixed by what is drawn (equations written next to two overlapping
        # circles would collide): each centre and one point of each circle, with coordinates
        return ("Two circles are drawn: one with centre M through the point A, the other with "
                "centre N through the point B, each point labelled with its coordinates. Which "
                "line passes through both points where the two circles meet?")

    def check(self, p):
        # each circle from its drawn centre and marked point (the radius is their distance)
        s = sp()
        a, b = (s.Circle(sp_pt(o, 0), sp_pt(o, 0).distance(sp_pt(o, 1)))
                for o in self.diagram(p).objects)
        P, Q = a.intersection(b)
        return which_holds(self.options(p), [(P.x, P.y), (Q.x, Q.y)])

    def diagram(self, p):
        return spec7([GeoObject("circle", "", fpts([c, q]), [n, m], radius=math.sqrt(r),
                                color=col, show_coords=True)
                      for c, q, r, col, n, m in zip(p["c"], p["on"], p["rsq"], p["colors"],
                                                    "MN", "AB")])


# ----------------------------------------------------------------------------- nearest point


@register_seed
class NearestPointOnCircle(ShuffledCandidates):
    seed_id = "analytic-circle-nearest-point"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            rsq = int(rng_choice(rng, (2, 5, 10, 13)))
            c = [int(v) for v in rng.integers(-3, 4, size=2)]
            vecs = lattice_vecs(rsq)
            v = vecs[int(rng.integers(len(vecs)))]
            k = int(rng_choice(rng, (2, 3)))
            P = [c[0] + k * v[0], c[1] + k * v[1]]
            if not fits(c, rsq) or max(map(abs, P)) > 6 or 0 in P:
                continue
            p = {"c": c, "rsq": rsq, "v": list(v), "k": k, "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS)}
            if len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def candidates(p):
        c, (a, b) = p["c"], p["v"]
        return list(dict.fromkeys(pt_text([c[0] + x, c[1] + y]) for x, y in
                                  ((a, b), (-a, -b), (-b, a), (b, -a), (b, a))))[:4]

    def question(self, p):
        return "The circle is drawn with its equation. Which point of the circle is closest to P?"

    def check(self, p):
        circ, P = self.diagram(p).objects
        s = sp()
        C, Pp = sp_circle(circ), sp_pt(P)
        hits = C.intersection(s.Line(C.center, Pp))
        return pt_text(frac_pt(min(hits, key=lambda h: float(h.distance(Pp)))))

    def diagram(self, p):
        c, (a, b), k = p["c"], p["v"], p["k"]
        return spec7([circle_obj(c, p["rsq"], p["color"]),
                      GeoObject("point", "", fpts([[c[0] + k * a, c[1] + k * b]]), ["P"],
                                show_coords=True)])


# ----------------------------------------------------------------------------- gap


@register_seed
class CircleLineGap(SeedQuestion):
    seed_id = "analytic-circle-line-gap"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            rsq = int(rng.integers(1, 10))
            c = [int(v) for v in rng.integers(-3, 4, size=2)]
            u = [(1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1), (1, 3), (3, 1),
                 (1, 0), (0, 1)][int(rng.integers(10))]
            A = [int(v) for v in rng.integers(-5, 6, size=2)]
            B = [A[0] + u[0], A[1] + u[1]]
            d2 = line_gap_sq(c, A, B)
            if not fits(c, rsq) or d2 <= rsq or d2 > 30:
                continue
            p = {"c": c, "rsq": rsq, "A": A, "B": B, "color": rng_choice(rng, COLORS)}
            x = (math.sqrt(d2) - math.sqrt(rsq)) * 100
            if abs(x % 1 - 0.5) > 1e-6:  # no half-way tie for the rounding
                return p

    def question(self, p):
        return ("The circle and the line are drawn with their equations; they do not meet. "
                f"What is the shortest distance from a point of the circle to a point of the "
                f"line? {ROUND2}")

    def answer(self, p):
        return r2(math.sqrt(line_gap_sq(p["c"], p["A"], p["B"])) - math.sqrt(p["rsq"]))

    def check(self, p):
        circ, line = self.diagram(p).objects
        C, L = sp_circle(circ), sp_line(line)
        return r2(float(L.distance(C.center) - C.radius))  # the gap lies along the normal

    def diagram(self, p):
        return spec7([circle_obj(p["c"], p["rsq"], p["color"]), line_obj(p["A"], p["B"])])
