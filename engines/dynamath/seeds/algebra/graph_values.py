"""DynaMath "algebra" seeds: values read off function graphs and tables. The helpers every
algebra module shares are in algebra/curves.py.

Why these: DynaMath's algebra questions show the graph of a function (often without its
formula) and ask for a value, an inverse value or an asymptote, or give a table of values; each
variant re-draws the curve (its parameters and, for several seeds, its kind: line, parabola,
cubic, |x|, piecewise, exponential, logarithm), so one question text comes with many answers.
Curves go through lattice points wherever the answer is read off the grid (windows 10 units
wide, so the grid step is 1); where it must be computed, the formula is in the picture.
Answers come from closed forms on the params (exact fractions where rational); ``check``
rebuilds the drawn curve from the diagram's spec with sympy and substitutes, solves or takes
limits there. The other algebra seeds are in algebra/zeros.py (zeros,
intersections), algebra/forms.py (which formula, which form) and algebra/calculus.py
(monotonicity, integrals, tangents).

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.algebra.curves import (COLORS, ELEM, HIGH, TOPIC, ch, curve, fval,
                                                   interior_ints, poly, sp, sx, sym_curve)
from renderers.chart.spec import ChartSpec, Series
from renderers.function.sample import poly_from_roots, vertex_quadratic
from renderers.function.spec import FunctionSpec, XMarker


# ----------------------------------------------------------------------------- values


@register_seed
class GraphValue(SeedQuestion):
    seed_id = "algebra-graph-value"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("The graph of another function g, not shown, passes through ({x}, {y}).",)
    canonical = {"form": "quadratic", "curve": poly([-3.0, -2.0, 1.0]),
                 "win": [-4, 6, -5, 5], "a": 2, "color": "blue"}
    FORMS = ("line", "quadratic", "cubic", "absolute", "piecewise")

    def _curve(self, rng, form):
        if form == "line":
            return poly([int(rng.integers(-3, 4)), ch(rng, (-2, -1, -0.5, 0.5, 1, 2, 1.5, -1.5))])
        if form == "quadratic":
            return poly(vertex_quadratic(ch(rng, (1.0, -1.0, 0.5, -0.5)),
                                         float(rng.integers(-3, 4)), float(rng.integers(-3, 4))))
        if form == "cubic":
            roots = sorted(int(v) for v in rng.choice(np.arange(-4, 5), 3, replace=False))
            return poly(poly_from_roots(ch(rng, (0.5, -0.5, 0.25, -0.25)), roots))
        if form == "absolute":
            return {"kind": "absolute", "a": float(ch(rng, (1, -1, 2, -2, 0.5, -0.5))),
                    "c": float(rng.integers(-3, 4)), "d": float(rng.integers(-3, 4))}
        xb, yb = int(rng.integers(-2, 3)), int(rng.integers(-2, 3))
        m1, m2 = (float(v) for v in rng.choice([-2, -1, -0.5, 0, 0.5, 1, 2], 2, replace=False))
        return {"kind": "piecewise", "pieces": [[None, float(xb), [yb - m1 * xb, m1]],
                                                [float(xb), None, [yb - m2 * xb, m2]]]}

    def sample(self, rng):
        while True:
            form = ch(rng, self.FORMS)
            cd = self._curve(rng, form)
            x0 = int(rng.integers(-1, 2))
            ys = [float(np.clip(float(fval(cd, x)), -8, 8)) for x in range(x0 - 4, x0 + 5)]
            y0 = int(np.clip(round(float(np.median(ys))), -2, 2))  # most of the curve in view
            win = [x0 - 5, x0 + 5, y0 - 5, y0 + 5]
            cands = [x for x in interior_ints(win[0], win[1]) if x != 0 and
                     fval(cd, x).denominator == 1 and win[2] + 0.5 < fval(cd, x) < win[3] - 0.5]
            if cands:
                return {"form": form, "curve": cd, "win": win, "a": int(ch(rng, cands)),
                        "color": ch(rng, COLORS[:4])}

    def question(self, p):
        # x = a is marked on the x-axis; the dashed line up to the graph is drawn only where
        # f(a) is not 0, so the words do not speak of it
        return ("The graph of y = f(x) is shown, and x = a is marked on the x-axis. What is the "
                "value of f(a)?")

    def answer(self, p):
        return float(fval(p["curve"], p["a"]))

    def check(self, p):
        spec = self.diagram(p)
        return float(sym_curve(spec.curves[0]).subs(sx(), spec.markers[0].x))

    def diagram(self, p):
        x0, x1, y0, y1 = p["win"]
        return FunctionSpec(curves=[curve(p["curve"], "f", p["color"])], xmin=x0, xmax=x1,
                            ymin=y0, ymax=y1, show_expression="none",
                            markers=[XMarker("a", float(p["a"]))])


@register_seed
class PiecewiseValue(SeedQuestion):
    seed_id = "algebra-piecewise-value"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type")
    canonical = {"xb": 1, "pieces": [[None, 1.0, [-1.0, 0.0, 1.0]], [1.0, None, [-2.0, 2.0]]],
                 "win": [-4, 6, -3, 7], "a": 3, "color": "blue"}

    def _piece(self, rng, xb, yb):
        t = rng.random()
        if t < 0.45:
            m = float(ch(rng, (-2, -1, -0.5, 0.5, 1, 2, 3)))
            return [yb - m * xb, m]
        if t < 0.9:
            a = float(ch(rng, (1, -1, 0.5, -0.5)))
            h = xb + int(ch(rng, (-2, -1, 0, 1, 2)))
            return vertex_quadratic(a, float(h), yb - a * (xb - h) ** 2)
        return [float(yb)]

    def sample(self, rng):
        while True:
            xb, yb = int(rng.integers(-2, 3)), int(rng.integers(-2, 3))
            left, right = self._piece(rng, xb, yb), self._piece(rng, xb, yb)
            if left == right:
                continue
            pieces = [[None, float(xb), left], [float(xb), None, right]]
            cd = {"kind": "piecewise", "pieces": pieces}
            x0 = xb + int(rng.integers(-1, 2))
            ys = [fval(cd, x) for x in range(x0 - 3, x0 + 4)]
            y0 = int(np.clip(round(float(np.median(ys))), -3, 3))
            win = [x0 - 5, x0 + 5, y0 - 5, y0 + 5]
            cands = [x for x in interior_ints(win[0], win[1])
                     if x != xb and win[2] + 0.5 < fval(cd, x) < win[3] - 0.5]
            if len(cands) >= 2:
                return {"xb": xb, "pieces": pieces, "win": win, "a": int(ch(rng, cands)),
                        "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return ("The function f is defined piecewise by the formulas shown above the graph, "
                "and x = a is marked on the x-axis. What is the value of f(a)?")

    def answer(self, p):
        lo_piece, hi_piece = p["pieces"]
        cs = lo_piece[2] if p["a"] < p["xb"] else hi_piece[2]
        return float(sum(Fraction(c) * Fraction(p["a"]) ** i for i, c in enumerate(cs)))

    def check(self, p):
        spec = self.diagram(p)
        return float(sym_curve(spec.curves[0]).subs(sx(), spec.markers[0].x))

    def diagram(self, p):
        x0, x1, y0, y1 = p["win"]
        cd = {"kind": "piecewise", "pieces": p["pieces"]}
        return FunctionSpec(curves=[curve(cd, "f", p["color"])], xmin=x0, xmax=x1, ymin=y0,
                            ymax=y1, show_expression="title",
                            markers=[XMarker("a", float(p["a"]))])


@register_seed
class InverseValue(SeedQuestion):
    seed_id = "algebra-inverse-value"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("Another function g, not shown, has g(2) = {n}.",)
    canonical = {"form": "exponential", "k": 3, "xs": 1,
                 "curve": {"kind": "exponential", "a": 1.0, "b": 2.0, "d": 1.0},
                 "win": [-4, 6, -2, 8], "color": "blue"}
    FORMS = ("line", "exponential", "cubic", "logarithm")

    def _build(self, rng, form, k):
        if form == "line":
            m = float(ch(rng, (1, -1, 2, -2, 0.5, -0.5, 3, -3)))
            xs = int(rng.integers(-4, 5))
            return xs, poly([k - m * xs, m])
        if form == "exponential":
            a = float(ch(rng, (1, -1, 2, -2)))
            b = float(ch(rng, (2.0, 0.5)))
            xs = int(ch(rng, (0, 1, 2))) * (1 if b > 1 else -1)
            return xs, {"kind": "exponential", "a": a, "b": b, "d": float(k - a * b ** xs)}
        if form == "cubic":
            a = float(ch(rng, (1, -1, 0.5, -0.5)))
            h, t = int(rng.integers(-2, 3)), int(ch(rng, (-1, 0, 1)))
            return h + t, poly(vertex_cubic(a, h, k - a * t ** 3))
        a = float(ch(rng, (1, -1, 2, -2)))
        c, u = int(rng.integers(-3, 2)), int(ch(rng, (1, 2, 4)))
        return c + u, {"kind": "logarithm", "a": a, "b": 2.0, "c": float(c),
                       "d": float(k - a * math.log2(u))}

    def sample(self, rng):
        while True:
            form, k = ch(rng, self.FORMS), int(rng.integers(-2, 4))
            xs, cd = self._build(rng, form, k)
            x0 = int(np.clip(xs, -2, 2)) + int(rng.integers(-1, 2))
            y0 = int(np.clip(k, -2, 2)) + int(rng.integers(-1, 2))
            win = [x0 - 5, x0 + 5, y0 - 5, y0 + 5]
            inside = win[0] + 1 <= xs <= win[1] - 1 and win[2] + 1 <= k <= win[3] - 1
            if inside and xs != 0 and abs(cd.get("d", 0.0)) <= 6:
                return {"form": form, "k": k, "xs": xs, "curve": cd, "win": win,
                        "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return (f"The graph shows a one-to-one function y = f(x). What is the value of "
                f"f\u207b\u00b9({p['k']})?")

    def answer(self, p):
        return float(p["xs"])

    def check(self, p):
        s = sp()
        sol = s.solveset(sym_curve(self.diagram(p).curves[0]) - p["k"], sx(), s.S.Reals)
        return float(list(sol)[0]) if len(sol) == 1 else None

    def diagram(self, p):
        x0, x1, y0, y1 = p["win"]
        return FunctionSpec(curves=[curve(p["curve"], "f", p["color"])], xmin=x0, xmax=x1,
                            ymin=y0, ymax=y1, show_expression="none")


def vertex_cubic(a: float, h: float, k: float) -> list[float]:
    """Ascending coefficients of a (x - h)^3 + k."""
    return [float(-a * h ** 3 + k), float(3 * a * h * h), float(-3 * a * h), float(a)]


# ----------------------------------------------------------------------------- asymptotes


@register_seed
class Asymptote(SeedQuestion):
    seed_id = "algebra-asymptote"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type")
    canonical = {"curve": {"kind": "exponential", "a": 1.0, "b": 2.0, "d": -2.0},
                 "win": [-4, 4, -4, 6], "color": "blue"}

    def sample(self, rng):
        col = ch(rng, COLORS[:4])
        if rng.random() < 0.5:
            a = float(ch(rng, (1, -1, 2, -2, 0.5, -0.5)))
            d = int(rng.integers(-3, 4))
            cd = {"kind": "exponential", "a": a, "b": float(ch(rng, (2.0, 3.0, math.e, 0.5))),
                  "d": float(d)}
            x0 = int(rng.integers(-1, 2))
            y0 = d - 2 if a > 0 else d - 8
            return {"curve": cd, "win": [x0 - 4, x0 + 4, y0, y0 + 10], "color": col}
        c, d = int(rng.integers(-3, 4)), int(rng.integers(-2, 3))
        cd = {"kind": "logarithm", "a": float(ch(rng, (1, -1, 2, -2))),
              "b": float(ch(rng, (2.0, math.e, 3.0))), "c": float(c), "d": float(d)}
        x0 = c - int(rng.integers(1, 3))
        return {"curve": cd, "win": [x0, x0 + 10, d - 5, d + 5], "color": col}

    def question(self, p):
        return ("The curve has exactly one asymptote, which is a horizontal or a vertical line "
                "(its equation is y = k or x = k). What is the value of k?")

    def answer(self, p):
        cd = p["curve"]
        return float(cd["d"] if cd["kind"] == "exponential" else cd["c"])

    def check(self, p):
        s, x = sp(), sx()
        f = sym_curve(self.diagram(p).curves[0])
        logs = [g.args[0] for g in f.atoms(s.log) if g.has(x)]
        if logs:  # the domain of a logarithm stops where its argument vanishes
            return float(s.solve(logs[0], x)[0])
        for end in (80, -80):  # numeric limits at both ends: the one that settles
            near, far = (float(f.subs(x, v).evalf()) for v in (end * 0.75, end))
            if abs(far - near) < 1e-6:
                return round(far, 6) + 0.0
        return None

    def diagram(self, p):
        x0, x1, y0, y1 = p["win"]
        return FunctionSpec(curves=[curve(p["curve"], "f", p["color"])], xmin=x0, xmax=x1,
                            ymin=y0, ymax=y1, show_expression="none")


# ----------------------------------------------------------------------------- tables

# (title, corner, column, question with {t}, slope range, intercept range)
CONTEXTS = (
    ("Values of a function", "x", "y",
     "The table lists values of a linear function y = mx + b. What is y when x = {t}?",
     (-4, 5), (-6, 7)),
    ("A plumber's charges", "Hours", "Cost ($)",
     "A plumber charges a fixed call-out fee plus the same amount for every hour of work, as "
     "in the table. What is the cost in dollars of {t} hours?", (15, 41), (20, 61)),
    ("Height of a plant", "Days", "Height (cm)",
     "A plant grows by the same amount every day, as the table shows. What is its height in "
     "cm after {t} days?", (1, 5), (2, 16)),
    ("Ticket orders", "Tickets", "Price ($)",
     "An order costs a booking fee plus the same price per ticket, as in the table. What is "
     "the price in dollars of {t} tickets?", (6, 16), (2, 9)),
    ("Water in a tank", "Minutes", "Water (L)",
     "Water drains from a tank at a constant rate, as the table shows. How many litres are "
     "left after {t} minutes?", (-9, -3), (150, 201)),
)


@register_seed
class TableLinear(SeedQuestion):
    seed_id = "algebra-table-linear"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")
    canonical = {"ctx": 1, "xs": [1, 2, 3, 4], "m": 25, "b": 40, "t": 10}

    def sample(self, rng):
        while True:
            ctx = int(rng.integers(len(CONTEXTS)))
            *_, (mlo, mhi), (blo, bhi) = CONTEXTS[ctx]
            m, b = int(rng.integers(mlo, mhi)), int(rng.integers(blo, bhi))
            x0, step = int(rng.integers(1, 4)), int(ch(rng, (1, 1, 2)))
            xs = [x0 + i * step for i in range(4)]
            t = int(ch(rng, [v for v in (8, 10, 12, 15) if v > xs[-1]]))
            if m != 0 and m * t + b >= 0:
                return {"ctx": ctx, "xs": xs, "m": m, "b": b, "t": t}

    def question(self, p):
        return CONTEXTS[p["ctx"]][3].format(t=p["t"])

    def answer(self, p):
        return float(p["m"] * p["t"] + p["b"])

    def check(self, p):
        s = sp()
        ser = self.diagram(p)
        xs = [int(v) for v in ser.categories]
        ys = [s.nsimplify(v) for v in ser.series[0].values]
        m, b = s.symbols("m b")
        sol = s.solve([m * xs[0] + b - ys[0], m * xs[-1] + b - ys[-1]], [m, b])
        if any(sol[m] * u + sol[b] != v for u, v in zip(xs, ys)):
            return None
        return float(sol[m] * p["t"] + sol[b])

    def diagram(self, p):
        title, corner, col = CONTEXTS[p["ctx"]][:3]
        return ChartSpec(kind="table", title=title, x_title=corner,
                         categories=[str(x) for x in p["xs"]],
                         series=[Series(col, [float(p["m"] * x + p["b"]) for x in p["xs"]])])
