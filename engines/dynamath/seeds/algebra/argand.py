"""DynaMath "algebra" seeds on complex numbers drawn as points of the complex plane (Argand
diagram): the distance between two of them, the argument of one, which number is their
product, and which equation z^n = w has the drawn points as its solutions.

Why these: DynaMath's algebra topic reads complex numbers off a coordinate grid and combines
them. Points sit on lattice points of a grid with step 1, so every real and imaginary part is
read off it; the text says the horizontal axis is the real part. Answers use Python's complex
arithmetic on the params; ``check`` reads the points back from the drawn spec and works in
polar form or with sympy, so a drawing or an option list that disagrees fails the tests.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_graph_s6.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.algebra.curves import COLORS, HIGH, ROUND2, TOPIC, UNI, ch, sp
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject
from renderers.text import r2

PLANE = ("The figure shows the complex plane: the horizontal axis is the real part and the "
         "vertical axis the imaginary part, with grid lines 1 apart.")


def lattice_point(rng, lo: int = -5, hi: int = 5) -> list[int]:
    """A point off both axes (a number with nonzero real and imaginary parts)."""
    while True:
        a, b = (int(x) for x in rng.integers(lo, hi + 1, size=2))
        if a and b:
            return [a, b]


def ctext(z: complex) -> str:
    """a + bi as the options write it: 3 - 2i, -i, 4, 5i."""
    a, b = int(round(z.real)), int(round(z.imag))
    if b == 0:
        return str(a)
    im = {1: "i", -1: "-i"}.get(b, f"{b}i")
    if a == 0:
        return im
    return f"{a} {'-' if b < 0 else '+'} {im.lstrip('-') if abs(b) != 1 else 'i'}"


def parse_complex(text: str) -> complex:
    """An option's a + bi read back with Python's complex() ("3 - i" -> 3-1j)."""
    t = text.replace(" ", "")
    if not t.endswith("i"):
        return complex(int(t), 0)
    body = t[:-1]
    return complex((body + "1" if body in ("", "+", "-") or body[-1] in "+-" else body) + "j")


def plane(points: list[tuple[str, list[float]]], color: str, extra: list | None = None
          ) -> AnalyticSpec:
    objs = [GeoObject("point", name, [[float(x), float(y)]], [name], color=color)
            for name, (x, y) in points]
    return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=objs + (extra or []))


def drawn(spec: AnalyticSpec) -> dict[str, complex]:
    """The points of the spec as complex numbers, by name."""
    return {o.name: complex(o.pts[0][0], o.pts[0][1]) for o in spec.objects if o.kind == "point"}


class ArgandSeed(SeedQuestion):
    topic = TOPIC


class ArgandClauseSeed(ArgandSeed):
    """An Argand seed with clauses filled from the drawn points, so that each is true: the sum
    of the two drawn numbers by their drawn names with its real part, or a third number named
    apart from them at a lattice point neither of them is on."""

    def clause(self, p, rng):
        t = self.clauses[int(rng.integers(len(self.clauses)))]
        pts = drawn(self.diagram(p))
        (a, za), (b, zb) = pts.items()
        third = lattice_point(rng)
        while complex(*third) in pts.values():
            third = lattice_point(rng)
        name = next(n for n in ("u", "z") if n not in pts)
        return {"text": t.format(a=a, b=b, re=int((za + zb).real), name=name,
                                 num=ctext(complex(*third)))}


@register_seed
class ArgandDistance(ArgandClauseSeed):
    seed_id = "algebra-argand-modulus"
    level, answer_type = HIGH, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("The number {a} + {b} has real part {re}.",
               "A third number {name} = {num} is not drawn.")

    def sample(self, rng):
        while True:
            z, w = lattice_point(rng), lattice_point(rng)
            if z != w:
                return {"z": z, "w": w, "names": ch(rng, (["z", "w"], ["u", "v"], ["p", "q"])),
                        "color": ch(rng, COLORS)}

    def question(self, p):
        a, b = p["names"]
        return f"{PLANE} What is |{a} - {b}|, the modulus of {a} - {b}? {ROUND2}"

    def answer(self, p):
        return r2(abs(complex(*p["z"]) - complex(*p["w"])))

    def check(self, p):  # sympy's Abs of the difference of the drawn points
        pts = drawn(self.diagram(p))
        a, b = p["names"]
        d = pts[a] - pts[b]
        return r2(float(sp().Abs(sp().Integer(int(d.real)) + sp().I * int(d.imag))))

    def diagram(self, p):
        a, b = p["names"]
        return plane([(a, p["z"]), (b, p["w"])], p["color"])


@register_seed
class ArgandArgument(ArgandSeed):
    seed_id = "algebra-argand-argument"
    level, answer_type = UNI, "float"
    kinds = ("numerical value", "geometric transformation")

    def sample(self, rng):
        return {"z": lattice_point(rng), "color": ch(rng, COLORS)}

    def question(self, p):
        return (f"{PLANE} What is the argument of z in degrees, taken in the interval "
                f"(-180°, 180°]? {ROUND2}")

    def answer(self, p):
        a, b = p["z"]
        return r2(math.degrees(math.atan2(b, a)))

    def check(self, p):  # the angle from the positive real axis by quadrant, arctan of |b/a|
        z = drawn(self.diagram(p))["z"]
        base = math.degrees(math.atan(abs(z.imag / z.real)))
        ang = base if z.real > 0 else 180 - base
        return r2(ang if z.imag > 0 else -ang)

    def diagram(self, p):
        return plane([("z", p["z"])], p["color"],
                     [GeoObject("segment", "", [[0.0, 0.0], [float(x) for x in p["z"]]],
                                ["", ""], color=p["color"])])


@register_seed
class ArgandProduct(ArgandClauseSeed, ShuffledCandidates):
    seed_id = "algebra-argand-product"
    level, answer_type = UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("The number {a} + {b} has real part {re}.",)

    def sample(self, rng):
        while True:
            z, w = complex(*lattice_point(rng, -3, 3)), complex(*lattice_point(rng, -3, 3))
            c = [z * w, z * w.conjugate(), complex(z.real * w.real + z.imag * w.imag,
                                                   z.real * w.imag + z.imag * w.real),
                 complex(z.real * w.real, z.imag * w.imag), -(z * w)]
            texts = [ctext(x) for x in c]
            uniq = list(dict.fromkeys(texts))
            if uniq[0] == texts[0] and len(uniq) >= 4:
                return {"z": [int(z.real), int(z.imag)], "w": [int(w.real), int(w.imag)],
                        "cand": uniq[:4], "order": draw_order(rng), "color": ch(rng, COLORS)}

    def question(self, p):
        return f"{PLANE} Which number is the product z·w?"

    def candidates(self, p):
        return list(p["cand"])

    def check(self, p):  # multiply in polar form, compare with each option
        pts = drawn(self.diagram(p))
        r = abs(pts["z"]) * abs(pts["w"])
        t = math.atan2(pts["z"].imag, pts["z"].real) + math.atan2(pts["w"].imag, pts["w"].real)
        prod = complex(r * math.cos(t), r * math.sin(t))
        hit = [o for o in self.options(p) if abs(parse_complex(o) - prod) < 1e-6]
        return hit[0] if len(hit) == 1 else None

    def diagram(self, p):
        return plane([("z", p["z"]), ("w", p["w"])], p["color"])


@register_seed
class ArgandRootsEquation(ArgandSeed, ShuffledCandidates):
    seed_id = "algebra-argand-roots-equation"
    level, answer_type = UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", "symbolic substitution")

    def sample(self, rng):
        while True:
            n = int(ch(rng, (2, 4)))
            r = complex(*lattice_point(rng, -3, 3))
            w = r ** n
            c = [w, w.conjugate(), -w, w * 1j, (r.conjugate() * 1j) ** n, 2 * w]
            uniq = list(dict.fromkeys(ctext(x) for x in c))
            if uniq[0] == ctext(w) and len(uniq) >= 4:
                return {"n": n, "r": [int(r.real), int(r.imag)], "cand": uniq[:4],
                        "order": draw_order(rng), "color": ch(rng, COLORS)}

    def roots(self, p) -> list[complex]:
        r = complex(*p["r"])
        return [r * 1j ** (4 // p["n"] * k) for k in range(p["n"])]

    def question(self, p):
        return (f"{PLANE} The drawn points are all the solutions of z^{p['n']} = w. "
                "Which number is w?")

    def candidates(self, p):
        return list(p["cand"])

    def check(self, p):  # the option whose z^n - w vanishes at every drawn point (sympy)
        s = sp()
        zs = list(drawn(self.diagram(p)).values())
        hit = []
        for o in self.options(p):
            w = parse_complex(o)
            if len(zs) == p["n"] and all(abs(complex(s.expand((s.Integer(int(z.real)) + s.I * int(
                    z.imag)) ** p["n"])) - w) < 1e-9 for z in zs):
                hit.append(o)
        return hit[0] if len(hit) == 1 else None

    def diagram(self, p):
        pts = [(f"z{k + 1}", [round(z.real), round(z.imag)]) for k, z in enumerate(self.roots(p))]
        return plane(pts, p["color"])
