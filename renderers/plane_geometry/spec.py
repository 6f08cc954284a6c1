"""Plane geometry family: a base shape with up to three shapes attached along its sides.

MAVIS-style composite figures: a base (triangle of four kinds, square, rectangle,
parallelogram, trapezoid, rhombus, circle, sector, regular 5- to 8-gon) and a chain of
attachments, each standing on a free side of the figure: a semicircle bulging outward, a
semicircle cut inward, a triangle (its two base angles fix it: (90, x) right, (60, 60)
equilateral, (a, a) isosceles), a square, or a circle inscribed in a shape. Because every
attachment takes its size from the side it stands on, a problem can chain formulas through
the figure (triangle -> hypotenuse -> square side -> semicircle radius).

``build_model(spec)`` turns a spec into coordinates of every named point and one ``Piece``
per shape (outline, straight edges, arcs); it rejects attachments that overlap the figure.
``facts`` gives per-shape sides / angles / areas and the composite area, perimeter and shaded
area. Sampling is in sample.py, drawing in draw.py.

    python -c "import numpy as np, renderers; f = renderers.get_family('plane_geometry'); \
s = f.sample_spec(np.random.default_rng(0), base='right_triangle', n_attached=2); \
f.render(s, 336).save('/tmp/g.png'); print(f.facts(s)['composite'])"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar

import numpy as np

from renderers.canvas import Point
from renderers.spec import Spec

BASE_PARAMS: dict[str, tuple[str, ...]] = {
    "scalene_triangle": ("a", "b", "angle"),  # AB = a, AC = b, angle BAC
    "right_triangle": ("leg1", "leg2"),  # AB = leg1, BC = leg2, right angle at B
    "isosceles_triangle": ("base", "leg"),  # BC = base, AB = AC = leg
    "equilateral_triangle": ("side",),
    "square": ("side",),
    "rectangle": ("width", "height"),  # AB = width, BC = height
    "parallelogram": ("base", "side", "angle"),  # AB = base, AD = side, angle DAB
    "trapezoid": ("bottom", "top", "height", "offset"),  # AB bottom, DC top, D.x = offset
    "rhombus": ("side", "angle"),
    "regular_polygon": ("n", "side"),
    "circle": ("radius",),  # names [O, A]: centre and a point on the circle
    "sector": ("radius", "angle"),  # names [O, A, B]: angle AOB
}
BASES = tuple(BASE_PARAMS)
ATTACH_KINDS = ("semicircle_out", "semicircle_in", "triangle", "square", "incircle")
ATTACH_NEW_NAMES = {"semicircle_out": 0, "semicircle_in": 0, "triangle": 1, "square": 2,
                    "incircle": 1}
LETTERS = "ABCDEFGHIJKLMNPQRSTUVWXYZ"  # O is kept for centres
POLYGON_NAMES = {5: "pentagon", 6: "hexagon", 7: "heptagon", 8: "octagon"}
CURVED = ("circle", "sector", "semicircle_out", "semicircle_in", "incircle")
# Degrees between the sampled points of an arc in the overlap test. Sampled arcs are chords
# inside the true arc: at 10 degrees an arc can cross a neighbour's side by 0.4 % of its radius
# unseen (enough to move a 4-shape figure's area by 0.07), and outlines that cross make the
# composite area and perimeter wrong; at 1 degree what can hide is 0.004 %.
OVERLAP_STEP = 1.0


def n_base_vertices(base: str, params: dict) -> int:
    if base in ("circle",):
        return 2
    if base.endswith("triangle") or base == "sector":
        return 3
    if base == "regular_polygon":
        return int(params.get("n", 0))
    return 4


@dataclass
class Attachment:
    """A shape standing on side ``side`` of the figure (or, for "incircle", inscribed in
    shape number ``shape``: 0 = the base, i = the i-th attachment).

    names: the new vertex letters: triangle [apex]; square [next to side[0], next to side[1]];
    incircle [centre]; semicircles none. angles (triangle only): the angles at side[0] and
    side[1] in degrees.
    """

    kind: str
    side: str = ""
    names: list[str] = field(default_factory=list)
    angles: list[float] = field(default_factory=list)
    shape: int = 0
    shaded: bool = False

    def __post_init__(self):
        self.angles = [float(a) for a in self.angles]


@dataclass
class PlaneGeometrySpec(Spec):
    """A composite figure and what is marked on it.

    shown_sides: segment keys ("AB") whose length is written; shown_angles: angle keys ("ABC",
    vertex in the middle) drawn as an arc with the degrees; right_marks: angle keys drawn as a
    right-angle square; equal_groups / parallel_groups: groups of segment keys marked with
    1, 2, 3 ticks / arrow heads. fill: PALETTE colour of shaded regions.
    """

    family: ClassVar[str] = "plane_geometry"
    base: str = "right_triangle"
    params: dict[str, float] = field(default_factory=lambda: {"leg1": 6.0, "leg2": 8.0})
    names: list[str] = field(default_factory=lambda: ["A", "B", "C"])
    attachments: list[Attachment] = field(default_factory=list)
    rotation: float = 0.0
    shown_sides: list[str] = field(default_factory=list)
    shown_angles: list[str] = field(default_factory=list)
    right_marks: list[str] = field(default_factory=list)
    equal_groups: list[list[str]] = field(default_factory=list)
    parallel_groups: list[list[str]] = field(default_factory=list)
    base_shaded: bool = False
    fill: str = "blue"

    def __post_init__(self):
        # floats everywhere so that a spec and its JSON round trip serialise identically
        self.params = {k: float(v) for k, v in self.params.items()}
        self.rotation = float(self.rotation)


# ----------------------------------------------------------------------------- model


@dataclass
class Piece:
    """One shape of the composite. ``poly``: corner coordinates (polygons; sector: O, A, B);
    curved pieces also have ``center``, ``radius`` and ``arc`` (start, end degrees, math
    orientation; a full circle for circles). sign: +1 shape, -1 cut-out, 0 inscribed circle."""

    kind: str
    label: str
    verts: list[str]
    poly: list[Point]
    edges: list[str]
    sign: int = 1
    parent: int = -1
    side: str = ""
    shaded: bool = False
    center: Point | None = None
    radius: float = 0.0
    arc: tuple[float, float] | None = None

    @property
    def name(self) -> str:
        if self.kind in ("semicircle_out", "semicircle_in"):
            return f"the semicircle on {self.side}"
        if self.kind in ("circle", "incircle"):
            return f"circle {self.verts[0]}"
        if self.kind == "sector":
            return f"sector {''.join(self.verts)}"
        return f"{self.label} {''.join(self.verts)}"


@dataclass
class Model:
    points: dict[str, Point]
    pieces: list[Piece]
    used: set[str]  # canonical keys of edges something stands on

    def outline(self, i: int, step_deg: float = 7.5) -> list[Point]:
        """Closed outline of piece i as a polygon (arcs sampled every ``step_deg``)."""
        p = self.pieces[i]
        if p.arc is None:
            return list(p.poly)
        pts = arc_pts(p.center, p.radius, p.arc[0], p.arc[1], step_deg)
        if p.kind == "sector":
            return [p.center] + pts
        if abs(abs(p.arc[1] - p.arc[0]) - 360) < 1e-9:
            return pts[:-1]
        return pts


def ekey(a: str, b: str) -> str:
    return "".join(sorted((a, b)))


def arc_pts(c: Point, r: float, a0: float, a1: float, step_deg: float = 7.5) -> list[Point]:
    n = max(2, int(math.ceil(abs(a1 - a0) / step_deg)))
    t = np.radians(np.linspace(a0, a1, n + 1))
    return [(c[0] + r * math.cos(a), c[1] + r * math.sin(a)) for a in t]


def dist(p: Point, q: Point) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


def angle_at(a: Point, b: Point, c: Point) -> float:
    """Angle ABC in degrees (0..180)."""
    u = (a[0] - b[0], a[1] - b[1])
    v = (c[0] - b[0], c[1] - b[1])
    return math.degrees(abs(math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])))


def signed_area(pts: list[Point]) -> float:
    s = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        s += x0 * y1 - x1 * y0
    return s / 2


def _clip_area(subject: list[Point], clip: list[Point]) -> float:
    """Area of the intersection of two convex polygons (Sutherland-Hodgman).

    The outlines are arcs sampled every degree (hundreds of edges each), and most clip edges
    leave the subject whole, so each edge's side of every subject vertex is computed at once
    first: an edge with every vertex clearly inside (by more than rounding can move a clipped
    vertex) cannot change the polygon and is skipped, and one with every vertex clearly
    outside empties it. The edges left are clipped one by one as before, so the area is the
    same float the plain loop gives.
    """
    if len(subject) < 3:
        return 0.0
    if signed_area(clip) < 0:
        clip = clip[::-1]
    edges = list(zip(clip, clip[1:] + clip[:1]))
    a = np.asarray([e[0] for e in edges], dtype=float)
    d = np.asarray([e[1] for e in edges], dtype=float) - a
    sub = np.asarray(subject, dtype=float)
    sides = d[:, :1] * (sub[None, :, 1] - a[:, 1:]) - d[:, 1:] * (sub[None, :, 0] - a[:, :1])
    size = float(np.abs(sub).max() + np.abs(a).max()) + 1.0
    margin = 1e-9 * size * np.hypot(d[:, 0], d[:, 1])
    if (sides.max(axis=1) < -margin).any():
        return 0.0
    out = list(subject)
    for k in np.flatnonzero(sides.min(axis=1) <= margin):
        (ax, ay), (bx, by) = edges[k]
        if not out:
            return 0.0
        inp, out = out, []

        def side(p):
            return (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)

        for p, q in zip(inp, inp[1:] + inp[:1]):
            sp, sq = side(p), side(q)
            if sp >= 0:
                out.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return abs(signed_area(out)) if len(out) >= 3 else 0.0


def _inside_convex(p: Point, poly: list[Point], tol: float) -> bool:
    s = 1 if signed_area(poly) > 0 else -1
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        cr = ((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)) * s
        if cr < -tol * math.hypot(bx - ax, by - ay):
            return False
    return True


def _base_points(base: str, prm: dict) -> list[Point]:
    g = prm.get
    if base == "scalene_triangle":
        t = math.radians(g("angle"))
        return [(0, 0), (g("a"), 0), (g("b") * math.cos(t), g("b") * math.sin(t))]
    if base == "right_triangle":
        return [(0, g("leg1")), (0, 0), (g("leg2"), 0)]
    if base in ("isosceles_triangle", "equilateral_triangle"):
        b = g("base") if base == "isosceles_triangle" else g("side")
        leg = g("leg") if base == "isosceles_triangle" else b
        if leg <= b / 2:
            raise ValueError(f"isosceles_triangle: leg {leg} must exceed base/2 = {b / 2}")
        return [(b / 2, math.sqrt(leg * leg - b * b / 4)), (0, 0), (b, 0)]
    if base == "square":
        s = g("side")
        return [(0, 0), (s, 0), (s, s), (0, s)]
    if base == "rectangle":
        w, h = g("width"), g("height")
        return [(0, 0), (w, 0), (w, h), (0, h)]
    if base in ("parallelogram", "rhombus"):
        b = g("base") if base == "parallelogram" else g("side")
        s, t = g("side"), math.radians(g("angle"))
        dx, dy = s * math.cos(t), s * math.sin(t)
        return [(0, 0), (b, 0), (b + dx, dy), (dx, dy)]
    if base == "trapezoid":
        b, tp, h, o = g("bottom"), g("top"), g("height"), g("offset")
        return [(0, 0), (b, 0), (o + tp, h), (o, h)]
    if base == "regular_polygon":
        n, s = int(g("n")), g("side")
        r = s / (2 * math.sin(math.pi / n))
        return [(r * math.cos(math.radians(-90 - 180 / n + 360 * k / n)),
                 r * math.sin(math.radians(-90 - 180 / n + 360 * k / n)) + r) for k in range(n)]
    if base == "circle":
        return [(0, 0), (g("radius"), 0)]
    t = math.radians(g("angle"))  # sector
    return [(0, 0), (g("radius"), 0), (g("radius") * math.cos(t), g("radius") * math.sin(t))]


def base_label(base: str, params: dict) -> str:
    if base == "regular_polygon":
        return "regular " + POLYGON_NAMES.get(int(params.get("n", 0)), "polygon")
    if base == "scalene_triangle":
        return "triangle"
    return base.replace("_", " ")


def validate_spec(spec: PlaneGeometrySpec) -> None:
    if spec.base not in BASE_PARAMS:
        raise ValueError(f"unknown base {spec.base!r}; valid: {', '.join(BASES)}")
    need = set(BASE_PARAMS[spec.base])
    if set(spec.params) != need:
        raise ValueError(f"{spec.base}: params must be exactly {sorted(need)}, "
                         f"got {sorted(spec.params)}")
    for k, v in spec.params.items():
        if not math.isfinite(v) or (v <= 0 and k != "offset"):
            raise ValueError(f"{spec.base}: param {k} must be positive, got {v}")
    if spec.base == "regular_polygon" and int(spec.params["n"]) not in POLYGON_NAMES:
        raise ValueError(f"regular_polygon: n must be one of 5, 6, 7, 8, got {spec.params['n']}")
    if "angle" in spec.params and not 0 < spec.params["angle"] < 180 + (spec.base == "sector"):
        raise ValueError(f"{spec.base}: angle must be in (0, 180), got {spec.params['angle']}")
    nv = n_base_vertices(spec.base, spec.params)
    if len(spec.names) != nv:
        raise ValueError(f"{spec.base}: needs {nv} names, got {spec.names}")
    for a in spec.attachments:
        if a.kind not in ATTACH_KINDS:
            raise ValueError(f"unknown attachment kind {a.kind!r}; valid: {', '.join(ATTACH_KINDS)}")
        if len(a.names) != ATTACH_NEW_NAMES[a.kind]:
            raise ValueError(f"attachment {a.kind} needs {ATTACH_NEW_NAMES[a.kind]} new names, "
                             f"got {a.names}")
    allnames = spec.names + [n for a in spec.attachments for n in a.names]
    if len(set(allnames)) != len(allnames) or any(len(n) != 1 or not n.isupper()
                                                  for n in allnames):
        raise ValueError(f"vertex names must be distinct capital letters, got {allnames}")


def build_model(spec: PlaneGeometrySpec) -> Model:
    """Coordinates and pieces of the figure; ValueError if a spec is inconsistent or an
    attachment overlaps the figure."""
    validate_spec(spec)
    rot = math.radians(spec.rotation)
    cr, sr = math.cos(rot), math.sin(rot)
    raw = _base_points(spec.base, spec.params)
    pts = {n: (x * cr - y * sr, x * sr + y * cr) for n, (x, y) in zip(spec.names, raw)}
    nm = spec.names
    label = base_label(spec.base, spec.params)
    if spec.base == "circle":
        base = Piece("circle", label, list(nm), [pts[nm[0]]], [], center=pts[nm[0]],
                     radius=spec.params["radius"], arc=(0.0, 360.0))
    elif spec.base == "sector":
        a0 = spec.rotation
        base = Piece("sector", label, list(nm), [pts[n] for n in nm],
                     [ekey(nm[0], nm[1]), ekey(nm[2], nm[0])], center=pts[nm[0]],
                     radius=spec.params["radius"], arc=(a0, a0 + spec.params["angle"]))
    else:
        base = Piece(spec.base, label, list(nm), [pts[n] for n in nm],
                     [ekey(a, b) for a, b in zip(nm, nm[1:] + nm[:1])])
    base.shaded = spec.base_shaded
    model = Model(pts, [base], set())
    scale = max(max(abs(x), abs(y)) for x, y in pts.values()) or 1.0
    for i, att in enumerate(spec.attachments):
        _attach(model, att, i + 1, scale)
    return model


def _free_edge(model: Model, side: str) -> tuple[int, str, str]:
    if len(side) != 2:
        raise ValueError(f"side must be two vertex letters like 'BC', got {side!r}")
    k = ekey(*side)
    for j, p in enumerate(model.pieces):
        if k in p.edges and k not in model.used:
            return j, side[0], side[1]
    free = [e for p in model.pieces for e in p.edges if e not in model.used]
    raise ValueError(f"side {side!r} is not a free side of the figure; free sides: {free}")


def _attach(model: Model, att: Attachment, idx: int, scale: float) -> None:
    pts = model.points
    if att.kind == "incircle":
        _inscribe(model, att, idx)
        return
    j, xn, yn = _free_edge(model, att.side)
    parent = model.pieces[j]
    X, Y = pts[xn], pts[yn]
    L = dist(X, Y)
    u = ((Y[0] - X[0]) / L, (Y[1] - X[1]) / L)
    n = (-u[1], u[0])
    cx = sum(p[0] for p in parent.poly) / len(parent.poly)
    cy = sum(p[1] for p in parent.poly) / len(parent.poly)
    if (cx - X[0]) * n[0] + (cy - X[1]) * n[1] > 0:
        n = (-n[0], -n[1])  # n now points away from the parent
    if att.kind == "triangle":
        if len(att.angles) != 2 or min(att.angles) <= 0 or sum(att.angles) >= 180:
            raise ValueError(f"triangle attachment needs two angles summing below 180, "
                             f"got {att.angles}")
        a1, a2 = (math.radians(a) for a in att.angles)
        d = L * math.sin(a2) / math.sin(a1 + a2)
        R = (X[0] + d * (math.cos(a1) * u[0] + math.sin(a1) * n[0]),
             X[1] + d * (math.cos(a1) * u[1] + math.sin(a1) * n[1]))
        new = {att.names[0]: R}
        a, b = sorted(att.angles)
        label = ("equilateral triangle" if abs(a - 60) < 1e-9 and abs(b - 60) < 1e-9 else
                 "right triangle" if abs(b - 90) < 1e-9 or abs(a + b - 90) < 1e-9 else
                 "isosceles triangle" if abs(a - b) < 1e-9 else "triangle")
        verts = [xn, yn, att.names[0]]
        piece = Piece("triangle", label, verts, [X, Y, R], [])
    elif att.kind == "square":
        Xp = (X[0] + n[0] * L, X[1] + n[1] * L)
        Yp = (Y[0] + n[0] * L, Y[1] + n[1] * L)
        new = {att.names[0]: Xp, att.names[1]: Yp}
        verts = [xn, yn, att.names[1], att.names[0]]
        piece = Piece("square", "square", verts, [X, Y, Yp, Xp], [])
    else:  # semicircles
        M = ((X[0] + Y[0]) / 2, (X[1] + Y[1]) / 2)
        b = n if att.kind == "semicircle_out" else (-n[0], -n[1])
        s0 = math.degrees(math.atan2(X[1] - M[1], X[0] - M[0]))
        ccw = (X[0] - M[0]) * b[1] - (X[1] - M[1]) * b[0] > 0
        piece = Piece(att.kind, "semicircle", [], [X, Y], [], center=M, radius=L / 2,
                      arc=(s0, s0 + (180.0 if ccw else -180.0)))
        new = {}
        verts = []
    if verts:
        piece.edges = [ekey(a, c) for a, c in zip(verts, verts[1:] + verts[:1])]
    piece.parent, piece.side, piece.shaded = j, att.side, att.shaded
    piece.sign = -1 if att.kind == "semicircle_in" else 1
    for nme, p in new.items():
        for other, q in pts.items():
            if dist(p, q) < 1e-3 * scale:
                raise ValueError(f"attachment {idx}: new point {nme} falls on point {other}")
    model.pieces.append(piece)
    model.used.add(ekey(xn, yn))
    pts.update(new)
    shape = model.outline(idx, OVERLAP_STEP)
    tol = 1e-6 * scale * scale
    if piece.sign > 0:
        for k, other in enumerate(model.pieces[:-1]):
            if other.sign > 0 and _clip_area(shape, model.outline(k, OVERLAP_STEP)) > tol:
                raise ValueError(f"attachment {idx} ({att.kind} on {att.side}) overlaps shape {k}")
    else:
        if parent.kind in CURVED or not all(_inside_convex(p, parent.poly, 1e-9)
                                            for p in shape):
            raise ValueError(f"attachment {idx}: the inward semicircle on {att.side} does not "
                             f"fit inside shape {j}")
        _no_inner_overlap(model, idx, j, tol)


def _no_inner_overlap(model: Model, idx: int, parent: int, tol: float) -> None:
    me = model.outline(idx, OVERLAP_STEP)
    for k, other in enumerate(model.pieces[:-1]):
        if other.sign <= 0 and other.parent == parent and \
                _clip_area(me, model.outline(k, OVERLAP_STEP)) > tol:
            raise ValueError(f"attachment {idx} overlaps shape {k} inside shape {parent}")


def _inscribe(model: Model, att: Attachment, idx: int) -> None:
    if not 0 <= att.shape < len(model.pieces):
        raise ValueError(f"incircle: shape {att.shape} does not exist (0..{len(model.pieces) - 1})")
    par = model.pieces[att.shape]
    if par.kind in CURVED:
        raise ValueError(f"incircle: shape {att.shape} is a {par.label}, not a polygon")
    P = par.poly
    if len(P) == 3:
        w = [dist(P[1], P[2]), dist(P[2], P[0]), dist(P[0], P[1])]
        c = (sum(wi * p[0] for wi, p in zip(w, P)) / sum(w),
             sum(wi * p[1] for wi, p in zip(w, P)) / sum(w))
    else:
        c = (sum(p[0] for p in P) / len(P), sum(p[1] for p in P) / len(P))
    ds = [abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / dist(a, b)
          for a, b in zip(P, P[1:] + P[:1])]
    if max(ds) - min(ds) > 1e-7 * max(ds):
        raise ValueError(f"incircle: {par.label} {''.join(par.verts)} has no inscribed circle")
    piece = Piece("incircle", "circle", [att.names[0]], [c], [], sign=0, parent=att.shape,
                  shaded=att.shaded, center=c, radius=min(ds), arc=(0.0, 360.0))
    model.pieces.append(piece)
    model.points[att.names[0]] = c
    _no_inner_overlap(model, idx, att.shape, 1e-9)
    if any(p.kind == "incircle" and p.parent == att.shape for p in model.pieces[:-1]):
        raise ValueError(f"incircle: shape {att.shape} already has one")


# ----------------------------------------------------------------------------- facts


def r6(x: float) -> float:
    return round(float(x), 6) + 0.0


def piece_area(p: Piece) -> float:
    if p.kind in ("circle", "incircle"):
        return math.pi * p.radius ** 2
    if p.kind in ("semicircle_out", "semicircle_in"):
        return math.pi * p.radius ** 2 / 2
    if p.kind == "sector":
        return math.pi * p.radius ** 2 * abs(p.arc[1] - p.arc[0]) / 360
    return abs(signed_area(p.poly))


def arc_length(p: Piece) -> float:
    return 0.0 if p.arc is None else math.radians(abs(p.arc[1] - p.arc[0])) * p.radius


def piece_facts(m: Model, i: int) -> dict:
    p = m.pieces[i]
    d: dict = {"id": i, "type": p.label, "name": p.name, "area": r6(piece_area(p))}
    if i:
        d["attached_to"] = {"shape": p.parent, "side": p.side}
    if p.kind in CURVED:
        d.update(radius=r6(p.radius), diameter=r6(2 * p.radius))
        if p.kind in ("circle", "incircle"):
            d.update(center=p.verts[0], circumference=r6(2 * math.pi * p.radius))
        else:
            d["arc_length"] = r6(arc_length(p))
        if p.kind == "sector":
            d.update(vertices=list(p.verts), angle=r6(p.arc[1] - p.arc[0]),
                     perimeter=r6(2 * p.radius + arc_length(p)))
        if p.kind.startswith("semicircle"):
            d.update(diameter_side=p.side, outward=p.kind == "semicircle_out")
        return d
    V = p.verts
    sides = {a + b: r6(dist(m.points[a], m.points[b])) for a, b in zip(V, V[1:] + V[:1])}
    angles = {a + b + c: r6(angle_at(m.points[a], m.points[b], m.points[c]))
              for a, b, c in zip(V[-1:] + V[:-1], V, V[1:] + V[:1])}
    d.update(vertices=list(V), sides=sides, angles=angles, perimeter=r6(sum(sides.values())))
    return d


def composite_values(m: Model) -> dict:
    """Area, outer perimeter and shaded area of the whole figure, from per-shape formulas."""
    area = sum(piece_area(p) * p.sign for p in m.pieces)
    per = 0.0
    for p in m.pieces:
        if p.sign != 0:
            per += arc_length(p)
            for e in p.edges:
                if e not in m.used:
                    per += dist(m.points[e[0]], m.points[e[1]])
    shaded = 0.0
    for p in m.pieces:
        par = m.pieces[p.parent] if p.parent >= 0 else None
        if p.sign > 0 and p.shaded:
            shaded += piece_area(p)
        elif p.sign < 0 and par.shaded:
            shaded -= piece_area(p)
        elif p.sign == 0 and p.shaded != par.shaded:
            shaded += piece_area(p) * (1 if p.shaded else -1)
    return {"area": r6(area), "perimeter": r6(per), "shaded_area": r6(shaded)}


def geometry_facts(spec: PlaneGeometrySpec) -> dict:
    m = build_model(spec)
    P = m.points

    def seg(k):
        return r6(dist(P[k[0]], P[k[1]]))

    shapes = [piece_facts(m, i) for i in range(len(m.pieces))]
    n_right = sum(1 for s in shapes for v in s.get("angles", {}).values() if abs(v - 90) < 1e-6)
    return {
        "base": spec.base,
        "base_type": m.pieces[0].label,
        "shapes": shapes,
        "attachments": [{"type": a.kind, "shape_type": m.pieces[i + 1].label,
                         "side": a.side, "on_shape": m.pieces[i + 1].parent}
                        for i, a in enumerate(spec.attachments)],
        "points": {k: [r6(x), r6(y)] for k, (x, y) in P.items()},
        "composite": composite_values(m),
        "counts": {"shapes": len(m.pieces), "attachments": len(spec.attachments),
                   "points": len(P), "right_angles": n_right,
                   "shaded_shapes": sum(p.shaded for p in m.pieces)},
        "shown": {
            "sides": {k: seg(k) for k in spec.shown_sides},
            "angles": {k: r6(angle_at(P[k[0]], P[k[1]], P[k[2]])) for k in spec.shown_angles},
            "right_angles": list(spec.right_marks),
            "equal_sides": [list(g) for g in spec.equal_groups],
            "parallel_sides": [list(g) for g in spec.parallel_groups],
        },
        "rotation": r6(spec.rotation),
    }


def check_marks(spec: PlaneGeometrySpec, points: dict) -> None:
    for k in spec.shown_sides + [k for g in spec.equal_groups + spec.parallel_groups for k in g]:
        if len(k) != 2 or any(c not in points for c in k):
            raise ValueError(f"segment key {k!r} names unknown points; points: {sorted(points)}")
    for k in spec.shown_angles + spec.right_marks:
        if len(k) != 3 or any(c not in points for c in k):
            raise ValueError(f"angle key {k!r} names unknown points; points: {sorted(points)}")
