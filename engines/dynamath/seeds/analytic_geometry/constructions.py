"""DynaMath "analytic geometry" seeds on points constructed from a drawn figure (the
analytic_geometry family): the point dividing a segment in a given ratio, the image of a
vertex under a rotation, the length of a tangent from a point to a circle, and the centroid of
a triangle.

Why these: DynaMath asks for section points, rotated images, tangent lengths and centres of
drawn figures. Every point carries its coordinates and every circle its equation, so the
picture states what the answer needs; ``check`` re-derives each answer by another
construction: the section point as where a circle about A meets AB and the centroid by
Triangle.centroid (sympy's geometry module), the image by sympy's Point.rotate, the tangent
length from the tangency point where the circle on the diameter PC meets the circle (Thales).

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_s6.py
"""
from __future__ import annotations

from fractions import Fraction
import math

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, NAME_PAIRS, ROUND2, TOPIC,
                                                           UNI, apart, fpts, point, sp, spt, tie,
                                                           view)
from renderers.analytic_geometry.spec import GeoObject, fmt_frac
from renderers.spec import rng_choice
from renderers.text import half_up, r2

RATIOS = ((1, 2), (2, 1), (1, 3), (3, 1), (2, 3), (3, 2))


@register_seed
class SectionPoint(SeedQuestion):
    seed_id = "analytic-section-point"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)

    def sample(self, rng):
        while True:
            A, B = point(rng, 6), point(rng, 6)
            m, n = RATIOS[int(rng.integers(len(RATIOS)))]
            ask = rng_choice(rng, ("x", "y"))
            i = "xy".index(ask)
            v = Fraction(n * A[i] + m * B[i], m + n)
            if math.dist(A, B) >= 5 and A[i] != B[i] and not tie(v):
                return {"pts": [A, B], "names": list(rng_choice(rng, NAME_PAIRS)),
                        "ratio": [m, n], "ask": ask, "color": rng_choice(rng, COLORS), "r": 7}

    def question(self, p):
        (a, b), (m, n) = p["names"], p["ratio"]
        return (f"Point T lies on segment {a}{b} with {a}T : T{b} = {m} : {n}. What is the "
                f"{p['ask']}-coordinate of T? {ROUND2}")

    def answer(self, p):
        (A, B), (m, n) = p["pts"], p["ratio"]
        i = "xy".index(p["ask"])
        return r2(Fraction(n * A[i] + m * B[i], m + n))

    def check(self, p):
        s = sp()
        (A, B), (m, n) = p["pts"], p["ratio"]
        seg = s.Segment(spt(A), spt(B))
        # T is where the circle about A with radius m/(m + n) of AB meets the segment
        hit = s.Circle(spt(A), seg.length * s.Rational(m, m + n)).intersection(seg)[0]
        return r2(hit.x if p["ask"] == "x" else hit.y)

    def diagram(self, p):
        return view(p, [GeoObject("segment", "s", fpts(p["pts"]), p["names"], color=p["color"],
                                  show_coords=True)])


def _pt(v) -> str:
    return f"({fmt_frac(Fraction(v[0]))}, {fmt_frac(Fraction(v[1]))})"


ROTATIONS = {"90° counterclockwise": (0, -1, 1, 0), "90° clockwise": (0, 1, -1, 0),
             "180°": (-1, 0, 0, -1)}


def _rotate(P, C, how: str) -> tuple[int, int]:
    a, b, c, d = ROTATIONS[how]
    x, y = P[0] - C[0], P[1] - C[1]
    return C[0] + a * x + b * y, C[1] + c * x + d * y


@register_seed
class RotatePoint(ShuffledCandidates):
    seed_id = "analytic-rotate-point"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "numerical value", IRRELEVANT)
    clauses = ("The triangle is one of {n} triangles a student drew on the same grid.",)

    def sample(self, rng):
        while True:
            pts = [point(rng, 5) for _ in range(3)]
            about = rng_choice(rng, ("origin", "C"))
            how = rng_choice(rng, tuple(ROTATIONS))
            p = {"pts": pts, "about": about, "how": how, "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS), "r": 7}
            area = abs((pts[1][0] - pts[0][0]) * (pts[2][1] - pts[0][1]) -
                       (pts[2][0] - pts[0][0]) * (pts[1][1] - pts[0][1]))
            img = _rotate(pts[0], self._centre(p), how)
            if apart(pts, 2.5) and area >= 6 and max(map(abs, img)) <= 7 and \
                    len(set(self.candidates(p))) == 4:
                return p

    def _centre(self, p):
        return [0, 0] if p["about"] == "origin" else p["pts"][2]

    def candidates(self, p):
        A, C = p["pts"][0], self._centre(p)
        others = [h for h in ROTATIONS if h != p["how"]]
        refl = (A[0], 2 * C[1] - A[1])  # a mirror image in the horizontal line through C
        return [_pt(_rotate(A, C, p["how"]))] + [_pt(_rotate(A, C, h)) for h in others] + \
            [_pt(refl)]

    def question(self, p):
        about = "the origin" if p["about"] == "origin" else "vertex C"
        return (f"Triangle ABC is rotated {p['how']} about {about}. What are the coordinates "
                f"of the image of vertex A?")

    def check(self, p):
        s = sp()
        A = spt(p["pts"][0])
        C = spt(self._centre(p))
        ang = {"90° counterclockwise": s.pi / 2, "90° clockwise": -s.pi / 2,
               "180°": s.pi}[p["how"]]
        img = A.rotate(ang, C)
        return _pt((int(img.x), int(img.y)))

    def diagram(self, p):
        return view(p, [GeoObject("triangle", "", fpts(p["pts"]), ["A", "B", "C"],
                                  color=p["color"], show_coords=True)])


LATTICE_R = (2, 3, 4)


@register_seed
class TangentLength(SeedQuestion):
    seed_id = "analytic-tangent-length"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A second circle, not drawn, has radius {n}.",)

    def sample(self, rng):
        while True:
            r = int(rng_choice(rng, LATTICE_R))
            c = [int(v) for v in rng.integers(-3, 4, size=2)]
            P = point(rng, 6)
            d2 = (P[0] - c[0]) ** 2 + (P[1] - c[1]) ** 2
            if max(abs(c[0]), abs(c[1])) + r <= 6 and d2 >= (r + 1.5) ** 2 and \
                    not _near_tie(math.sqrt(d2 - r * r)):
                return {"c": c, "r": r, "P": P, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"A line through P touches the circle at one point T. What is the length of "
                f"PT? {ROUND2}")

    def answer(self, p):
        (cx, cy), r, (x, y) = p["c"], p["r"], p["P"]
        return half_up(math.sqrt((x - cx) ** 2 + (y - cy) ** 2 - r * r), 2)

    def check(self, p):
        # Thales: T lies on the circle and on the circle with diameter PC (the angle PTC is
        # right); intersect the two circles through their radical line
        obj = self.diagram(p).objects
        (cx, cy), r, (px, py) = obj[0].pts[0], obj[0].radius, obj[1].pts[0]
        mx, my = (cx + px) / 2, (cy + py) / 2
        rho = math.dist((cx, cy), (px, py)) / 2
        d = math.dist((cx, cy), (mx, my))
        a = (r * r - rho * rho + d * d) / (2 * d)  # from C along CM to the radical line
        h = math.sqrt(max(0.0, r * r - a * a))
        ux, uy = (mx - cx) / d, (my - cy) / d
        tx, ty = cx + a * ux - h * uy, cy + a * uy + h * ux
        return half_up(math.dist((tx, ty), (px, py)), 2)

    def diagram(self, p):
        return view({"r": 7}, [
            GeoObject("circle", "", fpts([p["c"]]), [""], radius=float(p["r"]),
                      color=p["color"], show_eq=True),
            GeoObject("point", "", fpts([p["P"]]), ["P"], show_coords=True)])


def _near_tie(x: float) -> bool:
    f = x * 100 - math.floor(x * 100)
    return abs(f - 0.5) < 1e-6


@register_seed
class Centroid(SeedQuestion):
    seed_id = "analytic-centroid"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The triangle is one of {n} triangles a student drew on the same grid.",)

    def sample(self, rng):
        while True:
            pts = [point(rng, 6) for _ in range(3)]
            ask = rng_choice(rng, ("x", "y"))
            i = "xy".index(ask)
            area = abs((pts[1][0] - pts[0][0]) * (pts[2][1] - pts[0][1]) -
                       (pts[2][0] - pts[0][0]) * (pts[1][1] - pts[0][1]))
            if apart(pts, 3) and area >= 8 and not tie(Fraction(sum(q[i] for q in pts), 3)):
                return {"pts": pts, "ask": ask, "color": rng_choice(rng, COLORS), "r": 7}

    def question(self, p):
        return (f"The centroid of triangle ABC is where its three medians meet. What is the "
                f"{p['ask']}-coordinate of the centroid? {ROUND2}")

    def answer(self, p):
        i = "xy".index(p["ask"])
        return r2(Fraction(sum(q[i] for q in p["pts"]), 3))

    def check(self, p):
        g = sp().Triangle(*(spt(q) for q in p["pts"])).centroid
        return r2(g.x if p["ask"] == "x" else g.y)

    def diagram(self, p):
        return view(p, [GeoObject("triangle", "", fpts(p["pts"]), ["A", "B", "C"],
                                  color=p["color"], show_coords=True)])
