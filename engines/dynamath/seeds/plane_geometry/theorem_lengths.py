"""DynaMath "plane geometry" seeds whose length follows from a named theorem: a diagonal of a
cyclic quadrilateral from its four sides (Ptolemy and the diagonal ratio), the fourth side of
a quadrilateral drawn round a circle (Pitot), a cevian's piece from the other five (Ceva); and
which listed triangle is similar to a drawn one (side ratios).

The answer is computed from the written values by the theorem; each ``check`` works from the
drawn sketch another way (the circle's radius found by bisection so the four chords' central
angles close up, the asked side measured, the third cevian's foot found by intersecting lines,
the options' side ratios against the measured ones).

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_pg.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import SeedQuestion, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC
from engines.dynamath.seeds.plane_geometry.sketching import (circumcentre, length, polar, sk_points,
                                                             through)
from renderers.sketch.spec import SkCircle, SketchSpec, SkSegment
from renderers.spec import rng_choice
from renderers.text import half_up, r2

COLORS = ("blue", "green", "purple", "orange")
HS, UNI = "high school", "undergraduate"


def _apex(base: float, s0: float, s1: float) -> tuple[float, float]:
    """The vertex over (0, 0)-(base, 0) at distance s0 from the first end and s1 from the
    second."""
    x = (base * base + s0 * s0 - s1 * s1) / (2 * base)
    return (x, math.sqrt(max(s0 * s0 - x * x, 0.0)))


def _bisect(f, lo: float, hi: float) -> float:
    """The root of f (a sign change on [lo, hi]); written out as scipy is not installed."""
    flo = f(lo)
    for _ in range(200):
        mid = (lo + hi) / 2
        if (f(mid) > 0) == (flo > 0):
            lo, flo = mid, f(mid)
        else:
            hi = mid
    return (lo + hi) / 2


# ----------------------------------------------------------------------------- Ptolemy


def _ptolemy_diag(a, b, c, d) -> float:
    """AC of cyclic ABCD with AB = a, BC = b, CD = c, DA = d."""
    return math.sqrt((a * c + b * d) * (a * d + b * c) / (a * b + c * d))


@register_seed
class CyclicDiagonal(SeedQuestion):
    seed_id = "plane-cyclic-diagonal"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", "irrelevant clause")
    clauses = ("Diagonal BD is not drawn.",
               "The circle is the hoop of a garden arch built {n} years ago.")

    def sample(self, rng):
        while True:
            s = [int(x) for x in rng.integers(3, 10, size=4)]
            if 2 * max(s) >= sum(s) or len(set(s)) < 3:
                continue
            a, b, c, d = s
            p = _ptolemy_diag(a, b, c, d)
            q = math.sqrt((a * c + b * d) * (a * b + c * d) / (a * d + b * c))
            cb = (a * a + b * b - p * p) / (2 * a * b)
            ca = (a * a + d * d - q * q) / (2 * a * d)
            if abs(cb) < 0.6 and abs(ca) < 0.6:  # angles 53-127 degrees: a clear shape
                V = self._coords(s)
                O = circumcentre(V["A"], V["B"], V["C"])
                if self._inside(V, O):
                    return {"s": s, "rot": float(rng.integers(0, 360)),
                            "color": rng_choice(rng, COLORS)}

    @staticmethod
    def _inside(V, O) -> bool:
        ring = [V[n] for n in "ABCD"]
        cr = [(q[0] - O[0]) * (r[1] - O[1]) - (q[1] - O[1]) * (r[0] - O[0])
              for q, r in zip(ring, ring[1:] + ring[:1])]
        return all(x > 0.5 for x in cr) or all(x < -0.5 for x in cr)

    def _coords(self, s):
        a, b, c, d = s
        p = _ptolemy_diag(a, b, c, d)
        A, C = (0.0, 0.0), (p, 0.0)
        B = _apex(p, a, b)
        D = _apex(p, d, c)
        return {"A": A, "B": B, "C": C, "D": (D[0], -D[1])}

    def question(self, p):
        return ("Quadrilateral ABCD is inscribed in the circle, with the side lengths shown. "
                "How long is diagonal AC? Round to two decimal places.")

    def answer(self, p):
        return r2(_ptolemy_diag(*p["s"]))

    def diagram(self, p):
        V = self._coords(p["s"])
        O = circumcentre(V["A"], V["B"], V["C"])
        R = math.dist(O, V["A"])
        V["O"] = O
        segs = [SkSegment(x, y, str(v)) for (x, y), v in
                zip((("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")), p["s"])]
        segs.append(SkSegment("A", "C", "?", dash=True))
        return SketchSpec(points=sk_points(V, p["rot"], hidden=("O",)), segments=segs,
                          circles=[SkCircle("O", R)], color=p["color"])

    def check(self, p):
        spec = self.diagram(p)
        s = [float(x.label) for x in spec.segments if x.label not in ("", "?")]

        def gap(R):  # the four chords' central angles less a full turn
            return sum(2 * math.asin(min(x / (2 * R), 1.0)) for x in s) - 2 * math.pi

        R = _bisect(gap, max(s) / 2, 100 * max(s))
        return r2(2 * R * math.sin(math.asin(s[0] / (2 * R)) + math.asin(s[1] / (2 * R))))


# ----------------------------------------------------------------------------- Pitot


@register_seed
class TangentialSide(SeedQuestion):
    seed_id = "plane-tangential-side"
    topic, level, answer_type = TOPIC, HS, "float"
    kinds = ("numerical value", "geometric transformation", "irrelevant clause")
    clauses = ("The circle is a coaster on a table that seats {n} people.",
               "The quadrilateral is one of {n} tiles of a mosaic.")

    def sample(self, rng):
        while True:
            t = [int(x) for x in rng.integers(2, 9, size=4)]
            r = self._radius(t)
            half = [math.degrees(math.atan(r / x)) for x in t]
            if all(30 <= h <= 64 for h in half):  # corners of 60-128 degrees
                return {"t": t, "ask": int(rng.integers(4)), "rot": float(rng.integers(0, 360)),
                        "color": rng_choice(rng, COLORS)}

    @staticmethod
    def _radius(t) -> float:
        """r with the four half angles atan(r / t_i) summing to 180 degrees."""
        return _bisect(lambda r: sum(math.atan(r / x) for x in t) - math.pi, 1e-6,
                       100.0 * max(t))

    SIDES = ("AB", "BC", "CD", "DA")

    def question(self, p):
        return (f"The circle touches all four sides of quadrilateral ABCD. With the lengths "
                f"shown, how long is {self.SIDES[p['ask']]}?")

    def _lengths(self, p) -> list[int]:
        t = p["t"]
        return [t[i] + t[(i + 1) % 4] for i in range(4)]

    def answer(self, p):
        s, k = self._lengths(p), p["ask"]
        return float(s[(k + 1) % 4] + s[(k + 3) % 4] - s[(k + 2) % 4])

    def diagram(self, p):
        t, r = p["t"], self._radius(p["t"])
        V = {"O": (0.0, 0.0)}
        touch = 90.0  # the touch point on AB; going clockwise round the circle
        for i, n in enumerate("BCDA"):  # vertex B lies between the touch points of AB, BC
            alpha = 2 * math.degrees(math.atan(r / t[(i + 1) % 4]))
            mid = touch - (180 - alpha) / 2
            V[n] = polar(math.hypot(r, t[(i + 1) % 4]), mid)
            touch -= 180 - alpha
        segs = [SkSegment(x[0], x[1], "?" if i == p["ask"] else str(v))
                for i, (x, v) in enumerate(zip(self.SIDES, self._lengths(p)))]
        return SketchSpec(points=sk_points(V, p["rot"], hidden=("O",)), segments=segs,
                          circles=[SkCircle("O", r)], color=p["color"])

    def check(self, p):
        spec = self.diagram(p)
        x = self.SIDES[p["ask"]]
        return length(spec, x[0], x[1])


# ----------------------------------------------------------------------------- Ceva


@register_seed
class CevaPiece(SeedQuestion):
    seed_id = "plane-ceva-piece"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", "irrelevant clause")
    clauses = ("The triangle is one of {n} pieces of a puzzle.",
               "The triangle is cut from one of {m} sheets of card in a pack.")

    def sample(self, rng):
        while True:
            u, v, w = (int(x) for x in rng.integers(1, 6, size=3))
            k = [int(x) for x in rng.integers(1, 4, size=3)]
            a, b, c = k[0] * (v + w), k[1] * (w + u), k[2] * (u + v)
            if len({u, v, w}) < 2 or 2 * max(a, b, c) >= a + b + c - 2:
                continue
            A = _apex(a, c, b)
            if A[1] > 0.45 * max(a, b, c):
                return {"u": u, "v": v, "w": w, "k": k, "rot": float(rng.integers(-20, 21)),
                        "color": rng_choice(rng, COLORS)}

    def _given(self, p):
        u, v, w, (k1, k2, k3) = p["u"], p["v"], p["w"], p["k"]
        return {"BD": k1 * w, "DC": k1 * v, "CE": k2 * u, "EA": k2 * w, "FB": k3 * u}

    def question(self, p):
        return ("D, E, F lie on the sides of triangle ABC and AD, BE, CF meet at P. With the "
                "lengths shown, how long is AF?")

    def answer(self, p):
        g = self._given(p)  # Ceva: AF / FB * BD / DC * CE / EA = 1
        return g["FB"] * g["DC"] * g["EA"] / (g["BD"] * g["CE"])

    def diagram(self, p):
        g = self._given(p)
        a, b = g["BD"] + g["DC"], g["CE"] + g["EA"]
        c = g["FB"] + self.answer(p)
        B, C = (0.0, 0.0), (float(a), 0.0)
        A = _apex(a, c, b)
        D = (g["BD"], 0.0)
        E = (C[0] + (A[0] - C[0]) * g["CE"] / b, C[1] + (A[1] - C[1]) * g["CE"] / b)
        P = through(A, D, B, E)
        F = through(C, P, A, B)  # the third cevian's foot, found from the drawing
        V = {"A": A, "B": B, "C": C, "D": D, "E": E, "F": F, "P": P}
        segs = [SkSegment("B", "D", str(g["BD"])), SkSegment("D", "C", str(g["DC"])),
                SkSegment("C", "E", str(g["CE"])), SkSegment("E", "A", str(g["EA"])),
                SkSegment("A", "F", "?"), SkSegment("F", "B", str(g["FB"])),
                SkSegment("A", "D", dash=True), SkSegment("B", "E", dash=True),
                SkSegment("C", "F", dash=True)]
        return SketchSpec(points=sk_points(V, p["rot"]), segments=segs, color=p["color"])

    def check(self, p):
        return length(self.diagram(p), "A", "F")


# ----------------------------------------------------------------------------- similar


def _fmt(x: float) -> str:
    return f"{half_up(x, 2):g}"


@register_seed
class SimilarListed(ShuffledCandidates):
    seed_id = "plane-similar-listed"
    topic, level, answer_type = TOPIC, HS, "multiple choice"
    kinds = ("numerical value", "geometric transformation", "irrelevant clause")
    clauses = ("The triangle's perimeter is measured in centimetres.",
               "Triangle ABC is drawn with a pen bought {n} days ago.")

    def sample(self, rng):
        while True:
            s = sorted(int(x) for x in rng.integers(3, 11, size=3))
            if s[0] + s[1] > s[2] + 1 and len(set(s)) == 3:
                break
        k = float(rng_choice(rng, (0.5, 1.5, 2.0, 2.5, 3.0)))
        j = int(rng.integers(3))
        return {"s": s, "k": k, "j": j, "add": int(rng.integers(1, 4)),
                "perm": [int(i) for i in rng.permutation(3)], "order": draw_order(rng),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "Which triangle, given by its three side lengths, is similar to triangle ABC?"

    def candidates(self, p):
        s, k, j, m = p["s"], p["k"], p["j"], p["add"]
        right = [k * x for x in s]
        off = [k * (x + (1 if i == j else 0)) for i, x in enumerate(s)]  # one side off
        off2 = [k * (x + (1 if i == (j + 1) % 3 else 0)) for i, x in enumerate(s)]
        plus = [x + m for x in s]  # the same added to each side: not a scaling
        out = []
        for t in (right, off, off2, plus):
            t = [t[i] for i in p["perm"]]
            out.append(", ".join(_fmt(x) for x in t))
        return out

    def diagram(self, p):
        a, b, c = p["s"]
        V = {"B": (0.0, 0.0), "C": (float(a), 0.0), "A": _apex(a, c, b)}
        segs = [SkSegment("B", "C", str(a)), SkSegment("C", "A", str(b)),
                SkSegment("A", "B", str(c))]
        return SketchSpec(points=sk_points(V, p["rot"]), segments=segs, color=p["color"])

    def check(self, p):
        spec = self.diagram(p)
        mine = sorted(length(spec, *x) for x in (("B", "C"), ("C", "A"), ("A", "B")))
        good = []
        for opt in self.options(p):
            t = sorted(float(x) for x in opt.split(", "))
            r = [t[i] / mine[i] for i in range(3)]
            if max(r) - min(r) < 1e-6:
                good.append(opt)
        return good[0] if len(good) == 1 else None
