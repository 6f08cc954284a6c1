"""DynaMath "statistics" seeds: probability tables (a discrete distribution, a two-way table).

Why these: DynaMath's undergraduate statistics questions compute an expected value, a variance
or a missing probability from a distribution table, and a conditional probability from a
two-way table of counts. Probabilities are printed with two decimals and sum to exactly 1.
``check`` recomputes from the printed cells, by simulation-free enumeration of outcomes
(expanding the table into equally likely hundredths, or into one record per person).

    python -m pytest -q tests/engines/dynamath/test_statistics_probability.py
"""
from __future__ import annotations

from fractions import Fraction
import statistics as st

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.statistics.common import HIGH, TOPIC, UNI, half_tie
from renderers.table.spec import TableSpec, table_facts
from renderers.text import half_up

# (title, what X counts)
DISTS = (("Goals scored by a team in a match", "the number of goals"),
         ("Customers arriving per minute", "the number of customers"),
         ("Defective items in a box", "the number of defective items"),
         ("Children per family", "the number of children"))


def _probs(rng, n: int) -> list[int]:
    """n probabilities in hundredths, each at least 0.03, summing to 100."""
    cuts = np.sort(rng.choice(np.arange(1, 100 - 3 * n + n), size=n - 1, replace=False))
    parts = np.diff(np.concatenate([[0], cuts, [100 - 3 * n + n]])) - 1 + 3
    return [int(v) for v in parts]


def _dist(rng) -> dict:
    n = int(rng.integers(4, 6))
    x0 = int(rng.integers(0, 3))
    return {"d": int(rng.integers(len(DISTS))), "x": list(range(x0, x0 + n)),
            "p": _probs(rng, n)}


def _dist_spec(p: dict, hide: int | None = None) -> TableSpec:
    cells = [f"{v / 100:.2f}" if i != hide else "?" for i, v in enumerate(p["p"])]
    return TableSpec(title=DISTS[p["d"]][0], header=["x"] + [str(x) for x in p["x"]],
                     rows=[["P(X = x)"] + cells])


def _outcomes(spec: TableSpec) -> list[int]:
    """The printed distribution as 100 equally likely outcomes (probabilities in hundredths)."""
    f = table_facts(spec)
    xs = [int(h) for h in f["header"][1:]]
    ps = [round(float(c) * 100) for c in f["rows"][0][1:]]
    return [x for x, k in zip(xs, ps) for _ in range(k)]


@register_seed
class ExpectedValue(SeedQuestion):
    seed_id = "stat-dist-expected-value"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _dist(rng)

    def question(self, p):
        return (f"X is {DISTS[p['d']][1]}; the table gives its probability distribution. What "
                f"is the expected value E(X)?")

    def answer(self, p):
        return float(sum(Fraction(x * q, 100) for x, q in zip(p["x"], p["p"])))

    def check(self, p):
        return st.fmean(_outcomes(self.diagram(p)))

    def diagram(self, p):
        return _dist_spec(p)


@register_seed
class DistVariance(SeedQuestion):
    seed_id = "stat-dist-variance"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _dist(rng)
            if not half_tie(self._exact(p), 3):
                return p

    @staticmethod
    def _exact(p):
        ex = sum(Fraction(x * q, 100) for x, q in zip(p["x"], p["p"]))
        ex2 = sum(Fraction(x * x * q, 100) for x, q in zip(p["x"], p["p"]))
        return ex2 - ex * ex

    def question(self, p):
        return (f"X is {DISTS[p['d']][1]}; the table gives its probability distribution. What "
                f"is the variance Var(X)? Round to three decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 3)

    def check(self, p):
        return half_up(st.pvariance(_outcomes(self.diagram(p))), 3)

    def diagram(self, p):
        return _dist_spec(p)


@register_seed
class MissingProbability(SeedQuestion):
    seed_id = "stat-dist-missing-probability"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _dist(rng)
        # the asked tail holds the missing cell, so the question needs it
        p["hide"] = int(rng.integers(1, len(p["x"])))
        p["k"] = int(rng.integers(1, p["hide"] + 1))
        return p

    def question(self, p):
        x = p["x"][p["hide"]]
        return (f"The table gives the probability distribution of X, {DISTS[p['d']][1]}, with "
                f"P(X = {x}) missing. What is P(X ≥ {p['x'][p['k']]})?")

    def answer(self, p):
        return float(Fraction(sum(p["p"][p["k"]:]), 100))

    def check(self, p):
        cells = table_facts(self.diagram(p))["rows"][0][1:]
        known = [Fraction(c) if c != "?" else None for c in cells]
        miss = 1 - sum(v for v in known if v is not None)
        full = [miss if v is None else v for v in known]
        return float(sum(full[p["k"]:]))

    def diagram(self, p):
        return _dist_spec(p, hide=p["hide"])


# ----------------------------------------------------------------------------- two-way tables

# (title, corner, row names, column names, who)
TWOWAY = (("Survey of students", "Grade", ("Grade 9", "Grade 10", "Grade 11"),
           ("Walk", "Bus", "Car"), "students"),
          ("Visitors to a museum", "Age group", ("Child", "Adult", "Senior"),
           ("Weekday", "Weekend"), "visitors"),
          ("Test results", "Group", ("Group A", "Group B"), ("Pass", "Fail"), "candidates"),
          ("Phone owners", "Age", ("Under 30", "30 to 50", "Over 50"),
           ("Brand X", "Brand Y", "Other"), "owners"))


def _twoway_spec(p: dict) -> TableSpec:
    title, corner, rows, cols, _ = TWOWAY[p["t"]]
    return TableSpec(title=title, header=[corner] + list(cols),
                     rows=[[r] + [str(v) for v in p["n"][i]] for i, r in enumerate(rows)])


@register_seed
class TwoWayConditional(SeedQuestion):
    seed_id = "stat-twoway-conditional"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            t = int(rng.integers(len(TWOWAY)))
            nr, nc = len(TWOWAY[t][2]), len(TWOWAY[t][3])
            p = {"t": t, "n": rng.integers(3, 40, size=(nr, nc)).tolist(),
                 "r": int(rng.integers(nr)), "c": int(rng.integers(nc)),
                 "given": "column" if rng.random() < 0.5 else "row"}
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        n = p["n"]
        den = sum(r[p["c"]] for r in n) if p["given"] == "column" else sum(n[p["r"]])
        return Fraction(n[p["r"]][p["c"]], den)

    def question(self, p):
        _, _, rows, cols, who = TWOWAY[p["t"]]
        r, c = rows[p["r"]], cols[p["c"]]
        a, b = (r, c) if p["given"] == "column" else (c, r)
        return (f"One of the {who} in the table is chosen at random. Given that they are in "
                f"\"{b}\", what is the probability that they are in \"{a}\"? Round to two "
                f"decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        f = table_facts(_twoway_spec(p))
        people = [(i, j) for i, row in enumerate(f["rows"]) for j, v in enumerate(row[1:])
                  for _ in range(int(v))]
        k = 1 if p["given"] == "column" else 0
        want = p["c"] if k else p["r"]
        pool = [x for x in people if x[k] == want]
        return half_up(sum(x == (p["r"], p["c"]) for x in pool) / len(pool), 2)

    def diagram(self, p):
        return _twoway_spec(p)


@register_seed
class DistMedian(SeedQuestion):
    seed_id = "stat-dist-median"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _dist(rng)
            if 50 not in np.cumsum(p["p"]):  # a CDF of exactly 0.5 has no single median
                return p

    def question(self, p):
        return (f"X is {DISTS[p['d']][1]}; the table gives its probability distribution. What "
                f"is the median of X?")

    def options(self, p):
        return [str(x) for x in p["x"]][:5]

    def answer(self, p):
        cdf = np.cumsum(p["p"])
        return str(p["x"][int(np.argmax(cdf > 50))])

    def check(self, p):
        return str(int(st.median_low(_outcomes(self.diagram(p)))))

    def diagram(self, p):
        return _dist_spec(p)


GAMES = ("Game A", "Game B")
COMPARE = ("Game A", "Game B", "Both are equal", "It cannot be determined")


@register_seed
class CompareExpected(SeedQuestion):
    seed_id = "stat-dist-compare-expected"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        want = int(rng.integers(3))
        while True:
            prizes = sorted(int(v) for v in rng.choice([0, 1, 2, 5, 10, 20], size=3,
                                                      replace=False))
            pa, pb = _probs(rng, 3), _probs(rng, 3)
            if want == 2:  # move mass along (x3 - x2, x1 - x3, x2 - x1): the sum and E stay
                x1, x2, x3 = prizes
                t = int(rng.choice([-3, -2, -1, 1, 2, 3]))
                pb = [pa[0] + t * (x3 - x2), pa[1] + t * (x1 - x3), pa[2] + t * (x2 - x1)]
                if min(pb) < 3:
                    continue
            ea = sum(x * q for x, q in zip(prizes, pa))
            eb = sum(x * q for x, q in zip(prizes, pb))
            got = 0 if ea > eb else 1 if eb > ea else 2
            if got == want:
                return {"prizes": prizes, "pa": pa, "pb": pb}

    def question(self, p):
        return ("The table gives the probability of each prize (in dollars) in two games. Which "
                "game has the larger expected prize?")

    def options(self, p):
        return list(COMPARE)

    def answer(self, p):
        ea = sum(x * q for x, q in zip(p["prizes"], p["pa"]))
        eb = sum(x * q for x, q in zip(p["prizes"], p["pb"]))
        return COMPARE[0 if ea > eb else 1 if eb > ea else 2]

    def check(self, p):
        f = table_facts(self.diagram(p))
        prizes = [int(h.lstrip("$")) for h in f["header"][1:]]
        ev = [sum(Fraction(c) * x for c, x in zip(r[1:], prizes)) for r in f["rows"]]
        return COMPARE[2] if ev[0] == ev[1] else COMPARE[int(ev[1] > ev[0])]

    def diagram(self, p):
        return TableSpec(title="Prizes of two games", header=["Prize"] + [f"${x}" for x in
                                                                         p["prizes"]],
                         rows=[[g] + [f"{q / 100:.2f}" for q in qs]
                               for g, qs in zip(GAMES, (p["pa"], p["pb"]))])


@register_seed
class TwoWayHighestRate(SeedQuestion):
    seed_id = "stat-twoway-highest-rate"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            t = int(rng.choice([0, 3]))  # the tables with 3 rows and 3 columns
            n = rng.integers(3, 40, size=(3, 3))
            c = int(rng.integers(3))
            rates = sorted(Fraction(int(n[i, c]), int(n[i].sum())) for i in range(3))
            top = int(np.argmax(n[:, c] / n.sum(axis=1)))
            # a clear winner, and not simply the row with the largest count in that column
            if rates[-1] - rates[-2] >= Fraction(1, 20) and top != int(np.argmax(n[:, c])):
                return {"t": t, "n": n.tolist(), "c": c}

    def question(self, p):
        _, _, _, cols, who = TWOWAY[p["t"]]
        return (f"Which row of the table has the highest proportion of its {who} in "
                f"\"{cols[p['c']]}\"?")

    def options(self, p):
        return list(TWOWAY[p["t"]][2]) + ["All are equal"]

    def answer(self, p):
        n = p["n"]
        return TWOWAY[p["t"]][2][max(range(3), key=lambda i: Fraction(n[i][p["c"]],
                                                                      sum(n[i])))]

    def check(self, p):
        rows = table_facts(_twoway_spec(p))["rows"]
        return max(rows, key=lambda r: int(r[p["c"] + 1]) / sum(int(v) for v in r[1:]))[0]

    def diagram(self, p):
        return _twoway_spec(p)
