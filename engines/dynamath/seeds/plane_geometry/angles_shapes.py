"""DynaMath "plane geometry" seeds, angles and shapes: the third angle of a triangle, angles of
isosceles triangles and parallelograms, interior angles of regular polygons, naming the drawn
shape, recognising a right triangle from its three sides. The helpers every plane-geometry
module shares (vertex-name sets, rotations, measurement of a built figure) are in
plane_geometry/measure.py.

Why these: DynaMath's plane-geometry seeds ask for an angle, a length or an area that must be
read off a textbook figure; here every variant re-draws the figure (new numbers, a rotation,
new vertex letters, another polygon), so the same question text has different answers. Answers
come from the params; ``check`` measures the figure that ``renderers.plane_geometry.spec.build_model``
builds (angles from coordinates, lengths, areas and centroids by Green's theorem with
Gauss-Legendre quadrature over its straight and curved boundary pieces), a different path from
the formula in ``answer``. Lengths and areas are in plane_geometry/lengths.py and area.py.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_geometry.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.plane_geometry.measure import (TOPIC, corner, integer_angle_triangle,
                                                           model_angle, pick_names, pick_rotation)
from renderers.plane_geometry.spec import PlaneGeometrySpec, angle_at, build_model
from renderers.spec import rng_choice
from renderers.text import half_up


# ----------------------------------------------------------------------------- angles


@register_seed
class TriangleThirdAngle(SeedQuestion):
    seed_id = "plane-triangle-third-angle"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The triangle is cut from a sheet of card that weighs {m} grams.",)
    canonical = {"angles": [50, 60, 70], "ask": 2, "names": ["A", "B", "C"], "rotation": 0.0}

    def sample(self, rng):
        a = int(rng.integers(30, 111))
        b = int(rng.integers(25, 156 - a))
        return {"angles": [a, b, 180 - a - b], "ask": int(rng.integers(3)),
                "names": pick_names(rng, 3), "rotation": pick_rotation(rng)}

    def question(self, p):
        return ("Two angles of the triangle are marked. What is the measure of its third angle, "
                "in degrees?")

    def answer(self, p):
        return float(180 - sum(a for i, a in enumerate(p["angles"]) if i != p["ask"]))

    def check(self, p):
        return model_angle(self.diagram(p), corner(p["names"], p["ask"]))

    def diagram(self, p):
        A, B, _ = p["angles"]
        n = p["names"]
        return PlaneGeometrySpec(base="scalene_triangle", params=integer_angle_triangle(A, B),
                                 names=list(n), rotation=p["rotation"],
                                 shown_angles=[corner(n, i) for i in range(3) if i != p["ask"]])


@register_seed
class IsoscelesAngle(SeedQuestion):
    """Vertex 0 is the apex; the equal legs carry tick marks."""

    seed_id = "plane-isosceles-angle"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "symbolic substitution", "geometric transformation")
    canonical = {"apex": 40.0, "shown": 0, "ask": 1, "names": ["A", "B", "C"],
                 "rotation": 0.0}

    def sample(self, rng):
        if rng.random() < 0.5:  # apex marked, a base angle asked
            apex = 60
            while apex == 60:
                apex = int(rng.integers(20, 131))
            shown, ask = 0, int(rng.integers(1, 3))
        else:  # a base angle marked; the apex or the other base angle asked
            beta = 60
            while beta == 60:
                beta = int(rng.integers(25, 81))
            apex = 180 - 2 * beta
            shown = int(rng.integers(1, 3))
            ask = 0 if rng.random() < 0.6 else 3 - shown
        return {"apex": float(apex), "shown": shown, "ask": ask, "names": pick_names(rng, 3),
                "rotation": pick_rotation(rng)}

    def question(self, p):
        n = p["names"]
        return (f"In triangle {''.join(n)} the sides marked with ticks are equal and one angle "
                f"is given. What is the measure of angle {corner(n, p['ask'])}, in degrees?")

    def answer(self, p):
        return p["apex"] if p["ask"] == 0 else (180.0 - p["apex"]) / 2

    def check(self, p):
        return model_angle(self.diagram(p), corner(p["names"], p["ask"]))

    def diagram(self, p):
        n = p["names"]
        beta = math.radians((180.0 - p["apex"]) / 2)
        return PlaneGeometrySpec(base="isosceles_triangle",
                                 params={"base": 8.0, "leg": 4.0 / math.cos(beta)},
                                 names=list(n), rotation=p["rotation"],
                                 equal_groups=[[n[0] + n[1], n[0] + n[2]]],
                                 shown_angles=[corner(n, p["shown"])])


@register_seed
class ParallelogramAngle(SeedQuestion):
    seed_id = "plane-parallelogram-angle"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value", "symbolic substitution", "geometric transformation")
    canonical = {"shape": "parallelogram", "theta": 65, "base": 10.0, "side": 6.0,
                 "shown": 0, "ask": 1, "names": ["A", "B", "C", "D"], "rotation": 0.0}

    def sample(self, rng):
        shape = rng_choice(rng, ("parallelogram", "parallelogram", "rhombus"))
        base = float(rng.integers(7, 13))
        side = base if shape == "rhombus" else float(rng.integers(4, int(base) - 1))
        shown = int(rng.integers(4))
        ask = int(rng_choice(rng, [i for i in range(4) if i != shown]))
        return {"shape": shape, "theta": int(rng.integers(40, 81)), "base": base, "side": side,
                "shown": shown, "ask": ask, "names": pick_names(rng, 4),
                "rotation": pick_rotation(rng)}

    def question(self, p):
        n = p["names"]
        return (f"{''.join(n)} is a {p['shape']} and one of its angles is marked. What is the "
                f"measure of angle {corner(n, p['ask'])}, in degrees?")

    def answer(self, p):
        # A and C carry theta; B and D its supplement (co-interior angles)
        return float(p["theta"] if p["ask"] % 2 == 0 else 180 - p["theta"])

    def check(self, p):
        return model_angle(self.diagram(p), corner(p["names"], p["ask"]))

    def diagram(self, p):
        n = p["names"]
        sides = [n[i] + n[(i + 1) % 4] for i in range(4)]
        if p["shape"] == "rhombus":
            marks = {"equal_groups": [sides]}
            prm = {"side": p["side"], "angle": p["theta"]}
        else:
            marks = {"parallel_groups": [[sides[0], sides[2]], [sides[1], sides[3]]]}
            prm = {"base": p["base"], "side": p["side"], "angle": p["theta"]}
        return PlaneGeometrySpec(base=p["shape"], params=prm, names=list(n),
                                 rotation=p["rotation"], shown_angles=[corner(n, p["shown"])],
                                 **marks)


@register_seed
class RegularPolygonAngle(SeedQuestion):
    seed_id = "plane-regular-polygon-angle"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("geometric transformation",)
    canonical = {"n": 6, "side": 5.0, "rotation": 0.0}

    def sample(self, rng):
        return {"n": int(rng.integers(5, 9)), "side": float(rng.integers(3, 9)),
                "rotation": pick_rotation(rng)}

    def question(self, p):
        return ("The polygon is regular: all its sides and all its angles are equal. What is "
                "the measure of one of its interior angles, in degrees? Round to two decimal "
                "places.")

    def answer(self, p):
        return half_up(180.0 * (p["n"] - 2) / p["n"], 2)

    def check(self, p):
        spec = self.diagram(p)
        return half_up(model_angle(spec, corner(spec.names, 1)), 2)

    def diagram(self, p):
        names = list("ABCDEFGH"[:p["n"]])
        sides = [names[i] + names[(i + 1) % p["n"]] for i in range(p["n"])]
        return PlaneGeometrySpec(base="regular_polygon",
                                 params={"n": p["n"], "side": p["side"]}, names=names,
                                 rotation=p["rotation"], equal_groups=[sides])


# ----------------------------------------------------------------------------- shapes

# name -> the names that also fit it (never offered as wrong options)
SUPERSETS = {
    "square": ("rectangle", "rhombus", "parallelogram", "trapezoid"),
    "rectangle": ("parallelogram", "trapezoid"), "rhombus": ("parallelogram", "trapezoid"),
    "parallelogram": ("trapezoid",), "equilateral triangle": ("isosceles triangle",),
}
SHAPE_NAMES = ("square", "rectangle", "rhombus", "parallelogram", "trapezoid",
               "equilateral triangle", "isosceles triangle", "right triangle",
               "regular pentagon", "regular hexagon", "regular heptagon", "regular octagon")
N_SIDES = {"regular pentagon": 5, "regular hexagon": 6, "regular heptagon": 7,
           "regular octagon": 8}


def _n_corners(name: str) -> int:
    return 3 if name.endswith("triangle") else N_SIDES.get(name, 4)


def _shape_params(rng: np.random.Generator, name: str) -> tuple[str, dict]:
    """Base and params that make the shape plainly what its name says (no near-squares,
    no near-right rhombi, no isosceles right triangles)."""
    if name == "square":
        return "square", {"side": float(rng.integers(4, 11))}
    if name == "rectangle":
        h = float(rng.integers(3, 7))
        return "rectangle", {"width": float(rng.integers(int(1.5 * h) + 1, 15)), "height": h}
    if name == "rhombus":
        return "rhombus", {"side": float(rng.integers(5, 10)),
                           "angle": float(rng.integers(45, 71))}
    if name == "parallelogram":
        s = float(rng.integers(4, 7))
        return "parallelogram", {"base": float(rng.integers(int(1.6 * s) + 1, 15)), "side": s,
                                 "angle": float(rng.integers(45, 71))}
    if name == "trapezoid":
        b = float(rng.integers(10, 15))
        t = float(rng.integers(4, int(b) - 4))
        off = float(rng_choice(rng, (0.0, (b - t) / 2, 1.0, b - t - 1)))
        return "trapezoid", {"bottom": b, "top": t, "height": float(rng.integers(4, 7)),
                             "offset": off}
    if name == "equilateral triangle":
        return "equilateral_triangle", {"side": float(rng.integers(5, 11))}
    if name == "isosceles triangle":
        b = float(rng.integers(4, 9))
        leg = b
        while abs(leg - b) < 1.5 or abs(leg * leg * 2 - b * b) < 4:  # not equilateral, not right
            leg = float(rng.integers(int(b / 2) + 2, 2 * int(b) + 2))
        return "isosceles_triangle", {"base": b, "leg": leg}
    if name == "right triangle":
        l1 = float(rng.integers(3, 8))
        return "right_triangle", {"leg1": l1, "leg2": float(rng.integers(int(l1 * 1.4) + 1, 14))}
    return "regular_polygon", {"n": float(N_SIDES[name]), "side": float(rng.integers(3, 8))}


def _shape_marks(base: str, names: list[str]) -> dict:
    k = len(names)
    sides = [names[i] + names[(i + 1) % k] for i in range(k)]
    if base in ("square", "rectangle"):
        marks: dict = {"right_marks": [corner(names, i) for i in range(4)]}
        if base == "square":
            marks["equal_groups"] = [sides]
        return marks
    if base in ("rhombus", "equilateral_triangle", "regular_polygon"):
        return {"equal_groups": [sides]}
    if base == "parallelogram":
        return {"parallel_groups": [[sides[0], sides[2]], [sides[1], sides[3]]]}
    if base == "trapezoid":
        return {"parallel_groups": [[sides[0], sides[2]]]}
    if base == "isosceles_triangle":
        return {"equal_groups": [[sides[0], sides[2]]]}
    return {"right_marks": [corner(names, 1)]}  # right triangle: right angle at B


@register_seed
class WhichShape(SeedQuestion):
    seed_id = "plane-which-shape"
    topic, level, answer_type = TOPIC, "elementary school", "multiple choice"
    kinds = ("geometric transformation",)

    def sample(self, rng):
        name = rng_choice(rng, SHAPE_NAMES)
        base, params = _shape_params(rng, name)
        bad = set(SUPERSETS.get(name, ())) | {name}
        same = [s for s in SHAPE_NAMES if s not in bad and _n_corners(s) == _n_corners(name)]
        other = [s for s in SHAPE_NAMES if s not in bad and s not in same]
        rng.shuffle(same)
        rng.shuffle(other)
        opts = [name] + (same[:2] + other)[:3]
        rng.shuffle(opts)
        return {"name": name, "base": base, "params": params, "options": opts,
                "rotation": pick_rotation(rng, 0.4)}

    def question(self, p):
        return "Which name describes the drawn shape most precisely?"

    def options(self, p):
        return list(p["options"])

    def answer(self, p):
        return p["name"]

    def check(self, p):
        """Name the built shape from its measured sides and angles."""
        m = build_model(self.diagram(p))
        P = [m.points[n] for n in m.pieces[0].verts]
        k = len(P)
        sides = [math.dist(P[i], P[(i + 1) % k]) for i in range(k)]
        angs = [angle_at(P[i - 1], P[i], P[(i + 1) % k]) for i in range(k)]
        eq_s = max(sides) - min(sides) < 1e-6
        eq_a = max(angs) - min(angs) < 1e-6
        if k > 4:
            return next(s for s, n in N_SIDES.items() if n == k) if eq_s and eq_a else None
        if k == 3:
            if eq_s:
                return "equilateral triangle"
            if any(abs(a - 90) < 1e-6 for a in angs):
                return "right triangle"
            return "isosceles triangle" if len({round(s, 6) for s in sides}) == 2 else None

        def par(i, j):  # sides i and j parallel
            (a, b), (c, d) = (P[i], P[(i + 1) % 4]), (P[j], P[(j + 1) % 4])
            return abs((b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0])) < 1e-6

        right = all(abs(a - 90) < 1e-6 for a in angs)
        if par(0, 2) and par(1, 3):
            return ("square" if eq_s else "rectangle") if right else \
                ("rhombus" if eq_s else "parallelogram")
        return "trapezoid" if par(0, 2) or par(1, 3) else None

    def diagram(self, p):
        base = p["base"]
        k = int(p["params"]["n"]) if base == "regular_polygon" else (3 if "triangle" in base
                                                                      else 4)
        names = list("ABCDEFGH"[:k])
        return PlaneGeometrySpec(base=base, params=p["params"], names=names,
                                 rotation=p["rotation"], **_shape_marks(base, names))


PYTHAGOREAN = ((3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25), (20, 21, 29), (6, 8, 10),
               (9, 12, 15), (12, 16, 20), (15, 20, 25), (10, 24, 26), (9, 40, 41))


def _is_right(s: list[int]) -> bool:
    a, b, c = sorted(s)
    return a * a + b * b == c * c


@register_seed
class PythagoreanCheck(SeedQuestion):
    """All three sides are written; the triangle is drawn to scale, the right angle (if any)
    is not marked."""

    seed_id = "plane-is-right-triangle"
    topic, level, answer_type = TOPIC, "high school", "text"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"sides": [5, 12, 13], "names": ["A", "B", "C"], "rotation": 0.0}

    def sample(self, rng):
        tri = list(rng_choice(rng, PYTHAGOREAN))
        if rng.random() < 0.5:  # a near miss: one side off by 1 or 2
            while True:
                s = list(tri)
                j = int(rng.integers(3))
                s[j] += int(rng_choice(rng, (-2, -1, 1, 2)))
                a, b, c = sorted(s)
                if a > 0 and a + b > c + 1 and not _is_right(s):
                    tri = s
                    break
        order = [int(i) for i in rng.permutation(3)]
        return {"sides": [tri[i] for i in order], "names": pick_names(rng, 3),
                "rotation": pick_rotation(rng)}

    def question(self, p):
        return "Is the triangle a right triangle? Answer yes or no."

    def answer(self, p):
        return "yes" if _is_right(p["sides"]) else "no"

    def check(self, p):
        m = build_model(self.diagram(p))
        P = [m.points[n] for n in p["names"]]
        big = max(angle_at(P[i - 1], P[i], P[(i + 1) % 3]) for i in range(3))
        return "yes" if abs(big - 90) < 1e-6 else "no"

    def diagram(self, p):
        ab, ac, bc = p["sides"]  # sides AB, AC, BC; the angle at A by the law of cosines
        ang = math.degrees(math.acos((ab * ab + ac * ac - bc * bc) / (2 * ab * ac)))
        n = p["names"]
        return PlaneGeometrySpec(base="scalene_triangle",
                                 params={"a": ab, "b": ac, "angle": ang}, names=list(n),
                                 rotation=p["rotation"],
                                 shown_sides=[n[0] + n[1], n[0] + n[2], n[1] + n[2]])

