"""Function plots: y = f(x) for polynomials, trig, exponential, logarithm, |x|, piecewise and
a/(x - c) + d.

A spec is a plotted window, one or two ``Curve`` s (kind + parameters) and what is marked on
the picture: zeros / extrema / y-intercepts as labelled dots, named x positions (``XMarker``,
"a = 2"), a shaded interval under the first curve, named points "P(1, 3)". ``facts`` computes
the ground truth of every curve from closed forms (roots of polynomials, inverse trig, logs),
never from pixels: zeros, y-intercept, local extrema, monotonic intervals, asymptotes, period,
amplitude, values at the marked places, intersections of two curves, the signed integral over
the shaded interval; all rounded to 2 decimals. Sampling lives in sample.py, drawing
in draw.py (grid and axes from renderers/axes.py), equation text in text.py, curves in curve.py.

Curve parameters (one convention for every kind, so specs are easy to write by hand):
    polynomial   coeffs (ascending powers)        y = c0 + c1 x + c2 x^2 + ...
    sine         a, b, c (phase in units of pi), d y = a sin(b x + c pi) + d
    cosine       a, b, c, d                       y = a cos(b x + c pi) + d
    tangent      a, b, d                          y = a tan(b x) + d
    exponential  a, b (base; math.e for e), d     y = a b^x + d
    logarithm    a, b (base), c (shift), d        y = a log_b(x - c) + d
    absolute     a, c, d                          y = a |x - c| + d
    piecewise    pieces (polynomials on [lo, hi), continuous at the breaks)
    rational     a, c, d                          y = a/(x - c) + d

    python -c "import numpy as np, renderers; f = renderers.get_family('function'); \
s = f.sample_spec(np.random.default_rng(0), kind='sine'); f.render(s, 336).save('/tmp/f.png'); \
print(f.facts(s))"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar

import numpy as np

from renderers.function.curve import Curve, store_floats
from renderers.function.text import expression, pi_text, poly_text
from renderers.spec import Spec
from renderers.text import fmt_num, r2

KINDS = ("polynomial", "sine", "cosine", "tangent", "exponential", "logarithm", "absolute",
         "piecewise", "rational")
TRIG = ("sine", "cosine", "tangent")
SHOW = ("title", "label", "legend", "none")
MARKS = ("zeros", "extrema", "y_intercept")


@dataclass
class XMarker:
    """A named x position drawn as a dashed line from the x-axis to the curve, "a = 2"."""

    name: str
    x: float
    show_value: bool = True  # label "a = 2" (else just "a")
    value_text: str = ""  # how the value reads when not a plain number, e.g. "π/6"

    def __post_init__(self) -> None:
        store_floats(self, "x")

    def label(self) -> str:
        if not self.show_value:
            return self.name
        return f"{self.name} = {self.value_text or fmt_num(self.x)}"


@dataclass
class NamedPoint:
    name: str
    x: float
    y: float
    show_coords: bool = True  # "P(1, 3)" (else "P")

    def __post_init__(self) -> None:
        store_floats(self, "x", "y")


@dataclass
class FunctionSpec(Spec):
    family: ClassVar[str] = "function"

    curves: list[Curve] = field(default_factory=list)
    xmin: float = -5.0
    xmax: float = 5.0
    ymin: float = -5.0
    ymax: float = 5.0
    show_expression: str = "title"  # one of SHOW
    pi_ticks: bool = False  # x ticks at multiples of pi/2, labelled "π/2", "π", ...
    mark_intersections: bool = False
    markers: list[XMarker] = field(default_factory=list)
    shade: list[float] = field(default_factory=list)  # [lo, hi] under curves[0], or []
    points: list[NamedPoint] = field(default_factory=list)

    def __post_init__(self) -> None:
        store_floats(self, "xmin", "xmax", "ymin", "ymax", "shade")


def _pieces_index(cv: Curve, x: np.ndarray) -> np.ndarray:
    idx = np.zeros(x.shape, dtype=int)
    for i, p in enumerate(cv.pieces[1:], start=1):
        idx[x >= p.lo] = i
    return idx


def evaluate(cv: Curve, x) -> np.ndarray:
    """y values (NaN outside the natural domain and at asymptotes)."""
    x = np.asarray(x, dtype=float)
    k, a, b, c, d = cv.kind, cv.a, cv.b, cv.c, cv.d
    with np.errstate(all="ignore"):
        if k == "polynomial":
            return np.polynomial.polynomial.polyval(x, cv.coeffs)
        if k == "sine":
            return a * np.sin(b * x + c * math.pi) + d
        if k == "cosine":
            return a * np.cos(b * x + c * math.pi) + d
        if k == "tangent":
            y = a * np.tan(b * x) + d
            return np.where(np.abs(np.cos(b * x)) < 1e-12, np.nan, y)
        if k == "exponential":
            return a * np.power(b, x) + d
        if k == "logarithm":
            return np.where(x > c, a * np.log(np.where(x > c, x - c, 1.0)) / math.log(b) + d,
                            np.nan)
        if k == "absolute":
            return a * np.abs(x - c) + d
        if k == "rational":
            return np.where(x != c, a / np.where(x != c, x - c, 1.0) + d, np.nan)
        if k == "piecewise":
            idx = _pieces_index(cv, x)
            out = np.empty(x.shape)
            for i, p in enumerate(cv.pieces):
                m = idx == i
                out[m] = np.polynomial.polynomial.polyval(x[m], p.coeffs)
            return out
    raise ValueError(f"unknown kind {k!r}; valid: {', '.join(KINDS)}")


def value(cv: Curve, x: float) -> float:
    return float(evaluate(cv, np.array([x]))[0])


def derivative(cv: Curve, x) -> np.ndarray:
    x = np.asarray(x, dtype=float)
    k, a, b, c = cv.kind, cv.a, cv.b, cv.c
    P = np.polynomial.polynomial
    with np.errstate(all="ignore"):
        if k == "polynomial":
            return P.polyval(x, P.polyder(cv.coeffs)) if len(cv.coeffs) > 1 else 0 * x
        if k == "sine":
            return a * b * np.cos(b * x + c * math.pi)
        if k == "cosine":
            return -a * b * np.sin(b * x + c * math.pi)
        if k == "tangent":
            return a * b / np.cos(b * x) ** 2
        if k == "exponential":
            return a * math.log(b) * np.power(b, x)
        if k == "logarithm":
            return np.where(x > c, a / ((x - c) * math.log(b)), np.nan)
        if k == "absolute":
            return a * np.sign(x - c)
        if k == "rational":
            return np.where(x != c, -a / np.where(x != c, x - c, 1.0) ** 2, np.nan)
        if k == "piecewise":
            idx = _pieces_index(cv, x)
            out = np.empty(x.shape)
            for i, p in enumerate(cv.pieces):
                m = idx == i
                dc = P.polyder(p.coeffs) if len(p.coeffs) > 1 else [0.0]
                out[m] = P.polyval(x[m], dc)
            return out
    raise ValueError(f"unknown kind {k!r}")


def _real_roots(coeffs: list[float], lo: float, hi: float) -> list[float]:
    cs = list(coeffs)
    while len(cs) > 1 and abs(cs[-1]) < 1e-12:
        cs.pop()
    if len(cs) <= 1:
        return []
    rts = np.roots(cs[::-1])
    out = []
    for r in rts:
        if abs(r.imag) < 1e-7 and lo - 1e-9 <= r.real <= hi + 1e-9:
            out.append(float(round(r.real, 9)))
    return sorted(set(out))


def _periodic(x0: float, period: float, lo: float, hi: float) -> list[float]:
    k0, k1 = math.ceil((lo - x0) / period - 1e-9), math.floor((hi - x0) / period + 1e-9)
    return [round(x0 + k * period, 12) for k in range(k0, k1 + 1)]


def breaks(cv: Curve, lo: float, hi: float) -> tuple[list[float], list[float], list[float]]:
    """(zeros, turning-point candidates, vertical asymptotes) inside [lo, hi], closed forms."""
    k, a, b, c, d = cv.kind, cv.a, cv.b, cv.c, cv.d
    zeros: list[float] = []
    crit: list[float] = []
    vas: list[float] = []
    if k == "polynomial":
        zeros = _real_roots(cv.coeffs, lo, hi)
        crit = _real_roots(list(np.polynomial.polynomial.polyder(cv.coeffs)), lo, hi) \
            if len(cv.coeffs) > 2 else []
    elif k in ("sine", "cosine"):
        ph = c * math.pi + (math.pi / 2 if k == "cosine" else 0.0)  # as a sine
        per = 2 * math.pi / abs(b)
        s = -d / a
        crit = sorted(_periodic((math.pi / 2 - ph) / b, per / 2, lo, hi))
        if abs(s) <= 1 + 1e-12:
            al = math.asin(max(-1.0, min(1.0, s)))
            cands = _periodic((al - ph) / b, per, lo, hi) + \
                _periodic((math.pi - al - ph) / b, per, lo, hi)
            zeros = sorted({round(z, 9) for z in cands})
    elif k == "tangent":
        per = math.pi / abs(b)
        vas = _periodic(math.pi / (2 * b), per, lo, hi)
        zeros = _periodic(math.atan(-d / a) / b, per, lo, hi)
    elif k == "exponential":
        if -d / a > 0:
            z = math.log(-d / a) / math.log(b)
            zeros = [z] if lo <= z <= hi else []
    elif k == "logarithm":
        vas = [c] if lo <= c <= hi else []
        z = c + b ** (-d / a)
        zeros = [z] if lo <= z <= hi else []
    elif k == "absolute":
        crit = [c] if lo < c < hi else []
        if -d / a >= 0:
            zeros = sorted({c + s * (-d / a) for s in (-1, 1)})
            zeros = [z for z in zeros if lo <= z <= hi]
    elif k == "rational":
        vas = [c] if lo <= c <= hi else []
        if d != 0:
            z = c - a / d
            zeros = [z] if lo <= z <= hi else []
    elif k == "piecewise":
        for p in cv.pieces:
            plo = lo if p.lo is None else max(lo, p.lo)
            phi = hi if p.hi is None else min(hi, p.hi)
            if plo > phi:
                continue
            zeros += _real_roots(p.coeffs, plo, phi)
            if len(p.coeffs) > 2:
                crit += [x for x in _real_roots(list(np.polynomial.polynomial.polyder(
                    p.coeffs)), plo, phi) if plo < x < phi]
            if p.lo is not None and lo < p.lo < hi:
                crit.append(float(p.lo))
        zeros = sorted({round(z, 9) for z in zeros})
        crit = sorted(set(crit))
    else:
        raise ValueError(f"unknown kind {k!r}; valid: {', '.join(KINDS)}")
    return zeros, crit, vas


# ----------------------------------------------------------------------------- analysis


def _trend(cv: Curve, p: float, q: float) -> str:
    xs = p + (q - p) * np.array([0.2, 0.5, 0.8])
    dv = derivative(cv, xs)
    if np.all(np.abs(dv) < 1e-9):
        return "constant"
    s = np.sign(dv[np.abs(dv) >= 1e-9])
    return "increasing" if s.sum() > 0 else "decreasing"


def domain_lo(cv: Curve, xmin: float) -> float:
    return max(xmin, cv.c) if cv.kind == "logarithm" else xmin


def analyze(cv: Curve, xmin: float, xmax: float) -> dict:
    """Facts of one curve on the window [xmin, xmax] (unrounded floats)."""
    lo = domain_lo(cv, xmin)
    zeros, crit, vas = breaks(cv, lo, xmax)
    cuts = sorted(set([lo, xmax] + [x for x in crit if lo < x < xmax] + vas))
    segs = []
    for p, q in zip(cuts[:-1], cuts[1:]):
        if q - p < 1e-9:
            continue
        t = _trend(cv, p, q)
        if segs and segs[-1][2] == t and not any(abs(p - v) < 1e-9 for v in vas):
            segs[-1][1] = q
        else:
            segs.append([p, q, t])
    extrema = []
    for (p0, q0, t0), (p1, q1, t1) in zip(segs[:-1], segs[1:]):
        x = q0
        if any(abs(x - v) < 1e-9 for v in vas):
            continue
        typ = {("increasing", "decreasing"): "max", ("decreasing", "increasing"): "min"}.get(
            (t0, t1))
        if typ:
            extrema.append({"type": typ, "x": x, "y": value(cv, x)})
    yint = None
    if lo <= 0 <= xmax and not any(abs(v) < 1e-9 for v in vas) and (
            cv.kind != "logarithm" or cv.c < 0):
        yint = value(cv, 0.0)
    return {"zeros": zeros, "extrema": extrema, "monotonic": segs, "vasym": vas,
            "y_intercept": yint, "lo": lo}


def mark_points(cv: Curve, an: dict, spec: "FunctionSpec") -> list[tuple[str, float, float]]:
    """(what, x, y) of the features the curve asks to mark that lie inside the window (not on
    its left/right border, where a label has no room), deduplicated."""
    out: list[tuple[str, float, float]] = []
    seen = set()
    edge = 0.03 * (spec.xmax - spec.xmin)
    for what in cv.marks:
        pts: list[tuple[float, float]] = []
        if what == "zeros":
            pts = [(z, 0.0) for z in an["zeros"]]
        elif what == "extrema":
            pts = [(e["x"], e["y"]) for e in an["extrema"]]
        elif what == "y_intercept" and an["y_intercept"] is not None:
            pts = [(0.0, an["y_intercept"])]
        for x, y in pts:
            key = (fmt_num(x), fmt_num(y))
            if key in seen or not (spec.xmin + edge <= x <= spec.xmax - edge and
                                   spec.ymin <= y <= spec.ymax):
                continue
            seen.add(key)
            out.append((what, x, y))
    return out


def intersections(f: Curve, g: Curve, lo: float, hi: float) -> list[tuple[float, float]]:
    """Crossings of two curves by sign changes of f - g on a fine grid, refined by bisection,
    and the window's ends where the curves meet there (f - g there is a rounding error whose
    sign no grid can read: 2tan(x) and 2sin(x) at x = -2π)."""
    lo = max(domain_lo(f, lo), domain_lo(g, lo))
    xs = np.linspace(lo, hi, 4001)
    h = evaluate(f, xs) - evaluate(g, xs)
    out = []
    for i in np.flatnonzero(np.isfinite(h[:-1]) & np.isfinite(h[1:]) &
                            (np.sign(h[:-1]) != np.sign(h[1:]))):
        p, q = xs[i], xs[i + 1]
        if h[i] == 0:
            q = p
        hp = h[i]
        for _ in range(60):
            if q - p < 1e-13:
                break
            m = 0.5 * (p + q)
            hm = value(f, m) - value(g, m)
            if np.sign(hm) == np.sign(hp):
                p, hp = m, hm
            else:
                q = m
        x = 0.5 * (p + q)
        if abs(value(f, x) - value(g, x)) < 1e-6:  # not a jump across an asymptote
            if not out or abs(out[-1][0] - x) > 1e-6:
                out.append((x, value(f, x)))
    for x, i in ((float(xs[0]), 0), (float(xs[-1]), -1)):
        if np.isfinite(h[i]) and abs(h[i]) < 1e-9 and all(abs(p - x) > 1e-6 for p, _ in out):
            out.insert(len(out) if i else 0, (x, value(f, x)))
    return out


def integral(cv: Curve, lo: float, hi: float) -> float:
    """Signed integral by composite Simpson on pieces split at corners (exact for cubics)."""
    _, crit, _ = breaks(cv, lo, hi)
    cuts = sorted(set([lo, hi] + [x for x in crit if lo < x < hi]))
    tot = 0.0
    for p, q in zip(cuts[:-1], cuts[1:]):
        xs = np.linspace(p, q, 401)
        ys = evaluate(cv, xs)
        hstep = (q - p) / 400
        tot += hstep / 3 * (ys[0] + ys[-1] + 4 * ys[1:-1:2].sum() + 2 * ys[2:-1:2].sum())
    return tot


# ----------------------------------------------------------------------------- facts


def asymptote_rule(cv: Curve) -> str:
    """Vertical asymptotes of a tangent curve: "x = π/2 + kπ", "x = π + 2kπ"."""
    step = pi_text(1 / abs(cv.b)).replace("π", "kπ")
    return f"x = {pi_text(0.5 / cv.b)} + {step}"


def _natural_domain(cv: Curve) -> str:
    if cv.kind == "logarithm":
        return f"x > {fmt_num(cv.c)}"
    if cv.kind == "tangent":
        return asymptote_rule(cv).replace("x =", "x ≠")
    if cv.kind == "rational":
        return f"x ≠ {fmt_num(cv.c)}"
    return "all real numbers"


def _period(cv: Curve) -> tuple[float | None, str | None]:
    if cv.kind in ("sine", "cosine"):
        return 2 * math.pi / abs(cv.b), pi_text(2 / abs(cv.b))
    if cv.kind == "tangent":
        return math.pi / abs(cv.b), pi_text(1 / abs(cv.b))
    return None, None


def curve_facts(cv: Curve, spec: FunctionSpec) -> dict:
    an = analyze(cv, spec.xmin, spec.xmax)
    per, per_text = _period(cv)
    asym = [{"type": "vertical", "x": r2(v)} for v in an["vasym"]]
    if cv.kind in ("exponential", "rational"):
        asym.append({"type": "horizontal", "y": r2(cv.d)})
    params = {"a": cv.a, "b": cv.b, "c": cv.c, "d": cv.d}
    if cv.kind == "polynomial":
        params = {"coeffs": [r2(v) for v in cv.coeffs]}
    elif cv.kind == "piecewise":
        params = {"pieces": [{"lo": p.lo, "hi": p.hi, "coeffs": [r2(v) for v in p.coeffs],
                              "expression": poly_text(p.coeffs)} for p in cv.pieces]}
    f = {
        "name": cv.name or "y", "kind": cv.kind, "color": cv.color, "params": params,
        "expression": expression(cv),
        "domain_shown": [r2(an["lo"]), r2(spec.xmax)],
        "natural_domain": _natural_domain(cv),
        "zeros": sorted({r2(z) for z in an["zeros"]}),  # a double root rounds to one zero
        "y_intercept": None if an["y_intercept"] is None else r2(an["y_intercept"]),
        "y_intercept_point": None if an["y_intercept"] is None else
        {"x": 0.0, "y": r2(an["y_intercept"])},
        "extrema": [{"type": e["type"], "x": r2(e["x"]), "y": r2(e["y"])}
                    for e in an["extrema"]],
        "monotonic": [{"from": r2(p), "to": r2(q), "trend": t} for p, q, t in an["monotonic"]],
        "asymptotes": asym,
        "period": None if per is None else r2(per), "period_text": per_text,
    }
    if cv.kind == "polynomial":
        f["degree"] = max((i for i, v in enumerate(cv.coeffs) if abs(v) > 1e-12), default=0)
    if cv.kind in ("sine", "cosine"):
        f["amplitude"] = r2(abs(cv.a))
        f["midline"] = r2(cv.d)
        f["range"] = [r2(cv.d - abs(cv.a)), r2(cv.d + abs(cv.a))]
    if cv.kind == "tangent":
        f["asymptote_rule"] = asymptote_rule(cv)
    f["marked_points"] = [{"what": w, "x": r2(x), "y": r2(y)}
                          for w, x, y in mark_points(cv, an, spec)]
    return f


def spec_facts(spec: FunctionSpec) -> dict:
    curves = [curve_facts(cv, spec) for cv in spec.curves]
    out = {
        "n_functions": len(spec.curves),
        "window": {"xmin": r2(spec.xmin), "xmax": r2(spec.xmax), "ymin": r2(spec.ymin),
                   "ymax": r2(spec.ymax)},
        "x_range_text": [pi_text(spec.xmin / math.pi), pi_text(spec.xmax / math.pi)]
        if spec.pi_ticks else [fmt_num(spec.xmin), fmt_num(spec.xmax)],
        "show_expression": spec.show_expression,
        "functions": curves,
    }
    if len(spec.curves) == 2:
        pts = intersections(spec.curves[0], spec.curves[1], spec.xmin, spec.xmax)
        out["intersections"] = [{"x": r2(x), "y": r2(y)} for x, y in pts
                                if spec.ymin <= y <= spec.ymax]
    f0 = spec.curves[0] if spec.curves else None
    if f0 is not None:
        out["markers"] = [{"name": m.name, "label": m.label(), "x": r2(m.x),
                           "y": r2(value(f0, m.x)),
                           "slope": r2(float(derivative(f0, np.array([m.x]))[0]))}
                          for m in spec.markers]
        if spec.shade:
            lo, hi = spec.shade
            out["shade"] = {"from": r2(lo), "to": r2(hi), "integral": r2(integral(f0, lo, hi))}
    out["points"] = [{"name": p.name, "x": r2(p.x), "y": r2(p.y)} for p in spec.points]
    return out
