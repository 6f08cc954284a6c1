"""Per-shape rules for the plane-geometry chain (see chain.py).

Each solver sets up the rules of one shape from whatever of its quantities already have rules
(a side shared with the previous shape counts as known): a right triangle from any two sides
or a side and an acute angle, a rectangle from two sides, a semicircle from its diameter, an
inscribed circle from its host, and so on. Every rule writes one step with its numbers and
may record the typical slip for that formula (used for distractors).

    python -c "from engines.mavis.plane_geometry.shape_rules import *; c = Chain(); \
c.given(seg('A','B'), 6, 'AB = 6'); c.given(seg('B','C'), 8, 'BC = 8'); \
right_triangle(c, 'B', 'A', 'C', 'triangle ABC', 0); print(c('area:0'), c.steps)"
"""
from __future__ import annotations

import math

from engines.mavis.plane_geometry.chain import (Chain, GivenInfo, complement, eq_side, say, ang,
                                                perimeter, seg, sq)
from renderers.text import fmt_round as f

__all__ = ["Chain", "GivenInfo", "ang", "seg", "right_triangle", "equilateral", "iso_attached",
           "iso_base", "sas_triangle", "square", "rectangle", "parallelogram", "trapezoid",
           "regular_polygon", "circle_base", "incircle", "sector", "semicircle", "perimeter"]


# ----------------------------------------------------------------------------- triangles


def right_triangle(ch: Chain, R: str, P: str, Q: str, name: str, idx: int) -> None:
    """Right angle at R, legs RP and RQ, hypotenuse PQ. Needs two known quantities, at least
    one a length (any pair of sides, or a side and an acute angle)."""
    rp, rq, pq = seg(R, P), seg(R, Q), seg(P, Q)
    aP, aQ = ang(R, P, Q), ang(R, Q, P)
    ch.fact(f"∠{P}{R}{Q} = 90°", ("right", P + R + Q))
    if ch.has(aQ) and not ch.has(aP):
        ch.rule(aP, complement(ch, aQ, R + P + Q, R + Q + P, name))
    elif ch.has(aP) and not ch.has(aQ):
        ch.rule(aQ, complement(ch, aP, R + Q + P, R + P + Q, name))
    has_angle = ch.has(aP)
    if ch.has(rp) and ch.has(rq):
        def hyp():
            a, b = ch(rp), ch(rq)
            ch.wrong(pq, a + b, f"{P}{Q} = {R}{P} + {R}{Q} = {f(a)} + {f(b)} = {f(a + b)}.")
            ch.wrong(pq, a * a + b * b, f"{P}{Q} = {R}{P}² + {R}{Q}² = {sq(a)} + {sq(b)} = "
                                        f"{f(a * a + b * b)}.")
            return say(ch, f"By the Pythagorean theorem in {name}, {P}{Q} = √({R}{P}² + "
                            f"{R}{Q}²) = √({sq(a)} + {sq(b)}) = {{v}}.", math.hypot(a, b))
        ch.rule(pq, hyp)
        if not has_angle:
            def angle_p():
                a, b = ch(rp), ch(rq)
                w = math.degrees(math.atan2(a, b))
                ch.wrong(aP, w, f"∠{R}{P}{Q} = arctan({R}{P} / {R}{Q}) = {f(w)}°.")
                return say(ch, f"In {name}, tan ∠{R}{P}{Q} = {R}{Q} / {R}{P} = {f(b)} / "
                                f"{f(a)}, so ∠{R}{P}{Q} = {{v}}°.", math.degrees(math.atan2(b, a)))
            ch.rule(aP, angle_p)
            ch.rule(aQ, complement(ch, aP, R + Q + P, R + P + Q, name))
    elif ch.has(pq) and (ch.has(rp) or ch.has(rq)):
        known, other, far = (rp, rq, Q) if ch.has(rp) else (rq, rp, P)
        kn = R + (P if known == rp else Q)
        ot = R + far

        def leg():
            c, a = ch(pq), ch(known)
            ch.wrong(other, math.hypot(c, a), f"{ot} = √({P}{Q}² + {kn}²) = √({sq(c)} + "
                                              f"{sq(a)}) = {f(math.hypot(c, a))}.")
            ch.wrong(other, c - a, f"{ot} = {P}{Q} − {kn} = {f(c)} − {f(a)} = {f(c - a)}.")
            return say(ch, f"By the Pythagorean theorem in {name}, {ot} = √({P}{Q}² − {kn}²) "
                            f"= √({sq(c)} − {sq(a)}) = {{v}}.", math.sqrt(c * c - a * a))
        ch.rule(other, leg)
        if not has_angle:
            def by_cos():
                a, c = ch(rp), ch(pq)
                w = math.degrees(math.asin(a / c))
                ch.wrong(aP, w, f"sin ∠{R}{P}{Q} = {R}{P} / {P}{Q}, so ∠{R}{P}{Q} = {f(w)}°.")
                return say(ch, f"In {name}, cos ∠{R}{P}{Q} = {R}{P} / {P}{Q} = {f(a)} / {f(c)}, "
                                f"so ∠{R}{P}{Q} = {{v}}°.", math.degrees(math.acos(a / c)))
            ch.rule(aP, by_cos)
            ch.rule(aQ, complement(ch, aP, R + Q + P, R + P + Q, name))
    elif has_angle:
        if ch.has(rp) or ch.has(rq):
            # adjacent leg + angle: use the angle at the end of the known leg
            lk, A, far = (rp, P, Q) if ch.has(rp) else (rq, Q, P)
            ka = aP if lk == rp else aQ
            other = rq if lk == rp else rp

            def opp():
                a, t = ch(lk), math.radians(ch(ka))
                ch.wrong(other, a * math.sin(t), f"{R}{far} = {R}{A} · sin ∠{R}{A}{far} = "
                                                 f"{f(a)} · sin {f(ch(ka))}° = {f(a * math.sin(t))}.")
                return say(ch, f"In {name}, {R}{far} = {R}{A} · tan ∠{R}{A}{far} = {f(a)} · "
                                f"tan {f(ch(ka))}° = {{v}}.", a * math.tan(t))

            def hyp2():
                a, t = ch(lk), math.radians(ch(ka))
                ch.wrong(pq, a * math.cos(t), f"{P}{Q} = {R}{A} · cos ∠{R}{A}{far} = "
                                              f"{f(a)} · cos {f(ch(ka))}° = {f(a * math.cos(t))}.")
                return say(ch, f"In {name}, {P}{Q} = {R}{A} / cos ∠{R}{A}{far} = {f(a)} / "
                                f"cos {f(ch(ka))}° = {{v}}.", a / math.cos(t))
            ch.rule(other, opp)
            ch.rule(pq, hyp2)
        else:
            def leg_of(k, trig, nm, other_nm, fn, wfn):
                def g():
                    c, t = ch(pq), math.radians(ch(aP))
                    ch.wrong(k, c * wfn(t), f"{nm} = {P}{Q} · {other_nm} ∠{R}{P}{Q} = {f(c)} · "
                                            f"{other_nm} {f(ch(aP))}° = {f(c * wfn(t))}.")
                    return say(ch, f"In {name}, {nm} = {P}{Q} · {trig} ∠{R}{P}{Q} = {f(c)} · "
                                    f"{trig} {f(ch(aP))}° = {{v}}.", c * fn(t))
                return g
            ch.rule(rp, leg_of(rp, "cos", R + P, "sin", math.cos, math.sin))
            ch.rule(rq, leg_of(rq, "sin", R + Q, "cos", math.sin, math.cos))

    def area():
        a, b = ch(rp), ch(rq)
        ch.wrong(f"area:{idx}", a * b, f"Area of {name} = {R}{P} · {R}{Q} = {f(a)} · {f(b)} = "
                                       f"{f(a * b)}.")
        return say(ch, f"Area of {name} = ½ · {R}{P} · {R}{Q} = ½ · {f(a)} · {f(b)} = {{v}}.",
                    a * b / 2)
    ch.rule(f"area:{idx}", area)
    perimeter(ch, [R, P, Q], name, idx)


def equilateral(ch: Chain, V: list[str], name: str, idx: int) -> None:
    known = next(e for e in zip(V, V[1:] + V[:1]) if ch.has(seg(*e)))
    ks = seg(*known)
    for a, b in zip(V, V[1:] + V[:1]):
        if not ch.has(seg(a, b)):
            ch.rule(seg(a, b), eq_side(ch, a + b, "".join(known), ks,
                                        f"{name} is equilateral"))
    for a, b, c in zip(V[-1:] + V[:-1], V, V[1:] + V[:1]):
        ch.rule(ang(a, b, c), lambda: say(ch, "Each angle of an equilateral triangle is 60°.",
                                           60.0))

    def area():
        s = ch(ks)
        ch.wrong(f"area:{idx}", s * s / 2, f"Area of {name} = ½ · {sq(s)} = {f(s * s / 2)}.")
        return say(ch, f"Area of {name} = (√3 / 4) · side² = (√3 / 4) · {sq(s)} = {{v}}.",
                    math.sqrt(3) / 4 * s * s)
    ch.rule(f"area:{idx}", area)
    perimeter(ch, V, name, idx)


def iso_attached(ch: Chain, X: str, Y: str, R: str, name: str, idx: int) -> None:
    """Isosceles triangle XYR on base XY (known) with the base angle at X given."""
    b, ax = seg(X, Y), ang(Y, X, R)
    ch.rule(ang(X, Y, R), lambda: say(ch, f"{name} is isosceles with {R}{X} = {R}{Y}, so "
                                           f"∠{X}{Y}{R} = ∠{Y}{X}{R} = {{v}}°.", ch(ax)))
    def apex():
        ch.wrong(ang(X, R, Y), 180 - ch(ax), f"∠{X}{R}{Y} = 180° − {f(ch(ax))}° = "
                                             f"{f(180 - ch(ax))}°.")
        return say(ch, f"∠{X}{R}{Y} = 180° − 2 · {f(ch(ax))}° = {{v}}°.", 180 - 2 * ch(ax))
    ch.rule(ang(X, R, Y), apex)

    def leg():
        L, t = ch(b), math.radians(ch(ax))
        ch.wrong(seg(X, R), L / 2 * math.cos(t), f"{X}{R} = ({X}{Y} / 2) · cos {f(ch(ax))}° = "
                                                 f"{f(L / 2 * math.cos(t))}.")
        return say(ch, f"In {name}, {X}{R} = ({X}{Y} / 2) / cos ∠{Y}{X}{R} = ({f(L)} / 2) / "
                        f"cos {f(ch(ax))}° = {{v}}.", L / 2 / math.cos(t))
    ch.rule(seg(X, R), leg)
    ch.rule(seg(Y, R), lambda: say(ch, f"{Y}{R} = {X}{R} = {{v}}.", ch(seg(X, R))))

    def area():
        L, t = ch(b), math.radians(ch(ax))
        h = L / 2 * math.tan(t)
        ch.wrong(f"area:{idx}", L * h, f"Area of {name} = {X}{Y} · h = {f(L)} · {f(h)} = "
                                       f"{f(L * h)}.")
        return say(ch, f"The height of {name} on {X}{Y} is ({f(L)} / 2) · tan {f(ch(ax))}° = "
                        f"{f(h)}, so its area = ½ · {f(L)} · {f(h)} = {{v}}.", L * h / 2)
    ch.rule(f"area:{idx}", area)
    perimeter(ch, [X, Y, R], name, idx)


def iso_base(ch: Chain, A: str, B: str, C: str, name: str, idx: int) -> None:
    """Isosceles triangle with apex A, base BC; AB and BC known."""
    ch.fact(f"{A}{B} = {A}{C}")
    ch.rule(seg(A, C), lambda: say(ch, f"{name} is isosceles, so {A}{C} = {A}{B} = {{v}}.",
                                    ch(seg(A, B))))

    def height():
        l, b = ch(seg(A, B)), ch(seg(B, C))
        ch.wrong(f"h:{idx}", math.sqrt(l * l + b * b / 4),
                 f"h = √({A}{B}² + ({B}{C} / 2)²) = {f(math.sqrt(l * l + b * b / 4))}.")
        return say(ch, f"The height from {A} bisects {B}{C}, so h = √({A}{B}² − ({B}{C} / 2)²) "
                        f"= √({sq(l)} − {sq(b / 2)}) = {{v}}.", math.sqrt(l * l - b * b / 4))
    ch.rule(f"h:{idx}", height)

    def area():
        b, h = ch(seg(B, C)), ch(f"h:{idx}")
        ch.wrong(f"area:{idx}", b * h, f"Area of {name} = {B}{C} · h = {f(b * h)}.")
        return say(ch, f"Area of {name} = ½ · {B}{C} · h = ½ · {f(b)} · {f(h)} = {{v}}.",
                    b * h / 2)
    ch.rule(f"area:{idx}", area)

    def base_angle():
        l, b = ch(seg(A, B)), ch(seg(B, C))
        ch.wrong(ang(A, B, C), math.degrees(math.asin(min(1, b / 2 / l))),
                 f"sin ∠{A}{B}{C} = ({B}{C} / 2) / {A}{B}, so ∠{A}{B}{C} = "
                 f"{f(math.degrees(math.asin(min(1, b / 2 / l))))}°.")
        return say(ch, f"cos ∠{A}{B}{C} = ({B}{C} / 2) / {A}{B} = {f(b / 2)} / {f(l)}, so "
                        f"∠{A}{B}{C} = {{v}}°.", math.degrees(math.acos(b / 2 / l)))
    ch.rule(ang(A, B, C), base_angle)
    ch.rule(ang(A, C, B), lambda: say(ch, f"∠{A}{C}{B} = ∠{A}{B}{C} = {{v}}°.",
                                       ch(ang(A, B, C))))
    ch.rule(ang(B, A, C), lambda: say(ch, f"∠{B}{A}{C} = 180° − 2 · ∠{A}{B}{C} = {{v}}°.",
                                       180 - 2 * ch(ang(A, B, C))))
    perimeter(ch, [A, B, C], name, idx)


def sas_triangle(ch: Chain, A: str, B: str, C: str, name: str, idx: int) -> None:
    """AB, AC and the angle BAC known."""
    ab, ac, ta = seg(A, B), seg(A, C), ang(B, A, C)

    def third():
        b, c, t = ch(ab), ch(ac), math.radians(ch(ta))
        v = math.sqrt(b * b + c * c - 2 * b * c * math.cos(t))
        ch.wrong(seg(B, C), math.hypot(b, c), f"{B}{C} = √({A}{B}² + {A}{C}²) = "
                                              f"{f(math.hypot(b, c))}.")
        ch.wrong(seg(B, C), math.sqrt(b * b + c * c + 2 * b * c * math.cos(t)),
                 f"{B}{C} = √({A}{B}² + {A}{C}² + 2 · {A}{B} · {A}{C} · cos {f(ch(ta))}°) = "
                 f"{f(math.sqrt(b * b + c * c + 2 * b * c * math.cos(t)))}.")
        return say(ch, f"By the law of cosines, {B}{C} = √({A}{B}² + {A}{C}² − 2 · {A}{B} · "
                        f"{A}{C} · cos ∠{B}{A}{C}) = √({sq(b)} + {sq(c)} − 2 · {f(b)} · {f(c)} · "
                        f"cos {f(ch(ta))}°) = {{v}}.", v)
    ch.rule(seg(B, C), third)

    def area():
        b, c, t = ch(ab), ch(ac), math.radians(ch(ta))
        ch.wrong(f"area:{idx}", b * c * math.sin(t), f"Area of {name} = {A}{B} · {A}{C} · sin "
                                                     f"{f(ch(ta))}° = {f(b * c * math.sin(t))}.")
        return say(ch, f"Area of {name} = ½ · {A}{B} · {A}{C} · sin ∠{B}{A}{C} = ½ · {f(b)} · "
                        f"{f(c)} · sin {f(ch(ta))}° = {{v}}.", b * c * math.sin(t) / 2)
    ch.rule(f"area:{idx}", area)
    for X, Y, Z in ((B, A, C), (C, A, B)):  # angle at A's neighbours via the law of cosines
        def at(X=X, Z=Z):
            x, z, y = ch(seg(X, A)), ch(seg(X, Z)), ch(seg(A, Z))
            return say(ch, f"By the law of cosines, cos ∠{A}{X}{Z} = ({A}{X}² + {X}{Z}² − "
                            f"{A}{Z}²) / (2 · {A}{X} · {X}{Z}), so ∠{A}{X}{Z} = {{v}}°.",
                        math.degrees(math.acos((x * x + z * z - y * y) / (2 * x * z))))
        ch.rule(ang(A, X, Z), at)
    perimeter(ch, [A, B, C], name, idx)


# ----------------------------------------------------------------------------- quadrilaterals


def square(ch: Chain, V: list[str], name: str, idx: int) -> None:
    known = next(e for e in zip(V, V[1:] + V[:1]) if ch.has(seg(*e)))
    ks = seg(*known)
    ch.fact(f"{''.join(V)} is a square")
    for a, b in zip(V, V[1:] + V[:1]):
        ch.rule(seg(a, b), eq_side(ch, a + b, "".join(known), ks, f"{''.join(V)} is a square"))

    def area():
        s = ch(ks)
        ch.wrong(f"area:{idx}", 4 * s, f"Area of {name} = 4 · {f(s)} = {f(4 * s)}.")
        return say(ch, f"Area of {name} = side² = {sq(s)} = {{v}}.", s * s)
    ch.rule(f"area:{idx}", area)

    def diag():
        s = ch(ks)
        ch.wrong(f"diag:{idx}", 2 * s, f"Diagonal = 2 · side = {f(2 * s)}.")
        return say(ch, f"The diagonal of {name} = side · √2 = {f(s)} · √2 = {{v}}.",
                    s * math.sqrt(2))
    ch.rule(f"diag:{idx}", diag)
    perimeter(ch, V, name, idx)


def rectangle(ch: Chain, V: list[str], name: str, idx: int) -> None:
    A, B, C, D = V
    ch.fact(f"{''.join(V)} is a rectangle")
    def cd():
        ch.wrong(seg(C, D), ch(seg(B, C)), f"{C}{D} = {B}{C} = {f(ch(seg(B, C)))}.")
        return say(ch, f"Opposite sides of a rectangle are equal, so {C}{D} = {A}{B} = {{v}}.",
                    ch(seg(A, B)))
    ch.rule(seg(C, D), cd)
    ch.rule(seg(D, A), lambda: say(ch, f"Opposite sides of a rectangle are equal, so {D}{A} = "
                                        f"{B}{C} = {{v}}.", ch(seg(B, C))))

    def area():
        w, h = ch(seg(A, B)), ch(seg(B, C))
        ch.wrong(f"area:{idx}", 2 * (w + h), f"Area of {name} = 2 · ({f(w)} + {f(h)}) = "
                                             f"{f(2 * (w + h))}.")
        ch.wrong(f"area:{idx}", w * h / 2, f"Area of {name} = ½ · {f(w)} · {f(h)} = "
                                           f"{f(w * h / 2)}.")
        return say(ch, f"Area of {name} = {A}{B} · {B}{C} = {f(w)} · {f(h)} = {{v}}.", w * h)
    ch.rule(f"area:{idx}", area)

    def diag():
        w, h = ch(seg(A, B)), ch(seg(B, C))
        ch.wrong(f"diag:{idx}", w + h, f"{A}{C} = {A}{B} + {B}{C} = {f(w + h)}.")
        return say(ch, f"The diagonal {A}{C} = √({A}{B}² + {B}{C}²) = √({sq(w)} + {sq(h)}) = "
                        f"{{v}}.", math.hypot(w, h))
    ch.rule(f"diag:{idx}", diag)
    perimeter(ch, V, name, idx)


def parallelogram(ch: Chain, V: list[str], name: str, idx: int, rhombus: bool) -> None:
    A, B, C, D = V
    t = ang(D, A, B)
    if rhombus:
        ch.fact(f"{''.join(V)} is a rhombus")
        for a, b in ((B, C), (C, D), (D, A)):
            ch.rule(seg(a, b), eq_side(ch, a + b, A + B, seg(A, B), f"{''.join(V)} is a rhombus"))
    else:
        ch.fact(f"{''.join(V)} is a parallelogram")
        ch.rule(seg(C, D), lambda: say(ch, f"Opposite sides of a parallelogram are equal, so "
                                            f"{C}{D} = {A}{B} = {{v}}.", ch(seg(A, B))))
        ch.rule(seg(B, C), lambda: say(ch, f"Opposite sides of a parallelogram are equal, so "
                                            f"{B}{C} = {A}{D} = {{v}}.", ch(seg(A, D))))

    def adj():
        ch.wrong(ang(A, B, C), 90 - ch(t), f"∠{A}{B}{C} = 90° − ∠{D}{A}{B} = {f(90 - ch(t))}°.")
        return say(ch, f"Adjacent angles of a parallelogram add up to 180°, so ∠{A}{B}{C} = "
                        f"180° − {f(ch(t))}° = {{v}}°.", 180 - ch(t))
    ch.rule(ang(A, B, C), adj)
    ch.rule(ang(B, C, D), lambda: say(ch, f"∠{B}{C}{D} = ∠{D}{A}{B} = {{v}}°.", ch(t)))

    def area():
        a, b, th = ch(seg(A, B)), ch(seg(A, D)), math.radians(ch(t))
        ch.wrong(f"area:{idx}", a * b, f"Area of {name} = {A}{B} · {A}{D} = {f(a * b)}.")
        ch.wrong(f"area:{idx}", a * b * math.sin(th) / 2, f"Area of {name} = ½ · {A}{B} · {A}{D}"
                                                          f" · sin {f(ch(t))}° = "
                                                          f"{f(a * b * math.sin(th) / 2)}.")
        return say(ch, f"Area of {name} = {A}{B} · {A}{D} · sin ∠{D}{A}{B} = {f(a)} · {f(b)} · "
                        f"sin {f(ch(t))}° = {{v}}.", a * b * math.sin(th))
    ch.rule(f"area:{idx}", area)
    perimeter(ch, V, name, idx)


def trapezoid(ch: Chain, V: list[str], name: str, idx: int, right: bool) -> None:
    """AB ∥ DC, AB and DC known; right: AD ⟂ AB known (the height); isosceles: AD = BC known."""
    A, B, C, D = V
    ch.fact(f"{A}{B} ∥ {D}{C}", ("parallel", A + B))
    if right:
        ch.fact(f"∠{D}{A}{B} = 90°", ("right", D + A + B))
        ch.rule(f"h:{idx}", lambda: say(ch, f"{A}{D} ⟂ {A}{B}, so the height is {A}{D} = {{v}}.",
                                         ch(seg(A, D))))

        def leg():
            a, b, h = ch(seg(A, B)), ch(seg(D, C)), ch(seg(A, D))
            ch.wrong(seg(B, C), math.hypot(h, a), f"{B}{C} = √({A}{D}² + {A}{B}²) = "
                                                  f"{f(math.hypot(h, a))}.")
            return say(ch, f"Drop a perpendicular from {C} to {A}{B}: it has length {f(h)} and "
                            f"cuts off {f(a)} − {f(b)} = {f(a - b)}, so {B}{C} = √({sq(h)} + "
                            f"{sq(a - b)}) = {{v}}.", math.hypot(h, a - b))
        ch.rule(seg(B, C), leg)
    else:
        ch.fact(f"{A}{D} = {B}{C}")
        ch.rule(seg(B, C), lambda: say(ch, f"The trapezoid is isosceles, so {B}{C} = {A}{D} = "
                                            f"{{v}}.", ch(seg(A, D))))

        def height():
            a, b, l = ch(seg(A, B)), ch(seg(D, C)), ch(seg(A, D))
            x = (a - b) / 2
            ch.wrong(f"h:{idx}", math.sqrt(abs(l * l - (a - b) ** 2)),
                     f"h = √({A}{D}² − ({A}{B} − {D}{C})²) = "
                     f"{f(math.sqrt(abs(l * l - (a - b) ** 2)))}.")
            return say(ch, f"Each leg overhangs ({f(a)} − {f(b)}) / 2 = {f(x)}, so the height "
                            f"h = √({sq(l)} − {sq(x)}) = {{v}}.", math.sqrt(l * l - x * x))
        ch.rule(f"h:{idx}", height)

    def area():
        a, b, h = ch(seg(A, B)), ch(seg(D, C)), ch(f"h:{idx}")
        ch.wrong(f"area:{idx}", (a + b) * h, f"Area of {name} = ({f(a)} + {f(b)}) · {f(h)} = "
                                             f"{f((a + b) * h)}.")
        return say(ch, f"Area of {name} = ({A}{B} + {D}{C}) / 2 · h = ({f(a)} + {f(b)}) / 2 · "
                        f"{f(h)} = {{v}}.", (a + b) / 2 * h)
    ch.rule(f"area:{idx}", area)
    perimeter(ch, V, name, idx)


def regular_polygon(ch: Chain, V: list[str], name: str, idx: int) -> None:
    n = len(V)
    ks = seg(V[0], V[1])
    ch.fact(f"{''.join(V)} is a {name.rsplit(' ', 1)[0]}")
    for a, b in zip(V[1:], V[2:] + V[:1]):
        ch.rule(seg(a, b), eq_side(ch, a + b, V[0] + V[1], ks, f"{''.join(V)} is regular"))
    for a, b, c in zip(V[-1:] + V[:-1], V, V[1:] + V[:1]):
        def interior(a=a, b=b, c=c):
            ch.wrong(ang(a, b, c), 360 / n, f"Each interior angle = 360° / {n} = {f(360 / n)}°.")
            return say(ch, f"Each interior angle of a regular polygon with {n} sides is "
                            f"({n} − 2) · 180° / {n} = {{v}}°.", (n - 2) * 180 / n)
        ch.rule(ang(a, b, c), interior)
    ch.rule(f"apo:{idx}", lambda: say(ch, f"The apothem of {name} = side / (2 · tan(180° / {n}))"
                                           f" = {f(ch(ks))} / (2 · tan {f(180 / n)}°) = {{v}}.",
                                       ch(ks) / (2 * math.tan(math.pi / n))))

    def area():
        s, a = ch(ks), ch(f"apo:{idx}")
        ch.wrong(f"area:{idx}", n * s * a, f"Area of {name} = {n} · side · apothem = "
                                           f"{f(n * s * a)}.")
        return say(ch, f"Area of {name} = ½ · perimeter · apothem = ½ · {n} · {f(s)} · {f(a)} = "
                        f"{{v}}.", n * s * a / 2)
    ch.rule(f"area:{idx}", area)
    perimeter(ch, V, name, idx)


# ----------------------------------------------------------------------------- curved


def circle_base(ch: Chain, O: str, A: str, idx: int) -> None:
    ch.rule(f"r:{idx}", lambda: say(ch, f"The radius of circle {O} is {O}{A} = {{v}}.",
                                     ch(seg(O, A))))
    _disk(ch, f"circle {O}", idx)


def incircle(ch: Chain, name: str, idx: int, parent_kind: str, PV: list[str], pidx: int,
             pname: str) -> None:
    """Circle inscribed in shape ``pidx`` of kind ``parent_kind`` with vertices PV."""
    ch.fact(f"circle {name} is inscribed in {pname}")
    s = seg(PV[0], PV[1])
    if parent_kind == "square":
        def fn():
            ch.wrong(f"r:{idx}", ch(s), f"The inscribed circle's radius equals the side, "
                                        f"r = {f(ch(s))}.")
            return say(ch, f"The inscribed circle of a square has a diameter equal to its "
                            f"side, so r = {f(ch(s))} / 2 = {{v}}.", ch(s) / 2)
    elif parent_kind == "equilateral triangle":
        fn = lambda: say(ch, f"For an equilateral triangle, r = side / (2√3) = {f(ch(s))} / "
                              f"(2√3) = {{v}}.", ch(s) / (2 * math.sqrt(3)))
    elif parent_kind == "rhombus":
        def fn():
            t = ch(ang(PV[3], PV[0], PV[1]))
            h = ch(s) * math.sin(math.radians(t))
            ch.wrong(f"r:{idx}", h, f"The inscribed circle's radius equals the height, "
                                    f"r = {f(h)}.")
            return say(ch, f"The height of rhombus {pname.split()[-1]} is side · sin {f(t)}° = "
                            f"{f(h)}, and the inscribed circle's diameter equals it, so r = "
                            f"{{v}}.", h / 2)
    elif parent_kind.startswith("regular"):
        fn = lambda: say(ch, "The inscribed circle's radius equals the apothem, r = {v}.",
                          ch(f"apo:{pidx}"))
    else:  # any triangle: r = 2 · area / perimeter
        def fn():
            a, p = ch(f"area:{pidx}"), ch(f"per:{pidx}")
            ch.wrong(f"r:{idx}", a / p, f"r = area / perimeter = {f(a)} / {f(p)} = {f(a / p)}.")
            return say(ch, f"For a triangle, r = 2 · area / perimeter = 2 · {f(a)} / {f(p)} = "
                            f"{{v}}.", 2 * a / p)
    ch.rule(f"r:{idx}", fn)
    _disk(ch, f"circle {name}", idx)


def _disk(ch: Chain, name: str, idx: int) -> None:
    r = f"r:{idx}"

    def area():
        v = ch(r)
        ch.wrong(f"area:{idx}", 2 * math.pi * v, f"Area of {name} = 2π · {f(v)} = "
                                                 f"{f(2 * math.pi * v)}.")
        ch.wrong(f"area:{idx}", math.pi * 4 * v * v, f"Area of {name} = π · {sq(2 * v)} = "
                                                     f"{f(4 * math.pi * v * v)}.")
        return say(ch, f"Area of {name} = π · r² = π · {sq(v)} = {{v}}.", math.pi * v * v)
    ch.rule(f"area:{idx}", area)

    def circ():
        v = ch(r)
        ch.wrong(f"arc:{idx}", math.pi * v, f"Circumference = π · r = {f(math.pi * v)}.")
        return say(ch, f"Circumference of {name} = 2π · r = 2π · {f(v)} = {{v}}.",
                    2 * math.pi * v)
    ch.rule(f"arc:{idx}", circ)


def sector(ch: Chain, O: str, A: str, B: str, name: str, idx: int) -> None:
    r, t = seg(O, A), ang(A, O, B)
    ch.rule(seg(O, B), lambda: say(ch, f"{O}{B} and {O}{A} are radii, so {O}{B} = {{v}}.",
                                    ch(r)))

    def arc():
        v, th = ch(r), ch(t)
        ch.wrong(f"arc:{idx}", th / 360 * math.pi * v, f"Arc {A}{B} = {f(th)}° / 360° · π · "
                                                       f"{f(v)} = {f(th / 360 * math.pi * v)}.")
        return say(ch, f"Arc {A}{B} = {f(th)}° / 360° · 2π · {f(v)} = {{v}}.",
                    th / 360 * 2 * math.pi * v)
    ch.rule(f"arc:{idx}", arc)

    def area():
        v, th = ch(r), ch(t)
        ch.wrong(f"area:{idx}", th / 180 * math.pi * v * v, f"Area of {name} = {f(th)}° / 180° "
                                                            f"· π · {sq(v)} = "
                                                            f"{f(th / 180 * math.pi * v * v)}.")
        return say(ch, f"Area of {name} = {f(th)}° / 360° · π · {sq(v)} = {{v}}.",
                    th / 360 * math.pi * v * v)
    ch.rule(f"area:{idx}", area)
    ch.rule(f"per:{idx}", lambda: say(ch, f"Perimeter of {name} = 2 · {f(ch(r))} + "
                                           f"{f(ch(f'arc:{idx}'))} = {{v}}.",
                                       2 * ch(r) + ch(f"arc:{idx}")))


def semicircle(ch: Chain, X: str, Y: str, name: str, idx: int) -> None:
    d = seg(X, Y)

    def rad():
        ch.wrong(f"r:{idx}", ch(d), f"The radius of {name} is {X}{Y} = {f(ch(d))}.")
        return say(ch, f"The diameter of {name} is {X}{Y} = {f(ch(d))}, so its radius is "
                        f"{f(ch(d))} / 2 = {{v}}.", ch(d) / 2)
    ch.rule(f"r:{idx}", rad)

    def arc():
        v = ch(f"r:{idx}")
        ch.wrong(f"arc:{idx}", 2 * math.pi * v, f"Arc of {name} = 2π · {f(v)} = "
                                                f"{f(2 * math.pi * v)}.")
        return say(ch, f"Arc length of {name} = π · r = π · {f(v)} = {{v}}.", math.pi * v)
    ch.rule(f"arc:{idx}", arc)

    def area():
        v = ch(f"r:{idx}")
        ch.wrong(f"area:{idx}", math.pi * v * v, f"Area of {name} = π · {sq(v)} = "
                                                 f"{f(math.pi * v * v)}.")
        return say(ch, f"Area of {name} = π · r² / 2 = π · {sq(v)} / 2 = {{v}}.",
                    math.pi * v * v / 2)
    ch.rule(f"area:{idx}", area)
    ch.rule(f"per:{idx}", lambda: say(ch, f"Perimeter of {name} = {f(ch(f'arc:{idx}'))} + "
                                           f"{f(ch(d))} = {{v}}.", ch(f"arc:{idx}") + ch(d)))


# ----------------------------------------------------------------------------- shared
