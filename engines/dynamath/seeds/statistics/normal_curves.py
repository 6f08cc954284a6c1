"""DynaMath "statistics" seeds: a normal curve with a shaded area (the 68-95-99.7 rule, a tail
probability from the standard normal distribution).

Why these: DynaMath draws a bell curve with marked values on its axis and a shaded area and
asks what share of the population the area holds. The curve is drawn on a coordinate panel
(family "panels") in z units: the bell as a polyline of the standard normal density (scaled
up, so it fills the panel), the area as close vertical hatching under it, and each marked
value written at its z position. ``check`` reads the bounds of the hatching and the marked
values back from the spec and integrates the density with math.erf (the answer uses
statistics.NormalDist, or the rule's own percentages).

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st1.py
"""
from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import HIGH, TOPIC, UNI
from renderers.panels.spec import Item, Panel, PanelsSpec
from renderers.text import half_up

SCALE = 10.0  # the density's peak 0.399 drawn 3.99 units high
Z_EDGE = 4  # the panel runs from -4 to 4 standard deviations
HATCH = 12  # hatching lines per standard deviation

# (title, what is measured, unit, means, standard deviations)
MEASURES = (("Heights of adults", "height", "cm", (160, 165, 170, 175), (5, 6, 8, 10)),
            ("Scores on a test", "score", "points", (60, 65, 70, 75), (5, 8, 10, 12)),
            ("Weights of apples", "weight", "g", (150, 160, 180, 200), (10, 12, 15, 20)),
            ("Lifetimes of batteries", "lifetime", "hours", (40, 45, 50, 60), (3, 4, 5, 6)))


def _density(z: float) -> float:
    return SCALE * math.exp(-z * z / 2) / math.sqrt(2 * math.pi)


def _curve_spec(p: dict, lo: float, hi: float, marks: list[tuple[float, str]]) -> PanelsSpec:
    """The bell curve, hatching between z = lo and z = hi, and the marked values."""
    items = [Item(kind="graph", fn="poly", params=[0.0], color="black")]
    n = int(round((hi - lo) * HATCH))
    for z in np.linspace(lo, hi, n + 1):
        items.append(Item(kind="segment", pts=[[round(float(z), 4), 0.0],
                                               [round(float(z), 4), round(_density(z), 4)]],
                          color=p["color"]))
    bell = [[half_up(float(z), 3), round(_density(z), 4)] for z in np.linspace(-Z_EDGE, Z_EDGE,
                                                                           161)]
    items.append(Item(kind="polygon", pts=bell, color="black"))
    for z, text in marks:
        items.append(Item(kind="point", pts=[[z, 0.0]], name=text, color="black"))
    return PanelsSpec(title=MEASURES[p["m"]][0],
                      panels=[Panel(xmin=-Z_EDGE, xmax=Z_EDGE, ymin=-1, ymax=5, items=items,
                                    tick_labels=False)])


def _read_back(spec: PanelsSpec) -> tuple[float, float, dict[float, float]]:
    """The hatching's z bounds and the marked values by z position, from the spec."""
    items = spec.panels[0].items
    zs = [it.pts[0][0] for it in items if it.kind == "segment"]
    marks = {it.pts[0][0]: float(it.name) for it in items if it.kind == "point"}
    return min(zs), max(zs), marks


def _phi(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def _area(lo: float, hi: float) -> float:
    """P(lo < Z < hi), with the panel's edges standing for minus and plus infinity."""
    a = 0.0 if lo <= -Z_EDGE else _phi(lo)
    b = 1.0 if hi >= Z_EDGE else _phi(hi)
    return b - a


COLORS = ("blue", "red", "green", "purple", "orange")
# the 68-95-99.7 rule as the share (percent) of each band of one standard deviation
BANDS = {0: 34.0, 1: 13.5, 2: 2.35, 3: 0.15}
# the shaded region's ends, in standard deviations (the panel's edges stand for no end): the
# curve is a pixel high at 3, where hatching that stops there looks like a whole tail (83.85%
# read as 84%) and a tail beyond it shows nothing at all
BOUNDS = (-Z_EDGE, -2, -1, 0, 1, 2, Z_EDGE)


@register_seed
class NormalEmpiricalRule(SeedQuestion):
    seed_id = "stat-normal-empirical-shaded"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The data were collected from {m} samples.",
               "The smallest value measured was recorded separately.")

    def sample(self, rng):
        m = int(rng.integers(len(MEASURES)))
        while True:
            lo, hi = sorted(int(v) for v in rng.choice(BOUNDS, size=2, replace=False))
            if not (lo == -Z_EDGE and hi == Z_EDGE):
                break
        return {"m": m, "mu": int(rng.choice(MEASURES[m][3])),
                "sd": int(rng.choice(MEASURES[m][4])), "z": [lo, hi],
                "color": COLORS[int(rng.integers(len(COLORS)))]}

    def question(self, p):
        _, what, unit, _, _ = MEASURES[p["m"]]
        return (f"The {what} ({unit}) is normally distributed with mean {p['mu']} and standard "
                f"deviation {p['sd']}, as the curve shows. Using the 68-95-99.7 rule, what "
                f"percentage of values lies in the shaded region?")

    def answer(self, p):
        lo, hi = p["z"]
        # the band from k to k + 1 standard deviations: its inner edge's distance from the mean
        # picks its share (the bands from 3 to 4 stand for everything beyond 3)
        return half_up(sum(BANDS[min(abs(k), abs(k + 1))] for k in range(lo, hi)), 2)

    def check(self, p):
        lo, hi, _ = _read_back(self.diagram(p))
        # the rule's three cumulative shares: within 1, 2, 3 standard deviations
        within = {0: 0.0, 1: 68.0, 2: 95.0, 3: 99.7, 4: 100.0}

        def below(z):  # percent below z standard deviations
            k = int(round(z))
            return 50 + within[k] / 2 if k >= 0 else 50 - within[-k] / 2
        return half_up(below(hi) - below(lo), 2)

    def diagram(self, p):
        marks = [(float(k), str(p["mu"] + k * p["sd"])) for k in range(-3, 4)]
        return _curve_spec(p, *(float(z) for z in p["z"]), marks)


@register_seed
class NormalTailProbability(ShuffledCandidates):
    seed_id = "stat-normal-shaded-probability"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            m = int(rng.integers(len(MEASURES)))
            mu = int(rng.choice(MEASURES[m][3]))
            sd = int(rng.choice(MEASURES[m][4]))
            x = mu + int(rng.integers(-3 * sd, 3 * sd + 1))
            z = (x - mu) / sd
            p = {"m": m, "mu": mu, "sd": sd, "x": x, "upper": bool(rng.random() < 0.5),
                 "color": COLORS[int(rng.integers(len(COLORS)))], "order": draw_order(rng)}
            vals = self._values(p)
            ok = all(abs(v * 1000 - math.floor(v * 1000) - 0.5) > 0.01 for v in vals)
            if 0.25 <= abs(z) <= 2.0 and abs(z - round(z)) > 0.1 and ok and \
                    len({f"{half_up(v, 3):.3f}" for v in vals}) == 4:
                return p

    @staticmethod
    def _values(p):
        nd = NormalDist(p["mu"], p["sd"])
        tail = 1 - nd.cdf(p["x"]) if p["upper"] else nd.cdf(p["x"])
        # the shaded tail, the other side, the area between the mean and the value, two tails
        return [tail, 1 - tail, abs(nd.cdf(p["x"]) - 0.5), min(1.0, 2 * min(tail, 1 - tail))]

    def question(self, p):
        _, what, unit, _, _ = MEASURES[p["m"]]
        return (f"The {what} X ({unit}) is normally distributed with mean {p['mu']} and "
                f"standard deviation {p['sd']}. What is the probability of the shaded region, "
                f"to three decimal places?")

    def candidates(self, p):
        return [f"{half_up(v, 3):.3f}" for v in self._values(p)]

    def check(self, p):
        lo, hi, marks = _read_back(self.diagram(p))
        upper = hi >= Z_EDGE  # the hatching runs to the right edge: an upper tail
        edge = lo if upper else hi
        x = marks[min(marks, key=lambda z: abs(z - edge))]  # the value written at the edge
        z = (x - marks[0.0]) / p["sd"]  # the mean is written at the centre
        return f"{half_up(_area(z, Z_EDGE) if upper else _area(-Z_EDGE, z), 3):.3f}"

    def diagram(self, p):
        z = (p["x"] - p["mu"]) / p["sd"]
        lo, hi = (z, float(Z_EDGE)) if p["upper"] else (-float(Z_EDGE), z)
        return _curve_spec(p, lo, hi, [(0.0, str(p["mu"])), (round(z, 4), str(p["x"]))])
