"""No level stroke runs into a y tick label's minus sign.

The line y = -2 into the tick label "-2" (DynaMath algebra-jump-limits), a hyperbola's dashed
rectangle along y = -2 into "-2" (analytic-hyperbola-equation), an asymptote y = -1 into "-1":
the stroke joined the minus, and the picture read "- - -2", a dashed line and "2". A label
with a minus was never tested for it (renderers/axes.py ``_minus_like`` returned early); now
the rows of its minus are, a dash ending a gap short of it included, and such a label goes
just above or below its tick's row (``_off_row``) as one without a minus does.

Checked by pixels: no y tick label with a minus has dark ink in its minus's rows (a pixel
either side) running level for 3 px within 12 px (at 336) left of it, the two rows just above
and below those clear, other labels' text aside. Before: 28 of 300 function plots at 336 px,
36 of 1,200 function, analytic, panels and contour pictures.

    python -m pytest -q tests/renderers/test_axes_minus_rows.py
"""
from __future__ import annotations

import importlib
import math

import numpy as np
import pytest

import renderers.axes as axes
from engines.dynamath.seed import load_seeds, make_variant
from renderers import get_family
from renderers.axes import AxisLabel
from renderers.canvas import Canvas
from tests.renderers.strokes import ink_beside_text, level_run
from tests.tiers import tiers

# the families that paint their tick labels after the strokes (importing one registers it)
DRAWS = [importlib.import_module(f"renderers.{f}.draw")
         for f in ("function", "analytic_geometry", "panels", "contour")]


def minus_rows(canvas: Canvas, lab: AxisLabel) -> tuple[int, int]:
    """The first and last pixel row of the label's minus sign (its glyphs' leftmost ink)."""
    _, gy, g = canvas.glyph_pixels(lab.xy, lab.text, lab.px, lab.anchor, lab.kind)
    rows = np.flatnonzero(g[:, np.flatnonzero(g.any(0))[0]])
    return gy + int(rows[0]), gy + int(rows[-1])


def joined_minus(spec, size: int, monkeypatch) -> list[AxisLabel]:
    """The y tick labels with a minus of ``spec`` drawn at ``size`` that a level stroke runs
    into from the left, as painted."""
    got = []
    real = axes.draw_axis_labels

    def paint(canvas, vp):
        out = real(canvas, vp)
        got.extend((canvas, lab) for lab in vp.painted)
        return out

    with monkeypatch.context() as mp:
        for module in DRAWS:
            mp.setattr(module, "draw_axis_labels", paint)
        img, layout = get_family(spec.family).render_with_layout(spec, size)
    dark = ink_beside_text(img, layout, {id(lab.entry) for _, lab in got})
    out = []
    for canvas, lab in got:
        if lab.role != "y" or not lab.text.startswith("-"):
            continue
        top, bottom = minus_rows(canvas, lab)
        x0 = lab.box[0]
        xa, xb = int(x0) - int(round(12 * size / 336)), int(x0) - 1
        if x0 > lab.mark[0]:  # across the axis: its own tick mark is no stroke
            xa = max(xa, int(math.ceil(lab.mark[0] + 3 * size / 336 + 1.5)))
        if xa < 0 or xb - xa < 3:
            continue
        if level_run(dark, (top - 1, bottom + 2), (top - 3, top - 1), (bottom + 2, bottom + 4),
                     xa, xb):
            out.append(lab)
    return out


@pytest.mark.parametrize("seed_id, variant, seed", [
    ("algebra-jump-limits", 3, 9494),  # the line y = -2 into "-2"
    ("analytic-hyperbola-equation", 0, 9494),  # the dashed rectangle's side along y = -2
    ("algebra-asymptote", 1, 9494),  # the dashed asymptote y = -2
    ("analytic-region-point", 0, 9494),  # a shaded region's side along y = -2
    ("algebra-absolute-solutions", 0, 9494),  # the line y = -4
])
def test_the_dynamath_pictures(seed_id, variant, seed, monkeypatch):
    """The pictures that read "- - -2" at 336 px: none now, and the label stands off its row
    (its tick's row outside its box)."""
    load_seeds()
    spec = make_variant(seed_id, variant, seed, pin_canonical=False).spec
    assert joined_minus(spec, 336, monkeypatch) == []
    got = []
    real = axes.draw_axis_labels

    def paint(canvas, vp):
        out = real(canvas, vp)
        got.extend(lab for lab in vp.painted if lab.role == "y")
        return out

    with monkeypatch.context() as mp:
        for module in DRAWS:
            mp.setattr(module, "draw_axis_labels", paint)
        get_family(spec.family).render(spec, 336)
    moved = [lab for lab in got if lab.text.startswith("-") and
             not lab.box[1] - 1 < lab.mark[1] < lab.box[3] + 1]
    assert moved, [(lab.text, lab.box, lab.mark) for lab in got]


@pytest.mark.parametrize("n", tiers(40, 300))
def test_sampled_function_plots(n, monkeypatch):
    """Before: 5 of the first 40 function plots at 336 px (dashed asymptotes y = -1, -2, -3
    into the label), 28 of 300."""
    fam = get_family("function")
    bad = {}
    for i in range(n):
        found = joined_minus(fam.sample_spec(np.random.default_rng(i)), 336, monkeypatch)
        if found:
            bad[i] = [lab.text for lab in found]
    assert not bad, bad


@pytest.mark.soak
@pytest.mark.slow
@pytest.mark.parametrize("family", ("analytic_geometry", "panels"))
def test_sampled_pictures(family, monkeypatch):
    """Before: 3 of 300 analytic pictures and 3 of 300 panel pictures at 336 px."""
    fam = get_family(family)
    bad = {}
    for i in range(300):
        found = joined_minus(fam.sample_spec(np.random.default_rng(i)), 336, monkeypatch)
        if found:
            bad[i] = [lab.text for lab in found]
    assert not bad, bad


def _label(canvas: Canvas, text: str) -> AxisLabel:
    xy = (150.0, 200.0)
    return AxisLabel(xy, text, 11, "rm", "sans", canvas.text_box(xy, text, 11, "rm"))


@pytest.mark.parametrize("gap, slope, text, joined", [
    (0, 0.0, "-2", True),  # a line into the minus, cut by its halo
    (8, 0.0, "-2", True),  # a dash ending a dash's gap short of it
    (20, 0.0, "-2", False),  # a line ending well short of it
    (0, 1.5, "-2", False),  # a steep curve across its row
    (0, 0.0, "2", True),  # no minus: read as one (as before)
    (8, 0.0, "2", False),  # no minus, a gap short: as before
])
def test_minus_like(gap, slope, text, joined):
    """``_minus_like`` on a stroke drawn into the label's left at its minus's row."""
    canvas = Canvas(336)
    lab = _label(canvas, text)
    top, bottom = minus_rows(canvas, lab) if text.startswith("-") else (
        (int(round((lab.box[1] + lab.box[3]) / 2)),) * 2)
    fresh = np.zeros((336, 336), bool)
    end = int(math.floor(lab.box[0])) - gap
    for x in range(end - 40, end):
        y = (top + bottom) // 2 + int(round(slope * (x - end)))
        if 0 <= y < 336:
            fresh[y, x] = True
    assert axes._minus_like(canvas, fresh, lab) is joined
