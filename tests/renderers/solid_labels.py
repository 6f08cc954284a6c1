"""The label check of solid- and plane-geometry images, written apart from the placers it
checks (each family's ``label_layout``): each measurement label is nearer its own segment than
any other drawn line (or, set away from it, joined to it by a leader line that ends inside it
and on no other line), each vertex letter is nearer its own corner than any other corner, and
each angle's degrees (plane figures) lie inside that angle on the side of every line its arc is
on (or, outside the whole figure, joined to the arc by a leader). Shared by the renderer, MAVIS
and DynaMath tests.

    python -m pytest -q tests/renderers/test_solid_geometry.py -k label
"""
from __future__ import annotations

import math

from renderers import get_family

SIZES = (224, 336, 1024)


def _dist(p, a, b) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    L = ax * ax + ay * ay
    t = 0.0 if L == 0 else min(1.0, max(0.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / L))
    return math.hypot(p[0] - (a[0] + t * ax), p[1] - (a[1] + t * ay))


def _crossing(p, q, a, b) -> bool:
    """Whether segments pq and ab cross at a point inside both."""
    d = (q[0] - p[0]) * (b[1] - a[1]) - (q[1] - p[1]) * (b[0] - a[0])
    if d == 0:
        return False
    t = ((a[0] - p[0]) * (b[1] - a[1]) - (a[1] - p[1]) * (b[0] - a[0])) / d
    u = ((a[0] - p[0]) * (q[1] - p[1]) - (a[1] - p[1]) * (q[0] - p[0])) / d
    return 0 < t < 1 and 0 < u < 1


def _beyond_every_line(box, lines) -> bool:
    """Whether, in some direction (every half degree tried), the whole box lies further out
    than every end of every drawn line: outside the figure, over no side and in no angle."""
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
    ends = [p for s in lines for p in s]
    for k in range(720):
        t = math.radians(k / 2)
        u = (math.cos(t), math.sin(t))
        if (min(c[0] * u[0] + c[1] * u[1] for c in corners)
                > max(e[0] * u[0] + e[1] * u[1] for e in ends)):
            return True
    return False


def _angle_fault(r, size: int) -> str | None:
    """An angle label outside its angle (read by direction from the vertex), or beyond a line
    from its arc; one with a leader, a leader that does not reach the arc, or a label that
    is not outside the whole figure."""
    x0, y0, x1, y1 = r.box
    if r.leader is not None:
        start, end = r.leader
        if math.dist(end, r.anchor) > 0.5:
            return f"{size}px angle {r.key} {r.text!r}: leader ends off its arc"
        if not (x0 - 1 <= start[0] <= x1 + 1 and y0 - 1 <= start[1] <= y1 + 1):
            return f"{size}px angle {r.key} {r.text!r}: leader does not start at the label"
        if not _beyond_every_line(r.box, r.others):
            return f"{size}px angle {r.key} {r.text!r}: set away inside the figure"
        return None

    def heading(p):
        return math.atan2(p[1] - r.at[1], p[0] - r.at[0])

    h1, h2 = heading(r.rays[0]), heading(r.rays[1])
    span = (h2 - h1) % (2 * math.pi)
    if span > math.pi:
        h1, span = h2, 2 * math.pi - span
    for p in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        if (heading(p) - h1) % (2 * math.pi) > span + 1e-9:
            return f"{size}px angle {r.key} {r.text!r}: outside its angle"
    c = ((x0 + x1) / 2, (y0 + y1) / 2)
    if any(_crossing(r.anchor, c, *s) for s in r.others):
        return f"{size}px angle {r.key} {r.text!r}: a line between it and its arc"
    return None


def label_faults(spec, size: int) -> list[str]:
    """Every label of ``spec`` drawn at ``size`` px that a reader could pin on the wrong line."""
    out = []
    for r in get_family(spec.family).label_layout(spec, size):
        x0, y0, x1, y1 = r.box
        c = ((x0 + x1) / 2, (y0 + y1) / 2)
        if r.kind == "angle":
            out += [f for f in [_angle_fault(r, size)] if f]
            continue
        if r.kind == "vertex":
            own = math.dist(c, r.at)
            if any(math.dist(c, o) <= own for o in r.corners):
                out.append(f"{size}px vertex {r.text}: nearer another corner")
            continue
        a, b = r.segment
        if r.leader is None:
            own = _dist(c, a, b)
            near = min((_dist(c, *s) for s in r.others), default=math.inf)
            if near <= own:
                out.append(f"{size}px {r.key} {r.text!r}: {near:.1f} px from another line, "
                           f"{own:.1f} px from its own")
            continue
        start, end = r.leader
        if _dist(end, a, b) > 0.5 or min(math.dist(end, a), math.dist(end, b)) < 2.0:
            out.append(f"{size}px {r.key} {r.text!r}: leader ends off its segment")
        if any(_dist(end, *s) < 1.0 for s in r.others):
            out.append(f"{size}px {r.key} {r.text!r}: leader ends on another line")
        if not (x0 - 1 <= start[0] <= x1 + 1 and y0 - 1 <= start[1] <= y1 + 1):
            out.append(f"{size}px {r.key} {r.text!r}: leader does not start at the label")
    return out
