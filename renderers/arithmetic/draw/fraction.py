"""Fraction bars and circles.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='fraction'), 336).save('/tmp/fraction.png')"
"""
from __future__ import annotations

import math

from renderers.arithmetic.draw.ink import INK
from renderers.arithmetic.spec import ArithmeticSpec, color_rgb
from renderers.canvas import Canvas, arc_points
from renderers.text import font_px


def draw_fractions(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    n = len(spec.fractions)
    if n >= 2 and all(f.shape == "bar" for f in spec.fractions):
        _stacked_bars(spec, cv, box)
        return
    cap_h = fp * 1.7 if any(f.caption for f in spec.fractions) else 0.0
    cw = (x1 - x0) / n
    avail = y1 - y0 - cap_h
    for i, f in enumerate(spec.fractions):
        cx, cy = x0 + cw * (i + 0.5), y0 + avail / 2
        k = len(f.fills)
        fills = [color_rgb(c) if c else (255, 255, 255) for c in f.fills]
        if f.shape == "bar":
            w = cw * 0.86
            h = max(1.0, min(w * 0.3, avail * 0.7))  # a caption taller than a small canvas
            top = cy - h / 2
            bottom = cy + h / 2
            for j, col in enumerate(fills):
                xa = cx - w / 2 + w * j / k
                cv.rect((xa, top, xa + w / k, bottom), fill=col, outline=INK, width=1.6)
            cap_y = bottom + cap_h * 0.5
        else:
            r = max(1.0, min(cw * 0.43, avail * 0.47))
            c = (cx, cy)
            for j, col in enumerate(fills):
                a0, a1 = 90 - 360 * j / k, 90 - 360 * (j + 1) / k
                pts = [c] + arc_points(c, r, a0, a1, n=max(4, int(360 / k / 6)))
                cv.polygon(pts, fill=col, outline=None)
            cv.circle(c, r, outline=INK, width=1.8)
            for j in range(k):
                a = math.radians(90 - 360 * j / k)
                cv.line([c, (cx + r * math.cos(a), cy - r * math.sin(a))], color=INK, width=1.5)
            cap_y = cy + r + cap_h * 0.5
        if f.caption:
            cv.text((cx, cap_y), f.caption, px=fp, kind="bold")


def _stacked_bars(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    """Several fraction bars, one under another with their captions on the left (comparing
    fractions is easier when the wholes line up)."""
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    n = len(spec.fractions)
    cap_w = max(cv.text_size(f.caption, fp, "bold")[0] for f in spec.fractions)
    left = x0 + (cap_w + 0.04 * cv.width if cap_w else 0.0)
    rh = (y1 - y0) / n
    h = min(rh * 0.62, fp * 2.6)
    for i, f in enumerate(spec.fractions):
        cy = y0 + rh * (i + 0.5)
        k = len(f.fills)
        w = x1 - left
        for j, c in enumerate(f.fills):
            xa = left + w * j / k
            cv.rect((xa, cy - h / 2, xa + w / k, cy + h / 2),
                    fill=color_rgb(c) if c else (255, 255, 255), outline=INK, width=1.6)
        if f.caption:
            cv.text((x0, cy), f.caption, px=fp, anchor="lm", kind="bold")
