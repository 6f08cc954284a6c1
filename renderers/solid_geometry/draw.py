"""Drawing half of the solid_geometry renderer: 3-D model -> projected strokes -> canvas.

A ``Scene`` is built in math-screen coordinates (the projection of the 3-D model, y up): fills,
strokes (each solid or dashed, decided by visibility in 3-D), dots, vertex labels and
measurement labels. It is then fitted into the canvas and drawn, hidden lines first, so that
visible edges sit on top, and labels last, so that ``Canvas.label`` can avoid every stroke.

    python -c "import numpy as np, renderers; f = renderers.get_family('solid_geometry'); \
s = f.sample_spec(np.random.default_rng(3), kind='pyramid'); f.render(s, 336).save('/tmp/p.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math

import numpy as np

from renderers.canvas import PALETTE, Canvas, Viewport
from renderers.solid_geometry.spec import (SolidSpec, label_text, measure_edges, poly_edges,
                                           polyhedron, projection, solid_height)
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
    pts: list[Point]
    dashed: bool
    width: float = EDGE_W
    color: tuple = (0, 0, 0)


@dataclass
class Scene:
    fills: list[tuple[list[Point], tuple]] = field(default_factory=list)
    strokes: list[Stroke] = field(default_factory=list)
    dots: list[Point] = field(default_factory=list)
    vlabels: list[tuple[Point, str, Point]] = field(default_factory=list)  # anchor, text, dir
    mlabels: list[tuple[Point, str, Point]] = field(default_factory=list)

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
    poly = polyhedron(spec)
    n = poly.n_base
    p2 = poly.verts @ P.T
    cen = _pt(p2.mean(axis=0))
    facing = poly.normals @ v
    away = facing < -1e-9
    edges = poly_edges(poly)
    hidden = {e for e, fs in edges.items() if all(away[f] for f in fs)}
    sc = Scene()
    if spec.shade:
        light = np.array([-0.35, -0.55, 0.76])
        for fi, f in enumerate(poly.faces):
            if facing[fi] > 1e-6:
                lit = max(0.0, float(poly.normals[fi] @ light))
                sc.fills.append(([_pt(p2[i]) for i in f],
                                 _tint(spec.color, 0.1 + 0.25 * (1 - lit))))
    for e in edges:
        a, b = _pt(p2[e[0]]), _pt(p2[e[1]])
        sc.segment(a, b, e in hidden, aux=False)
    for i, name in enumerate(spec.vertex_names):
        sc.vlabels.append((_pt(p2[i]), name, _widest_gap(p2, i, [e for e in edges if i in e])))

    chosen = measure_edges(spec)
    k = spec.kind
    for m, e in chosen.items():
        if m in spec.shown and m != "slant":
            a, b = _pt(p2[e[0]]), _pt(p2[e[1]])
            sc.mlabels.append((_mid(a, b), label_text(spec, m), _outward(a, b, cen)))
    if k in ("cube", "cuboid"):
        segs = {"space_diagonal": (0, n + 2, True),
                "face_diagonal": (n, n + 2, bool(away[1]))}
        for m, (i, j, hid) in segs.items():
            if m in spec.extras:
                sc.segment(_pt(p2[i]), _pt(p2[j]), hid)
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
            sc.mlabels.append((_mid(P_ap, foot), label_text(spec, "slant"),
                               _outward(P_ap, foot, cen)))
    if "height" in want:
        foot3 = np.zeros(3)
        foot = (0.0, 0.0)
        sc.segment(P_ap, foot, True)
        sc.dots.append(foot)
        front_mid = (poly.verts[0] + poly.verts[1]) / 2
        _right_angle(sc, foot3, front_mid / np.linalg.norm(front_mid),
                     0.1 * min(spec.a, spec.height), projection(spec)[0])
        if "height" in spec.shown:
            sc.mlabels.append((_mid(P_ap, foot), label_text(spec, "height"), (-1.0, 0.0)))


def _right_angle(sc: Scene, foot: np.ndarray, u: np.ndarray, eps: float, P: np.ndarray) -> None:
    z = np.array([0.0, 0.0, 1.0])
    corners = [foot + eps * u, foot + eps * (u + z), foot + eps * z]
    sc.strokes.append(Stroke([_pt(P @ c) for c in corners], False, 1.0, HIDDEN_COLOR))


# ----------------------------------------------------------------------------- round solids


def _ring(P: np.ndarray, z: float, r: float, t0: float, t1: float) -> list[Point]:
    n = max(3, int(abs(t1 - t0) / math.radians(4)) + 1)
    t = np.linspace(t0, t1, n)
    pts = np.column_stack([r * np.cos(t), r * np.sin(t), np.full(n, z)]) @ P.T
    return [_pt(p) for p in pts]


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
                sc.mlabels.append((_mid(centre, end), label_text(spec, "radius"), (0.0, 1.0)))
        if names:
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
                sc.mlabels.append((_mid(top_c, end), label_text(spec, "radius"), (0.0, 1.0)))
        if "height" in spec.extras:
            sc.segment(bottom_c, top_c, True)
            sc.dots += [bottom_c, top_c]
        if "height" in spec.shown and sil:
            foot, top = sil[-1]
            sc.mlabels.append((_mid(foot, top), label_text(spec, "height"),
                               _outward(foot, top, cen)))
        if names:
            sc.dots += [bottom_c, top_c]
            sc.vlabels.append((bottom_c, names[0], (-0.6, -1.0)))
            sc.vlabels.append((top_c, names[1], (-0.6, 1.0)))
        return sc
    # cone
    if "radius" in want:
        end = _pt(P @ [r * math.cos(tr), r * math.sin(tr), 0.0])
        sc.segment(bottom_c, end, v[2] >= 0)
        if "radius" in spec.shown:
            sc.mlabels.append((_mid(bottom_c, end), label_text(spec, "radius"), (0.3, -1.0)))
    if "height" in want:
        sc.segment(apex, bottom_c, v[2] >= 0)
        u = np.array([math.cos(tr), math.sin(tr), 0.0])
        _right_angle(sc, np.zeros(3), u, 0.12 * min(r, h), P)
        if "height" in spec.shown:
            sc.mlabels.append((_mid(apex, bottom_c), label_text(spec, "height"), (-1.0, 0.0)))
    if "slant" in spec.shown and sil:
        foot, top = sil[-1]
        sc.mlabels.append((_mid(foot, top), label_text(spec, "slant"), _outward(foot, top, cen)))
    if "radius" in want or "height" in want or names:
        sc.dots.append(bottom_c)
    if names:
        sc.vlabels.append((apex, names[0], (0.0, 1.0)))
        sc.vlabels.append((bottom_c, names[1], (-0.7, -1.0)))
    return sc


# ----------------------------------------------------------------------------- canvas


def _fit(sc: Scene, canvas: Canvas, px: int, band: float) -> Viewport:
    """Fit the figure, leaving side margins wide enough for the widest measurement label
    (labels sit outside the outline) and a top band for the note."""
    pts = np.array([p for s in sc.strokes for p in s.pts] + [p for f, _ in sc.fills for p in f])
    (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
    W, H = canvas.width, canvas.height
    lw = max([canvas.text_size(t, px)[0] for _, t, _ in sc.mlabels], default=0.0)
    mx = min(max(0.12 * W, 0.75 * lw + 0.4 * px), 0.24 * W)
    my = 0.1 * H + 0.8 * px
    s = min((W - 2 * mx) / max(x1 - x0, 1e-9), (H - band - 2 * my) / max(y1 - y0, 1e-9))
    return Viewport(scale=s, ox=W / 2 - s * (x0 + x1) / 2,
                    oy=band + (H - band) / 2 + s * (y0 + y1) / 2)


def draw_solid(spec: SolidSpec, canvas: Canvas) -> None:
    P, v = projection(spec)
    if spec.kind == "sphere" or spec.kind in ("cylinder", "cone"):
        sc = _round_scene(spec, P, v)
    else:
        sc = _poly_scene(spec, P, v)
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
    for anchor, text, (dx, dy) in sc.vlabels:
        _place(canvas, vp(*anchor), text, px, (dx, -dy), (0, 0, 0), both_sides=False)
    for anchor, text, (dx, dy) in sc.mlabels:
        _place(canvas, vp(*anchor), text, px, (dx, -dy), MEASURE_COLOR, both_sides=True)


def _place(canvas: Canvas, anchor: Point, text: str, px: int, normal: Point, color,
           both_sides: bool) -> None:
    """Put a label beside ``anchor`` along ``normal`` (pixels, y down), its box just clear of
    the line through the anchor perpendicular to ``normal`` (so a measurement label never sits
    on its own segment); try the opposite side for segments, then ``Canvas.label``'s search."""
    w, h = canvas.text_size(text, px)
    n = math.hypot(*normal)
    if n < 1e-9:
        canvas.label(anchor, text, px=px, color=color)
        return
    nx, ny = normal[0] / n, normal[1] / n
    sides = [(nx, ny), (-nx, -ny)] if both_sides else [(nx, ny)]
    support = lambda ux, uy: w / 2 * abs(ux) + h / 2 * abs(uy)  # noqa: E731
    for gap in np.arange(0.3, 6.0, 0.5) * px:  # slide outwards, e.g. past a cone's outline
        for ux, uy in sides:
            d = gap + support(ux, uy)
            cx, cy = anchor[0] + ux * d, anchor[1] + uy * d
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if canvas.is_free(box):
                canvas.text((cx, cy), text, px=px, color=color, anchor="mm")
                return
    canvas.label(anchor, text, px=px, color=color, prefer=(nx, ny), dist=0.3 * px)
