"""DynaMath "plane geometry" seeds on circle theorems drawn as sketches: the tangent-secant and
secant-secant power of a point, the tangent-chord angle, the angle between two chords,
inscribed angles on the same or the opposite arc, and the common tangent of two circles.

Each figure is constructed geometrically from the parameters (tangent points from right
angles, second intersections from the circle's equation, chord crossings by line
intersection), while ``answer`` applies the theorem; ``check`` measures the drawn figure.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_s6.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order, \
    register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC
from engines.dynamath.seeds.plane_geometry.sketching import (angle, length, num, polar, sk_points,
                                                             through)
from renderers.sketch.spec import SkAngle, SkCircle, SketchSpec, SkSegment
from renderers.spec import rng_choice
from renderers.text import half_up, r2

HIGH, UNI = "high school", "undergraduate"
COLORS = ("blue", "green", "purple", "orange")
ROUND = " Round to two decimal places."
# not the width of the sheet: the figure, in units not stated, might not fit on it
CLAUSES = ("The circle is the rim of a wheel that turns {m} times a minute.",
           "The drawing was made with a compass on page {m} of a workbook.",
           "A second, smaller circle of radius {n} lies elsewhere on the page and is not drawn.")
# angles whose distractors 2x, 90 - x, 180 - x would coincide with x or each other
_CLASH = (30, 45, 60)


def _angle_x(rng, lo: int = 20, hi: int = 80) -> int:
    x = int(rng.integers(lo, hi + 1))
    while x in _CLASH:
        x = int(rng.integers(lo, hi + 1))
    return x


class CircleSeed(SeedQuestion):
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = CLAUSES


@register_seed
class TangentSecant(CircleSeed):
    seed_id = "plane-tangent-secant"

    def sample(self, rng):
        a, b = int(rng.integers(2, 10)), int(rng.integers(2, 11))
        return {"a": a, "b": b, "h": half_up(float(rng.uniform(0.3, 1.0)) * b / 2, 3),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("PT is tangent to the circle with centre O at T, and the line through P meets "
                "the circle at A and B. What is the length of PT?" + ROUND)

    def answer(self, p):  # power of P: PT^2 = PA * PB
        return r2(math.sqrt(p["a"] * (p["a"] + p["b"])))

    def diagram(self, p):
        a, b, h = p["a"], p["b"], p["h"]
        O = (a + b / 2, h)
        r, d = math.hypot(h, b / 2), math.hypot(*O)
        # T: the radius OT makes angle acos(r / d) with OP, on the side away from the secant
        t = math.degrees(math.atan2(-O[1], -O[0])) - math.degrees(math.acos(r / d))
        T = polar(r, t, O)
        pts = sk_points({"O": O, "P": (0, 0), "A": (a, 0), "B": (a + b, 0), "T": T}, p["rot"])
        return SketchSpec(points=pts, circles=[SkCircle("O", r)],
                          segments=[SkSegment("P", "A", num(a)), SkSegment("A", "B", num(b)),
                                    SkSegment("P", "T", extend=0.15 * d)], color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "P", "T"))


@register_seed
class SecantSecant(CircleSeed):
    seed_id = "plane-secant-secant"

    def sample(self, rng):
        while True:
            a, b = int(rng.integers(2, 9)), int(rng.integers(3, 11))
            h = half_up(float(rng.uniform(0.2, 0.9)) * b / 2, 3)
            d, r, power = math.hypot(a + b / 2, h), math.hypot(h, b / 2), a * (a + b)
            ok = [c for c in range(2, 12) if d - r + 0.5 < c and c * c < power - 1.5 * c
                  and c != a]
            if ok:
                return {"a": a, "b": b, "h": h, "c": int(rng_choice(rng, ok)),
                        "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("Two lines through P meet the circle at A and B and at C and D. What is the "
                "length of CD?" + ROUND)

    def answer(self, p):  # PA * PB = PC * PD
        a, b, c = p["a"], p["b"], p["c"]
        return r2(a * (a + b) / c - c)

    def _cd(self, p):
        a, b, h, c = p["a"], p["b"], p["h"], p["c"]
        O, r = (a + b / 2, h), math.hypot(h, b / 2)
        d = math.hypot(*O)
        # C: where the circle of radius c about P crosses the circle, above the line PO
        x = (d * d + c * c - r * r) / (2 * d)
        phi = math.atan2(O[1], O[0]) + math.acos(x / c)
        u = (math.cos(phi), math.sin(phi))
        # D: the other root t of |t u - O|^2 = r^2
        bq = u[0] * O[0] + u[1] * O[1]
        t = bq + math.sqrt(bq * bq - d * d + r * r)
        return O, r, (c * u[0], c * u[1]), (t * u[0], t * u[1])

    def diagram(self, p):
        a, b = p["a"], p["b"]
        O, r, C, D = self._cd(p)
        pts = sk_points({"O": O, "P": (0, 0), "A": (a, 0), "B": (a + b, 0), "C": C, "D": D},
                        p["rot"], hidden=("O",))
        return SketchSpec(points=pts, circles=[SkCircle("O", r)],
                          segments=[SkSegment("P", "A", num(a)), SkSegment("A", "B", num(b)),
                                    SkSegment("P", "C", num(p["c"])), SkSegment("C", "D")],
                          color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "C", "D"))


@register_seed
class TangentChordAngle(CircleSeed, ShuffledCandidates):
    seed_id = "plane-tangent-chord-angle"
    answer_type = "multiple choice"

    def sample(self, rng):
        return {"x": _angle_x(rng), "rot": float(rng.integers(0, 360)),
                "u": half_up(float(rng.uniform(0.3, 0.7)), 3), "ask": rng_choice(rng, ("T", "S")),
                "order": draw_order(rng), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"Line ST touches the circle at A, and C lies on the circle. What is the "
                f"measure of angle {p['ask']}AB?")

    def candidates(self, p):
        x = p["x"]
        right, other = (x, 180 - x) if p["ask"] == "T" else (180 - x, x)
        return [f"{v}°" for v in (right, other, 2 * x, 90 - x)]

    def diagram(self, p):
        x, t = p["x"], p["rot"]
        A, B = polar(3, t), polar(3, t + 2 * x)
        C = polar(3, t + 2 * x + (360 - 2 * x) * p["u"])
        tang = (-math.sin(math.radians(t)), math.cos(math.radians(t)))  # towards B's side
        T = (A[0] + 2.6 * tang[0], A[1] + 2.6 * tang[1])
        S = (A[0] - 2.6 * tang[0], A[1] - 2.6 * tang[1])
        pts = sk_points({"O": (0, 0), "A": A, "B": B, "C": C, "S": S, "T": T}, 0.0,
                        hidden=("O",))
        return SketchSpec(points=pts, circles=[SkCircle("O", 3)],
                          segments=[SkSegment("S", "T"), SkSegment("A", "B"),
                                    SkSegment("A", "C"), SkSegment("B", "C")],
                          angles=[SkAngle("A", "C", "B", f"{x}°")], color=p["color"])

    def check(self, p):
        return f"{round(angle(self.diagram(p), p['ask'], 'A', 'B'))}°"


@register_seed
class ChordsAngle(CircleSeed):
    seed_id = "plane-chords-angle"

    def sample(self, rng):
        while True:
            x, y = int(rng.integers(15, 56)), int(rng.integers(15, 56))
            beta = int(rng.integers(70, 131))
            if 360 - 2 * x - 2 * y - beta >= 40:
                return {"x": x, "y": y, "beta": beta, "rot": float(rng.integers(0, 360)),
                        "ask": rng_choice(rng, ("AEB", "AED")), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"Chords AC and BD of the circle meet at E. What is the measure of angle "
                f"{p['ask']} in degrees?")

    def answer(self, p):  # exterior angle of triangle EBC: x + y
        s = p["x"] + p["y"]
        return float(s if p["ask"] == "AEB" else 180 - s)

    def diagram(self, p):
        t, x, y = p["rot"], p["x"], p["y"]
        A, B = polar(3, t), polar(3, t + 2 * x)
        C = polar(3, t + 2 * x + p["beta"])
        D = polar(3, t + 2 * x + p["beta"] + 2 * y)
        pts = sk_points({"O": (0, 0), "A": A, "B": B, "C": C, "D": D, "E": through(A, C, B, D)},
                        hidden=("O",))
        return SketchSpec(points=pts, circles=[SkCircle("O", 3)],
                          segments=[SkSegment("A", "C"), SkSegment("B", "D"),
                                    SkSegment("B", "C")],
                          angles=[SkAngle("A", "C", "B", f"{x}°"), SkAngle("D", "B", "C", f"{y}°")],
                          color=p["color"])

    def check(self, p):
        return round(angle(self.diagram(p), *p["ask"]), 6)


@register_seed
class SameArcAngle(CircleSeed, ShuffledCandidates):
    seed_id = "plane-same-arc-angle"
    answer_type = "multiple choice"

    def sample(self, rng):
        return {"x": _angle_x(rng), "rot": float(rng.integers(0, 360)),
                "uc": half_up(float(rng.uniform(0.15, 0.4)), 3),
                "ud": half_up(float(rng.uniform(0.6, 0.85)), 3), "same": bool(rng.random() < 0.5),
                "order": draw_order(rng), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("A, B, C and D lie on the circle. What is the measure of angle ADB?")

    def candidates(self, p):
        x = p["x"]
        right, other = (x, 180 - x) if p["same"] else (180 - x, x)
        return [f"{v}°" for v in (right, other, 2 * x, 90 - x)]

    def diagram(self, p):
        x, t = p["x"], p["rot"]
        major = 360 - 2 * x
        C = polar(3, t + 2 * x + major * p["uc"])
        D = (polar(3, t + 2 * x + major * p["ud"]) if p["same"]
             else polar(3, t + 2 * x * (0.3 + 0.4 * p["ud"])))
        pts = sk_points({"O": (0, 0), "A": polar(3, t), "B": polar(3, t + 2 * x), "C": C, "D": D},
                        hidden=("O",))
        return SketchSpec(points=pts, circles=[SkCircle("O", 3)],
                          segments=[SkSegment("A", "C"), SkSegment("B", "C"),
                                    SkSegment("A", "D"), SkSegment("B", "D")],
                          angles=[SkAngle("A", "C", "B", f"{x}°")], color=p["color"])

    def check(self, p):
        return f"{round(angle(self.diagram(p), 'A', 'D', 'B'))}°"


@register_seed
class CommonTangent(CircleSeed):
    seed_id = "plane-common-tangent"
    level = UNI
    # not pulleys and belts: a belt runs along the common tangents, and "the smaller one
    # turns n times per turn of the larger" gives a ratio of the radii
    clauses = ("The figure is drawn on page {m} of a geometry workbook.",
               "The drawing was finished at {n} o'clock.")

    def sample(self, rng):
        r1 = int(rng.integers(2, 7))
        r2 = int(rng.integers(1, 6))
        while r2 == r1:
            r2 = int(rng.integers(1, 6))
        return {"r1": r1, "r2": r2, "d": r1 + r2 + int(rng.integers(3, 10)),
                "inner": bool(rng.random() < 0.5), "rot": float(rng.integers(-40, 41)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        side = ("crosses the segment MN" if p["inner"] else "does not cross the segment MN")
        return (f"The circles have centres M and N. The line PQ touches the first circle at P "
                f"and the second at Q, and {side}. What is the length of PQ?" + ROUND)

    def answer(self, p):
        r = p["r1"] + p["r2"] if p["inner"] else p["r1"] - p["r2"]
        return r2(math.sqrt(p["d"] ** 2 - r * r))

    def diagram(self, p):
        r1, r2, d = p["r1"], p["r2"], p["d"]
        sgn = -1 if p["inner"] else 1
        # the unit normal n of the tangent: MP = r1 n, NQ = sgn r2 n, both perpendicular to PQ
        phi = math.degrees(math.acos((r1 - sgn * r2) / d))
        P, Q = polar(r1, phi), polar(sgn * r2, phi, (d, 0))
        pts = sk_points({"M": (0, 0), "N": (d, 0), "P": P, "Q": Q}, p["rot"])
        return SketchSpec(points=pts, circles=[SkCircle("M", r1), SkCircle("N", r2)],
                          segments=[SkSegment("M", "N", num(d), dash=True),
                                    SkSegment("M", "P", num(r1)), SkSegment("N", "Q", num(r2)),
                                    SkSegment("P", "Q", extend=0.12 * d)],
                          angles=[SkAngle("M", "P", "Q", right=True),
                                  SkAngle("N", "Q", "P", right=True)], color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "P", "Q"))
