"""DynaMath "algebra" multiple-choice seeds read off drawn graphs (the panels family): which
panel is the derivative of a drawn f, which panel adds the inverse of a drawn f, where f has a
local extremum given the drawn graph of f', and which half-life formula fits a drawn decay.

Why these: DynaMath's undergraduate algebra matches a function with its derivative or its
inverse across plotted panels and reads behaviour of f from the graph of f'; its high-school
algebra picks the formula that fits a drawn real-life curve. The answers come from the
parameters; each ``check`` reads the spec back another way (numerical differentiation of the
drawn f, the reflection test x = f(y) on the drawn points, sign changes of the sampled f',
each candidate formula evaluated against the drawn curve) and answers with the one option that
fits.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_al.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, ShuffledCandidates, draw_order, register_seed
from renderers.panels.spec import Item, Panel, PanelsSpec, curve_points, graph_y
from renderers.spec import rng_choice
from renderers.text import fmt_num

TOPIC = "algebra"
HIGH, UNI = "high school", "undergraduate"
COLORS = ("blue", "red", "green", "purple", "orange")
R = 5  # panels show -5..5 on both axes
P = np.polynomial.polynomial
PANEL_CLAUSES = ("The point ({x}, {y}) is not marked in any panel.",
                 "Every panel uses the same scale on both axes.")


def panel(label: str, items: list[Item], **kw) -> Panel:
    rng_ = dict(xmin=-R, xmax=R, ymin=-R, ymax=R)
    rng_.update(kw)
    return Panel(label=label, items=items, **rng_)


def visible_length(it: Item, pn: Panel) -> float:
    """Length of the curve inside the panel's range (math units)."""
    pts = curve_points(it, pn, n=1441)
    if len(pts) == 2:  # a line: its far ends, filled in
        pts = pts[0] + np.linspace(0, 1, 4001)[:, None] * (pts[1] - pts[0])
    ok = ((pts[:, 0] >= pn.xmin) & (pts[:, 0] <= pn.xmax) & (pts[:, 1] >= pn.ymin) &
          (pts[:, 1] <= pn.ymax))
    seg = np.linalg.norm(np.diff(pts, axis=0), axis=1)
    both = ok[:-1] & ok[1:] & np.isfinite(seg)
    return float(seg[both].sum())


def letter_answer(p: dict, letters: str) -> str:
    return letters[p["order"].index(0)]


class LetterPanels(ShuffledCandidates):
    """Options are panel letters; panel i draws candidate ``order[i]`` (the right one is 0)."""

    LETTERS = "ABCD"

    def candidates(self, p):  # the letters in the order the right candidate comes first
        lt = self.LETTERS
        return [lt[p["order"].index(j)] for j in range(len(lt))]

    def options(self, p):
        return list(self.LETTERS)


# ----------------------------------------------------------------------------- derivative


@register_seed
class DerivativePanels(LetterPanels):
    """f is a cubic with integer critical points; the candidates are f', -f', f'', f' moved
    sideways and f' moved up or down, each in its own panel."""

    seed_id = "algebra-derivative-panels"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("function type", "geometric transformation", IRRELEVANT)
    clauses = PANEL_CLAUSES
    LETTERS = "ABCDE"

    def sample(self, rng):
        while True:
            r1 = int(rng.integers(-3, 2))
            r2 = r1 + int(rng_choice(rng, (2, 3, 4)))
            k = float(rng_choice(rng, (-1.0, -0.5, 0.5, 1.0)))
            c = int(rng.integers(-2, 3))
            s = int(rng_choice(rng, (-2, -1, 1, 2)))
            d = int(rng_choice(rng, (-2, 2)))
            p = {"r": [r1, r2], "k": k, "c": c, "s": s, "d": d, "order": draw_order(rng, 5),
                 "color": rng_choice(rng, COLORS)}
            cands = self.polys(p)
            f = self.f_coeffs(p)
            xs = np.linspace(-R, R, 401)
            vals = [P.polyval(xs, q) for q in cands]
            # any two candidates differ by more than a unit somewhere one of them is in view
            apart = all(np.abs(vals[i] - vals[j])[(np.abs(vals[i]) <= R) |
                                                  (np.abs(vals[j]) <= R)].max(initial=0) > 1.0
                        for i in range(5) for j in range(i + 1, 5))
            items = [Item("graph", fn="poly", params=q) for q in cands + [f]]
            if apart and all(visible_length(it, panel("", [])) >= 4 for it in items):
                return p

    @staticmethod
    def fprime(p) -> list[float]:
        r1, r2 = p["r"]
        return [float(v) for v in p["k"] * P.polyfromroots([r1, r2])]

    def f_coeffs(self, p) -> list[float]:
        return [float(v) for v in P.polyint(self.fprime(p), k=[p["c"]])]

    def polys(self, p) -> list[list[float]]:
        """f', -f', f'', f'(x - s), f' + d: ascending coefficients."""
        fp = self.fprime(p)
        a0, a1, a2 = fp
        s = p["s"]
        shifted = [a0 - a1 * s + a2 * s * s, a1 - 2 * a2 * s, a2]  # fp(x - s) expanded
        out = [fp, [-v for v in fp], list(P.polyder(fp)), shifted, [a0 + p["d"], a1, a2]]
        return [[float(v) + 0.0 for v in q] for q in out]

    def question(self, p):
        return ("The first panel shows the graph of y = f(x). Which of the panels "
                f"{', '.join(self.LETTERS[:-1])} or {self.LETTERS[-1]} shows the graph of its "
                "derivative y = f'(x)?")

    def diagram(self, p):
        cands = self.polys(p)
        first = panel("y = f(x)", [Item("graph", fn="poly", params=self.f_coeffs(p),
                                        color="black")])
        return PanelsSpec(panels=[first] + [
            panel(L, [Item("graph", fn="poly", params=cands[j], color=p["color"])])
            for L, j in zip(self.LETTERS, p["order"])])

    def check(self, p):
        spec = self.diagram(p)
        f = spec.panels[0].items[0]
        xs = np.linspace(-R, R, 201)
        h = 1e-4
        slope = (graph_y(f, xs + h) - graph_y(f, xs - h)) / (2 * h)
        hits = [pn.label for pn in spec.panels[1:]
                if np.abs(graph_y(pn.items[0], xs) - slope).max() < 1e-4]
        return hits[0] if len(hits) == 1 else None


# ----------------------------------------------------------------------------- inverse


def _inverse_cands(p) -> list[Item]:
    """The inverse of f and f's reflections in the x-axis, the y-axis and the origin."""
    if p["kind"] == "line":
        m, c = p["m"], p["c"]
        # y = m x + c as a x + b y = c':  -m x + y = c
        lines = [(-1.0, m, -c), (m, 1.0, -c), (m, 1.0, c), (-m, 1.0, -c)]
        return [Item("line", params=[float(a), float(b), float(cc)]) for a, b, cc in lines]
    b, d = p["b"], p["d"]
    return [Item("graph", fn="log", params=[1.0, b, float(d), 0.0]),
            Item("graph", fn="exp", params=[-1.0, b, float(-d)]),
            Item("graph", fn="exp", params=[1.0, 1 / b, float(d)]),
            Item("graph", fn="exp", params=[-1.0, 1 / b, float(-d)])]


def _f_item(p) -> Item:
    if p["kind"] == "line":
        return Item("line", params=[-float(p["m"]), 1.0, float(p["c"])], color="gray")
    return Item("graph", fn="exp", params=[1.0, p["b"], float(p["d"])], color="gray")


def _drawn_xy(it: Item, pn: Panel) -> np.ndarray:
    pts = curve_points(it, pn, n=801)
    if len(pts) == 2:
        pts = pts[0] + np.linspace(0, 1, 801)[:, None] * (pts[1] - pts[0])
    ok = np.isfinite(pts).all(axis=1) & (np.abs(pts) <= R).all(axis=1)
    return pts[ok]


def _f_at(it: Item, x):
    if it.kind == "line":
        a, b, c = it.params
        return (c - a * x) / b
    return graph_y(it, x)


@register_seed
class InversePanels(LetterPanels):
    """f (gray, in every panel) is a line y = m x + c (|m| not 1, c not 0) or y = b^x + d;
    the coloured curve is f's inverse in one panel and a reflection of f in an axis or the
    origin in the others."""

    seed_id = "algebra-inverse-panels"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "function type", IRRELEVANT)
    clauses = PANEL_CLAUSES

    def sample(self, rng):
        while True:
            if rng.random() < 0.5:
                p = {"kind": "line", "m": float(rng_choice(rng, (-3, -2, -0.5, 0.5, 2, 3))),
                     "c": int(rng_choice(rng, (-2, -1, 1, 2)))}
            else:
                p = {"kind": "exp", "b": float(rng_choice(rng, (2.0, 3.0, 0.5))),
                     "d": int(rng.integers(-2, 3))}
            p.update(order=draw_order(rng), color=rng_choice(rng, COLORS))
            pn = panel("", [])
            if all(visible_length(it, pn) >= 4 for it in _inverse_cands(p) + [_f_item(p)]):
                return p

    def question(self, p):
        return ("In every panel the gray graph is y = f(x), and f is one-to-one. In which panel "
                "is the coloured graph that of the inverse function f⁻¹?")

    def diagram(self, p):
        cands = _inverse_cands(p)
        out = []
        for L, j in zip(self.LETTERS, p["order"]):
            it = cands[j]
            it.color = p["color"]
            out.append(panel(L, [_f_item(p), it]))
        return PanelsSpec(panels=out)

    def check(self, p):
        hits = []
        for pn in self.diagram(p).panels:
            f, g = pn.items
            xy = _drawn_xy(g, pn)
            # (x, y) on the graph of the inverse exactly when (y, x) is on the graph of f
            if len(xy) > 10 and np.nanmax(np.abs(_f_at(f, xy[:, 1]) - xy[:, 0])) < 1e-6:
                hits.append(pn.label)
        return hits[0] if len(hits) == 1 else None


# ----------------------------------------------------------------------------- f' drawn


@register_seed
class ExtremumFromDerivative(ShuffledCandidates):
    """The drawn graph is y = f'(x): k (x - r1)(x - r2) (one local maximum and one local
    minimum of f), or k (x - r1)(x - r2)² (the double root r2 is no extremum). The options:
    the asked extremum, the other root, the turning point of f' and one more whole number."""

    seed_id = "algebra-extremum-from-derivative"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("function type", "numerical value", IRRELEVANT)
    clauses = ("f(0) = {y}.", "f is defined for every real number x.")
    visual_type = "function plot"

    def sample(self, rng):
        while True:
            shape = rng_choice(rng, ("simple", "double"))
            r1, r2 = (int(v) for v in rng.choice(np.arange(-3, 4), 2, replace=False))
            if shape == "simple" and (r2 - r1) % 2:
                continue
            k = float(rng_choice(rng, (-1.0, -0.5, 0.5, 1.0) if shape == "simple"
                                 else (-0.25, -0.2, 0.2, 0.25)))
            p = {"shape": shape, "r": [r1, r2], "k": k, "color": rng_choice(rng, COLORS),
                 "order": draw_order(rng)}
            p["ask"] = self.ask(p)
            xs = np.linspace(min(r1, r2), max(r1, r2), 201)
            top = np.abs(P.polyval(xs, self.coeffs(p))).max()
            if not 0.8 <= top <= 4.5:
                continue
            fixed = self.fixed(p)
            spare = [v for v in range(-4, 5) if v not in fixed]
            p["extra"] = int(rng_choice(rng, spare))
            return p

    def coeffs(self, p) -> list[float]:
        r1, r2 = p["r"]
        roots = [r1, r2] if p["shape"] == "simple" else [r1, r2, r2]
        return [float(v) + 0.0 for v in p["k"] * P.polyfromroots(roots)]

    def ask(self, p) -> str:
        """simple: ask for the maximum or the minimum by the root order; double: the one
        extremum at r1 (a minimum when f' goes from - to +)."""
        r1, r2 = p["r"]
        k = p["k"]
        if p["shape"] == "double":
            # sign of f' just right of r1 is sign(k (r1 - r2)^2) = sign(k)
            return "minimum" if k > 0 else "maximum"
        # f' = k (x - r1)(x - r2) is positive on the side of both roots when k > 0
        left_is_max = (k > 0)  # + then -: the smaller root is a maximum
        return "maximum" if (min(r1, r2) == r1) == left_is_max else "minimum"

    def fixed(self, p) -> list[float]:
        r1, r2 = p["r"]
        if p["shape"] == "simple":
            turn = (r1 + r2) / 2
        else:  # f'' = k (x - r2)(3x - r2 - 2 r1): its other zero
            turn = (r2 + 2 * r1) / 3
        return [r1, r2, turn]

    def candidates(self, p):
        vals = self.fixed(p) + [p["extra"]]
        return [f"x = {fmt_num(v)}" for v in vals]

    def question(self, p):
        return ("The graph shows the derivative y = f'(x) of a function f. At which x does f "
                f"have a local {p['ask']}?")

    def diagram(self, p):
        return PanelsSpec(panels=[panel("", [Item("graph", fn="poly", params=self.coeffs(p),
                                                 color=p["color"], name="y = f'(x)")])])

    def check(self, p):
        it = self.diagram(p).panels[0].items[0]
        xs = np.linspace(-R, R, 10001) + 3.7e-4  # off the whole numbers: no sample on a root
        ys = graph_y(it, xs)
        s = np.sign(ys)
        found = []
        for i in np.flatnonzero(s[:-1] * s[1:] < 0):
            kind = "minimum" if s[i] < 0 else "maximum"
            found.append((kind, (xs[i] + xs[i + 1]) / 2))
        want = [x for kind, x in found if kind == p["ask"]]
        if len(want) != 1:
            return None
        x = round(want[0])
        if abs(x - want[0]) > 1e-3:
            return None
        return f"x = {fmt_num(x)}"


# ----------------------------------------------------------------------------- half-life


def decay_text(cand) -> str:
    kind, a, h = cand
    if kind == "half":
        return f"y = {fmt_num(a)}·(1/2)^(t/{fmt_num(h)})" if h != 1 else \
            f"y = {fmt_num(a)}·(1/2)^t"
    return f"y = {fmt_num(a)}·e^(-t/{fmt_num(h)})" if h != 1 else f"y = {fmt_num(a)}·e^(-t)"


def decay_value(cand, t):
    kind, a, h = cand
    return a * (0.5 ** (t / h) if kind == "half" else np.exp(-t / h))


@register_seed
class HalfLifeFormula(ShuffledCandidates):
    """A decaying amount y = A (1/2)^(t/h) passes through (0, A), (h, A/2), (2h, A/4), marked
    on a grid. Distractors: the right A with another half-life, the right half-life with
    another start, and e^(-t/h) in place of (1/2)^(t/h)."""

    seed_id = "algebra-half-life-formula"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("function type", "numerical value", "real-life context", IRRELEVANT)
    clauses = ("The substance is stored at {m} °C.",
               "The sample was weighed on a scale that reads to 0.1 g.")
    visual_type = "function plot"

    def sample(self, rng):
        a = int(rng_choice(rng, (4, 8)))
        h = int(rng_choice(rng, (1, 2, 3, 4) if a == 4 else (1, 2, 3)))
        h2 = int(rng_choice(rng, [v for v in (1, 2, 3, 4, 5) if v != h]))
        a2 = int(rng_choice(rng, [v for v in (2, 4, 6, 8) if v != a]))
        return {"cands": [["half", a, h], ["half", a, h2], ["half", a2, h], ["exp", a, h]],
                "order": draw_order(rng), "color": rng_choice(rng, COLORS)}

    def candidates(self, p):
        return [decay_text(c) for c in p["cands"]]

    def question(self, p):
        return ("The graph shows the mass y (in grams) of a radioactive sample t hours after "
                "the start of a measurement (t on the horizontal axis, y on the vertical one); the "
                "marked points lie on the curve. Which formula describes the curve?")

    def diagram(self, p):
        _, a, h = p["cands"][0]
        pts = [Item("point", pts=[[float(k * h), a / 2 ** k]], color=p["color"])
               for k in range(3) if k * h <= 10 and a / 2 ** k >= 1]
        curve = Item("graph", fn="exp", params=[float(a), 2 ** (-1 / h), 0.0], t=[0.0, 10.0],
                     color=p["color"])
        return PanelsSpec(panels=[Panel(xmin=0, xmax=10, ymin=0, ymax=9,
                                        items=[curve] + pts)])

    def check(self, p):
        it = self.diagram(p).panels[0].items[0]
        ts = np.linspace(0, 10, 101)
        ys = graph_y(it, ts)
        hits = [decay_text(c) for c in p["cands"]
                if np.abs(decay_value(c, ts) - ys).max() < 1e-9]
        return hits[0] if len(hits) == 1 else None
