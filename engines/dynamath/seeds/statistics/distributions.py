"""DynaMath "statistics" seeds: histograms, box plots, scatter plots and tables.

Why these: distributions are read differently from bar charts; a count above a bin edge, the
modal class, a median or an interquartile range from a box plot, the shape of a scatter cloud,
a total or a regression slope from a table. Box-plot samples have 9 values, so numpy's
quartiles are data points, and the quartiles a question needs are placed on drawn ticks;
scatter clouds are re-sampled until a fitted classifier agrees with the intended shape.
Bars, lines and pies are in statistics/charts.py.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.statistics.common import COLORS, ELEM, HIGH, TOPIC, UNI, pick_cats
from renderers.chart.sample import THEMES, measure
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.chart.stats import box_stats, chart_axes
from renderers.spec import rng_choice
from renderers.text import half_up

# ----------------------------------------------------------------------------- histograms

# name: (title, x title, y title, first edge, bin width, question "at least t", who)
HISTS = {
    "heights": ("Heights of students", "Height (cm)", "Students", 140, 5,
                "How many students are at least {t} cm tall?", "students"),
    "scores": ("Test scores", "Score", "Students", 40, 10,
               "How many students scored at least {t} points?", "students"),
    "temps": ("Daily temperatures", "Temperature (°C)", "Days", 10, 4,
              "On how many days was the temperature at least {t} °C?", "days"),
    "reading": ("Minutes spent reading", "Minutes", "Students", 0, 15,
                "How many students read for at least {t} minutes?", "students"),
    "apples": ("Weights of apples", "Weight (g)", "Apples", 100, 20,
               "How many apples weigh at least {t} g?", "apples"),
}
N_BINS = 5


def _edges(name: str) -> list[int]:
    first, w = HISTS[name][3], HISTS[name][4]
    return [first + w * k for k in range(N_BINS + 1)]


def _hist(p: dict, annotate: bool) -> ChartSpec:
    title, xt, yt = HISTS[p["hist"]][:3]
    return ChartSpec(kind="histogram", title=title, x_title=xt, y_title=yt,
                     bin_edges=[float(e) for e in _edges(p["hist"])], counts=p["counts"],
                     annotate=annotate, color=p["color"], theme=p["hist"])


def _counts(rng) -> list[int]:
    """A rough single hump, so the bars look like a measured distribution."""
    c = rng.uniform(0.5, N_BINS - 1.5)
    return [int(rng.integers(1, 5)) + int(round(rng.uniform(6, 14) * np.exp(-0.5 * (k - c) ** 2 /
                                                                          1.8)))
            for k in range(N_BINS)]


@register_seed
class HistogramAtLeast(SeedQuestion):
    seed_id = "stat-histogram-at-least"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")
    canonical = {"hist": "heights", "counts": [2, 5, 9, 6, 3], "cut": 3, "color": "blue"}

    def sample(self, rng):
        return {"hist": rng_choice(rng, tuple(HISTS)), "counts": _counts(rng),
                "cut": int(rng.integers(1, N_BINS)), "color": rng_choice(rng, COLORS[:6])}

    def question(self, p):
        return HISTS[p["hist"]][5].format(t=_edges(p["hist"])[p["cut"]])

    def answer(self, p):
        return float(sum(p["counts"][p["cut"]:]))

    def check(self, p):  # everything minus the bins below the cut
        f = chart_facts(self.diagram(p))
        below = f["cumulative"][p["cut"] - 1]
        return float(f["total"] - below)

    def diagram(self, p):
        return _hist(p, True)


@register_seed
class HistogramModal(SeedQuestion):
    seed_id = "stat-histogram-modal"
    topic, level, answer_type = TOPIC, ELEM, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            c = _counts(rng)
            top = sorted(c)
            if top[-1] > top[-2]:
                return {"hist": rng_choice(rng, tuple(HISTS)), "counts": c,
                        "color": rng_choice(rng, COLORS[:6])}

    def question(self, p):
        return f"Which interval of the histogram contains the most {HISTS[p['hist']][6]}?"

    def options(self, p):
        e = _edges(p["hist"])
        return [f"{a} to {b}" for a, b in zip(e, e[1:])]

    def answer(self, p):
        return self.options(p)[int(np.argmax(p["counts"]))]

    def check(self, p):
        lo, hi = chart_facts(self.diagram(p))["modal_bin"]
        return f"{lo} to {hi}"

    def diagram(self, p):
        return _hist(p, False)


# ----------------------------------------------------------------------------- box plots

# name: (title, value title, axis title, box names, low, high, tick step choices)
BOXES = {
    "scores": ("Test scores by class", "Score", "Class", ("Class A", "Class B", "Class C"),
               40, 100, (5, 10)),
    "temps": ("Daily high temperature", "Temperature (°C)", "City", ("Oslo", "Rome", "Cairo"),
              10, 34, (2, 5)),
    "times": ("Race times by year", "Time (s)", "Year", ("2022", "2023", "2024"), 50, 72,
              (2, 5)),
    "prices": ("Price of a meal by town", "Price ($)", "Town", ("Ashby", "Brook", "Dale"), 10,
               40, (2, 5)),
}


def _nine(rng, lo: int, q1: int, med: int, q3: int, hi: int) -> list[float]:
    """Nine sorted values whose numpy quartiles are exactly q1, med, q3 (the 3rd, 5th, 7th)."""
    fill = [int(rng.integers(a, b + 1)) for a, b in ((lo, q1), (q1, med), (med, q3), (q3, hi))]
    return [float(v) for v in (lo, fill[0], q1, fill[1], med, fill[2], q3, fill[3], hi)]


def _box(p: dict) -> ChartSpec:
    title, vt, xt, names = BOXES[p["box"]][:4]
    return ChartSpec(kind="box", title=title, x_title=xt, y_title=vt,
                     categories=list(names[:len(p["samples"])]), samples=p["samples"],
                     whisker="minmax", color=p["color"], theme=p["box"])


def _box_params(rng, n_lo: int, n_hi: int, on_tick: tuple[str, ...]) -> dict:
    """Boxes whose ``on_tick`` statistics ("median", "q1", "q3") sit on drawn ticks."""
    while True:
        name = rng_choice(rng, tuple(BOXES))
        lo, hi, steps = BOXES[name][4:]
        t = int(rng_choice(rng, steps))
        k = int(rng.integers(n_lo, n_hi + 1))
        first = -(-lo // t) + 1  # whiskers need room below the lowest quartile
        base = t * int(rng.integers(first, max(first + 1, hi // t - 2)))
        samples = []
        for _ in range(k):
            if "median" in on_tick:
                med = base + t * int(rng.integers(0, 3))
                q1, q3 = med - int(rng.integers(1, 2 * t)), med + int(rng.integers(1, 2 * t))
            else:
                q1 = base + t * int(rng.integers(0, 2))
                q3 = q1 + t * int(rng.integers(1, 3))
                med = int(rng.integers(q1 + 1, q3))
            samples.append(_nine(rng, q1 - int(rng.integers(1, t + 2)), q1, med, q3,
                                 q3 + int(rng.integers(1, t + 2))))
        p = {"box": name, "samples": samples, "color": rng_choice(rng, COLORS[:6]),
             "ask": int(rng.integers(k))}
        ticks = set(chart_axes(_box(p))["value_axis"][3])
        idx = {"q1": 2, "median": 4, "q3": 6}
        inside = lo <= min(s[0] for s in samples) and max(s[-1] for s in samples) <= hi
        if inside and all(s[idx[w]] in ticks for s in samples for w in on_tick):
            return p


def _box_name(p: dict) -> str:
    return BOXES[p["box"]][3][p["ask"]]


@register_seed
class BoxMedian(SeedQuestion):
    seed_id = "stat-box-median"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _box_params(rng, 1, 3, ("median",))

    def question(self, p):
        return f"According to the box plot, what is the median for {_box_name(p)}?"

    def answer(self, p):
        return float(np.median(p["samples"][p["ask"]]))

    def check(self, p):
        return float(sorted(p["samples"][p["ask"]])[4])

    def diagram(self, p):
        return _box(p)


@register_seed
class BoxIQR(SeedQuestion):
    seed_id = "stat-box-iqr"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _box_params(rng, 1, 2, ("q1", "q3"))

    def question(self, p):
        return (f"According to the box plot, what is the interquartile range (IQR) for "
                f"{_box_name(p)}?")

    def answer(self, p):
        q1, q3 = np.percentile(p["samples"][p["ask"]], [25, 75])
        return float(q3 - q1)

    def check(self, p):
        return float(box_stats(p["samples"][p["ask"]], "minmax")["iqr"])

    def diagram(self, p):
        return _box(p)


@register_seed
class BoxHighestMedian(SeedQuestion):
    seed_id = "stat-box-highest-median"
    topic, level, answer_type = TOPIC, HIGH, "text"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            name = rng_choice(rng, tuple(BOXES))
            lo, hi = BOXES[name][4:6]
            k = int(rng.integers(2, 4))
            samples = []
            for _ in range(k):
                c, s = rng.uniform(lo + 4, hi - 4), (hi - lo) * rng.uniform(0.06, 0.14)
                n = int(rng.integers(7, 14))
                data = np.clip(np.round(rng.normal(c, s, size=n)), lo, hi)  # e.g. scores <= 100
                samples.append(sorted(float(v) for v in data))
            meds = sorted(float(np.median(x)) for x in samples)
            if meds[-1] - meds[-2] >= 0.08 * (hi - lo):  # visibly higher
                return {"box": name, "samples": samples, "color": rng_choice(rng, COLORS[:6])}

    def question(self, p):
        return ("Which group in the box plot has the highest median? Answer with its name as "
                "labelled.")

    def answer(self, p):
        return BOXES[p["box"]][3][int(np.argmax([np.median(s) for s in p["samples"]]))]

    def check(self, p):
        return chart_facts(self.diagram(p))["highest_median"]

    def diagram(self, p):
        return _box(p)


# ----------------------------------------------------------------------------- scatter

RELATIONS = ("positive correlation", "negative correlation", "no correlation",
             "a curved (non-linear) pattern")


def _relation_of(xs, ys) -> str | None:
    """Classify a cloud from its fitted statistics; None when it is not clear-cut."""
    x, y = np.asarray(xs, float), np.asarray(ys, float)
    r = float(np.corrcoef(x, y)[0, 1])
    fit = np.polyval(np.polyfit(x, y, 2), x)
    r2q = 1 - float(((y - fit) ** 2).sum() / ((y - y.mean()) ** 2).sum())
    if r2q > 0.75 and r2q - r * r > 0.5:
        return RELATIONS[3]
    if r > 0.75:
        return RELATIONS[0]
    if r < -0.75:
        return RELATIONS[1]
    if abs(r) < 0.25 and r2q < 0.3:
        return RELATIONS[2]
    return None


@register_seed
class ScatterRelation(SeedQuestion):
    seed_id = "stat-scatter-relation"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "function type")

    def sample(self, rng):
        rel = int(rng.integers(4))
        while True:
            n = int(rng.integers(12, 21))
            xs = np.round(rng.uniform(0, 10, size=n), 1)
            noise = rng.normal(0, rng.uniform(0.5, 1.3), size=n)
            if rel == 0:
                ys = 2 + rng.uniform(0.5, 1.2) * xs + noise
            elif rel == 1:
                ys = 12 - rng.uniform(0.5, 1.2) * xs + noise
            elif rel == 2:
                ys = rng.uniform(1, 11, size=n)
            else:
                s = rng_choice(rng, (-1, 1))
                ys = 6 + s * (rng.uniform(0.25, 0.4) * (xs - 5) ** 2 - 3) + 0.6 * noise
            ys = np.round(np.clip(ys, 0, 14), 1)
            xs_s = [float(v) for v in xs]
            ys_s = [float(v) for v in ys]
            if _relation_of(xs_s, ys_s) == RELATIONS[rel]:
                return {"x": xs_s, "y": ys_s, "rel": rel, "color": rng_choice(rng, COLORS[:6])}

    def question(self, p):
        return "Which best describes the relationship between x and y in the scatter plot?"

    def options(self, p):
        return list(RELATIONS)

    def answer(self, p):
        return RELATIONS[p["rel"]]

    def check(self, p):
        return _relation_of(p["x"], p["y"])

    def diagram(self, p):
        return ChartSpec(kind="scatter", title="Measurements of a sample", x_title="x",
                         y_title="y", x_values=p["x"], series=[Series("y", p["y"])],
                         color=p["color"])


# ----------------------------------------------------------------------------- tables

TABLE_THEMES = ("fruits", "products", "subjects", "cities")


def _series(p: dict) -> tuple[str, ...]:
    """A table's column names: those of its measure (rainfall by city, sales by store)."""
    return measure(p["theme"], p["title"][0]).series


@register_seed
class TableTotal(SeedQuestion):
    seed_id = "stat-table-total"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")
    canonical = {"theme": "products", "title": ["Products sold", "Units sold"],
                 "rows": ["Pens", "Books", "Bags"], "cols": [[12, 30, 7], [25, 4, 18]],
                 "ask": ["column", 1]}

    def sample(self, rng):
        theme = rng_choice(rng, TABLE_THEMES)
        m = rng_choice(rng, THEMES[theme].measures)
        nr, nc = int(rng.integers(3, 6)), int(rng.integers(2, 4))
        cols = rng.integers(m[2], m[3] + 1, size=(nc, nr)).tolist()
        ask = ["column", int(rng.integers(nc))] if rng.random() < 0.5 else \
            ["row", int(rng.integers(nr))]
        return {"theme": theme, "title": [m[0], m[1]], "rows": pick_cats(rng, theme, nr),
                "cols": cols, "ask": ask}

    def question(self, p):
        what, i = p["ask"]
        name = _series(p)[i] if what == "column" else p["rows"][i]
        return f"In the table, what is the total of the {name} {what}?"

    def answer(self, p):
        what, i = p["ask"]
        return float(sum(p["cols"][i]) if what == "column" else sum(c[i] for c in p["cols"]))

    def check(self, p):
        f = chart_facts(self.diagram(p))
        what, i = p["ask"]
        if what == "column":
            return float(f["column_totals"][_series(p)[i]])
        return float(f["row_totals"][p["rows"][i]])

    def diagram(self, p):
        groups = _series(p)
        return ChartSpec(kind="table", title=p["title"][0], x_title=THEMES[p["theme"]].axis,
                         y_title=p["title"][1], categories=p["rows"],
                         series=[Series(groups[j], [float(v) for v in c])
                                 for j, c in enumerate(p["cols"])], theme=p["theme"])


# (corner, row names, x column, y column, x range, intercept, slope range, noise, y range):
# each y is clipped to what its column can hold (a test score is at most 100)
REGRESSIONS = (
    ("Student", ("Ana", "Ben", "Cai", "Dev", "Eli", "Fay"), "Hours studied", "Score", (1, 10),
     50, (3, 4.5), 4, (0, 100)),
    ("Day", ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat"), "Temperature (°C)", "Ice creams sold",
     (15, 32), -30, (4, 8), 10, (0, None)),
    ("Month", ("Jan", "Feb", "Mar", "Apr", "May", "Jun"), "Ad spend ($k)", "Sales ($k)",
     (1, 12), 10, (2, 4), 4, (0, None)),
    ("Car", ("Car A", "Car B", "Car C", "Car D", "Car E", "Car F"), "Age (years)",
     "Price ($k)", (1, 12), 32, (-2.5, -1.2), 2, (0, None)),
)


@register_seed
class TableRegression(SeedQuestion):
    seed_id = "stat-table-regression-slope"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")
    canonical = {"ctx": 0, "x": [1, 2, 3, 4], "y": [52, 60, 61, 71]}

    def sample(self, rng):
        ctx = int(rng.integers(len(REGRESSIONS)))
        _, _, _, _, (xlo, xhi), a, (blo, bhi), noise, (ylo, yhi) = REGRESSIONS[ctx]
        n = int(rng.integers(4, 7))
        xs = sorted(int(v) for v in rng.choice(np.arange(xlo, xhi + 1), size=n, replace=False))
        b = rng.uniform(blo, bhi)
        ys = [int(round(min(max(a + b * x + rng.normal(0, noise), ylo), yhi or np.inf)))
              for x in xs]
        return {"ctx": ctx, "x": xs, "y": ys}

    def question(self, p):
        _, _, xn, yn = REGRESSIONS[p["ctx"]][:4]
        return (f"Using the data in the table, what is the slope of the least-squares "
                f"regression line that predicts {yn} from {xn}? Round to two decimal places.")

    def answer(self, p):
        x, y, n = p["x"], p["y"], len(p["x"])
        sxy = Fraction(n * sum(a * b for a, b in zip(x, y)) - sum(x) * sum(y))
        sxx = n * sum(a * a for a in x) - sum(x) ** 2
        return half_up(float(sxy / sxx), 2)

    def check(self, p):
        import sympy

        a, b = sympy.symbols("a b")
        loss = sum((yv - a - b * xv) ** 2 for xv, yv in zip(p["x"], p["y"]))
        sol = sympy.solve([sympy.diff(loss, a), sympy.diff(loss, b)], [a, b])
        return half_up(float(sol[b]), 2)

    def diagram(self, p):
        corner, rows, xn, yn = REGRESSIONS[p["ctx"]][:4]
        return ChartSpec(kind="table", title=f"{yn.split(' (')[0]} and {xn.split(' (')[0].lower()}",
                         x_title=corner,
                         categories=list(rows[:len(p["x"])]),
                         series=[Series(xn, [float(v) for v in p["x"]]),
                                 Series(yn, [float(v) for v in p["y"]])])
