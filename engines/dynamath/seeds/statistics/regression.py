"""DynaMath "statistics" seeds on a fitted line drawn through labelled data points: the
residual of one point, the point with the largest residual in size, and the sum of squared
residuals.

Why: DynaMath asks for residuals and predictions against a drawn trend line. The line's
equation is written above the plot and every point's coordinates beside it, so nothing is read
off a scale. ``check`` re-derives each answer from the function family's spec another way:
``numpy.polyval`` of the drawn line's coefficients at the drawn points.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics_s6.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import COLORS, HIGH, TOPIC, UNI
from renderers.function.curve import Curve
from renderers.function.spec import FunctionSpec, NamedPoint
from renderers.spec import rng_choice

SLOPES = (Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(-1, 2), Fraction(-1))
NAMES = "ABCDE"
CLAUSES = ("The data were collected by {n} students.",
           "The same line was fitted to last year's data of {m} points, not shown.")


def _params(rng, n_lo: int = 4, n_hi: int = 5) -> dict:
    while True:
        m = SLOPES[int(rng.integers(len(SLOPES)))]
        b = int(rng.integers(1, 5)) if m > 0 else int(rng.integers(8, 12))
        n = int(rng.integers(n_lo, n_hi + 1))
        xs = sorted(int(v) for v in rng.choice(range(1, 10), size=n, replace=False))
        if min(b2 - a for a, b2 in zip(xs, xs[1:])) < 2:
            continue
        ys = [int(round(float(m * x + b))) + int(rng.integers(-3, 4)) for x in xs]
        res = [Fraction(y) - (m * x + b) for x, y in zip(xs, ys)]
        if all(0 <= y <= 12 for y in ys) and sum(r != 0 for r in res) >= n - 1:
            return {"m": [m.numerator, m.denominator], "b": b, "xs": xs, "ys": ys,
                    "color": rng_choice(rng, COLORS[:6])}


def _slope(p) -> Fraction:
    return Fraction(*p["m"])


def _residuals(p) -> list[Fraction]:
    return [Fraction(y) - (_slope(p) * x + p["b"]) for x, y in zip(p["xs"], p["ys"])]


def _spec(p) -> FunctionSpec:
    line = Curve("polynomial", coeffs=[float(p["b"]), float(_slope(p))], name="",
                 color=p["color"])
    return FunctionSpec(curves=[line], xmin=-1, xmax=11, ymin=-1, ymax=14,
                        points=[NamedPoint(NAMES[i], x, y) for i, (x, y) in
                                enumerate(zip(p["xs"], p["ys"]))])


def _drawn_residuals(spec: FunctionSpec) -> dict[str, float]:
    """Each drawn point's y minus the drawn line at its x."""
    coeffs = spec.curves[0].coeffs[::-1]  # numpy wants the highest power first
    return {pt.name: pt.y - float(np.polyval(coeffs, pt.x)) for pt in spec.points}


LEAD = "The plot shows labelled data points and a trend line drawn for them. "


@register_seed
class LineResidual(SeedQuestion):
    seed_id = "stat-fitted-line-residual"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _params(rng)
            k = int(rng.integers(len(p["xs"])))
            if _residuals(p)[k] != 0:
                return {**p, "ask": k}

    def question(self, p):
        return (f"{LEAD}What is the residual (observed y minus the y the line predicts) of "
                f"point {NAMES[p['ask']]}?")

    def answer(self, p):
        return float(_residuals(p)[p["ask"]])

    def check(self, p):
        return round(_drawn_residuals(self.diagram(p))[NAMES[p["ask"]]], 6)

    def diagram(self, p):
        return _spec(p)


@register_seed
class LineLargestResidual(ShuffledCandidates):
    seed_id = "stat-fitted-line-largest-residual"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _params(rng, 4, 5)
            r = sorted(abs(v) for v in _residuals(p))
            if r[-1] - r[-2] >= 1:
                k = int(np.argmax([abs(v) for v in _residuals(p)]))
                others = [i for i in range(len(p["xs"])) if i != k]
                pick = sorted(int(v) for v in rng.choice(others, size=3, replace=False))
                return {**p, "others": pick, "order": draw_order(rng)}

    def candidates(self, p):
        k = int(np.argmax([abs(v) for v in _residuals(p)]))
        return [NAMES[i] for i in [k] + p["others"]]

    def question(self, p):
        return (f"{LEAD}Which point has the residual of largest size (the largest vertical "
                f"distance from the line)?")

    def check(self, p):
        r = _drawn_residuals(self.diagram(p))
        return max(r, key=lambda n: abs(r[n]))

    def diagram(self, p):
        return _spec(p)


@register_seed
class LineSSE(SeedQuestion):
    seed_id = "stat-fitted-line-sse"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        return _params(rng, 3, 4)

    def question(self, p):
        return (f"{LEAD}What is the sum of the squared residuals of all the labelled points "
                f"about this line?")

    def answer(self, p):
        return float(sum(r * r for r in _residuals(p)))

    def check(self, p):
        r = np.array(list(_drawn_residuals(self.diagram(p)).values()))
        return round(float(r @ r), 6)

    def diagram(self, p):
        return _spec(p)
