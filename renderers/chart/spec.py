"""Statistics charts (family "chart"): bar, line, pie, scatter, histogram, table and box plot.

Why: MAVIS captions and DynaMath "statistics" questions need charts whose every number is known
exactly: the spec holds the data, ``facts`` derives totals, means, medians, extremes (with their
category), pie percentages, histogram bins, box-plot quartiles and the scatter trend line, and
``draw`` (in ``renderers.chart.draw``) paints the same data with plain PIL.

    python -c "import numpy as np, renderers; f = renderers.get_family('chart'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='pie'), 336).save('/tmp/chart.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from renderers.chart.stats import box_stats, chart_axes, pie_percentages, trend_line
from renderers.spec import Spec
from renderers.text import fact_num, r2

KINDS = ("bar", "line", "pie", "scatter", "histogram", "table", "box")
WHISKERS = ("minmax", "iqr")
SERIES_COLORS = ("blue", "orange", "green", "red", "purple", "brown", "cyan", "pink")


@dataclass
class Series:
    """One data series: a name (legend / table column) and one value per category."""

    name: str
    values: list[float]
    color: str = "blue"


@dataclass
class ChartSpec(Spec):
    """A chart. Which fields matter depends on ``kind``:

    - bar / line: ``categories`` and one ``Series`` per group (values aligned with categories);
      ``horizontal`` (bar only), ``annotate`` writes the values on bars / points.
    - pie: ``categories`` and ``series[0]``; ``slice_colors`` (empty = default order).
    - table: row names ``categories``, one ``Series`` per column, ``x_title`` is the corner cell.
    - scatter: ``x_values`` and ``series[0].values`` (y); ``trend_line`` draws the fit.
    - histogram: ``bin_edges`` (n+1 increasing) and ``counts`` (n).
    - box: box names ``categories`` and raw data ``samples`` (one list per box); ``whisker``
      "minmax" (whiskers at min / max) or "iqr" (1.5 IQR, points beyond drawn as outliers).
    ``x_title`` / ``y_title`` title the horizontal / vertical axis as drawn.
    """

    family: ClassVar[str] = "chart"
    kind: str = "bar"
    title: str = ""
    x_title: str = ""
    y_title: str = ""
    categories: list[str] = field(default_factory=list)
    series: list[Series] = field(default_factory=list)
    x_values: list[float] = field(default_factory=list)
    bin_edges: list[float] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    samples: list[list[float]] = field(default_factory=list)
    slice_colors: list[str] = field(default_factory=list)
    color: str = "blue"
    horizontal: bool = False
    annotate: bool = False
    trend_line: bool = False
    whisker: str = "minmax"
    theme: str = ""


# ----------------------------------------------------------------------------- facts


def holders(names: list, vals: list[float], best) -> list:
    """Every name whose value, as the chart states it, equals the extreme ``best`` (max or
    min) of those values: a caption names all of them, as a tie, never one at random."""
    shown = [fact_num(x) for x in vals]
    top = best(shown)
    return [n for n, x in zip(names, shown) if x == top]


def _distinct(pts: list) -> list:
    """Points as the chart shows them, each once (two samples may coincide)."""
    out = []
    for p in pts:
        if p not in out:
            out.append(p)
    return out


def _series_facts(cats: list[str], s: Series) -> dict:
    v = np.asarray(s.values, dtype=float)
    imax, imin = int(np.argmax(v)), int(np.argmin(v))
    order = sorted(range(len(v)), key=lambda i: (-v[i], i))
    return {"name": s.name, "values": [fact_num(x) for x in v],
            "value_of": {c: fact_num(x) for c, x in zip(cats, v)},
            "total": fact_num(v.sum()), "mean": r2(v.mean()), "median": fact_num(np.median(v)),
            "max": fact_num(v[imax]), "max_category": cats[imax], "min": fact_num(v[imin]),
            "min_category": cats[imin], "range": fact_num(v[imax] - v[imin]),
            "max_categories": holders(cats, list(v), max),
            "min_categories": holders(cats, list(v), min),
            "ranking": [cats[i] for i in order]}


def _line_changes(cats: list[str], vals: list[float]) -> dict:
    ch = [vals[i + 1] - vals[i] for i in range(len(vals) - 1)]
    if not ch:
        return {"changes": []}
    up, dn = int(np.argmax(ch)), int(np.argmin(ch))
    steps = list(zip(cats, cats[1:]))
    return {"changes": [fact_num(c) for c in ch],
            "largest_increases": [list(p) for p in holders(steps, ch, max)],
            "largest_decreases": [list(p) for p in holders(steps, ch, min)],
            "largest_increase": {"from": cats[up], "to": cats[up + 1], "amount": fact_num(ch[up])},
            "largest_decrease": {"from": cats[dn], "to": cats[dn + 1], "amount": fact_num(ch[dn])},
            "n_increases": sum(c > 0 for c in ch), "n_decreases": sum(c < 0 for c in ch)}


def chart_facts(spec: ChartSpec) -> dict:
    validate(spec)
    f: dict = {"kind": spec.kind, "title": spec.title, "x_title": spec.x_title,
               "y_title": spec.y_title}
    axes = chart_axes(spec)
    for name, (lo, hi, step, ticks) in axes.items():
        f[name] = {"min": fact_num(lo), "max": fact_num(hi), "step": fact_num(step),
                   "ticks": [fact_num(t) for t in ticks]}
    k = spec.kind
    if k in ("bar", "line", "pie", "table"):
        cats = spec.categories
        sf = [_series_facts(cats, s) for s in spec.series]
        f.update(categories=list(cats), n_categories=len(cats), n_series=len(sf), series=sf)
        if len(sf) == 1:
            f.update({key: sf[0][key] for key in ("values", "value_of", "total", "mean", "median",
                                                   "max", "max_category", "min", "min_category",
                                                   "range", "ranking", "max_categories",
                                                   "min_categories")})
        else:
            tot = {c: fact_num(sum(s.values[i] for s in spec.series)) for i, c in enumerate(cats)}
            best = max(cats, key=lambda c: tot[c])
            f.update(category_totals=tot, max_total_category=best,
                     max_total_categories=holders(cats, [tot[c] for c in cats], max),
                     grand_total=fact_num(sum(sum(s.values) for s in spec.series)),
                     series_totals={s["name"]: s["total"] for s in sf})
    if k == "bar":
        f.update(orientation="horizontal" if spec.horizontal else "vertical",
                 grouped=len(spec.series) > 1, annotated=spec.annotate,
                 n_bars=len(spec.categories) * len(spec.series))
    elif k == "line":
        for s, sd in zip(spec.series, f["series"]):
            sd.update(_line_changes(spec.categories, s.values))
        if len(spec.series) == 1:
            f.update(_line_changes(spec.categories, spec.series[0].values))
        f["n_points"] = len(spec.categories) * len(spec.series)
    elif k == "pie":
        pct = pie_percentages(spec.series[0].values)
        f["percentages"] = {c: p for c, p in zip(spec.categories, pct)}
        f["angles"] = {c: r2(v / sum(spec.series[0].values) * 360)
                       for c, v in zip(spec.categories, spec.series[0].values)}
        f["n_slices"] = len(spec.categories)
        f["largest_slice"], f["smallest_slice"] = f["max_category"], f["min_category"]
        f["largest_slices"], f["smallest_slices"] = f["max_categories"], f["min_categories"]
    elif k == "table":
        cols = [s.name for s in spec.series]
        cells = [(v, r, s.name) for s in spec.series for r, v in zip(spec.categories, s.values)]
        mx, mn = max(cells, key=lambda t: t[0]), min(cells, key=lambda t: t[0])
        f.update(rows=list(spec.categories), columns=cols, n_rows=len(spec.categories),
                 n_columns=len(cols), corner=spec.x_title,
                 cells={r: {s.name: fact_num(s.values[i]) for s in spec.series}
                        for i, r in enumerate(spec.categories)},
                 row_totals=f["category_totals"] if len(cols) > 1 else f["value_of"],
                 column_totals={s["name"]: s["total"] for s in f["series"]},
                 max_cell={"value": fact_num(mx[0]), "row": mx[1], "column": mx[2]},
                 max_cells=[{"row": r, "column": c}
                            for r, c in holders([(r, c) for _, r, c in cells],
                                                [v for v, _, _ in cells], max)],
                 min_cells=[{"row": r, "column": c}
                            for r, c in holders([(r, c) for _, r, c in cells],
                                                [v for v, _, _ in cells], min)],
                 min_cell={"value": fact_num(mn[0]), "row": mn[1], "column": mn[2]})
    elif k == "scatter":
        xs, ys = spec.x_values, spec.series[0].values
        slope, icpt = trend_line(xs, ys)
        r = float(np.corrcoef(xs, ys)[0, 1]) if len(xs) > 2 and np.std(ys) > 0 else 0.0
        imax, imin = int(np.argmax(ys)), int(np.argmin(ys))
        f.update(points=[[fact_num(x), fact_num(y)] for x, y in zip(xs, ys)], n_points=len(xs),
                 x_mean=r2(np.mean(xs)), y_mean=r2(np.mean(ys)), slope=r2(slope),
                 intercept=r2(icpt), correlation=r2(r), trend_line=spec.trend_line,
                 trend="increasing" if slope > 0 else "decreasing" if slope < 0 else "flat",
                 x_min=fact_num(min(xs)), x_max=fact_num(max(xs)), y_min=fact_num(ys[imin]),
                 y_max=fact_num(ys[imax]), highest_point=[fact_num(xs[imax]), fact_num(ys[imax])],
                 lowest_point=[fact_num(xs[imin]), fact_num(ys[imin])],
                 highest_points=_distinct([[fact_num(x), fact_num(y)] for x, y in
                                           holders(list(zip(xs, ys)), list(ys), max)]),
                 lowest_points=_distinct([[fact_num(x), fact_num(y)] for x, y in
                                          holders(list(zip(xs, ys)), list(ys), min)]))
    elif k == "histogram":
        e, c = spec.bin_edges, spec.counts
        bins = [{"low": fact_num(e[i]), "high": fact_num(e[i + 1]), "count": int(c[i])}
                for i in range(len(c))]
        mids = [(e[i] + e[i + 1]) / 2 for i in range(len(c))]
        tot = int(sum(c))
        im, imn = int(np.argmax(c)), int(np.argmin(c))
        f.update(bin_edges=[fact_num(x) for x in e], counts=[int(x) for x in c], bins=bins,
                 n_bins=len(c), bin_width=fact_num(e[1] - e[0]), total=tot,
                 modal_bin=[fact_num(e[im]), fact_num(e[im + 1])], max_count=int(c[im]),
                 modal_bins=holders([[fact_num(e[i]), fact_num(e[i + 1])] for i in range(len(c))],
                                    list(c), max),
                 min_count=int(c[imn]), min_bin=[fact_num(e[imn]), fact_num(e[imn + 1])],
                 midpoints=[fact_num(m) for m in mids],
                 estimated_mean=r2(sum(m * n for m, n in zip(mids, c)) / tot) if tot else 0.0,
                 cumulative=[int(x) for x in np.cumsum(c)], annotated=spec.annotate)
    elif k == "box":
        boxes = []
        for name, data in zip(spec.categories, spec.samples):
            st = box_stats(data, spec.whisker)
            # equal outliers are drawn side by side, one circle each: as many as listed
            boxes.append({"name": name, "n": len(data), "data": [fact_num(x) for x in sorted(data)],
                          "mean": r2(np.mean(data)), "n_outliers": len(st["outliers"]),
                          **{key: [fact_num(x) for x in v] if isinstance(v, list)
                             else fact_num(v) for key, v in st.items()}})
        f.update(categories=list(spec.categories), n_boxes=len(boxes), boxes=boxes,
                 whisker=spec.whisker,
                 highest_median=max(boxes, key=lambda b: b["median"])["name"],
                 largest_iqr=max(boxes, key=lambda b: b["iqr"])["name"],
                 highest_medians=holders([b["name"] for b in boxes],
                                         [b["median"] for b in boxes], max),
                 largest_iqrs=holders([b["name"] for b in boxes], [b["iqr"] for b in boxes], max),
                 n_outliers=sum(len(b["outliers"]) for b in boxes))
    return f


def validate(spec: ChartSpec) -> None:
    k = spec.kind
    if k not in KINDS:
        raise ValueError(f"chart kind {k!r} is not valid; valid kinds: {', '.join(KINDS)}")
    if k in ("bar", "line", "pie", "table"):
        if not spec.categories or not spec.series:
            raise ValueError(f"a {k} chart needs categories and at least one series")
        for s in spec.series:
            if len(s.values) != len(spec.categories):
                raise ValueError(f"series {s.name!r} has {len(s.values)} values for "
                                 f"{len(spec.categories)} categories")
        if k == "pie" and (min(spec.series[0].values) < 0 or sum(spec.series[0].values) <= 0):
            raise ValueError("pie values must be non-negative with a positive total")
    elif k == "scatter":
        if not spec.series or len(spec.series[0].values) != len(spec.x_values) or \
                len(spec.x_values) < 2:
            raise ValueError("a scatter chart needs x_values and series[0].values of one length")
    elif k == "histogram":
        e = spec.bin_edges
        if len(e) != len(spec.counts) + 1 or not spec.counts or \
                any(b <= a for a, b in zip(e, e[1:])):
            raise ValueError("a histogram needs increasing bin_edges, one more than counts")
    elif k == "box":
        if not spec.samples or len(spec.samples) != len(spec.categories) or \
                any(len(s) == 0 for s in spec.samples):
            raise ValueError("a box plot needs one non-empty sample per category")
        if spec.whisker not in WHISKERS:
            raise ValueError(f"whisker {spec.whisker!r} is not valid; valid: {', '.join(WHISKERS)}")
