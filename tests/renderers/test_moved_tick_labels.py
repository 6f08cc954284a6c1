"""A y tick label moved off a curve never ends with the curve between its characters: of the
places a curve crosses, the one where least of it shows inside the label's whole box once the
glyphs are cleared, and one that a curve still splits goes above or below its row where it
can ("-2|.5" or "-|3" beside a sinusoid read as two marks, or as "3").

Checked by pixels over sampled function plots and DynaMath sinusoid plots at 224 and 336 px:
in the box of every y tick label painted away from its own place, no two pixels of a curve's
colour stand between two of the label's glyph pixels in the columns."""
import importlib

import numpy as np
import pytest

import renderers
from engines.dynamath.seed import load_seeds, variant_rng
from tests.tiers import tiers

FAM = renderers.get_family("function")
FDRAW = importlib.import_module("renderers.function.draw")


def _moved_boxes(monkeypatch) -> list:
    """Record, through ``draw_axis_labels``, the box of every y tick label painted away from
    the place ``draw_axes`` gave it."""
    moved = []
    paint = FDRAW.draw_axis_labels

    def spy(canvas, vp):
        own = {id(lab.entry): (lab.xy, lab.anchor) for lab in vp.labels}
        out = paint(canvas, vp)
        moved.extend((lab.text, lab.box) for lab in vp.painted if lab.role == "y" and
                     own.get(id(lab.entry), (lab.xy, lab.anchor)) != (lab.xy, lab.anchor))
        return out

    monkeypatch.setattr(FDRAW, "draw_axis_labels", spy)
    return moved


def between_characters(img, box) -> int:
    """Pixels of a curve's colour (saturated) inside the box with a glyph's pixel (grey, darker
    than the grid) left and right of them in the box: a curve between the label's characters,
    or through one of them past its cleared rim."""
    a = np.asarray(img.convert("RGB"), dtype=int)
    x0, y0, x1, y1 = box
    sub = a[int(np.ceil(y0)):int(np.floor(y1)), int(np.ceil(x0)):int(np.floor(x1))]
    if not sub.size:
        return 0
    sat = sub.max(-1) - sub.min(-1)
    cols = np.flatnonzero(((sat < 30) & (sub.max(-1) < 170)).any(0))
    if not len(cols):
        return 0
    inner = np.zeros(sub.shape[1], bool)
    inner[cols[0] + 1:cols[-1]] = True
    return int(((sat > 60) & inner[None, :]).sum())


def _specs(n: int) -> list:
    q = load_seeds()["algebra-sinusoid-parameters"]
    return [FAM.sample_spec(np.random.default_rng(k)) for k in range(n)] + \
        [q.diagram(q.sample(variant_rng(9191, q.seed_id, v))) for v in range(n)]


@pytest.mark.parametrize("n", tiers(60, 240))
@pytest.mark.parametrize("size", [224, 336])
def test_no_curve_between_a_moved_labels_characters(size, n, monkeypatch):
    moved = _moved_boxes(monkeypatch)
    bad, seen = [], 0
    for i, spec in enumerate(_specs(n)):
        moved.clear()
        img = FAM.render(spec, size)
        seen += len(moved)
        # a lone pixel is a curve's anti-aliased rim by a glyph's, not a curve through it
        bad += [(i, text, k) for text, box in moved if (k := between_characters(img, box)) > 1]
    assert seen >= n and not bad, (seen, bad[:6])
