"""DynaMath "solid geometry" helpers every solid-geometry seed module shares: viewpoints,
the solid spec of a params dict, and independent measures of the drawn solid.

``mesh_volume`` and ``mesh_area`` measure polyhedra on the renderer's 3-D mesh (tetrahedra and
triangles); ``revolve`` integrates round solids by Gauss-Legendre quadrature of the solid of
revolution. The seeds' ``check`` methods use them instead of the textbook formulas.

    python -m pytest -q tests/engines/dynamath/test_seeds_solid_geometry.py
"""
from __future__ import annotations

import math

import numpy as np

from renderers.solid_geometry.draw import drawn_clash
from renderers.solid_geometry.sample import settle_view
from renderers.solid_geometry.spec import SolidSpec, polyhedron
from renderers.spec import rng_choice

TOPIC = "solid geometry"
ELEM, HIGH, UNI = "elementary school", "high school", "undergraduate"
COLORS = ("blue", "green", "orange", "purple", "red", "cyan", "gray")
ROUND2 = "Round your answer to two decimal places."


def poly_view(rng: np.random.Generator, base: str = "") -> dict:
    """A viewpoint for a polyhedron: oblique (receding axis at 30-150 degrees) or orthographic
    (azimuth either side). Triangle and hexagon bases are drawn orthographically at safe
    azimuths: their faces turn edge-on near +-30 degrees, an oblique hexagon always shows a
    sliver face, and an oblique triangular pyramid can flatten into a single triangle."""
    if base not in ("triangle", "hexagon") and rng.random() < 0.5:
        return {"projection": "oblique",
                "view_angle": float(rng_choice(rng, (30, 40, 45, 135, 140, 150))),
                "elevation": 20.0, "depth_ratio": float(rng_choice(rng, (0.5, 0.6)))}
    if base in ("triangle", "hexagon"):
        az = float(rng_choice(rng, (12, 15, 18, 42, 45, 48)))
    else:
        az = float(rng.integers(18, 36))  # clear of a cube's diagonal at 45 degrees
    return {"projection": "orthographic", "view_angle": az * (1 if rng.random() < 0.6 else -1),
            "elevation": float(rng.integers(16, 30)), "depth_ratio": 0.5}


def round_view(rng: np.random.Generator) -> dict:
    return {"projection": "orthographic",
            "view_angle": float(rng.integers(18, 36)) * (1 if rng.random() < 0.6 else -1),
            "elevation": float(rng.integers(12, 22)), "depth_ratio": 0.5}


def look(rng: np.random.Generator) -> dict:
    """Cosmetic variety: colour and shading."""
    return {"color": rng_choice(rng, COLORS), "shade": bool(rng.random() < 0.5)}


def solid(p: dict, kind: str, **kw) -> SolidSpec:
    """A SolidSpec from the params' view and look plus the given fields; a view whose picture
    would mislead (a corner on an edge, coinciding edges, a labelled midpoint crossed) is turned
    to the nearest clear one. The spec's labels are fixed here, so the picture it draws is what
    is judged (``drawn_clash``)."""
    v = p["view"]
    return settle_view(SolidSpec(kind=kind, projection=v["projection"],
                                 view_angle=v["view_angle"], elevation=v["elevation"],
                                 depth_ratio=v["depth_ratio"], color=p.get("color", "blue"),
                                 shade=p.get("shade", False), **kw), clash=drawn_clash)


# ----------------------------------------------------------------------------- independent paths


def mesh_volume(spec: SolidSpec) -> float:
    """Volume of the renderer's convex mesh: tetrahedra from the centroid to each face fan."""
    poly = polyhedron(spec)
    c = poly.verts.mean(axis=0)
    vol = 0.0
    for f in poly.faces:
        p = poly.verts[f] - c
        for i in range(1, len(f) - 1):
            vol += abs(float(np.linalg.det(np.array([p[0], p[i], p[i + 1]])))) / 6
    return vol


def mesh_area(spec: SolidSpec) -> float:
    poly = polyhedron(spec)
    area = 0.0
    for f in poly.faces:
        p = poly.verts[f]
        for i in range(1, len(f) - 1):
            area += float(np.linalg.norm(np.cross(p[i] - p[0], p[i + 1] - p[0]))) / 2
    return area


_GL = np.polynomial.legendre.leggauss(48)


def revolve(kind: str, r: float, h: float = 0.0) -> tuple[float, float]:
    """(volume, total surface area) of a cylinder / cone / sphere as a solid of revolution,
    by Gauss-Legendre quadrature of pi*rho^2 and 2*pi*rho*sqrt(1 + rho'^2) along the axis."""
    H = 2 * r if kind == "sphere" else h
    z = H / 2 * (_GL[0] + 1)
    w = H / 2 * _GL[1]
    if kind == "cylinder":
        rho, d = np.full_like(z, r), np.zeros_like(z)
        flat = 2 * math.pi * r * r
    elif kind == "cone":
        rho, d = r * (1 - z / H), np.full_like(z, -r / H)
        flat = math.pi * r * r
    else:
        rho = np.sqrt(np.maximum(r * r - (z - r) ** 2, 0.0))
        d = -(z - r) / rho
        flat = 0.0
    vol = math.pi * float(w @ rho ** 2)
    area = 2 * math.pi * float(w @ (rho * np.sqrt(1 + d * d))) + flat
    return vol, area
