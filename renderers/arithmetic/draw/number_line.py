"""Number lines: ticks, labels, marked points and jumps.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='number_line'), 336).save('/tmp/number_line.png')"
"""
from __future__ import annotations

from renderers.arithmetic.draw.ink import darker
from renderers.arithmetic.spec import ArithmeticSpec, color_rgb, line_ticks
from renderers.canvas import Canvas, arc_points
from renderers.text import fmt_num, font_px


def draw_number_line(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    nl = spec.number_line
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    u = cv.unit
    ticks = line_ticks(nl)
    w_end = max(cv.text_size(fmt_num(t), fp)[0] for t in (ticks[0], ticks[-1]))
    xa, xb = x0 + max(fp * 1.1, w_end / 2 + 2), x1 - max(fp * 1.1, w_end / 2 + 2)

    def X(v: float) -> float:
        return xa + (v - nl.start) / (nl.stop - nl.start) * (xb - xa)

    yl = y0 + (y1 - y0) * (0.6 if nl.jumps else 0.5)
    cv.arrow((xa, yl), (x0, yl), width=2.2, head=8)
    cv.arrow((xb, yl), (x1, yl), width=2.2, head=8)
    cv.line([(xa, yl), (xb, yl)], width=2.2)
    for i, t in enumerate(ticks):
        major = i % nl.label_every == 0
        hh = (8 if major else 5) * u
        cv.line([(X(t), yl - hh), (X(t), yl + hh)], width=2.0 if major else 1.3)
        if major:
            cv.text((X(t), yl + 8 * u + fp * 0.65), fmt_num(t), px=fp)
    for j in nl.jumps:
        xs, xe = X(j.start), X(j.end)
        rx = abs(xe - xs) / 2
        ry = min(rx * 0.9, (yl - y0) * 0.6)
        mid = ((xs + xe) / 2, yl - 3 * u)
        pts = arc_points(mid, rx, 180, 0, ry=ry) if xs < xe else arc_points(mid, rx, 0, 180,
                                                                            ry=ry)
        col = (31, 119, 180)
        cv.line(pts, color=col, width=2.0)
        cv.arrow(pts[-3], pts[-1], color=col, width=2.0, head=8)
        if j.label:
            cv.label((mid[0], mid[1] - ry), j.label, px=fp, prefer=(0, -1), color=col,
                     dist=2 * u)
    for mk in nl.marks:
        x = X(mk.value)
        cv.dot((x, yl), r=6, color=color_rgb(mk.color))
    for mk in nl.marks:
        cv.label((X(mk.value), yl - 6 * u), mk.name, px=fp, prefer=(0, -1), kind="bold",
                 color=darker(color_rgb(mk.color)))
