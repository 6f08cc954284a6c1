"""DynaMath "algebra" seeds on linear programming over a drawn feasible region: the largest
value of a linear objective on the quadrilateral, and at which labelled corner a linear cost is
smallest.

Why these: DynaMath's algebra topic reads a feasible region off a graph and optimises a linear
function on it. The region is a convex quadrilateral with lattice corners written with their
coordinates; the optimum is unique (resampled otherwise). Answers evaluate the objective at the
corners (the corner principle); ``check`` takes every lattice point inside the drawn region
(inside all four edge half-planes) and optimises over those, which reaches the same corner only
if the drawing and the corner principle agree.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_graph_s6.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.algebra.curves import COLORS, HIGH, TOPIC, UNI, ch
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject

CORNERS = "ABCD"


def convex_quad(rng) -> list[list[int]]:
    """Four lattice points in [1, 8]^2 (off the axes and their numbers), counter-clockwise,
    strictly convex."""
    while True:
        pts = [[int(x) for x in rng.integers(1, 9, size=2)] for _ in range(4)]
        cx, cy = sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4
        pts.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
        crosses = [(pts[(i + 1) % 4][0] - pts[i][0]) * (pts[(i + 2) % 4][1] - pts[i][1])
                   - (pts[(i + 1) % 4][1] - pts[i][1]) * (pts[(i + 2) % 4][0] - pts[i][0])
                   for i in range(4)]
        if min(crosses) >= 6:  # convex and not thin
            return pts


def objective_text(a: int, b: int, name: str) -> str:
    bt = f"{'+' if b > 0 else '-'} {abs(b) if abs(b) != 1 else ''}y"
    at = f"{a if a not in (1, -1) else ('' if a == 1 else '-')}x"
    return f"{name} = {at} {bt}"


def lattice_inside(pts: list[list[float]]) -> list[tuple[int, int]]:
    """Lattice points on or inside the counter-clockwise polygon pts."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    out = []
    for x in range(int(min(xs)), int(max(xs)) + 1):
        for y in range(int(min(ys)), int(max(ys)) + 1):
            if all((pts[(i + 1) % 4][0] - pts[i][0]) * (y - pts[i][1])
                   - (pts[(i + 1) % 4][1] - pts[i][1]) * (x - pts[i][0]) >= 0
                   for i in range(len(pts))):
                out.append((x, y))
    return out


class RegionSeed(SeedQuestion):
    topic = TOPIC

    def sample_region(self, rng, sign: int) -> dict:
        """A region and an objective with one best corner (largest for sign 1, else smallest)."""
        while True:
            pts = convex_quad(rng)
            a, b = (int(ch(rng, (1, 2, 3, 4, 5, -1, -2))) for _ in range(2))
            vals = sorted(sign * (a * x + b * y) for x, y in pts)
            if vals[-1] > vals[-2]:
                return {"pts": pts, "a": a, "b": b, "color": ch(rng, COLORS)}

    def diagram(self, p):
        return AnalyticSpec(xmin=-1, xmax=9, ymin=-1, ymax=9, objects=[
            GeoObject("quadrilateral", "", [[float(x), float(y)] for x, y in p["pts"]],
                      list(CORNERS), show_coords=True, color=p["color"])])

    def region_text(self):
        return ("The quadrilateral ABCD together with its inside is the feasible region of a "
                "linear program.")


@register_seed
class LPOptimumValue(RegionSeed):
    seed_id = "algebra-lp-optimum-value"
    level, answer_type = UNI, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    # not "Each unit of x needs n hours of work": in a linear program that is a constraint
    clauses = ("The whole region lies in the first quadrant.",
               "The figure is copied from page {m} of a workbook.")

    def sample(self, rng):
        return self.sample_region(rng, 1)

    def question(self, p):
        return (f"{self.region_text()} What is the largest value of "
                f"{objective_text(p['a'], p['b'], 'P')} on the region?")

    def answer(self, p):  # the corner principle
        return float(max(p["a"] * x + p["b"] * y for x, y in p["pts"]))

    def check(self, p):  # every lattice point of the drawn region
        pts = self.diagram(p).objects[0].pts
        return float(max(p["a"] * x + p["b"] * y for x, y in lattice_inside(pts)))


@register_seed
class LPOptimumVertex(RegionSeed, ShuffledCandidates):
    seed_id = "algebra-lp-optimum-vertex"
    level, answer_type = HIGH, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", "real-life context")

    def sample(self, rng):
        p = self.sample_region(rng, -1)
        costs = [p["a"] * x + p["b"] * y for x, y in p["pts"]]
        best = min(range(4), key=lambda i: costs[i])
        return {**p, "cand": [best] + [i for i in range(4) if i != best],
                "order": draw_order(rng)}

    def question(self, p):
        # K, not C: the corners are named A-D; "objective", as its coefficients may be negative
        return (f"{self.region_text()} x and y are the amounts of two products and the "
                f"objective is {objective_text(p['a'], p['b'], 'K')}. At which corner is K "
                f"smallest?")

    def candidates(self, p):
        return [CORNERS[i] for i in p["cand"]]

    def check(self, p):  # the lattice point of least cost, then the corner it is
        o = self.diagram(p).objects[0]
        x, y = min(lattice_inside(o.pts), key=lambda q: p["a"] * q[0] + p["b"] * q[1])
        hit = [o.pt_names[i] for i, q in enumerate(o.pts) if q == [x, y]]
        return hit[0] if len(hit) == 1 else None
