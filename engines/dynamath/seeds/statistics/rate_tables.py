"""DynaMath "statistics" seeds: Bayes' rule from a table of shares and rates (which source
most likely produced a faulty item, and the probability that it did).

Why these: DynaMath's undergraduate probability gives each machine's (supplier's, centre's)
share of the output and its rate of faults and reverses the conditional. Shares are
multiples of 5% and rates whole percents, so the posteriors are exact Fractions; ``check``
expands the printed table into 10000 single items and counts the faulty ones per row.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st1.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import TOPIC, UNI, half_tie
from engines.mavis.text import article
from renderers.table.spec import TableSpec, table_facts
from renderers.text import half_up

# (title, what the rows are, share column, rate column, the event, who, whose plural)
RATES = (("Production of three machines", "Machine", "Share of output", "Defect rate",
          "defective", "item", "items"),
         ("Suppliers of a shop", "Supplier", "Share of stock", "Damaged rate", "damaged",
          "box", "boxes"),
         ("Three call centres", "Centre", "Share of calls", "Dropped rate", "dropped", "call",
          "calls"))
NAMES = ("A", "B", "C")


@register_seed
class BayesRateTable(ShuffledCandidates):
    seed_id = "stat-bayes-rate-table"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            cuts = np.sort(rng.choice(np.arange(1, 20), size=2, replace=False))
            share = [int(v) * 5 for v in np.diff(np.concatenate([[0], cuts, [20]]))]
            rate = [int(v) for v in rng.choice(np.arange(1, 13), size=3, replace=False)]
            post = [s * r for s, r in zip(share, rate)]
            top = int(np.argmax(post))
            ranked = sorted(post)
            # a clear winner that is neither the largest share nor the highest rate alone
            if ranked[-1] - ranked[-2] >= 10 and (top != int(np.argmax(share))
                                                  or top != int(np.argmax(rate))):
                return {"t": int(rng.integers(len(RATES))), "share": share, "rate": rate,
                        "order": draw_order(rng)}

    def question(self, p):
        _, rows, _, _, ev, who, whos = RATES[p["t"]]
        return (f"The table gives each {rows.lower()}'s share of all {whos} and the percentage "
                f"of its {whos} that are {ev}. {article(who).capitalize()} chosen at random "
                f"is {ev}. From which {rows.lower()} did it most likely come?")

    def candidates(self, p):
        post = [s * r for s, r in zip(p["share"], p["rate"])]
        top = int(np.argmax(post))
        rows = RATES[p["t"]][1]
        return ([f"{rows} {NAMES[top]}"] + [f"{rows} {NAMES[i]}" for i in range(3) if i != top]
                + ["All are equally likely"])

    def check(self, p):
        hits = {k: v[1] for k, v in _items(self.diagram(p)).items()}
        return max(hits, key=hits.get)

    def diagram(self, p):
        return _rate_spec(p)


def _rate_spec(p: dict) -> TableSpec:
    title, rows, sc, rc = RATES[p["t"]][:4]
    return TableSpec(title=title, header=[rows, sc, rc],
                     rows=[[f"{rows} {n}", f"{s}%", f"{r}%"]
                           for n, s, r in zip(NAMES, p["share"], p["rate"])])


def _items(spec: TableSpec) -> dict[str, tuple[int, int]]:
    """The printed table as 10000 items: per row, (items from it, faulty items among them)."""
    out = {}
    for r in table_facts(spec)["rows"]:
        n = int(r[1].rstrip("%")) * 100
        out[r[0]] = (n, n * int(r[2].rstrip("%")) // 100)
    return out


@register_seed
class BayesPosterior(SeedQuestion):
    seed_id = "stat-bayes-rate-posterior"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("Each {{who}} costs the company {m} cents.",
               "The figures were collected over {n} weeks.")

    def sample(self, rng):
        while True:
            cuts = np.sort(rng.choice(np.arange(1, 20), size=2, replace=False))
            p = {"t": int(rng.integers(len(RATES))),
                 "share": [int(v) * 5 for v in np.diff(np.concatenate([[0], cuts, [20]]))],
                 "rate": [int(v) for v in rng.integers(1, 13, size=3)],
                 "ask": int(rng.integers(3))}
            if not half_tie(self._exact(p), 3) and 0.05 <= self._exact(p) <= 0.95:
                return p

    def clause(self, p, rng):
        c = super().clause(p, rng)
        c["text"] = c["text"].replace("{who}", RATES[p["t"]][5])
        return c

    @staticmethod
    def _exact(p):
        post = [Fraction(s * r, 10000) for s, r in zip(p["share"], p["rate"])]
        return post[p["ask"]] / sum(post)

    def question(self, p):
        _, rows, _, _, ev, who, whos = RATES[p["t"]]
        return (f"The table gives each {rows.lower()}'s share of all {whos} and the percentage "
                f"of its {whos} that are {ev}. {article(who).capitalize()} chosen at random "
                f"is {ev}. What is the probability that it came from {rows} "
                f"{NAMES[p['ask']]}? Round to three decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 3)

    def check(self, p):
        items = _items(_rate_spec(p))
        faulty = {k: v[1] for k, v in items.items()}
        name = f"{RATES[p['t']][1]} {NAMES[p['ask']]}"
        return half_up(faulty[name] / sum(faulty.values()), 3)

    def diagram(self, p):
        return _rate_spec(p)


