"""DynaMath "plane geometry" seeds on triangle trigonometry, drawn as sketches: the law of
sines and of cosines, Heron's area, a median's length, the circumradius, the ambiguous case
(how many triangles fit two sides and an angle), side and area expressions in symbols, the
height of a tower from two angles of elevation, and the order of the angles from the sides.

Figures are to scale: triangles from their three sides or as the meeting point of two rays.
``answer`` applies the rule; ``check`` measures the drawn figure (lengths, angles, shoelace
area), or for the symbolic questions evaluates every option with the drawn values.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_s6.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order, \
    register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC, path_integrals
from engines.dynamath.seeds.plane_geometry.sketching import (angle, arc_names, chain, circumcentre,
                                                             intersect, length, num, polar,
                                                             shoelace, sk_points)
from renderers.sketch.spec import SkAngle, SkCircle, SketchSpec, SkSegment, points_of
from renderers.spec import rng_choice
from renderers.text import r2

HIGH, UNI = "high school", "undergraduate"
COLORS = ("blue", "green", "purple", "orange")
ROUND = " Round to two decimal places."
# not "cut from a sheet of card 10 cm wide": a triangle of sides up to 15 may not fit in it
CLAUSES = ("The triangle is a plot of land that was sold {n} years ago.",
           "The triangle is drawn on page {m} of a notebook.",
           "The perimeter of the triangle is not needed here.")


def sss(a: float, b: float, c: float) -> dict[str, tuple[float, float]]:
    """Triangle ABC with BC = a, CA = b, AB = c: B at the origin, C on the x axis."""
    x = (a * a + c * c - b * b) / (2 * a)
    return {"A": (x, math.sqrt(c * c - x * x)), "B": (0.0, 0.0), "C": (float(a), 0.0)}


def scalene_sides(rng, lo: int = 4, hi: int = 15, gap: int = 1) -> list[int]:
    """Three integer sides of a proper triangle (no angle under 20 degrees), pairwise at
    least ``gap`` apart."""
    while True:
        s = sorted(int(v) for v in rng.integers(lo, hi + 1, size=3))
        if s[0] + s[1] > s[2] + 1 and min(s[1] - s[0], s[2] - s[1]) >= gap:
            a, b, c = (int(v) for v in rng.permutation(s))
            P = sss(a, b, c)
            angs = [angle_at(P, v) for v in "ABC"]
            if min(angs) >= 20:
                return [a, b, c]


def angle_at(P, v: str) -> float:
    o = [k for k in "ABC" if k != v]
    (ax, ay), (vx, vy), (bx, by) = P[o[0]], P[v], P[o[1]]
    return math.degrees(abs(math.atan2((ax - vx) * (by - vy) - (ay - vy) * (bx - vx),
                                       (ax - vx) * (bx - vx) + (ay - vy) * (by - vy))))


def _corner(v: str) -> tuple[str, str, str]:
    o = [k for k in "ABC" if k != v]
    return o[0], v, o[1]


class TrigSeed(SeedQuestion):
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = CLAUSES


@register_seed
class LawOfSines(TrigSeed):
    seed_id = "plane-law-of-sines"

    def sample(self, rng):
        while True:
            A, B = int(rng.integers(30, 111)), int(rng.integers(25, 81))
            if 180 - A - B >= 20:
                return {"A": A, "B": B, "a": int(rng.integers(5, 16)),
                        "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "What is the length of side AC of triangle ABC?" + ROUND

    def answer(self, p):
        return r2(p["a"] * math.sin(math.radians(p["B"])) / math.sin(math.radians(p["A"])))

    def diagram(self, p):
        a, C = p["a"], 180 - p["A"] - p["B"]
        A = intersect((0, 0), polar(1, p["B"]), (a, 0), polar(1, 180 - C))
        pts = sk_points({"A": A, "B": (0, 0), "C": (a, 0)}, p["rot"])
        return SketchSpec(points=pts, segments=[SkSegment("B", "C", num(a)), SkSegment("A", "B"),
                                                SkSegment("A", "C")],
                          angles=[SkAngle("B", "A", "C", f"{p['A']}°"),
                                  SkAngle("A", "B", "C", f"{p['B']}°")], color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "A", "C"))


@register_seed
class CosineAngle(TrigSeed):
    seed_id = "plane-cosine-angle"

    def sample(self, rng):
        return {"sides": scalene_sides(rng, 3, 14), "ask": rng_choice(rng, ("A", "B", "C")),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"What is the measure of angle {p['ask']} of triangle ABC, in degrees?" + ROUND)

    def answer(self, p):
        a, b, c = p["sides"]
        opp = dict(zip("ABC", (a, b, c)))
        x = opp.pop(p["ask"])
        y, z = opp.values()
        return r2(math.degrees(math.acos((y * y + z * z - x * x) / (2 * y * z))))

    def diagram(self, p):
        a, b, c = p["sides"]
        pts = sk_points(sss(a, b, c), p["rot"])
        return SketchSpec(points=pts, segments=[SkSegment("B", "C", num(a)),
                                                SkSegment("C", "A", num(b)),
                                                SkSegment("A", "B", num(c))],
                          angles=[SkAngle(*_corner(p["ask"]), "?")], color=p["color"])

    def check(self, p):
        return r2(angle(self.diagram(p), *_corner(p["ask"])))


@register_seed
class HeronArea(TrigSeed):
    seed_id = "plane-heron-area"
    # Heron's formula takes the half-perimeter: "the perimeter is not needed" misleads here
    clauses = CLAUSES[:2] + ("The triangle is one of {n} plots on the same street.",)

    def sample(self, rng):
        return {"sides": scalene_sides(rng, 3, 15), "rot": float(rng.integers(0, 360)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "What is the area of triangle ABC?" + ROUND

    def answer(self, p):
        a, b, c = p["sides"]
        s = (a + b + c) / 2
        return r2(math.sqrt(s * (s - a) * (s - b) * (s - c)))

    def diagram(self, p):
        a, b, c = p["sides"]
        return SketchSpec(points=sk_points(sss(a, b, c), p["rot"]),
                          segments=[SkSegment("B", "C", num(a)), SkSegment("C", "A", num(b)),
                                    SkSegment("A", "B", num(c))], fills=[["A", "B", "C"]],
                          color=p["color"])

    def check(self, p):
        return r2(shoelace(self.diagram(p), "ABC"))


@register_seed
class MedianLength(TrigSeed):
    seed_id = "plane-median-length"

    def sample(self, rng):
        return {"sides": scalene_sides(rng, 4, 14), "rot": float(rng.integers(0, 360)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "M is the midpoint of BC. What is the length of the median AM?" + ROUND

    def answer(self, p):  # Apollonius: AB^2 + AC^2 = 2 AM^2 + BC^2 / 2
        a, b, c = p["sides"]
        return r2(math.sqrt(2 * b * b + 2 * c * c - a * a) / 2)

    def diagram(self, p):
        a, b, c = p["sides"]
        P = sss(a, b, c)
        P["M"] = (a / 2, 0.0)
        # the halves of BC are written apart: one length at the midpoint would sit on M
        return SketchSpec(points=sk_points(P, p["rot"]),
                          segments=[SkSegment("B", "M", num(a / 2)), SkSegment("M", "C", num(a / 2)),
                                    SkSegment("C", "A", num(b)), SkSegment("A", "B", num(c)),
                                    SkSegment("A", "M", dash=True)],
                          color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "A", "M"))


@register_seed
class Circumradius(TrigSeed):
    seed_id = "plane-circumradius"
    clauses = ("The circle is a round table top with {n} legs.",
               "The lengths of AB and AC are not needed here.")

    def sample(self, rng):
        while True:
            A, B = int(rng.integers(25, 131)), int(rng.integers(20, 91))
            if 180 - A - B >= 20:
                return {"A": A, "B": B, "a": int(rng.integers(4, 16)),
                        "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The circle passes through A, B and C. What is the radius of the circle?"
                + ROUND)

    def answer(self, p):  # extended law of sines: a / sin A = 2R
        return r2(p["a"] / (2 * math.sin(math.radians(p["A"]))))

    def diagram(self, p):
        a, C = p["a"], 180 - p["A"] - p["B"]
        A = intersect((0, 0), polar(1, p["B"]), (a, 0), polar(1, 180 - C))
        O = circumcentre(A, (0, 0), (a, 0))
        pts = sk_points({"A": A, "B": (0, 0), "C": (a, 0), "O": O}, p["rot"], hidden=("O",))
        return SketchSpec(points=pts, circles=[SkCircle("O", math.dist(O, A))],
                          segments=[SkSegment("B", "C", num(a)), SkSegment("A", "B"),
                                    SkSegment("A", "C")],
                          angles=[SkAngle("B", "A", "C", f"{p['A']}°")], color=p["color"])

    def check(self, p):  # R = abc / (4 area), sides and area measured
        s = self.diagram(p)
        abc = length(s, "B", "C") * length(s, "C", "A") * length(s, "A", "B")
        return r2(abc / (4 * shoelace(s, "ABC")))


SSA_OPTIONS = ["0", "1", "2", "infinitely many"]


@register_seed
class AmbiguousCase(TrigSeed):
    seed_id = "plane-ambiguous-case"
    answer_type = "multiple choice"
    kinds = ("numerical value", "geometric transformation")
    clauses = ()

    def sample(self, rng):
        case = rng_choice(rng, ("none", "right", "two", "one"))
        if case == "right":  # sin 30 = 1/2 exactly
            A, b = 30, 2 * int(rng.integers(3, 8))
            return {"A": A, "b": b, "a": b // 2, "rot": float(rng.integers(-30, 31)),
                    "color": rng_choice(rng, COLORS)}
        while True:
            A, b = int(rng.integers(25, 66)), int(rng.integers(6, 15))
            h = b * math.sin(math.radians(A))
            lo, hi = {"none": (2, h - 0.4), "two": (h + 0.4, b - 0.4),
                      "one": (b, b + 6)}[case]
            ok = [v for v in range(2, 22) if lo <= v <= hi]
            if ok:
                return {"A": A, "b": b, "a": int(rng_choice(rng, ok)),
                        "rot": float(rng.integers(-30, 31)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"Angle A and side AC of triangle ABC are drawn; B lies on the drawn ray from A, "
                f"and BC = {p['a']}. How many different triangles ABC are possible?")

    def options(self, p):
        return list(SSA_OPTIONS)

    def answer(self, p):
        A, a, b = math.radians(p["A"]), p["a"], p["b"]
        h = b * math.sin(A)
        if a < b * math.sin(A) - 1e-9:
            return "0"
        if abs(a - h) < 1e-9 or a >= b:
            return "1"
        return "2"

    def diagram(self, p):
        b = p["b"]
        C = polar(b, p["A"])
        ray = max(b, p["a"]) * 1.6
        pts = sk_points({"A": (0, 0), "C": C, "X": (ray, 0)}, p["rot"], hidden=("X",))
        return SketchSpec(points=pts, segments=[SkSegment("A", "C", num(b)), SkSegment("A", "X")],
                          angles=[SkAngle("X", "A", "C", f"{p['A']}°")], color=p["color"])

    def check(self, p):  # the points of the ray at distance a from C, read off the figure
        P = points_of(self.diagram(p))
        A, C, X = P["A"], P["C"], P["X"]
        ux, uy = (X[0] - A[0]) / math.dist(A, X), (X[1] - A[1]) / math.dist(A, X)
        # |A + t u - C|^2 = a^2: t^2 - 2 t u.(C - A) + |C - A|^2 - a^2 = 0
        k = ux * (C[0] - A[0]) + uy * (C[1] - A[1])
        disc = k * k - math.dist(A, C) ** 2 + p["a"] ** 2
        if disc < -1e-7:
            return "0"
        roots = {k} if disc < 1e-7 else {k + s * math.sqrt(disc) for s in (1, -1)}
        return str(sum(1 for t in roots if t > 1e-7))


SYM = {"a sin θ": lambda a, t: a * math.sin(t), "a cos θ": lambda a, t: a * math.cos(t),
       "a tan θ": lambda a, t: a * math.tan(t), "a / sin θ": lambda a, t: a / math.sin(t),
       "a / cos θ": lambda a, t: a / math.cos(t), "a / tan θ": lambda a, t: a / math.tan(t)}
# (known side, asked side) -> the right expression; A has the angle θ, C the right angle
SYM_RIGHT = {("AB", "BC"): "a sin θ", ("AB", "AC"): "a cos θ", ("AC", "BC"): "a tan θ",
             ("AC", "AB"): "a / cos θ", ("BC", "AC"): "a / tan θ", ("BC", "AB"): "a / sin θ"}


@register_seed
class SymbolicSide(TrigSeed, ShuffledCandidates):
    seed_id = "plane-symbolic-side"
    answer_type = "multiple choice"
    kinds = ("symbolic substitution", "geometric transformation")
    clauses = ()

    def sample(self, rng):
        known, ask = rng_choice(rng, tuple(SYM_RIGHT))
        t = int(rng_choice(rng, tuple(range(24, 39)) + tuple(range(52, 67))))
        right = SYM_RIGHT[(known, ask)]
        v = SYM[right](1.0, math.radians(t))
        # distractors whose value at the drawn angle is at least 8% away from the answer
        far = [e for e in SYM if e != right and abs(SYM[e](1.0, math.radians(t)) - v) > 0.08 * v]
        pick = [far[i] for i in rng.permutation(len(far))[:3]]
        return {"known": known, "ask": ask, "t": t, "others": pick, "order": draw_order(rng),
                "size": int(rng.integers(5, 11)), "rot": float(rng.integers(-25, 26)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        # the right angle, θ and the side called a are marked on the figure only
        return (f"In the right triangle ABC drawn, the marked angle is θ and the side labelled "
                f"a has length a. Which expression equals {p['ask']}?")

    def candidates(self, p):
        return [SYM_RIGHT[(p["known"], p["ask"])]] + list(p["others"])

    def diagram(self, p):
        t, c = math.radians(p["t"]), p["size"]
        pts = sk_points({"A": (0, 0), "B": (c * math.cos(t), c * math.sin(t)),
                         "C": (c * math.cos(t), 0)}, p["rot"])
        return SketchSpec(points=pts, segments=[
            SkSegment(k[0], k[1], "a" if k == p["known"] else "") for k in ("AB", "BC", "AC")],
            angles=[SkAngle("C", "A", "B", "θ"), SkAngle("A", "C", "B", right=True)],
            color=p["color"])

    def check(self, p):
        s = self.diagram(p)
        a, t = length(s, *p["known"]), math.radians(angle(s, "C", "A", "B"))
        want = length(s, *p["ask"])
        return min(self.options(p), key=lambda e: abs(SYM[e](a, t) - want))


AREA_EXPR = {"½ab sin θ": lambda a, b, t: a * b * math.sin(t) / 2,
             "ab sin θ": lambda a, b, t: a * b * math.sin(t),
             "½ab cos θ": lambda a, b, t: a * b * math.cos(t) / 2,
             "ab cos θ": lambda a, b, t: a * b * math.cos(t),
             "½a²θ": lambda a, b, t: a * a * t / 2,
             "½a² sin θ": lambda a, b, t: a * a * math.sin(t) / 2,
             "a²θ": lambda a, b, t: a * a * t,
             "a² sin θ": lambda a, b, t: a * a * math.sin(t),
             "aθ": lambda a, b, t: a * t}
AREA_RIGHT = {"triangle": "½ab sin θ", "parallelogram": "ab sin θ", "sector": "½a²θ"}


@register_seed
class SymbolicArea(TrigSeed, ShuffledCandidates):
    seed_id = "plane-symbolic-area"
    answer_type = "multiple choice"
    kinds = ("symbolic substitution", "geometric transformation")
    clauses = ()

    def sample(self, rng):
        shape = rng_choice(rng, tuple(AREA_RIGHT))
        t = int(rng_choice(rng, tuple(range(35, 80)) + tuple(range(100, 140))))
        a = int(rng.integers(4, 9))
        b = a + int(rng_choice(rng, (-3, -2, 2, 3, 4)))
        right = AREA_RIGHT[shape]
        v = AREA_EXPR[right](a, b, math.radians(t))
        far = [e for e in AREA_EXPR if e != right and not (shape == "sector" and "b" in e)
               and abs(AREA_EXPR[e](a, b, math.radians(t)) - v) > 0.1 * v]
        pick = [far[i] for i in rng.permutation(len(far))[:3]]
        return {"shape": shape, "t": t, "a": a, "b": b, "others": pick, "order": draw_order(rng),
                "rot": float(rng.integers(-30, 31)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        # the shape (triangle, parallelogram or sector) is only drawn
        return ("The figure labels its lengths with letters and the angle θ (in radians). "
                "Which expression gives the area of the shaded figure?")

    def candidates(self, p):
        return [AREA_RIGHT[p["shape"]]] + list(p["others"])

    def diagram(self, p):
        a, b, t = p["a"], p["b"], p["t"]
        if p["shape"] == "sector":
            arc = arc_names("s", (0, 0), a, 0, t, 4.0)
            pts = sk_points({"O": (0, 0), "A": (a, 0), "B": polar(a, t), **arc}, p["rot"],
                            hidden=tuple(arc))
            return SketchSpec(points=pts, fills=[["O"] + list(arc)],
                              segments=[SkSegment("O", "A", "a"), SkSegment("O", "B")]
                              + chain(list(arc)),
                              angles=[SkAngle("A", "O", "B", "θ")], color=p["color"])
        P = {"A": (0, 0), "B": (a, 0), "D": polar(b, t)}
        names = "ABD"
        if p["shape"] == "parallelogram":
            P["C"] = (a + P["D"][0], P["D"][1])
            names = "ABCD"
        ring = list(names)
        segs = [SkSegment(x, y, {"AB": "a", "DA": "b"}.get(x + y, ""))
                for x, y in zip(ring, ring[1:] + ring[:1])]
        if p["shape"] == "triangle":  # triangle ABC: its third corner is called C
            P["C"] = P.pop("D")
            segs = [SkSegment("A", "B", "a"), SkSegment("B", "C"), SkSegment("C", "A", "b")]
            ring = ["A", "B", "C"]
        return SketchSpec(points=sk_points(P, p["rot"]), segments=segs, fills=[ring],
                          angles=[SkAngle("B", "A", ring[-1], "θ")], color=p["color"])

    def check(self, p):
        s = self.diagram(p)
        P = points_of(s)
        if p["shape"] == "sector":
            a, t = length(s, "O", "A"), angle(s, "A", "O", "B")
            a0 = math.degrees(math.atan2(P["A"][1] - P["O"][1], P["A"][0] - P["O"][0]))
            area = path_integrals([("seg", P["O"], P["A"]), ("arc", P["O"], a, a0, a0 + t),
                                   ("seg", P["B"], P["O"])])[0]
            b = a
        else:
            ring = s.fills[0]
            a, b = length(s, "A", "B"), length(s, "A", ring[-1])
            t, area = angle(s, "B", "A", ring[-1]), shoelace(s, ring)
        return min(self.options(p),
                   key=lambda e: abs(AREA_EXPR[e](a, b, math.radians(t)) - area))


HEIGHT_CONTEXTS = ("tower", "tree", "lighthouse", "flagpole")


@register_seed
class TwoAngleHeight(TrigSeed):
    seed_id = "plane-two-angle-height"
    kinds = ("real-life context", "numerical value", IRRELEVANT)
    # not how far the observers stand from something: that reads as the distance PQ
    clauses = ("The observers wrote their readings in a notebook of {m} pages.",
               "The observation was made at {n} o'clock.")

    def sample(self, rng):
        while True:
            al, be = int(rng.integers(18, 50)), int(rng.integers(35, 76))
            if be - al >= 10:
                return {"alpha": al, "beta": be, "d": int(rng.integers(10, 61)),
                        "what": rng_choice(rng, HEIGHT_CONTEXTS), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"From P and from Q, on level ground in line with the foot F of a {p['what']}, "
                f"the angles of elevation of its top T are as marked. How tall is the "
                f"{p['what']} (the length of FT), in metres?" + ROUND)

    def answer(self, p):
        cot = lambda x: 1 / math.tan(math.radians(x))  # noqa: E731
        return r2(p["d"] / (cot(p["alpha"]) - cot(p["beta"])))

    def diagram(self, p):
        d = p["d"]
        T = intersect((0, 0), polar(1, p["alpha"]), (d, 0), polar(1, p["beta"]))
        F = (T[0], 0.0)
        pts = sk_points({"P": (0, 0), "Q": (d, 0), "F": F, "T": T})
        return SketchSpec(points=pts, segments=[SkSegment("P", "Q", f"{d} m"), SkSegment("Q", "F"),
                                                SkSegment("F", "T"), SkSegment("P", "T", dash=True),
                                                SkSegment("Q", "T", dash=True)],
                          angles=[SkAngle("F", "P", "T", f"{p['alpha']}°"),
                                  SkAngle("F", "Q", "T", f"{p['beta']}°"),
                                  SkAngle("P", "F", "T", right=True)], color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "F", "T"))


@register_seed
class AngleOrder(TrigSeed, ShuffledCandidates):
    seed_id = "plane-angle-order"
    level, answer_type = HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", "geometric transformation")
    clauses = ()
    PERMS = ("ABC", "ACB", "BAC", "BCA", "CAB", "CBA")

    def sample(self, rng):
        sides = scalene_sides(rng, 4, 15, gap=2)
        right = "".join(sorted("ABC", key=lambda v: -sides["ABC".index(v)]))
        others = [q for q in self.PERMS if q != right]
        pick = [others[i] for i in rng.permutation(len(others))[:3]]
        return {"sides": sides, "others": pick, "order": draw_order(rng),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    @staticmethod
    def _text(q: str) -> str:
        return f"∠{q[0]} > ∠{q[1]} > ∠{q[2]}"

    def question(self, p):
        return "Which statement about the angles of triangle ABC is true?"

    def candidates(self, p):
        right = "".join(sorted("ABC", key=lambda v: -p["sides"]["ABC".index(v)]))
        return [self._text(right)] + [self._text(q) for q in p["others"]]

    def diagram(self, p):
        a, b, c = p["sides"]
        return SketchSpec(points=sk_points(sss(a, b, c), p["rot"]),
                          segments=[SkSegment("B", "C", num(a)), SkSegment("C", "A", num(b)),
                                    SkSegment("A", "B", num(c))], color=p["color"])

    def check(self, p):
        s = self.diagram(p)
        angs = {v: angle(s, *_corner(v)) for v in "ABC"}
        return self._text("".join(sorted("ABC", key=lambda v: -angs[v])))
