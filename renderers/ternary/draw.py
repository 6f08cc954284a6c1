"""Drawing of the "ternary" family: the triangle, each part's gridlines in a light tint of its
colour, its scale in its colour along one side (part 0 on the left side, read along horizontal
lines; part 1 on the bottom, read along lines parallel to the right side; part 2 on the right
side, read along lines parallel to the left side), each part's name at its 100% corner,
shaded regions with their names, dashed segments, and named points, each name nearer its own
dot than any other (``Canvas.label``'s ``dots``): "P" between the dots of P and Q read as Q's.

    python -m pytest -q tests/renderers/test_ternary.py
"""
from __future__ import annotations

import math

from renderers.canvas import PALETTE, Canvas
from renderers.ternary.spec import SQ3, TernarySpec, to_xy
from renderers.text import fmt_num, font_px


def _rgb(c):
    return PALETTE.get(c, (0, 0, 0)) if isinstance(c, str) else tuple(c)


def _tint(c, t: float):
    return tuple(int(round(v + (255 - v) * t)) for v in _rgb(c))


def _dark(c, f: float = 0.75):
    return tuple(int(round(v * f)) for v in _rgb(c))


# outward direction of each part's tick marks in math units (y up): along the part's
# gridlines, out of the side that carries its scale
TICK_DIR = ((-1.0, 0.0), (0.5, -SQ3), (0.5, SQ3))


def _line_ends(i: int, k: float) -> tuple[list[float], list[float]]:
    """The two ends (compositions) of the gridline where part i is k percent; the first end
    lies on the side that carries part i's scale."""
    j, m = {0: (1, 2), 1: (2, 0), 2: (0, 1)}[i]
    # scale sides: part 0 on the left (part 2 = 0), part 1 on the bottom (part 0 = 0),
    # part 2 on the right (part 1 = 0)
    first, second = [0.0] * 3, [0.0] * 3
    first[i] = second[i] = k
    zero_on_scale = {0: 2, 1: 0, 2: 1}[i]
    other = j if zero_on_scale == m else m
    first[other] = 100 - k
    second[zero_on_scale] = 100 - k
    return first, second


def draw(spec: TernarySpec, cv: Canvas) -> None:
    W, H, u = cv.width, cv.height, cv.unit
    pad = 5 * u
    tpx, npx = font_px(W, 0.8), font_px(W)
    cols = [_dark(c) for c in spec.part_colors]
    top = pad
    if spec.title:
        pt = cv.fit_px(spec.title, font_px(W, 0.95), W - 2 * pad, "bold")
        h = cv.text_size(spec.title, pt, "bold")[1]
        cv.text((W / 2, top + h / 2), spec.title, px=pt, kind="bold")
        top += h + 4 * u
    name_h = max(cv.text_size(n, npx, "bold")[1] for n in spec.parts)
    lab_w = cv.text_size("90", tpx)[0]
    lab_h = cv.text_size("90", tpx)[1]
    tick = 5 * u
    mx = pad + lab_w + tick + 3 * u
    top += name_h + 4 * u
    bottom = SQ3 * tick + lab_h + 5 * u + name_h + pad
    s = min(W - 2 * mx - lab_w / 2, (H - top - bottom) / SQ3)
    ox = (W - s) / 2
    oy = top + s * SQ3  # the bottom side's y in pixels

    def P(comp):
        x, y = to_xy(comp)
        return (ox + s * x, oy - s * y)

    corners = [P([100, 0, 0]), P([0, 100, 0]), P([0, 0, 100])]
    for r in spec.regions:
        cv.polygon([P(c) for c in r.corners], fill=_tint(r.color, 0.72), outline=None,
                   ink=False)
    n = 100 // spec.step
    for i in range(3):
        for k in range(1, n):
            a, b = _line_ends(i, k * spec.step)
            cv.line([P(a), P(b)], color=_tint(spec.part_colors[i], 0.7), width=1.0, ink=False)
    for r in spec.regions:
        pts = [P(c) for c in r.corners]
        cv.polygon(pts, outline=_dark(r.color, 0.6), width=2.2)
    cv.polygon(corners, outline=(40, 40, 40), width=2.0)
    # scales: tick marks along each part's gridlines, labels at their outer ends (every
    # other tick where the bottom labels would otherwise touch, in small images)
    every = 1 if s * spec.step / 100 >= 1.5 * lab_w else 2
    for i in range(3):
        dx, dy = TICK_DIR[i]
        for k in range(1, n):
            v = k * spec.step
            a, _ = _line_ends(i, v)
            x, y = P(a)
            ex, ey = x + dx * tick, y - dy * tick
            cv.line([(x, y), (ex, ey)], color=cols[i], width=1.4)
            if v % (every * spec.step):
                continue
            anchor = ("rm", "lt", "lm")[i]
            off = 2 * u
            cv.text((ex + (-off if i == 0 else off * 0.4), ey + (off * 0.4 if i == 1 else 0)),
                    fmt_num(v), px=tpx, color=cols[i], anchor=anchor)
    # each part's name at its 100% corner
    tx, ty = corners[0]
    cv.text((tx, ty - 3 * u), spec.parts[0], px=npx, color=cols[0], kind="bold", anchor="mb")
    yb = oy + SQ3 * tick + lab_h + 4 * u
    for i, (cx, _) in ((1, corners[1]), (2, corners[2])):
        w = cv.text_size(spec.parts[i], npx, "bold")[0]
        cx = min(max(cx, pad + w / 2), W - pad - w / 2)
        cv.text((cx, yb), spec.parts[i], px=npx, color=cols[i], kind="bold", anchor="mt")
    for r in spec.regions:
        pts = [P(c) for c in r.corners]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        cv.text((cx, cy), r.name, px=tpx, kind="bold", anchor="mm", halo=True)
    where = {p.name: P(p.comp) for p in spec.points}
    for a, b in spec.segments:
        cv.line([where[a], where[b]], color=(60, 60, 60), width=1.6, dash=(5, 4))
    for p in spec.points:
        cv.dot(where[p.name], r=4.0, color=p.color)
    for p in spec.points:
        x, y = where[p.name]
        # prefer the side away from the triangle's centre, where the gridlines are sparser
        cx, cy = ox + s / 2, oy - s * SQ3 / 3
        d = (x - cx, y - cy)
        cv.label((x, y), p.name, px=npx, color=_dark(p.color, 0.9), kind="bold",
                 prefer=d if math.hypot(*d) > 1 else (1, -1), halo=True,
                 clear=4.0 * cv.unit + 1.5,
                 dots=[q for q in where.values() if q != (x, y)])
