"""DynaMath "algebra" seeds: monotonic intervals, definite integrals over a shaded
interval and derivatives from a drawn tangent line.

Why these: DynaMath's algebra topic reaches into first calculus: where a drawn function
increases, the integral over a shaded region, the slope of a tangent at a marked point. Each
variant re-draws the curve (and for the first two its kind), so the question text recurs with
new answers. Answers use closed forms on the params (critical points by construction,
antiderivatives, the tangent slope the curve was built with); ``check`` rebuilds the drawn
curve from the spec with sympy and differentiates, integrates or samples its derivative.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.algebra.curves import (COLORS, HIGH, ROUND2, TOPIC, UNI, ch, curve,
                                                   fval, poly, sp, sx, sym_curve, tie)
from renderers.function.sample import poly_from_roots, vertex_quadratic
from renderers.function.spec import FunctionSpec, NamedPoint, XMarker, evaluate
from renderers.function.text import pi_text
from renderers.text import r2

P = np.polynomial.polynomial


def _fit_y(cd: dict, x0: float, x1: float, keep: list[float], cap: float = 8.0
           ) -> tuple[int, int]:
    """A y-range showing the curve on [x0, x1] around the values in ``keep`` (always shown),
    its far arms clipped at ``cap`` beyond them."""
    ys = evaluate(curve(cd), np.linspace(x0, x1, 121))
    ys = ys[np.isfinite(ys)]
    lo = max(float(ys.min()), min(keep) - cap)
    hi = min(float(ys.max()), max(keep) + cap)
    lo, hi = min(lo, min(keep)), max(hi, max(keep))
    pad = 0.12 * max(hi - lo, 4.0)
    return math.floor(lo - pad), math.ceil(hi + pad)


# ----------------------------------------------------------------------------- monotonic


def itext(lo, hi) -> str:
    return f"({'-∞' if lo is None else lo}, {'∞' if hi is None else hi})"


@register_seed
class IncreasingInterval(SeedQuestion):
    seed_id = "algebra-increasing-interval"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "function type")
    canonical = {"form": "quadratic", "curve": poly([-2.0, -2.0, 1.0]), "crit": [1],
                 "up": [False, True], "opts": [[None, 1], [0, 2], [1, None], [None, None]],
                 "win": [-4, 6], "color": "blue"}
    FORMS = ("quadratic", "cubic", "absolute", "piecewise")

    def sample(self, rng):
        while True:
            form = ch(rng, self.FORMS)
            sgn = int(ch(rng, (1, -1)))
            if form == "quadratic":
                h = int(rng.integers(-2, 3))
                cd = poly(vertex_quadratic(sgn * float(ch(rng, (1.0, 0.5))), float(h),
                                           float(rng.integers(-3, 4))))
                crit, up = [h], [sgn < 0, sgn > 0]
            elif form == "cubic":
                c1 = int(rng.integers(-3, 2))
                c2 = c1 + int(rng.integers(2, 5))
                a = sgn * 6 * float(ch(rng, (3.0, 4.0))) / (c2 - c1) ** 3
                F = [0.0, a * c1 * c2, -a * (c1 + c2) / 2, a / 3]  # f' = a (x - c1)(x - c2)
                F[0] = -(P.polyval(c1, F) + P.polyval(c2, F)) / 2 + int(rng.integers(-1, 2))
                cd, crit, up = poly(F), [c1, c2], [sgn > 0, sgn < 0, sgn > 0]
            elif form == "absolute":
                c = int(rng.integers(-2, 3))
                cd = {"kind": "absolute", "a": sgn * float(ch(rng, (1.0, 2.0, 0.5))),
                      "c": float(c), "d": float(rng.integers(-2, 3))}
                crit, up = [c], [sgn < 0, sgn > 0]
            else:
                b1 = int(rng.integers(-3, 1))
                b2 = b1 + int(rng.integers(2, 4))
                s1, s2, s3 = (float(v) for v in rng.choice([0.5, 1.0, 2.0], 3))
                s1, s2, s3 = sgn * s1, -sgn * s2, sgn * s3
                y1 = float(rng.integers(-2, 3))
                y2 = y1 + s2 * (b2 - b1)
                cd = {"kind": "piecewise", "pieces": [
                    [None, float(b1), [y1 - s1 * b1, s1]],
                    [float(b1), float(b2), [y1 - s2 * b1, s2]],
                    [float(b2), None, [y2 - s3 * b2, s3]]]}
                crit, up = [b1, b2], [sgn > 0, sgn < 0, sgn > 0]
            ends = [None] + crit + [None]
            regions = list(zip(ends[:-1], ends[1:]))
            right = regions[int(ch(rng, [i for i, u in enumerate(up) if u]))]
            pool = [r for r, u in zip(regions, up) if not u] + \
                [(ends[i], ends[i + 2]) for i in range(len(regions) - 1)] + \
                [(c - 1, c + 1) for c in crit] + [(c - 2, c + 1) for c in crit] + \
                [(c - 1, c + 2) for c in crit]
            wrong = []
            for i in rng.permutation(len(pool)):
                iv = pool[int(i)]
                if iv not in wrong and iv != right and not self._inside(iv, regions, up):
                    wrong.append(iv)
                if len(wrong) == 3:
                    break
            if len(wrong) < 3:
                continue
            opts = [list(right)] + [list(w) for w in wrong]
            x0, x1 = min(crit) - 3, max(crit) + 3
            if x1 - x0 < 8:
                x0, x1 = x0 - 1, x1 + 1
            return {"form": form, "curve": cd, "crit": crit, "up": up,
                    "opts": [opts[int(i)] for i in rng.permutation(4)], "win": [x0, x1],
                    "color": ch(rng, COLORS[:4])}

    @staticmethod
    def _inside(iv, regions, up) -> bool:
        """Is the interval within one region where the function increases?"""
        lo, hi = iv
        for (a, b), u in zip(regions, up):
            if u and (a is None or (lo is not None and lo >= a)) and \
                    (b is None or (hi is not None and hi <= b)):
                return True
        return False

    def question(self, p):
        return "On which of the following intervals is the function shown increasing?"

    def options(self, p):
        return [itext(*o) for o in p["opts"]]

    def answer(self, p):
        ends = [None] + p["crit"] + [None]
        regions = list(zip(ends[:-1], ends[1:]))
        good = [o for o in p["opts"] if self._inside(tuple(o), regions, p["up"])]
        return itext(*good[0])

    def check(self, p):
        """The sign of the drawn curve's derivative (sympy) sampled inside each option."""
        s, x = sp(), sx()
        df = s.lambdify(x, s.diff(sym_curve(self.diagram(p).curves[0]), x), "numpy")
        good = []
        for o in p["opts"]:
            lo = -40.0 if o[0] is None else o[0]
            hi = 40.0 if o[1] is None else o[1]
            xs = lo + (hi - lo) * (np.arange(400) + 0.5) / 400
            if np.all(np.asarray(df(xs), dtype=float) > 0):
                good.append(itext(*o))
        return good[0] if len(good) == 1 else None

    def diagram(self, p):
        x0, x1 = p["win"]
        vals = [float(fval(p["curve"], c)) for c in p["crit"]]
        y0, y1 = _fit_y(p["curve"], x0, x1, vals + [0.0], cap=5.0)
        return FunctionSpec(curves=[curve(p["curve"], "f", p["color"])], xmin=x0, xmax=x1,
                            ymin=y0, ymax=y1, show_expression="none")


# ----------------------------------------------------------------------------- integrals


@register_seed
class DefiniteIntegral(SeedQuestion):
    seed_id = "algebra-definite-integral"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("A different region, not shaded, has an area of {n} square units.",)
    canonical = {"form": "quadratic", "curve": poly([1.0, 0.0, 1.0]), "lo": 0, "hi": 2,
                 "pi": False, "color": "blue"}
    FORMS = ("linear", "quadratic", "cubic", "sine", "exponential")

    def sample(self, rng):
        while True:
            form = ch(rng, self.FORMS)
            pi = form == "sine"
            if form == "linear":
                cd = poly([int(rng.integers(-2, 4)), ch(rng, (-2, -1, -0.5, 0.5, 1, 2))])
            elif form == "quadratic":
                cd = poly(vertex_quadratic(ch(rng, (1.0, -1.0, 0.5, -0.5)),
                                           float(rng.integers(-2, 3)), float(rng.integers(-2, 4))))
            elif form == "cubic":
                roots = sorted(int(v) for v in rng.choice(np.arange(-3, 4), 3, replace=False))
                cd = poly(poly_from_roots(ch(rng, (0.5, -0.5)), roots))
            elif form == "sine":
                cd = {"kind": ch(rng, ("sine", "cosine")), "a": float(ch(rng, (1, 2, -1, -2))),
                      "b": float(ch(rng, (1.0, 2.0))), "c": 0.0, "d": float(rng.integers(0, 3))}
            else:
                cd = {"kind": "exponential", "a": float(ch(rng, (1, 2, -1))),
                      "b": float(ch(rng, (math.e, 2.0))), "d": float(rng.integers(-1, 3))}
            # two units at least: the "a = ..", "b = .." labels need room apart
            lo = int(rng.integers(-3, 2) if form != "exponential" else rng.integers(-2, 1))
            hi = lo + int(rng.integers(2, 5 if form != "exponential" else 4))
            if pi:  # b = hi·π/2 stays inside the drawn window, which ends at 2π
                hi = min(hi, 4)
            p = {"form": form, "curve": cd, "lo": lo, "hi": hi, "pi": pi,
                 "color": ch(rng, COLORS[:4])}
            v = self._exact(p)
            if v is None or not tie(v):
                return p

    @staticmethod
    def _exact(p) -> Fraction | None:
        """The integral as a fraction for polynomials (None otherwise)."""
        cd = p["curve"]
        if cd["kind"] != "polynomial":
            return None
        F = [Fraction(0)] + [Fraction(c) / (i + 1) for i, c in enumerate(cd["coeffs"])]
        at = lambda t: sum(c * Fraction(t) ** i for i, c in enumerate(F))  # noqa: E731
        return at(p["hi"]) - at(p["lo"])

    def _bounds(self, p) -> tuple[float, float]:
        k = math.pi / 2 if p["pi"] else 1.0
        return p["lo"] * k, p["hi"] * k

    def question(self, p):
        return ("The shaded region lies between the graph of f and the x-axis from x = a to "
                "x = b. What is the value of the definite integral of f(x) from a to b? "
                f"{ROUND2}")

    def answer(self, p):
        exact = self._exact(p)
        if exact is not None:
            return r2(exact)
        cd, (lo, hi) = p["curve"], self._bounds(p)
        a, b, d = cd["a"], cd["b"], cd["d"]
        if cd["kind"] == "sine":
            F = lambda t: -a / b * math.cos(b * t) + d * t  # noqa: E731
        elif cd["kind"] == "cosine":
            F = lambda t: a / b * math.sin(b * t) + d * t  # noqa: E731
        else:
            F = lambda t: a * b ** t / math.log(b) + d * t  # noqa: E731
        return r2(F(hi) - F(lo))

    def check(self, p):
        s, x = sp(), sx()
        spec = self.diagram(p)
        k = s.pi / 2 if p["pi"] else 1
        lo, hi = (s.nsimplify(v / float(k)) * k for v in spec.shade)
        return r2(s.integrate(sym_curve(spec.curves[0]), (x, lo, hi)))

    def diagram(self, p):
        lo, hi = self._bounds(p)
        cd = p["curve"]
        if p["pi"]:
            x0, x1 = -2 * math.pi, 2 * math.pi
            y0, y1 = cd["d"] - abs(cd["a"]) - 1, cd["d"] + abs(cd["a"]) + 1
            names = [pi_text(v / 2) for v in (p["lo"], p["hi"])]
        else:
            x0, x1 = min(lo - 2, -2), max(hi + 2, 2)
            if x1 - x0 < 7:
                x1 = x0 + 7
            ends = [float(fval(cd, v)) for v in (lo, hi)]
            y0, y1 = _fit_y(cd, x0, x1, ends + [0.0], cap=4.0)
            names = ["", ""]
        return FunctionSpec(curves=[curve(cd, "f", p["color"])], xmin=x0, xmax=x1, ymin=y0,
                            ymax=y1, show_expression="title", pi_ticks=p["pi"],
                            shade=[lo, hi],
                            markers=[XMarker("a", lo, value_text=names[0]),
                                     XMarker("b", hi, value_text=names[1])])


# ----------------------------------------------------------------------------- tangents


@register_seed
class TangentSlope(SeedQuestion):
    seed_id = "algebra-tangent-slope"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("A second line, not drawn, has slope {n}.",)
    canonical = {"x0": 1, "y0": 2, "m": -1.0, "s": 0.5, "x1": None, "colors": ["blue", "red"]}

    def sample(self, rng):
        cubic = rng.random() < 0.5
        x0 = int(rng.integers(-2, 3))
        return {"x0": x0, "y0": int(rng.integers(-2, 3)),
                "m": float(ch(rng, (-2, -1, -0.5, 0, 0.5, 1, 2))),
                "s": float(ch(rng, (0.25, -0.25, 0.5, -0.5) if cubic else (0.5, -0.5, 1, -1))),
                "x1": x0 + int(ch(rng, (-3, -2, 2, 3))) if cubic else None,
                "colors": [str(c) for c in rng.choice(COLORS[:4], 2, replace=False)]}

    def _coeffs(self, p):
        """f = y0 + m (x - x0) + s (x - x0)^2 [(x - x1)]: tangent to y0 + m (x - x0) at x0."""
        sq = P.polymul([-p["x0"], 1.0], [-p["x0"], 1.0])
        if p["x1"] is not None:
            sq = P.polymul(sq, [-p["x1"], 1.0])
        return [float(v) for v in P.polyadd(P.polyadd([p["y0"]], p["m"] * np.array(
            [-p["x0"], 1.0])), p["s"] * sq)]

    def question(self, p):
        return ("The straight line touches the graph of y = f(x) at the point P. What is the "
                "value of the derivative of f at the x-coordinate of P?")

    def answer(self, p):
        return float(p["m"])

    def check(self, p):
        s, x = sp(), sx()
        spec = self.diagram(p)
        return float(s.diff(sym_curve(spec.curves[0]), x).subs(x, spec.points[0].x))

    def diagram(self, p):
        x0, y0, m = p["x0"], p["y0"], p["m"]
        f = curve(poly(self._coeffs(p)), "f", p["colors"][0])
        line = curve(poly([y0 - m * x0, m]), "", p["colors"][1])
        return FunctionSpec(curves=[f, line], xmin=x0 - 5, xmax=x0 + 5, ymin=y0 - 5,
                            ymax=y0 + 5, show_expression="none",
                            points=[NamedPoint("P", x0, y0)])
