"""Sampler of the "heatmap" family: visits by weekday and hour, sales by month and store.

    python -c "import numpy as np; from renderers.heatmap.sample import sample_spec; \
print(sample_spec(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.heatmap.spec import CMAPS, HeatmapSpec
from renderers.spec import rng_choice

GRIDS = (("Visitors by day and hour", ("Mon", "Tue", "Wed", "Thu", "Fri"),
          ("9am", "11am", "1pm", "3pm", "5pm")),
         ("Sales by store and month", ("North", "South", "East", "West"),
          ("Jan", "Feb", "Mar", "Apr", "May")),
         ("Rainy days by city and season", ("Oslo", "Rome", "Lima", "Pune"),
          ("Spring", "Summer", "Autumn", "Winter")))


def sample_spec(rng: np.random.Generator) -> HeatmapSpec:
    title, rows, cols = rng_choice(rng, GRIDS)
    nr, nc = int(rng.integers(3, len(rows) + 1)), int(rng.integers(3, len(cols) + 1))
    vals = rng.integers(0, 60, size=(nr, nc)).astype(float).tolist()
    return HeatmapSpec(title=title, rows=list(rows[:nr]), cols=list(cols[:nc]), values=vals,
                       annotate=bool(rng.random() < 0.8), cmap=rng_choice(rng, CMAPS[:3]))
