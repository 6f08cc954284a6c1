"""Drawing of the "sketch" family: the figure fitted to the image (circles included), fills,
circles and segments first, then angle arcs with their values on the bisector, right-angle
squares, dots, and last the point names and segment lengths placed where they cover no ink,
each length beside a point of its own segment where it stands nearer that segment than any
other (``_length_place``), each name nearer its own point than any other named or dotted one
(``Canvas.label``'s ``dots``). "Outside" is away from the figure's centre, or, in a sketch of
separate shapes (two triangles side by side), away from the centre of the segment's own shape
(``_centres``).

    python -m pytest -q tests/renderers/test_sketch.py \
        tests/renderers/test_sketch_length_labels.py tests/renderers/test_sketch_shape_sides.py
"""
from __future__ import annotations

import math

from renderers.canvas import PALETTE, Canvas, seg_dist
from renderers.sketch.spec import SketchSpec, points_of
from renderers.text import font_px


def draw(spec: SketchSpec, cv: Canvas) -> None:
    P = points_of(spec)
    xs = [x for x, _ in P.values()]
    ys = [y for _, y in P.values()]
    for c in spec.circles:
        cx, cy = P[c.center]
        xs += [cx - c.radius, cx + c.radius]
        ys += [cy - c.radius, cy + c.radius]
    for s in spec.segments:
        if s.extend:
            (ax, ay), (bx, by) = P[s.a], P[s.b]
            d = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / d * s.extend, (by - ay) / d * s.extend
            xs += [ax - ux, bx + ux]
            ys += [ay - uy, by + uy]
    W, H = cv.width, cv.height
    m = 0.11 * W  # room for names outside the figure
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-6)
    k = (W - 2 * m) / span
    ox = W / 2 - k * (max(xs) + min(xs)) / 2
    oy = H / 2 + k * (max(ys) + min(ys)) / 2

    def T(p):
        return (ox + k * p[0], oy - k * p[1])

    ink = PALETTE.get(spec.color, (31, 119, 180))
    for f in spec.fills:
        cv.polygon([T(P[n]) for n in f], fill=(220, 228, 240), outline=None, ink=False)
    for c in spec.circles:
        cv.circle(T(P[c.center]), k * c.radius, outline=(40, 40, 40), width=2.0)
    drawn = []  # each segment's stroke, ends in pixels
    for s in spec.segments:
        a, b = T(P[s.a]), T(P[s.b])
        if s.extend:
            d = math.dist(a, b) or 1.0
            ux, uy = (b[0] - a[0]) / d * k * s.extend, (b[1] - a[1]) / d * k * s.extend
            a, b = (a[0] - ux, a[1] - uy), (b[0] + ux, b[1] + uy)
        cv.line([a, b], color=ink, width=2.2, dash=(6, 4) if s.dash else None)
        drawn.append((a, b))
    px = font_px(W)
    r0 = 0.075 * W
    for an in spec.angles:
        v, a, b = T(P[an.vertex]), T(P[an.a]), T(P[an.b])
        ta = math.degrees(math.atan2(-(a[1] - v[1]), a[0] - v[0]))
        tb = math.degrees(math.atan2(-(b[1] - v[1]), b[0] - v[0]))
        d = (tb - ta) % 360
        if d > 180:
            ta, tb, d = tb, ta, 360 - d
        mid = math.radians(ta + d / 2)
        if an.right:
            s = 0.045 * W
            ua = (math.cos(math.radians(ta)), -math.sin(math.radians(ta)))
            ub = (math.cos(math.radians(tb)), -math.sin(math.radians(tb)))
            pts = [(v[0] + s * ua[0], v[1] + s * ua[1]),
                   (v[0] + s * (ua[0] + ub[0]), v[1] + s * (ua[1] + ub[1])),
                   (v[0] + s * ub[0], v[1] + s * ub[1])]
            cv.line(pts, color=(40, 40, 40), width=1.5)
        else:
            r = r0 * (1.0 if d >= 35 else 35 / max(d, 12))
            cv.arc(v, r, ta, ta + d, color=(200, 40, 40), width=1.8)
        if an.label:
            rr = (r0 if an.right else r) + 0.6 * px + 0.02 * W
            cv.label((v[0] + rr * math.cos(mid), v[1] - rr * math.sin(mid)), an.label,
                     px=px, color=(200, 40, 40), dist=0.0)
    cx = sum(xs) / len(xs)
    cy = sum(ys) / len(ys)
    c = T((cx, cy))
    own = {n: T(q) for n, q in _centres(spec, P).items()}
    for p in spec.points:
        if p.dot:
            cv.dot(T((p.x, p.y)), 3.2, color=(20, 20, 20))
    marks = [T((p.x, p.y)) for p in spec.points if p.dot or p.show_name]
    for p in spec.points:
        if p.show_name:
            q = T((p.x, p.y))
            o = own.get(p.name, c)
            cv.label(q, p.name, px=px, kind="bold", prefer=(q[0] - o[0], q[1] - o[1]),
                     clear=3.2 * cv.unit + 1.5 if p.dot else 0.0,
                     dots=[m for m in marks if m != q])
    for i, s in enumerate(spec.segments):
        if s.label:
            a, b = T(P[s.a]), T(P[s.b])
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            nx, ny = -(b[1] - a[1]), b[0] - a[0]
            o = own.get(s.a, c)
            if nx * (mid[0] - o[0]) + ny * (mid[1] - o[1]) < 0:
                nx, ny = -nx, -ny
            others = [d for j, d in enumerate(drawn) if j != i]
            at, side = _length_place(cv, a, b, s.label, px, (nx, ny), others,
                                     outer_first=s.a in own)
            cv.label(at, s.label, px=px, color=ink, prefer=side)


def _centres(spec: SketchSpec, P: dict) -> dict[str, tuple[float, float]]:
    """Each point's shape centre (the mean of the points its segments join it to, directly or
    not) where the segments make two or more separate shapes; empty for one shape, whose
    labels keep to the figure's centre, as do a lone segment's (it has no inside). Two
    triangles side by side have the figure's centre between them: a side of the right one
    facing it had its length put inside that triangle, against its angle's value ("6 72°")."""
    root = {n: n for n in P}

    def find(n):
        while root[n] != n:
            root[n] = root[root[n]]
            n = root[n]
        return n

    for sg in spec.segments:
        root[find(sg.a)] = find(sg.b)
    shapes: dict[str, list[str]] = {}
    for sg in spec.segments:
        for n in (sg.a, sg.b):
            members = shapes.setdefault(find(n), [])
            if n not in members:
                members.append(n)
    if len(shapes) < 2:
        return {}
    out = {}
    for members in (m for m in shapes.values() if len(m) > 2):
        mx = sum(P[n][0] for n in members) / len(members)
        my = sum(P[n][1] for n in members) / len(members)
        out.update({n: (mx, my) for n in members})
    return out


def _length_place(cv: Canvas, a, b, text: str, px: int, normal, others,
                  outer_first: bool = False
                  ) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a segment's length goes: the point of the segment and the side (a direction for
    ``Canvas.label``) whose first place, the label's box beside that point, covers no ink and
    stands nearer the segment than any other drawn one; the middle first, then points towards
    the ends, each on the outer side first. The middle of a diagonal is where the other one
    crosses it: a length put off both strokes there stood nearer the other (a kite's BD read as
    AC). Where no such place is, the middle and the outer side, as the placer always had them.
    ``outer_first`` (a side of one of several shapes): every point on the outer side, then a
    half font size further out (the anchor moved out), before the inner side, where a small
    triangle's length stood among its angles' values ("60°" over "4.3")."""
    w, h = cv.text_size(text, px)
    d0 = 0.45 * px + 2 * cv.unit  # Canvas.label's first ring
    n = math.hypot(*normal) or 1.0
    ux, uy = normal[0] / n, normal[1] / n
    ts = (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74)
    if outer_first:
        tries = [(t, 1, e) for e in (0.0, 0.5 * px) for t in ts] + [(t, -1, 0.0) for t in ts]
    else:
        tries = [(t, k, 0.0) for t in ts for k in (1, -1)]
    for t, k, e in tries:
        sx, sy = k * ux, k * uy
        m = (a[0] + t * (b[0] - a[0]) + sx * e, a[1] + t * (b[1] - a[1]) + sy * e)
        cx, cy = m[0] + sx * (d0 + w / 2 * abs(sx)), m[1] + sy * (d0 + h / 2 * abs(sy))
        own = seg_dist((cx, cy), a, b)
        if all(seg_dist((cx, cy), *o) > own for o in others) and \
                cv.is_free((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), avoid_ink=True):
            return m, (sx, sy)
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (ux, uy)
