"""Clock faces: dial, numerals (arabic or roman), hands.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='clock'), 336).save('/tmp/clock.png')"
"""
from __future__ import annotations

import math

from renderers.arithmetic.draw.ink import INK
from renderers.arithmetic.spec import ArithmeticSpec, color_rgb, hand_angles
from renderers.canvas import Canvas
from renderers.text import font_px


ROMAN = ("XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI")


def _numeral_boxes(cv: Canvas, texts, cx, cy, r, px):
    boxes = []
    for k, s in enumerate(texts):
        a = math.radians(k * 30)
        w, h = cv.text_size(s, px)
        x, y = cx + r * math.sin(a), cy - r * math.cos(a)
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    return boxes


def _overlapping(boxes) -> bool:
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if not (a[2] + 1 <= b[0] or b[2] + 1 <= a[0] or a[3] + 1 <= b[1] or b[3] + 1 <= a[1]):
                return True
    return False


def draw_clocks(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    x0, y0, x1, y1 = box
    n = len(spec.clocks)
    fp = font_px(cv.width)
    cap_h = fp * 1.7 if any(c.caption for c in spec.clocks) else 0.0
    cw = (x1 - x0) / n
    R = min(cw * 0.45, (y1 - y0 - cap_h) * 0.49)
    k = max(0.65, min(1.2, R / (140 * cv.unit)))  # stroke scale relative to a full-size face
    for i, c in enumerate(spec.clocks):
        cx, cy = x0 + cw * (i + 0.5), y0 + (y1 - y0 - cap_h) / 2
        cv.circle((cx, cy), R, fill=(252, 250, 242), outline=color_rgb(c.color), width=6 * k)
        for t in range(60):
            a = math.radians(t * 6)
            major = t % 5 == 0
            r_in, r_out = R * (0.8 if major else 0.87), R * 0.92
            s, co = math.sin(a), math.cos(a)
            cv.line([(cx + r_in * s, cy - r_in * co), (cx + r_out * s, cy - r_out * co)],
                    color=INK, width=(2.6 if major else 1.0) * k)
        if c.numerals != "none":
            texts = ROMAN if c.numerals == "roman" else ["12"] + [str(h) for h in range(1, 12)]
            px = max(11, min(int(round(R * (0.15 if c.numerals == "roman" else 0.2))),
                             int(fp * 1.4)))
            r_num = R * (0.64 if c.numerals == "roman" else 0.65)
            boxes = _numeral_boxes(cv, texts, cx, cy, r_num, px)
            keep = range(12)
            if _overlapping(boxes):  # a small face: numbers at the quarters only
                keep = (0, 3, 6, 9)
            for j in keep:
                bx = boxes[j]
                cv.text(((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), texts[j], px=px, color=INK)
        ha, ma = hand_angles(c.hour, c.minute)
        for ang, length, width, col in ((ha, 0.5, 7.5, (20, 20, 20)),
                                        (ma, 0.8, 4.5, (45, 45, 70))):
            a = math.radians(ang)
            tip = (cx + R * length * math.sin(a), cy - R * length * math.cos(a))
            tail = (cx - R * 0.1 * math.sin(a), cy + R * 0.1 * math.cos(a))
            cv.line([tail, tip], color=col, width=width * k)
        cv.dot((cx, cy), r=5 * k, color=(20, 20, 20))
        if c.caption:
            cv.text((cx, cy + R + cap_h * 0.5), c.caption, px=fp, kind="bold")
