"""Builders of function-plot problems (value, derivative, zero, extremum, turning point,
monotonicity): curve, markers, stem, CoT, distractors; the shared ``Draft`` and text helpers.
The graph-shape targets (integral, period, amplitude, asymptote, slope, coefficient) are in
function_shape_targets.py.

Each builder samples a curve whose answer is clean to state, works the answer out with the
renderer's closed forms (renderers.function) and writes the forward reasoning with the actual
numbers; distractors are the classic slips (wrong sign, a forgotten chain-rule factor, the
x-coordinate instead of the value, 2π/B for a tangent, ...), each with the wrong step that makes
it. engines/mavis/function/problem.py turns a ``Draft`` into a ``Problem`` and re-checks it.

    python -c "import numpy as np; from engines.mavis.function.targets import b_zero; \
d = b_zero(np.random.default_rng(1)); print(d.stem, d.cot, d.answer)"
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from engines.mavis.problem import Distractor, WrongChain, fmt_answer
from renderers.function.curve import Curve
from renderers.function.sample import choose_window, poly_from_roots, sample_curve, vertex_quadratic
from renderers.function.spec import (NamedPoint, XMarker, analyze, breaks, derivative, domain_lo,
                                     value)
from renderers.function.text import expression, pi_text, piece_condition, poly_text, rhs_text
from renderers.spec import rng_choice
from renderers.text import exact_to, fmt_round, r2

TREND_OPTIONS = ("increasing", "decreasing", "increasing then decreasing",
                 "decreasing then increasing")


@dataclass
class Draft:
    curve: Curve
    stem: str
    cot: list[str]
    answer: Any
    distractors: list[Distractor]
    markers: list[XMarker] = field(default_factory=list)
    points: list[NamedPoint] = field(default_factory=list)
    shade: list[float] = field(default_factory=list)
    expr_given: bool = True
    answer_kind: str = "number"
    tags: dict = field(default_factory=dict)
    window: tuple | None = None
    wrong_chains: list[WrongChain] = field(default_factory=list)  # the family's own, for DPO
    value: float | None = None  # a number answer before rounding (None: the answer as it is)


# ----------------------------------------------------------------------------- helpers

n = fmt_round  # a number as a step writes it, rounded half up to two decimals


def eq_sign(v: float) -> str:
    """'=' when the 2-decimal value is exact, else '≈'."""
    return "=" if exact_to(v) else "≈"


def distract(answer: Any, cands: list[tuple[Any, str | None]]) -> list[Distractor]:
    """Distinct wrong answers (rounded like the answer), dropping non-finite ones."""
    seen = {fmt_answer(answer)}
    out = []
    for v, step in cands:
        if v is None:
            continue
        if not isinstance(v, str):
            if not math.isfinite(float(v)):
                continue
            v = r2(v)
        t = fmt_answer(v)
        if t not in seen:
            seen.add(t)
            out.append(Distractor(v, step))
    return out


def subst(text: str, at: str) -> str:
    """``text`` with x replaced by ``at``: in parentheses ("-(-2)", "3(2)^2"), except where x
    opens a bracket ("sin(-5π/6)", "|-1 - 3|", never "sin((-5π/6))") and 0 as an exponent
    ("2^0"), which need none."""
    text = re.sub(r"(?<=[(|])x", at, text)
    if at == "0":
        text = re.sub(r"(?<=\^)x", "0", text)
    return text.replace("x", f"({at})")


def poly_at(coeffs: list[float], at: str, fx: float) -> str:
    """'f(a) = <the polynomial at a> = <value>' as a step writes it; at 0 every x term
    vanishes, so the step says so and gives the value ("f(0) = 3", not "f(0) = -(0) + 3")."""
    if at == "0":
        return f"At x = 0 every term with x is 0, so f(0) = {n(r2(fx))}"
    body = subst(poly_text(coeffs), at)
    if body == n(r2(fx)):
        return f"f({at}) = {n(r2(fx))}"
    return f"f({at}) = {body} {eq_sign(fx)} {n(r2(fx))}"


def pick_x(rng: np.random.Generator, cv: Curve, win: tuple, pi_steps: int = 6,
           avoid: tuple[float, ...] = ()) -> tuple[float, str]:
    """A point of the window: k·π/``pi_steps`` on trig windows, else an integer, preferring
    one whose curve point is visible."""
    xmin, xmax, ymin, ymax, pi_ticks = win
    if pi_ticks:
        ks = [k for k in range(-8 * pi_steps, 8 * pi_steps + 1)
              if k and xmin < k * math.pi / pi_steps < xmax]
        xs = [(k * math.pi / pi_steps, pi_text(k / pi_steps)) for k in ks]
    else:
        lo = math.floor(domain_lo(cv, xmin)) + 1
        xs = [(float(v), n(v)) for v in range(lo, math.ceil(xmax))]
    xs = [(x, t) for x, t in xs if np.isfinite(value(cv, x)) and all(abs(x - a) > 1e-9
                                                                    for a in avoid)]
    vis = [(x, t) for x, t in xs if ymin <= value(cv, x) <= ymax]
    return rng_choice(rng, vis or xs)


def curve_where(rng: np.random.Generator, make: Callable[[], Curve],
                ok: Callable[[Curve], bool]) -> Curve:
    for _ in range(200):
        cv = make()
        if ok(cv):
            return cv
    raise RuntimeError("no curve met the builder's conditions in 200 draws")


def frac_text(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def frac_poly(cs: list[Fraction]) -> str:
    """Ascending Fraction coefficients as text: (1/3)x^3 - x^2 + 3x."""
    out = ""
    for p in range(len(cs) - 1, -1, -1):
        c = cs[p]
        if c == 0:
            continue
        mag = abs(c)
        coef = "" if (mag == 1 and p > 0) else (frac_text(mag) if mag.denominator == 1 or p == 0
                                                else f"({frac_text(mag)})")
        body = coef + ("x" + (f"^{p}" if p > 1 else "") if p else "")
        out += (" - " if c < 0 else " + ") + body if out else ("-" if c < 0 else "") + body
    return out or "0"


def par(v: float) -> str:
    """A number as it stands after a minus sign: 3, (-2)."""
    return f"({n(v)})" if v < 0 else n(v)


def _word(which: str) -> str:
    return "maximum" if which == "max" else "minimum"


def _leading(cv: Curve) -> float:
    return [c for c in cv.coeffs if abs(c) > 1e-12][-1]


def _deg(cv: Curve) -> int:
    return max(i for i, c in enumerate(cv.coeffs) if abs(c) > 1e-12)


# ----------------------------------------------------------------------------- value, f'(a)


def b_value(rng: np.random.Generator) -> Draft:
    kind = str(rng_choice(rng, ("polynomial", "sine", "cosine", "exponential", "logarithm",
                                "absolute", "piecewise", "piecewise", "rational")))
    cv = sample_curve(rng, kind)
    win = choose_window(rng, [cv])
    a, at = pick_x(rng, cv, win)
    fa = value(cv, a)
    ans = r2(fa)
    cot = [f"The function is {expression(cv)}, and a = {at}."]
    rhs = rhs_text(cv) if kind != "piecewise" else ""
    const = {"polynomial": cv.coeffs[0] if cv.coeffs else 0.0}.get(kind, cv.d)
    if kind == "piecewise":
        piece = next(p for p in reversed(cv.pieces) if p.lo is None or a >= p.lo)
        rhs = poly_text(piece.coeffs)
        const = piece.coeffs[0]
        cot.append(f"Since x = {at} satisfies {piece_condition(piece)}, use f(x) = {rhs}.")
    if kind in ("polynomial", "piecewise") and at == "0":
        cot.append(f"Substituting x = 0, every term with x is 0: f(0) = {n(ans)}.")
    else:
        cot.append(f"Substituting x = {at}: f({at}) = {subst(rhs, at)} {eq_sign(fa)} {n(ans)}.")
    cot.append(f"So f(a) = {n(ans)}.")
    fm = value(cv, -a) if kind not in ("logarithm",) else value(cv, a + 1)
    ds = distract(ans, [
        (fm, f"Substituting the wrong point gives {n(r2(fm))}."),
        (-fa, f"A sign slip gives f({at}) = {n(-ans)}."),
        (fa - const, f"Dropping the constant term gives f({at}) = {n(r2(fa - const))}."),
        (value(cv, a + 1), f"Reading the graph one unit too far right gives "
                           f"{n(r2(value(cv, a + 1)))}."),
        (float(derivative(cv, np.array([a]))[0]), "Using the slope at x = a instead of the "
                                                  "value gives a different number."),
    ])
    return Draft(cv, "What is f(a)?", cot, ans, ds, markers=[XMarker("a", a, value_text=at
                                                                      if win[4] else "")],
                 window=win, value=fa)


def derivative_text(cv: Curve) -> tuple[str, Callable[[float], float]]:
    """f'(x) as text, and the value a solver gets who forgets the inner (chain-rule) factor."""
    k, a, b, c = cv.kind, cv.a, cv.b, cv.c
    inner = rhs_text(Curve("sine", b=b, c=c)).split("(", 1)[1].rsplit(")", 1)[0]
    if k == "polynomial":
        P = np.polynomial.polynomial
        dc = list(P.polyder(cv.coeffs))
        slip = [cv.coeffs[i] for i in range(1, len(cv.coeffs))]  # forgot the factor k
        return poly_text(dc), lambda x: float(P.polyval(x, slip))
    if k == "sine":
        return (f"{_fac(a * b)}cos({inner})",
                lambda x: a * math.cos(b * x + c * math.pi))
    if k == "cosine":
        return (f"{_fac(-a * b)}sin({inner})",
                lambda x: -a * math.sin(b * x + c * math.pi))
    if k == "exponential":
        base = rhs_text(Curve("exponential", a=1.0, b=b)).split("^")[0]
        if math.isclose(b, math.e):  # slip: the power rule, x·e^(x-1)
            return f"{_fac(a, '·')}e^x", lambda x: a * x * math.e ** (x - 1)
        return f"{_fac(a, '·')}ln{base}·{base}^x", lambda x: a * b ** x  # slip: no ln b
    if k == "logarithm":
        xc = rhs_text(Curve("absolute", a=1.0, c=c)).strip("|")
        if math.isclose(b, math.e):  # slip: the shift forgotten
            return f"{n(a)}/({xc})", lambda x: a / x if x else math.nan
        return f"{n(a)}/(({xc})·ln{n(b)})", lambda x: a / (x - c)  # slip: no ln b
    if k == "rational":
        den = "x" if c == 0 else f"({rhs_text(Curve('absolute', a=1.0, c=c)).strip('|')})"
        # slip: the minus sign of the power rule on (x - c)^-1 lost
        return f"{n(-a)}/{den}^2", lambda x: a / (x - c) ** 2
    raise ValueError(f"no derivative text for kind {k!r}")


def _fac(v: float, sep: str = "") -> str:
    return "" if v == 1 else "-" if v == -1 else n(v) + sep


def b_derivative(rng: np.random.Generator) -> Draft:
    kind = str(rng_choice(rng, ("polynomial", "sine", "cosine", "exponential", "logarithm",
                                "rational")))
    cv = sample_curve(rng, kind)
    win = choose_window(rng, [cv])
    a, at = pick_x(rng, cv, win)
    dtext, slip = derivative_text(cv)
    da = float(derivative(cv, np.array([a]))[0])
    ans = r2(da)
    cot = [f"The function is {expression(cv)}, and a = {at}.",
           f"Differentiating, f'(x) = {dtext}.",
           f"At x = {at}: f'({at}) = {subst(dtext, at)} {eq_sign(da)} {n(ans)}.",
           f"So the slope of the tangent line at x = a is {n(ans)}."]
    sl = slip(a)
    ds = distract(ans, [
        (value(cv, a), f"Using the function value f({at}) = {n(r2(value(cv, a)))} instead of "
                       "the slope."),
        (sl, f"Forgetting a factor when differentiating gives f'({at}) = {n(r2(sl))}."),
        (-da, f"A sign slip in the derivative gives {n(-ans)}."),
        (float(derivative(cv, np.array([a + 1]))[0]), "Evaluating the derivative one unit to "
                                                      "the right gives a different slope."),
    ])
    return Draft(cv, "What is the slope of the tangent line to the graph of f at x = a, that "
                     "is, f'(a)?", cot, ans, ds,
                 markers=[XMarker("a", a, value_text=at if win[4] else "")], window=win,
                 value=da)


# ----------------------------------------------------------------------------- zeros


def _factored(cv: Curve) -> str | None:
    """a(x - r1)(x - r2)... when the roots (with multiplicity) are integers."""
    rts = np.roots(cv.coeffs[::-1])
    if np.any(np.abs(rts.imag) > 1e-7) or np.any(np.abs(rts.real - np.round(rts.real)) > 1e-7):
        return None
    out = _fac(_leading(cv))
    for r in sorted(set(int(round(v)) for v in rts.real)):
        mult = int(np.sum(np.abs(rts.real - r) < 1e-6))
        f = "x" if r == 0 else f"(x {'-' if r > 0 else '+'} {abs(r)})"
        if r == 0 and mult > 1:
            f = "x"
        out += f + (f"^{mult}" if mult > 1 else "")
    return out


def b_zero(rng: np.random.Generator) -> Draft:
    kind = str(rng_choice(rng, ("polynomial", "polynomial", "exponential", "logarithm",
                                "absolute", "rational")))

    def ok(cv: Curve) -> bool:
        if kind == "polynomial" and (_deg(cv) > 3 or (_deg(cv) == 3 and
                                                      _factored(cv) is None)):
            return False
        return bool(breaks(cv, -60.0, 60.0)[0])
    cv = curve_where(rng, lambda: sample_curve(rng, kind), ok)
    win = choose_window(rng, [cv])
    zs = analyze(cv, win[0], win[1])["zeros"]
    zs_all = breaks(cv, -60.0, 60.0)[0]
    if [r2(z) for z in zs] != [r2(z) for z in zs_all]:  # every zero in view
        win = (min(win[0], math.floor(min(zs_all)) - 1), max(win[1], math.ceil(max(zs_all)) + 1),
               *win[2:])
        zs = zs_all
    which = "only" if len(zs) == 1 else str(rng_choice(rng, ("largest", "smallest")))
    z = zs[-1] if which == "largest" else zs[0]
    ans = r2(z)
    eq = expression(cv)
    cot = [f"The function is {eq}; its zeros solve f(x) = 0."]
    a, b, c, d = cv.a, cv.b, cv.c, cv.d
    if kind == "polynomial" and _deg(cv) == 1:
        m, q = cv.coeffs[1], cv.coeffs[0]
        cot.append(f"{rhs_text(cv)} = 0 gives {_fac(m)}x = {n(-q)}, so x = {n(ans)}.")
    elif kind == "polynomial":
        fac = _factored(cv)
        if fac is not None:
            cot.append(f"Factoring, f(x) = {fac}, so the zeros are "
                       f"{', '.join('x = ' + n(r2(v)) for v in zs)}.")
        else:
            A, B, C = cv.coeffs[2], cv.coeffs[1], cv.coeffs[0]
            D = B * B - 4 * A * C
            cot.append(f"By the quadratic formula with a = {n(A)}, b = {n(B)}, c = {n(C)}: "
                       f"the discriminant is {n(D)}, so x = ({n(-B)} ± √{n(D)})/{n(2 * A)}.")
            cot.append("The zeros are " + " and ".join(f"x {eq_sign(v)} {n(r2(v))}"
                                                       for v in zs) + ".")
    elif kind == "exponential":
        base = rhs_text(Curve("exponential", a=1.0, b=b)).split("^")[0]
        r = -d / a
        lg = "ln" if base == "e" else f"log_{base}"
        cot.append(f"{rhs_text(cv)} = 0 gives {base}^x = {n(r)}, so x = {lg}({n(r)}) "
                   f"{eq_sign(z)} {n(ans)}.")
    elif kind == "logarithm":
        r = -d / a
        base = "e" if math.isclose(b, math.e) else n(b)
        xc = rhs_text(Curve("absolute", a=1.0, c=c)).strip("|")
        cot.append(f"{rhs_text(cv)} = 0 gives the logarithm of ({xc}) equal to {n(r)}, so "
                   f"{xc} = {base}^{n(r)} and x {eq_sign(z)} {n(ans)}.")
    elif kind == "rational":
        xc = rhs_text(Curve("absolute", a=1.0, c=c)).strip("|")
        over = n(-a * d) if abs(d) == 1 else f"{n(a)}/{par(-d)}"  # a/(-d) with d = ±1 is ∓a
        cot.append(f"{rhs_text(cv)} = 0 gives {n(a)}/({xc}) = {n(-d)}, so {xc} = {over} and "
                   f"x {eq_sign(z)} {n(ans)}.")
    else:
        r = -d / a
        xc = rhs_text(Curve("absolute", a=1.0, c=c))
        cot.append(f"{rhs_text(cv)} = 0 gives {xc} = {n(r)}, so x = {n(c)} ± {n(r)}, that is "
                   + " or ".join(f"x = {n(r2(v))}" for v in zs) + ".")
    stem = {"only": "At what x-value does the graph of f cross the x-axis?",
            "largest": "What is the largest zero of f?",
            "smallest": "What is the smallest zero of f?"}[which]
    cot.append({"only": f"So the graph crosses the x-axis at x = {n(ans)}."}.get(
        which, f"The {which} zero is {n(ans)}."))
    an = analyze(cv, win[0], win[1])
    cands = [(v, f"Picking the wrong zero gives {n(r2(v))}.") for v in zs if r2(v) != ans]
    cands += [(-z, f"A sign slip when solving gives x = {n(-ans)}."),
              (an["y_intercept"], "Reading the y-intercept instead of the x-intercept."),
              (z + 1, None), (z - 1, None)]
    return Draft(cv, stem, cot, ans, distract(ans, cands), tags={"which": which}, window=win,
                 value=z)


# ----------------------------------------------------------------------------- extrema


def _extremum_curve(rng: np.random.Generator, kinds: tuple[str, ...]) -> Curve:
    kind = str(rng_choice(rng, kinds))
    if kind == "quadratic":
        return Curve("polynomial", coeffs=vertex_quadratic(
            float(rng_choice(rng, (1.0, -1.0, 2.0, -2.0, 0.5, -0.5))),
            float(rng.integers(-3, 4)), float(rng.integers(-4, 5))))
    if kind == "cubic":
        def mk() -> Curve:
            r = sorted(int(v) for v in rng.choice(np.arange(-3, 4), 3, replace=False))
            return Curve("polynomial", coeffs=poly_from_roots(
                float(rng_choice(rng, (1.0, -1.0, 0.5, -0.5))), r))
        return mk()
    return sample_curve(rng, kind)


def _which_extremum(rng: np.random.Generator, cv: Curve, win: tuple) -> tuple[str, float, float]:
    ex = analyze(cv, win[0], win[1])["extrema"]
    if cv.kind in ("sine", "cosine"):
        which = str(rng_choice(rng, ("max", "min")))
        return which, float("nan"), cv.d + (abs(cv.a) if which == "max" else -abs(cv.a))
    e = ex[int(rng.integers(len(ex)))]
    return e["type"], e["x"], e["y"]


def _extremum_cot(cv: Curve, which: str, xe: float, ye: float, win: tuple) -> list[str]:
    eq = expression(cv)
    w = _word(which)
    if cv.kind == "polynomial" and _deg(cv) == 2:
        A, B = cv.coeffs[2], cv.coeffs[1]
        return [f"The function is {eq}, a parabola opening {'upward' if A > 0 else 'downward'}, "
                f"so its {w} is at the vertex.",
                f"The vertex is at x = -b/(2a) = {n(-B)}/{par(2 * A)} = {n(r2(xe))}." if 2 * A != 1
                else f"The vertex is at x = -b/(2a) = -b = {n(r2(xe))}, as 2a = 1.",
                f"f({n(r2(xe))}) = {n(r2(ye))}."]
    if cv.kind == "polynomial":
        crit = sorted(e["x"] for e in analyze(cv, win[0], win[1])["extrema"])
        dtext, _ = derivative_text(cv)
        return [f"The function is {eq}.",
                f"f'(x) = {dtext} is 0 at " + " and ".join(
                    f"x {eq_sign(v)} {n(r2(v))}" for v in crit) + ".",
                f"f' changes sign from {'+ to -' if which == 'max' else '- to +'} at "
                f"x {eq_sign(xe)} {n(r2(xe))}, so f has a local {w} there.",
                f"f({n(r2(xe))}) {eq_sign(ye)} {n(r2(ye))}."]
    if cv.kind == "absolute":
        xc = rhs_text(Curve("absolute", a=1.0, c=cv.c))
        return [f"The function is {eq}.",
                f"{xc} is at least 0, and 0 only at x = {n(cv.c)}; the factor {n(cv.a)} is "
                f"{'positive' if cv.a > 0 else 'negative'}, so the vertex ({n(cv.c)}, {n(cv.d)})"
                f" is the {'lowest' if which == 'min' else 'highest'} point.",
                f"f({n(cv.c)}) = {n(cv.d)}."]
    fn = "sin" if cv.kind == "sine" else "cos"
    A = abs(cv.a)
    return [f"The function is {eq}.",
            f"{fn} takes values from -1 to 1, so the {fn} term ranges from {n(-A)} to {n(A)}.",
            f"Adding {n(cv.d)}, f ranges from {n(cv.d - A)} to {n(cv.d + A)}." if cv.d else
            f"There is no constant term, so f ranges from {n(-A)} to {n(A)}."]


def b_extremum(rng: np.random.Generator) -> Draft:
    cv = _extremum_curve(rng, ("quadratic", "cubic", "absolute", "sine", "cosine"))
    win = choose_window(rng, [cv])
    which, xe, ye = _which_extremum(rng, cv, win)
    local = cv.kind == "polynomial" and _deg(cv) == 3
    ans = r2(ye)
    w = _word(which)
    stem = f"What is the local {w} value of f?" if local else f"What is the {w} value of f?"
    cot = _extremum_cot(cv, which, xe, ye, win) + [
        f"So the {'local ' if local else ''}{w} value of f is {n(ans)}."]
    other = [e["y"] for e in analyze(cv, win[0], win[1])["extrema"] if e["type"] != which]
    cands = [(xe, f"Giving the x-coordinate {n(r2(xe))} of the turning point instead of its "
                  "value.") if math.isfinite(xe) else (None, None),
             (other[0] if other else None, "Taking the other turning point gives a different "
                                           "value."),
             (-ye, f"A sign slip gives {n(-ans)}."),
             (value(cv, 0.0), "Reading the y-intercept instead of the turning point."),
             (ye + 1, None), (ye - 1, None)]
    if cv.kind in ("sine", "cosine"):
        cands.insert(0, (abs(cv.a), f"Forgetting the vertical shift gives {n(abs(cv.a))}."))
        cands.insert(1, (cv.d - (ye - cv.d), "Taking the opposite extreme of the curve."))
    return Draft(cv, stem, cot, ans, distract(ans, cands), tags={"which": which, "local": local},
                 window=win, value=ye)


def b_turning_point(rng: np.random.Generator) -> Draft:
    cv = _extremum_curve(rng, ("quadratic", "cubic", "absolute"))
    win = choose_window(rng, [cv])
    which, xe, ye = _which_extremum(rng, cv, win)
    ans = r2(xe)
    change = "decreasing to increasing" if which == "min" else "increasing to decreasing"
    stem = f"At what x-value does f change from {change}?"
    cot = _extremum_cot(cv, which, xe, ye, win)[:-1] + [
        f"f changes from {change} at its local {_word(which)}, x = {n(ans)}."]
    other = [e["x"] for e in analyze(cv, win[0], win[1])["extrema"] if e["type"] != which]
    cands = [(ye, f"Giving the value f = {n(r2(ye))} at the turning point instead of its "
                  "x-coordinate."),
             (other[0] if other else None, "Taking the turning point of the other kind."),
             (-xe, f"A sign slip in -b/(2a) gives {n(-ans)}."),
             (xe + 1, None), (xe - 1, None)]
    return Draft(cv, stem, cot, ans, distract(ans, cands), tags={"which": which}, window=win,
                 value=xe)


# ----------------------------------------------------------------------------- monotonicity


def b_monotonic(rng: np.random.Generator) -> Draft:
    kind = str(rng_choice(rng, ("quadratic", "cubic", "absolute", "sine", "cosine",
                                "exponential", "logarithm")))
    for _ in range(100):
        cv = _extremum_curve(rng, (kind,))
        win = choose_window(rng, [cv])
        an = analyze(cv, win[0], win[1])
        tps = [e["x"] for e in an["extrema"]]
        if win[4]:
            ks = [k for k in range(-32, 33) if win[0] < k * math.pi / 4 < win[1]]
            xs = [(k * math.pi / 4, pi_text(k / 4)) for k in ks]
        else:
            lo = math.floor(domain_lo(cv, win[0])) + 1
            xs = [(float(v), n(v)) for v in range(lo, math.ceil(win[1]))]
        pairs = []
        for i in range(len(xs)):
            for j in range(i + 1, len(xs)):
                p, q = xs[i][0], xs[j][0]
                inner = [t for t in tps if p < t < q]
                near = [t for t in tps if abs(t - p) < 0.1 * (q - p) or abs(t - q) < 0.1 * (q - p)]
                span = win[1] - win[0]
                if len(inner) <= 1 and not near and 0.15 * span <= q - p <= 0.6 * span:
                    pairs.append((xs[i], xs[j], inner))
        if pairs:
            break
    (p, pt), (q, qt), inner = pairs[int(rng.integers(len(pairs)))]
    eq = expression(cv)
    cot = [f"The function is {eq}; look at how it changes between x = {pt} and x = {qt}."]
    if inner:
        t = inner[0]
        kind_t = next(e["type"] for e in an["extrema"] if e["x"] == t)
        t1 = "increasing" if kind_t == "max" else "decreasing"
        t2 = "decreasing" if kind_t == "max" else "increasing"
        ans = f"{t1} then {t2}"
        cot += [f"Inside the interval f has a local {_word(kind_t)} at x {eq_sign(t)} "
                f"{n(r2(t))}.",
                f"So f is {t1} on [{pt}, {n(r2(t))}] and {t2} on [{n(r2(t))}, {qt}]."]
    else:
        fp, fq = value(cv, p), value(cv, q)
        ans = "increasing" if fq > fp else "decreasing"
        cot += [f"There is no turning point strictly between them, and f({pt}) "
                f"{eq_sign(fp)} {n(r2(fp))} while f({qt}) {eq_sign(fq)} {n(r2(fq))}.",
                f"So f is {ans} on the whole interval."]
    cot.append(f"On [p, q], f is {ans}.")
    ds = [Distractor(o, None) for o in TREND_OPTIONS if o != ans]
    ds[0].wrong_step = "Reading the graph from right to left reverses the direction."
    stem = ("On the interval [p, q], is f increasing, decreasing, increasing then decreasing, "
            "or decreasing then increasing?")
    mk = [XMarker("p", p, value_text=pt if win[4] else ""),
          XMarker("q", q, value_text=qt if win[4] else "")]
    return Draft(cv, stem, cot, ans, ds, markers=mk, answer_kind="text", window=win)


CORE_BUILDERS: dict[str, Callable[[np.random.Generator], Draft]] = {
    "value": b_value, "zero": b_zero, "extremum": b_extremum, "turning_point": b_turning_point,
    "monotonic": b_monotonic, "derivative": b_derivative,
}
