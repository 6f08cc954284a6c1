"""DynaMath "plane geometry" seeds drawn as sketches: circle theorems (inscribed and central
angles, the angle in a semicircle, cyclic quadrilaterals, tangent lengths, two tangents from a
point, chord lengths, intersecting chords), a side of a triangle cut by a parallel line,
trigonometry in a right triangle, the area of a regular polygon and of a triangle from two sides
and the angle between them.

Each figure is built from the parameters with the drawn angles and lengths true to scale
(renderers/sketch). ``check`` measures the answer on the figure's coordinates (angles by
atan2, lengths by distance, areas by the shoelace formula) instead of applying the theorem.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_geometry_more.py
"""
from __future__ import annotations

import math
from fractions import Fraction

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, draw_order, register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC
from renderers.sketch.spec import (SkAngle, SkCircle, SketchSpec, SkPoint, SkSegment,
                                   angle_deg, points_of)
from renderers.spec import rng_choice
from renderers.text import half_up, r2

HIGH, UNI, ELEM = "high school", "undergraduate", "elementary school"
COLORS = ("blue", "green", "purple", "orange")
CIRCLE_CLAUSES = ("The figure is printed on page {m} of a workbook.",
                  "The circle was drawn with a compass set in {n} seconds.")
ROUND = " Round to two decimal places."


def pt(name: str, r: float, deg: float, c=(0.0, 0.0), **kw) -> SkPoint:
    t = math.radians(deg)
    return SkPoint(name, round(c[0] + r * math.cos(t), 9), round(c[1] + r * math.sin(t), 9),
                   **kw)


def measure(spec: SketchSpec, a: str, v: str, b: str) -> float:
    P = points_of(spec)
    return angle_deg(P[a], P[v], P[b])


def length(spec: SketchSpec, a: str, b: str) -> float:
    P = points_of(spec)
    return math.dist(P[a], P[b])


def shoelace(spec: SketchSpec, names) -> float:
    P = points_of(spec)
    xy = [P[n] for n in names]
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(xy, xy[1:] + xy[:1]))) / 2


def num(x: float) -> str:
    return f"{x:g}"


class SketchSeed(SeedQuestion):
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = CIRCLE_CLAUSES


@register_seed
class InscribedAngle(SketchSeed):
    seed_id = "plane-inscribed-angle"

    def sample(self, rng):
        x = int(rng.integers(20, 80)) * 2
        return {"central": x, "rot": float(rng.integers(0, 360)),
                "u": float(rng.uniform(0.3, 0.7)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("O is the centre of the circle and A, B, C lie on it. What is the measure of "
                "angle ACB in degrees?")

    def answer(self, p):
        return p["central"] / 2

    def diagram(self, p):
        t, x = p["rot"], p["central"]
        c = t + x + (360 - x) * p["u"]
        return SketchSpec(points=[SkPoint("O", 0, 0), pt("A", 3, t), pt("B", 3, t + x),
                                  pt("C", 3, c)],
                          circles=[SkCircle("O", 3)],
                          segments=[SkSegment("O", "A"), SkSegment("O", "B"),
                                    SkSegment("A", "C"), SkSegment("B", "C")],
                          angles=[SkAngle("A", "O", "B", f"{x}°")], color=p["color"])

    def check(self, p):
        return round(measure(self.diagram(p), "A", "C", "B"), 6)


@register_seed
class CyclicQuadrilateral(SketchSeed):
    seed_id = "plane-cyclic-quadrilateral"

    def sample(self, rng):
        while True:
            arcs = 2 * rng.integers(20, 70, size=3)
            if arcs.sum() <= 300:
                break
        return {"arcs": [int(a) for a in arcs], "rot": float(rng.integers(0, 360)),
                "color": rng_choice(rng, COLORS)}

    def _t(self, p):
        a = p["arcs"]
        return [p["rot"], p["rot"] + a[0], p["rot"] + a[0] + a[1], p["rot"] + sum(a)]

    def _a(self, p):  # the inscribed angle DAB: half the arc BCD not containing A
        return half_up((p["arcs"][1] + p["arcs"][2]) / 2, 1)

    def question(self, p):
        return ("Quadrilateral ABCD is inscribed in the circle. What is the measure of angle "
                "BCD in degrees?")

    def answer(self, p):
        return 180 - self._a(p)

    def diagram(self, p):
        pts = [pt(n, 3, a) for n, a in zip("ABCD", self._t(p))]
        return SketchSpec(points=[SkPoint("O", 0, 0, dot=False, show_name=False)] + pts,
                          circles=[SkCircle("O", 3)],
                          segments=[SkSegment(a, b) for a, b in ("AB", "BC", "CD", "DA")],
                          angles=[SkAngle("D", "A", "B", f"{num(self._a(p))}°")],
                          color=p["color"])

    def check(self, p):
        return round(measure(self.diagram(p), "B", "C", "D"), 6)


@register_seed
class SemicircleAngle(SketchSeed):
    seed_id = "plane-semicircle-angle"
    answer_type = "multiple choice"

    def sample(self, rng):
        x = int(rng.integers(15, 76))
        while x == 45 or x == 30 or x == 60:
            x = int(rng.integers(15, 76))
        return {"x": x, "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS),
                "order": draw_order(rng, 5)}

    def question(self, p):
        return ("AB is a diameter of the circle with centre O, and C lies on the circle. What "
                "is the measure of angle ABC?")

    def options(self, p):
        # shown in a drawn order: sorted, 90 - x was never past the third letter (A in 96 of 200)
        x = p["x"]
        vals = sorted({90 - x, x, 90, 180 - 2 * x, 2 * x})
        return [f"{vals[i]}°" for i in p.get("order", range(5))]

    def answer(self, p):
        return f"{90 - p['x']}°"

    def diagram(self, p):
        t, x = p["rot"], p["x"]
        # angle CAB = x: the arc CB (away from A) is 2x, so C sits at B's angle + 2x
        return SketchSpec(points=[SkPoint("O", 0, 0), pt("A", 3, t + 180), pt("B", 3, t),
                                  pt("C", 3, t + 2 * x)],
                          circles=[SkCircle("O", 3)],
                          segments=[SkSegment("A", "B"), SkSegment("A", "C"),
                                    SkSegment("B", "C")],
                          angles=[SkAngle("C", "A", "B", f"{x}°")], color=p["color"])

    def check(self, p):
        return f"{round(measure(self.diagram(p), 'A', 'B', 'C'))}°"


@register_seed
class TwoTangents(SketchSeed):
    seed_id = "plane-two-tangents"

    def sample(self, rng):
        return {"x": int(rng.integers(25, 121)), "rot": float(rng.integers(0, 360)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("PA and PB are tangent to the circle with centre O at A and B. What is the "
                "measure of angle AOB in degrees?")

    def answer(self, p):
        return float(180 - p["x"])

    def diagram(self, p):
        t, half = p["rot"], (180 - p["x"]) / 2
        d = 2 / math.sin(math.radians(p["x"] / 2))  # OP for radius 2
        return SketchSpec(points=[SkPoint("O", 0, 0), pt("A", 2, t - half), pt("B", 2, t + half),
                                  pt("P", d, t)],
                          circles=[SkCircle("O", 2)],
                          segments=[SkSegment("P", "A"), SkSegment("P", "B"),
                                    SkSegment("O", "A", dash=True), SkSegment("O", "B", dash=True)],
                          angles=[SkAngle("A", "P", "B", f"{p['x']}°")], color=p["color"])

    def check(self, p):
        return round(measure(self.diagram(p), "A", "O", "B"), 6)


TRIPLES = ((3, 4, 5), (5, 12, 13), (8, 15, 17), (6, 8, 10), (7, 24, 25), (9, 12, 15))


@register_seed
class TangentLength(SketchSeed):
    seed_id = "plane-tangent-length"

    def sample(self, rng):
        if rng.random() < 0.4:
            r, t, d = rng_choice(rng, TRIPLES)
        else:
            r = int(rng.integers(2, 9))
            d = r + int(rng.integers(2, 9))
        return {"r": float(r), "d": float(d), "rot": float(rng.integers(0, 360)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("PT is tangent to the circle with centre O at T. What is the length of PT?"
                + ROUND)

    def answer(self, p):
        return half_up(math.sqrt(p["d"] ** 2 - p["r"] ** 2), 2)

    def diagram(self, p):
        r, d, t = p["r"], p["d"], p["rot"]
        a = math.degrees(math.acos(r / d))
        return SketchSpec(points=[SkPoint("O", 0, 0), pt("T", r, t + a), pt("P", d, t)],
                          circles=[SkCircle("O", r)],
                          segments=[SkSegment("O", "T", num(r)), SkSegment("O", "P", num(d)),
                                    SkSegment("P", "T", extend=0.25 * d)],
                          angles=[SkAngle("O", "T", "P", right=True)], color=p["color"])

    def check(self, p):
        return half_up(length(self.diagram(p), "P", "T"), 2)


@register_seed
class ChordLength(SketchSeed):
    seed_id = "plane-chord-length"

    def sample(self, rng):
        r = int(rng.integers(4, 13))
        return {"r": float(r), "d": float(rng.integers(max(2, r // 3), r)),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("O is the centre of the circle and OM is perpendicular to the chord AB. What is "
                "the length of AB?" + ROUND)

    def answer(self, p):
        return half_up(2 * math.sqrt(p["r"] ** 2 - p["d"] ** 2), 2)

    def diagram(self, p):
        r, d, t = p["r"], p["d"], p["rot"]
        a = math.degrees(math.acos(d / r))
        return SketchSpec(points=[SkPoint("O", 0, 0), pt("A", r, t - a), pt("B", r, t + a),
                                  pt("M", d, t)],
                          circles=[SkCircle("O", r)],
                          segments=[SkSegment("A", "B"), SkSegment("O", "A", num(r)),
                                    SkSegment("O", "M", num(d))],
                          angles=[SkAngle("O", "M", "B", right=True)], color=p["color"])

    def check(self, p):
        return half_up(length(self.diagram(p), "A", "B"), 2)


@register_seed
class IntersectingChords(SketchSeed):
    seed_id = "plane-intersecting-chords"

    def sample(self, rng):
        while True:  # C on the circle: c between E's nearest and farthest distance to it
            a, b = int(rng.integers(2, 9)), int(rng.integers(2, 9))
            h = float(rng.uniform(-0.8, 0.8))
            norm = math.hypot((b - a) / 2, h * (a + b) / 2)
            R = math.sqrt(norm * norm + a * b)
            ok = [c for c in range(2, 10) if R - norm + 0.6 < c < R + norm - 0.6
                  and c not in (a, b) and 1.5 <= a * b / c]
            if ok:
                return {"a": a, "b": b, "c": int(rng_choice(rng, ok)), "h": h,
                        "side": int(rng.integers(2)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "Chords AB and CD meet at E. What is the length of ED?" + ROUND

    def answer(self, p):
        return r2(p["a"] * p["b"] / p["c"])  # half up: 49 / 8 -> 6.13

    def diagram(self, p):
        a, b, c = p["a"], p["b"], p["c"]
        ox, oy = (b - a) / 2, p["h"] * (a + b) / 2
        R = math.hypot((a + b) / 2, oy)
        norm = math.hypot(ox, oy)
        # the direction u of chord CD (C = -c u) puts C on the circle: u . O = (ab - c^2) / 2c
        w = (a * b - c * c) / (2 * c) / norm
        th = math.atan2(oy, ox) + (1 if p["side"] else -1) * math.acos(w)
        u = (math.cos(th), math.sin(th))
        e = a * b / c
        P = [SkPoint("O", ox, oy, dot=False, show_name=False), SkPoint("A", -a, 0),
             SkPoint("B", b, 0), SkPoint("E", 0, 0),
             SkPoint("C", -c * u[0], -c * u[1]), SkPoint("D", e * u[0], e * u[1])]
        return SketchSpec(points=P, circles=[SkCircle("O", R)],
                          segments=[SkSegment("A", "E", num(a)), SkSegment("E", "B", num(b)),
                                    SkSegment("C", "E", num(c)), SkSegment("E", "D")],
                          color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "E", "D"))


@register_seed
class ParallelCut(SketchSeed):
    seed_id = "plane-parallel-cut"
    clauses = ("The triangle is a sail that took {n} days to sew.",)

    def sample(self, rng):
        ad, db = int(rng.integers(2, 9)), int(rng.integers(1, 8))
        return {"ad": ad, "db": db, "de": int(rng.integers(2, 9)),
                "beta": int(rng.integers(40, 80)), "rot": float(rng.integers(-30, 31)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "In triangle ABC, DE is parallel to BC. What is the length of BC?" + ROUND

    def answer(self, p):
        return r2(p["de"] * (p["ad"] + p["db"]) / p["ad"])

    def diagram(self, p):
        ab = p["ad"] + p["db"]
        bc = p["de"] * ab / p["ad"]
        beta = math.radians(p["beta"])
        B, C, A = (0.0, 0.0), (bc, 0.0), (ab * math.cos(beta), ab * math.sin(beta))
        k = p["ad"] / ab
        D = (A[0] + k * (B[0] - A[0]), A[1] + k * (B[1] - A[1]))
        E = (A[0] + k * (C[0] - A[0]), A[1] + k * (C[1] - A[1]))
        r = math.radians(p["rot"])

        def R(n, q):
            return SkPoint(n, q[0] * math.cos(r) - q[1] * math.sin(r),
                           q[0] * math.sin(r) + q[1] * math.cos(r))
        return SketchSpec(points=[R("A", A), R("B", B), R("C", C), R("D", D), R("E", E)],
                          segments=[SkSegment("A", "D", num(p["ad"])),
                                    SkSegment("D", "B", num(p["db"])), SkSegment("A", "E"),
                                    SkSegment("E", "C"), SkSegment("D", "E", num(p["de"])),
                                    SkSegment("B", "C")], color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "B", "C"))


@register_seed
class TrigSide(SketchSeed):
    seed_id = "plane-trig-side"
    clauses = ("The triangle is a ramp that took {n} hours to build.",)

    def sample(self, rng):
        return {"c": int(rng.integers(4, 21)), "t": int(rng.integers(20, 71)),
                "ask": rng_choice(rng, ("BC", "AC")), "rot": float(rng.integers(-20, 21)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"Triangle ABC has a right angle at C. What is the length of side {p['ask']}?"
                + ROUND)

    def answer(self, p):
        f = math.sin if p["ask"] == "BC" else math.cos
        return half_up(p["c"] * f(math.radians(p["t"])), 2)

    def diagram(self, p):
        c, t = p["c"], math.radians(p["t"])
        r = p["rot"]
        return SketchSpec(points=[pt("A", 0, 0), pt("B", c, r + p["t"]),
                                  pt("C", c * math.cos(t), r)],
                          segments=[SkSegment("A", "B", num(c)), SkSegment("B", "C"),
                                    SkSegment("C", "A")],
                          angles=[SkAngle("C", "A", "B", f"{p['t']}°"),
                                  SkAngle("A", "C", "B", right=True)], color=p["color"])

    def check(self, p):
        return half_up(length(self.diagram(p), *p["ask"]), 2)


@register_seed
class TrigRatio(SketchSeed):
    seed_id = "plane-trig-ratio"
    answer_type = "multiple choice"
    kinds = ("numerical value", "symbolic substitution", "geometric transformation")
    clauses = ()

    def sample(self, rng):
        a, b, c = rng_choice(rng, TRIPLES)
        if rng.random() < 0.5:
            a, b = b, a
        return {"a": a, "b": b, "c": c, "fn": rng_choice(rng, ("sin", "cos", "tan")),
                "rot": float(rng.integers(-20, 21)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return f"Triangle ABC has a right angle at C. What is {p['fn']}(A)?"

    def _frac(self, n, d):
        g = math.gcd(n, d)
        return f"{n // g}/{d // g}"

    def options(self, p):
        a, b, c = p["a"], p["b"], p["c"]  # a = BC (opposite A), b = AC, c = AB
        return sorted([self._frac(a, c), self._frac(b, c), self._frac(a, b), self._frac(b, a),
                       self._frac(c, a)], key=Fraction)

    def answer(self, p):
        a, b, c = p["a"], p["b"], p["c"]
        return {"sin": self._frac(a, c), "cos": self._frac(b, c), "tan": self._frac(a, b)}[p["fn"]]

    def diagram(self, p):
        a, b, c = p["a"], p["b"], p["c"]
        t = math.degrees(math.atan2(a, b))
        r = p["rot"]
        return SketchSpec(points=[pt("A", 0, 0), pt("B", c, r + t), pt("C", b, r)],
                          segments=[SkSegment("A", "B", num(c)), SkSegment("B", "C", num(a)),
                                    SkSegment("C", "A", num(b))],
                          angles=[SkAngle("A", "C", "B", right=True)], color=p["color"])

    def check(self, p):
        s = self.diagram(p)
        v = {"sin": length(s, "B", "C") / length(s, "A", "B"),
             "cos": length(s, "A", "C") / length(s, "A", "B"),
             "tan": length(s, "B", "C") / length(s, "A", "C")}[p["fn"]]
        return next(o for o in self.options(p)
                    if abs(int(o.split("/")[0]) / int(o.split("/")[1]) - v) < 1e-9)


POLY = {5: "pentagon", 6: "hexagon", 8: "octagon", 10: "decagon"}


@register_seed
class RegularPolygonArea(SketchSeed):
    seed_id = "plane-regular-polygon-area"
    clauses = ("The shape is a floor tile that costs {n} dollars.",)

    def sample(self, rng):
        return {"n": int(rng_choice(rng, tuple(POLY))), "s": int(rng.integers(2, 13)),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"The figure is a regular {POLY[p['n']]}. What is its area?" + ROUND)

    def answer(self, p):
        n, s = p["n"], p["s"]
        return half_up(n * s * s / (4 * math.tan(math.pi / n)), 2)

    def diagram(self, p):
        n, s = p["n"], p["s"]
        R = s / (2 * math.sin(math.pi / n))
        names = "ABCDEFGHJK"[:n]
        return SketchSpec(points=[pt(names[i], R, p["rot"] + 360 * i / n) for i in range(n)],
                          segments=[SkSegment(names[i], names[(i + 1) % n],
                                              num(s) if i == 0 else "") for i in range(n)],
                          fills=[list(names)], color=p["color"])

    def check(self, p):
        return half_up(shoelace(self.diagram(p), "ABCDEFGHJK"[:p["n"]]), 2)


@register_seed
class TriangleSAS(SketchSeed):
    seed_id = "plane-triangle-sas-area"
    clauses = ("The triangle is a garden bed with {n} rose bushes.",)

    def sample(self, rng):
        return {"b": int(rng.integers(3, 13)), "c": int(rng.integers(3, 13)),
                "t": int(rng.integers(25, 156)), "rot": float(rng.integers(0, 360)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "What is the area of triangle ABC?" + ROUND

    def answer(self, p):
        return half_up(0.5 * p["b"] * p["c"] * math.sin(math.radians(p["t"])), 2)

    def diagram(self, p):
        r = p["rot"]
        return SketchSpec(points=[pt("A", 0, 0), pt("B", p["c"], r), pt("C", p["b"], r + p["t"])],
                          segments=[SkSegment("A", "B", num(p["c"])),
                                    SkSegment("A", "C", num(p["b"])), SkSegment("B", "C")],
                          angles=[SkAngle("B", "A", "C", f"{p['t']}°")], color=p["color"])

    def check(self, p):
        return half_up(shoelace(self.diagram(p), "ABC"), 2)
