"""An incline's slope length, dimensioned parallel to the slope past the block, keeps a clear
gap from the block: the first offset whose lines covered no ink stood the dimension line a
pixel past the block's top face (one in six sampled ramps without forces), where it read as
touching it.

Checked by pixels over sampled ramps at 224 and 336 px (half drawn without the forces, where
the line runs just past the block): every pixel the dimension's strokes (its line, arrowheads
and extension lines) add to the ink mask lies more than 2 px (between pixel centres) from
every pixel of the block's outline, and so does its label's glyph box."""
import dataclasses

import numpy as np
import pytest

import renderers
from renderers.canvas import Canvas
from renderers.scientific.draw import draw_science, setups
from tests.tiers import tiers

FAM = renderers.get_family("scientific")
BLOCK = (205, 220, 240)  # the block's fill, which tells its polygon from the ramp's
LENGTHS = (2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


def _block_and_dimension(spec, size: int, monkeypatch) -> tuple[np.ndarray, np.ndarray, tuple]:
    """The block's outline pixels, the dimension's stroke pixels and its label's box."""
    rec = {}
    real_polygon, real_dim = Canvas.polygon, setups.dimension

    def polygon(self, pts, fill=None, *args, **kw):
        before = np.array(self.ink, dtype=bool)
        real_polygon(self, pts, fill, *args, **kw)
        if fill == BLOCK:
            rec["block"] = np.array(self.ink, dtype=bool) & ~before

    def dimension(c, *args, **kw):
        before = np.array(c.ink, dtype=bool)
        dim = real_dim(c, *args, **kw)
        rec["dim"], rec["box"] = np.array(c.ink, dtype=bool) & ~before, dim.box
        return dim

    with monkeypatch.context() as m:
        m.setattr(Canvas, "polygon", polygon)
        m.setattr(setups, "dimension", dimension)
        draw_science(spec, Canvas(size, height=int(round(size * FAM.aspect(spec)))))
    return rec["block"], rec["dim"], rec["box"]


@pytest.mark.parametrize("n", tiers(40, 400))
def test_the_slope_dimension_keeps_clear_of_the_block(n, monkeypatch):
    near = []
    for i in range(n):
        spec = FAM.sample_spec(np.random.default_rng(3100 + i), kind="incline")
        inc = dataclasses.replace(spec.incline, length=spec.incline.length or LENGTHS[i % 7],
                                  show_forces=spec.incline.show_forces and i % 2 == 0)
        spec = dataclasses.replace(spec, incline=inc)
        if i % 3 == 2:
            spec = dataclasses.replace(spec, title="Forces and motion")
        size = (224, 336)[(i // 2) % 2]
        block, dim, (x0, y0, x1, y1) = _block_and_dimension(spec, size, monkeypatch)
        by, bx = np.nonzero(block)
        assert len(bx) > 20, "the block's outline was found"
        P = np.stack([bx + 0.5, by + 0.5], 1)
        dy, dx = np.nonzero(dim & ~block)
        assert len(dx) > 50, "the dimension's strokes were found"
        Q = np.stack([dx + 0.5, dy + 0.5], 1)
        line_gap = float(np.sqrt(((Q[:, None] - P[None]) ** 2).sum(-1)).min())
        gx = np.maximum(np.maximum(x0 - P[:, 0], P[:, 0] - x1), 0)
        gy = np.maximum(np.maximum(y0 - P[:, 1], P[:, 1] - y1), 0)
        text_gap = float(np.hypot(gx, gy).min())
        if min(line_gap, text_gap) <= 2:
            near.append((f"{inc} at {size}", round(line_gap, 1), round(text_gap, 1)))
    assert not near, f"{len(near)} of {n} dimensions within 2 px of the block: {near[:5]}"
