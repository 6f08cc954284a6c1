"""Drawing of the "venn" family: circles of equal radius in a universe box, each region's label
at a point inside it (the centroid of the region, measured once on a grid), set names outside
their circles, shaded regions filled pixel by pixel from the circle equations.

    python -m pytest -q tests/renderers/test_venn.py
"""
from __future__ import annotations

from functools import lru_cache
import math

import numpy as np
from PIL import Image

from renderers.canvas import PALETTE, Canvas
from renderers.text import font_px
from renderers.venn.spec import REGIONS, VennSpec

R = 1.0
# circle centres in math units (y up)
CENTRES = {2: ((-0.62, 0.0), (0.62, 0.0)),
           3: tuple((0.68 * math.cos(math.radians(a)), 0.68 * math.sin(math.radians(a)))
                    for a in (150, 30, 270))}
# where each set's name goes: above (+1) or below (-1) its circle, and the text anchor there
NAME_AT = {2: ((1, "mb"), (1, "mb")), 3: ((1, "mb"), (1, "mb"), (-1, "mt"))}
BOX = {2: (-2.05, -1.3, 2.05, 1.5), 3: (-2.05, -2.15, 2.05, 1.9)}


def _code(x: np.ndarray, y: np.ndarray, n: int) -> list[np.ndarray]:
    return [(x - cx) ** 2 + (y - cy) ** 2 <= R * R for cx, cy in CENTRES[n]]


@lru_cache(maxsize=None)
def label_points(n: int) -> dict[str, tuple[float, float]]:
    """A point well inside each region (math units): the grid point of the region farthest from
    every circle (a region's border is made of circle arcs), so a label sits in the widest part
    of a lens or crescent."""
    x0, y0, x1, y1 = BOX[n]
    xs = np.linspace(x0, x1, 411)
    ys = np.linspace(y0, y1, int(411 * (y1 - y0) / (x1 - x0)))
    X, Y = np.meshgrid(xs, ys)
    ins = _code(X, Y, n)
    out = {}
    for code in REGIONS[n]:
        m = np.ones_like(X, bool)
        for i, ch in enumerate(code):
            m &= ins[i] if ch == "1" else ~ins[i]
        if code == "0" * n:  # outside: the lower right corner of the box
            out[code] = (x1 - 0.3, y0 + 0.22)
            continue
        d = np.min([np.abs(np.hypot(X - cx, Y - cy) - R) for cx, cy in CENTRES[n]], axis=0)
        d = np.where(m, d, -1.0)
        j = np.unravel_index(np.argmax(d), d.shape)
        out[code] = (float(X[j]), float(Y[j]))
    return out


def _rgb(c):
    return PALETTE.get(c, (0, 0, 0)) if isinstance(c, str) else tuple(c)


def draw(spec: VennSpec, cv: Canvas) -> None:
    n = len(spec.sets)
    W, H = cv.width, cv.height
    px = font_px(W)
    top = 4 * cv.unit
    if spec.title:
        pt = cv.fit_px(spec.title, font_px(W, 0.95), W - 10 * cv.unit, "bold")
        h = cv.text_size(spec.title, pt, "bold")[1]
        cv.text((W / 2, top + h / 2 + 2 * cv.unit), spec.title, px=pt, kind="bold")
        top += h + 8 * cv.unit
    x0, y0, x1, y1 = BOX[n]
    m = 6 * cv.unit
    s = min((W - 2 * m) / (x1 - x0), (H - top - m) / (y1 - y0))
    ox = W / 2 - s * (x0 + x1) / 2
    oy = top + (H - top - m) / 2 + s * (y0 + y1) / 2

    def P(x, y):
        return (ox + s * x, oy - s * y)

    bx0, by0 = P(x0, y1)
    bx1, by1 = P(x1, y0)
    if spec.shade:  # fill shaded regions on the supersampled image from the circle equations
        ss = cv.ss
        xs = (np.arange(int(bx0 * ss), int(bx1 * ss)) + 0.5) / ss
        ys = (np.arange(int(by0 * ss), int(by1 * ss)) + 0.5) / ss
        X, Y = np.meshgrid((xs - ox) / s, (oy - ys) / s)
        ins = _code(X, Y, n)
        mask = np.zeros_like(X, bool)
        for code in spec.shade:
            mm = np.ones_like(X, bool)
            for i, ch in enumerate(code):
                mm &= ins[i] if ch == "1" else ~ins[i]
            mask |= mm
        fill = Image.new("RGB", (mask.shape[1], mask.shape[0]), (190, 190, 190))
        cv.img.paste(fill, (int(bx0 * ss), int(by0 * ss)),
                     Image.fromarray((mask * 255).astype(np.uint8)))
    cv.rect((bx0, by0, bx1, by1), outline=(60, 60, 60), width=1.6)
    cv.text((bx0 + 4 * cv.unit + cv.text_size(spec.universe, px, "bold")[0] / 2,
             by0 + 4 * cv.unit + cv.text_size(spec.universe, px, "bold")[1] / 2),
            spec.universe, px=px, kind="bold", anchor="mm")
    for (cx, cy), col in zip(CENTRES[n], spec.colors):
        cv.circle(P(cx, cy), s * R, outline=_rgb(col), width=2.6)
    # set names just outside each circle, growing away from the diagram (fixed places: a
    # name inside a circle would read as a region's label)
    for (cx, cy), name, col, (side, anchor) in zip(CENTRES[n], spec.sets, spec.colors,
                                                    NAME_AT[n]):
        cv.text(P(cx, cy + side * 1.07 * R), name, px=px, color=_rgb(col), kind="bold",
                anchor=anchor)
    pts = label_points(n)
    for code in REGIONS[n]:
        t = spec.labels.get(code, "")
        if t:
            cv.text(P(*pts[code]), t, px=px, anchor="mm", halo=code in spec.shade)
