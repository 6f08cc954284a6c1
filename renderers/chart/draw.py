"""Drawing and axis scales of the "chart" family.

Why a hand-made layout instead of matplotlib: a chart must render in ~3 ms and every text it
draws must be recorded (and never overlap) for the renderer contract. Margins are reserved from
measured text sizes (title row, axis-title / legend row, tick labels, category labels, staggered
into two rows when they do not fit), so fixed texts cannot collide; value annotations and pie
labels that may collide go through ``Canvas.label``. Axis scales, quartiles, pie percentages and
the trend line come from ``renderers.chart.stats``, the same numbers ``facts`` reports.

    python -m pytest -q tests/renderers/test_chart.py
"""
from __future__ import annotations

from functools import lru_cache
import math
from typing import Any

from renderers.canvas import PALETTE, Canvas, arc_points
from renderers.chart.stats import Axis, box_stats, chart_axes, pie_percentages, trend_line
from renderers.text import fmt_num, font_px, get_font

MARKER_R = 3.6  # a line chart's point marker, in canvas units

# ----------------------------------------------------------------------------- text helpers


def _rgb(c: Any) -> tuple[int, int, int]:
    c = PALETTE.get(c, c) if isinstance(c, str) else c
    if isinstance(c, str):
        from PIL import ImageColor

        return ImageColor.getrgb(c)[:3]
    return tuple(int(v) for v in c)[:3]


def _tint(c: Any, t: float) -> tuple[int, int, int]:
    """Blend towards white: t=1 keeps the colour, t=0 is white."""
    return tuple(int(round(255 - (255 - v) * t)) for v in _rgb(c))


def _shade(c: Any, f: float = 0.62) -> tuple[int, int, int]:
    return tuple(int(v * f) for v in _rgb(c))


def _lh(cv: Canvas, px: int, kind: str = "sans") -> float:
    a, d = get_font(px * cv.ss, kind).getmetrics()
    return (a + d) / cv.ss


@lru_cache(maxsize=8192)
def _bbox(text: str, px_ss: int, kind: str, anchor: str) -> tuple[int, int, int, int]:
    """Glyph box relative to the anchor at supersampled size; cached because a chart measures
    the same tick and category texts several times (half of the drawing time otherwise)."""
    return get_font(px_ss, kind).getbbox(text, anchor=anchor)


def _tw(cv: Canvas, text: str, px: int, kind: str = "sans") -> float:
    b = _bbox(text, px * cv.ss, kind, "la")
    return (b[2] - b[0]) / cv.ss


def _tbox(cv: Canvas, xy, text: str, px: int, anchor: str, kind: str):
    b = _bbox(text, px * cv.ss, kind, anchor)
    s = cv.ss
    return (xy[0] + b[0] / s, xy[1] + b[1] / s, xy[0] + b[2] / s, xy[1] + b[3] / s)


def _put(cv: Canvas, xy, text: str, px: int, anchor: str = "mm", kind: str = "sans",
         color: Any = (0, 0, 0), halo: bool = False, fallback: bool = True) -> bool:
    """Fixed-place text if its box is free of other labels; else ``Canvas.label`` nearby
    (``fallback``) or nothing."""
    box = _tbox(cv, xy, text, px, anchor, kind)
    if cv.is_free(box, avoid_ink=False, pad=0.5):
        cv.text(xy, text, px=px, color=color, anchor=anchor, kind=kind, halo=halo)
        return True
    if fallback:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        cv.label((cx, cy), text, px=px, color=color, kind=kind, dist=0.0, halo=True)
    return False


def _ink_box(cv: Canvas, box) -> None:
    """Mark a filled area as ink so that labels placed later avoid its inside too."""
    cv.ink_d.rectangle([min(box[0], box[2]), min(box[1], box[3]), max(box[0], box[2]),
                        max(box[1], box[3])], fill=1)


class _Ctx:
    """Sizes shared by one drawing: padding, fonts and line heights scaled to the image."""

    def __init__(self, cv: Canvas):
        self.cv, self.u = cv, cv.unit
        self.pad = 5 * cv.unit
        self.px_t = font_px(cv.width, 0.95)
        self.px = font_px(cv.width, 0.8)
        self.px_a = font_px(cv.width, 0.72)
        self.lh = _lh(cv, self.px)
        self.tick = 4 * cv.unit


# ----------------------------------------------------------------------------- header


def _header(c: _Ctx, title: str, y_title: str, legend: list[tuple[str, Any, str]]) -> float:
    """Title, then the vertical-axis title (left) and the legend (right); returns the y below."""
    cv, pad = c.cv, c.pad
    W = cv.width
    y = pad
    if title:
        pt = c.px_t
        while _tw(cv, title, pt, "bold") > W - 2 * pad and pt > 8:
            pt -= 1
        h = _lh(cv, pt, "bold")
        _put(cv, (W / 2, y + h / 2), title, pt, kind="bold")
        y += h + 0.6 * pad
    sw = 0.7 * c.lh
    entries = [(name, col, mk, sw + 0.35 * c.px + _tw(cv, name, c.px)) for name, col, mk in legend]
    leg_w = sum(e[3] for e in entries) + 0.9 * c.px * max(len(entries) - 1, 0)
    yt_w = _tw(cv, y_title, c.px) if y_title else 0.0
    if y_title:
        _put(cv, (pad, y + c.lh / 2), y_title, c.px, anchor="lm")
    if entries:
        if y_title and yt_w + leg_w + 2 * c.px > W - 2 * pad:
            y += c.lh + 0.3 * pad
        x = max(pad, W - pad - leg_w)
        cy = y + c.lh / 2
        for name, col, mk, w in entries:
            if mk == "line":
                cv.line([(x, cy), (x + sw, cy)], color=_rgb(col), width=2.2)
                _marker(cv, (x + sw / 2, cy), col, legend.index((name, col, mk)))
            else:
                cv.rect((x, cy - sw / 2, x + sw, cy + sw / 2), fill=_rgb(col),
                        outline=_shade(col), width=1)
            _put(cv, (x + sw + 0.35 * c.px, cy), name, c.px, anchor="lm")
            x += w + 0.9 * c.px
    if y_title or entries:
        y += c.lh + 0.4 * pad
    return y


def _marker(cv: Canvas, p, col: Any, k: int, scale: float = 1.0) -> None:
    r = MARKER_R * cv.unit * scale
    fill = _rgb(col)
    if k % 3 == 0:
        cv.circle(p, r, fill=fill, outline="white", width=1)
    elif k % 3 == 1:
        cv.rect((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=fill, outline="white", width=1)
    else:
        cv.polygon([(p[0], p[1] - 1.2 * r), (p[0] + 1.1 * r, p[1] + 0.8 * r),
                    (p[0] - 1.1 * r, p[1] + 0.8 * r)], fill=fill, outline="white", width=1)


def _hidden_within(r: float) -> float:
    """How near (pixels) a marker of radius ``r`` hides one drawn before it: what shows of the
    earlier one is then no wider than the later one's white outline (a canvas unit, about
    0.28 r) and a pixel and a half."""
    return 0.3 * r + 1.5


def _marker_scale(pts_all: list, j: int, i: int, r: float) -> float:
    """How large series j's marker at category i is drawn: where other series' markers there
    would hide it (a value equal, or centres within ``_hidden_within``), those drawn later are
    smaller, so that each shows as a ring round the next (drawn alone, the last one hid the
    others' equal point). A near miss farther apart keeps both at their own size, two points
    one partly over the other: a ring there would read as the two values meeting."""
    y = pts_all[j][i][1]
    later = sum(abs(pts[i][1] - y) < _hidden_within(r) for pts in pts_all[j + 1:])
    return 1.0 + 0.7 * later


# ----------------------------------------------------------------------------- axes


class _Frame:
    """The plot rectangle and the maps from data values to pixels."""

    def __init__(self, x0, y0, x1, y1):
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1

    def yv(self, v, ax: Axis) -> float:
        return self.y1 - (v - ax[0]) / (ax[1] - ax[0]) * (self.y1 - self.y0)

    def xv(self, v, ax: Axis) -> float:
        return self.x0 + (v - ax[0]) / (ax[1] - ax[0]) * (self.x1 - self.x0)


def _fits_in_row(c: _Ctx, labels: list[str], centers: list[float], px: int) -> bool:
    ws = [_tw(c.cv, t, px) for t in labels]
    for i in range(len(labels) - 1):
        if centers[i] + ws[i] / 2 + 0.5 * c.px > centers[i + 1] - ws[i + 1] / 2:
            return False
    return True


def _title_gap(c: _Ctx, x_title: str, bottom_rows: int) -> float:
    """Room kept between staggered category labels and the axis title below them. Two rows of
    labels a line apart, the title a line below the lower row ("Mango" over "Fruit") read as
    one label of two lines: the title stands clearly farther off than the rows from each
    other. One row keeps the title where it always was."""
    return 0.6 * c.px if x_title and bottom_rows > 1 else 0.0


def _layout(c: _Ctx, top: float, left_labels: list[str], x_title: str, bottom_rows: int,
            right_label: str = "") -> _Frame:
    cv, pad = c.cv, c.pad
    lw = max((_tw(cv, t, c.px) for t in left_labels), default=0.0)
    x0 = pad + lw + c.tick + 0.5 * c.px
    x1 = cv.width - pad - max(_tw(cv, right_label, c.px) / 2, 2 * c.u) if right_label else \
        cv.width - 3 * pad
    y1 = cv.height - pad - (c.lh + 0.3 * pad if x_title else 0) - bottom_rows * c.lh \
        - c.tick - 0.3 * pad - _title_gap(c, x_title, bottom_rows)
    return _Frame(x0, top + 0.6 * c.lh, x1, y1)


def _value_ticks_y(c: _Ctx, fr: _Frame, ax: Axis) -> None:
    cv = c.cv
    for t in ax[3]:
        y = fr.yv(t, ax)
        if t != ax[0]:
            cv.line([(fr.x0, y), (fr.x1, y)], color=(222, 222, 222), width=1, ink=False)
        cv.line([(fr.x0 - c.tick, y), (fr.x0, y)], color=(60, 60, 60), width=1.2)
        _put(cv, (fr.x0 - c.tick - 0.25 * c.px, y), fmt_num(t), c.px, anchor="rm",
             fallback=False)


def _value_ticks_x(c: _Ctx, fr: _Frame, ax: Axis, grid: bool = True) -> None:
    cv = c.cv
    labels = [fmt_num(t) for t in ax[3]]
    xs = [fr.xv(t, ax) for t in ax[3]]
    every = 1 if _fits_in_row(c, labels, xs, c.px) else 2
    for i, (t, x) in enumerate(zip(ax[3], xs)):
        if grid and i > 0:
            cv.line([(x, fr.y0), (x, fr.y1)], color=(222, 222, 222), width=1, ink=False)
        cv.line([(x, fr.y1), (x, fr.y1 + c.tick)], color=(60, 60, 60), width=1.2)
        if i % every == 0:
            _put(cv, (x, fr.y1 + c.tick + 0.15 * c.px + c.lh / 2), labels[i], c.px,
                 fallback=False)


def _cat_labels_x(c: _Ctx, fr: _Frame, cats: list[str], centers: list[float], rows: int) -> None:
    for i, (t, x) in enumerate(zip(cats, centers)):
        y = fr.y1 + c.tick + 0.15 * c.px + c.lh / 2 + (i % rows) * c.lh
        _put(c.cv, (x, y), t, c.px)


def _x_title(c: _Ctx, fr: _Frame, text: str) -> None:
    if text:
        _put(c.cv, ((fr.x0 + fr.x1) / 2, c.cv.height - c.pad - c.lh / 2), text, c.px)


def _axes_lines(c: _Ctx, fr: _Frame, base_y: float | None = None) -> None:
    c.cv.line([(fr.x0, fr.y0), (fr.x0, fr.y1)], color=(40, 40, 40), width=1.5)
    y = fr.y1 if base_y is None else base_y
    c.cv.line([(fr.x0, y), (fr.x1, y)], color=(40, 40, 40), width=1.5)


def _cat_rows(c: _Ctx, cats: list[str], x0: float, x1: float) -> int:
    slot = (x1 - x0) / len(cats)
    centers = [x0 + slot * (i + 0.5) for i in range(len(cats))]
    return 1 if _fits_in_row(c, cats, centers, c.px) else 2


# ----------------------------------------------------------------------------- chart kinds


def _legend(spec) -> list[tuple[str, Any, str]]:
    if len(spec.series) < 2:
        return []
    mk = "line" if spec.kind == "line" else "box"
    return [(s.name, s.color, mk) for s in spec.series]


def _value_off(c: _Ctx) -> float:
    """How far a value label's centre stands above or below its point or bar end."""
    return 0.2 * c.px + _lh(c.cv, c.px_a) / 2


def _hung_bar_value(c: _Ctx, text: str, bar, fill: Any) -> bool:
    """The value of a bar reaching down (its box ``bar``) whose place below its end is taken
    (the category labels under a bar down to the frame's bottom): inside the bar at its lower
    end where the text fits, in white on a dark bar; else above the axis line over the bar's
    root, where a bar of 0 has its "0". Either way in its own bar's column, so not read as a
    neighbour's (beside the bar's end, "-50" stood next to the next bar's "-31"). Returns
    whether it found such a place free."""
    cv, mx, my = c.cv, 0.1 * c.px, 0.2 * c.px
    off = _value_off(c)
    cx = (bar[0] + bar[2]) / 2
    xy = (cx, bar[3] - off)
    box = _tbox(cv, xy, text, c.px_a, "mm", "sans")
    if box[0] >= bar[0] + mx and box[2] <= bar[2] - mx and box[1] >= bar[1] + my and \
            cv.is_free(box, avoid_ink=False, pad=0.5):
        cv.text(xy, text, px=c.px_a, anchor="mm",
                color=(255, 255, 255) if _lum(_rgb(fill)) < 150 else (20, 20, 20))
        return True
    xy = (cx, bar[1] - off)
    if cv.is_free(_tbox(cv, xy, text, c.px_a, "mm", "sans"), avoid_ink=True, pad=0.5):
        cv.text(xy, text, px=c.px_a, anchor="mm", color=(20, 20, 20))
        return True
    return False


def _annotate(c: _Ctx, p, text: str, up: bool = True, side: bool = False,
              bar: tuple | None = None, dots: list | None = None) -> None:
    """A value label at its point or bar end: above (``up``), below or to the right
    (``side``); else, for a bar reaching down (``bar`` = its box and fill), in its own
    column (``_hung_bar_value``); else where ``Canvas.label`` finds room, nearer its own
    point than any of ``dots`` (a line chart's other points, every series') where it can: a
    valley's value kept off the axis went beside the next point, and one series' value
    beside the other series' point read as its value."""
    if side:
        xy, anchor = (p[0] + 0.3 * c.px, p[1]), "lm"
    else:
        xy, anchor = (p[0], p[1] - _value_off(c) * (1 if up else -1)), "mm"
    box = _tbox(c.cv, xy, text, c.px_a, anchor, "sans")
    if c.cv.is_free(box, avoid_ink=True, pad=0.5):
        c.cv.text(xy, text, px=c.px_a, anchor=anchor, color=(20, 20, 20))
    elif bar is None or not _hung_bar_value(c, text, *bar):
        c.cv.label(p, text, px=c.px_a, prefer=(1, 0) if side else (0, -1 if up else 1),
                   color=(20, 20, 20), halo=True, dots=dots or ())


def _value_labels_off_axis(c: _Ctx, fr: _Frame, y_axis: float) -> None:
    """Before the value labels of a vertical chart: mark as ink a band about the category axis
    line at ``y_axis`` and all below the plot (tick marks, category labels), each widened by a
    gap. A valley point just above the axis, or a negative bar down to the frame's bottom, put
    its value below itself on the axis line ("7" sitting on it) or against a category label;
    it now takes its first place clear of both, beside or above its own point or bar end. A
    value whose place was clear keeps it (a bar of 0 has its "0" above the line, gap and all)."""
    cv, m = c.cv, 0.3 * c.px_a
    _ink_box(cv, (0, y_axis - m, cv.width, y_axis + m))
    _ink_box(cv, (0, fr.y1 - m, cv.width, cv.height))


def _draw_bar(c: _Ctx, spec, ax: Axis) -> None:
    cv = c.cv
    top = _header(c, spec.title, spec.y_title, _legend(spec))
    cats, ns = spec.categories, len(spec.series)
    base = min(max(0.0, ax[0]), ax[1])
    if not spec.horizontal:
        probe = _layout(c, top, [fmt_num(t) for t in ax[3]], spec.x_title, 1)
        rows = _cat_rows(c, cats, probe.x0, probe.x1)
        fr = _layout(c, top, [fmt_num(t) for t in ax[3]], spec.x_title, rows)
        _value_ticks_y(c, fr, ax)
        slot = (fr.x1 - fr.x0) / len(cats)
        group = slot * (0.62 if ns == 1 else 0.78)
        bw = group / ns
        yb = fr.yv(base, ax)
        tops = []
        for i in range(len(cats)):
            cx = fr.x0 + slot * (i + 0.5)
            for j, s in enumerate(spec.series):
                bx0 = cx - group / 2 + j * bw
                yv = fr.yv(s.values[i], ax)
                box = (bx0, min(yv, yb), bx0 + bw, max(yv, yb))
                cv.rect(box, fill=_rgb(s.color), outline=_shade(s.color), width=1)
                _ink_box(cv, box)
                tops.append(((bx0 + bw / 2, yv), s.values[i], (box, s.color)))
        _axes_lines(c, fr, yb)
        _cat_labels_x(c, fr, cats, [fr.x0 + slot * (i + 0.5) for i in range(len(cats))], rows)
        _x_title(c, fr, spec.x_title)
        if spec.annotate:
            _value_labels_off_axis(c, fr, yb)
            for p, v, bar in tops:
                _annotate(c, p, fmt_num(v), up=v >= base, bar=None if v >= base else bar)
        return
    fr = _layout(c, top, list(cats), spec.x_title, 1, right_label=fmt_num(ax[3][-1]))
    _value_ticks_x(c, fr, ax)
    slot = (fr.y1 - fr.y0) / len(cats)
    group = slot * (0.62 if ns == 1 else 0.78)
    bh = group / ns
    xb = fr.xv(base, ax)
    ends = []
    for i, cat in enumerate(cats):
        cy = fr.y0 + slot * (i + 0.5)
        for j, s in enumerate(spec.series):
            by0 = cy - group / 2 + j * bh
            xv = fr.xv(s.values[i], ax)
            box = (min(xv, xb), by0, max(xv, xb), by0 + bh)
            cv.rect(box, fill=_rgb(s.color), outline=_shade(s.color), width=1)
            _ink_box(cv, box)
            ends.append(((xv, by0 + bh / 2), s.values[i]))
        cv.line([(fr.x0 - c.tick, cy), (fr.x0, cy)], color=(60, 60, 60), width=1.2)
        _put(cv, (fr.x0 - c.tick - 0.25 * c.px, cy), cat, c.px, anchor="rm")
    cv.line([(xb, fr.y0), (xb, fr.y1)], color=(40, 40, 40), width=1.5)
    cv.line([(fr.x0, fr.y1), (fr.x1, fr.y1)], color=(40, 40, 40), width=1.5)
    _x_title(c, fr, spec.x_title)
    if spec.annotate:
        for p, v in ends:
            _annotate(c, p, fmt_num(v), side=True)


def _draw_line(c: _Ctx, spec, ax: Axis) -> None:
    cv = c.cv
    top = _header(c, spec.title, spec.y_title, _legend(spec))
    cats = spec.categories
    probe = _layout(c, top, [fmt_num(t) for t in ax[3]], spec.x_title, 1)
    rows = _cat_rows(c, cats, probe.x0, probe.x1)
    fr = _layout(c, top, [fmt_num(t) for t in ax[3]], spec.x_title, rows)
    _value_ticks_y(c, fr, ax)
    slot = (fr.x1 - fr.x0) / len(cats)
    xs = [fr.x0 + slot * (i + 0.5) for i in range(len(cats))]
    for x in xs:
        cv.line([(x, fr.y1), (x, fr.y1 + c.tick)], color=(60, 60, 60), width=1.2)
    pts_all = []
    for j, s in enumerate(spec.series):
        pts = [(x, fr.yv(v, ax)) for x, v in zip(xs, s.values)]
        cv.line(pts, color=_rgb(s.color), width=2.2)
        pts_all.append(pts)
    for j, (s, pts) in enumerate(zip(spec.series, pts_all)):
        for i, p in enumerate(pts):
            _marker(cv, p, s.color, j, _marker_scale(pts_all, j, i, MARKER_R * cv.unit))
    _axes_lines(c, fr)
    _cat_labels_x(c, fr, cats, xs, rows)
    _x_title(c, fr, spec.x_title)
    if spec.annotate:
        _value_labels_off_axis(c, fr, fr.y1)
        for j, (s, pts) in enumerate(zip(spec.series, pts_all)):
            for i, (p, v) in enumerate(zip(pts, s.values)):
                # above a peak, below a valley, so the label sits off the line
                prev = s.values[i - 1] if i > 0 else v
                nxt = s.values[i + 1] if i + 1 < len(s.values) else v
                others = [q for k, qs in enumerate(pts_all) for m, q in enumerate(qs)
                          if (k, m) != (j, i)]
                _annotate(c, p, fmt_num(v), up=not (v < prev and v <= nxt), dots=others)


def _draw_scatter(c: _Ctx, spec, axx: Axis, axy: Axis) -> None:
    cv = c.cv
    top = _header(c, spec.title, spec.y_title, [])
    fr = _layout(c, top, [fmt_num(t) for t in axy[3]], spec.x_title, 1,
                 right_label=fmt_num(axx[3][-1]))
    _value_ticks_y(c, fr, axy)
    _value_ticks_x(c, fr, axx)
    _axes_lines(c, fr)
    col = _rgb(spec.color)
    for x, y in zip(spec.x_values, spec.series[0].values):
        cv.circle((fr.xv(x, axx), fr.yv(y, axy)), 3.6 * c.u, fill=col, outline=_shade(col),
                  width=1)
    if spec.trend_line:
        m, b = trend_line(spec.x_values, spec.series[0].values)
        xa, xb = axx[0], axx[1]
        if abs(m) > 1e-12:  # clip the fitted line to the plotted y range
            lo_x, hi_x = sorted(((axy[0] - b) / m, (axy[1] - b) / m))
            xa, xb = max(xa, lo_x), min(xb, hi_x)
        if xb > xa:
            cv.line([(fr.xv(xa, axx), fr.yv(m * xa + b, axy)),
                     (fr.xv(xb, axx), fr.yv(m * xb + b, axy))], color=(70, 70, 70), width=1.8,
                    dash=(7, 4))
    _x_title(c, fr, spec.x_title)


def _draw_histogram(c: _Ctx, spec, ax: Axis) -> None:
    cv = c.cv
    top = _header(c, spec.title, spec.y_title, [])
    e = spec.bin_edges
    axx: Axis = (e[0], e[-1], e[1] - e[0], list(e))
    fr = _layout(c, top, [fmt_num(t) for t in ax[3]], spec.x_title, 1,
                 right_label=fmt_num(e[-1]))
    _value_ticks_y(c, fr, ax)
    _value_ticks_x(c, fr, axx, grid=False)
    col = _rgb(spec.color)
    tops = []
    for i, n in enumerate(spec.counts):
        box = (fr.xv(e[i], axx), fr.yv(n, ax), fr.xv(e[i + 1], axx), fr.y1)
        cv.rect(box, fill=_tint(col, 0.75), outline=_shade(col), width=1.2)
        _ink_box(cv, box)
        tops.append((((box[0] + box[2]) / 2, box[1]), n))
    _axes_lines(c, fr)
    _x_title(c, fr, spec.x_title)
    if spec.annotate:
        for p, n in tops:
            _annotate(c, p, fmt_num(n))


def _side_by_side(ys: list[float], gap: float, room: float) -> list[float]:
    """Horizontal offsets of outlier circles at heights ``ys``: circles closer in height than
    ``gap`` (two equal outliers would be one circle on top of the other) form a run drawn side
    by side, ``gap`` apart and centred on the box's line, so that each outlier shows as its own
    circle; a run whose centres would spread wider than ``room`` (the box) is drawn closer."""
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    runs: list[list[int]] = []
    for i in order:
        if runs and ys[i] - ys[runs[-1][-1]] < gap:
            runs[-1].append(i)
        else:
            runs.append([i])
    dx = [0.0] * len(ys)
    for run in runs:
        step = min(gap, room / max(len(run) - 1, 1))
        for k, i in enumerate(run):
            dx[i] = (k - (len(run) - 1) / 2) * step
    return dx


def _draw_box(c: _Ctx, spec, ax: Axis) -> None:
    cv = c.cv
    top = _header(c, spec.title, spec.y_title, [])
    cats = spec.categories
    probe = _layout(c, top, [fmt_num(t) for t in ax[3]], spec.x_title, 1)
    rows = _cat_rows(c, cats, probe.x0, probe.x1)
    fr = _layout(c, top, [fmt_num(t) for t in ax[3]], spec.x_title, rows)
    _value_ticks_y(c, fr, ax)
    slot = (fr.x1 - fr.x0) / len(cats)
    bw = min(slot * 0.45, 0.3 * (fr.x1 - fr.x0))
    col = _rgb(spec.color)
    dark = _shade(col, 0.5)
    xs = []
    for i, data in enumerate(spec.samples):
        st = box_stats(data, spec.whisker)
        cx = fr.x0 + slot * (i + 0.5)
        xs.append(cx)
        y = {k: fr.yv(st[k], ax) for k in ("q1", "median", "q3", "whisker_low", "whisker_high")}
        for a, b in (("whisker_low", "q1"), ("q3", "whisker_high")):
            cv.line([(cx, y[a]), (cx, y[b])], color=dark, width=1.5)
        for k in ("whisker_low", "whisker_high"):
            cv.line([(cx - bw / 4, y[k]), (cx + bw / 4, y[k])], color=dark, width=1.5)
        box = (cx - bw / 2, y["q3"], cx + bw / 2, y["q1"])
        cv.rect(box, fill=_tint(col, 0.45), outline=dark, width=1.5)
        _ink_box(cv, box)
        cv.line([(cx - bw / 2, y["median"]), (cx + bw / 2, y["median"])], color=dark, width=2.6)
        r = 3.2 * c.u
        ys = [fr.yv(o, ax) for o in st["outliers"]]
        for y_o, dx in zip(ys, _side_by_side(ys, 2 * r + 3.5 * c.u, bw)):
            cv.circle((cx + dx, y_o), r, fill="white", outline=dark, width=1.4)
    _axes_lines(c, fr)
    _cat_labels_x(c, fr, cats, xs, rows)
    _x_title(c, fr, spec.x_title)


def _lum(rgb) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def _draw_pie(c: _Ctx, spec) -> None:
    cv, pad = c.cv, c.pad
    top = _header(c, spec.title, "", [])
    vals = spec.series[0].values
    tot = float(sum(vals))
    cols = [_rgb(spec.slice_colors[i % len(spec.slice_colors)]) if spec.slice_colors else
            _rgb(("blue", "orange", "green", "red", "purple", "brown", "cyan", "pink",
                  "olive", "gray")[i % 10]) for i in range(len(vals))]
    sw = 0.75 * c.lh
    leg_w = sw + 0.4 * c.px + max(_tw(cv, t, c.px) for t in spec.categories)
    area = (pad, top, cv.width - 2 * pad - leg_w - 0.6 * c.px, cv.height - pad)
    # on a small canvas the legend and the labels' margin can leave the pie no room: it is
    # drawn a few pixels wide rather than not at all (a negative radius)
    R = max(2.0, min(area[2] - area[0], area[3] - area[1]) / 2 - 1.05 * c.lh)
    cx, cy = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2
    # legend first, so that outside percentage labels keep clear of it
    rh = 1.3 * c.lh
    ly = cy - rh * (len(vals) - 1) / 2
    lx = cv.width - pad - leg_w
    for i, name in enumerate(spec.categories):
        y = ly + i * rh
        cv.rect((lx, y - sw / 2, lx + sw, y + sw / 2), fill=cols[i], outline=_shade(cols[i]),
                width=1)
        cv.lab_d.rectangle([lx - 1, y - sw / 2 - 1, lx + sw + 1, y + sw / 2 + 1], fill=1)
        _put(cv, (lx + sw + 0.4 * c.px, y), name, c.px, anchor="lm")
    a = 90.0
    mids = []
    for i, v in enumerate(vals):
        span = 360.0 * v / tot
        if span > 0:
            pts = [(cx, cy)] + arc_points((cx, cy), R, a, a - span,
                                          n=max(2, int(span / 3)))
            cv.polygon(pts, fill=cols[i], outline="white", width=1.5)
        mids.append((a - span / 2, span))
        a -= span
    cv.ink_d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=1)
    for i, (pct, (m, span)) in enumerate(zip(pie_percentages(vals), mids)):
        if span <= 0:
            continue
        text = fmt_num(pct, 1) + "%"
        w, h = cv.text_size(text, c.px_a)
        rad = math.radians(m)
        ux, uy = math.cos(rad), -math.sin(rad)
        p = (cx + 0.63 * R * ux, cy + 0.63 * R * uy)
        corners = [(p[0] + sx * (w / 2 + 1.5), p[1] + sy * (h / 2 + 1.5))
                   for sx in (-1, 1) for sy in (-1, 1)]
        inside = all(_in_slice(q, (cx, cy), R, m, span) for q in corners)
        color = (255, 255, 255) if _lum(cols[i]) < 150 else (0, 0, 0)
        if not (inside and _put(cv, p, text, c.px_a, color=color, fallback=False)):
            cv.label((cx + R * ux, cy + R * uy), text, px=c.px_a, prefer=(ux, uy),
                     dist=0.3 * c.px)


def _in_slice(q, ctr, R, mid_deg, span) -> bool:
    dx, dy = q[0] - ctr[0], ctr[1] - q[1]
    if math.hypot(dx, dy) > 0.96 * R:
        return False
    if span >= 359.9:
        return True
    ang = math.degrees(math.atan2(dy, dx))
    diff = (ang - mid_deg + 180) % 360 - 180
    return abs(diff) < span / 2 - 2


def _draw_table(c: _Ctx, spec) -> None:
    cv, pad = c.cv, c.pad
    top = _header(c, spec.title, "", [])
    rows, cols = spec.categories, spec.series
    px = c.px
    cells = [[fmt_num(v) for v in s.values] for s in cols]
    # tighter cell padding first, a smaller font only if that is not enough
    for px, cf in [(c.px, 0.6), (c.px, 0.4), (c.px, 0.25)] + \
            [(p, 0.25) for p in range(c.px - 1, 7, -1)]:
        cp = cf * px
        w0 = max(_tw(cv, t, px, "bold" if t == spec.x_title else "sans")
                 for t in list(rows) + [spec.x_title]) + 2 * cp
        wj = [max([_tw(cv, s.name, px, "bold")] + [_tw(cv, t, px) for t in cells[j]]) + 2 * cp
              for j, s in enumerate(cols)]
        if w0 + sum(wj) <= cv.width - 2 * pad:
            break
    avail = cv.width - 2 * pad
    extra = min(avail - w0 - sum(wj), 0.5 * avail) / (len(cols) + 1)
    w0 += extra
    inset = cp + min(max(extra, 0.0) / 2, 0.4 * px)
    wj = [w + extra for w in wj]
    lh = _lh(cv, px)
    rh = min(2.0 * lh, (cv.height - top - pad) / (len(rows) + 1))
    tw, th = w0 + sum(wj), rh * (len(rows) + 1)
    x0 = (cv.width - tw) / 2
    y0 = top + max(0.0, (cv.height - pad - top - th) / 2)
    cv.rect((x0, y0, x0 + tw, y0 + rh), fill=(222, 230, 242), outline=None, ink=False)
    cv.rect((x0, y0 + rh, x0 + w0, y0 + th), fill=(244, 244, 244), outline=None, ink=False)
    xs = [x0, x0 + w0]
    for w in wj:
        xs.append(xs[-1] + w)
    for k in range(len(rows) + 2):
        y = y0 + k * rh
        cv.line([(x0, y), (x0 + tw, y)], color=(90, 90, 90),
                width=1.6 if k in (0, 1, len(rows) + 1) else 1)
    for k, x in enumerate(xs):
        cv.line([(x, y0), (x, y0 + th)], color=(90, 90, 90), width=1.6 if k < 2 or
                k == len(xs) - 1 else 1)
    if spec.x_title:
        _put(cv, (x0 + inset, y0 + rh / 2), spec.x_title, px,
             anchor="lm", kind="bold")
    for j, s in enumerate(cols):
        xc = (xs[j + 1] + xs[j + 2]) / 2
        _put(cv, (xc, y0 + rh / 2), s.name, px, kind="bold")
        for i, t in enumerate(cells[j]):
            _put(cv, (xc, y0 + rh * (i + 1.5)), t, px)
    for i, r in enumerate(rows):
        _put(cv, (x0 + inset, y0 + rh * (i + 1.5)), r, px,
             anchor="lm")


def draw_chart(spec, cv: Canvas) -> None:
    c = _Ctx(cv)
    axes = chart_axes(spec)
    k = spec.kind
    if k == "bar":
        _draw_bar(c, spec, axes["value_axis"])
    elif k == "line":
        _draw_line(c, spec, axes["value_axis"])
    elif k == "scatter":
        _draw_scatter(c, spec, axes["x_axis"], axes["y_axis"])
    elif k == "histogram":
        _draw_histogram(c, spec, axes["value_axis"])
    elif k == "box":
        _draw_box(c, spec, axes["value_axis"])
    elif k == "pie":
        _draw_pie(c, spec)
    elif k == "table":
        _draw_table(c, spec)
