"""DynaMath "algebra" seeds on two drawn lines: which linear system they are the graphs of,
where one line lies above the other (a linear inequality's solution set), and when two linear
costs drawn as a line chart break even.

Why these: DynaMath asks for the system or inequality behind two drawn lines and for the
crossing point of two linear trends in a real-life chart. Lines have integer intercepts and
slopes from a short list and meet at a lattice point inside a window ten units wide (grid step
1), so every needed value is read off the grid; the chart's costs are whole dollars. ``check``
works on the drawn spec: it substitutes the curve's own values into the parsed options (sympy)
or finds the crossing month in the drawn series.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_more2.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, ShuffledCandidates, SeedQuestion, draw_order,
                                   register_seed)
from engines.dynamath.seeds.algebra.curves import (COLORS, ELEM, HIGH, TOPIC, ch, curve,
                                                   parse_rhs, poly, sx)
from engines.dynamath.seeds.algebra.forms import line_text
from renderers.chart.spec import ChartSpec, Series
from renderers.function.spec import FunctionSpec, value

SLOPES = (Fraction(1), Fraction(-1), Fraction(2), Fraction(-2), Fraction(1, 2), Fraction(-1, 2),
          Fraction(3), Fraction(-3))


def two_lines(rng) -> dict:
    """Two lines y = m x + b meeting at the lattice point (x0, y0), both with integer
    intercepts, in a 10 x 10 window that shows the crossing and both intercepts."""
    while True:
        x0, y0 = int(rng.integers(-3, 4)), int(rng.integers(-3, 4))
        m1, m2 = (SLOPES[int(i)] for i in rng.choice(len(SLOPES), 2, replace=False))
        b1, b2 = y0 - m1 * x0, y0 - m2 * x0
        if b1.denominator == b2.denominator == 1 and abs(b1) <= 4 and abs(b2) <= 4 and b1 != b2:
            return {"x0": x0, "y0": y0, "lines": [[str(m1), int(b1)], [str(m2), int(b2)]],
                    "win": [-5, 5, -5, 5]}


def _mb(line) -> tuple[Fraction, Fraction]:
    return Fraction(line[0]), Fraction(line[1])


def _line_dict(line) -> dict:
    m, b = _mb(line)
    return poly([float(b), float(m)])


def _lines_spec(p, names=("", "")) -> FunctionSpec:
    x0, x1, y0, y1 = p["win"]
    return FunctionSpec(curves=[curve(_line_dict(ln), nm, c) for ln, nm, c in
                                zip(p["lines"], names, p["colors"])],
                        xmin=x0, xmax=x1, ymin=y0, ymax=y1, show_expression="none")


def _system_text(pair) -> str:
    return " and ".join(line_text(*_mb(ln), "slope-intercept", 0) for ln in pair)


@register_seed
class WhichSystem(ShuffledCandidates):
    seed_id = "algebra-system-which"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("The point ({x}, {y}) is not marked in the figure.",
               "A third line, not drawn, has slope {n}.")
    canonical = {"x0": 1, "y0": 2, "lines": [["2", 0], ["-1", 3]], "win": [-5, 5, -5, 5],
                 "wrong": [[["-2", 0], ["-1", 3]], [["2", 0], ["1", 3]], [["2", 1], ["-1", 3]]],
                 "order": [2, 0, 3, 1], "colors": ["blue", "red"]}

    def sample(self, rng):
        p = two_lines(rng)
        (m1, b1), (m2, b2) = p["lines"]
        flip = lambda m: str(-Fraction(m))  # noqa: E731  the slope's sign flipped
        pool = [[[flip(m1), b1], [m2, b2]], [[m1, b1], [flip(m2), b2]],
                [[m1, b1 + 1], [m2, b2]], [[m1, b1], [m2, b2 - 1]], [[m1, -b1], [m2, b2]],
                [[m1, b1], [m2, -b2]], [[m1, b2], [m2, b1]]]
        texts, wrong = {_system_text(p["lines"])}, []
        for i in rng.permutation(len(pool)):
            t = _system_text(pool[i])
            if t not in texts and Fraction(pool[i][0][0]) != Fraction(pool[i][1][0]):
                texts.add(t)
                wrong.append(pool[i])
            if len(wrong) == 3:
                break
        cols = [str(c) for c in rng.choice(COLORS[:4], 2, replace=False)]
        return {**p, "wrong": wrong, "order": draw_order(rng), "colors": cols}

    def question(self, p):
        return "The two lines drawn are the graphs of a system of two linear equations. " \
               "Which system of equations do the two drawn lines show?"

    def candidates(self, p):
        return [_system_text(s) for s in [p["lines"]] + p["wrong"]]

    def check(self, p):
        spec = self.diagram(p)
        xs = (-2.0, 0.0, 3.0)
        drawn = [[value(cv, x) for x in xs] for cv in spec.curves]
        good = []
        for opt in self.options(p):
            eqs = [parse_rhs(e.split("=")[1]) for e in opt.split(" and ")]
            vals = [[float(e.subs(sx(), x)) for x in xs] for e in eqs]
            if sorted(vals) == sorted(drawn):
                good.append(opt)
        return good[0] if len(good) == 1 else None

    def diagram(self, p):
        return _lines_spec(p)


def _interval(rel: str, a) -> str:
    return f"x {rel} {a}"


@register_seed
class LineInequality(ShuffledCandidates):
    seed_id = "algebra-inequality-interval"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("Both f and g are linear functions defined for every real x.",
               "The value of f at x = 10 is not shown in the figure.")
    canonical = {"x0": 1, "y0": 2, "lines": [["2", 0], ["-1", 3]], "win": [-5, 5, -5, 5],
                 "rel": ">", "decoy": 2, "order": [1, 3, 0, 2], "colors": ["blue", "red"]}

    def sample(self, rng):
        while True:
            p = two_lines(rng)
            decoy = p["y0"] if p["y0"] != p["x0"] else p["x0"] + ch(rng, (-2, 2))
            if decoy != p["x0"]:
                cols = [str(c) for c in rng.choice(COLORS[:4], 2, replace=False)]
                return {**p, "rel": ch(rng, (">", "<")), "decoy": int(decoy),
                        "order": draw_order(rng), "colors": cols}

    def question(self, p):
        return f"The lines f and g are drawn. For which values of x is f(x) {p['rel']} g(x)?"

    def candidates(self, p):
        m1, m2 = (Fraction(ln[0]) for ln in p["lines"])
        above_right = m1 > m2  # f - g grows with x
        right = (p["rel"] == ">") == above_right
        x0, d = p["x0"], p["decoy"]
        return [_interval(">" if right else "<", x0), _interval("<" if right else ">", x0),
                _interval(">" if right else "<", d), _interval("<" if right else ">", d)]

    def check(self, p):
        f, g = self.diagram(p).curves
        good = []
        for opt in self.options(p):
            rel, a = opt.split()[1], int(opt.split()[2])
            # the option holds iff f - g has the asked sign on its side and not on the other
            side = [a + 0.5, a + 3.0] if rel == ">" else [a - 0.5, a - 3.0]
            off = [a - 0.5, a - 3.0] if rel == ">" else [a + 0.5, a + 3.0]
            sign = 1 if p["rel"] == ">" else -1
            if all(sign * (value(f, x) - value(g, x)) > 0 for x in side) and \
                    all(sign * (value(f, x) - value(g, x)) < 0 for x in off):
                good.append(opt)
        return good[0] if len(good) == 1 else None

    def diagram(self, p):
        return _lines_spec(p, ("f", "g"))


# (title, unit, first plan, second plan)
PLANS = (("Gym memberships", "Month", "Gym A", "Gym B"),
         ("Phone plans", "Month", "Plan A", "Plan B"),
         ("Streaming services", "Month", "Service X", "Service Y"),
         ("Car rentals", "Day", "Rental A", "Rental B"))


@register_seed
class BreakEven(SeedQuestion):
    seed_id = "algebra-break-even"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("A third option, not shown, costs ${m} per {unit}.",
               "Both prices include tax.")
    canonical = {"ctx": 1, "fees": [60, 10], "rates": [20, 30], "n": 10}

    def sample(self, rng):
        while True:
            t = int(rng.integers(2, 8))  # the month both totals are equal
            r1, r2 = sorted(int(v) for v in rng.choice(np.arange(5, 41, 5), 2, replace=False))
            f2 = int(rng.integers(0, 6)) * 10
            f1 = f2 + (r2 - r1) * t
            if f1 <= 200 and r2 - r1 >= 10:  # the lines part visibly on either side
                return {"ctx": int(rng.integers(len(PLANS))), "fees": [f1, f2],
                        "rates": [r1, r2], "n": 10}

    def clause(self, p, rng):
        t = self.clauses[int(rng.integers(len(self.clauses)))]
        unit = PLANS[p["ctx"]][1].lower()
        return {"text": t.format(m=int(rng.integers(10, 61)), unit=unit)}

    def question(self, p):
        title, unit, a, b = PLANS[p["ctx"]]
        return (f"The chart shows the total cost in dollars of {a} and {b} after each "
                f"{unit.lower()}; each cost is a start fee plus the same amount every "
                f"{unit.lower()}. After how many {unit.lower()}s do {a} and {b} cost the same?")

    def answer(self, p):
        (f1, f2), (r1, r2) = p["fees"], p["rates"]
        return float(Fraction(f1 - f2, r2 - r1))

    def check(self, p):
        spec = self.diagram(p)
        a, b = (np.array(s.values) for s in spec.series)
        hit = np.flatnonzero(a == b)
        return float(spec.categories[int(hit[0])]) if len(hit) == 1 else None

    def diagram(self, p):
        title, unit, a, b = PLANS[p["ctx"]]
        ks = list(range(0, p["n"] + 1))
        return ChartSpec(kind="line", title=title, x_title=unit, y_title="Total cost ($)",
                         categories=[str(k) for k in ks],
                         series=[Series(nm, [float(f + r * k) for k in ks], c) for nm, f, r, c
                                 in zip((a, b), p["fees"], p["rates"], ("blue", "orange"))])
