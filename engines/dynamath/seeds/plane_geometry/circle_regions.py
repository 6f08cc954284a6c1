"""DynaMath "plane geometry" seeds on regions bounded by arcs, drawn as sketches: a circular
segment, a sector of an annulus, the length of an arc from an inscribed angle, a square with
quarter circles at its corners, and a circle with an inscribed regular polygon.

Arcs that are not full circles are drawn as polylines of hidden points, which also bound the
shaded fill. ``answer`` uses the area formulas (sector minus triangle, difference of squares,
quarter discs); ``check`` reads the radii and angles off the drawn points and integrates the
region's boundary (Green's theorem with Gauss-Legendre quadrature, measure.path_integrals).

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_s6.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC, path_integrals
from engines.dynamath.seeds.plane_geometry.sketching import arc_names, chain, num, polar, sk_points
from renderers.sketch.spec import SkAngle, SkCircle, SketchSpec, SkSegment, points_of
from renderers.spec import rng_choice
from renderers.text import half_up, r2

HIGH, UNI = "high school", "undergraduate"
COLORS = ("blue", "green", "purple", "orange")
ROUND = " Round to two decimal places."
CLAUSES = ("The shaded part is painted with {n} coats of paint.",
           "The whole figure took {n} minutes to draw.",
           "The unshaded part of the figure is left white.")


def _deg_of(P, c: str, q: str) -> float:
    return math.degrees(math.atan2(P[q][1] - P[c][1], P[q][0] - P[c][0]))


def _ccw(a0: float, a1: float) -> float:
    """a1 as an angle at most 360 degrees counter-clockwise from a0."""
    return a0 + (a1 - a0) % 360


class RegionSeed(SeedQuestion):
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = CLAUSES


@register_seed
class SegmentArea(RegionSeed):
    seed_id = "plane-segment-area"
    level = UNI

    def sample(self, rng):
        return {"r": int(rng.integers(3, 13)), "theta": int(rng.integers(8, 35)) * 5,
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("O is the centre of the circle. What is the area of the shaded region between "
                "the chord AB and the arc AB?" + ROUND)

    def answer(self, p):  # sector minus triangle
        r, t = p["r"], math.radians(p["theta"])
        return r2(r * r / 2 * (t - math.sin(t)))

    def diagram(self, p):
        r, t0 = p["r"], p["rot"]
        arc = arc_names("s", (0, 0), r, t0, t0 + p["theta"], 4.0)
        pts = sk_points({"O": (0, 0), "A": polar(r, t0), "B": polar(r, t0 + p["theta"]), **arc},
                        hidden=tuple(arc))
        return SketchSpec(points=pts, circles=[SkCircle("O", r)], fills=[list(arc)],
                          segments=[SkSegment("O", "A", num(r)), SkSegment("O", "B"),
                                    SkSegment("A", "B")],
                          angles=[SkAngle("A", "O", "B", f"{p['theta']}°")], color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        r = math.dist(P["O"], P["A"])
        a0 = _deg_of(P, "O", "A")
        a1 = _ccw(a0, _deg_of(P, "O", "B"))
        return r2(path_integrals([("arc", P["O"], r, a0, a1), ("seg", P["B"], P["A"])])[0])


@register_seed
class AnnulusSectorArea(RegionSeed):
    seed_id = "plane-annulus-sector-area"

    def sample(self, rng):
        return {"r": int(rng.integers(2, 9)), "w": int(rng.integers(2, 7)),
                "theta": int(rng_choice(rng, (45, 60, 72, 80, 90, 100, 120, 135, 150))),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The two circles have the same centre O. What is the area of the shaded part of "
                "the ring?" + ROUND)

    def answer(self, p):
        R, r = p["r"] + p["w"], p["r"]
        return r2(p["theta"] / 360 * math.pi * (R * R - r * r))

    def diagram(self, p):
        r, R, t0, th = p["r"], p["r"] + p["w"], p["rot"], p["theta"]
        outer = arc_names("u", (0, 0), R, t0, t0 + th, 4.0)
        inner = arc_names("v", (0, 0), r, t0 + th, t0, 4.0)
        pts = sk_points({"O": (0, 0), "A": polar(r, t0), "B": polar(R, t0),
                         "C": polar(R, t0 + th), "D": polar(r, t0 + th), **outer, **inner},
                        hidden=tuple(outer) + tuple(inner))
        return SketchSpec(points=pts, circles=[SkCircle("O", r), SkCircle("O", R)],
                          fills=[list(outer) + list(inner)],
                          segments=[SkSegment("O", "A", num(r)), SkSegment("A", "B", num(p["w"])),
                                    SkSegment("O", "D"), SkSegment("D", "C")],
                          angles=[SkAngle("A", "O", "D", f"{th}°")], color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        r, R = math.dist(P["O"], P["A"]), math.dist(P["O"], P["B"])
        a0 = _deg_of(P, "O", "A")
        a1 = _ccw(a0, _deg_of(P, "O", "D"))
        path = [("arc", P["O"], R, a0, a1), ("seg", P["C"], P["D"]),
                ("arc", P["O"], r, a1, a0), ("seg", P["A"], P["B"])]
        return r2(path_integrals(path)[0])


@register_seed
class ArcFromInscribed(RegionSeed):
    seed_id = "plane-arc-from-inscribed"
    level = UNI
    clauses = ("The circle is a running track on which a runner does {n} laps.",
               "Point C could be moved along the big arc without changing the marked angle.")

    def sample(self, rng):
        return {"r": int(rng.integers(3, 13)), "x": int(rng.integers(15, 86)),
                "u": half_up(float(rng.uniform(0.25, 0.75)), 3),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("O is the centre of the circle and A, B, C lie on it. What is the length of the "
                "coloured arc AB (the one not containing C)?" + ROUND)

    def answer(self, p):  # central angle 2x
        return r2(p["r"] * math.radians(2 * p["x"]))

    def diagram(self, p):
        r, t0, x = p["r"], p["rot"], p["x"]
        arc = arc_names("s", (0, 0), r, t0, t0 + 2 * x, 4.0)
        C = polar(r, t0 + 2 * x + (360 - 2 * x) * p["u"])
        pts = sk_points({"O": (0, 0), "A": polar(r, t0), "B": polar(r, t0 + 2 * x), "C": C,
                         **arc}, hidden=tuple(arc))
        return SketchSpec(points=pts, circles=[SkCircle("O", r)],
                          segments=[SkSegment("O", "A", num(r), dash=True),
                                    SkSegment("C", "A"), SkSegment("C", "B")] + chain(list(arc)),
                          angles=[SkAngle("A", "C", "B", f"{x}°")], color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        r = math.dist(P["O"], P["A"])
        a0, b, c = (_deg_of(P, "O", k) for k in "ABC")
        a1 = _ccw(a0, b)
        if _ccw(a0, c) < a1:  # C on the counter-clockwise way round: the arc goes the other way
            a1 -= 360
        return r2(path_integrals([("arc", P["O"], r, a0, a1)])[3])


SQUARE_KINDS = {
    "four": "A quarter circle is drawn at each corner of square ABCD, centred at the corner, "
            "with radius half the side.",
    "one": "The arc BD is a quarter circle with centre A.",
    "leaf": "The arcs BD are quarter circles with centres A and C.",
}


@register_seed
class SquareCornerArcs(RegionSeed):
    seed_id = "plane-square-corner-arcs"

    def sample(self, rng):
        return {"s": 2 * int(rng.integers(2, 8)), "kind": rng_choice(rng, tuple(SQUARE_KINDS)),
                "rot": 0.0 if rng.random() < 0.5 else float(rng.integers(-40, 41)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (SQUARE_KINDS[p["kind"]] + " What is the area of the shaded region?" + ROUND)

    def answer(self, p):
        s, k = p["s"], p["kind"]
        return r2(s * s * (1 - math.pi / 4) if k in ("four", "one")
                  else s * s * (math.pi / 2 - 1))

    @staticmethod
    def _arcs(s: float, kind: str):
        """The shaded region's boundary arcs (centre, radius, from, to), in order, square with
        A at the origin and side s."""
        if kind == "four":
            h = s / 2
            return [((0, 0), h, 0, 90), ((0, s), h, -90, 0), ((s, s), h, 180, 270),
                    ((s, 0), h, 90, 180)]
        if kind == "one":
            return [((0, 0), s, 0, 90)]
        return [((0, 0), s, 0, 90), ((s, s), s, 180, 270)]

    def diagram(self, p):
        s, kind = p["s"], p["kind"]
        corners = {"A": (0, 0), "B": (s, 0), "C": (s, s), "D": (0, s)}
        hidden, ring, arcs = {}, [], []
        for i, (c, r, a0, a1) in enumerate(self._arcs(s, kind)):
            pts = arc_names(f"q{i}_", c, r, a0, a1, 5.0)
            hidden.update(pts)
            ring += list(pts)
            arcs += chain(list(pts))
        if kind == "one":
            ring += ["C"]
        pts = sk_points({**corners, **hidden}, p["rot"], hidden=tuple(hidden))
        sides = [SkSegment("A", "B", num(s)), SkSegment("B", "C"), SkSegment("C", "D"),
                 SkSegment("D", "A")]
        return SketchSpec(points=pts, segments=sides + arcs, fills=[ring], color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        s = math.dist(P["A"], P["B"])
        arcs = self._arcs(s, p["kind"])
        path = [("arc", c, r, a0, a1) for c, r, a0, a1 in arcs]
        if p["kind"] == "one":
            path += [("seg", (0, s), (s, s)), ("seg", (s, s), (s, 0))]
        return r2(path_integrals(path)[0])


POLYGONS = {3: "an equilateral triangle", 4: "a square", 6: "a regular hexagon"}


@register_seed
class CircleMinusPolygon(RegionSeed):
    seed_id = "plane-circle-minus-polygon"

    def sample(self, rng):
        return {"n": int(rng_choice(rng, tuple(POLYGONS))), "r": int(rng.integers(2, 11)),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"{POLYGONS[p['n']][0].upper()}{POLYGONS[p['n']][1:]} is inscribed in the circle "
                f"with centre O. What is the total area of the shaded parts, inside the circle "
                f"and outside the polygon?" + ROUND)

    def answer(self, p):
        n, r = p["n"], p["r"]
        return r2(math.pi * r * r - n / 2 * r * r * math.sin(2 * math.pi / n))

    def diagram(self, p):
        n, r, t0 = p["n"], p["r"], p["rot"]
        names = "ABCDEF"[:n]
        corners = {names[i]: polar(r, t0 + 360 * i / n) for i in range(n)}
        hidden, fills = {}, []
        for i in range(n):
            pts = arc_names(f"q{i}_", (0, 0), r, t0 + 360 * i / n, t0 + 360 * (i + 1) / n, 4.0)
            hidden.update(pts)
            fills.append(list(pts))
        pts = sk_points({"O": (0, 0), **corners, **hidden}, hidden=tuple(hidden))
        sides = [SkSegment(a, b) for a, b in zip(names, names[1:] + names[:1])]
        return SketchSpec(points=pts, circles=[SkCircle("O", r)], fills=fills,
                          segments=[SkSegment("O", "A", num(r), dash=True)] + sides,
                          color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        n = p["n"]
        names = "ABCDEF"[:n]
        total = 0.0
        for a, b in zip(names, names[1:] + names[:1]):
            r = math.dist(P["O"], P[a])
            a0 = _deg_of(P, "O", a)
            total += path_integrals([("arc", P["O"], r, a0, _ccw(a0, _deg_of(P, "O", b))),
                                     ("seg", P[b], P[a])])[0]
        return r2(total)
