"""DynaMath "analytic geometry" seeds on conics read off a drawing: the foci of an ellipse,
which equation an ellipse or a circle has, the focus and directrix of a parabola, the
asymptotes and eccentricity of a hyperbola, and the tangent line to a circle at a point.

Why these: DynaMath asks for the measures of a drawn conic and for the equation that matches
a drawing (multiple choice, mostly undergraduate). Centres, semi-axes and marked points are
integers, so the picture states every value the answer needs; a hyperbola is drawn as the level
curve of a quadratic form (the contour family) with its vertices and co-vertices marked.
Distractors are the usual slips (axes swapped, signs of the centre flipped, a radius not
squared, the focus on the wrong side). ``check`` re-derives each answer by another route:
sympy's Ellipse / Circle, the focus-directrix property tested at points of the curve, or each
option's equation evaluated at points of the drawn curve.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_conics.py
"""
from __future__ import annotations

import math
from fractions import Fraction

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, ROUND2, TOPIC, UNI, coord,
                                                           fpts, sp, spt)
from renderers.analytic_geometry.spec import (AnalyticSpec, GeoObject, circle_equation,
                                              ellipse_equation, fmt_frac, line_equation)
from renderers.contour.spec import ContourSpec, Marked
from renderers.spec import rng_choice
from renderers.text import r2


def _surd(n: int) -> str:
    """sqrt(n) as the options write it: 4, or √7."""
    r = math.isqrt(n)
    return str(r) if r * r == n else f"√{n}"


def _pm(c: int, s: str) -> str:
    """c ± s: "1 ± √7", "±3" when c is 0."""
    return f"±{s}" if c == 0 else f"{c} ± {s}"


def eq_holds(text: str, pts) -> bool:
    """Whether the equation text (as the options write it: x², (2/3)x) holds at every point."""
    s = sp()
    from sympy.parsing.sympy_parser import (implicit_multiplication_application, parse_expr,
                                            rationalize, standard_transformations)
    tr = standard_transformations + (implicit_multiplication_application, rationalize)
    lhs, rhs = text.replace("²", "**2").replace("±", "+").split("=")
    x, y = s.symbols("x y")
    e = parse_expr(lhs, transformations=tr) - parse_expr(rhs, transformations=tr)
    return all(s.expand(e.subs({x: s.nsimplify(px), y: s.nsimplify(py)})) == 0
               for px, py in pts)


# ----------------------------------------------------------------------------- ellipse


def _ellipse(rng, lim: int = 6):
    while True:
        ab = [int(v) for v in rng.choice(range(1, 7), size=2, replace=False)]
        c = [int(v) for v in rng.integers(-3, 4, size=2)]
        if abs(c[0]) + ab[0] <= lim and abs(c[1]) + ab[1] <= lim and max(ab) >= 3:
            return c, ab


def _ellipse_spec(p, coords=False):
    return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
        GeoObject("ellipse", "", fpts([p["c"]]), ["C"], semi_x=float(p["ab"][0]),
                  semi_y=float(p["ab"][1]), color=p["color"], show_coords=coords)])


@register_seed
class EllipseFoci(ShuffledCandidates):
    seed_id = "analytic-ellipse-foci"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A circle of radius {n}, not drawn, has the same centre as the ellipse.",
               "The ellipse is one of {n} ellipses a student drew on the same grid.")

    def sample(self, rng):
        c, ab = _ellipse(rng)
        return {"c": c, "ab": ab, "order": draw_order(rng),
                "color": rng_choice(rng, COLORS)}

    @staticmethod
    def candidates(p):
        (h, k), (a, b) = p["c"], p["ab"]
        near, far = _surd(abs(a * a - b * b)), _surd(a * a + b * b)
        horiz = a > b

        def foci(s, along_x):
            return f"({_pm(h, s)}, {k})" if along_x else f"({h}, {_pm(k, s)})"
        return [foci(near, horiz), foci(near, not horiz), foci(far, horiz),
                foci(far, not horiz)]

    def question(self, p):
        return ("The ellipse centred at C has its axes parallel to the coordinate axes. Where "
                "are the foci of the ellipse?")

    def check(self, p):
        s = sp()
        f1, f2 = s.Ellipse(spt(p["c"]), *p["ab"]).foci

        def coords(part):  # "c", "c ± s" or "±s" (s an integer or √n) -> the values it means
            base, pm, off = part.partition("±")
            b0 = s.Integer(base.strip() or 0)
            if not pm:
                return [b0]
            o = off.strip()
            o = s.sqrt(int(o[1:])) if o.startswith("√") else s.Integer(o)
            return [b0 - o, b0 + o]
        for o in self.options(p):
            xs, ys = (coords(t) for t in o.strip("()").split(", "))
            if {(x, y) for x in xs for y in ys} == {(f1.x, f1.y), (f2.x, f2.y)}:
                return o
        return None

    def diagram(self, p):
        return _ellipse_spec(p)


def _ellipse_text(h, k, a, b, squared=True) -> str:
    if squared:
        return ellipse_equation(Fraction(h), Fraction(k), Fraction(a), Fraction(b))

    def part(var, c, s):
        sh = var if c == 0 else f"({var} {'-' if c > 0 else '+'} {abs(c)})"
        return f"{sh}²" if s == 1 else f"{sh}²/{s}"
    return f"{part('x', h, a)} + {part('y', k, b)} = 1"


@register_seed
class EllipseEquation(ShuffledCandidates):
    seed_id = "analytic-ellipse-equation"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("The ellipse is one of {n} ellipses a student drew on the same grid.",)

    def sample(self, rng):
        while True:
            c, ab = _ellipse(rng)
            if c[0] != 0 and c[1] != 0 and min(ab) >= 2:
                return {"c": c, "ab": ab, "order": draw_order(rng),
                        "color": rng_choice(rng, COLORS)}

    @staticmethod
    def candidates(p):
        (h, k), (a, b) = p["c"], p["ab"]
        return [_ellipse_text(h, k, a, b), _ellipse_text(h, k, b, a),
                _ellipse_text(-h, -k, a, b), _ellipse_text(h, k, a, b, squared=False)]

    def question(self, p):
        return "Which equation describes the ellipse drawn?"

    def check(self, p):
        o = self.diagram(p).objects[0]
        (h, k), a, b = o.pts[0], o.semi_x, o.semi_y
        on = [(h + a, k), (h - a, k), (h, k + b), (h, k - b)]
        hits = [t for t in self.options(p) if eq_holds(t, [(int(x), int(y)) for x, y in on])]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        return _ellipse_spec(p)


# ----------------------------------------------------------------------------- circle


@register_seed
class CircleEquation(ShuffledCandidates):
    seed_id = "analytic-circle-equation"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)

    def sample(self, rng):
        while True:
            c = [coord(rng, -3, 3), coord(rng, -3, 3)]
            r = int(rng.integers(2, 5))
            if abs(c[0]) != abs(c[1]) and abs(c[0]) + r <= 6 and abs(c[1]) + r <= 6:
                return {"c": c, "r": r, "order": draw_order(rng),
                        "color": rng_choice(rng, COLORS)}

    @staticmethod
    def candidates(p):
        (h, k), r = p["c"], p["r"]
        H, K = Fraction(h), Fraction(k)
        return [circle_equation(H, K, Fraction(r * r)), circle_equation(-H, -K, Fraction(r * r)),
                circle_equation(H, K, Fraction(r)), circle_equation(K, H, Fraction(r * r))]

    def question(self, p):
        return "The circle is drawn with its centre C. Which equation describes the circle?"

    def check(self, p):
        s = sp()
        circ = s.Circle(spt(p["c"]), p["r"])
        on = [(circ.center.x + dx, circ.center.y + dy)
              for dx, dy in ((p["r"], 0), (0, p["r"]), (-p["r"], 0), (0, -p["r"]))]
        hits = [t for t in self.options(p) if eq_holds(t, on)]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("circle", "", fpts([p["c"]]), ["C"], radius=float(p["r"]),
                      color=p["color"])])


# lattice vectors of each squared length (one octant; signs and order are drawn)
LATTICE = {5: (1, 2), 10: (1, 3), 13: (2, 3), 17: (1, 4), 20: (2, 4), 25: (3, 4)}


def _line_text(m: Fraction, P) -> str:
    return line_equation(m, Fraction(P[1]) - m * P[0])


@register_seed
class CircleTangent(ShuffledCandidates):
    seed_id = "analytic-circle-tangent"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The circle is one of {n} circles a student drew on the same grid.",
               "Point Z({x}, {y}) is another point of the plane; it is not drawn.")

    def sample(self, rng):
        while True:
            rsq = int(rng_choice(rng, tuple(LATTICE)))
            a, b = LATTICE[rsq]
            a, b = (b, a) if rng.random() < 0.5 else (a, b)
            d = [a * int(rng_choice(rng, (-1, 1))), b * int(rng_choice(rng, (-1, 1)))]
            c = [int(v) for v in rng.integers(-2, 3, size=2)]
            P = [c[0] + d[0], c[1] + d[1]]
            r = math.sqrt(rsq)
            if max(abs(c[0]) + r, abs(c[1]) + r) <= 6.5 and 0 not in P and P != [0, 0]:
                p = {"c": c, "d": d, "order": draw_order(rng),
                     "color": rng_choice(rng, COLORS)}
                if len(set(self.candidates(p))) == 4:
                    return p

    @staticmethod
    def candidates(p):
        (dx, dy), P = p["d"], [p["c"][0] + p["d"][0], p["c"][1] + p["d"][1]]
        m = Fraction(-dx, dy)
        Q = [p["c"][0] - p["d"][0], p["c"][1] - p["d"][1]]  # the opposite end of the diameter
        return [_line_text(m, P), _line_text(Fraction(dy, dx), P), _line_text(m, Q),
                _line_text(-m, P)]

    def question(self, p):
        return ("The circle has centre C and passes through the point P. Which line is tangent "
                "to the circle at P?")

    def check(self, p):
        s = sp()
        P = spt(p["c"]).translate(*p["d"])
        (tan,) = s.Circle(spt(p["c"]), spt(p["c"]).distance(P)).tangent_lines(P)
        far = tan.p1 + 2 * (tan.p2 - tan.p1)
        hits = [t for t in self.options(p) if eq_holds(t, [(P.x, P.y), (far.x, far.y)])]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        P = [p["c"][0] + p["d"][0], p["c"][1] + p["d"][1]]
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("circle", "", fpts([p["c"], P]), ["C", "P"],
                      radius=math.hypot(*p["d"]), color=p["color"], show_coords=True)])


# ----------------------------------------------------------------------------- parabola

PARA_A = (-2.0, -1.0, -0.5, 0.5, 1.0, 2.0)


@register_seed
class ParabolaFocusDirectrix(ShuffledCandidates):
    seed_id = "analytic-parabola-focus"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A line with slope {n}, not drawn, passes through the vertex.",)
    ASK = ("focus", "directrix")

    def sample(self, rng):
        while True:
            a = float(rng_choice(rng, PARA_A))
            v = [coord(rng, -3, 3), int(rng.integers(-3, 4))]
            d = int(rng_choice(rng, (-2, -1, 1, 2)))
            P = [v[0] + d, v[1] + a * d * d]
            if abs(P[0]) <= 6 and abs(P[1]) <= 6 and math.dist(P, v) >= 2.2:
                return {"v": v, "a": a, "d": d, "ask": rng_choice(rng, self.ASK),
                        "order": draw_order(rng),
                        "color": rng_choice(rng, COLORS)}

    @staticmethod
    def candidates(p):
        (h, k), a = p["v"], Fraction(p["a"])
        q = 1 / (4 * a)  # vertex to focus, signed
        offs = [q, -q, 2 * q, 4 * a]
        if p["ask"] == "focus":
            return [f"({h}, {fmt_frac(k + o)})" for o in offs]
        return [f"y = {fmt_frac(k - o)}" for o in offs]

    def question(self, p):
        return (f"The parabola is the graph of y = a(x - h)² + k with vertex V; it passes "
                f"through the point P. What is the {p['ask']} of the parabola?")

    def check(self, p):
        """Each option read as a focus (or as a directrix, whose focus is its mirror image in
        the vertex); the right one is as far from the focus as from the directrix at three
        points of the curve."""
        s = sp()
        (h, k), a = p["v"], s.nsimplify(p["a"])
        pts = [s.Point(h + t, k + a * t * t) for t in (-3, 1, 2)]
        hits = []
        for o in self.options(p):
            if p["ask"] == "focus":
                fy = s.nsimplify(o.strip("()").split(", ")[1])
                dy = 2 * k - fy
            else:
                dy = s.nsimplify(o.split("= ")[1])
                fy = 2 * k - dy
            F = s.Point(h, fy)
            if all(s.simplify(q.distance(F) - abs(q.y - dy)) == 0 for q in pts):
                hits.append(o)
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        (h, k), d = p["v"], p["d"]
        P = [h + d, k + p["a"] * d * d]
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("parabola", "", fpts([p["v"]]), ["V"], coef=p["a"], color=p["color"],
                      show_coords=True),
            GeoObject("point", "", fpts([P]), ["P"], show_coords=True)])


# ----------------------------------------------------------------------------- hyperbola


def _hyperbola_spec(p) -> ContourSpec:
    """x-axis opening: (x-h)²/a² - (y-k)²/b² = 1 is the level 1 of the quadratic form; the
    vertices V, V' and the co-vertices B, B' are marked with their coordinates."""
    (h, k), (a, b) = p["c"], p["ab"]
    sx, sy = (1, -1) if p["axis"] == "x" else (-1, 1)
    bowl = [sx / (a * a), sy / (b * b), float(h), float(k)]
    if p["axis"] == "x":
        pts = [("V", h + a, k), ("V'", h - a, k), ("B", h, k + b), ("B'", h, k - b)]
    else:
        pts = [("V", h, k + b), ("V'", h, k - b), ("B", h + a, k), ("B'", h - a, k)]
    return ContourSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, bowl=bowl, levels=[1.0],
                       label_levels=False, color=p["color"],
                       points=[Marked(f"{n}({x}, {y})", float(x), float(y)) for n, x, y in pts])


def _hyperbola_sample(rng, centred: bool):
    while True:
        ab = [int(v) for v in rng.choice(range(2, 6), size=2, replace=False)]
        c = [0, 0] if centred else [int(v) for v in rng.integers(-2, 3, size=2)]
        if abs(c[0]) + ab[0] <= 6 and abs(c[1]) + ab[1] <= 6:
            return c, ab


_HSTEM = ("The hyperbola is drawn with its vertices V and V' and the ends B and B' of its "
          "conjugate axis (coordinates given). ")


@register_seed
class HyperbolaAsymptotes(ShuffledCandidates):
    seed_id = "analytic-hyperbola-asymptotes"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A circle of radius {n}, not drawn, is centred at the origin.",)

    def sample(self, rng):
        c, ab = _hyperbola_sample(rng, centred=True)
        return {"c": c, "ab": ab, "axis": rng_choice(rng, ("x", "y")),
                "order": draw_order(rng), "color": rng_choice(rng, COLORS)}

    @staticmethod
    def candidates(p):
        a, b = (Fraction(v) for v in p["ab"])
        slopes = list(dict.fromkeys([b / a, a / b, (b / a) ** 2, 2 * b / a, b / (2 * a)]))[:4]

        def txt(m):
            s = fmt_frac(m)
            return f"y = ±{'x' if m == 1 else (f'({s})x' if '/' in s else s + 'x')}"
        return [txt(m) for m in slopes]

    def question(self, p):
        return _HSTEM + "What are the equations of the asymptotes of the hyperbola?"

    def check(self, p):
        """The asymptotes hold the corners (±a, ±b) of the box through V, V', B, B' (for either
        opening: the box is the same); the slope is read from sympy's Hyperbola-free route:
        the limit of y/x on the curve."""
        s = sp()
        x = s.symbols("x", positive=True)
        a, b = p["ab"]
        if p["axis"] == "x":
            slope = s.limit(b * s.sqrt(x ** 2 / a ** 2 - 1) / x, x, s.oo)
        else:
            slope = s.limit(b * s.sqrt(x ** 2 / a ** 2 + 1) / x, x, s.oo)
        hits = [o for o in self.options(p)
                if eq_holds(o, [(1, slope), (a, b)]) and eq_holds(o.replace("±", ""),
                                                                   [(a, b)])]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        return _hyperbola_spec(p)


@register_seed
class HyperbolaMeasure(SeedQuestion):
    seed_id = "analytic-hyperbola-measure"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A circle of radius {n}, not drawn, has the same centre as the hyperbola.",)
    ASK = ("eccentricity", "distance between the foci")

    def sample(self, rng):
        c, ab = _hyperbola_sample(rng, centred=False)
        return {"c": c, "ab": ab, "axis": rng_choice(rng, ("x", "y")),
                "ask": rng_choice(rng, self.ASK), "color": rng_choice(rng, COLORS)}

    def _semi(self, p):
        a, b = p["ab"]
        return (a, b) if p["axis"] == "x" else (b, a)  # (transverse, conjugate)

    def question(self, p):
        return _HSTEM + f"What is the {p['ask']} of the hyperbola? {ROUND2}"

    def answer(self, p):
        t, c = self._semi(p)
        f = math.hypot(t, c)
        return r2(f / t if p["ask"] == "eccentricity" else 2 * f)

    def check(self, p):
        """Foci found as the two points whose distances to the curve's points differ by the
        constant 2t: solve |PF1 - PF2| = 2t at a point of the curve for the focal distance."""
        s = sp()
        t, c = self._semi(p)
        f = s.symbols("f", positive=True)
        # the point (t·cosh 1, c·sinh 1) of the curve (in its own frame), foci (±f, 0)
        X, Y = t * s.cosh(1), c * s.sinh(1)
        eq = s.sqrt((X + f) ** 2 + Y ** 2) - s.sqrt((X - f) ** 2 + Y ** 2) - 2 * t
        fv = float(s.nsolve(eq, f, t + 0.5))
        return r2(fv / t if p["ask"] == "eccentricity" else 2 * fv)

    def diagram(self, p):
        return _hyperbola_spec(p)
