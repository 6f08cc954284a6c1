"""Drawing of scientific set-ups: circuits, forces, inclines, vectors, springs and pendulums.
Plain PIL through ``Canvas``; only paint (the physics is in renderers/scientific/facts.py).
Every function draws inside a pixel ``frame`` (the canvas minus the title band), strokes first
and labels last, so that ``canvas.label`` sees all the ink it must avoid.

    python -c "import numpy as np, renderers; f = renderers.get_family('scientific'); \
f.render(f.sample_spec(np.random.default_rng(3), kind='circuit'), 336).save('/tmp/c.png')"
"""
from __future__ import annotations

import math

import numpy as np

from renderers.axes import draw_axes, draw_axis_labels
from renderers.canvas import Box, Canvas, Point
from renderers.scientific.draw.primitives import (INK, WIRE, Dimension, Frame, add, col,
                                                  dashed_arrow, dimension, double_arrow, hatch,
                                                  label_px, light, zigzag)
from renderers.text import fmt_num, font_px


# ----------------------------------------------------------------------------- circuit


def _elem_len(kind: str, w: float) -> float:
    return {"resistor": 0.15, "bulb": 0.09, "switch": 0.11, "battery": 0.05}[kind] * w


def _elem_text(e) -> str:
    val = f"{fmt_num(e.ohms)} Ω" if e.show_value and e.kind != "switch" else ""
    if e.name and val:
        return f"{e.name} = {val}"
    return e.name or val


def _wire(c: Canvas, a: Point, b: Point, gaps: list[tuple[float, float]]) -> None:
    """Axis-aligned wire a-b, interrupted over ``gaps`` (intervals of the moving coordinate)."""
    ax = 0 if abs(b[0] - a[0]) > abs(b[1] - a[1]) else 1
    lo, hi = sorted((a[ax], b[ax]))
    pos = lo
    for g0, g1 in sorted(gaps):
        if g0 > pos:
            p, q = list(a), list(a)
            p[ax], q[ax] = pos, g0
            c.line([tuple(p), tuple(q)], color=INK, width=WIRE)
        pos = max(pos, g1)
    if pos < hi:
        p, q = list(a), list(a)
        p[ax], q[ax] = pos, hi
        c.line([tuple(p), tuple(q)], color=INK, width=WIRE)


def _element(c: Canvas, e, ctr: Point, vertical: bool, w: float, outside: Point) -> None:
    half = _elem_len(e.kind, w) / 2
    d = (0.0, 1.0) if vertical else (1.0, 0.0)
    a, b = add(ctr, d, -half), add(ctr, d, half)
    if e.kind == "resistor":
        c.line(zigzag(a, b, 6, 0.028 * w, stub=0.08), color=INK, width=WIRE)
    elif e.kind == "bulb":
        r = half
        c.circle(ctr, r, fill=(255, 255, 255), outline=INK, width=WIRE)
        k = r * 0.7
        c.line([(ctr[0] - k, ctr[1] - k), (ctr[0] + k, ctr[1] + k)], color=INK, width=1.5)
        c.line([(ctr[0] - k, ctr[1] + k), (ctr[0] + k, ctr[1] - k)], color=INK, width=1.5)
    else:  # switch: two terminals, a lever from the first
        t1, t2 = (b, a) if vertical else (a, b)
        rr = 3.2 * c.unit
        if e.closed:
            end = t2
        else:
            ang = math.radians(32)
            dd = (t2[0] - t1[0], t2[1] - t1[1])
            L = math.hypot(*dd)
            u = (dd[0] / L, dd[1] / L)
            end = (t1[0] + L * (math.cos(ang) * u[0] + math.sin(ang) * outside[0]),
                   t1[1] + L * (math.cos(ang) * u[1] + math.sin(ang) * outside[1]))
        c.line([t1, end], color=INK, width=WIRE)
        for t in (t1, t2):
            c.circle(t, rr, fill=(255, 255, 255), outline=INK, width=1.6)


def _label_off(e, w: float, unit: float, prefer: Point) -> float:
    """How far an element's label keeps off the wire: clear of the symbol's ink by a margin,
    else the label flips to the far side."""
    off = (0.028 * w if e.kind == "resistor" else _elem_len(e.kind, w) / 2) + 3 * unit + 1
    if e.kind == "switch" and not e.closed and prefer == (0, -1):
        off += 0.06 * w  # above the raised lever
    return off


def _spread(xs: list[float], ws: list[float], room: list[float], gap: float) -> list[float]:
    """Centres of labels in one row (sorted by x, widths ``ws``) moved apart until neighbours
    stand ``gap`` apart, each at most ``room`` off its own centre: the deficit of a pair is
    shared between its two labels, a few sweeps over the row."""
    pos = list(xs)
    for _ in range(8):
        moved = False
        for i in range(len(pos) - 1):
            need = (ws[i] + ws[i + 1]) / 2 + gap - (pos[i + 1] - pos[i])
            if need > 1e-6:
                lo = max(0.0, min(need / 2, room[i] - (xs[i] - pos[i])))
                hi = max(0.0, min(need - lo, room[i + 1] - (pos[i + 1] - xs[i + 1])))
                lo = max(0.0, min(need - hi, room[i] - (xs[i] - pos[i])))
                pos[i] -= lo
                pos[i + 1] += hi
                moved = moved or lo + hi > 1e-6
        if not moved:
            break
    return pos


def _label_plan(c: Canvas, place: list, w: float, px: int, gap: float,
                open_far: set[str]) -> list:
    """(element, anchor, prefer, dist, spots) of every labelled element. Labels along one
    horizontal wire would stand in a row and read as one line of text ("R1 = 20 Ω R2 = 20 Ω"):
    where two neighbours come closer than ``gap``, every other one goes to the wire's far side
    (where that side is open), and those still close on one side move apart along the wire,
    within their symbol's length. ``spots`` lists the other places (anchor, prefer, dist) to
    try, in order, where the planned one is taken: along the wire, then on its far side."""
    plan: dict[int, list] = {}
    rows: dict[str, list[int]] = {}
    for i, (e, ctr, vertical, _, prefer, wire) in enumerate(place):
        text = _elem_text(e)
        if not text:
            continue
        plan[i] = [e, ctr, prefer, _label_off(e, w, c.unit, prefer), c.text_size(text, px)[0],
                   vertical]
        if not vertical:
            rows.setdefault(wire, []).append(i)
    for wire, idx in rows.items():
        idx.sort(key=lambda i: plan[i][1][0])
        xs = [plan[i][1][0] for i in idx]
        ws = [plan[i][4] for i in idx]
        close = any((ws[k] + ws[k + 1]) / 2 + gap > xs[k + 1] - xs[k]
                    for k in range(len(idx) - 1))
        if close and wire in open_far:
            for k in range(1, len(idx), 2):
                e, ctr, prefer = plan[idx[k]][:3]
                far = (-prefer[0], -prefer[1])
                plan[idx[k]][2:4] = [far, _label_off(e, w, c.unit, far)]
        for side in {tuple(plan[i][2]) for i in idx}:
            row = [i for i in idx if tuple(plan[i][2]) == side]
            room = [0.3 * _elem_len(plan[i][0].kind, w) for i in row]
            xs = _spread([plan[i][1][0] for i in row], [plan[i][4] for i in row], room, gap)
            for i, x in zip(row, xs):
                plan[i][1] = (x, plan[i][1][1])
    out = []
    for i in sorted(plan):
        e, anchor, prefer, off, _, vertical = plan[i]
        ctr = place[i][1]
        spots = []
        if not vertical:
            room = 0.3 * _elem_len(e.kind, w)
            for side in (prefer, (-prefer[0], -prefer[1])):
                d = _label_off(e, w, c.unit, side)
                for f in (0.0, -0.5, 0.5, -1.0, 1.0):
                    spots.append(((ctr[0] + f * room, ctr[1]), side, d))
        out.append((e, anchor, prefer, off, spots))
    return out


def _free_spot(c: Canvas, text: str, px: int, spots: list, taken: list[Box], gap: float):
    """The first of ``spots`` (anchor, prefer, dist) where ``Canvas.label`` would put the label
    at once (inside the picture, on no ink and no label) at least ``gap`` from every box in
    ``taken``; None where there is none."""
    tw, th = c.text_size(text, px)
    for (ax, ay), (dx, dy), d in spots:
        cx, cy = ax + dx * (d + tw / 2), ay + dy * (d + th / 2)
        box = (cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2)
        if c.is_free(box) and all(_box_gap(box, t) >= gap for t in taken):
            return (ax, ay), (dx, dy), d
    return None


def _box_gap(a: Box, b: Box) -> float:
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return math.hypot(dx, dy)


def draw_circuit(cir, c: Canvas, fr: Frame) -> None:
    """Battery (and a main-line switch) on the bottom wire, main-line loads on the top wire
    (a fourth on the right wire); parallel branches as horizontal rungs between a left rail
    and the right wire, so every label sits above its element with room to spare; labels
    that would stand in one row closer than a character go to the far side of the wire in
    turn, or apart along it (``_label_plan``)."""
    fx0, fy0, fx1, fy1 = fr
    w, h = fx1 - fx0, fy1 - fy0
    L, R = fx0 + 0.08 * w, fx0 + 0.92 * w
    T, B = fy0 + 0.2 * h, fy0 + 0.8 * h
    loads = [e for e in cir.series if e.kind != "switch"]
    sw = [e for e in cir.series if e.kind == "switch"]
    nb = len(cir.branches)
    place = []  # (element, centre, vertical, outside direction, label preference)
    gaps: dict[str, list] = {"top": [], "right": [], "bottom": []}

    def put(e, ctr, vertical, wire, prefer):
        half = _elem_len(e.kind, w) / 2
        k = 1 if vertical else 0
        gaps.setdefault(wire, []).append((ctr[k] - half, ctr[k] + half))
        place.append((e, ctr, vertical, (0, -1) if not vertical else (-1, 0), prefer, wire))

    longest = max((len(b) for b in cir.branches), default=1)
    xa = min(L + (0.12 + 0.22 * len(loads)) * w, R - (0.05 + 0.2 * longest) * w) if loads else L
    if nb:
        rungs = [T + 0.19 * h * i for i in range(nb)]
        for e_i, e in enumerate(loads):
            put(e, (L + (xa - L) * (e_i + 1) / (len(loads) + 1), T), False, "top", (0, -1))
        for i, (y, br) in enumerate(zip(rungs, cir.branches)):
            for j, e in enumerate(br):
                put(e, (xa + (R - xa) * (j + 1) / (len(br) + 1), y), False, f"rung{i}", (0, -1))
    else:
        n_top = min(3, len(loads))
        for i, e in enumerate(loads[:n_top]):
            put(e, (L + (R - L) * (i + 1) / (n_top + 1), T), False, "top", (0, -1))
        for e in loads[n_top:]:
            put(e, (R, (T + B) / 2), True, "right", (-1, 0))
    xb = L + (R - L) * (0.4 if sw else 0.5)
    gb = _elem_len("battery", w) / 2
    gaps["bottom"].append((xb - gb, xb + gb))
    for e in sw:
        put(e, (L + (R - L) * 0.72, B), False, "bottom", (0, 1))

    _wire(c, (L, B), (R, B), gaps["bottom"])
    _wire(c, (R, T), (R, B), gaps["right"])
    if nb:
        _wire(c, (L, T), (xa, T), gaps["top"])
        _wire(c, (L, T), (L, B), [])
        if xa > L:
            _wire(c, (xa, T), (xa, rungs[-1]), [])
        for i, y in enumerate(rungs):
            _wire(c, (xa, y), (R, y), gaps[f"rung{i}"])
            if i > 0:
                c.dot((R, y), 3.2)
            if (xa == L and i > 0) or (xa > L and i < nb - 1):
                c.dot((xa, y), 3.2)
    else:
        _wire(c, (L, T), (R, T), gaps["top"])
        _wire(c, (L, T), (L, B), [])
    for e, ctr, vertical, outside, _, _ in place:
        _element(c, e, ctr, vertical, w, outside)

    # battery: long plate (+) on the left, short thick plate (-) on the right
    c.line([(xb - gb, B - 0.075 * w), (xb - gb, B + 0.075 * w)], color=INK, width=2.0)
    c.line([(xb + gb, B - 0.038 * w), (xb + gb, B + 0.038 * w)], color=INK, width=4.2)

    px = label_px(c)
    c.label((xb - gb, B - 0.075 * w), "+", px=px, prefer=(-1, -1), dist=2 * c.unit)
    if cir.show_emf:
        c.label((xb, B + 0.075 * w), f"{fmt_num(cir.emf)} V", px=px, prefer=(0, 1),
                dist=3 * c.unit)
    # wires with open room on the side away from their labels: the top wire (the interior
    # below it), the bottom wire and the lowest rung; an inner rung has the next one below
    open_far = {"top", "bottom", f"rung{nb - 1}"}
    cw = c.text_size("0", px)[0]  # a character's width
    taken: list[Box] = []
    for e, anchor, prefer, off, spots in _label_plan(c, place, w, px, 1.5 * cw, open_far):
        text = _elem_text(e)
        # the planned place, else the first other one clear of the labels already placed
        # by more than a character (an open switch's raised label can meet a wire above)
        spot = _free_spot(c, text, px, [(anchor, prefer, off)] + spots, taken, 1.2 * cw)
        if spot is not None:
            anchor, prefer, off = spot
        taken.append(c.label(anchor, text, px=px, prefer=prefer, dist=off))


# ----------------------------------------------------------------------------- forces


HEAD = 12  # a force arrow's head, in units of c.unit


def draw_forces(body, c: Canvas, fr: Frame) -> None:
    fx0, fy0, fx1, fy1 = fr
    w, h = fx1 - fx0, fy1 - fy0
    hs = 0.1 * min(w, h)
    cx = (fx0 + fx1) / 2
    cy = fy0 + (0.58 if body.surface else 0.5) * h
    if body.surface:
        fy = cy + hs
        hatch(c, (fx0 + 0.07 * w, fy), (fx1 - 0.07 * w, fy), (0, 1))
    c.rect((cx - hs, cy - hs, cx + hs, cy + hs), fill=(222, 230, 242), outline=INK, width=2.0)
    px = label_px(c)
    lines = [t for t in (body.body, f"{fmt_num(body.mass)} kg" if body.mass > 0 else "") if t]
    for i, t in enumerate(lines):
        c.text((cx, cy + (i - (len(lines) - 1) / 2) * 1.15 * px), t, px=px)
    big = max(f.magnitude for f in body.forces) or 1.0
    todo = []
    same: dict[float, list] = {}
    for f in body.forces:
        same.setdefault(f.angle_deg % 360, []).append(f)
    for f in body.forces:
        a = math.radians(f.angle_deg)
        d = (math.cos(a), -math.sin(a))
        t = hs / max(abs(d[0]), abs(d[1])) + 2 * c.unit
        group = same[f.angle_deg % 360]
        off = (group.index(f) - (len(group) - 1) / 2) * min(0.09 * w, 1.6 * hs / len(group))
        # forces along one line start side by side on the face, not on top of each other
        s = (cx + d[0] * t - d[1] * off, cy + d[1] * t + d[0] * off)
        e = add(s, d, (0.09 + 0.17 * f.magnitude / big) * w)
        c.arrow(s, e, color=col(f.color), width=2.8, head=HEAD)
        todo.append((f, s, e, d))
    angle_labels = []
    for f, s, e, d in todo:
        ha = f.angle_deg % 360
        if ha % 90 == 0:
            continue
        ref = 0.0 if math.cos(math.radians(ha)) > 0 else 180.0
        # the arc keeps off the arrowhead: a short arrow's arc at the usual radius ran
        # across its head; it ends HEAD + 4 units short of the tip, 5 short of the head's
        # back (HEAD cos 0.4, 11 units, from the tip)
        r = min(0.075 * w, math.hypot(e[0] - s[0], e[1] - s[1]) - (HEAD + 4) * c.unit)
        c.line([s, (s[0] + (1 if ref == 0 else -1) * 0.11 * w, s[1])], color=(120, 120, 120),
               width=1.2, dash=(4, 3))
        lo, hi = sorted((ref if not (ref == 0 and ha > 180) else 360.0, ha))
        c.arc(s, r, lo, hi, color=col(f.color), width=1.4)
        mid = math.radians((lo + hi) / 2)
        angle_labels.append(((s[0] + r * math.cos(mid), s[1] - r * math.sin(mid)),
                             f"{fmt_num(min(abs(ha - ref), 360 - abs(ha - ref)))}°",
                             (math.cos(mid), -math.sin(mid)), f.color))
    for f, s, e, d in todo:
        text = f"{f.name} = {fmt_num(f.magnitude)} N" if f.show_value else f.name
        c.label(e, text, px=px, color=col(f.color), prefer=d, dist=3 * c.unit)
    for anchor, text, prefer, color in angle_labels:
        c.label(anchor, text, px=font_px(c.width, 0.8), color=col(color), prefer=prefer,
                dist=2 * c.unit)


# ----------------------------------------------------------------------------- incline


def draw_incline(p, c: Canvas, fr: Frame) -> Dimension | None:
    """A right-angled ramp on the ground with the block on its slope (and the forces on it);
    the slope's length as an engineering dimension, returned for tests (None if not shown)."""
    fx0, fy0, fx1, fy1 = fr
    w, h = fx1 - fx0, fy1 - fy0
    u, px = c.unit, label_px(c)
    th = math.radians(p.angle_deg)
    bs = 0.13 * w  # the block's side
    bw = min(0.76 * w, 0.56 * h / math.tan(th))
    x0 = (fx0 + fx1) / 2 - bw / 2
    yb = fy0 + 0.8 * h
    if p.length > 0:
        # room up and left of the slope for its dimension (past the block, or past the normal
        # force's arrow and name) and the label beyond its middle: the ramp shrinks until that
        # fits in the frame, and the whole is centred
        off = (bs / 2 + 0.16 * w + 2 * px if p.show_forces else bs + px) + 8 * u
        tw, tht = c.text_size(f"{fmt_num(p.length)} m", px)
        # how far the label's centre lies from the slope's middle
        lab = off + 4 * u + (tw * math.sin(th) + tht * math.cos(th)) / 2
        m, right = 8 * u, 0.06 * w + 5 * u  # the ground reaches past the ramp, its hatching
        left = max(0.06 * w, off * math.sin(th))
        for _ in range(2):  # the label's reach past the foot depends on the ramp's width
            bw = min(bw, w - 2 * m - right - left,
                     (0.8 * h - m - off * math.cos(th)) / math.tan(th),
                     2 * (0.8 * h - m - lab * math.cos(th) - tht / 2) / math.tan(th))
            left = max(left, lab * math.sin(th) + tw / 2 - bw / 2)
        x0 = (fx0 + fx1) / 2 - (bw + right - left) / 2
    bh = bw * math.tan(th)
    A, Bc, Cc = (x0, yb), (x0 + bw, yb), (x0 + bw, yb - bh)
    hatch(c, (x0 - 0.06 * w, yb), (x0 + bw + 0.06 * w, yb), (0, 1))
    c.polygon([A, Bc, Cc], fill=(228, 228, 228), outline=INK, width=2.0)
    q = 0.035 * w
    c.line([(Bc[0] - q, yb), (Bc[0] - q, yb - q), (Bc[0], yb - q)], color=INK, width=1.1)
    hyp = math.hypot(bw, bh)
    e = (math.cos(th), -math.sin(th))
    n = (-math.sin(th), -math.cos(th))
    P = add(A, e, 0.56 * hyp)
    corners = [add(P, e, -bs / 2), add(P, e, bs / 2)]
    corners += [add(corners[1], n, bs), add(corners[0], n, bs)]
    c.polygon(corners, fill=(205, 220, 240), outline=INK, width=2.0)
    Q = add(P, n, bs / 2)
    labels = []
    if p.show_forces:
        wv, nv, fv = (0.0, 1.0), n, e
        c.arrow(Q, add(Q, wv, 0.2 * w), color=col("red"), width=2.6, head=11)
        c.arrow(Q, add(Q, nv, 0.16 * w), color=col("blue"), width=2.6, head=11)
        labels += [(add(Q, wv, 0.2 * w), "mg", wv, "red"), (add(Q, nv, 0.16 * w), "N", nv, "blue")]
        if p.mu > 0:
            c.arrow(Q, add(Q, fv, 0.14 * w), color=col("green"), width=2.6, head=11)
            labels.append((add(Q, fv, 0.14 * w), "f", fv, "green"))
    # before the forces' names: the value claims its margin, which they keep clear of
    angle_mark(c, A, th, Bc[0] - q, f"{fmt_num(p.angle_deg)}°", px, 0.1 * w)
    for anchor, text, prefer, color in labels:
        c.label(anchor, text, px=px, color=col(color), prefer=prefer, dist=2 * u, kind="serif")
    if p.mu > 0:
        c.label(add(A, e, 0.3 * hyp), f"μ = {fmt_num(p.mu)}", px=px, prefer=n, dist=3 * u)
    dim = None
    if p.length > 0:
        # the whole slope, dimensioned outside the ramp (inside, the extension line from the
        # foot would run into the ground) past the block, the forces and the names above; the
        # extension lines start clear of the ground line; the line stands two pixels clear of
        # the block (the first offset past it stood a pixel from its top face, touching it)
        dim = dimension(c, A, Cc, f"{fmt_num(p.length)} m", n, px,
                        gap=max(3.0, 4.0 / math.cos(th)) * u, margin=6 * u, clear=2.0)
    c.label(Q, f"{fmt_num(p.mass)} kg", px=px, prefer=(n[0] - e[0], n[1] - e[1]),
            dist=bs * 0.75)
    return dim


def angle_mark(c: Canvas, A: Point, th: float, x_end: float, text: str, px: int,
               ra: float) -> Box:
    """The foot's angle: its value inside the wedge between the ground and the slope (which
    ends at ``x_end``), a third of a font size clear of both lines, of the ink already drawn
    (the weight's arrow crosses the ramp) and of the arc, which runs just inside the value at
    a radius from 0.8 ``ra`` to 0.8 of the ramp's base (a narrow wedge takes its value, and its
    arc, further out). The value claims its margin: later labels keep clear of it too. Where
    the wedge has no such room the value goes beside an arc of radius ``ra``."""
    b0 = c.text_box((0.0, 0.0), text, px)  # the glyphs' box about the point they are drawn at
    w, h = b0[2] - b0[0], b0[3] - b0[1]
    m = max(3.0, px / 3)
    lw = 1.4 * c.unit
    s, co = math.sin(th), math.cos(th)
    ink = np.asarray(c.ink, dtype=bool) | c.label_mask()
    r_max = 0.8 * (x_end - A[0])
    r_min = 0.8 * ra

    def clear_arc(r: float) -> bool:  # the arc's own path meets no ink between its ends
        for k in range(1, 24):
            a = th * k / 24
            x, y = A[0] + r * math.cos(a), A[1] - r * math.sin(a)
            if min(A[1] - y, (x - A[0]) * s - (A[1] - y) * co) < 3:
                continue  # beside the ground or the slope, which the arc ends on
            if ink[max(0, int(y) - 2):int(y) + 3, max(0, int(x) - 2):int(x) + 3].any():
                return False
        return True

    best = None
    step = max(1.0, c.unit)
    for j in range(int(0.2 * c.height / step)):  # box bottoms, up from the ground
        y1 = A[1] - m - lw - j * step
        y0 = y1 - h
        # the top-left corner is the nearest to the slope: far enough along for the margin
        x0 = max(A[0] + ((A[1] - y0) * co + m + lw) / s, A[0])
        if (A[1] - y0) * co / s > x_end:
            break
        for i in range(int(0.5 * c.width / step)):
            bx = (x0 + i * step, y0, x0 + i * step + w, y1)
            if bx[2] > x_end - m:
                break
            near = math.hypot(bx[0] - A[0], A[1] - y1)
            if near - m - lw < r_min:
                continue
            if (best is not None and near >= best[0]) or near - m - lw > r_max:
                break
            if c.is_free(bx, avoid_ink=True, pad=m) and clear_arc(near - m - lw):
                best = (near, bx)
                break
    if best is None:
        c.arc(A, ra, 0, math.degrees(th), color=INK, width=1.4)
        half = min(th / 2, math.radians(14))  # low and to the right: clear of the slope
        return c.label((A[0] + ra * math.cos(half), A[1] - ra * math.sin(half)), text, px=px,
                       prefer=(1, -0.25), dist=3 * c.unit)
    near, bx = best
    c.arc(A, near - m - lw, 0, math.degrees(th), color=INK, width=1.4)
    c.text((bx[0] - b0[0], bx[1] - b0[1]), text, px=px, record=False)
    c.claim((bx[0] - m + 1, bx[1] - m + 1, bx[2] + m - 1, bx[3] + m - 1), text)
    return bx


# ----------------------------------------------------------------------------- vectors


def draw_vectors(vs, c: Canvas, fr: Frame) -> None:
    pts = [(0.0, 0.0)]
    for v in vs.vectors:
        pts += [(v.tail_x, v.tail_y), (v.tail_x + v.x, v.tail_y + v.y)]
    if vs.show_resultant and vs.vectors:
        v0 = vs.vectors[0]
        pts.append((v0.tail_x + sum(v.x for v in vs.vectors),
                    v0.tail_y + sum(v.y for v in vs.vectors)))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, x1 = min(xs) - 1, max(xs) + 1
    y0, y1 = min(ys) - 1, max(ys) + 1
    span = max(x1 - x0, y1 - y0, 6)
    x0, x1 = x0 - (span - (x1 - x0)) / 2, x1 + (span - (x1 - x0)) / 2
    y0, y1 = y0 - (span - (y1 - y0)) / 2, y1 + (span - (y1 - y0)) / 2
    x0, x1, y0, y1 = math.floor(x0), math.ceil(x1), math.floor(y0), math.ceil(y1)
    # the end tick labels reach close to the frame's edge: a margin off the picture's border
    m = 4 * c.unit
    # the tick labels placed now, painted over the arrows (off them where they can): an arrow
    # from the origin ran through the "O"
    vp = draw_axes(c, x0, x1, y0, y1, xstep=1, ystep=1, equal=True,
                   frame=(fr[0] + m, fr[1] + m, fr[2] - m, fr[3] - m), defer_labels=True)
    labels = []
    for v in vs.vectors:
        a = vp(v.tail_x, v.tail_y)
        b = vp(v.tail_x + v.x, v.tail_y + v.y)
        if vs.show_components and v.x and v.y:
            k = vp(v.tail_x + v.x, v.tail_y)
            c.line([a, k, b], color=light(v.color, 0.35), width=1.6, dash=(5, 4))
        c.arrow(a, b, color=col(v.color), width=3.0, head=12)
        labels.append((a, b, v.name, col(v.color)))
    if vs.show_resultant and len(vs.vectors) >= 2:
        v0 = vs.vectors[0]
        a = vp(v0.tail_x, v0.tail_y)
        b = vp(v0.tail_x + sum(v.x for v in vs.vectors), v0.tail_y + sum(v.y for v in vs.vectors))
        if math.hypot(b[0] - a[0], b[1] - a[1]) > 1:
            dashed_arrow(c, a, b, INK, width=2.4)
            labels.append((a, b, " + ".join(v.name for v in vs.vectors), INK))
    draw_axis_labels(c, vp)
    px = font_px(c.width, 1.0)
    for a, b, name, color in labels:
        m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        c.label(m, name, px=px, color=color, prefer=(-(b[1] - a[1]) / d, (b[0] - a[0]) / d),
                dist=3 * c.unit, kind="bold")


# ----------------------------------------------------------------------------- spring, pendulum


def draw_spring(s, c: Canvas, fr: Frame) -> None:
    fx0, fy0, fx1, fy1 = fr
    w, h = fx1 - fx0, fy1 - fy0
    px = label_px(c)
    mass_text = f"{fmt_num(s.mass)} kg" if s.show_mass else "m"
    k_text = f"k = {fmt_num(s.k)} N/m" if s.show_k else "k"
    x_text = f"{fmt_num(abs(s.displacement))} m" if s.show_displacement else "x"
    if s.orientation == "horizontal":
        yf = fy0 + 0.72 * h
        xw = fx0 + 0.08 * w
        hatch(c, (xw, yf - 0.3 * h), (xw, yf), (-1, 0), n=5)
        hatch(c, (xw, yf), (fx1 - 0.05 * w, yf), (0, 1))
        xe = fx0 + 0.55 * w
        mag = 0.05 + 0.17 * min(1.0, abs(s.displacement) / 0.4)
        xb = xe + math.copysign(mag * w, s.displacement) if s.displacement else xe
        bwid, bht = 0.19 * w, 0.15 * w
        ys = yf - bht / 2
        c.line(zigzag((xw, ys), (xb, ys), 12, 0.035 * w, stub=0.06), color=INK, width=1.8)
        c.rect((xb, yf - bht, xb + bwid, yf), fill=(222, 230, 242), outline=INK, width=2.0)
        # the equilibrium line stops at the block's top where the block stands over it (a
        # spring compressed by less than the block's width): down to the floor it ran
        # through the block's mass
        over = xb - 2 * c.unit <= xe <= xb + bwid + 2 * c.unit
        c.line([(xe, yf - 0.33 * h), (xe, yf - bht if over else yf)], color=(110, 110, 110),
               width=1.3, dash=(5, 4))
        c.text((xb + bwid / 2, yf - bht / 2), mass_text, px=px)
        yd = yf - bht - 0.07 * h
        if s.displacement:
            double_arrow(c, (xe, yd), (xb, yd))
        c.label((xe, yf - 0.33 * h), "equilibrium", px=font_px(c.width, 0.75),
                color=(90, 90, 90), prefer=(0, -1), dist=2 * c.unit)
        if s.displacement:
            c.label(((xe + xb) / 2, yd), x_text, px=px, prefer=(0, -1), dist=3 * c.unit)
        c.label(((xw + xb) / 2, ys - 0.035 * w), k_text, px=px, prefer=(0, 1),
                dist=0.09 * w)
    else:
        cx = fx0 + 0.45 * w
        yc = fy0 + 0.1 * h
        hatch(c, (cx - 0.2 * w, yc), (cx + 0.2 * w, yc), (0, -1), n=8)
        nat = 0.4 * h
        dx = (0.05 + 0.17 * min(1.0, s.displacement / 0.2)) * h
        yb = yc + nat + dx
        c.line(zigzag((cx, yc), (cx, yb), 12, 0.04 * w, stub=0.06), color=INK, width=1.8)
        bs = 0.17 * w
        c.rect((cx - bs / 2, yb, cx + bs / 2, yb + bs), fill=(222, 230, 242), outline=INK,
               width=2.0)
        c.text((cx, yb + bs / 2), mass_text, px=px)
        yn = yc + nat
        c.line([(cx - 0.12 * w, yn), (cx + 0.3 * w, yn)], color=(110, 110, 110), width=1.3,
               dash=(5, 4))
        xd = cx + 0.24 * w
        c.line([(cx + 0.06 * w, yb), (xd + 0.06 * w, yb)], color=(110, 110, 110), width=1.0)
        double_arrow(c, (xd, yn), (xd, yb))
        c.label((cx + 0.3 * w, yn), "natural length", px=font_px(c.width, 0.75),
                color=(90, 90, 90), prefer=(0, -1), dist=2 * c.unit)
        c.label((xd, (yn + yb) / 2), x_text, px=px, prefer=(1, 0), dist=3 * c.unit)
        c.label((cx - 0.04 * w, (yc + yb) / 2), k_text, px=px, prefer=(-1, 0),
                dist=3 * c.unit)


def draw_pendulum(p, c: Canvas, fr: Frame) -> None:
    """The pendulum hangs from a ceiling, pulled aside, its swing dashed. The string is as long
    as fits: both ends of the swing, the bob and its mass beside it lie a margin inside the
    frame, the pivot moved off centre away from the bob's side to balance them."""
    fx0, fy0, fx1, fy1 = fr
    w, h = fx1 - fx0, fy1 - fy0
    px = label_px(c)
    a = abs(p.angle_deg)
    th = math.radians(p.angle_deg)
    side = 1 if p.angle_deg > 0 else -1
    rb = 0.042 * w
    mass = c.text_size(f"{fmt_num(p.mass)} kg", px)[0] + 3 * c.unit if p.mass > 0 else 0.0
    Ls = min(0.66 * h, (w - 20 * c.unit - rb - mass) / (2 * math.sin(math.radians(a))))
    P = ((fx0 + fx1) / 2 - side * (rb + mass) / 2, fy0 + 0.13 * h)
    hatch(c, (P[0] - 0.2 * w, P[1]), (P[0] + 0.2 * w, P[1]), (0, -1), n=8)
    bob = (P[0] + Ls * math.sin(th), P[1] + Ls * math.cos(th))
    c.arc(P, Ls, -90 - a, -90 + a, color=(150, 150, 150), width=1.2, dash=(3, 4), ink=False)
    c.line([P, (P[0], P[1] + Ls * 1.02)], color=(110, 110, 110), width=1.3, dash=(5, 4))
    c.line([P, bob], color=INK, width=2.0)
    c.dot(P, 3.5)
    lo, hi = sorted((-90.0, -90.0 + p.angle_deg))
    ra = 0.16 * h
    c.arc(P, ra, lo, hi, color=INK, width=1.4)
    c.circle(bob, rb, fill=(70, 110, 170), outline=INK, width=1.6)
    mid = math.radians((lo + hi) / 2)
    c.label((P[0] + ra * math.cos(mid), P[1] - ra * math.sin(mid)), f"{fmt_num(a)}°", px=px,
            prefer=(math.cos(mid), -math.sin(mid)), dist=3 * c.unit)
    if p.show_length:
        m = ((P[0] + bob[0]) / 2, (P[1] + bob[1]) / 2)
        c.label(m, f"{fmt_num(p.length)} m", px=px,
                prefer=(side * math.cos(th), -side * math.sin(abs(th))), dist=4 * c.unit)
    if p.mass > 0:
        c.label(bob, f"{fmt_num(p.mass)} kg", px=px, prefer=(side, 0.3), dist=rb + 3 * c.unit)
