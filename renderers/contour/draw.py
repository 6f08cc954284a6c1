"""Drawing of contour specs: axes and grid, the level curves (contourpy traces them on a
mesh), each level's value written on its longest piece, then the marked points.

    python -c "import numpy as np, renderers; f = renderers.get_family('contour'); \
f.render(f.sample_spec(np.random.default_rng(3)), 336).save('/tmp/c.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.axes import draw_axes
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


def draw_contour(spec: ContourSpec, canvas: Canvas) -> None:
    vp = draw_axes(canvas, spec.xmin, spec.xmax, spec.ymin, spec.ymax, grid=spec.grid)
    color = PALETTE.get(spec.color, PALETTE["blue"])
    dark = tuple(int(v * 0.7) for v in color)
    pieces = [level_lines(spec, lv) for lv in spec.levels]
    for segs in pieces:
        for seg in segs:
            canvas.line([vp(*p) for p in seg], color=color, width=1.8)
    for p in spec.points:
        canvas.dot(vp(p.x, p.y), r=3.5, color="black")
    # points first: their names matter more than a level's second label
    for p in spec.points:
        canvas.label(vp(p.x, p.y), p.name, px=font_px(canvas.width, 1.05), halo=True)
    if spec.label_levels:
        px = font_px(canvas.width, 0.8)
        for lv, segs in zip(spec.levels, pieces):
            if not segs:
                continue
            seg = max(segs, key=len)
            mid = seg[len(seg) // 2]
            canvas.label(vp(*mid), fmt_num(lv), px=px, color=dark, halo=True,
                         dist=0.0 + canvas.unit)
