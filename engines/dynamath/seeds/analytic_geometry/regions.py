"""DynaMath "analytic geometry" seeds on shaded regions of inequalities (the panels family, one
panel): which labelled point lies in the region, its area, the largest or smallest value of a
linear function over it, how many lattice points it holds, which system describes it, the area
between a parabola and a line, and the area of a disk cut by a line.

Why these: DynaMath shades the solution set of linear and quadratic inequalities and asks for
points, vertices and areas. Corners sit on grid points (a polygon's edges join lattice points),
so every value reads off the grid; a boundary is drawn solid where it belongs to the region and
dashed where not, and the question says so. ``check`` reads the spec back: the renderer's
inequalities evaluated at the points, the region's area by clipping the panel to its
half-planes, a brute-force search over lattice points, or sympy's integrals.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_s6.py
"""
from __future__ import annotations

from fractions import Fraction as Fr
import math

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.grid import COLORS, HIGH, ROUND2, TOPIC, UNI
from engines.dynamath.seeds.analytic_geometry.panels import REGION_NOTE, SIGNS, FLIP, _q
from renderers.analytic_geometry.spec import line_equation, parabola_equation
from renderers.panels.spec import (Constraint, Item, Panel, PanelsSpec, in_region,
                                   polygon_area, region_area)
from renderers.spec import rng_choice
from renderers.text import half_up

R = 6
POINT_NAMES = ("P", "Q", "R", "S")


def _panel(items) -> PanelsSpec:
    return PanelsSpec(panels=[Panel(xmin=-R, xmax=R, ymin=-R, ymax=R, items=items)])


def _cross(o, a, b) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def lattice_polygon(rng, n: int, lo: float, hi: float, lim: int = 5, fat: float = 0.9
                    ) -> list[list[int]]:
    """A convex polygon of n lattice vertices in [-lim, lim]², counter-clockwise, no three in
    a line, with area in [lo, hi] and not a sliver (2 area / perimeter, the radius of a
    circle of that area and perimeter, at least ``fat``)."""
    while True:
        pts = [[int(v) for v in rng.integers(-lim, lim + 1, size=2)] for _ in range(n)]
        c = (sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n)
        pts.sort(key=lambda p: math.atan2(p[1] - c[1], p[0] - c[0]))
        if len({tuple(p) for p in pts}) < n:
            continue
        turns = [_cross(pts[i], pts[(i + 1) % n], pts[(i + 2) % n]) for i in range(n)]
        area = polygon_area(pts)
        per = sum(math.dist(pts[i], pts[(i + 1) % n]) for i in range(n))
        if all(t > 0 for t in turns) and lo <= area <= hi and 2 * area / per >= fat:
            return pts


def edge_constraints(pts, strict=None) -> list[Constraint]:
    """The half-planes of a counter-clockwise polygon, edge i from pts[i] to pts[i + 1]:
    a x + b y >= c with whole coefficients (> where ``strict[i]``)."""
    out = []
    for i, p in enumerate(pts):
        q = pts[(i + 1) % len(pts)]
        a, b = -(q[1] - p[1]), q[0] - p[0]
        g = math.gcd(a, b)
        a, b = a // g, b // g
        out.append(Constraint("line", [float(a), float(b), float(a * p[0] + b * p[1])],
                              ">" if strict and strict[i] else ">="))
    return out


def _corners(pts, color) -> list[Item]:
    return [Item("point", pts=[[float(x), float(y)]], color=color) for x, y in pts]


# ----------------------------------------------------------------------------- points


@register_seed
class RegionPoint(SeedQuestion):
    seed_id = "analytic-region-point"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The shaded region is one of {n} regions drawn on the same worksheet.",)

    def sample(self, rng):
        while True:
            n = int(rng.integers(3, 5))
            pts = lattice_polygon(rng, n, 8, 30)
            cons = edge_constraints(pts)
            reg = Item("region", constraints=cons)
            inside, outside = [], []
            for x in range(-R + 1, R):
                for y in range(-R + 1, R):
                    # 0.45: every point is clear of every boundary line, inside or out
                    near = any(abs(c.value(x, y)) / math.hypot(*c.params[:2]) < 0.45
                               for c in cons)
                    if not near and x and y:  # off the axes and their labels
                        (inside if in_region(reg, (x, y)) else outside).append([x, y])
            if inside and len(outside) >= 3:
                break
        good = inside[int(rng.integers(len(inside)))]
        bad = [outside[int(i)] for i in rng.choice(len(outside), size=3, replace=False)]
        where = int(rng.integers(4))
        named = bad[:where] + [good] + bad[where:]
        return {"poly": pts, "points": named, "right": where, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"{REGION_NOTE} Which of the labelled points lies in the shaded region?")

    def options(self, p):
        return list(POINT_NAMES)

    def answer(self, p):
        return POINT_NAMES[p["right"]]

    def check(self, p):
        items = self.diagram(p).panels[0].items
        reg = items[0]
        hits = [it.name for it in items[1:] if in_region(reg, it.pts[0])]
        return hits[0] if len(hits) == 1 else f"points {hits} inside"

    def diagram(self, p):
        reg = Item("region", constraints=edge_constraints(p["poly"]), color=p["color"])
        pts = [Item("point", pts=[[float(x), float(y)]], name=n, show_coords=True,
                    color="black") for n, (x, y) in zip(POINT_NAMES, p["points"])]
        return _panel([reg, *pts])


# ----------------------------------------------------------------------------- polygons


class PolygonRegion(SeedQuestion):
    """A shaded convex lattice polygon given by its edges' half-planes, corners dotted."""

    topic = TOPIC
    AREA = (6, 40)

    def sample(self, rng):
        n = int(rng.integers(3, 5))
        return {"poly": lattice_polygon(rng, n, *self.AREA), "color": rng_choice(rng, COLORS)}

    def diagram(self, p):
        reg = Item("region", constraints=edge_constraints(p["poly"]), color=p["color"])
        return _panel([reg, *_corners(p["poly"], p["color"])])


@register_seed
class RegionArea(PolygonRegion):
    seed_id = "analytic-region-area"
    level, answer_type = HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The line y = {x}, not drawn, is another line of the plane.",)

    def question(self, p):
        return ("The shaded region is bounded by straight lines; its corners lie on grid "
                "points. What is the area of the shaded region?")

    def answer(self, p):
        # shoelace on the corners, exactly
        pts = p["poly"]
        s = sum(Fr(a[0] * b[1] - b[0] * a[1]) for a, b in zip(pts, pts[1:] + pts[:1]))
        return float(abs(s) / 2)

    def check(self, p):
        panel = self.diagram(p).panels[0]
        return region_area(panel.items[0], panel)  # the panel clipped to the half-planes


@register_seed
class RegionLinearProgram(PolygonRegion):
    seed_id = "analytic-region-linear-program"
    level, answer_type = UNI, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("The figure is copied from page {m} of a workbook.",)

    def sample(self, rng):
        p = super().sample(rng)
        a, b = (int(rng_choice(rng, (-3, -2, -1, 1, 2, 3))) for _ in range(2))
        return {**p, "f": [a, b], "goal": rng_choice(rng, ("largest", "smallest"))}

    def question(self, p):
        a, b = p["f"]
        return (f"The shaded region, boundary included, has its corners on grid points. What "
                f"is the {p['goal']} value of {_lin(a, b)} over the shaded region?")

    def answer(self, p):
        a, b = p["f"]
        vals = [a * x + b * y for x, y in p["poly"]]  # a linear function peaks at a corner
        return float(max(vals) if p["goal"] == "largest" else min(vals))

    def check(self, p):
        reg = self.diagram(p).panels[0].items[0]
        a, b = p["f"]
        vals = [a * x + b * y for x in range(-R, R + 1) for y in range(-R, R + 1)
                if in_region(reg, (x, y))]  # every lattice point of the region
        return float(max(vals) if p["goal"] == "largest" else min(vals))


def _lin(a: int, b: int) -> str:
    """a x + b y as written: "2x - 3y", "-x + y"."""
    def mag(k: int) -> str:
        return "" if abs(k) == 1 else str(abs(k))
    return f"{'-' if a < 0 else ''}{mag(a)}x {'-' if b < 0 else '+'} {mag(b)}y"


@register_seed
class RegionLattice(SeedQuestion):
    seed_id = "analytic-region-lattice-points"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The point ({x}, {y}) is not marked in the figure.",)

    def sample(self, rng):
        n = int(rng.integers(3, 5))
        pts = lattice_polygon(rng, n, 3, 12, lim=4, fat=0.6)
        strict = [bool(rng.random() < 0.4) for _ in range(n)]
        return {"poly": pts, "strict": strict, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"{REGION_NOTE} How many points with whole-number coordinates lie in the "
                f"shaded region?")

    def answer(self, p):
        pts, n = p["poly"], len(p["poly"])
        count = 0
        for x in range(-R, R + 1):
            for y in range(-R, R + 1):
                sides = [_cross(pts[i], pts[(i + 1) % n], (x, y)) for i in range(n)]
                if all(s > 0 or (s == 0 and not st) for s, st in zip(sides, p["strict"])):
                    count += 1
        return float(count)

    def check(self, p):
        reg = self.diagram(p).panels[0].items[0]
        return float(sum(in_region(reg, (x, y)) for x in range(-R, R + 1)
                         for y in range(-R, R + 1)))

    def diagram(self, p):
        reg = Item("region", constraints=edge_constraints(p["poly"], p["strict"]),
                   color=p["color"])
        return _panel([reg])


# ----------------------------------------------------------------------------- which system


@register_seed
class RegionWhichSystem(ShuffledCandidates):
    seed_id = "analytic-region-which-system"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("The two boundary lines are drawn in the same colour as the shading.",)
    SLOPES = ("-2", "-1", "-1/2", "1/2", "1", "2")

    def sample(self, rng):
        while True:
            m1, m2 = (_q(rng_choice(rng, self.SLOPES)) for _ in range(2))
            b1, b2 = (int(rng.integers(-3, 4)) for _ in range(2))
            if m1 == m2 or m1 == -m2:  # the slope-flipped distractor stays another line
                continue
            x = Fr(b2 - b1) / (m1 - m2)
            if abs(x) <= 3 and abs(m1 * x + b1) <= 3:
                break
        ops = [rng_choice(rng, ("<=", ">=")), rng_choice(rng, ("<=", ">="))]
        return {"lines": [[str(m1), b1], [str(m2), b2]], "ops": ops, "order": draw_order(rng),
                "color": rng_choice(rng, COLORS)}

    def systems(self, p) -> list[tuple[list, list]]:
        """(lines, ops) of each candidate, the right one first."""
        (l1, l2), (o1, o2) = p["lines"], p["ops"]
        flipped = [str(-_q(l1[0])), l1[1]]
        return [([l1, l2], [o1, o2]), ([l1, l2], [FLIP[o1], o2]), ([l1, l2], [o1, FLIP[o2]]),
                ([flipped, l2], [o1, o2])]

    def candidates(self, p):
        return [" and ".join(line_equation(_q(m), Fr(b)).replace("=", SIGNS[op], 1)
                             for (m, b), op in zip(lines, ops))
                for lines, ops in self.systems(p)]

    def question(self, p):
        return "Which system of inequalities has the shaded region as its solution set?"

    def check(self, p):
        reg = self.diagram(p).panels[0].items[0]
        X, Y = np.meshgrid(np.linspace(-R + 0.013, R - 0.029, 121),
                           np.linspace(-R + 0.021, R - 0.017, 121))
        got = np.ones_like(X, dtype=bool)
        for c in reg.constraints:
            got &= c.holds(X, Y)
        hits = []
        for text, (lines, ops) in zip(self.candidates(p), self.systems(p)):
            want = np.ones_like(X, dtype=bool)
            for (m, b), op in zip(lines, ops):
                d = Y - (float(_q(m)) * X + b)
                want &= (d <= 0) if op == "<=" else (d >= 0)
            if np.array_equal(got, want):
                hits.append(text)
        return hits[0] if len(hits) == 1 else f"systems {hits} fit"

    def diagram(self, p):
        return _panel([Item("region", color=p["color"], constraints=[
            Constraint("line", [float(-_q(m)), 1.0, float(b)], op)
            for (m, b), op in zip(p["lines"], p["ops"])])])


# ----------------------------------------------------------------------------- curved regions


@register_seed
class RegionBetweenCurves(SeedQuestion):
    seed_id = "analytic-region-between-curves"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("The parabola's vertex is one of {n} points a student marked.",)

    def sample(self, rng):
        while True:
            a = int(rng_choice(rng, (-1, 1)))
            x1 = int(rng.integers(-4, 2))
            x2 = x1 + int(rng.integers(2, 5))
            m, c = int(rng.integers(-1, 2)), int(rng.integers(-2, 3))
            # parabola y = a(x - x1)(x - x2) + m x + c meets the line y = m x + c at x1, x2
            xs = np.linspace(x1, x2, 41)
            yp = a * (xs - x1) * (xs - x2) + m * xs + c
            yl = m * xs + c
            if x2 <= 5 and np.abs(yp).max() <= 5 and np.abs(yl).max() <= 5:
                return {"a": a, "x": [x1, x2], "line": [m, c], "color": rng_choice(rng, COLORS)}

    def _poly(self, p):
        """Ascending coefficients of the parabola."""
        a, (x1, x2), (m, c) = p["a"], p["x"], p["line"]
        return [a * x1 * x2 + c, -a * (x1 + x2) + m, a]

    def _equations(self, p) -> tuple[str, str]:
        """The parabola in vertex form and the line, as the figure writes them."""
        c0, c1, c2 = (Fr(v) for v in self._poly(p))
        m, c = p["line"]
        h = -c1 / (2 * c2)
        k = c0 - c1 * c1 / (4 * c2)
        return parabola_equation(c2, h, k), line_equation(Fr(m), Fr(c))

    def question(self, p):
        # both equations are written on the figure, next to their curves
        return ("The shaded region lies between the parabola and the line drawn, each "
                f"labelled with its equation. What is the area of the shaded region? {ROUND2}")

    def answer(self, p):
        x1, x2 = p["x"]
        return half_up(float(Fr(abs(p["a"]) * (x2 - x1) ** 3, 6)), 2)

    def check(self, p):
        # the curves read back from the drawn items; the crossings by the quadratic formula,
        # then the antiderivative of line - parabola
        _, par, line = self.diagram(p).panels[0].items
        c0, c1, c2 = (_q(v) for v in par.params)
        a, b, k = (_q(v) for v in line.params)  # a x + b y = k
        m, c = -a / b, k / b
        g2, g1, g0 = -c2, m - c1, c - c0  # gap(x) = g2 x² + g1 x + g0
        root = math.isqrt(int(g1 * g1 - 4 * g2 * g0))
        lo, hi = sorted(((-g1 - root) / (2 * g2), (-g1 + root) / (2 * g2)))

        def prim(x):
            return g2 * x ** 3 / 3 + g1 * x ** 2 / 2 + g0 * x
        return half_up(float(abs(prim(hi) - prim(lo))), 2)

    def diagram(self, p):
        c0, c1, c2 = self._poly(p)
        m, c = p["line"]
        up = p["a"] > 0  # an upward parabola lies below the line between the crossings
        reg = Item("region", color=p["color"], constraints=[
            Constraint("parabola", [float(c2), float(c1), float(c0)], ">=" if up else "<="),
            Constraint("line", [float(-m), 1.0, float(c)], "<=" if up else ">=")])
        par, line = self._equations(p)
        # the two curves again, over the region's boundaries, to carry their equations
        return _panel([reg, Item("graph", fn="poly", params=[float(c0), float(c1), float(c2)],
                                 name=par, color=p["color"]),
                       Item("line", params=[float(-m), 1.0, float(c)], name=line,
                            color=p["color"])])


@register_seed
class RegionDiskSegment(SeedQuestion):
    seed_id = "analytic-region-disk-segment"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A second circle, not drawn, has radius {n}.",)
    SIDES = ("right", "left", "above", "below")

    def sample(self, rng):
        while True:
            r = int(rng.integers(3, 6))
            c = int(rng.integers(1, r))
            side = rng_choice(rng, self.SIDES)
            area = r * r * math.acos(c / r) - c * math.sqrt(r * r - c * c)
            if abs(area * 100 - math.floor(area * 100) - 0.5) > 1e-3:  # no rounding tie
                return {"r": r, "c": c, "side": side, "color": rng_choice(rng, COLORS)}

    def _line(self, p):
        """(a, b, k, op) of the line a x + b y = k and the side kept."""
        c = p["c"]
        return {"right": (1, 0, c, ">="), "left": (1, 0, -c, "<="),
                "above": (0, 1, c, ">="), "below": (0, 1, -c, "<=")}[p["side"]]

    def question(self, p):
        where = {"right": "to the right of", "left": "to the left of", "above": "above",
                 "below": "below"}[p["side"]]
        return (f"The shaded region lies inside the circle centred at the origin and {where} "
                f"the straight line drawn. What is the area of the shaded region? {ROUND2}")

    def answer(self, p):
        r, c = p["r"], p["c"]
        return half_up(r * r * math.acos(c / r) - c * math.sqrt(r * r - c * c), 2)

    def check(self, p):
        # the circular segment as a sector less a triangle: central angle t = 2 acos(c / r)
        reg = self.diagram(p).panels[0].items[0]
        r = reg.constraints[0].params[2]
        c = abs(reg.constraints[1].params[2])
        t = 2 * math.acos(c / r)
        return half_up(r * r / 2 * (t - math.sin(t)), 2)

    def diagram(self, p):
        a, b, k, op = self._line(p)
        reg = Item("region", color=p["color"], constraints=[
            Constraint("circle", [0.0, 0.0, float(p["r"])], "<="),
            Constraint("line", [float(a), float(b), float(k)], op)])
        return _panel([reg])
