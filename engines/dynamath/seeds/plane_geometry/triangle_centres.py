"""DynaMath "plane geometry" seed on the centres of a triangle, drawn as a sketch: three
dashed lines meet at P, and their marks (equal half sides, right angles, equal half angles)
tell which lines they are, so which centre P is (centroid, orthocentre, circumcentre,
incentre).

The figure finds P by intersecting two of its drawn lines; ``check`` computes the four
centres from the vertices by their coordinate formulas (mean of the vertices, side-weighted
mean, the circumcentre's determinant formula, A + B + C - 2O) and names the one at P.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_s6.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC
from engines.dynamath.seeds.plane_geometry.sketching import (circumcentre, intersect, num,
                                                              polar, sk_points, through)
from renderers.sketch.spec import SkAngle, SketchSpec, SkSegment, points_of
from renderers.spec import rng_choice

COLORS = ("blue", "green", "purple", "orange")
CENTRES = ("centroid", "orthocentre", "circumcentre", "incentre")


def _foot(p, a, b):
    """The foot of the perpendicular from p to line ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)
    return (a[0] + t * dx, a[1] + t * dy)


@register_seed
class WhichCentre(ShuffledCandidates):
    seed_id = "plane-which-centre"
    topic, level, answer_type = TOPIC, "undergraduate", "multiple choice"
    kinds = ("geometric transformation", "symbolic substitution", "numerical value")

    def sample(self, rng):
        while True:  # acute and clearly scalene, so the four centres are apart and inside
            A, B = 2 * int(rng.integers(24, 42)), 2 * int(rng.integers(24, 42))
            C = 180 - A - B
            if 48 <= C <= 82 and min(abs(A - B), abs(B - C), abs(A - C)) >= 8:
                return {"angles": [A, B, C], "kind": rng_choice(rng, CENTRES),
                        "order": draw_order(rng), "rot": float(rng.integers(0, 360)),
                        "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The three dashed lines meet at P; the marks show how each is drawn. Which "
                "centre of triangle ABC is P?")

    def candidates(self, p):
        return [p["kind"]] + [c for c in CENTRES if c != p["kind"]]

    def diagram(self, p):
        V = {"B": (0.0, 0.0), "C": (8.0, 0.0)}
        V["A"] = intersect(V["B"], polar(1, p["angles"][1]), V["C"],
                           polar(1, 180 - p["angles"][2]))
        opp = {"A": ("B", "C"), "B": ("C", "A"), "C": ("A", "B")}
        feet = {"A": "D", "B": "E", "C": "F"}
        kind = p["kind"]
        P = dict(V)
        segs = [SkSegment("A", "B"), SkSegment("B", "C"), SkSegment("C", "A")]
        angles = []
        for v, (x, y) in opp.items():
            X, Y = V[x], V[y]
            mid = ((X[0] + Y[0]) / 2, (X[1] + Y[1]) / 2)
            if kind in ("centroid", "circumcentre"):
                P[feet[v]] = mid
            elif kind == "orthocentre":
                P[feet[v]] = _foot(V[v], X, Y)
            else:  # bisector of the angle at v meets the opposite side
                u = [((V[k][0] - V[v][0]) / math.dist(V[k], V[v]),
                      (V[k][1] - V[v][1]) / math.dist(V[k], V[v])) for k in (x, y)]
                P[feet[v]] = intersect(V[v], (u[0][0] + u[1][0], u[0][1] + u[1][1]), X,
                                       (Y[0] - X[0], Y[1] - X[1]))
        if kind == "circumcentre":
            P["P"] = circumcentre(V["A"], V["B"], V["C"])
        else:
            P["P"] = through(V["A"], P["D"], V["B"], P["E"])
        for v, (x, y) in opp.items():
            f = feet[v]
            if kind in ("centroid", "circumcentre"):
                half = num(math.dist(V[x], V[y]) / 2)
                segs += [SkSegment(x, f, half), SkSegment(f, y, half)]
            if kind == "circumcentre":
                segs.append(SkSegment(f, "P", dash=True))
                angles.append(SkAngle("P", f, y, right=True))
            else:
                segs.append(SkSegment(v, f, dash=True))
            if kind == "orthocentre":
                angles.append(SkAngle(v, f, y, right=True))
            if kind == "incentre":
                h = f"{num(p['angles']['ABC'.index(v)] / 2)}°"
                angles += [SkAngle(x, v, f, h), SkAngle(f, v, y, h)]
        return SketchSpec(points=sk_points(P, p["rot"]), segments=segs, angles=angles,
                          color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        A, B, C = P["A"], P["B"], P["C"]
        a, b, c = math.dist(B, C), math.dist(C, A), math.dist(A, B)
        d = 2 * (A[0] * (B[1] - C[1]) + B[0] * (C[1] - A[1]) + C[0] * (A[1] - B[1]))
        sq = [q[0] ** 2 + q[1] ** 2 for q in (A, B, C)]
        O = ((sq[0] * (B[1] - C[1]) + sq[1] * (C[1] - A[1]) + sq[2] * (A[1] - B[1])) / d,
             (sq[0] * (C[0] - B[0]) + sq[1] * (A[0] - C[0]) + sq[2] * (B[0] - A[0])) / d)
        where = {"centroid": ((A[0] + B[0] + C[0]) / 3, (A[1] + B[1] + C[1]) / 3),
                 "incentre": ((a * A[0] + b * B[0] + c * C[0]) / (a + b + c),
                              (a * A[1] + b * B[1] + c * C[1]) / (a + b + c)),
                 "circumcentre": O,
                 "orthocentre": (A[0] + B[0] + C[0] - 2 * O[0], A[1] + B[1] + C[1] - 2 * O[1])}
        return min(where, key=lambda k: math.dist(where[k], P["P"]))
