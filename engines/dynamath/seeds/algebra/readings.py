"""DynaMath "algebra" seeds that read a function off its picture and use it: which formula a
drawn piecewise-linear function follows to the right of its corner, a value of a cubic found
from its marked zeros and one labelled point, the average rate of change of a parabola between
two marked points, and a composite value from a table of two functions.

Why these: DynaMath's algebra topic builds a formula from what a graph shows (zeros, a point,
a corner) or chains function values read from a table. Every value the answer needs lies on a
lattice point of a grid with step 1 or is written in the picture. Answers use the params in
closed form (exact fractions); ``check`` works from the drawn spec: the option formulas parsed
with sympy and compared with the drawn curve, the drawn curve rebuilt with sympy, the table's
cells looked up.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_graph_s6.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.algebra.curves import (COLORS, HIGH, TOPIC, ch, curve, fval,
                                                   parse_rhs, poly, sx, sym_curve)
from renderers.function.spec import FunctionSpec, NamedPoint, value
from renderers.table.spec import TableSpec
from renderers.text import fmt_num


def lin_text(m: int, b: int) -> str:
    """y = mx + b as the options write it: 2x - 3, -x + 1, 4, -2x."""
    mx = {1: "x", -1: "-x", 0: ""}.get(m, f"{m}x")
    if not mx:
        return str(b)
    return mx if b == 0 else f"{mx} {'+' if b > 0 else '-'} {abs(b)}"


@register_seed
class PiecewiseFormula(ShuffledCandidates):
    seed_id = "algebra-piecewise-formula"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", "function type")

    def sample(self, rng):
        while True:
            xb, yb = int(rng.integers(-2, 3)), int(rng.integers(-2, 3))
            m1, m2 = (int(v) for v in rng.choice([-3, -2, -1, 1, 2, 3], 2, replace=False))
            right = (m2, yb - m2 * xb)
            c = [right, (m1, yb - m1 * xb), (-m2, yb + m2 * xb), (m2, right[1] + ch(rng, (1, -1))),
                 (m2, -right[1])]
            texts = list(dict.fromkeys(lin_text(*x) for x in c))
            if texts[0] == lin_text(*right) and len(texts) >= 4:
                return {"xb": xb, "yb": yb, "m1": m1, "m2": m2, "cand": texts[:4],
                        "order": draw_order(rng), "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return (f"The graph of f is made of two straight pieces that meet at x = {p['xb']}. "
                f"Which formula gives f(x) for x ≥ {p['xb']}?")

    def candidates(self, p):
        return [f"f(x) = {t}" for t in p["cand"]]

    def check(self, p):  # each option against the drawn curve at three points right of the corner
        cv = self.diagram(p).curves[0]
        hit = [o for o in self.options(p)
               if all(abs(float(parse_rhs(o.split("= ")[1]).subs(sx(), x)) - value(cv, x)) < 1e-9
                      for x in (p["xb"], p["xb"] + 1, p["xb"] + 2.5))]
        return hit[0] if len(hit) == 1 else None

    def diagram(self, p):
        xb, yb, m1, m2 = p["xb"], p["yb"], p["m1"], p["m2"]
        cd = {"kind": "piecewise", "pieces": [[None, float(xb), [float(yb - m1 * xb), float(m1)]],
                                              [float(xb), None, [float(yb - m2 * xb), float(m2)]]]}
        return FunctionSpec(curves=[curve(cd, "f", p["color"])], xmin=xb - 5, xmax=xb + 5,
                            ymin=yb - 5, ymax=yb + 5, show_expression="none")


@register_seed
class PolynomialRootsPoint(SeedQuestion):
    seed_id = "algebra-polynomial-roots-point"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("The polynomial has real coefficients.",
               "Another polynomial g, not shown, has g({x}) = {y}.")

    def sample(self, rng):
        while True:
            roots = sorted(int(v) for v in rng.choice(np.arange(-4, 5), 3, replace=False))
            k = Fraction(ch(rng, (1, -1, 1, -1, 2, -2))) / 2
            xs = [x for x in range(-4, 5) if x not in roots]
            x0 = int(ch(rng, xs))
            y0 = k * np.prod([x0 - r for r in roots])
            x1 = int(ch(rng, (-6, -5, 5, 6)))
            if y0.denominator == 1 and 1 <= abs(y0) <= 9 and min(np.diff(roots)) >= 2:
                # zeros 2 apart keep their coordinate labels apart
                return {"roots": roots, "k": [k.numerator, k.denominator], "x0": x0,
                        "x1": x1, "color": ch(rng, COLORS[:4])}

    def coeffs(self, p) -> list[Fraction]:
        c = [Fraction(*p["k"])]  # ascending powers
        for r in p["roots"]:
            c = [Fraction(0)] + c
            c = [c[i] - r * (c[i + 1] if i + 1 < len(c) else 0) for i in range(len(c))]
        return c

    def question(self, p):
        return ("The graph shows a polynomial f of degree 3; its three zeros are marked and "
                f"the point P lies on the graph. What is f({p['x1']})?")

    def answer(self, p):
        k = Fraction(*p["k"])
        return float(k * np.prod([p["x1"] - r for r in p["roots"]]))

    def check(self, p):  # the drawn cubic (sympy) at x1
        return float(sym_curve(self.diagram(p).curves[0]).subs(sx(), p["x1"]))

    def diagram(self, p):
        cd = poly([float(c) for c in self.coeffs(p)])
        y0 = fval(cd, p["x0"])
        cv = curve(cd, "f", p["color"])
        cv.marks = ["zeros"]
        return FunctionSpec(curves=[cv], xmin=-5, xmax=5, ymin=-10, ymax=10,
                            show_expression="none",
                            points=[NamedPoint("P", float(p["x0"]), float(y0))])


@register_seed
class AverageRate(SeedQuestion):
    seed_id = "algebra-average-rate"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("The parabola's axis of symmetry is not drawn.",
               "A line through ({x}, {y}) is not drawn.")

    def sample(self, rng):
        while True:
            s, h, k = int(ch(rng, (1, -1))), int(rng.integers(-2, 3)), int(rng.integers(-3, 4))
            a, b = sorted(int(v) for v in rng.choice(np.arange(-4, 5), 2, replace=False))
            ys = [s * (x - h) ** 2 + k for x in (a, b)]
            if all(-4 <= y <= 4 for y in ys) and ys[0] != ys[1]:
                return {"s": s, "h": h, "k": k, "a": a, "b": b, "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return ("The graph of the quadratic function f passes through the marked points P and "
                "Q. What is the average rate of change of f from P to Q?")

    def answer(self, p):
        f = lambda x: p["s"] * (x - p["h"]) ** 2 + p["k"]  # noqa: E731
        return float(Fraction(f(p["b"]) - f(p["a"]), p["b"] - p["a"]))

    def check(self, p):  # the slope of the chord of the drawn curve (sympy)
        spec = self.diagram(p)
        e = sym_curve(spec.curves[0])
        P, Q = spec.points
        return float((e.subs(sx(), Q.x) - e.subs(sx(), P.x)) / (Q.x - P.x))

    def diagram(self, p):
        s, h, k = p["s"], p["h"], p["k"]
        cd = poly([s * h * h + k, -2 * s * h, s])
        return FunctionSpec(curves=[curve(cd, "f", p["color"])], xmin=-5, xmax=5, ymin=-5,
                            ymax=5, show_expression="none",
                            points=[NamedPoint("P", float(p["a"]), float(fval(cd, p["a"])), False),
                                    NamedPoint("Q", float(p["b"]), float(fval(cd, p["b"])),
                                               False)])


@register_seed
class CompositionTable(SeedQuestion):
    seed_id = "algebra-composition-table"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("The function h, not in the table, has h(1) = {n}.",)
    FORMS = ("f(g({a}))", "g(f({a}))", "f(f({a}))", "g(g({a}))")

    def sample(self, rng):
        while True:
            f = [int(v) for v in rng.integers(1, 7, size=6)]
            g = [int(v) for v in rng.integers(1, 7, size=6)]
            form, a = int(rng.integers(4)), int(rng.integers(1, 7))
            if len(set(f)) >= 4 and len(set(g)) >= 4:
                return {"f": f, "g": g, "form": form, "a": a, "color": ch(rng, COLORS)}

    def question(self, p):
        expr = self.FORMS[p["form"]].format(a=p["a"])
        return f"The table gives the values of two functions f and g. What is {expr}?"

    def answer(self, p):
        fn = {"f": p["f"], "g": p["g"]}
        outer, inner = self.FORMS[p["form"]][0], self.FORMS[p["form"]][2]
        return float(fn[outer][fn[inner][p["a"] - 1] - 1])

    def check(self, p):  # the table's cells, looked up by their printed headers
        t = self.diagram(p)
        cell = {r[0]: dict(zip(t.header[1:], r[1:])) for r in t.rows}
        outer, inner = self.FORMS[p["form"]][0], self.FORMS[p["form"]][2]
        mid = cell[f"{inner}(x)"][str(p["a"])]
        return float(cell[f"{outer}(x)"][mid])

    def diagram(self, p):
        return TableSpec(title="Values of f and g", header=["x"] + [str(i) for i in range(1, 7)],
                         rows=[["f(x)"] + [fmt_num(v) for v in p["f"]],
                               ["g(x)"] + [fmt_num(v) for v in p["g"]]])
