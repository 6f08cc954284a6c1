"""Drawing of plane-geometry specs: fills, outlines, marks, then every label via
``Canvas.label`` (vertex letters pushed outward, lengths beside their sides, degrees inside
their angles, in the region their arc is in and nearer their own vertex than any other, else
outside the figure with a leader once the lengths are set) so that no two labels overlap.

Order matters: all strokes first, so that the label placer sees the full ink mask.

    python -c "import numpy as np, renderers; f = renderers.get_family('plane_geometry'); \
f.render(f.sample_spec(np.random.default_rng(3)), 336).save('/tmp/g.png')"
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from renderers.canvas import (DIRS, PALETTE, Canvas, Point, Viewport, arc_points,
                              leader_reads_minus, seg_dist)
from renderers.plane_geometry.spec import (Model, PlaneGeometrySpec, angle_at, arc_pts,
                                           build_model, check_marks, ekey)
from renderers.text import fmt_num, font_px

INK = (20, 20, 20)
MARK = (60, 60, 60)
NUM = (25, 55, 140)  # measurements in dark blue, letters in black: easy to tell apart
# a side's length keeps its box SIDE_GAP px of white off the side's stroke where it can, and
# SIDE_CLEAR px at least: nearer, the number's anti-aliased rim meets the stroke's
SIDE_GAP, SIDE_CLEAR = 2.0, 1.5
RIGHT_MARK_MIN = 0.02  # the smallest right-angle square, of the picture's width, still read


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


@dataclass
class LabelRecord:
    """Where a label went, in pixels (y down), with what it must be read against: a side
    length's own segment and every other drawn line (sides, arcs as short chords); a vertex
    letter's own point and every other named point; an angle's degrees, its vertex (``at``),
    the ends of its two sides (``rays``), the midpoint of its arc (``anchor``) and every drawn
    line. The fields but the last two are those of the solid-geometry family's records, so one
    check reads both."""

    kind: str  # "measure" | "vertex" | "angle"
    key: str
    text: str
    box: tuple[float, float, float, float]
    segment: tuple[Point, Point] | None = None
    leader: tuple[Point, Point] | None = None
    others: list[tuple[Point, Point]] = field(default_factory=list)
    at: Point | None = None
    corners: list[Point] = field(default_factory=list)
    rays: tuple[Point, Point] | None = None
    anchor: Point | None = None


def draw(spec: PlaneGeometrySpec, canvas: Canvas) -> list[LabelRecord]:
    """Draw the figure; returns where every vertex letter, angle and side length went."""
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
    curves = [c for p in m.pieces for c in _arc_chords(p, vp)] if spec.right_marks else []
    for k in spec.right_marks:
        _right_mark(canvas, P[k[0]], P[k[1]], P[k[2]], curves)
    marks = []  # tick and arrow strokes, which a side length's leader must not cover
    for gi, group in enumerate(spec.equal_groups):
        for k in group:
            marks += _ticks(canvas, P[k[0]], P[k[1]], gi + 1)
    ticked = {ekey(*k) for g in spec.equal_groups for k in g}
    arrowed = {ekey(*k) for g in spec.parallel_groups for k in g}
    arcs = []
    for k in spec.shown_angles:
        arcs.append(_angle_arc(canvas, P[k[0]], P[k[1]], P[k[2]]))
    arc_lines = [_arc_stroke(P[k[0]], P[k[1]], P[k[2]], W) for k in spec.shown_angles]
    for stroke in chevron_strokes(spec, P, W, ticked, arc_lines):
        canvas.line(stroke, color=MARK, width=1.5)
        marks.append(stroke)

    # --- labels: letters first (they belong closest to their point), then measurements
    fpx = font_px(W)
    npx = font_px(W, 0.92)
    center = vp(*_centroid(m))
    records = []
    centres = {p.verts[0] for p in m.pieces if p.kind == "incircle"}
    for name, q in P.items():
        corners = [c for k, c in P.items() if k != name]
        prefer = _outward(m, name, vp, center)
        if name in centres:  # inside a circle that may be small: kept next to its dot
            box = _vertex_near(canvas, q, name, fpx, prefer, corners)
        else:
            box = canvas.label(q, name, px=fpx, color="black", prefer=prefer, dist=3 * u)
        records.append(LabelRecord("vertex", name, name, box, at=q, corners=corners))
    lines = _drawn_lines(m, P, vp)
    anchors = [a for a, _ in arcs]
    away = []  # degrees with no room in their angle: set outside once the lengths are down
    for k, (anchor, bis) in zip(spec.shown_angles, arcs):
        deg = angle_at(m.points[k[0]], m.points[k[1]], m.points[k[2]])
        rec = LabelRecord("angle", k, f"{fmt_num(deg)}°", (0, 0, 0, 0), others=lines,
                          at=P[k[1]], rays=(P[k[0]], P[k[2]]), anchor=anchor)
        records.append(rec)
        if not _place_angle(canvas, rec, bis, npx, 2 * u, list(P.values()), anchors):
            away.append(rec)
    for k in spec.shown_sides:
        a, b = P[k[0]], P[k[1]]
        others = [s for s in lines if {s[0], s[1]} != {a, b}]
        # beside the tick / arrow marks at the midpoint, so that "6" never reads as "+6"
        marked = ekey(*k) in ticked or ekey(*k) in arrowed
        length = math.dist(m.points[k[0]], m.points[k[1]])
        records.append(_place_side(canvas, k, fmt_num(length), a, b, _side_normal(m, k, vp),
                                   others, npx, marked, marks))
    # a length keeps its place beside its side's middle, where a reader looks for it; the
    # degrees set away with a leader can go anywhere round the figure
    for rec in away:
        _place_outside(canvas, rec, npx, list(P.values()), anchors)
    return records


def _own_corner(box, at: Point, corners: list[Point]) -> bool:
    c = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    return all(math.dist(c, o) > math.dist(c, at) for o in corners)


def _vertex_near(canvas: Canvas, at: Point, text: str, px: int, prefer: Point,
                 corners: list[Point]) -> tuple:
    """A letter next to its point: the first free place around it that is nearer it than any
    other point (crossing a line rather than sitting nearer another point), the label
    placer's search as the last resort."""
    w, h = canvas.text_size(text, px)
    n = math.hypot(*prefer) or 1.0
    u0 = (prefer[0] / n, prefer[1] / n)
    for avoid_ink in (True, False):
        for gap in (0.15, 0.35, 0.6):
            for turn in (0, 30, -30, 60, -60, 90, -90, 135, -135, 180):
                u = _rot(u0, turn)
                d = gap * px + w / 2 * abs(u[0]) + h / 2 * abs(u[1])
                c = (at[0] + u[0] * d, at[1] + u[1] * d)
                box = (c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)
                if canvas.is_free(box, avoid_ink=avoid_ink) and _own_corner(box, at, corners):
                    return canvas.text(c, text, px=px, anchor="mm")
    return canvas.label(at, text, px=px, prefer=u0, dist=0.3 * px)


def _segs_dist(p: Point, q: Point, a: Point, b: Point) -> float:
    """Distance between segments pq and ab (0 where they cross)."""
    def side(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])

    if side(p, q, a) * side(p, q, b) < 0 and side(a, b, p) * side(a, b, q) < 0:
        return 0.0
    return min(seg_dist(p, a, b), seg_dist(q, a, b), seg_dist(a, p, q), seg_dist(b, p, q))


def _rot(u: Point, deg: float) -> Point:
    t = math.radians(deg)
    return (u[0] * math.cos(t) - u[1] * math.sin(t), u[0] * math.sin(t) + u[1] * math.cos(t))


def _place_side(canvas: Canvas, k: str, text: str, a: Point, b: Point, normal: Point,
                others: list, px: int, marked: bool, marks: list | None = None
                ) -> LabelRecord:
    """A side length beside its side, where it is nearer that side than any other line:
    along the outward normal at the midpoint (slid along the side past tick or arrow marks),
    then on the inner side, then further out along a turned normal with a leader line to the
    side (its midpoint unless another line touches it there), then any free place round that
    end; the label placer's own search is the last resort (with a leader too). No leader runs
    through another label or level into its own number's left side (a minus sign)."""
    w, h = canvas.text_size(text, px)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    sl = math.dist(a, b)
    rec = LabelRecord("measure", k, text, (0, 0, 0, 0), segment=(a, b), others=others)
    margin = 0.2 * px

    def support(u):
        return w / 2 * abs(u[0]) + h / 2 * abs(u[1])

    def own_nearest(c):
        own = seg_dist(c, a, b)
        return all(seg_dist(c, *s) >= own + margin for s in others)

    shifts = [0.0]
    if marked:  # off the marks: along a long side, else a little further out
        shifts = [0.05 * canvas.width / sl * (1 if sl > 0.3 * canvas.width else 0)]
    shifts += [t for t in (0.15, -0.15, 0.3, -0.3) if t * sl > 0.6 * px]
    n_in = (-normal[0], -normal[1])
    # the side's half stroke and SIDE_GAP px of white: below 336 px three units left a pixel
    # or less, and a hypotenuse's number stood touching its side
    base = (0.04 * canvas.width if marked and shifts[0] == 0
            else max(3 * canvas.unit, canvas.unit + SIDE_GAP))
    gaps = (base, base + 0.3 * px, base + 0.7 * px)
    # the first place outward a little further out before any other: a label slid along its
    # side or set inside the figure reads less plainly as that side's
    places = [(gap, normal, shifts[0]) for gap in gaps]
    places += [(gap, u, t) for gap in gaps for u in (normal, n_in) for t in shifts]
    for gap, u, t in places:
        at = (mid[0] + (b[0] - a[0]) * t, mid[1] + (b[1] - a[1]) * t)
        dd = gap + support(u)
        c = _off_side(canvas, (at[0] + u[0] * dd, at[1] + u[1] * dd), text, px, a, u)
        box = (c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)
        if _free_beside(canvas, box, a, b) and own_nearest(c) and _apart(canvas, box, px):
            rec.box = canvas.text(c, text, px=px, color=NUM, anchor="mm")
            return rec
    # the leader ends on the side where no other line passes (an inscribed circle touches a
    # regular polygon's sides at their midpoints) and off the side's tick and arrow marks (a
    # leader and its dot over a mark would hide it)
    ends = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in
            (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.15, 0.85)]
    strokes = [(p, q) for st in (marks or []) for p, q in zip(st, st[1:])]
    off = 0.012 * canvas.width
    clear = [min([seg_dist(e, *s) for s in others] +
                 [seg_dist(e, *s) - off for s in strokes], default=math.inf) for e in ends]
    end = next((e for e, c in zip(ends, clear) if c > 2.0), ends[clear.index(max(clear))])
    lab = canvas.label_mask()
    for turn in (0, 30, -30, 60, -60):
        u = _rot(normal, turn)
        for gap in (1.2, 1.8, 2.5, 3.3, 4.2):
            dd = gap * px + support(u)
            c = (end[0] + u[0] * dd, end[1] + u[1] * dd)
            box = (c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)
            # a leader that crosses or grazes another line (or runs through a vertex) would
            # seem to point at that line instead; one through another label strikes it out
            # and joins the two ("70°—8")
            start = (min(max(end[0], box[0]), box[2]), min(max(end[1], box[1]), box[3]))
            if (canvas.is_free(box) and _apart(canvas, box, px)
                    and all(_segs_dist(start, end, *o) > 3.0 for o in others)
                    and _label_clear(start, end, lab) and not leader_reads_minus(end, box)):
                rec.box = canvas.text(c, text, px=px, color=NUM, anchor="mm")
                _leader(canvas, rec, end)
                return rec
    # a crowded corner: any free place round the end, half a character from every other
    # label ("70° 4.5" reads as one), whose leader crosses no label, the fewest lines, then
    # is shortest
    best, best_cost = None, math.inf
    for turn in range(0, 360, 15):
        u = _rot(normal, turn)
        for gap in (1.2, 1.8, 2.5, 3.3, 4.2, 5.2, 6.4):
            dd = gap * px + support(u)
            c = (end[0] + u[0] * dd, end[1] + u[1] * dd)
            box = (c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)
            start = (min(max(end[0], box[0]), box[2]), min(max(end[1], box[1]), box[3]))
            cost = (sum(_segs_dist(start, end, *o) <= 3.0 for o in others) * 4.0 * px
                    + math.dist(start, end))
            if (cost < best_cost and canvas.is_free(box) and _apart(canvas, box, px)
                    and _label_clear(start, end, lab) and not leader_reads_minus(end, box)):
                best, best_cost = c, cost
    if best is not None:
        rec.box = canvas.text(best, text, px=px, color=NUM, anchor="mm")
        _leader(canvas, rec, end)
        return rec
    rec.box = canvas.label(end, text, px=px, color=NUM, prefer=normal, dist=1.2 * px)
    _leader(canvas, rec, end)
    return rec


def _off_side(canvas: Canvas, c: Point, text: str, px: int, a: Point, u: Point) -> Point:
    """The centre ``c`` of a length beside its side (through ``a``, ``u`` its unit normal
    towards the label) moved on along ``u`` until the glyphs' box as drawn (set on whole
    supersampled pixels, a digit's box not quite centred) keeps the side's half stroke and
    ``SIDE_CLEAR`` px from the side's line: the box from the text's size alone came up to
    0.6 px nearer than planned."""
    need = canvas.unit + SIDE_CLEAR
    for _ in range(3):
        x0, y0, x1, y1 = canvas.text_box(c, text, px)
        near = min((x - a[0]) * u[0] + (y - a[1]) * u[1] for x in (x0, x1) for y in (y0, y1))
        if near >= need:
            break
        step = need - near + 0.5 / canvas.ss
        c = (c[0] + u[0] * step, c[1] + u[1] * step)
    return c


def _apart(canvas: Canvas, box, px: int) -> bool:
    """Half a character from every other label, across and up or down: two numbers closer
    than that read as one ("2.12 45°", "40° 5"), or as one stacked over the other."""
    g = 0.5 * px
    near = canvas.label_mask()[max(0, int(box[1] - g)):max(0, int(box[3] + g) + 1),
                               max(0, int(box[0] - g)):max(0, int(box[2] + g) + 1)]
    return not near.any()


def _free_beside(canvas: Canvas, box, a: Point, b: Point) -> bool:
    """``Canvas.is_free`` for a length's box beside its side ``a``-``b``, the side's own
    stroke left out: the box stands a set gap from the side's line, and the stroke's rim, a
    pixel wider or narrower with the slope on the pixel grid, must not push the label off the
    side's middle. Every other stroke counts as in ``is_free`` (tick marks on the side too,
    but for their pixels on the line)."""
    if canvas.is_free(box):
        return True
    if not canvas.is_free(box, avoid_ink=False):
        return False
    pad = 1.0  # the pixels ``is_free`` tests
    xa, ya = max(0, int(math.floor(box[0] - pad))), max(0, int(math.floor(box[1] - pad)))
    xb, yb = int(math.ceil(box[2] + pad)), int(math.ceil(box[3] + pad))
    ys, xs = np.nonzero(np.asarray(canvas.ink.crop((xa, ya, xb, yb))))
    # a side's ink reaches half its width (rounded to whole pixels) and a pixel's half beyond
    reach = max(1, round(2.0 * canvas.unit)) / 2 + 1.0
    dist = _seg_dist_np(xa + xs + 0.5, ya + ys + 0.5, a[0], a[1], b[0], b[1])
    return not (dist > reach).any()


def _in_wedge(x, y, at: Point, rays: tuple[Point, Point]):
    """Whether each point (x, y) (arrays) lies in the angle at ``at`` between the rays to the
    two points ``rays`` (an angle under 180°)."""
    a = (rays[0][0] - at[0], rays[0][1] - at[1])
    c = (rays[1][0] - at[0], rays[1][1] - at[1])
    s = 1.0 if a[0] * c[1] - a[1] * c[0] > 0 else -1.0
    qx, qy = x - at[0], y - at[1]
    return (s * (a[0] * qy - a[1] * qx) >= 0) & (s * (qx * c[1] - qy * c[0]) >= 0)


def _crosses(p: Point, q: Point, lines: list) -> bool:
    """Whether pq crosses or touches a line (through the joint of two chords of an arc, the
    exact test sees neither chord crossed)."""
    return any(_segs_dist(p, q, *s) < 0.5 for s in lines)


OWN_CORNER = 0.9  # an angle's degrees at most this share of the way to any other point
NEARER = 0.95  # the share where there is no such place: nearer, with a pixel or two to spare


def _own_angle(x, y, rec: LabelRecord, points: list[Point], anchors: list[Point],
               share: float = OWN_CORNER):
    """Whether each label centre (x, y) (arrays) is plainly nearer the angle's own vertex than
    any other point of the figure (at most ``share`` of the way to it), and nearer its own arc
    than any other angle's arc: in a narrow wedge the first free place can lie far down the
    bisector, beside the next corner, where the degrees read as that corner's angle."""
    own = np.hypot(x - rec.at[0], y - rec.at[1])
    arc = np.hypot(x - rec.anchor[0], y - rec.anchor[1])
    out = np.ones(np.shape(x), bool)
    for q in points:
        if math.dist(q, rec.at) > 1e-6:
            out &= np.hypot(x - q[0], y - q[1]) * share > own
    for q in anchors:
        if math.dist(q, rec.anchor) > 1e-6:
            out &= np.hypot(x - q[0], y - q[1]) > arc
    return out


def _place_angle(canvas: Canvas, rec: LabelRecord, bis: Point, px: int, d0: float,
                 points: list[Point], anchors: list[Point]) -> bool:
    """An angle's degrees inside that angle, in the region its arc is in (the way from the
    arc to the label crosses no line), clear of ink and nearer its own vertex and arc than
    any other (``_own_angle``): the label placer's ring search from the arc, then the free
    place nearest the arc anywhere in the angle. False where none is (the caller sets it
    outside the figure with a leader to the arc, ``_place_outside``). A label that only has
    to miss other labels can land in the next angle at the same vertex, or in a shape drawn
    on a side of the angle, and give that angle the degrees."""
    w, h = canvas.text_size(rec.text, px)
    # plainly nearer its own vertex first; then merely nearer, still inside its own angle
    # with no leader, which reads as that angle's better than a label set away (outside the
    # figure a crowded vertex may have no place that is its own at all)
    for share in (OWN_CORNER, NEARER):
        box = _angle_place(canvas, rec, bis, px, d0, (w, h), points, anchors, share)
        if box is not None:
            rec.box = canvas.text(box, rec.text, px=px, color=NUM, anchor="mm")
            return True
    return False


def _angle_place(canvas: Canvas, rec: LabelRecord, bis: Point, px: int, d0: float, size,
                 points: list[Point], anchors: list[Point], share: float):
    """``_place_angle``'s search with the vertex's ``share`` (``_own_angle``): the centre of
    the place found, or None."""
    w, h = size
    anchor = rec.anchor

    def ok(box) -> bool:
        c = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        xs, ys = np.array(box[0::2] * 2), np.repeat(box[1::2], 2)
        return (bool(_in_wedge(xs, ys, rec.at, rec.rays).all())
                and bool(_own_angle(c[0], c[1], rec, points, anchors, share))
                and not _crosses(anchor, c, rec.others) and canvas.is_free(box))

    # the placer's own order (Canvas.label), so that a label it sets inside the angle stays
    dirs = sorted(DIRS, key=lambda d: -(d[0] * bis[0] + d[1] * bis[1]) / math.hypot(*d))
    for ring in range(8):
        r = d0 + ring * 0.5 * px
        for dx, dy in [bis] + dirs:
            n = math.hypot(dx, dy)
            ux, uy = dx / n, dy / n
            cx = anchor[0] + ux * (r + w / 2 * abs(ux))
            cy = anchor[1] + uy * (r + h / 2 * abs(uy))
            if ok((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)):
                return (cx, cy)
    # every free place inside the angle, nearest the arc first (numpy picks the places in the
    # angle; the few left are tried one by one)
    step = max(2.0, px / 4)
    xs, ys = canvas.box_grid(w, h, step)
    inside = np.ones(xs.shape, bool)
    for dx, dy in ((0, 0), (w, 0), (0, h), (w, h)):
        inside &= _in_wedge(xs + dx, ys + dy, rec.at, rec.rays)
    inside &= _own_angle(xs + w / 2, ys + h / 2, rec, points, anchors, share)
    xs, ys = xs[inside], ys[inside]
    for i in np.argsort(np.hypot(xs + w / 2 - anchor[0], ys + h / 2 - anchor[1])):
        if ok((xs[i], ys[i], xs[i] + w, ys[i] + h)):
            return (xs[i] + w / 2, ys[i] + h / 2)
    return None


def _hull(pts: list[Point]) -> list[Point]:
    """Convex hull, counter-clockwise in pixel coordinates (Andrew's monotone chain: a few
    lines, where scipy is not among the suite's dependencies)."""
    pts = sorted(set(pts))
    if len(pts) < 3:
        return pts

    def half(seq):
        out = []
        for p in seq:
            while len(out) > 1 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                    - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]

    return half(pts) + half(pts[::-1])


def _place_outside(canvas: Canvas, rec: LabelRecord, px: int, points: list[Point],
                   anchors: list[Point]) -> LabelRecord:
    """The degrees of an angle with no free place inside it: outside the convex hull of
    every drawn line (so over no side and in no other angle), nearer its own vertex and arc
    than any other (``_own_angle``: a label beside another corner reads as that corner's
    angle, the more so as its leader is thin and long), where the leader to the arc crosses
    the fewest lines, then is shortest; the leader keeps clear of every vertex and label and
    crosses a line only steeply (one running along a line, or through a corner, would seem to
    point elsewhere), and the label stands apart from every other (``_apart``). The label
    placer's own search is the last resort."""
    w, h = canvas.text_size(rec.text, px)
    anchor = rec.anchor
    ends = [p for s in rec.others for p in s]
    hull = _hull([(round(x, 3), round(y, 3)) for x, y in ends])
    gap = 0.4 * px
    step = max(2.0, px / 4)
    xs, ys = canvas.box_grid(w, h, step)
    # separating axes of two convex shapes: the hull's edge normals and the box's own axes
    hx, hy = np.array([p[0] for p in hull]), np.array([p[1] for p in hull])
    apart = ((xs > hx.max() + gap) | (xs + w < hx.min() - gap)
             | (ys > hy.max() + gap) | (ys + h < hy.min() - gap))
    for (ax, ay), (bx, by) in zip(hull, hull[1:] + hull[:1]):
        nx, ny = by - ay, -(bx - ax)  # outward for a counter-clockwise hull, y down
        n = math.hypot(nx, ny)
        if n < 1e-9:
            continue
        nx, ny = nx / n, ny / n
        lo = nx * xs + ny * ys + min(0.0, nx * w) + min(0.0, ny * h)
        apart |= lo > nx * ax + ny * ay + gap
    xs, ys = xs[apart], ys[apart]
    owned = _own_angle(xs + w / 2, ys + h / 2, rec, points, anchors)
    # the leader starts at the point of the box nearest the arc
    sx = np.clip(anchor[0], xs, xs + w)
    sy = np.clip(anchor[1], ys, ys + h)
    length = np.hypot(sx - anchor[0], sy - anchor[1])
    lab = canvas.label_mask()
    judged = _leaders_judged(sx, sy, anchor, rec.others, points, px)
    order = np.argsort(length)
    best, nearest_free = _outside_pick(canvas, rec, order[owned[order]], (xs, ys, sx, sy),
                                       length, judged, lab, (w, h), px, points)
    if best is None and (nearest_free is None or nearest_free[1] != (True, True)):
        # no place outside is plainly its own vertex's, with a clean leader or at least one
        # that reads as no minus sign beside no other label: only then one nearer another
        # point (a crowded small figure), which still keeps the degrees out of another angle
        best, free = _outside_pick(canvas, rec, order[~owned[order]], (xs, ys, sx, sy),
                                   length, judged, lab, (w, h), px, points)
        if free is not None and (nearest_free is None or free[1] > nearest_free[1]):
            nearest_free = free
    # no leader at all clears every vertex and line: the nearest free place (one whose
    # leader reads as no minus sign, and apart from other labels, if one is)
    best = best or (nearest_free and nearest_free[0])
    if best is None:
        rec.box = canvas.label(anchor, rec.text, px=px, color=NUM, dist=1.2 * px)
    else:
        rec.box = canvas.text(((best[0] + best[2]) / 2, (best[1] + best[3]) / 2), rec.text,
                              px=px, color=NUM, anchor="mm")
    _leader(canvas, rec, anchor)
    return rec


def _outside_pick(canvas: Canvas, rec: LabelRecord, order, places, length, judged, lab,
                  size, px: int, points: list[Point]):
    """``_place_outside``'s choice among the candidate boxes ``order`` (indices, shortest
    leader first): the box whose leader crosses the fewest lines, then is shortest, and the
    nearest free box with its rank (leader reads as no minus sign, box apart from other
    labels) for where no leader is clean."""
    xs, ys, sx, sy = places
    refused, crossed, unsure = judged
    w, h = size
    anchor = rec.anchor
    best, best_cost, nearest_free = None, math.inf, None
    for i in order:
        if length[i] >= best_cost:
            break
        box = (xs[i], ys[i], xs[i] + w, ys[i] + h)
        if not canvas.is_free(box):
            continue
        # a pixel up and down to spare: the drawn text's box can stand a third of one off
        minus = leader_reads_minus(anchor, (box[0], box[1] - 1, box[2], box[3] + 1))
        apart = _apart(canvas, box, px)
        if nearest_free is None or (not minus, apart) > nearest_free[1]:
            nearest_free = (box, (not minus, apart))
        if minus or not apart:
            continue
        start = (float(sx[i]), float(sy[i]))
        if unsure[i]:
            cost = _leader_cost(start, anchor, rec.others, points, lab, px)
        elif refused[i] or crossed[i] * 4.0 * px + length[i] >= best_cost:
            continue
        else:
            cost = crossed[i] * 4.0 * px if _label_clear(start, anchor, lab) else None
        if cost is not None and cost + length[i] < best_cost:
            best, best_cost = box, cost + length[i]
    return best, nearest_free


def _seg_dist_np(px_, py_, ax, ay, bx, by):
    """``seg_dist`` over arrays (any of the six may be an array; they broadcast)."""
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    safe = np.where(L == 0, 1.0, L)
    t = np.where(L == 0, 0.0, np.clip(((px_ - ax) * dx + (py_ - ay) * dy) / safe, 0.0, 1.0))
    return np.hypot(px_ - ax - t * dx, py_ - ay - t * dy)


def _leaders_judged(sx, sy, end: Point, lines: list, points: list[Point], px: int,
                    margin: float = 1e-6) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_leader_cost``'s line and vertex tests for leaders from every (sx, sy) to ``end`` at
    once: (refused, lines crossed, unsure). A leader is unsure where a distance or angle lies
    within ``margin`` of its threshold, so that rounding could decide; those go through
    ``_leader_cost`` itself, which keeps the placement byte for byte. One pass of array
    arithmetic instead of a Python loop per candidate: at 1024 px a crowded figure has some
    50,000 candidate places and a hundred lines to test each against."""
    ex, ey = end
    refused = np.zeros(sx.shape, dtype=bool)
    unsure = np.zeros(sx.shape, dtype=bool)
    crossed = np.zeros(sx.shape, dtype=np.int64)
    L = np.hypot(ex - sx, ey - sy)
    refused |= L < 1e-9
    unsure |= np.abs(L - 1e-9) < margin
    for qx, qy in points:
        dist = _seg_dist_np(qx, qy, sx, sy, ex, ey)
        refused |= dist < 0.7 * px
        unsure |= np.abs(dist - 0.7 * px) < margin
    safe = np.where(L < 1e-9, 1.0, L)
    dx, dy = (ex - sx) / safe, (ey - sy) / safe

    def side(ox, oy, ux, uy, vx, vy):
        return (ux - ox) * (vy - oy) - (uy - oy) * (vx - ox)

    for (ax, ay), (bx, by) in lines:
        # the distance between leader and line: 0 where they cross, else the nearest ends
        cross = ((side(sx, sy, ex, ey, ax, ay) * side(sx, sy, ex, ey, bx, by) < 0)
                 & (side(ax, ay, bx, by, sx, sy) * side(ax, ay, bx, by, ex, ey) < 0))
        near = np.minimum.reduce([_seg_dist_np(sx, sy, ax, ay, bx, by),
                                  np.full(sx.shape, seg_dist((ex, ey), (ax, ay), (bx, by))),
                                  _seg_dist_np(ax, ay, sx, sy, ex, ey),
                                  _seg_dist_np(bx, by, sx, sy, ex, ey)])
        near = np.where(cross, 0.0, near)
        hit = near < 2.5
        unsure |= np.abs(near - 2.5) < margin
        su = _unit((bx - ax, by - ay))
        sine = np.abs(dx * su[1] - dy * su[0])
        refused |= hit & (sine < 0.4)
        unsure |= hit & (np.abs(sine - 0.4) < margin)
        crossed += hit
    return refused, crossed, unsure


def _label_clear(start: Point, end: Point, lab) -> bool:
    """No label under the leader: ``_leader_cost``'s walk along it, as one array lookup."""
    L = math.dist(start, end)
    d = ((end[0] - start[0]) / L, (end[1] - start[1]) / L)
    t = np.arange(2.0, L - 2.0, 1.0)
    return not lab[(start[1] + d[1] * t).astype(int), (start[0] + d[0] * t).astype(int)].any()


def _leader_cost(start: Point, end: Point, lines: list, points: list[Point], lab, px: int
                 ) -> float | None:
    """Four text heights for each line a leader from ``start`` to the arc at ``end`` crosses;
    None for a leader through or beside a vertex, along a line, or over a label."""
    L = math.dist(start, end)
    if L < 1e-9:
        return None
    d = ((end[0] - start[0]) / L, (end[1] - start[1]) / L)
    if any(seg_dist(q, start, end) < 0.7 * px for q in points):
        return None
    crossed = 0
    for a, b in lines:
        if _segs_dist(start, end, a, b) >= 2.5:
            continue
        s = _unit((b[0] - a[0], b[1] - a[1]))
        if abs(d[0] * s[1] - d[1] * s[0]) < 0.4:  # under about 25 degrees
            return None
        crossed += 1
    for t in np.arange(2.0, L - 2.0, 1.0):  # the label mask along the leader
        x, y = int(start[0] + d[0] * t), int(start[1] + d[1] * t)
        if lab[y, x]:
            return None
    return crossed * 4.0 * px


def _leader(canvas: Canvas, rec: LabelRecord, mid: Point) -> None:
    """A thin line in the label's colour from the label's edge nearest ``mid`` to it."""
    x0, y0, x1, y1 = rec.box
    start = (min(max(mid[0], x0), x1), min(max(mid[1], y0), y1))
    canvas.line([start, mid], color=NUM, width=0.9)
    canvas.dot(mid, r=1.6, color=NUM)
    rec.leader = (start, mid)


def _drawn_lines(m: Model, P: dict, vp: Viewport) -> list[tuple[Point, Point]]:
    """Every straight piece drawn, in pixels: the sides, a circle's radius, and each arc as
    chords 5 degrees long."""
    out = []
    for p in m.pieces:
        out += [(P[e[0]], P[e[1]]) for e in p.edges]
        if p.kind == "circle":
            out.append((P[p.verts[0]], P[p.verts[1]]))
        out += _arc_chords(p, vp)
    return out


def _arc_chords(p, vp: Viewport) -> list[tuple[Point, Point]]:
    """A piece's arc (none for a polygon) as chords 5 degrees long, in pixels."""
    if p.arc is None:
        return []
    pts = [vp(*q) for q in arc_pts(p.center, p.radius, p.arc[0], p.arc[1], 5.0)]
    return list(zip(pts, pts[1:]))


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


def _right_mark(canvas: Canvas, a, b, c, curves: list | None = None) -> None:
    """The right-angle square at b, smaller where a curve (an inscribed circle in a long thin
    right triangle) would cross its outer corner: the largest size down to ``RIGHT_MARK_MIN``
    of the picture whose strokes keep half of each stroke's width and a pixel and a half
    off every curve, else that least size where half a pixel still parts them. Where even
    that one meets a curve (one through b itself, or a tiny circle), the square keeps its
    size: shrinking would not part them."""
    u1 = _unit((a[0] - b[0], a[1] - b[1]))
    u2 = _unit((c[0] - b[0], c[1] - b[1]))
    s0 = min(0.036 * canvas.width, 0.3 * math.dist(a, b), 0.3 * math.dist(c, b))

    def corners(s):
        p1 = (b[0] + s * u1[0], b[1] + s * u1[1])
        p3 = (b[0] + s * u2[0], b[1] + s * u2[1])
        return p1, (p1[0] + s * u2[0], p1[1] + s * u2[1]), p3

    def clear(s):
        p1, p2, p3 = corners(s)
        return min((_segs_dist(q, r, *ch) for q, r in ((p1, p2), (p2, p3)) for ch in curves),
                   default=math.inf)

    # half the square's stroke and the circle's, and a gap of white between them
    need = 1.7 * canvas.unit + 1.5
    s, s_min = s0, min(s0, RIGHT_MARK_MIN * canvas.width)
    if curves and clear(s0) < need:
        sizes = [s0 - (s0 - s_min) * i / 8 for i in range(1, 9)]
        # else the least size, where half a pixel of white still parts the strokes (a 7-24-25
        # triangle at 224 px)
        s = next((t for t in sizes if clear(t) >= need),
                 s_min if clear(s_min) >= need - 1.0 else s0)
    canvas.line(list(corners(s)), color=MARK, width=1.4)


def _ticks(canvas: Canvas, a, b, k: int) -> list[list[Point]]:
    d = _unit((b[0] - a[0], b[1] - a[1]))
    n = (-d[1], d[0])
    h = 0.022 * canvas.width
    gap = 0.014 * canvas.width
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    out = []
    for j in range(k):
        o = (j - (k - 1) / 2) * gap
        c = (mid[0] + d[0] * o, mid[1] + d[1] * o)
        out.append([(c[0] - n[0] * h, c[1] - n[1] * h), (c[0] + n[0] * h, c[1] + n[1] * h)])
        canvas.line(out[-1], color=MARK, width=1.5)
    return out


def _chevron_group(a, b, d, k: int, t: float, W: int) -> list[list[Point]]:
    """Strokes of k arrow heads pointing along d, centred at fraction t of side ab; each
    head's tip is an arm's length ahead of the next, so that two heads never read as one."""
    n = (-d[1], d[0])
    h = 0.022 * W
    gap = 0.024 * W
    base = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    out = []
    for j in range(k):
        o = (j - (k - 1) / 2) * gap
        tip = (base[0] + d[0] * (o + h / 2), base[1] + d[1] * (o + h / 2))
        w1 = (tip[0] - d[0] * h + n[0] * h * 0.6, tip[1] - d[1] * h + n[1] * h * 0.6)
        w2 = (tip[0] - d[0] * h - n[0] * h * 0.6, tip[1] - d[1] * h - n[1] * h * 0.6)
        out.append([w1, tip, w2])
    return out


def _stroke_gap(strokes: list[list[Point]], lines: list[list[Point]]) -> float:
    """Least distance between the points of strokes and the polylines lines."""
    best = math.inf
    for s in strokes:
        pts = [p for a, b in zip(s, s[1:]) for p in
               ((a[0] + (b[0] - a[0]) * i / 6, a[1] + (b[1] - a[1]) * i / 6) for i in range(7))]
        for ln in lines:
            for a, b in zip(ln, ln[1:]):
                best = min(best, min(seg_dist(p, a, b) for p in pts))
    return best


def chevron_strokes(spec: PlaneGeometrySpec, P: dict, W: int, ticked: set,
                    arc_lines: list[list[Point]]) -> list[list[Point]]:
    """The parallel arrows of every side of a parallel group, pointing one way within the
    group: at the middle of the side, or beside its equal ticks; of the places tried, the
    first clear of every angle arc, else the one farthest from them."""
    out = []
    for gi, group in enumerate(spec.parallel_groups):
        ref = None
        for key in group:
            a, b = P[key[0]], P[key[1]]
            d = _unit((b[0] - a[0], b[1] - a[1]))
            if ref is None:
                ref = d
            elif d[0] * ref[0] + d[1] * ref[1] < 0:
                a, b, d = b, a, (-d[0], -d[1])
            places = (0.3, 0.7) if ekey(*key) in ticked else (0.5, 0.35, 0.65)
            best = None
            for t in places:
                heads = _chevron_group(a, b, d, gi + 1, t, W)
                gap = _stroke_gap(heads, arc_lines)
                if gap >= 0.025 * W:
                    best = (gap, heads)
                    break
                if best is None or gap > best[0]:
                    best = (gap, heads)
            out += best[1]
    return out


def _arc_geometry(a, b, c, W: int) -> tuple[float, float, float]:
    """(start angle, span, radius) of the angle arc at b between rays ba and bc."""
    t1 = math.degrees(math.atan2(-(a[1] - b[1]), a[0] - b[0]))
    t2 = math.degrees(math.atan2(-(c[1] - b[1]), c[0] - b[0]))
    span = (t2 - t1) % 360
    if span > 180:
        t1, span = t2, 360 - span
    r = min(0.06 * W, 0.35 * math.dist(a, b), 0.35 * math.dist(c, b))
    if span < 40:
        r *= 1.4  # narrow angles need a wider arc to be visible
        r = min(r, 0.45 * math.dist(a, b), 0.45 * math.dist(c, b))
    return t1, span, r


def _arc_stroke(a, b, c, W: int) -> list[Point]:
    t1, span, r = _arc_geometry(a, b, c, W)
    return arc_points(b, r, t1, t1 + span)


def _angle_arc(canvas: Canvas, a, b, c):
    """Arc at b between rays ba and bc (pixel space); returns the label anchor and the
    bisector direction."""
    t1, span, r = _arc_geometry(a, b, c, canvas.width)
    canvas.arc(b, r, t1, t1 + span, color=MARK, width=1.4)
    mid = math.radians(t1 + span / 2)
    bis = (math.cos(mid), -math.sin(mid))
    return (b[0] + bis[0] * r, b[1] + bis[1] * r), bis


__all__ = ["LabelRecord", "chevron_strokes", "draw"]
