"""Drawing of function plots: title, axes, curves clipped to the window, asymptotes, marks.

Curves are sampled per branch (between vertical asymptotes and domain ends), densely near a
singular end so that tan and log reach the window edge smoothly, with corners (|x|, piecewise
breaks) sampled exactly; each branch is cut where it leaves the window and the cut point is
interpolated onto the border, so nothing is drawn outside the grid. Grid, axes and numeric tick
labels come from renderers/axes.py; trig windows get their own "π/2, π, ..." tick labels.

    python -c "import numpy as np, renderers; f = renderers.get_family('function'); \
f.render(f.sample_spec(np.random.default_rng(5), kind='tangent'), 336).save('/tmp/t.png')"
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Sequence

import numpy as np

from renderers.axes import (AXIS_COLOR, GRID_COLOR, HALO_PAD, AxesViewport, AxisLabel,
                            claim_margin, draw_axes, draw_axis_labels, fill_region,
                            least_glyph_ink, nice_step, remember_places, row_spacer,
                            tick_values)
from renderers.canvas import (DIRS, PALETTE, Box, Canvas, box_counts, halo_text, mask_counts,
                              point_box_gap)
from renderers.function.curve import Curve
from renderers.function.spec import (FunctionSpec, analyze, breaks, domain_lo, evaluate,
                                     intersections, mark_points, value)
from renderers.function.text import expression_lines, lhs_text, pi_text, poly_text
from renderers.text import fmt_num, font_px

CURVE_W = 2.2
ASYM_COLOR = (110, 110, 110)
MARK_COLOR = (30, 30, 30)
MAX_TICKS = 10  # grid lines per axis; fewer keep small images calm (and drawing fast)
Point = tuple[float, float]


@dataclass
class DotLabel:
    """Where a marked point's label went, in pixels (y down): its text and box, its own dot
    (``at``), every other dot, and the leader from the label to its dot where it has one."""

    text: str
    box: Box
    at: Point
    others: list[Point] = field(default_factory=list)
    leader: tuple[Point, Point] | None = None


def _rgb(name: str) -> tuple[int, int, int]:
    return PALETTE.get(name, PALETTE["blue"])


def _tint(name: str, t: float = 0.72) -> tuple[int, int, int]:
    r, g, b = _rgb(name)
    return (int(r + (255 - r) * t), int(g + (255 - g) * t), int(b + (255 - b) * t))


def _xy(vp: AxesViewport, xs: np.ndarray, ys: np.ndarray) -> list[tuple[float, float]]:
    return list(zip((vp.ox + vp.scale * xs).tolist(), (vp.oy - vp.sy * ys).tolist()))


# ----------------------------------------------------------------------------- sampling


def branch_samples(cv: Curve, xmin: float, xmax: float, n_per_unit: float
                   ) -> list[tuple[np.ndarray, np.ndarray]]:
    """(xs, ys) per continuous branch inside [xmin, xmax]."""
    lo = domain_lo(cv, xmin)
    _, crit, vas = breaks(cv, lo, xmax)
    sing = set(vas) | ({lo} if cv.kind == "logarithm" and lo == cv.c else set())
    cuts = sorted(set([lo, xmax] + [v for v in vas if lo <= v <= xmax]))
    out = []
    geo = np.geomspace(1e-7, 0.08, 48)  # dense towards a singular end
    for p, q in zip(cuts[:-1], cuts[1:]):
        if q - p < 1e-9:
            continue
        n = max(24, int(n_per_unit * (q - p)))
        parts = [np.linspace(p, q, n)]
        if p in sing:
            parts.append(p + (q - p) * geo)
        if q in sing:
            parts.append(q - (q - p) * geo)
        parts.append(np.array([x for x in crit if p < x < q]))
        xs = np.unique(np.concatenate(parts))
        xs = xs[(xs > p) | (p not in sing)]
        xs = xs[(xs < q) | (q not in sing)]
        out.append((xs, evaluate(cv, xs)))
    return out


def clip_runs(xs: np.ndarray, ys: np.ndarray, ylo: float, yhi: float
              ) -> list[tuple[np.ndarray, np.ndarray]]:
    """Pieces of the polyline inside ylo <= y <= yhi, ends interpolated onto the border."""
    ok = np.isfinite(ys)
    inside = ok & (ys >= ylo) & (ys <= yhi)
    idx = np.flatnonzero(inside)
    if idx.size == 0:
        return []
    split = np.flatnonzero(np.diff(idx) > 1)
    starts = np.r_[idx[0], idx[split + 1]]
    ends = np.r_[idx[split], idx[-1]]
    runs = []
    for s, e in zip(starts.tolist(), ends.tolist()):
        X, Y = list(xs[s:e + 1]), list(ys[s:e + 1])
        for j, k, front in ((s - 1, s, True), (e + 1, e, False)):
            if 0 <= j < len(xs) and ok[j]:
                yb = yhi if ys[j] > yhi else ylo
                t = (yb - ys[k]) / (ys[j] - ys[k])
                xb = xs[k] + t * (xs[j] - xs[k])
                if front:
                    X.insert(0, xb), Y.insert(0, yb)
                else:
                    X.append(xb), Y.append(yb)
        runs.append((np.array(X), np.array(Y)))
    return runs


# ----------------------------------------------------------------------------- pieces


def _title(spec: FunctionSpec, canvas: Canvas) -> float:
    """Draw the equations above the grid; returns the height used."""
    lines = [(t, cv.color) for cv in spec.curves for t in expression_lines(cv)]
    if spec.show_expression != "title" or not lines:
        return 0.0
    W, u = canvas.width, canvas.unit
    px = font_px(W, 0.9)
    wmax = max(canvas.text_size(t, px)[0] for t, _ in lines)
    if wmax > W - 10 * u:
        px = max(10, int(px * (W - 10 * u) / wmax))
    lh = max(canvas.text_size(t, px)[1] for t, _ in lines) + 3 * u
    y = 5 * u
    for t, col in lines:
        canvas.text((W / 2, y + lh / 2), t, px=px, color=_rgb(col), anchor="mm")
        y += lh
    return y + 2 * u


def _pi_ks(spec: FunctionSpec) -> range:
    half = math.pi / 2
    return range(math.ceil(spec.xmin / half - 1e-9), math.floor(spec.xmax / half + 1e-9) + 1)


def _pi_grid(spec: FunctionSpec, canvas: Canvas, vp: AxesViewport) -> None:
    """Grid lines and tick marks at multiples of pi/2 (labels come after the curves)."""
    tk = 3 * canvas.unit
    bx0, by0, bx1, by1 = vp.box
    oy = vp(0, 0)[1]
    for k in _pi_ks(spec):
        if k:
            X = vp(k * math.pi / 2, 0)[0]
            canvas.line([(X, by0), (X, by1)], color=GRID_COLOR, width=1.0, ink=False)
            canvas.line([(X, oy - tk), (X, oy + tk)], color=AXIS_COLOR, width=1.2)
    canvas.line([(bx0, oy), (bx1, oy)], color=AXIS_COLOR, width=1.4)  # over the grid lines


def _pi_px(canvas: Canvas) -> int:
    return font_px(canvas.width, 0.8)


def _pi_end_w(spec: FunctionSpec, canvas: Canvas) -> float:
    """Width of the outermost labels ("-2π", "2π" at the window's ends), which draw_axes
    leaves room for past the grid's edges."""
    ks = [k for k in _pi_ks(spec) if k]
    return max((canvas.text_size(pi_text(k / 2), _pi_px(canvas))[0] for k in ks[:1] + ks[-1:]),
               default=0.0)


def _pi_labels(spec: FunctionSpec, canvas: Canvas, vp: AxesViewport
               ) -> tuple[AxesViewport | None, list[tuple[Point, str]]]:
    """"π/2, π, 3π/2" under the x-axis, every k-th so neighbours keep apart. A window symmetric
    about 0 gets symmetric labels: a tick whose mirror tick's label has no room goes
    unlabelled too, so that "2π" never stands at the right end without "-2π" at the left.

    Called before the curves are drawn, it places them as ``draw_axes(defer_labels=True)``
    places its tick labels (claimed now, the place across the axis kept for when a stroke
    runs through one) and returns them on a viewport of their own for ``draw_axis_labels``,
    which paints them over the curves as the axes' own: moved above the axis where a curve
    or asymptote runs through one and the place there is clear, else over the stroke cleared
    only round their glyphs (a box of the canvas colour cut the curve). Their own viewport
    keeps ``vp.painted`` the axes' labels alone. Where the axes deferred nothing (no
    ``vp.deferred`` to share) the labels come back as (place, text) instead, for
    ``halo_text`` once the curves are drawn."""
    u = canvas.unit
    px = _pi_px(canvas)
    half = math.pi / 2
    ks = [k for k in _pi_ks(spec) if k]
    wmax = canvas.text_size(max((pi_text(k / 2) for k in ks), key=len), px)[0]
    stride = next(s for s in (1, 2, 4, 8) if s * half * vp.scale >= wmax + 6 * u or s == 8)
    oy = vp(0, 0)[1]
    top = oy + 6 * u
    room = {}
    for k in ks:
        if k % stride:
            continue
        X = vp(k * half, 0)[0]
        t = pi_text(k / 2)
        w, h = canvas.text_size(t, px)
        if canvas.is_free((X - w / 2, top, X + w / 2, top + h), avoid_ink=False, pad=1.5):
            room[k] = (X, t)
    symmetric = abs(spec.xmin + spec.xmax) < 1e-9
    chosen = [(X, t) for k, (X, t) in room.items() if not symmetric or -k in room]
    if vp.deferred is None:
        return None, [((X, top), t) for X, t in chosen]
    labs = []
    for X, t in chosen:
        box = canvas.text_box((X, top), t, px, "mt")
        canvas.claim(box, t)
        labs.append(AxisLabel((X, top), t, px, "mt", "sans", box, (((X, oy - 6 * u), "mb"),),
                              (X, oy), "x", canvas.layout.labels[-1]))
    for lab in labs:  # the margin draw_axes claims round each of its labels
        claim_margin(canvas, lab.box)
    remember_places(canvas, labs)  # before anything is drawn over the axes
    # the pi ticks and grid are the axes': a label moves to no place nearer another pi tick,
    # and no stroke the curves drew is taken for one (nor one for a stroke)
    vp.ticks = sorted(set(vp.ticks) | {(vp(k * half, 0)[0], oy) for k in _pi_ks(spec)})
    vp.deferred.ink = np.array(canvas.ink)
    return replace(vp, labels=labs, painted=[]), []


def _shade(spec: FunctionSpec, canvas: Canvas, vp: AxesViewport) -> np.ndarray:
    """Shade the interval's region beneath the axes; returns its pixels (a mask)."""
    lo, hi = spec.shade
    cv = spec.curves[0]
    xs = np.linspace(lo, hi, 200)
    ys = np.clip(evaluate(cv, xs), spec.ymin, spec.ymax)
    y0 = min(max(0.0, spec.ymin), spec.ymax)
    pts = _xy(vp, xs, ys) + [vp(hi, y0), vp(lo, y0)]
    region = fill_region(canvas, vp, pts, _tint(cv.color, 0.7))  # the axes show through it
    axis_x = min(max(0.0, spec.xmin), spec.xmax)  # where the y-axis runs
    for x in (lo, hi):
        if abs(x - axis_x) < 1e-9:  # the y-axis bounds the region there: no stroke over it
            continue
        canvas.line([vp(x, y0), vp(x, float(np.clip(value(cv, x), spec.ymin, spec.ymax)))],
                    color=_rgb(cv.color), width=1.2)
    canvas.line([vp(lo, y0), vp(hi, y0)], color=AXIS_COLOR, width=1.4)
    return region


def _asymptotes(spec: FunctionSpec, canvas: Canvas, vp: AxesViewport) -> None:
    dash = (5.0, 4.0)
    for cv in spec.curves:
        _, _, vas = breaks(cv, spec.xmin, spec.xmax)
        for v in vas:
            if spec.xmin < v < spec.xmax:
                canvas.line([vp(v, spec.ymin), vp(v, spec.ymax)], color=ASYM_COLOR, width=1.3,
                            dash=dash)
        if cv.kind in ("exponential", "rational") and cv.d != 0 and \
                spec.ymin < cv.d < spec.ymax:
            canvas.line([vp(spec.xmin, cv.d), vp(spec.xmax, cv.d)], color=ASYM_COLOR,
                        width=1.3, dash=dash)


def _curve_pixels(spec: FunctionSpec, cv: Curve, vp: AxesViewport
                  ) -> list[list[tuple[float, float]]]:
    n_per_unit = 1.1 * vp.scale  # ~1 sample per pixel column is smooth at 2x supersampling
    out = []
    for xs, ys in branch_samples(cv, spec.xmin, spec.xmax, n_per_unit):
        for X, Y in clip_runs(xs, ys, spec.ymin, spec.ymax):
            out.append(_xy(vp, X, Y))
    return out


def _legend(spec: FunctionSpec, canvas: Canvas, vp: AxesViewport,
            region: np.ndarray | None = None) -> bool:
    """Legend box in the emptiest inner corner of the grid, off the shaded ``region`` (a
    legend over one hid a part of it); False if it cannot fit there."""
    u = canvas.unit
    px = font_px(canvas.width, 0.8)
    rows = [(t, cv.color, i == 0) for cv in spec.curves
            for i, t in enumerate(expression_lines(cv))]
    sw, pad = 16 * u, 4 * u
    sizes = [canvas.text_size(t, px) for t, _, _ in rows]
    lh = max(sz[1] for sz in sizes) + 3 * u
    tw = max(sz[0] for sz in sizes)
    w, h = pad * 3 + sw + tw, pad * 2 + lh * len(rows) - 3 * u
    bx0, by0, bx1, by1 = vp.box
    if w > (bx1 - bx0) - 4 * u or h > (by1 - by0) - 4 * u:
        return False
    # a free corner if there is one, else anywhere in the grid: no label under it, least ink
    m = 3 * u
    xs = np.array([bx1 - m - w, bx0 + m])
    ys = np.array([by0 + m, by1 - m - h])
    gx, gy = (g.ravel() for g in np.meshgrid(xs, ys))
    inside, used, _ = box_counts(canvas, gx, gy, w, h, pad=2.0, split=False)
    if not (inside & (used == 0) & _off_region(region, gx, gy, w, h)).any():
        gx, gy = (g.ravel() for g in np.meshgrid(np.arange(bx0 + m, bx1 - m - w, 4 * u),
                                                 np.arange(by0 + m, by1 - m - h, 4 * u)))
        inside, used, lab = box_counts(canvas, gx, gy, w, h, pad=2.0, k=2)
        used = np.where(lab == 0, used, np.iinfo(np.int32).max)
    # off the region, or none: the equation is then written beside the curve
    usable = inside & (used < np.iinfo(np.int32).max) & _off_region(region, gx, gy, w, h)
    # least ink first; each candidate re-checked on the full-size label mask, which the
    # summed-area counts (shrunk masks, rounded box edges) can miss at a box's border
    order = [int(i) for i in np.argsort(np.where(usable, used, np.iinfo(np.int64).max),
                                        kind="stable") if usable[i]]
    box = next((b for b in ((float(gx[i]), float(gy[i]), float(gx[i] + w), float(gy[i] + h))
                            for i in order) if canvas.is_free(b, avoid_ink=False, pad=1.0)),
               None)
    if box is None:
        return False
    canvas.rect(box, fill="white", outline=(150, 150, 150), width=1.0, ink=False)
    canvas.lab_d.rectangle([box[0], box[1], box[2], box[3]], fill=1)
    y = box[1] + pad
    for (t, col, first), (_, h_t) in zip(rows, sizes):
        cy = y + h_t / 2
        if first:
            canvas.line([(box[0] + pad, cy), (box[0] + pad + sw, cy)], color=_rgb(col),
                        width=CURVE_W, ink=False)
        canvas.text((box[0] + 2 * pad + sw, cy), t, px=px, color=_rgb(col), anchor="lm")
        y += lh
    return True


def _curve_labels(spec: FunctionSpec, canvas: Canvas, vp: AxesViewport,
                  runs: list[list[list[tuple[float, float]]]], names_only: bool,
                  apart: Sequence[Box] = (), region: np.ndarray | None = None) -> None:
    """Each curve's equation (or its name only) in its colour beside it, a character's width
    clear of the tick labels ``apart`` in their row and off the shaded ``region`` where it
    can."""
    px = font_px(canvas.width, 0.85)
    fracs = (0.82, 0.18, 0.65, 0.35, 0.5, 0.95, 0.05)
    for i, (cv, cr) in enumerate(zip(spec.curves, runs)):
        pts = [p for r in cr for p in r]
        if not pts:
            continue
        if cv.kind == "piecewise" and not names_only:
            for p in cv.pieces:
                lo = spec.xmin if p.lo is None else max(spec.xmin, p.lo)
                hi = spec.xmax if p.hi is None else min(spec.xmax, p.hi)
                lo_px, hi_px = vp(lo, 0)[0], vp(hi, 0)[0]
                sel = [q for q in pts if lo_px <= q[0] <= hi_px]
                if sel:
                    anchors = [sel[int(f * (len(sel) - 1))] for f in (0.5, 0.3, 0.7, 0.1, 0.9)]
                    place_label(canvas, anchors, f"y = {poly_text(p.coeffs, True)}", px,
                                color=_rgb(cv.color), prefer=(0.3, -1), rings=3, scan=vp.box,
                                apart=apart, region=region)
            continue
        text = lhs_text(cv) if names_only else expression_lines(cv)[0]
        if names_only and not cv.name:
            continue
        order = fracs[i % 2:] + fracs[:i % 2]
        anchors = [pts[min(len(pts) - 1, int(f * len(pts)))] for f in order]
        place_label(canvas, anchors, text, px, color=_rgb(cv.color), prefer=(0.5, -1), rings=4,
                    scan=vp.box, apart=apart, region=region)


def _off_region(region: np.ndarray | None, x0, y0, w: float, h: float) -> np.ndarray:
    """Whether each w x h box (top-left corners ``x0``, ``y0``), a pixel wider, keeps off
    every pixel of the shaded region (all True without one)."""
    x0, y0 = np.asarray(x0, dtype=float), np.asarray(y0, dtype=float)
    if region is None or not region.any():
        return np.ones(np.shape(x0), bool)
    H, W = region.shape
    a = np.clip(np.floor(x0 - 1), 0, W).astype(int)
    b = np.clip(np.floor(y0 - 1), 0, H).astype(int)
    c = np.clip(np.ceil(x0 + w + 1), 0, W).astype(int)
    d = np.clip(np.ceil(y0 + h + 1), 0, H).astype(int)
    return mask_counts(region, a, b, c, d) == 0


def place_label(canvas: Canvas, anchors: list[tuple[float, float]], text: str, px: int,
                color=MARK_COLOR, prefer: tuple[float, float] = (1, -1), rings: int = 5,
                scan: Box | None = None, apart: Sequence[Box] = (),
                region: np.ndarray | None = None) -> Box:
    """Put ``text`` near the first anchor that has room: positions on rings around it (the
    ``prefer`` direction first) covering neither a label nor ink; else, within ``scan`` (the
    whole picture for a label wider than it), the free spot nearest an anchor, or failing
    that the spot whose glyphs cross the least ink (nearer an anchor among near equals),
    cleared of the strokes beneath only round its glyphs (``halo_text``: a box of the canvas
    colour cut the curve). Never covers another label when any label-free spot exists.
    ``apart``: boxes (the tick labels) the label keeps a character's width from in their row
    wherever it can: "y = 2x + 1" close beside the tick label "1" read as "y = 2x + 11".
    ``region``: the shaded region's pixels, which the label keeps off where it can (an
    equation laid across the region read as part of what is asked about it)."""
    w, h = canvas.text_size(text, px)
    spaced = row_spacer(apart, w, h, canvas.text_size("0", px)[0])
    n = math.hypot(*prefer)
    p = (prefer[0] / n, prefer[1] / n)
    dirs = sorted(DIRS, key=lambda d: -(d[0] * p[0] + d[1] * p[1]) / math.hypot(*d))
    dirs = np.array([p] + [(dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)) for dx, dy in dirs])
    ux, uy = dirs[:, 0], dirs[:, 1]
    d0 = 0.35 * px + 2 * canvas.unit
    r = d0 + np.arange(rings) * 0.45 * px
    offx = (ux[None, :] * (r[:, None] + w / 2 * np.abs(ux))).ravel()  # ring-major order
    offy = (uy[None, :] * (r[:, None] + h / 2 * np.abs(uy))).ravel()
    # one small region per anchor (the first usually has room), off the shaded region first
    for off in ((True, False) if region is not None else (False,)):
        for ax, ay in anchors:
            cx, cy = ax + offx, ay + offy
            inside, used, _ = box_counts(canvas, cx - w / 2, cy - h / 2, w, h, split=False)
            ok = inside & (used == 0) & spaced(cx - w / 2, cy - h / 2)
            if off:
                ok &= _off_region(region, cx - w / 2, cy - h / 2, w, h)
            if ok.any():
                i = int(np.argmax(ok))
                return canvas.text((float(cx[i]), float(cy[i])), text, px=px, color=color,
                                   anchor="mm")
    if scan is not None:
        step = max(2.0, px / 3)
        xs = np.arange(scan[0] + 1.5, scan[2] - w - 1.5, step)
        ys = np.arange(scan[1] + 1.5, scan[3] - h - 1.5, step)
        if xs.size and ys.size:
            gx, gy = (g.ravel() for g in np.meshgrid(xs, ys))
        else:  # a label wider than the grid: anywhere in the picture
            gx, gy = canvas.box_grid(w, h, step)
        if np.size(gx):
            inside, ink, lab = box_counts(canvas, gx, gy, w, h, k=2)
            A = np.array(anchors, dtype=float)
            dd = ((gx[:, None] + w / 2 - A[None, :, 0]) ** 2 +
                  (gy[:, None] + h / 2 - A[None, :, 1]) ** 2).min(1)
            apart_ok = spaced(gx, gy)
            usable = inside & (lab == 0) & apart_ok
            if not usable.any():  # the shrunk masks call a box a pixel off a label covered
                inside, ink, lab = box_counts(canvas, gx, gy, w, h)
                usable = inside & (lab == 0) & apart_ok
            if not usable.any():  # a crowded picture: close beside a tick label at last
                usable = inside & (lab == 0)
            clear = usable & _off_region(region, gx, gy, w, h)
            usable = clear if clear.any() else usable
            free = usable & (ink == 0)
            if free.any():  # the nearest spot with no ink
                i = int(np.argmin(np.where(free, dd, np.inf)))
                return canvas.text((float(gx[i] + w / 2), float(gy[i] + h / 2)), text, px=px,
                                   color=color, anchor="mm")
            pool = usable if usable.any() else inside  # over a label only where it must
            if pool.any():
                # of the few spots with least ink under their box, the one whose glyphs cross
                # the least ink, a pixel more for each font size further from the anchors;
                # drawn cleared round its glyphs only
                idx = np.flatnonzero(pool)
                c = least_glyph_ink(canvas, gx + w / 2, gy + h / 2, idx,
                                    (dd[idx], ink[idx], lab[idx]), text, px,
                                    lambda i, crossed: (int(lab[i]),
                                                        crossed + math.sqrt(dd[i]) / px, i))
                return halo_text(canvas, (float(gx[c] + w / 2), float(gy[c] + h / 2)), text,
                                 px, color)
    return canvas.label(anchors[0], text, px=px, color=color, prefer=prefer)


def _leader(canvas: Canvas, a: Point, b: Point, skip: Sequence[Box]) -> None:
    """The leader line a-b, left out inside the ``skip`` boxes (the axes' labels, painted
    already): it passes beneath a label as if drawn first, its glyphs whole."""
    ts = [(0.0, 1.0)]  # the parts of the line to draw, as parameter intervals
    dx, dy = b[0] - a[0], b[1] - a[1]
    for x0, y0, x1, y1 in skip:
        x0, y0, x1, y1 = x0 - 1.0, y0 - 1.0, x1 + 1.0, y1 + 1.0  # the stroke's width and rim
        t0, t1 = 0.0, 1.0
        for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
            if p == 0:
                if q < 0:
                    t0, t1 = 1.0, 0.0
                continue
            t = q / p
            t0, t1 = (max(t0, t), t1) if p < 0 else (t0, min(t1, t))
        if t0 < t1:
            ts = [piece for lo, hi in ts
                  for piece in ((lo, min(hi, t0)), (max(lo, t1), hi)) if piece[0] < piece[1]]
    for lo, hi in ts:
        canvas.line([(a[0] + lo * dx, a[1] + lo * dy), (a[0] + hi * dx, a[1] + hi * dy)],
                    color=MARK_COLOR, width=0.8)


def place_dot_label(canvas: Canvas, at: Point, others: list[Point], text: str, px: int,
                    skip: Sequence[Box] = (), dirs: Sequence[Point] | None = None,
                    marks: Sequence[Point] = (), side: float | None = None,
                    apart: Sequence[Box] = (), region: np.ndarray | None = None) -> DotLabel:
    """A marked point's coordinates where a reader pins them on that point: every place tried
    is nearer its own dot than any other dot (the free place nearest a dot anywhere on the
    picture can sit beside another dot, as the zeros of a steep tangent do); the rings round
    the dot first, then the free place nearest it (the one covering least ink, on a halo,
    where none is free), and a leader to the dot where the label ends up off its rings (left
    out inside the ``skip`` boxes, the axes' labels).

    ``dirs``: the ring directions in the order tried (default: place_label's, up-right
    first). ``marks`` (an x marker's label: the other dots and the axis' tick marks): the
    label's centre is nearer its own dot than any of them too, so it reads as standing at
    its own x. ``side``: the pixel x of the y-axis; the label stays wholly on its dot's side
    of it (on either side for a dot on the axis, never across it), never across the axis
    beside the origin or another x. ``region``: the shaded region's pixels, which the label
    keeps off where it can (on a box of the canvas colour, "a = 4" hid most of a narrow
    region, and "a = 0" the y-axis through one). ``apart``: boxes (the tick
    labels) the label keeps a character's width from where it stands in their row, and three
    where it can: close beside "-4", "a = -3" read on with it as "-4a = -3", and in the row
    of tick labels as one more of them."""
    w, h = canvas.text_size(text, px)
    # a dot drawn where the own one is (a zero that is also a marker's foot) is the same
    # place to a reader: no label could be nearer one of them than the other
    O = np.array(others, dtype=float).reshape(-1, 2)
    O = O[np.hypot(O[:, 0] - at[0], O[:, 1] - at[1]) > 1.0]
    M = np.array(marks, dtype=float).reshape(-1, 2)
    M = M[np.hypot(M[:, 0] - at[0], M[:, 1] - at[1]) > 1.0]
    gap_x = 3 * canvas.unit  # room between the label and the y-axis (its tick marks' length)
    cw = canvas.text_size("0", px)[0]

    def spaced(x0: np.ndarray, y0: np.ndarray, gap: float) -> np.ndarray:
        """The label's box ``gap`` px clear of each of ``apart`` in its row."""
        ok = np.ones(np.shape(x0), bool)
        for bx0, by0, bx1, by1 in apart:
            ok &= ((x0 + w + gap <= bx0) | (x0 >= bx1 + gap) | (y0 + h <= by0) | (y0 >= by1))
        return ok

    def own_nearest(x0: np.ndarray, y0: np.ndarray) -> np.ndarray:
        def gap(q):
            dx = np.maximum.reduce([x0 - q[0], np.zeros_like(x0), q[0] - (x0 + w)])
            dy = np.maximum.reduce([y0 - q[1], np.zeros_like(y0), q[1] - (y0 + h)])
            return np.hypot(dx, dy)
        mine = gap(at)
        ok = np.ones(x0.shape, bool)
        for q in O:
            ok &= mine + 0.25 * px < gap(q)
        return ok

    def centred(x0: np.ndarray, y0: np.ndarray) -> np.ndarray:
        """The label's centre nearer its own dot than any of ``marks``."""
        ok = np.ones(x0.shape, bool)
        cx, cy = x0 + w / 2, y0 + h / 2
        mine = np.hypot(cx - at[0], cy - at[1])
        for q in M:
            ok &= mine < np.hypot(cx - q[0], cy - q[1])
        return ok

    def own_side(x0: np.ndarray) -> np.ndarray:
        """The label's box on its dot's side of the y-axis."""
        if side is None:
            return np.ones(x0.shape, bool)
        left, right = x0 + w <= side - gap_x, x0 >= side + gap_x
        if abs(at[0] - side) <= 0.5:
            return left | right
        return left if at[0] < side else right

    def off_region(x0: np.ndarray, y0: np.ndarray) -> np.ndarray:
        return _off_region(region, x0, y0, w, h)

    if dirs is None:  # place_label's order with its default preference, so a label it set
        dirs = [(1, -1)] + sorted(DIRS, key=lambda d: -(d[0] - d[1]) / math.hypot(*d))
    U = np.array([(dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)) for dx, dy in dirs])
    ux, uy = U[:, 0], U[:, 1]
    d0 = 0.35 * px + 2 * canvas.unit
    r = d0 + np.arange(5) * 0.45 * px
    cx = at[0] + (ux[None, :] * (r[:, None] + w / 2 * np.abs(ux))).ravel()
    cy = at[1] + (uy[None, :] * (r[:, None] + h / 2 * np.abs(uy))).ravel()
    inside, used, _ = box_counts(canvas, cx - w / 2, cy - h / 2, w, h, split=False)
    ok = (inside & (used == 0) & own_nearest(cx - w / 2, cy - h / 2) &
          centred(cx - w / 2, cy - h / 2) & own_side(cx - w / 2) &
          spaced(cx - w / 2, cy - h / 2, cw))
    rec = DotLabel(text, (0.0, 0.0, 0.0, 0.0), at, [tuple(q) for q in O])
    # out of the row of the tick labels if it can ("4  a = 5  6" reads as one more of them)
    off_row = ok & spaced(cx - w / 2, cy - h / 2, 3 * cw)
    ok = off_row if off_row.any() else ok
    clear = ok & off_region(cx - w / 2, cy - h / 2)
    ok = clear if clear.any() else ok
    if ok.any():
        i = int(np.argmax(ok))
        rec.box = canvas.text((float(cx[i]), float(cy[i])), text, px=px, color=MARK_COLOR,
                              anchor="mm")
        return rec
    step = max(2.0, px / 3)
    gx, gy = canvas.box_grid(w, h, step)
    if not np.size(gx):  # a label wider or taller than the canvas: beside the dot, as it fits
        rec.box = canvas.text((float(cx[0]), float(cy[0])), text, px=px, color=MARK_COLOR,
                              anchor="mm")
        return rec
    inside, ink, lab = box_counts(canvas, gx, gy, w, h, k=2)
    dd = np.hypot(gx + w / 2 - at[0], gy + h / 2 - at[1])
    nearest, centre, beside = own_nearest(gx, gy), centred(gx, gy), own_side(gx)
    spaced_, off_row = spaced(gx, gy, cw), spaced(gx, gy, 3 * cw)
    usable = inside & (lab == 0) & spaced_ & nearest & centre & beside
    if not usable.any():  # the shrunk masks call a box a pixel off a label covered: recount
        inside, ink, lab = box_counts(canvas, gx, gy, w, h)
        usable = inside & (lab == 0) & spaced_ & nearest & centre & beside
    if (usable & off_row).any():
        usable &= off_row
    if len(M) or side is not None:
        # an x marker's label where nothing is left: give up the least first, and cover
        # another label last. It may come as near another dot as its own (its leader pins
        # it), then stand off its own x, then cross the y-axis, then close beside a tick
        # label: a crowded small picture
        free = inside & (lab == 0) & spaced_
        tiers = [free & centre & beside, free & beside, free & nearest, free,
                 inside & (lab == 0), inside & nearest & centre & beside, inside & beside,
                 inside]
    else:  # over another label last: "(0.67, 0)" over the tick labels "2" and "3" read as
        # "(0.627, 03)"; off its rings a leader pins it to its dot
        tiers = [inside & nearest, inside & (lab == 0), inside]
    for tier in tiers:
        if usable.any():
            break
        usable = tier
    clear = usable & off_region(gx, gy)
    usable = clear if clear.any() else usable
    # no ink nearby if possible: a free place within a few lines of the dot, else the place
    # covering least ink there, else the nearest free place anywhere
    near = usable & (dd < 4 * px)
    if near.any():
        key = np.where(near, np.minimum(ink, 1) * 1e7 + ink * 1e3 + dd, np.inf)
    else:
        key = np.where(usable, ink * 1e7 + dd, np.inf)
    i = int(np.argmin(key))
    xy = (float(gx[i] + w / 2), float(gy[i] + h / 2))
    if ink[i] and not off_region(gx[i:i + 1], gy[i:i + 1])[0]:
        # over strokes in the region: only round the glyphs, as the axes' tick labels (a box
        # of the canvas colour hid most of a narrow region and the y-axis through one)
        rec.box = halo_text(canvas, xy, text, px, MARK_COLOR, anchor="mm")
    else:
        rec.box = canvas.text(xy, text, px=px, color=MARK_COLOR, anchor="mm",
                              halo=bool(ink[i]))
    off = point_box_gap(at, rec.box)
    if off > d0 + 0.45 * px or (off > 1.0 and not nearest[i]):
        x0, y0, x1, y1 = rec.box
        start = (min(max(at[0], x0), x1), min(max(at[1], y0), y1))
        _leader(canvas, start, at, skip)
        rec.leader = (start, at)
    return rec


# ----------------------------------------------------------------------------- draw


def _marker_feet(spec: FunctionSpec) -> list[tuple[float, float, float, str]]:
    """The x markers in the window: (x, foot y on the x-axis, curve value there, label)."""
    f0 = spec.curves[0] if spec.curves else None
    y0 = min(max(0.0, spec.ymin), spec.ymax)
    return [(m.x, y0, value(f0, m.x), m.label()) for m in spec.markers
            if f0 is not None and spec.xmin <= m.x <= spec.xmax]


def _shown(spec: FunctionSpec, fy: float) -> bool:
    return bool(np.isfinite(fy)) and spec.ymin <= fy <= spec.ymax


def _markers(spec: FunctionSpec, canvas: Canvas, vp: AxesViewport
             ) -> tuple[list[tuple[Point, str, bool, Point | None]],
                        list[tuple[Point, float, tuple]]]:
    """Dashed drop lines of the x markers; returns (foot, label, label below the axis, dot on
    the curve or None) per marker and the dots to draw on them (pixel point, radius, colour)."""
    feet, dots = [], []
    for x, y0, fy, label in _marker_feet(spec):
        top = None
        if _shown(spec, fy):
            canvas.line([vp(x, y0), vp(x, fy)], color=MARK_COLOR, width=1.2, dash=(4, 3))
            top = vp(x, fy)
            dots.append((top, 3.2, _rgb(spec.curves[0].color)))
        dots.append((vp(x, y0), 2.6, MARK_COLOR))
        feet.append((vp(x, y0), label, not (np.isfinite(fy) and fy < y0), top))
    return feet, dots


def _marker_dirs(foot: Point, axis_x: float, down: bool) -> list[Point]:
    """Ring directions for an x marker's label (pixels, y down): across the x-axis from its
    dashed line (below where the curve's dot is above), leaning away from the y-axis, then
    straight across; the same on the dashed line's side; only then leaning towards the
    y-axis, and last along the x-axis."""
    sx = -1.0 if foot[0] < axis_x - 0.5 else 1.0
    v = 1.0 if down else -1.0
    return [(0.4 * sx, v), (sx, v), (0.0, v), (0.4 * sx, -v), (sx, -v), (0.0, -v),
            (-0.4 * sx, v), (-sx, v), (-0.4 * sx, -v), (-sx, -v), (sx, 0.0), (-sx, 0.0)]


def _dots(spec: FunctionSpec) -> list[tuple[tuple[float, float], str]]:
    """Marked features, intersections and named points: (math point, label)."""
    dots = []
    for cv in spec.curves:
        if cv.marks:
            for _, x, y in mark_points(cv, analyze(cv, spec.xmin, spec.xmax), spec):
                dots.append(((x, y), f"({fmt_num(x)}, {fmt_num(y)})"))
    if spec.mark_intersections and len(spec.curves) == 2:
        edge = 0.03 * (spec.xmax - spec.xmin)
        for x, y in intersections(spec.curves[0], spec.curves[1], spec.xmin, spec.xmax):
            if spec.ymin <= y <= spec.ymax and spec.xmin + edge <= x <= spec.xmax - edge:
                dots.append(((x, y), f"({fmt_num(x)}, {fmt_num(y)})"))
    for p in spec.points:
        txt = p.name + (f"({fmt_num(p.x)}, {fmt_num(p.y)})" if p.show_coords else "")
        dots.append(((p.x, p.y), txt))
    return dots


def draw(spec: FunctionSpec, canvas: Canvas) -> list[DotLabel]:
    """Draw the plot; returns where every marked point's label went."""
    W, H = canvas.width, canvas.height
    top = _title(spec, canvas)
    dots = _dots(spec)
    marked = [p for p, _ in dots]  # every dot drawn, which may touch no tick label's glyphs
    for x, y0, fy, _ in _marker_feet(spec):
        marked += [(x, y0)] + ([(x, fy)] if _shown(spec, fy) else [])
    # trig windows: draw_axes labels ticks with decimals, so it gets a step that puts no tick
    # but 0 on the x-axis, and _pi_grid / _pi_labels add the multiples of pi/2. The tick
    # labels, those of pi/2 too, are painted after the curves, regions and asymptotes, so
    # that none of them runs through a label (a line y = -2 through "-2" hid its minus sign).
    xstep = nice_step(spec.xmax - spec.xmin, MAX_TICKS)
    xticks = ([k * math.pi / 2 for k in _pi_ks(spec)] if spec.pi_ticks else
              tick_values(spec.xmin, spec.xmax, xstep))
    vp = draw_axes(canvas, spec.xmin, spec.xmax, spec.ymin, spec.ymax, equal=False,
                   frame=(0.0, top, float(W), float(H)), xstep=1e6 if spec.pi_ticks else xstep,
                   ystep=nice_step(spec.ymax - spec.ymin, MAX_TICKS), defer_labels=True,
                   keep_clear=marked,
                   xlabel_w=_pi_end_w(spec, canvas) if spec.pi_ticks else 0.0)
    pi_vp, late = None, []
    if spec.pi_ticks:
        _pi_grid(spec, canvas, vp)
        pi_vp, late = _pi_labels(spec, canvas, vp)
    region = _shade(spec, canvas, vp) if spec.shade and spec.curves else None
    _asymptotes(spec, canvas, vp)
    runs = []
    for cv in spec.curves:
        cr = _curve_pixels(spec, cv, vp)
        for r in cr:
            canvas.line(r, color=_rgb(cv.color), width=CURVE_W)
        runs.append(cr)
    # every stroke and dot first, then the labels, so that labels can avoid all of them
    feet, marker_dots = _markers(spec, canvas, vp)
    # the axes' labels (the pi labels with them) over every stroke and region; the dots go on
    # top, none of them touching a label's glyphs (draw_axes left out any label one would),
    # and the labels below keep off the labels' boxes
    tick_boxes = draw_axis_labels(canvas, pi_vp) if pi_vp is not None else []
    tick_boxes += draw_axis_labels(canvas, vp)
    for at, r, col in marker_dots:
        canvas.dot(at, r, color=col)
    for (x, y), _ in dots:
        canvas.dot(vp(x, y), 3.4, color=MARK_COLOR)
    for xy, t in late:
        x0, y0, x1, y1 = halo_text(canvas, xy, t, _pi_px(canvas), "black", anchor="mt")
        tick_boxes.append((x0 - HALO_PAD, y0 - HALO_PAD, x1 + HALO_PAD, y1 + HALO_PAD))
    mode = spec.show_expression
    if mode == "legend" and not _legend(spec, canvas, vp, region):
        mode = "label"
    lpx = font_px(W, 0.8)
    at = [vp(x, y) for (x, y), _ in dots]
    feet_at = [q for foot, _, _, top in feet for q in (foot, top) if q is not None]
    records = [place_dot_label(canvas, at[i], at[:i] + at[i + 1:] + feet_at, txt, lpx,
                               skip=tick_boxes, region=region)
               for i, (_, txt) in enumerate(dots) if txt]
    # an x marker's label stands at its own x: on its foot's side of the y-axis, its centre
    # nearer the foot than any other dot or tick mark ("a = -1" between "O" and "2" read as
    # a point right of the origin), joined to the foot by a leader where it stands away
    axis_x = vp(0, 0)[0]
    for foot, txt, down, top in feet:
        others = at + [q for q in feet_at if q != foot and q != top]
        ticks = [(vp(x, 0)[0], foot[1]) for x in xticks]
        ticks = [q for q in ticks if abs(q[0] - foot[0]) > 1.5]
        records.append(place_dot_label(
            canvas, foot, others, txt, lpx, skip=tick_boxes,
            dirs=_marker_dirs(foot, axis_x, down), marks=others + ticks, side=axis_x,
            apart=tick_boxes, region=region))
    if mode == "label":
        _curve_labels(spec, canvas, vp, runs, names_only=False, apart=tick_boxes, region=region)
    elif mode == "none" and len(spec.curves) == 2:
        _curve_labels(spec, canvas, vp, runs, names_only=True, apart=tick_boxes, region=region)
    return records
