"""Where a chart staggers its category labels into two rows, the axis title below them stands
clearly apart from the lower row: two rows a line apart with the title a line below the lower
one ("Mango" over "Fruit") read as one label of two lines.

Checked by the layout over sampled bar, line and box charts of the family's sampler (and the
DynaMath look's "Mango" chart) at 224 and 336 px: in every staggered chart the axis title's
glyph box is at least 0.6 of the font size below every lower-row category label it stands
under (within half a font size across), farther than the rows are from each other, and inside
the picture; a chart of one row keeps its title where it was."""
import numpy as np
import pytest

import renderers
from renderers.chart.spec import ChartSpec, Series
from renderers.text import font_px
from tests.tiers import tiers

FAM = renderers.get_family("chart")
MANGO = ChartSpec(kind="bar", title="Fruit sold this week", x_title="Fruit", y_title="Boxes sold",
                  categories=["Cherry", "Kiwi", "Lemon", "Mango", "Orange", "Pear", "Melon"],
                  series=[Series("Boxes sold", [50.0, 24.0, 6.0, 6.0, 39.0, 45.0, 21.0], "pink")],
                  annotate=True)


def _rows(spec: ChartSpec, size: int):
    """The category labels (in order) and the axis title's box, from the layout: the title
    is drawn just after the categories."""
    labs = FAM.render_with_layout(spec, size)[1].labels
    it = max(i for i, lb in enumerate(labs) if lb.text == spec.x_title)
    cats = labs[it - len(spec.categories):it]
    assert [lb.text for lb in cats] == spec.categories
    return cats, labs[it].box


def _staggered(cats, px: int) -> bool:
    cy = [(lb.box[1] + lb.box[3]) / 2 for lb in cats]
    return len(cats) > 1 and abs(cy[1] - cy[0]) > 0.5 * px


def _title_faults(spec: ChartSpec, size: int) -> list:
    px = font_px(size, 0.8)
    cats, t = _rows(spec, size)
    if not _staggered(cats, px):
        return []
    upper, lower = cats[0::2], cats[1::2]
    row_gap = min(lb.box[1] for lb in lower) - max(lb.box[3] for lb in upper)
    bad = []
    for lb in lower:
        b = lb.box
        if b[0] < t[2] + 0.5 * px and b[2] > t[0] - 0.5 * px:
            gap = t[1] - b[3]
            if gap < 0.6 * px or gap <= row_gap:
                bad.append((lb.text, spec.x_title, round(gap, 1), round(row_gap, 1)))
    if t[3] > size - 1:
        bad.append((spec.x_title, "off the picture", t[3]))
    return bad


def _specs(rng: np.random.Generator, n: int) -> list[ChartSpec]:
    out = []
    while len(out) < n:
        sp = FAM.sample_spec(rng, kind=("bar", "line", "box")[len(out) % 3])
        if not sp.horizontal and sp.x_title:
            out.append(sp)
    return out


@pytest.mark.parametrize("size", [224, 336])
def test_the_mango_chart_keeps_its_title_apart(size):
    cats, _ = _rows(MANGO, size)
    if size == 224:
        assert _staggered(cats, font_px(size, 0.8))
    assert not _title_faults(MANGO, size)


@pytest.mark.parametrize("n", tiers(60, 600))
@pytest.mark.parametrize("size", [224, 336])
def test_staggered_category_labels_stand_apart_from_the_axis_title(size, n):
    rng = np.random.default_rng(size + 59)
    staggered, bad = 0, []
    for case, spec in enumerate(_specs(rng, n)):
        if size == 224:
            staggered += _staggered(_rows(spec, size)[0], font_px(size, 0.8))
        f = _title_faults(spec, size)
        if f:
            bad.append((case, f))
    assert not bad, (len(bad), bad[:5])
    if size == 224:  # the sample holds staggered charts to check
        assert staggered >= n // 10, staggered
