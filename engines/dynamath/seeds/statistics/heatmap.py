"""DynaMath "statistics" seeds: heatmaps (value grids and correlation matrices).

Why these: DynaMath reads heatmaps for the largest cell, a row's or column's total or mean, and
reads correlation matrices for the strongest relation and the variance a line explains. Every
value is written in its cell; "which is largest" answers are resampled until unique.
``check`` re-derives answers from the renderer's facts or with numpy on the drawn values.

    python -m pytest -q tests/engines/dynamath/test_statistics_heatmap.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.statistics.common import ELEM, HIGH, TOPIC, UNI, half_tie, shuffled
from renderers.heatmap.spec import HeatmapSpec, heatmap_facts
from renderers.spec import rng_choice
from renderers.text import half_up

# (title, row names, column names, value range)
GRIDS = (("Visitors by day and hour", ("Mon", "Tue", "Wed", "Thu", "Fri"),
          ("9am", "11am", "1pm", "3pm", "5pm"), (5, 80)),
         ("Sales by store and month", ("North", "South", "East", "West", "Central"),
          ("Jan", "Feb", "Mar", "Apr", "May"), (10, 99)),
         ("Rainy days by city and season", ("Oslo", "Rome", "Lima", "Pune", "Perth"),
          ("Spring", "Summer", "Autumn", "Winter"), (2, 40)),
         ("Orders by region and product", ("Asia", "Europe", "Africa", "America"),
          ("Tea", "Coffee", "Cocoa", "Juice"), (0, 60)))
# what each grid's cells count, so that a draw "from a row" picks one counted item, not a cell
ITEMS = ("visitors", "sales", "rainy days", "orders")
CMAPS = ("blues", "oranges", "greens")


def _grid(rng, min_rows: int = 3) -> dict:
    g = int(rng.integers(len(GRIDS)))
    _, rows, cols, (lo, hi) = GRIDS[g]
    nr = int(rng.integers(min_rows, len(rows) + 1))
    nc = int(rng.integers(3, len(cols) + 1))
    return {"g": g, "nr": nr, "nc": nc, "cmap": rng_choice(rng, CMAPS),
            "values": rng.integers(lo, hi + 1, size=(nr, nc)).tolist()}


def _names(p: dict) -> tuple[list[str], list[str]]:
    _, rows, cols, _ = GRIDS[p["g"]]
    return list(rows[:p["nr"]]), list(cols[:p["nc"]])


def _spec(p: dict) -> HeatmapSpec:
    rows, cols = _names(p)
    return HeatmapSpec(title=GRIDS[p["g"]][0], rows=rows, cols=cols,
                       values=[[float(v) for v in r] for r in p["values"]], cmap=p["cmap"])


@register_seed
class HeatmapMaxCell(SeedQuestion):
    seed_id = "stat-heatmap-max-cell"
    topic, level, answer_type = TOPIC, ELEM, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _grid(rng)
            v = np.asarray(p["values"])
            if (v == v.max()).sum() == 1:
                break
        rows, cols = _names(p)
        i, j = np.unravel_index(int(np.argmax(v)), v.shape)
        ans = f"{rows[i]}, {cols[j]}"
        others = [f"{r}, {c}" for r in rows for c in cols if f"{r}, {c}" != ans]
        pick = [others[int(k)] for k in rng.choice(len(others), size=3, replace=False)]
        p["opts"] = shuffled(rng, [ans] + pick)
        return p

    def question(self, p):
        return ("Which cell of the heatmap has the largest value? Each option names the row, "
                "then the column.")

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        rows, cols = _names(p)
        v = np.asarray(p["values"])
        i, j = np.unravel_index(int(np.argmax(v)), v.shape)
        return f"{rows[i]}, {cols[j]}"

    def check(self, p):
        (r, c), = heatmap_facts(_spec(p))["max_cells"]
        return f"{r}, {c}"

    def diagram(self, p):
        return _spec(p)


@register_seed
class HeatmapRowTotal(SeedQuestion):
    seed_id = "stat-heatmap-row-total"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _grid(rng)
        p["axis"] = rng_choice(rng, ("row", "column"))
        p["k"] = int(rng.integers(p["nr"] if p["axis"] == "row" else p["nc"]))
        return p

    def question(self, p):
        rows, cols = _names(p)
        name = rows[p["k"]] if p["axis"] == "row" else cols[p["k"]]
        return f"What is the total of the {name} {p['axis']} of the heatmap?"

    def answer(self, p):
        v = p["values"]
        return float(sum(v[p["k"]]) if p["axis"] == "row" else sum(r[p["k"]] for r in v))

    def check(self, p):
        f = heatmap_facts(_spec(p))
        rows, cols = _names(p)
        return f["row_sums"][rows[p["k"]]] if p["axis"] == "row" else \
            f["col_sums"][cols[p["k"]]]

    def diagram(self, p):
        return _spec(p)


@register_seed
class HeatmapColumnMean(SeedQuestion):
    seed_id = "stat-heatmap-column-mean"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _grid(rng)
        p["k"] = int(rng.integers(p["nc"]))
        return p

    def question(self, p):
        return (f"What is the mean of the values in the {_names(p)[1][p['k']]} column of the "
                f"heatmap? Round to two decimal places.")

    def answer(self, p):
        col = [r[p["k"]] for r in p["values"]]
        return half_up(float(Fraction(sum(col), len(col))), 2)

    def check(self, p):
        return half_up(float(np.mean(np.asarray(p["values"], float)[:, p["k"]])), 2)

    def diagram(self, p):
        return _spec(p)


@register_seed
class HeatmapLargestRow(SeedQuestion):
    seed_id = "stat-heatmap-largest-row"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _grid(rng, min_rows=4)
            s = np.asarray(p["values"]).sum(axis=1)
            if (s == s.max()).sum() == 1:
                p["opts"] = shuffled(rng, _names(p)[0])
                return p

    def question(self, p):
        return "Which row of the heatmap has the largest total?"

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        return _names(p)[0][int(np.argmax(np.asarray(p["values"]).sum(axis=1)))]

    def check(self, p):
        sums = heatmap_facts(_spec(p))["row_sums"]
        return max(sums, key=sums.get)

    def diagram(self, p):
        return _spec(p)


# ----------------------------------------------------------------------------- correlations

# short names: a 4 x 4 matrix with its labels stays legible at 224 px
VARIABLES = ("Age", "Pay", "Rent", "Sleep", "Steps", "Score", "Mass")


def _corr(rng) -> dict:
    """A correlation matrix of 4 variables, rounded to 2 decimals, from simulated data."""
    k = 4
    names = [VARIABLES[int(i)] for i in sorted(rng.choice(len(VARIABLES), size=k, replace=False))]
    load = rng.normal(0, 1, size=(k, 2))
    data = rng.normal(0, 1, size=(60, 2)) @ load.T + rng.normal(0, 0.8, size=(60, k))
    r = np.round(np.corrcoef(data.T), 2)
    np.fill_diagonal(r, 1.0)
    return {"names": names, "r": r.tolist()}


def _corr_spec(p: dict) -> HeatmapSpec:
    return HeatmapSpec(title="Correlation matrix", rows=p["names"], cols=p["names"],
                       values=p["r"], digits=2, cmap="diverging", vmin=-1.0, vmax=1.0)


def _pairs(p: dict) -> list[tuple[int, int]]:
    k = len(p["names"])
    return [(i, j) for i in range(k) for j in range(i + 1, k)]


@register_seed
class CorrelationStrongest(SeedQuestion):
    seed_id = "stat-heatmap-correlation-strongest"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution")

    def sample(self, rng):
        while True:
            p = _corr(rng)
            p["sign"] = rng_choice(rng, ("positive", "negative"))
            s = 1 if p["sign"] == "positive" else -1
            vals = sorted(s * p["r"][i][j] for i, j in _pairs(p))
            if vals[-1] > 0.2 and vals[-1] - vals[-2] >= 0.05:
                best = self.answer(p)
                others = [self._name(p, ij) for ij in _pairs(p) if self._name(p, ij) != best]
                pick = [others[int(k)] for k in rng.choice(len(others), size=3, replace=False)]
                p["opts"] = shuffled(rng, [best] + pick)
                return p

    @staticmethod
    def _name(p, ij):
        return f"{p['names'][ij[0]]} and {p['names'][ij[1]]}"

    def question(self, p):
        return (f"The heatmap shows the correlation coefficients between pairs of variables. "
                f"Which pair has the strongest {p['sign']} correlation?")

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        s = 1 if p["sign"] == "positive" else -1
        return self._name(p, max(_pairs(p), key=lambda ij: s * p["r"][ij[0]][ij[1]]))

    def check(self, p):
        v = heatmap_facts(_corr_spec(p))["values"]
        best, arg = None, None
        for i, a in enumerate(p["names"]):  # below the diagonal: the matrix is symmetric
            for j in range(i):
                x = v[i][j] if p["sign"] == "positive" else -v[i][j]
                if best is None or x > best:
                    best, arg = x, f"{p['names'][j]} and {a}"
        return arg

    def diagram(self, p):
        return _corr_spec(p)


@register_seed
class CorrelationExplained(SeedQuestion):
    seed_id = "stat-heatmap-correlation-r2"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution")

    def sample(self, rng):
        p = _corr(rng)
        p["pair"] = list(_pairs(p)[int(rng.integers(len(_pairs(p))))])
        return p

    def question(self, p):
        a, b = (p["names"][i] for i in p["pair"])
        return (f"The heatmap shows correlation coefficients. What percentage of the variance of "
                f"{b} is explained by a least-squares line predicting it from {a}? Give the "
                f"percentage to two decimal places.")

    def answer(self, p):
        i, j = p["pair"]
        r = Fraction(str(p["r"][i][j]))
        return float(r * r * 100)

    def check(self, p):
        i, j = p["pair"]
        r = heatmap_facts(_corr_spec(p))["values"][j][i]  # the symmetric cell
        return round(100 * r * r, 6)

    def diagram(self, p):
        return _corr_spec(p)


@register_seed
class HeatmapConditional(SeedQuestion):
    seed_id = "stat-heatmap-conditional"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _grid(rng)
            p["i"], p["j"] = int(rng.integers(p["nr"])), int(rng.integers(p["nc"]))
            if sum(p["values"][p["i"]]) and not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        row = p["values"][p["i"]]
        return Fraction(row[p["j"]], sum(row))

    def question(self, p):
        rows, cols = _names(p)
        item = ITEMS[p["g"]]
        return (f"Each cell of the heatmap is a number of {item}. One of the {item} counted in "
                f"the {rows[p['i']]} row is picked at random. What is the probability that it "
                f"is counted in the {cols[p['j']]} column? Round to two decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        f = heatmap_facts(_spec(p))
        rows, cols = _names(p)
        return half_up(f["values"][p["i"]][p["j"]] / f["row_sums"][rows[p["i"]]], 2)

    def diagram(self, p):
        return _spec(p)
