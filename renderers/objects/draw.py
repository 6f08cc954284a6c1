"""Drawing of the "objects" family: shaded instruments on a lab bench (a light wall above a
wooden bench top), each in its own frame: a thermometer on its scale board, a round dial gauge,
a spring scale with its load, a wooden ruler under a strobe-lit ball, a measuring cylinder
with a meniscus. Shading is drawn with plain PIL (gradients as stacked strips or rings), so an
image is cheap; every number and caption is placed by the canvas and recorded in its layout.

    python -m pytest -q tests/renderers/test_objects.py
"""
from __future__ import annotations

import math

from renderers.arithmetic.draw.clock import numeral_pad, numeral_patch
from renderers.canvas import PALETTE, Canvas, boxes_overlap
from renderers.objects.spec import Instrument, ObjectsSpec, needle_angle
from renderers.text import fmt_num, font_px

INK = (35, 35, 35)
GAUGE_FACE = (250, 249, 244)
Box = tuple[float, float, float, float]


def _col(name) -> tuple:
    return PALETTE.get(name, (200, 40, 40)) if isinstance(name, str) else tuple(name)


def _mix(a: tuple, b: tuple, t: float) -> tuple:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def _hgrad(cv: Canvas, box: Box, base: tuple, shade: float = 0.35, shine: float = 0.55,
           at: float = 0.3) -> None:
    """A cylinder lit from the left: columns darker towards both edges, a highlight at ``at``."""
    x0, y0, x1, y1 = box
    s = cv.ss
    n = max(2, int((x1 - x0) * s))
    for i in range(n):
        t = (i + 0.5) / n
        dark = shade * (1 - math.sin(math.pi * t)) ** 1.5
        glint = shine * math.exp(-((t - at) / 0.09) ** 2)
        c = _mix(_mix(base, (0, 0, 0), dark), (255, 255, 255), glint)
        xa = x0 * s + i
        cv.d.rectangle([xa, y0 * s, xa + 1, y1 * s], fill=c)


def _rgrad(cv: Canvas, c: tuple, r: float, base: tuple, light_to: tuple = (255, 255, 255),
           rings: int = 18) -> None:
    """A disc shaded like a sphere or a bezel: rings from the rim (base) to a lit centre."""
    for k in range(rings):
        t = k / (rings - 1)
        rr = r * (1 - 0.85 * t)
        off = 0.3 * r * t
        cv.circle((c[0] - off, c[1] - off), rr, fill=_mix(base, light_to, 0.75 * t ** 1.6),
                  outline=None, ink=False)


def _bench(cv: Canvas) -> None:
    """Wall and bench top: the photo's setting, light enough for black text on it."""
    W, H = cv.width, cv.height
    s = cv.ss
    top = int(0.86 * H * s)
    for y in range(0, top, 2):
        cv.d.rectangle([0, y, W * s, y + 2], fill=_mix((246, 244, 238), (228, 226, 220),
                                                        y / top))
    for y in range(top, H * s, 2):
        t = (y - top) / max(1, H * s - top)
        cv.d.rectangle([0, y, W * s, y + 2], fill=_mix((214, 186, 146), (186, 154, 112), t))
    cv.d.rectangle([0, top, W * s, top + max(1, s)], fill=(160, 130, 95))


def _ticks(sc, values_per: float) -> list[tuple[float, bool]]:
    """(value, is_major) for every small division of the scale."""
    n = int(round((sc.hi - sc.lo) / sc.minor))
    out = []
    for k in range(n + 1):
        v = sc.lo + k * sc.minor
        q = (v - sc.lo) / sc.major if values_per == 0 else v / sc.major
        out.append((round(v, 9), abs(q - round(q)) < 1e-6))
    return out


def _caption(cv: Canvas, it: Instrument, cx: float, y: float) -> None:
    if it.caption:
        cv.text((cx, y), it.caption, px=font_px(cv.width, 0.95), kind="bold")


# ----------------------------------------------------------------------------- instruments


def draw_thermometer(cv: Canvas, it: Instrument, fr: Box) -> None:
    x0, y0, x1, y1 = fr
    w, h = x1 - x0, y1 - y0
    cx = x0 + 0.42 * w
    tw = max(7.0, 0.055 * min(w * 2, h))  # tube width
    top, bottom = y0 + 0.06 * h, y1 - (0.17 if it.caption else 0.1) * h
    br = 1.25 * tw  # bulb radius
    ytop, ybot = top + 0.07 * h, bottom - br - 0.06 * h
    sc = it.scale
    px = font_px(cv.width, 0.75)
    board = (cx - 2.2 * tw, top - 0.03 * h, cx + 2.4 * tw + cv.text_size("-00", px)[0],
             bottom + 0.02 * h)
    cv.rect((board[0] + 3 * cv.unit, board[1] + 3 * cv.unit, board[2] + 3 * cv.unit,
             board[3] + 3 * cv.unit), fill=(200, 198, 190), outline=None, ink=False)
    cv.rect(board, fill=(252, 251, 246), outline=(150, 150, 150), width=1.2, ink=False)

    def yv(v: float) -> float:
        return ybot - (ybot - ytop) * (v - sc.lo) / (sc.hi - sc.lo)

    _hgrad(cv, (cx - tw / 2, top, cx + tw / 2, bottom - br), (222, 232, 238), 0.3, 0.6)
    liq = _col(it.color)
    ycol = yv(it.value)
    cw = 0.42 * tw
    _hgrad(cv, (cx - cw / 2, ycol, cx + cw / 2, bottom - br * 0.5), liq, 0.4, 0.35)
    _rgrad(cv, (cx, bottom - br * 0.2), br, _mix(liq, (0, 0, 0), 0.25), light_to=(255, 235, 235))
    cv.circle((cx, bottom - br * 0.2), br, outline=(120, 120, 120), width=1.2)
    cv.line([(cx - tw / 2, bottom - br * 0.95), (cx - tw / 2, top + tw / 2)], color=(130, 130, 130),
            width=1.1)
    cv.line([(cx + tw / 2, bottom - br * 0.95), (cx + tw / 2, top + tw / 2)], color=(130, 130, 130),
            width=1.1)
    cv.arc((cx, top + tw / 2), tw / 2, 0, 180, color=(130, 130, 130), width=1.1)
    xt = cx + tw / 2 + 2 * cv.unit
    for v, major in _ticks(sc, 0):
        y = yv(v)
        cv.line([(xt, y), (xt + (0.9 if major else 0.5) * tw, y)], color=INK,
                width=1.2 if major else 0.8)
        if major:
            cv.text((xt + 1.05 * tw, y), fmt_num(v), px=px, anchor="lm")
    cv.text((cx - 1.25 * tw, ytop - 0.02 * h), sc.unit, px=px, anchor="mm", kind="bold")
    _caption(cv, it, cx, y1 - 0.06 * h)


def _gauge_needle(cv: Canvas, it: Instrument, c, r: float) -> None:
    """The needle of a gauge of radius ``r`` centred at ``c``: from a short tail behind the
    hub to the small ticks, where the reading is taken."""
    a = math.radians(needle_angle(it))
    u = (math.cos(a), -math.sin(a))
    n = (-u[1], u[0])
    tip = (c[0] + 0.8 * r * u[0], c[1] + 0.8 * r * u[1])
    tail = (c[0] - 0.18 * r * u[0], c[1] - 0.18 * r * u[1])
    wd = 0.035 * r
    cv.polygon([tip, (tail[0] + wd * n[0], tail[1] + wd * n[1]),
                (tail[0] - wd * n[0], tail[1] - wd * n[1])], fill=_col(it.color),
               outline=_mix(_col(it.color), (0, 0, 0), 0.4), width=0.8)


def draw_gauge(cv: Canvas, it: Instrument, fr: Box) -> None:
    x0, y0, x1, y1 = fr
    w, h = x1 - x0, y1 - y0
    r = min(0.45 * w, 0.37 * h, 0.3 * cv.width)
    c = ((x0 + x1) / 2, y0 + 0.1 * h + r)
    _rgrad(cv, (c[0] + 0.06 * r, c[1] + 0.06 * r), 1.08 * r, (150, 150, 150), (150, 150, 150), 2)
    _rgrad(cv, c, 1.06 * r, (95, 98, 104), (225, 228, 232))
    cv.circle(c, 0.92 * r, fill=GAUGE_FACE, outline=(80, 80, 80), width=1.2)
    sc = it.scale
    px = font_px(cv.width, 0.72 if w < 0.6 * cv.width else 0.85)
    pad = numeral_pad(px)
    probe = Instrument(scale=sc)
    texts = []  # (text, where, px, kind, colour): drawn over the needle on cleared patches
    for v, major in _ticks(sc, 0):
        probe.value = v
        a = math.radians(needle_angle(probe))
        u = (math.cos(a), -math.sin(a))
        ra, rb = 0.86 * r, (0.72 if major else 0.78) * r
        cv.line([(c[0] + ra * u[0], c[1] + ra * u[1]), (c[0] + rb * u[0], c[1] + rb * u[1])],
                color=INK, width=1.5 if major else 0.9)
        if major:
            # inside the tick ring with the numeral's cleared patch clear of its tick
            tw, th = cv.text_size(fmt_num(v), px)
            rt = rb - abs(u[0]) * (tw / 2 + pad) - abs(u[1]) * (th / 2 + pad) - 1.5 * cv.unit
            texts.append((fmt_num(v), (c[0] + rt * u[0], c[1] + rt * u[1]), px, "sans", INK))
    if it.name:
        texts.append((it.name, (c[0], c[1] + 0.62 * r), font_px(cv.width, 0.85), "bold",
                      (60, 60, 60)))
    # the needle passes beneath the numerals, as a clock's hands do: each stands on the face's
    # colour a little wider than its glyphs, so a needle pointing at one never covers it
    _gauge_needle(cv, it, c, r)
    for text, xy, tpx, kind, _ in texts:
        cv.rect(numeral_patch(cv, xy, text, tpx, kind=kind, pad=pad), fill=GAUGE_FACE,
                outline=None, ink=False)
    for text, xy, tpx, kind, col in texts:
        cv.text(xy, text, px=tpx, anchor="mm", kind=kind, color=col)
    _rgrad(cv, c, 0.07 * r, (40, 40, 40), (200, 200, 200), 6)
    _caption(cv, it, c[0], min(y1 - 0.04 * h, c[1] + 1.06 * r + 0.07 * h))


def draw_spring_scale(cv: Canvas, it: Instrument, fr: Box) -> None:
    x0, y0, x1, y1 = fr
    w, h = x1 - x0, y1 - y0
    cx = x0 + 0.45 * w
    bw = max(24.0, min(0.24 * w, 0.18 * h))
    top, bot = y0 + 0.08 * h, y0 + 0.6 * h
    # support and top ring
    cv.rect((cx - 0.9 * bw, y0 + 0.01 * h, cx + 0.9 * bw, y0 + 0.03 * h), fill=(120, 100, 80),
            outline=INK, width=1.0)
    cv.circle((cx, top - 0.02 * h), 0.12 * bw, outline=(90, 90, 90), width=2.0)
    _hgrad(cv, (cx - bw / 2, top, cx + bw / 2, bot), (200, 205, 212), 0.45, 0.5)
    cv.rect((cx - bw / 2, top, cx + bw / 2, bot), outline=(90, 90, 90), width=1.2)
    face = (cx - 0.3 * bw, top + 0.06 * h, cx + 0.36 * bw, bot - 0.03 * h)
    cv.rect(face, fill=(252, 251, 240), outline=(140, 140, 140), width=0.8, ink=False)
    sc = it.scale
    ya, yb = face[1] + 0.03 * h, face[3] - 0.03 * h

    def yv(v: float) -> float:  # 0 at the top: the spring stretches downwards
        return ya + (yb - ya) * (v - sc.lo) / (sc.hi - sc.lo)

    px = font_px(cv.width, 0.72)
    xl = face[0] + 1.5 * cv.unit
    for v, major in _ticks(sc, 0):
        y = yv(v)
        cv.line([(xl, y), (xl + (0.22 if major else 0.12) * bw, y)], color=INK,
                width=1.1 if major else 0.7)
        if major:
            cv.text((face[2] + 2.5 * cv.unit, y), fmt_num(v), px=px, anchor="lm")
    cv.text((cx + 0.5 * bw + 3 * cv.unit, top + 0.01 * h), sc.unit, px=px, anchor="lm",
            kind="bold")
    yp = yv(it.value)
    pc = _col(it.color)
    cv.polygon([(xl + 0.05 * bw, yp), (xl + 0.5 * bw, yp - 0.13 * bw),
                (xl + 0.5 * bw, yp + 0.13 * bw)], fill=pc, outline=_mix(pc, (0, 0, 0), 0.4),
               width=0.8)
    # rod, hook and the load
    rod_end = bot + 0.07 * h
    lt, lh = rod_end + 0.3 * bw, 0.16 * h
    if it.immersed:  # water first: the hook shows through it
        wt, wb = lt - 0.05 * h, y1 - 0.06 * h
        bwid = 2.5 * bw
        cv.rect((cx - bwid / 2, wt, cx + bwid / 2, wb), fill=(200, 225, 245), outline=None,
                ink=False)
        cv.line([(cx - bwid / 2, wt), (cx + bwid / 2, wt)], color=(90, 140, 200), width=1.4,
                ink=False)
    _hgrad(cv, (cx - 0.06 * bw, bot, cx + 0.06 * bw, rod_end), (170, 170, 175), 0.4, 0.5)
    cv.arc((cx, rod_end + 0.1 * bw), 0.12 * bw, 90, 360, color=(80, 80, 80), width=2.0)
    lw = 0.9 * bw
    cv.line([(cx, rod_end + 0.2 * bw), (cx, lt)], color=(60, 60, 60), width=1.3)
    _hgrad(cv, (cx - lw / 2, lt, cx + lw / 2, lt + lh), (150, 120, 90) if not it.immersed
           else (135, 118, 100), 0.45, 0.3)
    cv.rect((cx - lw / 2, lt, cx + lw / 2, lt + lh), outline=(70, 55, 40), width=1.1)
    if it.name:
        cv.text((cx, lt + lh / 2), it.name, px=font_px(cv.width, 0.7), color=(255, 255, 255),
                kind="bold")
    if it.immersed:
        bwid = 2.5 * bw
        wt, wb = lt - 0.05 * h, y1 - 0.06 * h
        cv.line([(cx - bwid / 2 - 2 * cv.unit, wt - 0.03 * h), (cx - bwid / 2, wt - 0.02 * h),
                 (cx - bwid / 2, wb), (cx + bwid / 2, wb), (cx + bwid / 2, wt - 0.02 * h)],
                color=(110, 110, 120), width=1.8)
    _caption(cv, it, cx, y1 - 0.025 * h)


def _ball(cv: Canvas, c: tuple, r: float, color: tuple) -> None:
    _rgrad(cv, c, r, _mix(color, (0, 0, 0), 0.35), _mix(color, (255, 255, 255), 0.7), 12)


def draw_ruler(cv: Canvas, it: Instrument, fr: Box) -> None:
    x0, y0, x1, y1 = fr
    w, h = x1 - x0, y1 - y0
    sc = it.scale
    xa, xb = x0 + 0.07 * w, x1 - 0.07 * w
    ry0, ry1 = y0 + 0.56 * h, y0 + 0.74 * h

    def xv(v: float) -> float:
        return xa + (xb - xa) * (v - sc.lo) / (sc.hi - sc.lo)

    pad = 0.035 * w
    cv.rect((xa - pad + 3 * cv.unit, ry0 + 3 * cv.unit, xb + pad + 3 * cv.unit,
             ry1 + 3 * cv.unit), fill=(150, 125, 90), outline=None, ink=False)
    s = cv.ss
    for i in range(int((ry1 - ry0) * s)):  # wood lit from above
        t = i / max(1, (ry1 - ry0) * s)
        cv.d.rectangle([(xa - pad) * s, ry0 * s + i, (xb + pad) * s, ry0 * s + i + 1],
                       fill=_mix((238, 212, 160), (206, 172, 118), t))
    cv.rect((xa - pad, ry0, xb + pad, ry1), outline=(120, 95, 60), width=1.1)
    px = font_px(cv.width, 0.72)
    for v, major in _ticks(sc, 0):
        x = xv(v)
        half = abs((v / sc.major) * 2 - round((v / sc.major) * 2)) < 1e-6
        ln = (0.42 if major else 0.28 if half else 0.17) * (ry1 - ry0)
        cv.line([(x, ry0), (x, ry0 + ln)], color=INK, width=1.1 if major else 0.7)
        if major:
            cv.text((x, ry0 + 0.47 * (ry1 - ry0)), fmt_num(v), px=px, anchor="mt")
    cv.text((xb + pad - 3 * cv.unit, ry1 - 2 * cv.unit), sc.unit, px=px, anchor="rb")
    # the strobe photo: a ball at each mark, its centre over the scale
    gaps = [xv(b) - xv(a) for a, b in zip(it.marks, it.marks[1:])]
    r = min([0.045 * w, 0.06 * h] + [0.42 * g for g in gaps])
    yb = ry0 - 0.12 * h
    bc = _col(it.color)
    for m in it.marks:
        x = xv(m)
        cv.line([(x, yb + r), (x, ry0)], color=(110, 110, 110), width=0.9, dash=(3, 2.5))
    lpx = font_px(cv.width, 0.72)
    placed: list[Box] = []
    for m, lab in zip(it.marks, it.mark_labels):
        x = xv(m)
        _ball(cv, (x, yb), r, bc)
        tw, th = cv.text_size(lab, lpx)
        row = 0  # a label that would touch its left neighbour's goes one row higher
        while True:
            ly = yb - r - 0.07 * h - row * 1.4 * th
            box = (x - tw / 2 - 2, ly - th / 2 - 2, x + tw / 2 + 2, ly + th / 2 + 2)
            if not any(boxes_overlap(box, q) for q in placed) or row > 4:
                break
            row += 1
        placed.append(box)
        cv.text((x, ly), lab, px=lpx, anchor="mm")
    _caption(cv, it, (x0 + x1) / 2, y1 - 0.06 * h)


def _stone(c: tuple, r: float) -> list[tuple]:
    ks = (1.0, 0.8, 0.95, 0.75, 1.05, 0.85, 0.9, 0.7)
    return [(c[0] + r * k * 1.3 * math.cos(2 * math.pi * i / 8 + 0.3),
             c[1] + r * k * math.sin(2 * math.pi * i / 8 + 0.3)) for i, k in enumerate(ks)]


def draw_cylinder(cv: Canvas, it: Instrument, fr: Box) -> None:
    x0, y0, x1, y1 = fr
    w, h = x1 - x0, y1 - y0
    cw = min(0.34 * w, 0.2 * h)
    cx = x0 + 0.5 * w
    xl, xr = cx - cw / 2, cx + cw / 2
    yt, yb = y0 + 0.07 * h, y1 - 0.13 * h
    sc = it.scale
    ya, yz = yb - 0.04 * h, yt + 0.08 * h  # the scale's lo and hi

    def yv(v: float) -> float:
        return ya - (ya - yz) * (v - sc.lo) / (sc.hi - sc.lo)

    # foot, glass, liquid with a meniscus curving up at the walls
    foot = (cx - 0.95 * cw, yb, cx + 0.95 * cw, yb + 0.035 * h)
    _hgrad(cv, foot, (150, 175, 195), 0.35, 0.5)
    cv.rect(foot, outline=(90, 110, 130), width=1.0)
    _hgrad(cv, (xl, yt, xr, yb), (236, 242, 246), 0.25, 0.0)
    liq = _col(it.color)
    ys = yv(it.value)
    men = 0.028 * h
    curve = [(xl + cw * k / 20, ys - men * (1 - math.sin(math.pi * k / 20)) ** 3)
             for k in range(21)]
    lbase = _mix(liq, (255, 255, 255), 0.55)
    cv.polygon([(xl, yb)] + curve + [(xr, yb)], fill=lbase, outline=None, ink=False)
    cv.line(curve, color=_mix(liq, (0, 0, 0), 0.15), width=1.6, ink=False)
    if it.immersed:
        st = _stone((cx + 0.12 * cw, yb - 0.05 * h), 0.045 * h)
        cv.polygon(st, fill=(118, 116, 112), outline=(70, 70, 70), width=1.1)
        cv.polygon(_stone((cx + 0.08 * cw, yb - 0.06 * h), 0.018 * h), fill=(160, 158, 152),
                   outline=None, ink=False)
    # glass walls and highlight
    cv.line([(xl - 0.12 * cw, yt - 0.01 * h), (xl, yt), (xl, yb), (xr, yb), (xr, yt),
             (xr + 0.05 * cw, yt - 0.004 * h)], color=(95, 110, 125), width=2.0)
    cv.line([(xl + 0.16 * cw, yt + 0.03 * h), (xl + 0.16 * cw, yb - 0.02 * h)],
            color=(255, 255, 255), width=2.5, ink=False)
    px = font_px(cv.width, 0.72)
    for v, major in _ticks(sc, 0):
        y = yv(v)
        ln = (0.32 if major else 0.16) * cw
        cv.line([(xr - ln, y), (xr, y)], color=INK, width=1.2 if major else 0.7)
        if major:
            cv.text((xr + 3 * cv.unit, y), fmt_num(v), px=px, anchor="lm")
    cv.text((xr + 3 * cv.unit, yt + 0.015 * h), sc.unit, px=px, anchor="lm", kind="bold")
    _caption(cv, it, cx, y1 - 0.045 * h)


DRAW = {"thermometer": draw_thermometer, "gauge": draw_gauge,
        "spring_scale": draw_spring_scale, "ruler": draw_ruler, "cylinder": draw_cylinder}


def draw(spec: ObjectsSpec, cv: Canvas) -> None:
    _bench(cv)
    W, H = cv.width, cv.height
    top = 0.0
    if spec.title:
        tp = cv.fit_px(spec.title, font_px(W, 1.0), W - 10 * cv.unit, "bold")
        cv.text((W / 2, 0.04 * H + tp / 2), spec.title, px=tp, kind="bold")
        top = 0.06 * H + tp
    n = len(spec.items)
    for i, it in enumerate(spec.items):
        fr = (W * i / n, top, W * (i + 1) / n, float(H))
        DRAW[it.kind](cv, it, fr)
