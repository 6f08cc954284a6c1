"""Drawing of surface specs: an orthographic view from (azim, elev), the floor with its grid
and integer ticks on x and y, a vertical z axis with nice ticks at the back corner, the
surface as mesh cells filled by height and painted back to front, then the marked points,
each name nearer its own dot than any other (``Canvas.label``'s ``dots``).

Why by hand instead of matplotlib's mplot3d: a figure costs ~150 ms there and its text is not
recorded; here a surface is ~600 filled quads on the shared Canvas (tens of ms), and every
tick and point label goes through the canvas so labels never overlap.

    python -c "import numpy as np, renderers; f = renderers.get_family('surface3d'); \
f.render(f.sample_spec(np.random.default_rng(3)), 336).save('/tmp/s.png')"
"""
from __future__ import annotations

import math

import numpy as np

from renderers.axes import nice_step
from renderers.canvas import PALETTE, Canvas
from renderers.surface3d.spec import SurfaceSpec, mesh, values
from renderers.text import fmt_num, font_px

PER = 4  # mesh cells per unit of x and y
Z_SHARE = 0.75  # the z range drawn as this share of the floor's side


def _frame(spec: SurfaceSpec):
    """Camera: screen right, screen up and toward-camera unit vectors."""
    az, el = math.radians(spec.azim), math.radians(spec.elev)
    right = np.array([-math.sin(az), math.cos(az), 0.0])
    up = np.array([-math.sin(el) * math.cos(az), -math.sin(el) * math.sin(az), math.cos(el)])
    toward = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
    return right, up, toward


def _ramp(color: str, t: float) -> tuple[int, int, int]:
    """Low values pale, high values the full colour, darkened at the top (a one-hue ramp)."""
    c = np.array(PALETTE.get(color, PALETTE["blue"]), float)
    pale = 0.25 * c + 0.75 * 255
    v = pale + (c - pale) * min(1.0, 1.6 * t) if t < 0.625 else c * (1 - 0.45 * (t - 0.625) / 0.375)
    return tuple(int(round(x)) for x in v)


def draw_surface(spec: SurfaceSpec, canvas: Canvas) -> None:
    e = float(spec.extent)
    cells_n = PER * 2 * spec.extent
    xs, ys, z = mesh(spec, cells_n + 1)
    zlo, zhi = float(z.min()), float(z.max())
    step = nice_step(max(zhi - zlo, 1e-6), 5)
    t0, t1 = math.floor(zlo / step) * step, math.ceil(zhi / step) * step
    if t1 - t0 < 1e-9:
        t0, t1 = t0 - step, t1 + step
    zs = Z_SHARE * 2 * e / (t1 - t0)  # z units to floor units

    right, up, toward = _frame(spec)

    def world(x, y, zz):
        return np.stack([np.asarray(x, float), np.asarray(y, float),
                         (np.asarray(zz, float) - t0) * zs], axis=-1)

    corners = world(*np.array([[sx * e, sy * e, zz] for sx in (-1, 1) for sy in (-1, 1)
                               for zz in (t0, t1)]).T)
    su, sv = corners @ right, corners @ up
    top = font_px(canvas.width) * 1.8 if spec.title else 0.0
    m = 0.13 * canvas.width  # room for tick labels and axis names
    scale = min((canvas.width - 2 * m) / (su.max() - su.min()),
                (canvas.height - 2 * m - top) / (sv.max() - sv.min()))
    cx = canvas.width / 2 - scale * (su.max() + su.min()) / 2
    cy = (canvas.height + top) / 2 + scale * (sv.max() + sv.min()) / 2

    def px(P):
        P = np.asarray(P, float)
        return cx + scale * (P @ right), cy - scale * (P @ up)

    def pt(x, y, zz):
        u, v = px(world(x, y, zz))
        return float(u), float(v)

    grey, dark = (200, 200, 200), (60, 60, 60)
    # the floor and its grid (below everything), then the back corner's z axis
    for k in range(-int(e), int(e) + 1):
        canvas.line([pt(k, -e, t0), pt(k, e, t0)], color=grey, width=0.8, ink=False)
        canvas.line([pt(-e, k, t0), pt(e, k, t0)], color=grey, width=0.8, ink=False)
    depth = lambda x, y, zz: float(world(x, y, zz) @ toward)  # noqa: E731
    # the z axis stands on the floor corner drawn leftmost: an edge of the box's outline, so
    # the surface never hides it and its tick labels go outside
    back = min(((sx * e, sy * e) for sx in (-1, 1) for sy in (-1, 1)),
               key=lambda c: pt(c[0], c[1], t0)[0])

    # surface cells, far to near
    P = world(xs, ys, z)
    cells = []
    for i in range(cells_n):
        for j in range(cells_n):
            quad = P[[i, i, i + 1, i + 1], [j, j + 1, j + 1, j]]
            cells.append((float(quad.mean(0) @ toward), i, j, quad))
    cells.sort(key=lambda c: c[0])
    U, V = px(P)
    edge = tuple(int(v * 0.75) for v in PALETTE.get(spec.color, PALETTE["blue"]))
    dark_edge = tuple(int(v * 0.4) for v in PALETTE.get(spec.color, PALETTE["blue"]))
    for _, i, j, quad in cells:
        zz = (z[i, j] + z[i, j + 1] + z[i + 1, j + 1] + z[i + 1, j]) / 4
        idx = ([i, i, i + 1, i + 1], [j, j + 1, j + 1, j])
        poly = list(zip(U[idx].tolist(), V[idx].tolist()))
        fill = _ramp(spec.color, (zz - zlo) / max(zhi - zlo, 1e-9))
        canvas.polygon(poly, fill=fill, outline=None, ink=False)
        # cell edges, those on integer x or y darker: the unit grid reads on the surface
        for a, b_, whole in ((0, 1, i % PER == 0), (1, 2, (j + 1) % PER == 0),
                             (2, 3, (i + 1) % PER == 0), (3, 0, j % PER == 0)):
            canvas.line([poly[a], poly[b_]], color=dark_edge if whole else edge,
                        width=0.9 if whole else 0.4)

    # ticks: x along the floor edge nearest the camera in y, y along the one nearest in x
    lab = font_px(canvas.width, 0.85)
    fy = max((-e, e), key=lambda y: depth(0, y, t0))
    fx = max((-e, e), key=lambda x: depth(x, 0, t0))
    canvas.line([pt(-e, fy, t0), pt(e, fy, t0)], color=dark, width=1.2)
    canvas.line([pt(fx, -e, t0), pt(fx, e, t0)], color=dark, width=1.2)
    out_y = np.array(pt(0, fy * 1.25, t0)) - np.array(pt(0, fy, t0))
    out_x = np.array(pt(fx * 1.25, 0, t0)) - np.array(pt(fx, 0, t0))
    for k in range(-int(e), int(e) + 1):  # none at the z axis's corner (its "0" is there)
        if (k, fy) != back:
            canvas.label(pt(k, fy, t0), fmt_num(k), px=lab, prefer=tuple(out_y), color=dark)
        if (fx, k) != back:
            canvas.label(pt(fx, k, t0), fmt_num(k), px=lab, prefer=tuple(out_x), color=dark)
    canvas.label(pt(0, fy * 1.3, t0), "x", px=font_px(canvas.width), prefer=tuple(out_y))
    canvas.label(pt(fx * 1.3, 0, t0), "y", px=font_px(canvas.width), prefer=tuple(out_x))
    canvas.line([pt(*back, t0), pt(*back, t1)], color=dark, width=1.2)
    v = t0
    # each z tick label left of its tick, in its row: 2 px past the 1.5-unit gap keep the
    # place clear of the tick's end (``is_free`` pads a pixel), else the top one went above
    # the axis and the name "z" beside it, one row read as "8 z"
    while v <= t1 + 1e-9:
        a = pt(*back, v)
        canvas.line([a, (a[0] - 3 * canvas.unit, a[1])], color=dark, width=1.0)
        canvas.label((a[0] - 3 * canvas.unit, a[1]), fmt_num(round(v, 6)), px=lab,
                     prefer=(-1.0, 0.0), color=dark, dist=1.5 * canvas.unit + 2.0)
        v += step
    canvas.label(pt(*back, t1), "z", px=font_px(canvas.width), prefer=(0.0, -1.0))

    # marked points: on the surface with a drop line to the floor, or on the floor
    for p in spec.points:
        fz = float(values(spec, p.x, p.y))
        base = pt(p.x, p.y, t0)
        if not p.on_floor:
            canvas.line([pt(p.x, p.y, fz), base], color="black", width=1.0, dash=(3, 3))
            canvas.dot(base, r=2.0, color="black")
        at = base if p.on_floor else pt(p.x, p.y, fz)
        canvas.dot(at, r=3.5, color="black")
    dots = [pt(p.x, p.y, t0) if p.on_floor else pt(p.x, p.y, float(values(spec, p.x, p.y)))
            for p in spec.points]
    for p, at in zip(spec.points, dots):
        canvas.label(at, p.name, px=font_px(canvas.width, 1.05), halo=True,
                     clear=3.5 * canvas.unit + 1.5, dots=[q for q in dots if q != at])
    if spec.title:
        canvas.text((canvas.width / 2, top * 0.55), spec.title, px=font_px(canvas.width))
