"""Drawing of plane-geometry specs: fills, outlines, marks, then every label via
``Canvas.label`` (vertex letters pushed outward, lengths beside their sides, degrees inside
their angle arcs) so that no two labels overlap.

Order matters: all strokes first, so that the label placer sees the full ink mask.

    python -c "import numpy as np, renderers; f = renderers.get_family('plane_geometry'); \
f.render(f.sample_spec(np.random.default_rng(3)), 336).save('/tmp/g.png')"
"""
from __future__ import annotations

import math

from renderers.canvas import PALETTE, Canvas, Viewport, arc_points
from renderers.plane_geometry.spec import (Model, PlaneGeometrySpec, angle_at, build_model,
                                           check_marks, ekey)
from renderers.text import fmt_num, font_px

INK = (20, 20, 20)
MARK = (60, 60, 60)
NUM = (25, 55, 140)  # measurements in dark blue, letters in black: easy to tell apart


def _light(name: str, k: float = 0.32) -> tuple[int, int, int]:
    c = PALETTE.get(name, PALETTE["blue"])
    return tuple(int(round(255 - (255 - v) * k)) for v in c)


def _unit(v) -> tuple[float, float]:
    n = math.hypot(*v)
    return (v[0] / n, v[1] / n) if n > 1e-9 else (0.0, 0.0)


def _extent(m: Model) -> list:
    pts = list(m.points.values())
    for i, p in enumerate(m.pieces):
        if p.arc is not None:
            pts += m.outline(i, 15.0)
    return pts


def draw(spec: PlaneGeometrySpec, canvas: Canvas) -> None:
    m = build_model(spec)
    check_marks(spec, m.points)
    W = canvas.width
    vp = Viewport.fit_points(_extent(m), W, canvas.height, margin=0.13)
    P = {k: vp(*p) for k, p in m.points.items()}
    u = canvas.unit
    fill = _light(spec.fill)

    def outline_px(i):
        return vp.pts(m.outline(i, 4.0))

    # --- fills: shapes, then cut-outs and inscribed circles on top (painter's order)
    for i, p in enumerate(m.pieces):
        if p.sign > 0 and p.shaded:
            canvas.polygon(outline_px(i), fill=fill, outline=None, ink=False)
    for i, p in enumerate(m.pieces):
        par = m.pieces[p.parent] if p.parent >= 0 else None
        if p.sign < 0 and par.shaded:
            canvas.polygon(outline_px(i), fill="white", outline=None, ink=False)
        elif p.sign == 0 and (p.shaded or par.shaded):
            canvas.polygon(outline_px(i), fill=fill if p.shaded else "white", outline=None,
                           ink=False)

    # --- outlines
    cut = {ekey(*p.side) for p in m.pieces if p.sign < 0}
    for i, p in enumerate(m.pieces):
        for e in p.edges:
            a, b = P[e[0]], P[e[1]]
            if e in cut:
                canvas.line([a, b], color=(120, 120, 120), width=1.3, dash=(4, 3))
            else:
                canvas.line([a, b], color=INK, width=2.0)
        if p.arc is not None:
            c = vp(*p.center)
            canvas.line(arc_points(c, p.radius * vp.scale, p.arc[0], p.arc[1]), color=INK,
                        width=2.0)
        if p.kind in ("circle", "incircle"):
            canvas.dot(vp(*p.center), 2.8, color=INK)
        if p.kind == "circle":
            canvas.line([P[p.verts[0]], P[p.verts[1]]], color=INK, width=1.6)

    # --- marks
    for k in spec.right_marks:
        _right_mark(canvas, P[k[0]], P[k[1]], P[k[2]])
    for gi, group in enumerate(spec.equal_groups):
        for k in group:
            _ticks(canvas, P[k[0]], P[k[1]], gi + 1)
    ticked = {ekey(*k) for g in spec.equal_groups for k in g}
    arrowed = {ekey(*k) for g in spec.parallel_groups for k in g}
    for gi, group in enumerate(spec.parallel_groups):
        ref = None
        for k in group:
            a, b = P[k[0]], P[k[1]]
            d = _unit((b[0] - a[0], b[1] - a[1]))
            if ref is None:
                ref = d
            elif d[0] * ref[0] + d[1] * ref[1] < 0:
                a, b, d = b, a, (-d[0], -d[1])
            t = 0.3 if ekey(*k) in ticked else 0.5
            _chevrons(canvas, a, b, d, gi + 1, t)
    arcs = []
    for k in spec.shown_angles:
        arcs.append(_angle_arc(canvas, P[k[0]], P[k[1]], P[k[2]]))

    # --- labels: letters first (they belong closest to their point), then measurements
    fpx = font_px(W)
    npx = font_px(W, 0.92)
    center = vp(*_centroid(m))
    for name, q in P.items():
        canvas.label(q, name, px=fpx, color="black", prefer=_outward(m, name, vp, center),
                     dist=3 * u)
    for k, (anchor, bis) in zip(spec.shown_angles, arcs):
        deg = angle_at(m.points[k[0]], m.points[k[1]], m.points[k[2]])
        canvas.label(anchor, f"{fmt_num(deg)}°", px=npx, color=NUM, prefer=bis, dist=2 * u)
    for k in spec.shown_sides:
        a, b = P[k[0]], P[k[1]]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        length = math.dist(m.points[k[0]], m.points[k[1]])
        dist = 3 * u
        if ekey(*k) in ticked or ekey(*k) in arrowed:
            # beside the tick / arrow marks at the midpoint, so that "6" never reads as "+6"
            sl = math.dist(a, b)
            if sl > 0.3 * W:
                sh = 0.05 * W / sl
                mid = (mid[0] + (b[0] - a[0]) * sh, mid[1] + (b[1] - a[1]) * sh)
            else:
                dist = 0.04 * W
        canvas.label(mid, fmt_num(length), px=npx, color=NUM,
                     prefer=_side_normal(m, k, vp), dist=dist)


def _centroid(m: Model):
    xs = [p[0] for p in m.points.values()]
    ys = [p[1] for p in m.points.values()]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def _outward(m: Model, name: str, vp: Viewport, center) -> tuple[float, float]:
    """Pixel direction away from the ink around point ``name``: minus the sum of unit
    vectors towards its neighbours (and towards the bulge of arcs ending there)."""
    q = m.points[name]
    sx = sy = 0.0
    for p in m.pieces:
        if name in p.verts and p.kind not in ("circle", "incircle"):
            V = p.verts
            i = V.index(name)
            nbrs = [V[i - 1], V[(i + 1) % len(V)]]
            if p.kind == "sector" and i:
                nbrs = [V[0], V[0]]
            for nb in nbrs:
                d = _unit((m.points[nb][0] - q[0], m.points[nb][1] - q[1]))
                sx, sy = sx + d[0], sy + d[1]
        if p.kind.startswith("semicircle") and name in p.side:
            d = _unit((p.center[0] - q[0], p.center[1] - q[1]))
            sx, sy = sx + d[0], sy + d[1]
        if p.kind in ("circle", "incircle") and name == p.verts[0]:
            if p.kind == "circle":
                d = _unit((m.points[p.verts[1]][0] - q[0], m.points[p.verts[1]][1] - q[1]))
                sx, sy = sx + d[0], sy + d[1]
            else:
                return (0.7, 0.7)  # below-right of an inscribed centre, inside the circle
    if math.hypot(sx, sy) < 0.3:
        px = vp(*q)
        return _unit((px[0] - center[0], px[1] - center[1])) or (0.0, -1.0)
    return (-sx, sy)  # math y up -> pixel y down


def _side_normal(m: Model, k: str, vp: Viewport) -> tuple[float, float]:
    a, b = m.points[k[0]], m.points[k[1]]
    n = _unit((-(b[1] - a[1]), b[0] - a[0]))
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    for p in m.pieces:
        if ekey(*k) in p.edges or (p.kind == "circle" and set(k) == set(p.verts)):
            c = (sum(x for x, _ in p.poly) / len(p.poly), sum(y for _, y in p.poly) / len(p.poly))
            if p.kind == "circle":
                break
            if (c[0] - mid[0]) * n[0] + (c[1] - mid[1]) * n[1] > 0:
                n = (-n[0], -n[1])
            break
    return (n[0], -n[1])


def _right_mark(canvas: Canvas, a, b, c) -> None:
    u1 = _unit((a[0] - b[0], a[1] - b[1]))
    u2 = _unit((c[0] - b[0], c[1] - b[1]))
    s = min(0.036 * canvas.width, 0.3 * math.dist(a, b), 0.3 * math.dist(c, b))
    p1 = (b[0] + s * u1[0], b[1] + s * u1[1])
    p3 = (b[0] + s * u2[0], b[1] + s * u2[1])
    p2 = (p1[0] + s * u2[0], p1[1] + s * u2[1])
    canvas.line([p1, p2, p3], color=MARK, width=1.4)


def _ticks(canvas: Canvas, a, b, k: int) -> None:
    d = _unit((b[0] - a[0], b[1] - a[1]))
    n = (-d[1], d[0])
    h = 0.022 * canvas.width
    gap = 0.014 * canvas.width
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    for j in range(k):
        o = (j - (k - 1) / 2) * gap
        c = (mid[0] + d[0] * o, mid[1] + d[1] * o)
        canvas.line([(c[0] - n[0] * h, c[1] - n[1] * h), (c[0] + n[0] * h, c[1] + n[1] * h)],
                    color=MARK, width=1.5)


def _chevrons(canvas: Canvas, a, b, d, k: int, t: float) -> None:
    n = (-d[1], d[0])
    h = 0.022 * canvas.width
    gap = 0.016 * canvas.width
    base = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    for j in range(k):
        o = (j - (k - 1) / 2) * gap
        tip = (base[0] + d[0] * (o + h / 2), base[1] + d[1] * (o + h / 2))
        w1 = (tip[0] - d[0] * h + n[0] * h * 0.6, tip[1] - d[1] * h + n[1] * h * 0.6)
        w2 = (tip[0] - d[0] * h - n[0] * h * 0.6, tip[1] - d[1] * h - n[1] * h * 0.6)
        canvas.line([w1, tip, w2], color=MARK, width=1.5)


def _angle_arc(canvas: Canvas, a, b, c):
    """Arc at b between rays ba and bc (pixel space); returns the label anchor and the
    bisector direction."""
    t1 = math.degrees(math.atan2(-(a[1] - b[1]), a[0] - b[0]))
    t2 = math.degrees(math.atan2(-(c[1] - b[1]), c[0] - b[0]))
    span = (t2 - t1) % 360
    if span > 180:
        t1, span = t2, 360 - span
    r = min(0.06 * canvas.width, 0.35 * math.dist(a, b), 0.35 * math.dist(c, b))
    if span < 40:
        r *= 1.4  # narrow angles need a wider arc to be visible
        r = min(r, 0.45 * math.dist(a, b), 0.45 * math.dist(c, b))
    canvas.arc(b, r, t1, t1 + span, color=MARK, width=1.4)
    mid = math.radians(t1 + span / 2)
    bis = (math.cos(mid), -math.sin(mid))
    return (b[0] + bis[0] * r, b[1] + bis[1] * r), bis


__all__ = ["draw"]
