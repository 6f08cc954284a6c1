"""Independent re-check of solid_geometry problems, from the problem's vision spec alone.

The problem maker uses closed formulas (V = (1/3)πr²h ...). This module never does: it builds
the solid as geometry and measures it.
- volume: Simpson's rule over cross-section areas A(z); a polyhedron's section is the convex
  hull of where its 3-D edges cross the plane z, a solid of revolution's is a disc of the
  profile radius (Simpson is exact for the quadratic A(z) of cones, pyramids and spheres).
- surface areas: the polyhedron's faces as 3-D polygons (half the norm of the summed cross
  products), or frustum bands along a finely sampled profile plus the flat discs.
- lengths: 3-D distances between points of the mesh (apex, edge midpoints, vertices).
- a dimension recovered from a volume or area: the spec's own dimension, after checking that
  the note the problem shows agrees with the measured volume / area of that solid.

    python -c "import numpy as np; from engines.mavis import registry as r; \
p = r.get_problem_maker('solid_geometry')(np.random.default_rng(0)); \
print(p.answer, r.get_rechecker('solid_geometry')(p))"
"""
from __future__ import annotations

import math
import re

import numpy as np

from engines.mavis.problem import Problem
from engines.mavis.registry import rechecker
from renderers.solid_geometry.spec import SolidSpec, poly_edges, polyhedron, solid_height

ROUND = ("cylinder", "cone", "sphere")


def _hull_area(pts: np.ndarray) -> float:
    """Area of the convex hull of 2-D points (monotone chain + shoelace)."""
    if len(pts) < 3:
        return 0.0
    p = sorted({(round(float(x), 12), round(float(y), 12)) for x, y in pts})
    if len(p) < 3:
        return 0.0

    def half(seq):
        out: list = []
        for q in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (q[1] - out[-2][1]) -
                                     (out[-1][1] - out[-2][1]) * (q[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(q)
        return out

    h = half(p)[:-1] + half(p[::-1])[:-1]
    x = np.array([q[0] for q in h])
    y = np.array([q[1] for q in h])
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def _profile_radius(spec: SolidSpec, z: float) -> float:
    """Radius of the horizontal section of a solid of revolution at height z."""
    r, h = spec.radius, spec.height
    if spec.kind == "cylinder":
        return r
    if spec.kind == "cone":
        return r * (1 - z / h)
    return math.sqrt(max(r * r - (z - r) ** 2, 0.0))  # sphere resting on z = 0


def section_area(spec: SolidSpec, z: float) -> float:
    if spec.kind in ROUND:
        return math.pi * _profile_radius(spec, z) ** 2
    poly = polyhedron(spec)
    v = poly.verts
    pts = [v[i, :2] for i in range(len(v)) if abs(v[i, 2] - z) < 1e-12]
    for i, j in poly_edges(poly):
        zi, zj = v[i, 2], v[j, 2]
        if (zi - z) * (zj - z) < 0:
            t = (z - zi) / (zj - zi)
            pts.append(v[i, :2] + t * (v[j, :2] - v[i, :2]))
    return _hull_area(np.array(pts)) if pts else 0.0


def volume_by_sections(spec: SolidSpec, n: int = 64) -> float:
    H = solid_height(spec)
    z = np.linspace(0.0, H, n + 1)
    A = np.array([section_area(spec, float(t)) for t in z])
    w = np.ones(n + 1)
    w[1:-1:2], w[2:-1:2] = 4, 2
    return float(H / (3 * n) * np.dot(w, A))


def _polygon_area_3d(p: np.ndarray) -> float:
    s = np.zeros(3)
    for i in range(len(p)):
        s += np.cross(p[i], p[(i + 1) % len(p)])
    return 0.5 * float(np.linalg.norm(s))


def surface_area(spec: SolidSpec, lateral_only: bool) -> float:
    if spec.kind in ROUND:
        return _revolution_area(spec, lateral_only)
    poly = polyhedron(spec)
    total = 0.0
    for f, nv in zip(poly.faces, poly.normals):
        if lateral_only and abs(nv[2]) > 1 - 1e-9:  # the horizontal faces are the bases
            continue
        total += _polygon_area_3d(poly.verts[f])
    return total


def _revolution_area(spec: SolidSpec, lateral_only: bool, n: int = 4000) -> float:
    """Sum of frustum bands π(ρ0 + ρ1)·(band length) along the profile, plus flat discs."""
    r = spec.radius
    if spec.kind == "sphere":
        t = np.linspace(0.0, math.pi, n + 1)
        z, rho = r - r * np.cos(t), r * np.sin(t)
    else:
        z = np.linspace(0.0, spec.height, n + 1)
        rho = np.array([_profile_radius(spec, float(q)) for q in z])
    bands = float(np.sum(math.pi * (rho[1:] + rho[:-1]) * np.hypot(np.diff(z), np.diff(rho))))
    if lateral_only or spec.kind == "sphere":
        return bands
    discs = {"cylinder": 2, "cone": 1}[spec.kind]
    return bands + discs * math.pi * r * r


def _note_value(note: str) -> float:
    m = re.search(r"=\s*(\d+(?:\.\d+)?)\s*(π)?", note)
    if not m:
        raise ValueError(f"cannot read note {note!r}")
    return float(m.group(1)) * (math.pi if m.group(2) else 1.0)


def _length(spec: SolidSpec, target: str) -> float:
    if spec.kind == "cone":
        apex, rim, centre = (np.array([0.0, 0.0, spec.height]), np.array([spec.radius, 0, 0]),
                             np.zeros(3))
        return float(np.linalg.norm(apex - (rim if target == "slant_height" else centre)))
    poly = polyhedron(spec)
    v = poly.verts
    if target == "slant_height":
        return float(np.linalg.norm(v[poly.apex] - (v[0] + v[1]) / 2))
    if target == "lateral_edge":
        return float(np.linalg.norm(v[poly.apex] - v[0]))
    pts = v if target == "space_diagonal" else v[v[:, 2] > solid_height(spec) - 1e-9]
    return max(float(np.linalg.norm(p - q)) for p in pts for q in pts)


@rechecker("solid_geometry")
def recheck(problem: Problem) -> float:
    spec: SolidSpec = problem.vision_spec
    t = problem.tags["target"]
    if t == "volume":
        return volume_by_sections(spec)
    if t in ("total_surface_area", "lateral_surface_area"):
        return surface_area(spec, lateral_only=t.startswith("lateral"))
    if t in ("slant_height", "lateral_edge", "space_diagonal", "face_diagonal"):
        return _length(spec, t)
    if t == "height_from_slant":
        return _length(spec, "height")
    # recovered from the corner note: it must state this solid's volume / area
    shown = _note_value(spec.note)
    measured = (surface_area(spec, False) if t == "edge_from_surface_area"
                else volume_by_sections(spec))
    if abs(shown - measured) > 0.006 + 1e-6 * measured:
        return float("nan")
    if t == "radius_from_volume":
        return spec.radius
    if t == "edge_from_surface_area":
        return spec.a
    return spec.c if spec.kind == "cuboid" else spec.height
