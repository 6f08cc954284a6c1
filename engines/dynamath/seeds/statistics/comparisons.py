"""DynaMath "statistics" seeds that compare groups through a table:
the combined mean of classes of different sizes, the product whose sales vary most relative
to their mean, a Laspeyres price index, and the expected count and the chi-square statistic of
a two-way table under independence (four scatter plots compared: scatter_panels.py).

Why: DynaMath's undergraduate statistics weighs, standardises and tests; the options of each
multiple-choice question hold the usual slip (the unweighted mean, the largest standard
deviation instead of the largest relative one, the simple mean of price relatives).
``check`` re-derives every answer from the table's facts another way (numpy's weighted
average, matrix outer products).

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st2.py
"""
from __future__ import annotations

from fractions import Fraction
import math

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import HIGH, TOPIC, UNI, half_tie
from renderers.table.spec import TableSpec, table_facts
from renderers.text import fmt_num, half_up



def _one(x) -> str:
    return fmt_num(half_up(float(x), 1), digits=1)


def _cells(spec: TableSpec) -> np.ndarray:
    """The table's body as numbers, row names dropped (from the table family's facts)."""
    return np.array([[float(c) for c in r[1:]] for r in table_facts(spec)["rows"]])


# ----------------------------------------------------------------------------- combined mean

SUBJECTS = ("Mathematics test", "Reading test", "Science quiz", "Spelling test")


@register_seed
class CombinedMean(ShuffledCandidates):
    seed_id = "stat-table-combined-mean"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The test had {m} questions.",
               "Every class had {n} lessons on the topic before the test.")

    def sample(self, rng):
        while True:
            k = int(rng.integers(3, 5))
            sizes = [int(v) for v in rng.integers(8, 36, size=k)]
            means = [int(v) for v in rng.integers(48, 92, size=k)]
            p = {"t": int(rng.integers(len(SUBJECTS))), "sizes": sizes, "means": means}
            ex = self._exact(p)
            if any(half_tie(x, 1) for x in ex):
                continue
            texts = [_one(x) for x in ex]
            # the unweighted mean is a real trap: at least 1.5 points away
            if len(set(texts)) == 4 and abs(ex[0] - ex[1]) >= Fraction(3, 2):
                return {**p, "order": draw_order(rng)}

    @staticmethod
    def _exact(p) -> list[Fraction]:
        s, m = p["sizes"], p["means"]
        right = Fraction(sum(a * b for a, b in zip(s, m)), sum(s))
        plain = Fraction(sum(m), len(m))
        srt = sorted(m)  # the median class mean
        med = (Fraction(srt[len(m) // 2]) if len(m) % 2 else
               Fraction(srt[len(m) // 2 - 1] + srt[len(m) // 2], 2))
        # the mean of the means weighted by the other class sizes reversed (a mis-pairing)
        swap = Fraction(sum(a * b for a, b in zip(s[::-1], m)), sum(s))
        return [right, plain, med, swap]

    def candidates(self, p):
        return [_one(x) for x in self._exact(p)]

    def question(self, p):
        return (f"The table shows the number of students in each class and the class's mean "
                f"score on a {SUBJECTS[p['t']].lower()}. What is the mean score of all the "
                f"students together? (Rounded to one decimal place.)")

    def check(self, p):
        c = _cells(self.diagram(p))
        return _one(np.average(c[:, 1], weights=c[:, 0]))

    def diagram(self, p):
        return TableSpec(title=f"{SUBJECTS[p['t']]} results",
                         header=["Class", "Students", "Mean score"],
                         rows=[[f"Class {chr(65 + i)}", str(n), str(m)]
                               for i, (n, m) in enumerate(zip(p["sizes"], p["means"]))])


# ----------------------------------------------------------------------------- relative spread

PRODUCTS = (("Monthly sales (units)", ("Lamps", "Chairs", "Desks", "Shelves")),
            ("Weekly orders", ("Soup", "Salad", "Pasta", "Pizza")),
            ("Daily visitors", ("Museum", "Library", "Gallery", "Zoo")))
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May")


def _cv(row) -> float:
    a = np.asarray(row, float)
    return float(a.std() / a.mean())


@register_seed
class LargestRelativeSpread(SeedQuestion):
    seed_id = "stat-table-largest-cv"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            t = int(rng.integers(len(PRODUCTS)))
            rows = []
            for _ in range(4):
                mean = int(rng.integers(3, 30)) * 10
                spread = float(rng.uniform(0.05, 0.45))
                rows.append([max(1, int(round(mean * (1 + spread * z))))
                             for z in rng.standard_normal(5)])
            cv = [_cv(r) for r in rows]
            sd = [float(np.std(r)) for r in rows]
            top = sorted(cv)
            # a clear winner, and the largest standard deviation belongs to another row
            if top[-1] - top[-2] >= 0.04 and int(np.argmax(cv)) != int(np.argmax(sd)):
                return {"t": t, "rows": rows}

    def options(self, p):
        return list(PRODUCTS[p["t"]][1])  # in the table's row order

    def answer(self, p):
        cv = [math.sqrt(sum((x - sum(r) / 5) ** 2 for x in r) / 5) / (sum(r) / 5)
              for r in p["rows"]]
        return PRODUCTS[p["t"]][1][cv.index(max(cv))]

    def question(self, p):
        return ("Which row's values vary the most relative to their own mean, that is, has the "
                "largest coefficient of variation (population standard deviation divided by the "
                "mean)?")

    def check(self, p):
        spec = self.diagram(p)
        c = _cells(spec)
        cv = c.std(axis=1, ddof=0) / c.mean(axis=1)
        return table_facts(spec)["rows"][int(np.argmax(cv))][0]

    def diagram(self, p):
        title, names = PRODUCTS[p["t"]]
        return TableSpec(title=title, header=[""] + list(MONTHS),
                         rows=[[n] + [str(v) for v in r] for n, r in zip(names, p["rows"])])


# ----------------------------------------------------------------------------- price index

BASKETS = (("Weekly shopping basket", ("Bread", "Milk", "Eggs", "Apples"),
            ("loaves", "litres", "dozen", "kg")),
           ("Office supplies", ("Paper", "Pens", "Toner", "Folders"),
            ("reams", "boxes", "cartridges", "packs")),
           ("Cafe ingredients", ("Coffee", "Sugar", "Milk", "Flour"),
            ("kg", "kg", "litres", "kg")))


@register_seed
class LaspeyresIndex(ShuffledCandidates):
    seed_id = "stat-table-laspeyres-index"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            b = int(rng.integers(len(BASKETS)))
            q = [int(v) for v in rng.integers(1, 13, size=4)]
            p0 = [int(v) for v in rng.integers(2, 21, size=4)]
            p1 = [max(1, int(round(v * rng.uniform(0.8, 1.6)))) for v in p0]
            p = {"b": b, "q": q, "p0": p0, "p1": p1, "y0": int(rng.integers(2015, 2020))}
            ex = self._exact(p)
            texts = [_one(x) for x in ex]
            gaps = [abs(float(ex[0] - x)) for x in ex[1:]]
            if (not any(half_tie(x, 1) for x in ex) and len(set(texts)) == 4
                    and min(gaps) >= 0.5):
                return {**p, "order": draw_order(rng)}

    @staticmethod
    def _exact(p) -> list[Fraction]:
        q, a, b = p["q"], p["p0"], p["p1"]
        right = Fraction(100 * sum(x * y for x, y in zip(q, b)), sum(x * y for x, y in zip(q, a)))
        rel = sum(Fraction(100 * y, x) for x, y in zip(a, b)) / 4  # mean of price relatives
        agg = Fraction(100 * sum(b), sum(a))  # unweighted aggregate
        inv = Fraction(100 * sum(x * y for x, y in zip(q, a)), sum(x * y for x, y in zip(q, b)))
        return [right, rel, agg, inv]

    def candidates(self, p):
        return [_one(x) for x in self._exact(p)]

    def question(self, p):
        y0 = p["y0"]
        return (f"The table gives the quantity of each item bought in {y0} and its unit price in "
                f"{y0} and {y0 + 4}. Using the {y0} quantities as weights (a Laspeyres index), "
                f"what is the price index for {y0 + 4} with {y0} = 100? (Rounded to one decimal "
                f"place.)")

    def check(self, p):
        c = _cells(self.diagram(p))
        return _one(100 * float(c[:, 0] @ c[:, 2]) / float(c[:, 0] @ c[:, 1]))

    def diagram(self, p):
        title, items, units = BASKETS[p["b"]]
        y0 = p["y0"]
        return TableSpec(title=f"{title} (prices in $)",
                         header=["Item", f"Qty {y0}", f"Price {y0}", f"Price {y0 + 4}"],
                         rows=[[f"{it} ({u})", str(q), str(a), str(b)]
                               for it, u, q, a, b in zip(items, units, p["q"], p["p0"],
                                                         p["p1"])])


# ----------------------------------------------------------------------------- two-way tables

# (title, row variable, rows, column variable, columns)
TWOWAY = (("Survey of commuters", "Age group", ("Under 30", "30-50", "Over 50"),
           "Travel mode", ("Car", "Bus", "Bike")),
          ("Patients in a trial", "Treatment", ("Drug", "Placebo"), "Outcome",
           ("Improved", "No change", "Worse")),
          ("Students and sport", "Year", ("Year 1", "Year 2", "Year 3"), "Plays sport",
           ("Yes", "No")),
          ("Customers of a cafe", "Time of day", ("Morning", "Afternoon"), "Order",
           ("Coffee", "Tea", "Juice")))
TWOWAY_CLAUSES = ("The survey took {n} weeks to complete.",
                  "A further {m} people were asked but did not answer.")


def _twoway_params(rng) -> dict:
    t = int(rng.integers(len(TWOWAY)))
    nr, nc = len(TWOWAY[t][2]), len(TWOWAY[t][4])
    while True:  # every expected count at least 5, as the chi-square test asks
        obs = [[int(v) for v in rng.integers(5, 61, size=nc)] for _ in range(nr)]
        if min(min(r) for r in _expected(obs)) >= 5:
            return {"t": t, "obs": obs}


def _twoway_spec(p) -> TableSpec:
    title, rv, rows, cv, cols = TWOWAY[p["t"]]
    return TableSpec(title=title, header=[f"{rv} / {cv}"] + list(cols),
                     rows=[[r] + [str(v) for v in o] for r, o in zip(rows, p["obs"])])


def _expected(obs) -> list[list[Fraction]]:
    """Row total times column total over the grand total, exactly."""
    n = sum(map(sum, obs))
    cols = [sum(r[j] for r in obs) for j in range(len(obs[0]))]
    return [[Fraction(sum(r) * c, n) for c in cols] for r in obs]


def _outer_expected(obs: np.ndarray) -> np.ndarray:
    """The same by matrix algebra: the outer product of the margins over the grand total."""
    return np.outer(obs.sum(axis=1), obs.sum(axis=0)) / obs.sum()


@register_seed
class ExpectedCount(SeedQuestion):
    seed_id = "stat-table-expected-count"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = TWOWAY_CLAUSES

    def sample(self, rng):
        while True:
            p = _twoway_params(rng)
            p.update(i=int(rng.integers(len(p["obs"]))), j=int(rng.integers(len(p["obs"][0]))))
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p) -> Fraction:
        return _expected(p["obs"])[p["i"]][p["j"]]

    def question(self, p):
        _, rv, rows, cv, cols = TWOWAY[p["t"]]
        return (f"If {rv.lower()} and {cv.lower()} were independent, what would be the "
                f"expected count in the cell {rows[p['i']]} / {cols[p['j']]}? Round to two "
                f"decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        return half_up(float(_outer_expected(_cells(self.diagram(p)))[p["i"], p["j"]]), 2)

    def diagram(self, p):
        return _twoway_spec(p)


@register_seed
class ChiSquare(SeedQuestion):
    seed_id = "stat-table-chi-square"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = TWOWAY_CLAUSES

    def sample(self, rng):
        while True:
            p = _twoway_params(rng)
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p) -> Fraction:
        e = _expected(p["obs"])
        return sum((Fraction(o) - x) ** 2 / x for ro, re in zip(p["obs"], e)
                   for o, x in zip(ro, re))

    def question(self, p):
        _, rv, _, cv, _ = TWOWAY[p["t"]]
        return (f"Compute the chi-square statistic for testing whether {rv.lower()} and "
                f"{cv.lower()} are independent (no continuity correction). Round to two "
                f"decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        o = _cells(self.diagram(p))
        # the form N * (sum of O^2 / (row total * column total) - 1)
        n = o.sum()
        return half_up(float(n * ((o ** 2 / np.outer(o.sum(1), o.sum(0))).sum() - 1)), 2)

    def diagram(self, p):
        return _twoway_spec(p)
