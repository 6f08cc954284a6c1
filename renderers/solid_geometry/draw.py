"""Drawing half of the solid_geometry renderer: 3-D model -> projected strokes -> canvas.

A ``Scene`` is built in math-screen coordinates (the projection of the 3-D model, y up): fills,
strokes (each solid or dashed, decided by visibility in 3-D), dots, vertex labels and
measurement labels. It is then fitted into the canvas and drawn, hidden lines first, so that
visible edges sit on top, and labels last: each measurement beside its own segment's midpoint,
offset along the normal away from the solid, only where it is nearer that segment than any other
line (else further out with a leader line to the midpoint); each vertex letter at its corner,
nearer it than any other corner. ``view_clash`` names a view that misleads (a corner on an edge,
two edges from one corner on one line), for the sampler to redraw.

    python -c "import numpy as np, renderers; f = renderers.get_family('solid_geometry'); \
s = f.sample_spec(np.random.default_rng(3), kind='pyramid'); f.render(s, 336).save('/tmp/p.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from itertools import chain
import math

import numpy as np

from renderers.canvas import PALETTE, Canvas, Viewport, leader_reads_minus, seg_dist
from renderers.solid_geometry.spec import (EXTRAS, MEASURES, ROUND_KINDS, SolidSpec, label_text,
                                           measure_edges, shared_model, shared_projection,
                                           solid_height)
from renderers.text import font_px

Point = tuple[float, float]
HIDDEN_COLOR = (100, 100, 100)
EDGE_W, HID_W, AUX_W = 2.0, 1.4, 1.6
DASH = (5.0, 4.0)
MEASURE_COLOR = (160, 20, 20)
AUX_COLOR = (40, 40, 40)
RADIUS_TURN = math.radians(35)  # radius segments point this far from screen-right to the front


@dataclass
class Stroke:
    """A drawn line; ``mark`` strokes (right-angle marks) are symbols, not segments of the
    figure, and are left out of the label-distance and coincidence checks."""

    pts: list[Point]
    dashed: bool
    width: float = EDGE_W
    color: tuple = (0, 0, 0)
    mark: bool = False


@dataclass
class MLabel:
    """A measurement label and the segment it measures (math coordinates). ``normal`` points
    away from the solid's interior; ``both_sides`` lets an inner segment (a height, a radius)
    take the other side when that one is crowded."""

    key: str
    text: str
    a: Point
    b: Point
    normal: Point
    both_sides: bool
    segment: str


@dataclass
class Scene:
    fills: list[tuple[list[Point], tuple]] = field(default_factory=list)
    strokes: list[Stroke] = field(default_factory=list)
    dots: list[Point] = field(default_factory=list)
    vlabels: list[tuple[Point, str, Point]] = field(default_factory=list)  # anchor, text, dir
    mlabels: list[MLabel] = field(default_factory=list)
    vertices: list[Point] = field(default_factory=list)  # every corner a vertex label competes with

    def measure(self, key: str, text: str, a: Point, b: Point, normal: Point,
                both_sides: bool, segment: str) -> None:
        self.mlabels.append(MLabel(key, text, a, b, normal, both_sides, segment))

    def segment(self, a: Point, b: Point, hidden: bool, aux: bool = True) -> None:
        if hidden:
            self.strokes.append(Stroke([a, b], True, HID_W, HIDDEN_COLOR))
        else:
            self.strokes.append(Stroke([a, b], False, AUX_W if aux else EDGE_W,
                                       AUX_COLOR if aux else (0, 0, 0)))

    def arc(self, pts: list[Point], hidden: bool) -> None:
        if len(pts) >= 2:
            self.strokes.append(Stroke(pts, hidden, HID_W if hidden else EDGE_W,
                                       HIDDEN_COLOR if hidden else (0, 0, 0)))


def _tint(color: str, t: float) -> tuple:
    base = PALETTE.get(color, PALETTE["blue"])
    return tuple(int(round(255 * (1 - t) + c * t)) for c in base)


def _pt(p) -> Point:
    return (float(p[0]), float(p[1]))


def _outward(a: Point, b: Point, centre: Point) -> Point:
    """Unit normal of segment ab pointing away from ``centre`` (math coordinates)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / n, dx / n
    mx, my = (a[0] + b[0]) / 2 - centre[0], (a[1] + b[1]) / 2 - centre[1]
    if nx * mx + ny * my < 0:
        nx, ny = -nx, -ny
    return (nx, ny)


def _mid(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


# ----------------------------------------------------------------------------- polyhedra


def _widest_gap(p2: np.ndarray, i: int, incident: list[tuple[int, int]]) -> Point:
    """Direction that bisects the widest angle between the edges drawn from vertex i: the
    free side of an outline corner, and the emptiest wedge at a hidden inner vertex."""
    angs = sorted(math.atan2(p2[j][1] - p2[i][1], p2[j][0] - p2[i][0])
                  for e in incident for j in e if j != i)
    if not angs:
        return (0.0, 1.0)
    gaps = [((angs[(k + 1) % len(angs)] - a) % (2 * math.pi) or 2 * math.pi, a)
            for k, a in enumerate(angs)]
    width, start = max(gaps)
    mid = start + width / 2
    return (math.cos(mid), math.sin(mid))


def _poly_scene(spec: SolidSpec, P: np.ndarray, v: np.ndarray) -> Scene:
    poly, edges = shared_model(spec)
    n = poly.n_base
    p2 = poly.verts @ P.T
    q = [(x, y) for x, y in p2.tolist()]  # the corners as Points, converted once
    cen = _pt(p2.mean(axis=0))
    facing = poly.normals @ v
    away = (facing < -1e-9).tolist()  # Python bools: read element by element below
    hidden = {e for e, fs in edges.items() if all(away[f] for f in fs)}
    sc = Scene()
    if spec.shade:
        light = np.array([-0.35, -0.55, 0.76])
        for fi, f in enumerate(poly.faces):
            if facing[fi] > 1e-6:
                lit = max(0.0, float(poly.normals[fi] @ light))
                sc.fills.append(([q[i] for i in f],
                                 _tint(spec.color, 0.1 + 0.25 * (1 - lit))))
    for e in edges:
        a, b = q[e[0]], q[e[1]]
        sc.segment(a, b, e in hidden, aux=False)
    sc.vertices = list(q)
    for i, name in enumerate(spec.vertex_names):
        sc.vlabels.append((q[i], name, _widest_gap(p2, i, [e for e in edges if i in e])))

    chosen = measure_edges(spec)
    k = spec.kind
    nm = spec.vertex_names
    for m, e in chosen.items():
        if m in spec.shown and m != "slant":
            a, b = q[e[0]], q[e[1]]
            seg = f"edge {nm[e[0]]}{nm[e[1]]}" if nm else f"edge {e[0]}-{e[1]}"
            sc.measure(m, label_text(spec, m), a, b, _outward(a, b, cen), False, seg)
    if k in ("cube", "cuboid"):
        segs = {"space_diagonal": (0, n + 2, True),
                "face_diagonal": (n, n + 2, bool(away[1]))}
        for m, (i, j, hid) in segs.items():
            if m in spec.extras:
                sc.segment(q[i], q[j], hid)
    if k == "pyramid":
        _pyramid_extras(spec, sc, poly, p2, cen, facing, chosen["slant"])
    return sc


def _pyramid_extras(spec, sc: Scene, poly, p2, cen, facing, slant_edge) -> None:
    n, apex = poly.n_base, poly.apex
    want = set(spec.shown) | set(spec.extras)
    P_ap = _pt(p2[apex])
    if "slant" in want:
        i, j = slant_edge
        fi = 1 + (i if (i + 1) % n == j else j)
        foot = _pt((p2[i] + p2[j]) / 2)
        sc.segment(P_ap, foot, facing[fi] <= 1e-9)
        if "slant" in spec.shown:
            sc.measure("slant", label_text(spec, "slant"), P_ap, foot, _outward(P_ap, foot, cen),
                       True, "apex to the midpoint of a base edge")
    if "height" in want:
        foot3 = np.zeros(3)
        foot = (0.0, 0.0)
        sc.segment(P_ap, foot, True)
        sc.dots.append(foot)
        front_mid = (poly.verts[0] + poly.verts[1]) / 2
        _right_angle(sc, foot3, front_mid / np.linalg.norm(front_mid),
                     0.1 * min(spec.a, spec.height), shared_projection(spec)[0])
        if "height" in spec.shown:
            sc.measure("height", label_text(spec, "height"), P_ap, foot,
                       _side_normal(P_ap, foot, cen), True, "apex to the base centre")


def _side_normal(a: Point, b: Point, centre: Point) -> Point:
    """Normal of an inner segment (a height) towards the screen-left unless the figure's
    centre lies that way: a height through the middle is labelled on its emptier side."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / n, dx / n
    if nx > 0:
        nx, ny = -nx, -ny
    return (nx, ny)


def _right_angle(sc: Scene, foot: np.ndarray, u: np.ndarray, eps: float, P: np.ndarray) -> None:
    z = np.array([0.0, 0.0, 1.0])
    corners = [foot + eps * u, foot + eps * (u + z), foot + eps * z]
    sc.strokes.append(Stroke([_pt(P @ c) for c in corners], False, 1.0, HIDDEN_COLOR, mark=True))


# ----------------------------------------------------------------------------- round solids


def _ring(P: np.ndarray, z: float, r: float, t0: float, t1: float) -> list[Point]:
    n = max(3, int(abs(t1 - t0) / math.radians(4)) + 1)
    t = np.linspace(t0, t1, n)
    pts = np.column_stack([r * np.cos(t), r * np.sin(t), np.full(n, z)]) @ P.T
    return [(x, y) for x, y in pts.tolist()]


def _rim(sc: Scene, P, z, r, phi0, delta, face_visible: bool) -> None:
    """A base circle: solid where the flat face or the lateral surface beside it faces the
    viewer; dashed elsewhere. The lateral surface faces the viewer on (phi0-delta, phi0+delta)."""
    if face_visible or delta >= math.pi:
        sc.arc(_ring(P, z, r, 0, 2 * math.pi), False)
    elif delta <= 0:
        sc.arc(_ring(P, z, r, 0, 2 * math.pi), True)
    else:
        sc.arc(_ring(P, z, r, phi0 + delta, phi0 + 2 * math.pi - delta), True)
        sc.arc(_ring(P, z, r, phi0 - delta, phi0 + delta), False)


def _hull(pts: list[Point]) -> list[Point]:
    pts = sorted(set(pts))
    if len(pts) < 3:
        return pts

    def half(seq):
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1]) -
                                     (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out

    lo, hi = half(pts), half(pts[::-1])
    return lo[:-1] + hi[:-1]


def _up_normal(a: Point, b: Point, down: bool = False) -> Point:
    """Normal of a radius pointing up (down for a cone's base radius, whose upper side is
    inside the cone)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / n, dx / n
    if (ny < 0) != down:
        nx, ny = -nx, -ny
    return (nx, ny)


def _radius_angle(P: np.ndarray, phi0: float) -> float:
    """Angle of the drawn radius: screen-right turned towards the viewer, so that it is neither
    foreshortened to nothing nor lying on the outline."""
    right = math.atan2(P[0][1], P[0][0])
    cands = (right - RADIUS_TURN, right + RADIUS_TURN)
    return max(cands, key=lambda t: math.cos(t - phi0))


def _round_scene(spec: SolidSpec, P: np.ndarray, v: np.ndarray) -> Scene:
    sc = Scene()
    r, k = spec.radius, spec.kind
    h = solid_height(spec) if k != "sphere" else 0.0
    phi0 = math.atan2(v[1], v[0])
    rho = math.hypot(v[0], v[1])
    want = set(spec.shown) | set(spec.extras)
    tr = _radius_angle(P, phi0)
    names = spec.vertex_names
    if k == "sphere":
        outline = [(r * math.cos(t), r * math.sin(t))
                   for t in np.linspace(0, 2 * math.pi, 121)]
        if spec.shade:
            sc.fills.append((outline, _tint(spec.color, 0.22)))
            hl = [(-0.35 * r + 0.3 * r * math.cos(t), 0.4 * r + 0.22 * r * math.sin(t))
                  for t in np.linspace(0, 2 * math.pi, 41)]
            sc.fills.append((hl, _tint(spec.color, 0.08)))
        sc.arc(_ring(P, 0.0, r, phi0 + math.pi / 2, phi0 + 3 * math.pi / 2), True)
        sc.arc(_ring(P, 0.0, r, phi0 - math.pi / 2, phi0 + math.pi / 2), False)
        sc.arc(outline, False)
        centre = (0.0, 0.0)
        if "radius" in want or names:
            sc.dots.append(centre)
        if "radius" in want:
            end = _pt(P @ [r * math.cos(tr), r * math.sin(tr), 0.0])
            sc.segment(centre, end, False)
            if "radius" in spec.shown:
                sc.measure("radius", label_text(spec, "radius"), centre, end,
                           _up_normal(centre, end), True, "centre to the surface")
        if names:
            sc.vertices = [centre]
            sc.vlabels.append((centre, names[0], (-1.0, 0.3)))
        return sc
    s = r / h if k == "cone" else 0.0
    c0 = -s * v[2] / rho if rho > 1e-9 else (-math.inf if v[2] > 0 else math.inf)
    delta = math.acos(max(-1.0, min(1.0, c0))) if math.isfinite(c0) else \
        (math.pi if c0 < 0 else 0.0)
    ring_pts = _ring(P, 0.0, r, 0, 2 * math.pi)
    apex = _pt(P @ [0.0, 0.0, h])
    bottom_c = (0.0, 0.0)
    if spec.shade:
        hull = _hull(ring_pts + (_ring(P, h, r, 0, 2 * math.pi) if k == "cylinder" else [apex]))
        sc.fills.append((hull, _tint(spec.color, 0.22)))
        if k == "cylinder" and v[2] > 0:
            sc.fills.append((_ring(P, h, r, 0, 2 * math.pi), _tint(spec.color, 0.1)))
    _rim(sc, P, 0.0, r, phi0, delta, v[2] < 0)
    sil = []
    if 0 < delta < math.pi:
        for t in (phi0 - delta, phi0 + delta):
            foot = _pt(P @ [r * math.cos(t), r * math.sin(t), 0.0])
            top = _pt(P @ [r * math.cos(t), r * math.sin(t), h]) if k == "cylinder" else apex
            sc.segment(foot, top, False, aux=False)
            sil.append((foot, top))
    sil.sort(key=lambda ft: ft[0][0] + ft[1][0])
    cen = _mid(bottom_c, apex)
    if k == "cylinder":
        _rim(sc, P, h, r, phi0, delta, v[2] > 0)
        top_c = apex
        if "radius" in want:
            end = _pt(P @ [r * math.cos(tr), r * math.sin(tr), h])
            sc.segment(top_c, end, v[2] <= 0)
            sc.dots.append(top_c)
            if "radius" in spec.shown:
                sc.measure("radius", label_text(spec, "radius"), top_c, end,
                           _up_normal(top_c, end), True, "top centre to the rim")
        if "height" in spec.extras:
            sc.segment(bottom_c, top_c, True)
            sc.dots += [bottom_c, top_c]
        if "height" in spec.shown and sil:
            foot, top = sil[-1]
            sc.measure("height", label_text(spec, "height"), foot, top,
                       _outward(foot, top, cen), False, "right side line")
        if names:
            sc.vertices = [bottom_c, top_c]
            sc.dots += [bottom_c, top_c]
            sc.vlabels.append((bottom_c, names[0], (-0.6, -1.0)))
            sc.vlabels.append((top_c, names[1], (-0.6, 1.0)))
        return sc
    # cone
    if "radius" in want:
        end = _pt(P @ [r * math.cos(tr), r * math.sin(tr), 0.0])
        sc.segment(bottom_c, end, v[2] >= 0)
        if "radius" in spec.shown:
            sc.measure("radius", label_text(spec, "radius"), bottom_c, end,
                       _up_normal(bottom_c, end, down=True), True, "base centre to the rim")
    if "height" in want:
        sc.segment(apex, bottom_c, v[2] >= 0)
        u = np.array([math.cos(tr), math.sin(tr), 0.0])
        _right_angle(sc, np.zeros(3), u, 0.12 * min(r, h), P)
        if "height" in spec.shown:
            sc.measure("height", label_text(spec, "height"), apex, bottom_c,
                       _side_normal(apex, bottom_c, cen), True, "apex to the base centre")
    if "slant" in spec.shown and sil:
        foot, top = sil[-1]
        sc.measure("slant", label_text(spec, "slant"), foot, top, _outward(foot, top, cen),
                   False, "right side line")
    if "radius" in want or "height" in want or names:
        sc.dots.append(bottom_c)
    if names:
        sc.vertices = [apex, bottom_c]
        sc.vlabels.append((apex, names[0], (0.0, 1.0)))
        sc.vlabels.append((bottom_c, names[1], (-0.7, -1.0)))
    return sc


# ----------------------------------------------------------------------------- canvas


@dataclass
class LabelRecord:
    """Where a label went, in pixels (y down), with what it must be read against: a
    measurement's own segment (``segment``), its leader line if it sits away from it, and every
    other drawn segment; a vertex label's own corner (``at``) and every other corner."""

    kind: str  # "measure" | "vertex"
    key: str
    text: str
    box: tuple[float, float, float, float]
    segment: tuple[Point, Point] | None = None
    leader: tuple[Point, Point] | None = None
    others: list[tuple[Point, Point]] = field(default_factory=list)
    at: Point | None = None
    corners: list[Point] = field(default_factory=list)


def scene(spec: SolidSpec) -> Scene:
    P, v = shared_projection(spec)
    return _round_scene(spec, P, v) if spec.kind in ROUND_KINDS else _poly_scene(spec, P, v)


def segments_of(sc: Scene) -> list[tuple[Point, Point]]:
    """Every drawn straight piece of the figure (edges, hidden edges, heights, radii, rims as
    their chords), right-angle marks left out."""
    out = []
    for st in sc.strokes:
        if not st.mark:
            out += list(zip(st.pts[:-1], st.pts[1:]))
    return out


def _same(s: tuple[Point, Point], a: Point, b: Point, eps: float = 1e-6) -> bool:
    def eq(p, q):
        return abs(p[0] - q[0]) < eps and abs(p[1] - q[1]) < eps
    return (eq(s[0], a) and eq(s[1], b)) or (eq(s[0], b) and eq(s[1], a))


def _fit(sc: Scene, canvas: Canvas, px: int, band: float) -> Viewport:
    """Fit the figure, leaving side margins wide enough for the widest measurement label
    (labels sit outside the outline) and a top band for the note."""
    pts = np.array([p for s in sc.strokes for p in s.pts] + [p for f, _ in sc.fills for p in f])
    (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
    W, H = canvas.width, canvas.height
    # a label beside a vertical outline edge sits wholly outside it: room for the widest one
    # whose segment is steep enough to be labelled sideways
    lw = max([canvas.text_size(m.text, px)[0] for m in sc.mlabels
              if abs(m.normal[0]) > 0.5], default=0.0)
    mx = min(max(0.12 * W, lw + 0.5 * px), 0.28 * W)
    my = 0.1 * H + 0.8 * px
    s = min((W - 2 * mx) / max(x1 - x0, 1e-9), (H - band - 2 * my) / max(y1 - y0, 1e-9))
    return Viewport(scale=s, ox=W / 2 - s * (x0 + x1) / 2,
                    oy=band + (H - band) / 2 + s * (y0 + y1) / 2)


def draw_solid(spec: SolidSpec, canvas: Canvas) -> list[LabelRecord]:
    """Draw the solid; returns where every label went (``SolidFamily.label_layout``)."""
    sc = _scene_to_draw(spec)
    px = font_px(canvas.width)
    vp = _fit(sc, canvas, px, 1.6 * px if spec.note else 0.0)
    if spec.note:
        canvas.text((6 * canvas.unit, 4 * canvas.unit), spec.note, px=px, anchor="lt")
    for poly, color in sc.fills:
        canvas.polygon(vp.pts(poly), fill=color, outline=None, ink=False)
    for st in sorted(sc.strokes, key=lambda s: not s.dashed):
        canvas.line(vp.pts(st.pts), color=st.color, width=st.width,
                    dash=DASH if st.dashed else None)
    for d in sc.dots:
        canvas.dot(vp(*d), r=2.6)
    ends = vp.pts([p for s in segments_of(sc) for p in s])
    segs = list(zip(ends[::2], ends[1::2]))
    seg_arr = _array(segs)
    records = []
    # measurements first: each must sit against its own segment; a vertex letter is small and
    # finds room at its corner afterwards
    for m in sc.mlabels:
        a, b = vp(*m.a), vp(*m.b)
        others = [s for s, own in zip(segs, _same_many(seg_arr, a, b).tolist()) if not own]
        records.append(_place_measure(canvas, m, a, b, others, px))
    corners = vp.pts(sc.vertices)
    for anchor, text, (dx, dy) in sc.vlabels:
        records.append(_place_vertex(canvas, vp(*anchor), text, px, (dx, -dy), corners))
    return records


def _box_at(c: Point, w: float, h: float) -> tuple[float, float, float, float]:
    return (c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)


def _rot(u: Point, deg: float) -> Point:
    t = math.radians(deg)
    return (u[0] * math.cos(t) - u[1] * math.sin(t), u[0] * math.sin(t) + u[1] * math.cos(t))


def _same_many(s: np.ndarray, a: Point, b: Point, eps: float = 1e-6) -> np.ndarray:
    """``_same`` of each segment of s (m, 2, 2) and ab, by the same (exact) arithmetic."""
    def eq(p, q):
        return (np.abs(p[:, 0] - q[0]) < eps) & (np.abs(p[:, 1] - q[1]) < eps)
    return (eq(s[:, 0], a) & eq(s[:, 1], b)) | (eq(s[:, 0], b) & eq(s[:, 1], a))


def _nearest_is_own(c: Point, a: Point, b: Point, others, margin: float,
                    arr: np.ndarray | None = None) -> bool:
    """c is nearer ab than any of ``others`` by ``margin``; ``arr`` holds ``others`` as an
    (m, 2, 2) array: numpy then settles every segment clearly nearer or farther, the scalar
    ``seg_dist`` the few within rounding of the bound, so the answer is the scalar one."""
    own = seg_dist(c, a, b)
    if arr is None or not len(others):
        return all(seg_dist(c, *s) >= own + margin for s in others)
    bound = own + margin
    d = _seg_dists(np.array([c], dtype=float), arr[:, 0], arr[:, 1])[0]
    slack = _MARGIN * (np.abs(d) + abs(bound)) + 1e-12
    if (d < bound - slack).any():
        return False
    return all(seg_dist(c, *others[k]) >= bound for k in np.nonzero(~(d >= bound + slack))[0])


def _place_measure(canvas: Canvas, m: MLabel, a: Point, b: Point, others, px: int
                   ) -> LabelRecord:
    """Beside the segment's midpoint along its normal, where the label is nearer its own
    segment than any other line; failing that, further out along (or near) the normal with a
    leader line back to the midpoint."""
    w, h = canvas.text_size(m.text, px)
    mid = _mid(a, b)
    nx, ny = m.normal[0], -m.normal[1]  # math y up -> pixels y down
    n = math.hypot(nx, ny) or 1.0
    sides = [(nx / n, ny / n)] + ([(-nx / n, -ny / n)] if m.both_sides else [])
    support = lambda u: w / 2 * abs(u[0]) + h / 2 * abs(u[1])  # noqa: E731
    margin = 0.2 * px
    rec = LabelRecord("measure", m.key, m.text, (0, 0, 0, 0), segment=(a, b), others=others)
    arr = None  # others as an array, built when a free spot is first found
    for gap in (0.25, 0.45, 0.7, 1.0):
        for u in sides:
            d = gap * px + support(u)
            c = (mid[0] + u[0] * d, mid[1] + u[1] * d)
            if not canvas.is_free(_box_at(c, w, h)):
                continue
            if arr is None:
                arr = _array(others)
            if _nearest_is_own(c, a, b, others, margin, arr):
                rec.box = canvas.text(c, m.text, px=px, color=MEASURE_COLOR, anchor="mm")
                return rec
    for turn in (0, 25, -25, 50, -50):
        for u0 in sides:
            u = _rot(u0, turn)
            for gap in np.arange(1.4, 7.0, 0.5):
                d = gap * px + support(u)
                c = (mid[0] + u[0] * d, mid[1] + u[1] * d)
                if leader_reads_minus(mid, _box_at(c, w, h)):  # raised or lowered off the level
                    sg = 1.0 if c[1] > mid[1] else -1.0
                    off = max(1.2 * h, 0.4 * (c[0] - w / 2 - mid[0]) + h / 2 - sg * (c[1] - mid[1]))
                    c = (c[0], c[1] + sg * off)
                box = _box_at(c, w, h)
                if canvas.is_free(box) and canvas.is_free(_box_at(
                        (mid[0] + u[0] * d / 2, mid[1] + u[1] * d / 2), 2, 2), avoid_ink=False):
                    return _with_leader(canvas, rec, c, box, mid, px)
    box = canvas.label(mid, m.text, px=px, color=MEASURE_COLOR, prefer=sides[0], dist=1.4 * px)
    rec.box = box
    _leader_line(canvas, rec, box, mid)
    return rec


def _with_leader(canvas: Canvas, rec: LabelRecord, c: Point, box, mid: Point, px: int
                 ) -> LabelRecord:
    rec.box = canvas.text(c, rec.text, px=px, color=MEASURE_COLOR, anchor="mm")
    _leader_line(canvas, rec, rec.box, mid)
    return rec


def _leader_line(canvas: Canvas, rec: LabelRecord, box, mid: Point) -> None:
    """A thin line in the label's colour from the box edge nearest the midpoint to it."""
    start = (min(max(mid[0], box[0]), box[2]), min(max(mid[1], box[1]), box[3]))
    canvas.line([start, mid], color=MEASURE_COLOR, width=0.9)
    canvas.dot(mid, r=1.6, color=MEASURE_COLOR)
    rec.leader = (start, mid)


def _place_vertex(canvas: Canvas, at: Point, text: str, px: int, direction: Point,
                  corners: list[Point]) -> LabelRecord:
    """At its corner, on the emptiest side, nearer that corner than any other."""
    w, h = canvas.text_size(text, px)
    n = math.hypot(*direction)
    u0 = (direction[0] / n, direction[1] / n) if n > 1e-9 else (0.0, -1.0)
    rec = LabelRecord("vertex", text, text, (0, 0, 0, 0), at=at,
                      corners=[c for c in corners if math.dist(c, at) > 1e-6])
    # clear of ink and labels first; where corners crowd (a thin cuboid at 224 px), crossing a
    # line is the lesser harm than a letter nearer another corner than its own
    for avoid_ink in (True, False):
        for gap in (0.15, 0.35, 0.6, 0.9):
            for turn in (0, 30, -30, 60, -60, 90, -90, 135, -135, 180):
                u = _rot(u0, turn)
                d = gap * px + w / 2 * abs(u[0]) + h / 2 * abs(u[1])
                c = (at[0] + u[0] * d, at[1] + u[1] * d)
                own = math.dist(c, at)
                if canvas.is_free(_box_at(c, w, h), avoid_ink=avoid_ink) and all(
                        math.dist(c, o) > own + 0.15 * px for o in rec.corners):
                    rec.box = canvas.text(c, text, px=px, anchor="mm")
                    return rec
    rec.box = canvas.label(at, text, px=px, prefer=u0, dist=0.3 * px)
    return rec


# ----------------------------------------------------------------------------- views


def view_clash(spec: SolidSpec, tol: float = 0.02, min_deg: float = 3.0) -> str | None:
    """Why this view misleads, or None: a corner lying on (or within ``tol`` of the figure's
    size of) a drawn segment it does not end on, two segments from one corner nearly on one
    line, or a labelled segment's midpoint crossed by another line. Checked with every
    measurement labelled and each extra segment the kind can draw in turn, so a caller may
    label any of them and add one extra."""
    full, alt = _label_sets(spec)
    # First every extra at once: each test below is of one pair (corner and segment, two
    # segments, label and line) against a tolerance that grows with the figure, and a scene
    # draws each extra as it does alone, so a figure holding all the extras' strokes together
    # has every clash any one of them has. Where it has none (most views) no extra has one;
    # else each is checked in turn, and the verdict and message are that loop's
    # (tests/renderers/test_solid_view_clash.py). A pyramid's other label set moves the slant
    # height to another face: drawn together with the first, the two slant heights and their
    # labels met in 63 of 106 pyramid views a DynaMath run tried (none of which either set alone
    # misleads), so it is checked on its own, after the first set as in ``view_clash_each``.
    together = scene(full.replace(extras=list(EXTRAS[spec.kind])))
    if _clash(together, *_drawn(together), tol, min_deg) is not None:
        why = _first_clash(_extra_sets(full), tol, min_deg)
        if why is not None:
            return why
    return None if alt is None else _first_clash([alt], tol, min_deg)


def drawn_clash(spec: SolidSpec, tol: float = 0.02, min_deg: float = 3.0) -> str | None:
    """``view_clash``'s tests on what this spec itself draws (its own measurements and extras,
    as ``draw_solid`` places them), for callers whose labels are fixed before the view is
    settled: DynaMath's seeds. Names, shading and the note add no segment."""
    global _last_drawn
    sc = scene(spec)
    _last_drawn = (_spec_key(spec), sc)
    return _clash(sc, *_drawn(sc), tol, min_deg)


# The scene ``drawn_clash`` built last, with its spec's key: a DynaMath variant settles its view
# with ``drawn_clash`` and is then drawn, and ``draw_solid`` takes that scene instead of building
# the same one again. Both only read it; a scene is a function of the spec's field values,
# which the key holds (repr keeps 5 and 5.0, 0.0 and -0.0 apart), so any spec changed since,
# or another spec, builds its own.
_last_drawn: tuple = ((), None)
_SPEC_FIELDS = tuple(f.name for f in fields(SolidSpec))


def _spec_key(spec: SolidSpec) -> tuple:
    return tuple(repr(getattr(spec, f)) for f in _SPEC_FIELDS)


def _scene_to_draw(spec: SolidSpec) -> Scene:
    key, sc = _last_drawn
    return sc if sc is not None and key == _spec_key(spec) else scene(spec)


def view_clash_each(spec: SolidSpec, tol: float = 0.02, min_deg: float = 3.0) -> str | None:
    """``view_clash`` by checking each label set and extra in turn: its verdict and message."""
    full, alt = _label_sets(spec)
    return _first_clash(_extra_sets(full) + ([] if alt is None else [alt]), tol, min_deg)


def _extra_sets(full: SolidSpec) -> list[SolidSpec]:
    """The label set alone, then with each extra segment its kind can draw."""
    return [full] + [full.replace(extras=[e]) for e in EXTRAS[full.kind]]


def _first_clash(specs: list[SolidSpec], tol: float, min_deg: float) -> str | None:
    """The first of these specs' clashes, each drawn alone (one drawing the same segments and
    labels as one checked before is skipped: an extra the full label set draws already)."""
    checked = []
    for sp in specs:
        sc = scene(sp)
        segs, curve = _drawn(sc)
        drawn = (segs, curve, [(m.key, m.a, m.b) for m in sc.mlabels])
        if drawn in checked:
            continue
        checked.append(drawn)
        why = _clash(sc, segs, curve, tol, min_deg)
        if why is not None:
            return why
    return None


def _label_sets(spec: SolidSpec) -> tuple[SolidSpec, SolidSpec | None]:
    """The spec with every measurement labelled and no extra, and (pyramids) the other label
    set: names, shading and label wording add no segment, so they are left out."""
    full = spec.replace(shown=list(MEASURES[spec.kind]), extras=[], note="", vertex_names=[],
                        shade=False, label_style="symbol")
    if spec.kind != "pyramid":
        return full, None
    # the slant height moves to another face when the base is labelled
    return full, full.replace(shown=["slant", "height", "lateral_edge"])


def _drawn(sc: Scene) -> tuple[list[tuple[Point, Point]], list[tuple[Point, Point]]]:
    """The scene's unmarked straight segments (two-point strokes) and curve pieces."""
    segs = [(st.pts[0], st.pts[1]) for st in sc.strokes if not st.mark and len(st.pts) == 2]
    curve = [s for st in sc.strokes if not st.mark and len(st.pts) > 2
             for s in zip(st.pts[:-1], st.pts[1:])]
    return segs, curve


# The checks below run for every label set of every view a sampler tries, so each finds its
# candidates in bulk (numpy for the distances, a sweep over sorted ends for shared corners) and
# confirms them, in the order the loops meet them, with the scalar test: the verdict and the
# message are the scalar loops' own (tests/renderers/test_solid_view_clash.py).
_MARGIN = 1e-9  # relative: numpy's hypot may round a unit away from math.hypot's


def _seg_dists(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``seg_dist`` of each point (k, 2) to each segment ab (m, 2 each) as a (k, m) array, by
    the same arithmetic (min / max as Python's, so a NaN parameter clamps the same way)."""
    dx, dy = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    L = dx * dx + dy * dy
    rx = p[:, None, 0] - a[None, :, 0]
    ry = p[:, None, 1] - a[None, :, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (rx * dx + ry * dy) / L
    t = np.where(t < 1.0, t, 1.0)
    t = np.where(t > 0.0, t, 0.0)
    t = np.where(L == 0, 0.0, t)
    return np.hypot(rx - t * dx, ry - t * dy)


def _array(pieces: list[tuple[Point, Point]]) -> np.ndarray:
    """(n, 2, 2) float array of n segments given as point pairs (np.fromiter over the flat
    coordinates: a third of np.array's time on nested tuples)."""
    return np.fromiter(chain.from_iterable(chain.from_iterable(pieces)), float,
                       4 * len(pieces)).reshape(-1, 2, 2)


def _corner_candidates(segs: list[tuple[Point, Point]]
                       ) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """{(i, j): [(end of i, end of j), ...]} for i < j: the ends of two segments within 1e-9 of
    each other on both axes (every pair the scalar test's ``math.dist < 1e-9`` holds for, and a
    few more), by a sweep over the ends sorted by x."""
    tol = 1e-9 * (1 + _MARGIN)
    ends = sorted((p[0], p[1], i, k) for i, s in enumerate(segs) for k, p in enumerate(s))
    near = {}
    for a, (x, y, i, k) in enumerate(ends):
        for x2, y2, j, l in ends[a + 1:]:
            if x2 - x > tol:
                break
            if i != j and abs(y2 - y) <= tol:
                key, ends_ = ((i, j), (k, l)) if i < j else ((j, i), (l, k))
                near.setdefault(key, []).append(ends_)
    return near


def _clash(sc: Scene, segs, curve, tol: float, min_deg: float) -> str | None:
    lines = segs + curve
    arr = _array(lines)
    # the points of the segments and curve pieces: those of every unmarked stroke (the span
    # per axis, np.ptp's arithmetic)
    flat = arr.reshape(-1, 2)
    size = float((flat.max(axis=0) - flat.min(axis=0)).max())
    eps = tol * size
    lim = eps * (1 + _MARGIN) + 1e-300
    # each distinct point rounded once, in the order first met: the same set (and order) as
    # rounding every point
    rounded = {p: (round(p[0], 9), round(p[1], 9)) for p in chain.from_iterable(segs)}
    ends = list({r for r in rounded.values()})
    mids = [_mid(m.a, m.b) for m in sc.mlabels]
    if not ends and not mids:
        return None
    # every corner and labelled midpoint against every line at once (corners: the first
    # len(segs) lines, the segments)
    P = np.array(ends + mids, dtype=float).reshape(-1, 2)
    near = _seg_dists(P, arr[:, 0], arr[:, 1]) < lim
    if segs:
        k, m = len(ends), len(segs)
        # a segment's own corners, which the scalar test below turns down, left out first
        where = {p: i for i, p in enumerate(ends)}
        cand = near[:k, :m]
        for j, (a, b) in enumerate(segs):
            for p in (a, b):
                i = where.get(rounded[p])
                if i is not None and math.dist(ends[i], p) <= 1e-9:
                    cand[i, j] = False
        for i, j in zip(*np.nonzero(cand)):
            p, s = ends[i], segs[j]
            # a slant height's foot is the midpoint of its base edge by design
            if math.dist(p, s[0]) > 1e-9 and math.dist(p, s[1]) > 1e-9 and \
                    math.dist(p, _mid(*s)) > 1e-9 and seg_dist(p, *s) < eps:
                return (f"corner ({p[0]:.2f}, {p[1]:.2f}) lies on the segment "
                        f"({s[0][0]:.2f}, {s[0][1]:.2f})-({s[1][0]:.2f}, {s[1][1]:.2f})")
        shared_ends = _corner_candidates(segs)
        hi = 1e-9 * (1 + _MARGIN)
        # per segment: long enough for its ends to be apart, and the direction from each end
        # to the other (the scalar test's atan2 of u - o)
        apart = [math.dist(*s) > hi for s in segs]
        heading = [(math.atan2(b[1] - a[1], b[0] - a[0]), math.atan2(a[1] - b[1], a[0] - b[0]))
                   for a, b in segs]
        for i, j in sorted(shared_ends):
            s, t = segs[i], segs[j]
            pairs = shared_ends[i, j]
            if len(pairs) == 1 and apart[i] and apart[j] and s[pairs[0][0]] == t[pairs[0][1]]:
                # one end exactly shared, the others apart: o, u and v of the scalar test, and
                # its angle from the same two atan2 values
                a, b = pairs[0]
                ang = abs(math.degrees(heading[i][a] - heading[j][b])) % 360
                if min(ang, 360 - ang) < min_deg:
                    o, u, v = s[a], s[1 - a], t[1 - b]
                    return (f"two segments from ({o[0]:.2f}, {o[1]:.2f}) nearly coincide: to "
                            f"({u[0]:.2f}, {u[1]:.2f}) and ({v[0]:.2f}, {v[1]:.2f})")
                continue
            shared = [(p, q) for p in s for q in t if math.dist(p, q) < 1e-9]
            if len(shared) != 1:
                continue
            o = shared[0][0]
            u = next(p for p in s if math.dist(p, o) > 1e-9)
            v = next(p for p in t if math.dist(p, o) > 1e-9)
            ang = abs(math.degrees(math.atan2(u[1] - o[1], u[0] - o[0]) -
                                   math.atan2(v[1] - o[1], v[0] - o[0]))) % 360
            if min(ang, 360 - ang) < min_deg:
                return (f"two segments from ({o[0]:.2f}, {o[1]:.2f}) nearly coincide: to "
                        f"({u[0]:.2f}, {u[1]:.2f}) and ({v[0]:.2f}, {v[1]:.2f})")
    for i, j in zip(*np.nonzero(near[len(ends):])):
        m, s = sc.mlabels[i], lines[j]
        c = mids[i]
        if not _same(s, m.a, m.b) and seg_dist(c, *s) < eps and not _on_line(s, m.a, m.b):
            return f"the midpoint of the {m.key} segment is crossed by another line"
    return None


def _on_line(s, a: Point, b: Point) -> bool:
    """s lies along ab (a piece of the same segment, e.g. a height drawn in two styles)."""
    return seg_dist(s[0], a, b) < 1e-6 and seg_dist(s[1], a, b) < 1e-6
