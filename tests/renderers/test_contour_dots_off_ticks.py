"""Contour pictures: no marked dot stands in a tick label's row touching it. The tick labels
were drawn with the axes, the dots after: at 224 px B'(-1, -4) of
``analytic-hyperbola-measure`` (v000 at seed 9494, v010 and v014 at seed 9191) sat on the minus
of the y tick label "-4", read as "4". Now the tick labels are painted after the curves, and
one a marked dot would touch is left out, as in the panels and analytic-geometry pictures."""
import math

import pytest

import renderers
from engines.dynamath.seed import make_variant
from renderers.axes import draw_axes
from renderers.canvas import Canvas
from tests.tiers import tiers

SEEDS = ("analytic-hyperbola-measure", "analytic-hyperbola-asymptotes",
         "analytic-contour-gradient", "analytic-contour-highest")


def _ticks(layout, names):
    """The tick labels (numbers) and the origin's "O" among the layout's labels."""
    for lb in layout.labels:
        t = lb.text
        if t == "O" and "O" not in names or t.lstrip("-").replace(".", "").isdigit():
            yield lb


@pytest.mark.parametrize("n", tiers(10, 60))
def test_no_dot_on_a_tick_label(n):
    fam = renderers.get_family("contour")
    bad = []
    for sid in SEEDS:
        for v in range(n):
            spec = make_variant(sid, v, seed=9191, pin_canonical=False).spec
            if not spec.points:
                continue
            for size in (224, 336):
                _, layout = fam.render_with_layout(spec, size)
                dots = list(spec.points)
                names = {p.name for p in dots}
                vp = _viewport(spec, size)
                r = 3.5 * size / 336  # a dot reaching into the label's box
                for lb in _ticks(layout, names):
                    x0, y0, x1, y1 = lb.box
                    for p in dots:
                        qx, qy = vp(p.x, p.y)
                        if y0 <= qy <= y1 and max(x0 - qx, qx - x1, 0.0) < r:
                            bad.append((sid, v, size, lb.text, p.name))
    assert bad == [], bad


def _viewport(spec, size):
    """The contour picture's axes viewport at ``size`` px (the same call as its drawing)."""
    return draw_axes(Canvas(size), spec.xmin, spec.xmax, spec.ymin, spec.ymax, grid=spec.grid,
                     defer_labels=True)


def test_the_reported_variant():
    """B'(-1, -4) of analytic-hyperbola-measure v010 (seed 9191) at 224 px: no "-4" beside it."""
    spec = make_variant("analytic-hyperbola-measure", 10, seed=9191, pin_canonical=False).spec
    assert any(p.name.startswith("B'") and (p.x, p.y) == (-1, -4) for p in spec.points)
    _, layout = renderers.get_family("contour").render_with_layout(spec, 224)
    vp = _viewport(spec, 224)
    qx, qy = vp(-1, -4)
    near = [lb.text for lb in layout.labels if lb.text == "-4" and
            math.dist(((lb.box[0] + lb.box[2]) / 2, (lb.box[1] + lb.box[3]) / 2), (qx, qy)) < 12]
    assert near == []
