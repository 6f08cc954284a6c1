"""Thermometers and their readings.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='thermometer'), 336).save('/tmp/thermometer.png')"
"""
from __future__ import annotations

from renderers.arithmetic.draw.ink import INK
from renderers.arithmetic.spec import ArithmeticSpec, thermo_ticks
from renderers.canvas import Canvas
from renderers.text import fmt_num, font_px


def draw_thermometer(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    t = spec.thermometer
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    u = cv.unit
    n = len(t.readings)
    cw = (x1 - x0) / n
    cap_h = fp * 1.7 if any(r.caption for r in t.readings) else 0.0
    labels = [fmt_num(v) for v in thermo_ticks(t)]
    tw = min(cw * 0.1, 18 * u)
    br = tw * 1.15
    yb = y1 - cap_h - br
    top = y0 + fp * 1.5 + tw / 2
    ys_lo, ys_hi = yb - br * 1.6, top + tw * 0.9
    span = ys_lo - ys_hi
    px = min(fp, int(span / max(1, len(labels) - 1) * 0.75))

    def Y(v: float) -> float:
        return ys_lo - (v - t.lo) / (t.hi - t.lo) * span

    red = (214, 39, 40)
    lab_w = max(cv.text_size(s, px)[0] for s in labels)
    for i, rd in enumerate(t.readings):
        cx = x0 + cw * (i + 0.5) + lab_w / 2
        cv.circle((cx, top), tw / 2, fill=(245, 245, 250), outline=(90, 90, 90), width=1.6)
        cv.rect((cx - tw / 2, top, cx + tw / 2, yb - br * 0.5), fill=(245, 245, 250),
                outline=None)
        cv.line([(cx - tw / 2, top), (cx - tw / 2, yb - br * 0.8)], color=(90, 90, 90), width=1.6)
        cv.line([(cx + tw / 2, top), (cx + tw / 2, yb - br * 0.8)], color=(90, 90, 90), width=1.6)
        cv.rect((cx - tw * 0.25, Y(rd.value), cx + tw * 0.25, yb), fill=red, outline=None)
        cv.circle((cx, yb), br, fill=red, outline=(120, 20, 20), width=1.6)
        steps = int(round((t.hi - t.lo) / t.step)) * t.minor
        for j in range(steps + 1):
            v = t.lo + j * t.step / t.minor
            major = j % t.minor == 0
            ln = (9 if major else 5) * u
            cv.line([(cx + tw / 2, Y(v)), (cx + tw / 2 + ln, Y(v))], color=INK,
                    width=1.6 if major else 1.0)
            if major:
                cv.text((cx - tw / 2 - 4 * u, Y(v)), labels[j // t.minor], px=px, anchor="rm")
        cv.text((cx, y0 + fp * 0.6), t.unit, px=fp, kind="bold")
        if rd.caption:
            cv.text((cx, yb + br + cap_h * 0.5), rd.caption, px=fp, kind="bold")
