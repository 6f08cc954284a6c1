"""Layouts, geometry checks and drawing of the "graph" family.

Why here: the sampler needs the same geometry as the painter (segment-to-node clearance, edge
crossings) to promise that no edge passes through a node it does not join, and the painter needs
default layouts for specs that callers build by hand without positions.

    python -m pytest -q tests/renderers/test_graph.py
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from renderers.canvas import PALETTE, Canvas
from renderers.text import fmt_num, font_px

Pt = tuple[float, float]
LAYOUTS = ("circular", "layered", "grid", "free")


# ----------------------------------------------------------------------------- geometry


def seg_point_dist(a: Pt, b: Pt, p: Pt) -> float:
    """Distance from point p to segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def segments_cross(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    """True when segments ab and cd cross at a point inside both (shared ends do not count)."""
    def orient(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    if {a, b} & {c, d}:
        return False
    d1, d2 = orient(c, d, a), orient(c, d, b)
    d3, d4 = orient(a, b, c), orient(a, b, d)
    return d1 * d2 < 0 and d3 * d4 < 0


def edge_clear(pos: Sequence[Pt], u: int, v: int, clearance: float) -> bool:
    """No node other than u and v lies within ``clearance`` of the segment u-v."""
    return all(seg_point_dist(pos[u], pos[v], pos[k]) >= clearance
               for k in range(len(pos)) if k not in (u, v))


# ----------------------------------------------------------------------------- layouts


def circular_positions(n: int) -> list[list[float]]:
    """Evenly on a circle, the first node at the top, then clockwise."""
    out = []
    for i in range(n):
        a = math.radians(90 - 360.0 * i / n)
        out.append([round(0.5 + 0.5 * math.cos(a), 6), round(0.5 + 0.5 * math.sin(a), 6)])
    return out


def grid_positions(n: int, cols: int) -> list[list[float]]:
    cols = cols or math.ceil(math.sqrt(n))
    rows = math.ceil(n / cols)
    gap = 1.0 / max(cols - 1, rows - 1, 1)  # square cells: equal spacing both ways
    return [[round((i % cols) * gap, 6), round((rows - 1 - i // cols) * gap, 6)]
            for i in range(n)]


def layered_positions(layers: Sequence[int]) -> list[list[float]]:
    """Rows by layer (0 at the top), nodes of a layer spread evenly in index order."""
    depth = max(layers) if layers else 0
    rows: dict[int, list[int]] = {}
    for i, d in enumerate(layers):
        rows.setdefault(d, []).append(i)
    out = [[0.5, 0.5] for _ in layers]
    for d, members in rows.items():
        for k, i in enumerate(members):
            out[i] = [(k + 0.5) / len(members) if len(members) > 1 else 0.5,
                      1.0 - d / depth if depth else 0.5]
    return out


def bfs_layers(n: int, edges: Sequence[tuple[int, int]]) -> list[int]:
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    depth = [-1] * n
    for s in range(n):  # every component from its first node, all roots on the top row
        if depth[s] >= 0:
            continue
        depth[s] = 0
        queue = [s]
        for x in queue:
            for y in adj[x]:
                if depth[y] < 0:
                    depth[y] = depth[x] + 1
                    queue.append(y)
    return depth


def layout_positions(spec) -> list[Pt]:
    """The unit-square positions a spec is drawn at (its own, else its layout's default)."""
    n = len(spec.nodes)
    if spec.positions and len(spec.positions) == n:
        return [(float(p[0]), float(p[1])) for p in spec.positions]
    if spec.layout == "grid":
        pos = grid_positions(n, spec.grid_cols)
    elif spec.layout == "layered":
        layers = spec.layers if len(spec.layers) == n else \
            bfs_layers(n, [(e.u, e.v) for e in spec.edges])
        pos = layered_positions(layers)
    else:
        pos = circular_positions(n)
    return [(p[0], p[1]) for p in pos]


# ----------------------------------------------------------------------------- drawing


def _rgb(c: Any) -> tuple[int, int, int]:
    c = PALETTE.get(c, c) if isinstance(c, str) else c
    if isinstance(c, str):
        from PIL import ImageColor

        return ImageColor.getrgb(c)[:3]
    return tuple(int(v) for v in c)[:3]


def node_radius(cv: Canvas, labels: Sequence[str]) -> tuple[float, int]:
    px = font_px(cv.width, 0.82)
    w = max((cv.text_size(t, px, "bold")[0] for t in labels), default=0.0)
    return max(0.046 * cv.width, 0.5 * w + 3.5 * cv.unit, 0.62 * px + 2 * cv.unit), px


def draw_graph(spec, cv: Canvas) -> None:
    W, H = cv.width, cv.height
    r, px = node_radius(cv, spec.nodes)
    pos = layout_positions(spec)
    m = r + 0.9 * font_px(W, 0.75) + 3 * cv.unit  # room for weights of edges along the rim
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    sx = (W - 2 * m) / max(max(xs) - min(xs), 1e-9) if len(pos) > 1 else 1.0
    sy = (H - 2 * m) / max(max(ys) - min(ys), 1e-9) if len(pos) > 1 else 1.0
    s = min(sx, sy)
    cx0, cy0 = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    P = [(W / 2 + s * (x - cx0), H / 2 - s * (y - cy0)) for x, y in pos]
    col = _rgb(spec.node_color)
    edge_col = (55, 55, 55)
    pairs = {(e.u, e.v) for e in spec.edges}
    mids = []
    for e in spec.edges:
        a, b = P[e.u], P[e.v]
        dx, dy = b[0] - a[0], b[1] - a[1]
        L = math.hypot(dx, dy) or 1.0
        ux, uy = dx / L, dy / L
        nx, ny = -uy, ux
        off = 0.0
        if spec.directed and (e.v, e.u) in pairs:  # two opposite arcs: shift each to its side
            off = 0.28 * r
        a2 = (a[0] + nx * off, a[1] + ny * off)
        b2 = (b[0] + nx * off, b[1] + ny * off)
        if spec.directed:
            cut_a = math.sqrt(max(r * r - off * off, 0.0))
            start = (a2[0] + ux * cut_a, a2[1] + uy * cut_a)
            end = (b2[0] - ux * (cut_a + 1.0 * cv.unit), b2[1] - uy * (cut_a + 1.0 * cv.unit))
            cv.arrow(start, end, color=edge_col, width=1.8, head=10.0)
        else:
            cv.line([a2, b2], color=edge_col, width=2.0)
        mids.append(((a2[0] + b2[0]) / 2, (a2[1] + b2[1]) / 2, nx, ny))
    fill = tuple(int(round(255 - (255 - v) * 0.28)) for v in col)
    outline = tuple(int(v * 0.6) for v in col)
    for p in P:
        cv.circle(p, r, fill=fill, outline=outline, width=2.0, ink="fill")
    for p, t in zip(P, spec.nodes):
        cv.text(p, t, px=px, anchor="mm", kind="bold", color=(15, 15, 15))
    if spec.weighted:
        wpx = font_px(W, 0.82)
        gx, gy = sum(p[0] for p in P) / len(P), sum(p[1] for p in P) / len(P)
        for e, (mx, my, nx, ny) in zip(spec.edges, mids):
            # prefer the side of the edge facing away from the drawing's centre
            if (mx - gx) * nx + (my - gy) * ny < 0:
                nx, ny = -nx, -ny
            cv.label((mx, my), fmt_num(e.weight), px=wpx, prefer=(nx, ny),
                     dist=0.12 * wpx, color=(170, 20, 20))
