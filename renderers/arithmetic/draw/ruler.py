"""Rulers with an object laid along them.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='ruler'), 336).save('/tmp/ruler.png')"
"""
from __future__ import annotations

from renderers.arithmetic.draw.ink import INK
from renderers.arithmetic.spec import ArithmeticSpec, color_rgb
from renderers.canvas import Canvas
from renderers.text import font_px


def draw_ruler(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    r = spec.ruler
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    u = cv.unit
    L, R = x0 + 0.01 * cv.width, x1 - 0.01 * cv.width
    edge = max(fp * 0.8, 0.03 * cv.width)
    unit_px = (R - L - 2 * edge) / r.length
    zero = L + edge

    def X(v: float) -> float:
        return zero + v * unit_px

    top = y0 + (y1 - y0) * 0.48
    bh = y1 - top
    cv.rect((L, top, R, y1), fill=(250, 232, 160), outline=(140, 110, 40), width=1.8)
    half = r.minor // 2 if r.minor % 2 == 0 else 0
    for i in range(r.length * r.minor + 1):
        if i % r.minor == 0:
            hh = 0.4
        elif half and i % half == 0:
            hh = 0.28
        else:
            hh = 0.17
        x = X(i / r.minor)
        cv.line([(x, top), (x, top + bh * hh)], color=INK, width=1.6 if hh == 0.4 else 1.0)
    px = min(fp, int(bh * 0.32))
    for v in range(r.length + 1):
        cv.text((X(v), top + bh * 0.4 + px * 0.75), str(v), px=px)
    cv.text((R - 3 * u, y1 - px * 0.7), r.unit, px=px, anchor="rm", color=(100, 80, 30))
    # the item, above the ruler
    ya, yb = X(r.start), X(r.end)
    yc = y0 + (top - y0) * 0.5
    th = min((top - y0) * 0.42, 26 * u)
    col = color_rgb(r.color)
    for x in (ya, yb):
        cv.line([(x, yc), (x, top)], color=(120, 120, 120), width=1.0, dash=(3, 3))
    if r.item == "pencil":
        tip = min(th * 1.4, (yb - ya) * 0.3)
        er = min(th * 0.8, (yb - ya) * 0.12)
        cv.rect((ya, yc - th / 2, ya + er, yc + th / 2), fill=(240, 150, 170),
                outline=(110, 60, 70), width=1.2)
        cv.rect((ya + er, yc - th / 2, yb - tip, yc + th / 2), fill=col,
                outline=tuple(int(c * 0.6) for c in col), width=1.2)
        cv.line([(ya + er, yc), (yb - tip, yc)], color=tuple(int(c * 0.75) for c in col),
                width=1.0)
        cv.polygon([(yb - tip, yc - th / 2), (yb, yc), (yb - tip, yc + th / 2)],
                   fill=(235, 200, 150), outline=(120, 90, 60), width=1.2)
        cv.polygon([(yb - tip * 0.3, yc - th * 0.15), (yb, yc), (yb - tip * 0.3, yc + th * 0.15)],
                   fill=(50, 50, 50), outline=None)
    elif r.item == "ribbon":
        cv.rect((ya, yc - th * 0.35, yb, yc + th * 0.35), fill=col,
                outline=tuple(int(c * 0.6) for c in col), width=1.2)
    else:  # nail: a head at the start, a point at the end
        sh = th * 0.22
        cv.rect((ya, yc - th * 0.55, ya + 4 * u, yc + th * 0.55), fill=(120, 120, 130),
                outline=(60, 60, 60), width=1.0)
        cv.polygon([(ya + 4 * u, yc - sh), (yb - th * 0.6, yc - sh), (yb, yc),
                    (yb - th * 0.6, yc + sh), (ya + 4 * u, yc + sh)], fill=(170, 170, 180),
                   outline=(70, 70, 70), width=1.0)
