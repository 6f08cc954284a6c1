"""Heatmaps (family "heatmap"): a grid of cells coloured by value, with row and column labels,
the values written in the cells (``annotate``) and a colour bar.

Why: DynaMath's statistics questions read heatmaps (the largest cell, row and column sums, a
correlation matrix); ``facts`` derives the extremes and sums from the values as written.

    python -c "import numpy as np, renderers; f = renderers.get_family('heatmap'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/heatmap.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from renderers.spec import Spec

CMAPS = ("blues", "oranges", "greens", "diverging")


@dataclass
class HeatmapSpec(Spec):
    """``values[i][j]`` is row i, column j; ``digits`` decimals are written; ``vmin`` /
    ``vmax`` are the colour bar's ends (None = the data's)."""

    family: ClassVar[str] = "heatmap"
    title: str = ""
    rows: list[str] = field(default_factory=list)
    cols: list[str] = field(default_factory=list)
    values: list[list[float]] = field(default_factory=list)
    annotate: bool = True
    digits: int = 0
    cmap: str = "blues"
    vmin: float | None = None
    vmax: float | None = None
    x_title: str = ""
    y_title: str = ""


def validate(spec: HeatmapSpec) -> None:
    if spec.cmap not in CMAPS:
        raise ValueError(f"heatmap cmap {spec.cmap!r}; valid: {', '.join(CMAPS)}")
    if not spec.rows or not spec.cols or len(spec.values) != len(spec.rows) or \
            any(len(r) != len(spec.cols) for r in spec.values):
        raise ValueError(f"heatmap values must be {len(spec.rows)} rows of {len(spec.cols)}")


def shown(spec: HeatmapSpec, v: float) -> float:
    """A value as written in its cell."""
    return round(float(v), spec.digits) if spec.digits else float(round(float(v)))


def heatmap_facts(spec: HeatmapSpec) -> dict:
    validate(spec)
    vals = [[shown(spec, v) for v in r] for r in spec.values]
    cells = [(v, r, c) for r, row in zip(spec.rows, vals) for c, v in zip(spec.cols, row)]
    top, low = max(v for v, _, _ in cells), min(v for v, _, _ in cells)
    return {"title": spec.title, "rows": list(spec.rows), "cols": list(spec.cols),
            "values": vals,
            "max_cells": [[r, c] for v, r, c in cells if v == top], "max": top,
            "min_cells": [[r, c] for v, r, c in cells if v == low], "min": low,
            "row_sums": {r: round(sum(row), 6) for r, row in zip(spec.rows, vals)},
            "col_sums": {c: round(sum(row[j] for row in vals), 6)
                         for j, c in enumerate(spec.cols)},
            "annotated": spec.annotate}
