"""DynaMath "solid geometry" seeds on round solids: cone lengths, a cylinder's surface, a
cylinder against a cone, the unrolled cone, the largest cylinder in a cone, and volume formulas
in symbols. Boxes, pyramids and prisms are in solid_geometry/polyhedra.py.

Answers come from the textbook formulas on the params; ``check`` re-derives them another way:
Gauss-Legendre quadrature of the solid of revolution, trigonometry for the cone's lengths, a
ternary search for the optimum, the renderer's mesh for the formula that matches the volume.

    python -m pytest -q tests/engines/dynamath/test_seeds_solid_geometry.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.solid_geometry.meshes import (HIGH, ROUND2, TOPIC, UNI, look,
                                                          mesh_volume, poly_view, revolve,
                                                          round_view, solid)
from renderers.spec import rng_choice
from renderers.text import r2


# ----------------------------------------------------------------------------- round solids


@register_seed
class ConeMissingLength(SeedQuestion):
    seed_id = "solid-cone-missing-length"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)
    canonical = {"given": ["radius", "height"], "vals": [3, 4], "view": {
        "projection": "orthographic", "view_angle": 25.0, "elevation": 16.0, "depth_ratio": 0.5},
        "color": "blue", "shade": False}

    def sample(self, rng):
        given = rng_choice(rng, (("radius", "height"), ("radius", "slant"), ("height", "slant")))
        while True:
            x, y = (int(v) for v in rng.integers(2, 16, size=2))
            if given == ("radius", "height"):
                r, h = x, y
            elif given == ("radius", "slant"):
                r, h = x, math.sqrt(max(y * y - x * x, 0))
            else:
                r, h = math.sqrt(max(y * y - x * x, 0)), x
            if r > 0 and 0.8 <= h / r <= 3.2:
                return {"given": list(given), "vals": [x, y], "view": round_view(rng),
                        **look(rng)}

    def dims(self, p) -> tuple[float, float]:
        x, y = p["vals"]
        g = tuple(p["given"])
        if g == ("radius", "height"):
            return float(x), float(y)
        if g == ("radius", "slant"):
            return float(x), math.sqrt(y * y - x * x)
        return math.sqrt(y * y - x * x), float(x)

    def question(self, p):
        return ("Two of the cone's radius r, height h and slant height s are labelled. How long "
                "is the third one? " + ROUND2)

    def answer(self, p):
        x, y = p["vals"]
        g = tuple(p["given"])
        return r2(math.hypot(x, y) if g == ("radius", "height") else math.sqrt(y * y - x * x))

    def check(self, p):
        x, y = p["vals"]
        g = tuple(p["given"])
        if g == ("radius", "height"):  # s = r / cos(base angle)
            return r2(x / math.cos(math.atan2(y, x)))
        ang = math.acos(x / y)  # angle between the given leg and the slant
        return r2(y * math.sin(ang))

    def diagram(self, p):
        r, h = self.dims(p)
        return solid(p, "cone", radius=r, height=h, shown=list(p["given"]), label_style="named")


@register_seed
class CylinderSurface(SeedQuestion):
    seed_id = "solid-cylinder-surface"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("The cylinder is a tin that weighs {m} grams when empty.",)

    def sample(self, rng):
        r = int(rng.integers(2, 10))
        return {"r": r, "h": int(rng.integers(max(2, round(0.7 * r)), 3 * r + 1)),
                "style": rng_choice(rng, ("value", "named")), "view": round_view(rng),
                **look(rng)}

    def question(self, p):
        return ("What is the total surface area of the cylinder, including its top and "
                "bottom? " + ROUND2)

    def answer(self, p):
        return r2(2 * math.pi * p["r"] * (p["r"] + p["h"]))

    def check(self, p):
        return r2(revolve("cylinder", p["r"], p["h"])[1])

    def diagram(self, p):
        return solid(p, "cylinder", radius=p["r"], height=p["h"], shown=["radius", "height"],
                     label_style=p["style"])


CHOICES_CC = ("the cylinder", "the cone", "they have equal volumes", "it cannot be determined")


@register_seed
class ConeVsCylinder(SeedQuestion):
    seed_id = "solid-cone-vs-cylinder"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value",)

    def sample(self, rng):
        r, h = int(rng.integers(2, 8)), int(rng.integers(3, 13))
        if rng.random() < 0.3:  # equal volumes: R^2 H = 3 r^2 h
            R, H = (3 * r, h // 3) if h % 3 == 0 and rng.random() < 0.4 else (r, 3 * h)
        else:
            R, H = int(rng.integers(2, 3 * r + 1)), int(rng.integers(2, 4 * h + 1))
        return {"r": r, "h": h, "R": R, "H": H, "view": round_view(rng), **look(rng)}

    def question(self, p):
        return ("The picture shows a cylinder; the note at the top gives the radius and height "
                "of a cone. Which of the two solids has the larger volume?")

    def options(self, p):
        return list(CHOICES_CC)

    def answer(self, p):
        cyl, cone = 3 * p["r"] ** 2 * p["h"], p["R"] ** 2 * p["H"]  # both times 3 / pi
        return CHOICES_CC[0 if cyl > cone else 1 if cone > cyl else 2]

    def check(self, p):
        v1 = revolve("cylinder", p["r"], p["h"])[0]
        v2 = revolve("cone", p["R"], p["H"])[0]
        return CHOICES_CC[2 if abs(v1 - v2) < 1e-9 * v1 else 0 if v1 > v2 else 1]

    def diagram(self, p):
        return solid(p, "cylinder", radius=p["r"], height=p["h"], shown=["radius", "height"],
                     label_style="named", note=f"Cone: r = {p['R']}, h = {p['H']}")


@register_seed
class ConeSector(SeedQuestion):
    seed_id = "solid-cone-sector-angle"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        r = int(rng.integers(2, 10))
        return {"r": r, "h": int(rng.integers(max(2, round(0.8 * r)), 3 * r + 1)),
                "view": round_view(rng), **look(rng)}

    def question(self, p):
        return ("The curved surface of the cone is cut along a slant line and unrolled into a "
                "flat circular sector. What is the central angle of the sector in degrees? "
                + ROUND2)

    def answer(self, p):
        return r2(360 * p["r"] / math.hypot(p["r"], p["h"]))

    def check(self, p):
        # the sector's area equals the lateral area; a full disc of radius s would be pi s^2
        vol, total = revolve("cone", p["r"], p["h"])
        lateral = total - math.pi * p["r"] ** 2
        return r2(360 * lateral / (math.pi * (p["r"] ** 2 + p["h"] ** 2)))

    def diagram(self, p):
        return solid(p, "cone", radius=p["r"], height=p["h"], shown=["radius", "height"],
                     label_style="named")


@register_seed
class ConeMaxCylinder(SeedQuestion):
    seed_id = "solid-cone-max-cylinder"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        r = int(rng.integers(2, 10))
        return {"r": r, "h": int(rng.integers(max(2, round(0.8 * r)), 3 * r + 1)),
                "view": round_view(rng), **look(rng)}

    def question(self, p):
        return ("A cylinder stands inside the cone on the cone's base, with the same axis, its "
                "top rim touching the cone's curved surface. What is the largest possible volume "
                "of such a cylinder? " + ROUND2)

    def answer(self, p):
        return r2(4 / 27 * math.pi * p["r"] ** 2 * p["h"])  # at radius 2R/3, height H/3

    def check(self, p):
        R, H = p["r"], p["h"]
        f = lambda x: math.pi * x * x * H * (1 - x / R)  # noqa: E731
        lo, hi = 0.0, float(R)
        for _ in range(200):  # ternary search on the (unimodal) volume
            m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            lo, hi = (lo, m2) if f(m1) > f(m2) else (m1, hi)
        return r2(f((lo + hi) / 2))

    def diagram(self, p):
        return solid(p, "cone", radius=p["r"], height=p["h"], shown=["radius", "height"],
                     label_style="named")


# ----------------------------------------------------------------------------- formulas


# volume formulas in the drawn symbols: (solid, option text, evaluator on the dimensions)
FORMULAS = {
    "cube": ("a³", lambda d: d["a"] ** 3),
    "cuboid": ("abc", lambda d: d["a"] * d["b"] * d["c"]),
    "cylinder": ("πr²h", lambda d: math.pi * d["r"] ** 2 * d["h"]),
    "cone": ("(1/3)πr²h", lambda d: math.pi * d["r"] ** 2 * d["h"] / 3),
    "sphere": ("(4/3)πr³", lambda d: 4 / 3 * math.pi * d["r"] ** 3),
    "pyramid": ("(1/3)a²h", lambda d: d["a"] ** 2 * d["h"] / 3),
    "prism": ("(√3/4)a²h", lambda d: math.sqrt(3) / 4 * d["a"] ** 2 * d["h"]),
}


# fixed option lists (in this order), so that one question text comes with several answers
OPTION_SETS = (("cube", "cuboid", "cylinder", "cone", "sphere"),
               ("cuboid", "cylinder", "cone", "pyramid", "prism"),
               ("cube", "sphere", "cone", "pyramid", "prism"))


@register_seed
class VolumeFormula(SeedQuestion):
    seed_id = "solid-volume-formula"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("symbolic substitution", "geometric transformation")

    def sample(self, rng):
        order = list(rng_choice(rng, OPTION_SETS))
        kind = rng_choice(rng, order)
        base = {"pyramid": "square", "prism": "triangle"}.get(kind, "")
        view = round_view(rng) if kind in ("cylinder", "cone", "sphere") else poly_view(rng, base)
        # the true proportions only shape the picture; the labels are symbols
        dims = {"a": float(rng.integers(4, 7)), "b": float(rng.integers(2, 4)),
                "c": float(rng.integers(3, 6)), "r": 3.0, "h": float(rng.integers(4, 9))}
        return {"kind": kind, "base": base, "order": order, "dims": dims, "view": view,
                **look(rng)}

    def question(self, p):
        # a formula holds only for the solid as defined; the text says what the drawing cannot
        # show, for every kind alike, so that the picture alone decides the answer
        return ("The lengths in the drawing are labelled with letters. A pyramid here has a "
                "square base with its apex above the centre of the base; a prism is upright on "
                "an equilateral triangle; a cylinder or cone is right circular. Which formula "
                "gives the volume of the solid?")

    def options(self, p):
        return ["V = " + FORMULAS[k][0] for k in p["order"]]

    def answer(self, p):
        return "V = " + FORMULAS[p["kind"]][0]

    def check(self, p):
        s = self.diagram(p)
        true = (revolve(s.kind, s.radius, s.height)[0] if s.kind in ("cylinder", "cone", "sphere")
                else mesh_volume(s))
        # the drawn lengths; a letter the solid does not have gets an irrational stand-in so
        # that no other formula can match by coincidence
        d = {"a": s.a, "b": s.b or math.sqrt(2), "c": s.c or math.sqrt(5),
             "r": s.radius or math.sqrt(7), "h": s.height or math.sqrt(11)}
        fits = [k for k in p["order"] if abs(FORMULAS[k][1](d) - true) < 1e-9 * true]
        return "V = " + FORMULAS[fits[0]][0] if len(fits) == 1 else None

    def diagram(self, p):
        k, d = p["kind"], p["dims"]
        kw = {"cube": dict(a=d["a"], shown=["edge"]),
              "cuboid": dict(a=d["a"], b=d["b"], c=d["c"], shown=["length", "width", "height"]),
              "cylinder": dict(radius=d["r"], height=d["h"], shown=["radius", "height"]),
              "cone": dict(radius=d["r"], height=d["h"], shown=["radius", "height"]),
              "sphere": dict(radius=d["r"], shown=["radius"]),
              "pyramid": dict(a=d["a"], height=d["h"], shown=["base_edge", "height"]),
              "prism": dict(a=d["a"], height=d["h"], shown=["base_edge", "height"])}[k]
        return solid(p, k, base=p["base"], label_style="symbol", **kw)
