"""DynaMath "plane geometry" seeds on parallel lines and similar triangles, drawn as sketches:
which angle a transversal makes equal, the bent path between two parallel lines, the angle
bisector theorem, the altitude to the hypotenuse, the area ratio cut off by a parallel, and
which length can close a triangle.

Figures are constructed from the parameters (points as meeting points of lines, feet from the
circle on a diameter); ``answer`` applies the theorem, ``check`` measures the drawn figure.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_s6.py
"""
from __future__ import annotations

import math
from fractions import Fraction

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order, \
    register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC
from engines.dynamath.seeds.plane_geometry.sketching import (angle, intersect, length, num, polar,
                                                             shoelace, sk_points)
from engines.dynamath.seeds.plane_geometry.triangle_trig import angle_at, sss
from renderers.sketch.spec import SkAngle, SketchSpec, SkSegment
from renderers.spec import rng_choice
from renderers.text import half_up, r2

HIGH = "high school"
COLORS = ("blue", "green", "purple", "orange")
ROUND = " Round to two decimal places."
CLAUSES = ("The figure is part of a bridge truss made of {m} steel bars.",
           "The lines were drawn with a ruler {m} cm long.",
           "The figure is drawn on a page numbered {m}.")


class LineSeed(SeedQuestion):
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = CLAUSES


# angles at E (on AB) and F (on CD) between the rays along the lines and the transversal GH:
# True where the angle equals GEB
_AT = {"AEF": True, "AEG": False, "BEF": False, "EFD": True, "HFC": True, "EFC": False,
       "HFD": False}


@register_seed
class ParallelTransversal(LineSeed, ShuffledCandidates):
    seed_id = "plane-parallel-transversal"
    answer_type = "multiple choice"
    kinds = ("numerical value", "symbolic substitution", "geometric transformation", IRRELEVANT)

    def sample(self, rng):
        x = int(rng.integers(35, 146))
        while 75 <= x <= 105:
            x = int(rng.integers(35, 146))
        right = rng_choice(rng, [k for k, v in _AT.items() if v])
        wrong = [k for k, v in _AT.items() if not v]
        pick = [wrong[i] for i in rng.permutation(len(wrong))[:3]]
        return {"x": x, "e": half_up(float(rng.uniform(-1.0, 1.0)), 3), "right": right,
                "others": pick, "order": draw_order(rng), "rot": float(rng.integers(-30, 31)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "Lines AB and CD are parallel. Which angle is equal to angle GEB?"

    def candidates(self, p):
        return [f"∠{p['right']}"] + [f"∠{k}" for k in p["others"]]

    def diagram(self, p):
        u = polar(1, p["x"])
        E = (p["e"], 2.0)
        F = intersect(E, u, (0, -2), (1, 0))
        lo, hi = min(E[0], F[0]) - 3.5, max(E[0], F[0]) + 3.5  # both crossings inside
        P = {"A": (lo, 2), "B": (hi, 2), "C": (lo, -2), "D": (hi, -2), "E": E, "F": F,
             "G": (E[0] + 1.8 * u[0], E[1] + 1.8 * u[1]),
             "H": (F[0] - 1.8 * u[0], F[1] - 1.8 * u[1])}
        return SketchSpec(points=sk_points(P, p["rot"]),
                          segments=[SkSegment("A", "B"), SkSegment("C", "D"), SkSegment("G", "H")],
                          angles=[SkAngle("G", "E", "B", f"{p['x']}°")], color=p["color"])

    def check(self, p):
        s = self.diagram(p)
        x = angle(s, "G", "E", "B")
        return min(self.options(p), key=lambda o: abs(angle(s, *o[1:]) - x))


@register_seed
class ParallelZigzag(LineSeed):
    seed_id = "plane-parallel-zigzag"

    def sample(self, rng):
        return {"x": int(rng.integers(22, 68)), "y": int(rng.integers(22, 68)),
                "dx": half_up(float(rng.uniform(-1.5, 1.5)), 3),
                "ask": rng_choice(rng, ("BED", "ABE")), "rot": float(rng.integers(-25, 26)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"AB is parallel to CD. What is the measure of angle {p['ask']} in degrees?")

    def answer(self, p):  # the angle at E is the sum of the two alternate angles
        return float(p["x"] + p["y"] if p["ask"] == "BED" else p["x"])

    def diagram(self, p):
        x, y = p["x"], p["y"]
        B, D = (0.0, 3.0), (p["dx"], -3.0)
        E = intersect(B, polar(1, -x), D, polar(1, y))
        right = max(E[0], B[0], D[0]) + 2.0
        P = {"X": (-3.0, 3.0), "A": (right, 3.0), "B": B, "Y": (p["dx"] - 3.0, -3.0),
             "C": (right, -3.0), "D": D, "E": E}
        marks = {"ABE": SkAngle("A", "B", "E", f"{x}°"), "CDE": SkAngle("C", "D", "E", f"{y}°"),
                 "BED": SkAngle("B", "E", "D", f"{x + y}°")}
        shown = ["ABE", "CDE"] if p["ask"] == "BED" else ["CDE", "BED"]
        return SketchSpec(points=sk_points(P, p["rot"], hidden=("X", "Y")),
                          segments=[SkSegment("X", "A"), SkSegment("Y", "C"), SkSegment("B", "E"),
                                    SkSegment("E", "D")],
                          angles=[marks[k] for k in shown], color=p["color"])

    def check(self, p):
        return round(angle(self.diagram(p), *p["ask"]), 6)


@register_seed
class AngleBisector(LineSeed):
    seed_id = "plane-angle-bisector"

    def sample(self, rng):
        while True:
            b, c, m = (int(v) for v in rng.integers(3, 13, size=3))
            a = m * (b + c) / b
            if b != c and b + c > a + 1 and abs(b - c) < a - 1:
                if min(angle_at(sss(a, b, c), v) for v in "ABC") >= 22:
                    return {"b": b, "c": c, "m": m, "rot": float(rng.integers(0, 360)),
                            "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "AD bisects angle BAC. What is the length of BD?" + ROUND

    def answer(self, p):  # BD / DC = AB / AC
        return r2(p["m"] * p["c"] / p["b"])

    def diagram(self, p):
        b, c, m = p["b"], p["c"], p["m"]
        P = sss(m * (b + c) / b, b, c)
        A = P["A"]
        ub = [(P[k][0] - A[0]) / math.dist(P[k], A) for k in "BC"]
        vb = [(P[k][1] - A[1]) / math.dist(P[k], A) for k in "BC"]
        P["D"] = intersect(A, (sum(ub), sum(vb)), P["B"], (1.0, 0.0))  # along the bisector
        return SketchSpec(points=sk_points(P, p["rot"]),
                          segments=[SkSegment("A", "B", num(c)), SkSegment("A", "C", num(b)),
                                    SkSegment("B", "D"), SkSegment("D", "C", num(m)),
                                    SkSegment("A", "D", dash=True)],
                          angles=[SkAngle("B", "A", "D"), SkAngle("D", "A", "C")],
                          color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "B", "D"))


ALT_ASK = {"CD": lambda p, q: math.sqrt(p * q), "AC": lambda p, q: math.sqrt(p * (p + q)),
           "BC": lambda p, q: math.sqrt(q * (p + q))}


@register_seed
class AltitudeHypotenuse(LineSeed):
    seed_id = "plane-altitude-hypotenuse"

    def sample(self, rng):
        p, q = int(rng.integers(2, 13)), int(rng.integers(2, 13))
        while q == p:
            q = int(rng.integers(2, 13))
        return {"p": p, "q": q, "ask": rng_choice(rng, tuple(ALT_ASK)),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"Angle ACB is a right angle and CD is perpendicular to AB. What is the length "
                f"of {p['ask']}?" + ROUND)

    def answer(self, p):
        return r2(ALT_ASK[p["ask"]](p["p"], p["q"]))

    def diagram(self, p):
        a, b = p["p"], p["q"]
        R = (a + b) / 2  # C on the circle with diameter AB, above D (Thales)
        C = (a, math.sqrt(R * R - (a - R) ** 2))
        P = {"A": (0.0, 0.0), "B": (a + b, 0.0), "C": C, "D": (a, 0.0)}
        return SketchSpec(points=sk_points(P, p["rot"]),
                          segments=[SkSegment("A", "D", num(a)), SkSegment("D", "B", num(b)),
                                    SkSegment("A", "C"), SkSegment("B", "C"), SkSegment("C", "D")],
                          angles=[SkAngle("A", "C", "B", right=True),
                                  SkAngle("C", "D", "B", right=True)], color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), *p["ask"]))


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


@register_seed
class SimilarAreaRatio(LineSeed, ShuffledCandidates):
    seed_id = "plane-similar-area-ratio"
    answer_type = "multiple choice"

    def sample(self, rng):
        while True:
            a, b = int(rng.integers(1, 7)), int(rng.integers(1, 7))
            ask = rng_choice(rng, ("ABC", "DBCE"))
            k = Fraction(a, a + b)
            right = k * k if ask == "ABC" else k * k / (1 - k * k)
            pool = [k, Fraction(a, b), Fraction(a * a, b * b), k * k, k * k / (1 - k * k),
                    Fraction(b, a + b)]
            wrong = []
            for f in pool:
                if f != right and f != 1 and f not in wrong:
                    wrong.append(f)
            if len(wrong) >= 3:
                pick = [_frac(wrong[i]) for i in rng.permutation(len(wrong))[:3]]
                return {"a": a, "b": b, "ask": ask, "others": pick, "order": draw_order(rng),
                        "beta": int(rng.integers(50, 80)), "gamma": int(rng.integers(45, 75)),
                        "rot": float(rng.integers(-20, 21)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        what = "triangle ABC" if p["ask"] == "ABC" else "quadrilateral DBCE"
        return (f"DE is parallel to BC. What is the ratio of the area of the shaded triangle ADE "
                f"to the area of {what}?")

    def candidates(self, p):
        k = Fraction(p["a"], p["a"] + p["b"])
        right = k * k if p["ask"] == "ABC" else k * k / (1 - k * k)
        return [_frac(right)] + list(p["others"])

    def diagram(self, p):
        a, b = p["a"], p["b"]
        A = intersect((0, 0), polar(1, p["beta"]), (10, 0), polar(1, 180 - p["gamma"]))
        B, C = (0.0, 0.0), (10.0, 0.0)
        t = a / (a + b)
        P = {"A": A, "B": B, "C": C, "D": (A[0] + t * (B[0] - A[0]), A[1] + t * (B[1] - A[1])),
             "E": (A[0] + t * (C[0] - A[0]), A[1] + t * (C[1] - A[1]))}
        return SketchSpec(points=sk_points(P, p["rot"]), fills=[["A", "D", "E"]],
                          segments=[SkSegment("A", "D", num(a)), SkSegment("D", "B", num(b)),
                                    SkSegment("A", "E"), SkSegment("E", "C"), SkSegment("D", "E"),
                                    SkSegment("B", "C")], color=p["color"])

    def check(self, p):
        s = self.diagram(p)
        other = shoelace(s, "ABC") if p["ask"] == "ABC" else shoelace(s, "DBCE")
        return _frac(Fraction(shoelace(s, "ADE") / other).limit_denominator(2000))


@register_seed
class TriangleInequality(LineSeed):
    seed_id = "plane-triangle-inequality"
    answer_type = "multiple choice"
    kinds = ("numerical value", "geometric transformation")
    clauses = ()

    def sample(self, rng):
        while True:
            a, b = int(rng.integers(3, 15)), int(rng.integers(3, 15))
            lo, hi = abs(a - b), a + b
            inside = [v for v in range(lo + 1, hi)]
            below = [v for v in (lo, lo - 1, lo - 2, lo - 3) if v >= 1]
            pos = int(rng.integers(4))  # how many options lie below the right one
            if inside and len(below) >= pos:
                right = int(rng_choice(rng, inside))
                wrong = [below[i] for i in rng.permutation(len(below))[:pos]] + \
                    [hi + int(i) for i in rng.permutation(4)[:3 - pos]]
                w = float(rng.uniform(lo + 0.3 * (hi - lo), hi - 0.3 * (hi - lo)))
                return {"a": a, "b": b, "right": right, "others": [int(v) for v in wrong],
                        "w": half_up(w, 3), "rot": float(rng.integers(0, 360)),
                        "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "Which of these could be the length x of the third side of the triangle?"

    def options(self, p):
        return [str(v) for v in sorted([p["right"]] + p["others"])]

    def answer(self, p):
        return str(p["right"])

    def diagram(self, p):
        a, b, w = p["a"], p["b"], p["w"]
        return SketchSpec(points=sk_points(sss(w, b, a), p["rot"]),
                          segments=[SkSegment("A", "B", num(a)), SkSegment("C", "A", num(b)),
                                    SkSegment("B", "C", "x")], color=p["color"])

    def check(self, p):  # the written side lengths against each option, strictly
        s = self.diagram(p)
        known = [float(g.label) for g in s.segments if g.label != "x"]
        ok = [o for o in self.options(p)
              if sum(sorted(known + [float(o)])[:2]) > max(known + [float(o)])]
        return ok[0] if len(ok) == 1 else None
