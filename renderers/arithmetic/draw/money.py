"""Coins and banknotes.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='money'), 336).save('/tmp/money.png')"
"""
from __future__ import annotations

from renderers.arithmetic.draw.ink import fit_px
from renderers.arithmetic.spec import ArithmeticSpec, coin_text
from renderers.canvas import Canvas
from renderers.text import font_px


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
