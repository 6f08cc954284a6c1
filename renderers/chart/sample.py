"""Random chart specs: a kind, a theme (its categories, titles and value ranges) and data.

    python -c "import numpy as np; from renderers.chart.sample import sample_chart; \
print(sample_chart(np.random.default_rng(0), kind='bar'))"
"""
from __future__ import annotations

from dataclasses import dataclass
import math
from typing import NamedTuple

import numpy as np

from renderers.chart.spec import KINDS, SERIES_COLORS, WHISKERS, ChartSpec, Series
from renderers.spec import rng_choice


_KIND_P = (0.24, 0.15, 0.15, 0.11, 0.11, 0.1, 0.14)


class Measure(NamedTuple):
    """What a theme's chart measures, and what its several series are: rainfall is compared
    across cities, ice cream sales across stores (four names, more than a chart draws)."""

    title: str  # chart title
    value_title: str
    low: int
    high: int
    series: tuple[str, ...]  # series names (grouped bars, lines, table columns)


class PieMeasure(NamedTuple):
    """What a theme's pie counts, and how many one slice may hold: ``low`` to ``high``, and
    where the count is bounded per category, at most ``caps[i]`` for the theme's i-th category
    (rainy days: the days of that month). A slice counts its own things, so the total is their
    sum: "{total}" in the title is replaced by it (the students asked)."""

    title: str
    low: int
    high: int
    caps: tuple[int, ...] = ()  # empty, or one bound per category of the theme


@dataclass(frozen=True)
class Theme:
    cats: tuple[str, ...]
    ordered: bool  # months / years are shown as consecutive runs
    axis: str  # title of the category axis
    measures: tuple[Measure, ...]
    pies: tuple[PieMeasure, ...]


SHOPS = ("Shop A", "Shop B", "Shop C", "Shop D")
STORES = ("Store A", "Store B", "Store C", "Store D")
CLASSES = ("Class A", "Class B", "Class C", "Class D")
LIBRARIES = ("Library A", "Library B", "Library C", "Library D")
YEARS = ("2021", "2022", "2023", "2024")
REGIONS = ("North", "South", "East", "West")
CHANNELS = ("Online", "In store", "Outlet", "Kiosk")
DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # February of a common year


THEMES: dict[str, Theme] = {
    "fruits": Theme(
        ("Apple", "Banana", "Cherry", "Grape", "Kiwi", "Lemon", "Mango", "Orange", "Peach",
         "Pear", "Plum", "Melon"), False, "Fruit",
        (Measure("Fruit sold this week", "Boxes sold", 5, 60, SHOPS),
         Measure("Fruit harvest", "Crates", 10, 90, ("Farm A", "Farm B", "Farm C", "Farm D")),
         # each pupil votes once: a class of 30 cannot give 30 votes to each of six fruits
         Measure("Favourite fruit votes", "Votes", 2, 30,
                 ("School A", "School B", "School C", "School D")),
         Measure("Fruit prices", "Price (cents)", 20, 95, SHOPS)),
        (PieMeasure("Favourite fruit of {total} students", 2, 30),
         PieMeasure("Fruit sold at a market", 5, 80), PieMeasure("Fruit in a basket", 2, 8))),
    "cities": Theme(
        ("Paris", "Rome", "Oslo", "Cairo", "Tokyo", "Lima", "Delhi", "Seoul", "Miami", "Dubai",
         "Vienna", "Madrid"), False, "City",
        (Measure("Rainfall by city", "Rainfall (mm)", 10, 150, YEARS),
         Measure("Hotel visitors", "Visitors (thousands)", 5, 80, YEARS),
         Measure("July temperature", "Temperature (°C)", 15, 38, YEARS),
         Measure("Museums per city", "Museums", 3, 40, ("Art", "History", "Science", "Nature"))),
        (PieMeasure("Trips booked by city", 5, 80),
         PieMeasure("Where {total} tourists went", 3, 40),
         PieMeasure("Flights by destination", 4, 50))),
    "months": Theme(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
        True, "Month",
        (Measure("Monthly ice cream sales", "Sales (units)", 20, 200, STORES),
         Measure("Monthly rainfall", "Rainfall (mm)", 5, 120, ("Paris", "Rome", "Oslo", "Cairo")),
         Measure("Website visits", "Visits (hundreds)", 10, 90, ("News", "Shop", "Blog", "Forum")),
         Measure("Books borrowed", "Books", 15, 80, LIBRARIES)),
        (PieMeasure("Birthdays of {total} students", 2, 15),
         PieMeasure("Sales share by month", 10, 120),
         PieMeasure("Rainy days by month", 2, 31, DAYS_IN_MONTH))),
    "years": Theme(
        tuple(str(y) for y in range(2012, 2025)), True, "Year",
        (Measure("Bicycles sold per year", "Bicycles", 50, 400, REGIONS),
         Measure("Annual revenue", "Revenue ($M)", 5, 60, REGIONS),
         Measure("Club members", "Members", 10, 90,
                 ("Chess club", "Drama club", "Art club", "Music club")),
         Measure("Trees planted", "Trees", 20, 300, REGIONS)),
        (PieMeasure("Cars sold by year", 10, 120), PieMeasure("Graduates by year", 20, 150),
         PieMeasure("Visitors by year", 20, 200))),
    "products": Theme(
        ("Pens", "Books", "Bags", "Cups", "Hats", "Lamps", "Shoes", "Socks", "Toys", "Clocks",
         "Mugs"), False, "Product",
        (Measure("Products sold", "Units sold", 10, 120, CHANNELS),
         Measure("Items in stock", "Items", 5, 60, STORES),
         Measure("Customer ratings", "Rating points", 20, 100,
                 ("Brand A", "Brand B", "Brand C", "Brand D")),
         Measure("Returns this month", "Returns", 1, 25, CHANNELS)),
        (PieMeasure("Sales of {total} items", 3, 40), PieMeasure("Share of products sold", 5, 80),
         PieMeasure("Orders by product", 3, 50))),
    "subjects": Theme(
        ("Math", "Art", "Music", "Science", "History", "English", "Biology", "Drama", "French"),
        False, "Subject",
        (Measure("Average test scores", "Score", 45, 100, CLASSES),
         Measure("Students per subject club", "Students", 2, 12, CLASSES),
         Measure("Homework hours per month", "Hours", 2, 20, CLASSES),
         Measure("Books in the library", "Books", 10, 90, LIBRARIES)),
        (PieMeasure("Favourite subject of {total} students", 2, 30),
         PieMeasure("Favourite subjects", 2, 30),
         # a school week holds some 30 lessons: at most 5 of one subject among up to six
         PieMeasure("Lessons per week", 1, 5))),
}


THEME_NAMES = tuple(THEMES)


def measure(theme: str, title: str) -> Measure:
    """The measure of ``theme`` whose chart title is ``title``: what a chart stored by its
    title (a DynaMath variant's parameters) names its series by."""
    for m in THEMES[theme].measures:
        if m.title == title:
            return m
    raise KeyError(f"theme {theme!r} has no measure titled {title!r}")


def pie_measure(theme: str, title: str) -> PieMeasure:
    """The pie measure of ``theme`` whose title, its total filled in, is ``title``."""
    for m in THEMES[theme].pies:
        head, sep, tail = m.title.partition("{total}")
        total = title[len(head):len(title) - len(tail)]
        if title == m.title or (sep and title.startswith(head) and title.endswith(tail)
                                and total.isdigit()):
            return m
    raise KeyError(f"theme {theme!r} has no pie titled {title!r}")


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


# box themes: (theme, title, value title, centre low, centre high, spread, names, cap); the
# names are the theme's categories ("cats"), those of them the values fit (a cherry does not
# weigh 150 g), or the groups compared, as many as a chart draws
BOX_THEMES = (
    ("subjects", "Test scores by class", "Score", 55, 85, 9, CLASSES, 100),
    ("cities", "Daily high temperature", "Temperature (°C)", 12, 32, 4, "cats", 45),
    ("fruits", "Weight of fruit", "Weight (g)", 110, 190, 18,
     ("Apple", "Banana", "Orange", "Peach", "Pear"), 400),
    ("products", "Price by store", "Price ($)", 10, 40, 5, STORES, 100),
    ("months", "Daily sales by month", "Sales", 30, 90, 10, "cats", 200),
    ("years", "Race times by year", "Time (s)", 50, 70, 4, "cats", 100),
)


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
    title, vt, lo, hi, groups = rng_choice(rng, th.measures)
    cats = _pick_cats(rng, th, n_cat)
    cols = _colors(rng, n_series)
    names = list(groups[:n_series]) if n_series > 1 else [vt]
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
    title, vt, lo, hi, groups = rng_choice(rng, th.measures)
    cols = _colors(rng, n_series)
    series = []
    for i in range(n_series):
        v = float(rng.integers(lo, hi + 1))
        vals = []
        for _ in range(n_cat):
            vals.append(v)
            v = float(np.clip(v + rng.integers(-(hi - lo) // 4, (hi - lo) // 4 + 1), lo, hi))
        series.append(Series(groups[i] if n_series > 1 else vt, vals, cols[i]))
    return ChartSpec(kind="line", title=title, x_title=th.axis, y_title=vt,
                     categories=_pick_cats(rng, th, n_cat), series=series,
                     annotate=bool(n_series == 1 and rng.random() < 0.4), color=cols[0],
                     theme=th_name)


def _sample_pie(rng, th_name: str) -> ChartSpec:
    th = THEMES[th_name]
    n = int(rng.integers(3, 7))
    pm = rng_choice(rng, th.pies)
    cats = _pick_cats(rng, th, n)
    highs = [min(pm.high, pm.caps[th.cats.index(c)]) if pm.caps else pm.high for c in cats]
    # each slice counts its own things within what one category can hold; drawn again until
    # every slice is at least 4% of the pie, so that its percentage label has room
    while True:
        vals = [int(rng.integers(pm.low, h + 1)) for h in highs]
        if min(vals) >= 0.04 * sum(vals):
            break
    title = pm.title.format(total=sum(vals))
    cols = _colors(rng, n)
    return ChartSpec(kind="pie", title=title, categories=cats,
                     series=[Series("count", [float(v) for v in vals], cols[0])],
                     slice_colors=cols, theme=th_name)


def _sample_table(rng, th_name: str) -> ChartSpec:
    th = THEMES[th_name]
    n_rows = int(rng.integers(3, 6))
    n_cols = int(rng.integers(2, 4))
    title, vt, lo, hi, groups = rng_choice(rng, th.measures)
    cats = _pick_cats(rng, th, n_rows)
    series = [Series(groups[j], _values(rng, lo, hi, n_rows), "blue") for j in range(n_cols)]
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
    if src == "cats":
        names = _pick_cats(rng, th, n_box)
    elif set(src) <= set(th.cats):  # some of the theme's categories, picked as a chart would
        names = [src[i] for i in sorted(rng.choice(len(src), size=n_box, replace=False))]
    else:
        names = list(src[:n_box])
    whisker = rng_choice(rng, WHISKERS)
    samples = []
    for _ in range(n_box):
        c = rng.uniform(clo, chi)
        s = spread * rng.uniform(0.6, 1.3)
        data = np.round(rng.normal(c, s, size=int(rng.integers(7, 14)))).tolist()
        if whisker == "iqr" and rng.random() < 0.5:  # one clear outlier to show the rule
            data.append(float(round(c + rng.choice([-1, 1]) * s * rng.uniform(3.2, 4.0))))
        samples.append(sorted(float(min(max(v, 0), cap)) for v in data))
    in_theme = src == "cats" or set(src) <= set(th.cats)
    return ChartSpec(kind="box", title=title, x_title=th.axis if in_theme else "Group",
                     y_title=vt, categories=names, samples=samples, whisker=whisker,
                     color=rng_choice(rng, SERIES_COLORS[:6]), theme=th_name)


def sample_chart(rng: np.random.Generator, kind: str | None = None,
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
