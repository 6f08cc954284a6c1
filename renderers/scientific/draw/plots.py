"""Drawing of scientific plots and instruments: lens ray diagrams, wave and motion graphs, and
graduated vessels.

Graphs put their tick numbers outside the grid (bottom and left edges) so that no curve ever
crosses a number, and choose grid steps on which the values to be read fall exactly.

    python -c "import numpy as np, renderers; f = renderers.get_family('scientific'); \
f.render(f.sample_spec(np.random.default_rng(3), kind='wave'), 336).save('/tmp/wave.png')"
"""
from __future__ import annotations

import math

from renderers.axes import AxesViewport, draw_axes
from renderers.canvas import LABEL_CLEAR, Box, Canvas, Point
from renderers.scientific.draw.primitives import (INK, Frame, box_segment_gap, col, dashed_arrow,
                                                  double_arrow, label_px, light)
from renderers.scientific.facts import lens_image, wave_value
from renderers.text import fmt_num, font_px

# ----------------------------------------------------------------------------- lens


def draw_lens(l, c: Canvas, fr: Frame) -> None:
    fx0, fy0, fx1, fy1 = fr
    w, h = fx1 - fx0, fy1 - fy0
    f, d, ho = l.focal_length, l.object_distance, l.object_height
    di, m = lens_image(f, d)
    hi = m * ho
    shows = l.show_image or l.show_rays
    xl = -max(d, 2 * f, -di if (di < 0 and shows) else 0) * 1.1 - 0.1 * f
    xr = max(2 * f, di if (di > 0 and shows) else 0, 0.5 * d) * 1.1 + 0.1 * f
    ym = max(ho, abs(hi) if shows else 0) * 1.2
    px0, px1 = fx0 + 0.04 * w, fx1 - 0.04 * w
    py0, py1 = fy0 + 0.06 * h, fy1 - (0.26 if l.label_distances else 0.1) * h
    sx, sy = (px1 - px0) / (xr - xl), (py1 - py0) / (2 * ym)
    vp = AxesViewport(scale=sx, ox=px0 - sx * xl, oy=(py0 + py1) / 2, yscale=sy, xmin=xl,
                      xmax=xr, ymin=-ym, ymax=ym)
    c.line([vp(xl, 0), vp(xr, 0)], color=(90, 90, 90), width=1.3)
    c.ellipse(vp(0, 0), 0.022 * w, 0.93 * ym * sy, fill=(214, 233, 250), outline=col("blue"),
              width=1.8)
    ray = col("red")

    def seg(a, b, dash=None):
        s = vp.clip_segment(a, b)
        if s:
            c.line([vp(*s[0]), vp(*s[1])], color=ray, width=1.6, dash=dash)

    if l.show_rays:
        seg((-d, ho), (0, ho))
        seg((0, ho), (xr, ho - ho / f * xr))
        seg((-d, ho), (xr, -ho / d * xr))
        if d > f:
            y3 = -ho * f / (d - f)
            seg((-d, ho), (0, y3))
            seg((0, y3), (xr, y3))
        else:
            seg((0, ho), (di, hi), dash=(4, 4))
            seg((0, 0), (di, hi), dash=(4, 4))
    obj = col("green")
    c.arrow(vp(-d, 0), vp(-d, ho), color=obj, width=3.0, head=11)
    if l.show_image:
        im = col("purple")
        if di > 0:
            c.arrow(vp(di, 0), vp(di, hi), color=im, width=3.0, head=11)
        else:
            dashed_arrow(c, vp(di, 0), vp(di, hi), im, width=2.6)
    for x in (-2 * f, -f, f, 2 * f):
        c.dot(vp(x, 0), 3.2)
    px = label_px(c)
    yf_row, yd_row = py1 + 0.07 * h, py1 + 0.17 * h  # f above, object distance below
    if l.label_distances:
        for x, y in ((-d, yd_row), (0.0, yd_row), (f, yf_row)):
            c.line([(vp(x, 0)[0], vp(0, -ym * 0.6)[1] if x else vp(0, -0.93 * ym)[1]),
                    (vp(x, 0)[0], y + 0.02 * h)], color=(170, 170, 170), width=0.9, ink=False)
        double_arrow(c, (vp(-d, 0)[0], yd_row), (vp(0, 0)[0], yd_row))
        double_arrow(c, (vp(0, 0)[0], yf_row), (vp(f, 0)[0], yf_row))
    for x, t in ((-2 * f, "2F"), (-f, "F"), (f, "F"), (2 * f, "2F")):
        c.label(vp(x, 0), t, px=font_px(c.width, 0.8), prefer=(0, 1), dist=3 * c.unit,
                kind="serif")
    _object_label(c, vp(-d, 0), vp(-d, ho), obj, vp(0, -0.6 * ym)[1])
    if l.show_image:
        c.label(vp(di, hi), "image", px=font_px(c.width, 0.75), color=col("purple"),
                prefer=(0, 1 if hi < 0 else -1), dist=2 * c.unit)
    if l.label_distances:
        c.label(((vp(f, 0)[0] + vp(0, 0)[0]) / 2, yf_row), f"f = {fmt_num(f)} {l.unit}",
                px=px, prefer=(0, 1), dist=2 * c.unit)
        c.label(((vp(-d, 0)[0] + vp(0, 0)[0]) / 2, yd_row), f"dₒ = {fmt_num(d)} {l.unit}",
                px=px, prefer=(0, 1), dist=2 * c.unit)


def _object_label(c: Canvas, foot: Point, tip: Point, color, low: float) -> None:
    """"object" by its arrow where no stroke runs: above the tip, beside the shaft or under
    the foot (above ``low``, where the distance lines' extensions start). A virtual image's
    rays, traced back past the tip, left no free place near it, and the label's white halo
    cut the ray parallel to the axis or the image's shaft."""
    px, gap = font_px(c.width, 0.75), 2 * c.unit
    w, h = c.text_size("object", px)
    mid, x, up = (tip[1] + foot[1]) / 2, tip[0], tip[1] - gap - h / 2
    spots = [(x, up), (x - gap - w / 2, mid), (x + gap + w / 2, mid)]
    k = 1.5
    while foot[1] + k * gap + h <= low:  # under the foot, clear of the F labels where it can
        spots += [(x + s * w / 2, foot[1] + k * gap + h / 2) for s in (0, -1, 1)]
        k += 2
    for cx, cy in spots + [(x - w / 2, up), (x + w / 2, up)]:
        if c.is_free((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)):
            c.text((cx, cy), "object", px=px, color=color)
            return
    c.label(tip, "object", px=px, color=color, prefer=(0, -1), dist=gap)


# ----------------------------------------------------------------------------- graphs


def plot_axes(c: Canvas, fr: Frame, xr: tuple[float, float], yr: tuple[float, float],
              xstep: float, ystep: float, names: tuple[str, str],
              ylabel_every: tuple[int, ...] = (1, 2, 5, 10, 20, 50)) -> AxesViewport:
    """Grid and axes (``draw_axes``) with the tick labels along the bottom and left edges of
    the grid, outside it, so no curve ever crosses a number."""
    px = font_px(c.width, 0.8)
    npx = font_px(c.width, 0.95)
    th = c.text_size("0", px)[1]
    xt = [round(i * xstep, 9) for i in range(math.ceil(xr[0] / xstep - 1e-9),
                                             math.floor(xr[1] / xstep + 1e-9) + 1)]
    yt = [round(i * ystep, 9) for i in range(math.ceil(yr[0] / ystep - 1e-9),
                                             math.floor(yr[1] / ystep + 1e-9) + 1)]
    yw = max(c.text_size(fmt_num(v), px)[0] for v in yt)
    gap = 4 * c.unit
    # room past the x arrow for a long axis name (draw_axes sizes it for one letter)
    extra = max(0.0, c.text_size(names[0], npx)[0] - c.text_size("x", npx)[0]) / 2 + 2 * c.unit
    inner = (fr[0] + yw + gap, fr[1], fr[2] - extra, fr[3] - th - gap - 2 * c.unit)
    vp = draw_axes(c, xr[0], xr[1], yr[0], yr[1], xstep=xstep, ystep=ystep, equal=False,
                   tick_labels=False, names=names, origin_label=None, frame=inner)
    bx0, by0, bx1, by1 = vp.box
    xw = max(c.text_size(fmt_num(v), px)[0] for v in xt)
    kx = next((k for k in (1, 2, 5, 10, 20, 50) if k * xstep * vp.scale >= xw + 5 * c.unit),
              50)  # on a canvas too small for any, the sparsest
    ky = next((k for k in ylabel_every if k * ystep * vp.sy >= 2.6 * th), ylabel_every[-1])
    for v in yt:
        if round(v / ystep) % ky == 0:
            c.text((bx0 - gap * 0.6, vp(0, v)[1]), fmt_num(v), px=px, anchor="rm")
    for v in xt:
        if round(v / xstep) % kx == 0:
            t = fmt_num(v)
            tw = c.text_size(t, px)[0]
            X, Y = vp(v, 0)[0], by1 + gap * 0.6
            if c.is_free((X - tw / 2, Y, X + tw / 2, Y + th), avoid_ink=False, pad=1.5):
                c.text((X, Y), t, px=px, anchor="mt")  # skipped where it meets a y label
    return vp


def _step_for(values: list[float], span: float, max_ticks: int = 16) -> float:
    """The largest of 10, 5, 4, 2, 1, 0.5 that divides every value and keeps ticks few."""
    for st in (10, 5, 4, 2, 1, 0.5, 0.25):
        if all(abs(v / st - round(v / st)) < 1e-9 for v in values) and span / st <= max_ticks:
            return float(st)
    return 0.5


def draw_wave(wv, c: Canvas, fr: Frame) -> None:
    fx0, fy0, fx1, fy1 = fr
    px = label_px(c)
    if wv.frequency > 0:
        c.text(((fx0 + fx1) / 2, fy0 + 0.05 * (fy1 - fy0)), f"f = {fmt_num(wv.frequency)} Hz",
               px=font_px(c.width, 0.95))
        fy0 += 0.08 * (fy1 - fy0)
    A, lam = wv.amplitude, wv.wavelength
    xstep = lam / 4 if lam <= 4 else lam / 2  # zero crossings and crests fall on grid lines
    ystep = 1.0 if A <= 6 else 2.0
    n_a = A / ystep  # label every k-th grid line with k dividing A / ystep: A gets a number
    divs = tuple(k for k in range(1, int(n_a) + 1) if abs(n_a / k - round(n_a / k)) < 1e-9) or (1,)
    vp = plot_axes(c, (fx0, fy0, fx1, fy1), (0, wv.length + xstep * 0.5), (-1.5 * A, 1.5 * A),
                   xstep, ystep, (f"x ({wv.x_unit})", f"y ({wv.y_unit})"), ylabel_every=divs)
    n = 240
    pts = [vp(wv.length * i / n, wave_value(wv, wv.length * i / n)) for i in range(n + 1)]
    c.line(pts, color=col("blue"), width=2.4)
    if not wv.show_marks:
        return
    c0 = {"sin": 0.25, "cos": 0.0, "-sin": 0.75, "-cos": 0.5}[wv.form] * lam
    crests = [c0 + k * lam for k in range(8) if c0 + k * lam <= wv.length + 1e-9]
    lab = []
    if len(crests) >= 2:
        y = 1.3 * A
        for x in crests[:2]:
            c.line([vp(x, A), vp(x, y)], color=(120, 120, 120), width=1.0, dash=(3, 3))
        double_arrow(c, vp(crests[0], y), vp(crests[1], y))
        lab.append((vp((crests[0] + crests[1]) / 2, y),
                    f"λ = {fmt_num(lam)} {wv.x_unit}" if wv.mark_values else "λ", (0, -1)))
    xa = crests[-1] if crests else lam / 2
    if len(crests) >= 3 or not crests:
        xa = crests[1] if len(crests) >= 3 else xa
    double_arrow(c, vp(xa, 0), vp(xa, A), color=col("red"))
    lab.append((vp(xa, A / 2), f"A = {fmt_num(A)} {wv.y_unit}" if wv.mark_values else "A",
                (1, 0)))
    for anchor, text, prefer in lab:
        c.label(anchor, text, px=px, prefer=prefer, dist=3 * c.unit, halo=True)


def thick_segment(c: Canvas, a: Point, b: Point, color, width: float) -> None:
    """A stroke of true ``width`` as a filled quad with round ends: PIL's wide lines come out
    up to a third thinner at some slopes, which made graph pieces look unequal."""
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d < 1e-9:
        return
    h = width * c.unit / 2
    nx, ny = -(b[1] - a[1]) / d * h, (b[0] - a[0]) / d * h
    c.polygon([(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny),
               (a[0] - nx, a[1] - ny)], fill=color, outline=None)
    c.line([a, b], color=color, width=width * 0.5)  # the ink mask sees the stroke
    for p in (a, b):
        c.circle(p, h, fill=color, outline=None)


def draw_motion(m, c: Canvas, fr: Frame) -> None:
    t, v = m.times, m.values
    lo, hi = min(0.0, min(v)), max(v)
    ystep = _step_for(list(v), hi - lo + 1)
    lo = lo - ystep if lo < 0 else 0.0
    hi = hi + ystep
    yname = "v (m/s)" if m.quantity == "velocity" else "x (m)"
    xstep = _step_for(list(t), t[-1] - t[0], 14)
    vp = plot_axes(c, fr, (t[0], t[-1] + xstep * 0.5), (lo, hi), xstep, ystep, ("t (s)", yname))
    pts = [vp(a, b) for a, b in zip(t, v)]
    for a, b in zip(pts, pts[1:]):
        thick_segment(c, a, b, col("blue"), 2.6)
    for p in pts:
        c.dot(p, 3.0, color=col("blue"))
    if m.segment_labels:
        segs = list(zip(pts, pts[1:]))
        for i in range(len(segs)):
            segment_letter(c, segs, i, chr(65 + i))


def segment_letter(c: Canvas, segs: list[tuple[Point, Point]], i: int, text: str) -> Box:
    """The letter of segment ``i`` beside it, where it reads as that segment's: two segments
    meeting at a low point had both letters on the left of the direction of travel, inside
    the V, where either read as the other's. Of the places beside the segment (along it from
    the middle, and out from it) clear of ink and labels, the best by its gap to the nearest
    other segment (up to four font sizes, clear enough) less its gap to its own, less a font
    size per segment's length off the middle and per vertex whose angle it stands inside;
    where none is free, ``canvas.label``."""
    px, u = font_px(c.width, 0.95), c.unit
    w, h = c.text_size(text, px, "bold")
    a, b = segs[i]
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    others = [s for j, s in enumerate(segs) if j != i]
    # the far ends of the neighbours, each with the vertex it shares with this segment
    ends = ([(segs[i - 1][0], a)] if i > 0 else []) + ([(segs[i + 1][1], b)]
                                                        if i + 1 < len(segs) else [])

    def inner(nx: float, ny: float) -> int:
        """At how many of its vertices the side (normal nx, ny) is inside the angle the
        neighbour makes with the segment."""
        return sum((q[0] - v[0]) * nx + (q[1] - v[1]) * ny > 1e-6 * d for q, v in ends)

    best = None  # (score, box)
    for k in range(6):
        for t in (0.5, 0.4, 0.6, 0.3, 0.7):
            for side in (1, -1):
                nx, ny = side * uy, -side * ux  # side 1: left of the direction of travel
                p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                dist = (4 + 2.5 * k) * u  # the box's edge this far off the segment
                cx = p[0] + nx * (dist + w / 2 * abs(nx))
                cy = p[1] + ny * (dist + h / 2 * abs(ny))
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                if not c.is_free(box, avoid_ink=True, pad=LABEL_CLEAR):
                    continue
                other = min((box_segment_gap(box, *s) for s in others), default=math.inf)
                score = (min(other, 4 * px) - box_segment_gap(box, a, b) - px * abs(t - 0.5)
                         - px * inner(nx, ny))
                if best is None or score > best[0]:
                    best = (score, box)
    if best is not None:
        box = best[1]
        return c.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, px=px,
                      color=col("red"), kind="bold", halo=True)
    return c.label(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), text, px=px, color=col("red"),
                   prefer=(uy, -ux), dist=4 * u, kind="bold", halo=True)


# ----------------------------------------------------------------------------- cylinder


def _stone(ctr: Point, r: float) -> list[Point]:
    ks = (1.0, 0.8, 0.95, 0.75, 1.05, 0.85, 0.9, 0.7)
    return [(ctr[0] + r * k * 1.3 * math.cos(2 * math.pi * i / 8 + 0.3),
             ctr[1] + r * k * math.sin(2 * math.pi * i / 8 + 0.3)) for i, k in enumerate(ks)]


def _runs_outside(pts: list[Point], boxes: list[Box], step: float) -> list[list[Point]]:
    """The polyline ``pts`` cut into pieces about ``step`` px long, less those meeting a box:
    the runs of what is left, each at least two points."""
    fine = [pts[0]]
    for p, q in zip(pts, pts[1:]):
        n = max(1, math.ceil(math.hypot(q[0] - p[0], q[1] - p[1]) / step))
        fine += [(p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n)
                 for k in range(1, n + 1)]
    runs, run = [], [fine[0]]
    for p, q in zip(fine, fine[1:]):
        if any(box_segment_gap(b, p, q) == 0 for b in boxes):
            if len(run) >= 2:
                runs.append(run)
            run = [q]
        else:
            run.append(q)
    if len(run) >= 2:
        runs.append(run)
    return runs


def draw_cylinder(cy, c: Canvas, fr: Frame) -> None:
    fx0, fy0, fx1, fy1 = fr
    w, h = fx1 - fx0, fy1 - fy0
    n = len(cy.levels)
    beaker = cy.vessel == "beaker"
    cw = (0.4 if n == 1 else 0.3) * w if beaker else 0.2 * w
    centres = [fx0 + 0.5 * w] if n == 1 else [fx0 + 0.28 * w, fx0 + 0.72 * w]
    yt = fy0 + (0.3 if beaker else 0.06) * h
    yb = fy0 + (0.84 if cy.captions else 0.92) * h
    y0, ycap = yb - 0.04 * h, yt + 0.07 * h
    tick_px = font_px(c.width, 0.72)
    liq, liq_edge = light(cy.liquid, 0.7), light(cy.liquid, 0.25)

    def yv(v: float) -> float:
        return y0 - (y0 - ycap) * v / cy.capacity

    for i, (cx, level, obj) in enumerate(zip(centres, cy.levels, cy.objects)):
        xl, xr = cx - cw / 2, cx + cw / 2
        scale = []  # (tick's y, length, major, numeral or "")
        nd = int(round(cy.capacity / cy.minor))
        for k in range(nd + 1):
            v = k * cy.minor
            major = abs(v / cy.major - round(v / cy.major)) < 1e-9
            ln = (0.07 if major else 0.035) * cw * (2 if not beaker else 1)
            scale.append((yv(v), ln, major, fmt_num(v) if major and v > 0 else ""))
        texts = [((xl + ln + 2.5 * c.unit, y), t) for y, ln, _, t in scale if t]
        texts.append(((xl + 0.14 * cw + 2.5 * c.unit, (yt + ycap) / 2 - 0.01 * h), cy.unit))
        ys = yv(level)
        men = 0.012 * h
        top = [(xl, ys - men)] + [(xl + cw * k / 10, ys - men * (1 - math.sin(math.pi * k / 10)))
                                  for k in range(1, 10)] + [(xr, ys - men)]
        c.polygon([(xl, yb)] + top + [(xr, yb)], fill=liq, outline=None, ink=False)
        # the surface line stops short of the numbers printed on the glass: drawn through
        # them it struck out the one at the liquid's level
        pad = 1.5 * c.unit + 1
        gaps = [(b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)
                for b in (c.text_box(xy, t, tick_px, "lm") for xy, t in texts)]
        for run in _runs_outside(top, gaps, 2 * c.unit):
            c.line(run, color=liq_edge, width=1.6, ink=False)
        if obj:
            c.polygon(_stone((cx + 0.15 * cw, yb - 0.045 * h), 0.04 * h), fill=(125, 125, 125),
                      outline=(70, 70, 70), width=1.2)
        if beaker:
            c.line([(xl - 0.03 * w, yt - 0.02 * h), (xl, yt + 0.015 * h), (xl, yb), (xr, yb),
                    (xr, yt)], color=INK, width=2.2)
        else:
            c.line([(xl - 0.015 * w, yt), (xl, yt), (xl, yb), (xr, yb), (xr, yt),
                    (xr + 0.015 * w, yt)], color=INK, width=2.2)
            c.rect((cx - 0.8 * cw, yb, cx + 0.8 * cw, yb + 0.025 * h), fill=(200, 200, 200),
                   outline=INK, width=1.6)
        for y, ln, major, _ in scale:
            c.line([(xl, y), (xl + ln, y)], color=INK, width=1.3 if major else 0.9)
        for xy, t in texts:
            c.text(xy, t, px=tick_px, anchor="lm")
        if cy.captions:
            c.text((cx, yb + 0.08 * h), cy.captions[i], px=font_px(c.width, 0.95))
