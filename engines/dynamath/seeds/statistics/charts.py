"""DynaMath "statistics" seeds: bar, line and pie charts.

Why these: DynaMath's statistics questions ask to read a chart and compute from it (a value,
a difference, a total, a mean, a median, a share, a quartile, a trend). Each variant re-draws
the data (and the real-life theme: sales, temperatures, scores ...), so the question text
recurs while the answer changes with the picture. Data are built so that every value a
question needs can be read exactly: unannotated bars end on grid lines, pie percentages have
one decimal exactly (totals that divide 1000). Every value lies within what the chart's title
counts: the range of that title's measure (renderers/chart/sample.py), so that no subject club
has 100 students. Answers come from the params; ``check`` re-derives them another way
(fractions, the statistics module, the chart family's facts).
Histograms, box plots, scatter plots and tables are in statistics/distributions.py.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics.py
"""
from __future__ import annotations

import statistics as st
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.statistics.common import COLORS, ELEM, HIGH, TOPIC, UNI, pick_cats
from renderers.chart.sample import THEMES, measure, pie_measure
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.chart.stats import chart_axes, pie_percentages
from renderers.spec import rng_choice
from renderers.text import half_up

BAR_THEMES = ("fruits", "cities", "products", "subjects")


def _bar(p: dict) -> ChartSpec:
    """Single-series bar chart from params theme / title / cats / values / color / annotate."""
    t, vt = p["title"]
    return ChartSpec(kind="bar", title=t, x_title=THEMES[p["theme"]].axis, y_title=vt,
                     categories=p["cats"], series=[Series(vt, [float(v) for v in p["values"]],
                                                          p["color"])],
                     annotate=p["annotate"], color=p["color"], theme=p["theme"])


def _grid_bars(rng, n_lo: int = 4, n_hi: int = 6, annotate: bool | None = None) -> dict:
    """Bar values that end exactly on grid lines (multiples of the drawn axis step), within
    the range of the measure the chart is titled with (a subject club holds 2 to 12 students,
    not 100). The tallest bar is any value of the range on a grid line of the axis it draws,
    with at least two more of those lines in the range below it; the others stand on the
    three to five lines up to it. A measure and labelling with no such value (July
    temperatures of 15 to 38 °C, annotated) is drawn again."""
    while True:
        theme = rng_choice(rng, BAR_THEMES)
        m = rng_choice(rng, THEMES[theme].measures)
        n = int(rng.integers(n_lo, n_hi + 1))
        ann = bool(rng.random() < 0.5) if annotate is None else annotate
        p = {"theme": theme, "title": [m.title, m.value_title],
             "cats": pick_cats(rng, theme, n), "values": [],
             "color": rng_choice(rng, COLORS), "annotate": ann}
        tops = [t for t in range(m.low, m.high + 1) if len(_grid_lines(p, m.low, t)) >= 3]
        if tops:
            break
    grid = _grid_lines(p, m.low, tops[int(rng.integers(len(tops)))])
    grid = grid[-int(rng.integers(3, min(5, len(grid)) + 1)):]
    p["values"] = [grid[int(i)] for i in rng.integers(0, len(grid), size=n)]
    p["values"][int(rng.integers(n))] = grid[-1]
    return p


def _grid_lines(p: dict, low: int, top: int) -> list[int]:
    """The grid lines from ``low`` to ``top`` of the axis that the bars of p get when the
    tallest is ``top``; none if ``top`` is not on one."""
    step = chart_axes(_bar({**p, "values": [top]}))["value_axis"][2]
    return [v for v in range(low, top + 1) if v % step == 0] if top % step == 0 else []


def _free_bars(rng, n_lo: int, n_hi: int) -> dict:
    """Annotated bars with any whole values of the theme's range."""
    theme = rng_choice(rng, BAR_THEMES)
    m = rng_choice(rng, THEMES[theme].measures)
    n = int(rng.integers(n_lo, n_hi + 1))
    return {"theme": theme, "title": [m[0], m[1]], "cats": pick_cats(rng, theme, n),
            "values": [int(v) for v in rng.integers(m[2], m[3] + 1, size=n)],
            "color": rng_choice(rng, COLORS), "annotate": True}


# ----------------------------------------------------------------------------- bars


@register_seed
class BarRead(SeedQuestion):
    seed_id = "stat-bar-read"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")
    canonical = {"theme": "fruits", "title": ["Fruit sold this week", "Boxes sold"],
                 "cats": ["Apple", "Banana", "Cherry", "Kiwi"], "values": [30, 50, 20, 40],
                 "color": "green", "annotate": False, "ask": 1}

    def sample(self, rng):
        p = _grid_bars(rng, annotate=False)
        p["ask"] = int(rng.integers(len(p["cats"])))
        return p

    def question(self, p):
        return f"According to the bar chart, what is the value for {p['cats'][p['ask']]}?"

    def answer(self, p):
        return float(p["values"][p["ask"]])

    def check(self, p):
        return float(chart_facts(self.diagram(p))["value_of"][p["cats"][p["ask"]]])

    def diagram(self, p):
        return _bar(p)


@register_seed
class BarRange(SeedQuestion):
    seed_id = "stat-bar-range"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _grid_bars(rng)

    def question(self, p):
        return "What is the difference between the tallest bar and the shortest bar?"

    def answer(self, p):
        return float(max(p["values"]) - min(p["values"]))

    def check(self, p):
        v = sorted(p["values"])
        return float(v[-1] - v[0])

    def diagram(self, p):
        return _bar(p)


@register_seed
class BarTotal(SeedQuestion):
    seed_id = "stat-bar-total"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _grid_bars(rng, 3, 6)

    def question(self, p):
        return "What is the sum of the values of all the bars in the chart?"

    def answer(self, p):
        return float(sum(p["values"]))

    def check(self, p):
        return float(chart_facts(self.diagram(p))["total"])

    def diagram(self, p):
        return _bar(p)


@register_seed
class BarMean(SeedQuestion):
    seed_id = "stat-bar-mean"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _free_bars(rng, 3, 7)

    def question(self, p):
        return ("What is the mean (average) of the values shown in the bar chart? Round to two "
                "decimal places.")

    def answer(self, p):
        return half_up(float(Fraction(sum(p["values"]), len(p["values"]))), 2)

    def check(self, p):
        return half_up(st.fmean(p["values"]), 2)

    def diagram(self, p):
        return _bar(p)


@register_seed
class BarStd(SeedQuestion):
    seed_id = "stat-bar-std"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _free_bars(rng, 4, 6)

    def question(self, p):
        return ("Treat the values in the bar chart as a whole population. What is their "
                "standard deviation? Round to two decimal places.")

    def answer(self, p):
        v = np.asarray(p["values"], float)
        return half_up(float(np.sqrt(((v - v.mean()) ** 2).mean())), 2)

    def check(self, p):
        return half_up(st.pstdev(p["values"]), 2)

    def diagram(self, p):
        return _bar(p)


@register_seed
class BarTallestColor(SeedQuestion):
    seed_id = "stat-bar-tallest-color"
    topic, level, answer_type = TOPIC, ELEM, "text"
    kinds = ("color", "real-life context")

    def sample(self, rng):
        while True:
            theme = rng_choice(rng, BAR_THEMES)
            m = rng_choice(rng, THEMES[theme].measures)
            ns, n = int(rng.integers(2, 4)), int(rng.integers(3, 6))
            vals = rng.integers(m[2], m[3] + 1, size=(ns, n))
            top = np.sort(vals.ravel())
            # the tallest bar must stand out from the runner-up to be seen without numbers
            if top[-1] - top[-2] >= 0.08 * top[-1]:
                break
        cols = rng.choice(len(COLORS), size=ns, replace=False)
        return {"theme": theme, "title": [m[0], m[1]], "cats": pick_cats(rng, theme, n),
                "values": vals.tolist(), "colors": [COLORS[int(c)] for c in cols]}

    def question(self, p):
        return "What colour is the tallest bar in the chart? Answer with the colour name."

    def answer(self, p):
        v = np.asarray(p["values"])
        return p["colors"][int(np.unravel_index(np.argmax(v), v.shape)[0])]

    def check(self, p):
        best = max((val, j) for j, row in enumerate(p["values"]) for val in row)
        return p["colors"][best[1]]

    def diagram(self, p):
        t, vt = p["title"]
        groups = measure(p["theme"], t).series
        return ChartSpec(kind="bar", title=t, x_title=THEMES[p["theme"]].axis, y_title=vt,
                         categories=p["cats"],
                         series=[Series(groups[j], [float(x) for x in row], p["colors"][j])
                                 for j, row in enumerate(p["values"])],
                         color=p["colors"][0], theme=p["theme"])


# ----------------------------------------------------------------------------- lines


def _line(p: dict) -> ChartSpec:
    t, vt = p["title"]
    return ChartSpec(kind="line", title=t, x_title=THEMES[p["theme"]].axis, y_title=vt,
                     categories=p["cats"], series=[Series(vt, [float(v) for v in p["values"]],
                                                          p["color"])],
                     annotate=True, color=p["color"], theme=p["theme"])


def _line_params(rng, n_lo: int, n_hi: int) -> dict:
    theme = rng_choice(rng, ("months", "years"))
    m = rng_choice(rng, THEMES[theme].measures)
    n = int(rng.integers(n_lo, n_hi + 1))
    return {"theme": theme, "title": [m[0], m[1]], "cats": pick_cats(rng, theme, n),
            "values": [int(v) for v in rng.integers(m[2], m[3] + 1, size=n)],
            "color": rng_choice(rng, COLORS)}


@register_seed
class LineSummary(SeedQuestion):
    seed_id = "stat-line-summary"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", "real-life context")
    ASK = {"median": "What is the median of the values shown in the line chart?",
           "range": "What is the range (largest minus smallest) of the values shown in the line "
                    "chart?",
           "mean": "What is the mean of the values shown in the line chart? Round to two "
                   "decimal places."}

    def sample(self, rng):
        p = _line_params(rng, 4, 7)
        p["ask"] = rng_choice(rng, tuple(self.ASK))
        return p

    def question(self, p):
        return self.ASK[p["ask"]]

    def answer(self, p):
        v = np.asarray(p["values"], float)
        return {"median": float(np.median(v)), "range": float(v.max() - v.min()),
                "mean": half_up(float(Fraction(int(v.sum()), len(v))), 2)}[p["ask"]]

    def check(self, p):
        v = sorted(p["values"])
        n = len(v)
        if p["ask"] == "median":  # order statistics by hand
            return float(v[n // 2]) if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2
        if p["ask"] == "range":
            return float(v[-1] - v[0])
        return half_up(st.fmean(v), 2)

    def diagram(self, p):
        return _line(p)


@register_seed
class LineLargestIncrease(SeedQuestion):
    seed_id = "stat-line-largest-increase"
    topic, level, answer_type = TOPIC, HIGH, "text"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _line_params(rng, 5, 8)
            ch = np.diff(p["values"])
            if ch.max() > 0 and (ch == ch.max()).sum() == 1:
                return p

    def question(self, p):
        unit = "month" if p["theme"] == "months" else "year"
        return (f"Compared with the {unit} before it, which {unit} shows the largest increase? "
                f"Answer with the {unit} as labelled on the chart.")

    def answer(self, p):
        return p["cats"][int(np.argmax(np.diff(p["values"]))) + 1]

    def check(self, p):
        return chart_facts(_line(p))["largest_increase"]["to"]

    def diagram(self, p):
        return _line(p)


# ----------------------------------------------------------------------------- pies

# theme: (title with the total, question about one slice); each title is one of the theme's
# pie measures (renderers/chart/sample.py), whose range bounds what one slice may count
PIE_CONTEXTS = {
    "fruits": ("Favourite fruit of {total} students", "how many students chose {cat}?"),
    "subjects": ("Favourite subject of {total} students", "how many students chose {cat}?"),
    "cities": ("Where {total} tourists went", "how many tourists went to {cat}?"),
    "products": ("Sales of {total} items", "how many of the items sold were {cat}?"),
}
PIE_ANGLE_TITLES = {"fruits": "Fruit sold at a market", "subjects": "Favourite subjects",
                    "cities": "Flights by destination", "products": "Share of products sold"}
# totals dividing 1000: every share v / total is a percentage with one decimal exactly
PIE_TOTALS = (20, 40, 50, 100, 200)


def _pie_values(rng, total: int, lows: list[int], highs: list[int]) -> list[int]:
    """A random composition of ``total`` whose i-th part lies in [lows[i], highs[i]] (the
    bounds must allow the total): the parts are drawn one at a time in a random order, each
    within what leaves the others a reachable rest."""
    parts = [0] * len(lows)
    left, todo = total, [int(i) for i in rng.permutation(len(lows))]
    for j, i in enumerate(todo):
        rest = todo[j + 1:]
        lo = max(lows[i], left - sum(highs[r] for r in rest))
        hi = min(highs[i], left - sum(lows[r] for r in rest))
        parts[i] = int(rng.integers(lo, hi + 1))
        left -= parts[i]
    return parts


def _pie(p: dict, title: str) -> ChartSpec:
    return ChartSpec(kind="pie", title=title, categories=p["cats"],
                     series=[Series("count", [float(v) for v in p["values"]])],
                     slice_colors=p["colors"], theme=p["theme"])


def _pie_params(rng, titles: dict[str, str]) -> dict:
    """A pie of one of the themes of ``titles`` (theme: the pie's title): every slice counts
    within the range of that title's pie measure (and its cap for the slice's category) and is
    at least 5% of a total that divides 1000."""
    theme = rng_choice(rng, tuple(titles))
    n = int(rng.integers(3, 6))
    cats = pick_cats(rng, theme, n)
    pm = pie_measure(theme, titles[theme])
    cat_ix = [THEMES[theme].cats.index(c) for c in cats]
    highs = [min(pm.high, pm.caps[i]) if pm.caps else pm.high for i in cat_ix]

    def lows(total: int) -> list[int]:
        return [max(pm.low, -(-total // 20))] * n

    fits = [t for t in PIE_TOTALS if sum(lows(t)) <= t <= sum(highs)]
    total = int(rng_choice(rng, fits))
    cols = rng.choice(len(COLORS), size=n, replace=False)
    return {"theme": theme, "cats": cats, "values": _pie_values(rng, total, lows(total), highs),
            "colors": [COLORS[int(c)] for c in cols], "ask": int(rng.integers(n))}


@register_seed
class PieCount(SeedQuestion):
    seed_id = "stat-pie-count"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _pie_params(rng, {t: c[0] for t, c in PIE_CONTEXTS.items()})

    def question(self, p):
        ask = PIE_CONTEXTS[p["theme"]][1].format(cat=p["cats"][p["ask"]])
        return f"According to the pie chart, {ask}"

    def answer(self, p):
        return float(p["values"][p["ask"]])

    def check(self, p):
        pct = pie_percentages(p["values"])[p["ask"]]  # the label, times the total in the title
        return float(round(pct * sum(p["values"]) / 100))

    def diagram(self, p):
        return _pie(p, PIE_CONTEXTS[p["theme"]][0].format(total=sum(p["values"])))


@register_seed
class PieAngle(SeedQuestion):
    seed_id = "stat-pie-angle"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _pie_params(rng, PIE_ANGLE_TITLES)

    def question(self, p):
        return (f"What is the central angle, in degrees, of the {p['cats'][p['ask']]} slice of "
                "the pie chart?")

    def answer(self, p):
        return float(Fraction(360 * p["values"][p["ask"]], sum(p["values"])))

    def check(self, p):
        return pie_percentages(p["values"])[p["ask"]] * 3.6

    def diagram(self, p):
        return _pie(p, PIE_ANGLE_TITLES[p["theme"]])
