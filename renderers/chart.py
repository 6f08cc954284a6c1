"""Statistics charts (family "chart"): bar, line, pie, scatter, histogram, table and box plot.

Why: MAVIS captions and DynaMath "statistics" questions need charts whose every number is known
exactly: the spec holds the data, ``facts`` derives totals, means, medians, extremes (with their
category), pie percentages, histogram bins, box-plot quartiles and the scatter trend line, and
``draw`` (in ``renderers.chart_draw``) paints the same data with plain PIL.

    python -c "import numpy as np, renderers; f = renderers.get_family('chart'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='pie'), 336).save('/tmp/chart.png')"
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from renderers.base import Canvas, Family, Spec, register_family, rng_choice
from renderers.chart_draw import draw_chart
from renderers.chart_stats import box_stats, chart_axes, pie_percentages, trend_line

KINDS = ("bar", "line", "pie", "scatter", "histogram", "table", "box")
_KIND_P = (0.24, 0.15, 0.15, 0.11, 0.11, 0.1, 0.14)
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


# ----------------------------------------------------------------------------- vocabularies


@dataclass(frozen=True)
class Theme:
    cats: tuple[str, ...]
    ordered: bool  # months / years are shown as consecutive runs
    axis: str  # title of the category axis
    measures: tuple[tuple[str, str, int, int], ...]  # (chart title, value title, low, high)
    groups: tuple[str, ...]  # series names (grouped bars, lines, table columns, boxes)
    pie_titles: tuple[str, ...]  # "{total}" is replaced by the sum of the slices


THEMES: dict[str, Theme] = {
    "fruits": Theme(
        ("Apple", "Banana", "Cherry", "Grape", "Kiwi", "Lemon", "Mango", "Orange", "Peach",
         "Pear", "Plum", "Melon"), False, "Fruit",
        (("Fruit sold this week", "Boxes sold", 5, 60), ("Fruit harvest", "Crates", 10, 90),
         ("Favourite fruit votes", "Votes", 2, 30), ("Fruit prices", "Price (cents)", 20, 95)),
        ("Shop A", "Shop B", "Shop C", "Shop D"),
        ("Favourite fruit of {total} students", "Fruit sold at a market", "Fruit in a basket")),
    "cities": Theme(
        ("Paris", "Rome", "Oslo", "Cairo", "Tokyo", "Lima", "Delhi", "Seoul", "Miami", "Dubai",
         "Vienna", "Madrid"), False, "City",
        (("Rainfall by city", "Rainfall (mm)", 10, 150),
         ("Hotel visitors", "Visitors (thousands)", 5, 80),
         ("July temperature", "Temperature (°C)", 15, 38),
         ("Museums per city", "Museums", 3, 40)),
        ("2021", "2022", "2023", "2024"),
        ("Trips booked by city", "Where {total} tourists went", "Flights by destination")),
    "months": Theme(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
        True, "Month",
        (("Monthly ice cream sales", "Sales (units)", 20, 200),
         ("Monthly rainfall", "Rainfall (mm)", 5, 120),
         ("Website visits", "Visits (hundreds)", 10, 90), ("Books borrowed", "Books", 15, 80)),
        ("Store A", "Store B", "Store C", "Store D"),
        ("Birthdays of {total} students", "Sales share by month", "Rainy days by month")),
    "years": Theme(
        tuple(str(y) for y in range(2012, 2025)), True, "Year",
        (("Bicycles sold per year", "Bicycles", 50, 400), ("Annual revenue", "Revenue ($M)", 5, 60),
         ("Club members", "Members", 10, 90), ("Trees planted", "Trees", 20, 300)),
        ("North", "South", "East", "West"),
        ("Cars sold by year", "Graduates by year", "Visitors by year")),
    "products": Theme(
        ("Pens", "Books", "Bags", "Cups", "Hats", "Lamps", "Shoes", "Socks", "Toys", "Clocks",
         "Mugs"), False, "Product",
        (("Products sold", "Units sold", 10, 120), ("Items in stock", "Items", 5, 60),
         ("Customer ratings", "Rating points", 20, 100), ("Returns this month", "Returns", 1, 25)),
        ("Online", "In store", "Outlet", "Kiosk"),
        ("Sales of {total} items", "Share of products sold", "Orders by product")),
    "subjects": Theme(
        ("Math", "Art", "Music", "Science", "History", "English", "Biology", "Drama", "French"),
        False, "Subject",
        (("Average test scores", "Score", 45, 100), ("Students per subject club", "Students", 4, 30),
         ("Homework hours per month", "Hours", 2, 20), ("Books in the library", "Books", 10, 90)),
        ("Class A", "Class B", "Class C", "Class D"),
        ("Favourite subject of {total} students", "Favourite subjects", "Lessons per week")),
}
THEME_NAMES = tuple(THEMES)

# (title, x title, y title, x low, x high, x decimals, intercept, slope, noise, y decimals)
SCATTER_THEMES = (
    ("Study time and test score", "Hours studied", "Score", 0, 10, 1, 48, 4.5, 5, 0),
    ("Temperature and ice cream sales", "Temperature (°C)", "Sales", 15, 35, 0, -40, 6, 12, 0),
    ("Height and weight", "Height (cm)", "Weight (kg)", 150, 190, 0, -95, 0.95, 5, 0),
    ("Car age and price", "Age (years)", "Price ($k)", 1, 12, 0, 30, -2.1, 2.5, 1),
    ("Advertising and sales", "Ad spend ($k)", "Sales ($k)", 1, 20, 0, 12, 3, 6, 0),
    ("Practice and mistakes", "Practice (hours)", "Mistakes", 1, 15, 0, 28, -1.6, 2.5, 0),
    ("Rain and umbrellas sold", "Rainfall (mm)", "Umbrellas", 0, 50, 0, 5, 0.8, 4, 0),
)
# (title, x title, y title, first edge, bin width choices, bins low, bins high)
HIST_THEMES = (
    ("Heights of students", "Height (cm)", "Students", 140, (5, 10), 5, 7),
    ("Test scores", "Score", "Students", 40, (10,), 5, 6),
    ("Daily temperatures", "Temperature (°C)", "Days", 10, (2, 5), 5, 7),
    ("Time to finish a puzzle", "Time (min)", "People", 0, (5, 10), 5, 7),
    ("Ages of club members", "Age (years)", "Members", 10, (5, 10), 5, 7),
    ("Weights of apples", "Weight (g)", "Apples", 100, (10, 20), 5, 7),
    ("Minutes spent reading", "Minutes", "Students", 0, (10, 15), 5, 6),
)
# box themes: (theme, title, value title, centre low, centre high, spread, names from, cap)
BOX_THEMES = (
    ("subjects", "Test scores by class", "Score", 55, 85, 9, "groups", 100),
    ("cities", "Daily high temperature", "Temperature (°C)", 12, 32, 4, "cats", 45),
    ("fruits", "Weight of fruit", "Weight (g)", 80, 200, 20, "cats", 400),
    ("products", "Price by store", "Price ($)", 10, 40, 5, "groups", 100),
    ("months", "Daily sales by month", "Sales", 30, 90, 10, "cats", 200),
    ("years", "Race times by year", "Time (s)", 50, 70, 4, "cats", 100),
)


# ----------------------------------------------------------------------------- sampling


def _pick_cats(rng: np.random.Generator, th: Theme, n: int) -> list[str]:
    if th.ordered:
        start = int(rng.integers(0, len(th.cats) - n + 1))
        return list(th.cats[start:start + n])
    idx = sorted(rng.choice(len(th.cats), size=n, replace=False).tolist())
    return [th.cats[i] for i in idx]


def _values(rng: np.random.Generator, lo: int, hi: int, n: int) -> list[float]:
    return [float(v) for v in rng.integers(lo, hi + 1, size=n)]


def _colors(rng: np.random.Generator, n: int) -> list[str]:
    start = int(rng.integers(len(SERIES_COLORS)))
    return [SERIES_COLORS[(start + i) % len(SERIES_COLORS)] for i in range(n)]


def _sample_bar(rng, th_name: str) -> ChartSpec:
    th = THEMES[th_name]
    n_series = int(rng_choice(rng, (1, 1, 1, 2, 2, 3)))
    horizontal = bool(rng.random() < 0.3)
    n_cat = int(rng.integers(3, {1: 7, 2: 6, 3: 5}[n_series] + (1 if horizontal else 0)))
    title, vt, lo, hi = rng_choice(rng, th.measures)
    cats = _pick_cats(rng, th, n_cat)
    cols = _colors(rng, n_series)
    names = list(th.groups[:n_series]) if n_series > 1 else [vt]
    series = [Series(names[i], _values(rng, lo, hi, n_cat), cols[i]) for i in range(n_series)]
    xt, yt = (vt, th.axis) if horizontal else (th.axis, vt)
    return ChartSpec(kind="bar", title=title, x_title=xt, y_title=yt, categories=cats,
                     series=series, horizontal=horizontal,
                     annotate=bool(rng.random() < (0.55 if n_series == 1 else 0.3)),
                     color=cols[0], theme=th_name)


def _sample_line(rng, th_name: str) -> ChartSpec:
    th = THEMES[th_name]
    n_series = int(rng_choice(rng, (1, 1, 2, 2, 3)))
    n_cat = int(rng.integers(4, 8))
    title, vt, lo, hi = rng_choice(rng, th.measures)
    cols = _colors(rng, n_series)
    series = []
    for i in range(n_series):
        v = float(rng.integers(lo, hi + 1))
        vals = []
        for _ in range(n_cat):
            vals.append(v)
            v = float(np.clip(v + rng.integers(-(hi - lo) // 4, (hi - lo) // 4 + 1), lo, hi))
        series.append(Series(th.groups[i] if n_series > 1 else vt, vals, cols[i]))
    return ChartSpec(kind="line", title=title, x_title=th.axis, y_title=vt,
                     categories=_pick_cats(rng, th, n_cat), series=series,
                     annotate=bool(n_series == 1 and rng.random() < 0.4), color=cols[0],
                     theme=th_name)


def _sample_pie(rng, th_name: str) -> ChartSpec:
    th = THEMES[th_name]
    n = int(rng.integers(3, 7))
    total = int(rng_choice(rng, (20, 40, 50, 60, 80, 100, 120, 200)))
    # slice sizes: a random composition of the total, each slice at least 4% of it
    floor_ = max(1, int(math.ceil(0.04 * total)))
    w = rng.dirichlet(np.full(n, 2.0))
    vals = np.floor(w * (total - n * floor_)).astype(int) + floor_
    vals[int(np.argmax(w))] += total - int(vals.sum())
    title = rng_choice(rng, th.pie_titles).format(total=total)
    cols = _colors(rng, n)
    return ChartSpec(kind="pie", title=title, categories=_pick_cats(rng, th, n),
                     series=[Series("count", [float(v) for v in vals], cols[0])],
                     slice_colors=cols, theme=th_name)


def _sample_table(rng, th_name: str) -> ChartSpec:
    th = THEMES[th_name]
    n_rows = int(rng.integers(3, 6))
    n_cols = int(rng.integers(2, 4))
    title, vt, lo, hi = rng_choice(rng, th.measures)
    cats = _pick_cats(rng, th, n_rows)
    series = [Series(th.groups[j], _values(rng, lo, hi, n_rows), "blue") for j in range(n_cols)]
    return ChartSpec(kind="table", title=title, x_title=th.axis, y_title=vt, categories=cats,
                     series=series, theme=th_name)


def _sample_scatter(rng) -> ChartSpec:
    i = int(rng.integers(len(SCATTER_THEMES)))
    title, xt, yt, xlo, xhi, xdec, a, b, noise, ydec = SCATTER_THEMES[i]
    n = int(rng.integers(8, 17))
    xs = np.round(rng.uniform(xlo, xhi, size=n), xdec)
    slope = b * rng.uniform(0.6, 1.4)
    ys = a + slope * xs + rng.normal(0, noise, size=n)
    ys = np.round(np.maximum(ys, 0), ydec)
    order = np.argsort(xs, kind="stable")
    return ChartSpec(kind="scatter", title=title, x_title=xt, y_title=yt,
                     x_values=[float(x) for x in xs[order]],
                     series=[Series(yt, [float(y) for y in ys[order]], "blue")],
                     trend_line=bool(rng.random() < 0.5),
                     color=rng_choice(rng, SERIES_COLORS[:6]), theme=f"scatter{i}")


def _sample_histogram(rng) -> ChartSpec:
    i = int(rng.integers(len(HIST_THEMES)))
    title, xt, yt, first, widths, nlo, nhi = HIST_THEMES[i]
    width = int(rng_choice(rng, widths))
    n = int(rng.integers(nlo, nhi + 1))
    start = first + width * int(rng.integers(0, 3))
    centre = rng.uniform(0.8, n - 1.8)
    spread = rng.uniform(1.0, 2.2)
    peak = rng.uniform(6, 20)
    counts = [int(round(peak * math.exp(-0.5 * ((k - centre) / spread) ** 2)
                        + rng.integers(0, 3))) for k in range(n)]
    counts[int(round(centre))] = max(counts[int(round(centre))], 2)
    return ChartSpec(kind="histogram", title=title, x_title=xt, y_title=yt,
                     bin_edges=[float(start + width * k) for k in range(n + 1)], counts=counts,
                     annotate=bool(rng.random() < 0.4),
                     color=rng_choice(rng, SERIES_COLORS[:6]), theme=f"histogram{i}")


def _sample_box(rng, th_name: str | None) -> ChartSpec:
    options = [b for b in BOX_THEMES if th_name is None or b[0] == th_name]
    th_name, title, vt, clo, chi, spread, src, cap = options[int(rng.integers(len(options)))]
    th = THEMES[th_name]
    n_box = int(rng.integers(1, 5))
    names = list(th.groups[:n_box]) if src == "groups" else _pick_cats(rng, th, n_box)
    whisker = rng_choice(rng, WHISKERS)
    samples = []
    for _ in range(n_box):
        c = rng.uniform(clo, chi)
        s = spread * rng.uniform(0.6, 1.3)
        data = np.round(rng.normal(c, s, size=int(rng.integers(7, 14)))).tolist()
        if whisker == "iqr" and rng.random() < 0.5:  # one clear outlier to show the rule
            data.append(float(round(c + rng.choice([-1, 1]) * s * rng.uniform(3.2, 4.0))))
        samples.append(sorted(float(min(max(v, 0), cap)) for v in data))
    return ChartSpec(kind="box", title=title, x_title=th.axis if src == "cats" else "Group",
                     y_title=vt, categories=names, samples=samples, whisker=whisker,
                     color=rng_choice(rng, SERIES_COLORS[:6]), theme=th_name)


# ----------------------------------------------------------------------------- facts


def _r(x: float) -> float:
    return round(float(x), 2)


def _num(x: float):
    """Whole numbers as int in facts (so 12.0 reads 12), others rounded to 2 decimals."""
    x = float(x)
    return int(round(x)) if abs(x - round(x)) < 1e-9 else round(x, 2)


def _series_facts(cats: list[str], s: Series) -> dict:
    v = np.asarray(s.values, dtype=float)
    imax, imin = int(np.argmax(v)), int(np.argmin(v))
    order = sorted(range(len(v)), key=lambda i: (-v[i], i))
    return {"name": s.name, "values": [_num(x) for x in v],
            "value_of": {c: _num(x) for c, x in zip(cats, v)},
            "total": _num(v.sum()), "mean": _r(v.mean()), "median": _num(np.median(v)),
            "max": _num(v[imax]), "max_category": cats[imax], "min": _num(v[imin]),
            "min_category": cats[imin], "range": _num(v[imax] - v[imin]),
            "ranking": [cats[i] for i in order]}


def _line_changes(cats: list[str], vals: list[float]) -> dict:
    ch = [vals[i + 1] - vals[i] for i in range(len(vals) - 1)]
    if not ch:
        return {"changes": []}
    up, dn = int(np.argmax(ch)), int(np.argmin(ch))
    return {"changes": [_num(c) for c in ch],
            "largest_increase": {"from": cats[up], "to": cats[up + 1], "amount": _num(ch[up])},
            "largest_decrease": {"from": cats[dn], "to": cats[dn + 1], "amount": _num(ch[dn])},
            "n_increases": sum(c > 0 for c in ch), "n_decreases": sum(c < 0 for c in ch)}


def chart_facts(spec: ChartSpec) -> dict:
    validate(spec)
    f: dict = {"kind": spec.kind, "title": spec.title, "x_title": spec.x_title,
               "y_title": spec.y_title}
    axes = chart_axes(spec)
    for name, (lo, hi, step, ticks) in axes.items():
        f[name] = {"min": _num(lo), "max": _num(hi), "step": _num(step),
                   "ticks": [_num(t) for t in ticks]}
    k = spec.kind
    if k in ("bar", "line", "pie", "table"):
        cats = spec.categories
        sf = [_series_facts(cats, s) for s in spec.series]
        f.update(categories=list(cats), n_categories=len(cats), n_series=len(sf), series=sf)
        if len(sf) == 1:
            f.update({key: sf[0][key] for key in ("values", "value_of", "total", "mean", "median",
                                                   "max", "max_category", "min", "min_category",
                                                   "range", "ranking")})
        else:
            tot = {c: _num(sum(s.values[i] for s in spec.series)) for i, c in enumerate(cats)}
            best = max(cats, key=lambda c: tot[c])
            f.update(category_totals=tot, max_total_category=best,
                     grand_total=_num(sum(sum(s.values) for s in spec.series)),
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
        f["angles"] = {c: _r(v / sum(spec.series[0].values) * 360)
                       for c, v in zip(spec.categories, spec.series[0].values)}
        f["n_slices"] = len(spec.categories)
        f["largest_slice"], f["smallest_slice"] = f["max_category"], f["min_category"]
    elif k == "table":
        cols = [s.name for s in spec.series]
        cells = [(v, r, s.name) for s in spec.series for r, v in zip(spec.categories, s.values)]
        mx, mn = max(cells, key=lambda t: t[0]), min(cells, key=lambda t: t[0])
        f.update(rows=list(spec.categories), columns=cols, n_rows=len(spec.categories),
                 n_columns=len(cols), corner=spec.x_title,
                 cells={r: {s.name: _num(s.values[i]) for s in spec.series}
                        for i, r in enumerate(spec.categories)},
                 row_totals=f["category_totals"] if len(cols) > 1 else f["value_of"],
                 column_totals={s["name"]: s["total"] for s in f["series"]},
                 max_cell={"value": _num(mx[0]), "row": mx[1], "column": mx[2]},
                 min_cell={"value": _num(mn[0]), "row": mn[1], "column": mn[2]})
    elif k == "scatter":
        xs, ys = spec.x_values, spec.series[0].values
        slope, icpt = trend_line(xs, ys)
        r = float(np.corrcoef(xs, ys)[0, 1]) if len(xs) > 2 and np.std(ys) > 0 else 0.0
        imax, imin = int(np.argmax(ys)), int(np.argmin(ys))
        f.update(points=[[_num(x), _num(y)] for x, y in zip(xs, ys)], n_points=len(xs),
                 x_mean=_r(np.mean(xs)), y_mean=_r(np.mean(ys)), slope=_r(slope),
                 intercept=_r(icpt), correlation=_r(r), trend_line=spec.trend_line,
                 trend="increasing" if slope > 0 else "decreasing" if slope < 0 else "flat",
                 x_min=_num(min(xs)), x_max=_num(max(xs)), y_min=_num(ys[imin]),
                 y_max=_num(ys[imax]), highest_point=[_num(xs[imax]), _num(ys[imax])],
                 lowest_point=[_num(xs[imin]), _num(ys[imin])])
    elif k == "histogram":
        e, c = spec.bin_edges, spec.counts
        bins = [{"low": _num(e[i]), "high": _num(e[i + 1]), "count": int(c[i])}
                for i in range(len(c))]
        mids = [(e[i] + e[i + 1]) / 2 for i in range(len(c))]
        tot = int(sum(c))
        im, imn = int(np.argmax(c)), int(np.argmin(c))
        f.update(bin_edges=[_num(x) for x in e], counts=[int(x) for x in c], bins=bins,
                 n_bins=len(c), bin_width=_num(e[1] - e[0]), total=tot,
                 modal_bin=[_num(e[im]), _num(e[im + 1])], max_count=int(c[im]),
                 min_count=int(c[imn]), min_bin=[_num(e[imn]), _num(e[imn + 1])],
                 midpoints=[_num(m) for m in mids],
                 estimated_mean=_r(sum(m * n for m, n in zip(mids, c)) / tot) if tot else 0.0,
                 cumulative=[int(x) for x in np.cumsum(c)], annotated=spec.annotate)
    elif k == "box":
        boxes = []
        for name, data in zip(spec.categories, spec.samples):
            st = box_stats(data, spec.whisker)
            boxes.append({"name": name, "n": len(data), "data": [_num(x) for x in sorted(data)],
                          "mean": _r(np.mean(data)),
                          **{key: _num(v) if not isinstance(v, list) else [_num(x) for x in v]
                             for key, v in st.items()}})
        f.update(categories=list(spec.categories), n_boxes=len(boxes), boxes=boxes,
                 whisker=spec.whisker,
                 highest_median=max(boxes, key=lambda b: b["median"])["name"],
                 largest_iqr=max(boxes, key=lambda b: b["iqr"])["name"],
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


# ----------------------------------------------------------------------------- family


@register_family
class ChartFamily(Family):
    name = "chart"
    spec_cls = ChartSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None,
                    theme: str | None = None) -> ChartSpec:
        """Knobs: ``kind`` in KINDS (None = random); ``theme`` in THEME_NAMES for the kinds
        that use the category vocabularies (bar, pie, table, box; line takes months / years)."""
        if kind is not None and kind not in KINDS:
            raise ValueError(f"chart kind {kind!r} is not valid; valid kinds: {', '.join(KINDS)}")
        if theme is not None and theme not in THEMES:
            raise ValueError(f"chart theme {theme!r} is not valid; valid themes: "
                             f"{', '.join(THEME_NAMES)}")
        if kind is None:
            kind = KINDS[int(rng.choice(len(KINDS), p=_KIND_P))]
        if kind == "line":
            if theme is not None and not THEMES[theme].ordered:
                raise ValueError(f"a line chart needs an ordered theme; valid: months, years")
            return _sample_line(rng, theme or rng_choice(rng, ("months", "years")))
        if kind in ("scatter", "histogram"):
            if theme is not None:
                raise ValueError(f"the {kind} kind has its own themes; pass theme=None")
            return _sample_scatter(rng) if kind == "scatter" else _sample_histogram(rng)
        if kind == "box":
            return _sample_box(rng, theme)
        th = theme or rng_choice(rng, THEME_NAMES)
        return {"bar": _sample_bar, "pie": _sample_pie, "table": _sample_table}[kind](rng, th)

    def facts(self, spec: ChartSpec) -> dict:
        return chart_facts(spec)

    def draw(self, spec: ChartSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_chart(spec, canvas)
