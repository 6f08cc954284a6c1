"""MAVIS engine, plane geometry: captions, problems (plane_geometry_problem.py) and an
independent re-check.

Captions are written from the facts only: the base shape, each attached shape and the side it
stands on, the letters, the written lengths and angles, right-angle marks, equal ticks,
parallel arrows and shading; every number is a facts number formatted as the diagram shows it.

The re-check never looks at the chain: it rebuilds the figure's coordinates from the
problem's vision spec and measures the target numerically: distances and angles from
coordinates; areas and perimeters by walking the boundary of the region (every densely
sampled outline segment whose two sides differ in membership), with Green's theorem for the
area; arcs as dense polylines.

    python -c "import numpy as np; from engines.mavis.plane_geometry import recheck; \
from engines.mavis.plane_geometry_problem import make_problem; \
p = make_problem(np.random.default_rng(3)); print(p.stem, p.answer, recheck(p))"
"""
from __future__ import annotations

import math

import numpy as np

from engines.mavis.plane_geometry_problem import make_problem
from engines.mavis.problem import Problem
from engines.mavis.registry import caption_writer, problem_maker, rechecker
from engines.mavis.text import join_list, pick
from renderers.plane_geometry.spec import Model, PlaneGeometrySpec, angle_at, build_model
from renderers.text import fmt_num

FAMILY = "plane_geometry"
STEP = 0.25  # degrees between samples of an arc in the re-check

OPENERS = (
    "The figure shows {base}.", "The diagram depicts {base}.", "Shown here is {base}.",
    "This image presents {base}.", "In the picture we see {base}.",
    "The drawing is built on {base}.", "Pictured is {base}.",
    "This geometry figure starts from {base}.", "At the heart of the diagram lies {base}.",
    "The illustration contains {base}.", "A plane figure is drawn, based on {base}.",
    "Here we have {base}.", "The image is a geometric diagram of {base}.",
    "Our figure is based on {base}.", "Displayed is {base}.", "The sketch shows {base}.",
    "Consider the figure: it is made from {base}.", "This diagram features {base}.",
    "Visible in the image is {base}.", "The main shape of this figure is {base}.",
    "One can see {base} in this diagram.", "Drawn in black lines is {base}.",
    "A geometry diagram: {base}.", "The picture centres on {base}.",
)
ATTACH = {
    "square": ("A square {name} is attached to side {side}.",
               "On side {side} stands a square {name}.",
               "Side {side} is shared with a square {name} built outward.",
               "A square {name} is drawn outward on {side}."),
    "semicircle_out": ("A semicircle with diameter {side} bulges outward from {side}.",
                       "On {side} a semicircle is drawn outward, {side} being its diameter.",
                       "Side {side} carries an outward semicircle.",
                       "A half-disk is attached along {side}, with {side} as its diameter."),
    "semicircle_in": ("A semicircle with diameter {side} is cut out of {host}.",
                      "A semicircular notch on {side} is removed from {host}.",
                      "From {host}, a semicircle on {side} is cut away inward.",
                      "The semicircle on {side} curves into {host} and is left blank."),
    "triangle": ("{Shape} {name} is attached along side {side}.",
                 "Side {side} is also a side of {shape} {name}, drawn outward.",
                 "On {side} sits {shape} {name}.",
                 "{Shape} {name} shares side {side} with {host}."),
    "incircle": ("A circle with centre {c} is inscribed in {host}.",
                 "{Host} contains an inscribed circle centred at {c}.",
                 "Inside {host} there is a circle {c} tangent to all its sides.",
                 "Circle {c} is inscribed in {host}, touching every side."),
}
SIDES = ("The side {k} is labeled {v}.", "{k} is marked with length {v}.",
         "The label on {k} reads {v}.", "Side {k} has length {v}.")
ANGLES = ("∠{k} is marked as {v}°.", "The angle {k} is labeled {v}°.",
          "An arc at {m} marks ∠{k} = {v}°.", "∠{k} measures {v}°.")


def _article(word: str) -> str:
    return ("an " if word[0].lower() in "aeiou" else "a ") + word


def _shape_phrase(s: dict) -> str:
    t = s["type"]
    if t == "circle":
        return f"a circle with centre {s['center']}"
    if t == "sector":
        v = s["vertices"]
        return f"a sector {''.join(v)} with centre {v[0]}"
    return f"{_article(t)} {''.join(s['vertices'])}"


@caption_writer(FAMILY, n_phrasings=len(OPENERS))
def caption(spec: PlaneGeometrySpec, facts: dict, rng: np.random.Generator) -> str:
    shapes = facts["shapes"]
    out = [pick(rng, OPENERS, base=_shape_phrase(shapes[0]))]
    for a, s in zip(facts["attachments"], shapes[1:]):
        hname = shapes[a["on_shape"]]["name"]
        t = s["type"]
        name = "".join(s.get("vertices", []))
        out.append(pick(rng, ATTACH[a["type"]], side=a["side"], name=name, host=hname,
                        Host=hname[0].upper() + hname[1:], shape=_article(t),
                        Shape=_article(t).capitalize(), c=s.get("center", "")))
    if facts["base"] == "circle":
        o, p = spec.names
        out.append(pick(rng, ("Its radius {r} is drawn.", "The segment {r} is a radius.",
                              "A radius {r} runs from the centre to the circle."), r=o + p))
    shown = facts["shown"]
    items = list(shown["sides"].items())
    if items and rng.random() < 0.5:
        out.append(pick(rng, ("The labels give {x}.", "Written lengths: {x}.",
                              "The figure states {x}.", "Measurements shown: {x}."),
                        x=join_list([f"{k} = {fmt_num(v)}" for k, v in items])))
    else:
        out += [pick(rng, SIDES, k=k, v=fmt_num(v)) for k, v in items]
    for k, v in shown["angles"].items():
        out.append(pick(rng, ANGLES, k=k, v=fmt_num(v), m=k[1]))
    rights = shown["right_angles"]
    if rights:
        at = join_list([r[1] for r in rights])
        out.append(pick(rng, ("A right-angle mark appears at {at}.",
                              "A small square marks a right angle at {at}.",
                              "The angle at {at} is drawn as a right angle.")
                        if len(rights) == 1 else
                        ("Right-angle marks appear at {at}.",
                         "Small squares mark right angles at {at}.",
                         "The angles at {at} are right angles."), at=at))
    for g in shown["equal_sides"]:
        out.append(pick(rng, ("Tick marks show that {x} are equal.",
                              "Matching ticks indicate {x} have the same length.",
                              "{x} carry the same tick marks, so they are equal."),
                        x=join_list(g)))
    for g in shown["parallel_sides"]:
        out.append(pick(rng, ("Arrow marks show that {x} are parallel.",
                              "{x} carry matching arrows: they are parallel.",
                              "Arrowheads indicate {y}."),
                        x=join_list(g), y=" ∥ ".join(g)))
    shaded = [s["name"] for s, p in zip(shapes, _shaded_flags(spec)) if p]
    if shaded:
        x = join_list(shaded)
        out.append(pick(rng, ("{X} {be} shaded.", "Shading fills {x}.",
                              "{X} {be} filled with a light colour.", "The shaded part is {x}."),
                        x=x, X=x[0].upper() + x[1:], be="is" if len(shaded) == 1 else "are"))
    if rng.random() < 0.5:
        pts = sorted(facts["points"])
        out.append(pick(rng, ("The labeled points are {x}.", "Points {x} are named.",
                              "The vertices carry the letters {x}."), x=join_list(pts)))
    return " ".join(out)


def _shaded_flags(spec: PlaneGeometrySpec) -> list[bool]:
    return [spec.base_shaded] + [a.shaded for a in spec.attachments]


problem_maker(FAMILY)(make_problem)


# ----------------------------------------------------------------------------- re-check


def _inside(m: Model, i: int, X: np.ndarray, Y: np.ndarray) -> np.ndarray:
    """Membership of points in piece i, from its coordinates only."""
    p = m.pieces[i]
    if p.arc is None:
        poly = np.array(p.poly)
        s = 1.0 if _area2(poly) > 0 else -1.0
        ok = np.ones(X.shape, bool)
        for (ax, ay), (bx, by) in zip(poly, np.roll(poly, -1, axis=0)):
            ok &= s * ((bx - ax) * (Y - ay) - (by - ay) * (X - ax)) > 0
        return ok
    cx, cy = p.center
    # the dense outline is an inscribed polygon: its chords' midpoints lie at r·cos(step / 2)
    r = p.radius * math.cos(math.radians(_arc(p)[1] / 2))
    ok = (X - cx) ** 2 + (Y - cy) ** 2 < r * r
    if p.kind == "sector":
        (ax, ay), (bx, by) = (np.array(q) - (cx, cy) for q in p.poly[1:])
        ok &= (ax * (Y - cy) - ay * (X - cx) > 0) & ((X - cx) * by - (Y - cy) * bx > 0)
    elif p.kind.startswith("semicircle"):
        mid = math.radians((p.arc[0] + p.arc[1]) / 2)
        ok &= (X - cx) * math.cos(mid) + (Y - cy) * math.sin(mid) > 0
    return ok


def _area2(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def _arc(p) -> tuple[list, float]:
    """Points of a piece's arc, about STEP degrees apart, and the exact step used."""
    span = p.arc[1] - p.arc[0]
    n = max(2, int(round(abs(span) / STEP)))
    t = np.radians(p.arc[0] + span * np.arange(n + 1) / n)
    cx, cy = p.center
    return list(zip(cx + p.radius * np.cos(t), cy + p.radius * np.sin(t))), abs(span) / n


def _dense(m: Model, i: int) -> np.ndarray:
    """Closed outline of piece i: arcs every ``step`` degrees, straight parts in 8 pieces
    (so that a side shared by two shapes is cut at the same points in both)."""
    p = m.pieces[i]
    if p.arc is None:
        c = list(p.poly)
        parts = [(a, b, True) for a, b in zip(c, c[1:] + c[:1])]
    else:
        arc = _arc(p)[0]
        parts = [(a, b, False) for a, b in zip(arc, arc[1:])]
        if p.kind == "sector":
            parts = [(p.center, arc[0], True)] + parts + [(arc[-1], p.center, True)]
        elif p.kind.startswith("semicircle"):
            parts.append((arc[-1], arc[0], True))
    out = []
    for a, b, straight in parts:
        n = 8 if straight else 1
        out += [(a[0] + (b[0] - a[0]) * t / n, a[1] + (b[1] - a[1]) * t / n) for t in range(n)]
    return np.array(out)


def _boundary(m: Model, member) -> tuple[float, float]:
    """(length, area) of the region {member == 1}: boundary segments are the outline
    segments whose two sides differ; area by Green's theorem over them."""
    segs = []
    for i in range(len(m.pieces)):
        d = _dense(m, i)
        segs.append(np.concatenate([d, np.roll(d, -1, axis=0)], axis=1))
    S = np.concatenate(segs)
    scale = float(np.abs(S).max()) or 1.0
    mid = (S[:, :2] + S[:, 2:]) / 2
    key = np.round(mid / (1e-6 * scale)).astype(np.int64)
    _, first = np.unique(key, axis=0, return_index=True)
    S, mid = S[np.sort(first)], mid[np.sort(first)]
    d = S[:, 2:] - S[:, :2]
    ln = np.hypot(d[:, 0], d[:, 1])
    keep = ln > 0
    S, mid, d, ln = S[keep], mid[keep], d[keep], ln[keep]
    nrm = np.stack([-d[:, 1], d[:, 0]], axis=1) / ln[:, None] * (1e-9 * scale)
    left = member(mid[:, 0] + nrm[:, 0], mid[:, 1] + nrm[:, 1]).astype(float)
    right = member(mid[:, 0] - nrm[:, 0], mid[:, 1] - nrm[:, 1]).astype(float)
    diff = left - right
    cross = S[:, 0] * S[:, 3] - S[:, 2] * S[:, 1]
    return float(np.sum(ln * (diff != 0))), float(np.sum(diff * cross) / 2)


def _union(m: Model):
    def member(X, Y):
        inside = np.zeros(X.shape, bool)
        for i, p in enumerate(m.pieces):
            if p.sign > 0:
                inside |= _inside(m, i, X, Y)
        for i, p in enumerate(m.pieces):
            if p.sign < 0:
                inside &= ~_inside(m, i, X, Y)
        return inside
    return member


def _painted(m: Model):
    """Shaded membership by the painter's order the renderer uses."""
    def member(X, Y):
        v = np.zeros(X.shape, bool)
        for i, p in enumerate(m.pieces):
            if p.sign > 0 and p.shaded:
                v |= _inside(m, i, X, Y)
        for i, p in enumerate(m.pieces):
            par = m.pieces[p.parent] if p.parent >= 0 else None
            if (p.sign < 0 and par.shaded) or (p.sign == 0 and (p.shaded or par.shaded)):
                hit = _inside(m, i, X, Y)
                v = np.where(hit, p.sign == 0 and p.shaded, v)
        return v
    return member


@rechecker(FAMILY)
def recheck(problem: Problem) -> float:
    spec = problem.vision_spec
    m = build_model(spec)
    P = m.points
    t = problem.tags["target"]
    if t in ("length", "diagonal"):
        k = problem.tags["key"]
        return math.dist(P[k[0]], P[k[1]])
    if t == "angle":
        k = problem.tags["key"]
        return angle_at(P[k[0]], P[k[1]], P[k[2]])
    if t in ("area", "perimeter"):
        length, area = _boundary(m, _union(m))
        return area if t == "area" else length
    if t == "shaded_area":
        return _boundary(m, _painted(m))[1]
    i = problem.tags["piece"]
    p = m.pieces[i]
    d = _dense(m, i)
    if t == "piece_area":
        return abs(_area2(d)) / 2
    if t == "piece_perimeter":
        return float(np.sum(np.hypot(*(np.roll(d, -1, axis=0) - d).T)))
    if t == "arc_length":
        a = np.array(_arc(p)[0])
        return float(np.sum(np.hypot(*(a[1:] - a[:-1]).T)))
    if t == "radius":
        if p.kind == "incircle":  # distance from the centre to the nearest side of its host
            host = m.pieces[p.parent].poly
            c = p.center
            return min(abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))
                       / math.dist(a, b) for a, b in zip(host, host[1:] + host[:1]))
        a, b = (P[c] for c in p.side)
        return math.dist(a, b) / 2
    raise ValueError(f"plane_geometry recheck: unknown target {t!r}")
