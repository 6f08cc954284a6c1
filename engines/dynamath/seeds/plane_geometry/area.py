"""DynaMath "plane geometry" seeds, areas: a rectangle with a semicircle added or cut out, the
coloured or white part of a shape with its inscribed circle, one coloured piece of a composite
figure, sector area and arc length, right trapezoids, parallelograms from two sides and an
angle, and (undergraduate) the centroid of a rectangle with a semicircle.

The colour seeds name the asked region by its colour in the picture ("the white part", "the
orange shape"), so the colour decides the answer. ``check`` integrates over the figure that
``build_model`` builds (Green's theorem with Gauss-Legendre quadrature over its segments and
arcs, see plane_geometry/measure.py) rather than applying the area formulas again.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_geometry.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.plane_geometry.measure import (TOPIC, corner, figure_moments,
                                                           path_integrals, pick_names,
                                                           pick_rotation, piece_integrals)
from renderers.plane_geometry.spec import Attachment, PlaneGeometrySpec, build_model
from renderers.spec import rng_choice
from renderers.text import half_up

# light fills that keep their name (pale red reads as pink, pale yellow as cream, pale cyan
# as light blue)
FILLS = ("blue", "green", "orange", "purple")


def _half(rng, lo: int, hi: int, p: float = 0.2) -> float:
    v = float(rng.integers(lo, hi + 1))
    return v + 0.5 if rng.random() < p else v


def _sides(n: list[str]) -> list[str]:
    return [n[i] + n[(i + 1) % len(n)] for i in range(len(n))]


# ----------------------------------------------------------------------------- composites


@register_seed
class SemicircleComposite(SeedQuestion):
    seed_id = "plane-semicircle-composite-area"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"params": {"width": 10.0, "height": 6.0}, "side": 1, "kind": "out",
                 "names": ["A", "B", "C", "D"], "rotation": 0.0}

    def sample(self, rng):
        if rng.random() < 0.3:
            prm = {"side": float(rng.integers(4, 13))}
        else:
            h = float(rng.integers(3, 10))
            w = h
            while abs(w - h) < 2:
                w = float(rng.integers(4, 15))
            prm = {"width": w, "height": h}
        side = int(rng.integers(4))
        L, M = self._dims(prm, side)
        kind = "in" if rng.random() < 0.45 and L / 2 <= 0.85 * M else "out"
        return {"params": prm, "side": side, "kind": kind, "names": pick_names(rng, 4),
                "rotation": pick_rotation(rng)}

    @staticmethod
    def _dims(prm: dict, side: int) -> tuple[float, float]:
        """Length of the side carrying the semicircle, and the other dimension."""
        if "side" in prm:
            return prm["side"], prm["side"]
        w, h = prm["width"], prm["height"]
        return (w, h) if side % 2 == 0 else (h, w)

    def question(self, p):
        return ("The shaded figure is a rectangle with a semicircle added on one side or cut "
                "out of it. What is the area of the shaded figure? Round to two decimal places.")

    def answer(self, p):
        L, M = self._dims(p["params"], p["side"])
        half_disc = math.pi * L * L / 8
        return half_up(L * M + (half_disc if p["kind"] == "out" else -half_disc), 2)

    def check(self, p):
        return half_up(figure_moments(build_model(self.diagram(p)))[0], 2)

    def diagram(self, p):
        n = p["names"]
        sides = _sides(n)
        square = "side" in p["params"]
        att = Attachment("semicircle_out" if p["kind"] == "out" else "semicircle_in",
                         side=sides[p["side"]], shaded=True)
        if square:
            marks = {"shown_sides": [sides[(p["side"] + 1) % 4]], "equal_groups": [sides]}
        else:
            marks = {"shown_sides": [sides[(p["side"] + 2) % 4], sides[(p["side"] + 1) % 4]]}
        return PlaneGeometrySpec(base="square" if square else "rectangle", params=p["params"],
                                 names=list(n), attachments=[att], rotation=p["rotation"],
                                 right_marks=[corner(n, (p["side"] + 2) % 4)],
                                 base_shaded=True, fill="blue", **marks)


@register_seed
class InscribedCircleColour(SeedQuestion):
    """A square or equilateral triangle with its inscribed circle: either the disc or the ring
    around it is coloured, and the question asks for the coloured or for the white part."""

    seed_id = "plane-inscribed-circle-colour"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("color", "numerical value", "geometric transformation")
    canonical = {"shape": "square", "side": 6.0, "disc_coloured": False, "fill": "blue",
                 "ask": "blue", "rotation": 0.0}

    def sample(self, rng):
        shape = rng_choice(rng, ("square", "square", "equilateral triangle"))
        fill = rng_choice(rng, FILLS)
        return {"shape": shape, "side": float(rng.integers(4, 13)),
                "disc_coloured": bool(rng.random() < 0.5), "fill": fill,
                "ask": fill if rng.random() < 0.6 else "white",
                "rotation": pick_rotation(rng, 0.5)}

    def question(self, p):
        return (f"A circle is inscribed in the {p['shape']}. What is the area of the "
                f"{p['ask']} part of the {p['shape']}? Round to two decimal places.")

    def answer(self, p):
        s = p["side"]
        if p["shape"] == "square":
            shape, r = s * s, s / 2
        else:
            shape, r = math.sqrt(3) / 4 * s * s, s / (2 * math.sqrt(3))
        disc = math.pi * r * r
        asks_disc = (p["ask"] == p["fill"]) == p["disc_coloured"]
        return half_up(disc if asks_disc else shape - disc, 2)

    def check(self, p):
        m = build_model(self.diagram(p))
        shape, disc = piece_integrals(m, 0)[0], piece_integrals(m, 1)[0]
        coloured = disc if p["disc_coloured"] else shape - disc
        return half_up(coloured if p["ask"] == p["fill"] else shape - coloured, 2)

    def diagram(self, p):
        tri = p["shape"] != "square"
        names = ["A", "B", "C"] if tri else ["A", "B", "C", "D"]
        return PlaneGeometrySpec(
            base="equilateral_triangle" if tri else "square", params={"side": p["side"]},
            names=names, attachments=[Attachment("incircle", names=["O"],
                                                 shaded=p["disc_coloured"])],
            rotation=p["rotation"], shown_sides=["AB"],
            right_marks=[] if tri else ["DAB"], base_shaded=not p["disc_coloured"],
            fill=p["fill"])


@register_seed
class ColouredPiece(SeedQuestion):
    """A square with an equilateral triangle on one side and a semicircle on another; one of
    the three pieces is coloured and asked for by its colour."""

    seed_id = "plane-coloured-piece-area"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("color", "numerical value", "geometric transformation")
    canonical = {"side": 6.0, "tri_side": 2, "semi_side": 1, "coloured": 1, "fill": "orange",
                 "rotation": 0.0}

    def sample(self, rng):
        t = int(rng.integers(4))
        return {"side": float(rng.integers(4, 13)), "tri_side": t,
                "semi_side": (t + int(rng.integers(1, 4))) % 4,
                "coloured": int(rng.integers(3)), "fill": rng_choice(rng, FILLS),
                "rotation": pick_rotation(rng, 0.5)}

    def question(self, p):
        return (f"The figure is made of a square, an equilateral triangle and a semicircle. "
                f"What is the area of the {p['fill']} shape? Round to two decimal places.")

    def answer(self, p):
        s = p["side"]
        return half_up((s * s, math.sqrt(3) / 4 * s * s, math.pi * s * s / 8)[p["coloured"]], 2)

    def check(self, p):
        m = build_model(self.diagram(p))
        return half_up(next(piece_integrals(m, i)[0] for i, pc in enumerate(m.pieces)
                            if pc.shaded), 2)

    def diagram(self, p):
        n = ["A", "B", "C", "D"]
        sides = _sides(n)
        tri, semi = sides[p["tri_side"]], sides[p["semi_side"]]
        c = p["coloured"]
        free = [i for i in range(4) if sides[i] not in (tri, semi)]
        # a right-angle mark only where both sides of the corner are bare
        bare = [i for i in free if (i - 1) % 4 in free]
        return PlaneGeometrySpec(
            base="square", params={"side": p["side"]}, names=n,
            attachments=[Attachment("triangle", side=tri, names=["E"], angles=[60, 60],
                                    shaded=c == 1),
                         Attachment("semicircle_out", side=semi, shaded=c == 2)],
            rotation=p["rotation"], base_shaded=c == 0, fill=p["fill"],
            shown_sides=[sides[free[0]]], equal_groups=[sides + [tri[1] + "E", "E" + tri[0]]],
            right_marks=[corner(n, bare[0])] if bare else [])


# ----------------------------------------------------------------------------- sectors

SECTOR_ANGLES = (30, 36, 40, 45, 60, 72, 75, 80, 90, 100, 108, 120, 135, 144, 150, 160)


def _sector_params(rng) -> dict:
    return {"radius": _half(rng, 3, 12), "angle": int(rng_choice(rng, SECTOR_ANGLES)),
            "rotation": pick_rotation(rng)}


def _sector_spec(p: dict, shaded: bool) -> PlaneGeometrySpec:
    return PlaneGeometrySpec(base="sector", params={"radius": p["radius"], "angle": p["angle"]},
                             names=["O", "A", "B"], rotation=p["rotation"], shown_sides=["OA"],
                             shown_angles=["AOB"], base_shaded=shaded, fill="orange")


@register_seed
class SectorArea(SeedQuestion):
    seed_id = "plane-sector-area"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The sector is cut from a sheet of card that weighs {m} grams.",)
    canonical = {"radius": 6.0, "angle": 60, "rotation": 0.0}

    def sample(self, rng):
        return _sector_params(rng)

    def question(self, p):
        return "What is the area of the shaded sector? Round to two decimal places."

    def answer(self, p):
        return half_up(math.pi * p["radius"] ** 2 * p["angle"] / 360, 2)

    def check(self, p):
        return half_up(piece_integrals(build_model(self.diagram(p)), 0)[0], 2)

    def diagram(self, p):
        return _sector_spec(p, True)


@register_seed
class ArcLength(SeedQuestion):
    seed_id = "plane-arc-length"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"radius": 9.0, "angle": 120, "rotation": 0.0}

    def sample(self, rng):
        return _sector_params(rng)

    def question(self, p):
        return ("What is the length of the arc AB of the sector? Round to two decimal "
                "places.")

    def answer(self, p):
        return half_up(math.pi * p["radius"] * p["angle"] / 180, 2)

    def check(self, p):
        pc = build_model(self.diagram(p)).pieces[0]
        return half_up(path_integrals([("arc", pc.center, pc.radius, *pc.arc)])[3], 2)

    def diagram(self, p):
        return _sector_spec(p, False)


# ----------------------------------------------------------------------------- quadrilaterals


@register_seed
class RightTrapezoidArea(SeedQuestion):
    """Right angles on the left (offset 0) or on the right (offset = bottom - top) leg, which
    is then the height."""

    seed_id = "plane-right-trapezoid-area"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"bottom": 12.0, "top": 7.0, "height": 5.0, "mirror": False,
                 "names": ["A", "B", "C", "D"], "rotation": 0.0}

    def sample(self, rng):
        b = float(rng.integers(8, 17))
        return {"bottom": b, "top": _half(rng, 3, int(b) - 2, 0.15),
                "height": _half(rng, 3, 9), "mirror": bool(rng.random() < 0.5),
                "names": pick_names(rng, 4), "rotation": pick_rotation(rng, 0.5)}

    def question(self, p):
        return "What is the area of the trapezoid?"

    def answer(self, p):
        return (p["bottom"] + p["top"]) * p["height"] / 2

    def check(self, p):
        return piece_integrals(build_model(self.diagram(p)), 0)[0]

    def diagram(self, p):
        n = p["names"]
        s = _sides(n)  # AB bottom, BC, CD top, DA
        b, t = p["bottom"], p["top"]
        leg, rights = (s[1], [corner(n, 1), corner(n, 2)]) if p["mirror"] else \
            (s[3], [corner(n, 0), corner(n, 3)])
        return PlaneGeometrySpec(base="trapezoid",
                                 params={"bottom": b, "top": t, "height": p["height"],
                                         "offset": b - t if p["mirror"] else 0.0},
                                 names=list(n), rotation=p["rotation"],
                                 shown_sides=[s[0], s[2], leg], right_marks=rights,
                                 parallel_groups=[[s[0], s[2]]])


@register_seed
class ParallelogramArea(SeedQuestion):
    seed_id = "plane-parallelogram-area"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"base": 10.0, "side": 6.0, "angle": 30, "names": ["A", "B", "C", "D"],
                 "rotation": 0.0}

    def sample(self, rng):
        b = float(rng.integers(6, 15))
        s = b
        while s == b:
            s = float(rng.integers(4, 10))
        return {"base": b, "side": s, "angle": int(rng_choice(rng, (30, 45, 60, 120, 135, 150))),
                "names": pick_names(rng, 4), "rotation": pick_rotation(rng)}

    def question(self, p):
        return ("The parallelogram has two sides and the angle between them given. What is its "
                "area? Round to two decimal places.")

    def answer(self, p):
        return half_up(p["base"] * p["side"] * math.sin(math.radians(p["angle"])), 2)

    def check(self, p):
        return half_up(piece_integrals(build_model(self.diagram(p)), 0)[0], 2)

    def diagram(self, p):
        n = p["names"]
        s = _sides(n)
        return PlaneGeometrySpec(base="parallelogram",
                                 params={"base": p["base"], "side": p["side"],
                                         "angle": p["angle"]},
                                 names=list(n), rotation=p["rotation"],
                                 shown_sides=[s[0], n[0] + n[3]], shown_angles=[corner(n, 0)],
                                 parallel_groups=[[s[0], s[2]], [s[1], s[3]]])


# ----------------------------------------------------------------------------- centroid


@register_seed
class CompositeCentroid(SeedQuestion):
    """Rectangle ABCD with a semicircle on CD, outward (added) or inward (cut out)."""

    seed_id = "plane-composite-centroid"
    topic, level, answer_type = TOPIC, "undergraduate", "float"
    kinds = ("numerical value", "geometric transformation", "symbolic substitution")
    canonical = {"width": 8.0, "height": 6.0, "kind": "out", "names": ["A", "B", "C", "D"],
                 "rotation": 0.0}

    def sample(self, rng):
        w, h = float(rng.integers(6, 13)), float(rng.integers(4, 11))
        kind = "in" if rng.random() < 0.5 and w / 2 <= 0.85 * h else "out"
        return {"width": w, "height": h, "kind": kind, "names": pick_names(rng, 4),
                "rotation": pick_rotation(rng, 0.5)}

    def question(self, p):
        n = p["names"]
        return (f"The shaded figure is rectangle {''.join(n)} with a semicircle on side "
                f"{n[2]}{n[3]}, either added or cut out. How far is the centroid of the shaded "
                f"figure from side {n[0]}{n[1]}? Round to two decimal places.")

    def answer(self, p):
        w, h = p["width"], p["height"]
        r = w / 2
        a_rect, a_semi = w * h, math.pi * r * r / 2
        off = 4 * r / (3 * math.pi)  # centroid of a half disc from its diameter
        if p["kind"] == "out":
            y = (a_rect * h / 2 + a_semi * (h + off)) / (a_rect + a_semi)
        else:
            y = (a_rect * h / 2 - a_semi * (h - off)) / (a_rect - a_semi)
        return half_up(y, 2)

    def check(self, p):
        m = build_model(self.diagram(p))
        A, Sx, Sy = figure_moments(m)
        g = (Sx / A, Sy / A)
        a, b = m.points[p["names"][0]], m.points[p["names"][1]]
        cross = (b[0] - a[0]) * (g[1] - a[1]) - (b[1] - a[1]) * (g[0] - a[0])
        return half_up(abs(cross) / math.dist(a, b), 2)

    def diagram(self, p):
        n = p["names"]
        s = _sides(n)
        return PlaneGeometrySpec(
            base="rectangle", params={"width": p["width"], "height": p["height"]},
            names=list(n), rotation=p["rotation"],
            attachments=[Attachment("semicircle_out" if p["kind"] == "out" else
                                    "semicircle_in", side=s[2], shaded=True)],
            shown_sides=[s[0], s[1]], right_marks=[corner(n, 0), corner(n, 1)],
            base_shaded=True, fill="purple")
