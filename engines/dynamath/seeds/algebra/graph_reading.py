"""DynaMath "algebra" seeds read off function graphs of several kinds: a composite value
f(g(a)) from two drawn graphs, the two asymptotes of a rational function, the base of a drawn
exponential or logarithm through a labelled point, and the solutions of |linear| = k where a
horizontal line meets an absolute-value graph.

Why these: DynaMath reads piecewise, absolute, exponential, logarithmic and rational graphs and
combines values read off them. Every value the answer needs sits on a lattice point of a
window ten units wide (grid step 1) or is written in a point's label. Answers come from the
params in closed form; ``check`` rebuilds the drawn curves from the spec with sympy and
substitutes, solves or takes limits there.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_more2.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.algebra.curves import (COLORS, HIGH, TOPIC, UNI, ch, curve, fval,
                                                   interior_ints, poly, sp, sx, sym_curve)
from renderers.function.sample import vertex_quadratic
from renderers.function.spec import FunctionSpec, NamedPoint


def _simple(rng, kind: str) -> dict:
    """A curve with integer values at integers: a line, a parabola or |x|."""
    if kind == "line":
        return poly([int(rng.integers(-3, 4)), ch(rng, (-2, -1, 1, 2))])
    if kind == "parabola":
        return poly(vertex_quadratic(ch(rng, (1.0, -1.0)), float(rng.integers(-2, 3)),
                                     float(rng.integers(-3, 4))))
    return {"kind": "absolute", "a": float(ch(rng, (1, -1, 2, -2))),
            "c": float(rng.integers(-2, 3)), "d": float(rng.integers(-3, 3))}


def _share_stretch(f: dict, g: dict, lo: int = -5, hi: int = 5) -> bool:
    """Whether the graphs of f and g run along one another somewhere in the window: one
    drawn over the other there hides it (|x - 1| over the ray of |x + 1| - 2)."""
    xs = [Fraction(i, 8) for i in range(8 * lo, 8 * hi + 1)]
    same = [fval(f, x) == fval(g, x) and abs(fval(f, x)) <= hi for x in xs]
    return any(a and b for a, b in zip(same, same[1:]))


@register_seed
class CompositeValue(SeedQuestion):
    seed_id = "algebra-composite-value"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("The value g(f({n})) is not needed here.",
               "Both graphs continue beyond the window drawn.")
    canonical = {"f": poly([1.0, -1.0]), "g": poly([-3.0, 0.0, 1.0]), "a": 2,
                 "colors": ["blue", "red"]}
    KINDS = ("line", "parabola", "absolute")

    def sample(self, rng):
        while True:
            kf, kg = (str(k) for k in rng.choice(self.KINDS, 2))
            f, g = _simple(rng, kf), _simple(rng, kg)
            if f == g or _share_stretch(f, g):
                continue
            cands = [a for a in interior_ints(-5, 5) if -4 <= fval(g, a) <= 4
                     and -4 <= fval(f, fval(g, a)) <= 4 and fval(g, a) != a]
            if cands:
                cols = [str(c) for c in rng.choice(COLORS[:4], 2, replace=False)]
                return {"f": f, "g": g, "a": int(ch(rng, cands)), "colors": cols}

    def question(self, p):
        return f"The graphs of y = f(x) and y = g(x) are drawn. What is the value of f(g({p['a']}))?"

    def answer(self, p):
        return float(fval(p["f"], fval(p["g"], p["a"])))

    def check(self, p):
        f, g = (sym_curve(cv) for cv in self.diagram(p).curves)
        return float(f.subs(sx(), g.subs(sx(), p["a"])))

    def diagram(self, p):
        return FunctionSpec(curves=[curve(p["f"], "f", p["colors"][0]),
                                    curve(p["g"], "g", p["colors"][1])],
                            xmin=-5, xmax=5, ymin=-5, ymax=5, show_expression="none")


@register_seed
class RationalAsymptotes(SeedQuestion):
    seed_id = "algebra-rational-asymptotes"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"a": 2.0, "c": 1, "d": -1, "color": "blue"}

    def sample(self, rng):
        return {"a": float(ch(rng, (1, -1, 2, -2, 3, -3))), "c": int(rng.integers(-3, 4)),
                "d": int(rng.integers(-3, 4)), "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return ("The graph of y = f(x) = a/(x - h) + k has a vertical asymptote x = h and a "
                "horizontal asymptote y = k. What is h + k?")

    def answer(self, p):
        return float(p["c"] + p["d"])

    def check(self, p):
        s, x = sp(), sx()
        f = sym_curve(self.diagram(p).curves[0])
        h = [r for r in s.solve(s.denom(s.together(f)), x)]
        k = s.limit(f, x, s.oo)
        return float(h[0] + k) if len(h) == 1 else None

    def diagram(self, p):
        cd = {"kind": "rational", "a": p["a"], "c": float(p["c"]), "d": float(p["d"])}
        return FunctionSpec(curves=[curve(cd, "f", p["color"])], xmin=p["c"] - 5,
                            xmax=p["c"] + 5, ymin=p["d"] - 5, ymax=p["d"] + 5,
                            show_expression="none")


@register_seed
class ExpLogBase(SeedQuestion):
    seed_id = "algebra-exp-log-base"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("The base b is a positive number other than 1.",
               "The point P lies in the first quadrant.")
    canonical = {"kind": "exponential", "b": 3, "k": 2, "color": "blue"}

    def sample(self, rng):
        while True:
            kind, b, k = ch(rng, ("exponential", "logarithm")), int(ch(rng, (2, 3, 4, 5))), \
                int(ch(rng, (1, 2, 3)))
            if 2 <= b ** k <= 9 and not (b == 2 and k == 1):
                return {"kind": kind, "b": b, "k": k, "color": ch(rng, COLORS[:4])}

    def _point(self, p):
        v = p["b"] ** p["k"]
        return (p["k"], v) if p["kind"] == "exponential" else (v, p["k"])

    def question(self, p):
        f = "b^x" if p["kind"] == "exponential" else "log_b(x)"
        return (f"The curve is the graph of y = {f}, and it passes through the labelled point "
                f"P. What is the base b?")

    def answer(self, p):
        return float(p["b"])

    def check(self, p):
        s = sp()
        b = s.Symbol("b", positive=True)
        pt = self.diagram(p).points[0]
        x, y = s.nsimplify(pt.x), s.nsimplify(pt.y)
        eq = b ** x - y if p["kind"] == "exponential" else b ** y - x
        sol = [v for v in s.solve(eq, b) if v.is_real and v > 0 and v != 1]
        return float(sol[0]) if len(sol) == 1 else None

    def diagram(self, p):
        cd = {"kind": p["kind"], "a": 1.0, "b": float(p["b"]), "c": 0.0, "d": 0.0}
        px, py = self._point(p)
        if p["kind"] == "exponential":
            win = [-4, 4, -1, 10]
        else:
            win = [-1, 10, -4, 4]
        return FunctionSpec(curves=[curve(cd, "", p["color"])], xmin=win[0], xmax=win[1],
                            ymin=win[2], ymax=win[3], show_expression="none",
                            points=[NamedPoint("P", float(px), float(py))])


@register_seed
class AbsoluteSolutions(SeedQuestion):
    seed_id = "algebra-absolute-solutions"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The graph of f continues beyond the window drawn.",
               "Another function g, not drawn, has g(0) = {n}.")
    canonical = {"a": 1.0, "c": 1, "d": -2, "k": 1, "ask": "product",
                 "colors": ["blue", "red"]}

    def sample(self, rng):
        while True:
            a = float(ch(rng, (1, -1, 2, -2, 0.5, -0.5)))
            c, d = int(rng.integers(-2, 3)), int(rng.integers(-3, 4))
            k = int(rng.integers(-4, 5))
            u = Fraction(k - d) / Fraction(a)  # the distance of both solutions from c
            # k = 0 would hide the drawn line under the x-axis
            if k != 0 and u > 0 and u.denominator == 1 and c + u <= 4 and c - u >= -4:
                cols = [str(v) for v in rng.choice(COLORS[:4], 2, replace=False)]
                return {"a": a, "c": c, "d": d, "k": k, "ask": ch(rng, ("sum", "product",
                                                                        "difference")),
                        "colors": cols}

    def question(self, p):
        what = {"sum": "the sum", "product": "the product",
                "difference": "the larger minus the smaller"}[p["ask"]]
        return (f"The graph of f(x) = a|x - h| + k and the horizontal line y = {p['k']} are "
                f"drawn. The equation f(x) = {p['k']} has two solutions. What is {what} of "
                f"the two solutions?")

    def _sols(self, p):
        u = Fraction(p["k"] - p["d"]) / Fraction(p["a"])
        return p["c"] - u, p["c"] + u

    def answer(self, p):
        lo, hi = self._sols(p)
        return float({"sum": lo + hi, "product": lo * hi, "difference": hi - lo}[p["ask"]])

    def check(self, p):
        s = sp()
        f, g = (sym_curve(cv) for cv in self.diagram(p).curves)
        sol = sorted(s.solveset(f - g, sx(), s.S.Reals))
        if len(sol) != 2:
            return None
        lo, hi = sol
        return float({"sum": lo + hi, "product": lo * hi, "difference": hi - lo}[p["ask"]])

    def diagram(self, p):
        cd = {"kind": "absolute", "a": p["a"], "c": float(p["c"]), "d": float(p["d"])}
        return FunctionSpec(curves=[curve(cd, "f", p["colors"][0]),
                                    curve(poly([p["k"]]), "", p["colors"][1])],
                            xmin=-5, xmax=5, ymin=-5, ymax=5, show_expression="none")
