"""Drawing of the "table" family: the title, then the grid (shaded header row, the first column
in grey, numbers-looking cells centred), then the note. The font shrinks, then the cell
padding, until the widest row fits the width.

    python -m pytest -q tests/renderers/test_table.py
"""
from __future__ import annotations

from renderers.canvas import Canvas
from renderers.table.spec import TableSpec
from renderers.text import font_px


def _wrap(cv: Canvas, text: str, px: int, width: float) -> list[str]:
    lines, cur = [], ""
    for w in text.split():
        t = f"{cur} {w}".strip()
        if cur and cv.text_size(t, px)[0] > width:
            lines.append(cur)
            cur = w
        else:
            cur = t
    return lines + ([cur] if cur else [])


def _halves(cv: Canvas, text: str, px: int) -> list[str]:
    """The text on two lines, split at the space that leaves the narrower longer line; a
    single word on one."""
    cuts = [i for i, ch in enumerate(text) if ch == " "]
    if not cuts:
        return [text]
    i = min(cuts, key=lambda i: max(cv.text_size(text[:i], px, "bold")[0],
                                    cv.text_size(text[i + 1:], px, "bold")[0]))
    return [text[:i], text[i + 1:]]


def draw(spec: TableSpec, cv: Canvas) -> None:
    W, H, u = cv.width, cv.height, cv.unit
    pad = 5 * u
    base = font_px(W, 1.0)
    y = pad
    # the block (title, grid, note) is centred vertically: measure it at the base font first
    lh0 = cv.text_size("Hg", base)[1]
    block = (len(spec.rows) + 1) * 2.2 * lh0 + (2.5 * lh0 if spec.title else 0) + \
        (2.2 * lh0 * (1 + len(spec.note) // 40) if spec.note else 0)
    y += max(0.0, (H - 2 * pad - block) / 2)
    if spec.title:
        pt = cv.fit_px(spec.title, font_px(W, 0.95), W - 2 * pad, "bold")
        h = cv.text_size(spec.title, pt, "bold")[1]
        cv.text((W / 2, y + h / 2 + u), spec.title, px=pt, kind="bold")
        y += h + 2 * pad
    ncol = len(spec.header)
    # the header's words on one line, else each header of several words on two lines (a
    # header row at the smallest font once ran "Treatment / OutcomeImproved" over its lines)
    for heads in ([[h] for h in spec.header], [_halves(cv, h, base) for h in spec.header]):
        for px, cf in [(base, 0.9), (base, 0.6), (base, 0.35)] + \
                [(p, 0.35) for p in range(base - 1, 7, -1)]:
            cp = cf * px
            widths = [max([cv.text_size(t, px, "bold")[0] for t in heads[j]] +
                          [cv.text_size(r[j], px)[0] for r in spec.rows]) + 2 * cp
                      for j in range(ncol)]
            if sum(widths) <= W - 2 * pad:
                break
        if sum(widths) <= W - 2 * pad:
            break
    lh = cv.text_size("Hg", px)[1]
    nh = max(len(h) for h in heads)  # lines of the header row
    note = _wrap(cv, spec.note, px, W - 2 * pad) if spec.note else []
    avail = H - y - pad - len(note) * (lh + 0.5 * pad) - (pad if note else 0)
    rh = min(2.2 * lh, avail / (len(spec.rows) + 1 + 1.2 * (nh - 1)))
    ex = 1.2 * lh * (nh - 1)  # the header row's height beyond a body row's
    extra = min(W - 2 * pad - sum(widths), 0.6 * sum(widths)) / ncol
    widths = [w + extra for w in widths]
    tw, th = sum(widths), ex + rh * (len(spec.rows) + 1)
    x0 = (W - tw) / 2
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    cv.rect((x0, y, x0 + tw, y + ex + rh), fill=(222, 230, 242), outline=None, ink=False)
    cv.rect((x0, y + ex + rh, xs[1], y + th), fill=(244, 244, 244), outline=None, ink=False)
    for i, j in spec.highlight:
        cv.rect((xs[j], y + ex + rh * (i + 1), xs[j + 1], y + ex + rh * (i + 2)),
                fill=(255, 236, 140), outline=None, ink=False)
    for k in range(len(spec.rows) + 2):
        yk = y + ex + k * rh if k else y
        cv.line([(x0, yk), (x0 + tw, yk)], color=(90, 90, 90),
                width=1.6 if k in (0, 1, len(spec.rows) + 1) else 1)
    for k, x in enumerate(xs):
        cv.line([(x, y), (x, y + th)], color=(90, 90, 90),
                width=1.6 if k in (0, 1, len(xs) - 1) else 1)
    for j, h in enumerate(heads):
        for m, t in enumerate(h):
            dy = 1.2 * lh * (m - (len(h) - 1) / 2)  # a line's offset from the row's middle
            cv.text(((xs[j] + xs[j + 1]) / 2, y + (ex + rh) / 2 + dy), t, px=px, kind="bold")
    for i, r in enumerate(spec.rows):
        yc = y + ex + rh * (i + 1.5)
        for j, t in enumerate(r):
            if j == 0:
                cv.text((xs[0] + cp, yc), t, px=px, anchor="lm")
            elif t:
                cv.text(((xs[j] + xs[j + 1]) / 2, yc), t, px=px)
    ny = y + th + pad + lh / 2
    for line in note:
        cv.text((x0, ny), line, px=px, anchor="lm")
        ny += lh + 0.5 * pad
