"""DynaMath "statistics" seeds on box plots and histograms: the share of the data between two
marks of a box plot, the 1.5 x IQR outlier fence, the one true comparison of two boxes, class
counts and the interpolated median of a frequency-density histogram with unequal classes, the
class that holds the median and the mean estimated from class midpoints.

Why: these are the box-plot and histogram readings DynaMath asks beyond a single median or
count. Every five-number mark a box question reads sits on a drawn tick, every density and
count is written on its bar, and the classes' edges are ticks. ``check`` re-derives each
answer from the chart family's facts (its box statistics, the bars as drawn) another way:
expanding classes into values, ``numpy.interp`` on the cumulative counts.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics_s6.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import COLORS, HIGH, TOPIC, UNI, half_tie
from renderers.chart.spec import ChartSpec, chart_facts
from renderers.chart.stats import chart_axes
from renderers.spec import rng_choice
from renderers.text import half_up

# ----------------------------------------------------------------------------- box plots

# (title, value title, axis title, box names, low, high)
BOXES = (("Test scores by class", "Score", "Class", ("Class A", "Class B"), 30, 100),
         ("Daily high temperature", "Temperature (°C)", "City", ("Oslo", "Rome"), 0, 40),
         ("Weekly screen time", "Hours", "Age group", ("Teens", "Adults"), 0, 50),
         ("Price of a meal by town", "Price ($)", "Town", ("Ashby", "Brook"), 10, 60))
BOX_CLAUSES = ("The data were collected over {n} weeks.",
               "A second survey with {m} people is not shown in the plot.")


def _nine(rng, five: list[int]) -> list[float]:
    """Nine values whose min, numpy quartiles and max are exactly ``five`` (1st, 3rd, 5th, 7th,
    9th values), with one value drawn between each pair of neighbours."""
    mid = [int(rng.integers(a, b + 1)) for a, b in zip(five, five[1:])]
    out = []
    for v, m in zip(five, mid + [None]):
        out.append(float(v))
        if m is not None:
            out.append(float(m))
    return out


def _box_spec(p: dict) -> ChartSpec:
    title, vt, xt, names = BOXES[p["box"]][:4]
    return ChartSpec(kind="box", title=title, x_title=xt, y_title=vt,
                     categories=list(names[:len(p["samples"])]), samples=p["samples"],
                     whisker="minmax", color=p["color"])


def _box_params(rng, k: int, on_tick: tuple[int, ...] = (), ask: int = 0) -> dict:
    """k boxes; the marks ``on_tick`` (0 min, 1 Q1, 2 median, 3 Q3, 4 max) of box ``ask`` sit on
    drawn ticks, and every two marks of a box are at least half a tick step apart."""
    while True:
        b = int(rng.integers(len(BOXES)))
        lo, hi = BOXES[b][4:6]
        fives = [sorted(int(v) for v in rng.choice(range(lo, hi + 1), size=5, replace=False))
                 for _ in range(k)]
        p = {"box": b, "samples": [_nine(rng, f) for f in fives],
             "color": rng_choice(rng, COLORS[:6])}
        step = chart_axes(_box_spec(p))["value_axis"][2]
        for i in on_tick:  # snap the marks that must be read to the nearest tick
            fives[ask][i] = int(step * round(fives[ask][i] / step))
        if any(b_ <= a for a, b_ in zip(fives[ask], fives[ask][1:])):
            continue
        p["samples"] = [_nine(rng, f) for f in fives]
        _, _, step2, ticks = chart_axes(_box_spec(p))["value_axis"]
        if step2 == step and all(fives[ask][i] in ticks for i in on_tick) and \
                all(b_ - a >= step / 2 for f in fives for a, b_ in zip(f, f[1:])) and \
                all(lo <= f[0] and f[-1] <= hi for f in fives):
            return p


MARKS = ("the minimum", "the lower quartile", "the median", "the upper quartile", "the maximum")


@register_seed
class BoxShareBetween(ShuffledCandidates):
    seed_id = "stat-box-share-between"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = BOX_CLAUSES

    def sample(self, rng):
        k = int(rng.integers(1, 3))
        ask = int(rng.integers(k))
        i, j = sorted(int(v) for v in rng.choice(5, size=2, replace=False))
        return {**_box_params(rng, k, (i, j), ask), "ask": ask, "ij": [i, j],
                "order": draw_order(rng)}

    def _pair(self, p):
        d = p["samples"][p["ask"]]
        return [d[2 * k] for k in p["ij"]]  # the marks are the 1st, 3rd, ... 9th values

    def candidates(self, p):
        right = 25 * (p["ij"][1] - p["ij"][0])
        return [f"{right}%"] + [f"{v}%" for v in (25, 50, 75, 100) if v != right]

    def question(self, p):
        name = BOXES[p["box"]][3][p["ask"]]
        lo, hi = self._pair(p)
        return (f"According to the box plot, about what percentage of the values for {name} "
                f"lie between {lo:g} and {hi:g}?")

    def check(self, p):
        box = chart_facts(self.diagram(p))["boxes"][p["ask"]]
        marks = [box[k] for k in ("min", "q1", "median", "q3", "max")]
        lo, hi = self._pair(p)
        return f"{25 * (marks.index(hi) - marks.index(lo))}%"

    def diagram(self, p):
        return _box_spec(p)


@register_seed
class BoxUpperFence(SeedQuestion):
    seed_id = "stat-box-upper-fence"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = BOX_CLAUSES

    def sample(self, rng):
        k = int(rng.integers(1, 3))
        ask = int(rng.integers(k))
        return {**_box_params(rng, k, (1, 3), ask), "ask": ask,
                "upper": bool(rng.random() < 0.5)}

    def question(self, p):
        name = BOXES[p["box"]][3][p["ask"]]
        side = ("upper", "above") if p["upper"] else ("lower", "below")
        return (f"Using the 1.5 × IQR rule, a value is an outlier when it lies more than 1.5 "
                f"interquartile ranges {side[1]} the box. What is the {side[0]} fence for "
                f"{name} in the box plot?")

    def answer(self, p):
        d = p["samples"][p["ask"]]
        q1, q3 = d[2], d[6]
        return q3 + 1.5 * (q3 - q1) if p["upper"] else q1 - 1.5 * (q3 - q1)

    def check(self, p):
        box = chart_facts(self.diagram(p))["boxes"][p["ask"]]
        return float(box["upper_fence" if p["upper"] else "lower_fence"])

    def diagram(self, p):
        return _box_spec(p)


MEASURES = (("median", "the higher median"), ("iqr", "the larger interquartile range"),
            ("range", "the larger range"))


def _measures(d: list[float]) -> dict:
    return {"median": d[4], "iqr": d[6] - d[2], "range": d[8] - d[0]}


@register_seed
class BoxCompare(ShuffledCandidates):
    seed_id = "stat-box-compare"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _box_params(rng, 2)
            m = [_measures(d) for d in p["samples"]]
            step = chart_axes(_box_spec(p))["value_axis"][2]
            if all(abs(m[0][k] - m[1][k]) >= step / 2 for k, _ in MEASURES):  # visibly apart
                return {**p, "true": int(rng.integers(3)), "order": draw_order(rng)}

    def _statement(self, p, k: int, right: bool) -> str:
        names = BOXES[p["box"]][3]
        key, text = MEASURES[k]
        m = [_measures(d)[key] for d in p["samples"]]
        who = int(m[1] > m[0]) if right else int(m[1] < m[0])
        return f"{names[who]} has {text}."

    def candidates(self, p):
        t = p["true"]
        return [self._statement(p, t, True)] + [self._statement(p, k, False) for k in range(3)]

    def question(self, p):
        return "Which statement about the two groups in the box plot is true?"

    def check(self, p):
        boxes = chart_facts(self.diagram(p))["boxes"]
        for opt in self.options(p):
            for k, (key, text) in enumerate(MEASURES):
                if opt.endswith(f"has {text}."):
                    who = [b["name"] for b in boxes].index(opt[:-len(f" has {text}.")])
                    key = {"median": "median", "iqr": "iqr", "range": None}[key]
                    val = [b[key] if key else b["max"] - b["min"] for b in boxes]
                    if val[who] > val[1 - who]:
                        return opt
        return None

    def diagram(self, p):
        return _box_spec(p)


# ----------------------------------------------------------------------------- histograms

# (title, x title, who, unit of the class widths, first edge, class widths to draw from)
DENSITY = (("Commute times", "Time (minutes)", "workers", "minute", 0, (5, 10, 20)),
           ("Ages of museum visitors", "Age (years)", "visitors", "year", 0, (10, 20)),
           ("Masses of parcels", "Mass (kg)", "parcels", "kg", 0, (2, 4, 8)),
           ("Heights of seedlings", "Height (cm)", "seedlings", "cm", 10, (5, 10)))


def _density_params(rng) -> dict:
    while True:
        h = int(rng.integers(len(DENSITY)))
        start, widths = DENSITY[h][4:]
        n = int(rng.integers(4, 6))
        w = [int(rng_choice(rng, widths)) for _ in range(n)]
        if len(set(w)) < 2 or 8 * min(w) < sum(w):  # unequal, yet no class too narrow to label
            continue
        edges = [start + sum(w[:i]) for i in range(n + 1)]
        dens = [int(v) for v in rng.integers(1, 13, size=n)]
        return {"h": h, "edges": edges, "dens": dens, "color": rng_choice(rng, COLORS[:6])}


def _density_spec(p: dict) -> ChartSpec:
    title, xt, who, unit = DENSITY[p["h"]][:4]
    # the bar heights are frequency densities (whole numbers), written on the bars
    return ChartSpec(kind="histogram", title=title, x_title=xt,
                     y_title=f"Frequency density ({who} per {unit})",
                     bin_edges=[float(e) for e in p["edges"]], counts=p["dens"], annotate=True,
                     color=p["color"])


def _class_counts(spec: ChartSpec) -> list[float]:
    """Each class's count from the drawn bars: density times width."""
    return [b["count"] * (b["high"] - b["low"]) for b in chart_facts(spec)["bins"]]


@register_seed
class DensityCount(SeedQuestion):
    seed_id = "stat-hist-density-count"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The survey took {n} days to complete.",
               "A further {m} responses arrived too late to be included.")

    def sample(self, rng):
        p = _density_params(rng)
        n = len(p["dens"])
        i = int(rng.integers(n))
        j = int(rng.integers(i + 1, min(n, i + 2) + 1))
        return {**p, "ij": [i, j]}

    def question(self, p):
        who = DENSITY[p["h"]][2]
        i, j = p["ij"]
        a, b = p["edges"][i], p["edges"][j]
        what = "the class" if j - i == 1 else "the classes"
        return (f"The histogram has classes of unequal width; each bar's height is the "
                f"frequency density. How many {who} are in {what} from {a} to {b}?")

    def answer(self, p):
        i, j = p["ij"]
        e = p["edges"]
        return float(sum(p["dens"][k] * (e[k + 1] - e[k]) for k in range(i, j)))

    def check(self, p):
        i, j = p["ij"]
        return float(sum(_class_counts(self.diagram(p))[i:j]))

    def diagram(self, p):
        return _density_spec(p)


@register_seed
class DensityMedian(SeedQuestion):
    seed_id = "stat-hist-density-median"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _density_params(rng)
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        e, d = p["edges"], p["dens"]
        counts = [d[k] * (e[k + 1] - e[k]) for k in range(len(d))]
        half, cum = Fraction(sum(counts), 2), 0
        for k, c in enumerate(counts):
            if cum + c >= half:
                return e[k] + (half - cum) / d[k]  # (half - cum) / c of the class width
            cum += c
        raise AssertionError

    def question(self, p):
        who = DENSITY[p["h"]][2]
        return (f"The histogram has classes of unequal width; each bar's height is the "
                f"frequency density. Assuming the {who} are spread evenly within each class, "
                f"estimate the median. Round to two decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        spec = self.diagram(p)
        cum = np.concatenate([[0.0], np.cumsum(_class_counts(spec))])
        return half_up(float(np.interp(cum[-1] / 2, cum, spec.bin_edges)), 2)

    def diagram(self, p):
        return _density_spec(p)


# (title, x title, y title, first edge, class width, who)
HISTS = (("Test scores", "Score", "Students", 40, 10, "students"),
         ("Daily rainfall", "Rainfall (mm)", "Days", 0, 5, "days"),
         ("Battery life of phones", "Hours", "Phones", 10, 2, "phones"),
         ("Lengths of fish caught", "Length (cm)", "Fish", 20, 4, "fish"))


def _hist_params(rng) -> dict:
    h = int(rng.integers(len(HISTS)))
    n = int(rng.integers(5, 7))
    c = rng.uniform(0.5, n - 1.5)
    counts = [int(rng.integers(1, 5)) + int(round(rng.uniform(5, 13) *
                                                  np.exp(-0.5 * (k - c) ** 2 / 2.0)))
              for k in range(n)]
    return {"h": h, "counts": counts, "color": rng_choice(rng, COLORS[:6])}


def _hist_edges(p) -> list[int]:
    first, w = HISTS[p["h"]][3:5]
    return [first + w * k for k in range(len(p["counts"]) + 1)]


def _hist_spec(p) -> ChartSpec:
    title, xt, yt = HISTS[p["h"]][:3]
    return ChartSpec(kind="histogram", title=title, x_title=xt, y_title=yt,
                     bin_edges=[float(e) for e in _hist_edges(p)], counts=p["counts"],
                     annotate=True, color=p["color"])


def _class_label(e, k) -> str:
    return f"{e[k]} to {e[k + 1]}"


@register_seed
class HistMedianClass(ShuffledCandidates):
    seed_id = "stat-hist-median-class"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _hist_params(rng)
            if sum(p["counts"]) % 2:  # an odd total: the median is one value, in one class
                others = [k for k in range(len(p["counts"])) if k != self._median_class(p)]
                pick = sorted(int(v) for v in rng.choice(others, size=3, replace=False))
                return {**p, "others": pick, "order": draw_order(rng)}

    @staticmethod
    def _median_class(p) -> int:
        pos, cum = (sum(p["counts"]) + 1) // 2, 0
        for k, c in enumerate(p["counts"]):
            cum += c
            if cum >= pos:
                return k
        raise AssertionError

    def candidates(self, p):
        e = _hist_edges(p)
        return [_class_label(e, k) for k in [self._median_class(p)] + p["others"]]

    def question(self, p):
        return ("Each class of the histogram includes its lower edge and excludes its upper "
                "edge. Which class contains the median?")

    def check(self, p):
        f = chart_facts(self.diagram(p))
        vals = [b["low"] for b in f["bins"] for _ in range(b["count"])]  # one per value
        med = float(np.median(vals))
        k = next(i for i, b in enumerate(f["bins"]) if b["low"] == med)
        return _class_label(f["bin_edges"], k)

    def diagram(self, p):
        return _hist_spec(p)


@register_seed
class HistEstimatedMean(SeedQuestion):
    seed_id = "stat-hist-estimated-mean"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    # not "a value was not written down": a reader may take the histogram to lack it
    clauses = ("The data were collected over {n} weeks.",
               "The histogram was printed on page {m} of a report.")

    def sample(self, rng):
        while True:
            p = _hist_params(rng)
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        e = _hist_edges(p)
        return Fraction(sum(Fraction(e[k] + e[k + 1], 2) * c for k, c in enumerate(p["counts"])),
                        sum(p["counts"]))

    def question(self, p):
        return ("Using the midpoint of each class, estimate the mean of the data in the "
                "histogram. Round to two decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        f = chart_facts(self.diagram(p))
        return half_up(float(np.average(f["midpoints"], weights=f["counts"])), 2)

    def diagram(self, p):
        return _hist_spec(p)
