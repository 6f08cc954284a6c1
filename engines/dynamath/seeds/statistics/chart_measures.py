"""DynaMath "statistics" seeds: measures computed from charts and data tables (a weighted mean
from a frequency bar chart, a z-score, a percentile from a histogram, a correlation estimated
from a scatter plot, a percentage change on a line chart, a sample standard deviation, a
regression prediction).

Why these: they are the undergraduate and high-school computations DynaMath asks on top of a
read chart. Every value a question needs is written on the chart (annotated bars and points,
histogram counts) or in the table. ``check`` re-derives each answer another way: expanding a
frequency chart into raw data, the statistics module, numpy's least squares, the chart
family's facts.

    python -m pytest -q tests/engines/dynamath/test_statistics_measures.py
"""
from __future__ import annotations

from fractions import Fraction
import math
import statistics as st

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.statistics.common import COLORS, HIGH, TOPIC, UNI, half_tie
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.spec import rng_choice
from renderers.text import half_up

# (title, x title, what one count is, value name)
FREQS = (("Goals per match this season", "Goals in a match", "Matches", "goals per match"),
         ("Books read last month", "Books read", "Students", "books read per student"),
         ("Size of households on a street", "People in household", "Households",
          "people per household"),
         ("Pets per family", "Number of pets", "Families", "pets per family"))


@register_seed
class FrequencyMean(SeedQuestion):
    seed_id = "stat-bar-frequency-mean"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            f = int(rng.integers(len(FREQS)))
            x0 = int(rng.integers(0, 2))
            n = int(rng.integers(4, 7))
            counts = [int(c) for c in rng.integers(1, 13, size=n)]
            p = {"f": f, "x0": x0, "counts": counts, "color": rng_choice(rng, COLORS)}
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        xs = range(p["x0"], p["x0"] + len(p["counts"]))
        return Fraction(sum(x * c for x, c in zip(xs, p["counts"])), sum(p["counts"]))

    def question(self, p):
        return (f"Using the bar chart, what is the mean number of {FREQS[p['f']][3]}? Round to "
                f"two decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        f = chart_facts(self.diagram(p))
        raw = [int(c) for c, k in f["value_of"].items() for _ in range(int(k))]
        return half_up(st.fmean(raw), 2)

    def diagram(self, p):
        title, xt, yt, _ = FREQS[p["f"]]
        cats = [str(p["x0"] + i) for i in range(len(p["counts"]))]
        return ChartSpec(kind="bar", title=title, x_title=xt, y_title=yt, categories=cats,
                         series=[Series(yt, [float(c) for c in p["counts"]], p["color"])],
                         annotate=True, color=p["color"])


NAMES = ("Ana", "Ben", "Cai", "Dev", "Eli", "Fay", "Gus")


@register_seed
class ZScore(SeedQuestion):
    seed_id = "stat-bar-zscore"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.integers(4, 7))
            vals = [int(v) for v in rng.integers(40, 100, size=n)]
            if len(set(vals)) > 1:
                return {"n": n, "values": vals, "ask": int(rng.integers(n)),
                        "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"The bar chart shows the test scores of a small group, treated as a whole "
                f"population. What is the z-score of {NAMES[p['ask']]}'s score? Round to two "
                f"decimal places.")

    def answer(self, p):
        v = np.asarray(p["values"], float)
        return half_up(float((v[p["ask"]] - v.mean()) / v.std()), 2)

    def check(self, p):
        f = chart_facts(self.diagram(p))
        vals = f["values"]
        return half_up((vals[p["ask"]] - st.fmean(vals)) / st.pstdev(vals), 2)

    def diagram(self, p):
        return ChartSpec(kind="bar", title="Test scores", x_title="Student", y_title="Score",
                         categories=list(NAMES[:p["n"]]),
                         series=[Series("Score", [float(v) for v in p["values"]], p["color"])],
                         annotate=True, color=p["color"])


# ----------------------------------------------------------------------------- histogram

HISTS = (("Heights of students", "Height (cm)", "Students", 140, 5, "students", "are shorter than",
          "cm"),
         ("Test scores", "Score", "Students", 40, 10, "students", "scored below", "points"),
         ("Commute times", "Minutes", "Workers", 0, 10, "workers", "commute for less than",
          "minutes"))


@register_seed
class HistogramPercentBelow(SeedQuestion):
    seed_id = "stat-histogram-percent-below"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            h = int(rng.integers(len(HISTS)))
            counts = [int(c) for c in rng.integers(1, 16, size=5)]
            p = {"h": h, "counts": counts, "cut": int(rng.integers(1, 5)),
                 "color": rng_choice(rng, COLORS[:6])}
            if not half_tie(self._exact(p), 1):
                return p

    @staticmethod
    def _exact(p):
        return Fraction(100 * sum(p["counts"][:p["cut"]]), sum(p["counts"]))

    def _edges(self, p):
        first, w = HISTS[p["h"]][3:5]
        return [first + w * k for k in range(6)]

    def question(self, p):
        _, _, _, _, _, who, verb, unit = HISTS[p["h"]]
        return (f"According to the histogram, what percentage of the {who} {verb} "
                f"{self._edges(p)[p['cut']]} {unit}? Round to one decimal place.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 1)

    def check(self, p):
        f = chart_facts(self.diagram(p))
        return half_up(100 * f["cumulative"][p["cut"] - 1] / f["total"], 1)

    def diagram(self, p):
        title, xt, yt = HISTS[p["h"]][:3]
        return ChartSpec(kind="histogram", title=title, x_title=xt, y_title=yt,
                         bin_edges=[float(e) for e in self._edges(p)], counts=p["counts"],
                         annotate=True, color=p["color"])


# ----------------------------------------------------------------------------- scatter

R_CHOICES = ("-0.9", "-0.5", "0", "0.5", "0.9")


@register_seed
class ScatterCorrelation(SeedQuestion):
    seed_id = "stat-scatter-correlation-estimate"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "function type")

    def sample(self, rng):
        target = int(rng.integers(len(R_CHOICES)))
        rho = float(R_CHOICES[target])
        while True:
            n = int(rng.integers(25, 41))
            z = rng.normal(size=(n, 2))
            x = z[:, 0]
            y = rho * x + math.sqrt(1 - rho * rho) * z[:, 1]
            xs = np.round(5 + 1.6 * x, 1)
            ys = np.round(5 + 1.6 * y, 1)
            r = float(np.corrcoef(xs, ys)[0, 1])
            if abs(r - rho) < 0.08:  # clearly nearest to the target option
                return {"x": [float(v) for v in xs], "y": [float(v) for v in ys],
                        "color": rng_choice(rng, COLORS[:6])}

    def question(self, p):
        return ("Which value is closest to the correlation coefficient r of the data in the "
                "scatter plot?")

    def options(self, p):
        return list(R_CHOICES)

    def answer(self, p):
        r = float(np.corrcoef(p["x"], p["y"])[0, 1])
        return min(R_CHOICES, key=lambda c: abs(float(c) - r))

    def check(self, p):
        x, y = np.asarray(p["x"]), np.asarray(p["y"])
        r = ((x - x.mean()) * (y - y.mean())).sum() / math.sqrt(((x - x.mean()) ** 2).sum() *
                                                               ((y - y.mean()) ** 2).sum())
        return R_CHOICES[int(np.argmin([abs(float(c) - r) for c in R_CHOICES]))]

    def diagram(self, p):
        return ChartSpec(kind="scatter", title="Paired measurements", x_title="x", y_title="y",
                         x_values=p["x"], series=[Series("y", p["y"])], color=p["color"])


# ----------------------------------------------------------------------------- line

LINES = (("Monthly visitors to a park", "Visitors", ("Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                      "Jul", "Aug"), (200, 900)),
         ("Yearly sales of a shop", "Sales ($k)", ("2017", "2018", "2019", "2020", "2021",
                                                   "2022", "2023"), (40, 160)))


@register_seed
class LinePercentChange(SeedQuestion):
    seed_id = "stat-line-percent-change"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            k = int(rng.integers(len(LINES)))
            lo, hi = LINES[k][3]
            n = int(rng.integers(4, len(LINES[k][2]) + 1))
            vals = [int(v) for v in rng.integers(lo, hi + 1, size=n)]
            a, b = sorted(int(i) for i in rng.choice(n, size=2, replace=False))
            p = {"k": k, "values": vals, "a": a, "b": b, "color": rng_choice(rng, COLORS)}
            if not half_tie(self._exact(p), 1):
                return p

    @staticmethod
    def _exact(p):
        va, vb = p["values"][p["a"]], p["values"][p["b"]]
        return Fraction(100 * (vb - va), va)

    def question(self, p):
        cats = LINES[p["k"]][2]
        return (f"By what percentage did the value change from {cats[p['a']]} to "
                f"{cats[p['b']]}? Give a decrease as a negative number, rounded to one decimal "
                f"place.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 1)

    def check(self, p):
        f = chart_facts(self.diagram(p))["value_of"]
        cats = LINES[p["k"]][2]
        return half_up((f[cats[p["b"]]] / f[cats[p["a"]]] - 1) * 100, 1)

    def diagram(self, p):
        title, yt, cats, _ = LINES[p["k"]]
        return ChartSpec(kind="line", title=title, x_title="", y_title=yt,
                         categories=list(cats[:len(p["values"])]),
                         series=[Series(yt, [float(v) for v in p["values"]], p["color"])],
                         annotate=True, color=p["color"])


# ----------------------------------------------------------------------------- tables

SAMPLES = (("Battery life of sampled phones", "Phone", "Hours", (8, 30)),
           ("Weights of sampled parcels", "Parcel", "Weight (kg)", (1, 20)),
           ("Reaction times in a trial", "Trial", "Time (ms)", (180, 320)))


@register_seed
class SampleStd(SeedQuestion):
    seed_id = "stat-table-sample-std"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            s = int(rng.integers(len(SAMPLES)))
            lo, hi = SAMPLES[s][3]
            vals = [int(v) for v in rng.integers(lo, hi + 1, size=int(rng.integers(4, 7)))]
            if len(set(vals)) > 1:
                return {"s": s, "values": vals}

    def question(self, p):
        return ("The table lists a random sample. What is the sample standard deviation (divide "
                "by n - 1) of the values? Round to two decimal places.")

    def answer(self, p):
        return half_up(float(np.std(p["values"], ddof=1)), 2)

    def check(self, p):
        f = chart_facts(self.diagram(p))
        return half_up(st.stdev(f["values"]), 2)

    def diagram(self, p):
        title, corner, col, _ = SAMPLES[p["s"]]
        return ChartSpec(kind="table", title=title, x_title=corner,
                         categories=[f"{corner} {i + 1}" for i in range(len(p["values"]))],
                         series=[Series(col, [float(v) for v in p["values"]])])


@register_seed
class RegressionPredict(SeedQuestion):
    seed_id = "stat-table-regression-predict"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.integers(4, 7))
            xs = sorted(int(v) for v in rng.choice(np.arange(1, 13), size=n, replace=False))
            b, a = rng.uniform(1.5, 5), rng.uniform(5, 30)
            ys = [int(round(a + b * x + rng.normal(0, 3))) for x in xs]
            p = {"x": xs, "y": ys, "x0": int(rng.integers(1, 16))}
            if not half_tie(self._exact(p)):  # no tie: 40.925 would round to 40.92, not 40.93
                return p

    def question(self, p):
        return (f"Fit the least-squares line predicting the score from hours of study to the "
                f"data in the table. What score does it predict for {p['x0']} hours? Round to "
                f"two decimal places.")

    def _exact(self, p) -> Fraction:
        x, y, n = p["x"], p["y"], len(p["x"])
        b = Fraction(n * sum(u * v for u, v in zip(x, y)) - sum(x) * sum(y),
                     n * sum(u * u for u in x) - sum(x) ** 2)
        a = Fraction(sum(y), n) - b * Fraction(sum(x), n)
        return a + b * p["x0"]

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        A = np.column_stack([np.ones(len(p["x"])), p["x"]])
        (a, b), *_ = np.linalg.lstsq(A, np.asarray(p["y"], float), rcond=None)
        return half_up(float(a + b * p["x0"]), 2)

    def diagram(self, p):
        return ChartSpec(kind="table", title="Study time and test score", x_title="Student",
                         categories=list(NAMES[:len(p["x"])]),
                         series=[Series("Hours", [float(v) for v in p["x"]]),
                                 Series("Score", [float(v) for v in p["y"]])])


@register_seed
class LineLargestDrop(SeedQuestion):
    seed_id = "stat-line-largest-drop"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            k = int(rng.integers(len(LINES)))
            lo, hi = LINES[k][3]
            n = int(rng.integers(5, 7))
            vals = [int(v) for v in rng.integers(lo, hi + 1, size=n)]
            ch = np.diff(vals)
            if ch.min() < 0 and (ch == ch.min()).sum() == 1:
                steps = [f"{a} to {b}" for a, b in zip(LINES[k][2], LINES[k][2][1:n])]
                return {"k": k, "values": vals, "color": rng_choice(rng, COLORS),
                        "steps": steps}

    def question(self, p):
        return "Between which two consecutive points does the line chart fall the most?"

    def options(self, p):
        ch = np.diff(p["values"])
        order = sorted(range(len(ch)), key=lambda i: ch[i])[:4]  # the 4 steepest falls
        return [p["steps"][i] for i in sorted(order)]

    def answer(self, p):
        return p["steps"][int(np.argmin(np.diff(p["values"])))]

    def check(self, p):
        f = chart_facts(LinePercentChange().diagram(p))["largest_decrease"]
        return f"{f['from']} to {f['to']}"

    def diagram(self, p):
        return LinePercentChange().diagram(p)
