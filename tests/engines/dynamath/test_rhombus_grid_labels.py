"""plane-rhombus-grid-perimeter draws the rhombus and its diagonals on a unit grid with axes.
A rhombus across an axis took in the axes' tick labels (143 of 200 pictures at seed 9494, 224
and 336 px): "-4" stood on diagonal AC between C and A, "2" beside BD inside the rhombus,
where each read as a given length. The diagonals are read by counting the grid's squares, and
no number but the vertex names stands inside the rhombus.

    python -m pytest -q tests/engines/dynamath/test_rhombus_grid_labels.py
"""
from __future__ import annotations

import pytest

from engines.dynamath.seed import make_variant
from renderers import get_family
from renderers.axes import draw_axes
from renderers.canvas import Canvas
from tests.tiers import tiers

SID = "plane-rhombus-grid-perimeter"


def inside(pt, poly) -> bool:
    x, y = pt
    hit = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[i - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


@pytest.mark.parametrize("n", tiers(20, 200))
@pytest.mark.parametrize("size", [224, 336])
def test_no_axis_label_stands_inside_the_rhombus(n, size):
    fam = get_family("analytic_geometry")
    bad = []
    for v in range(n):
        spec = make_variant(SID, v, seed=9494, pin_canonical=False).spec
        _, layout = fam.render_with_layout(spec, size)
        vp = draw_axes(Canvas(size), spec.xmin, spec.xmax, spec.ymin, spec.ymax, xstep=1,
                       ystep=1, grid=True, tick_labels=True, defer_labels=True)
        poly = [vp(*p) for p in spec.objects[0].pts]
        names = set(spec.objects[0].pt_names)
        for lb in layout.labels:
            x0, y0, x1, y1 = lb.box
            corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)]
            if lb.text not in names and any(inside(c, poly) for c in corners):
                bad.append((v, lb.text))
    assert not bad, bad[:8]
