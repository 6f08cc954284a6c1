"""Drawing of the "arithmetic" family, second half: money, fraction models, tally charts,
rulers, thermometers and bar models (the first half is renderers/arithmetic_draw.py).

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(2), kind='ruler'), 336).save('/tmp/ruler.png')"
"""
from __future__ import annotations

import math
from typing import Callable

from renderers.arithmetic import ArithmeticSpec, coin_text, color_rgb, thermo_ticks
from renderers.base import Canvas, arc_points, fmt_num, font_px

INK = (35, 35, 35)


def light(rgb, t: float = 0.55):
    """``rgb`` blended toward white by ``t``."""
    return tuple(int(c + (255 - c) * t) for c in rgb)


def fit_px(cv: Canvas, px: int, measure: Callable[[int], float], room: float,
           floor: int = 9) -> int:
    """The largest font size <= px whose measured width fits in ``room``."""
    while px > floor and measure(px) > room:
        px -= 1
    return px


# ----------------------------------------------------------------------------- money

_COIN_SIZE = {1: 0.8, 2: 0.85, 5: 0.9, 10: 0.8, 20: 0.9, 25: 0.95, 50: 1.0, 100: 0.95,
              200: 1.0}
_NOTE_FILL = {"$": (200, 228, 196), "€": (196, 214, 240), "£": (226, 206, 236)}


def _coin_metal(currency: str, cents: int):
    if cents >= 100:
        return (222, 190, 90)
    if cents <= (1 if currency == "$" else 5):
        return (205, 140, 90)
    return (206, 208, 214)


def draw_money(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    m = spec.money
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    rows = [m.notes[i:i + 3] for i in range(0, len(m.notes), 3)]
    n_note_rows = len(rows)
    rows += [m.coins[i:i + 5] for i in range(0, len(m.coins), 5)]
    rh = (y1 - y0) / len(rows)
    for ri, row in enumerate(rows):
        cy = y0 + rh * (ri + 0.5)
        is_note = ri < n_note_rows
        slots = 3 if is_note else 5
        cw = (x1 - x0) / slots
        left = (x1 + x0) / 2 - cw * len(row) / 2
        for i, v in enumerate(row):
            cx = left + cw * (i + 0.5)
            if is_note:
                w = min(cw * 0.9, rh * 0.85 * 2.1)
                h = w / 2.1
                fill = _NOTE_FILL[m.currency]
                cv.rect((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=fill,
                        outline=tuple(int(c * 0.55) for c in fill), width=1.5)
                cv.rect((cx - w / 2 + h * 0.1, cy - h / 2 + h * 0.1, cx + w / 2 - h * 0.1,
                         cy + h / 2 - h * 0.1), outline=tuple(int(c * 0.75) for c in fill),
                        width=1.0)
                cv.text((cx, cy), f"{m.currency}{v}", px=max(11, int(min(fp * 1.5, h * 0.5))),
                        kind="bold", color=(30, 60, 30))
            else:
                r = min(cw * 0.44, rh * 0.44) * _COIN_SIZE.get(v, 0.9)
                metal = _coin_metal(m.currency, v)
                edge = tuple(int(c * 0.6) for c in metal)
                cv.circle((cx, cy), r, fill=metal, outline=edge, width=1.5)
                cv.circle((cx, cy), r * 0.84, outline=tuple(int(c * 0.8) for c in metal),
                          width=1.0)
                s = coin_text(m.currency, v)
                px = fit_px(cv, max(11, min(fp, int(r * 0.8))), lambda p: cv.text_size(s, p)[0],
                            r * 1.55)
                cv.text((cx, cy), s, px=px, kind="bold", color=(40, 40, 40))


# ----------------------------------------------------------------------------- fractions


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
            h = min(w * 0.3, avail * 0.7)
            top = cy - h / 2
            bottom = cy + h / 2
            for j, col in enumerate(fills):
                xa = cx - w / 2 + w * j / k
                cv.rect((xa, top, xa + w / k, bottom), fill=col, outline=INK, width=1.6)
            cap_y = bottom + cap_h * 0.5
        else:
            r = min(cw * 0.43, avail * 0.47)
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


# ----------------------------------------------------------------------------- tally


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


# ----------------------------------------------------------------------------- ruler


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


# ----------------------------------------------------------------------------- thermometer


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


# ----------------------------------------------------------------------------- bar model


def draw_bar_model(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    b = spec.bar_model
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    u = cv.unit
    name_w = max([cv.text_size(bar.name, fp, "bold")[0] for bar in b.bars if bar.name] + [0])
    left = x0 + (name_w + 0.04 * cv.width if name_w else 0.02 * cv.width)
    right = x1 - 0.02 * cv.width
    most = max(sum(p.value for p in bar.parts) for bar in b.bars)
    scale = (right - left) / most
    brace = fp * 2.2 if b.total_label else 0.0
    n = len(b.bars)
    bh = min(fp * 2.4, (y1 - y0 - brace) / (n * 1.45))
    gap = (y1 - y0 - brace - n * bh) / (n + 1)
    for i, bar in enumerate(b.bars):
        top = y0 + brace + gap * (i + 1) + bh * i
        if bar.name:
            cv.text((x0, top + bh / 2), bar.name, px=fp, anchor="lm", kind="bold")
        x = left
        for p in bar.parts:
            w = p.value * scale
            cv.rect((x, top, x + w, top + bh), fill=light(color_rgb(p.color), 0.6),
                    outline=INK, width=1.6)
            if p.label:
                cv.text((x + w / 2, top + bh / 2), p.label, px=fp, color=INK)
            x += w
        if i == 0 and b.total_label:
            yb = top - 10 * u
            cv.line([(left, yb + 6 * u), (left, yb), (x, yb), (x, yb + 6 * u)], color=INK,
                    width=1.5)
            cv.line([((left + x) / 2, yb), ((left + x) / 2, yb - 4 * u)], color=INK, width=1.5)
            cv.text(((left + x) / 2, yb - 4 * u - fp * 0.6), b.total_label, px=fp, kind="bold")
