"""DynaMath "statistics" seeds on two series drawn side by side (grouped bars or two lines):
the year the two differ most, the year one first overtakes the other, and "by what percentage
is A above B" with the wrong base among the options.

Why: DynaMath compares two series on one chart; each question has a trap a careless reader
falls into (the year of the tallest bar, the last change of lead, the other series as the
base). Every value is written on its bar or point; ``check`` re-derives each answer from the
chart family's facts.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st2.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.statistics.charts_more import CLAUSES
from engines.dynamath.seeds.statistics.common import COLORS, HIGH, TOPIC, half_tie
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.text import fmt_num, half_up


# (title, value title, the two series, low, high)
PAIRS = (("Sales of two shops", "Sales (thousand $)", ("North shop", "South shop"), 20, 90),
         ("Students in two schools", "Students", ("Hill School", "Lake School"), 200, 600),
         ("Passengers on two bus routes", "Passengers (thousands)", ("Route 5", "Route 9"),
          30, 110),
         ("Downloads of two apps", "Downloads (thousands)", ("App P", "App Q"), 40, 150))


def _pair_params(rng, n_lo=5, n_hi=6) -> dict:
    s = int(rng.integers(len(PAIRS)))
    lo, hi = PAIRS[s][3:]
    n = int(rng.integers(n_lo, n_hi + 1))
    step = 10 if hi > 300 else 1
    vals = [[int(v) * step for v in rng.integers(lo // step, hi // step + 1, size=n)]
            for _ in range(2)]
    return {"s": s, "y0": int(rng.integers(2012, 2018)), "vals": vals,
            "colors": [str(c) for c in rng.choice(COLORS[:6], 2, replace=False)]}


def _pair_years(p) -> list[str]:
    return [str(p["y0"] + i) for i in range(len(p["vals"][0]))]


def _pair_spec(p, kind: str = "bar") -> ChartSpec:
    title, vt, names = PAIRS[p["s"]][:3]
    return ChartSpec(kind=kind, title=title, x_title="Year", y_title=vt,
                     categories=_pair_years(p),
                     series=[Series(names[i], [float(v) for v in p["vals"][i]], p["colors"][i])
                             for i in range(2)], annotate=True)


def _other_years(rng, n: int, right: int, first: list[int] = ()) -> list[int]:
    """Three wrong years (indices), those in ``first`` among them."""
    rest = [i for i in range(n) if i != right and i not in first]
    more = [int(i) for i in rng.choice(rest, 3 - len(first), replace=False)]
    return list(first) + more


@register_seed
class LargestGap(ShuffledCandidates):
    seed_id = "stat-bar-largest-gap"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _pair_params(rng)
            a, b = (np.asarray(v) for v in p["vals"])
            gap = np.abs(a - b)
            top = np.sort(gap)
            k = int(np.argmax(gap))
            # the year of the tallest bar is not the answer (a reader who picks it is wrong)
            tall = int(np.argmax(np.maximum(a, b)))
            if top[-1] - top[-2] >= (20 if a.max() > 300 else 3) and tall != k:
                first = [tall]
                return {**p, "years": [k] + _other_years(rng, len(a), k, first),
                        "order": draw_order(rng)}

    def candidates(self, p):
        ys = _pair_years(p)
        return [ys[i] for i in p["years"]]

    def question(self, p):
        a, b = PAIRS[p["s"]][2]
        return f"In which year was the difference between {a} and {b} the largest?"

    def check(self, p):
        f = chart_facts(self.diagram(p))
        gaps = {c: abs(f["series"][0]["value_of"][c] - f["series"][1]["value_of"][c])
                for c in f["categories"]}
        return max(gaps, key=gaps.get)

    def diagram(self, p):
        return _pair_spec(p)


@register_seed
class FirstOvertake(ShuffledCandidates):
    seed_id = "stat-line-first-overtake"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _pair_params(rng, 6, 7)
            p["lead"] = int(rng.integers(2))  # the series that starts ahead
            a, b = (np.asarray(v) for v in (p["vals"][p["lead"]], p["vals"][1 - p["lead"]]))
            d = a - b
            lo, hi = PAIRS[p["s"]][3:]
            # the two points of a year at least a marker or two apart: near ties (35 and 34)
            # drew one point on the other and left their values' labels to either series
            if np.any(np.abs(d) < 0.08 * (hi - lo)) or d[0] < 0:
                continue
            behind = np.flatnonzero(d < 0)
            # the other one first gets ahead after the second year, and the lead changes
            # again later (a reader who takes the last change is wrong)
            if len(behind) == 0 or behind[0] < 2:
                continue
            k = int(behind[0])
            changes = [i for i in range(1, len(d)) if (d[i] > 0) != (d[i - 1] > 0)]
            if len(changes) < 2:
                continue
            first = [c for c in changes if c != k][:1]
            return {**p, "years": [k] + _other_years(rng, len(d), k, first),
                    "order": draw_order(rng)}

    def candidates(self, p):
        ys = _pair_years(p)
        return [ys[i] for i in p["years"]]

    def question(self, p):
        names = PAIRS[p["s"]][2]
        a, b = names[p["lead"]], names[1 - p["lead"]]
        return (f"{a} starts ahead of {b}. In which year was {b} higher than {a} for the "
                f"first time?")

    def check(self, p):
        f = chart_facts(self.diagram(p))
        lead, other = f["series"][p["lead"]], f["series"][1 - p["lead"]]
        return next(c for c in f["categories"]
                    if other["value_of"][c] > lead["value_of"][c])

    def diagram(self, p):
        return _pair_spec(p, "line")


def _pct(x: Fraction) -> str:
    return f"{fmt_num(half_up(float(x), 1), digits=1)}%"


@register_seed
class PercentAbove(ShuffledCandidates):
    seed_id = "stat-bar-percent-above"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _pair_params(rng)
            k = int(rng.integers(len(p["vals"][0])))
            a, b = p["vals"][0][k], p["vals"][1][k]
            if a == b:
                continue
            p.update(k=k, hi=0 if a > b else 1)
            texts = self._texts(p)
            if (len(set(texts)) == 4 and not any(half_tie(x, 1) for x in self._exact(p))):
                return {**p, "order": draw_order(rng)}

    @staticmethod
    def _exact(p) -> list[Fraction]:
        a, b = p["vals"][p["hi"]][p["k"]], p["vals"][1 - p["hi"]][p["k"]]
        # right: (a - b) / b; traps: the wrong base (a), and the two ratios as percentages
        return [Fraction(100 * (a - b), b), Fraction(100 * (a - b), a), Fraction(100 * b, a),
                Fraction(100 * a, b)]

    def _texts(self, p):
        return [_pct(x) for x in self._exact(p)]

    def candidates(self, p):
        return self._texts(p)

    def question(self, p):
        names = PAIRS[p["s"]][2]
        y = _pair_years(p)[p["k"]]
        return (f"In {y}, by what percentage was the value of {names[p['hi']]} higher than "
                f"that of {names[1 - p['hi']]}? (Percentages rounded to one decimal place.)")

    def check(self, p):
        f = chart_facts(self.diagram(p))
        y = _pair_years(p)[p["k"]]
        a = f["series"][p["hi"]]["value_of"][y]
        b = f["series"][1 - p["hi"]]["value_of"][y]
        return _pct(100 * (a - b) / b)

    def diagram(self, p):
        return _pair_spec(p)
