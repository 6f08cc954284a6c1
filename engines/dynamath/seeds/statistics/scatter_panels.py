"""DynaMath "statistics" seeds on four labelled scatter plots (the panels family): the panel
whose linear association is strongest, and the one whose correlation is closest to zero.

Why: DynaMath asks which scatter plot shows which correlation; four clouds side by side make
the reader compare tightness, not slope (the steepest cloud is not the strongest). The
answer comes from Pearson's r by its sums; ``check`` takes ``numpy.corrcoef`` of the points
the panels family reports.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st2.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.statistics.common import COLORS, HIGH, TOPIC, UNI
from renderers.panels.spec import Item, Panel, PanelsSpec, panels_facts

LETTERS = "ABCD"


N_POINTS = 14


def _cloud(rng, r: float) -> list[list[float]]:
    """N_POINTS points on a 0-10 grid whose correlation is near r (half steps)."""
    x = rng.uniform(0.5, 9.5, N_POINTS)
    z = (x - x.mean()) / x.std()
    e = rng.standard_normal(N_POINTS)
    y = 5 + 1.8 * (r * z + math.sqrt(max(0.0, 1 - r * r)) * e)
    return [[round(float(a) * 2) / 2, round(float(b) * 2) / 2] for a, b in zip(x, y)]


def _r(pts) -> float:
    """Pearson's r from the sums (numpy.corrcoef is the check)."""
    n = len(pts)
    sx = sum(a for a, _ in pts)
    sy = sum(b for _, b in pts)
    sxx = sum(a * a for a, _ in pts) - sx * sx / n
    syy = sum(b * b for _, b in pts) - sy * sy / n
    sxy = sum(a * b for a, b in pts) - sx * sy / n
    return sxy / math.sqrt(sxx * syy)


def _panel_params(rng, targets) -> dict | None:
    clouds = []
    for r in targets:
        pts = _cloud(rng, r)
        if not all(0 <= a <= 10 and 0 <= b <= 10 for a, b in pts) or len(
                {tuple(q) for q in pts}) < N_POINTS:
            return None
        clouds.append(pts)
    return {"clouds": clouds, "color": str(rng.choice(COLORS[:5]))}


def _panels_spec(p) -> PanelsSpec:
    return PanelsSpec(panels=[
        Panel(label=LETTERS[i], xmin=0, xmax=10, ymin=0, ymax=10, step=2,
              items=[Item(kind="point", pts=[q], color=p["color"]) for q in c])
        for i, c in enumerate(p["clouds"])])


def _panel_rs(spec: PanelsSpec) -> list[float]:
    out = []
    for pan in panels_facts(spec)["panels"]:
        pts = np.array([it["coords"] for it in pan["items"]], float)
        out.append(float(np.corrcoef(pts[:, 0], pts[:, 1])[0, 1]))
    return out


@register_seed
class StrongestAssociation(SeedQuestion):
    seed_id = "stat-scatter-panels-strongest"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "function type")

    def sample(self, rng):
        while True:
            mags = [0.95, float(rng.uniform(0.55, 0.75)), float(rng.uniform(0.3, 0.5)),
                    float(rng.uniform(0.0, 0.2))]
            signs = rng.choice([-1, 1], 4)
            targets = [float(m * s) for m, s in zip(rng.permutation(mags), signs)]
            p = _panel_params(rng, targets)
            if p is None:
                continue
            a = sorted(abs(_r(c)) for c in p["clouds"])
            if a[-1] - a[-2] >= 0.15 and a[-1] > 0.85:
                return p

    def options(self, p):
        return list(LETTERS)

    def answer(self, p):
        a = [abs(_r(c)) for c in p["clouds"]]
        return LETTERS[a.index(max(a))]

    def question(self, p):
        return ("In which panel is the linear association between x and y the strongest "
                "(the correlation coefficient largest in absolute value)?")

    def check(self, p):
        rs = np.abs(_panel_rs(self.diagram(p)))
        return LETTERS[int(np.argmax(rs))]

    def diagram(self, p):
        return _panels_spec(p)


@register_seed
class WeakestAssociation(SeedQuestion):
    seed_id = "stat-scatter-panels-weakest"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "function type")

    def sample(self, rng):
        while True:
            mags = [float(rng.uniform(0.0, 0.08)), float(rng.uniform(0.6, 0.75)),
                    float(rng.uniform(0.8, 0.9)), 0.95]
            signs = rng.choice([-1, 1], 4)
            targets = [float(m * s) for m, s in zip(rng.permutation(mags), signs)]
            p = _panel_params(rng, targets)
            if p is None:
                continue
            a = sorted(abs(_r(c)) for c in p["clouds"])
            if a[0] < 0.15 and a[1] - a[0] >= 0.4:
                return p

    def options(self, p):
        return list(LETTERS)

    def answer(self, p):
        a = [abs(_r(c)) for c in p["clouds"]]
        return LETTERS[a.index(min(a))]

    def question(self, p):
        return ("In which panel is the correlation coefficient between x and y closest to 0?")

    def check(self, p):
        rs = np.abs(_panel_rs(self.diagram(p)))
        return LETTERS[int(np.argmin(rs))]

    def diagram(self, p):
        return _panels_spec(p)
