"""Independent re-check of plane_geometry problems, from the problem's vision spec alone.

The re-check never looks at the chain: it rebuilds the figure's coordinates from the
problem's vision spec and measures the target numerically: distances and angles from
coordinates; areas and perimeters by walking the boundary of the region (every densely
sampled outline segment whose two sides differ in membership), with Green's theorem for the
area; arcs as dense polylines.

    python -c "import numpy as np; from engines.mavis.plane_geometry.recheck import recheck; \
from engines.mavis.plane_geometry.problem import make_problem; \
p = make_problem(np.random.default_rng(3)); print(p.stem, p.answer, recheck(p))"
"""
from __future__ import annotations

import math

import numpy as np

from engines.mavis.problem import Problem
from engines.mavis.registry import rechecker
from renderers.plane_geometry.spec import Model, angle_at, build_model

STEP = 0.25  # degrees between samples of an arc in the re-check


def _inside(m: Model, i: int, X: np.ndarray, Y: np.ndarray) -> np.ndarray:
    """Membership of points in piece i, from its coordinates only."""
    p = m.pieces[i]
    if p.arc is None:
        poly = np.array(p.poly)
        s = 1.0 if _area2(poly) > 0 else -1.0
        ok = np.ones(X.shape, bool)
        for (ax, ay), (bx, by) in zip(poly, np.roll(poly, -1, axis=0)):
            ok &= s * ((bx - ax) * (Y - ay) - (by - ay) * (X - ax)) > 0
        return ok
    cx, cy = p.center
    # the dense outline is an inscribed polygon: its chords' midpoints lie at r·cos(step / 2)
    r = p.radius * math.cos(math.radians(_arc(p)[1] / 2))
    ok = (X - cx) ** 2 + (Y - cy) ** 2 < r * r
    if p.kind == "sector":
        (ax, ay), (bx, by) = (np.array(q) - (cx, cy) for q in p.poly[1:])
        ok &= (ax * (Y - cy) - ay * (X - cx) > 0) & ((X - cx) * by - (Y - cy) * bx > 0)
    elif p.kind.startswith("semicircle"):
        mid = math.radians((p.arc[0] + p.arc[1]) / 2)
        ok &= (X - cx) * math.cos(mid) + (Y - cy) * math.sin(mid) > 0
    return ok


def _area2(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def _arc(p) -> tuple[list, float]:
    """Points of a piece's arc, about STEP degrees apart, and the exact step used."""
    span = p.arc[1] - p.arc[0]
    n = max(2, int(round(abs(span) / STEP)))
    t = np.radians(p.arc[0] + span * np.arange(n + 1) / n)
    cx, cy = p.center
    return list(zip(cx + p.radius * np.cos(t), cy + p.radius * np.sin(t))), abs(span) / n


def _dense(m: Model, i: int) -> np.ndarray:
    """Closed outline of piece i: arcs every ``step`` degrees, straight parts in 8 pieces
    (so that a side shared by two shapes is cut at the same points in both)."""
    p = m.pieces[i]
    if p.arc is None:
        c = list(p.poly)
        parts = [(a, b, True) for a, b in zip(c, c[1:] + c[:1])]
    else:
        arc = _arc(p)[0]
        parts = [(a, b, False) for a, b in zip(arc, arc[1:])]
        if p.kind == "sector":
            parts = [(p.center, arc[0], True)] + parts + [(arc[-1], p.center, True)]
        elif p.kind.startswith("semicircle"):
            parts.append((arc[-1], arc[0], True))
    out = []
    for a, b, straight in parts:
        n = 8 if straight else 1
        out += [(a[0] + (b[0] - a[0]) * t / n, a[1] + (b[1] - a[1]) * t / n) for t in range(n)]
    return np.array(out)


def _boundary(m: Model, member) -> tuple[float, float]:
    """(length, area) of the region {member == 1}: boundary segments are the outline
    segments whose two sides differ; area by Green's theorem over them."""
    segs = []
    for i in range(len(m.pieces)):
        d = _dense(m, i)
        segs.append(np.concatenate([d, np.roll(d, -1, axis=0)], axis=1))
    S = np.concatenate(segs)
    scale = float(np.abs(S).max()) or 1.0
    mid = (S[:, :2] + S[:, 2:]) / 2
    key = np.round(mid / (1e-6 * scale)).astype(np.int64)
    _, first = np.unique(key, axis=0, return_index=True)
    S, mid = S[np.sort(first)], mid[np.sort(first)]
    d = S[:, 2:] - S[:, :2]
    ln = np.hypot(d[:, 0], d[:, 1])
    keep = ln > 0
    S, mid, d, ln = S[keep], mid[keep], d[keep], ln[keep]
    nrm = np.stack([-d[:, 1], d[:, 0]], axis=1) / ln[:, None] * (1e-9 * scale)
    left = member(mid[:, 0] + nrm[:, 0], mid[:, 1] + nrm[:, 1]).astype(float)
    right = member(mid[:, 0] - nrm[:, 0], mid[:, 1] - nrm[:, 1]).astype(float)
    diff = left - right
    cross = S[:, 0] * S[:, 3] - S[:, 2] * S[:, 1]
    return float(np.sum(ln * (diff != 0))), float(np.sum(diff * cross) / 2)


def _union(m: Model):
    def member(X, Y):
        inside = np.zeros(X.shape, bool)
        for i, p in enumerate(m.pieces):
            if p.sign > 0:
                inside |= _inside(m, i, X, Y)
        for i, p in enumerate(m.pieces):
            if p.sign < 0:
                inside &= ~_inside(m, i, X, Y)
        return inside
    return member


def _painted(m: Model):
    """Shaded membership by the painter's order the renderer uses."""
    def member(X, Y):
        v = np.zeros(X.shape, bool)
        for i, p in enumerate(m.pieces):
            if p.sign > 0 and p.shaded:
                v |= _inside(m, i, X, Y)
        for i, p in enumerate(m.pieces):
            par = m.pieces[p.parent] if p.parent >= 0 else None
            if (p.sign < 0 and par.shaded) or (p.sign == 0 and (p.shaded or par.shaded)):
                hit = _inside(m, i, X, Y)
                v = np.where(hit, p.sign == 0 and p.shaded, v)
        return v
    return member


@rechecker("plane_geometry")
def recheck(problem: Problem) -> float:
    spec = problem.vision_spec
    m = build_model(spec)
    P = m.points
    t = problem.tags["target"]
    if t in ("length", "diagonal", "shared_side"):
        k = problem.tags["key"]
        return math.dist(P[k[0]], P[k[1]])
    if t == "angle":
        k = problem.tags["key"]
        return angle_at(P[k[0]], P[k[1]], P[k[2]])
    if t in ("area", "perimeter"):
        length, area = _boundary(m, _union(m))
        return area if t == "area" else length
    if t == "shaded_area":
        return _boundary(m, _painted(m))[1]
    if t in ("area_difference", "area_sum"):
        a, b = (abs(_area2(_dense(m, i))) / 2 for i in problem.tags["pieces"])
        return a - b if t == "area_difference" else a + b
    i = problem.tags["piece"]
    p = m.pieces[i]
    d = _dense(m, i)
    if t == "piece_area":
        return abs(_area2(d)) / 2
    if t == "piece_perimeter":
        return float(np.sum(np.hypot(*(np.roll(d, -1, axis=0) - d).T)))
    if t == "arc_length":
        a = np.array(_arc(p)[0])
        return float(np.sum(np.hypot(*(a[1:] - a[:-1]).T)))
    if t == "radius":
        if p.kind == "incircle":  # distance from the centre to the nearest side of its host
            host = m.pieces[p.parent].poly
            c = p.center
            return min(abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))
                       / math.dist(a, b) for a, b in zip(host, host[1:] + host[:1]))
        a, b = (P[c] for c in p.side)
        return math.dist(a, b) / 2
    raise ValueError(f"plane_geometry recheck: unknown target {t!r}")
