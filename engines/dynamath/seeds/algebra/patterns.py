"""DynaMath "algebra" seeds on sequences and tables of values: a far term of a growing pattern
of shapes, the rule behind a table of values, and a far value of a geometric growth table.

Why these: DynaMath asks for the n-th figure of a drawn pattern, for the formula a table of
values follows and for the value a doubling or tripling quantity reaches. The pattern's panels
show every count the rule needs (the next panel is the hidden one); the tables write every
value. ``check`` re-derives each answer from the drawn spec: a line fitted to the visible
counts, each option's formula (parsed with sympy) substituted at every table row, the ratio of
consecutive table cells.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_more2.py
"""
from __future__ import annotations

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.algebra.curves import ELEM, HIGH, TOPIC, ch, parse_rhs, sx
from renderers.puzzle.sample import PLAIN_SHAPES
from renderers.puzzle.spec import COLORS, Figure, PuzzleSpec
from renderers.table.spec import TableSpec


@register_seed
class PatternTerm(SeedQuestion):
    seed_id = "algebra-pattern-term"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", IRRELEVANT)
    clauses = ("Each shape in the panels is the same size.",
               "All the shapes in the pattern have the same colour.")
    canonical = {"shape": "circle", "color": "blue", "start": 2, "step": 3, "N": 10}

    def sample(self, rng):
        step = int(rng.integers(1, 4))
        return {"shape": ch(rng, PLAIN_SHAPES), "color": ch(rng, COLORS),
                "start": int(rng.integers(1, 12 - 3 * step)), "step": step,
                "N": int(rng.integers(8, 21))}

    def question(self, p):
        return ("Panels 1 to 4 show a pattern that grows by the same number of shapes each "
                f"time; panel 5 is hidden. How many shapes are in panel {p['N']}?")

    def answer(self, p):
        return float(p["start"] + p["step"] * (p["N"] - 1))

    def check(self, p):
        shown = [f.count for f in self.diagram(p).figures[:4]]
        slope, icpt = np.polyfit(np.arange(1, 5), shown, 1)
        return float(round(slope * p["N"] + icpt))

    def diagram(self, p):
        figs = [Figure(p["shape"], p["color"], p["start"] + p["step"] * i) for i in range(5)]
        return PuzzleSpec(kind="shape_sequence", rule="count", figures=figs, missing=[4])


def _rule_text(kind: str, a: int, b: int) -> str:
    """y = a x + b, a x^2 + b, a * 2^x + b, b - a x written as an option."""
    def plus(v):
        return "" if v == 0 else f" {'+' if v > 0 else '-'} {abs(v)}"
    ax = "" if a == 1 else str(a)
    if kind == "linear":
        return f"y = {ax}x{plus(b)}"
    if kind == "square":
        return f"y = {ax}x^2{plus(b)}"
    if kind == "power":
        return f"y = {'' if a == 1 else f'{a}·'}2^x{plus(b)}"
    return f"y = {b} - {ax}x"


def _rule_val(kind: str, a: int, b: int, x: int) -> int:
    return {"linear": a * x + b, "square": a * x * x + b, "power": a * 2 ** x + b,
            "down": b - a * x}[kind]


@register_seed
class TableRule(ShuffledCandidates):
    seed_id = "algebra-table-rule"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("function type", "numerical value", IRRELEVANT)
    clauses = ("The table could be continued for larger values of x.",
               "Every value of y in the table is an integer.")
    canonical = {"xs": [0, 1, 2, 3], "rules": [["square", 1, 1], ["linear", 2, 1],
                                               ["power", 1, 0], ["linear", 3, 1]],
                 "order": [1, 2, 0, 3]}
    KINDS = ("linear", "square", "power", "down")

    def sample(self, rng):
        while True:
            x0 = int(rng.integers(0, 3))
            xs = list(range(x0, x0 + 4))
            rules = [[ch(rng, self.KINDS), int(rng.integers(1, 4)), int(rng.integers(-3, 6))]
                     for _ in range(4)]
            texts = {_rule_text(*r) for r in rules}
            true = [_rule_val(*rules[0], x) for x in xs]
            # each wrong rule fits at most two rows (it must part from the table visibly)
            fits = [sum(_rule_val(*r, x) == t for x, t in zip(xs, true)) for r in rules[1:]]
            if len(texts) == 4 and max(fits) <= 2 and sum(f > 0 for f in fits) >= 1:
                return {"xs": xs, "rules": rules, "order": draw_order(rng)}

    def question(self, p):
        return "Which rule gives every value of y in the table from x?"

    def candidates(self, p):
        return [_rule_text(*r) for r in p["rules"]]

    def check(self, p):
        spec = self.diagram(p)
        rows = [(int(r[0]), int(r[1])) for r in spec.rows]
        good = [o for o in self.options(p)
                if all(parse_rhs(o[4:]).subs(sx(), x) == y for x, y in rows)]
        return good[0] if len(good) == 1 else None

    def diagram(self, p):
        r = p["rules"][0]
        return TableSpec(title="Values of x and y", header=["x", "y"],
                         rows=[[str(x), str(_rule_val(*r, x))] for x in p["xs"]])


# (title, time column, value column, question with {t}, thing)
GROWTH = (("Bacteria in a dish", "Hour", "Bacteria", "hour", "bacteria"),
          ("Followers of a blog", "Week", "Followers", "week", "followers"),
          ("Rabbits on an island", "Year", "Rabbits", "year", "rabbits"),
          ("Views of a video", "Day", "Views", "day", "views"))


@register_seed
class GrowthTable(SeedQuestion):
    seed_id = "algebra-growth-table"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The table was made by a student of class {n}B.",
               "The first count was taken at {n} o'clock.")
    canonical = {"ctx": 0, "a": 50, "r": 2, "t": 7}

    def sample(self, rng):
        r = int(ch(rng, (2, 3)))
        return {"ctx": int(rng.integers(len(GROWTH))), "a": int(ch(rng, (5, 10, 20, 25, 50))),
                "r": r, "t": int(rng.integers(5, 9 if r == 2 else 7))}

    def question(self, p):
        _, _, _, unit, thing = GROWTH[p["ctx"]]
        return (f"The number of {thing} is multiplied by the same factor every {unit}, as the "
                f"table shows. How many {thing} are there at {unit} {p['t']}?")

    def answer(self, p):
        return float(p["a"] * p["r"] ** p["t"])

    def check(self, p):
        rows = [(int(a), int(b)) for a, b in self.diagram(p).rows]
        r = rows[1][1] // rows[0][1]
        if any(b * r != d for (_, b), (_, d) in zip(rows, rows[1:])):
            return None
        return float(rows[0][1] * r ** (p["t"] - rows[0][0]))

    def diagram(self, p):
        title, tcol, vcol, _, _ = GROWTH[p["ctx"]]
        return TableSpec(title=title, header=[tcol, vcol],
                         rows=[[str(k), str(p["a"] * p["r"] ** k)] for k in range(4)])
