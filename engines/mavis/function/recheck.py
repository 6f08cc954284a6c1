"""Independent sympy re-check of function-plot problems.

``recheck`` rebuilds the curve as a sympy expression from ``problem.vision_spec`` and redoes the
target with sympy (diff, integrate, solve, limits, real roots), never reading ``problem.answer``
nor the closed forms (renderers.function) the problem maker used.

    python -c "import numpy as np; from engines.mavis.function.problem import make_problem; \
from engines.mavis.function.recheck import recheck; p = make_problem(np.random.default_rng(0)); \
print(p.answer, recheck(p))"
"""
from __future__ import annotations

import math

import numpy as np
import sympy as sp

from engines.mavis.function.problem import TARGETS
from engines.mavis.problem import Problem
from engines.mavis.registry import rechecker
from renderers.function.spec import FunctionSpec
from renderers.function.text import pi_text

# ----------------------------------------------------------------------------- re-check

X = sp.Symbol("x", real=True)


def _q(v: float) -> sp.Expr:
    """A spec number as an exact sympy number (halves, quarters, e)."""
    if math.isclose(v, math.e):
        return sp.E
    return sp.nsimplify(v, rational=True)


def sym_expr(cv) -> sp.Expr:
    """The curve as a sympy expression of X, built from its spec parameters."""
    a, b, c, d = (_q(v) for v in (cv.a, cv.b, cv.c, cv.d))
    k = cv.kind
    if k == "polynomial":
        return sum((_q(v) * X ** i for i, v in enumerate(cv.coeffs)), sp.Integer(0))
    if k == "sine":
        return a * sp.sin(b * X + c * sp.pi) + d
    if k == "cosine":
        return a * sp.cos(b * X + c * sp.pi) + d
    if k == "tangent":
        return a * sp.tan(b * X) + d
    if k == "exponential":
        return a * b ** X + d
    if k == "logarithm":
        return a * sp.log(X - c) / sp.log(b) + d
    if k == "absolute":
        return a * sp.Abs(X - c) + d
    if k == "rational":
        return a / (X - c) + d
    if k == "piecewise":
        args = []
        for p in cv.pieces:
            poly = sum((_q(v) * X ** i for i, v in enumerate(p.coeffs)), sp.Integer(0))
            args.append((poly, X < _q(p.hi)) if p.hi is not None else (poly, True))
        return sp.Piecewise(*args)
    raise ValueError(f"unknown kind {k!r}")


def _marker(spec: FunctionSpec, name: str) -> sp.Expr:
    m = next(m for m in spec.markers if m.name == name)
    if m.value_text:  # "π/6" -> exact multiple of pi
        return sp.pi * sp.nsimplify(m.x / math.pi, rational=True, tolerance=1e-9)
    return _q(m.x)


def _point(spec: FunctionSpec, name: str) -> tuple[sp.Expr, sp.Expr]:
    p = next(p for p in spec.points if p.name == name)
    return _q(p.x), _q(p.y)


def _real_zeros(e: sp.Expr, cv) -> list[float]:
    if cv.kind == "polynomial":
        return sorted(float(r) for r in sp.Poly(e, X).real_roots())
    return sorted(float(r) for r in sp.solve(sp.Eq(e, 0), X) if r.is_real)


def _crit(e: sp.Expr, cv) -> list[tuple[sp.Expr, str]]:
    """(x, 'max' | 'min') of the local extrema, from f' = 0 and the sign of f''."""
    if cv.kind == "absolute":
        (arg,) = [t.args[0] for t in e.atoms(sp.Abs)]
        x0 = sp.solve(arg, X)[0]
        left = e.subs(X, x0 - 1) - e.subs(X, x0)
        return [(x0, "min" if left > 0 else "max")]
    d1 = sp.diff(e, X)
    d2 = sp.diff(d1, X)
    out = []
    for r in sp.Poly(d1, X).real_roots():
        s = d2.subs(X, r)
        if s != 0:
            out.append((r, "min" if s > 0 else "max"))
    return out


def _trend_text(e: sp.Expr, p: float, q: float) -> str:
    d1 = sp.diff(e, X)
    signs = []
    for t in np.linspace(p, q, 43)[1:-1]:
        v = float(d1.evalf(subs={X: float(t)}))
        if abs(v) > 1e-9:
            s = "increasing" if v > 0 else "decreasing"
            if not signs or signs[-1] != s:
                signs.append(s)
    return " then ".join(signs) if signs else "constant"


def _trig_atom(e: sp.Expr) -> sp.Expr:
    (t,) = [a for a in e.atoms(sp.sin, sp.cos, sp.tan)]
    return t


@rechecker("function")
def recheck(problem: Problem) -> float | str:
    spec = problem.vision_spec
    cv = spec.curves[0]
    e = sym_expr(cv)
    t = problem.tags["target"]
    if t == "value":
        return float(e.subs(X, _marker(spec, "a")).evalf())
    if t == "derivative":
        return float(sp.diff(e, X).subs(X, _marker(spec, "a")).evalf())
    if t == "integral":
        return float(sp.integrate(e, (X, _marker(spec, "a"), _marker(spec, "b"))).evalf())
    if t == "zero":
        zs = _real_zeros(e, cv)
        return {"largest": max, "smallest": min, "only": min}[problem.tags["which"]](zs)
    if t in ("extremum", "turning_point"):
        which = problem.tags["which"]
        if cv.kind in ("sine", "cosine"):
            atom = _trig_atom(e)
            amp = abs(e.coeff(atom))
            mid = e.subs(atom, 0)
            return float(mid + amp if which == "max" else mid - amp)
        x0 = next(x for x, k in _crit(e, cv) if k == which)
        return float(x0.evalf()) if t == "turning_point" else float(e.subs(X, x0).evalf())
    if t == "monotonic":
        return _trend_text(e, float(_marker(spec, "p")), float(_marker(spec, "q")))
    if t == "period":
        atom = _trig_atom(e)
        b = sp.Poly(atom.args[0], X).coeffs()[0]
        per = (sp.pi if isinstance(atom, sp.tan) else 2 * sp.pi) / abs(b)
        return pi_text(float(per / sp.pi))
    if t == "amplitude":
        return float(abs(e.coeff(_trig_atom(e))))
    if t == "slope":
        return float(sp.diff(e, X))
    if t == "coefficient":
        A = sp.Symbol("A")
        (h, k), (x1, y1) = _point(spec, "V"), _point(spec, "P")
        return float(sp.solve(sp.Eq(A * (x1 - h) ** 2 + k, y1), A)[0])
    if t == "asymptote":
        if cv.kind == "rational" and problem.tags["which"] == "vertical":
            return float(sp.solve(sp.denom(sp.together(e)), X)[0])
        if cv.kind == "rational":
            return float(sp.limit(e, X, sp.oo))
        if cv.kind == "exponential":
            # x -> -oo as t -> +oo with x = -t: sympy 1.14 gets limit(2*2**x, x, -oo) wrong
            for lim in (sp.limit(e.subs(X, -X), X, sp.oo), sp.limit(e, X, sp.oo)):
                if lim.is_finite:
                    return float(lim)
        if cv.kind == "logarithm":
            (arg,) = [a.args[0] for a in e.atoms(sp.log) if a.args[0].has(X)]
            return float(sp.solve(arg, X)[0])
        atom = _trig_atom(e)
        sols = sp.solve(sp.cos(atom.args[0]), X)
        return float(min(s for s in sols if s > 0))
    if t == "piece_zero":
        zs = sorted(float(z) for z in sp.solveset(e, X, sp.S.Reals))
        which = problem.tags["which"]
        return float(len(zs)) if which == "count" else \
            {"largest": max, "smallest": min, "only": min}[which](zs)
    if t == "piece_breakpoint":
        return float(e.subs(X, _marker(spec, "b")).evalf())
    if t == "piece_monotonic":
        return _run_of(e, cv, problem.tags["which"])
    raise ValueError(f"unknown target {t!r}; valid: {', '.join(TARGETS)}")


def _run_of(e: sp.Expr, cv, which: str) -> str:
    """The one maximal interval on which f is ``which`` ("increasing" / "decreasing"), written
    [a, b] with (-∞ / ∞) at open ends: from the sign of f' between the zeros of f' and the
    breaks of the pieces."""
    d1 = sp.diff(e, X)
    cuts = {float(p.lo) for p in cv.pieces if p.lo is not None}
    for expr, _ in e.args:  # each piece's own turning points (a constant piece has none)
        de = sp.diff(expr, X)
        if de.has(X):
            cuts |= {float(z) for z in sp.Poly(de, X).real_roots()}
    pts = sorted(cuts)
    edges = [-math.inf] + pts + [math.inf]
    runs: list[list] = []
    for lo, hi in zip(edges, edges[1:]):
        mid = (lo + hi) / 2 if math.isfinite(lo) and math.isfinite(hi) else \
            (hi - 1 if math.isfinite(hi) else lo + 1 if math.isfinite(lo) else 0.0)
        v = float(d1.subs(X, mid))
        sign = "increasing" if v > 1e-12 else "decreasing" if v < -1e-12 else "constant"
        if runs and runs[-1][2] == sign:
            runs[-1][1] = hi
        else:
            runs.append([lo, hi, sign])
    (lo, hi), = [(a, b) for a, b, s in runs if s == which]

    def num(v: float) -> str:
        return str(int(v)) if v == int(v) else f"{v:g}"
    left = "(-∞" if lo == -math.inf else f"[{num(lo)}"
    right = "∞)" if hi == math.inf else f"{num(hi)}]"
    return f"{left}, {right}"
