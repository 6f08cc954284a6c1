"""Drawing of the "panels" family: the panels in a grid (1 to 3 per row), each with its letter
above it, its own grid and axes, then its region fills, boundaries, curves, vectors, points and
labels, every stroke clipped to the panel's range so nothing runs into a neighbour.

Region fills are blended over the grid (the grid stays visible through them); a boundary is
drawn solid where it belongs to the region and dashed where it does not, the usual convention
the seed questions state. Labels stay inside their own panel; the tick labels are painted
after the strokes, and a name with no stroke-free place clears the strokes only round its
glyphs, never a box over its curve or its point's dot (tests/renderers/test_panels_labels.py); a
point's name stands nearer its own dot than any other (tests/renderers/test_panels_point_names.py).

    python -m pytest -q tests/renderers/test_panels.py
"""
from __future__ import annotations

import math
from typing import Sequence

from PIL import Image
import numpy as np

from renderers.axes import (AxesViewport, draw_axes, draw_axis_labels, row_spacer,
                            text_size)
from renderers.canvas import (BETWEEN_DIRS, DIRS, LABEL_CLEAR, PALETTE, Box, Canvas, Point,
                              glyph_ink, halo_text, nearer_own, point_box_gap)
from renderers.panels.spec import (Constraint, Item, Panel, PanelsSpec, curve_points,
                                   region_mask, validate)
from renderers.text import fmt_num, font_px

STROKE = 2.2
DASH = (7.0, 5.0)
FILL_ALPHA = 0.3
BAND = 0.075  # height of a panel's letter band, as a share of the image width
TITLE = 0.08
DOT_R = 3.4  # a marked point's dot (px at 336)
NAME_GAP = 2.0  # how many widths of "0" a name keeps from a tick label in its row


def grid_shape(n: int) -> tuple[int, int]:
    """(columns, rows) of n panels."""
    return {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (2, 2), 6: (3, 2)}[n]


def aspect(spec: PanelsSpec) -> float:
    validate(spec)  # the canvas is sized before drawing: refuse a bad spec here already
    cols, rows = grid_shape(len(spec.panels))
    band = BAND if any(p.label for p in spec.panels) else 0.0
    return rows * (1.0 / cols + band) + (TITLE if spec.title else 0.0)


def _color(name: str) -> tuple[int, int, int]:
    return PALETTE.get(name, PALETTE["black"])


def _dark(c) -> tuple[int, int, int]:
    return tuple(int(v * 0.75) for v in c)


def runs(pts: np.ndarray, vp: AxesViewport) -> list[list[Point]]:
    """Pixel polylines of the parts of a math polyline inside the panel's range (nan rows
    break the line)."""
    out: list[list[Point]] = []
    cur: list[Point] = []
    for a, b in zip(pts[:-1], pts[1:]):
        if not (np.isfinite(a).all() and np.isfinite(b).all()):
            seg = None
        else:
            seg = vp.clip_segment((float(a[0]), float(a[1])), (float(b[0]), float(b[1])))
        if seg is None:
            if len(cur) >= 2:
                out.append(cur)
            cur = []
            continue
        p, q = vp(*seg[0]), vp(*seg[1])
        if not cur:
            cur = [p]
        elif math.dist(cur[-1], p) > 1e-6:  # re-entered the range: a new piece
            if len(cur) >= 2:
                out.append(cur)
            cur = [p]
        cur.append(q)
    if len(cur) >= 2:
        out.append(cur)
    return out


def _boundary_item(c: Constraint, color: str) -> Item:
    if c.kind == "line":
        return Item("line", params=list(c.params), color=color)
    if c.kind == "parabola":
        a, b, cc = c.params
        return Item("graph", fn="poly", params=[cc, b, a], color=color)
    return Item("circle", params=list(c.params), color=color)


def _fill(canvas: Canvas, vp: AxesViewport, it: Item, only: list[Box] | None = None) -> None:
    """Blend the item's colour over the pixels of the panel where the region holds; with
    ``only``, just over the pixels of those boxes still of the canvas colour (what a label's
    halo cleared inside the region, so that the label does not read as a hole in it)."""
    ss = canvas.ss
    x0, y0, x1, y1 = vp.box
    X0, Y0 = int(math.floor(x0 * ss)), int(math.floor(y0 * ss))
    X1, Y1 = int(math.ceil(x1 * ss)), int(math.ceil(y1 * ss))
    m = _region_pixels(vp, it, X0, Y0, X1, Y1, ss)
    arr = np.asarray(canvas.img.crop((X0, Y0, X1, Y1))).astype(np.float32)
    if only is not None:
        near = np.zeros(m.shape, dtype=bool)
        for bx in only:  # the box and the halo pad round it, in supersampled pixels
            a, b = max(0, int((bx[0] - 3) * ss) - X0), max(0, int((bx[1] - 3) * ss) - Y0)
            near[b:max(b, int((bx[3] + 3) * ss) - Y0), a:max(a, int((bx[2] + 3) * ss) - X0)] = True
        m &= near & (arr == canvas.background_rgb).all(-1)
    col = np.array(_color(it.color), dtype=np.float32)
    arr[m] = arr[m] * (1 - FILL_ALPHA) + col * FILL_ALPHA
    canvas.img.paste(Image.fromarray(arr.round().astype(np.uint8)), (X0, Y0))
    if only is None:
        _hold_region(canvas, vp, it)


def _hold_region(canvas: Canvas, vp: AxesViewport, it: Item) -> None:
    """Keep the region's pixels (final ones) for ``draw_axis_labels``, as ``fill_region``
    does: no tick label is moved into the region (a "-2" moved above the axis into the
    shaded region read as a value given for it), and one that stands in it is cleared only
    round its glyphs; the region's fill goes back under them (``_fill`` with ``only``)."""
    d = vp.deferred
    if d is None:
        return
    x0, y0, x1, y1 = vp.box
    X0, Y0 = max(0, int(math.floor(x0))), max(0, int(math.floor(y0)))
    X1, Y1 = min(canvas.width, int(math.ceil(x1))), min(canvas.height, int(math.ceil(y1)))
    if X0 >= X1 or Y0 >= Y1:
        return
    region = np.zeros((canvas.height, canvas.width), dtype=bool)
    region[Y0:Y1, X0:X1] = _region_pixels(vp, it, X0, Y0, X1, Y1, 1)
    d.regions = region if d.regions is None else d.regions | region


def _region_pixels(vp: AxesViewport, it: Item, X0: int, Y0: int, X1: int, Y1: int,
                   ss: int) -> np.ndarray:
    """Which of the pixels [Y0:Y1, X0:X1] (``ss`` to a canvas pixel) have their centres in
    the region and inside the plotted range."""
    mx = ((np.arange(X0, X1) + 0.5) / ss - vp.ox) / vp.scale
    my = (vp.oy - (np.arange(Y0, Y1) + 0.5) / ss) / vp.sy
    inside = ((mx >= vp.xmin) & (mx <= vp.xmax))[None, :] & \
        ((my >= vp.ymin) & (my <= vp.ymax))[:, None]
    return region_mask(it, mx[None, :], my[:, None]) & inside


def _stroke(canvas: Canvas, vp: AxesViewport, panel: Panel, it: Item, dash: bool
            ) -> list[list[Point]]:
    pieces = runs(curve_points(it, panel), vp)
    col = _color(it.color)
    for r in pieces:
        canvas.line(r, color=col, width=STROKE, dash=DASH if dash else None)
    return pieces


def _inside(box: Box, frame: Box) -> bool:
    return (box[0] >= frame[0] and box[1] >= frame[1] and box[2] <= frame[2] and
            box[3] <= frame[3])


def _spot(anchor: Point, d: tuple[float, float], rr: float, w: float, h: float) -> Box:
    """The w x h box beside ``anchor`` in direction ``d``: its nearest edge (its nearest
    corner, on a diagonal) ``rr`` px from the anchor, so it never covers the anchor's dot."""
    n = math.hypot(d[0], d[1]) or 1.0
    ux, uy = d[0] / n, d[1] / n
    cx = anchor[0] + ux * rr + math.copysign(w / 2, ux) * (abs(ux) > 1e-9)
    cy = anchor[1] + uy * rr + math.copysign(h / 2, uy) * (abs(uy) > 1e-9)
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _ring_spots(canvas: Canvas, anchors: list, text: str, px: int, frame: Box, kind: str,
                rings, dirs) -> list[tuple[Point, Box]]:
    """(centre, the box the glyphs take there: a descender reaches below h) of each spot
    beside the anchors in ``rings`` and ``dirs`` that lies inside ``frame``."""
    w, h = text_size(canvas, text, px, kind)
    r0 = 0.45 * px + 2 * canvas.unit
    out = []
    for ring in rings:
        for anchor, pref in anchors:
            for d in ([pref] if pref else []) + list(dirs):
                b = _spot(anchor, d, r0 + ring * 0.5 * px, w, h)
                c = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
                box = canvas.text_box(c, text, px, "mm", kind)
                if _inside(box, frame):
                    out.append((c, box))
    return out


def _owned(spots: list, own: Point, dots) -> list:
    """The spots nearer the dot ``own`` than any of ``dots`` (``nearer_own``)."""
    return [(c, box) for c, box in spots if nearer_own(box, own, dots)]


def name_room(canvas: Canvas, p: Point, text: str, px: int, frame: Box, dots
              ) -> tuple[int, int]:
    """How many spots beside the dot ``p``, nearer it than any other dot, meet no label and
    no stroke yet, and how many meet no label: the names with least room are placed first,
    before their neighbours' names take it ("Q(-5, -2)" at the panel's edge, hemmed in by
    the name of P)."""
    spots = _owned(_ring_spots(canvas, [(p, (1, -1))], text, px, frame, "sans", (0, 1, 2),
                               DIRS + BETWEEN_DIRS), p, dots)
    return (sum(canvas.is_free(box, avoid_ink=True, pad=LABEL_CLEAR) for _, box in spots),
            sum(canvas.is_free(box, avoid_ink=False) for _, box in spots))


def _row_clear(canvas: Canvas, spots: list, px: int, apart: Sequence[Box]) -> list:
    """The spots whose boxes keep ``NAME_GAP`` widths of "0" from each of ``apart`` (the
    tick labels) in their row (``row_spacer``): a name one character before a tick label
    read on with it ("y = f'(x)" before "-2" as "y = f'(x) -2")."""
    if not spots or not apart:
        return spots
    x0, y0, x1, y1 = spots[0][1]
    spaced = row_spacer(apart, x1 - x0, y1 - y0, NAME_GAP * text_size(canvas, "0", px)[0])
    ok = spaced([b[0] for _, b in spots], [b[1] for _, b in spots])
    return [s for s, keep in zip(spots, ok) if keep]


def place_label(canvas: Canvas, anchors: list[tuple[Point, tuple[float, float] | None]],
                text: str, px: int, color, frame: Box, kind: str = "sans",
                dots: list[Point] | tuple = (), ticks: Sequence[Box] = ()) -> Box:
    """Write ``text`` next to the first anchor with a free spot inside ``frame`` (the panel):
    the anchor's preferred side first, then all sides, one and two rings out. Where every spot
    meets a stroke, the spot covering no other label whose glyphs cross the least ink, the
    strokes beneath cleared only round the glyphs (``halo_text``): a box of the canvas colour
    would cut a gap in a curve or hide the point the label names. A point's name (``dots``:
    the panel's other dots) takes only a spot nearer its own dot than any other where one
    is: "P(-1, -1)", sent two rings out for the least ink, stood nearer the dot of R.
    No spot within ``NAME_GAP`` widths of "0" of one of the panel's tick labels (``ticks``)
    in its row is taken (``_row_clear``); a curve's name looks three rings further out where
    that leaves no spot clear of the labels."""
    def ring_spots(rings, dirs=DIRS) -> list:
        return _row_clear(canvas, _ring_spots(canvas, anchors, text, px, frame, kind, rings,
                                              dirs), px, ticks)

    def owned(spots: list) -> list:
        return _owned(spots, anchors[0][0], dots)

    def any_free(spots: list) -> bool:
        return any(canvas.is_free(box, avoid_ink=False) for _, box in spots)

    spots = ring_spots((0, 1, 2))
    if not dots and not any_free(spots):
        spots = spots + ring_spots((3, 4, 5))
    free = spots  # where a place clear of every stroke is looked for, in order
    if dots:
        # a point's name looks further out, and between the eight directions, for a place
        # clear of every stroke nearer its own dot than any other; where none is, it crosses
        # the least ink at such a spot, one ring out if none is near; failing that at one
        # clear of the other dots (the glyphs' halo would wipe a dot out), and only then is
        # it left to ``Canvas.label``
        far = ring_spots((0, 1, 2), BETWEEN_DIRS) + \
            ring_spots((3, 4, 5), DIRS + BETWEEN_DIRS)
        near_mine, far_mine = owned(spots), owned(far)
        free = near_mine + far_mine
        if any_free(near_mine):
            spots = near_mine
        elif any_free(far_mine):
            spots = far_mine
        else:
            off = [(c, box) for c, box in spots + far
                   if all(point_box_gap(q, box) > DOT_R * canvas.unit + 1.5 for q in dots)]
            spots = off if any_free(off) else spots
    for c, box in free:  # its halo box, 1.5 px wider, may not reach a stroke's rim either
        if canvas.is_free(box, avoid_ink=True, pad=LABEL_CLEAR):
            return canvas.text(c, text, px=px, color=color, kind=kind, halo=True)
    ink = np.asarray(canvas.ink)
    best = None
    for c, box in spots:
        if canvas.is_free(box, avoid_ink=False):
            cost = glyph_ink(canvas, c, text, px, kind=kind, ink=ink)
            if best is None or cost < best[0]:
                best = (cost, c)
    if best is not None:
        return halo_text(canvas, best[1], text, px, color, kind=kind)
    (ax, ay), _ = anchors[0]
    return canvas.label((ax, ay), text, px=px, color=color, halo=True, kind=kind)


def _curve_anchors(pieces: list[list[Point]]) -> list[tuple[Point, tuple[float, float]]]:
    out = []
    for r in sorted(pieces, key=len, reverse=True)[:2]:
        for t in (0.85, 0.15, 0.65, 0.35, 0.5, 0.95, 0.05):
            i = min(len(r) - 2, int(t * (len(r) - 1)))
            (x0, y0), (x1, y1) = r[i], r[i + 1]
            out.append((r[i], (-(y1 - y0), x1 - x0)))
    return out


def point_text(it: Item) -> str:
    x, y = it.pts[0]
    return f"{it.name}({fmt_num(x)}, {fmt_num(y)})" if it.show_coords else it.name


def draw_panel(canvas: Canvas, panel: Panel, frame: Box, small: bool) -> None:
    W = canvas.width
    # the tick labels are painted after the strokes (``draw_axis_labels``), off them where
    # they can be and whole where a curve runs through; the points' dots go on top
    marked = [tuple(it.pts[0]) for it in panel.items if it.kind == "point"]
    n_before = len(canvas.layout.labels)
    vp = draw_axes(canvas, panel.xmin, panel.xmax, panel.ymin, panel.ymax, xstep=panel.step,
                   ystep=panel.step, frame=frame, tick_labels=panel.tick_labels,
                   max_labels=4 if small else 10, origin_label=None if small else "O",
                   px=font_px(W, 0.7 if small else 0.8), defer_labels=True,
                   keep_clear=marked)
    pframe = (frame[0] + 1, frame[1] + 1, frame[2] - 1, frame[3] - 1)
    for it in panel.items:
        if it.kind == "region":
            _fill(canvas, vp, it)
    labels: list[tuple[Item, list]] = []
    for it in panel.items:
        if it.kind == "region":
            for c in it.constraints:
                _stroke(canvas, vp, panel, _boundary_item(c, it.color), dash=not c.included)
        elif it.kind in ("segment", "polygon"):
            pts = vp.pts([tuple(p) for p in it.pts])
            canvas.line(pts + (pts[:1] if it.kind == "polygon" else []), color=_color(it.color),
                        width=STROKE, dash=DASH if it.dash else None)
        elif it.kind == "vector":
            a, b = vp(*it.pts[0]), vp(*it.pts[1])
            canvas.arrow(a, b, color=_color(it.color), width=2.6, head=11.0)
            if it.name:
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                nrm = (-(b[1] - a[1]), b[0] - a[0])
                labels.append((it, [(mid, nrm), (mid, (-nrm[0], -nrm[1])),
                                    (b, (b[0] - a[0], b[1] - a[1]))]))
        elif it.kind != "point":
            pieces = _stroke(canvas, vp, panel, it, dash=it.dash)
            if it.name and pieces:
                labels.append((it, _curve_anchors(pieces)))
    ticks = draw_axis_labels(canvas, vp)
    _place_names(canvas, panel, vp, labels, pframe, small, ticks)
    painted = [lb.box for lb in canvas.layout.labels[n_before:]]
    for it in panel.items:
        if it.kind == "region" and painted:
            _fill(canvas, vp, it, only=painted)


def _place_names(canvas: Canvas, panel: Panel, vp: AxesViewport, labels: list, pframe: Box,
                 small: bool, ticks: Sequence[Box]) -> None:
    """The points' dots, then the points' names (the least room first), then the names of
    the curves and vectors (``place_label``), each off the tick labels' rows (``ticks``)."""
    W = canvas.width
    for it in panel.items:
        if it.kind == "point":
            canvas.dot(vp(*it.pts[0]), r=DOT_R, color=_dark(_color(it.color)))
    px = font_px(W, 0.85 if small else 1.0)
    named = []  # (dot, name, the panel's other dots)
    for it in panel.items:
        if it.kind == "point" and it.name:
            others = [vp(*o.pts[0]) for o in panel.items if o.kind == "point" and o is not it]
            named.append((vp(*it.pts[0]), point_text(it), others))
    if len(named) > 1:
        named.sort(key=lambda n: name_room(canvas, n[0], n[1], px, pframe, n[2]))
    for p, text, others in named:
        place_label(canvas, [(p, (1, -1))], text, px, "black", pframe, dots=others, ticks=ticks)
    for it, anchors in labels:
        kind = "serif" if it.kind == "vector" else "sans"
        place_label(canvas, anchors, it.name, px, _dark(_color(it.color)), pframe, kind,
                    ticks=ticks)


def draw(spec: PanelsSpec, canvas: Canvas) -> None:
    W, H, u = canvas.width, canvas.height, canvas.unit
    n = len(spec.panels)
    cols, rows = grid_shape(n)
    top = 0.0
    if spec.title:
        tpx = canvas.fit_px(spec.title, font_px(W, 1.0), W - 8 * u, "bold")
        canvas.text((W / 2, TITLE * W / 2), spec.title, px=tpx, kind="bold")
        top = TITLE * W
    band = BAND * W if any(p.label for p in spec.panels) else 0.0
    cw = W / cols
    ch = (H - top) / rows
    lpx = font_px(W, 1.05)
    for i, p in enumerate(spec.panels):
        c, r = i % cols, i // cols
        x0, y0 = c * cw, top + r * ch
        if p.label:
            canvas.text((x0 + cw / 2, y0 + band / 2 + u), p.label, px=lpx, kind="bold")
        frame = (x0 + 3 * u, y0 + band, x0 + cw - 3 * u, y0 + ch - 3 * u)
        draw_panel(canvas, p, frame, small=n > 1)
    if n > 1:  # thin rules between the panels
        for c in range(1, cols):
            canvas.line([(c * cw, top + 2 * u), (c * cw, H - 2 * u)], color=(180, 180, 180),
                        width=1.0, ink=False)
        for r in range(1, rows):
            y = top + r * ch
            canvas.line([(2 * u, y), (W - 2 * u, y)], color=(180, 180, 180), width=1.0,
                        ink=False)
