"""DynaMath "analytic geometry" seeds on two vectors drawn as arrows on a grid (the panels
family): the length of their sum or difference, their dot product, the angle between them, the
scalar projection of one on the other, the area of the parallelogram they span, and the
components of a combination.

Why these: DynaMath draws vectors on a grid and asks for sums, dot products and angles. Tails
and heads sit on grid points (not at the origin), so the components are counted off the grid,
never written; ``check`` reads the arrows back from the spec and derives the answer another
way: from the arrows' directions (atan2) and lengths instead of components, or the
parallelogram's area by the shoelace formula on its corners.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_s6.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.grid import HIGH, ROUND2, TOPIC, UNI
from renderers.panels.spec import Item, Panel, PanelsSpec, polygon_area
from renderers.spec import rng_choice
from renderers.text import half_up

R = 6
PAIRS = (("u", "v"), ("a", "b"), ("p", "q"))
VEC_CLAUSES = ("A third vector w = ⟨{x}, {y}⟩ is not drawn.",
               "The figure is copied from page {m} of a workbook.")
READ = "The tails and heads of the arrows lie on grid points."


def near_tie(x: float) -> bool:
    """Whether x lies within 1e-6 of half-way between two 2-decimal values."""
    f = x * 100 - math.floor(x * 100)
    return abs(f - 0.5) < 1e-6


def _arrow(rng) -> list[list[int]]:
    """Tail and head on grid points inside the panel and off the axes, the arrow at least 2
    long."""
    while True:
        t = [int(v) for v in rng.integers(-5, 6, size=2)]
        d = [int(v) for v in rng.integers(-5, 6, size=2)]
        h = [t[0] + d[0], t[1] + d[1]]
        if max(abs(h[0]), abs(h[1])) <= 5 and math.hypot(*d) >= 2 and 0 not in t + h:
            return [t, h]  # ends off the axes, clear of the tick labels


def _crossing(a, b) -> bool:
    """Whether two arrows (segments) meet, which would crowd their heads and names."""
    def side(o, p, q):
        return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])
    d1, d2 = side(a[0], a[1], b[0]), side(a[0], a[1], b[1])
    d3, d4 = side(b[0], b[1], a[0]), side(b[0], b[1], a[1])
    return d1 * d2 <= 0 and d3 * d4 <= 0


def comps(arrow) -> tuple[int, int]:
    (x0, y0), (x1, y1) = arrow
    return x1 - x0, y1 - y0


class TwoVectors(SeedQuestion):
    """Two arrows with grid-point ends; subclasses ask about them. ``ok`` refuses a pair."""

    topic = TOPIC
    clauses = VEC_CLAUSES

    def ok(self, u, v) -> bool:
        return True

    def sample(self, rng):
        while True:
            a, b = _arrow(rng), _arrow(rng)
            u, v = comps(a), comps(b)
            cross = u[0] * v[1] - u[1] * v[0]
            if a[0] != b[0] and a[1] != b[1] and cross != 0 and self.ok(u, v) and \
                    not _crossing(a, b):
                # tails and heads apart, so the two names never crowd one spot
                ends = [a[0], a[1], b[0], b[1]]
                if min(math.dist(p, q) for i, p in enumerate(ends) for q in ends[i + 1:]) >= 1:
                    return {"arrows": [a, b], "names": list(rng_choice(rng, PAIRS))}

    def diagram(self, p):
        cols = ("blue", "red")
        return PanelsSpec(panels=[Panel(xmin=-R, xmax=R, ymin=-R, ymax=R, items=[
            Item("vector", pts=[[float(c) for c in pt] for pt in arr], name=n, color=col)
            for arr, n, col in zip(p["arrows"], p["names"], cols)])])

    def drawn(self, p) -> list[tuple[float, float]]:
        """The components of the arrows read back from the spec."""
        return [(it.pts[1][0] - it.pts[0][0], it.pts[1][1] - it.pts[0][1])
                for it in self.diagram(p).panels[0].items]

    def polar(self, p) -> list[tuple[float, float]]:
        """(length, direction) of each drawn arrow."""
        return [(math.hypot(x, y), math.atan2(y, x)) for x, y in self.drawn(p)]


@register_seed
class VectorSumLength(TwoVectors):
    seed_id = "analytic-vector-sum-length"
    level, answer_type = HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def sample(self, rng):
        while True:
            p = super().sample(rng)
            p["op"] = rng_choice(rng, ("+", "-"))
            if not near_tie(self.answer(p)):
                return p

    def question(self, p):
        u, v = p["names"]
        return f"{READ} What is the length of the vector {u} {p['op']} {v}? {ROUND2}"

    def answer(self, p):
        (a, b), (c, d) = (comps(x) for x in p["arrows"])
        s = 1 if p["op"] == "+" else -1
        return half_up(math.sqrt((a + s * c) ** 2 + (b + s * d) ** 2), 2)

    def check(self, p):
        # the law of cosines on the two lengths and the angle between the arrows
        (lu, tu), (lv, tv) = self.polar(p)
        s = 1 if p["op"] == "+" else -1
        return half_up(math.sqrt(max(0.0, lu * lu + lv * lv + 2 * s * lu * lv * math.cos(tu - tv))),
                       2)


@register_seed
class VectorDot(TwoVectors):
    seed_id = "analytic-vector-dot"
    level, answer_type = HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def question(self, p):
        u, v = p["names"]
        return f"{READ} What is the dot product {u} · {v}?"

    def answer(self, p):
        (a, b), (c, d) = (comps(x) for x in p["arrows"])
        return float(a * c + b * d)

    def check(self, p):
        (lu, tu), (lv, tv) = self.polar(p)
        return float(round(lu * lv * math.cos(tu - tv), 6))


@register_seed
class VectorAngle(TwoVectors):
    seed_id = "analytic-vector-angle"
    level, answer_type = UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def ok(self, u, v):
        dot = u[0] * v[0] + u[1] * v[1]
        ang = math.degrees(math.acos(dot / (math.hypot(*u) * math.hypot(*v))))
        return not near_tie(ang)

    def question(self, p):
        u, v = p["names"]
        return (f"{READ} What is the angle between the vectors {u} and {v}, in degrees "
                f"(between 0 and 180)? {ROUND2}")

    def answer(self, p):
        (a, b), (c, d) = (comps(x) for x in p["arrows"])
        cos = (a * c + b * d) / (math.hypot(a, b) * math.hypot(c, d))
        return half_up(math.degrees(math.acos(max(-1.0, min(1.0, cos)))), 2)

    def check(self, p):
        (_, tu), (_, tv) = self.polar(p)
        d = abs(math.degrees(tu - tv)) % 360
        return half_up(min(d, 360 - d), 2)


@register_seed
class VectorProjection(TwoVectors):
    seed_id = "analytic-vector-projection"
    level, answer_type = UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def ok(self, u, v):
        return not near_tie((u[0] * v[0] + u[1] * v[1]) / math.hypot(*v))

    def question(self, p):
        u, v = p["names"]
        return (f"{READ} What is the scalar projection of {u} onto {v} (the signed length of "
                f"the shadow of {u} on the direction of {v})? {ROUND2}")

    def answer(self, p):
        (a, b), (c, d) = (comps(x) for x in p["arrows"])
        return half_up((a * c + b * d) / math.hypot(c, d), 2)

    def check(self, p):
        (lu, tu), (_, tv) = self.polar(p)
        return half_up(lu * math.cos(tu - tv), 2)


@register_seed
class VectorParallelogram(TwoVectors):
    seed_id = "analytic-vector-parallelogram"
    level, answer_type = UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def sample(self, rng):
        while True:  # both arrows from one tail; the parallelogram inside the panel
            t = [int(v) for v in rng.integers(-4, 5, size=2)]
            u, v = ([int(c) for c in rng.integers(-5, 6, size=2)] for _ in range(2))
            far = [t[0] + u[0] + v[0], t[1] + u[1] + v[1]]
            corners = [t, [t[0] + u[0], t[1] + u[1]], far, [t[0] + v[0], t[1] + v[1]]]
            if all(max(abs(c[0]), abs(c[1])) <= 5 for c in corners) and \
                    abs(u[0] * v[1] - u[1] * v[0]) >= 3 and \
                    min(math.hypot(*u), math.hypot(*v)) >= 2:
                return {"arrows": [[t, corners[1]], [t, corners[3]]],
                        "names": list(rng_choice(rng, PAIRS))}

    def question(self, p):
        u, v = p["names"]
        return (f"{READ} What is the area of the parallelogram spanned by {u} and {v} (the "
                f"parallelogram's two remaining sides are dashed)?")

    def answer(self, p):
        (a, b), (c, d) = (comps(x) for x in p["arrows"])
        return float(abs(a * d - b * c))

    def check(self, p):
        items = self.diagram(p).panels[0].items
        t, hu, hv = items[0].pts[0], items[0].pts[1], items[1].pts[1]
        far = [hu[0] + hv[0] - t[0], hu[1] + hv[1] - t[1]]
        return polygon_area([t, hu, far, hv])

    def diagram(self, p):
        spec = super().diagram(p)
        (t, hu), (_, hv) = p["arrows"]
        far = [float(hu[0] + hv[0] - t[0]), float(hu[1] + hv[1] - t[1])]
        spec.panels[0].items += [Item("segment", pts=[[float(c) for c in hu], far],
                                      color="gray", dash=True),
                                 Item("segment", pts=[[float(c) for c in hv], far],
                                      color="gray", dash=True)]
        return spec


def vec_text(x: int, y: int) -> str:
    return f"⟨{x}, {y}⟩"


@register_seed
class VectorCombination(TwoVectors, ShuffledCandidates):
    seed_id = "analytic-vector-combination"
    level, answer_type = HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)

    def sample(self, rng):
        while True:
            p = TwoVectors.sample(self, rng)
            p["k"] = [int(rng_choice(rng, (2, 3))), int(rng_choice(rng, (-2, -1, 1, 2)))]
            p["order"] = draw_order(rng)
            if len(set(self.candidates(p))) == 4:
                return p

    def combo(self, p, k1: int, k2: int, arrows=None) -> tuple[int, int]:
        (a, b), (c, d) = (comps(x) for x in arrows or p["arrows"])
        return k1 * a + k2 * c, k1 * b + k2 * d

    def candidates(self, p):
        k1, k2 = p["k"]
        return [vec_text(*self.combo(p, k1, k2)), vec_text(*self.combo(p, k1, -k2)),
                vec_text(*self.combo(p, k2, k1)), vec_text(*self.combo(p, 1, k2))]

    def question(self, p):
        (u, v), (k1, k2) = p["names"], p["k"]
        sec = f"{'+' if k2 > 0 else '-'} {'' if abs(k2) == 1 else abs(k2)}{v}"
        return f"{READ} What are the components of the vector {k1}{u} {sec}?"

    def check(self, p):
        k1, k2 = p["k"]
        (x1, y1), (x2, y2) = self.drawn(p)
        return vec_text(int(k1 * x1 + k2 * x2), int(k1 * y1 + k2 * y2))
