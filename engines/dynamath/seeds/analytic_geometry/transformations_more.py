"""DynaMath "analytic geometry" seeds on transformations, second set: the graph g drawn as a
stretched or reflected f (which formula), which panel shows a f(x - h) + k, a reflection
followed by a rotation, the centre of a drawn dilation, and the single move two reflections
make (the matrix maps are in linear_maps_more.py).

Why these: DynaMath reads transformations off figures both as formulas of graphs and as maps
of the plane (matrices included, at undergraduate level). Coordinates are integers, so the
grid states every value; distractors are the usual slips (the order of a composition, a
vertical stretch for a horizontal one, half the translation, the midpoint for the centre).
``check`` re-derives each answer another way: each option's formula parsed by sympy and
compared with the drawn curve, sympy's Point.reflect / rotate / Line intersections on what
the spec draws.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_ag2.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, TOPIC, apart, coord,
                                                           fpts, sp, spt)
from engines.dynamath.seeds.analytic_geometry.panels import R, WhichPanel, _on
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject, fmt_frac, shoelace
from renderers.panels.spec import Item, Panel, PanelsSpec, curve_points, graph_y
from renderers.spec import rng_choice

LETTERS4 = "ABCD"
TRI_CLAUSES = ("Triangle ABC is one of {n} triangles a student drew that day.",
               "Point Z({x}, {y}) is another point of the plane; it is not drawn.")


def _xy(q) -> str:
    return f"({fmt_frac(Fraction(q[0]))}, {fmt_frac(Fraction(q[1]))})"


def _triangle(rng, lim: int, min_area2: int = 6) -> list[list[int]]:
    while True:
        tri = [[coord(rng, -lim, lim), coord(rng, -lim, lim)] for _ in range(3)]
        if 2 * shoelace(tri) >= min_area2 and apart(tri):
            return tri


# ----------------------------------------------------------------------------- graph stretch

STRETCHES = {"2f(x)": (2, 1), "f(2x)": (1, 2), "(1/2)f(x)": (0.5, 1), "f(x/2)": (1, 0.5),
             "-f(x)": (-1, 1), "f(-x)": (1, -1)}  # g(x) = a f(b x)


def _quad(a, h, k) -> list[float]:
    """Ascending coefficients of a(x - h)² + k."""
    return [float(a * h * h + k), float(-2 * a * h), float(a)]


@register_seed
class GraphStretch(ShuffledCandidates):
    seed_id = "analytic-graph-stretch"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "symbolic substitution", IRRELEVANT)
    clauses = ("The graph of f crosses the vertical line x = {x} once.",)

    def sample(self, rng):
        names = list(STRETCHES)
        right = names[int(rng.integers(len(names)))]
        rest = [n for n in names if n != right]
        wrong = [rest[int(i)] for i in rng.choice(len(rest), size=3, replace=False)]
        return {"a": float(rng_choice(rng, (-1.0, -0.5, 0.5, 1.0))),
                "h": int(rng_choice(rng, (-2, -1, 1, 2))),
                "k": int(rng_choice(rng, (-2, -1, 1, 2))), "cands": [right, *wrong],
                "order": draw_order(rng), "colors": ["blue", "red"] if rng.random() < 0.5
                else ["green", "orange"]}

    def candidates(self, p):
        return [f"g(x) = {c}" for c in p["cands"]]

    def _g(self, p):
        a, b = STRETCHES[p["cands"][0]]
        f = _quad(p["a"], p["h"], p["k"])
        return [a * c * b ** i for i, c in enumerate(f)]

    def question(self, p):
        return ("The graph of g is obtained from the graph of f by a stretch or a reflection. "
                "Which formula gives g?")

    def check(self, p):
        """Each option's formula, with f read from the drawn curve, compared with the drawn g
        as polynomials (sympy)."""
        s = sp()
        x = s.symbols("x")
        fi, gi = self.diagram(p).panels[0].items
        f = s.Lambda(x, sum(s.nsimplify(c) * x ** i for i, c in enumerate(fi.params)))
        g = sum(s.nsimplify(c) * x ** i for i, c in enumerate(gi.params))
        from sympy.parsing.sympy_parser import (implicit_multiplication_application,
                                                parse_expr, rationalize,
                                                standard_transformations)
        tr = standard_transformations + (implicit_multiplication_application, rationalize)
        hits = [o for o in self.options(p) if s.expand(parse_expr(
            o.split("= ", 1)[1], local_dict={"f": f, "x": x}, transformations=tr) - g) == 0]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        cf, cg = p["colors"]
        return PanelsSpec(panels=[Panel(xmin=-6, xmax=6, ymin=-6, ymax=6, items=[
            Item("graph", fn="poly", params=_quad(p["a"], p["h"], p["k"]), name="f", color=cf),
            Item("graph", fn="poly", params=self._g(p), name="g", color=cg)])])


# ----------------------------------------------------------------------------- panels


def shift_text(a: Fraction, h: int, k: int) -> str:
    """y = 2f(x - 1) + 3, y = -f(x + 2) - 1, y = (1/2)f(x - 3)."""
    lead = {1: "", -1: "-"}.get(a, f"({a})" if a.denominator != 1 else str(a))
    inner = "x" if h == 0 else f"x {'-' if h > 0 else '+'} {abs(h)}"
    tail = "" if k == 0 else f" {'-' if k < 0 else '+'} {abs(k)}"
    return f"y = {lead}f({inner}){tail}"


BASES = ([0.0, -1.0, 0.0, 0.25], [1.0, 0.5, -0.25], [-1.0, 0.0, 0.5])  # f, ascending coefs


@register_seed
class GraphTransformPanels(WhichPanel):
    seed_id = "analytic-graph-transform-panels"
    level = HIGH
    kinds = ("geometric transformation", "symbolic substitution", IRRELEVANT)
    NOUN = "graph of"

    def draw_cands(self, rng):
        a = Fraction(rng_choice(rng, ("2", "1/2", "-1", "-2")))
        h, k = (int(rng_choice(rng, (-2, -1, 1, 2))) for _ in range(2))
        cands = [(a, h, k), (a, -h, k), (a, h, -k), (a, -h, -k)]
        return [[str(v) for v in c] for c in cands], {"base": int(rng.integers(len(BASES)))}

    def items(self, p, cand):
        a, h, k = float(Fraction(cand[0])), int(cand[1]), int(cand[2])
        f = np.polynomial.Polynomial(BASES[p["base"]])
        g = a * f(np.polynomial.Polynomial([-h, 1])) + k  # a f(x - h) + k
        return [Item("graph", fn="poly", params=BASES[p["base"]], color="gray", dash=True),
                Item("graph", fn="poly", params=[float(c) for c in g.coef], color=p["color"])]

    def note(self, p):
        return "In each panel the dashed curve is the graph of y = f(x)."

    def text(self, p):
        return shift_text(Fraction(p["cands"][0][0]), int(p["cands"][0][1]),
                          int(p["cands"][0][2]))

    def fits(self, p, panel):
        a, h, k = (float(Fraction(v)) for v in p["cands"][0])
        f_it, g_it = panel.items
        xy = curve_points(g_it, panel)
        return _on(xy[:, 1] - (a * graph_y(f_it, xy[:, 0] - h) + k))

    def sample(self, rng):  # candidates whose curves stay in view
        while True:
            p = super().sample(rng)
            pn = Panel(xmin=-R, xmax=R, ymin=-R, ymax=R)
            g = self.items(p, p["cands"][0])[1]
            if np.abs(curve_points(g, pn)[:, 1]).min() <= 3:
                return p


# ----------------------------------------------------------------------------- composition

REFLECTIONS = ("the x-axis", "the y-axis", "the line y = x")
ROTATIONS = ("90° counterclockwise", "90° clockwise", "180°")


def _reflect(q, i):
    x, y = q
    return [[x, -y], [-x, y], [y, x]][i]


def _rotate(q, j):
    x, y = q
    return [[-y, x], [y, -x], [-x, -y]][j]


@register_seed
class ReflectThenRotate(ShuffledCandidates):
    seed_id = "analytic-reflect-then-rotate"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "numerical value", IRRELEVANT)
    clauses = TRI_CLAUSES

    def sample(self, rng):
        while True:
            tri = _triangle(rng, 5)
            i, j = int(rng.integers(3)), int(rng.integers(3))
            v = int(rng.integers(3))
            p = {"tri": tri, "ref": i, "rot": j, "v": v, "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS)}
            if len(set(self.candidates(p))) == 4:
                return p

    def candidates(self, p):
        A, i, j = p["tri"][p["v"]], p["ref"], p["rot"]
        return [_xy(q) for q in (_rotate(_reflect(A, i), j), _reflect(_rotate(A, j), i),
                                 _reflect(A, i), _rotate(A, j))]

    def question(self, p):
        return (f"Triangle ABC is reflected across {REFLECTIONS[p['ref']]}, and its image is "
                f"then rotated {ROTATIONS[p['rot']]} about the origin. What are the "
                f"coordinates of the final image of {'ABC'[p['v']]}?")

    def check(self, p):
        s = sp()
        o = self.diagram(p).objects[0]
        P = spt(o.pts[p["v"]])
        line = [s.Line((0, 0), (1, 0)), s.Line((0, 0), (0, 1)), s.Line((0, 0), (1, 1))]
        q = P.reflect(line[p["ref"]]).rotate([s.pi / 2, -s.pi / 2, s.pi][p["rot"]])
        hit = f"({q.x}, {q.y})"
        return hit if hit in self.options(p) else None

    def diagram(self, p):
        objs = [GeoObject("triangle", "", fpts(p["tri"]), ["A", "B", "C"], color=p["color"],
                          show_coords=True)]
        if p["ref"] == 2:
            objs.append(GeoObject("line", "", [[-1.0, -1.0], [1.0, 1.0]], [], color="gray",
                                  show_eq=True))
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=objs)


# ----------------------------------------------------------------------------- dilation


@register_seed
class DilationCentre(ShuffledCandidates):
    seed_id = "analytic-dilation-centre"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "numerical value", IRRELEVANT)
    clauses = ("Triangle ABC is one of {n} triangles a student drew that day.",)

    def sample(self, rng):
        while True:
            c = [int(v) for v in rng.integers(-3, 4, size=2)]
            k = int(rng_choice(rng, (2, 3, -2)))
            r = 1 if k == 3 else 2  # the image stays on the grid
            vs = rng.integers(-r, r + 1, size=(3, 2)).tolist()
            tri = [[c[0] + x, c[1] + y] for x, y in vs]
            img = [[c[0] + k * x, c[1] + k * y] for x, y in vs]
            if any(0 in q or max(map(abs, q)) > 6 for q in tri + img):
                continue  # off the grid, or a label on an axis
            spread = all(u[0] * v[1] != u[1] * v[0] for i, u in enumerate(vs)
                         for v in vs[i + 1:])  # no two vertices in line with the centre
            if not (spread and 2 * shoelace(tri) >= 4 and apart(tri + img, 2)):
                continue
            p = {"c": c, "k": k, "tri": tri, "img": img, "order": draw_order(rng),
                 "colors": ["blue", "red"] if rng.random() < 0.5 else ["green", "orange"]}
            if len(set(self.candidates(p))) == 4:
                return p

    def candidates(self, p):
        (cx, cy), A, A2 = p["c"], p["tri"][0], p["img"][0]
        mid = [Fraction(A[0] + A2[0], 2), Fraction(A[1] + A2[1], 2)]
        pool = [p["c"], [0, 0], mid, [A[0] + A2[0] - cx, A[1] + A2[1] - cy], [cy, cx]]
        out = []
        for q in pool:
            t = _xy(q)
            if t not in out and len(out) < 4:
                out.append(t)
        return out

    def question(self, p):
        return ("Triangle A'B'C' is the image of triangle ABC under a dilation (A to A', B to "
                "B', C to C'; its scale factor may be negative). What is the centre of the "
                "dilation?")

    def check(self, p):
        s = sp()
        t, i = self.diagram(p).objects
        X = s.Line(spt(t.pts[0]), spt(i.pts[0])).intersection(
            s.Line(spt(t.pts[1]), spt(i.pts[1])))
        if len(X) != 1 or not isinstance(X[0], s.Point):
            return None
        return _xy((X[0].x, X[0].y))

    def diagram(self, p):
        a, b = p["colors"]
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("triangle", "", fpts(p["tri"]), ["A", "B", "C"], color=a),
            GeoObject("triangle", "", fpts(p["img"]), ["A'", "B'", "C'"], color=b)])


# ----------------------------------------------------------------------------- two reflections


@register_seed
class TwoReflections(ShuffledCandidates):
    seed_id = "analytic-two-reflections"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("geometric transformation", "numerical value", IRRELEVANT)
    clauses = TRI_CLAUSES

    def sample(self, rng):
        while True:
            case = rng_choice(rng, ("parallel", "perpendicular"))
            a, b = coord(rng, -4, 4), coord(rng, -4, 4)
            tri = _triangle(rng, 5, min_area2=4)
            p = {"case": case, "lines": [a, b], "axis": rng_choice(rng, ("x", "y")),
                 "tri": tri, "order": draw_order(rng),
                 "color": rng_choice(rng, ("blue", "green", "brown"))}
            if (case == "perpendicular" or abs(a - b) >= 2) and a != b and \
                    len(set(self.candidates(p))) == 4:
                return p

    def _moves(self, p):
        """The candidate moves, the right one first: ("T", dx, dy), ("R", cx, cy, turns of
        90°), ("M", "x" or "y", c) for the mirror x = c or y = c."""
        a, b = p["lines"]
        if p["case"] == "perpendicular":
            return [("R", a, b, 2), ("R", b, a, 2), ("T", 2 * a, 2 * b), ("R", a, b, 1)]
        ax = p["axis"]

        def t(d):
            return ("T", d, 0) if ax == "x" else ("T", 0, d)
        return [t(2 * (b - a)), t(b - a), t(2 * (a - b)), ("M", ax, Fraction(a + b, 2))]

    @staticmethod
    def _text(m) -> str:
        if m[0] == "T":
            return f"a translation by ({m[1]}, {m[2]})"
        if m[0] == "R":
            turn = "180°" if m[3] == 2 else "90° counterclockwise"
            return f"a rotation of {turn} about ({m[1]}, {m[2]})"
        return f"a reflection across the line {m[1]} = {fmt_frac(m[2])}"

    def candidates(self, p):
        return [self._text(m) for m in self._moves(p)]

    def _mirrors(self, p):
        a, b = p["lines"]
        if p["case"] == "perpendicular":
            return [("x", a), ("y", b)]
        return [(p["axis"], a), (p["axis"], b)]

    def question(self, p):
        return ("Triangle ABC is reflected across the line l₁, and its image is then "
                "reflected across the line l₂. Which single transformation maps triangle ABC "
                "onto the final image?")

    def check(self, p):
        """The two reflections and each candidate move done by sympy on the drawn vertices."""
        s = sp()
        objs = self.diagram(p).objects
        tri = [spt(q) for q in objs[0].pts]

        def mirror(v, c):
            return s.Line((c, 0), (c, 1)) if v == "x" else s.Line((0, c), (1, c))
        lines = [mirror("x", s.nsimplify(o.pts[0][0])) if o.pts[0][0] == o.pts[1][0]
                 else mirror("y", s.nsimplify(o.pts[0][1])) for o in objs[1:]]
        final = [q.reflect(lines[0]).reflect(lines[1]) for q in tri]
        hits = []
        for m, txt in zip(self._moves(p), self.candidates(p)):
            if m[0] == "T":
                img = [q.translate(m[1], m[2]) for q in tri]
            elif m[0] == "R":
                img = [q.rotate(s.pi / 2 * m[3], s.Point(m[1], m[2])) for q in tri]
            else:
                img = [q.reflect(mirror(m[1], s.nsimplify(m[2]))) for q in tri]
            if img == final:
                hits.append(txt)
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        objs = [GeoObject("triangle", "", fpts(p["tri"]), ["A", "B", "C"], color=p["color"])]
        # each line and its name in a colour of its own, so that no name reads as the other's
        for name, col, (v, c) in zip(("l₁", "l₂"), ("purple", "orange"), self._mirrors(p)):
            pts = [[c, -1], [c, 1]] if v == "x" else [[-1, c], [1, c]]
            objs.append(GeoObject("line", name, fpts(pts), [], color=col))
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=objs)
