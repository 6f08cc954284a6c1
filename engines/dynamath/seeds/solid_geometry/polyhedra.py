"""DynaMath "solid geometry" seeds on polyhedra: volumes and surface areas of labelled boxes,
pyramids and prisms, diagonals and angles, counting faces / edges / vertices, the hidden corner
of a box, a ball in a cube, a tank's capacity in litres. Round solids are in
solid_geometry/round_solids.py; the shared views and mesh measures in solid_geometry/meshes.py.

Why these: DynaMath's solid-geometry questions read the measurements off a 3-D drawing; here
every variant re-draws the solid (its lengths, often its kind, base or viewpoint), so the same
question text comes with a different answer. Answers use the textbook formulas on the params;
``check`` re-derives them another way: volumes and areas of polyhedra from the renderer's 3-D
mesh (tetrahedra and triangles), round solids by Gauss-Legendre quadrature of the solid of
revolution, angles from face normals or vectors, the optimum by ternary search.

    python -m pytest -q tests/engines/dynamath/test_seeds_solid_geometry.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.solid_geometry.meshes import (ELEM, HIGH, ROUND2, TOPIC, UNI, look,
                                                          mesh_area, mesh_volume, poly_view,
                                                          revolve, round_view, solid)
from renderers.solid_geometry.spec import hidden_edges, polyhedron
from renderers.spec import rng_choice
from renderers.text import r2


# ----------------------------------------------------------------------------- boxes


@register_seed
class CuboidVolume(SeedQuestion):
    seed_id = "solid-cuboid-volume"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("The cuboid is a box that weighs {m} kilograms.",)
    canonical = {"a": 6, "b": 4, "c": 3, "unit": "cm", "style": "value", "color": "blue",
                 "shade": False, "view": {"projection": "oblique", "view_angle": 45.0,
                                          "elevation": 20.0, "depth_ratio": 0.5}}

    def sample(self, rng):
        a, b, c = (int(x) for x in rng.integers(2, 13, size=3))
        return {"a": max(a, b), "b": min(a, b), "c": c, "unit": rng_choice(rng, ("", "cm", "m")),
                "style": rng_choice(rng, ("value", "value", "named")), "view": poly_view(rng),
                **look(rng)}

    def question(self, p):
        return "What is the volume of the cuboid shown?"

    def answer(self, p):
        return float(p["a"] * p["b"] * p["c"])

    def check(self, p):
        return round(mesh_volume(self.diagram(p)), 6)

    def diagram(self, p):
        return solid(p, "cuboid", a=p["a"], b=p["b"], c=p["c"], unit=p["unit"],
                     shown=["length", "width", "height"], label_style=p["style"])


@register_seed
class BoxWrapping(SeedQuestion):
    seed_id = "solid-box-wrapping"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        a, b, c = (int(x) for x in rng.integers(3, 31, size=3))
        return {"a": max(a, b), "b": min(a, b), "c": min(c, 2 * max(a, b)),
                "view": poly_view(rng), **look(rng)}

    def question(self, p):
        return ("A gift box has the shape of the cuboid shown (measurements in cm). How many "
                "square centimetres of paper are needed to cover the whole box without overlaps?")

    def answer(self, p):
        a, b, c = p["a"], p["b"], p["c"]
        return float(2 * (a * b + b * c + c * a))

    def check(self, p):
        return round(mesh_area(self.diagram(p)), 6)

    def diagram(self, p):
        return solid(p, "cuboid", a=p["a"], b=p["b"], c=p["c"], unit="cm",
                     shown=["length", "width", "height"])


@register_seed
class SpaceDiagonal(SeedQuestion):
    seed_id = "solid-space-diagonal"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The cuboid is a box that weighs {m} grams.",)
    clause_first = True

    def sample(self, rng):
        cube = bool(rng.random() < 0.35)
        a, b, c = (int(x) for x in rng.integers(2, 13, size=3))
        if cube:
            b = c = a
        return {"cube": cube, "a": max(a, b), "b": min(a, b), "c": c, "view": poly_view(rng),
                "style": rng_choice(rng, ("value", "named")), **look(rng)}

    def question(self, p):
        return (f"The segment drawn through the inside of the {'cube' if p['cube'] else 'cuboid'} "
                "joins two opposite corners. How long is it? " + ROUND2)

    def answer(self, p):
        return r2(math.sqrt(p["a"] ** 2 + p["b"] ** 2 + p["c"] ** 2))

    def check(self, p):
        v = polyhedron(self.diagram(p)).verts
        return r2(max(float(np.linalg.norm(x - y)) for x in v for y in v))

    def diagram(self, p):
        if p["cube"]:
            return solid(p, "cube", a=p["a"], shown=["edge"], extras=["space_diagonal"],
                         label_style=p["style"])
        return solid(p, "cuboid", a=p["a"], b=p["b"], c=p["c"], extras=["space_diagonal"],
                     shown=["length", "width", "height"], label_style=p["style"])


# the solids the counting question draws: (kind, base)
COUNTED = (("cube", ""), ("cuboid", ""), ("pyramid", "square"), ("pyramid", "triangle"),
           ("prism", "triangle"), ("prism", "hexagon"))


@register_seed
class CountElements(SeedQuestion):
    seed_id = "solid-count-elements"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("geometric transformation",)

    def sample(self, rng):
        kind, base = rng_choice(rng, COUNTED)
        a = int(rng.integers(3, 7))
        return {"kind": kind, "base": base, "a": a, "b": int(rng.integers(2, a + 1)),
                "h": int(rng.integers(a, 2 * a + 1)),
                "ask": rng_choice(rng, ("faces", "edges", "vertices")),
                "view": poly_view(rng, base), **look(rng)}

    def question(self, p):
        return f"How many {p['ask']} does the solid shown have?"

    def answer(self, p):
        n = {"": 4, "square": 4, "triangle": 3, "hexagon": 6}[p["base"]]
        if p["kind"] == "pyramid":
            return float({"faces": n + 1, "edges": 2 * n, "vertices": n + 1}[p["ask"]])
        return float({"faces": n + 2, "edges": 3 * n, "vertices": 2 * n}[p["ask"]])

    def check(self, p):
        poly = polyhedron(self.diagram(p))
        edges = {tuple(sorted((f[i], f[(i + 1) % len(f)]))) for f in poly.faces
                 for i in range(len(f))}
        return float({"faces": len(poly.faces), "edges": len(edges),
                      "vertices": len(poly.verts)}[p["ask"]])

    def diagram(self, p):
        return solid(p, p["kind"], base=p["base"], a=p["a"], b=p["b"], c=p["h"],
                     height=p["h"])


@register_seed
class HiddenVertex(SeedQuestion):
    seed_id = "solid-hidden-vertex"
    topic, level, answer_type = TOPIC, HIGH, "text"
    kinds = ("geometric transformation",)

    def sample(self, rng):
        cube = bool(rng.random() < 0.5)
        a = int(rng.integers(3, 8))
        b = a if cube else int(rng.integers(2, a + 1))
        if rng.random() < 0.6:
            view = {"projection": "oblique", "depth_ratio": 0.5, "elevation": 20.0,
                    "view_angle": float(rng_choice(rng, (30, 40, 45, 135, 140, 150)))}
        else:  # from above or, sometimes, from below
            # keep clear of looking along a base diagonal (azimuth atan(a / b)), where a back
            # vertical edge hides behind a front one
            bad = math.degrees(math.atan2(a, b))
            az = float(rng_choice(rng, [x for x in range(20, 71) if abs(x - bad) >= 12]))
            el = float(rng.integers(16, 30)) * (1 if rng.random() < 0.75 else -1)
            view = {"projection": "orthographic", "depth_ratio": 0.5, "elevation": el,
                    "view_angle": az * (1 if rng.random() < 0.5 else -1)}
        return {"cube": cube, "a": a, "b": b,
                "c": a if cube else int(rng.integers(2, 9)), "rot": int(rng.integers(4)),
                "top": rng_choice(rng, ("EFGH", "'", "1")), "view": view, **look(rng)}

    def names(self, p) -> list[str]:
        k = p["rot"]
        bottom = ["ABCD"[(i + k) % 4] for i in range(4)]
        top = (["EFGH"[(i + k) % 4] for i in range(4)] if p["top"] == "EFGH"
               else [x + p["top"] for x in bottom])
        return bottom + top

    def question(self, p):
        return ("In the drawing, edges hidden from view are dashed. Which vertex of the solid "
                "is hidden, that is, every edge meeting at it is dashed?")

    def answer(self, p):
        v = p["view"]
        if v["projection"] == "oblique":
            al = math.radians(v["view_angle"])
            eye = np.array([v["depth_ratio"] * math.cos(al), -1.0,
                            v["depth_ratio"] * math.sin(al)])
        else:
            az, el = math.radians(v["view_angle"]), math.radians(v["elevation"])
            eye = np.array([math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el),
                            math.sin(el)])
        # corners in the slot order of the drawing: front-left, front-right, back-right,
        # back-left, bottom then top; the farthest from the viewer is the hidden one
        sx, sy = (-1, 1, 1, -1), (-1, -1, 1, 1)
        corners = [(x * p["a"], y * p["b"], z * p["c"]) for z in (0, 1) for x, y in zip(sx, sy)]
        far = min(range(8), key=lambda i: float(np.dot(corners[i], eye)))
        return self.names(p)[far]

    def check(self, p):
        hid = hidden_edges(self.diagram(p))
        ends = [i for i in range(8) if sum(i in e for e in hid) == 3]
        return self.names(p)[ends[0]] if len(ends) == 1 else None

    def diagram(self, p):
        kind = "cube" if p["cube"] else "cuboid"
        return solid(p, kind, a=p["a"], b=p["b"], c=p["c"], vertex_names=self.names(p))


@register_seed
class BallInCube(SeedQuestion):
    seed_id = "solid-ball-in-cube"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("The cube is a gift box that weighs {m} grams.",)

    def sample(self, rng):
        return {"a": int(rng.integers(2, 21)), "unit": rng_choice(rng, ("", "cm")),
                "view": poly_view(rng), **look(rng)}

    def question(self, p):
        return ("A ball fits exactly inside the cube shown, touching all six faces. What is "
                "the volume of the ball? " + ROUND2)

    def answer(self, p):
        return r2(4 / 3 * math.pi * (p["a"] / 2) ** 3)

    def check(self, p):
        return r2(revolve("sphere", p["a"] / 2)[0])

    def diagram(self, p):
        return solid(p, "cube", a=p["a"], shown=["edge"], unit=p["unit"])


@register_seed
class TankLitres(SeedQuestion):
    seed_id = "solid-tank-litres"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", "geometric transformation", IRRELEVANT)
    clauses = ("Filling the empty tank with a hose takes {m} minutes.",)

    def sample(self, rng):
        if rng.random() < 0.5:
            a, b = sorted(int(x) for x in rng.integers(2, 11, size=2) * 10)
            return {"kind": "cuboid", "a": b, "b": a, "c": int(rng.integers(2, 9)) * 10,
                    "view": poly_view(rng), **look(rng)}
        r = int(rng.integers(2, 9)) * 5
        lo = max(2, math.ceil(0.8 * r / 10))
        h = int(rng.integers(lo, max(lo, 3 * r // 10) + 1)) * 10
        return {"kind": "cylinder", "r": r, "h": h,
                "view": round_view(rng), **look(rng)}

    def question(self, p):
        return ("The drawing shows a water tank with its inside measurements in centimetres. "
                "How many litres of water does the full tank hold? " + ROUND2)

    def answer(self, p):
        if p["kind"] == "cuboid":
            return r2(p["a"] * p["b"] * p["c"] / 1000)
        return r2(math.pi * p["r"] ** 2 * p["h"] / 1000)

    def check(self, p):
        s = self.diagram(p)
        vol = mesh_volume(s) if p["kind"] == "cuboid" else revolve("cylinder", p["r"], p["h"])[0]
        return r2(vol / 10 ** 3)  # 1 L = 10 cm x 10 cm x 10 cm

    def diagram(self, p):
        if p["kind"] == "cuboid":
            return solid(p, "cuboid", a=p["a"], b=p["b"], c=p["c"], unit="cm",
                         shown=["length", "width", "height"])
        return solid(p, "cylinder", radius=p["r"], height=p["h"], unit="cm",
                     shown=["radius", "height"])


# ----------------------------------------------------------------------------- pyramids, prisms


@register_seed
class PyramidVolume(SeedQuestion):
    seed_id = "solid-pyramid-volume"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation")

    def sample(self, rng):
        base = rng_choice(rng, ("square", "triangle"))
        a = int(rng.integers(3, 13))
        return {"base": base, "a": a, "h": int(rng.integers(max(3, round(0.7 * a)), 2 * a + 1)),
                "view": poly_view(rng, base), "style": rng_choice(rng, ("value", "named")),
                **look(rng)}

    def question(self, p):
        return ("The pyramid has a regular base and its apex lies above the centre of the "
                "base. What is its volume? " + ROUND2)

    def answer(self, p):
        a, h = p["a"], p["h"]
        area = a * a if p["base"] == "square" else math.sqrt(3) / 4 * a * a
        return r2(area * h / 3)

    def check(self, p):
        return r2(mesh_volume(self.diagram(p)))

    def diagram(self, p):
        return solid(p, "pyramid", base=p["base"], a=p["a"], height=p["h"],
                     shown=["base_edge", "height"], label_style=p["style"])


@register_seed
class PyramidSurface(SeedQuestion):
    seed_id = "solid-pyramid-surface"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        if rng.random() < 0.35:  # whole slant heights
            a, h = rng_choice(rng, ((6, 4), (8, 3), (10, 12), (16, 6), (12, 8), (6, 4), (16, 15)))
        else:
            a = int(rng.integers(3, 13))
            h = int(rng.integers(max(3, round(0.7 * a)), 2 * a + 1))
        return {"a": int(a), "h": int(h), "view": poly_view(rng),
                "style": rng_choice(rng, ("value", "named")), **look(rng)}

    def question(self, p):
        return ("The pyramid has a square base and its apex lies above the centre of the base. "
                "What is its total surface area (base included)? " + ROUND2)

    def answer(self, p):
        a, h = p["a"], p["h"]
        return r2(a * a + 2 * a * math.sqrt(h * h + a * a / 4))

    def check(self, p):
        return r2(mesh_area(self.diagram(p)))

    def diagram(self, p):
        return solid(p, "pyramid", base="square", a=p["a"], height=p["h"],
                     shown=["base_edge", "height"], label_style=p["style"])


@register_seed
class PyramidDihedral(SeedQuestion):
    seed_id = "solid-pyramid-dihedral"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        a = int(rng.integers(3, 13))
        return {"a": a, "h": int(rng.integers(max(3, round(0.7 * a)), 2 * a + 1)),
                "view": poly_view(rng), "names": bool(rng.random() < 0.5), **look(rng)}

    def question(self, p):
        return ("The pyramid has a square base and its apex lies above the centre of the base. "
                "What is the angle, in degrees, between a lateral face and the base? " + ROUND2)

    def answer(self, p):
        return r2(math.degrees(math.atan2(p["h"], p["a"] / 2)))

    def check(self, p):
        poly = polyhedron(self.diagram(p))
        nb, nl = poly.normals[0], poly.normals[1]  # the base, a lateral face (outward)
        return r2(180 - math.degrees(math.acos(float(np.clip(nb @ nl, -1, 1)))))

    def diagram(self, p):
        return solid(p, "pyramid", base="square", a=p["a"], height=p["h"],
                     shown=["base_edge", "height"],
                     vertex_names=list("ABCDP") if p["names"] else [])


@register_seed
class PrismVolume(SeedQuestion):
    seed_id = "solid-prism-volume"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation")

    def sample(self, rng):
        base = rng_choice(rng, ("triangle", "hexagon"))
        a = int(rng.integers(2, 10))
        top = (5 if base == "triangle" else 6) * a
        return {"base": base, "a": a, "h": int(rng.integers(max(3, a), max(top // 2, a + 1) + 1)),
                "view": poly_view(rng, base), "style": rng_choice(rng, ("value", "named")),
                **look(rng)}

    def question(self, p):
        return ("The right prism has a regular polygon as its base. What is its volume? "
                + ROUND2)

    def answer(self, p):
        a, h = p["a"], p["h"]
        k = math.sqrt(3) / 4 if p["base"] == "triangle" else 3 * math.sqrt(3) / 2
        return r2(k * a * a * h)

    def check(self, p):
        return r2(mesh_volume(self.diagram(p)))

    def diagram(self, p):
        return solid(p, "prism", base=p["base"], a=p["a"], height=p["h"],
                     shown=["base_edge", "height"], label_style=p["style"])


@register_seed
class DiagonalAngle(SeedQuestion):
    seed_id = "solid-diagonal-angle"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        a, b = sorted(int(x) for x in rng.integers(2, 13, size=2))
        return {"a": b, "b": a, "c": int(rng.integers(2, 13)), "view": poly_view(rng),
                **look(rng)}

    def question(self, p):
        return ("A space diagonal of the cuboid is drawn through its inside. What is the "
                "angle, in degrees, between this diagonal and the bottom face? " + ROUND2)

    def answer(self, p):
        return r2(math.degrees(math.atan2(p["c"], math.hypot(p["a"], p["b"]))))

    def check(self, p):
        v = polyhedron(self.diagram(p)).verts
        d = v[6] - v[0]  # bottom front-left to top back-right
        return r2(math.degrees(math.asin(d[2] / np.linalg.norm(d))))

    def diagram(self, p):
        return solid(p, "cuboid", a=p["a"], b=p["b"], c=p["c"], extras=["space_diagonal"],
                     shown=["length", "width", "height"])
