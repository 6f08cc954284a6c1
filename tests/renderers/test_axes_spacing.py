"""A curve's equation or name never stands close beside a tick label in its row.

"y = 2x + 1" set 4 px right of the y-axis' tick label "1" read "y = 2x + 11"; "g(x) = -x - 3"
just right of the x-axis' "-3" (moved above the axis) read "-3g(x) = -x - 3"; an analytic
"p" beside "2" read "2p". Over sampled function plots labelled beside their curves and
sampled analytic-geometry pictures, at 224 and 336 px, no curve label's box ends less than a
character's width (a "0" of its own font) from a tick label's box whose height it shares.

    python -m pytest -q tests/renderers/test_axes_spacing.py
"""
from __future__ import annotations

import re
import sys

import numpy as np
import pytest

import renderers.analytic_geometry  # noqa: F401  (registers the family and its module)
import renderers.function  # noqa: F401
from renderers import get_family
from renderers.canvas import Canvas
from tests.tiers import tiers

TICK = re.compile(r"^(-?\d+(\.\d+)?|O|-?\d*π(/\d+)?)$")


def _labels(family: str, spec, size: int, monkeypatch):
    """(canvas, the curve labels' LabelBox entries, the tick labels') of one picture."""
    fam = get_family(family)
    module = sys.modules[f"renderers.{family}.draw"]
    canvas = Canvas(size, height=int(round(size * fam.aspect(spec))))
    real, got = module._curve_labels, []

    def labels(spec, canvas, *args, **kwargs):
        n0 = len(canvas.layout.labels)
        real(spec, canvas, *args, **kwargs)
        got.extend((lb, canvas.text_size("0", _px(canvas, lb))[0])
                   for lb in canvas.layout.labels[n0:])

    with monkeypatch.context() as mp:
        mp.setattr(module, "_curve_labels", labels)
        fam.draw(spec, canvas)
    mine = {id(lb) for lb, _ in got}
    ticks = [lb for lb in canvas.layout.labels if TICK.match(lb.text) and id(lb) not in mine]
    return got, ticks


def _px(canvas: Canvas, lb) -> int:
    """The font size that sets ``lb.text`` as high as its box (the sizes the labels use)."""
    h = lb.box[3] - lb.box[1]
    return min(range(6, 60), key=lambda p: abs(canvas.text_size(lb.text, p)[1] - h))


def close_beside(family: str, spec, size: int, monkeypatch) -> list[tuple[str, str, float]]:
    """(curve label, tick label, gap px) for each curve label standing beside a tick label in
    its row less than a character's width away (boxes that overlap are left to the checks of
    labels over labels)."""
    got, ticks = _labels(family, spec, size, monkeypatch)
    out = []
    for lb, cw in got:
        x0, y0, x1, y1 = lb.box
        for t in ticks:
            a0, b0, a1, b1 = t.box
            if min(y1, b1) - max(y0, b0) <= 0:
                continue
            gap = max(a0 - x1, x0 - a1)
            if 0 <= gap < cw - 0.5:
                out.append((lb.text, t.text, round(gap, 1)))
    return out


def _specs(family: str, n: int):
    fam = get_family(family)
    if family == "function":
        return [fam.sample_spec(np.random.default_rng(i), show_expression="label")
                for i in range(n)]
    return [fam.sample_spec(np.random.default_rng(1000 + i)) for i in range(n)]


@pytest.mark.parametrize("n", tiers(200, 800))
@pytest.mark.parametrize("size", (224, 336))
@pytest.mark.parametrize("family", ("function", "analytic_geometry"))
def test_curve_labels_keep_a_character_from_tick_labels(family, size, n, monkeypatch):
    """Before: 9 and 8 function plots of 200 at 224 and 336 px, 2 and 4 analytic pictures."""
    bad = {}
    for i, spec in enumerate(_specs(family, n)):
        found = close_beside(family, spec, size, monkeypatch)
        if found:
            bad[i] = found
    assert not bad, bad


def test_the_plot_that_read_y_equals_2x_plus_11(monkeypatch):
    spec = get_family("function").sample_spec(np.random.default_rng(33),
                                              show_expression="label")
    got, _ = _labels("function", spec, 336, monkeypatch)
    assert "y = 2x + 1" in [lb.text for lb, _ in got]
    assert close_beside("function", spec, 336, monkeypatch) == []
