"""DynaMath "plane geometry" helpers every plane-geometry seed module shares: vertex-name
sets, rotations, and independent measurement of a built figure.

The seeds' ``check`` methods measure the figure that ``renderers.plane_geometry.spec.build_model`` builds
(angles from coordinates, lengths, areas and centroids by Green's theorem with Gauss-Legendre
quadrature over its straight and curved boundary pieces), a different path from the formula in
``answer``.

    python -m pytest -q tests/engines/dynamath/test_seeds_plane_geometry.py
"""
from __future__ import annotations

import math
from collections import Counter

import numpy as np

from renderers.plane_geometry.spec import Model, Piece, PlaneGeometrySpec, angle_at, build_model
from renderers.spec import rng_choice
from renderers.text import half_up

TOPIC = "plane geometry"
NAME_SETS = ("ABCD", "PQRS", "KLMN", "DEFG", "WXYZ", "EFGH")

# ----------------------------------------------------------------------------- helpers


def pick_names(rng: np.random.Generator, k: int) -> list[str]:
    """k vertex letters from one of the usual textbook sets (symbolic substitution)."""
    return list(rng_choice(rng, NAME_SETS)[:k])


def pick_rotation(rng: np.random.Generator, p_upright: float = 0.3) -> float:
    """Upright now and then (as in a textbook), otherwise any orientation."""
    return 0.0 if rng.random() < p_upright else half_up(float(rng.uniform(0.0, 360.0)), 1)


def corner(names: list[str], i: int) -> str:
    """Angle key of vertex i of a polygon: previous, vertex, next ("DAB" for A of ABCD); for a
    triangle the two others in name order ("BAC", "ABC", "ACB")."""
    if len(names) == 3:
        others = [n for j, n in enumerate(names) if j != i]
        return others[0] + names[i] + others[1]
    return names[i - 1] + names[i] + names[(i + 1) % len(names)]


def model_angle(spec: PlaneGeometrySpec, key: str) -> float:
    P = build_model(spec).points
    return angle_at(P[key[0]], P[key[1]], P[key[2]])


def model_length(spec: PlaneGeometrySpec, key: str) -> float:
    P = build_model(spec).points
    return math.dist(P[key[0]], P[key[1]])


_GX, _GW = np.polynomial.legendre.leggauss(32)
_T, _W = (_GX + 1) / 2, _GW / 2


def path_integrals(path: list[tuple]) -> tuple[float, float, float, float]:
    """Area, first moments (integral of x dA, of y dA) and length of a closed boundary made of
    ("seg", P, Q) and ("arc", centre, r, deg0, deg1) pieces, by Green's theorem with 32-point
    Gauss-Legendre quadrature (exact for segments, to rounding error for arcs up to 360 deg).
    The orientation of the path does not matter."""
    A = Sx = Sy = L = 0.0
    for piece in path:
        if piece[0] == "seg":
            (x0, y0), (x1, y1) = piece[1], piece[2]
            x, y = x0 + _T * (x1 - x0), y0 + _T * (y1 - y0)
            dx, dy = np.full_like(_T, x1 - x0), np.full_like(_T, y1 - y0)
        else:
            (cx, cy), r, a0, a1 = piece[1:]
            t0, t1 = math.radians(a0), math.radians(a1)
            th = t0 + _T * (t1 - t0)
            x, y = cx + r * np.cos(th), cy + r * np.sin(th)
            dx, dy = -r * np.sin(th) * (t1 - t0), r * np.cos(th) * (t1 - t0)
        A += float(np.sum(_W * (x * dy - y * dx))) / 2
        Sx += float(np.sum(_W * x * x * dy)) / 2
        Sy -= float(np.sum(_W * y * y * dx)) / 2
        L += float(np.sum(_W * np.hypot(dx, dy)))
    if A < 0:
        A, Sx, Sy = -A, -Sx, -Sy
    return A, Sx, Sy, L


def _on_arc(c, r: float, deg: float) -> tuple[float, float]:
    return (c[0] + r * math.cos(math.radians(deg)), c[1] + r * math.sin(math.radians(deg)))


def piece_path(p: Piece) -> list[tuple]:
    """The closed boundary of one piece of a built figure."""
    if p.arc is None:
        return [("seg", a, b) for a, b in zip(p.poly, p.poly[1:] + p.poly[:1])]
    c, r, (a0, a1) = p.center, p.radius, p.arc
    arc = ("arc", c, r, a0, a1)
    if p.kind in ("circle", "incircle"):
        return [arc]
    s, e = _on_arc(c, r, a0), _on_arc(c, r, a1)
    if p.kind == "sector":
        return [("seg", c, s), arc, ("seg", e, c)]
    return [arc, ("seg", e, s)]  # semicircle: arc then the diameter back


def piece_integrals(m: Model, i: int) -> tuple[float, float, float, float]:
    return path_integrals(piece_path(m.pieces[i]))


def figure_moments(m: Model) -> tuple[float, float, float]:
    """Area and first moments of the whole figure: shapes added, cut-outs subtracted
    (inscribed circles are drawn inside and do not change the figure)."""
    A = Sx = Sy = 0.0
    for i, p in enumerate(m.pieces):
        if p.sign:
            a, sx, sy, _ = piece_integrals(m, i)
            A, Sx, Sy = A + p.sign * a, Sx + p.sign * sx, Sy + p.sign * sy
    return A, Sx, Sy


def outline_length(m: Model) -> float:
    """Length of the figure's outer boundary: straight edges that belong to exactly one piece
    and carry nothing, plus every arc (measured by quadrature of its speed)."""
    cnt = Counter(e for p in m.pieces for e in p.edges)
    total = sum(math.dist(m.points[e[0]], m.points[e[1]]) for e, k in cnt.items()
                if k == 1 and e not in m.used)
    for p in m.pieces:
        if p.arc is not None and p.sign != 0:
            total += path_integrals([("arc", p.center, p.radius, *p.arc)])[3]
    return total


def integer_angle_triangle(A: float, B: float, ab: float = 10.0) -> dict[str, float]:
    """Params of a "scalene_triangle" (AB, AC, angle A) whose angles at A and B are given."""
    C = 180.0 - A - B
    return {"a": ab, "b": ab * math.sin(math.radians(B)) / math.sin(math.radians(C)),
            "angle": float(A)}


__all__ = ["TOPIC", "pick_names", "pick_rotation", "corner", "model_angle", "model_length",
           "path_integrals", "piece_integrals", "figure_moments", "outline_length",
           "integer_angle_triangle"]
