"""Clock faces: dial, numerals (arabic or roman), hands.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='clock'), 336).save('/tmp/clock.png')"
"""
from __future__ import annotations

import math

from renderers.arithmetic.draw.ink import INK
from renderers.arithmetic.spec import ArithmeticSpec, color_rgb, hand_angles
from renderers.canvas import Box, Canvas, Point, point_box_gap
from renderers.text import font_px


FACE = (252, 250, 242)
HOUR_LEN, MINUTE_LEN = 0.5, 0.86  # the hands' reach as fractions of the face's radius
HOUR_W, MINUTE_W = 7.5, 4.5  # their widths (strokes scaled by the face's size)
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


def numeral_pad(px: int) -> float:
    """The face's colour kept round a numeral's glyphs (the hands pass beneath)."""
    return max(3.0, 0.2 * px)


def numeral_patch(cv: Canvas, xy: Point, text: str, px: int, kind: str = "sans",
                  pad: float | None = None) -> Box:
    """The patch of face a numeral drawn centred at ``xy`` stands on: its glyphs' box widened
    by ``pad`` (``numeral_pad(px)`` unless given) all round, painted in the face's colour
    (not as ink) over the hands beneath; a dial gauge's numerals stand on such patches over
    its needle."""
    pad = numeral_pad(px) if pad is None else pad
    g = cv.text_box(xy, text, px, kind=kind)
    return (g[0] - pad, g[1] - pad, g[2] + pad, g[3] + pad)


def hand_lengths(centre, R: float, k: float, boxes, unit: float) -> tuple[float, float]:
    """The hour and minute hands' lengths in pixels. The minute hand reaches into the minute
    ticks (a minute is read there) and passes beneath the numerals; the hour hand stops short
    of every numeral's cleared box (``boxes``) by a margin, however it turns, so it shows
    whole."""
    hour = HOUR_LEN * R
    if boxes:
        reach = min(point_box_gap(centre, b) for b in boxes)
        hour = min(hour, reach - HOUR_W * k * unit / 2 - 2.0)
    return hour, MINUTE_LEN * R


def draw_hands(cv: Canvas, centre, R: float, k: float, hour: int, minute: int, boxes) -> None:
    cx, cy = centre
    hl, ml = hand_lengths(centre, R, k, boxes, cv.unit)
    ha, ma = hand_angles(hour, minute)
    for ang, length, width, col in ((ha, hl, HOUR_W, (20, 20, 20)),
                                    (ma, ml, MINUTE_W, (45, 45, 70))):
        a = math.radians(ang)
        tip = (cx + length * math.sin(a), cy - length * math.cos(a))
        tail = (cx - R * 0.1 * math.sin(a), cy + R * 0.1 * math.cos(a))
        cv.line([tail, tip], color=col, width=width * k)


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
        cv.circle((cx, cy), R, fill=FACE, outline=color_rgb(c.color), width=6 * k)
        numerals = []  # (text, where it is drawn, px, its glyphs' box widened by the pad)
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
                xy = ((boxes[j][0] + boxes[j][2]) / 2, (boxes[j][1] + boxes[j][3]) / 2)
                numerals.append((texts[j], xy, px, numeral_patch(cv, xy, texts[j], px)))
        draw_hands(cv, (cx, cy), R, k, c.hour, c.minute, [n[3] for n in numerals])
        # the minute hand passes beneath the numerals: each stands on the face's colour a little
        # wider than its glyphs, so no hand crosses it; the ticks go on after these patches
        for _, _, _, bx in numerals:
            cv.rect(bx, fill=FACE, outline=None, ink=False)
        for t in range(60):
            a = math.radians(t * 6)
            major = t % 5 == 0
            r_in, r_out = R * (0.8 if major else 0.87), R * 0.92
            s, co = math.sin(a), math.cos(a)
            cv.line([(cx + r_in * s, cy - r_in * co), (cx + r_out * s, cy - r_out * co)],
                    color=INK, width=(2.6 if major else 1.0) * k)
        for text, xy, px, _ in numerals:
            cv.text(xy, text, px=px, color=INK)
        cv.dot((cx, cy), r=5 * k, color=(20, 20, 20))
        if c.caption:
            cv.text((cx, cy + R + cap_h * 0.5), c.caption, px=fp, kind="bold")
