"""Tally charts.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='tally'), 336).save('/tmp/tally.png')"
"""
from __future__ import annotations

from renderers.arithmetic.draw.ink import INK
from renderers.arithmetic.spec import ArithmeticSpec
from renderers.canvas import Canvas
from renderers.text import font_px


def draw_tally(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    t = spec.tally
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    n = len(t.rows) + 1
    rh = (y1 - y0) / n
    names = [t.header] + [r.name for r in t.rows]
    px = min(fp, int(rh * 0.6))
    c1 = max(cv.text_size(s, px, "bold")[0] for s in names) + 0.06 * cv.width
    xm = x0 + c1
    cv.rect((x0, y0, x1, y1), fill=None, outline=INK, width=1.8)
    cv.rect((x0, y0, x1, y0 + rh), fill=(230, 236, 245), outline=INK, width=1.8)
    cv.line([(xm, y0), (xm, y1)], color=INK, width=1.5)
    for i in range(2, n):
        cv.line([(x0, y0 + rh * i), (x1, y0 + rh * i)], color=INK, width=1.0)
    cv.text((x0 + 0.03 * cv.width, y0 + rh / 2), t.header, px=px, anchor="lm", kind="bold")
    cv.text(((xm + x1) / 2, y0 + rh / 2), "Tally", px=px, kind="bold")
    most = max([r.count for r in t.rows] + [1])
    groups = -(-most // 5)
    s = min(rh * 0.2, (x1 - xm - 0.06 * cv.width) / max(1, groups * 5.4))
    for i, row in enumerate(t.rows):
        yc = y0 + rh * (i + 1.5)
        cv.text((x0 + 0.03 * cv.width, yc), row.name, px=px, anchor="lm")
        hh = rh * 0.3
        x = xm + 0.03 * cv.width + s * 0.5
        for g in range(-(-row.count // 5)):
            k = min(5, row.count - g * 5)
            for j in range(min(k, 4)):
                xx = x + j * s
                cv.line([(xx, yc - hh), (xx, yc + hh)], color=INK, width=2.0)
            if k == 5:
                cv.line([(x - s * 0.5, yc + hh * 0.7), (x + s * 3.5, yc - hh * 0.7)],
                        color=(200, 40, 40), width=2.0)
            x += s * 5.4
