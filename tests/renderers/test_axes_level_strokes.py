"""No level stroke runs into a y tick label as its minus sign.

A dashed asymptote y = 2 through the tick label "2", or a rectangle's side along y = 6 through
"6", ran into the label's left with the 2 px its glyph halo clears: the picture read "-2",
"-6". Such a label now stands just above or below its tick's row (renderers/axes.py
``_off_row``), and the analytic sampler runs no level side or segment, nor a circle's or an
ellipse's flat top, along a tick's row through the y-axis' labels (where a small picture
leaves the label no room above or below). Over sampled function plots and analytic pictures,
no y tick label without a minus sign has dark ink in its middle rows just left of it with
the rows above and below those clear (a level stroke), other labels' text aside.

    python -m pytest -q tests/renderers/test_axes_level_strokes.py
"""
from __future__ import annotations

import math
import sys

import numpy as np
import pytest

import renderers.analytic_geometry  # noqa: F401  (registers the family and its module)
import renderers.axes as axes
import renderers.function  # noqa: F401
from renderers import get_family
from renderers.analytic_geometry.sample import _along_tick_row
from renderers.analytic_geometry.spec import GeoObject
from tests.renderers.strokes import ink_beside_text, level_run
from tests.tiers import tiers


def minus_like(family: str, spec, size: int, monkeypatch) -> list[str]:
    """The y tick labels of ``spec`` at ``size`` that a level stroke runs into from the left."""
    module = sys.modules[f"renderers.{family}.draw"]
    vps = []
    real = axes.draw_axis_labels

    def paint(canvas, vp):
        vps.append(vp)
        return real(canvas, vp)

    with monkeypatch.context() as mp:
        mp.setattr(module, "draw_axis_labels", paint)
        img, layout = get_family(family).render_with_layout(spec, size)
    painted = [lab for vp in vps for lab in vp.painted]
    dark = ink_beside_text(img, layout, {id(lab.entry) for lab in painted})
    out = []
    for lab in painted:
        if lab.role != "y" or lab.text.startswith("-"):
            continue
        x0, y0, x1, y1 = lab.box
        cy, xa, xb = int(round((y0 + y1) / 2)), int(x0) - 5, int(x0) - 1
        if x0 > lab.mark[0]:  # across the axis: its own tick mark is no minus sign
            xa = max(xa, int(math.ceil(lab.mark[0] + 3 * size / 336 + 1.5)))
        if xa < 0 or xb - xa < 3:
            continue
        if level_run(dark, (cy - 1, cy + 2), (cy - 4, cy - 2), (cy + 3, cy + 5), xa, xb):
            out.append(lab.text)
    return out


@pytest.mark.parametrize("n", tiers(150, 600))
@pytest.mark.parametrize("family", ("function", "analytic_geometry"))
def test_no_level_stroke_reads_as_a_tick_labels_minus_sign(family, n, monkeypatch):
    """Before: 22 function plots and 17 analytic pictures of 300 at 336 px."""
    fam = get_family(family)
    bad = {}
    for i in range(n):
        found = minus_like(family, fam.sample_spec(np.random.default_rng(i)), 336, monkeypatch)
        if found:
            bad[i] = found
    assert not bad, bad


def test_the_asymptote_through_2(monkeypatch):
    """The plot whose asymptote y = 2 read as the tick label "-2" (function seed 7)."""
    spec = get_family("function").sample_spec(np.random.default_rng(7))
    assert any(cv.kind in ("exponential", "rational") and cv.d == 2 for cv in spec.curves)
    assert minus_like("function", spec, 336, monkeypatch) == []


def test_the_sampler_keeps_level_sides_off_the_tick_rows():
    """A rectangle's side along y = 6 across the y-axis, a segment along y = 2 ending beside
    it, an ellipse whose top is y = 4 over the axis: refused; off the rows or the axis: kept."""
    rect = GeoObject("quadrilateral", pts=[[-3, 3], [2, 3], [2, 6], [-3, 6]])
    assert _along_tick_row(rect, -6, 5)
    seg = GeoObject("segment", pts=[[-6, 2], [-2, 2]])
    assert _along_tick_row(seg, -8, 4)
    ell = GeoObject("ellipse", pts=[[-1, 3]], semi_x=3, semi_y=1)
    assert _along_tick_row(ell, -6, 6)
    assert not _along_tick_row(GeoObject("segment", pts=[[-8, 2], [-4, 2]]), -9, 4)
    assert not _along_tick_row(GeoObject("segment", pts=[[-6, 2.5], [2, 2.5]]), -8, 4)
    assert not _along_tick_row(GeoObject("ellipse", pts=[[-7, 3]], semi_x=2, semi_y=1),
                               -10, 2)
