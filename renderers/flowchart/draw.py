"""Drawing of the "flowchart" family: each node's shape sized to its text in its grid cell,
arrows routed at right angles (down, across then down, or out along a side lane and back in),
"Yes" / "No" written where a decision's arrow leaves it.

    python -m pytest -q tests/renderers/test_flowchart.py
"""
from __future__ import annotations

from renderers.canvas import PALETTE, Canvas, arc_points
from renderers.flowchart.spec import FlowchartSpec, FlowNode
from renderers.text import font_px


def aspect(spec: FlowchartSpec) -> float:
    rows = max(n.row for n in spec.nodes) + 1
    return max(1.0, 0.2 * rows)


def _tint(color: str, k: float = 0.82) -> tuple[int, int, int]:
    r, g, b = PALETTE.get(color, (31, 119, 180))
    return (int(r + (255 - r) * k), int(g + (255 - g) * k), int(b + (255 - b) * k))


def draw(spec: FlowchartSpec, cv: Canvas) -> None:
    W, H = cv.width, cv.height
    m = 6 * cv.unit
    lanes = [e.lane for e in spec.edges if e.lane is not None]
    cols = [n.col for n in spec.nodes]
    xlo = min([min(cols) - 0.5] + [x - 0.12 for x in lanes])
    xhi = max([max(cols) + 0.5] + [x + 0.12 for x in lanes])
    rows = max(n.row for n in spec.nodes) + 1
    sx, sy = (W - 2 * m) / (xhi - xlo), (H - 2 * m) / rows

    def X(c: float) -> float:
        return m + (c - xlo) * sx

    def Y(r: float) -> float:
        return m + (r + 0.5) * sy

    px0 = font_px(W)
    ink = PALETTE.get(spec.color, (31, 119, 180))
    fill = _tint(spec.color)
    boxes = []  # (cx, cy, half width, half height, font px)
    for n in spec.nodes:
        limit = 0.94 * sx / (1.75 if n.kind == "decision" else 1.0) - 1.0 * px0
        px = cv.fit_px(n.text, px0, limit)
        tw = cv.text_size(n.text, px)[0]
        if n.kind == "decision":
            hw, hh = min(0.47 * sx, 0.5 * (1.75 * tw + px)), min(0.42 * sy, 1.55 * px)
        else:
            hw = min(0.47 * sx, 0.5 * tw + 0.75 * px + (0.35 * px if n.kind == "io" else 0))
            hh = min(0.3 * sy, 1.0 * px)
        boxes.append((X(n.col), Y(n.row), hw, hh, px))
    for n, (cx, cy, hw, hh, _) in zip(spec.nodes, boxes):
        cv.polygon(_shape(n, cx, cy, hw, hh), fill=fill, outline=ink, width=2.0)
    for n, (cx, cy, _, _, px) in zip(spec.nodes, boxes):
        cv.text((cx, cy), n.text, px=px)
    for e in spec.edges:
        pts = _route(spec, boxes, e, X)
        if len(pts) > 2:
            cv.line(pts[:-1], color=(40, 40, 40), width=1.8)
        cv.arrow(pts[-2], pts[-1], color=(40, 40, 40), width=1.8, head=8.0)
        if e.label:
            prefer = (1.0, 0.2) if e.side == "bottom" else (0.2, -1.0)
            cv.label(pts[0], e.label, px=int(round(0.9 * px0)), color=(60, 60, 60),
                     prefer=prefer, dist=2 * cv.unit)


def _shape(n: FlowNode, cx: float, cy: float, hw: float, hh: float) -> list:
    if n.kind == "decision":
        return [(cx, cy - hh), (cx + hw, cy), (cx, cy + hh), (cx - hw, cy)]
    if n.kind == "io":
        k = 0.5 * hh
        return [(cx - hw + k, cy - hh), (cx + hw, cy - hh), (cx + hw - k, cy + hh),
                (cx - hw, cy + hh)]
    if n.kind in ("start", "end"):  # a stadium: two half circles joined by straight sides
        r = hh
        return (arc_points((cx + hw - r, cy), r, 90, -90, n=12)
                + arc_points((cx - hw + r, cy), r, 270, 90, n=12))
    return [(cx - hw, cy - hh), (cx + hw, cy - hh), (cx + hw, cy + hh), (cx - hw, cy + hh)]


def _route(spec: FlowchartSpec, boxes, e, X) -> list:
    sx_, sy_, shw, shh, _ = boxes[e.src]
    dx_, dy_, dhw, dhh, _ = boxes[e.dst]
    if e.side == "bottom":
        start = (sx_, sy_ + shh)
    else:
        sgn = 1 if e.side == "right" else -1
        start = (sx_ + sgn * shw, sy_)
    if e.lane is not None:
        lx = X(e.lane)
        into = dx_ - dhw if lx < dx_ else dx_ + dhw
        if e.side == "bottom":
            return [start, (sx_, start[1] + 0.25 * (dy_ - sy_)), (lx, start[1] + 0.25 * (dy_ - sy_)),
                    (lx, dy_), (into, dy_)]
        return [start, (lx, sy_), (lx, dy_), (into, dy_)]
    if e.side == "bottom":
        if abs(dx_ - sx_) < 1e-6:
            return [start, (dx_, dy_ - dhh)]
        into = dx_ + dhw if sx_ > dx_ else dx_ - dhw
        return [start, (sx_, dy_), (into, dy_)]
    if abs(dy_ - sy_) < 1e-6:
        return [start, (dx_ - dhw if dx_ > sx_ else dx_ + dhw, dy_)]
    return [start, (dx_, sy_), (dx_, dy_ - dhh if dy_ > sy_ else dy_ + dhh)]
