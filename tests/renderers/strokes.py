"""Test helpers: the strokes a renderer draws, recorded as it calls ``Canvas.line``; the ink
and blank pixels of a picture; the pixels a label's glyph halo may clear."""
import numpy as np

from renderers.canvas import Canvas


def recorded_lines(monkeypatch, draw):
    """``draw()``'s result and every ``Canvas.line`` call made during it, as (points, colour,
    width) in call order."""
    seen = []
    real = Canvas.line

    def line(self, pts, color="black", width=2.0, **kw):
        seen.append((list(pts), color, width))
        return real(self, pts, color=color, width=width, **kw)

    monkeypatch.setattr(Canvas, "line", line)
    try:
        out = draw()
    finally:
        monkeypatch.setattr(Canvas, "line", real)
    return out, seen


def glyph_halo(canvas, calls, shape, grow: int) -> np.ndarray:
    """The pixels of a canvas of ``shape`` within ``grow`` px of the glyphs of the texts drawn
    by ``calls`` ((xy, text, px, anchor, kind) each): what drawing them may clear."""
    halo = np.zeros(shape, bool)
    h, w = shape
    for xy, t, tpx, anchor, kind in calls:
        gx, gy, g = canvas.glyph_pixels(xy, t, tpx, anchor, kind, grow)
        sx, sy = max(0, -gx), max(0, -gy)
        ex, ey = min(g.shape[1], w - gx), min(g.shape[0], h - gy)
        if sx < ex and sy < ey:
            halo[gy + sy:gy + ey, gx + sx:gx + ex] |= g[sy:ey, sx:ex]
    return halo


def ink_mask(img) -> np.ndarray:
    """Strokes and dots: darker than the light grid (218) in every channel but one at least."""
    return np.asarray(img).min(axis=2) < 200


def blank_mask(img) -> np.ndarray:
    """The canvas colour, near enough (the rim of a glyph is grey)."""
    return np.asarray(img).min(axis=2) >= 245
