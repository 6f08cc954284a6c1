"""DynaMath "algebra" seeds read off one drawn graph on a grid (the panels family, one panel):
one-sided limits at a jump, for which k the equation f(x) = k has a given number of solutions,
a definite integral as signed area under a graph of line segments, and the derivative of an
inverse function from a drawn tangent line.

Why these: DynaMath's undergraduate algebra reads limits, integrals and derivatives off a graph
and its high-school algebra counts the solutions of f(x) = k by a horizontal line. The answers
come from the parameters; each ``check`` reads the spec back another way (the drawn pieces'
values at the jump and the drawn dot, the roots of f - k from numpy, a dense midpoint sum over
the drawn segments, the inverse found by bisection on the drawn curve and differenced).

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_al.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order, \
    register_seed
from engines.dynamath.seeds.algebra.choice_more import COLORS, HIGH, R, TOPIC, UNI, panel
from renderers.panels.spec import Item, PanelsSpec, graph_y
from renderers.spec import rng_choice
from renderers.text import fmt_num

P = np.polynomial.polynomial
OPEN_R = 0.16  # radius of an open circle (math units; the panel is 10 units wide)
DOT_NOTE = ("An open circle marks a point that is not on the graph; a filled dot marks a point "
            "that is.")


# ----------------------------------------------------------------------------- one-sided limits


def limit_text(kind: str, a: int, v: int) -> str:
    side = {"left": "⁻", "right": "⁺", "both": ""}
    if kind == "value":
        return f"f({a}) = {v}"
    return f"lim_(x→{a}{side[kind]}) f(x) = {v}"


@register_seed
class JumpLimits(ShuffledCandidates):
    """f is a line left of x = a ending in (a, L) and a line right of it starting at (a, Rv),
    L != Rv, with f(a) = V drawn as a filled dot (V may equal L or Rv; the end that belongs to
    the graph is the dot, the other an open circle). The right option states the asked
    one-sided limit; the wrong ones state the same number as the other one-sided limit, the
    two-sided limit, f(a) (never equal to it) or the asked side with the other side's number."""

    seed_id = "algebra-jump-limits"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("f is defined for every x from -5 to 5.", "The graph of f has exactly one jump.")
    visual_type = "function plot"

    def sample(self, rng):
        while True:
            a = int(rng.integers(-2, 3))
            L, Rv, V = (int(v) for v in rng.integers(-3, 4, 3))
            s1, s2 = (float(rng_choice(rng, (-1.0, -0.5, 0.0, 0.5, 1.0))) for _ in range(2))
            side = rng_choice(rng, ("left", "right"))
            val = L if side == "left" else Rv
            if L == Rv or V == val:
                continue
            ends = [L + s1 * (-R - a), Rv + s2 * (R - a)]
            if max(abs(e) for e in ends) > 4.5:
                continue
            if a == 0 or V == 0:
                continue  # keep the filled dot off the axes, where it is hard to see
            wrong = [0, 1, 2, 3]
            rng.shuffle(wrong)
            p = {"a": a, "L": L, "R": Rv, "V": V, "s": [s1, s2], "side": side,
                 "wrong": [int(w) for w in wrong[:3]], "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS)}
            return p

    def statements(self, p) -> list[tuple[str, int]]:
        """(kind, number): the right statement first, then the pool of wrong ones."""
        other = "right" if p["side"] == "left" else "left"
        val = p["L"] if p["side"] == "left" else p["R"]
        oval = p["R"] if p["side"] == "left" else p["L"]
        pool = [(other, val), ("both", val), ("value", val), (p["side"], oval)]
        return [(p["side"], val)] + [pool[w] for w in p["wrong"]]

    def candidates(self, p):
        return [limit_text(k, p["a"], v) for k, v in self.statements(p)]

    def question(self, p):
        return (f"The graph of f is drawn. {DOT_NOTE} Which statement is true?")

    def diagram(self, p):
        a, L, Rv, V = p["a"], p["L"], p["R"], p["V"]
        s1, s2 = p["s"]
        col = p["color"]
        items = []
        for (lo, hi), y0, s, closed in (((-R, a), L, s1, V == L), ((a, R), Rv, s2, V == Rv)):
            # stop an open end at the circle's rim so the line does not run into it
            gap = 0.0 if closed else OPEN_R / math.hypot(1.0, s)
            lo2, hi2 = (lo, hi - gap) if hi == a else (lo + gap, hi)
            items.append(Item("graph", fn="poly", params=[y0 - s * a, s], t=[lo2, hi2],
                              color=col))
            if not closed:
                items.append(Item("circle", params=[float(a), float(y0), OPEN_R], color=col))
        items.append(Item("point", pts=[[float(a), float(V)]], color=col))
        return PanelsSpec(panels=[panel("", items)])

    def check(self, p):
        items = self.diagram(p).panels[0].items
        pieces = [it for it in items if it.kind == "graph"]
        dot = next(it for it in items if it.kind == "point")
        a, V = dot.pts[0]
        # each piece's value at the jump (its formula continued to x = a)
        left = next(it for it in pieces if it.t[0] < a)
        right = next(it for it in pieces if it.t[1] > a)
        lim = {"left": float(graph_y(left, a)), "right": float(graph_y(right, a))}
        truth = {"left": lambda v: abs(lim["left"] - v) < 1e-9,
                 "right": lambda v: abs(lim["right"] - v) < 1e-9,
                 "both": lambda v: abs(lim["left"] - lim["right"]) < 1e-9 and
                 abs(lim["left"] - v) < 1e-9,
                 "value": lambda v: abs(V - v) < 1e-9}
        hits = [limit_text(k, p["a"], v) for k, v in self.statements(p) if truth[k](v)]
        return hits[0] if len(hits) == 1 else None


# ----------------------------------------------------------------------------- f(x) = k


def count_text(n: int) -> str:
    return {1: "exactly one solution", 2: "exactly two solutions",
            3: "exactly three solutions"}[n]


@register_seed
class LevelSolutionCount(ShuffledCandidates):
    """f is a cubic with a local maximum M and a local minimum m at whole-number points (both
    drawn as dots). f(x) = k has three solutions for m < k < M, two for k = m or k = M, one
    otherwise; the options are four values of k, exactly one with the asked count."""

    seed_id = "algebra-level-solution-count"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("f is defined for every real number x.",
               "The graph of f crosses the y-axis once.")
    visual_type = "function plot"

    def sample(self, rng):
        while True:
            sg = int(rng_choice(rng, (-1, 1)))
            x1 = int(rng.integers(-3, 1))
            w = int(rng_choice(rng, (2, 3)))
            drop = int(rng_choice(rng, (3, 4, 5, 6)))
            hi = int(rng.integers(-1 + drop - 3, 4))  # the maximum's value
            lo = hi - drop
            if lo < -4:
                continue
            p = {"sg": sg, "x": [x1, x1 + w], "M": hi, "m": lo,
                 "n": int(rng_choice(rng, (1, 2, 3))), "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS)}
            ks = self.pick_ks(p, rng)
            if ks is None:
                continue
            p["ks"] = ks
            return p

    @staticmethod
    def count(p, k) -> int:
        return 3 if p["m"] < k < p["M"] else 2 if k in (p["m"], p["M"]) else 1

    def pick_ks(self, p, rng):
        pool = list(range(p["m"] - 2, p["M"] + 3))
        want = [k for k in pool if self.count(p, k) == p["n"]]
        rest = [k for k in pool if self.count(p, k) != p["n"]]
        if not want or len(rest) < 3:
            return None
        right = int(rng_choice(rng, want))
        # the wrong ones: one of each other count where possible, then any
        wrong: list[int] = []
        for n in (1, 2, 3):
            if n != p["n"]:
                opts = [k for k in rest if self.count(p, k) == n]
                wrong.append(int(rng_choice(rng, opts)))
        left = [k for k in rest if k not in wrong]
        wrong.append(int(rng_choice(rng, left)))
        return [right] + wrong

    def coeffs(self, p) -> list[float]:
        """f' = c (x - x1)(x - x2): c fixed by f(x1) - f(x2) = +-(M - m), f(left) at its value;
        the left critical point is the maximum when sg = 1 (f rises, falls, rises)."""
        x1, x2 = p["x"]
        d = P.polyint(P.polyfromroots([x1, x2]))  # an antiderivative of (x - x1)(x - x2)
        span = P.polyval(x1, d) - P.polyval(x2, d)  # positive: (x2 - x1)^3 / 6
        c = (p["M"] - p["m"]) / span * p["sg"]
        f = c * d
        start = p["M"] if p["sg"] > 0 else p["m"]
        f[0] += start - P.polyval(x1, f)
        return [float(v) + 0.0 for v in f]

    def candidates(self, p):
        return [f"k = {k}" for k in p["ks"]]

    def question(self, p):
        return ("The graph of the cubic function f is drawn; its turning points are marked. "
                f"For which value of k does the equation f(x) = k have {count_text(p['n'])}?")

    def diagram(self, p):
        cf = self.coeffs(p)
        x1, x2 = p["x"]
        ext = [[float(x), float(P.polyval(x, cf))] for x in (x1, x2)]
        items = [Item("graph", fn="poly", params=cf, color=p["color"], name="y = f(x)")]
        items += [Item("point", pts=[e], color=p["color"]) for e in ext]
        return PanelsSpec(panels=[panel("", items)])

    def check(self, p):
        cf = self.diagram(p).panels[0].items[0].params
        hits = []
        for k in p["ks"]:
            r = P.polyroots([cf[0] - k] + list(cf[1:]))
            real = sorted(float(z.real) for z in r if abs(z.imag) < 1e-5)
            distinct = [x for i, x in enumerate(real) if i == 0 or x - real[i - 1] > 1e-3]
            if len(distinct) == p["n"]:
                hits.append(f"k = {k}")
        return hits[0] if len(hits) == 1 else None


# ----------------------------------------------------------------------------- signed area


@register_seed
class SignedAreaSegments(SeedQuestion):
    """f on [-4, 4] joins whole-number points at x = -4..4 by segments, crossing the x-axis
    at least once between the bounds a < b; the integral is the sum of the trapezoids'
    signed areas, (y_i + y_(i+1)) / 2 each."""

    seed_id = "algebra-signed-area-segments"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("f is continuous on [-4, 4].", "f(x) is not defined outside [-4, 4].")
    visual_type = "function plot"

    def sample(self, rng):
        while True:
            ys = [int(v) for v in rng.integers(-3, 4, 9)]
            a = int(rng.integers(-4, 1))
            b = int(rng.integers(a + 3, 5))
            seg = ys[a + 4:b + 5]
            if min(seg) >= 0 or max(seg) <= 0:
                continue  # both signs between the bounds: the area is signed
            if sum(abs(ys[i] - ys[i + 1]) == 0 for i in range(8)) > 3:
                continue
            return {"ys": ys, "ab": [a, b], "color": rng_choice(rng, COLORS)}

    def question(self, p):
        a, b = p["ab"]
        return (f"The graph of f consists of line segments joining points with whole-number "
                f"coordinates. What is the value of the integral of f(x) from x = {a} to "
                f"x = {b}?")

    def answer(self, p):
        a, b = p["ab"]
        ys = p["ys"]
        return float(sum((ys[i + 4] + ys[i + 5]) / 2 for i in range(a, b)))

    def diagram(self, p):
        ys = p["ys"]
        items = [Item("segment", pts=[[float(x), float(ys[x + 4])],
                                      [float(x + 1), float(ys[x + 5])]], color=p["color"])
                 for x in range(-4, 4)]
        items.append(Item("point", pts=[[-4.0, float(ys[0])]], color=p["color"]))
        items.append(Item("point", pts=[[4.0, float(ys[-1])]], color=p["color"]))
        return PanelsSpec(panels=[panel("", items)])

    def check(self, p):
        segs = [it.pts for it in self.diagram(p).panels[0].items if it.kind == "segment"]
        xs = np.array([s[0][0] for s in segs] + [segs[-1][1][0]])
        ys = np.array([s[0][1] for s in segs] + [segs[-1][1][1]])
        a, b = p["ab"]
        n = 4000 * (b - a)
        mid = a + (np.arange(n) + 0.5) * (b - a) / n
        return round(float(np.interp(mid, xs, ys).sum() * (b - a) / n), 6)


# ----------------------------------------------------------------------------- (f⁻¹)'


@register_seed
class InverseDerivative(SeedQuestion):
    """f = y0 + m (x - x0) + c (x - x0)^3 with c of m's sign (one-to-one); the dashed tangent
    at P(x0, y0) has slope m = num/den and passes a second whole-number point. (f⁻¹)'(y0) =
    1 / m."""

    seed_id = "algebra-inverse-derivative"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("f is differentiable at every real number x.",
               "f is defined for every real number x.")
    visual_type = "function plot"

    def sample(self, rng):
        while True:
            num, den = rng_choice(rng, ((1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3),
                                        (2, 3)))
            sg = int(rng_choice(rng, (-1, 1)))
            x0, y0 = (int(v) for v in rng.integers(-2, 3, 2))
            c = float(rng_choice(rng, (0.05, 0.1, 0.2))) * sg
            p = {"m": [sg * num, den], "P": [x0, y0], "c": c, "color": rng_choice(rng, COLORS)}
            m = sg * num / den
            # the second point of the tangent, den steps away, inside the grid
            if abs(x0 + den) > 4 or abs(y0 + sg * num) > 4 or (x0, y0) == (0, 0):
                continue
            if abs(m) >= 3 and abs(c) > 0.1:
                continue
            return p

    def coeffs(self, p) -> list[float]:
        x0, y0 = p["P"]
        m = p["m"][0] / p["m"][1]
        c = p["c"]
        # y0 + m (x - x0) + c (x - x0)^3 expanded
        return [float(v) + 0.0 for v in
                (y0 - m * x0 - c * x0 ** 3, m + 3 * c * x0 ** 2, -3 * c * x0, c)]

    def question(self, p):
        x0, y0 = p["P"]
        return ("The solid curve is the graph of the one-to-one function f, and the dashed "
                f"line is tangent to it at P. What is the derivative of the inverse function "
                f"f⁻¹ at {y0}, (f⁻¹)'({y0})? Round to three decimal places.")

    def answer(self, p):
        return p["m"][1] / p["m"][0]

    def diagram(self, p):
        x0, y0 = p["P"]
        num, den = p["m"]
        col = p["color"]
        return PanelsSpec(panels=[panel("", [
            Item("graph", fn="poly", params=self.coeffs(p), color=col, name="y = f(x)"),
            Item("line", params=[float(-num), float(den), float(den * y0 - num * x0)],
                 color="gray", dash=True),
            Item("point", pts=[[float(x0), float(y0)]], name="P", show_coords=True,
                 color="black")])])

    def check(self, p):
        f, line, pt = self.diagram(p).panels[0].items
        x0, y0 = pt.pts[0]
        a, b, c = line.params
        h = 1e-5
        slope = (graph_y(f, x0 + h) - graph_y(f, x0 - h)) / (2 * h)
        if abs(a * x0 + b * y0 - c) > 1e-9 or abs(slope - (-a / b)) > 1e-6:
            return None  # the drawn line is no tangent at P

        def inv(y):  # f is monotone: bisection on a wide bracket
            lo, hi = -50.0, 50.0
            up = graph_y(f, hi) > graph_y(f, lo)
            for _ in range(200):
                mid = (lo + hi) / 2
                if (graph_y(f, mid) < y) == up:
                    lo = mid
                else:
                    hi = mid
            return (lo + hi) / 2
        k = 1e-5
        return round(float((inv(y0 + k) - inv(y0 - k)) / (2 * k)), 6)
