"""Drawing of analytic geometry specs: grid and axes, then every stroke, the axes' labels (on
boxes of the canvas colour), dots, then the other labels.

All strokes go down before any label so that ``Canvas.label`` can keep every label off every
curve; curve names and equations are written in the curve's colour next to the curve, so a
reader can tell which label belongs to which object: at a free place near it where there is
one, else crossing the least ink, cleared only round its glyphs (a box of the canvas colour cut
a gap in the curves and axes beneath, which read as a break in them). A point's name stands
nearer its own dot than any other dot wherever there is room (``Canvas.label``'s ``dots``):
beside another point's dot it reads as that point's (tests/renderers/test_analytic_point_names.py).

    python -c "import numpy as np, renderers; f = renderers.get_family('analytic_geometry'); \
f.render(f.sample_spec(np.random.default_rng(3)), 336).save('/tmp/a.png')"
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject, object_equation
from renderers.axes import (AxesViewport, axis_pos, draw_axes, draw_axis_labels,
                            least_glyph_ink, row_spacer, text_size)
from renderers.canvas import PALETTE, Box, Canvas, Point, box_counts, halo_text
from renderers.text import fmt_num, font_px

STROKE = 2.2
NEAR = 2.5  # font sizes: how far from its curve a curve's label may stand and read as its own


def _color(name: str) -> tuple[int, int, int]:
    return PALETTE.get(name, PALETTE["black"])


def _dark(c: tuple[int, int, int]) -> tuple[int, int, int]:
    """Text in a curve's colour, a little darker so thin glyphs stay legible."""
    return tuple(int(v * 0.78) for v in c)


def point_label(name: str, p, show_coords: bool) -> str:
    return f"{name}({fmt_num(p[0])}, {fmt_num(p[1])})" if show_coords else name


def _parabola_runs(o: GeoObject, vp: AxesViewport) -> list[list[Point]]:
    """Visible pieces of the parabola as pixel polylines, clipped to the plotted range."""
    h, k = o.pts[0]
    xs = np.linspace(vp.xmin, vp.xmax, 121)
    ys = o.coef * (xs - h) ** 2 + k
    runs: list[list[Point]] = []
    cur: list[Point] = []
    for i in range(len(xs) - 1):
        seg = vp.clip_segment((xs[i], ys[i]), (xs[i + 1], ys[i + 1]))
        if seg is None:
            if cur:
                runs.append(cur)
                cur = []
            continue
        a, b = vp(*seg[0]), vp(*seg[1])
        if not cur:
            cur = [a]
        cur.append(b)
        if i + 1 < len(xs) - 1 and not vp.contains(xs[i + 1], ys[i + 1]):
            runs.append(cur)
            cur = []
    if cur:
        runs.append(cur)
    return [r for r in runs if len(r) >= 2]


Anchor = tuple[Point, tuple[float, float]]  # a point of the curve, label direction (y down)


def _stroke(o: GeoObject, vp: AxesViewport, canvas: Canvas) -> list[Anchor]:
    """Draw the object's curve; return candidate places for its name / equation label."""
    col = _color(o.color)
    if o.kind == "line":
        (x1, y1), (x2, y2) = o.pts
        d = (x2 - x1, y2 - y1)
        far = 4 * (vp.xmax - vp.xmin + vp.ymax - vp.ymin)
        n = math.hypot(*d)
        a = (x1 - far * d[0] / n, y1 - far * d[1] / n)
        b = (x1 + far * d[0] / n, y1 + far * d[1] / n)
        seg = vp.clip_segment(a, b)
        if seg is None:
            return []
        pa, pb = vp(*seg[0]), vp(*seg[1])
        canvas.line([pa, pb], color=col, width=STROKE)
        if pa[0] > pb[0] or (pa[0] == pb[0] and pa[1] < pb[1]):
            pa, pb = pb, pa  # first candidates near the right (or lower) end
        nx, ny = -(pb[1] - pa[1]), pb[0] - pa[0]
        if ny > 0:
            nx, ny = -nx, -ny
        out = []
        for t in (0.82, 0.18, 0.65, 0.35, 0.5, 0.92, 0.08, 0.74, 0.26, 0.58, 0.42):
            at = (pa[0] + t * (pb[0] - pa[0]), pa[1] + t * (pb[1] - pa[1]))
            out += [(at, (nx, ny)), (at, (-nx, -ny))]
        return out
    if o.kind == "segment":
        canvas.line(vp.pts(o.pts), color=col, width=STROKE)
        return []
    if o.kind in ("triangle", "quadrilateral"):
        canvas.polygon(vp.pts(o.pts), outline=col, width=STROKE)
        return []
    if o.kind in ("circle", "ellipse"):
        c = vp(*o.pts[0])
        rx = (o.radius if o.kind == "circle" else o.semi_x) * vp.scale
        ry = (o.radius if o.kind == "circle" else o.semi_y) * vp.sy
        canvas.ellipse(c, rx, ry, outline=col, width=STROKE)
        out = []
        for deg in (40, 140, 320, 220, 90, 270, 0, 180):
            a = math.radians(deg)
            out.append(((c[0] + rx * math.cos(a), c[1] - ry * math.sin(a)),
                        (math.cos(a), -math.sin(a))))
        return out
    if o.kind == "parabola":
        runs = _parabola_runs(o, vp)
        for r in runs:
            canvas.line(r, color=col, width=STROKE)
        out = []
        for r in runs[::-1]:
            for t in (0.85, 0.15, 0.6, 0.4, 0.95, 0.05, 0.72, 0.28):
                i = min(len(r) - 1, int(t * (len(r) - 1)))
                j = min(len(r) - 1, i + 1) if i + 1 < len(r) else i - 1
                tx, ty = r[j][0] - r[i][0], r[j][1] - r[i][1]
                out += [(r[i], (ty, -tx)), (r[i], (-ty, tx))]
        return out
    return []


_DIRS8 = [(1, -1), (-1, -1), (1, 1), (-1, 1), (0, -1), (1, 0), (0, 1), (-1, 0)]


def _free_anchor(canvas: Canvas, cands: list[Anchor], text: str, px: int,
                 spaced=None) -> Point | None:
    """The centre of the label beside the first candidate (anchor, direction) where its box
    covers neither ink nor another label (and passes ``spaced``, a ``row_spacer`` test, if
    given): each candidate's preferred side first, then all eight sides one and two rings
    out (the rings of ``Canvas.label``); None if none is."""
    w, h = text_size(canvas, text, px)
    r = 0.45 * px + 2 * canvas.unit
    for ring in (0, 1, 2):
        for (ax, ay), pref in cands:
            for dx, dy in ([pref] if ring == 0 else _DIRS8):
                n = math.hypot(dx, dy) or 1.0
                ux, uy = dx / n, dy / n
                rr = r + ring * 0.5 * px
                cx = ax + ux * (rr + w / 2 * abs(ux))
                cy = ay + uy * (rr + h / 2 * abs(uy))
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                if canvas.is_free(box, avoid_ink=True) and (
                        spaced is None or spaced(box[0], box[1])):
                    return cx, cy
    return None


def _inside_box(canvas: Canvas, o: GeoObject, vp: AxesViewport, text: str, px: int,
                spaced=None) -> Point | None:
    """Centre of a free spot for the label inside a circle or ellipse wide enough for it
    (passing ``spaced``, a ``row_spacer`` test, if given)."""
    if o.kind not in ("circle", "ellipse"):
        return None
    w, h = text_size(canvas, text, px)
    c = vp(*o.pts[0])
    ry = (o.radius if o.kind == "circle" else o.semi_y) * vp.sy
    for f in (0.5, -0.5, 0.0):
        cy = c[1] - f * ry
        if not canvas.is_free((c[0] - w / 2, cy - h / 2, c[0] + w / 2, cy + h / 2)) or (
                spaced is not None and not spaced(c[0] - w / 2, cy - h / 2)):
            continue
        # the box must lie inside the curve: test its corners against the (ellipse) equation
        rx = (o.radius if o.kind == "circle" else o.semi_x) * vp.scale
        corners = [(c[0] + sx * (w / 2 + 2), cy + sy * (h / 2 + 2)) for sx in (-1, 1)
                   for sy in (-1, 1)]
        if all(((x - c[0]) / rx) ** 2 + ((y - c[1]) / ry) ** 2 < 1 for x, y in corners):
            return (c[0], cy)
    return None


def _label_px(canvas: Canvas, text: str, px: int) -> int:
    """Shrink a long equation (down to the smallest legible size) to at most 45% of the width."""
    w = text_size(canvas, text, px)[0]
    limit = 0.45 * canvas.width
    if w <= limit:
        return px
    return max(font_px(canvas.width, 0.75), int(px * limit / w))


def _prefer(o: GeoObject, i: int) -> tuple[float, float] | None:
    """Label direction (pixel space, y down) for the i-th defining point of an object."""
    p = o.pts[i]
    if o.kind in ("triangle", "quadrilateral"):
        cx = sum(q[0] for q in o.pts) / len(o.pts)
        cy = sum(q[1] for q in o.pts) / len(o.pts)
        return (p[0] - cx, -(p[1] - cy))
    if o.kind == "segment" or o.kind == "line":
        q = o.pts[1 - i]
        return (p[0] - q[0], -(p[1] - q[1]))
    if o.kind == "circle" and i == 1:
        c = o.pts[0]
        return (p[0] - c[0], -(p[1] - c[1]))
    return None


def draw_analytic(spec: AnalyticSpec, canvas: Canvas) -> None:
    # the axes' labels are painted after every stroke, on boxes of the canvas colour (a line
    # through a tick label leaves it whole); the named points' dots go on top, and draw_axes
    # leaves out a label whose glyphs one of them would touch
    marked = [p for o in spec.objects for n, p in zip(o.pt_names, o.pts) if n]
    vp = draw_axes(canvas, spec.xmin, spec.xmax, spec.ymin, spec.ymax, xstep=1, ystep=1,
                   grid=spec.grid, tick_labels=spec.tick_labels, defer_labels=True,
                   keep_clear=marked)
    anchors = [_stroke(o, vp, canvas) for o in spec.objects]
    tick_boxes = draw_axis_labels(canvas, vp)
    for o in spec.objects:
        for n, p in zip(o.pt_names, o.pts):
            if n:
                dot_col = PALETTE["black"] if o.kind == "point" else _dark(_color(o.color))
                canvas.dot(vp(*p), r=3.2, color=dot_col)
    px = font_px(canvas.width)
    dots = [vp(*p) for p in marked]
    for o in spec.objects:
        for i, (n, p) in enumerate(zip(o.pt_names, o.pts)):
            if n:
                at = vp(*p)
                canvas.label(at, point_label(n, p, o.show_coords), px=px, prefer=_prefer(o, i),
                             halo=True, spare=True, dots=[q for q in dots if q != at])
    _curve_labels(spec, canvas, vp, anchors, tick_boxes)


def _curve_labels(spec: AnalyticSpec, canvas: Canvas, vp: AxesViewport,
                  anchors: list[list[Anchor]], apart: Sequence[Box] = ()) -> None:
    """Each curve's name or equation in its colour next to the curve: beside one of its
    anchor points, else inside it (a circle or ellipse wide enough), else at the free place
    nearest the curve (``_free_near``: along it, or in an empty part of the plot near it);
    where no place near it is free of ink, the place whose glyphs cross the least ink, drawn
    over the strokes on a halo of its glyphs only (``halo_text``). Each keeps a character's
    width from the tick labels ``apart`` in their row wherever it can ("p" close beside "2"
    read as "2p")."""
    epx = font_px(canvas.width, 0.9)
    outlines: list[list[Point]] = []  # every object's, once one label needs them
    for k, (o, cands) in enumerate(zip(spec.objects, anchors)):
        if not cands or o.kind not in ("line", "circle", "ellipse", "parabola"):
            continue
        text = _curve_text(o, spec)
        lpx = _label_px(canvas, text, epx)
        col = _dark(_color(o.color))
        w, h = text_size(canvas, text, lpx)
        spaced = row_spacer(apart, w, h, text_size(canvas, "0", lpx)[0])
        if o.kind == "line" and not o.show_eq:
            spaced = _off_axes(spaced, vp, apart, w, h, lpx)
        c = (_free_anchor(canvas, cands, text, lpx, spaced) or
             _inside_box(canvas, o, vp, text, lpx, spaced))
        if c is None:
            outlines = outlines or [_outline(q, vp) for q in spec.objects]
            others = [q for j, pts in enumerate(outlines) if j != k for q in pts]
            c = _free_near(canvas, text, lpx, outlines[k], others, cands[0][0], spaced)
        halo_text(canvas, c, text, lpx, col)


def _curve_text(o: GeoObject, spec: AnalyticSpec) -> str:
    """A curve's label: its name, or its equation where shown, after its name ("l₁: y = 2x")
    where another object of its kind is drawn: a text asking for "the intersection of l₁ and
    l₂" of two lines labelled by their equations alone named neither."""
    if not o.show_eq:
        return o.name
    if o.name and sum(q.kind == o.kind for q in spec.objects) > 1:
        return f"{o.name}: {object_equation(o)}"
    return object_equation(o)


def _off_axes(spaced, vp: AxesViewport, apart: Sequence[Box], w: float, h: float,
              clear: float):
    """``spaced`` (a ``row_spacer`` test of w x h boxes by their top-left corners) and each
    box ``clear`` px from both axis lines and from every tick label ``apart``: a line's bare
    name "l" is one upright stroke, which beside an axis reads as a tick or the digit 1."""
    ax, ay = vp(axis_pos(vp.xmin, vp.xmax), axis_pos(vp.ymin, vp.ymax))

    def test(x0, y0) -> np.ndarray:
        x0, y0 = np.asarray(x0, dtype=float), np.asarray(y0, dtype=float)
        ok = spaced(x0, y0) & ((x0 + w + clear <= ax) | (x0 >= ax + clear))
        ok &= (y0 + h + clear <= ay) | (y0 >= ay + clear)
        for bx0, by0, bx1, by1 in apart:
            ok &= ((x0 + w + clear <= bx0) | (x0 >= bx1 + clear)
                   | (y0 + h + clear <= by0) | (y0 >= by1 + clear))
        return ok
    return test


def _dense(pts: list[Point], step: float) -> list[Point]:
    """The polyline ``pts`` with a point at least every ``step`` px along it."""
    out = pts[:1]
    for a, b in zip(pts, pts[1:]):
        n = max(1, int(math.dist(a, b) / step))
        out += [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
                for i in range(1, n + 1)]
    return out


def _outline(o: GeoObject, vp: AxesViewport) -> list[Point]:
    """Points every few pixels along what ``_stroke`` draws of the object (its dots for a
    point): where a label near it stands nearer it than any other object."""
    step = 3.0  # pixels
    if o.kind == "point":
        return [vp(*o.pts[0])]
    if o.kind == "segment":
        return _dense(vp.pts(o.pts), step)
    if o.kind in ("triangle", "quadrilateral"):
        return _dense(vp.pts(list(o.pts) + [o.pts[0]]), step)
    if o.kind == "line":
        (x1, y1), (x2, y2) = o.pts
        n = math.hypot(x2 - x1, y2 - y1)
        far = 4 * (vp.xmax - vp.xmin + vp.ymax - vp.ymin) / n
        seg = vp.clip_segment((x1 - far * (x2 - x1), y1 - far * (y2 - y1)),
                              (x1 + far * (x2 - x1), y1 + far * (y2 - y1)))
        return [] if seg is None else _dense([vp(*seg[0]), vp(*seg[1])], step)
    if o.kind in ("circle", "ellipse"):
        c = vp(*o.pts[0])
        rx = (o.radius if o.kind == "circle" else o.semi_x) * vp.scale
        ry = (o.radius if o.kind == "circle" else o.semi_y) * vp.sy
        t = np.linspace(0, 2 * math.pi, max(24, int(2 * math.pi * max(rx, ry) / step)))
        return list(zip((c[0] + rx * np.cos(t)).tolist(), (c[1] - ry * np.sin(t)).tolist()))
    if o.kind == "parabola":
        return [q for r in _parabola_runs(o, vp) for q in _dense(r, step)]
    return []


def _box_gaps(cx: np.ndarray, cy: np.ndarray, w: float, h: float, pts: list[Point]
              ) -> np.ndarray:
    """Distance from each w x h box centred at (cx, cy) to the nearest of ``pts`` (inf if
    none), in chunks of points so that the arrays stay small."""
    out = np.full(cx.shape, np.inf)
    P = np.asarray(pts, dtype=float).reshape(-1, 2)
    for i in range(0, len(P), 256):
        q = P[i:i + 256]
        dx = np.maximum(np.abs(cx[:, None] - q[None, :, 0]) - w / 2, 0.0)
        dy = np.maximum(np.abs(cy[:, None] - q[None, :, 1]) - h / 2, 0.0)
        out = np.minimum(out, np.hypot(dx, dy).min(1))
    return out


def _free_near(canvas: Canvas, text: str, px: int, own: list[Point], others: list[Point],
               anchor: Point, spaced=None) -> Point:
    """Where a curve's label goes when no anchor point has room beside it, of the places on
    a grid over the picture clear of labels within ``NEAR`` font sizes of the curve: the one
    nearest the curve free of ink and nearer the curve than any other object; else the one
    whose glyphs cross the least ink, standing nearer another object counting as crossing
    one more line, the one nearest the curve among equals. With no such place, the place
    anywhere clear of labels with least ink beneath. ``spaced`` (a ``row_spacer`` test): the
    places that pass it, where any near the curve does."""
    w, h = text_size(canvas, text, px)
    gx, gy = canvas.box_grid(w, h, max(2.0, px / 3))
    if not np.size(gx):  # a label wider than a small canvas: above its first anchor
        return (anchor[0], anchor[1] - px)
    inside, ink, lab = box_counts(canvas, gx, gy, w, h)
    cx, cy = gx + w / 2, gy + h / 2
    mine = _box_gaps(cx, cy, w, h, own)
    usable = inside & (lab == 0)
    if spaced is not None:
        apart_ok = spaced(gx, gy)
        if (usable & apart_ok & (mine <= NEAR * px)).any():
            usable &= apart_ok
    near = usable & (mine <= NEAR * px)
    sel = np.flatnonzero(near)
    theirs = np.full(cx.shape, np.inf)
    theirs[sel] = _box_gaps(cx[sel], cy[sel], w, h, others)
    nearest = near & (mine + 0.25 * px < theirs)
    free = nearest & (ink == 0)
    if free.any():
        i = int(np.argmin(np.where(free, mine, np.inf)))
    elif near.any():
        # the places with least ink under their box, judged by what their glyphs would cut;
        # standing nearer another object counts as much as crossing a line (px * px / 4
        # pixels, about what a glyph halo clears of one): a label cut by a line reads better
        # than one that reads as another object's
        idx = np.flatnonzero(near)
        i = least_glyph_ink(canvas, cx, cy, idx, (mine[idx], ink[idx]), text, px,
                            lambda i, crossed: (crossed + (not nearest[i]) * px * px / 4,
                                                float(mine[i]), i))
    elif usable.any():
        i = int(np.argmin(np.where(usable, ink * 1e4 + mine, np.inf)))
    else:
        return (anchor[0], anchor[1] - px)
    return (float(cx[i]), float(cy[i]))
