"""Random plane-geometry specs: a base with nice numbers, attachments placed by rejection,
and the marks a textbook figure carries (right angles, equal ticks, parallel arrows, labels).

All randomness comes from the ``numpy.random.Generator`` passed in. Used by
``PlaneGeometry.sample_spec``; the MAVIS problem maker builds its own specs with the helpers
``base_params`` and ``next_letters``.

    python -c "import numpy as np; from renderers.plane_geometry.sample import sample_spec; \
print(sample_spec(np.random.default_rng(1), base='square', n_attached=2))"
"""
from __future__ import annotations

import math

import numpy as np

from renderers.plane_geometry.spec import (ATTACH_KINDS, BASES, CURVED, LETTERS, Attachment, Model,
                                           PlaneGeometrySpec, angle_at, build_model, ekey,
                                           n_base_vertices)
from renderers.spec import rng_choice

FILLS = ("blue", "green", "orange", "purple", "cyan", "pink", "gray", "yellow", "red")
BASE_P = np.array([0.3 if b == "circle" else 1.0 for b in BASES]) / \
    sum(0.3 if b == "circle" else 1.0 for b in BASES)
ATTACH_WEIGHTS = {"square": 0.25, "semicircle_out": 0.25, "triangle": 0.22,
                  "semicircle_in": 0.13, "incircle": 0.15}


def _len(rng: np.random.Generator, lo: int, hi: int, half: float = 0.25) -> float:
    v = float(rng.integers(lo, hi + 1))
    return v + 0.5 if rng.random() < half else v


def base_params(rng: np.random.Generator, base: str) -> dict[str, float]:
    """Nice-number parameters for a base shape (integers, sometimes halves)."""
    if base == "scalene_triangle":
        a = _len(rng, 6, 12)
        b = _len(rng, 4, 11)
        while b == a:
            b = _len(rng, 4, 11)
        return {"a": a, "b": b, "angle": float(rng_choice(rng, (40, 45, 50, 55, 60, 65, 70, 75,
                                                                100, 110)))}
    if base == "right_triangle":
        l1 = _len(rng, 3, 12)
        l2 = _len(rng, max(3, int(l1 * 0.5)), min(14, int(l1 * 2) + 1))
        return {"leg1": l1, "leg2": l2}
    if base == "isosceles_triangle":
        b = _len(rng, 4, 12)
        leg = float(rng.integers(int(b / 2) + 2, int(b * 1.2) + 4))
        while leg == b:  # equal to the base it is equilateral, which "isosceles" would hide
            leg = float(rng.integers(int(b / 2) + 2, int(b * 1.2) + 4))
        return {"base": b, "leg": leg}
    if base in ("equilateral_triangle", "square"):
        return {"side": _len(rng, 4, 12)}
    if base == "rectangle":
        w = _len(rng, 6, 14)
        h = _len(rng, 3, 10)
        while h == w:
            h = _len(rng, 3, 10)
        return {"width": w, "height": h}
    if base == "parallelogram":
        b, side = _len(rng, 6, 14), _len(rng, 4, 9)
        while side == b:  # with equal sides it is a rhombus, which "parallelogram" would hide
            side = _len(rng, 4, 9)
        return {"base": b, "side": side,
                "angle": float(rng_choice(rng, (45, 50, 55, 60, 65, 70, 75)))}
    if base == "trapezoid":
        b = _len(rng, 8, 16)
        t = float(rng.integers(3, int(b) - 1))
        h = _len(rng, 3, 8)
        o = rng_choice(rng, (0.0, (b - t) / 2, float(rng.integers(0, int(b - t) + 1))))
        return {"bottom": b, "top": t, "height": h, "offset": float(o)}
    if base == "rhombus":
        return {"side": _len(rng, 4, 10),
                "angle": float(rng_choice(rng, (45, 50, 55, 60, 65, 70, 75, 80)))}
    if base == "regular_polygon":
        return {"n": float(rng.integers(5, 9)), "side": _len(rng, 3, 8)}
    if base == "circle":
        return {"radius": _len(rng, 3, 10)}
    return {"radius": _len(rng, 4, 10),
            "angle": float(rng_choice(rng, (30, 45, 60, 72, 90, 100, 120, 135, 150)))}


def base_names(base: str, params: dict) -> list[str]:
    n = n_base_vertices(base, params)
    if base in ("circle", "sector"):
        return ["O"] + list(LETTERS[: n - 1])
    return list(LETTERS[:n])


def next_letters(used: list[str], k: int) -> list[str]:
    return [c for c in LETTERS if c not in used][:k]


def triangle_angles(rng: np.random.Generator) -> list[float]:
    """Base angles of an attached triangle: right (at either end or at the apex),
    equilateral, isosceles or general."""
    a = float(rng_choice(rng, (30, 35, 40, 45, 50, 55, 60)))
    kind = rng_choice(rng, ("right1", "right2", "apex", "equi", "iso", "general"))
    if kind == "right1":
        return [90.0, a]
    if kind == "right2":
        return [a, 90.0]
    if kind == "apex":
        return [a, 90.0 - a]
    if kind == "equi":
        return [60.0, 60.0]
    if kind == "iso":  # 60 and 60 would be the equilateral one
        return [a + 10, a + 10] if a + 10 != 60 else [70.0, 70.0]
    return [a + 5, float(rng_choice(rng, (40, 50, 65, 75)))]


def free_edges(m: Model, piece: int) -> list[str]:
    p = m.pieces[piece]
    return [e for e in p.edges if e not in m.used]


def _edge_in_order(p, key: str) -> str:
    """Edge key spelled in the piece's vertex order (so 'CA' of triangle ABC reads 'CA')."""
    V = p.verts
    for a, b in zip(V, V[1:] + V[:1]):
        if ekey(a, b) == key:
            return a + b
    return key


def _random_attachment(rng, spec: PlaneGeometrySpec, m: Model, kind: str) -> Attachment:
    used = spec.names + [n for a in spec.attachments for n in a.names]
    if kind == "incircle":
        hosts = [i for i, p in enumerate(m.pieces) if p.kind not in CURVED]
        if not hosts:
            raise ValueError("no polygon to inscribe a circle in")
        host = hosts[-1] if rng.random() < 0.6 else rng_choice(rng, hosts)
        name = "O" if "O" not in used else next_letters(used, 1)[0]
        return Attachment("incircle", names=[name], shape=int(host))
    hosts = [i for i, p in enumerate(m.pieces) if p.kind not in CURVED[:1] + CURVED[2:]
             and free_edges(m, i)]
    if not hosts:
        raise ValueError("no free side left")
    host = hosts[-1] if rng.random() < 0.7 else rng_choice(rng, hosts)
    side = _edge_in_order(m.pieces[host], rng_choice(rng, free_edges(m, host)))
    att = Attachment(kind, side=side, names=next_letters(used, {"triangle": 1, "square": 2}
                                                         .get(kind, 0)))
    if kind == "triangle":
        att.angles = triangle_angles(rng)
    return att


def _marks(rng: np.random.Generator, spec: PlaneGeometrySpec, m: Model) -> None:
    """Right-angle marks, equal ticks, parallel arrows, shown sides and angles."""
    P = m.points
    equal: list[list[str]] = []
    for i, p in enumerate(m.pieces):
        if p.kind in CURVED:
            continue
        V = p.verts
        corners = [(a, b, c) for a, b, c in zip(V[-1:] + V[:-1], V, V[1:] + V[:1])]
        rights = [a + b + c for a, b, c in corners if abs(angle_at(P[a], P[b], P[c]) - 90) < 1e-6]
        if rights:
            k = 1 if p.kind in ("square", "rectangle") or len(rights) > 2 else len(rights)
            picks = rights[-k:] if i else rights[:k]
            # one mark per angle, not per corner: a right triangle on a square's side keeps the
            # mark of its own right angle where the square's corner is marked too
            def key(r: str) -> str:
                return r[1] + "".join(sorted(r[0] + r[2]))
            seen = {key(x) for x in spec.right_marks}
            spec.right_marks += [r for r in picks if key(r) not in seen]
        sides = [a + b for a, b in zip(V, V[1:] + V[:1])]
        lens = [round(math.dist(P[s[0]], P[s[1]]), 6) for s in sides]
        if p.label in ("square", "rhombus", "equilateral triangle") and rng.random() < 0.6:
            equal.append(sides)
        elif p.label == "isosceles triangle" and rng.random() < 0.7:
            for j in range(3):
                pair = [s for s, ln in zip(sides, lens) if ln == lens[j]]
                if len(pair) == 2:
                    equal.append(pair)
                    break
        if p.kind == "parallelogram" and rng.random() < 0.5:
            spec.parallel_groups += [[sides[0], sides[2]], [sides[1], sides[3]]]
        if p.kind == "trapezoid" and rng.random() < 0.6:
            spec.parallel_groups.append([sides[0], sides[2]])
    spec.equal_groups = _merge(equal)[:3]
    cands = [_edge_in_order(p, e) for p in m.pieces for e in p.edges]
    if spec.base == "circle":
        cands.append("".join(spec.names))
    rng.shuffle(cands)
    k = int(rng_choice(rng, (1, 2, 2, 3, 3, 4)))
    spec.shown_sides = sorted(set(cands[:k]), key=cands.index)
    angs = []
    if spec.base == "sector":
        o, a, b = spec.names
        angs.append(a + o + b)
    for p in m.pieces:
        if p.kind in CURVED:
            continue
        V = p.verts
        for a, b, c in zip(V[-1:] + V[:-1], V, V[1:] + V[:1]):
            if abs(angle_at(P[a], P[b], P[c]) - 90) > 1e-6 and len(V) <= 4:
                angs.append(a + b + c)
    rng.shuffle(angs)
    spec.shown_angles = angs[: int(rng_choice(rng, (0, 0, 1, 1, 2)))]


def _merge(groups: list[list[str]]) -> list[list[str]]:
    """Groups sharing a side are one group (a side carries one kind of tick mark)."""
    out: list[list[str]] = []
    for g in groups:
        keys = {ekey(*k) for k in g}
        hit = [o for o in out if keys & {ekey(*k) for k in o}]
        for o in hit:
            out.remove(o)
            g = o + [k for k in g if ekey(*k) not in {ekey(*x) for x in o}]
        out.append(g)
    return out


def sample_spec(rng: np.random.Generator, base: str | None = None,
                n_attached: int | None = None, attach: list[str] | None = None
                ) -> PlaneGeometrySpec:
    if base is not None and base not in BASES:
        raise ValueError(f"unknown base {base!r}; valid: {', '.join(BASES)}")
    if n_attached is not None and (not isinstance(n_attached, (int, np.integer))
                                   or not 0 <= n_attached <= 3):
        raise ValueError(f"n_attached must be an int in 0..3, got {n_attached!r}")
    if attach is not None:
        bad = [k for k in attach if k not in ATTACH_KINDS]
        if bad or len(attach) > 3:
            raise ValueError(f"attach: at most 3 kinds from {', '.join(ATTACH_KINDS)}; "
                             f"got {attach!r}")
        n_attached = len(attach)
    if base == "circle" and n_attached:
        raise ValueError("a circle base has no sides to attach shapes to; use n_attached=0")
    for _ in range(200):
        # circles are plain (no sides to attach to), so they come up less often
        b = base or BASES[int(rng.choice(len(BASES), p=BASE_P))]
        n = n_attached if n_attached is not None else (
            0 if b == "circle" else int(rng_choice(rng, (0, 1, 1, 2, 2, 3))))
        params = base_params(rng, b)
        spec = PlaneGeometrySpec(base=b, params=params, names=base_names(b, params),
                                 rotation=0.0 if rng.random() < 0.45 else
                                 round(float(rng.uniform(0, 360)), 1),
                                 fill=rng_choice(rng, FILLS))
        m = build_model(spec)
        ok = True
        for i in range(n):
            for _try in range(12):
                kind = attach[i] if attach else rng_choice(
                    rng, list(ATTACH_WEIGHTS))  # equal choice keeps every kind common
                try:
                    att = _random_attachment(rng, spec, m, kind)
                    cand = spec.replace(attachments=spec.attachments + [att])
                    m = build_model(cand)
                    spec = cand
                    break
                except ValueError:
                    continue
            else:
                ok = False
                break
        if not ok:
            continue
        spec.base_shaded = bool(rng.random() < 0.35)
        for a in spec.attachments:
            a.shaded = bool(rng.random() < 0.3)
            if a.kind == "incircle" and a.shaded:
                a.shaded = not (spec.attachments[a.shape - 1].shaded if a.shape
                                else spec.base_shaded)
        for i, a in enumerate(spec.attachments):  # a cut-out reads as one in a shaded shape
            if a.kind == "semicircle_in":
                a.shaded = False  # and is drawn white: what is cut away is not shaded
                j = m.pieces[i + 1].parent
                if j == 0:
                    spec.base_shaded = True
                else:
                    spec.attachments[j - 1].shaded = True
        _marks(rng, spec, m)
        return spec
    raise ValueError(f"could not place {n_attached} attachments on a {base}")
