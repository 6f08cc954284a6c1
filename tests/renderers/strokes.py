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


DARK = 150  # grey level below which a pixel is ink (the grid is lighter)


def ink_beside_text(img, layout, keep: set) -> np.ndarray:
    """The picture's ink (grey below ``DARK``) with the boxes of the layout's labels blanked,
    but for those whose ``id`` is in ``keep``: other labels' glyphs are text, not strokes."""
    dark = np.asarray(img.convert("L")).astype(int) < DARK
    for lb in layout.labels:
        if id(lb) not in keep:
            x0, y0, x1, y1 = (int(round(v)) for v in lb.box)
            dark[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = False
    return dark


def level_run(dark: np.ndarray, rows: tuple, above: tuple, below: tuple, xa: int,
              xb: int) -> bool:
    """Ink in ``rows`` (start, stop) running level for 3 px between columns ``xa`` and ``xb``,
    with the rows ``above`` and ``below`` (start, stop each) clear there: a level stroke."""
    mid = dark[rows[0]:rows[1], xa:xb].any(0)
    level = any(mid[i:i + 3].all() for i in range(len(mid) - 2))
    return level and not dark[above[0]:above[1], xa:xb].any() and \
        not dark[below[0]:below[1], xa:xb].any()
