"""Random function-plot specs: curves with simple parameters and a window that shows them.

Parameters are drawn so that the interesting features land on or near the grid: polynomials
are built from integer roots or an integer vertex, trig curves have amplitudes, frequencies
and phases that are simple multiples, piecewise functions are continuous with integer breaks.
The window is then chosen from the curves' own features (zeros, turning points, asymptotes,
the y-intercept) with some padding; ``FunctionFamily.sample_spec`` calls
``sample_spec`` here.

    python -c "import numpy as np; from renderers.function.sample import sample_spec; \
print(sample_spec(np.random.default_rng(3), kind='piecewise'))"
"""
from __future__ import annotations

import math

import numpy as np

from renderers.function.curve import Curve, Piece
from renderers.function.spec import (KINDS, MARKS, SHOW, TRIG, FunctionSpec, analyze, breaks,
                                     evaluate, intersections, mark_points)
from renderers.spec import rng_choice

# second curve of a two-function plot: kinds that share a natural window with the first
COMPAT = {
    "polynomial": ("polynomial", "absolute"), "absolute": ("polynomial", "absolute"),
    "sine": ("sine", "cosine"), "cosine": ("sine", "cosine"), "tangent": ("sine", "cosine"),
    "exponential": ("exponential", "logarithm"), "logarithm": ("exponential", "logarithm"),
    "piecewise": ("polynomial",), "rational": ("polynomial",),
}
COLORS = ("blue", "red", "green", "purple", "orange", "brown")
SLOPES = (-3.0, -2.0, -1.5, -1.0, -0.5, 0.5, 1.0, 1.5, 2.0, 3.0)
MAX_MARKED = 4  # labelled dots per plot; more crowd a 224 px image


def _f(v) -> float:
    return float(round(float(v), 10)) + 0.0


def poly_from_roots(a: float, roots: list[float]) -> list[float]:
    """Ascending coefficients of a * prod(x - r)."""
    return [_f(v) for v in (a * np.poly(roots))[::-1]]


def vertex_quadratic(a: float, h: float, k: float) -> list[float]:
    return [_f(a * h * h + k), _f(-2 * a * h), _f(a)]


def sample_polynomial(rng: np.random.Generator, degree: int | None = None) -> list[float]:
    deg = degree or int(rng_choice(rng, [1, 2, 2, 3, 3, 4]))
    if deg == 1:
        return [_f(rng.integers(-4, 5)), float(rng_choice(rng, SLOPES))]
    if deg == 2:
        if rng.random() < 0.5:
            r = sorted(int(v) for v in rng.choice(np.arange(-4, 5), 2, replace=False))
            return poly_from_roots(float(rng_choice(rng, [1.0, -1.0, 0.5, -0.5])), r)
        return vertex_quadratic(float(rng_choice(rng, [1.0, -1.0, 2.0, -2.0, 0.5, -0.5])),
                                float(rng.integers(-3, 4)), float(rng.integers(-4, 5)))
    if deg == 3:
        a = float(rng_choice(rng, [1.0, -1.0, 0.5, -0.5]))
        form = rng.random()
        if form < 0.5:
            r = sorted(int(v) for v in rng.choice(np.arange(-3, 4), 3, replace=False))
        elif form < 0.75:
            r0, r1 = (int(v) for v in rng.choice(np.arange(-3, 4), 2, replace=False))
            r = [r0, r0, r1]
        else:  # x^3 - 3p^2 x (+ k): turning points at +-p
            p = int(rng.integers(1, 3))
            k = float(rng.integers(-2, 3))
            return [_f(k), _f(-3 * a * p * p), 0.0, a]
        return poly_from_roots(a, r)
    a = float(rng_choice(rng, [0.25, -0.25, 0.5, -0.5]))
    form = rng.random()
    if form < 0.4:
        r = sorted(int(v) for v in rng.choice(np.arange(-3, 4), 4, replace=False))
    elif form < 0.7:
        p, q = (int(v) for v in rng.choice([1, 2, 3], 2, replace=False))
        r = [-p, p, -q, q]
    else:
        r0, r1 = (int(v) for v in rng.choice(np.arange(-3, 4), 2, replace=False))
        r = [r0, r0, r1, r1]
        a = float(rng_choice(rng, [0.25, -0.25]))
    return poly_from_roots(a, r)


def _through(rng: np.random.Generator, x0: float, y0: float, prev: list[float] | None
             ) -> list[float]:
    """A simple polynomial through (x0, y0), different from ``prev``, never the zero
    constant."""
    for _ in range(20):
        t = rng.random()
        if t < 0.5:
            m = float(rng_choice(rng, [-2.0, -1.0, -0.5, 0.5, 1.0, 2.0]))
            cs = [_f(y0 - m * x0), m]
        elif t < 0.65 and y0 != 0:  # a piece 0 all along has an interval of zeros, which
            cs = [_f(y0)]             # no zero list, count or "only zero" sentence states
        else:
            a = float(rng_choice(rng, [1.0, -1.0, 0.5, -0.5]))
            h = x0 + float(rng_choice(rng, [0.0, 0.0, 1.0, -1.0]))
            cs = vertex_quadratic(a, h, y0 - a * (x0 - h) ** 2)
        if cs != prev:
            return cs
    return [_f(y0 - x0), 1.0]


def sample_piecewise(rng: np.random.Generator) -> list[Piece]:
    n = 2 if rng.random() < 0.6 else 3
    if n == 2:
        bps = [float(rng.integers(-2, 3))]
    else:
        b0 = int(rng.integers(-3, 2))
        bps = [float(b0), float(rng.integers(b0 + 2, 4))]
    y0 = float(rng.integers(-2, 4))
    first = _through(rng, bps[0], y0, None)
    pieces = [Piece(None, bps[0], first)]
    for i, bp in enumerate(bps):
        yb = float(np.polynomial.polynomial.polyval(bp, pieces[-1].coeffs))
        cs = _through(rng, bp, yb, pieces[-1].coeffs)
        pieces.append(Piece(bp, bps[i + 1] if i + 1 < len(bps) else None, cs))
    return pieces


def sample_curve(rng: np.random.Generator, kind: str) -> Curve:
    ch = lambda seq: float(rng_choice(rng, seq))  # noqa: E731
    if kind == "polynomial":
        return Curve(kind, coeffs=sample_polynomial(rng))
    if kind in ("sine", "cosine"):
        return Curve(kind, a=ch([1.0, 2.0, 3.0, 0.5, -1.0, -2.0]), b=ch([1.0, 1.0, 2.0, 0.5]),
                     c=ch([0.0, 0.0, 0.0, 0.5, -0.5, 0.25]), d=ch([0.0, 0.0, 1.0, -1.0, 2.0]))
    if kind == "tangent":
        return Curve(kind, a=ch([1.0, 1.0, 2.0, 0.5, -1.0]), b=ch([1.0, 1.0, 0.5]),
                     d=ch([0.0, 0.0, 1.0, -1.0]))
    if kind == "exponential":
        return Curve(kind, a=ch([1.0, 1.0, 2.0, -1.0, 0.5]), b=ch([2.0, 3.0, math.e, 0.5]),
                     d=ch([0.0, 0.0, -1.0, 1.0, -2.0, 2.0, -3.0]))
    if kind == "logarithm":
        return Curve(kind, a=ch([1.0, 1.0, 2.0, -1.0]), b=ch([2.0, math.e, 3.0]),
                     c=ch([0.0, 0.0, -1.0, 1.0, 2.0, -2.0]), d=ch([0.0, 0.0, 1.0, -1.0, 2.0]))
    if kind == "absolute":
        return Curve(kind, a=ch([1.0, -1.0, 2.0, -2.0, 0.5, -0.5]), c=float(rng.integers(-3, 4)),
                     d=float(rng.integers(-4, 5)))
    if kind == "piecewise":
        return Curve(kind, pieces=sample_piecewise(rng))
    if kind == "rational":
        return Curve(kind, a=ch([1.0, 2.0, 3.0, 4.0, 6.0, -1.0, -2.0, -3.0, -4.0, -6.0]),
                     # c != 0: an asymptote on the y-axis would hide under it
                     c=ch([-3.0, -2.0, -1.0, 1.0, 2.0, 3.0]), d=float(rng.integers(-3, 4)))
    raise ValueError(f"unknown kind {kind!r}; valid: {', '.join(KINDS)}")


# ----------------------------------------------------------------------------- windows


def choose_window(rng: np.random.Generator, curves: list[Curve]
                  ) -> tuple[float, float, float, float, bool]:
    """(xmin, xmax, ymin, ymax, pi_ticks) showing the curves' features."""
    xmin, xmax, pi_ticks = _x_window(rng, curves)
    ymin, ymax = _y_window(curves, xmin, xmax)
    return float(xmin), float(xmax), ymin, ymax, pi_ticks


def _x_window(rng: np.random.Generator, curves: list[Curve]) -> tuple[float, float, bool]:
    kinds = {cv.kind for cv in curves}
    if kinds & set(TRIG):
        bmin = min(cv.b for cv in curves)
        w = math.pi * float(rng_choice(rng, [1.0, 2.0])) if bmin >= 1 else 2 * math.pi
        if "tangent" not in kinds and rng.random() < 0.3:
            return 0.0, 2 * w, True
        return -w, w, True
    lo, hi = -1.0, 1.0
    for cv in curves:
        if cv.kind == "exponential":
            lo, hi = min(lo, float(rng.integers(-4, -2))), max(hi, float(rng.integers(3, 5)))
            continue
        if cv.kind == "logarithm":
            lo = min(lo, cv.c - 1.0)
            hi = max(hi, cv.c + float(rng.integers(6, 9)))
            continue
        zeros, crit, vas = breaks(cv, -10.0, 10.0)
        feats = zeros + crit + vas + ([cv.c] if cv.kind == "absolute" else [])
        if feats:
            lo, hi = min(lo, min(feats)), max(hi, max(feats))
    pad = float(rng_choice(rng, [1.0, 2.0]))
    lo, hi = math.floor(lo) - pad, math.ceil(hi) + pad
    while hi - lo < 6:
        lo, hi = lo - 1, hi + 1
    return max(lo, -10.0), min(hi, 10.0), False


def _y_window(curves: list[Curve], xmin: float, xmax: float) -> tuple[float, float]:
    ys = [0.0]
    for cv in curves:
        if cv.kind in ("sine", "cosine"):
            ys += [cv.d - abs(cv.a), cv.d + abs(cv.a)]
            continue
        if cv.kind == "tangent":
            ys += [cv.d - 3 - abs(cv.a), cv.d + 3 + abs(cv.a)]
            continue
        if cv.kind == "rational":  # both branches bend towards y = d within the window
            ys += [cv.d - 2 - abs(cv.a) / 2, cv.d + 2 + abs(cv.a) / 2]
        an = analyze(cv, xmin, xmax)
        ys += [e["y"] for e in an["extrema"]]
        if an["y_intercept"] is not None:
            ys.append(an["y_intercept"])
        if cv.kind == "exponential":
            ys.append(cv.d)
        if cv.kind == "piecewise":  # the joints are what a reader looks at
            bps = [p.lo for p in cv.pieces if p.lo is not None and xmin <= p.lo <= xmax]
            ys += [float(v) for v in evaluate(cv, np.array(bps))]
    core_lo, core_hi = min(ys), max(ys)
    span = max(core_hi - core_lo, 4.0)
    for cv in curves:
        if cv.kind in TRIG:
            continue
        lo = xmin if cv.kind != "logarithm" else max(xmin, cv.c) + 1e-3
        for v in evaluate(cv, np.array([lo, xmax])):
            if np.isfinite(v) and cv.kind != "rational":
                ys.append(min(max(v, core_lo - 0.35 * span), core_hi + 0.35 * span))
    lo, hi = min(ys), max(ys)
    pad = 0.08 * (hi - lo) + 0.5
    return float(math.floor(lo - pad)), float(math.ceil(hi + pad))


def _marks(rng: np.random.Generator, spec: FunctionSpec) -> None:
    budget = MAX_MARKED
    for cv in spec.curves:
        if rng.random() >= 0.45:
            continue
        an = analyze(cv, spec.xmin, spec.xmax)
        opts = [m for m in MARKS if (m == "zeros" and an["zeros"]) or
                (m == "extrema" and an["extrema"]) or
                (m == "y_intercept" and an["y_intercept"] is not None)]
        if not opts:
            continue
        k = int(rng.integers(1, len(opts) + 1))
        pick = [opts[i] for i in sorted(rng.choice(len(opts), k, replace=False))]
        for trial in (pick, pick[:1]):
            cv.marks = list(trial)
            n = len(mark_points(cv, an, spec))
            if 0 < n <= budget:
                budget -= n
                break
            cv.marks = []


def sample_spec(rng: np.random.Generator, kind: str | None = None,
                n_functions: int | None = None, show_expression: str | None = None
                ) -> FunctionSpec:
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; valid: {', '.join(KINDS)}")
    if n_functions is not None and n_functions not in (1, 2):
        raise ValueError(f"n_functions must be 1 or 2, got {n_functions!r}; valid: 1, 2")
    if show_expression is not None and show_expression not in SHOW:
        raise ValueError(f"unknown show_expression {show_expression!r}; valid: "
                         f"{', '.join(SHOW)}")
    kind = kind or str(rng_choice(rng, KINDS))
    n = n_functions or (2 if rng.random() < 0.3 else 1)
    curves = [sample_curve(rng, kind)]
    if n == 2:
        k2 = str(rng_choice(rng, COMPAT[kind]))
        second = sample_curve(rng, k2)
        if k2 == "polynomial" and kind in ("piecewise", "rational"):
            second = Curve("polynomial", coeffs=sample_polynomial(rng, 1))
        for _ in range(10):  # two identical curves would read as one
            if second != curves[0]:
                break
            second = sample_curve(rng, k2)
        curves.append(second)
    cols = [int(i) for i in rng.permutation(4)[:n]]
    names = ["f", "g"] if n == 2 else [str(rng_choice(rng, ["", "f"]))]
    for cv, ci, nm in zip(curves, cols, names):
        cv.color, cv.name = COLORS[ci], nm
    xmin, xmax, ymin, ymax, pi_ticks = choose_window(rng, curves)
    show = show_expression or str(rng_choice(rng, ["title", "title", "label", "label", "legend",
                                              "none"]))
    spec = FunctionSpec(curves=curves, xmin=xmin, xmax=xmax, ymin=ymin,
                        ymax=ymax, show_expression=show, pi_ticks=pi_ticks)
    _marks(rng, spec)
    if n == 2 and rng.random() < 0.4:
        pts = intersections(curves[0], curves[1], xmin, xmax)
        spec.mark_intersections = 0 < len(pts) <= 3 and all(ymin <= y <= ymax for _, y in pts)
    return spec
