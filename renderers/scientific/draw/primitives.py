"""Drawing helpers every scientific figure shares: colours, hatched walls, zigzags, dimension
arrows and the pixel frame a figure is drawn in.

    python -m pytest -q tests/renderers/test_scientific.py
"""
from __future__ import annotations

from dataclasses import dataclass
import math

from PIL import Image, ImageDraw
import numpy as np

from renderers.canvas import PALETTE, Box, Canvas, Point, seg_dist
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


@dataclass
class Dimension:
    """A drawn dimension: the measured segment ``p0``-``p1``, the dimension line's ends ``a``,
    ``b`` (``p0``, ``p1`` moved ``offset`` px along the normal) and the box of its label."""

    p0: Point
    p1: Point
    a: Point
    b: Point
    offset: float
    box: Box


def dimension(c: Canvas, p0: Point, p1: Point, text: str, normal: Point, px: int,
              gap: float | None = None, margin: float | None = None,
              clear: float = 0.0) -> Dimension:
    """Dimension the segment p0-p1 as an engineering drawing does: extension lines from both
    ends along ``normal`` (a unit vector, pixel space), starting ``gap`` px off the object; a
    line parallel to p0-p1 between them with an arrowhead at each; ``text`` beside its middle.

    The offset is the smallest at which the lines and the label past them cover no ink and no
    label and stay ``margin`` px inside the canvas; failing that, with the label between line
    and object; failing both, the one covering the fewest pixels of ink and labels. So call it
    after what it must keep clear of and before the labels that may move (they then keep clear
    of it). ``clear`` (px): the dimension line itself keeps that much more room from ink and
    labels than the lines' own width (a line a pixel past a block's top face reads as touching
    it)."""
    u = c.unit
    gap = 3 * u if gap is None else gap
    margin = 4 * u if margin is None else margin
    over = 4 * u  # how far the extension lines reach past the dimension line
    sep = 3 * u + 1  # between the line and its label
    tw, th = c.text_size(text, px)
    half = tw / 2 * abs(normal[0]) + th / 2 * abs(normal[1])  # the label's reach along normal
    blocked = np.asarray(c.ink, dtype=bool) | c.label_mask()
    W, H = c.width, c.height
    mid = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)

    def inside(pts) -> bool:
        return all(margin <= x <= W - margin and margin <= y <= H - margin for x, y in pts)

    def hits(off: float) -> int | None:
        """Pixels of ink and labels the lines at ``off`` cover (None: outside the margin);
        the extension lines' first pixels, so close to the object, are left out."""
        lines = [(add(p, normal, gap + 2 * u), add(p, normal, off + over)) for p in (p0, p1)]
        lines.append((add(p0, normal, off), add(p1, normal, off)))
        pts = [q for ln in lines for q in ln]
        if not inside(pts):
            return None
        width = max(3, round(3 * u))
        mask = Image.new("1", (W, H), 0)
        draw = ImageDraw.Draw(mask)
        for k, ln in enumerate(lines):  # the dimension line last, widened by ``clear``
            draw.line(ln, fill=1, width=width + (round(2 * clear) if k == 2 else 0))
        # counted in the lines' box only (drawn on the whole canvas: PIL's wide lines are not
        # the same pixels when shifted, so a mask of the box alone would differ now and then)
        reach = width + math.ceil(clear)
        x0 = max(0, math.floor(min(x for x, _ in pts)) - reach)
        y0 = max(0, math.floor(min(y for _, y in pts)) - reach)
        x1 = min(W, math.ceil(max(x for x, _ in pts)) + reach + 1)
        y1 = min(H, math.ceil(max(y for _, y in pts)) + reach + 1)
        box = np.asarray(mask.crop((x0, y0, x1, y1)), dtype=bool)
        return int((box & blocked[y0:y1, x0:x1]).sum())

    offs = [gap + 6 * u + 2 * u * i for i in range(int(max(W, H) / (2 * u)))]
    line_hits: dict[float, int | None] = {}
    best = None  # (pixels covered, offset, label centre)
    for sign in (1, -1):  # the label past the line, else between line and object
        for off in offs:
            if off not in line_hits:
                line_hits[off] = hits(off)
            hit, k = line_hits[off], off + sign * (sep + half)
            ctr = add(mid, normal, k)
            box = (ctr[0] - tw / 2, ctr[1] - th / 2, ctr[0] + tw / 2, ctr[1] + th / 2)
            if hit is None or k < gap + half or not inside([box[:2], box[2:]]):
                continue
            x0, y0 = max(0, int(box[0]) - 1), max(0, int(box[1]) - 1)
            cost = hit + int(blocked[y0:int(box[3]) + 2, x0:int(box[2]) + 2].sum())
            if best is None or cost < best[0]:
                best = (cost, off, ctr)
            if not cost:
                break
        if best is not None and not best[0]:
            break
    if best is None:  # no room inside the margin: just off the object, the label past it
        off = gap + 6 * u
        best = (0, off, add(mid, normal, off + sep + half))
    _, off, ctr = best
    a, b = add(p0, normal, off), add(p1, normal, off)
    for p in (p0, p1):
        c.line([add(p, normal, gap), add(p, normal, off + over)], color=INK, width=1.0)
    double_arrow(c, a, b)
    box = c.text(ctr, text, px=px)
    return Dimension(p0, p1, a, b, off, box)


def dashed_arrow(c: Canvas, a: Point, b: Point, color, width: float = 2.2) -> None:
    c.line([a, b], color=color, width=width, dash=(6, 4))
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    k = min(1.0, 10 * c.unit / d)
    c.arrow(add(b, (a[0] - b[0], a[1] - b[1]), k), b, color=color, width=width, head=11)


def box_segment_gap(box: Box, a: Point, b: Point) -> float:
    """The distance between the box and the segment a-b (0 where the segment enters it)."""
    x0, y0, x1, y1 = box
    t0, t1 = 0.0, 1.0  # Liang-Barsky: the part of the segment inside the box, if any
    dx, dy = b[0] - a[0], b[1] - a[1]
    for q, r in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if q == 0:
            if r < 0:
                t0, t1 = 1.0, 0.0
        elif q < 0:
            t0 = max(t0, r / q)
        else:
            t1 = min(t1, r / q)
    if t0 <= t1:
        return 0.0

    def to_box(p: Point) -> float:
        return math.hypot(max(x0 - p[0], 0.0, p[0] - x1), max(y0 - p[1], 0.0, p[1] - y1))

    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    return min([to_box(a), to_box(b)] + [seg_dist(q, a, b) for q in corners])


def label_px(c: Canvas, scale: float = 0.9) -> int:
    return font_px(c.width, scale)
