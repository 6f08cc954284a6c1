"""DynaMath "algebra" seeds: zeros and intersections read from drawn graphs.

Why these: DynaMath asks how many zeros a drawn polynomial has, where a line through two
labelled points crosses the x-axis, the vertex of a parabola from its marked intercepts and
where two drawn graphs meet. Each variant re-draws the curve (roots, multiplicities, shifts,
the second curve's kind), so one question text has many answers. Answers come from the
construction (the roots the polynomial was built from, Vieta, exact fractions); ``check``
rebuilds the drawn curves from the spec with sympy and counts real roots, intersects lines or
solves f = g.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.algebra.curves import (COLORS, HIGH, ROUND2, TOPIC, P, ch, curve, fval,
                                                   poly, sp, sx, sym_curve, tie)
from renderers.function.sample import poly_from_roots, vertex_quadratic
from renderers.function.spec import FunctionSpec, NamedPoint
from renderers.text import r2

# ----------------------------------------------------------------------------- zeros


@register_seed
class CountZeros(SeedQuestion):
    seed_id = "algebra-count-zeros"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)
    canonical = {"lead": 0.5, "roots": [-2, 1, 3], "quads": [], "win": [-4, 5, -6, 6],
                 "color": "blue"}
    # (simple roots, double roots, irreducible quadratic factors) per shape
    SHAPES = ((2, 0, 0), (0, 1, 0), (0, 0, 1), (3, 0, 0), (1, 1, 0), (1, 0, 1), (4, 0, 0),
              (2, 1, 0), (2, 0, 1), (0, 2, 0), (0, 0, 2), (0, 1, 1))

    def _coeffs(self, p):
        cs = np.array([p["lead"]])
        for r in p["roots"]:
            cs = P.polymul(cs, [-r, 1.0])
        for h, q in p["quads"]:
            cs = P.polymul(cs, [h * h + q, -2.0 * h, 1.0])
        return [float(v) for v in cs]

    def sample(self, rng):
        while True:
            n1, n2, nq = self.SHAPES[int(rng.integers(len(self.SHAPES)))]
            picks = [int(v) for v in rng.choice(np.arange(-4, 5), n1 + n2, replace=False)]
            roots = sorted(picks[:n1] + 2 * picks[n1:])
            quads = [[int(rng.integers(-3, 4)), int(rng.integers(1, 4))] for _ in range(nq)]
            if nq == 2 and abs(quads[0][0] - quads[1][0]) < 2:
                continue
            p = {"lead": 1.0, "roots": roots, "quads": quads}
            cs = self._coeffs(p)
            feats = roots + [h for h, _ in quads]
            crit = [float(r.real) for r in np.roots(P.polyder(cs)[::-1]) if abs(r.imag) < 1e-9]
            lo, hi = min(feats + crit) - 1.5, max(feats + crit) + 1.5
            if hi - lo < 6:
                lo, hi = lo - (6 - hi + lo) / 2, hi + (6 - hi + lo) / 2
            ext = [float(P.polyval(c, cs)) for c in crit] + [0.0]
            big = max(abs(v) for v in ext) or abs(float(P.polyval(hi, cs)))
            lead = min((1.0, 0.5, 0.25, 0.125, 2.0), key=lambda s: abs(math.log(big * s / 4)))
            lead *= float(ch(rng, (1.0, -1.0)))
            ext = [lead * v for v in ext]
            span = max(max(ext) - min(ext), 4.0)
            win = [math.floor(lo), math.ceil(hi), math.floor(min(ext) - 0.3 * span),
                   math.ceil(max(ext) + 0.3 * span)]
            # a turning point that is not a zero must stay clearly off the axis
            gap = min([abs(v) for v in ext[:-1] if abs(v) > 1e-9] or [math.inf])
            if gap >= 0.1 * (win[3] - win[2]) and hi - lo <= 12:
                return {"lead": lead, "roots": roots, "quads": quads, "win": win,
                        "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return ("The graph of a polynomial function is shown; all of its real zeros lie in the "
                "part of the graph that is drawn. How many distinct real zeros does it have?")

    def answer(self, p):
        return float(len(set(p["roots"])))

    def check(self, p):
        s = sp()
        roots = s.Poly(sym_curve(self.diagram(p).curves[0]), sx()).real_roots()
        return float(len(set(roots)))

    def diagram(self, p):
        x0, x1, y0, y1 = p["win"]
        return FunctionSpec(curves=[curve(poly(self._coeffs(p)), "f", p["color"])], xmin=x0,
                            xmax=x1, ymin=y0, ymax=y1, show_expression="none")


NAME_PAIRS = (("A", "B"), ("P", "Q"), ("M", "N"), ("C", "D"), ("E", "F"))


@register_seed
class LineZero(SeedQuestion):
    seed_id = "algebra-line-zero"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("A second line, not drawn, crosses the y-axis at y = {x}.",)
    clause_first = True
    canonical = {"A": [-2, -3], "B": [3, 1], "names": ["A", "B"], "color": "blue"}

    def sample(self, rng):
        while True:
            A = [int(v) for v in rng.integers(-4, 5, size=2)]
            B = [int(v) for v in rng.integers(-4, 5, size=2)]
            if A[0] == B[0] or A[1] == B[1] or 0 in (A[1], B[1]) or math.dist(A, B) < 3:
                continue
            if A[0] > B[0]:
                A, B = B, A
            z = self._zero(A, B)
            if -4.5 < z < 4.5 and not tie(z) and (z.denominator > 1 or rng.random() < 0.15):
                return {"A": A, "B": B, "names": list(ch(rng, NAME_PAIRS)),
                        "color": ch(rng, COLORS[:4])}

    @staticmethod
    def _zero(A, B) -> Fraction:
        (x1, y1), (x2, y2) = A, B
        return Fraction(x1) - Fraction(y1 * (x2 - x1), y2 - y1)

    def question(self, p):
        a, b = p["names"]
        return (f"The straight line passes through the points {a} and {b}. At what "
                f"x-coordinate does it cross the x-axis? {ROUND2}")

    def answer(self, p):
        return r2(self._zero(p["A"], p["B"]))

    def check(self, p):
        s = sp()
        pts = [s.Point(pt.x, pt.y) for pt in self.diagram(p).points]
        hit = s.Line(*pts).intersection(s.Line(s.Point(0, 0), s.Point(1, 0)))[0]
        return r2(hit.x)

    def diagram(self, p):
        (x1, y1), (x2, y2) = p["A"], p["B"]
        m = (y2 - y1) / (x2 - x1)
        return FunctionSpec(curves=[curve(poly([y1 - m * x1, m]), "", p["color"])], xmin=-5,
                            xmax=5, ymin=-5, ymax=5, show_expression="none",
                            points=[NamedPoint(n, x, y) for n, (x, y) in
                                    zip(p["names"], (p["A"], p["B"]))])


@register_seed
class ParabolaVertex(SeedQuestion):
    seed_id = "algebra-parabola-vertex"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)
    canonical = {"a": 0.25, "r": [-2, 3], "color": "blue"}

    def sample(self, rng):
        while True:
            r = sorted(int(v) for v in rng.choice([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5], 2,
                                                   replace=False))
            if r[1] - r[0] < 2:  # the two intercept labels need room
                continue
            a = float(ch(rng, (0.25, -0.25, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0)))
            p = {"a": a, "r": r, "color": ch(rng, COLORS[:4])}
            k = self._k(p)
            c = a * r[0] * r[1]
            if not tie(k) and abs(k) <= 15 and abs(c) <= 15:
                return p

    @staticmethod
    def _k(p) -> Fraction:
        r1, r2_ = p["r"]
        return -Fraction(p["a"]) * Fraction((r2_ - r1) ** 2, 4)

    def question(self, p):
        return ("The x-intercepts and the y-intercept of the parabola are marked. What is the "
                f"y-coordinate of its vertex? {ROUND2}")

    def answer(self, p):
        return r2(self._k(p))

    def check(self, p):
        s, x = sp(), sx()
        f = sym_curve(self.diagram(p).curves[0])
        (h,) = s.solve(s.diff(f, x), x)
        return r2(f.subs(x, h))

    def diagram(self, p):
        (r1, r2_), a = p["r"], p["a"]
        k = float(self._k(p))
        c = a * r1 * r2_
        ys = [0.0, k, c]
        span = max(max(ys) - min(ys), 4.0)
        cv = curve(poly(poly_from_roots(a, [r1, r2_])), "f", p["color"])
        cv.marks = ["zeros", "y_intercept"]
        return FunctionSpec(curves=[cv], xmin=min(r1, 0) - 2, xmax=max(r2_, 0) + 2,
                            ymin=math.floor(min(ys) - 0.2 * span),
                            ymax=math.ceil(max(ys) + 0.2 * span), show_expression="none")


# ----------------------------------------------------------------------------- two curves


@register_seed
class CurveIntersection(SeedQuestion):
    seed_id = "algebra-curve-intersection"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type")
    canonical = {"f": poly([-3.0, -2.0, 1.0]), "g": poly([1.0, 1.0]), "xs": [-1, 4],
                 "colors": ["blue", "red"]}

    def sample(self, rng):
        while True:
            if rng.random() < 0.55:
                a = float(ch(rng, (1.0, -1.0, 0.5, -0.5)))
                h, k = int(rng.integers(-2, 3)), int(rng.integers(-3, 4))
                r1 = int(rng.integers(-4, 3))
                r2_ = r1 + int(rng.integers(2, 6))
                fc = vertex_quadratic(a, float(h), float(k))
                gc = [fc[0] - a * r1 * r2_, fc[1] + a * (r1 + r2_)]
                f, xs = poly(fc), [r1, r2_]
            else:
                a = float(ch(rng, (1.0, -1.0, 2.0, -2.0)))
                c, d = int(rng.integers(-2, 3)), int(rng.integers(-3, 4))
                f = {"kind": "absolute", "a": a, "c": float(c), "d": float(d)}
                xs = [c - int(rng.integers(1, 4)), c + int(rng.integers(1, 4))]
                y1, y2 = fval(f, xs[0]), fval(f, xs[1])
                m = (y2 - y1) / (xs[1] - xs[0])
                gc = [y1 - m * xs[0], m]
                if (m * 4).denominator != 1 or (gc[0] * 4).denominator != 1:
                    continue
            if abs(gc[1]) <= 3 and abs(gc[0]) <= 8 and gc[1] != 0:
                cols = [str(v) for v in rng.choice(COLORS[:4], 2, replace=False)]
                return {"f": f, "g": poly(gc), "xs": xs, "colors": cols}

    def question(self, p):
        return ("The graphs of the functions f and g given above the picture are drawn. What is "
                "the sum of the y-coordinates of all their intersection points?")

    def answer(self, p):
        return float(sum(fval(p["g"], x) for x in p["xs"]))

    def check(self, p):
        s = sp()
        f, g = (sym_curve(cv) for cv in self.diagram(p).curves)
        sols = s.solveset(s.Eq(f, g), sx(), s.S.Reals)
        return float(sum(g.subs(sx(), v) for v in sols))

    def diagram(self, p):
        f = curve(p["f"], "f", p["colors"][0])
        g = curve(p["g"], "g", p["colors"][1])
        x0, x1 = min(p["xs"]) - 2, max(p["xs"]) + 2
        if p["f"]["kind"] == "polynomial":
            h = -p["f"]["coeffs"][1] / (2 * p["f"]["coeffs"][2])
            x0, x1 = min(x0, math.floor(h) - 1), max(x1, math.ceil(h) + 1)
        meet = [float(fval(p["g"], v)) for v in p["xs"]]
        ys = meet + [float(fval(p["f"], v)) for v in np.linspace(x0, x1, 81)]
        # the whole turn of f, but not its far arms
        lo, hi = max(min(ys), min(meet) - 6), min(max(ys), max(meet) + 6)
        span = max(hi - lo, 4.0)
        return FunctionSpec(curves=[f, g], xmin=x0, xmax=x1, ymin=math.floor(lo - 0.2 * span),
                            ymax=math.ceil(hi + 0.2 * span), show_expression="title")
