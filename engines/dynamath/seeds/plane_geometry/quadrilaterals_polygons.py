"""DynaMath "plane geometry" seeds on quadrilaterals and polygons: the area of an isosceles
trapezoid from its legs, the most specific name a quadrilateral's marks allow (both drawn by
the plane-geometry family, with its equal-length ticks, parallel arrows and right-angle
marks), the diagonal of a kite, and the missing interior angle of a pentagon or hexagon
(sketches).

``check`` measures the built figure (its polygon by the shoelace formula, lengths and angles
from coordinates), or for the name reads the marks the spec draws.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_s6.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.plane_geometry.measure import (TOPIC, corner, pick_names,
                                                           pick_rotation, piece_integrals)
from engines.dynamath.seeds.plane_geometry.sketching import angle, length, num, sk_points
from renderers.plane_geometry.spec import PlaneGeometrySpec, build_model
from renderers.sketch.spec import SkAngle, SketchSpec, SkSegment
from renderers.spec import rng_choice
from renderers.text import half_up, r2

HIGH = "high school"
COLORS = ("blue", "green", "purple", "orange")
ROUND = " Round to two decimal places."
FIGURE_CLAUSES = ("The shape is a window pane that lets in {m} percent of the light.",
                  "The shape is a tile; {n} such tiles are in a box.",
                  "The figure is drawn on a page numbered {m}.")
# (leg offset, height, leg): the legs of an isosceles trapezoid as right triangles
TRIPLES = ((3, 4, 5), (4, 3, 5), (6, 8, 10), (8, 6, 10), (5, 12, 13), (9, 12, 15),
           (2, 1.5, 2.5), (1.5, 2, 2.5))


def _sides(n: list[str]) -> list[str]:
    return [a + b for a, b in zip(n, n[1:] + n[:1])]


def _tilt(rng) -> float:
    """Upright half the time, else tilted by at most 30 degrees: a trapezoid turned further
    reads as some other quadrilateral."""
    return 0.0 if rng.random() < 0.5 else float(rng.integers(-30, 31))


class FigureSeed(SeedQuestion):
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", "geometric transformation", IRRELEVANT)
    clauses = FIGURE_CLAUSES


@register_seed
class IsoscelesTrapezoidArea(FigureSeed):
    seed_id = "plane-isosceles-trapezoid-area"

    def sample(self, rng):
        o, h, leg = rng_choice(rng, TRIPLES)
        return {"offset": float(o), "height": float(h), "leg": float(leg),
                "top": float(rng.integers(max(3, math.ceil(o)), int(2 * o) + 7)),
                "names": pick_names(rng, 4), "rotation": _tilt(rng),
                "fill": rng_choice(rng, COLORS)}

    def question(self, p):
        n = "".join(p["names"])
        return (f"{n} is an isosceles trapezoid with {n[:2]} parallel to {n[3]}{n[2]}. What is "
                f"its area?" + ROUND)

    def answer(self, p):
        h = math.sqrt(p["leg"] ** 2 - p["offset"] ** 2)
        return r2((2 * p["top"] + 2 * p["offset"]) / 2 * h)

    def diagram(self, p):
        n = p["names"]
        s = _sides(n)  # AB bottom, BC leg, CD top, DA leg
        return PlaneGeometrySpec(base="trapezoid",
                                 params={"bottom": p["top"] + 2 * p["offset"], "top": p["top"],
                                         "height": p["height"], "offset": p["offset"]},
                                 names=list(n), rotation=p["rotation"],
                                 shown_sides=[s[0], s[2], s[3]], equal_groups=[[s[1], s[3]]],
                                 parallel_groups=[[s[0], s[2]]], base_shaded=True, fill=p["fill"])

    def check(self, p):
        return r2(piece_integrals(build_model(self.diagram(p)), 0)[0])


QUAD_NAMES = ["trapezoid", "parallelogram", "rhombus", "rectangle", "square"]


@register_seed
class QuadrilateralFromMarks(FigureSeed):
    seed_id = "plane-quadrilateral-from-marks"
    answer_type = "multiple choice"
    kinds = ("symbolic substitution", "geometric transformation")
    clauses = ()

    def sample(self, rng):
        kind = rng_choice(rng, tuple(QUAD_NAMES))
        if kind == "trapezoid":
            b = float(rng.integers(8, 14))
            prm = {"bottom": b, "top": float(rng.integers(4, int(b) - 2)),
                   "height": float(rng.integers(4, 8)),
                   "offset": half_up(float(rng.uniform(-1.0, 3.0)), 2)}
        elif kind == "parallelogram":
            prm = {"base": float(rng.integers(8, 13)), "side": float(rng.integers(4, 7)),
                   "angle": float(rng.integers(50, 71))}
        elif kind == "rhombus":
            prm = {"side": float(rng.integers(5, 10)), "angle": float(rng.integers(50, 71))}
        elif kind == "rectangle":
            w = float(rng.integers(8, 13))
            prm = {"width": w, "height": w - float(rng.integers(3, 6))}
        else:
            prm = {"side": float(rng.integers(5, 10))}
        return {"kind": kind, "params": prm, "names": pick_names(rng, 4),
                "rotation": pick_rotation(rng, 0.4), "fill": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"Using only what the marks in the figure show (parallel arrows, equal-length "
                f"ticks, right angles), what is the most specific name for quadrilateral "
                f"{''.join(p['names'])}?")

    def options(self, p):
        return list(QUAD_NAMES)

    def answer(self, p):
        return p["kind"]

    def diagram(self, p):
        n, kind = p["names"], p["kind"]
        s = _sides(n)
        marks = {"parallel_groups": [], "equal_groups": [], "right_marks": []}
        if kind == "trapezoid":
            marks["parallel_groups"] = [[s[0], s[2]]]
        elif kind == "parallelogram":
            marks["parallel_groups"] = [[s[0], s[2]], [s[1], s[3]]]
        elif kind == "rhombus":
            marks["equal_groups"] = [list(s)]
        elif kind == "rectangle":
            marks["right_marks"] = [corner(n, i) for i in range(4)]
        else:
            marks["equal_groups"] = [list(s)]
            marks["right_marks"] = [corner(n, 0)]
        return PlaneGeometrySpec(base=kind, params=dict(p["params"]), names=list(n),
                                 rotation=p["rotation"], base_shaded=True, fill=p["fill"],
                                 **marks)

    def check(self, p):  # the name the drawn marks prove, read off the spec
        s = self.diagram(p)
        equal4 = any(len(g) == 4 for g in s.equal_groups)
        right = len(s.right_marks) >= 1
        pairs = len(s.parallel_groups)
        if equal4:
            return "square" if right else "rhombus"
        if len(s.right_marks) == 4:
            return "rectangle"
        return {2: "parallelogram", 1: "trapezoid"}.get(pairs)


@register_seed
class KiteDiagonal(FigureSeed):
    seed_id = "plane-kite-diagonal"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def sample(self, rng):
        d = int(rng.integers(6, 15))
        a = int(rng.integers(d // 2 + 2, d // 2 + 6))
        c = int(rng.integers(d // 2 + 2, d // 2 + 10))
        while c == a:
            c = int(rng.integers(d // 2 + 2, d // 2 + 10))
        return {"a": a, "c": c, "d": d, "rot": float(rng.integers(-30, 31)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "ABCD is a kite with AB = AD and CB = CD. What is the length of the diagonal AC?" \
            + ROUND

    def answer(self, p):  # AC meets BD at right angles in its midpoint
        h = p["d"] / 2
        return r2(math.sqrt(p["a"] ** 2 - h * h) + math.sqrt(p["c"] ** 2 - h * h))

    def diagram(self, p):
        a, c, d = p["a"], p["c"], p["d"]
        # A and C where the circles about B and D of radius a (and c) meet, off the line BD
        B, D = (-d / 2, 0.0), (d / 2, 0.0)
        P = {"A": (0.0, math.sqrt(a * a - (d / 2) ** 2)), "B": B,
             "C": (0.0, -math.sqrt(c * c - (d / 2) ** 2)), "D": D}
        return SketchSpec(points=sk_points(P, p["rot"]),
                          segments=[SkSegment("A", "B", num(a)), SkSegment("A", "D", num(a)),
                                    SkSegment("C", "B", num(c)), SkSegment("C", "D", num(c)),
                                    SkSegment("B", "D", num(d), dash=True),
                                    SkSegment("A", "C", dash=True)], color=p["color"])

    def check(self, p):
        return r2(length(self.diagram(p), "A", "C"))


POLY_NAMES = {5: "pentagon", 6: "hexagon"}


@register_seed
class PolygonMissingAngle(FigureSeed):
    seed_id = "plane-polygon-missing-angle"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def sample(self, rng):
        while True:
            n = int(rng_choice(rng, (5, 6)))
            total = (n - 2) * 180
            angs = [int(v) for v in rng.integers(90, 160, size=n - 1)]
            last = total - sum(angs)
            if not 85 <= last <= 165:
                continue
            angs.append(last)
            lens = self._lengths(angs, [float(v) for v in rng.uniform(3.0, 6.0, size=n - 2)])
            if lens is not None:
                k = int(rng.integers(n))  # which corner is asked
                return {"angles": angs[-k:] + angs[:-k] if k else angs,
                        "lens": lens[-k:] + lens[:-k] if k else lens,
                        "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    @staticmethod
    def _lengths(angs: list[int], first: list[float]) -> list[float] | None:
        """Side lengths closing a polygon with these interior angles (the last two solved)."""
        n = len(angs)
        heading, dirs = 0.0, []
        for i in range(n):
            dirs.append((math.cos(math.radians(heading)), math.sin(math.radians(heading))))
            heading += 180 - angs[(i + 1) % n]
        sx = sum(L * d[0] for L, d in zip(first, dirs))
        sy = sum(L * d[1] for L, d in zip(first, dirs))
        M = np.array([[dirs[-2][0], dirs[-1][0]], [dirs[-2][1], dirs[-1][1]]])
        if abs(np.linalg.det(M)) < 1e-6:
            return None
        x, y = np.linalg.solve(M, [-sx, -sy])
        if not (2.5 <= x <= 7.5 and 2.5 <= y <= 7.5):
            return None
        return first + [float(x), float(y)]

    def question(self, p):
        return (f"What is the measure of the interior angle marked '?' of the "
                f"{POLY_NAMES[len(p['angles'])]}, in degrees?")

    def answer(self, p):  # interior angles of an n-gon sum to (n - 2) 180
        n = len(p["angles"])
        return float((n - 2) * 180 - sum(p["angles"][1:]))

    def diagram(self, p):
        angs, lens = p["angles"], p["lens"]
        n = len(angs)
        names = "ABCDEF"[:n]
        # side i runs from corner i to corner i + 1; corner 0 sits at the origin
        P, q, heading = {}, (0.0, 0.0), 0.0
        for i in range(n):
            P[names[i]] = q
            q = (q[0] + lens[i] * math.cos(math.radians(heading)),
                 q[1] + lens[i] * math.sin(math.radians(heading)))
            heading += 180 - angs[(i + 1) % n]
        marks = [SkAngle(names[i - 1], names[i], names[(i + 1) % n],
                         "?" if i == 0 else f"{angs[i]}°") for i in range(n)]
        return SketchSpec(points=sk_points(P, p["rot"]),
                          segments=[SkSegment(names[i], names[(i + 1) % n]) for i in range(n)],
                          fills=[list(names)], angles=marks, color=p["color"])

    def check(self, p):
        n = len(p["angles"])
        names = "ABCDEF"[:n]
        return round(angle(self.diagram(p), names[-1], "A", "B"), 6)
