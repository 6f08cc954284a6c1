"""Drawing helpers every scientific figure shares: colours, hatched walls, zigzags, dimension
arrows and the pixel frame a figure is drawn in.

    python -m pytest -q tests/renderers/test_scientific.py
"""
from __future__ import annotations

import math

from renderers.canvas import PALETTE, Canvas, Point
from renderers.text import font_px


INK = (30, 30, 30)


WIRE = 2.0


Frame = tuple[float, float, float, float]


def col(name) -> tuple:
    return PALETTE.get(name, name) if isinstance(name, str) else tuple(name)


def light(name, t: float = 0.72) -> tuple:
    r, g, b = col(name)
    return (int(r + (255 - r) * t), int(g + (255 - g) * t), int(b + (255 - b) * t))


def add(a: Point, b: Point, k: float = 1.0) -> Point:
    return (a[0] + k * b[0], a[1] + k * b[1])


def hatch(c: Canvas, a: Point, b: Point, side: Point, n: int | None = None) -> None:
    """A wall / floor / ceiling: the line a-b with short slanted strokes towards ``side``."""
    c.line([a, b], color=INK, width=2.2)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    n = n or max(4, int(length / (9 * c.unit)))
    s = 7 * c.unit
    for i in range(n + 1):
        p = add(a, (b[0] - a[0], b[1] - a[1]), i / n)
        q = (p[0] + s * side[0] + s * 0.7 * side[1], p[1] + s * side[1] - s * 0.7 * side[0])
        c.line([p, q], color=INK, width=1.1)


def zigzag(a: Point, b: Point, peaks: int, amp: float, stub: float = 0.12) -> list[Point]:
    """Resistor / spring polyline from a to b: straight stubs, then ``peaks`` half-waves."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    pts = [a]
    t0, t1 = stub, 1 - stub
    pts.append(add(a, (dx, dy), t0))
    for i in range(peaks):
        t = t0 + (t1 - t0) * (i + 0.5) / peaks
        s = amp if i % 2 == 0 else -amp
        p = add(a, (dx, dy), t)
        pts.append((p[0] + nx * s, p[1] + ny * s))
    pts.append(add(a, (dx, dy), t1))
    pts.append(b)
    return pts


def double_arrow(c: Canvas, a: Point, b: Point, color=INK, width: float = 1.3) -> None:
    m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    c.arrow(m, a, color=color, width=width, head=7)
    c.arrow(m, b, color=color, width=width, head=7)


def dashed_arrow(c: Canvas, a: Point, b: Point, color, width: float = 2.2) -> None:
    c.line([a, b], color=color, width=width, dash=(6, 4))
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    k = min(1.0, 10 * c.unit / d)
    c.arrow(add(b, (a[0] - b[0], a[1] - b[1]), k), b, color=color, width=width, head=11)


def label_px(c: Canvas, scale: float = 0.9) -> int:
    return font_px(c.width, scale)
