"""DynaMath "statistics" seeds on line charts with moving averages and on grouped bar charts:
a 3-month moving average, the month whose moving average is highest, one group's share of a
category's total, and the category where that share is largest.

Why: DynaMath asks for smoothed values of a time series and for shares read off grouped bars;
every value is written on its point or bar. ``check`` re-derives each answer from the chart
family's facts: ``numpy.convolve`` for the moving averages, the facts' category totals for the
shares.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics_s6.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import COLORS, HIGH, TOPIC, UNI, half_tie
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.spec import rng_choice
from renderers.text import half_up

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")
# (title, value title, low, high)
SERIES = (("Monthly ice cream sales", "Sales (tubs)", 20, 90),
          ("Visitors to a museum", "Visitors (hundreds)", 10, 60),
          ("Rainfall per month", "Rainfall (mm)", 30, 120),
          ("Bicycles sold per month", "Bicycles", 15, 70))
CLAUSES = ("The records behind the chart have been kept for {m} years.",
           "The figures were published {n} weeks after the last month shown.")


def _line_params(rng) -> dict:
    s = int(rng.integers(len(SERIES)))
    lo, hi = SERIES[s][2:]
    n = int(rng.integers(6, 9))
    start = int(rng.integers(0, 12 - n + 1))
    return {"s": s, "start": start, "values": [int(v) for v in rng.integers(lo, hi + 1, size=n)],
            "color": rng_choice(rng, COLORS[:6])}


def _line_spec(p) -> ChartSpec:
    title, vt = SERIES[p["s"]][:2]
    cats = list(MONTHS[p["start"]:p["start"] + len(p["values"])])
    return ChartSpec(kind="line", title=title, x_title="Month", y_title=vt, categories=cats,
                     series=[Series(vt, [float(v) for v in p["values"]], p["color"])],
                     annotate=True, color=p["color"])


def _moving(values) -> list[float]:
    """3-month moving averages, the k-th ending at month k + 2 (numpy, not the exact sum)."""
    return list(np.convolve(np.asarray(values, float), np.ones(3) / 3, mode="valid"))


@register_seed
class MovingAverage(SeedQuestion):
    seed_id = "stat-line-moving-average"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _line_params(rng)
            p["end"] = int(rng.integers(2, len(p["values"])))
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        return Fraction(sum(p["values"][p["end"] - 2:p["end"] + 1]), 3)

    def question(self, p):
        m = MONTH_NAMES[p["start"] + p["end"]]
        return (f"The 3-month moving average for a month is the mean of that month and the two "
                f"months before it. What is the 3-month moving average for {m}? Round to two "
                f"decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        vals = chart_facts(self.diagram(p))["values"]
        return half_up(_moving(vals)[p["end"] - 2], 2)

    def diagram(self, p):
        return _line_spec(p)


@register_seed
class MovingAverageHighest(ShuffledCandidates):
    seed_id = "stat-line-moving-average-highest"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _line_params(rng)
            sums = [sum(p["values"][k:k + 3]) for k in range(len(p["values"]) - 2)]
            top = sorted(sums)
            # the highest moving average by at least 1, and not where the highest month is
            # (a reader who picks the highest month is wrong)
            best = int(np.argmax(sums)) + 2
            peak = int(np.argmax(p["values"]))
            if len(sums) >= 4 and top[-1] - top[-2] >= 3 and best != peak:
                others = [k + 2 for k in range(len(sums)) if k + 2 != best]
                pick = [int(v) for v in rng.choice(others, size=3, replace=False)]
                if peak in range(2, len(p["values"])) and peak not in pick:
                    pick[0] = peak
                return {**p, "others": sorted(pick), "order": draw_order(rng)}

    def candidates(self, p):
        sums = [sum(p["values"][k:k + 3]) for k in range(len(p["values"]) - 2)]
        ks = [int(np.argmax(sums)) + 2] + p["others"]
        return [MONTH_NAMES[p["start"] + k] for k in ks]

    def question(self, p):
        return ("The 3-month moving average for a month is the mean of that month and the two "
                "months before it. For which month is the 3-month moving average highest?")

    def check(self, p):
        f = chart_facts(self.diagram(p))
        mov = _moving(f["values"])
        k = int(np.argmax(mov)) + 2
        return MONTH_NAMES[MONTHS.index(f["categories"][k])]

    def diagram(self, p):
        return _line_spec(p)


# ----------------------------------------------------------------------------- grouped bars

# (title, category axis, categories, the two groups, value title)
GROUPS = (("Students by club", "Club", ("Chess", "Drama", "Music", "Art", "Film"),
           ("Boys", "Girls"), "Students"),
          ("Phones sold by store", "Store", ("North", "South", "East", "West", "Central"),
           ("Brand X", "Brand Y"), "Phones sold"),
          ("Votes by district", "District", ("Ashby", "Brook", "Dale", "Elm", "Fern"),
           ("Party A", "Party B"), "Votes (hundreds)"),
          ("Tickets sold by day", "Day", ("Mon", "Tue", "Wed", "Thu", "Fri"),
           ("Adult", "Child"), "Tickets"))
GROUP_CLAUSES = ("The survey was repeated {n} months later with similar results.",
                 "The chart is one of {n} charts in the same report.")


def _group_params(rng) -> dict:
    g = int(rng.integers(len(GROUPS)))
    n = int(rng.integers(3, 6))
    vals = [[int(v) for v in rng.integers(4, 41, size=n)] for _ in range(2)]
    return {"g": g, "n": n, "vals": vals, "colors": [str(c) for c in
                                                      rng.choice(COLORS[:6], 2, replace=False)]}


def _group_spec(p) -> ChartSpec:
    title, axis, cats, groups, vt = GROUPS[p["g"]]
    return ChartSpec(kind="bar", title=title, x_title=axis, y_title=vt,
                     categories=list(cats[:p["n"]]),
                     series=[Series(groups[i], [float(v) for v in p["vals"][i]], p["colors"][i])
                             for i in range(2)], annotate=True)


def _share(p, k, s) -> Fraction:
    return Fraction(100 * p["vals"][s][k], p["vals"][0][k] + p["vals"][1][k])


@register_seed
class GroupShare(SeedQuestion):
    seed_id = "stat-bar-group-share"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = GROUP_CLAUSES

    def sample(self, rng):
        while True:
            p = _group_params(rng)
            p.update(k=int(rng.integers(p["n"])), s=int(rng.integers(2)))
            if not half_tie(_share(p, p["k"], p["s"]), 1):
                return p

    def question(self, p):
        _, _, cats, groups, _ = GROUPS[p["g"]]
        return (f"What percentage of the total for {cats[p['k']]} (both groups together) is "
                f"{groups[p['s']]}? Round to one decimal place.")

    def answer(self, p):
        return half_up(float(_share(p, p["k"], p["s"])), 1)

    def check(self, p):
        f = chart_facts(self.diagram(p))
        cat = f["categories"][p["k"]]
        return half_up(100 * f["series"][p["s"]]["value_of"][cat] / f["category_totals"][cat], 1)

    def diagram(self, p):
        return _group_spec(p)


@register_seed
class GroupLargestShare(ShuffledCandidates):
    seed_id = "stat-bar-group-largest-share"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _group_params(rng)
            if p["n"] < 4:
                continue
            s = int(rng.integers(2))
            sh = sorted(_share(p, k, s) for k in range(p["n"]))
            best = max(range(p["n"]), key=lambda k: _share(p, k, s))
            most = max(range(p["n"]), key=lambda k: p["vals"][s][k])
            # clearly the largest share (2 points), and not the tallest bar of that group
            if sh[-1] - sh[-2] >= 2 and best != most:
                return {**p, "s": s, "order": draw_order(rng)}

    def candidates(self, p):
        cats = GROUPS[p["g"]][2]
        ks = sorted(range(p["n"]), key=lambda k: -_share(p, k, p["s"]))
        return [cats[k] for k in ks[:4]]

    def question(self, p):
        g = GROUPS[p["g"]]
        return (f"For which {g[1].lower()} is the share of {g[3][p['s']]} in that "
                f"{g[1].lower()}'s total (both groups together) the largest?")

    def check(self, p):
        f = chart_facts(self.diagram(p))
        name = f["series"][p["s"]]["name"]
        vals = {s["name"]: s["value_of"] for s in f["series"]}
        return max(f["categories"], key=lambda c: vals[name][c] / f["category_totals"][c])

    def diagram(self, p):
        return _group_spec(p)
