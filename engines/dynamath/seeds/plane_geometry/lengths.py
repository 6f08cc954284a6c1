"""DynaMath "plane geometry" seeds, lengths: the hypotenuse and a missing leg of a right
triangle, the third side by the law of cosines, a side of a similar triangle, the radius of the
circle inscribed in a right triangle, the perimeter of a rhombus read off a grid, and the
outline of composite figures (a rectangle with an equilateral triangle on one side; a garden,
pool or rug made of a rectangle with semicircular ends).

Every written length is a whole or half number, so the value shown is the value used; answers
that are irrational are asked "rounded to two decimal places". ``check`` measures the figure
that ``build_model`` builds (coordinates, the renderer's own incircle, the boundary walked
piece by piece) instead of applying the formula again. Helpers live in plane_geometry/measure.py.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_geometry.py
"""
from __future__ import annotations

import math
from fractions import Fraction

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.plane_geometry.measure import (TOPIC, corner, model_length,
                                                           outline_length, pick_names,
                                                           pick_rotation)
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject
from renderers.plane_geometry.spec import Attachment, PlaneGeometrySpec, build_model
from renderers.spec import rng_choice
from renderers.text import half_up

TRIPLES = ((3, 4, 5), (5, 12, 13), (8, 15, 17), (6, 8, 10), (9, 12, 15), (7, 24, 25),
           (12, 16, 20), (4.5, 6, 7.5), (1.5, 2, 2.5), (2.5, 6, 6.5))


def _leg(rng) -> float:
    v = float(rng.integers(3, 13))
    return v + 0.5 if rng.random() < 0.2 else v


# ----------------------------------------------------------------------------- right triangles


@register_seed
class Hypotenuse(SeedQuestion):
    seed_id = "plane-hypotenuse"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The triangle is cut from a sheet of card that weighs {m} grams.",)
    canonical = {"legs": [6.0, 8.0], "names": ["A", "B", "C"], "rotation": 0.0}

    def sample(self, rng):
        if rng.random() < 0.35:
            a, b, _ = rng_choice(rng, TRIPLES)
            legs = [float(a), float(b)] if rng.random() < 0.5 else [float(b), float(a)]
        else:
            legs = [_leg(rng), _leg(rng)]
        return {"legs": legs, "names": pick_names(rng, 3), "rotation": pick_rotation(rng)}

    def question(self, p):
        return ("The triangle has a right angle where marked. What is the length of its "
                "hypotenuse? Round to two decimal places.")

    def answer(self, p):
        a, b = p["legs"]
        return half_up(math.sqrt(a * a + b * b), 2)

    def check(self, p):
        n = p["names"]
        return half_up(model_length(self.diagram(p), n[0] + n[2]), 2)

    def diagram(self, p):
        n = p["names"]
        return PlaneGeometrySpec(base="right_triangle",
                                 params={"leg1": p["legs"][0], "leg2": p["legs"][1]},
                                 names=list(n), rotation=p["rotation"],
                                 shown_sides=[n[0] + n[1], n[1] + n[2]],
                                 right_marks=[corner(n, 1)])


@register_seed
class MissingLeg(SeedQuestion):
    """Right angle at names[1]; the hypotenuse and one leg are written, the other leg asked."""

    seed_id = "plane-missing-leg"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "symbolic substitution", "geometric transformation")
    canonical = {"hyp": 13.0, "leg": 5.0, "known": 0, "names": ["A", "B", "C"],
                 "rotation": 0.0}

    def sample(self, rng):
        if rng.random() < 0.5:
            a, b, c = rng_choice(rng, TRIPLES)
            leg, hyp = float(rng_choice(rng, (a, b))), float(c)
        else:
            leg = _leg(rng)
            hyp = leg + float(rng.integers(1, 9))
        return {"hyp": hyp, "leg": leg, "known": int(rng.integers(2)),
                "names": pick_names(rng, 3), "rotation": pick_rotation(rng)}

    def _asked(self, p) -> str:
        n = p["names"]
        return n[1] + n[2] if p["known"] == 0 else n[0] + n[1]

    def question(self, p):
        return (f"Triangle {''.join(p['names'])} has a right angle where marked. What is the "
                f"length of side {self._asked(p)}? Round to two decimal places.")

    def answer(self, p):
        return half_up(math.sqrt(p["hyp"] ** 2 - p["leg"] ** 2), 2)

    def check(self, p):
        return half_up(model_length(self.diagram(p), self._asked(p)), 2)

    def diagram(self, p):
        n = p["names"]
        other = math.sqrt(p["hyp"] ** 2 - p["leg"] ** 2)
        legs = (p["leg"], other) if p["known"] == 0 else (other, p["leg"])
        known = n[0] + n[1] if p["known"] == 0 else n[1] + n[2]
        return PlaneGeometrySpec(base="right_triangle",
                                 params={"leg1": legs[0], "leg2": legs[1]}, names=list(n),
                                 rotation=p["rotation"], shown_sides=[known, n[0] + n[2]],
                                 right_marks=[corner(n, 1)])


@register_seed
class LawOfCosines(SeedQuestion):
    seed_id = "plane-law-of-cosines"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "symbolic substitution", "geometric transformation", IRRELEVANT)
    clauses = ("The triangle is a plot of land that was sold for {m} thousand dollars.",)
    canonical = {"ab": 8.0, "ac": 5.0, "angle": 60, "names": ["A", "B", "C"], "rotation": 0.0}
    ANGLES = (30, 40, 45, 50, 60, 70, 75, 80, 100, 110, 120, 135)

    def sample(self, rng):
        ab = float(rng.integers(4, 13))
        ac = ab
        while ac == ab:
            ac = float(rng.integers(4, 13))
        return {"ab": ab, "ac": ac, "angle": int(rng_choice(rng, self.ANGLES)),
                "names": pick_names(rng, 3), "rotation": pick_rotation(rng)}

    def question(self, p):
        n = p["names"]
        return (f"In triangle {''.join(n)} two sides and the angle between them are given. "
                f"What is the length of side {n[1]}{n[2]}? Round to two decimal places.")

    def answer(self, p):
        b, c, t = p["ac"], p["ab"], math.radians(p["angle"])
        return half_up(math.sqrt(b * b + c * c - 2 * b * c * math.cos(t)), 2)

    def check(self, p):
        n = p["names"]
        return half_up(model_length(self.diagram(p), n[1] + n[2]), 2)

    def diagram(self, p):
        n = p["names"]
        return PlaneGeometrySpec(base="scalene_triangle",
                                 params={"a": p["ab"], "b": p["ac"], "angle": p["angle"]},
                                 names=list(n), rotation=p["rotation"],
                                 shown_sides=[n[0] + n[1], n[0] + n[2]],
                                 shown_angles=[corner(n, 0)])


def _cos_angle(opp: float, s1: float, s2: float) -> float:
    return math.degrees(math.acos((s1 * s1 + s2 * s2 - opp * opp) / (2 * s1 * s2)))


@register_seed
class SimilarTriangles(SeedQuestion):
    """Triangle BCD stands on side BC of triangle ABC with angle DBC = angle A and angle BCD =
    angle B, so ABC ~ BCD (A -> B, B -> C, C -> D) with scale factor BC / AB."""

    seed_id = "plane-similar-triangles"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"ab": 6, "ac": 5, "bc": 7, "ask": "BD", "rotation": 0.0}

    def sample(self, rng):
        while True:
            ab, ac, bc = (int(v) for v in rng.integers(4, 13, size=3))
            a, b, c = sorted((ab, ac, bc))
            if len({ab, ac, bc}) < 3 or a + b <= c or not 0.6 <= bc / ab <= 1.6:
                continue
            # an exact value ending in 5 at the third decimal has no fair two-decimal rounding
            if any((Fraction(bc * x, ab) * 1000) % 10 == 5 for x in (ac, bc)):
                continue
            angs = [_cos_angle(bc, ab, ac), _cos_angle(ac, ab, bc), _cos_angle(ab, ac, bc)]
            if min(angs) >= 30 and max(angs) <= 110:
                return {"ab": ab, "ac": ac, "bc": bc, "ask": rng_choice(rng, ("BD", "CD")),
                        "rotation": pick_rotation(rng)}

    def question(self, p):
        return ("Triangle ABC is similar to triangle BCD, with A, B and C corresponding to B, C "
                f"and D. What is the length of {p['ask']}? Round to two decimal places.")

    def answer(self, p):
        k = p["bc"] / p["ab"]  # AB -> BC, AC -> BD, BC -> CD
        return half_up(k * (p["ac"] if p["ask"] == "BD" else p["bc"]), 2)

    def check(self, p):
        return half_up(model_length(self.diagram(p), p["ask"]), 2)

    def diagram(self, p):
        ab, ac, bc = p["ab"], p["ac"], p["bc"]
        A, B = _cos_angle(bc, ab, ac), _cos_angle(ac, ab, bc)
        return PlaneGeometrySpec(base="scalene_triangle",
                                 params={"a": ab, "b": ac, "angle": A}, names=["A", "B", "C"],
                                 attachments=[Attachment("triangle", side="BC", names=["D"],
                                                         angles=[A, B])],
                                 rotation=p["rotation"], shown_sides=["AB", "AC", "BC"])


@register_seed
class IncircleRadius(SeedQuestion):
    seed_id = "plane-incircle-radius"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"legs": [6.0, 8.0], "names": ["A", "B", "C"], "rotation": 0.0}

    def sample(self, rng):
        if rng.random() < 0.5:
            a, b, _ = rng_choice(rng, TRIPLES[:7])
            legs = [float(a), float(b)] if rng.random() < 0.5 else [float(b), float(a)]
        else:
            legs = [float(rng.integers(4, 13)), float(rng.integers(4, 13))]
        return {"legs": legs, "names": pick_names(rng, 3), "rotation": pick_rotation(rng)}

    def question(self, p):
        return ("A circle is inscribed in the right triangle. What is the radius of the circle? "
                "Round to two decimal places.")

    def answer(self, p):
        a, b = p["legs"]
        return half_up((a + b - math.hypot(a, b)) / 2, 2)  # tangent lengths from the corners

    def check(self, p):
        return half_up(build_model(self.diagram(p)).pieces[1].radius, 2)

    def diagram(self, p):
        n = p["names"]
        return PlaneGeometrySpec(base="right_triangle",
                                 params={"leg1": p["legs"][0], "leg2": p["legs"][1]},
                                 names=list(n), attachments=[Attachment("incircle",
                                                                        names=["O"])],
                                 rotation=p["rotation"],
                                 shown_sides=[n[0] + n[1], n[1] + n[2]],
                                 right_marks=[corner(n, 1)])


# ----------------------------------------------------------------------------- perimeters


@register_seed
class RhombusOnGrid(SeedQuestion):
    """Drawn with the analytic family: the diagonals are read off the unit grid by counting
    its squares. The axes carry no numbers: a rhombus across an axis took in its tick labels
    (143 of 200 pictures), where "-4" on diagonal AC or "2" beside BD read as given lengths."""

    seed_id = "plane-rhombus-grid-perimeter"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"p": 3, "q": 4, "center": [-1, 1]}

    def sample(self, rng):
        p, q = (int(v) for v in rng.choice(range(1, 6), size=2, replace=False))
        # off the axes, so that no diagonal hides under an axis
        cx = int(rng_choice(rng, [x for x in range(-6 + p, 7 - p) if x]))
        cy = int(rng_choice(rng, [y for y in range(-6 + q, 7 - q) if y]))
        return {"p": p, "q": q, "center": [cx, cy]}

    def _verts(self, p):
        cx, cy = p["center"]
        return [[cx + p["p"], cy], [cx, cy + p["q"]], [cx - p["p"], cy], [cx, cy - p["q"]]]

    def question(self, p):
        return ("The rhombus ABCD and its diagonals are drawn on a grid of unit squares. What "
                "is the perimeter of the rhombus? Round to two decimal places.")

    def answer(self, p):
        return half_up(4 * math.sqrt(p["p"] ** 2 + p["q"] ** 2), 2)  # half-diagonals are legs

    def check(self, p):
        v = self._verts(p)
        return half_up(sum(math.dist(v[i], v[(i + 1) % 4]) for i in range(4)), 2)

    def diagram(self, p):
        v = [[float(x), float(y)] for x, y in self._verts(p)]
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, tick_labels=False, objects=[
            GeoObject("quadrilateral", name="ABCD", pts=v, pt_names=list("ABCD"),
                      color="blue"),
            GeoObject("segment", name="AC", pts=[v[0], v[2]], color="gray"),
            GeoObject("segment", name="BD", pts=[v[1], v[3]], color="gray")])


def _rect_params(rng, square: bool) -> dict:
    if square:
        return {"side": float(rng.integers(3, 11))}
    h = float(rng.integers(3, 9))
    w = h
    while abs(w - h) < 2:
        w = float(rng.integers(4, 13))
    return {"width": w, "height": h}


@register_seed
class HousePerimeter(SeedQuestion):
    """A rectangle (or square) with an equilateral triangle standing on one side; the three
    triangle sides carry the same ticks."""

    seed_id = "plane-house-perimeter"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"params": {"width": 8.0, "height": 5.0}, "side": 2,
                 "names": ["A", "B", "C", "D"], "rotation": 0.0}

    def sample(self, rng):
        return {"params": _rect_params(rng, rng.random() < 0.3), "side": int(rng.integers(4)),
                "names": pick_names(rng, 4),
                "rotation": pick_rotation(rng, 0.5)}

    def question(self, p):
        return ("The figure is made of a rectangle and an equilateral triangle standing on one "
                "of its sides. What is the perimeter of the whole figure?")

    def answer(self, p):
        prm = p["params"]
        if "side" in prm:
            return 5 * prm["side"]
        w, h = prm["width"], prm["height"]
        on = w if p["side"] % 2 == 0 else h  # sides AB, CD are widths; BC, DA heights
        other = h if p["side"] % 2 == 0 else w
        return 3 * on + 2 * other  # the shared side is inside: two triangle sides replace it

    def check(self, p):
        return outline_length(build_model(self.diagram(p)))

    def diagram(self, p):
        n = p["names"]
        sides = [n[i] + n[(i + 1) % 4] for i in range(4)]
        on = sides[p["side"]]
        apex = next(c for c in "EFHJKMT" if c not in n)
        tri = [on, on[1] + apex, apex + on[0]]
        if "side" in p["params"]:
            shown = [sides[(p["side"] + 1) % 4]]
            groups = [sides + tri[1:]]
        else:
            shown = [sides[(p["side"] + 2) % 4], sides[(p["side"] + 1) % 4]]
            groups = [tri]
        return PlaneGeometrySpec(base="square" if "side" in p["params"] else "rectangle",
                                 params=p["params"], names=list(n),
                                 attachments=[Attachment("triangle", side=on, names=[apex],
                                                         angles=[60, 60])],
                                 rotation=p["rotation"], shown_sides=shown,
                                 right_marks=[corner(n, (p["side"] + 2) % 4),
                                              corner(n, (p["side"] + 3) % 4)],
                                 equal_groups=groups)


CONTEXTS = (
    ("A garden", "metres", "How many metres of fence are needed to go all the way around it?"),
    ("A swimming pool", "metres", "How many metres of edging tiles run along its whole border?"),
    ("A rug", "feet", "How many feet of binding are needed to trim its whole edge?"),
    ("A tabletop", "decimetres", "How many decimetres of trim go around its whole edge?"),
    ("A running field", "metres", "How long is one lap along its boundary, in metres?"),
    ("A stage", "metres", "How many metres of railing would run along its whole edge?"),
)


@register_seed
class FencePerimeter(SeedQuestion):
    """A rectangle with a semicircle on one or both of its short ends."""

    seed_id = "plane-fence-perimeter"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("real-life context", "numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("Measuring the shape took {m} minutes.",)
    canonical = {"context": 0, "width": 10.0, "height": 6.0, "ends": 2, "rotation": 0.0}

    def sample(self, rng):
        h = float(rng.integers(3, 9))
        return {"context": int(rng.integers(len(CONTEXTS))),
                "width": float(rng.integers(int(h) + 2, 17)), "height": h,
                "ends": int(rng.integers(1, 3)), "rotation": pick_rotation(rng, 0.6)}

    def question(self, p):
        thing, unit, ask = CONTEXTS[p["context"]]
        return (f"{thing} has the shape shown (a rectangle with semicircular ends where drawn), "
                f"with lengths in {unit}. {ask} Round to two decimal places.")

    def answer(self, p):
        w, h, k = p["width"], p["height"], p["ends"]
        # straight sides: both widths, plus the short sides without a semicircle
        return half_up(2 * w + (2 - k) * h + k * math.pi * h / 2, 2)

    def check(self, p):
        return half_up(outline_length(build_model(self.diagram(p))), 2)

    def diagram(self, p):
        atts = [Attachment("semicircle_out", side="BC", shaded=True)]
        if p["ends"] == 2:
            atts.append(Attachment("semicircle_out", side="DA", shaded=True))
        return PlaneGeometrySpec(base="rectangle",
                                 params={"width": p["width"], "height": p["height"]},
                                 names=list("ABCD"), attachments=atts, rotation=p["rotation"],
                                 shown_sides=["AB", "BC"], right_marks=["DAB"],
                                 base_shaded=True, fill="green")
