"""MAVIS-Instruct problems on composite plane figures, built by backward chaining.

``make_problem(rng)``: pick a base with nice givens, attach 0-3 shapes (a figure of up to 4),
each on a free side of the last shape or, sometimes, of an earlier polygon (preferring a
side that is NOT given, so the chain has to derive it), pick a target (area or perimeter of the
whole figure, shaded area, one shape's area or perimeter, the difference or the sum of two
shapes' areas, a length, the side two shapes share, an angle, a radius, an arc length, a
diagonal), then ask the chain for the target: the rules pull in exactly the givens they need
(backward) and write the CoT (forward). The chain carries full values from step to step and
prints them to two decimals, so the answer is the exact computation rounded once.
Distractors re-run the chain with one typical mistake in place; wrong chains (DPO rejected
sides) re-run it with a misread given, a wrong formula or an arithmetic slip at one step (a
misread names its given: a pair uses it only where the figure alone shows that given).

Every spec draws the shape facts (right-angle marks, ticks, arrows) that pin down each shape's
kind (a regular polygon's, which no mark draws, is stated in every version's text); the bare
spec (text_dominant) no value, the base spec some numeric givens, the vision spec every one.

    python -c "import numpy as np; from engines.mavis.plane_geometry.problem import \
make_problem; p = make_problem(np.random.default_rng(0)); print(p.stem, p.cot, p.answer)"
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

import engines.mavis.plane_geometry.shape_rules as S
from engines.mavis.plane_geometry.chain import Chain, ang, seg
from engines.mavis.problem import (Distractor, Given, MisreadChain, Problem, WrongChain,
                                   fmt_answer, mixed_flags)
from engines.mavis.registry import problem_maker
from engines.mavis.text import pick
from renderers.plane_geometry.sample import FILLS, next_letters
from renderers.plane_geometry.spec import (Attachment, PlaneGeometrySpec, base_label, build_model,
                                           ekey)
from renderers.spec import rng_choice
from renderers.text import fmt_round as f, half_up

BASE_W = {"right_triangle": 3.0, "rectangle": 2.0, "square": 1.5, "equilateral_triangle": 1.0,
          "isosceles_triangle": 1.0, "scalene_triangle": 1.0, "parallelogram": 1.0,
          "rhombus": 1.0, "trapezoid": 1.2, "regular_polygon": 1.0, "sector": 1.0,
          "circle": 0.5}
ATT_KINDS = ("square", "semicircle_out", "semicircle_in", "tri_right_leg", "tri_right_angle",
             "tri_apex", "tri_equi", "tri_iso", "incircle")
TERMINAL = ("semicircle_out", "semicircle_in", "incircle")
INCIRCLE_HOSTS = ("square", "equilateral triangle", "rhombus", "right triangle",
                  "isosceles triangle", "triangle", "regular pentagon", "regular hexagon",
                  "regular heptagon", "regular octagon")
TARGETS = ("area", "perimeter", "shaded_area", "piece_area", "piece_perimeter", "length",
           "angle", "radius", "arc_length", "diagonal", "shared_side", "area_difference",
           "area_sum")


class Retry(Exception):
    pass


@dataclass
class PP:
    """A shape of the problem's figure, as the chain names it."""

    idx: int
    label: str
    verts: list[str]
    name: str
    sign: int = 1
    side: str = ""

    @property
    def polygon(self) -> bool:
        return self.label not in ("semicircle", "circle", "sector")


def _n(rng, lo: int, hi: int, half: float = 0.2) -> float:
    v = float(rng.integers(lo, hi + 1))
    return v + 0.5 if rng.random() < half else v


def _angle(rng) -> float:
    return float(rng_choice(rng, (30, 35, 40, 45, 50, 55, 60)))


def _setup_base(rng, ch: Chain, base: str) -> tuple[dict, list[str], PP]:
    """Base parameters, names and rules; numeric givens are registered on the chain."""
    P: dict[str, float] = {}
    if base == "right_triangle":
        A, B, C = names = ["A", "B", "C"]
        mode = rng_choice(rng, ("legs", "legs", "leg_hyp", "leg_angle", "hyp_angle"))
        if mode == "legs":
            a, b = _n(rng, 3, 12), _n(rng, 3, 12)
            ch.given(seg(A, B), a, f"{A}{B} = {f(a)}", ("side", A + B))
            ch.given(seg(B, C), b, f"{B}{C} = {f(b)}", ("side", B + C))
            P = {"leg1": a, "leg2": b}
        elif mode == "leg_hyp":
            a = _n(rng, 3, 10)
            c = a + _n(rng, 2, 8)
            ch.given(seg(A, B), a, f"{A}{B} = {f(a)}", ("side", A + B))
            ch.given(seg(A, C), c, f"{A}{C} = {f(c)}", ("side", A + C))
            P = {"leg1": a, "leg2": math.sqrt(c * c - a * a)}
        elif mode == "leg_angle":
            a, t = _n(rng, 4, 12), _angle(rng)
            ch.given(seg(A, B), a, f"{A}{B} = {f(a)}", ("side", A + B))
            ch.given(ang(B, A, C), t, f"∠{B}{A}{C} = {f(t)}°", ("angle", B + A + C))
            P = {"leg1": a, "leg2": a * math.tan(math.radians(t))}
        else:
            c, t = _n(rng, 6, 15), _angle(rng)
            ch.given(seg(A, C), c, f"{A}{C} = {f(c)}", ("side", A + C))
            ch.given(ang(B, A, C), t, f"∠{B}{A}{C} = {f(t)}°", ("angle", B + A + C))
            P = {"leg1": c * math.cos(math.radians(t)), "leg2": c * math.sin(math.radians(t))}
        pp = PP(0, "right triangle", names, f"triangle {A}{B}{C}")
        S.right_triangle(ch, B, A, C, pp.name, 0)
        return P, names, pp
    if base == "circle":
        r = _n(rng, 3, 10)
        ch.given(seg("O", "A"), r, f"OA = {f(r)}", ("side", "OA"))
        pp = PP(0, "circle", ["O", "A"], "circle O")
        S.circle_base(ch, "O", "A", 0)
        return {"radius": r}, ["O", "A"], pp
    if base == "sector":
        r, t = _n(rng, 4, 10), float(rng_choice(rng, (30, 45, 60, 72, 90, 120, 135, 150)))
        ch.given(seg("O", "A"), r, f"OA = {f(r)}", ("side", "OA"))
        ch.given(ang("A", "O", "B"), t, f"∠AOB = {f(t)}°", ("angle", "AOB"))
        ch.fact("OAB is a sector with centre O")
        pp = PP(0, "sector", ["O", "A", "B"], "sector OAB")
        S.sector(ch, "O", "A", "B", pp.name, 0)
        return {"radius": r, "angle": t}, ["O", "A", "B"], pp
    n = int(rng.integers(5, 9)) if base == "regular_polygon" else (
        3 if base.endswith("triangle") else 4)
    names = list("ABCDEFGH"[:n])
    A, B, C = names[:3]
    D = names[3] if n > 3 else ""
    lab = base_label(base, {"n": n})
    pp = PP(0, lab, names, f"{'triangle' if n == 3 else lab} {''.join(names)}")

    def g(k, v):
        ch.given(seg(*k), v, f"{k} = {f(v)}", ("side", k))

    if base == "rectangle":
        w, h = _n(rng, 6, 14), _n(rng, 3, 10)
        g(A + B, w), g(B + C, h)
        S.rectangle(ch, names, pp.name, 0)
        P = {"width": w, "height": h}
    elif base == "square":
        s = _n(rng, 4, 12)
        g(A + B, s)
        S.square(ch, names, pp.name, 0)
        P = {"side": s}
    elif base == "equilateral_triangle":
        s = _n(rng, 4, 12)
        g(A + B, s)
        ch.fact(f"{A}{B}{C} is an equilateral triangle")
        S.equilateral(ch, names, pp.name, 0)
        P = {"side": s}
    elif base == "isosceles_triangle":
        b = _n(rng, 4, 12)
        leg = float(rng.integers(int(b / 2) + 2, int(b * 1.2) + 4))
        g(A + B, leg), g(B + C, b)
        S.iso_base(ch, A, B, C, pp.name, 0)
        P = {"base": b, "leg": leg}
    elif base == "scalene_triangle":
        a, b = _n(rng, 6, 12), _n(rng, 4, 11)
        t = float(rng_choice(rng, (40, 50, 55, 65, 70, 75, 100, 110, 120)))
        g(A + B, a), g(A + C, b)
        ch.given(ang(B, A, C), t, f"∠{B}{A}{C} = {f(t)}°", ("angle", B + A + C))
        S.sas_triangle(ch, A, B, C, pp.name, 0)
        P = {"a": a, "b": b, "angle": t}
    elif base in ("parallelogram", "rhombus"):
        a, t = _n(rng, 6, 13), float(rng_choice(rng, (45, 50, 55, 60, 65, 70, 75)))
        g(A + B, a)
        if base == "parallelogram":
            b = _n(rng, 4, 9)
            g(A + D, b)
            P = {"base": a, "side": b, "angle": t}
        else:
            P = {"side": a, "angle": t}
        ch.given(ang(D, A, B), t, f"∠{D}{A}{B} = {f(t)}°", ("angle", D + A + B))
        S.parallelogram(ch, names, pp.name, 0, base == "rhombus")
    elif base == "trapezoid":
        a = _n(rng, 8, 16)
        b = float(rng.integers(3, int(a) - 2))
        right = rng.random() < 0.5
        g(A + B, a), g(D + C, b)
        if right:
            h = _n(rng, 3, 8)
            g(A + D, h)
            P = {"bottom": a, "top": b, "height": h, "offset": 0.0}
        else:
            x = (a - b) / 2
            leg = float(math.floor(x) + rng.integers(2, 7))
            g(A + D, leg)
            P = {"bottom": a, "top": b, "height": math.sqrt(leg * leg - x * x), "offset": x}
        S.trapezoid(ch, names, pp.name, 0, right)
        pp.label = "right trapezoid" if right else "isosceles trapezoid"
    else:  # regular polygon
        s = _n(rng, 3, 8)
        g(A + B, s)
        S.regular_polygon(ch, names, pp.name, 0)
        P = {"n": float(n), "side": s}
    return P, names, pp


def _attach_plan(rng, kind: str, X: str, Y: str, new: list[str], host: PP, L: float
                 ) -> tuple[Attachment, dict]:
    """The attachment's spec and the numbers its rules will need (no rules yet, so that a
    rejected placement leaves the chain untouched)."""
    if kind in TERMINAL[:2]:
        return Attachment(kind, side=X + Y), {}
    if kind == "incircle":
        return Attachment("incircle", names=[new[0]], shape=host.idx), {}
    if kind == "square":
        return Attachment("square", side=X + Y, names=list(new)), {}
    plan: dict = {}
    if kind == "tri_right_leg":
        plan["k"] = k = _n(rng, max(2, int(L * 0.5)), max(3, int(L * 1.4)))
        angles = [90.0, math.degrees(math.atan2(k, L))]
    elif kind == "tri_right_angle":
        plan["a"] = a = _angle(rng)
        angles = [90.0, a]
    elif kind == "tri_apex":
        plan["a"] = a = _angle(rng)
        angles = [a, 90.0 - a]
    elif kind == "tri_equi":
        angles = [60.0, 60.0]
    else:
        plan["a"] = a = float(rng_choice(rng, (35, 40, 45, 50, 55, 65, 70)))
        angles = [a, a]
    return Attachment("triangle", side=X + Y, names=list(new), angles=angles), plan


def _attach_rules(ch: Chain, kind: str, host: PP, X: str, Y: str, new: list[str], idx: int,
                  plan: dict) -> PP:
    """Rules of the new shape standing on XY."""
    if kind in TERMINAL[:2]:
        nm = f"the semicircle on {X}{Y}"
        ch.fact(f"a semicircle is drawn outward on {X}{Y} as diameter" if kind == "semicircle_out"
                else f"a semicircle with diameter {X}{Y} is cut out of {host.name}")
        S.semicircle(ch, X, Y, nm, idx)
        return PP(idx, "semicircle", [], nm, -1 if kind == "semicircle_in" else 1, X + Y)
    if kind == "incircle":
        c = new[0]
        S.incircle(ch, c, idx, host.label, host.verts, host.idx, host.name)
        return PP(idx, "circle", [c], f"circle {c}", 0)
    if kind == "square":
        V = [X, Y, new[1], new[0]]
        pp = PP(idx, "square", V, f"square {''.join(V)}", side=X + Y)
        S.square(ch, V, pp.name, idx)
        return pp
    R = new[0]
    V = [X, Y, R]
    label = {"tri_equi": "equilateral triangle", "tri_iso": "isosceles triangle"}.get(
        kind, "right triangle")
    pp = PP(idx, label, V, f"triangle {X}{Y}{R}", side=X + Y)
    if kind == "tri_right_leg":
        ch.given(seg(X, R), plan["k"], f"{X}{R} = {f(plan['k'])}", ("side", X + R))
    elif kind == "tri_right_angle":
        ch.given(ang(X, Y, R), plan["a"], f"∠{X}{Y}{R} = {f(plan['a'])}°", ("angle", X + Y + R))
    elif kind in ("tri_apex", "tri_iso"):
        ch.given(ang(Y, X, R), plan["a"], f"∠{Y}{X}{R} = {f(plan['a'])}°", ("angle", Y + X + R))
    if kind == "tri_apex":
        S.right_triangle(ch, R, X, Y, pp.name, idx)
    elif label == "right triangle":
        S.right_triangle(ch, X, Y, R, pp.name, idx)
    elif kind == "tri_equi":
        ch.fact(f"{X}{Y}{R} is an equilateral triangle")
        S.equilateral(ch, V, pp.name, idx)
    else:
        ch.fact(f"{R}{X} = {R}{Y}")
        S.iso_attached(ch, X, Y, R, pp.name, idx)
    return pp


def _free_sides(spec: PlaneGeometrySpec, host: PP) -> list[str]:
    m = build_model(spec)
    V = host.verts
    return [a + b for a, b in zip(V, V[1:] + V[:1]) if ekey(a, b) in m.pieces[host.idx].edges
            and ekey(a, b) not in m.used]


def _build(rng) -> tuple[PlaneGeometrySpec, Chain, list[PP]]:
    bases = list(BASE_W)
    w = np.array([BASE_W[b] for b in bases])
    base = bases[int(rng.choice(len(bases), p=w / w.sum()))]
    ch = Chain()
    params, names, bp = _setup_base(rng, ch, base)
    spec = PlaneGeometrySpec(base=base, params=params, names=names,
                             rotation=0.0 if rng.random() < 0.5 else
                             round(float(rng.uniform(0, 360)), 1),
                             fill=rng_choice(rng, FILLS))
    pieces = [bp]
    n_att = 0 if base == "circle" else int(rng_choice(rng, (0, 1, 1, 2, 2, 3, 3)))
    for k in range(n_att):
        # mostly a chain (each shape on the last one), sometimes a branch on an earlier polygon
        hosts = [p for p in pieces if (p.polygon or p.label == "sector") and p.sign != 0
                 and _free_sides(spec, p)]
        if not hosts:
            break
        host = hosts[-1] if hosts[-1] is pieces[-1] and rng.random() < 0.7 else \
            rng_choice(rng, hosts)
        for _ in range(10):
            kind = rng_choice(rng, ATT_KINDS)
            if kind == "incircle" and (host.label not in INCIRCLE_HOSTS or k < n_att - 1):
                continue
            if kind in TERMINAL[:2] and k < n_att - 1 and rng.random() < 0.7:
                continue
            sides = _free_sides(spec, host)
            if not sides:
                break
            derived = [s for s in sides if seg(*s) not in ch.given_keys]
            side = rng_choice(rng, derived if derived and rng.random() < 0.75 else sides)
            used = spec.names + [c for a in spec.attachments for c in a.names]
            new = next_letters(used, {"square": 2, "incircle": 1}.get(kind, 0 if kind in
                                                                      TERMINAL else 1))
            if kind == "incircle" and "O" not in used:
                new = ["O"]
            L = math.dist(*[build_model(spec).points[c] for c in side])
            att, plan = _attach_plan(rng, kind, side[0], side[1], new, host, L)
            cand = spec.replace(attachments=spec.attachments + [att])
            try:
                build_model(cand)
            except ValueError:
                continue
            pp = _attach_rules(ch, kind, host, side[0], side[1], new, k + 1, plan)
            spec = cand
            pieces.append(pp)
            break
    return spec, ch, pieces


# ----------------------------------------------------------------------------- marks


def _merge(groups: list[list[str]]) -> list[list[str]]:
    out: list[list[str]] = []
    for g in groups:
        keys = {ekey(*k) for k in g}
        for o in [o for o in out if keys & {ekey(*k) for k in o}]:
            out.remove(o)
            g = o + [k for k in g if ekey(*k) not in {ekey(*x) for x in o}]
        out.append(g)
    return out


def _akey(r: str) -> str:
    return r[1] + "".join(sorted((r[0], r[2])))


def _marks(spec: PlaneGeometrySpec, ch: Chain, pieces: list[PP]) -> None:
    """Shape facts as marks: right angles, equal-side ticks, parallel arrows. The versions
    that leave a shape's kind out of the text rely on them, so each shape's marks pin down the
    kind its rules use: a rectangle has a right mark at every corner (one right angle makes
    no rectangle), a square one right mark and four equal sides, a rhombus four equal sides,
    a parallelogram two pairs of parallel sides, a trapezoid its parallel sides and its right
    angle or equal legs. Equal sides do not make a polygon regular, so a regular polygon is
    named in the text (``_in_text``)."""
    rights = [g.show[1] for g in ch.givens if g.show and g.show[0] == "right"]
    equal, parallel = [], []
    for p in pieces:
        V = p.verts
        sides = [a + b for a, b in zip(V, V[1:] + V[:1])]
        if p.label == "square":
            rights.append(V[1] + V[2] + V[3])
        elif p.label == "rectangle":
            rights += [V[i - 1] + V[i] + V[(i + 1) % 4] for i in (2, 3, 0, 1)]
        if p.label in ("square", "equilateral triangle", "rhombus") or \
                p.label.startswith("regular"):
            equal.append(sides)
        elif p.label == "isosceles triangle":
            equal.append([V[0] + V[1], V[0] + V[2]] if p.idx == 0 else [V[0] + V[2], V[1] + V[2]])
        elif p.label == "isosceles trapezoid":
            equal.append([V[0] + V[3], V[1] + V[2]])
        if p.label in ("parallelogram", "rhombus"):
            parallel += [[V[0] + V[1], V[3] + V[2]], [V[0] + V[3], V[1] + V[2]]]
        elif p.label.endswith("trapezoid"):
            parallel.append([V[0] + V[1], V[3] + V[2]])
    # one mark per angle, not per corner: where two shapes meet at a corner each right angle
    # an answer relies on is marked (∠ABC of one triangle and ∠EBF of the next)
    seen: set[str] = set()
    spec.right_marks = [r for r in rights if not (_akey(r) in seen or seen.add(_akey(r)))]
    # at most four groups (the base and three attached shapes), told apart by 1-4 ticks
    spec.equal_groups = _merge(equal)
    spec.parallel_groups = parallel


def _in_text(fact: str, pieces: list[PP]) -> bool:
    """Whether a shape fact is stated in the text of every version, as no mark of the figure
    draws it: a regular polygon's (its equal-side ticks leave its angles free)."""
    return any(p.label.startswith("regular ") and fact == f"{''.join(p.verts)} is a {p.label}"
               for p in pieces)


# ----------------------------------------------------------------------------- targets


def _sum_rule(ch: Chain, key: str, terms: list[tuple[int, str, str]], lead: str) -> None:
    """key = Σ sign · value(term); terms are (sign, chain key, words)."""
    def fn():
        vals = [(s, ch(k), w) for s, k, w in terms]
        words = _signed([(s, w) for s, _, w in vals])
        nums = _signed([(s, f(v)) for s, v, _ in vals])
        total = sum(s * v for s, v, _ in vals)
        for s, v, w in vals:
            if s < 0:  # the classic slip: adding the removed part instead of subtracting it
                ch.wrong(key, total + 2 * v, f"{lead} = {_signed([(1, x) for _, _, x in vals])}"
                                             f" = {f(total + 2 * v)}.")
        # one term: its value once ("= 12.06", never "= 12.06 = 12.06")
        ch.say(f"{lead} = {words} = {f(total)}." if len(vals) == 1 else
               f"{lead} = {words} = {nums} = {f(total)}.")
        return total
    ch.rule(key, fn)


def _signed(items: list[tuple[int, str]]) -> str:
    out = ""
    for i, (s, w) in enumerate(items):
        out += (w if i == 0 else f" + {w}") if s > 0 else (f"−{w}" if i == 0 else f" − {w}")
    return out


def _perimeter_rule(ch: Chain, spec: PlaneGeometrySpec, pieces: list[PP]) -> None:
    m = build_model(spec)

    def fn():
        terms = []
        for p in pieces:
            if p.sign == 0:
                continue
            V = p.verts
            for a, b in zip(V, V[1:] + V[:1]):
                if ekey(a, b) in m.pieces[p.idx].edges and ekey(a, b) not in m.used:
                    terms.append((a + b, ch(seg(a, b))))
            if p.label in ("semicircle", "sector", "circle"):
                terms.append((f"arc of {p.name}" if p.label != "circle" else
                              f"circumference of {p.name}", ch(f"arc:{p.idx}")))
        total = sum(v for _, v in terms)
        inner = sorted(m.used)
        extra = sum(math.dist(m.points[k[0]], m.points[k[1]]) for k in inner)
        if inner:
            ch.wrong("per:total", total + extra,
                     f"Adding every side, the inner {' and '.join(inner)} too, gives "
                     f"{f(total + extra)}.")
        ch.say(f"The perimeter of the whole figure = {' + '.join(w for w, _ in terms)} = "
               f"{' + '.join(f(v) for _, v in terms)} = {f(total)}.")
        return total
    ch.rule("per:total", fn)


def _shade(rng, spec: PlaneGeometrySpec, pieces: list[PP], for_target: bool) -> None:
    atts = spec.attachments
    flags = [False] * len(pieces)
    inc = [p for p in pieces if p.sign == 0]
    if for_target and inc and rng.random() < 0.8:
        c = inc[0]
        host = atts[c.idx - 1].shape
        if rng.random() < 0.6:
            flags[host] = True
        else:
            flags[c.idx] = True
    elif for_target:
        pos = [p.idx for p in pieces if p.sign > 0]
        k = int(rng.integers(1, len(pos) + 1)) if len(pos) > 1 else 1
        if len(pos) > 1 and k == 1 and rng.random() < 0.6:
            k = 2
        for i in rng.permutation(pos)[:k]:
            flags[int(i)] = True
    else:
        for p in pieces:
            flags[p.idx] = p.sign > 0 and rng.random() < 0.25
    for p in pieces:  # a cut-out is only visible inside a shaded shape
        if p.sign < 0:
            flags[build_model(spec).pieces[p.idx].parent] = True
    spec.base_shaded = flags[0]
    for i, a in enumerate(atts):
        a.shaded = flags[i + 1]


def _shaded_rule(ch: Chain, spec: PlaneGeometrySpec, pieces: list[PP]) -> None:
    m = build_model(spec)
    terms = []
    for p, mp in zip(pieces, m.pieces):
        par = m.pieces[mp.parent] if mp.parent >= 0 else None
        if mp.sign > 0 and mp.shaded:
            terms.append((1, f"area:{p.idx}", f"area of {p.name}"))
        elif mp.sign < 0 and par.shaded:
            terms.append((-1, f"area:{p.idx}", f"area of {p.name}"))
        elif mp.sign == 0 and mp.shaded != par.shaded:
            terms.append((1 if mp.shaded else -1, f"area:{p.idx}", f"area of {p.name}"))
    _sum_rule(ch, "shaded", terms, "Shaded area")


STEMS = {
    "area": ("Find the area of the whole figure.", "What is the total area of the figure?",
             "Compute the area of the entire composite shape.",
             "How large is the area enclosed by the whole figure?"),
    "perimeter": ("Find the perimeter of the whole figure.",
                  "What is the perimeter of the entire figure?",
                  "Compute the length of the outer boundary of the figure."),
    "shaded_area": ("Find the area of the shaded region.", "What is the area of the shaded part?",
                    "Compute the area of the shaded region in the figure."),
}


def _choose_target(rng, ch: Chain, spec: PlaneGeometrySpec, pieces: list[PP]
                   ) -> tuple[str, str, dict]:
    """(chain key, stem, tags) of a target; defines the aggregate rules it needs."""
    last = pieces[-1]
    opts: dict[str, list[tuple[str, str, dict]]] = {}
    single = len(pieces) == 1
    # one shape is no composite one
    area_stems = [t for t in STEMS["area"] if not single or "composite" not in t]
    opts["area"] = [("area:0" if single else "area:total", pick(rng, area_stems), {})]
    opts["perimeter"] = [(("arc:0" if last.label == "circle" else "per:0") if single else
                          "per:total", pick(rng, STEMS["perimeter"]), {})]
    opts["shaded_area"] = [("shaded", pick(rng, STEMS["shaded_area"]), {})]
    if not single:
        opts["piece_area"] = [(f"area:{last.idx}", f"Find the area of {last.name}.",
                               {"piece": last.idx})]
        if last.sign != 0:
            opts["piece_perimeter"] = [(f"per:{last.idx}", f"Find the perimeter of {last.name}.",
                                        {"piece": last.idx})]
    lens, angs = [], []
    for p in reversed(pieces):
        V = p.verts if p.polygon else []
        for a, b in zip(V, V[1:] + V[:1]):
            if seg(a, b) not in ch.given_keys and ch.has(seg(a, b)):
                lens.append((seg(a, b), f"Find the length of {a}{b}.", {"key": a + b}))
        for a, b, c in zip(V[-1:] + V[:-1], V, V[1:] + V[:1]):
            k = ang(a, b, c)
            if k not in ch.given_keys and ch.has(k) and p.label != "equilateral triangle":
                angs.append((k, f"Find the measure of ∠{a}{b}{c} in degrees.", {"key": a + b + c}))
        if p.label in ("square", "rectangle") and ch.has(f"diag:{p.idx}"):
            opts.setdefault("diagonal", []).append(
                (f"diag:{p.idx}", f"Find the length of the diagonal {V[0]}{V[2]} of {p.name}.",
                 {"key": V[0] + V[2]}))
        if p.label in ("semicircle",) or (p.label == "circle" and p.idx > 0):
            opts.setdefault("radius", []).append((f"r:{p.idx}", f"Find the radius of {p.name}.",
                                                  {"piece": p.idx}))
        if p.label in ("semicircle", "sector"):
            opts.setdefault("arc_length", []).append(
                (f"arc:{p.idx}", f"Find the length of the arc of {p.name}.", {"piece": p.idx}))
        elif p.label == "circle":
            opts.setdefault("arc_length", []).append(
                (f"arc:{p.idx}", f"Find the circumference of {p.name}.", {"piece": p.idx}))
    if lens:
        opts["length"] = lens[:4]
    by_idx = {p.idx: p for p in pieces}
    for p in pieces[1:]:
        host = by_idx.get(build_model(spec).pieces[p.idx].parent)
        X, Y = p.side[:1], p.side[1:]
        if host is not None and p.side and seg(X, Y) not in ch.given_keys and ch.has(seg(X, Y)):
            opts.setdefault("shared_side", []).append(
                (seg(X, Y), f"Find the length of {X}{Y}, the side that {host.name} and "
                            f"{p.name} share.", {"key": X + Y}))
    # a shape with a semicircle cut out of it has two areas (the shape's, what is left), so
    # it is not asked about by name
    cut = {build_model(spec).pieces[p.idx].parent for p in pieces if p.sign < 0}
    areas = [p for p in pieces if ch.has(f"area:{p.idx}") and p.idx not in cut]
    if len(areas) >= 2:
        a, b = sorted((areas[int(i)] for i in rng.permutation(len(areas))[:2]),
                      key=lambda p: -ch.peek(f"area:{p.idx}"))
        opts["area_difference"] = [(
            f"adiff:{a.idx}:{b.idx}",
            pick(rng, ("How much larger is the area of {a} than the area of {b}?",
                       "By how much does the area of {a} exceed that of {b}?",
                       "Find the difference between the areas of {a} and {b} (larger minus "
                       "smaller)."), a=a.name, b=b.name),
            {"pieces": [a.idx, b.idx]})]
    if len(areas) >= 3:
        a, b = (areas[int(i)] for i in sorted(rng.permutation(len(areas))[:2]))
        opts["area_sum"] = [(
            f"asum:{a.idx}:{b.idx}",
            pick(rng, ("Find the total area of {a} and {b}.",
                       "What is the combined area of {a} and {b}?"), a=a.name, b=b.name),
            {"pieces": [a.idx, b.idx]})]
    if angs:
        opts["angle"] = angs[:4]
    kinds = sorted(opts)
    # targets that only some figures allow get more weight, so every kind stays common
    w = np.array([1.0 if k in STEMS else 1.6 for k in kinds])
    t = kinds[int(rng.choice(len(kinds), p=w / w.sum()))]
    key, stem, tags = rng_choice(rng, opts[t])
    if key == "area:total":
        _sum_rule(ch, key, [(p.sign, f"area:{p.idx}", f"area of {p.name}") for p in pieces
                            if p.sign != 0], "Area of the whole figure")
    elif key == "per:total":
        _perimeter_rule(ch, spec, pieces)
    elif t in ("area_difference", "area_sum"):
        a, b = (by_idx[i] for i in tags["pieces"])
        _sum_rule(ch, key, [(1, f"area:{a.idx}", f"area of {a.name}"),
                            (-1 if t == "area_difference" else 1, f"area:{b.idx}",
                             f"area of {b.name}")],
                  "The difference" if t == "area_difference" else "Their total area")
    return key, stem, dict(tags, target=t)


# ----------------------------------------------------------------------------- problem


def _distractors(rng, ch: Chain, key: str, answer: float) -> list[Distractor]:
    ans = fmt_answer(answer)
    out: list[Distractor] = []
    seen = {ans}
    for k, wv, text in ch.wrongs:
        try:
            v = ch.counterfactual(key, k, wv)
        except (ValueError, ZeroDivisionError, KeyError):
            continue
        if not math.isfinite(v) or not 0.1 * answer < v < 10 * answer or \
                fmt_answer(v) in seen:
            continue
        seen.add(fmt_answer(v))
        out.append(Distractor(half_up(v), text))
    order = rng.permutation(len(out))
    out = [out[i] for i in order[:4]]
    for fac in (2.0, 0.5, 1.5, 0.75, 1.25):  # a careless factor when the chain has few slips
        if len(out) >= 3:
            break
        v = half_up(answer * fac)
        if fmt_answer(v) not in seen and v > 0:
            seen.add(fmt_answer(v))
            out.append(Distractor(v))
    return out


def _slip(v: float, rng) -> float:
    """An arithmetic slip on a result: digits swapped or a unit off (never the decimal point
    moved, "12.08² = 14.6" for 146: no reader takes that for a slip of the hand)."""
    t = f(v)
    digits = [i for i, c in enumerate(t) if c.isdigit()]
    opts = [v + 1, v - 1 if v > 1 else v + 2]
    if len(digits) >= 2 and digits[-1] == digits[-2] + 1:  # side by side: not across the point
        i, j = digits[-2], digits[-1]
        swapped = t[:i] + t[j] + t[i + 1:j] + t[i] + t[j + 1:]
        if swapped != t:
            opts.append(float(swapped))
    return float(rng_choice(rng, opts))


# digits a reader takes for one another in a small label
_LOOKALIKE = {"6": "9", "9": "6", "1": "7", "7": "1", "3": "8", "8": "3"}


def _misreadings(g, givens) -> list[float]:
    """Values a reader may take the given ``g`` for, from the figure or the text: another given
    of its kind (a neighbouring label's length or angle), the value with one digit taken for a
    like one (6/9, 1/7, 3/8), or with its digits turned around (12 -> 21). An angle stays as
    the figure draws it: acute if it is acute, obtuse if it is obtuse."""
    kind = g.key.split(":")[0]
    opts = {o.value for o in givens if o.value is not None and o.key.split(":")[0] == kind}
    opts |= _look_alikes(g.value)
    return sorted(o for o in opts if o > 0 and o != g.value and
                  (kind != "ang" or (o < 90) == (g.value < 90) and o < 180 and o != 90))


def _look_alikes(v: float) -> set[float]:
    """``v`` with one digit taken for a like one (6/9, 1/7, 3/8) or its digits turned around."""
    t = f(v)
    out = {float(t[:i] + _LOOKALIKE[c] + t[i + 1:]) for i, c in enumerate(t) if c in _LOOKALIKE}
    if t.isdigit() and len(t) >= 2 and not t.endswith("0"):
        out.add(float(t[::-1]))
    return out


def _misread(givens, rng) -> list:
    """Each given read wrong (``_misreadings``): (given, value read, the other given whose
    value it is taken for, None for a look-alike reading) for every given with a likely
    misreading, so that a version whose figure shows only some of them still has one."""
    out = []
    for g in givens:
        opts = _misreadings(g, givens) if g.value is not None else []
        if opts:
            v = float(rng_choice(rng, opts))
            other = None if v in _look_alikes(g.value) else next(
                o.text for o in givens if o is not g and o.value == v)
            out.append((g, v, other))
    return out


def _wrong_chains(rng, ch: Chain, key: str, answer: float) -> list[WrongChain]:
    """One wrong solution of each kind where the chain allows it: a misread given (a
    ``MisreadChain`` naming the given by its text), a typical wrong formula (``Chain.wrong``) or
    an arithmetic slip at an intermediate step, each carried through the later steps by working
    the chain out again."""
    out: list[WrongChain] = []
    right = fmt_answer(answer)

    def keep(kind: str, steps: list[str], v: float, read: tuple = ()) -> None:
        v = half_up(v)
        # a mistake that skips most of the work is no solution of the same length
        if math.isfinite(v) and v > 0 and fmt_answer(v) != right and \
                len(steps) >= max(1, len(ch.steps) - 1):
            out.append(MisreadChain(kind, steps, v, *read) if read else
                       WrongChain(kind, steps, v))

    for g, bad, other in _misread(ch.givens, rng):
        try:
            steps, v = ch.rerun(key, g.key, lambda orig, b=bad: b)
            # a reading that leaves no figure (a negative overhang or length, a zero angle,
            # length or area: "5.5 / 5.5, so ∠BAC = 0°") is none
            if not any(re.search(r"(?<![\w.])-\d|[=≈] 0°?(?![.\d]?\d)", t) for t in steps):
                keep("misread_value", steps, v, (g.text, other))
        except (ValueError, ZeroDivisionError, KeyError):
            pass
    if ch.wrongs:
        k, wv, text = ch.wrongs[int(rng.integers(len(ch.wrongs)))]

        def formula(orig, wv=wv, text=text):
            # the steps the rule builds on come first, as in the right solution; then its own
            # step, written with the wrong formula in the same triangle
            n = len(ch.steps)
            orig()
            if len(ch.steps) > n:
                lead = re.match(r"(?:[^=,]*\b)?[Ii]n (triangle [A-Z]+), ", ch.steps.pop())
                if lead and not text.startswith("In "):
                    text = f"In {lead.group(1)}, {text}"
            # a sentence starts with a capital ("Sin ∠ABC", as "Cos ∠ABC"), a name as it is
            ch.say(re.sub(r"^[a-z]{2,}\b", lambda m: m.group().capitalize(), text))
            return wv
        try:
            keep("wrong_formula", *ch.rerun(key, k, formula))
        except (ValueError, ZeroDivisionError, KeyError):
            pass
    computed = [k for k in ch.memo if k not in ch.given_keys and not k.startswith("fact:")]
    if computed:
        k = rng_choice(rng, computed)

        def slip(orig):
            v = orig()
            bad = _slip(v, rng)
            if ch.steps and f(v) in ch.steps[-1]:
                last = ch.steps[-1]
                i = last.rfind(f(v))
                ch.steps[-1] = last[:i] + f(bad) + last[i + len(f(v)):]
            return bad
        try:
            keep("arithmetic_slip", *ch.rerun(key, k, slip))
        except (ValueError, ZeroDivisionError, KeyError):
            pass
    return out


@problem_maker("plane_geometry")
def make_problem(rng: np.random.Generator) -> Problem:
    for _ in range(40):
        try:
            return _attempt(rng)
        except (Retry, ValueError, ZeroDivisionError):
            continue
    raise RuntimeError("plane_geometry: could not build a problem in 40 tries")


def _attempt(rng: np.random.Generator) -> Problem:
    spec, ch, pieces = _build(rng)
    key, stem, tags = _choose_target(rng, ch, spec, pieces)
    _shade(rng, spec, pieces, tags["target"] == "shaded_area")
    if key == "shaded":
        _shaded_rule(ch, spec, pieces)
    value = ch(key)
    if not math.isfinite(value) or value <= 0:
        raise Retry
    answer = half_up(value)
    if tags["target"] in ("length", "angle") and any(
            g.value is not None and abs(g.value - value) < 1e-9 for g in ch.givens):
        raise Retry  # a copy of a given (a square's other side) is no problem to solve
    _marks(spec, ch, pieces)
    numeric = [g for g in ch.givens if g.value is not None]
    facts = [g for g in ch.givens if g.value is None]
    in_text = [_in_text(g.text, pieces) for g in facts]
    if any(in_text) and not numeric:
        raise Retry  # every version would read the same and draw the same
    flags = mixed_flags(rng, len(numeric), 0.4)
    if any(in_text) and len(numeric) == 1:
        flags = [False]  # else the base diagram, the one value drawn, is the vision diagram
    givens = [Given(g.text, float(g.value), in_diagram=shown) for g, shown in zip(numeric, flags)]
    givens += [Given(g.text, None, in_diagram=not t, drawable=not t)
               for g, t in zip(facts, in_text)]
    bare, base, vision = (spec.replace(attachments=[Attachment(**vars(a))
                                                    for a in spec.attachments],
                                       shown_sides=[], shown_angles=[]) for _ in range(3))
    for g, gi in zip(givens, numeric):
        kind, k = gi.show
        for sp, on in ((base, g.in_diagram), (vision, True)):
            if on:
                (sp.shown_sides if kind == "side" else sp.shown_angles).append(k)
    tags.update(shapes=[p.label for p in pieces], n_attached=len(pieces) - 1)
    # an answer that two decimals do not give in full (or that is an integer only after
    # rounding, 50.9985 -> 51) says how it is rounded
    if "Round" not in stem and (answer != round(answer) or abs(value - answer) > 1e-9):
        stem += " Round to two decimal places."
    return Problem(family="plane_geometry", spec=base, vision_spec=vision, givens=givens,
                   stem=stem, cot=list(ch.steps), answer=answer,
                   distractors=_distractors(rng, ch, key, value), tags=tags, bare_spec=bare,
                   wrong_chains=_wrong_chains(rng, ch, key, answer))
