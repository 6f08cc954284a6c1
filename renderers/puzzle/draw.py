"""Drawing of the "puzzle" family: layouts per kind, shape
outlines, text fitted to its cell.

Why here: layouts are fractions of the image width so that a puzzle reads the same from 224 to
1024 px; numbers are fitted to their cell (one font size per picture, taken from the longest
text) so that no text leaves its cell or touches another, which keeps every recorded label box
disjoint without the label search (fixed cells need none).

    python -m pytest -q tests/renderers/test_puzzle.py
"""
from __future__ import annotations

import math

from renderers.canvas import PALETTE, Canvas
from renderers.puzzle.spec import Figure, PuzzleSpec, apply_op, choice_letters, op_text
from renderers.text import fmt_num, font_px

M = 0.035  # outer margin, fraction of the width
TITLE = 0.09  # title band
LAB = 0.075  # band for the numbers / letters under panels
GAP = 0.045  # gap between panels
COORD = 0.07  # band of column letters / row numbers of a colour grid
ASK_FILL = (255, 243, 196)
ASK_INK = (200, 30, 30)
GRID_INK = (60, 60, 60)
CHOICE_CELL = 0.2  # matrix cell size when candidate figures are drawn under the matrix

_UNIT = {  # unit outlines, math orientation (y up), radius about 1
    "square": ((-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)),
    "diamond": ((0, 1), (0.72, 0), (0, -1), (-0.72, 0)),
    "arrow": ((-1, -0.28), (0.15, -0.28), (0.15, -0.65), (1, 0), (0.15, 0.65), (0.15, 0.28),
              (-1, 0.28)),
    "plus": ((-0.3, -0.95), (0.3, -0.95), (0.3, -0.3), (0.95, -0.3), (0.95, 0.3), (0.3, 0.3),
             (0.3, 0.95), (-0.3, 0.95), (-0.3, 0.3), (-0.95, 0.3), (-0.95, -0.3), (-0.3, -0.3)),
    # polyominoes (cells of side 1) centred on their bounding box: their mirror images are
    # never rotations of them, which makes "which one is mirrored" well posed
    "lshape": tuple(((x - 1) / 1.6, (y - 1.5) / 1.6)
                    for x, y in ((0, 0), (2, 0), (2, 1), (1, 1), (1, 3), (0, 3))),
    "fshape": tuple(((x - 1.5) / 1.6, (y - 1.5) / 1.6)
                    for x, y in ((1, 0), (2, 0), (2, 2), (3, 2), (3, 3), (1, 3), (1, 2), (0, 2),
                                 (0, 1), (1, 1))),
}


def _regular(n: int, r: float = 1.0, phase: float = 90.0) -> tuple:
    return tuple((r * math.cos(math.radians(phase + 360 * i / n)),
                  r * math.sin(math.radians(phase + 360 * i / n))) for i in range(n))


def _star() -> tuple:
    return tuple(((1.0 if i % 2 == 0 else 0.42) * math.cos(math.radians(90 + 36 * i)),
                  (1.0 if i % 2 == 0 else 0.42) * math.sin(math.radians(90 + 36 * i)))
                 for i in range(10))


_UNIT.update({"triangle": tuple((x, y - 0.1) for x, y in _regular(3, 1.05)),
              "pentagon": _regular(5, 0.95), "hexagon": _regular(6, 0.95, 0.0),
              "star": _star()})


def rgb(name: str) -> tuple[int, int, int]:
    return (255, 255, 255) if name == "white" else PALETTE[name]


def _dark(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(int(v * 0.55) for v in c)


def shape_points(shape: str, cx: float, cy: float, r: float, rotation: float = 0.0,
                 mirrored: bool = False) -> list[tuple[float, float]]:
    """Pixel outline of a unit shape centred at (cx, cy), radius r, rotated counter-clockwise
    by ``rotation`` degrees after an optional left-right mirror."""
    a = math.radians(rotation)
    ca, sa = math.cos(a), math.sin(a)
    out = []
    for x, y in _UNIT[shape]:
        x = -x if mirrored else x
        out.append((cx + r * (x * ca - y * sa), cy - r * (x * sa + y * ca)))
    return out


def draw_shape(canvas: Canvas, shape: str, cx: float, cy: float, r: float, color: str,
               rotation: float = 0.0, mirrored: bool = False) -> None:
    fill = rgb(color)
    w = 1.3
    if shape == "circle":
        canvas.circle((cx, cy), 0.85 * r, fill=fill, outline=_dark(fill), width=w)
    else:
        canvas.polygon(shape_points(shape, cx, cy, r, rotation, mirrored), fill=fill,
                       outline=_dark(fill), width=w)


def draw_figure(canvas: Canvas, fig: Figure, box: tuple[float, float, float, float],
                n_max: int = 1) -> None:
    """``fig.count`` copies of the figure's shape on a centred grid inside ``box``; the shape
    size is the one that fits ``n_max`` copies, so that every panel of a puzzle draws its
    shapes at one size (a count sequence must not read as a size sequence)."""
    x0, y0, x1, y1 = box
    n = max(1, fig.count)
    n_max = max(n, n_max)
    k = math.ceil(math.sqrt(n_max))
    cell = min(x1 - x0, y1 - y0) / k
    r = cell * (0.42 if n_max > 1 else 0.36)
    nc = math.ceil(math.sqrt(n))
    nr = math.ceil(n / nc)
    top = (y0 + y1) / 2 - nr * cell / 2
    for i in range(n):
        row, col = divmod(i, nc)
        in_row = min(nc, n - row * nc)
        left = (x0 + x1) / 2 - in_row * cell / 2
        draw_shape(canvas, fig.shape, left + (col + 0.5) * cell, top + (row + 0.5) * cell, r,
                   fig.color, fig.rotation, fig.mirrored)


def fit_px(canvas: Canvas, texts, max_w: float, max_h: float, px: int,
           kind: str = "sans") -> int:
    """Largest size <= px at which every text fits in max_w x max_h."""
    texts = [t for t in texts if t] or ["0"]
    longest = max(texts, key=len)
    while px > 7:
        w, h = canvas.text_size(longest, px, kind)
        if w <= max_w and h <= max_h:
            break
        px -= 1
    return px


def _ask(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    canvas.text((cx, cy), "?", px=fit_px(canvas, ["?"], size, size, int(size * 0.75), "bold"),
                color=ASK_INK, kind="bold")


def _dashed_rect(canvas: Canvas, box, color=GRID_INK, width: float = 1.5) -> None:
    x0, y0, x1, y1 = box
    canvas.line([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], color=color, width=width,
                dash=(5, 4))


# ----------------------------------------------------------------------------- layouts


def _panels_per_row(n: int) -> int:
    # at most three panels a row (2 + 2 for four): a row of four or more at 224 px leaves
    # panels too small to count nine shapes in
    return n if n <= 3 else (2 if n == 4 else 3)


def _chain_rows(n_nodes: int) -> int:
    return 1 if n_nodes <= 3 else 2


def _choice_size(n: int) -> float:
    return min((1 - 2 * M - (n - 1) * GAP) / n, 0.2)


def _panel_size(per: int) -> float:
    return min((1 - 2 * M - (per - 1) * GAP) / per, 0.3)


def _node_size(per: int) -> float:
    return min((1 - 2 * M) / (per + (per - 1) * 0.55), 0.24)


def aspect(spec: PuzzleSpec) -> float:
    t = TITLE if spec.title else 0.0
    k = spec.kind
    if k == "number_grid":
        R, C = len(spec.grid), len(spec.grid[0])
        return 2 * M + t + R * min((1 - 2 * M) / C, 0.24)
    if k == "pyramid":
        L = len(spec.grid)
        return 2 * M + t + L * min((1 - 2 * M) / L * 0.55, 0.13)
    if k == "triangles":
        slot = (1 - 2 * M) / len(spec.grid)
        return 2 * M + t + 0.76 * slot * 0.866 + 2 * LAB + 0.02
    if k in ("shape_sequence", "odd_one_out"):
        n = len(spec.figures)
        per = _panels_per_row(n)
        rows = math.ceil(n / per)
        P = _panel_size(per)
        return 2 * M + t + rows * (P + LAB) + (rows - 1) * GAP * 0.5
    if k == "matrix":
        R = len(spec.figures) // spec.cols
        if spec.choices:
            return 2 * M + t + R * CHOICE_CELL + GAP + _choice_size(len(spec.choices)) + LAB
        return 2 * M + t + R * min((1 - 2 * M) / spec.cols, 0.3)
    if k == "color_grid":
        R, C = len(spec.colors), len(spec.colors[0])
        return 2 * M + t + COORD + R * min((1 - 2 * M - COORD) / C, 0.13)
    n = len(spec.ops) + 2
    rows = _chain_rows(n)
    per = math.ceil(n / rows)
    nw = _node_size(per)
    return 2 * M + t + rows * nw * 0.8 + (rows - 1) * nw * 0.5


def _title(spec: PuzzleSpec, canvas: Canvas) -> float:
    """Draw the title (if any); return the y where the puzzle starts."""
    W = canvas.width
    top = M * W
    if spec.title:
        band = TITLE * W
        px = fit_px(canvas, [spec.title], W * (1 - 2 * M), band * 0.8, font_px(W), "bold")
        canvas.text((W / 2, top + band / 2), spec.title, px=px, kind="bold")
        top += band
    return top


# ----------------------------------------------------------------------------- kinds


def _cell_text(canvas: Canvas, spec: PuzzleSpec, texts: dict, boxes: dict, px: int) -> None:
    hidden = {tuple(h) for h in spec.hidden}
    miss = tuple(spec.missing)
    for key, (x0, y0, x1, y1) in boxes.items():
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if key == miss:
            _ask(canvas, cx, cy, min(x1 - x0, y1 - y0) * 0.8)
        elif key not in hidden:
            canvas.text((cx, cy), texts[key], px=px)


def _number_grid(spec: PuzzleSpec, canvas: Canvas, top: float) -> None:
    W = canvas.width
    R, C = len(spec.grid), len(spec.grid[0])
    cell = W * min((1 - 2 * M) / C, 0.24)
    x0 = (W - C * cell) / 2
    boxes, texts = {}, {}
    for r in range(R):
        for c in range(C):
            b = (x0 + c * cell, top + r * cell, x0 + (c + 1) * cell, top + (r + 1) * cell)
            boxes[(r, c)], texts[(r, c)] = b, fmt_num(spec.grid[r][c])
            fill = ASK_FILL if [r, c] == spec.missing else "white"
            canvas.rect(b, fill=fill, outline=GRID_INK, width=1.5)
    canvas.rect((x0, top, x0 + C * cell, top + R * cell), outline="black", width=2.5)
    px = fit_px(canvas, texts.values(), cell * 0.8, cell * 0.55, font_px(W, 1.35))
    _cell_text(canvas, spec, texts, boxes, px)


def _pyramid(spec: PuzzleSpec, canvas: Canvas, top: float) -> None:
    W = canvas.width
    L = len(spec.grid)
    bw = W * (1 - 2 * M) / L
    bh = W * min((1 - 2 * M) / L * 0.55, 0.13)
    boxes, texts = {}, {}
    for r, row in enumerate(spec.grid):
        left = W / 2 - len(row) * bw / 2
        for i, v in enumerate(row):
            b = (left + i * bw, top + r * bh, left + (i + 1) * bw, top + (r + 1) * bh)
            boxes[(r, i)], texts[(r, i)] = b, fmt_num(v)
            fill = ASK_FILL if [r, i] == spec.missing else (236, 226, 210)
            canvas.rect(b, fill=fill, outline=(110, 80, 50), width=1.8)
    px = fit_px(canvas, texts.values(), bw * 0.8, bh * 0.7, font_px(W, 1.3))
    _cell_text(canvas, spec, texts, boxes, px)


def _triangles(spec: PuzzleSpec, canvas: Canvas, top: float) -> None:
    W = canvas.width
    n = len(spec.grid)
    slot = W * (1 - 2 * M) / n
    s = 0.76 * slot
    h = s * 0.866
    lab = LAB * W
    corners = [fmt_num(v) for t in spec.grid for v in t[:3]]
    cpx = fit_px(canvas, corners, (slot - s) * 0.95, lab * 0.85, font_px(W, 1.1))
    mpx = fit_px(canvas, [fmt_num(t[3]) for t in spec.grid], s * 0.42, h * 0.3,
                 font_px(W, 1.15), "bold")
    yt, yb = top + lab + 0.01 * W, top + lab + 0.01 * W + h
    for t, (a, b, c, d) in enumerate(spec.grid):
        cx = M * W + (t + 0.5) * slot
        pts = [(cx, yt), (cx - s / 2, yb), (cx + s / 2, yb)]
        canvas.polygon(pts, fill=(232, 240, 252), outline=(40, 80, 150), width=2.0)
        places = [(cx, yt - lab / 2 - 0.005 * W), (cx - s / 2, yb + lab / 2 + 0.005 * W),
                  (cx + s / 2, yb + lab / 2 + 0.005 * W), (cx, yt + 2 * h / 3)]
        for i, (v, xy) in enumerate(zip((a, b, c, d), places)):
            if [t, i] == spec.missing:
                _ask(canvas, xy[0], xy[1], lab * 1.1 if i < 3 else h * 0.5)
            else:
                canvas.text(xy, fmt_num(v), px=mpx if i == 3 else cpx,
                            kind="bold" if i == 3 else "sans")


def _panel_grid(canvas: Canvas, n: int, top: float) -> list[tuple[float, float, float, float]]:
    W = canvas.width
    per = _panels_per_row(n)
    P = W * _panel_size(per)
    out = []
    for i in range(n):
        row, col = divmod(i, per)
        in_row = min(per, n - row * per)
        left = W / 2 - (in_row * P + (in_row - 1) * GAP * W) / 2
        x = left + col * (P + GAP * W)
        y = top + row * (P + LAB * W + GAP * W * 0.5)
        out.append((x, y, x + P, y + P))
    return out


def _panels(spec: PuzzleSpec, canvas: Canvas, top: float, names: list[str]) -> None:
    W = canvas.width
    boxes = _panel_grid(canvas, len(spec.figures), top)
    P = boxes[0][2] - boxes[0][0]
    px = fit_px(canvas, names, P, LAB * W * 0.8, font_px(W), "bold")
    asked = spec.missing[0] if spec.kind == "shape_sequence" and spec.missing else -1
    n_max = max(f.count for f in spec.figures)
    for i, (fig, b) in enumerate(zip(spec.figures, boxes)):
        pad = P * 0.1
        if i == asked:
            canvas.rect(b, fill=ASK_FILL, outline=None)
            _dashed_rect(canvas, b)
            _ask(canvas, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, P * 0.6)
        else:
            canvas.rect(b, fill=(250, 250, 250), outline=(150, 150, 150), width=1.3)
            draw_figure(canvas, fig, (b[0] + pad, b[1] + pad, b[2] - pad, b[3] - pad), n_max)
        canvas.text(((b[0] + b[2]) / 2, b[3] + LAB * W / 2), names[i], px=px, kind="bold",
                    color=(50, 50, 50))


def _matrix(spec: PuzzleSpec, canvas: Canvas, top: float) -> None:
    W = canvas.width
    n = spec.cols
    R = len(spec.figures) // n
    cell = W * (CHOICE_CELL if spec.choices else min((1 - 2 * M) / n, 0.3))
    x0 = (W - n * cell) / 2
    n_max = max(f.count for f in spec.figures + spec.choices)
    for r in range(R):
        for c in range(n):
            b = (x0 + c * cell, top + r * cell, x0 + (c + 1) * cell, top + (r + 1) * cell)
            pad = cell * 0.1
            if [r, c] == spec.missing:
                canvas.rect(b, fill=ASK_FILL, outline=GRID_INK, width=1.5)
                _ask(canvas, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, cell * 0.55)
            else:
                canvas.rect(b, fill="white", outline=GRID_INK, width=1.5)
                draw_figure(canvas, spec.figures[r * n + c],
                            (b[0] + pad, b[1] + pad, b[2] - pad, b[3] - pad), n_max)
    canvas.rect((x0, top, x0 + n * cell, top + R * cell), outline="black", width=2.5)
    if spec.choices:
        _choices(spec, canvas, top + R * cell + GAP * W, n_max)


def _choices(spec: PuzzleSpec, canvas: Canvas, top: float, n_max: int) -> None:
    """The candidate figures in one row of lettered panels under the matrix."""
    W = canvas.width
    k = len(spec.choices)
    P = W * _choice_size(k)
    letters = choice_letters(spec)
    px = fit_px(canvas, letters, P, LAB * W * 0.8, font_px(W), "bold")
    left = W / 2 - (k * P + (k - 1) * GAP * W) / 2
    canvas.line([(M * W, top - GAP * W / 2), (W - M * W, top - GAP * W / 2)],
                color=(170, 170, 170), width=1.0)
    for i, fig in enumerate(spec.choices):
        x = left + i * (P + GAP * W)
        b = (x, top, x + P, top + P)
        canvas.rect(b, fill=(250, 250, 250), outline=(150, 150, 150), width=1.3)
        pad = P * 0.1
        draw_figure(canvas, fig, (b[0] + pad, b[1] + pad, b[2] - pad, b[3] - pad), n_max)
        canvas.text((x + P / 2, b[3] + LAB * W / 2), letters[i], px=px, kind="bold",
                    color=(50, 50, 50))


def _color_grid(spec: PuzzleSpec, canvas: Canvas, top: float) -> None:
    W = canvas.width
    R, C = len(spec.colors), len(spec.colors[0])
    band = COORD * W
    cell = W * min((1 - 2 * M - COORD) / C, 0.13)
    x0 = (W - C * cell + band) / 2
    y0 = top + band
    cols = [chr(65 + c) for c in range(C)]
    rows = [str(r + 1) for r in range(R)]
    px = fit_px(canvas, cols + rows, min(cell, band) * 0.9, band * 0.8, font_px(W))
    for c, name in enumerate(cols):
        canvas.text((x0 + (c + 0.5) * cell, top + band / 2), name, px=px, color=(70, 70, 70))
    for r, name in enumerate(rows):
        canvas.text((x0 - band / 2, y0 + (r + 0.5) * cell), name, px=px, color=(70, 70, 70))
    mpx = fit_px(canvas, list(spec.marks.values()), cell * 0.8, cell * 0.7, font_px(W, 1.2),
                 "bold")
    for r in range(R):
        for c in range(C):
            b = (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)
            name = spec.colors[r][c]
            canvas.rect(b, fill=rgb(name), outline=(80, 80, 80), width=1.2)
            mark = spec.marks.get(f"{r},{c}")
            if mark:
                ink = "white" if name in ("black", "blue", "purple", "green", "red") else "black"
                canvas.text(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), mark, px=mpx, kind="bold",
                            color=ink)
    canvas.rect((x0, y0, x0 + C * cell, y0 + R * cell), outline="black", width=2.2)


def _chain(spec: PuzzleSpec, canvas: Canvas, top: float) -> None:
    W = canvas.width
    k = len(spec.ops)
    n = k + 2
    rows = _chain_rows(n)
    per = math.ceil(n / rows)
    nw = W * _node_size(per)
    nh = nw * 0.8
    vals = [spec.start]
    for op in spec.ops:
        vals.append(apply_op(vals[-1], op))
    texts = [fmt_num(spec.start)] + [op_text(o) for o in spec.ops] + [fmt_num(vals[-1])]
    centres = []
    for i in range(n):
        row, col = divmod(i, per)
        if row == 1:  # the second row runs right to left under the first (a snake)
            col = per - 1 - col
        x = W / 2 + (col - (per - 1) / 2) * nw * 1.55
        centres.append((x, top + nh / 2 + row * nh * 1.625))
    for i in range(n - 1):
        (ax, ay), (bx, by) = centres[i], centres[i + 1]
        if ay == by:
            sgn = 1 if bx > ax else -1
            canvas.arrow((ax + sgn * nw * 0.52, ay), (bx - sgn * nw * 0.52, by),
                         color=(60, 60, 60), width=2.0)
        else:
            canvas.arrow((ax, ay + nh * 0.52), (bx, by - nh * 0.52), color=(60, 60, 60),
                         width=2.0)
    px = fit_px(canvas, texts, nw * 0.78, nh * 0.6, font_px(W, 1.3))
    for i, ((cx, cy), txt) in enumerate(zip(centres, texts)):
        is_op = 0 < i < n - 1
        if is_op:
            canvas.circle((cx, cy), nh * 0.5, fill=(255, 228, 196), outline=(170, 90, 20),
                          width=2.0)
        else:
            canvas.rect((cx - nw / 2, cy - nh / 2, cx + nw / 2, cy + nh / 2),
                        fill=ASK_FILL if [i] == spec.missing else (225, 238, 250),
                        outline=(40, 80, 150), width=2.0)
        if [i] == spec.missing and is_op and spec.hide_sign:
            canvas.text((cx, cy), "?" + txt[1:], px=px, kind="bold", color=ASK_INK)
        elif [i] == spec.missing:
            _ask(canvas, cx, cy, nh * 0.7)
        else:
            canvas.text((cx, cy), txt, px=px, kind="bold" if is_op else "sans")


def draw(spec: PuzzleSpec, canvas: Canvas) -> None:
    top = _title(spec, canvas)
    k = spec.kind
    if k == "number_grid":
        _number_grid(spec, canvas, top)
    elif k == "pyramid":
        _pyramid(spec, canvas, top)
    elif k == "triangles":
        _triangles(spec, canvas, top)
    elif k == "shape_sequence":
        _panels(spec, canvas, top, [str(i + 1) for i in range(len(spec.figures))])
    elif k == "odd_one_out":
        _panels(spec, canvas, top, list(spec.labels) or
                [chr(65 + i) for i in range(len(spec.figures))])
    elif k == "matrix":
        _matrix(spec, canvas, top)
    elif k == "color_grid":
        _color_grid(spec, canvas, top)
    else:
        _chain(spec, canvas, top)
