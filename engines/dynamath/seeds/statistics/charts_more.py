"""DynaMath "statistics" seeds that compare values read off one series of bars or points: the
largest percentage growth between consecutive years, index numbers, compound annual growth,
the effect of an outlier on mean and median, and the value that moves a mean (two series on
one chart: chart_pairs.py).

Why: DynaMath reads charts for relative change, not only for single values; these questions
put the usual trap among the options (the largest absolute rise, the median moving with
the mean when an outlier moves only the mean). Every value is written on its bar or point;
``check`` re-derives each answer from the chart family's facts with numpy.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st2.py
"""
from __future__ import annotations

from fractions import Fraction
import math

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import COLORS, HIGH, TOPIC, UNI, half_tie
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.spec import rng_choice
from renderers.text import fmt_num, half_up

# (title, value title, low, high)
YEARLY = (("Bicycles sold by a shop", "Bicycles sold", 40, 160),
          ("Visitors to a national park", "Visitors (thousands)", 20, 120),
          ("Members of a sports club", "Members", 50, 200),
          ("Solar panels installed in a town", "Panels installed", 30, 150))
CLAUSES = ("The figures were collected by a team of {n} volunteers.",
           "The same chart appears on page {m} of the annual report.")


def _years(p) -> list[str]:
    return [str(p["y0"] + i) for i in range(len(p["values"]))]


def _yearly_spec(p, kind: str = "bar") -> ChartSpec:
    title, vt = YEARLY[p["s"]][:2]
    return ChartSpec(kind=kind, title=title, x_title="Year", y_title=vt, categories=_years(p),
                     series=[Series(vt, [float(v) for v in p["values"]], p["color"])],
                     annotate=True, color=p["color"])


def _yearly_params(rng, n_lo=5, n_hi=7) -> dict:
    s = int(rng.integers(len(YEARLY)))
    lo, hi = YEARLY[s][2:]
    n = int(rng.integers(n_lo, n_hi + 1))
    return {"s": s, "y0": int(rng.integers(2012, 2018)),
            "values": [int(v) for v in rng.integers(lo, hi + 1, size=n)],
            "color": rng_choice(rng, COLORS[:6])}


@register_seed
class LargestPercentGrowth(ShuffledCandidates):
    seed_id = "stat-bar-largest-percent-growth"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _yearly_params(rng, 6, 7)
            v = p["values"]
            pct = [(v[i + 1] - v[i]) / v[i] for i in range(len(v) - 1)]
            ab = [v[i + 1] - v[i] for i in range(len(v) - 1)]
            top = sorted(pct)
            best, big = int(np.argmax(pct)), int(np.argmax(ab))
            # a clear winner in percent, and the largest rise in units elsewhere (the trap)
            if (top[-1] > 0 and top[-1] - top[-2] >= 0.05 and best != big
                    and sorted(ab)[-1] > sorted(ab)[-2]):
                others = [i for i in range(len(pct)) if i not in (best, big)]
                pick = [big] + [int(i) for i in rng.choice(others, 2, replace=False)]
                return {**p, "pairs": [best] + pick, "order": draw_order(rng)}

    def candidates(self, p):
        ys = _years(p)
        return [f"{ys[i]} to {ys[i + 1]}" for i in p["pairs"]]

    def question(self, p):
        return ("Between which two consecutive years was the percentage increase the "
                "largest?")

    def check(self, p):
        v = np.asarray(chart_facts(self.diagram(p))["values"], float)
        i = int(np.argmax(np.diff(v) / v[:-1]))
        ys = _years(p)
        return f"{ys[i]} to {ys[i + 1]}"

    def diagram(self, p):
        return _yearly_spec(p)


@register_seed
class IndexNumber(SeedQuestion):
    seed_id = "stat-bar-index-number"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _yearly_params(rng)
            b, k = (int(i) for i in rng.choice(len(p["values"]), 2, replace=False))
            p.update(base=b, k=k)
            # a base of 100 would make the index the value itself
            if p["values"][b] != 100 and not half_tie(self._exact(p), 1):
                return p

    @staticmethod
    def _exact(p):
        return Fraction(100 * p["values"][p["k"]], p["values"][p["base"]])

    def question(self, p):
        ys = _years(p)
        return (f"Taking {ys[p['base']]} as the base year (index = 100), what is the index "
                f"number for {ys[p['k']]}? Round to one decimal place.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 1)

    def check(self, p):
        f = chart_facts(self.diagram(p))
        ys = _years(p)
        return half_up(100 * f["value_of"][ys[p["k"]]] / f["value_of"][ys[p["base"]]], 1)

    def diagram(self, p):
        return _yearly_spec(p)


@register_seed
class CompoundGrowth(SeedQuestion):
    seed_id = "stat-line-compound-growth"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _yearly_params(rng)
            n = len(p["values"])
            i = int(rng.integers(0, n - 3))
            j = int(rng.integers(i + 3, n))
            p.update(i=i, j=j)
            x = self._rate(p) * 100
            # grows overall, and not within rounding noise of a half (two decimals asked)
            if x > 0 and abs(x - math.floor(x) - 0.5) > 1e-4:
                return p

    @staticmethod
    def _rate(p) -> float:
        a, b = p["values"][p["i"]], p["values"][p["j"]]
        return 100 * ((b / a) ** (1 / (p["j"] - p["i"])) - 1)

    def question(self, p):
        ys = _years(p)
        return (f"Suppose the value grew at the same percentage rate every year from "
                f"{ys[p['i']]} to {ys[p['j']]}, reaching the values shown for those two years. "
                f"What is that average annual growth rate, in percent? Round to two decimal "
                f"places.")

    def answer(self, p):
        return half_up(self._rate(p), 2)

    def check(self, p):
        f = chart_facts(self.diagram(p))
        ys = _years(p)
        a, b = f["value_of"][ys[p["i"]]], f["value_of"][ys[p["j"]]]
        # the geometric mean of the yearly factors, through logarithms
        return half_up(100 * (np.exp((np.log(b) - np.log(a)) / (p["j"] - p["i"])) - 1), 2)

    def diagram(self, p):
        return _yearly_spec(p, "line")


# ----------------------------------------------------------------------------- mean and median

# (title, category axis, categories, value title, low, high)
DAILY = (("Hours of sleep", "Day", ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
          "Hours", 4, 10),
         ("Books read by members", "Member", ("Ann", "Ben", "Cal", "Dee", "Eve", "Finn", "Gus"),
          "Books", 2, 15),
         ("Goals per season", "Player", ("Ali", "Bo", "Cy", "Dan", "Ed", "Fay", "Gil"),
          "Goals", 3, 20),
         ("Daily rainfall", "Day", ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
          "Rainfall (mm)", 2, 18))


def _daily_spec(p) -> ChartSpec:
    title, axis, cats, vt = DAILY[p["d"]][:4]
    return ChartSpec(kind="bar", title=title, x_title=axis, y_title=vt,
                     categories=list(cats[:len(p["values"])]),
                     series=[Series(vt, [float(v) for v in p["values"]], p["color"])],
                     annotate=True, color=p["color"])


def _daily_params(rng, n: int) -> dict:
    d = int(rng.integers(len(DAILY)))
    lo, hi = DAILY[d][4:]
    return {"d": d, "values": [int(v) for v in rng.integers(lo, hi + 1, size=n)],
            "color": rng_choice(rng, COLORS[:6])}


def _statement(dmean: float, dmed: float) -> str:
    def part(name, x):
        if x == 0:
            return f"the {name} stays the same"
        return f"the {name} {'increases' if x > 0 else 'decreases'} by {fmt_num(abs(x))}"
    s = f"{part('mean', dmean)} and {part('median', dmed)}"
    return s[0].upper() + s[1:]


@register_seed
class OutlierEffect(ShuffledCandidates):
    seed_id = "stat-bar-outlier-effect"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.choice([5, 7]))
            p = _daily_params(rng, n)
            v = p["values"]
            up = bool(rng.integers(2))
            k = int(np.argmax(v)) if up else int(np.argmin(v))
            if sorted(v)[-1 if up else 0] == sorted(v)[-2 if up else 1]:
                continue  # the changed bar is the only largest (smallest) one
            step = int(rng.integers(2, 6)) * n  # the mean moves by a whole number
            new = v[k] + step if up else v[k] - step
            if new < 0:
                continue
            return {**p, "k": k, "new": int(new), "order": draw_order(rng)}

    def candidates(self, p):
        v = p["values"]
        d = p["new"] - v[p["k"]]
        m = d // len(v)
        return [_statement(m, 0), _statement(m, m), _statement(0, d), _statement(d, 0)]

    def question(self, p):
        cat = _daily_spec(p).categories[p["k"]]
        return (f"Suppose the value for {cat} were changed to {p['new']} and all other values "
                f"stayed the same. Which statement is true?")

    def check(self, p):
        f = chart_facts(self.diagram(p))
        old = np.asarray(f["values"], float)
        new = old.copy()
        new[f["categories"].index(_daily_spec(p).categories[p["k"]])] = p["new"]
        dm = new.mean() - old.mean()
        dmed = np.median(new) - np.median(old)
        return _statement(int(round(dm)), int(round(dmed)))

    def diagram(self, p):
        return _daily_spec(p)


@register_seed
class ValueForMean(ShuffledCandidates):
    seed_id = "stat-bar-value-for-mean"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The chart was drawn {n} days after the last value was recorded.",
               "A second chart in the same report shows the values of {n} other groups.")

    def sample(self, rng):
        while True:
            n = int(rng.integers(4, 7))
            p = _daily_params(rng, n)
            s = sum(p["values"])
            target = int(rng.integers(math.ceil(s / n) - 2, math.ceil(s / n) + 4))
            x = target * (n + 1) - s
            wrong = [target * n - s, x + n, x - n, target]
            if x > 0 and len({x, *wrong}) == 5 and min(wrong) > 0:
                pick = [int(w) for w in rng.choice(wrong, 3, replace=False)]
                if target * n - s > 0 and target * n - s not in pick:
                    pick[0] = target * n - s
                return {**p, "target": target, "wrong": pick, "order": draw_order(rng)}

    def candidates(self, p):
        return [str(p["target"] * (len(p["values"]) + 1) - sum(p["values"]))] + [
            str(w) for w in p["wrong"]]

    def question(self, p):
        return (f"One more value is added to the {len(p['values'])} values shown, so that the "
                f"mean of all {len(p['values']) + 1} values is exactly {p['target']}. What is the "
                f"added value?")

    def check(self, p):
        v = chart_facts(self.diagram(p))["values"]
        # the deviations from the target mean sum to zero: x balances those of the bars
        x = p["target"] - float(np.sum(np.asarray(v, float) - p["target"]))
        return str(int(round(x)))

    def diagram(self, p):
        return _daily_spec(p)
