"""DynaMath "statistics" seeds on cumulative frequency graphs: the count between two values,
the median and the interquartile range estimated by linear interpolation, and the class that
holds the most values.

Why: DynaMath reads medians and quartiles off cumulative frequency curves. The graph is a line
chart through (upper class edge, cumulative frequency) with each cumulative count written at
its point, starting at 0 on the first lower edge, so every number a question needs is drawn.
``check`` re-derives each answer from the chart family's facts: ``numpy.interp`` on the drawn
points, ``numpy.diff`` for the class counts.

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

# (title, x title, who, first edge, class width, unit)
CUMS = (("Time to finish a puzzle", "Time (minutes)", "people", 0, 5, "minutes"),
        ("Marks in an exam", "Mark", "students", 0, 10, "marks"),
        ("Heights of plants", "Height (cm)", "plants", 10, 5, "cm"),
        ("Waiting times at a clinic", "Waiting time (minutes)", "patients", 0, 10, "minutes"))
CLAUSES = ("The data were collected over {n} days.",
           "The graph is one of {n} in the same report.")
LEAD = ("The graph shows cumulative frequency: the value at each point is the number of {who} "
        "below that {x}. ")


def _cum_params(rng) -> dict:
    c = int(rng.integers(len(CUMS)))
    n = int(rng.integers(5, 7))
    centre = rng.uniform(1, n - 2)
    counts = [int(rng.integers(1, 5)) + int(round(rng.uniform(6, 16) *
                                                  np.exp(-0.5 * (k - centre) ** 2 / 1.5)))
              for k in range(n)]
    return {"c": c, "counts": counts, "color": rng_choice(rng, COLORS[:6])}


def _edges(p) -> list[int]:
    first, w = CUMS[p["c"]][3:5]
    return [first + w * k for k in range(len(p["counts"]) + 1)]


def _cum_spec(p) -> ChartSpec:
    title, xt = CUMS[p["c"]][:2]
    cum = [0] + [int(v) for v in np.cumsum(p["counts"])]
    return ChartSpec(kind="line", title=title, x_title=xt, y_title="Cumulative frequency",
                     categories=[str(e) for e in _edges(p)],
                     series=[Series("Cumulative frequency", [float(v) for v in cum],
                                    p["color"])], annotate=True, color=p["color"])


def _lead(p) -> str:
    return LEAD.format(who=CUMS[p["c"]][2], x=CUMS[p["c"]][1].split(" (")[0].lower())


def _drawn(spec: ChartSpec) -> tuple[list[float], list[float]]:
    """The drawn points: (x values from the category labels, cumulative counts)."""
    f = chart_facts(spec)
    return [float(c) for c in f["categories"]], [float(v) for v in f["values"]]


def _interp_exact(p, target: Fraction) -> Fraction:
    e, cum = _edges(p), [0] + [int(v) for v in np.cumsum(p["counts"])]
    for k in range(len(p["counts"])):
        if cum[k + 1] >= target:
            return e[k] + (target - cum[k]) / Fraction(p["counts"][k]) * (e[k + 1] - e[k])
    raise AssertionError


@register_seed
class CumFreqBetween(SeedQuestion):
    seed_id = "stat-cumfreq-between"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        p = _cum_params(rng)
        n = len(p["counts"])
        i = int(rng.integers(0, n - 1))
        j = int(rng.integers(i + 1, n + 1))
        return {**p, "ij": [i, j]}

    def question(self, p):
        e, (i, j) = _edges(p), p["ij"]
        who, unit = CUMS[p["c"]][2], CUMS[p["c"]][5]
        return (f"{_lead(p)}How many {who} had at least {e[i]} but less than {e[j]} {unit}?")

    def answer(self, p):
        i, j = p["ij"]
        return float(sum(p["counts"][i:j]))

    def check(self, p):
        _, cum = _drawn(self.diagram(p))
        i, j = p["ij"]
        return cum[j] - cum[i]

    def diagram(self, p):
        return _cum_spec(p)


class _Interpolated(SeedQuestion):
    """A value read off the graph at given fractions of the total by linear interpolation."""

    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")
    fracs: tuple[Fraction, ...] = ()

    def sample(self, rng):
        while True:
            p = _cum_params(rng)
            if sum(p["counts"]) % 4 == 0 and not half_tie(self._exact(p)):
                return p

    def _exact(self, p) -> Fraction:
        n = sum(p["counts"])
        vals = [_interp_exact(p, f * n) for f in self.fracs]
        return vals[0] if len(vals) == 1 else vals[1] - vals[0]

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        xs, cum = _drawn(self.diagram(p))
        vals = [float(np.interp(float(f) * cum[-1], cum, xs)) for f in self.fracs]
        return half_up(vals[0] if len(vals) == 1 else vals[1] - vals[0], 2)

    def diagram(self, p):
        return _cum_spec(p)


@register_seed
class CumFreqMedian(_Interpolated):
    seed_id = "stat-cumfreq-median"
    fracs = (Fraction(1, 2),)

    def question(self, p):
        return (f"{_lead(p)}Estimate the median by linear interpolation between the plotted "
                f"points. Round to two decimal places.")


@register_seed
class CumFreqIQR(_Interpolated):
    seed_id = "stat-cumfreq-iqr"
    fracs = (Fraction(1, 4), Fraction(3, 4))

    def question(self, p):
        return (f"{_lead(p)}Estimate the lower quartile (at a quarter of the total) and the "
                f"upper quartile (at three quarters) by linear interpolation between the "
                f"plotted points. What is the interquartile range? Round to two decimal places.")


@register_seed
class CumFreqBusiestClass(ShuffledCandidates):
    seed_id = "stat-cumfreq-busiest-class"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _cum_params(rng)
            c = sorted(p["counts"])
            if c[-1] > c[-2]:
                top = int(np.argmax(p["counts"]))
                others = [k for k in range(len(p["counts"])) if k != top]
                pick = sorted(int(v) for v in rng.choice(others, size=3, replace=False))
                return {**p, "others": pick, "order": draw_order(rng)}

    def candidates(self, p):
        e = _edges(p)
        ks = [int(np.argmax(p["counts"]))] + p["others"]
        return [f"{e[k]} to {e[k + 1]}" for k in ks]

    def question(self, p):
        return (f"{_lead(p)}Which class (from its lower value up to, but not including, its "
                f"upper value) holds the most {CUMS[p['c']][2]}?")

    def check(self, p):
        xs, cum = _drawn(self.diagram(p))
        k = int(np.argmax(np.diff(cum)))
        return f"{xs[k]:g} to {xs[k + 1]:g}"

    def diagram(self, p):
        return _cum_spec(p)
