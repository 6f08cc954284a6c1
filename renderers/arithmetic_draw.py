"""Drawing of the "arithmetic" family (see renderers/arithmetic.py for the specs and facts).

Every text is placed at a position computed from the layout (tick labels, table cells, coin
values) so that the boxes are disjoint by construction; only the names of number-line points
and jump labels, whose places depend on the data, go through ``Canvas.label``.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='receipt'), 336).save('/tmp/r.png')"
"""
from __future__ import annotations

import math

from renderers.arithmetic import (SHAPES, ArithmeticSpec, color_rgb, hand_angles, line_ticks,
                                  money_text)
from renderers.arithmetic_draw2 import (draw_bar_model, draw_fractions, draw_money,
                                        draw_ruler, draw_tally, draw_thermometer, fit_px)
from renderers.base import Canvas, arc_points, fmt_num, font_px

INK = (35, 35, 35)
ROMAN = ("XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI")


def aspect(spec: ArithmeticSpec) -> float:
    """Height / width per kind (wide strips for lines and rulers, tall slips for receipts)."""
    t = 0.07 if spec.title else 0.0
    k = spec.kind
    if k == "clock":
        return {1: 0.92, 2: 0.6, 3: 0.45}[len(spec.clocks)] + t
    if k == "number_line":
        return (0.52 if spec.number_line.jumps else 0.4) + t
    if k == "equation":
        return min(1.0, 0.22 + 0.17 * len(spec.equation.lines)) + t
    if k == "receipt":
        r = spec.receipt
        if r.style == "tags":
            return 0.14 + 0.28 * -(-len(r.items) // 2) + t
        return 0.08 + 0.0735 * _receipt_units(r) + t
    if k == "money":
        n_rows = -(-len(spec.money.notes) // 3) + -(-len(spec.money.coins) // 5)
        return min(1.0, 0.18 + 0.2 * n_rows) + t
    if k == "fraction":
        shapes = {f.shape for f in spec.fractions}
        if shapes == {"bar"}:
            return (0.32 if len(spec.fractions) == 1 else 0.1 + 0.17 * len(spec.fractions)) + t
        return {1: 0.85, 2: 0.6, 3: 0.45}[len(spec.fractions)] + t
    if k == "tally":
        return 0.14 + 0.12 * (len(spec.tally.rows) + 1) + t
    if k == "ruler":
        return 0.46 + t
    if k == "thermometer":
        return 1.0
    if k == "bar_model":
        b = spec.bar_model
        return 0.2 + 0.16 * len(b.bars) + (0.12 if b.total_label else 0) + t
    raise ValueError(k)


def draw_arithmetic(spec: ArithmeticSpec, cv: Canvas) -> None:
    W, H = cv.width, cv.height
    fp = font_px(W)
    m = 0.04 * W
    y0 = m
    if spec.title:
        cv.text((W / 2, m + fp * 0.6), spec.title, px=fp, kind="bold")
        y0 = m + fp * 1.6
    box = (m, y0, W - m, H - m)
    {"clock": _draw_clocks, "number_line": _draw_number_line, "equation": _draw_equation,
     "receipt": _draw_receipt, "money": draw_money, "fraction": draw_fractions,
     "tally": draw_tally, "ruler": draw_ruler, "thermometer": draw_thermometer,
     "bar_model": draw_bar_model}[spec.kind](spec, cv, box)


# ----------------------------------------------------------------------------- clock


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


def _draw_clocks(spec: ArithmeticSpec, cv: Canvas, box) -> None:
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


# ----------------------------------------------------------------------------- number line


def _draw_number_line(spec: ArithmeticSpec, cv: Canvas, box) -> None:
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
                 color=_darker(color_rgb(mk.color)))


def _darker(rgb, f: float = 0.75):
    return tuple(int(c * f) for c in rgb)


# ----------------------------------------------------------------------------- equations


def _shape(cv: Canvas, name: str, c, r: float, rgb) -> None:
    x, y = c
    edge = _darker(rgb, 0.6)
    if name == "circle":
        cv.circle(c, r, fill=rgb, outline=edge, width=1.5)
        return
    if name == "square":
        pts = [(x - r * 0.88, y - r * 0.88), (x + r * 0.88, y - r * 0.88),
               (x + r * 0.88, y + r * 0.88), (x - r * 0.88, y + r * 0.88)]
    elif name == "triangle":
        pts = [(x, y - r), (x + r * 1.05, y + r * 0.8), (x - r * 1.05, y + r * 0.8)]
    elif name == "diamond":
        pts = [(x, y - r * 1.05), (x + r * 0.8, y), (x, y + r * 1.05), (x - r * 0.8, y)]
    elif name == "hexagon":
        pts = [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
               for a in range(0, 360, 60)]
    else:  # star
        pts = []
        for i in range(10):
            rr = r * (1.1 if i % 2 == 0 else 0.47)
            a = math.radians(-90 + 36 * i)
            pts.append((x + rr * math.cos(a), y + 0.1 * r + rr * math.sin(a)))
    cv.polygon(pts, fill=rgb, outline=edge, width=1.5)


def _draw_equation(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    eq = spec.equation
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    cv.rect((x0, y0, x1, y1), fill=(255, 249, 228), outline=(200, 170, 90), width=2.5)
    n = len(eq.lines)
    lh = (y1 - y0) / (n + 0.4)
    px = max(11, min(int(fp * 1.7), int(lh * 0.55)))
    toks = [[("−" if t == "-" else t) for t in line.split()] for line in eq.lines]

    def widths(p: int):
        gap = p * 0.45
        out = []
        for line in toks:
            ws = [p * 1.25 if (t in SHAPES or t == "?") else cv.text_size(t, p)[0]
                  for t in line]
            out.append((ws, sum(ws) + gap * (len(ws) - 1)))
        return out, gap

    ws, gap = widths(px)
    widest = max(w for _, w in ws)
    if widest > (x1 - x0) * 0.9:
        px = max(10, int(px * (x1 - x0) * 0.9 / widest))
        ws, gap = widths(px)
    for li, (line, (tw, total)) in enumerate(zip(toks, ws)):
        yc = y0 + lh * (li + 0.7)
        x = (x0 + x1) / 2 - total / 2
        for t, w in zip(line, tw):
            c = (x + w / 2, yc)
            if t in SHAPES:
                _shape(cv, t, c, px * 0.5, color_rgb(eq.colors.get(t, "gray")))
            elif t == "?":
                r = px * 0.6
                cv.rect((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill="white",
                        outline=(90, 90, 90), width=1.8)
                cv.text(c, "?", px=int(px * 0.85), color=(90, 90, 90), kind="bold")
            else:
                cv.text(c, t, px=px, color=INK)
            x += w + gap


# ----------------------------------------------------------------------------- receipts


def _receipt_units(r) -> float:
    """Height of a till slip in rows: store name, separators, header, items, footer rows."""
    n_foot = bool(r.show_total and r.items) + len(r.rows)
    return 1.3 + (1.5 + len(r.items) if r.items else 0) + (0.5 + n_foot if n_foot else 0) + 0.7


def _draw_receipt(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    r = spec.receipt
    if r.style == "tags":
        _draw_tags(spec, cv, box)
        return
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    cur = r.currency
    head = ["Item", "Qty", "Each"] + (["Amount"] if r.show_line_totals else [])
    body = [[it.name, str(it.qty), money_text(cur, it.price)]
            + ([money_text(cur, it.qty * it.price)] if r.show_line_totals else [])
            for it in r.items]
    foot = []
    if r.show_total and r.items:
        sub = sum(it.qty * int(round(it.price * 100)) for it in r.items) / 100
        foot.append(("Subtotal" if r.rows else "Total", money_text(cur, sub)))
    foot += [(row.label, row.value) for row in r.rows]
    px0, px1 = x0 + 0.04 * cv.width, x1 - 0.04 * cv.width
    row_h = min(fp * 1.75, (y1 - y0) / _receipt_units(r))
    px = max(10, min(fp, int(row_h * 0.66)))
    L, R = px0 + 0.035 * cv.width, px1 - 0.035 * cv.width
    cols = list(zip(*([head] + body))) if body else []
    px = fit_px(cv, px, lambda p: sum(max(cv.text_size(s, p)[0] for s in col) for col in cols)
                + 3 * 0.03 * cv.width, R - L) if cols else px
    # paper with a torn (zig-zag) bottom edge
    bottom = y0 + row_h * _receipt_units(r)
    teeth = 14
    pts = [(px0, y0), (px1, y0)]
    for i in range(teeth + 1):
        pts.append((px1 - (px1 - px0) * i / teeth, bottom - (0 if i % 2 == 0 else 6 * cv.unit)))
    cv.polygon([(x + 3 * cv.unit, y + 3 * cv.unit) for x, y in pts], fill=(225, 225, 225),
               outline=None, ink=False)
    cv.polygon(pts, fill=(255, 255, 252), outline=(150, 150, 150), width=1.2)
    y = y0 + row_h * 0.8
    cv.text(((px0 + px1) / 2, y), r.store, px=px, kind="bold")

    def sep():
        nonlocal y
        y += row_h * 0.5
        cv.line([(L, y), (R, y)], color=(120, 120, 120), width=1.0, dash=(4, 3))
        y -= row_h * 0.1

    if body:
        sep()
        widths = [max(cv.text_size(s, px)[0] for s in col) for col in cols]
        # right edges of the number columns, packed from the right
        rights = [R]
        for w in reversed(widths[2:]):
            rights.insert(0, rights[0] - w - 0.04 * cv.width)
        rights = rights[1:]
        x_qty = (L + widths[0] + rights[0] - widths[2]) / 2
        for ri, row in enumerate([head] + body):
            y += row_h
            color = (110, 110, 110) if ri == 0 else INK
            cv.text((L, y), row[0], px=px, anchor="lm", color=color)
            cv.text((x_qty, y), row[1], px=px, anchor="mm", color=color)
            for s, xr in zip(row[2:], rights):
                cv.text((xr, y), s, px=px, anchor="rm", color=color)
    if foot:
        sep()
        for label, value in foot:
            y += row_h
            bold = "bold" if label in ("Total", "Subtotal") else "sans"
            cv.text((L, y), label, px=px, anchor="lm", kind=bold)
            cv.text((R, y), value, px=px, anchor="rm", kind=bold)


def _draw_tags(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    r = spec.receipt
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    if r.store:
        cv.text(((x0 + x1) / 2, y0 + fp * 0.6), r.store, px=fp, kind="bold")
        y0 += fp * 1.6
    n = len(r.items)
    ncol = min(n, 2)  # two columns keep the item names at a legible size
    nrow = -(-n // ncol)
    cw, ch = (x1 - x0) / ncol, (y1 - y0) / nrow
    tw = cw * 0.9
    th = min(ch * 0.82, tw * 0.66)
    notch = th * 0.28
    names = [it.name for it in r.items]
    prices = [money_text(r.currency, it.price) for it in r.items]
    room = tw - notch - 0.03 * cv.width
    px = fit_px(cv, fp, lambda p: max(cv.text_size(s, p)[0] for s in names), room)
    ppx = fit_px(cv, int(fp * 1.25), lambda p: max(cv.text_size(s, p, "bold")[0]
                                                   for s in prices), room)
    fills = [(255, 236, 179), (200, 230, 201), (187, 222, 251), (248, 200, 220),
             (225, 210, 245), (255, 224, 178)]
    for i, (name, price) in enumerate(zip(names, prices)):
        cx, cy = x0 + cw * (i % ncol + 0.5), y0 + ch * (i // ncol + 0.5)
        l, rr, t, b = cx - tw / 2, cx + tw / 2, cy - th / 2, cy + th / 2
        pts = [(l + notch, t), (rr, t), (rr, b), (l + notch, b), (l, cy)]
        cv.polygon(pts, fill=fills[i % len(fills)], outline=(90, 90, 90), width=1.5)
        cv.circle((l + notch * 0.75, cy), notch * 0.16, fill="white", outline=(90, 90, 90),
                  width=1.2)
        tx = (l + notch + rr) / 2
        cv.text((tx, t + th * 0.3), name, px=px, color=INK)
        cv.text((tx, t + th * 0.7), price, px=ppx, color=INK, kind="bold")


__all__ = ["aspect", "draw_arithmetic"]
