"""DynaMath "arithmetic" seeds on drawn objects and tables: which of three fraction bars is
shaded most (or least), where equal jumps on a number line land, a ratio shown as a bar model,
the best value in a price list and a trip's length read off a timetable.

Why these: DynaMath's arithmetic questions count and compare what is drawn (shaded parts,
jumps, bars) and compute with numbers read off real-life tables. Every count, jump and cell
the answer needs is drawn or written; fractions differ (no ties in "which is largest"), unit
prices differ by at least a cent. ``check`` re-derives each answer from the drawn spec (shaded
parts counted, jump ends read, table cells parsed), not from the params.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_more2.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from renderers.arithmetic.spec import (ArithmeticSpec, BarModel, BarPart, FractionModel, Jump,
                                       ModelBar, NumberLine)
from renderers.spec import rng_choice as ch
from renderers.table.spec import TableSpec

TOPIC = "arithmetic"
ELEM, HIGH = "elementary school", "high school"
COLORS = ("blue", "red", "green", "orange", "purple")
BARS = "ABCD"


@register_seed
class FractionCompare(SeedQuestion):
    seed_id = "arith-fraction-compare"
    topic, level, answer_type = TOPIC, ELEM, "multiple choice"
    kinds = ("numerical value", "color", IRRELEVANT)
    clauses = ("Bar A was shaded first.", "The worksheet with the bars has {n} pages.")
    canonical = {"fr": [[1, 2], [2, 3], [3, 8]], "ask": "largest", "color": "blue"}
    EQUAL = "All three are equal"  # never right (no ties), a distractor a guesser may take

    def sample(self, rng):
        while True:
            fr = []
            for _ in range(3):
                n = int(rng.integers(2, 11))
                fr.append([int(rng.integers(1, n)), n])
            vals = [Fraction(k, n) for k, n in fr]
            if len(set(vals)) == 3:
                return {"fr": fr, "ask": ch(rng, ("largest", "smallest")),
                        "color": ch(rng, COLORS)}

    def question(self, p):
        return (f"Each bar is cut into equal parts, and some parts are shaded. Which bar has "
                f"the {p['ask']} fraction shaded?")

    def options(self, p):
        return list(BARS[:3]) + [self.EQUAL]

    def answer(self, p):
        vals = [Fraction(k, n) for k, n in p["fr"]]
        pick = max(vals) if p["ask"] == "largest" else min(vals)
        return BARS[vals.index(pick)]

    def check(self, p):
        fr = {m.caption: Fraction(sum(1 for c in m.fills if c), len(m.fills))
              for m in self.diagram(p).fractions}
        best = sorted(fr, key=fr.get)
        return best[-1] if p["ask"] == "largest" else best[0]

    def diagram(self, p):
        return ArithmeticSpec(kind="fraction", fractions=[
            FractionModel("bar", [p["color"]] * k + [""] * (n - k), cap)
            for (k, n), cap in zip(p["fr"], BARS[:3])])


@register_seed
class NumberLineJumps(SeedQuestion):
    seed_id = "arith-number-line-jumps"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", IRRELEVANT)
    clauses = ("The number line continues past both ends.",
               "A frog on another number line jumps {n} units at a time.")
    canonical = {"start": 2, "step": 3, "shown": 3, "N": 8, "back": False}

    def sample(self, rng):
        back = bool(rng.random() < 0.4)
        step = int(rng.integers(2, 5))
        shown = int(rng.integers(2, 4))
        start = int(rng.integers(12, 16)) if back else int(rng.integers(0, 4))
        return {"start": start, "step": step, "shown": shown,
                "N": int(rng.integers(shown + 3, shown + 9)), "back": back}

    def question(self, p):
        way = "left" if p["back"] else "right"
        return (f"The arcs show a frog's first jumps along the number line, each the same "
                f"length and to the {way}. Where is the frog after {p['N']} jumps?")

    def answer(self, p):
        d = -p["step"] if p["back"] else p["step"]
        return float(p["start"] + d * p["N"])

    def check(self, p):
        js = self.diagram(p).number_line.jumps
        d = js[0].end - js[0].start
        if any(j.end - j.start != d for j in js) or \
                any(a.end != b.start for a, b in zip(js, js[1:])):
            return None
        return float(js[0].start + d * p["N"])

    def diagram(self, p):
        d = -p["step"] if p["back"] else p["step"]
        ends = [p["start"] + d * i for i in range(p["shown"] + 1)]
        return ArithmeticSpec(kind="number_line", number_line=NumberLine(
            0, 20, 1, 2, jumps=[Jump(a, b) for a, b in zip(ends, ends[1:])]))


NAMES = (("Ann", "Ben"), ("Mia", "Leo"), ("Sam", "Zoe"), ("Ivy", "Max"))
THINGS = ("marbles", "stickers", "stamps", "cards")


@register_seed
class BarModelRatio(SeedQuestion):
    seed_id = "arith-bar-model-ratio"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("Their friend has {m} {thing} too.",)
    canonical = {"units": [2, 3], "unit": 8, "names": 0, "thing": 0, "who": 1,
                 "colors": ["blue", "orange"]}

    def sample(self, rng):
        while True:
            u1, u2 = (int(v) for v in rng.integers(1, 6, size=2))
            if u1 != u2:
                cols = [str(c) for c in rng.choice(COLORS, 2, replace=False)]
                return {"units": [u1, u2], "unit": int(rng.integers(2, 13)),
                        "names": int(rng.integers(len(NAMES))),
                        "thing": int(rng.integers(len(THINGS))), "who": int(rng.integers(2)),
                        "colors": cols}

    def clause(self, p, rng):
        return {"text": self.clauses[0].format(m=int(rng.integers(10, 61)),
                                               thing=THINGS[p["thing"]])}

    def question(self, p):
        a, b = NAMES[p["names"]]
        total = p["unit"] * sum(p["units"])
        return (f"The bar model shows how many {THINGS[p['thing']]} {a} and {b} have; all "
                f"the boxes are equal. Together they have {total}. How many does "
                f"{(a, b)[p['who']]} have?")

    def answer(self, p):
        return float(p["unit"] * p["units"][p["who"]])

    def check(self, p):
        bars = self.diagram(p).bar_model.bars
        counts = [len(b.parts) for b in bars]
        total = p["unit"] * sum(p["units"])
        return float(Fraction(total, sum(counts)) * counts[p["who"]])

    def diagram(self, p):
        a, b = NAMES[p["names"]]
        return ArithmeticSpec(kind="bar_model", bar_model=BarModel([
            ModelBar(nm, [BarPart(1.0, "", c) for _ in range(u)])
            for nm, u, c in zip((a, b), p["units"], p["colors"])]))


PACKS = (("Pens", "pens"), ("Eggs", "eggs"), ("Batteries", "batteries"), ("Rolls", "rolls"))


@register_seed
class BestValue(SeedQuestion):
    seed_id = "arith-best-value"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("real-life context", "numerical value", IRRELEVANT)
    clauses = ("The shop is open {n} days a week.", "Pack A is on the top shelf.")
    canonical = {"item": 0, "packs": [[4, 300], [6, 420], [10, 760], [12, 960]], "ask": "lowest"}

    def sample(self, rng):
        while True:
            sizes = sorted(int(v) for v in rng.choice(np.arange(2, 25), 4, replace=False))
            unit = int(rng.integers(40, 200))
            packs = [[s, int(s * unit + rng.integers(-s * 15, s * 15 + 1))] for s in sizes]
            per = sorted(Fraction(c, s) for s, c in packs)
            if all(b - a >= 1 for a, b in zip(per, per[1:])):  # a cent apart at least
                return {"item": int(rng.integers(len(PACKS))), "packs": packs,
                        "ask": ch(rng, ("lowest", "highest"))}

    def question(self, p):
        return (f"The price list shows four packs of {PACKS[p['item']][1]}. Which pack has the "
                f"{p['ask']} price per item?")

    def options(self, p):
        return [f"Pack {c}" for c in BARS]

    def answer(self, p):
        per = [Fraction(c, s) for s, c in p["packs"]]
        pick = min(per) if p["ask"] == "lowest" else max(per)
        return f"Pack {BARS[per.index(pick)]}"

    def check(self, p):
        rows = self.diagram(p).rows
        per = {r[0]: float(r[2].lstrip("$")) / int(r[1]) for r in rows}
        best = sorted(per, key=per.get)
        return best[0] if p["ask"] == "lowest" else best[-1]

    def diagram(self, p):
        return TableSpec(title=f"{PACKS[p['item']][0]}: price list",
                         header=["Pack", "Items", "Price"],
                         rows=[[f"Pack {c}", str(s), f"${cents / 100:.2f}"]
                               for c, (s, cents) in zip(BARS, p["packs"])])


STOPS = ("Oakton", "Bridge St", "Mill Lane", "Riverside", "Hilltop", "Park Road", "Station Sq")


def _hm(m: int) -> str:
    return f"{m // 60:02d}:{m % 60:02d}"


@register_seed
class TimetableTrip(SeedQuestion):
    seed_id = "arith-timetable-trip"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("real-life context", "numerical value", IRRELEVANT)
    clauses = ("The bus has {m} seats.", "Tickets are sold on board.")
    canonical = {"stops": [0, 1, 2, 3, 4], "times": [[430, 445, 452, 470, 488],
                                                       [490, 505, 512, 530, 548]],
                 "trip": [1, 3], "bus": 1}

    def sample(self, rng):
        k = int(rng.integers(4, 6))
        stops = sorted(int(v) for v in rng.choice(len(STOPS), k, replace=False))
        legs = [int(v) for v in rng.integers(4, 19, size=k - 1)]
        t0 = int(rng.integers(6 * 60, 17 * 60))
        gap = int(ch(rng, (20, 30, 45, 60)))
        times = [[t0 + b * gap + sum(legs[:i]) for i in range(k)] for b in range(2)]
        i, j = sorted(int(v) for v in rng.choice(k, 2, replace=False))
        return {"stops": stops, "times": times, "trip": [i, j], "bus": int(rng.integers(2))}

    def question(self, p):
        i, j = p["trip"]
        which = ("first", "second")[p["bus"]]
        return (f"The timetable shows two buses, Bus 1 and Bus 2. How many minutes does the {which} bus (Bus {p['bus'] + 1}) take "
                f"from {STOPS[p['stops'][i]]} to {STOPS[p['stops'][j]]}?")

    def answer(self, p):
        i, j = p["trip"]
        t = p["times"][p["bus"]]
        return float(t[j] - t[i])

    def check(self, p):
        rows = {r[0]: r[1:] for r in self.diagram(p).rows}
        i, j = p["trip"]

        def minutes(s):
            h, m = s.split(":")
            return int(h) * 60 + int(m)
        a, b = rows[STOPS[p["stops"][i]]][p["bus"]], rows[STOPS[p["stops"][j]]][p["bus"]]
        return float(minutes(b) - minutes(a))

    def diagram(self, p):
        return TableSpec(title="Bus timetable", header=["Stop", "Bus 1", "Bus 2"],
                         rows=[[STOPS[s], _hm(p["times"][0][i]), _hm(p["times"][1][i])]
                               for i, s in enumerate(p["stops"])])
