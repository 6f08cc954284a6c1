"""DynaMath "analytic geometry" seeds on polar and parametric curves drawn on a grid (the
panels family, one panel): the whole number k of a drawn rose r = a·cos(kθ), the area a drawn
cardioid encloses, and which labelled point of a drawn Lissajous curve belongs to a given t.

Why these: DynaMath draws polar roses, cardioids and parametric curves and asks for their
parameters, areas and points. The rose's k is read from its petals (k petals for odd k, 2k for
even k, and the k offered give 3, 4, 5 or 8 petals, never the same count twice), the cardioid's
size from where it meets the axis; ``check`` re-derives each answer from the spec: the petal
count the renderer's facts give, the area by the shoelace formula on the drawn curve's points,
the point nearest to the curve's position at t.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_s6.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.analytic_geometry.grid import COLORS, ROUND2, TOPIC, UNI
from renderers.panels.spec import Item, Panel, PanelsSpec, curve_points, item_facts
from renderers.spec import rng_choice
from renderers.text import half_up

R = 5


def _panel(items, r: int = R) -> PanelsSpec:
    return PanelsSpec(panels=[Panel(xmin=-r, xmax=r, ymin=-r, ymax=r, items=items)])


@register_seed
class PolarRose(SeedQuestion):
    seed_id = "analytic-polar-rose-k"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("Every petal of the rose starts and ends at the pole.",)

    def sample(self, rng):
        return {"k": int(rng.integers(2, 6)), "a": int(rng_choice(rng, (3, 4))),
                "fn": rng_choice(rng, ("cos", "sin")), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"The curve drawn is the polar rose r = {p['a']}{p['fn']}(kθ) for a whole "
                f"number k ≥ 2. What is k?")

    def answer(self, p):
        return float(p["k"])

    def check(self, p):
        petals = item_facts(self.diagram(p).panels[0].items[0], Panel())["petals"]
        return float(petals if petals % 2 else petals // 2)

    def diagram(self, p):
        return _panel([Item("polar", fn=p["fn"], params=[0.0, float(p["a"]), float(p["k"])],
                            color=p["color"])])


@register_seed
class CardioidArea(SeedQuestion):
    seed_id = "analytic-polar-cardioid-area"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A circle of radius {n}, not drawn, is centred at the pole.",)
    FORMS = (("cos", 1), ("cos", -1), ("sin", 1), ("sin", -1))

    def sample(self, rng):
        while True:
            a = float(rng_choice(rng, (1.0, 1.5, 2.0, 2.5)))
            fn, s = self.FORMS[int(rng.integers(4))]
            f = 1.5 * math.pi * a * a
            if abs(f * 100 - math.floor(f * 100) - 0.5) > 1e-4:  # no rounding tie
                return {"a": a, "fn": fn, "s": s, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        sign = "+" if p["s"] > 0 else "-"
        return (f"The curve drawn is the cardioid r = a(1 {sign} {p['fn']} θ) for some a > 0. "
                f"What is the area of the region the cardioid encloses? {ROUND2}")

    def answer(self, p):
        # (1/2) ∫ a²(1 ± cos θ)² dθ over a full turn = (3/2) π a²
        return half_up(1.5 * math.pi * p["a"] ** 2, 2)

    def check(self, p):
        it = self.diagram(p).panels[0].items[0]
        xy = curve_points(it, Panel(), n=200001)
        x, y = xy[:, 0], xy[:, 1]
        return half_up(abs(float(np.dot(x[:-1], y[1:]) - np.dot(x[1:], y[:-1]))) / 2, 2)

    def diagram(self, p):
        a = p["a"]
        return _panel([Item("polar", fn=p["fn"], params=[a, a * p["s"], 1.0],
                            color=p["color"])])


T_TEXT = {1: "π/6", 2: "π/3", 3: "π/2", 4: "2π/3", 5: "5π/6", 6: "π", 7: "7π/6", 8: "4π/3",
          9: "3π/2", 10: "5π/3", 11: "11π/6"}  # t = j·π/6
NAMES = ("P", "Q", "R", "S")


@register_seed
class ParametricPoint(SeedQuestion):
    seed_id = "analytic-parametric-point"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("The curve is traced once as t runs from 0 to 2π.",)
    PAIRS = ((1, 1), (1, 2), (2, 1), (1, 3), (3, 2), (2, 3))

    def pos(self, p, j: int) -> tuple[float, float]:
        A, pp, B, q = p["curve"]
        t = j * math.pi / 6
        return A * math.cos(pp * t), B * math.sin(q * t)

    def sample(self, rng):
        while True:
            pp, q = self.PAIRS[int(rng.integers(len(self.PAIRS)))]
            A, B = (int(v) for v in rng.choice([3, 4], size=2))
            js = [int(j) for j in rng.choice(np.arange(1, 12), size=4, replace=False)]
            p = {"curve": [A, pp, B, q], "js": js, "color": rng_choice(rng, COLORS)}
            pts = [self.pos(p, j) for j in js]
            # the four points apart, and no other t of the turn lands on the asked one
            apart = min(math.dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1:])
            same = [j for j in range(12) if math.dist(self.pos(p, j), pts[0]) < 1e-9]
            clear = min(math.hypot(*q) for q in pts) >= 1  # off the origin's label
            if apart >= 1.5 and same == [js[0]] and clear:
                where = int(rng.integers(4))
                p["js"] = js[1:where + 1] + [js[0]] + js[where + 1:]
                p["right"] = where
                return p

    def question(self, p):
        A, pp, B, q = p["curve"]

        def arg(k):
            return "t" if k == 1 else f"{k}t"
        t = T_TEXT[p["js"][p["right"]]]
        return (f"The curve drawn is x = {A}cos({arg(pp)}), y = {B}sin({arg(q)}). Which "
                f"labelled point is the point of the curve at t = {t}?")

    def options(self, p):
        return list(NAMES)

    def answer(self, p):
        return NAMES[p["right"]]

    def check(self, p):
        items = self.diagram(p).panels[0].items
        A, pp, B, q, phi = items[0].params
        j = [k for k, s in T_TEXT.items() if s in self.question(p).split("t = ")[-1]]
        t = max(j, key=lambda k: len(T_TEXT[k])) * math.pi / 6
        at = (A * math.cos(pp * t + phi), B * math.sin(q * t))
        best = min(items[1:], key=lambda it: math.dist(it.pts[0], at))
        return best.name if math.dist(best.pts[0], at) < 1e-9 else "none"

    def diagram(self, p):
        A, pp, B, q = p["curve"]
        curve = Item("parametric", fn="lissajous",
                     params=[float(A), float(pp), float(B), float(q), 0.0], color=p["color"])
        pts = [Item("point", pts=[list(self.pos(p, j))], name=n, color="black")
               for n, j in zip(NAMES, p["js"])]
        return _panel([curve, *pts])
