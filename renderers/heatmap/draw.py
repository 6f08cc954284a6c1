"""Drawing of the "heatmap" family: title, column labels on top, row labels on the left, cells
coloured on a linear scale between ``vmin`` and ``vmax``, values in the cells (white on dark
cells) and a colour bar with its two end values on the right.

    python -m pytest -q tests/renderers/test_heatmap.py
"""
from __future__ import annotations

from renderers.canvas import Canvas
from renderers.heatmap.spec import HeatmapSpec, shown
from renderers.text import fmt_num, font_px

# colour at value 0 and 1 of the scale (the diverging map goes through white at 0.5)
ENDS = {"blues": ((239, 246, 255), (8, 58, 128)), "oranges": ((255, 245, 235), (150, 50, 4)),
        "greens": ((240, 250, 238), (0, 90, 40)),
        "diverging": ((33, 102, 172), (178, 24, 43))}


def colour(cmap: str, t: float) -> tuple[int, int, int]:
    t = min(max(t, 0.0), 1.0)
    a, b = ENDS[cmap]
    if cmap == "diverging":
        w = (250, 250, 250)
        a, b, t = (a, w, t * 2) if t < 0.5 else (w, b, t * 2 - 1)
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def draw(spec: HeatmapSpec, cv: Canvas) -> None:
    W, H, u = cv.width, cv.height, cv.unit
    pad = 5 * u
    px = font_px(W, 0.8)
    y = pad
    if spec.title:
        pt = cv.fit_px(spec.title, font_px(W, 0.95), W - 2 * pad, "bold")
        h = cv.text_size(spec.title, pt, "bold")[1]
        cv.text((W / 2, y + h / 2 + u), spec.title, px=pt, kind="bold")
        y += h + 2 * pad
    vals = [[shown(spec, v) for v in r] for r in spec.values]
    flat = [v for r in vals for v in r]
    lo = min(flat) if spec.vmin is None else spec.vmin
    hi = max(flat) if spec.vmax is None else spec.vmax
    texts = [[fmt_num(v, spec.digits) if spec.digits else fmt_num(int(v)) for v in r]
             for r in vals]
    lh = cv.text_size("Hg", px)[1]
    # column labels on top (one row), row labels on the left, colour bar on the right
    for px in range(px, 7, -1):
        lh = cv.text_size("Hg", px)[1]
        rw = max(cv.text_size(r, px)[0] for r in spec.rows) + pad
        # the bar, a pad before it and 0.4 pad after it, then its end values
        barw = 10 * u + 1.4 * pad + max(cv.text_size(fmt_num(v, 2), px)[0] for v in (lo, hi))
        cw = (W - 2 * pad - rw - barw) / len(spec.cols)
        need = max([cv.text_size(c, px)[0] for c in spec.cols] +
                   [cv.text_size(t, px)[0] for r in texts for t in r]) + 0.3 * px
        if need <= cw:
            break
    top = y + lh + (lh + pad if spec.x_title else pad)
    ch = min(cw, (H - top - pad - (lh + 2 if spec.y_title else 0)) / len(spec.rows))
    x0 = pad + rw
    if spec.x_title:
        cv.text((x0 + cw * len(spec.cols) / 2, y + lh / 2), spec.x_title, px=px)
        y += lh + pad
    for j, c in enumerate(spec.cols):
        cv.text((x0 + cw * (j + 0.5), y + lh / 2), c, px=px)
    for i, r in enumerate(spec.rows):
        yc = top + ch * (i + 0.5)
        cv.text((x0 - 0.5 * pad, yc), r, px=px, anchor="rm")
        for j, v in enumerate(vals[i]):
            t = (v - lo) / (hi - lo) if hi > lo else 0.5
            col = colour(spec.cmap, t)
            cv.rect((x0 + cw * j, top + ch * i, x0 + cw * (j + 1), top + ch * (i + 1)), fill=col,
                    outline=(255, 255, 255), width=1.2, ink=False)
            if spec.annotate:
                dark = 0.299 * col[0] + 0.587 * col[1] + 0.114 * col[2] < 140
                cv.text((x0 + cw * (j + 0.5), yc), texts[i][j], px=px,
                        color=(255, 255, 255) if dark else (0, 0, 0))
    if spec.y_title:  # under the row labels, its left end no nearer the edge than a pad
        xc = max(x0 - rw / 2, pad + cv.text_size(spec.y_title, px)[0] / 2)
        cv.text((xc, top + ch * len(spec.rows) + lh / 2 + 2), spec.y_title, px=px)
    # colour bar: a column of strips, the scale's ends written beside it
    bx = x0 + cw * len(spec.cols) + pad
    bh = ch * len(spec.rows)
    n = 40
    for k in range(n):
        cv.rect((bx, top + bh * k / n, bx + 10 * u, top + bh * (k + 1) / n + 0.5),
                fill=colour(spec.cmap, 1 - k / (n - 1)), outline=None, ink=False)
    cv.rect((bx, top, bx + 10 * u, top + bh), outline=(90, 90, 90), width=1)
    cv.text((bx + 10 * u + 0.4 * pad, top + lh / 2), fmt_num(hi, 2), px=px, anchor="lm")
    cv.text((bx + 10 * u + 0.4 * pad, top + bh - lh / 2), fmt_num(lo, 2), px=px, anchor="lm")
