"""Drawing of analytic geometry specs: grid and axes, then every stroke, the axes' labels (on
boxes of the canvas colour), dots, then the other labels.

All strokes go down before any label so that ``Canvas.label`` can keep every label off every
curve; curve names and equations are written in the curve's colour (on a white halo) next to a
point of the curve, so a reader can tell which label belongs to which object.

    python -c "import numpy as np, renderers; f = renderers.get_family('analytic_geometry'); \
f.render(f.sample_spec(np.random.default_rng(3)), 336).save('/tmp/a.png')"
"""
from __future__ import annotations

import math

import numpy as np

from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject, object_equation
from renderers.axes import AxesViewport, draw_axes, draw_axis_labels, text_size
from renderers.canvas import PALETTE, Canvas, Point
from renderers.text import fmt_num, font_px

STROKE = 2.2


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


def _free_anchor(canvas: Canvas, cands: list[Anchor], text: str, px: int) -> Anchor | None:
    """The first candidate (anchor, direction) whose label box covers neither ink nor another
    label: each candidate's preferred side first, then all eight sides one and two rings out
    (``Canvas.label`` spirals in the same rings and finds the same box); None if none is."""
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
                if canvas.is_free(box, avoid_ink=True):
                    return (ax, ay), (dx, dy)
    return None


def _inside_box(canvas: Canvas, o: GeoObject, vp: AxesViewport, text: str, px: int
                ) -> Point | None:
    """Centre of a free spot for the label inside a circle or ellipse wide enough for it."""
    if o.kind not in ("circle", "ellipse"):
        return None
    w, h = text_size(canvas, text, px)
    c = vp(*o.pts[0])
    ry = (o.radius if o.kind == "circle" else o.semi_y) * vp.sy
    for f in (0.5, -0.5, 0.0):
        cy = c[1] - f * ry
        if not canvas.is_free((c[0] - w / 2, cy - h / 2, c[0] + w / 2, cy + h / 2)):
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
    draw_axis_labels(canvas, vp)
    for o in spec.objects:
        for n, p in zip(o.pt_names, o.pts):
            if n:
                dot_col = PALETTE["black"] if o.kind == "point" else _dark(_color(o.color))
                canvas.dot(vp(*p), r=3.2, color=dot_col)
    px = font_px(canvas.width)
    for o in spec.objects:
        for i, (n, p) in enumerate(zip(o.pt_names, o.pts)):
            if n:
                canvas.label(vp(*p), point_label(n, p, o.show_coords), px=px,
                             prefer=_prefer(o, i), halo=True)
    epx = font_px(canvas.width, 0.9)
    for o, cands in zip(spec.objects, anchors):
        if not cands or o.kind not in ("line", "circle", "ellipse", "parabola"):
            continue
        text = object_equation(o) if o.show_eq else o.name
        lpx = _label_px(canvas, text, epx)
        col = _dark(_color(o.color))
        found = _free_anchor(canvas, cands, text, lpx)
        inside = None if found else _inside_box(canvas, o, vp, text, lpx)
        if inside is not None:  # checked free above, so a fixed-position text is safe
            canvas.text(inside, text, px=lpx, color=col, halo=True)
        else:
            at, prefer = found or cands[0]
            canvas.label(at, text, px=lpx, color=col, prefer=prefer, halo=True)
