"""DynaMath "algebra" seeds: which formula is the drawn curve, and in which form.

Why these: DynaMath varies the function type behind one question (the same "which equation"
or "even or odd" asked of a line, a parabola, a sine, an exponential, a logarithm, |x|) and
the symbols in it (one line written in slope-intercept, point-slope or standard form; a sine
named y = A sin(Bx) + D or y = p sin(qx) + r; a transformed graph named g and f or q and p).
Formulas are hidden in the picture, so the curve itself decides the answer. ``check`` parses
the option texts with sympy (or rebuilds the drawn curve from the spec) and tests them against
the curve's values, so a wrong or ambiguous option list fails the shared tests.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.algebra.curves import (COLORS, HIGH, ROUND2, TOPIC, ch, curve,
                                                   parse_rhs, poly, sp, sx, sym_curve)
from renderers.function.sample import choose_window, poly_from_roots, vertex_quadratic
from renderers.function.spec import FunctionSpec, evaluate
from renderers.function.text import rhs_text
from renderers.text import r2

TWO_PI = 2 * math.pi


def _matches(text: str, xs, ys, funcs: dict | None = None) -> bool:
    """The option's right-hand side equals the drawn values ys at xs (complex = undefined)."""
    e = parse_rhs(text, funcs)
    for x, y in zip(xs, ys):
        v = complex(e.subs(sx(), float(x)).evalf())
        if abs(v.imag) > 1e-9 or abs(v.real - y) > 1e-6:
            return False
    return True


def _probe(cv, lo: float, hi: float, n: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """n points inside [lo, hi] where the drawn curve is defined, and its values there."""
    xs = np.linspace(lo, hi, 4 * n + 3)[1:-1]
    ys = evaluate(cv, xs)
    ok = np.isfinite(ys) & (np.abs(ys) < 1e6)
    xs, ys = xs[ok], ys[ok]
    idx = np.linspace(0, len(xs) - 1, n).astype(int)
    return xs[idx], ys[idx]


def _ordered(rng, right: str, wrong: list[str]) -> list[str]:
    opts = [right] + wrong
    return [opts[i] for i in rng.permutation(len(opts))]


# ----------------------------------------------------------------------------- function type


def rand_curve(rng, kind: str) -> dict:
    if kind == "line":
        return poly([int(rng.integers(-3, 4)), ch(rng, (-2, -1, -0.5, 0.5, 1, 2))])
    if kind == "quadratic":
        return poly(vertex_quadratic(ch(rng, (1.0, -1.0, 0.5, -0.5)),
                                     float(rng.integers(-2, 3)), float(rng.integers(-3, 4))))
    if kind == "cubic":
        roots = sorted(int(v) for v in rng.choice(np.arange(-3, 4), 3, replace=False))
        return poly(poly_from_roots(ch(rng, (0.5, -0.5)), roots))
    if kind in ("sine", "cosine"):
        return {"kind": kind, "a": float(ch(rng, (1, 2, 3, -1, -2))),
                "b": float(ch(rng, (1.0, 2.0, 0.5))), "c": 0.0,
                "d": float(rng.integers(-1, 2))}
    if kind == "exponential":
        return {"kind": kind, "a": float(ch(rng, (1, 2, -1))),
                "b": float(ch(rng, (2.0, 3.0, 0.5, math.e))), "d": float(rng.integers(-2, 3))}
    if kind == "logarithm":
        return {"kind": kind, "a": float(ch(rng, (1, 2, -1))),
                "b": float(ch(rng, (2.0, math.e, 3.0))), "c": float(rng.integers(-2, 2)),
                "d": float(rng.integers(-1, 3))}
    if kind == "absolute":
        return {"kind": kind, "a": float(ch(rng, (1, -1, 2, -2, 0.5))),
                "c": float(rng.integers(-2, 3)), "d": float(rng.integers(-3, 4))}
    raise ValueError(f"unknown form {kind!r}")


def mirror(cd: dict) -> dict:
    """The same kind of curve reflected in a horizontal line: a visibly different twin."""
    out = dict(cd)
    if cd["kind"] == "polynomial":
        out["coeffs"] = [-c for c in cd["coeffs"]]
    else:
        out["a"] = -cd["a"]
    return out


@register_seed
class FunctionType(ShuffledCandidates):
    seed_id = "algebra-function-type"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("function type", "numerical value")
    FORMS = ("line", "quadratic", "cubic", "sine", "cosine", "exponential", "logarithm",
             "absolute")

    def sample(self, rng):
        while True:
            form = ch(rng, self.FORMS)
            cd = rand_curve(rng, form)
            others = [rand_curve(rng, str(k)) for k in
                      rng.choice([f for f in self.FORMS if f != form], 2, replace=False)]
            others.append(mirror(cd))
            cv = curve(cd)
            x0, x1, y0, y1, pi = choose_window(rng, [cv])
            xs = np.linspace(x0, x1, 200)
            ys = evaluate(cv, xs)
            # every wrong option must part from the curve by a visible amount in the window
            seen = np.isfinite(ys) & (ys > y0) & (ys < y1)
            far = [np.max(np.where(seen, np.nan_to_num(np.abs(evaluate(curve(o), xs) - ys),
                                                       nan=10.0), 0.0)) > 1.0 for o in others]
            texts = {rhs_text(curve(o)) for o in others + [cd]}
            if all(far) and len(texts) == 4:
                return {"curve": cd, "others": others, "order": draw_order(rng),
                        "win": [x0, x1, y0, y1], "pi": bool(pi), "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return "Which equation has the graph shown?"

    def candidates(self, p):
        return ["y = " + rhs_text(curve(c)) for c in [p["curve"]] + p["others"]]

    def check(self, p):
        spec = self.diagram(p)
        xs, ys = _probe(spec.curves[0], spec.xmin, spec.xmax)
        good = [o for o in self.options(p) if _matches(o[4:], xs, ys)]
        return good[0] if len(good) == 1 else None

    def diagram(self, p):
        x0, x1, y0, y1 = p["win"]
        return FunctionSpec(curves=[curve(p["curve"], "", p["color"])], xmin=x0, xmax=x1,
                            ymin=y0, ymax=y1, pi_ticks=p["pi"], show_expression="none")


# ----------------------------------------------------------------------------- line forms


def _lin(m: Fraction, var: str = "x") -> str:
    """m·var as written: "2x", "-x", "(1/2)x"."""
    if m == 1:
        return var
    if m == -1:
        return "-" + var
    if m.denominator == 1:
        return f"{m.numerator}{var}"
    return f"{'-' if m < 0 else ''}({abs(m.numerator)}/{m.denominator}){var}"


def _plus(v: Fraction) -> str:
    if v == 0:
        return ""
    t = str(abs(v.numerator)) if v.denominator == 1 else f"{abs(v.numerator)}/{v.denominator}"
    return f" {'-' if v < 0 else '+'} {t}"


def line_text(m: Fraction, b: Fraction, form: str, x0: int) -> str:
    """The line y = m x + b written in one of three forms."""
    if form == "slope-intercept":
        return f"y = {_lin(m)}{_plus(b)}" if m else f"y = {b}"
    if form == "point-slope":
        y0 = m * x0 + b
        rhs = f"{_lin(m, f'(x{_plus(Fraction(-x0))})')}" if x0 else _lin(m)
        return f"y{_plus(-y0)} = {rhs}"
    # standard form A x + B y = C in integers with A > 0: m x - y = -b, scaled
    L = m.denominator * b.denominator
    A, B, C = int(m * L), -L, int(-b * L)
    g = math.gcd(math.gcd(A, B), C)
    A, B, C = A // g, B // g, C // g
    if A < 0:
        A, B, C = -A, -B, -C
    return f"{_lin(Fraction(A))} {'-' if B < 0 else '+'} {_lin(Fraction(abs(B)), 'y')} = {C}"


FORMS3 = ("slope-intercept", "point-slope", "standard")


@register_seed
class LineEquation(ShuffledCandidates):
    seed_id = "algebra-line-equation"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("symbolic substitution", "numerical value")
    canonical = {"lines": [[2, 1, -1], [-2, 1, -1], [2, 1, 1], [1, 2, -1]],
                 "forms": ["standard", "slope-intercept", "point-slope", "slope-intercept"],
                 "x0": [1, 1, 2, -2], "order": [2, 0, 3, 1], "color": "blue"}
    SLOPES = ((1, 1), (-1, 1), (2, 1), (-2, 1), (3, 1), (-3, 1), (1, 2), (-1, 2), (3, 2),
              (-3, 2), (1, 3), (-1, 3))

    def sample(self, rng):
        mn, md = self.SLOPES[int(rng.integers(len(self.SLOPES)))]
        b = int(rng.integers(-3, 4))
        true = (mn, md, b)
        pool = [(-mn, md, b), (mn, md, -b), (md * (1 if mn > 0 else -1), abs(mn), b),
                (mn, md, b + 1), (mn, md, b - 1), (-mn, md, -b), (b, 1, mn) if md == 1 else
                (mn, md, b + 2)]
        wrong = []
        for i in rng.permutation(len(pool)):
            cand = pool[int(i)]
            if Fraction(cand[0], cand[1]) == 0:
                continue
            same = [Fraction(c[0], c[1]) == Fraction(cand[0], cand[1]) and c[2] == cand[2]
                    for c in [true] + wrong]
            if not any(same):
                wrong.append(cand)
            if len(wrong) == 3:
                break
        lines = [list(true)] + [list(w) for w in wrong]
        x0s = []
        for mn_, md_, _ in lines:  # a point with integer coordinates for point-slope form
            x0s.append(int(md_ * ch(rng, (-1, 1, 2) if md_ > 1 else (-2, -1, 1, 2))))
        return {"lines": lines, "forms": [ch(rng, FORMS3) for _ in lines], "x0": x0s,
                "order": draw_order(rng), "color": ch(rng, COLORS[:4])}

    def candidates(self, p):
        return [line_text(Fraction(mn, md), Fraction(b), f, x0) for (mn, md, b), f, x0 in
                zip(p["lines"], p["forms"], p["x0"])]

    def question(self, p):
        return "Which equation describes the straight line drawn on the grid?"


    def check(self, p):
        s, x = sp(), sx()
        y = s.Symbol("y")
        cs = [s.nsimplify(c) for c in self.diagram(p).curves[0].coeffs]
        pts = [(u, cs[0] + cs[1] * u) for u in (0, 3)]
        good = []
        for o in self.options(p):
            lhs, rhs = o.split("=")
            e = parse_rhs(lhs, {"y": y}) - parse_rhs(rhs, {"y": y})
            if all(s.simplify(e.subs({x: u, y: v})) == 0 for u, v in pts):
                good.append(o)
        return good[0] if len(good) == 1 else None

    def diagram(self, p):
        mn, md, b = p["lines"][0]
        return FunctionSpec(curves=[curve(poly([b, mn / md]), "", p["color"])], xmin=-5, xmax=5,
                            ymin=-5, ymax=5, show_expression="none")


# ----------------------------------------------------------------------------- transformations

NAMES = (("f", "g"), ("p", "q"), ("u", "v"), ("r", "s"))
BASES = {
    "parabola": poly([0.0, 0.0, 1.0]),
    "half parabola": poly([0.0, 0.0, 0.5]),
    "abs": {"kind": "absolute", "a": 1.0, "c": 0.0, "d": 0.0},
    "cubic": poly([0.0, -1.5, 0.0, 0.5]),
    "exp": {"kind": "exponential", "a": 1.0, "b": 2.0, "d": 0.0},
    "log": {"kind": "logarithm", "a": 1.0, "b": 2.0, "c": 0.0, "d": 0.0},
}


def transformed(base: dict, s: int, h: int, k: int) -> dict:
    """The curve dict of s·f(x - h) + k for a base curve dict f."""
    kind = base["kind"]
    if kind == "polynomial":
        cs = np.zeros(len(base["coeffs"]))
        shift = np.array([1.0])
        for c in base["coeffs"]:  # sum c_i (x - h)^i
            cs[:len(shift)] += c * shift
            shift = np.polynomial.polynomial.polymul(shift, [-h, 1.0])
        cs = s * cs
        cs[0] += k
        return poly(cs)
    out = dict(base)
    if kind == "absolute":
        out.update(a=s * base["a"], c=base["c"] + h, d=s * base["d"] + k)
    elif kind == "exponential":
        out.update(a=s * base["a"] * base["b"] ** (-h), d=s * base["d"] + k)
    elif kind == "logarithm":
        out.update(a=s * base["a"], c=base["c"] + h, d=s * base["d"] + k)
    return out


def transform_text(names, s: int, h: int, k: int) -> str:
    f, g = names
    inner = "x" + ("" if h == 0 else f" {'-' if h > 0 else '+'} {abs(h)}")
    tail = "" if k == 0 else f" {'-' if k < 0 else '+'} {abs(k)}"
    return f"{g}(x) = {'-' if s < 0 else ''}{f}({inner}){tail}"


@register_seed
class Transformation(SeedQuestion):
    seed_id = "algebra-transformation"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "symbolic substitution", "function type")
    canonical = {"base": "parabola", "names": ["f", "g"], "t": [1, 2, -3],
                 "opts": [[1, -2, -3], [1, 2, -3], [1, 2, 3], [1, -2, 3]],
                 "colors": ["blue", "red"]}

    def sample(self, rng):
        while True:
            base = ch(rng, tuple(BASES))
            s = int(ch(rng, (1, 1, 1, -1)))
            h, k = int(rng.integers(-3, 4)), int(rng.integers(-3, 4))
            if (h, k) == (0, 0):
                continue
            true = (s, h, k)
            pool = [(s, -h, k), (s, h, -k), (s, -h, -k), (-s, h, k), (s, k, h), (s, h + 1, k),
                    (s, h, k - 1)]
            wrong = []
            for i in rng.permutation(len(pool)):
                cand = pool[int(i)]
                if cand not in wrong and not self._same(base, cand, true):
                    wrong.append(cand)
                if len(wrong) == 3:
                    break
            if len(wrong) < 3:
                continue
            opts = [list(true)] + [list(w) for w in wrong]
            return {"base": base, "names": list(ch(rng, NAMES)), "t": list(true),
                    "opts": [opts[i] for i in rng.permutation(4)],
                    "colors": [str(c) for c in rng.choice(COLORS[:4], 2, replace=False)]}

    @staticmethod
    def _same(base: str, t1, t2) -> bool:
        xs = np.linspace(0.3, 4.7, 23)
        a = evaluate(curve(transformed(BASES[base], *t1)), xs)
        b = evaluate(curve(transformed(BASES[base], *t2)), xs)
        ok = np.isfinite(a) & np.isfinite(b)
        return bool(np.all(np.isfinite(a) == np.isfinite(b)) and
                    np.allclose(a[ok], b[ok], atol=1e-9))

    def question(self, p):
        f, g = p["names"]
        return (f"The graph of {g} is obtained by shifting or reflecting the graph of {f}. "
                f"Which equation relates {g} to {f}?")

    def options(self, p):
        return [transform_text(p["names"], *o) for o in p["opts"]]

    def answer(self, p):
        return transform_text(p["names"], *p["t"])

    def check(self, p):
        s, x = sp(), sx()
        spec = self.diagram(p)
        base, img = spec.curves
        fn = {p["names"][0]: s.Lambda(x, sym_curve(base))}
        xs, ys = _probe(img, spec.xmin, spec.xmax, 7)
        good = [o for o in self.options(p) if _matches(o.split("= ", 1)[1], xs, ys, fn)]
        return good[0] if len(good) == 1 else None

    def diagram(self, p):
        f, g = p["names"]
        base = curve(BASES[p["base"]], f, p["colors"][0])
        img = curve(transformed(BASES[p["base"]], *p["t"]), g, p["colors"][1])
        return FunctionSpec(curves=[base, img], xmin=-5, xmax=5, ymin=-5, ymax=5,
                            show_expression="none")


# ----------------------------------------------------------------------------- parity

PARITY = ("even", "odd", "neither")


@register_seed
class EvenOdd(SeedQuestion):
    seed_id = "algebra-even-odd"
    topic, level, answer_type = TOPIC, HIGH, "text"
    kinds = ("function type", "geometric transformation")
    canonical = {"cls": "odd", "curve": poly([0.0, -2.0, 0.0, 0.5]), "color": "blue"}

    def _curve(self, rng, cls):
        t = int(rng.integers(4))
        a = float(ch(rng, (1, -1, 2, -2, 0.5, -0.5)))
        if cls == "even":
            return [poly([int(rng.integers(-3, 3)), 0, a]),
                    poly([int(rng.integers(-2, 3)), 0, ch(rng, (-2.0, 2.0)), 0,
                          ch(rng, (0.25, -0.25))]),
                    {"kind": "cosine", "a": a, "b": ch(rng, (1.0, 2.0)), "c": 0.0,
                     "d": float(rng.integers(-1, 2))},
                    {"kind": "absolute", "a": a, "c": 0.0, "d": float(rng.integers(-3, 3))}][t]
        if cls == "odd":
            return [poly([0, ch(rng, (-2.0, -1.0, 1.0, 0.0)), 0, ch(rng, (0.5, -0.5, 0.25))]),
                    poly([0, a]),
                    {"kind": "sine", "a": a, "b": ch(rng, (1.0, 2.0)), "c": 0.0, "d": 0.0},
                    {"kind": "tangent", "a": ch(rng, (1.0, -1.0, 0.5)), "b": 1.0, "d": 0.0}][t]
        h = int(ch(rng, (-2, -1, 1, 2)))
        return [poly(vertex_quadratic(a, float(h), float(rng.integers(-2, 3)))),
                {"kind": "absolute", "a": a, "c": float(h), "d": float(rng.integers(-2, 3))},
                {"kind": ch(rng, ("sine", "cosine")), "a": a, "b": 1.0,
                 "c": ch(rng, (0.25, -0.25)), "d": float(rng.integers(-1, 2))},
                ch(rng, (poly([h, 0, 0, ch(rng, (0.5, -0.5))]),
                         {"kind": "exponential", "a": 1.0, "b": ch(rng, (2.0, 0.5)),
                          "d": float(rng.integers(-2, 1))}))][t]

    def sample(self, rng):
        cls = ch(rng, PARITY)
        return {"cls": cls, "curve": self._curve(rng, cls), "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return ("Is the function whose graph is shown even, odd, or neither? Answer with one "
                "word: even, odd or neither.")

    def answer(self, p):
        return p["cls"]

    def check(self, p):
        f = sym_curve(self.diagram(p).curves[0])
        x = sx()
        pairs = []
        for u in (0.37, 0.81, 1.3, 1.77, 2.45):
            a, b = (complex(f.subs(x, v).evalf()) for v in (u, -u))
            if abs(a.imag) > 1e-9 or abs(b.imag) > 1e-9:
                return "neither"  # defined on one side only
            pairs.append((a.real, b.real))
        if all(abs(a - b) < 1e-9 for a, b in pairs):
            return "even"
        if all(abs(a + b) < 1e-9 for a, b in pairs):
            return "odd"
        return "neither"

    def diagram(self, p):
        cd = p["curve"]
        if cd["kind"] in ("sine", "cosine", "tangent"):
            top = abs(cd["a"]) + abs(cd["d"]) + (3 if cd["kind"] == "tangent" else 1)
            return FunctionSpec(curves=[curve(cd, "f", p["color"])], xmin=-TWO_PI,
                                xmax=TWO_PI, ymin=-math.ceil(top), ymax=math.ceil(top),
                                pi_ticks=True, show_expression="none")
        xs = np.linspace(-3, 3, 61)
        ys = evaluate(curve(cd), xs)
        ys = np.clip(ys[np.isfinite(ys)], -7, 7)
        lo, hi = min(float(ys.min()), -2.0), max(float(ys.max()), 2.0)
        return FunctionSpec(curves=[curve(cd, "f", p["color"])], xmin=-5, xmax=5,
                            ymin=math.floor(lo) - 1, ymax=math.ceil(hi) + 1,
                            show_expression="none")


# ----------------------------------------------------------------------------- sinusoids


@register_seed
class SinusoidPeriod(SeedQuestion):
    seed_id = "algebra-sinusoid-period"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("A second curve, not drawn, has amplitude {n}.",)
    canonical = {"curve": {"kind": "sine", "a": 2.0, "b": 2.0, "c": 0.0, "d": 0.0},
                 "x0": -2.0, "color": "blue"}

    def sample(self, rng):
        cd = {"kind": ch(rng, ("sine", "cosine")), "a": float(ch(rng, (1, 2, 3, -1, -2, 0.5))),
              "b": float(ch(rng, (0.5, 1.0, 1.5, 2.0, 3.0, 4.0))),
              "c": float(ch(rng, (0.0, 0.0, 0.5, -0.5, 0.25))),
              "d": float(rng.integers(-1, 3))}
        return {"curve": cd, "x0": float(ch(rng, (-2.0, 0.0, -1.0))),
                "color": ch(rng, COLORS[:4])}

    def question(self, p):
        return f"What is the period of the function whose graph is shown? {ROUND2}"

    def answer(self, p):
        return r2(TWO_PI / abs(p["curve"]["b"]))

    def check(self, p):
        s = sp()
        f = sym_curve(self.diagram(p).curves[0])
        # of the derivative: sympy 1.14 returns 2*pi for cos(2*x) + 1, right for -2*sin(2*x)
        return r2(s.periodicity(s.diff(f, sx()), sx()))

    def diagram(self, p):
        cd = p["curve"]
        top = cd["d"] + abs(cd["a"]) + 1
        return FunctionSpec(curves=[curve(cd, "", p["color"])], xmin=p["x0"] * math.pi,
                            xmax=(p["x0"] + 4) * math.pi, ymin=math.floor(top - 2 * abs(
                                cd["a"]) - 2), ymax=math.ceil(top), pi_ticks=True,
                            show_expression="none")


LETTER_SETS = (("A", "B", "D"), ("a", "b", "c"), ("p", "q", "r"), ("m", "n", "k"),
               ("a", "k", "d"))


@register_seed
class SinusoidParameters(SeedQuestion):
    seed_id = "algebra-sinusoid-parameters"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("symbolic substitution", "function type", "numerical value")
    canonical = {"curve": {"kind": "cosine", "a": -2.0, "b": 2.0, "c": 0.0, "d": 1.0},
                 "letters": ["A", "B", "D"], "color": "blue"}

    def sample(self, rng):
        cd = {"kind": ch(rng, ("sine", "cosine")), "a": float(ch(rng, (1, 2, 3, -1, -2, -3))),
              "b": float(ch(rng, (0.5, 1.0, 2.0, 3.0))), "c": 0.0,
              "d": float(rng.integers(-2, 3))}
        return {"curve": cd, "letters": list(ch(rng, LETTER_SETS)),
                "color": ch(rng, COLORS[:4])}

    def question(self, p):
        A, B, D = p["letters"]
        fn = "sin" if p["curve"]["kind"] == "sine" else "cos"
        return (f"The curve is the graph of y = {A}·{fn}({B}x) + {D}, where {B} > 0. What is "
                f"the value of {A} + {B} + {D}?")

    def answer(self, p):
        cd = p["curve"]
        return float(cd["a"] + cd["b"] + cd["d"])

    def check(self, p):
        """B from the period, D and A from two values of the drawn curve (x = 0 and a quarter
        period), as a reader would."""
        s, x = sp(), sx()
        f = sym_curve(self.diagram(p).curves[0])
        B = 2 * s.pi / s.periodicity(s.diff(f, x), x)  # not of f: see SinusoidPeriod
        at0, quarter = f.subs(x, 0), f.subs(x, s.pi / (2 * B))
        if p["curve"]["kind"] == "sine":
            D, A = at0, quarter - at0
        else:
            D, A = quarter, at0 - quarter
        return float(s.nsimplify(A + B + D))

    def diagram(self, p):
        cd = p["curve"]
        return FunctionSpec(curves=[curve(cd, "", p["color"])], xmin=-TWO_PI, xmax=TWO_PI,
                            ymin=cd["d"] - abs(cd["a"]) - 1, ymax=cd["d"] + abs(cd["a"]) + 1,
                            pi_ticks=True, show_expression="none")
