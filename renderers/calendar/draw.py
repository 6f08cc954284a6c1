"""Drawing of the "calendar" family: the month's name, a header row of weekday abbreviations
(weekend columns tinted), one row per week with the day numbers, rings around marked days and
a legend of the marks below the grid.

    python -m pytest -q tests/renderers/test_calendar.py
"""
from __future__ import annotations

import calendar

from renderers.calendar.spec import CalendarSpec, title_of
from renderers.canvas import PALETTE, Canvas
from renderers.text import font_px

ABBR = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def weeks(spec: CalendarSpec) -> list[list[int]]:
    """Rows of 7 day numbers (0 = a day of the neighbouring month, left blank)."""
    return calendar.Calendar(spec.first_weekday).monthdayscalendar(spec.year, spec.month)


def draw(spec: CalendarSpec, cv: Canvas) -> None:
    W, H, u = cv.width, cv.height, cv.unit
    pad = 6 * u
    px = font_px(W, 0.9)
    title = title_of(spec)
    pt = font_px(W, 1.05)
    th = cv.text_size(title, pt, "bold")[1]
    cv.text((W / 2, pad + th / 2 + u), title, px=pt, kind="bold")
    y = pad + th + 2 * pad
    legend = [m for m in spec.marks if m.meaning]
    lh = cv.text_size("Hg", px)[1]
    rows = weeks(spec)
    bottom = H - pad - len(legend) * (lh + pad)
    cw = (W - 2 * pad) / 7
    hh = lh + pad
    rh = min(cw * 0.8, (bottom - y - hh) / len(rows))
    x0 = pad
    order = [(spec.first_weekday + k) % 7 for k in range(7)]
    cv.rect((x0, y, x0 + 7 * cw, y + hh), fill=(222, 230, 242), outline=None, ink=False)
    for k, wd in enumerate(order):
        if wd >= 5:
            cv.rect((x0 + k * cw, y + hh, x0 + (k + 1) * cw, y + hh + rh * len(rows)),
                    fill=(246, 240, 230), outline=None, ink=False)
        cv.text((x0 + (k + 0.5) * cw, y + hh / 2), ABBR[wd], px=px, kind="bold")
    ring = {d: m.color for m in spec.marks for d in m.days}
    for i, row in enumerate(rows):
        for k, d in enumerate(row):
            if not d:
                continue
            c = (x0 + (k + 0.5) * cw, y + hh + (i + 0.5) * rh)
            if d in ring:
                r = 0.42 * min(cw, rh)
                cv.circle(c, r, outline=PALETTE.get(ring[d], (0, 0, 0)), width=2.6, ink=False)
            cv.text(c, str(d), px=px)
    gy = y + hh + rh * len(rows)
    for k in range(8):
        cv.line([(x0 + k * cw, y), (x0 + k * cw, gy)], color=(150, 150, 150), width=1)
    for i in range(len(rows) + 2):
        yy = y if i == 0 else y + hh + (i - 1) * rh
        cv.line([(x0, yy), (x0 + 7 * cw, yy)], color=(150, 150, 150), width=1)
    ly = gy + pad + lh / 2
    for m in legend:
        r = 0.45 * lh
        cv.circle((x0 + r + u, ly), r, outline=PALETTE.get(m.color, (0, 0, 0)), width=2.4,
                  ink=False)
        cv.text((x0 + 2 * r + 4 * u, ly), m.meaning, px=px, anchor="lm")
        ly += lh + pad
