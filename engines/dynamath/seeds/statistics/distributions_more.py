"""DynaMath "statistics" seeds: discrete distributions drawn as bar charts (binomial shapes, tail
probabilities, mean against median), a linear change of a tabulated variable, and z-scores
read off a table of scores, class means and standard deviations.

Why these: DynaMath's undergraduate statistics asks which binomial parameter a drawn
probability histogram shows, a tail P(X >= k) read off labelled bars, how the mean and median
of a skewed distribution compare, E(aX + b) from a distribution table, and which score is
best relative to its group. Bar heights are whole hundredths summing to 1 (binomial shapes
are drawn exactly and only compared), so answers are exact; ``check`` recomputes from the
drawn spec (bar values, table cells), with the statistics module where it fits.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st1.py
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
import statistics as st

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import COLORS, HIGH, TOPIC, UNI, half_tie
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.table.spec import TableSpec, table_facts
from renderers.text import half_up

# (title, x title: what X counts)
STORIES = (("Heads in a run of coin tosses", "Number of heads"),
           ("Seeds that germinate in a tray", "Number of seeds"),
           ("Free throws made by a player", "Number of free throws"),
           ("Faulty bulbs in a pack", "Number of faulty bulbs"))


def _pmf_chart(p: dict, values: list[float], annotate: bool) -> ChartSpec:
    title, xt = STORIES[p["s"]]
    return ChartSpec(kind="bar", title=title, x_title=xt, y_title="Probability",
                     categories=[str(x) for x in range(len(values))],
                     series=[Series("P(X = x)", [float(v) for v in values], p["color"])],
                     annotate=annotate)


# ----------------------------------------------------------------------------- binomial shape

P_CHOICES = (0.1, 0.3, 0.5, 0.7, 0.9)


def _binom_pmf(n: int, q: float) -> list[float]:
    """Binomial probabilities from the closed form C(n, k) q^k (1 - q)^(n - k)."""
    return [comb(n, k) * q ** k * (1 - q) ** (n - k) for k in range(n + 1)]


def _pmf_by_ratio(n: int, q: float) -> np.ndarray:
    """The binomial probabilities by the ratio P(k + 1) / P(k) = (n - k) q / ((k + 1)(1 - q)),
    a second path to the closed form (no scipy here)."""
    out = [(1 - q) ** n]
    for k in range(n):
        out.append(out[-1] * (n - k) * q / ((k + 1) * (1 - q)))
    return np.array(out)


@register_seed
class BinomialIdentifyP(ShuffledCandidates):
    seed_id = "stat-binomial-identify-p"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "function type")

    def sample(self, rng):
        i = int(rng.integers(len(P_CHOICES)))
        others = [int(j) for j in rng.permutation([j for j in range(5) if j != i])[:3]]
        return {"s": int(rng.integers(len(STORIES))), "n": int(rng.integers(6, 11)),
                "pi": [i] + others, "color": str(COLORS[int(rng.integers(6))]),
                "order": draw_order(rng)}

    def question(self, p):
        return (f"X follows a binomial distribution B({p['n']}, p); the bar chart shows "
                f"P(X = x). Which value is p?")

    def candidates(self, p):
        return [f"{P_CHOICES[i]:.1f}" for i in p["pi"]]

    def check(self, p):
        drawn = np.array(chart_facts(self.diagram(p))["values"], dtype=float)
        err = {c: float(np.abs(_pmf_by_ratio(len(drawn) - 1, float(c)) - drawn).sum())
               for c in self.options(p)}
        return min(err, key=err.get)

    def diagram(self, p):
        return _pmf_chart(p, [round(v, 4) for v in _binom_pmf(p["n"], P_CHOICES[p["pi"][0]])],
                          annotate=False)


# ----------------------------------------------------------------------------- labelled bars


def _hundredths(rng, n: int) -> list[int]:
    """A rough single hump of n probabilities in hundredths, each at least 0.01, summing to 1."""
    c = rng.uniform(0, n - 1)
    w = np.exp(-0.5 * (np.arange(n) - c) ** 2 / rng.uniform(0.8, 3.0)) + 0.05
    raw = w / w.sum() * (100 - n)
    out = np.floor(raw).astype(int) + 1
    for i in np.argsort(-(raw - np.floor(raw)))[:100 - int(out.sum())]:
        out[i] += 1
    return [int(v) for v in out]


def _labelled(rng) -> dict:
    n = int(rng.integers(5, 8))
    return {"s": int(rng.integers(len(STORIES))), "h": _hundredths(rng, n),
            "color": str(COLORS[int(rng.integers(6))])}


def _labelled_chart(p: dict) -> ChartSpec:
    return _pmf_chart(p, [v / 100 for v in p["h"]], annotate=True)


def _drawn_hundredths(spec: ChartSpec) -> list[int]:
    return [round(v * 100) for v in chart_facts(spec)["values"]]


def _p(x: int) -> str:
    return f"{x / 100:.2f}"


@register_seed
class PmfTail(ShuffledCandidates):
    seed_id = "stat-pmf-bar-tail"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The chart is printed on page {m} of the original report.",
               "In the original report the chart's background was {color}.")

    def sample(self, rng):
        while True:
            p = _labelled(rng)
            p["k"] = int(rng.integers(1, len(p["h"]) - 1))
            p["order"] = draw_order(rng)
            if len(set(self.candidates(p))) == 4:
                return p

    def question(self, p):
        return (f"The bar chart shows the probability distribution of X. What is "
                f"P(X ≥ {p['k']})?")

    def candidates(self, p):
        h, k = p["h"], p["k"]
        # the tail, the strict tail, the lower part up to k, and the single bar at k
        return [_p(sum(h[k:])), _p(sum(h[k + 1:])), _p(sum(h[:k + 1])), _p(h[k])]

    def check(self, p):
        h = _drawn_hundredths(self.diagram(p))
        return _p(100 - sum(h[:p["k"]]))

    def diagram(self, p):
        return _labelled_chart(p)


MEAN_MEDIAN = ("The mean is greater than the median", "The mean is less than the median",
               "The mean equals the median", "It cannot be determined")


@register_seed
class PmfMeanVsMedian(SeedQuestion):
    seed_id = "stat-pmf-bar-mean-vs-median"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        want = int(rng.integers(3))
        while True:
            p = _labelled(rng)
            if want == 2:  # a symmetric distribution: mean and median both at the centre
                n = len(p["h"]) // 2 * 2 + 1
                half = _hundredths(rng, n)[: n // 2]
                if sum(half) >= 48:
                    continue
                p["h"] = half + [100 - 2 * sum(half)] + half[::-1]
            if 50 in np.cumsum(p["h"]):  # a CDF of exactly 0.5 has no single median
                continue
            if MEAN_MEDIAN.index(self.answer(p)) == want:
                return p

    def question(self, p):
        return ("The bar chart shows the probability distribution of X. How do the mean and the "
                "median of X compare?")

    def options(self, p):
        return list(MEAN_MEDIAN)

    def answer(self, p):
        mean = Fraction(sum(x * v for x, v in enumerate(p["h"])), 100)
        med = int(np.argmax(np.cumsum(p["h"]) > 50))
        return MEAN_MEDIAN[0 if mean > med else 1 if mean < med else 2]

    def check(self, p):
        out = [x for x, v in enumerate(_drawn_hundredths(self.diagram(p))) for _ in range(v)]
        mean, med = st.mean(out), st.median_low(out)
        return MEAN_MEDIAN[0 if mean > med else 1 if mean < med else 2]

    def diagram(self, p):
        return _labelled_chart(p)


@register_seed
class PmfConditional(SeedQuestion):
    seed_id = "stat-pmf-bar-conditional"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _labelled(rng)
            n = len(p["h"])
            b = int(rng.integers(1, n - 1))
            a = int(rng.integers(b + 1, n))
            p["ab"] = [a, b]
            if not half_tie(self._exact(p), 3):
                return p

    @staticmethod
    def _exact(p):
        a, b = p["ab"]
        return Fraction(sum(p["h"][a:]), sum(p["h"][b:]))

    def question(self, p):
        a, b = p["ab"]
        return (f"The bar chart shows the probability distribution of X. What is "
                f"P(X ≥ {a} | X ≥ {b})? Round to three decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 3)

    def check(self, p):
        a, b = p["ab"]
        out = [x for x, v in enumerate(_drawn_hundredths(self.diagram(p))) for _ in range(v)]
        given = [x for x in out if x >= b]  # the outcomes left once X >= b is known
        return half_up(sum(x >= a for x in given) / len(given), 3)

    def diagram(self, p):
        return _labelled_chart(p)


# ----------------------------------------------------------------------------- linear change

# (title, what X is, what Y is in words, a, b)
CHANGES = (("Orders per day at a bakery", "the number of orders", "the day's profit in dollars",
            12, -30),
           ("Hours of overtime per week", "the hours of overtime", "the week's pay in dollars",
            25, 400),
           ("Goals scored in a match", "the number of goals", "the points a fantasy player gets",
            4, 2))


class _LinearChange(ShuffledCandidates):
    """Y = aX + b of a distribution table of X (one of CHANGES): the seeds differ in the number
    of values (``sizes``, as rng.integers' bounds) and in what they ask (``asked``)."""
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context", "symbolic substitution")
    sizes: tuple[int, int]
    asked: str

    def sample(self, rng):
        while True:
            n = int(rng.integers(*self.sizes))
            x0 = int(rng.integers(0, 3))
            p = {"c": int(rng.integers(len(CHANGES))), "x": list(range(x0, x0 + n)),
                 "h": _hundredths(rng, n), "order": draw_order(rng)}
            if len(set(self.candidates(p))) == 4:
                return p

    def question(self, p):
        _, xs, ys, a, b = CHANGES[p["c"]]
        sign = "+" if b >= 0 else "-"
        return (f"X is {xs}; the table gives its probability distribution. Y, {ys}, is "
                f"Y = {a}X {sign} {abs(b)}. What is {self.asked}?")

    def diagram(self, p):
        return TableSpec(title=CHANGES[p["c"]][0], header=["x"] + [str(x) for x in p["x"]],
                         rows=[["P(X = x)"] + [_p(v) for v in p["h"]]])


@register_seed
class DistLinearMean(_LinearChange):
    seed_id = "stat-dist-linear-mean"
    sizes, asked = (4, 6), "E(Y)"

    def candidates(self, p):
        _, _, _, a, b = CHANGES[p["c"]]
        ex = Fraction(sum(x * v for x, v in zip(p["x"], p["h"])), 100)
        vals = [a * ex + b, a * ex, ex + b, a * (ex + b)]
        return [f"{half_up(v, 2):.2f}" for v in vals]

    def check(self, p):
        f = table_facts(self.diagram(p))
        xs = [int(h) for h in f["header"][1:]]
        ps = [Fraction(c) for c in f["rows"][0][1:]]
        _, _, _, a, b = CHANGES[p["c"]]
        ys = [a * x + b for x in xs]  # E(Y) straight from Y's own values
        return f"{half_up(sum(y * q for y, q in zip(ys, ps)), 2):.2f}"

@register_seed
class DistLinearVariance(_LinearChange):
    seed_id = "stat-dist-linear-variance"
    sizes, asked = (3, 5), "Var(Y)"

    def candidates(self, p):
        _, _, _, a, b = CHANGES[p["c"]]
        ex = Fraction(sum(x * v for x, v in zip(p["x"], p["h"])), 100)
        var = Fraction(sum(x * x * v for x, v in zip(p["x"], p["h"])), 100) - ex * ex
        # a^2 Var(X); a Var(X); a^2 Var(X) + b; (a Var(X) + b)^2 would be absurd, so Var(X)
        vals = [a * a * var, a * var, a * a * var + b, var]
        return [f"{float(v):.4f}".rstrip("0").rstrip(".") for v in vals]

    def check(self, p):
        f = table_facts(self.diagram(p))
        ps = [Fraction(c) for c in f["rows"][0][1:]]
        _, _, _, a, b = CHANGES[p["c"]]
        ys = [a * int(h) + b for h in f["header"][1:]]  # Var(Y) from Y's own values
        ey = sum(y * q for y, q in zip(ys, ps))
        v = sum((y - ey) ** 2 * q for y, q in zip(ys, ps))
        return f"{float(v):.4f}".rstrip("0").rstrip(".")

# ----------------------------------------------------------------------------- z-scores

SUBJECTS = ("Math", "Physics", "History", "English", "Biology", "Chemistry")


@register_seed
class ZScoreBestSubject(SeedQuestion):
    seed_id = "stat-zscore-best-subject"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            subj = sorted(int(i) for i in rng.choice(len(SUBJECTS), size=4, replace=False))
            mean = [int(v) for v in rng.integers(50, 76, size=4)]
            sd = [int(v) for v in rng.integers(4, 16, size=4)]
            score = [m + int(rng.integers(-8, 25)) for m in mean]
            z = sorted(Fraction(s - m, d) for s, m, d in zip(score, mean, sd))
            top = max(range(4), key=lambda i: Fraction(score[i] - mean[i], sd[i]))
            # a clear best, not the highest score nor the largest gap above the mean
            if (z[-1] - z[-2] >= Fraction(1, 5) and max(score) <= 100
                    and top != int(np.argmax(score))
                    and top != int(np.argmax(np.subtract(score, mean)))):
                return {"subj": subj, "mean": mean, "sd": sd, "score": score}

    def question(self, p):
        return ("The table gives a student's scores, with each class's mean and standard "
                "deviation. In which subject did the student do best relative to the class?")

    def options(self, p):
        return [SUBJECTS[i] for i in p["subj"]]

    def answer(self, p):
        i = max(range(4), key=lambda i: Fraction(p["score"][i] - p["mean"][i], p["sd"][i]))
        return SUBJECTS[p["subj"][i]]

    def check(self, p):
        rows = table_facts(self.diagram(p))["rows"]
        return max(rows, key=lambda r: (float(r[1]) - float(r[2])) / float(r[3]))[0]

    def diagram(self, p):
        return TableSpec(title="A student's scores", header=["Subject", "Score", "Class mean",
                                                             "Class SD"],
                         rows=[[SUBJECTS[i], str(s), str(m), str(d)]
                               for i, s, m, d in zip(p["subj"], p["score"], p["mean"],
                                                     p["sd"])])
