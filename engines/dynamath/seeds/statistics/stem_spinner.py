"""DynaMath "statistics" seeds on stem-and-leaf plots and prize spinners: the median, the
interquartile range and the mode of a stem-and-leaf plot; the expected prize of one spin and
the chance that two spins win at least a given total.

Why: DynaMath reads data off stem-and-leaf tables and asks expected values of drawn spinners.
The plot is a table (stem, leaves, a key under it), the spinner a pie chart with each
sector's share written on it and its prize in the legend. ``check`` re-derives each answer from
the figure's facts: the values read back from the table's cells, the pie's percentages.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics_s6.py
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
import statistics as st

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import HIGH, TOPIC, UNI
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.spec import rng_choice
from renderers.table.spec import TableSpec, table_facts
from renderers.text import half_up

# (title, what the values are)
STEMS = (("Scores in a quiz", "scores"), ("Heights of saplings (cm)", "heights"),
         ("Minutes spent on homework", "times"), ("Ages of club members", "ages"))
CLAUSES = ("The data were collected over {n} days.",
           "The plot appears in a report of {m} pages.")


def _stem_params(rng, n_lo: int = 11, n_hi: int = 19) -> dict:
    n = int(rng.integers(n_lo, n_hi + 1))
    s0 = int(rng.integers(1, 5))
    k = int(rng.integers(3, 6))  # stems s0 .. s0 + k - 1
    vals = sorted(int(v) for v in rng.integers(10 * s0, 10 * (s0 + k), size=n))
    return {"t": int(rng.integers(len(STEMS))), "vals": vals, "s0": s0, "k": k}


def _stem_spec(p) -> TableSpec:
    rows = []
    for s in range(p["s0"], p["s0"] + p["k"]):
        leaves = [str(v % 10) for v in p["vals"] if v // 10 == s]
        rows.append([str(s), " ".join(leaves)])
    v = p["vals"][0]
    return TableSpec(title=STEMS[p["t"]][0], header=["Stem", "Leaf"], rows=rows,
                     note=f"Key: {v // 10} | {v % 10} means {v}")


def _read_back(spec: TableSpec) -> list[int]:
    """The values as the plot shows them: stem times 10 plus each leaf."""
    return sorted(int(r[0]) * 10 + int(leaf) for r in table_facts(spec)["rows"]
                  for leaf in r[1].split())


@register_seed
class StemLeafMedian(SeedQuestion):
    seed_id = "stat-stemleaf-median"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        return _stem_params(rng)

    def question(self, p):
        return f"What is the median of the {STEMS[p['t']][1]} in the stem-and-leaf plot?"

    def answer(self, p):
        v, n = p["vals"], len(p["vals"])
        return float(Fraction(v[(n - 1) // 2] + v[n // 2], 2))

    def check(self, p):
        return float(st.median(_read_back(self.diagram(p))))

    def diagram(self, p):
        return _stem_spec(p)


@register_seed
class StemLeafIQR(SeedQuestion):
    seed_id = "stat-stemleaf-iqr"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        return _stem_params(rng)

    def question(self, p):
        return (f"Order the values; the lower quartile is the median of the lower half and the "
                f"upper quartile the median of the upper half (with an odd number of values, "
                f"the middle value belongs to neither half). What is the interquartile range of "
                f"the {STEMS[p['t']][1]} in the stem-and-leaf plot?")

    def answer(self, p):
        v, n = p["vals"], len(p["vals"])
        lo, hi = v[:n // 2], v[(n + 1) // 2:]

        def med(x):
            m = len(x)
            return Fraction(x[(m - 1) // 2] + x[m // 2], 2)
        return float(med(hi) - med(lo))

    def check(self, p):
        v = _read_back(self.diagram(p))
        return float(st.median([x for i, x in enumerate(v) if i >= len(v) / 2]) -
                     st.median([x for i, x in enumerate(v) if i < (len(v) - 1) / 2]))

    def diagram(self, p):
        return _stem_spec(p)


@register_seed
class StemLeafMode(ShuffledCandidates):
    seed_id = "stat-stemleaf-mode"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _stem_params(rng, 13, 19)
            counts = sorted((p["vals"].count(v) for v in set(p["vals"])), reverse=True)
            distinct = sorted(set(p["vals"]))
            if counts[0] >= 2 and counts[0] > counts[1] and len(distinct) >= 4:
                mode = max(distinct, key=p["vals"].count)
                others = [v for v in distinct if v != mode]
                pick = sorted(int(v) for v in rng.choice(others, size=3, replace=False))
                return {**p, "others": pick, "order": draw_order(rng)}

    def candidates(self, p):
        mode = max(sorted(set(p["vals"])), key=p["vals"].count)
        return [str(v) for v in [mode] + p["others"]]

    def question(self, p):
        return f"What is the mode of the {STEMS[p['t']][1]} in the stem-and-leaf plot?"

    def check(self, p):
        return str(st.mode(_read_back(self.diagram(p))))

    def diagram(self, p):
        return _stem_spec(p)


# ----------------------------------------------------------------------------- spinners

PRIZES = (1, 2, 5, 10, 20)
SPIN_CLAUSES = ("The spinner stands at a fair that lasts {n} days.",
                "A game costs nothing to play and {m} people played it today.")


def _spin_params(rng) -> dict:
    k = int(rng.integers(3, 6))
    prizes = sorted(int(v) for v in rng.choice(PRIZES, size=k, replace=False))
    while True:  # shares in tenths of the circle, each at least one tenth
        cut = sorted(int(v) for v in rng.choice(range(1, 10), size=k - 1, replace=False))
        tenths = [b - a for a, b in zip([0] + cut, cut + [10])]
        if min(tenths) >= 1:
            return {"prizes": prizes, "tenths": tenths}


def _spin_spec(p) -> ChartSpec:
    return ChartSpec(kind="pie", title="Prize spinner",
                     categories=[f"${v}" for v in p["prizes"]],
                     series=[Series("Share", [float(10 * t) for t in p["tenths"]])])


def _read_spinner(spec: ChartSpec) -> list[tuple[int, float]]:
    """(prize, probability) per sector from the pie's drawn percentages."""
    f = chart_facts(spec)
    return [(int(c[1:]), f["percentages"][c] / 100) for c in f["categories"]]


@register_seed
class SpinnerExpected(SeedQuestion):
    seed_id = "stat-spinner-expected"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = SPIN_CLAUSES

    def sample(self, rng):
        return _spin_params(rng)

    def question(self, p):
        return ("The pie chart shows a prize spinner: each sector's share of the circle is "
                "written on it and the legend gives its prize. What is the expected prize, in dollars, of one "
                "spin?")

    def answer(self, p):
        return float(sum(Fraction(v * t, 10) for v, t in zip(p["prizes"], p["tenths"])))

    def check(self, p):
        return round(sum(v * q for v, q in _read_spinner(self.diagram(p))), 6)

    def diagram(self, p):
        return _spin_spec(p)


@register_seed
class SpinnerTwoSpins(SeedQuestion):
    seed_id = "stat-spinner-two-spins"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = SPIN_CLAUSES

    def sample(self, rng):
        while True:
            p = _spin_params(rng)
            totals = sorted({a + b for a in p["prizes"] for b in p["prizes"]})
            t = int(rng_choice(rng, totals[1:]))
            if 0 < self._exact({**p, "t": t}) < 1:
                return {**p, "t": t}

    @staticmethod
    def _exact(p):
        pr = [Fraction(t, 10) for t in p["tenths"]]
        n = len(pr)
        return sum(pr[i] * pr[j] for i in range(n) for j in range(n)
                   if p["prizes"][i] + p["prizes"][j] >= p["t"])

    def question(self, p):
        return (f"The pie chart shows a prize spinner: each sector's share of the circle is "
                f"written on it and the legend gives its prize. The spinner is spun twice. What is the "
                f"probability that the two prizes add up to at least ${p['t']}? Round to two "
                f"decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        sec = _read_spinner(self.diagram(p))
        return half_up(sum(qa * qb for (a, qa), (b, qb) in product(sec, sec)
                           if a + b >= p["t"]), 2)

    def diagram(self, p):
        return _spin_spec(p)
