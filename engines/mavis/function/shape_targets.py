"""Builders of graph-shape problems on function plots: the definite integral over a shaded
interval, period, amplitude, asymptote, the slope of a line through two labelled points, the
coefficient a of a parabola through its labelled vertex and a point. Same ``Draft`` contract
as engines/mavis/function/targets.py; ``BUILDERS`` collects all twelve targets.

    python -c "import numpy as np; from engines.mavis.function.shape_targets import BUILDERS; \
d = BUILDERS['integral'](np.random.default_rng(1)); print(d.stem, d.cot, d.answer)"
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable

import numpy as np

from engines.mavis.function.piecewise_targets import PIECEWISE_BUILDERS
from engines.mavis.function.targets import (CORE_BUILDERS, Draft, _deg, curve_where, distract,
                                            frac_poly, frac_text, n, par)
from renderers.function.curve import Curve
from renderers.function.sample import SLOPES, choose_window, sample_curve, vertex_quadratic
from renderers.function.spec import NamedPoint, XMarker, evaluate, value
from renderers.function.text import expression, pi_text, rhs_text
from renderers.spec import rng_choice
from renderers.text import r2

PERIOD_POOL = ("π/2", "π", "2π", "4π", "π/4", "3π", "8π")


# ----------------------------------------------------------------------------- integral


def _less(x: str, c: Fraction) -> str:
    """x - c as a teacher writes it: "b + 2" for c = -2, "b" for c = 0."""
    return x if c == 0 else f"{x} - {frac_text(c)}" if c > 0 else f"{x} + {frac_text(-c)}"


def _abs_integral(cv: Curve, p: int, q: int) -> tuple[Fraction, list[str]]:
    a, c, d = (Fraction(v).limit_denominator(100) for v in (cv.a, cv.c, cv.d))
    if p < c < q:
        T = ((c - p) ** 2 + (q - c) ** 2) / 2
        how = (f"two triangles with legs {frac_text(c - p)} and {frac_text(q - c)}: "
               f"({frac_text(c - p)}² + {frac_text(q - c)}²)/2 = {frac_text(T)}")
    elif c <= p:
        T = ((q - c) ** 2 - (p - c) ** 2) / 2
        how = f"(({_less('b', c)})² - ({_less('a', c)})²)/2 = {frac_text(T)}"
    else:
        T = ((c - p) ** 2 - (c - q) ** 2) / 2
        how = f"(({frac_text(c)} - a)² - ({frac_text(c)} - b)²)/2 = {frac_text(T)}"
    res = a * T + d * (q - p)
    xc = rhs_text(Curve("absolute", a=1.0, c=cv.c))
    shift = "" if d == 0 else f" {'+' if d > 0 else '-'} {frac_text(abs(d))}·{q - p}"
    steps = [f"The integral of {xc} from {p} to {q} is {how}.",
             f"So the integral of f is {frac_text(a)}·{frac_text(T)}{shift} = {frac_text(res)}."]
    return res, steps


def b_integral(rng: np.random.Generator) -> Draft:
    kind = str(rng_choice(rng, ("polynomial", "polynomial", "absolute")))
    cv = curve_where(rng, lambda: sample_curve(rng, kind),
                     lambda c: c.kind == "absolute" or _deg(c) <= 3)
    win = choose_window(rng, [cv])
    xs = list(range(math.ceil(win[0]) + 1, math.floor(win[1])))
    pairs = [(p, q) for p in xs for q in xs if 1 <= q - p <= 4]

    def span(p: int, q: int) -> tuple[float, float]:
        ys = evaluate(cv, np.linspace(p, q, 401))
        return float(ys.min()), float(ys.max())
    # the shaded region the question asks about lies inside the drawn window, off its frame:
    # bounds where f stays in the window's y-range, else the window grown to hold the region
    inside = [(p, q) for p, q in pairs
              if win[2] + 0.25 <= span(p, q)[0] and span(p, q)[1] <= win[3] - 0.25]
    p, q = (inside or pairs)[int(rng.integers(len(inside or pairs)))]
    lo, hi = span(p, q)
    if lo < win[2] + 0.25 or hi > win[3] - 0.25:
        pad = 0.08 * (max(hi, win[3]) - min(lo, win[2])) + 0.5
        win = (win[0], win[1], float(min(win[2], math.floor(lo - pad))),
               float(max(win[3], math.ceil(hi + pad))), win[4])
    cot = [f"The function is {expression(cv)}; the shaded region runs from a = {p} to b = {q}."]
    if kind == "polynomial":
        cs = [Fraction(v).limit_denominator(100) for v in cv.coeffs]
        F = [Fraction(0)] + [c / (i + 1) for i, c in enumerate(cs)]
        Fv = lambda x: sum(c * Fraction(x) ** i for i, c in enumerate(F))  # noqa: E731
        res = Fv(q) - Fv(p)
        cot += [f"An antiderivative is F(x) = {frac_poly(F)}.",
                f"F({q}) = {frac_text(Fv(q))} and F({p}) = {frac_text(Fv(p))}.",
                f"The integral is F({q}) - F({p}) = {frac_text(res)}."]
        wrong_sum = Fv(q) + Fv(p)
    else:
        res, steps = _abs_integral(cv, p, q)
        cot += steps
        wrong_sum = None
    ans = r2(float(res))
    cot.append(f"So the integral of f from a to b is {n(ans)}.")
    trap = (value(cv, p) + value(cv, q)) / 2 * (q - p)
    xs_f = np.linspace(p, q, 801)
    absint = float(np.trapezoid(np.abs(evaluate(cv, xs_f)), xs_f))
    cands = [(-float(res), f"Subtracting in the wrong order gives {n(-ans)}."),
             (float(wrong_sum) if wrong_sum is not None else None,
              "Adding F(b) and F(a) instead of subtracting."),
             (trap, f"Estimating with one trapezoid gives {n(r2(trap))}."),
             (absint, "Counting the area below the x-axis as positive."),
             (float(res) + 1, None)]
    mk = [XMarker("a", float(p)), XMarker("b", float(q))]
    return Draft(cv, "What is the definite integral of f from a to b (the signed area of the "
                     "shaded region)?", cot, ans, distract(ans, cands), markers=mk,
                 shade=[float(p), float(q)], window=win, value=float(res))


# ----------------------------------------------------------------------------- trig shape


def b_period(rng: np.random.Generator) -> Draft:
    kind = str(rng_choice(rng, ("sine", "cosine", "tangent")))
    cv = sample_curve(rng, kind)
    b = cv.b
    k = 1.0 if kind == "tangent" else 2.0
    ans = pi_text(k / b)
    form = "π/|B|" if kind == "tangent" else "2π/|B|"
    fn = {"sine": "sin", "cosine": "cos", "tangent": "tan"}[kind]
    cot = [f"The function is {expression(cv)}.",
           f"For y = A·{fn}(Bx + C) + D the period is {form}.",
           f"Here B = {n(b)}, so the period is {form.replace('|B|', n(b))} = {ans}."]
    cands = [(pi_text((3 - k) / b), f"Using the wrong formula gives {pi_text((3 - k) / b)}."),
             (pi_text(k * b), f"Multiplying by B instead of dividing gives {pi_text(k * b)}."),
             (pi_text(k), "Ignoring B gives the period of the basic function."),
             (pi_text(k / (2 * b)), "Taking half a cycle for the period.")]
    cands += [(t, None) for t in PERIOD_POOL]
    return Draft(cv, "What is the period of f?", cot, ans, distract(ans, cands),
                 answer_kind="text")


def b_amplitude(rng: np.random.Generator) -> Draft:
    kind = str(rng_choice(rng, ("sine", "cosine")))
    cv = sample_curve(rng, kind)
    A = abs(cv.a)
    hi, lo = cv.d + A, cv.d - A
    cot = [f"The function is {expression(cv)}.",
           f"Its maximum is {n(hi)} and its minimum is {n(lo)}.",
           f"The amplitude is half the difference: ({n(hi)} - "
           f"{n(lo) if lo >= 0 else f'({n(lo)})'})/2 = {n(A)}."]
    cands = [(2 * A, f"Taking max - min = {n(2 * A)} without halving."),
             (hi, f"Giving the maximum value {n(hi)}."),
             (cv.b, f"Reading the frequency B = {n(cv.b)} as the amplitude."),
             (A / 2, None), (A + 1, None)]
    return Draft(cv, "What is the amplitude of f?", cot, A, distract(A, cands))


def b_asymptote(rng: np.random.Generator) -> Draft:
    kind = str(rng_choice(rng, ("exponential", "logarithm", "tangent", "rational")))
    cv = sample_curve(rng, kind)
    eq = expression(cv)
    a, b, c, d = cv.a, cv.b, cv.c, cv.d
    tags = {}
    if kind == "rational":
        xc = rhs_text(Curve("absolute", a=1.0, c=c)).strip("|")
        which = str(rng_choice(rng, ("vertical", "horizontal")))
        tags = {"which": which}
        if which == "vertical":
            cot = [f"The function is {eq}.",
                   f"The fraction is undefined where its denominator {xc} is 0, that is at "
                   f"x = {n(c)}; near it |f(x)| grows without bound.",
                   f"So the vertical asymptote is x = {n(c)}, and h = {n(c)}."]
            exact = c
            ans = r2(exact)
            cands = [(-c, f"A sign slip with the shift gives {n(-c)}."),
                     (d, "Reading the horizontal asymptote instead."),
                     (c - a / d if d else None, "Taking the zero of f instead."),
                     (c + 1, None), (c - 1, None)]
            stem = "The graph of f has a vertical asymptote x = h. What is h?"
        else:
            cot = [f"The function is {eq}.",
                   f"As x → ±∞, {n(a)}/({xc}) → 0, so f(x) → {n(d)}.",
                   f"The horizontal asymptote is y = {n(d)}, so k = {n(d)}."]
            exact = d
            ans = r2(exact)
            cands = [(c, "Reading the vertical asymptote instead."),
                     (-d, f"A sign slip gives {n(-d)}."),
                     (d - a / c, "Taking the y-intercept f(0) as the asymptote."),
                     (d + 1, None), (d - 1, None)]
            stem = "The graph of f approaches a horizontal asymptote y = k. What is k?"
    elif kind == "exponential":
        base = rhs_text(Curve("exponential", a=1.0, b=b)).split("^")[0]
        far = "-∞" if b > 1 else "+∞"
        cot = [f"The function is {eq}.",
               f"As x → {far}, {base}^x → 0, so f(x) → {n(d)}.",
               f"The horizontal asymptote is y = {n(d)}, so k = {n(d)}."]
        exact = d
        ans = r2(exact)
        cands = [(a + d, "Taking the y-intercept f(0) as the asymptote."),
                 (-d, f"A sign slip gives {n(-d)}."), (a, "Reading the coefficient A."),
                 (d + 1, None), (d - 1, None)]
        stem = "The graph of f approaches a horizontal asymptote y = k. What is k?"
    elif kind == "logarithm":
        xc = rhs_text(Curve("absolute", a=1.0, c=c)).strip("|")
        cot = [f"The function is {eq}.",
               f"The logarithm needs {xc} > 0, that is x > {n(c)}.",
               f"As x approaches {n(c)} from the right, |f(x)| grows without bound, so the "
               f"vertical asymptote is x = {n(c)}."]
        exact = c
        ans = r2(exact)
        cands = [(-c, f"A sign slip with the shift gives {n(-c)}."),
                 (c + 1, "Taking the zero of the logarithm, where its argument is 1."),
                 (d, "Reading the vertical shift instead."), (c - 1, None), (c + 2, None)]
        stem = "The graph of f has a vertical asymptote x = h. What is h?"
    else:
        x0 = math.pi / (2 * b)
        exact = x0
        ans = r2(exact)
        cot = [f"The function is {eq}.",
               f"tan is undefined where its argument is π/2 + kπ, here where "
               f"{'' if b == 1 else n(b)}x = π/2 + kπ.",
               f"The smallest positive solution is x = {pi_text(0.5 / b)} ≈ {n(ans)}."]
        cands = [(math.pi / b, "Taking one full period instead of half of it."),
                 (math.pi / (4 * b), None), (2 * math.pi / b, "Using 2π/B."),
                 (math.pi / 2, "Ignoring B.")]
        stem = ("What is the smallest positive x at which the graph of f has a vertical "
                "asymptote (to two decimals)?")
    return Draft(cv, stem, cot, ans, distract(ans, cands), tags=tags, value=exact)


# ----------------------------------------------------------------------------- read off graph


def b_slope(rng: np.random.Generator) -> Draft:
    for _ in range(200):
        m, q0 = float(rng_choice(rng, SLOPES)), float(rng.integers(-3, 4))
        cv = Curve("polynomial", coeffs=[q0, m])
        win = choose_window(rng, [cv])
        xs = [x for x in range(math.ceil(win[0]) + 1, math.floor(win[1]))
              if float(m * x + q0).is_integer() and win[2] < m * x + q0 < win[3]]
        pairs = [(u, v) for u in xs for v in xs if v - u >= 2]
        if pairs:
            break
    x1, x2 = pairs[int(rng.integers(len(pairs)))]
    y1, y2 = m * x1 + q0, m * x2 + q0
    dx, dy = x2 - x1, y2 - y1
    cot = [f"The line passes through P({x1}, {n(y1)}) and Q({x2}, {n(y2)}).",
           f"Its slope is (y_Q - y_P)/(x_Q - x_P) = ({n(y2)} - {par(y1)})/({x2} - {par(x1)}) = "
           f"{n(dy)}/{dx} = {n(m)}.",
           f"So the slope of line f is {n(m)}."]
    cands = [(dx / dy, f"Inverting the ratio gives {n(r2(dx / dy))}."),
             (-m, f"Subtracting in mixed order gives {n(-m)}."),
             (q0, f"Reading the y-intercept {n(q0)} instead of the slope."),
             (dy, f"Forgetting to divide by the run gives {n(dy)}.")]
    pts = [NamedPoint("P", float(x1), y1), NamedPoint("Q", float(x2), y2)]
    return Draft(cv, "Line f passes through P and Q. What is its slope?", cot, r2(m),
                 distract(r2(m), cands),
                 points=pts, expr_given=False, window=win, value=m)


def b_coefficient(rng: np.random.Generator) -> Draft:
    a = float(rng_choice(rng, (0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0)))
    h, k = float(rng.integers(-3, 4)), float(rng.integers(-3, 4))
    s = float(rng_choice(rng, (1.0, -1.0, 2.0, -2.0)))
    x1, y1 = h + s, a * s * s + k
    cv = Curve("polynomial", coeffs=vertex_quadratic(a, h, k))
    xmin, xmax, ymin, ymax, pi_ticks = choose_window(rng, [cv])
    win = (min(xmin, x1 - 1), max(xmax, x1 + 1), min(ymin, y1 - 1, k - 1),
           max(ymax, y1 + 1, k + 1), pi_ticks)
    xh = rhs_text(Curve("absolute", a=1.0, c=h)).strip("|")
    cot = [f"The vertex is V({n(h)}, {n(k)}), so f(x) = a({xh})^2{' + ' if k >= 0 else ' - '}"
           f"{n(abs(k))}.",
           f"P({n(x1)}, {n(y1)}) is on the graph: {n(y1)} = a({n(x1)} - {par(h)})^2 + {par(k)} "
           f"= {'' if s * s == 1 else n(s * s)}a + {par(k)}.",
           f"So a = ({n(y1)} - {par(k)})/{n(s * s)} = {n(a)}."]
    cands = [(-a, f"A sign slip gives {n(-a)}."),
             ((y1 - k) / s, "Forgetting to square (x - h)."),
             (y1 / (s * s), "Ignoring the vertex height k."),
             (1 / a, None)]
    pts = [NamedPoint("V", h, k), NamedPoint("P", x1, y1)]
    stem = ("The graph of f is a parabola f(x) = a(x - h)^2 + k with vertex V that passes "
            "through P. What is a?")
    return Draft(cv, stem, cot, a, distract(a, cands), points=pts, expr_given=False, window=win)


BUILDERS: dict[str, Callable[[np.random.Generator], Draft]] = {
    **CORE_BUILDERS, "integral": b_integral,
    "period": b_period, "amplitude": b_amplitude, "slope": b_slope,
    "coefficient": b_coefficient, "asymptote": b_asymptote, **PIECEWISE_BUILDERS,
}
