"""DynaMath "analytic geometry" seeds: circles, parabolas, ellipses and the images of
points and triangles under reflections, rotations and translations.

Why these: besides reading lines and polygons (analytic_geometry/coordinates.py), DynaMath asks for the
measures of a drawn conic (radius, area, eccentricity, coefficients of a parabola), whether a
point lies inside a circle, and which transformation produced an image. Conics are drawn with
integer centres and semi-axes so they read off the grid; transformation seeds draw the original
and candidate images and ask which one is meant. ``check`` uses sympy's geometry module
(Circle, Ellipse, Point.reflect / rotate) or solves for the coefficients from three points.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_geometry.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, ROUND2, TOPIC, UNI, apart,
                                                           coord, fpts, sp, spt, view)
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject
from renderers.spec import rng_choice
from renderers.text import r2

# ----------------------------------------------------------------------------- circles


def _fits(c, r: float, lim: int) -> bool:
    return abs(c[0]) + r <= lim and abs(c[1]) + r <= lim


@register_seed
class CircleMeasure(SeedQuestion):
    seed_id = "analytic-circle-measure"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)
    clause_first = True
    canonical = {"c": [1, -1], "v": [3, 4], "names": ["C", "P"], "coords": True,
                 "ask": "area", "color": "blue", "r": 7}
    ASK = ("radius", "area", "circumference")

    def sample(self, rng):
        r = int(rng.integers(6, 8))
        while True:
            c = [coord(rng, -3, 3), coord(rng, -3, 3)]
            v = [int(x) for x in rng.integers(-4, 5, size=2)]
            on_axis = 0 in (c[0] + v[0], c[1] + v[1])
            if 4 <= v[0] ** 2 + v[1] ** 2 <= 25 and _fits(c, math.hypot(*v), r) and not on_axis:
                return {"c": c, "v": v, "names": [rng_choice(rng, "CKM"), rng_choice(rng, "PQA")],
                        "coords": bool(rng.random() < 0.5), "ask": rng_choice(rng, self.ASK),
                        "color": rng_choice(rng, COLORS), "r": r}

    def question(self, p):
        c, q = p["names"]
        return (f"The circle has centre {c} and passes through {q}. What is its {p['ask']}? "
                f"{ROUND2}")

    def answer(self, p):
        rad = math.hypot(*p["v"])
        return r2({"radius": rad, "area": math.pi * rad * rad,
                   "circumference": 2 * math.pi * rad}[p["ask"]])

    def check(self, p):
        s = sp()
        C = spt(p["c"])
        circ = s.Circle(C, C.distance(spt(np.add(p["c"], p["v"]))))
        return r2(getattr(circ, p["ask"]))

    def diagram(self, p):
        q = np.add(p["c"], p["v"]).tolist()
        return view(p, [GeoObject("circle", "", fpts([p["c"], q]), p["names"],
                                  radius=math.hypot(*p["v"]), color=p["color"],
                                  show_coords=p["coords"])])


RSQ = {4: (0, 2), 5: (1, 2), 8: (2, 2), 9: (0, 3), 10: (1, 3), 13: (2, 3), 16: (0, 4),
       17: (1, 4), 18: (3, 3), 20: (2, 4), 25: (3, 4)}  # r squared: one lattice point on it


@register_seed
class PointInCircle(SeedQuestion):
    seed_id = "analytic-point-in-circle"
    topic, level, answer_type = TOPIC, HIGH, "text"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("Point Q({x}, {y}) is another point of the plane; it is not drawn.",)
    ANSWERS = ("inside", "on", "outside")

    def sample(self, rng):
        where = int(rng.integers(3))
        while True:
            rsq = int(rng_choice(rng, tuple(RSQ)))
            c = [int(v) for v in rng.integers(-3, 4, size=2)]
            if not _fits(c, math.sqrt(rsq), 6):
                continue
            if where == 1:  # a lattice point on the circle, in a random octant
                a, b = RSQ[rsq]
                a, b = (b, a) if rng.random() < 0.5 else (a, b)
                v = [a * rng_choice(rng, (-1, 1)), b * rng_choice(rng, (-1, 1))]
            else:
                v = [int(x) for x in rng.integers(-5, 6, size=2)]
            d2 = v[0] ** 2 + v[1] ** 2
            near = 0.45 * rsq <= d2 < rsq if where == 0 else d2 == rsq if where == 1 else \
                rsq < d2 <= 1.8 * rsq  # close to the curve, so the picture alone is not enough
            P = [c[0] + v[0], c[1] + v[1]]
            if near and max(map(abs, P)) <= 6 and 0 not in P:
                return {"c": c, "rsq": rsq, "P": P, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("Is point P inside the circle, on the circle, or outside the circle? Answer "
                "with one word: inside, on, or outside.")

    def answer(self, p):
        d2 = (p["P"][0] - p["c"][0]) ** 2 + (p["P"][1] - p["c"][1]) ** 2
        return self.ANSWERS[(d2 >= p["rsq"]) + (d2 > p["rsq"])]

    def check(self, p):
        s = sp()
        x, y = s.symbols("x y")
        circ = s.Circle(spt(p["c"]), s.sqrt(p["rsq"]))
        val = circ.equation(x, y).subs({x: p["P"][0], y: p["P"][1]})
        return "on" if val == 0 else "inside" if circ.encloses_point(spt(p["P"])) else "outside"

    def diagram(self, p):
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("circle", "", fpts([p["c"]]), [""], radius=math.sqrt(p["rsq"]),
                      color=p["color"], show_eq=True),
            GeoObject("point", "", fpts([p["P"]]), ["P"], show_coords=True)])


# ----------------------------------------------------------------------------- parabola


@register_seed
class ParabolaCoefficient(SeedQuestion):
    seed_id = "analytic-parabola-coefficient"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A line with slope {n}, not drawn, passes through the vertex.",)
    canonical = {"v": [1, -3], "a": 1.0, "d": 2, "ask": "c", "color": "blue"}
    A = (-2.0, -1.0, -0.5, 0.5, 1.0, 2.0)

    def sample(self, rng):
        while True:
            a = float(rng_choice(rng, self.A))
            v = [coord(rng, -4, 4), int(rng.integers(-5, 6))]
            d = coord(rng, -3, 3)
            P = [v[0] + d, v[1] + a * d * d]
            if abs(P[0]) <= 6 and abs(P[1]) <= 6 and math.dist(P, v) >= 2.5:
                return {"v": v, "a": a, "d": d, "ask": rng_choice(rng, "abc"),
                        "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"The parabola is the graph of y = ax² + bx + c with vertex V, and it passes "
                f"through the point P. What is the value of {p['ask']}?")

    def answer(self, p):
        a, (h, k) = Fraction(p["a"]), p["v"]
        return float({"a": a, "b": -2 * a * h, "c": a * h * h + k}[p["ask"]])

    def check(self, p):
        """Solve for a, b, c from the vertex, the marked point and its mirror image."""
        s = sp()
        a, b, c = s.symbols("a b c")
        (h, k), d = p["v"], p["d"]
        y = s.nsimplify(p["v"][1] + p["a"] * d * d)
        pts = [(h, k), (h + d, y), (h - d, y)]
        sol = s.solve([a * x * x + b * x + c - yy for x, yy in pts], [a, b, c])
        return float(sol[s.Symbol(p["ask"])])

    def diagram(self, p):
        (h, k), d = p["v"], p["d"]
        P = [h + d, k + p["a"] * d * d]
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("parabola", "", fpts([p["v"]]), ["V"], coef=p["a"], color=p["color"],
                      show_coords=True),
            GeoObject("point", "", fpts([P]), ["P"], show_coords=True)])


# ----------------------------------------------------------------------------- ellipse


@register_seed
class EllipseMeasure(SeedQuestion):
    seed_id = "analytic-ellipse-measure"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A circle of radius {n}, not drawn, has the same centre as the ellipse.",)
    canonical = {"c": [1, 0], "ab": [5, 3], "ask": "distance between the foci",
                 "color": "purple"}
    ASK = ("eccentricity", "distance between the foci", "area")

    def sample(self, rng):
        while True:
            ab = [int(v) for v in rng.choice(np.arange(1, 7), size=2, replace=False)]
            c = [int(v) for v in rng.integers(-3, 4, size=2)]
            if abs(c[0]) + ab[0] <= 6 and abs(c[1]) + ab[1] <= 6 and max(ab) >= 3:
                return {"c": c, "ab": ab, "ask": rng_choice(rng, self.ASK),
                        "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return f"What is the {p['ask']} of the ellipse centred at C? {ROUND2}"

    def answer(self, p):
        big, small = max(p["ab"]), min(p["ab"])
        f = math.sqrt(big * big - small * small)
        return r2({"eccentricity": f / big, "distance between the foci": 2 * f,
                   "area": math.pi * big * small}[p["ask"]])

    def check(self, p):
        e = sp().Ellipse(spt(p["c"]), *p["ab"])
        if p["ask"] == "distance between the foci":
            f1, f2 = e.foci
            return r2(f1.distance(f2))
        return r2(getattr(e, p["ask"]))

    def diagram(self, p):
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("ellipse", "", fpts([p["c"]]), ["C"], semi_x=float(p["ab"][0]),
                      semi_y=float(p["ab"][1]), color=p["color"])])


# ----------------------------------------------------------------------------- transformations

MIRRORS = ("across the x-axis", "across the y-axis", "through the origin", "across the line y = x")


def _mirror(q, k: int) -> list[int]:
    x, y = q
    return [[x, -y], [-x, y], [-x, -y], [y, x]][k]


@register_seed
class ReflectPoint(SeedQuestion):
    seed_id = "analytic-reflect-point"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "numerical value", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)
    clause_first = True
    canonical = {"P": [2, 4], "ask": 0, "labels": [0, 1, 2, 3]}

    def sample(self, rng):
        while True:
            P = [coord(rng, -5, 5), coord(rng, -5, 5)]
            imgs = [_mirror(P, k) for k in range(4)]
            if abs(P[0]) != abs(P[1]) and apart([P] + imgs):
                return {"P": P, "ask": int(rng.integers(4)),
                        "labels": [int(i) for i in rng.permutation(4)]}

    def question(self, p):
        return f"Point P is reflected {MIRRORS[p['ask']]}. Which labelled point is its image?"

    def options(self, p):
        return list("ABCD")

    def answer(self, p):
        return "ABCD"[p["labels"][p["ask"]]]

    def check(self, p):
        s = sp()
        P = spt(p["P"])
        img = [P.reflect(s.Line((0, 0), (1, 0))), P.reflect(s.Line((0, 0), (0, 1))),
               P.rotate(s.pi), P.reflect(s.Line((0, 0), (1, 1)))][p["ask"]]
        for o in self.diagram(p).objects[1:]:
            if o.kind == "point" and [int(v) for v in o.pts[0]] == [int(img.x), int(img.y)]:
                return o.pt_names[0]
        return None

    def diagram(self, p):
        objs = [GeoObject("point", "", fpts([p["P"]]), ["P"])]
        for k in range(4):
            objs.append(GeoObject("point", "", fpts([_mirror(p["P"], k)]),
                                  ["ABCD"[p["labels"][k]]]))
        if p["ask"] == 3:  # the mirror line is not an axis: draw it
            objs.append(GeoObject("line", "", [[-1.0, -1.0], [1.0, 1.0]], [], color="gray",
                                  show_eq=True))
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=objs)


MOVES = ("a translation", "a reflection across the x-axis", "a reflection across the y-axis",
         "a rotation of 90° counterclockwise about the origin",
         "a rotation of 180° about the origin")


def _move(q, k: int, shift) -> list[int]:
    x, y = q
    return [[x + shift[0], y + shift[1]], [x, -y], [-x, y], [-y, x], [-x, -y]][k]


@register_seed
class WhichTransformation(SeedQuestion):
    seed_id = "analytic-which-transformation"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation",IRRELEVANT)
    clauses = ("Triangle ABC is one of {n} triangles a student drew that day.",)

    def sample(self, rng):
        k = int(rng.integers(len(MOVES)))
        while True:
            tri = [[int(v) for v in rng.integers(-5, 6, size=2)] for _ in range(3)]
            area2 = abs((tri[1][0] - tri[0][0]) * (tri[2][1] - tri[0][1]) -
                        (tri[2][0] - tri[0][0]) * (tri[1][1] - tri[0][1]))
            shift = [int(v) for v in rng.integers(-6, 7, size=2)]
            img = [_move(q, k, shift) for q in tri]
            lo1, hi1 = np.min(tri, 0), np.max(tri, 0)
            lo2, hi2 = np.min(img, 0), np.max(img, 0)
            # the image must sit apart from the original (boxes disjoint) and inside the grid
            disjoint = (hi1 < lo2 - 0.5).any() or (hi2 < lo1 - 0.5).any()
            if area2 >= 6 and disjoint and np.abs(img).max() <= 5 and apart(tri + img, 2) \
                    and len(self._matches(tri, img)) == 1:
                return {"tri": tri, "move": k, "shift": shift if k == 0 else [0, 0],
                        "colors": ["blue", "red"] if rng.random() < 0.5 else ["green",
                                                                             "orange"]}

    @staticmethod
    def _matches(tri, img) -> list[int]:
        """Every move (any translation) that maps each vertex onto its primed vertex."""
        out = []
        for k in range(len(MOVES)):
            shift = np.subtract(img[0], tri[0]).tolist() if k == 0 else [0, 0]
            if all(_move(q, k, shift) == list(r) for q, r in zip(tri, img)):
                out.append(k)
        return out

    def _img(self, p):
        return [_move(q, p["move"], p["shift"]) for q in p["tri"]]

    def question(self, p):
        return "Which transformation maps triangle ABC onto triangle A'B'C'?"

    def options(self, p):
        return list(MOVES)

    def answer(self, p):
        return MOVES[p["move"]]

    def check(self, p):
        s = sp()
        tri, img = [spt(q) for q in p["tri"]], [spt(q) for q in self._img(p)]
        d = img[0] - tri[0]
        cands = [[q.translate(d.x, d.y) for q in tri],
                 [q.reflect(s.Line((0, 0), (1, 0))) for q in tri],
                 [q.reflect(s.Line((0, 0), (0, 1))) for q in tri],
                 [q.rotate(s.pi / 2) for q in tri], [q.rotate(s.pi) for q in tri]]
        hits = [MOVES[k] for k, c in enumerate(cands) if c == img]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        a, b = p["colors"]
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=[
            GeoObject("triangle", "", fpts(p["tri"]), ["A", "B", "C"], color=a),
            GeoObject("triangle", "", fpts(self._img(p)), ["A'", "B'", "C'"], color=b)])
