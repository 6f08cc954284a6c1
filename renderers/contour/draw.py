"""Drawing of contour specs: axes and grid, the level curves (contourpy traces them on a
mesh), the tick labels over them (no tick label where a marked dot would touch it), each
level's value written beside its curve away from the axes and their tick labels
(``label_anchor``), then the marked points, each name nearer its own dot than any other
(``Canvas.label``'s ``dots``; tests/renderers/test_contour_point_names.py).

    python -c "import numpy as np, renderers; f = renderers.get_family('contour'); \
f.render(f.sample_spec(np.random.default_rng(3)), 336).save('/tmp/c.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.axes import draw_axes, draw_axis_labels
from renderers.canvas import PALETTE, Canvas
from renderers.contour.spec import ContourSpec, grid_values
from renderers.text import fmt_num, font_px

MESH = 161


def level_lines(spec: ContourSpec, level: float) -> list[np.ndarray]:
    """The pieces of the level curve f = level, as (n, 2) arrays in math units."""
    import contourpy

    xs, ys = np.meshgrid(np.linspace(spec.xmin, spec.xmax, MESH),
                         np.linspace(spec.ymin, spec.ymax, MESH))
    gen = contourpy.contour_generator(xs, ys, grid_values(spec, xs, ys),
                                      line_type=contourpy.LineType.Separate)
    return [np.asarray(seg) for seg in gen.lines(level) if len(seg) >= 2]


def _box_dist(pts: np.ndarray, boxes: list) -> np.ndarray:
    """Distance of each pixel point (n, 2) to the nearest of ``boxes`` (inf without any)."""
    out = np.full(len(pts), np.inf)
    for x0, y0, x1, y1 in boxes:
        dx = np.maximum(np.maximum(x0 - pts[:, 0], pts[:, 0] - x1), 0.0)
        dy = np.maximum(np.maximum(y0 - pts[:, 1], pts[:, 1] - y1), 0.0)
        out = np.minimum(out, np.hypot(dx, dy))
    return out


def _point_dist(pts: np.ndarray, others: np.ndarray) -> np.ndarray:
    if not len(others):
        return np.full(len(pts), np.inf)
    d = np.hypot(pts[:, None, 0] - others[None, :, 0], pts[:, None, 1] - others[None, :, 1])
    return d.min(axis=1)


def label_anchor(pts: np.ndarray, half: tuple[float, float], plot: tuple, axes: tuple,
                 boxes: list, avoid: np.ndarray, other: np.ndarray) -> np.ndarray:
    """The point of a level's curve (pixel points ``pts``) to write its value at: the one with
    the most room, i.e. farthest from the axis lines (``axes``: the pixel x of the y axis and
    the pixel y of the x axis, None where off the plot) and so from their tick labels, from
    the labels already placed (``boxes``), from ``avoid`` (other levels' anchors, marked
    points) and from the other levels' curves (``other``, weighed half: the value then reads
    as its own curve's), among the points where the label (half-size ``half``) fits inside
    the ``plot`` box. Deterministic: the first of equal points."""
    hw, hh = half
    x0, y0, x1, y1 = plot
    room = np.minimum(np.minimum(pts[:, 0] - x0, x1 - pts[:, 0]) - 2 * hw,
                      np.minimum(pts[:, 1] - y0, y1 - pts[:, 1]) - 2 * hh)
    ax, ay = axes
    if ax is not None:
        room = np.minimum(room, np.abs(pts[:, 0] - ax) - 2 * hw)
    if ay is not None:
        room = np.minimum(room, np.abs(pts[:, 1] - ay) - 2 * hh)
    room = np.minimum(room, _box_dist(pts, boxes) - 2 * max(hw, hh))
    room = np.minimum(room, _point_dist(pts, avoid) - 2 * max(hw, hh))
    room = np.minimum(room, 2 * _point_dist(pts, other))
    return pts[int(np.argmax(room))]


def draw_contour(spec: ContourSpec, canvas: Canvas) -> None:
    # the tick labels are painted after the curves, off them where they can be, and a label
    # a marked dot would touch is left out: a dot on the minus of "-4" read as "4"
    vp = draw_axes(canvas, spec.xmin, spec.xmax, spec.ymin, spec.ymax, grid=spec.grid,
                   defer_labels=True, keep_clear=[(p.x, p.y) for p in spec.points])
    color = PALETTE.get(spec.color, PALETTE["blue"])
    dark = tuple(int(v * 0.7) for v in color)
    pieces = [level_lines(spec, lv) for lv in spec.levels]
    for segs in pieces:
        for seg in segs:
            canvas.line([vp(*p) for p in seg], color=color, width=1.8)
    draw_axis_labels(canvas, vp)
    for p in spec.points:
        canvas.dot(vp(p.x, p.y), r=3.5, color="black")
    # points first: their names matter more than a level's second label
    dots = [vp(p.x, p.y) for p in spec.points]
    for p, at in zip(spec.points, dots):
        canvas.label(at, p.name, px=font_px(canvas.width, 1.05), halo=True,
                     clear=3.5 * canvas.unit + 1.5, dots=[q for q in dots if q != at])
    if spec.label_levels:
        px = font_px(canvas.width, 0.8)
        plot = vp.box
        axes = (vp(0, 0)[0] if spec.xmin < 0 < spec.xmax else None,
                vp(0, 0)[1] if spec.ymin < 0 < spec.ymax else None)
        pix = [np.concatenate([np.array([vp(*p) for p in seg]) for seg in segs])
               if segs else np.zeros((0, 2)) for segs in pieces]
        avoid = [vp(p.x, p.y) for p in spec.points]
        for i, (lv, pts) in enumerate(zip(spec.levels, pix)):
            if not len(pts):
                continue
            text = fmt_num(lv)
            w, h = canvas.text_size(text, px, "sans")
            other = np.concatenate([q for j, q in enumerate(pix) if j != i] + [np.zeros((0, 2))])
            at = label_anchor(pts, (w / 2, h / 2), plot, axes,
                              [lb.box for lb in canvas.layout.labels],
                              np.array(avoid).reshape(-1, 2), other)
            canvas.label((float(at[0]), float(at[1])), text, px=px, color=dark, halo=True,
                         dist=0.0 + canvas.unit)
            avoid.append((float(at[0]), float(at[1])))

