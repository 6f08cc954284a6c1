"""Sampler of the "panels" family: four labelled panels of one curve kind each (lines,
parabolas, exponentials, circles), or one panel with a shaded region of two or three
half-planes and three labelled points.

    python -c "import numpy as np; from renderers.panels.sample import sample_spec; \
print(sample_spec(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.panels.spec import Constraint, Item, Panel, PanelsSpec, region_area
from renderers.spec import rng_choice

COLORS = ("blue", "red", "green", "purple", "orange")


def _curve(rng: np.random.Generator, kind: str) -> Item:
    col = rng_choice(rng, COLORS)
    if kind == "line":
        return Item("line", params=[float(-rng.integers(-3, 4)), 1.0,
                                    float(rng.integers(-3, 4))], color=col)
    if kind == "parabola":
        a = float(rng_choice(rng, (-1.0, -0.5, 0.5, 1.0)))
        h, k = float(rng.integers(-2, 3)), float(rng.integers(-3, 4))
        return Item("graph", fn="poly", params=[a * h * h + k, -2 * a * h, a], color=col)
    if kind == "exp":
        return Item("graph", fn="exp", params=[float(rng_choice(rng, (-1, 1))),
                                               float(rng_choice(rng, (0.5, 2.0))),
                                               float(rng.integers(-2, 3))], color=col)
    return Item("circle", params=[float(rng.integers(-2, 3)), float(rng.integers(-2, 3)),
                                  float(rng.integers(1, 4))], color=col)


def sample_spec(rng: np.random.Generator, kind: str | None = None) -> PanelsSpec:
    """``kind``: "line", "parabola", "exp", "circle" (four panels of that curve) or "region"
    (one panel); random when None."""
    kind = kind or rng_choice(rng, ("line", "parabola", "exp", "circle", "region"))
    if kind != "region":
        return PanelsSpec(panels=[Panel(label=L, items=[_curve(rng, kind)]) for L in "ABCD"])
    while True:  # a region that shows: at least 6 square units of the panel
        cons = [Constraint("line", [float(rng.integers(-2, 3)), 1.0,
                                    float(rng.integers(-2, 3))],
                           rng_choice(rng, ("<=", ">=", "<", ">")))
                for _ in range(int(rng.integers(2, 4)))]
        region = Item("region", constraints=cons, color=rng_choice(rng, COLORS))
        if region_area(region, Panel()) >= 6:
            break
    pts = [Item("point", pts=[[float(rng.integers(-4, 5)), float(rng.integers(-4, 5))]],
                name=n, show_coords=True, color="black") for n in "PQR"]
    return PanelsSpec(panels=[Panel(items=[region, *pts])])
