"""A chart's value labels keep clear of the category axis line and of the category labels,
and stay plainly their own point's or bar's: a valley point just above the axis put its value
below itself, on the axis line ("7" sitting on it, read as a tick label); a negative bar down
to the frame's bottom put its value against its category's name.

Checked by pixels and the layout: over sampled annotated line charts (valleys near the axis)
and bar charts (negative bars, some to the bottom of the axis), at 224 and 336 px, every value
label's glyph box is a quarter of its font size or more from the axis line (found as the
rows of the picture with the most grey) and from every category label, and it is in its own
bar's column, or nearer its own point than any other point (``nearer_own``)."""
import numpy as np
import pytest

import renderers
from renderers.canvas import nearer_own
from renderers.chart.spec import ChartSpec, Series
from renderers.chart.stats import chart_axes
from renderers.text import fmt_num, font_px
from tests.tiers import tiers

FAM = renderers.get_family("chart")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug")
FRUITS = ("Apple", "Mango", "Kiwi", "Plum", "Pear", "Lemon")


def _line(rng: np.random.Generator) -> ChartSpec:
    """One annotated series whose lowest values (a valley, or the first or last point) lie
    near the bottom of the axis."""
    n = int(rng.integers(4, 8))
    hi = float(rng.choice([20, 60, 150, 400, 900]))
    vals = [float(v) for v in rng.integers(int(0.3 * hi), int(hi) + 1, size=n)]
    for i in rng.choice(n, size=int(rng.integers(1, 3)), replace=False):
        vals[i] = float(rng.integers(0, int(0.15 * hi) + 1))
    return ChartSpec(kind="line", title="Visits", x_title="Month", y_title="Visits",
                     categories=list(MONTHS[:n]), series=[Series("Visits", vals, "blue")],
                     annotate=True)


def _bar(rng: np.random.Generator) -> ChartSpec:
    """One annotated series of positive, zero and negative bars, the lowest often at the
    bottom of the axis."""
    n = int(rng.integers(3, 7))
    hi = float(rng.choice([5, 10, 20, 50]))
    vals = [float(v) for v in rng.integers(-int(hi), int(hi) + 1, size=n)]
    vals[int(rng.integers(n))] = -hi
    if rng.random() < 0.3:
        vals[int(rng.integers(n))] = 0.0
    return ChartSpec(kind="bar", title="Change", x_title="Fruit", y_title="Change",
                     categories=list(FRUITS[:n]), series=[Series("Change", vals, "orange")],
                     annotate=True)


def _axis_row(img) -> float:
    """The y (pixel centre) of the category axis line: the rows with the most grey pixels
    darker than the grid (the line runs across the plot, drawn over the bars; a row of text
    is mostly gaps)."""
    a = np.asarray(img.convert("RGB"), dtype=int)
    grey = (a.max(-1) < 200) & (a.max(-1) - a.min(-1) < 25)
    count = grey.sum(1)
    rows = np.flatnonzero(count >= 0.6 * count.max())
    w = count[rows] - 0.6 * count.max() + 1
    return float((rows * w).sum() / w.sum()) + 0.5


def _gap(a, b) -> float:
    """How far apart two boxes are (0 where they meet or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return float(np.hypot(dx, dy))


def _faults(spec: ChartSpec, size: int) -> list:
    img, lay = FAM.render_with_layout(spec, size)
    labs = lay.labels
    it = max(i for i, lb in enumerate(labs) if lb.text == spec.x_title)
    cats, vals = labs[it - len(spec.categories):it], labs[it + 1:]
    values = spec.series[0].values
    assert [lb.text for lb in cats] == spec.categories
    assert [lb.text for lb in vals] == [fmt_num(v) for v in values]
    y_axis = _axis_row(img)
    ticks = chart_axes(spec)["value_axis"][3]
    ty = {lb.text: (lb.box[1] + lb.box[3]) / 2 for lb in labs[:it - len(spec.categories)]}
    lo, hi = ticks[0], ticks[-1]
    y_lo, y_hi = ty[fmt_num(lo)], ty[fmt_num(hi)]
    # each category's point or bar end: its label's x, its value's height on the tick scale
    pts = [((c.box[0] + c.box[2]) / 2, y_lo + (v - lo) / (hi - lo) * (y_hi - y_lo))
           for c, v in zip(cats, values)]
    g = 0.25 * font_px(size, 0.72)
    bad = []
    for i, lb in enumerate(vals):
        b = lb.box
        to_axis = max(b[1] - y_axis, y_axis - b[3], 0.0)
        to_cats = min(_gap(b, c.box) for c in cats)
        if spec.kind == "bar":  # in its own bar's column
            cx = (b[0] + b[2]) / 2
            own = min(range(len(pts)), key=lambda k: abs(pts[k][0] - cx)) == i
        else:  # nearer its own point than any other
            own = nearer_own(b, pts[i], pts[:i] + pts[i + 1:])
        if to_axis < g or to_cats < g or not own:
            bad.append((lb.text, round(to_axis, 1), round(to_cats, 1), own))
    return bad


@pytest.mark.parametrize("n", tiers(25, 400))
@pytest.mark.parametrize("size", [224, 336])
@pytest.mark.parametrize("kind", ["line", "bar"])
def test_value_labels_clear_of_the_axis_and_categories(kind, size, n):
    rng = np.random.default_rng(size + (7 if kind == "bar" else 0))
    make = _line if kind == "line" else _bar
    bad = []
    for case in range(n):
        spec = make(rng)
        f = _faults(spec, size)
        if f:
            bad.append((case, spec.series[0].values, f))
    assert not bad, (len(bad), bad[:4])


def test_a_zero_bar_keeps_its_value_above_the_axis():
    """A bar of 0 keeps its "0" above its place on the axis, clear of the line."""
    spec = ChartSpec(kind="bar", title="Sales", x_title="Fruit", y_title="Boxes",
                     categories=["Apple", "Mango", "Kiwi"],
                     series=[Series("Boxes", [0.0, 5.0, 12.0])], annotate=True)
    for size in (224, 336):
        img, lay = FAM.render_with_layout(spec, size)
        zero = [lb for lb in lay.labels if lb.text == "0"][-1]
        apple = next(lb for lb in lay.labels if lb.text == "Apple")
        assert zero.box[3] < _axis_row(img) - 0.25 * font_px(size, 0.72)
        assert abs((zero.box[0] + zero.box[2]) / 2 - (apple.box[0] + apple.box[2]) / 2) < 1.5
        assert not _faults(spec, size)
