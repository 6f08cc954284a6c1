"""Receipts and price tags.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='receipt'), 336).save('/tmp/receipt.png')"
"""
from __future__ import annotations

from renderers.arithmetic.draw.ink import INK, fit_px
from renderers.arithmetic.spec import ArithmeticSpec, money_text
from renderers.canvas import Canvas
from renderers.text import font_px


def receipt_units(r) -> float:
    """Height of a till slip in rows: store name, separators, header, items, footer rows."""
    n_foot = bool(r.show_total and r.items) + len(r.rows)
    return 1.3 + (1.5 + len(r.items) if r.items else 0) + (0.5 + n_foot if n_foot else 0) + 0.7


def draw_receipt(spec: ArithmeticSpec, cv: Canvas, box) -> None:
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
    row_h = min(fp * 1.75, (y1 - y0) / receipt_units(r))
    px = max(10, min(fp, int(row_h * 0.66)))
    L, R = px0 + 0.035 * cv.width, px1 - 0.035 * cv.width
    cols = list(zip(*([head] + body))) if body else []
    px = fit_px(cv, px, lambda p: sum(max(cv.text_size(s, p)[0] for s in col) for col in cols)
                + 3 * 0.03 * cv.width, R - L) if cols else px
    # paper with a torn (zig-zag) bottom edge
    bottom = y0 + row_h * receipt_units(r)
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
