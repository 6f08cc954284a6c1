"""Solid-geometry renderer: cube, cuboid, cylinder, cone, sphere, pyramid and prism drawings.

The solid is a real 3-D model (vertices and outward faces, or a surface of revolution) seen
through a parallel projection: an oblique (cabinet-style) projection, or an orthographic camera
with an azimuth and elevation ("isometric-like"). Hidden lines are found from the model, not
hard-coded: a polyhedron edge is dashed when every face that meets at it faces away from the
viewer; a base circle of a cylinder / cone is dashed where the lateral surface beside it faces
away. The drawing itself lives in ``renderers.solid_geometry.draw`` and the sampler in ``.sample``;
this module holds the spec, the geometry model and the facts (which callers and the MAVIS engine rely on).

    python -c "import numpy as np, renderers; f = renderers.get_family('solid_geometry'); \
s = f.sample_spec(np.random.default_rng(0), kind='cone'); f.render(s, 336).save('/tmp/s.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar

import numpy as np

from renderers.spec import Spec
from renderers.text import fmt_num

KINDS = ("cube", "cuboid", "cylinder", "cone", "sphere", "pyramid", "prism")
ROUND_KINDS = ("cylinder", "cone", "sphere")
BASES = {"pyramid": ("square", "triangle"), "prism": ("triangle", "hexagon")}
PROJECTIONS = ("oblique", "orthographic")
LABEL_STYLES = ("value", "named", "symbol")
# measurements a kind can label (drawn segments) and extra segments it can draw unlabelled
MEASURES = {
    "cube": ("edge",),
    "cuboid": ("length", "width", "height"),
    "cylinder": ("radius", "height"),
    "cone": ("radius", "height", "slant"),
    "sphere": ("radius",),
    "pyramid": ("base_edge", "height", "slant", "lateral_edge"),
    "prism": ("base_edge", "height"),
}
EXTRAS = {
    "cube": ("space_diagonal", "face_diagonal"),
    "cuboid": ("space_diagonal", "face_diagonal"),
    "cylinder": ("radius", "height"),
    "cone": ("radius", "height"),
    "sphere": ("radius",),
    "pyramid": ("height", "slant"),
    "prism": (),
}
# "l" is avoided: in a sans font it reads as the digit one or a stroke
SYMBOLS = {"edge": "a", "length": "a", "width": "b", "height": "h", "radius": "r",
           "slant": "s", "base_edge": "a", "lateral_edge": "e"}
# words for captions and questions; "slant" of a pyramid is the slant height of a lateral face
MEASURE_WORDS = {"edge": "edge length", "length": "length", "width": "width",
                 "height": "height", "radius": "radius", "slant": "slant height",
                 "base_edge": "base edge", "lateral_edge": "lateral edge"}
COLORS = ("blue", "green", "orange", "purple", "red", "cyan", "gray")


@dataclass
class SolidSpec(Spec):
    """One solid. Lengths are in math units; which fields matter depends on ``kind``:

    cube: ``a`` (edge); cuboid: ``a`` length (x), ``b`` width (depth, y), ``c`` height (z);
    cylinder / cone: ``radius``, ``height``; sphere: ``radius``; pyramid (``base`` square or
    triangle, regular, apex above the base centre) and prism (``base`` triangle or hexagon,
    regular, right): ``a`` base edge, ``height``.

    View: ``projection`` "oblique" (receding axis drawn at ``view_angle`` degrees, shortened by
    ``depth_ratio``) or "orthographic" (camera azimuth ``view_angle``, ``elevation`` degrees). A
    sphere is always drawn orthographically (an oblique sphere is not a circle).
    ``vertex_names``: polyhedra: bottom base vertices, then top vertices (prism / cube) or the
    apex (pyramid); cylinder: bottom and top centres; cone: apex, base centre; sphere: centre.
    Empty means unlabelled. ``shown``: measurements labelled on the figure (see MEASURES);
    ``extras``: segments drawn without a label (see EXTRAS). ``label_style``: "value" ("5"),
    "named" ("h = 5"), "symbol" ("h"). ``note``: text in the top-left corner, e.g. "V = 36π".
    """

    family: ClassVar[str] = "solid_geometry"
    kind: str = "cube"
    base: str = ""
    a: float = 4.0
    b: float = 0.0
    c: float = 0.0
    radius: float = 0.0
    height: float = 0.0
    projection: str = "oblique"
    view_angle: float = 45.0
    elevation: float = 20.0
    depth_ratio: float = 0.5
    vertex_names: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)
    label_style: str = "value"
    unit: str = ""
    shade: bool = False
    color: str = "blue"
    note: str = ""


def validate(spec: SolidSpec) -> None:
    if spec.kind not in KINDS:
        raise ValueError(f"unknown solid kind {spec.kind!r}; valid: {', '.join(KINDS)}")
    bases = BASES.get(spec.kind, ("",))
    if spec.base not in bases:
        raise ValueError(f"{spec.kind}: unknown base {spec.base!r}; valid: "
                         f"{', '.join(repr(b) for b in bases)}")
    if spec.projection not in PROJECTIONS:
        raise ValueError(f"unknown projection {spec.projection!r}; valid: "
                         f"{', '.join(PROJECTIONS)}")
    if spec.label_style not in LABEL_STYLES:
        raise ValueError(f"unknown label_style {spec.label_style!r}; valid: "
                         f"{', '.join(LABEL_STYLES)}")
    for m in spec.shown:
        if m not in MEASURES[spec.kind]:
            raise ValueError(f"{spec.kind} cannot show {m!r}; valid: "
                             f"{', '.join(MEASURES[spec.kind])}")
    for m in spec.extras:
        if m not in EXTRAS[spec.kind]:
            raise ValueError(f"{spec.kind} cannot draw extra {m!r}; valid: "
                             f"{', '.join(EXTRAS[spec.kind]) or 'none'}")
    n = len(vertex_slots(spec))
    if spec.vertex_names and len(spec.vertex_names) != n:
        raise ValueError(f"{spec.kind}: {n} vertex names needed, got {len(spec.vertex_names)}")


# ----------------------------------------------------------------------------- 3-D model


def base_polygon(spec: SolidSpec) -> np.ndarray:
    """Bottom base polygon (counter-clockwise seen from above) in the plane z = 0, centred on
    the origin, its first edge at the front (smallest y) and parallel to x."""
    a = spec.a
    if spec.kind in ("cube", "cuboid") or spec.base == "square":
        w = a if spec.kind != "cuboid" else spec.a
        d = a if spec.kind != "cuboid" else spec.b
        return np.array([[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]])
    if spec.base == "triangle":
        r = a / math.sqrt(3)
        angs = (210, 330, 90)
    elif spec.base == "hexagon":
        r = a
        angs = (240, 300, 0, 60, 120, 180)
    else:
        raise ValueError(f"{spec.kind} has no polygon base")
    return np.array([[r * math.cos(math.radians(t)), r * math.sin(math.radians(t))]
                     for t in angs])


@dataclass
class Poly:
    """A convex polyhedron: vertices (n, 3), faces as vertex-index cycles, outward normals."""

    verts: np.ndarray
    faces: list[list[int]]
    normals: np.ndarray
    apex: int | None  # pyramid apex index
    n_base: int  # vertices of one base polygon


def solid_height(spec: SolidSpec) -> float:
    if spec.kind == "cube":
        return spec.a
    if spec.kind == "cuboid":
        return spec.c
    if spec.kind == "sphere":
        return 2 * spec.radius
    return spec.height


def polyhedron(spec: SolidSpec) -> Poly:
    """Vertices and faces of a cube, cuboid, pyramid or prism (bottom base on z = 0)."""
    base = base_polygon(spec)
    n = len(base)
    h = solid_height(spec)
    bottom = np.column_stack([base, np.zeros(n)])
    if spec.kind == "pyramid":
        verts = np.vstack([bottom, [[0.0, 0.0, h]]])
        faces = [list(range(n))[::-1]] + [[i, (i + 1) % n, n] for i in range(n)]
        apex = n
    else:
        verts = np.vstack([bottom, bottom + [0.0, 0.0, h]])
        faces = [list(range(n))[::-1], [n + i for i in range(n)]]
        faces += [[i, (i + 1) % n, n + (i + 1) % n, n + i] for i in range(n)]
        apex = None
    corners = verts.tolist()
    centre = [sum(c) / len(corners) for c in zip(*corners)]
    normals = []
    for f in faces:
        pts = [corners[i] for i in f]
        # Newell's method, robust for any planar polygon; summed in Python floats, the same
        # float64 arithmetic as numpy's per element, without its per-call cost
        x = y = z = 0.0
        for (x0, y0, z0), (x1, y1, z1) in zip(pts, pts[1:] + pts[:1]):
            x += (y0 - y1) * (z0 + z1)
            y += (z0 - z1) * (x0 + x1)
            z += (x0 - x1) * (y0 + y1)
        nv = np.array([x, y, z])
        nv /= np.linalg.norm(nv)
        # outward: away from the solid's centre (a convex solid's face centre is well off it,
        # so this sign needs no exact arithmetic)
        out = [sum(c) / len(pts) - m for c, m in zip(zip(*pts), centre)]
        if x * out[0] + y * out[1] + z * out[2] < 0:
            nv = -nv
        normals.append(nv)
    return Poly(verts, faces, np.array(normals), apex, n)


def poly_edges(poly: Poly) -> dict[tuple[int, int], list[int]]:
    """Each edge (i < j) and the faces that meet at it."""
    out: dict[tuple[int, int], list[int]] = {}
    for fi, f in enumerate(poly.faces):
        for i in range(len(f)):
            e = tuple(sorted((f[i], f[(i + 1) % len(f)])))
            out.setdefault(e, []).append(fi)
    return out


def projection(spec: SolidSpec) -> tuple[np.ndarray, np.ndarray]:
    """(P, v): the 2x3 parallel projection to math-screen coordinates (y up) and the unit
    direction towards the viewer (the projection's null direction, r1 x r2)."""
    if spec.projection == "oblique" and spec.kind != "sphere":
        al = math.radians(spec.view_angle)
        k = spec.depth_ratio
        rows = ((1.0, k * math.cos(al), 0.0), (0.0, k * math.sin(al), 1.0))
    else:
        az, el = math.radians(spec.view_angle), math.radians(spec.elevation)
        right = (math.cos(az), math.sin(az), 0.0)
        view = (math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el))
        rows = (right, _cross(view, right))
    v = np.array(_cross(*rows))
    return np.array(rows), v / np.linalg.norm(v)


def _cross(a: tuple, b: tuple) -> tuple[float, float, float]:
    """a x b of two 3-vectors in Python floats: np.cross's arithmetic (a product, a product,
    their difference, per component) without its per-call cost."""
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


# The drawing asks for the same model and view many times per figure (``draw.view_clash``
# builds a scene for every label set of every view it tries): the shared copies below are
# computed once per dimensions / view. Their arrays are read-only, as they are handed to
# every caller; ``polyhedron`` and ``projection`` themselves return fresh ones.
_SHARED: dict = {}


def _shared(key: tuple, make):
    out = _SHARED.get(key)
    if out is None:
        if len(_SHARED) >= 4096:
            _SHARED.clear()
        out = _SHARED[key] = make()
    return out


def _frozen(*arrays: np.ndarray) -> None:
    for x in arrays:
        x.flags.writeable = False


def shared_model(spec: SolidSpec) -> tuple[Poly, dict[tuple[int, int], list[int]]]:
    """``polyhedron(spec)`` and its ``poly_edges``, computed once per kind and dimensions
    (read-only: callers must not change them)."""
    def make():
        poly = polyhedron(spec)
        _frozen(poly.verts, poly.normals)
        return poly, poly_edges(poly)
    return _shared(("model",) + _model_key(spec), make)


def _model_key(spec: SolidSpec) -> tuple:
    # repr keeps 5 and 5.0 (and 0.0 and -0.0) apart, as the model's arithmetic may
    return (spec.kind, spec.base, repr(spec.a), repr(spec.b), repr(spec.c), repr(spec.radius),
            repr(spec.height))


def _view_key(spec: SolidSpec) -> tuple:
    if spec.projection == "oblique" and spec.kind != "sphere":
        return (True, repr(spec.view_angle), repr(spec.depth_ratio))
    return (False, repr(spec.view_angle), repr(spec.elevation))


def shared_projection(spec: SolidSpec) -> tuple[np.ndarray, np.ndarray]:
    """``projection(spec)``, computed once per view (read-only arrays)."""
    def make():
        P, v = projection(spec)
        _frozen(P, v)
        return P, v
    return _shared(("view",) + _view_key(spec), make)


def hidden_edges(spec: SolidSpec) -> list[tuple[int, int]]:
    """Edges of a polyhedron hidden from the viewer: every adjacent face faces away."""
    poly, edges = shared_model(spec)
    _, v = shared_projection(spec)
    away = poly.normals @ v < -1e-9
    return sorted(e for e, fs in edges.items() if all(away[f] for f in fs))


def measure_edges(spec: SolidSpec) -> dict[str, tuple[int, int]]:
    """The edge that carries each edge-type measurement label: a visible edge, preferably on
    the outline (labels then sit outside the figure); ``slant`` (pyramid) is the base edge of
    the lateral face that carries the drawn slant height. Vertex indices as in ``polyhedron``.
    Depends only on the view, so captions can name the same edges the drawing labels."""
    if spec.kind in ROUND_KINDS:
        return {}
    # a pyramid's choice also depends on whether the base edge and the slant height are drawn
    flags = (("base_edge" in spec.shown, "slant" in set(spec.shown) | set(spec.extras))
             if spec.kind == "pyramid" else ())
    return dict(_shared(("edges", _model_key(spec), _view_key(spec)) + flags,
                        lambda: _measure_edges(spec)))


def _edge_axes(spec: SolidSpec) -> dict[tuple[int, int], tuple[bool, bool, bool]]:
    """Per edge of the model, whether it runs along x, y and z (within 0.99 of its length):
    computed once per model, as every view of it asks the same."""
    def make():
        poly, edges = shared_model(spec)
        out = {}
        for e in edges:
            d = poly.verts[e[1]] - poly.verts[e[0]]
            length = float(np.linalg.norm(d))
            out[e] = tuple(abs(float(d[axis])) > 0.99 * length for axis in range(3))
        return out
    return _shared(("axes",) + _model_key(spec), make)


def _measure_edges(spec: SolidSpec) -> dict[str, tuple[int, int]]:
    poly, edges = shared_model(spec)
    P, v = shared_projection(spec)
    # Python floats and bools (the same values): read element by element below
    p2 = (poly.verts @ P.T).tolist()
    facing = (poly.normals @ v).tolist()
    away = [f < -1e-9 for f in facing]
    hidden = {e for e, fs in edges.items() if all(away[f] for f in fs)}
    sil = {e for e, fs in edges.items() if e not in hidden and any(away[f] for f in fs)}
    n = poly.n_base

    axes = _edge_axes(spec)

    def along(e, axis: int) -> bool:
        return axes[e][axis]

    def pick(cands, score):
        return max(cands, key=lambda e: (e not in hidden, e in sil, round(score(e), 9)))

    def low(e):  # lower on the screen is better
        return -(p2[e[0]][1] + p2[e[1]][1])

    def right(e):
        return p2[e[0]][0] + p2[e[1]][0]

    base_edges = [e for e in edges if e[0] < n and e[1] < n]
    out: dict[str, tuple[int, int]] = {}
    k = spec.kind
    if k == "cube":
        out["edge"] = pick([e for e in base_edges if along(e, 0)], low)
    elif k == "cuboid":
        out["length"] = pick([e for e in edges if along(e, 0)], low)
        out["width"] = wid = pick([e for e in edges if along(e, 1)], low)
        wx = right(wid)
        out["height"] = pick([e for e in edges if along(e, 2)], lambda e: abs(right(e) - wx))
    elif k == "prism":
        out["base_edge"] = pick(base_edges, low)
        out["height"] = pick([e for e in edges if along(e, 2)], right)
    else:  # pyramid: faces[1 + i] is the lateral face on base edge (i, i + 1)
        out["base_edge"] = be = pick(base_edges, low)
        out["lateral_edge"] = pick([e for e in edges if poly.apex in e], right)

        def score(fi):
            f = poly.faces[fi]
            on_label = tuple(sorted(f[:2])) == be and "base_edge" in spec.shown
            return (facing[fi] > 1e-9, not on_label, round(facing[fi], 9))

        fi = max(range(1, n + 1), key=score)
        out["slant"] = sl = tuple(sorted(poly.faces[fi][:2]))
        if sl == be and "base_edge" in spec.shown and \
                "slant" in set(spec.shown) | set(spec.extras):
            # the slant height's foot would meet the base label at its midpoint: label
            # another base edge
            out["base_edge"] = pick([e for e in base_edges if e != sl], low)
    return out


def vertex_slots(spec: SolidSpec) -> list[str]:
    """What each entry of ``vertex_names`` names (for validation and captions)."""
    if spec.kind == "cylinder":
        return ["bottom centre", "top centre"]
    if spec.kind == "cone":
        return ["apex", "base centre"]
    if spec.kind == "sphere":
        return ["centre"]
    n = len(base_polygon(spec))
    if spec.kind == "pyramid":
        return ["base vertex"] * n + ["apex"]
    return ["bottom vertex"] * n + ["top vertex"] * n


# ----------------------------------------------------------------------------- measurements


def dimensions(spec: SolidSpec) -> dict[str, float]:
    """Every length of the solid that a caption or question may name (rounded to 6 places)."""
    k, a, h, r = spec.kind, spec.a, spec.height, spec.radius
    d: dict[str, float] = {}
    if k == "cube":
        d = {"edge": a, "face_diagonal": a * math.sqrt(2), "space_diagonal": a * math.sqrt(3)}
    elif k == "cuboid":
        d = {"length": a, "width": spec.b, "height": spec.c,
             "face_diagonal": math.hypot(a, spec.b),
             "space_diagonal": math.sqrt(a * a + spec.b ** 2 + spec.c ** 2)}
    elif k == "cylinder":
        d = {"radius": r, "diameter": 2 * r, "height": h}
    elif k == "cone":
        d = {"radius": r, "diameter": 2 * r, "height": h, "slant": math.hypot(r, h)}
    elif k == "sphere":
        d = {"radius": r, "diameter": 2 * r}
    elif k == "pyramid":
        inr = a / 2 if spec.base == "square" else a / (2 * math.sqrt(3))
        circ = a / math.sqrt(2) if spec.base == "square" else a / math.sqrt(3)
        d = {"base_edge": a, "height": h, "slant": math.hypot(h, inr),
             "lateral_edge": math.hypot(h, circ)}
    elif k == "prism":
        d = {"base_edge": a, "height": h}
    return {key: round(float(v), 6) for key, v in d.items()}


def base_area(spec: SolidSpec) -> float:
    if spec.kind in ("cube", "cuboid") or spec.base == "square":
        return spec.a * (spec.b if spec.kind == "cuboid" else spec.a)
    if spec.base == "triangle":
        return math.sqrt(3) / 4 * spec.a ** 2
    if spec.base == "hexagon":
        return 3 * math.sqrt(3) / 2 * spec.a ** 2
    return math.pi * spec.radius ** 2


def measures(spec: SolidSpec) -> dict[str, float]:
    """Volume and surface areas by the textbook formulas; ``*_pi`` are the coefficients of pi
    for round solids (V = 12π)."""
    k, a, h, r = spec.kind, spec.a, spec.height, spec.radius
    out: dict[str, float] = {}
    if k == "cube":
        out = {"volume": a ** 3, "lateral_area": 4 * a * a, "total_area": 6 * a * a}
    elif k == "cuboid":
        b, c = spec.b, spec.c
        out = {"volume": a * b * c, "lateral_area": 2 * (a + b) * c,
               "total_area": 2 * (a * b + b * c + c * a)}
    elif k == "cylinder":
        pi = {"volume": r * r * h, "lateral_area": 2 * r * h, "total_area": 2 * r * h + 2 * r * r}
    elif k == "cone":
        sl = math.hypot(r, h)
        pi = {"volume": r * r * h / 3, "lateral_area": r * sl, "total_area": r * sl + r * r}
    elif k == "sphere":
        pi = {"volume": 4 * r ** 3 / 3, "lateral_area": 4 * r * r, "total_area": 4 * r * r}
    elif k == "pyramid":
        nb = len(base_polygon(spec))
        sl = dimensions(spec)["slant"]
        lat = nb * a * sl / 2
        out = {"volume": base_area(spec) * h / 3, "lateral_area": lat,
               "total_area": lat + base_area(spec)}
    elif k == "prism":
        nb = len(base_polygon(spec))
        out = {"volume": base_area(spec) * h, "lateral_area": nb * a * h,
               "total_area": nb * a * h + 2 * base_area(spec)}
    if k in ROUND_KINDS:
        out = {key: math.pi * v for key, v in pi.items()}
        out.update({f"{key}_pi": round(v, 6) for key, v in pi.items()})
    out["base_area"] = base_area(spec) if k != "sphere" else 0.0
    return {key: round(float(v), 6) for key, v in out.items()}


def measure_value(spec: SolidSpec, m: str) -> float:
    return dimensions(spec)[m]


def label_text(spec: SolidSpec, m: str) -> str:
    """The label drawn for measurement ``m``: "5", "5 cm", "h = 5" or "h"."""
    sym = "c" if (spec.kind, m) == ("cuboid", "height") else SYMBOLS[m]
    if spec.label_style == "symbol":
        return sym
    val = fmt_num(measure_value(spec, m)) + (f" {spec.unit}" if spec.unit else "")
    return f"{sym} = {val}" if spec.label_style == "named" else val


def solid_name(spec: SolidSpec) -> str:
    """Textbook name: "cube ABCD-EFGH", "pyramid P-ABCD", "cone" ..."""
    names = spec.vertex_names
    if not names or spec.kind in ROUND_KINDS:
        return ""
    n = len(base_polygon(spec))
    if spec.kind == "pyramid":
        return f"{names[n]}-{''.join(names[:n])}"
    return f"{''.join(names[:n])}-{''.join(names[n:])}"


def kind_words(spec: SolidSpec) -> str:
    """The solid's name with every property an answer relies on: the pyramids and prisms
    drawn are regular (a regular base; the apex above its centre, or upright lateral edges)."""
    if spec.kind == "pyramid":
        return f"regular {'square' if spec.base == 'square' else 'triangular'} pyramid"
    if spec.kind == "prism":
        return f"regular {'triangular' if spec.base == 'triangle' else 'hexagonal'} prism"
    return spec.kind


def solid_facts(spec: SolidSpec) -> dict:
    validate(spec)
    f: dict = {"kind": spec.kind, "base": spec.base, "solid": kind_words(spec),
               "name": solid_name(spec), "projection": spec.projection,
               "view_angle": spec.view_angle,
               "dimensions": dimensions(spec)}
    if spec.projection == "orthographic" or spec.kind == "sphere":
        f["elevation"] = spec.elevation
    f.update(measures(spec))
    if spec.kind in ROUND_KINDS:
        f["curved_surfaces"] = 1
        f["flat_faces"] = {"cylinder": 2, "cone": 1, "sphere": 0}[spec.kind]
        f["dashed"] = ("back half of the equator" if spec.kind == "sphere"
                       else "back part of the base circle")
    else:
        poly = polyhedron(spec)
        edges = poly_edges(poly)
        f["faces"], f["edges"], f["vertices"] = len(poly.faces), len(edges), len(poly.verts)
        hid = hidden_edges(spec)
        f["hidden_edge_count"] = len(hid)
        if spec.vertex_names:
            nm = spec.vertex_names
            f["hidden_edges"] = [nm[i] + nm[j] for i, j in hid]
            f["label_edges"] = {m: nm[i] + nm[j] for m, (i, j) in measure_edges(spec).items()
                                if m in spec.shown and m != "slant"}
    f["vertex_names"] = list(spec.vertex_names)
    f["point_roles"] = dict(zip(spec.vertex_names, vertex_slots(spec)))
    f["shown"] = list(spec.shown)
    f["labels"] = {m: label_text(spec, m) for m in spec.shown}
    f["extras"] = list(spec.extras)
    f["unit"] = spec.unit
    if spec.note:
        f["note"] = spec.note
    return f
