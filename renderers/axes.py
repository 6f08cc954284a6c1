"""Coordinate grid and axes for any family that plots in a Cartesian plane.

API (small and stable; the "analytic_geometry" and "function" families use it):

    vp = draw_axes(canvas, xmin, xmax, ymin, ymax, xstep=None, ystep=None, equal=True,
                   grid=True, tick_labels=True, names=("x", "y"), origin_label="O",
                   frame=None, px=None, max_labels=10, defer_labels=False,
                   keep_clear=(), xlabel_w=0.0) -> AxesViewport
    fill_region(canvas, vp, pts, color)   # a shaded region beneath the axes' strokes
    draw_axis_labels(canvas, vp)   # with defer_labels: once curves and regions are drawn

- ``AxesViewport`` is a ``renderers.canvas.Viewport`` (math -> pixel, y up) with an optional
  separate ``yscale`` (``equal=False``) and the plotted range ``xmin..xmax, ymin..ymax`` plus
  ``box`` (pixel rectangle of the grid), ``contains(x, y)`` and ``clip_segment``.
- Axes pass through the origin when it is inside the range, else along the frame edge nearest
  to zero. Arrows point to +x and +y; the axis names sit past the arrow tips.
- Grid lines are drawn without ink (so ``canvas.label`` may place labels over the light grid);
  axis lines and tick marks are ink. Tick labels are recorded labels (``canvas.text``) placed
  so that they never overlap one another: every k-th tick is labelled with k chosen from
  1, 2, 5, 10, ... so that neighbouring labels have room, and one that would still touch a
  label already there (near the origin) is skipped; ``max_labels`` (default 10) caps the
  labels per axis the same way.
- ``defer_labels``: the tick labels, the origin "O" and the axis names are placed (their boxes
  claimed in the label mask, so later labels keep off them) but painted only by
  ``draw_axis_labels(canvas, vp)``, which the caller runs after its curves, regions and
  asymptotes. A label a stroke drawn since runs through first moves, where it can, to another
  place that reads as the same label's and that no stroke meets (an x tick label above its
  tick, a y tick label right of it, "O" in another corner next to the origin, an axis name
  on the arrow's other side); where a stroke still runs beneath, the canvas colour goes only
  on its glyphs and ``HALO_GROW`` px round them, so the glyphs stay whole (y = -2 through
  "-2" keeps its minus sign) and the curve is cut only where a glyph crosses it, never over a
  whole box (a cut a reader takes for a break or an open end of the curve). Marked dots are
  drawn after that, so no label hides one; ``keep_clear`` (their math points) leaves out a
  label whose glyphs a dot there would touch: the dot matters more than one of evenly spaced
  labels. ``vp.painted`` holds the labels painted, each where it went (``AxisLabel``: its
  tick and role), ``vp.ticks`` every tick mark (pixels).
- ``xlabel_w``: the width of the x tick labels a caller draws itself at the window's ends
  (a trig plot's "-2π" ... "2π"); the margins leave room for half of one past either end, as
  for the axes' own labels, so the left end's label fits as the right end's does.
- ``nice_step(span, max_steps)`` and ``tick_values(lo, hi, step)`` are the helpers behind the
  default steps (1, 2, 5 x 10^k; one common step for both axes when ``equal``), exported for
  callers that choose their own ranges; ``text_size(canvas, text, px)`` is a memoised
  ``Canvas.text_size``.

    python -c "from renderers.canvas import Canvas; from renderers.axes import draw_axes; \
c = Canvas(336); draw_axes(c, -5, 6, -4, 5); c.finish().save('/tmp/axes.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
import math
from typing import Callable, Sequence

import numpy as np
from PIL import Image, ImageDraw

from renderers.canvas import (GRID_COLOR, HALO_GROW, HALO_PAD, Box, Canvas, LabelBox, Point,
                              Viewport, boxes_overlap, glyph_ink)
from renderers.text import GLYPH_PAD, fmt_num, font_px, get_font

AXIS_COLOR = (40, 40, 40)
CLAIM_PAD = 1.0  # px round a deferred label's text that later labels keep off
LABEL_GAP = 2 * HALO_PAD  # px between a deferred label moved off a stroke and any other label
KEEP_CLEAR_R = 3.4  # px (at 336): the largest marked dot a ``keep_clear`` point stands for
# px (at 336) further left a level stroke that ends short of a tick label's minus sign still
# reads on with it: the longest gap of the families' dashed lines (5 px) and a pixel; a dash
# a gap short of the minus reads as the minus's dash before it ("- - -2" as a line and "2")
MINUS_REACH = 6.0


@dataclass
class AxisLabel:
    """A placed axes label waiting to be painted: where and how ``Canvas.text`` draws it, and
    its text box in pixels; ``alts``, the other places (xy, anchor) that read as the same
    label's, tried in order when a stroke drawn since runs through this one; ``mark``, the
    pixel point it names (its tick, the origin, the arrow tip) and ``role`` ("x", "y" tick
    label, "origin", "name"); ``entry``, its record in the canvas layout; ``since``, the
    picture round its places before anything was drawn over the axes."""

    xy: Point
    text: str
    px: int
    anchor: str
    kind: str
    box: Box
    alts: tuple[tuple[Point, str], ...] = ()
    mark: Point | None = None
    role: str = ""
    entry: LabelBox | None = field(default=None, repr=False, compare=False)
    # the picture round its places as the axes left it (``Canvas.snapshot``)
    since: tuple[np.ndarray, tuple[int, int]] | None = field(default=None, repr=False,
                                                             compare=False)


@dataclass
class _Deferred:
    """What ``draw_axes`` leaves ``draw_axis_labels`` besides the labels: the ink mask as the
    axes left it, the pixel points of the dots drawn after the labels (``keep_clear``), and
    the pixels of the regions ``fill_region`` shaded since (None: none) and their fills."""

    ink: np.ndarray
    clear: list[Point]
    regions: np.ndarray | None = None
    # each region's fill: where its mask starts (supersampled pixels), the mask, its colour
    fills: list[tuple[tuple[int, int], np.ndarray, np.ndarray]] = field(default_factory=list)


@dataclass
class AxesViewport(Viewport):
    """Viewport of a drawn coordinate system. ``yscale`` 0 means equal to ``scale``."""

    yscale: float = 0.0
    xmin: float = 0.0
    xmax: float = 1.0
    ymin: float = 0.0
    ymax: float = 1.0
    # labels placed with ``defer_labels`` and not yet painted (``draw_axis_labels``), and
    # those it painted, each where it went
    labels: list[AxisLabel] = field(default_factory=list, repr=False, compare=False)
    painted: list[AxisLabel] = field(default_factory=list, repr=False, compare=False)
    deferred: _Deferred | None = field(default=None, repr=False, compare=False)
    ticks: list[Point] = field(default_factory=list, repr=False, compare=False)  # pixels

    @property
    def sy(self) -> float:
        return self.yscale or self.scale

    def __call__(self, x: float, y: float) -> Point:
        return (self.ox + self.scale * x, self.oy - self.sy * y)

    def inv(self, px: float, py: float) -> Point:
        return ((px - self.ox) / self.scale, (self.oy - py) / self.sy)

    @property
    def box(self) -> Box:
        """Pixel rectangle (x0, y0, x1, y1) of the plotted range."""
        x0, y0 = self(self.xmin, self.ymax)
        x1, y1 = self(self.xmax, self.ymin)
        return (x0, y0, x1, y1)

    def contains(self, x: float, y: float, tol: float = 1e-9) -> bool:
        return (self.xmin - tol <= x <= self.xmax + tol and
                self.ymin - tol <= y <= self.ymax + tol)

    def clip_segment(self, a: Point, b: Point) -> tuple[Point, Point] | None:
        """Clip the math segment ``a``-``b`` to the plotted range (Liang-Barsky); None if it
        misses the range."""
        x0, y0 = a
        dx, dy = b[0] - x0, b[1] - y0
        t0, t1 = 0.0, 1.0
        for p, q in ((-dx, x0 - self.xmin), (dx, self.xmax - x0), (-dy, y0 - self.ymin),
                     (dy, self.ymax - y0)):
            if p == 0:
                if q < 0:
                    return None
                continue
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return None
        return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


@lru_cache(maxsize=4096)
def _size(text: str, px: int, ss: int, kind: str = "sans") -> tuple[float, float]:
    """``Canvas.text_size`` memoised: tick texts repeat across thousands of images."""
    x0, y0, x1, y1 = get_font(px * ss, kind).getbbox(text)
    return (x1 - x0) / ss, (y1 - y0) / ss


def text_size(canvas: Canvas, text: str, px: int, kind: str = "sans") -> tuple[float, float]:
    return _size(text, px, canvas.ss, kind)


def nice_step(span: float, max_steps: int = 12) -> float:
    """Smallest step of the form 1, 2, 5 x 10^k that splits ``span`` into <= ``max_steps``."""
    span = abs(span) or 1.0
    raw = span / max(1, max_steps)
    k = math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        step = m * 10.0 ** k
        if step >= raw - 1e-12:
            return float(step) if step < 1 else float(round(step, 10))
    return 10.0 ** (k + 1)


def tick_values(lo: float, hi: float, step: float) -> list[float]:
    """Multiples of ``step`` inside [lo, hi] (zero included when in range)."""
    i0 = math.ceil(lo / step - 1e-9)
    i1 = math.floor(hi / step + 1e-9)
    return [round(i * step, 10) for i in range(i0, i1 + 1)]


def _stride(px_per_step: float, need_px: float) -> int:
    """Label every k-th tick, k in 1, 2, 5, 10, 20, ... so labels are ``need_px`` apart."""
    if px_per_step <= 0:  # a plot squeezed to nothing on a tiny canvas: the first label alone
        return 10 ** 9
    k = 1
    seq = (1, 2, 5)
    mag = 1
    i = 0
    while k * px_per_step < need_px:
        i += 1
        if i == len(seq):
            i, mag = 0, mag * 10
        k = seq[i] * mag
    return k


def axis_pos(lo: float, hi: float) -> float:
    """Where the other axis crosses: zero if in range, else the nearer end."""
    if lo <= 0 <= hi:
        return 0.0
    return lo if abs(lo) < abs(hi) else hi


def draw_axes(canvas: Canvas, xmin: float, xmax: float, ymin: float, ymax: float, *,
              xstep: float | None = None, ystep: float | None = None, equal: bool = True,
              grid: bool = True, tick_labels: bool = True,
              names: tuple[str, str] | None = ("x", "y"), origin_label: str | None = "O",
              frame: Box | None = None, px: int | None = None, max_labels: int | None = 10,
              axis_color=AXIS_COLOR, grid_color=GRID_COLOR, defer_labels: bool = False,
              keep_clear: Sequence[Point] = (), xlabel_w: float = 0.0) -> AxesViewport:
    """Draw grid, axes with arrows, ticks, tick labels and axis names; return the viewport.

    ``frame`` is the pixel box to fit into (default: the whole canvas); margins for arrows,
    names and outside tick labels are reserved inside it. ``equal`` keeps one unit the same
    length on both axes (circles stay round). ``px`` is the tick-label font size (default
    ``font_px(width, 0.8)``); axis names use a slightly larger size. ``max_labels``: at most
    about that many tick labels per axis (every k-th tick, k from 1, 2, 5, 10, ...).
    ``defer_labels``: place the labels now, paint them in ``draw_axis_labels`` (on top of what
    the caller draws in between, off its strokes where they can); ``keep_clear``: math points
    of dots (radius at most ``KEEP_CLEAR_R`` at 336 px) drawn after the labels, which no
    deferred label's glyphs may come near. ``xlabel_w``: the width of the x tick labels the
    caller draws at the window's ends, which the margins make room for.
    """
    if not (xmax > xmin and ymax > ymin):
        raise ValueError(f"empty range x {xmin}..{xmax}, y {ymin}..{ymax}")
    W, H = canvas.width, canvas.height
    fx0, fy0, fx1, fy1 = frame if frame is not None else (0.0, 0.0, float(W), float(H))
    u = canvas.unit
    px = px or font_px(W, 0.8)
    npx = font_px(W, 0.95)
    if equal:  # one unit is one length on both axes, so one step for both reads best
        common = nice_step(max(xmax - xmin, ymax - ymin), 12)
        xstep, ystep = xstep or ystep or common, ystep or xstep or common
    xstep = xstep or nice_step(xmax - xmin, 12)
    ystep = ystep or nice_step(ymax - ymin, 12)
    ax_y = axis_pos(ymin, ymax)  # math y of the x-axis
    ax_x = axis_pos(xmin, xmax)  # math x of the y-axis
    xt = tick_values(xmin, xmax, xstep)
    yt = tick_values(ymin, ymax, ystep)
    th = text_size(canvas, "0", px)[1]
    yw = max((text_size(canvas, fmt_num(v), px)[0] for v in yt), default=0.0) if tick_labels else 0
    xw = max((text_size(canvas, fmt_num(v), px)[0] for v in xt), default=0.0) if tick_labels else 0
    over = 16 * u  # how far the arrows reach past the grid
    nw, nh = text_size(canvas, "x", npx)
    gap = 3 * u

    # Margins: arrow + name on the + sides; outside tick labels only where an axis lies on the
    # frame edge (two passes, because the room inside depends on the scale).
    left, right = 4 * u, over + nw + 4 * u
    top, bottom = over + nh + 4 * u, 4 * u
    vp = None
    for _ in range(2):
        wpx = (fx1 - fx0) - left - right
        hpx = (fy1 - fy0) - top - bottom
        sx, sy = wpx / (xmax - xmin), hpx / (ymax - ymin)
        if equal:
            sx = sy = min(sx, sy)
        if tick_labels:
            below = (ax_y - ymin) * sy  # room under the x-axis inside the grid
            need_b = th + gap + 3 * u
            # the end tick labels are centred on the frame edge: half of one sticks out
            bottom = max(4 * u, th / 2 + 2 * u, need_b - below + 2 * u)
            lft = (ax_x - xmin) * sx
            need_l = yw + gap + 3 * u
            left = max(4 * u, max(xw, xlabel_w) / 2 + 2 * u, need_l - lft + 2 * u)
        # centre the grid in the space left over
        cx0 = fx0 + left + (wpx - sx * (xmax - xmin)) / 2
        cy0 = fy0 + top + (hpx - sy * (ymax - ymin)) / 2
        vp = AxesViewport(scale=sx, ox=cx0 - sx * xmin, oy=cy0 + sy * ymax,
                          yscale=0.0 if equal else sy, xmin=xmin, xmax=xmax, ymin=ymin, ymax=ymax)
    assert vp is not None
    sx, sy = vp.scale, vp.sy
    bx0, by0, bx1, by1 = vp.box

    if grid:
        for v in xt:
            X = vp(v, 0)[0]
            canvas.line([(X, by0), (X, by1)], color=grid_color, width=1.0, ink=False)
        for v in yt:
            Y = vp(0, v)[1]
            canvas.line([(bx0, Y), (bx1, Y)], color=grid_color, width=1.0, ink=False)

    # axes with arrows past the + ends
    ox, oy = vp(ax_x, ax_y)
    hd = 8.0  # arrow() scales the head by canvas.unit itself
    canvas.arrow((bx0 - 2 * u, oy), (bx1 + over, oy), color=axis_color, width=1.4, head=hd)
    canvas.arrow((ox, by1 + 2 * u), (ox, by0 - over), color=axis_color, width=1.4, head=hd)
    tk = 3 * u
    for v in xt:
        X = vp(v, 0)[0]
        canvas.line([(X, oy - tk), (X, oy + tk)], color=axis_color, width=1.2)
    for v in yt:
        Y = vp(0, v)[1]
        canvas.line([(ox - tk, Y), (ox + tk, Y)], color=axis_color, width=1.2)

    put = _Labels(canvas, vp, defer_labels, keep_clear)
    if names:
        # x name above the axis at the arrow tip (tick labels are below); y name to the right
        xn, yn = bx1 + over - nw / 2 - u, by0 - over + nh / 2
        put((xn, oy - tk - gap), names[0], npx, "md", kind="serif", halo=False,
            alts=(((xn, oy + tk + gap), "mt"),), mark=(bx1 + over, oy), role="name")
        put((ox + tk + gap + u, yn), names[1], npx, "lm", kind="serif", halo=False,
            alts=(((ox - tk - gap - u, yn), "rm"),), mark=(ox, by0 - over), role="name")

    if tick_labels:
        both_cross = ax_x == 0.0 and ax_y == 0.0
        if both_cross and origin_label:
            put((ox - gap, oy + gap), origin_label, px, "rt",
                alts=(((ox + gap, oy + gap), "lt"), ((ox - gap, oy - gap), "rb"),
                      ((ox + gap, oy - gap), "lb")), mark=(ox, oy), role="origin")
        kx = _stride(xstep * sx, xw + 4 * u)
        ky = _stride(ystep * sy, th + 4 * u)
        if max_labels:  # many labels crowd the picture (and each costs a text draw)
            kx = max(kx, _stride(1.0, len(xt) / max_labels))
            ky = max(ky, _stride(1.0, len(yt) / max_labels))
        for v in xt:
            i = int(round(v / xstep))
            if i % kx or (v == ax_x and ax_y == 0.0 and both_cross):
                continue
            X = vp(v, 0)[0]
            _tick_text(put, (X, oy + tk + gap), fmt_num(v), px, "mt", abs(X - ox) < 4 * px,
                       alt=((X, oy - tk - gap), "mb"), mark=(X, oy), role="x")
        for v in yt:
            i = int(round(v / ystep))
            if i % ky or (v == ax_y and both_cross):
                continue
            Y = vp(0, v)[1]
            _tick_text(put, (ox - tk - gap, Y), fmt_num(v), px, "rm", abs(Y - oy) < 4 * px,
                       alt=((ox + tk + gap, Y), "lm"), mark=(ox, Y), role="y")
    put.claim_margins()
    vp.ticks = sorted({(vp(v, 0)[0], oy) for v in xt} | {(ox, vp(0, v)[1]) for v in yt})
    if defer_labels and vp.labels:
        vp.deferred = _Deferred(np.array(canvas.ink), put.clear)
        # one copy round the places of each axis's tick labels (a band along the axis), one
        # round each other label's
        groups: dict = {}
        for i, lab in enumerate(vp.labels):
            groups.setdefault(lab.role if lab.role in ("x", "y") else i, []).append(lab)
        for labs in groups.values():
            remember_places(canvas, labs)
    return vp


def remember_places(canvas: Canvas, labs: Sequence[AxisLabel]) -> None:
    """Give deferred labels ``since``: one copy of the picture round all their places (each
    box and its ``alts``' boxes), taken before anything is drawn over the axes."""
    if not labs:
        return
    m = HALO_PAD + 2
    bs = [b for lab in labs for b in [lab.box] + [
        canvas.text_box(xy, lab.text, lab.px, a, lab.kind) for xy, a in lab.alts]]
    since = canvas.snapshot((min(b[0] for b in bs) - m, min(b[1] for b in bs) - m,
                             max(b[2] for b in bs) + m, max(b[3] for b in bs) + m))
    for lab in labs:
        lab.since = since


def claim_margin(canvas: Canvas, box: Box) -> None:
    """Claim ``CLAIM_PAD`` px round a deferred label's box in the label mask: with the pixel a
    later label keeps off any claimed box, neither label's background box reaches the other's
    text (the pixels the margin touches: Pillow fills x0..x1 inclusive, whole pixels)."""
    x0, y0, x1, y1 = box
    q = CLAIM_PAD
    canvas.lab_d.rectangle([math.floor(x0 - q), math.floor(y0 - q), math.ceil(x1 + q) - 1,
                            math.ceil(y1 + q) - 1], fill=1)


def fill_region(canvas: Canvas, vp: AxesViewport, pts: Sequence[Point], color
                ) -> np.ndarray:
    """Shade the polygon ``pts`` (pixels) with ``color`` (RGB) beneath the axes' strokes: the
    canvas colour and the grid turn to ``color``, every other pixel is multiplied by it, so
    the axis lines and tick marks drawn before stay visible through the region (a region
    painted over the y-axis hid it there). Its pixels are kept for ``draw_axis_labels``, which
    moves no label into the region and, where one stands in it, clears only the strokes round
    its glyphs, not the region (a tick label on a box of the canvas colour in a shaded region
    reads as a value given for the region). Returns the region's pixels (a mask)."""
    reg = Image.new("1", (canvas.width, canvas.height), 0)
    ImageDraw.Draw(reg).polygon(list(pts), fill=1, outline=1)
    region = np.asarray(reg)
    ss = canvas.ss
    img = canvas.img
    xs, ys = [x * ss for x, _ in pts], [y * ss for _, y in pts]
    r = (max(0, int(min(xs)) - 1), max(0, int(min(ys)) - 1),
         min(img.width, int(max(xs)) + 2), min(img.height, int(max(ys)) + 2))
    if r[0] >= r[2] or r[1] >= r[3]:
        return region
    mask = Image.new("L", (r[2] - r[0], r[3] - r[1]), 0)
    ImageDraw.Draw(mask).polygon([(x - r[0], y - r[1]) for x, y in zip(xs, ys)], fill=255)
    m = np.asarray(mask) > 0
    rgb = np.array(color, np.uint32)
    cur = np.asarray(img.crop(r))
    # the grid goes under the region, as under a fill drawn over it; the rest shows through
    bg = canvas.background_rgb
    plain = (cur == bg).all(-1) | (cur == np.array(GRID_COLOR, np.uint8)).all(-1)
    tint = (cur.astype(np.uint32) * rgb + 127) // 255
    tint[plain] = (bg.astype(np.uint32) * rgb + 127) // 255
    img.paste(Image.fromarray(np.where(m[..., None], tint, cur).astype(np.uint8)), r[:2])
    d = vp.deferred
    if d is not None:
        d.fills.append((r[:2], m, rgb))
        d.regions = region if d.regions is None else d.regions | region
    return region


def _refill(canvas: Canvas, d: _Deferred, box: Box) -> None:
    """Give the pixels of the canvas colour in ``box`` that lie in a shaded region the
    region's colour again: a label's halo there clears the strokes, not the region."""
    img, ss = canvas.img, canvas.ss
    bg = canvas.background_rgb
    for (mx, my), m, rgb in d.fills:
        r = (max(mx, int(box[0] * ss)), max(my, int(box[1] * ss)),
             min(mx + m.shape[1], int(box[2] * ss) + 1),
             min(my + m.shape[0], int(box[3] * ss) + 1))
        if r[0] >= r[2] or r[1] >= r[3]:
            continue
        cur = np.asarray(img.crop(r))
        sub = m[r[1] - my:r[3] - my, r[0] - mx:r[2] - mx] & (cur == bg).all(-1)
        if sub.any():
            fill = ((bg.astype(np.uint32) * rgb + 127) // 255).astype(np.uint8)
            img.paste(Image.fromarray(np.where(sub[..., None], fill, cur)), r[:2])


def _glyphs_near(canvas: Canvas, xy: Point, text: str, px: int, anchor: str, kind: str,
                 box: Box, dots: Sequence[Point]) -> bool:
    """Whether a dot of radius ``KEEP_CLEAR_R`` at one of ``dots`` (pixels) would share a
    final pixel with the text's glyphs drawn at ``xy``: a dot's disc plus a pixel and a half
    (its anti-aliased rim, and a pixel straddling both) reaching an inked glyph pixel. Only
    the glyphs count, so a dot beside a round "O" or in the gap of a "-1" leaves it."""
    reach = KEEP_CLEAR_R * canvas.unit + 1.5
    x0, y0, x1, y1 = box
    near = [(qx, qy) for qx, qy in dots
            if math.hypot(max(x0 - qx, 0.0, qx - x1), max(y0 - qy, 0.0, qy - y1)) < reach]
    if not near:
        return False
    ss = canvas.ss
    mask, bx = canvas.glyph_place(xy, text, px, anchor, kind)
    rows, cols = np.nonzero(np.asarray(mask))
    # Canvas.text pastes the mask GLYPH_PAD supersampled pixels up and left of the box
    gx = (bx[0] - GLYPH_PAD + cols + 0.5) / ss
    gy = (bx[1] - GLYPH_PAD + rows + 0.5) / ss
    return any(bool((np.hypot(gx - qx, gy - qy) < reach).any()) for qx, qy in near)


class _Labels:
    """Puts the axes' labels: drawn at once (``Canvas.text``), or, deferred, claimed now in the
    label mask and the layout (in the same order, so later labels avoid them just the same) and
    queued on ``vp.labels`` for ``draw_axis_labels``."""

    def __init__(self, canvas: Canvas, vp: AxesViewport, defer: bool,
                 keep_clear: Sequence[Point]):
        self.canvas, self.vp, self.defer = canvas, vp, defer
        self.clear = [vp(x, y) for x, y in keep_clear]

    def __call__(self, xy: Point, text: str, px: int, anchor: str, kind: str = "sans",
                 halo: bool = True, alts: tuple[tuple[Point, str], ...] = (),
                 mark: Point | None = None, role: str = "") -> None:
        """Put one label; ``halo``: on a white halo when drawn at once (a deferred label is
        always painted on its own halo); a deferred one a ``keep_clear`` dot would touch is
        left out. ``alts``, ``mark``, ``role``: see ``AxisLabel`` (deferred labels only)."""
        c = self.canvas
        if not self.defer:
            c.text(xy, text, px=px, anchor=anchor, kind=kind, halo=halo)
            return
        box = c.text_box(xy, text, px, anchor, kind)
        if self.clear and _glyphs_near(c, xy, text, px, anchor, kind, box, self.clear):
            return
        c.claim(box, text)
        self.vp.labels.append(AxisLabel(xy, text, px, anchor, kind, box, alts, mark, role,
                                        c.layout.labels[-1]))

    def claim_margins(self) -> None:
        """Claim a margin round each queued label too, once all are chosen (which labels fit
        was decided on the text boxes alone, as when they are drawn at once): with the pixel
        a later label keeps off any claimed box, neither label's background box reaches the
        other's text."""
        for lab in self.vp.labels:
            claim_margin(self.canvas, lab.box)


def draw_axis_labels(canvas: Canvas, vp: AxesViewport) -> list[Box]:
    """Paint the labels ``draw_axes(..., defer_labels=True)`` placed, over what was drawn
    since; call it once every curve, region and asymptote is drawn.

    Each label first moves off the strokes drawn since the axes where it can (``_place``):
    to the first of its places whose box meets none of their ink, else to the one whose
    glyphs meet the least; a y tick label a level stroke still runs into from the left (read
    as its minus sign, or joining the minus it has) goes just above or below its tick's row
    where it can (``_off_row``).
    Then its box is cleared of the grid as by a box of the canvas
    colour ``HALO_PAD`` px larger than its text, and whatever was drawn since is cleared only
    on the glyphs and ``HALO_GROW`` px round them (``Canvas.clear_for_text``): the glyphs stay
    whole, a minus sign included, and a curve that still runs through the box is cut only
    where a glyph's stroke crosses it (a gap a whole box cut read as a break in the curve).
    A label in a region ``fill_region`` shaded is moved to no place in one, and where it
    stands in one is cleared only on its glyphs and round them, as over a stroke: a box of the
    canvas colour in a region reads as a value given for the region.
    Returns the boxes painted: a line drawn later that should pass beneath the labels skips
    them. The labels painted, each where it went, are left on ``vp.painted``."""
    d = vp.deferred
    if d is None:  # nothing placed
        vp.labels.clear()
        return []
    fresh = np.array(canvas.ink) & ~d.ink  # strokes drawn since the axes
    grow, p = HALO_GROW, HALO_PAD  # the tick labels' font is one size from 224 px up
    boxes = []
    for lab in vp.labels:
        # a stroke's rim may reach the widened box from a pixel or two off its ink
        near = _count(fresh, lab.box, p + 2.0)
        if near:
            lab = _place(canvas, lab, d, vp.ticks, fresh, grow)
            if lab.role == "y" and (_minus_like(canvas, fresh, lab) or
                                    _between_glyphs(canvas, fresh, lab, grow)):
                lab = _off_row(canvas, lab, d, vp.ticks, fresh)
            near = _count(fresh, lab.box, p + 2.0)
        x0, y0, x1, y1 = lab.box
        shaded = d.regions is not None and _count(d.regions, lab.box, p)
        if near or shaded:
            boxes.append(canvas.clear_for_text(lab.xy, lab.text, lab.px, lab.anchor, lab.kind,
                                               lab.since, p, grow))
            if shaded:
                _refill(canvas, d, boxes[-1])
        else:  # nothing but the grid beneath: the whole box, as it comes
            boxes.append((x0 - p, y0 - p, x1 + p, y1 + p))
            canvas.rect(boxes[-1], fill=canvas.background, outline=None, ink=False)
        canvas.text(lab.xy, lab.text, px=lab.px, anchor=lab.anchor, kind=lab.kind,
                    record=False)
        vp.painted.append(lab)
    vp.labels.clear()
    vp.deferred = None
    return boxes


def _count(mask: np.ndarray, box: Box, pad: float) -> int:
    """Set pixels of ``mask`` in ``box`` widened by ``pad`` (the pixels ``is_free`` tests)."""
    x0, y0, x1, y1 = box
    xa, ya = max(0, int(math.floor(x0 - pad))), max(0, int(math.floor(y0 - pad)))
    xb, yb = max(0, int(math.ceil(x1 + pad))), max(0, int(math.ceil(y1 + pad)))
    return int(np.count_nonzero(mask[ya:yb, xa:xb]))


def _on_glyphs(canvas: Canvas, mask: np.ndarray, lab: AxisLabel, grow: int) -> int:
    """Set pixels of ``mask`` on the label's glyphs or within ``grow`` pixels of them: what
    painting it would clear of a stroke."""
    return glyph_ink(canvas, lab.xy, lab.text, lab.px, lab.anchor, lab.kind, mask, grow)


def _between_glyphs(canvas: Canvas, mask: np.ndarray, lab: AxisLabel, grow: int) -> int:
    """Set pixels of ``mask`` inside the label's text box (whole pixels) but off its glyphs and
    the ``grow`` pixels round them: what of a stroke still shows within the label once it is
    painted, a curve between its characters ("-2|.5", "-|3") among them."""
    x0, y0, x1, y1 = lab.box
    xa, ya = max(0, int(math.ceil(x0))), max(0, int(math.ceil(y0)))
    xb, yb = min(mask.shape[1], int(math.floor(x1))), min(mask.shape[0], int(math.floor(y1)))
    if xa >= xb or ya >= yb:
        return 0
    inside = mask[ya:yb, xa:xb].copy()
    gx, gy, g = canvas.glyph_pixels(lab.xy, lab.text, lab.px, lab.anchor, lab.kind, grow)
    sx, sy = max(xa, gx), max(ya, gy)
    ex, ey = min(xb, gx + g.shape[1]), min(yb, gy + g.shape[0])
    if sx < ex and sy < ey:
        inside[sy - ya:ey - ya, sx - xa:ex - xa] &= ~g[sy - gy:ey - gy, sx - gx:ex - gx]
    return int(np.count_nonzero(inside))


def _owns_mark(lab: AxisLabel, ticks: Sequence[Point]) -> bool:
    """Whether the label's centre is nearer its own tick (the origin for "O") than any other
    tick mark of ``ticks`` (``AxesViewport.ticks``); an axis name always is."""
    if lab.mark is None or lab.role == "name":
        return True
    cx, cy = (lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2
    own = math.hypot(cx - lab.mark[0], cy - lab.mark[1])
    return all(math.hypot(cx - tx, cy - ty) > own for tx, ty in ticks
               if math.hypot(tx - lab.mark[0], ty - lab.mark[1]) > 0.5)


def _place(canvas: Canvas, lab: AxisLabel, d: _Deferred, ticks: Sequence[Point],
           fresh: np.ndarray, grow: int) -> AxisLabel:
    """Where the label goes: its own place unless a stroke drawn since the axes (``fresh``)
    meets its box; then the first of its other places that meets none, else of all its places
    the one where the least of the strokes would still show inside its whole box once its
    glyphs are cleared (``_between_glyphs``: a curve between "-" and "3" reads as two marks),
    then whose glyphs meet the least, then whose box does. Another place must lie inside
    the picture, clear of the axes and tick marks, ``LABEL_GAP`` px from every other label,
    clear of the ``keep_clear`` dots, and nearer its own tick than any other; a label moved
    there has its layout record and its label-mask claim moved with it."""
    if not lab.alts or not _count(fresh, lab.box, 1.0):
        return lab
    c = canvas
    others = [o.box for o in c.layout.labels if o is not lab.entry]
    best = (_between_glyphs(c, fresh, lab, grow), _on_glyphs(c, fresh, lab, grow),
            _count(fresh, lab.box, 1.0), 0), lab
    for i, (xy, anchor) in enumerate(lab.alts, 1):
        box = c.text_box(xy, lab.text, lab.px, anchor, lab.kind)
        alt = replace(lab, xy=xy, anchor=anchor, box=box, alts=())
        if box[0] < 1 or box[1] < 1 or box[2] > c.width - 1 or box[3] > c.height - 1:
            continue
        if _count(d.ink, box, 0.0) or any(boxes_overlap(box, o, LABEL_GAP) for o in others):
            continue
        if d.regions is not None and _count(d.regions, box, HALO_PAD):
            continue  # in a shaded region a moved tick label reads as a value of the region
        if not _owns_mark(alt, ticks) or (d.clear and _glyphs_near(
                c, xy, lab.text, lab.px, anchor, lab.kind, box, d.clear)):
            continue
        ink = _count(fresh, box, 1.0)
        if not ink:
            best = (0, 0, 0, i), alt
            break
        best = min(best, ((_between_glyphs(c, fresh, alt, grow), _on_glyphs(c, fresh, alt, grow),
                           ink, i), alt), key=lambda b: b[0])
    lab = best[1]
    if lab.entry is not None and lab.entry.box != lab.box:
        lab.entry.box = lab.box
        claim_margin(c, lab.box)
    return lab


def _minus_like(canvas: Canvas, fresh: np.ndarray, lab: AxisLabel) -> bool:
    """Whether a stroke drawn since the axes (``fresh``) runs level into the left of a tick
    label, the rows it reads with inked and the rows above and below not: for a label with no
    minus sign its glyphs' middle rows (a line y = 2 or an asymptote through "2" reads as
    "-2"); for one with a minus sign the rows of the minus itself, the glyph the stroke runs
    into (the line y = -2 into "-2" joins its minus: "- - -2" reads as a dashed line and "2"),
    and a dash ending up to ``MINUS_REACH`` px further left counts too."""
    x0, y0, x1, y1 = lab.box
    top = bottom = (y0 + y1) / 2  # the rows it reads with: from top to bottom
    q = (y1 - y0) / 4

    def level(reach: int) -> bool:
        xa, xb = max(0, int(math.floor(x0)) - reach), max(0, int(math.floor(x0)))

        def rows(a: float, b: float) -> bool:
            return bool(fresh[max(0, int(round(a))):max(0, int(round(b))), xa:xb].any())

        return rows(top - 1, bottom + 2) and not rows(top - 2 * q - 1, top - q) and \
            not rows(bottom + q + 1, bottom + 2 * q + 2)

    near = HALO_GROW + 3
    if not lab.text.startswith("-"):
        return level(near)
    _, gy, g = canvas.glyph_pixels(lab.xy, lab.text, lab.px, lab.anchor, lab.kind)
    ink = np.flatnonzero(g[:, np.flatnonzero(g.any(0))[0]])  # the minus: the leftmost ink
    top, bottom = gy + ink[0], gy + ink[-1]
    # the wider look alone would miss a stroke that ends at the minus where other ink runs
    # above or below its row further left
    return level(near) or level(near + math.ceil(MINUS_REACH * canvas.unit))


def _off_row(canvas: Canvas, lab: AxisLabel, d: _Deferred, ticks: Sequence[Point],
             fresh: np.ndarray) -> AxisLabel:
    """A y tick label a level stroke runs into (``_minus_like``), or a stroke runs through
    between its characters at every place ``_place`` has (``_between_glyphs``), moved just
    above or below its tick's row (and the stroke along it), on either side of the axis: to
    the first such place clear of every stroke, label, shaded region and ``keep_clear`` dot
    that still reads as its own tick's (as ``_place`` checks); where none is, the label stays
    where it was."""
    c, u = canvas, canvas.unit
    mx, my = lab.mark
    dx = abs(lab.xy[0] - mx)
    others = [o.box for o in c.layout.labels if o is not lab.entry]
    lift = HALO_PAD + 2.0 + 2 * u  # the box, widened as draw_axis_labels tests it, off the row
    for sx, ha in ((-1, "r"), (1, "l")):
        for sy, va in ((-1, "b"), (1, "t")):
            xy, anchor = (mx + sx * dx, my + sy * lift), ha + va
            box = c.text_box(xy, lab.text, lab.px, anchor, lab.kind)
            alt = replace(lab, xy=xy, anchor=anchor, box=box, alts=())
            if box[0] < 1 or box[1] < 1 or box[2] > c.width - 1 or box[3] > c.height - 1:
                continue
            if _count(d.ink, box, 0.0) or _count(fresh, box, HALO_PAD + 2.0) or any(
                    boxes_overlap(box, o, LABEL_GAP) for o in others):
                continue
            if d.regions is not None and _count(d.regions, box, HALO_PAD):
                continue
            if not _owns_mark(alt, ticks) or (d.clear and _glyphs_near(
                    c, xy, lab.text, lab.px, anchor, lab.kind, box, d.clear)):
                continue
            if lab.entry is not None:
                lab.entry.box = box
                claim_margin(c, box)
            return alt
    return lab


def _tick_text(put: _Labels, xy: Point, text: str, px: int, anchor: str, check: bool,
               alt: tuple[Point, str], mark: Point, role: str) -> None:
    """Put a tick label unless it would touch a label already placed. Only labels near the
    origin (``check``) can meet one: the stride keeps labels of one axis apart. ``alt``: the
    place across the axis, for a deferred label a stroke runs through."""
    extra = {"alts": (alt,), "mark": mark, "role": role}
    if not check:
        put(xy, text, px, anchor, **extra)
        return
    canvas = put.canvas
    w, h = text_size(canvas, text, px)
    x, y = xy
    x0 = {"l": x, "m": x - w / 2, "r": x - w}[anchor[0]]
    y0 = {"t": y, "m": y - h / 2, "b": y - h}[anchor[1]]
    if canvas.is_free((x0, y0, x0 + w, y0 + h), avoid_ink=False, pad=1.5):
        put(xy, text, px, anchor, **extra)


def row_spacer(apart: Sequence[Box], w: float, h: float, gap: float):
    """A test of w x h boxes with top-left corners (x0, y0) (arrays): each box ``gap`` px
    clear of each of ``apart`` (the tick labels' boxes) in its row, the boxes' heights
    overlapping; a label close beside a tick label reads on with it ("y = 2x + 1" beside the
    tick label "1" as "y = 2x + 11")."""
    def spaced(x0, y0) -> np.ndarray:
        x0, y0 = np.asarray(x0, dtype=float), np.asarray(y0, dtype=float)
        ok = np.ones(np.shape(x0), bool)
        for bx0, by0, bx1, by1 in apart:
            ok &= ((x0 + w + gap <= bx0) | (x0 >= bx1 + gap) | (y0 + h <= by0) | (y0 >= by1))
        return ok
    return spaced


# how many places, the least ink beneath their boxes first, a last-resort search draws
GLYPH_TRIES = 80


def least_glyph_ink(canvas: Canvas, cx: np.ndarray, cy: np.ndarray, idx: np.ndarray,
                    order: tuple, text: str, px: int, rank: Callable[[int, int], tuple]) -> int:
    """The last resort of a label with no free place: of the places ``idx`` (centres ``cx``,
    ``cy``), the ``GLYPH_TRIES`` first by ``order`` (``np.lexsort``'s keys over ``idx``, the
    last one first: the ink under each box, say), the one whose ``rank(i, crossed)`` is least,
    ``crossed`` the ink pixels its glyphs would cut (``glyph_ink``); ``rank`` ends with i."""
    idx = idx[np.lexsort(order)[:GLYPH_TRIES]]
    mask = np.asarray(canvas.ink)
    return min(rank(int(i), glyph_ink(canvas, (float(cx[i]), float(cy[i])), text, px, ink=mask))
               for i in idx)[-1]
