"""Numbers shared by the "chart" facts and drawing: nice axis scales, box-plot statistics, pie
percentages and the least-squares trend line.

Why one place: a fact such as "the y axis ticks are 0, 25, ..., 125" or "Q1 = 3.25" must be
exactly what the picture shows, so ``facts`` and ``draw`` call the same functions.

    python -m pytest -q tests/renderers/test_chart.py
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from renderers.text import half_up

Axis = tuple[float, float, float, list[float]]  # low, high, step, ticks

# ----------------------------------------------------------------------------- numbers


def _clean(x: float) -> float:
    return float(round(x, 9)) + 0.0


def nice_axis(lo: float, hi: float, target: int = 5, integer: bool = False) -> Axis:
    """An axis from a multiple of a 1-2-2.5-5 step at or below ``lo`` to one at or above ``hi``."""
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    raw = (hi - lo) / target
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw - 1e-12)
    if integer and step < 1:
        step = 1.0
    if integer and step != int(step):
        step = float(math.ceil(step))
    a = math.floor(lo / step + 1e-9) * step
    b = math.ceil(hi / step - 1e-9) * step
    n = int(round((b - a) / step))
    return _clean(a), _clean(b), _clean(step), [_clean(a + i * step) for i in range(n + 1)]


def chart_axes(spec) -> dict[str, Axis]:
    """The numeric axes a chart draws (independent of image size)."""
    k = spec.kind
    if k in ("bar", "line"):
        vals = [v for s in spec.series for v in s.values]
        lo, hi = min(vals), max(vals)
        if k == "bar" or lo <= 0 or lo < 0.45 * hi:
            lo, hi = min(lo, 0.0), max(hi, 0.0)
        else:
            lo -= 0.08 * (hi - lo)
        if spec.annotate:  # headroom for the value written past the longest bar
            hi += 0.1 * (hi - lo)
        return {"value_axis": nice_axis(lo, hi)}
    if k == "histogram":
        top = max(spec.counts) * (1.12 if spec.annotate else 1.0)
        return {"value_axis": nice_axis(0, max(top, 1), integer=True)}
    if k == "box":
        vals = [v for s in spec.samples for v in s]
        lo, hi = min(vals), max(vals)
        span = max(hi - lo, 1.0)
        return {"value_axis": nice_axis(lo - 0.05 * span, hi + 0.05 * span)}
    if k == "scatter":
        xs, ys = spec.x_values, spec.series[0].values
        sx, sy = max(max(xs) - min(xs), 1.0), max(max(ys) - min(ys), 1.0)
        # data that are never negative get no negative ticks
        xlo = min(xs) - 0.04 * sx if min(xs) < 0 else max(min(xs) - 0.04 * sx, 0.0)
        ylo = min(ys) - 0.06 * sy if min(ys) < 0 else max(min(ys) - 0.06 * sy, 0.0)
        return {"x_axis": nice_axis(xlo, max(xs) + 0.04 * sx),
                "y_axis": nice_axis(ylo, max(ys) + 0.06 * sy)}
    return {}


def box_stats(data: Sequence[float], whisker: str) -> dict[str, Any]:
    """Five-number summary with numpy's linear-interpolation quartiles; whiskers at the
    extremes ("minmax") or at the furthest points within 1.5 IQR of the box ("iqr")."""
    d = np.sort(np.asarray(data, dtype=float))
    q1, med, q3 = (float(v) for v in np.percentile(d, [25, 50, 75]))
    iqr = q3 - q1
    lf, uf = q1 - 1.5 * iqr, q3 + 1.5 * iqr
    if whisker == "iqr":
        inside = d[(d >= lf - 1e-9) & (d <= uf + 1e-9)]
        wl, wh = float(inside.min()), float(inside.max())
        out = [float(x) for x in d if x < lf - 1e-9 or x > uf + 1e-9]
    else:
        wl, wh, out = float(d[0]), float(d[-1]), []
    return {"min": float(d[0]), "q1": q1, "median": float(med), "q3": q3, "max": float(d[-1]),
            "iqr": iqr, "lower_fence": lf, "upper_fence": uf, "whisker_low": wl,
            "whisker_high": wh, "outliers": out}


def pie_percentages(values: Sequence[float]) -> list[float]:
    """Slice shares in percent, one decimal, exactly as the labels show them."""
    tot = float(sum(values))
    return [half_up(100.0 * v / tot, 1) for v in values]


def trend_line(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Least-squares slope and intercept of y on x."""
    x, y = np.asarray(xs, float), np.asarray(ys, float)
    vx = float(((x - x.mean()) ** 2).sum())
    slope = float(((x - x.mean()) * (y - y.mean())).sum() / vx) if vx > 0 else 0.0
    return slope, float(y.mean() - slope * x.mean())
