"""DynaMath "algebra" seeds on sequences drawn as bar charts: the sum of the first N terms of
an arithmetic sequence whose first five terms are drawn, and the sum of the infinite geometric
series whose first four terms are drawn.

Why these: DynaMath reads a sequence off a picture and asks for a sum the picture does not
show. Every bar carries its value, and the terms are whole numbers. Answers use the closed
forms (N/2 (2a + (N - 1)d), a / (1 - r)); ``check`` reads the bars back from the drawn chart,
finds the difference or ratio there and adds the terms one by one (the geometric series until
the terms are negligible).

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_graph_s6.py
"""
from __future__ import annotations

from fractions import Fraction

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.algebra.curves import COLORS, HIGH, ROUND2, TOPIC, UNI, ch, tie
from renderers.chart.spec import ChartSpec, Series
from renderers.text import r2


def bars(values: list[int], color: str) -> ChartSpec:
    return ChartSpec(kind="bar", title="Terms of the sequence", x_title="n", y_title="aₙ",
                     categories=[str(i + 1) for i in range(len(values))],
                     series=[Series("aₙ", [float(v) for v in values])], color=color,
                     annotate=True)


def drawn_terms(spec: ChartSpec) -> list[float]:
    return list(spec.series[0].values)


@register_seed
class ArithmeticBarsSum(SeedQuestion):
    seed_id = "algebra-sequence-bars-sum"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("Every term of the sequence is a whole number.", "Each bar is {n} mm wide.")

    def sample(self, rng):
        while True:
            a, d = int(rng.integers(1, 13)), int(ch(rng, (1, 2, 3, 4, 5, -1, -2)))
            if a + 4 * d > 0:  # five positive bars
                return {"a": a, "d": d, "N": int(rng.integers(8, 31)), "color": ch(rng, COLORS)}

    def question(self, p):
        return ("The bars show the first five terms of an arithmetic sequence a₁, a₂, ... . "
                f"What is the sum of its first {p['N']} terms?")

    def answer(self, p):
        return float(Fraction(p["N"], 2) * (2 * p["a"] + (p["N"] - 1) * p["d"]))

    def check(self, p):  # the drawn difference, the terms added one by one
        t = drawn_terms(self.diagram(p))
        d = t[1] - t[0]
        return float(sum(t[0] + k * d for k in range(p["N"])))

    def diagram(self, p):
        return bars([p["a"] + k * p["d"] for k in range(5)], p["color"])


# first terms a (a multiple of q^3, so four terms are whole) and ratios p/q
RATIOS = ((1, 2), (1, 3), (2, 3), (3, 4), (1, 4), (2, 5))


@register_seed
class GeometricSeriesLimit(SeedQuestion):
    seed_id = "algebra-series-bars-limit"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution")

    def sample(self, rng):
        while True:
            num, den = RATIOS[int(rng.integers(len(RATIOS)))]
            a = den ** 3 * int(rng.integers(1, 5 if den <= 3 else 2))
            s = Fraction(a) / (1 - Fraction(num, den))
            if a <= 250 and not tie(s):
                return {"a": a, "r": [num, den], "color": ch(rng, COLORS)}

    def question(self, p):
        return ("The bars show the first four terms of a geometric sequence; every further "
                "term is the previous one times the same ratio. What is the sum of all its "
                f"infinitely many terms? {ROUND2}")

    def answer(self, p):
        return r2(Fraction(p["a"]) / (1 - Fraction(*p["r"])))

    def check(self, p):  # the drawn ratio, terms added until they no longer count
        t = drawn_terms(self.diagram(p))
        r, term, total = t[1] / t[0], t[0], 0.0
        while term > 1e-12:
            total, term = total + term, term * r
        return r2(total)

    def diagram(self, p):
        num, den = p["r"]
        return bars([p["a"] * num ** k // den ** k for k in range(4)], p["color"])
