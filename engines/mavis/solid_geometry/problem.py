"""MAVIS-Instruct problems for solid geometry: volumes, surface areas, slant heights,
diagonals, and dimensions recovered from a given volume or area.

``make_problem`` draws a target and a solid, states the givens (each a measurement label on
the figure, or the note "V = 48π" in its corner), and writes the forward CoT with the textbook
formula and the numbers; the answer is computed from the givens exactly as stated. ``recheck``
recomputes from the vision spec alone along another path: volumes by Simpson integration of
cross-section areas (polygon sections of the 3-D mesh, or discs of a radius profile), surface
areas by summing the mesh's face polygons in 3-D (or frustum bands of the profile), lengths as
3-D distances between mesh points; dimensions recovered from a volume are checked against the
solid the note was computed from.

    python -c "import numpy as np; from engines.mavis import registry as r; \
p = r.get_problem_maker('solid_geometry')(np.random.default_rng(0)); print(p.stem, p.cot)"
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.mavis.problem import Distractor, Given, Problem
from engines.mavis.registry import problem_maker
from renderers.solid_geometry.sample import sample_solid
from renderers.solid_geometry.sample import settle_view
from renderers.solid_geometry.spec import SolidSpec, dimensions, kind_words
from renderers.spec import rng_choice
from renderers.text import exact_to, fmt_round, half_up

SQ, SQUARE, CUBE = "√", "²", "³"
TARGETS = {
    "volume": [("cube", ""), ("cuboid", ""), ("cylinder", ""), ("cone", ""), ("sphere", ""),
               ("pyramid", "square"), ("pyramid", "triangle"), ("prism", "triangle"),
               ("prism", "hexagon")],
    "total_surface_area": [("cube", ""), ("cuboid", ""), ("cylinder", ""), ("cone", ""),
                           ("sphere", ""), ("pyramid", "square"), ("prism", "triangle"),
                           ("prism", "hexagon")],
    "lateral_surface_area": [("cuboid", ""), ("cylinder", ""), ("cone", ""),
                             ("pyramid", "square"), ("prism", "triangle"), ("prism", "hexagon")],
    "slant_height": [("cone", ""), ("pyramid", "square")],
    "lateral_edge": [("pyramid", "square")],
    "space_diagonal": [("cube", ""), ("cuboid", "")],
    "face_diagonal": [("cube", ""), ("cuboid", "")],
    "radius_from_volume": [("cylinder", ""), ("cone", ""), ("sphere", "")],
    "height_from_volume": [("cylinder", ""), ("cone", ""), ("cuboid", ""), ("pyramid", "square")],
    "edge_from_surface_area": [("cube", "")],
    "height_from_slant": [("cone", "")],
}
GIVEN_WORDS = {"edge": "edge length", "length": "length", "width": "width", "height": "height",
               "radius": "radius", "slant": "slant height", "base_edge": "base edge",
               "lateral_edge": "lateral edge"}
n = fmt_round  # a number as a step writes it, rounded half up to two decimals


def _exact(x: float) -> bool:
    """Shown exactly by a two-decimal label (so it may be a given)."""
    return abs(x * 100 - round(x * 100)) < 1e-6


def _ap(x: float) -> str:
    """Writes "= 5" when the value is exact at two decimals, else "≈ 5.83"."""
    return ("= " if exact_to(x) else "≈ ") + n(x)


def _pi_coef(q: Fraction) -> str:
    """48π, 49π/3, π (coefficients of pi written as a textbook does)."""
    num = "" if q.numerator == 1 else str(q.numerator)
    return f"{num}π" if q.denominator == 1 else f"{num}π/{q.denominator}"


def _fr(x: float) -> Fraction:
    return Fraction(x).limit_denominator(1000)


class _Build:
    """Collects the givens of one problem and the two specs they are drawn into."""

    def __init__(self, rng: np.random.Generator, spec: SolidSpec):
        self.rng, self.spec = rng, spec
        self.solid = kind_words(spec)
        self.u = f" {spec.unit}" if spec.unit else ""
        self.givens: list[tuple[str, Given]] = []
        self.note = ""
        self.dims = dimensions(spec)

    def unit(self, power: int) -> str:
        return self.u + ({2: SQUARE, 3: CUBE}.get(power, "") if self.u else "")

    def measure(self, m: str) -> float:
        v = self.dims[m]
        word = GIVEN_WORDS[m]
        if m == "radius" and self.spec.kind in ("cylinder", "cone"):
            word = "base radius"
        text = f"the {word} of the {self.solid} is {n(v)}{self.u}"
        self.givens.append((m, Given(text, v, in_diagram=bool(self.rng.random() < 0.5))))
        return v

    def quantity(self, sym: str, word: str, value: float, q: Fraction | None, power: int
                 ) -> tuple[float, str]:
        """A volume / area given in the corner note; ``q`` (round solids only) is its
        coefficient of pi, used when a two-decimal label shows it exactly. Returns (the numeric
        value, how the CoT writes it)."""
        if q is not None and _exact(float(q)) and self.rng.random() < 0.6:
            shown, val, txt = f"{n(float(q))}π", float(q), f"{n(float(q))}π"
            num = float(q) * math.pi
        else:
            val = half_up(value)
            shown = txt = n(val)
            num = val
        self.note = f"{sym} = {shown}{self.unit(power)}"
        self.givens.append(("note", Given(f"the {word} of the {self.solid} is {shown}"
                                          f"{self.unit(power)}", val,
                                          in_diagram=bool(self.rng.random() < 0.5))))
        return num, txt

    def finish(self, stem: str, cot: list[str], answer: float, wrong: list[tuple[float, str]],
               target: str, extras: tuple[str, ...] = ()) -> Problem:
        flags = [g.in_diagram for _, g in self.givens]
        if len(flags) >= 2 and len(set(flags)) == 1:  # text_lite differs from both others
            self.givens[int(self.rng.integers(len(flags)))][1].in_diagram = not flags[0]
        shown_all = [m for m, _ in self.givens if m != "note"]
        shown_base = [m for m, g in self.givens if m != "note" and g.in_diagram]
        note_in = any(m == "note" and g.in_diagram for m, g in self.givens)
        style = rng_choice(self.rng, ["value", "value", "named"])
        # an asked-for segment (diagonal, height) is drawn unlabelled unless a label marks it
        base = self.spec.replace(shown=shown_base, label_style=style,
                                 extras=[e for e in extras if e not in shown_base],
                                 note=self.note if note_in else "")
        vision = base.replace(shown=shown_all, note=self.note,
                              extras=[e for e in extras if e not in shown_all])
        raw, answer = answer, half_up(answer)
        # also an answer that is an integer only after rounding (47.998 -> 48)
        if not float(answer).is_integer() or abs(raw - answer) > 1e-9:
            stem += " Round to two decimal places."
        dis = [Distractor(half_up(v), step) for v, step in wrong
               if math.isfinite(v) and v > 0 and n(v) != n(answer)]
        return Problem(family="solid_geometry", spec=base, vision_spec=vision,
                       bare_spec=base.replace(shown=[], note="", extras=list(extras)),
                       givens=[g for _, g in self.givens], stem=stem, cot=cot, answer=answer,
                       distractors=dis, tags={"target": target, "kind": self.spec.kind,
                                              "base": self.spec.base})


def _ask(rng, what: str, solid: str) -> str:
    return rng_choice(rng, [f"Find the {what} of the {solid}.",
                            f"What is the {what} of the {solid} shown in the figure?",
                            f"Calculate the {what} of this {solid}.",
                            f"As shown in the figure, find the {what} of the {solid}."])


# ----------------------------------------------------------------------------- volume / area


def _base_area(b: _Build) -> tuple[float, str, list[str]]:
    """Base area of a pyramid / prism with its formula steps."""
    a = b.measure("base_edge")
    if b.spec.base == "square":
        return a * a, f"{n(a)}{SQUARE}", [f"The base is a square of side {n(a)}, so its area is "
                                          f"B = {n(a)}{SQUARE} = {n(a * a)}."]
    if b.spec.base == "triangle":
        B = math.sqrt(3) / 4 * a * a
        return B, "", [f"The base is an equilateral triangle of side {n(a)}, so its area is "
                       f"B = ({SQ}3/4) × {n(a)}{SQUARE} {_ap(B)}."]
    B = 3 * math.sqrt(3) / 2 * a * a
    return B, "", [f"The base is a regular hexagon of side {n(a)}, so its area is "
                   f"B = (3{SQ}3/2) × {n(a)}{SQUARE} {_ap(B)}."]


def _volume(b: _Build, rng) -> Problem:
    k, s = b.spec.kind, b.spec
    u3 = b.unit(3)
    if k == "cube":
        a = b.measure("edge")
        ans = a ** 3
        cot = [f"The edge of the cube is a = {n(a)}.", f"The volume of a cube is V = a{CUBE}.",
               f"V = {n(a)}{CUBE} {_ap(ans)}."]
        wrong = [(6 * a * a, f"V = 6 × {n(a)}{SQUARE} = {n(6 * a * a)}."),
                 (a * a, f"V = {n(a)}{SQUARE} = {n(a * a)}."),
                 (3 * a, f"V = 3 × {n(a)} = {n(3 * a)}."), (4 * a * a, None)]
    elif k == "cuboid":
        a, w, h = b.measure("length"), b.measure("width"), b.measure("height")
        ans = a * w * h
        cot = [f"The cuboid has length {n(a)}, width {n(w)} and height {n(h)}.",
               "The volume of a cuboid is V = length × width × height.",
               f"V = {n(a)} × {n(w)} × {n(h)} {_ap(ans)}."]
        wrong = [(2 * (a * w + w * h + h * a), "V = 2(ab + bc + ca) = "
                  f"{n(2 * (a * w + w * h + h * a))}."),
                 (a * w + w * h + h * a, None), (a * w, f"V = {n(a)} × {n(w)} = {n(a * w)}."),
                 (a + w + h, None)]
    elif k in ("cylinder", "cone", "sphere"):
        r = b.measure("radius")
        if k == "sphere":
            q = Fraction(4, 3) * _fr(r) ** 3
            cot = [f"The radius of the sphere is r = {n(r)}.",
                   f"The volume of a sphere is V = (4/3)πr{CUBE}."]
            step = f"V = (4/3) × π × {n(r)}{CUBE}"
            area = 4 * math.pi * r * r
            wrong = [(area, f"V = 4π × {n(r)}{SQUARE} {_ap(area)}."),
                     (4 / 3 * math.pi * r * r, None), (math.pi * r ** 3, None),
                     (4 / 3 * math.pi * (2 * r) ** 3, f"V = (4/3)π × {n(2 * r)}{CUBE} ≈ "
                      f"{n(4 / 3 * math.pi * (2 * r) ** 3)}.")]
        else:
            h = b.measure("height")
            third = k == "cone"
            q = _fr(r) ** 2 * _fr(h) / (3 if third else 1)
            f = "(1/3)πr²h" if third else "πr²h"
            cot = [f"The {k} has base radius r = {n(r)} and height h = {n(h)}.",
                   f"The volume of a {k} is V = {f}."]
            step = f"V = {'(1/3) × ' if third else ''}π × {n(r)}{SQUARE} × {n(h)}"
            full = math.pi * r * r * h
            wrong = [(full if third else full / 3, None),
                     (math.pi * r * h / (3 if third else 1),
                      f"V = {'(1/3) × ' if third else ''}π × {n(r)} × {n(h)}."),
                     (math.pi * 4 * r * r * h / (3 if third else 1), None),
                     (2 * math.pi * r * h, f"V = 2π × {n(r)} × {n(h)}.")]
        ans = float(q) * math.pi
        cot.append(f"{step} = {_pi_coef(q)} {_ap(ans)}.")
    else:  # pyramid / prism
        B, _, steps = _base_area(b)
        h = b.measure("height")
        pyr = k == "pyramid"
        ans = B * h / (3 if pyr else 1)
        cot = steps + [f"The volume of a {'pyramid is V = (1/3)Bh' if pyr else 'prism is V = Bh'}"
                       f", with height h = {n(h)}.",
                       f"V = {'(1/3) × ' if pyr else ''}{n(B)} × {n(h)} {_ap(ans)}."]
        a = s.a
        wrong = [(B * h if pyr else B * h / 3,
                  f"V = {'' if pyr else '(1/3) × '}{n(B)} × {n(h)}."),
                 (a * a * h / (3 if pyr else 1), None),
                 (B * h / 2, f"V = (1/2) × {n(B)} × {n(h)}."), (a * h, None)]
    cot.append(f"So the volume of the {b.solid} is {n(ans)}{u3}.")
    return b.finish(_ask(rng, "volume", b.solid), cot, ans, wrong, "volume")


def _area(b: _Build, rng, lateral: bool) -> Problem:
    k = b.spec.kind
    what = "lateral surface area" if lateral else "total surface area"
    if k == "cube":
        a = b.measure("edge")
        ans = 6 * a * a
        cot = [f"The edge of the cube is a = {n(a)}.",
               f"A cube has 6 congruent square faces, so S = 6a{SQUARE}.",
               f"S = 6 × {n(a)}{SQUARE} {_ap(ans)}."]
        wrong = [(4 * a * a, f"S = 4 × {n(a)}{SQUARE} = {n(4 * a * a)}."), (a ** 3, None),
                 (6 * a, f"S = 6 × {n(a)} = {n(6 * a)}.")]
    elif k == "cuboid":
        a, w, h = b.measure("length"), b.measure("width"), b.measure("height")
        lat = 2 * (a + w) * h
        tot = 2 * (a * w + w * h + h * a)
        cot = [f"The cuboid has length {n(a)}, width {n(w)} and height {n(h)}."]
        if lateral:
            ans = lat
            cot += ["The lateral surface is the four side faces: S = 2(l + w)h.",
                    f"S = 2 × ({n(a)} + {n(w)}) × {n(h)} {_ap(ans)}."]
            wrong = [(tot, None), ((a + w) * h, f"S = ({n(a)} + {n(w)}) × {n(h)}."),
                     (a * w * h, None), (2 * (a + w) * h + a * w, None)]
        else:
            ans = tot
            cot += ["The surface is three pairs of rectangles: S = 2(lw + wh + hl).",
                    f"S = 2 × ({n(a * w)} + {n(w * h)} + {n(h * a)}) {_ap(ans)}."]
            wrong = [(tot / 2, f"S = {n(a * w)} + {n(w * h)} + {n(h * a)} = {n(tot / 2)}."),
                     (lat, None), (a * w * h, None), (tot - a * w, None)]
    elif k in ("cylinder", "cone", "sphere"):
        ans, cot, wrong = _round_area(b, k, lateral)
    elif k == "pyramid":
        a = b.measure("base_edge")
        if _exact(b.dims["slant"]) and b.rng.random() < 0.5:
            sl = b.measure("slant")
            cot = [f"The base is a square of side {n(a)} and the slant height is {n(sl)}."]
        else:
            h = b.measure("height")
            sl = math.hypot(h, a / 2)
            cot = [f"The base is a square of side {n(a)} and the height is {n(h)}.",
                   f"The slant height runs from the apex to the midpoint of a base edge: "
                   f"s = {SQ}(h{SQUARE} + (a/2){SQUARE}) = {SQ}({n(h)}{SQUARE} + "
                   f"{n(a / 2)}{SQUARE}) {_ap(sl)}."]
        lat = 4 * (a * sl / 2)
        cot.append(f"Each of the 4 lateral faces is a triangle of area (1/2) × {n(a)} × "
                   f"{n(sl)}, so the lateral area is {n(lat)}.")
        ans = lat if lateral else lat + a * a
        if not lateral:
            cot.append(f"Adding the base {n(a)}{SQUARE} = {n(a * a)} gives "
                       f"S {_ap(ans)}.")
        wrong = [(lat + a * a if lateral else lat, None),
                 (4 * a * sl, f"S = 4 × {n(a)} × {n(sl)}."),
                 (2 * a * sl + 2 * a * a, None), (a * a + 2 * a * b.spec.height, None)]
    else:  # prism
        B, _, steps = _base_area(b)
        h = b.measure("height")
        nb = 3 if b.spec.base == "triangle" else 6
        a = b.spec.a
        lat = nb * a * h
        # the bases' area is no step of the lateral area
        cot = (steps if not lateral else []) + [
            f"The {nb} lateral faces are rectangles {n(a)} by {n(h)}, so the lateral "
            f"area is {nb} × {n(a)} × {n(h)} = {n(lat)}."]
        ans = lat if lateral else lat + 2 * B
        if not lateral:
            cot.append(f"Adding the two bases: S = {n(lat)} + 2 × {n(B)} {_ap(ans)}.")
        wrong = [(lat + 2 * B if lateral else lat, None), (lat + B, f"S = {n(lat)} + {n(B)}."),
                 ((nb - 1) * a * h, None), (nb * a * h / 2, None)]
    cot.append(f"So the {what} of the {b.solid} is {n(ans)}{b.unit(2)}.")
    target = "lateral_surface_area" if lateral else "total_surface_area"
    return b.finish(_ask(rng, what, b.solid), cot, ans, wrong, target)


def _round_area(b: _Build, k: str, lateral: bool):
    r = b.measure("radius")
    pi = math.pi
    if k == "sphere":
        ans = 4 * pi * r * r
        q = 4 * _fr(r) ** 2
        cot = [f"The radius of the sphere is r = {n(r)}.",
               f"The surface area of a sphere is S = 4πr{SQUARE}.",
               f"S = 4 × π × {n(r)}{SQUARE} = {_pi_coef(q)} {_ap(ans)}."]
        wrong = [(pi * r * r, f"S = π × {n(r)}{SQUARE}."), (2 * pi * r * r, None),
                 (4 / 3 * pi * r ** 3, None), (4 * pi * r, None)]
        return ans, cot, wrong
    if k == "cylinder":
        h = b.measure("height")
        lat, disc = 2 * pi * r * h, pi * r * r
        cot = [f"The cylinder has base radius r = {n(r)} and height h = {n(h)}.",
               f"The lateral surface unrolls to a rectangle: 2πrh = 2π × {n(r)} × {n(h)} = "
               f"{_pi_coef(2 * _fr(r) * _fr(h))}."]
        if lateral:
            ans = lat
            wrong = [(lat + 2 * disc, None), (pi * r * h, f"S = π × {n(r)} × {n(h)}."),
                     (pi * r * r * h, None), (lat + disc, f"S = 2πrh + πr{SQUARE}.")]
        else:
            ans = lat + 2 * disc
            q = 2 * _fr(r) * _fr(h) + 2 * _fr(r) ** 2
            cot.append(f"The two bases add 2πr{SQUARE} = {_pi_coef(2 * _fr(r) ** 2)}, so "
                       f"S = {_pi_coef(q)}.")
            wrong = [(lat, None), (lat + disc, f"S = 2πrh + πr{SQUARE}."),
                     (pi * r * r * h, None), (2 * pi * r * (r + 2 * h), None)]
        cot.append(f"S {_ap(ans)}.")
        return ans, cot, wrong
    # cone
    if _exact(b.dims["slant"]) and b.rng.random() < 0.5:
        sl = b.measure("slant")
        cot = [f"The cone has base radius r = {n(r)} and slant height l = {n(sl)}."]
    else:
        h = b.measure("height")
        sl = math.hypot(r, h)
        cot = [f"The cone has base radius r = {n(r)} and height h = {n(h)}.",
               f"Its slant height is l = {SQ}(r{SQUARE} + h{SQUARE}) = {SQ}({n(r)}{SQUARE} + "
               f"{n(h)}{SQUARE}) {_ap(sl)}."]
    lat, disc = pi * r * sl, pi * r * r
    cot.append(f"The lateral area is πrl = π × {n(r)} × {n(sl)} {_ap(lat)}.")
    h_true = b.spec.height
    if lateral:
        ans = lat
        wrong = [(lat + disc, None), (pi * r * h_true, f"S = π × {n(r)} × {n(h_true)}."),
                 (2 * pi * r * sl, None)]
    else:
        ans = lat + disc
        cot.append(f"Adding the base πr{SQUARE} = π × {n(r)}{SQUARE} gives "
                   f"S {_ap(ans)}.")
        wrong = [(lat, None), (pi * r * h_true + disc, "S = πrh + πr²."),
                 (lat + 2 * disc, None), (2 * pi * r * sl + disc, None)]
    return ans, cot, wrong


# ----------------------------------------------------------------------------- lengths


def _slant(b: _Build, rng) -> Problem:
    k = b.spec.kind
    if k == "cone":
        r, h = b.measure("radius"), b.measure("height")
        ans = math.hypot(r, h)
        cot = [f"The cone has base radius r = {n(r)} and height h = {n(h)}.",
               "The height, a radius and the slant height form a right triangle, with the "
               "slant height as its hypotenuse.",
               f"l = {SQ}(r{SQUARE} + h{SQUARE}) = {SQ}({n(r * r)} + {n(h * h)}) = "
               f"{SQ}{n(r * r + h * h)} {_ap(ans)}."]
        wrong = [(r + h, f"l = {n(r)} + {n(h)} = {n(r + h)}."),
                 (math.sqrt(abs(h * h - r * r)), f"l = {SQ}(h{SQUARE} - r{SQUARE})."),
                 (math.hypot(2 * r, h), f"l = {SQ}({n(2 * r)}{SQUARE} + {n(h)}{SQUARE})."),
                 (h, None)]
    else:
        a, h = b.measure("base_edge"), b.measure("height")
        ans = math.hypot(h, a / 2)
        cot = [f"The base is a square of side {n(a)} and the height is {n(h)}.",
               "The foot of the height is the centre of the square, which is half a side, "
               f"{n(a / 2)}, from the midpoint of a base edge.",
               f"The slant height is s = {SQ}(h{SQUARE} + (a/2){SQUARE}) = "
               f"{SQ}({n(h * h)} + {n(a * a / 4)}) {_ap(ans)}."]
        wrong = [(math.hypot(h, a), f"s = {SQ}({n(h)}{SQUARE} + {n(a)}{SQUARE})."),
                 (math.hypot(h, a / math.sqrt(2)), None), (h + a / 2, None),
                 (math.sqrt(abs(h * h - a * a / 4)), None)]
    cot.append(f"So the slant height of the {b.solid} is {n(ans)}{b.unit(1)}.")
    extras = ("slant",) if k == "pyramid" else ()
    return b.finish(_ask(rng, "slant height", b.solid), cot, ans, wrong, "slant_height", extras)


def _lateral_edge(b: _Build, rng) -> Problem:
    a, h = b.measure("base_edge"), b.measure("height")
    half_diag = a / math.sqrt(2)
    ans = math.hypot(h, half_diag)
    cot = [f"The base is a square of side {n(a)} and the height is {n(h)}.",
           f"The foot of the height is the centre of the square, half a diagonal from each base "
           f"vertex: {n(a)}{SQ}2/2 {_ap(half_diag)}.",
           f"The lateral edge is {SQ}(h{SQUARE} + a{SQUARE}/2) = {SQ}({n(h * h)} + "
           f"{n(a * a / 2)}) {_ap(ans)}.",
           f"So each lateral edge of the pyramid is {n(ans)}{b.unit(1)}."]
    wrong = [(math.hypot(h, a / 2), f"e = {SQ}({n(h)}{SQUARE} + {n(a / 2)}{SQUARE})."),
             (math.hypot(h, a), None), (h + half_diag, None), (math.hypot(h, a * math.sqrt(2)),
                                                               None)]
    return b.finish(_ask(rng, "length of a lateral edge", b.solid), cot, ans, wrong,
                    "lateral_edge", ("height",))


def _diagonal(b: _Build, rng, space: bool) -> Problem:
    if b.spec.kind == "cube":
        a = b.measure("edge")
        w = h = a
        cot = [f"The edge of the cube is a = {n(a)}."]
    else:
        a, w, h = b.measure("length"), b.measure("width"), b.measure("height")
        cot = [f"The cuboid has length {n(a)}, width {n(w)} and height {n(h)}."]
    # the figure draws the space diagonal from bottom corner 0 to top corner 2 (above bottom
    # corner 2) and the face diagonal from top corner 0 to top corner 2: the bottom face's
    # diagonal 0-2 and the edge above corner 2 make the right triangle of the space diagonal
    nm = b.spec.vertex_names
    top = len(nm) // 2
    where = "bottom" if space else "top"
    fd = (f" {nm[0]}{nm[2]}" if space else f" {nm[top]}{nm[top + 2]}") if nm else ""
    face = math.hypot(a, w)
    cot.append(f"The diagonal{fd} of the {where} face is {SQ}({n(a)}{SQUARE} + {n(w)}{SQUARE}) "
               f"= {SQ}{n(a * a + w * w)} {_ap(face)}.")
    if space:
        ans = math.sqrt(a * a + w * w + h * h)
        tri = (f"With the vertical edge {nm[2]}{nm[top + 2]} it forms the right triangle "
               f"{nm[0]}{nm[2]}{nm[top + 2]}, so the space diagonal {nm[0]}{nm[top + 2]} is "
               if nm else "With the height it forms a right triangle, so the space diagonal is ")
        cot.append(f"{tri}{SQ}({n(a * a + w * w)} + {n(h)}{SQUARE}) = "
                   f"{SQ}{n(a * a + w * w + h * h)} {_ap(ans)}.")
        wrong = [(face, None), (a + w + h, f"d = {n(a)} + {n(w)} + {n(h)}."),
                 (face + h, f"d = {n(face)} + {n(h)}."),
                 (math.hypot(a, h) if b.spec.kind == "cuboid" else 2 * a, None)]
        what, target = "space diagonal", "space_diagonal"
    else:
        ans = face
        wrong = [(math.sqrt(a * a + w * w + h * h), None), (a + w, f"d = {n(a)} + {n(w)}."),
                 ((a + w) / math.sqrt(2), None), (a * w / 2, None)]
        what, target = "diagonal of the top face", "face_diagonal"
    cot.append(f"So the {what} is {n(ans)}{b.unit(1)}.")
    return b.finish(_ask(rng, f"length of the {what}", b.solid), cot, ans, wrong, target,
                    (target,))


# ----------------------------------------------------------------------------- inverse


def _radius_from_volume(b: _Build, rng) -> Problem:
    k, r = b.spec.kind, b.spec.radius
    if k == "sphere":
        V, vt = b.quantity("V", "volume", 4 / 3 * math.pi * r ** 3,
                           Fraction(4, 3) * _fr(r) ** 3, 3)
        x = 3 * V / (4 * math.pi)
        ans = x ** (1 / 3)
        cot = [f"The volume of the sphere is V = {vt}.",
               f"From V = (4/3)πr{CUBE}, r{CUBE} = 3V/(4π) = {n(x)}.",
               f"r = ∛{n(x)} {_ap(ans)}."]
        wrong = [(x, f"r = 3V/(4π) = {n(x)}."), (math.sqrt(x), None),
                 ((V / math.pi) ** (1 / 3), None), (2 * ans, None)]
    else:
        h = b.measure("height")
        third = k == "cone"
        V, vt = b.quantity("V", "volume", math.pi * r * r * h / (3 if third else 1),
                           _fr(r) ** 2 * _fr(h) / (3 if third else 1), 3)
        x = (3 if third else 1) * V / (math.pi * h)
        ans = math.sqrt(x)
        f = "(1/3)πr²h" if third else "πr²h"
        cot = [f"The volume of the {k} is V = {vt} and its height is h = {n(h)}.",
               f"From V = {f}, r{SQUARE} = {'3V' if third else 'V'}/(πh) = {n(x)}.",
               f"r = {SQ}{n(x)} {_ap(ans)}."]
        alt = (V / (math.pi * h)) if third else 3 * V / (math.pi * h)
        wrong = [(x, f"r = {n(x)}."), (math.sqrt(alt), None), (V / (2 * math.pi * h), None),
                 (2 * ans, None)]
    cot.append(f"So the radius of the {b.solid} is {n(ans)}{b.unit(1)}.")
    extras = ("radius",)
    return b.finish(_ask(rng, "radius", b.solid), cot, ans, wrong, "radius_from_volume", extras)


def _height_from_volume(b: _Build, rng) -> Problem:
    k, s = b.spec.kind, b.spec
    if k in ("cylinder", "cone"):
        r = b.measure("radius")
        third = k == "cone"
        V, vt = b.quantity("V", "volume", math.pi * r * r * s.height / (3 if third else 1),
                           _fr(r) ** 2 * _fr(s.height) / (3 if third else 1), 3)
        ans = (3 if third else 1) * V / (math.pi * r * r)
        cot = [f"The volume of the {k} is V = {vt} and its base radius is r = {n(r)}.",
               f"From V = {'(1/3)' if third else ''}πr{SQUARE}h, h = "
               f"{'3V' if third else 'V'}/(πr{SQUARE}) = {'3 × ' if third else ''}{vt}/"
               f"(π × {n(r)}{SQUARE}) {_ap(ans)}."]
        wrong = [(ans / 3 if third else ans * 3, None), (V / (2 * math.pi * r), None),
                 (ans * r, None), (ans / 2, None)]
        extras = ("height",)
    elif k == "cuboid":
        a, w = b.measure("length"), b.measure("width")
        V, vt = b.quantity("V", "volume", a * w * s.c, None, 3)
        ans = V / (a * w)
        cot = [f"The volume of the cuboid is V = {vt}, with length {n(a)} and width {n(w)}.",
               f"From V = lwh, h = V/(lw) = {vt}/({n(a)} × {n(w)}) {_ap(ans)}."]
        wrong = [(V / (a + w), None), (V / a, None), (3 * ans, None), (V - a * w, None)]
        extras = ()
    else:  # square pyramid
        a = b.measure("base_edge")
        V, vt = b.quantity("V", "volume", a * a * s.height / 3, None, 3)
        ans = 3 * V / (a * a)
        cot = [f"The volume of the pyramid is V = {vt} and its base is a square of side {n(a)}.",
               f"From V = (1/3)a{SQUARE}h, h = 3V/a{SQUARE} = 3 × {vt}/{n(a * a)} "
               f"{_ap(ans)}."]
        wrong = [(V / (a * a), f"h = V/a{SQUARE} = {n(V / (a * a))}."), (3 * V / a, None),
                 (ans / 2, None), (V / a, None)]
        extras = ("height",)
    cot.append(f"So the height of the {b.solid} is {n(ans)}{b.unit(1)}.")
    return b.finish(_ask(rng, "height", b.solid), cot, ans, wrong, "height_from_volume", extras)


def _edge_from_area(b: _Build, rng) -> Problem:
    a = b.spec.a
    S, st = b.quantity("S", "total surface area", 6 * a * a, None, 2)
    ans = math.sqrt(S / 6)
    cot = [f"The total surface area of the cube is S = {st}.",
           f"A cube has 6 equal square faces, so each face has area {st}/6 = {n(S / 6)}.",
           f"The edge is a = {SQ}{n(S / 6)} {_ap(ans)}.",
           f"So the edge of the cube is {n(ans)}{b.unit(1)}."]
    wrong = [(S / 6, f"a = {st}/6 = {n(S / 6)}."), (math.sqrt(S / 4), None),
             (S ** (1 / 3), None), (math.sqrt(S), None)]
    return b.finish(_ask(rng, "edge length", b.solid), cot, ans, wrong,
                    "edge_from_surface_area")


def _height_from_slant(b: _Build, rng) -> Problem:
    r, sl = b.measure("radius"), b.measure("slant")
    ans = math.sqrt(sl * sl - r * r)
    cot = [f"The cone has base radius r = {n(r)} and slant height l = {n(sl)}.",
           "The height, a radius and the slant height form a right triangle with the slant "
           "height as hypotenuse.",
           f"h = {SQ}(l{SQUARE} - r{SQUARE}) = {SQ}({n(sl * sl)} - {n(r * r)}) = "
           f"{SQ}{n(sl * sl - r * r)} {_ap(ans)}.",
           f"So the height of the cone is {n(ans)}{b.unit(1)}."]
    wrong = [(math.hypot(sl, r), f"h = {SQ}({n(sl)}{SQUARE} + {n(r)}{SQUARE})."),
             (sl - r, f"h = {n(sl)} - {n(r)}."), (sl, None), (sl * sl - r * r, None)]
    return b.finish(_ask(rng, "height", b.solid), cot, ans, wrong, "height_from_slant",
                    ("height",))


# volumes and surface areas are the staple questions and cover every solid
_WEIGHTS = {"volume": 3.0, "total_surface_area": 2.0, "lateral_surface_area": 1.5}
_PYTH_CONES = [(3, 4), (6, 8), (5, 12), (8, 15), (9, 12), (4, 3), (12, 9), (7, 24), (12, 16)]
_PYTH_PYRAMIDS = [(6, 4), (8, 3), (10, 12), (16, 6), (12, 8), (18, 12)]


@problem_maker("solid_geometry")
def make_problem(rng: np.random.Generator) -> Problem:
    names = sorted(TARGETS)
    w = np.array([_WEIGHTS.get(t, 1.0) for t in names])
    target = names[int(rng.choice(len(names), p=w / w.sum()))]
    kind, base = rng_choice(rng, TARGETS[target])
    spec = sample_solid(rng, kind=kind, base=base or None)
    spec = spec.replace(shown=[], extras=[], note="")
    if target == "height_from_slant":
        r, h = rng_choice(rng, _PYTH_CONES)
        spec = spec.replace(radius=float(r), height=float(h))
    if target in ("slant_height", "lateral_edge") and kind == "pyramid" and rng.random() < 0.5:
        a, h = rng_choice(rng, _PYTH_PYRAMIDS)
        spec = spec.replace(a=float(a), height=float(h))
    spec = settle_view(spec)  # the view was cleared for the sampled dimensions, not these
    b = _Build(rng, spec)
    if target == "volume":
        return _volume(b, rng)
    if target in ("total_surface_area", "lateral_surface_area"):
        return _area(b, rng, lateral=target.startswith("lateral"))
    if target == "slant_height":
        return _slant(b, rng)
    if target == "lateral_edge":
        return _lateral_edge(b, rng)
    if target in ("space_diagonal", "face_diagonal"):
        return _diagonal(b, rng, space=target == "space_diagonal")
    if target == "radius_from_volume":
        return _radius_from_volume(b, rng)
    if target == "height_from_volume":
        return _height_from_volume(b, rng)
    if target == "edge_from_surface_area":
        return _edge_from_area(b, rng)
    return _height_from_slant(b, rng)
