"""DynaMath "analytic geometry" seeds on loci: which panel shows the points equidistant from
two drawn lines, which panel shows the points twice as far from A as from B, and which
equation describes the points equidistant from a drawn focus and directrix.

Why these: DynaMath asks for a set of points described in words and shown among drawn
candidates. The two lines cross at a lattice point with directions of equal length, so both
angle bisectors run along lattice directions; A and B sit 3 lattice steps apart, so the circle
of Apollonius (PA = 2 PB) has a lattice centre and a radius read off the grid. The distractors
are the usual slips: one bisector only, the perpendiculars to the given lines, the roles of A
and B swapped, the perpendicular bisector (PA = PB), the circle on AB as diameter; a vertex at
the focus or a parabola opening the wrong way. ``check`` tests each panel's drawn set against
the words of the question on points along it (distances computed anew), and the parabola
against sympy's Parabola(focus, directrix).equation().

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_ag1.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.analytic_geometry.circles_lines_more import lattice_vecs
from engines.dynamath.seeds.analytic_geometry.grid import COLORS, HIGH, TOPIC, UNI, fpts, sp
from engines.dynamath.seeds.analytic_geometry.lines_circles_more import (POINT_CLAUSES, spec7,
                                                                         which_holds)
from engines.dynamath.seeds.analytic_geometry.panels import WhichPanel
from renderers.analytic_geometry.spec import GeoObject, parabola_equation
from renderers.panels.spec import Item, Panel, curve_points
from renderers.spec import rng_choice

LOCUS_CLAUSES = ("The point ({x}, {y}) is not marked in any panel.",
                 "Every panel shows the same grid, from -5 to 5 on both axes.")


def _line_item(P, d, color: str, dash: bool = False) -> Item:
    """The line through P with direction d as a x + b y = c."""
    a, b = -d[1], d[0]
    return Item("line", params=[float(a), float(b), float(a * P[0] + b * P[1])], color=color,
                dash=dash)


def _along(it: Item, panel: Panel) -> np.ndarray:
    """Points along a drawn line or circle, inside the panel."""
    pts = curve_points(it, panel)
    if it.kind == "line":  # its two far ends: fill in
        pts = pts[0] + np.linspace(0, 1, 801)[:, None] * (pts[1] - pts[0])
    inside = (pts[:, 0] >= panel.xmin) & (pts[:, 0] <= panel.xmax) & \
             (pts[:, 1] >= panel.ymin) & (pts[:, 1] <= panel.ymax)
    return pts[inside & np.isfinite(pts).all(axis=1)]


def _line_dist(xy: np.ndarray, it: Item) -> np.ndarray:
    a, b, c = it.params
    return np.abs(a * xy[:, 0] + b * xy[:, 1] - c) / math.hypot(a, b)


# ----------------------------------------------------------------------------- bisectors


class LocusPanel(WhichPanel):
    """Four panels of one fixed figure and one candidate set each; every candidate is drawn
    to cross its panel by construction, so no visibility test is needed."""

    def sample(self, rng):
        cands, extra = self.draw_cands(rng)
        return {"cands": cands, "order": draw_order(rng), "color": rng_choice(rng, COLORS),
                **extra}

    def text(self, p):
        return ""


@register_seed
class LocusAngleBisectors(LocusPanel):
    seed_id = "analytic-locus-bisectors"
    level = HIGH
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = LOCUS_CLAUSES

    def draw_cands(self, rng):
        while True:
            vecs = lattice_vecs(int(rng_choice(rng, (5, 10, 13, 25))))
            i, j = (int(v) for v in rng.choice(len(vecs), size=2, replace=False))
            u, w = vecs[i], vecs[j]
            cross, dot = u[0] * w[1] - u[1] * w[0], u[0] * w[0] + u[1] * w[1]
            if cross != 0 and dot != 0:
                break
        b1, b2 = [u[0] + w[0], u[1] + w[1]], [u[0] - w[0], u[1] - w[1]]
        pu, pw = [-u[1], u[0]], [-w[1], w[0]]
        O = [int(v) for v in rng.integers(-1, 2, size=2)]
        cands = [[b1, b2], [b1], [b2], [pu, pw]]
        return cands, {"O": O, "u": list(u), "w": list(w)}

    def items(self, p, cand):
        O = p["O"]
        given = [_line_item(O, d, "gray") for d in (p["u"], p["w"])]
        return given + [_line_item(O, d, p["color"], dash=True) for d in cand]

    def note(self, p):
        return ("Each panel shows the same two gray lines and, dashed in colour, a candidate "
                "set of points.")

    def question(self, p):
        return (f"{self.note(p)} Which panel shows the set of all points that are equally far "
                "from the two gray lines?")

    def fits(self, p, panel):
        g1, g2, *cand = panel.items
        if len(cand) != 2:  # the set is two whole lines
            return False
        return all(np.allclose(_line_dist(xy, g1), _line_dist(xy, g2), atol=1e-6)
                   for xy in (_along(it, panel) for it in cand))


# ----------------------------------------------------------------------------- Apollonius


@register_seed
class LocusApollonius(LocusPanel):
    seed_id = "analytic-locus-apollonius"
    level = UNI
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = LOCUS_CLAUSES

    def draw_cands(self, rng):
        while True:
            w = [(1, 0), (0, 1), (-1, 0), (0, -1)][int(rng.integers(4))]
            A = [int(v) for v in rng.integers(-3, 4, size=2)]
            B = [A[0] + 3 * w[0], A[1] + 3 * w[1]]
            lo = [A[0] - 3 * w[0], A[1] - 3 * w[1]]  # the far ends of the two circles
            hi = [B[0] + 3 * w[0], B[1] + 3 * w[1]]
            if max(map(abs, lo + hi)) <= 5:
                break
        M = [(A[0] + B[0]) / 2, (A[1] + B[1]) / 2]
        cands = [["circle", [B[0] + w[0], B[1] + w[1], 2.0]],
                 ["circle", [A[0] - w[0], A[1] - w[1], 2.0]],
                 ["line", [float(w[0]), float(w[1]), float(w[0] * M[0] + w[1] * M[1])]],
                 ["circle", [M[0], M[1], 1.5]]]
        return cands, {"A": A, "B": B}

    def items(self, p, cand):
        kind, params = cand
        return [Item(kind, params=list(params), color=p["color"]),
                Item("point", pts=[p["A"]], name="A", color="black"),
                Item("point", pts=[p["B"]], name="B", color="black")]

    def question(self, p):
        return ("Each panel shows the same points A and B and one curve. Which panel shows the "
                "set of all points P with PA = 2·PB (P is twice as far from A as from B)?")

    def fits(self, p, panel):
        curve, A, B = panel.items
        xy = _along(curve, panel)
        da = np.hypot(xy[:, 0] - A.pts[0][0], xy[:, 1] - A.pts[0][1])
        db = np.hypot(xy[:, 0] - B.pts[0][0], xy[:, 1] - B.pts[0][1])
        return len(xy) > 0 and bool(np.allclose(da, 2 * db, atol=1e-6))


# ----------------------------------------------------------------------------- focus and directrix


@register_seed
class FocusDirectrixEquation(ShuffledCandidates):
    seed_id = "analytic-focus-directrix-equation"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = POINT_CLAUSES

    def sample(self, rng):
        while True:
            h, k = (int(v) for v in rng.integers(-3, 4, size=2))
            p2 = int(rng_choice(rng, (-4, -2, -1, 1, 2, 4)))  # twice the focal distance
            if h == 0 or abs(k) + abs(p2) > 5:
                continue
            p = {"h": h, "k": k, "p2": p2, "order": draw_order(rng),
                 "color": rng_choice(rng, COLORS)}
            if len(set(self.candidates(p))) == 4:
                return p

    @staticmethod
    def candidates(p):
        h, k, f = Fraction(p["h"]), Fraction(p["k"]), Fraction(p["p2"], 2)  # f: vertex to focus
        a = 1 / (4 * f)
        return list(dict.fromkeys([parabola_equation(a, h, k), parabola_equation(a, h, k + f),
                                   parabola_equation(-a, h, k), parabola_equation(a / 2, h, k),
                                   parabola_equation(a, -h, k)]))[:4]

    def question(self, p):
        return ("A parabola is the set of all points equally far from the focus F and the "
                "directrix drawn. Which equation describes the parabola?")

    def check(self, p):
        s = sp()
        F, line = self.diagram(p).objects
        focus = s.Point(*(s.nsimplify(v) for v in F.pts[0]))
        direc = s.Line(*(s.Point(*(s.nsimplify(v) for v in q)) for q in line.pts))
        x, y = s.symbols("x y")
        eq = s.Parabola(focus, direc).equation(x, y)
        pts = [(xv, s.solve(eq.subs(x, xv), y)[0]) for xv in (p["h"] - 2, p["h"], p["h"] + 3)]
        return which_holds(self.options(p), pts)

    def diagram(self, p):
        h, k, f = p["h"], p["k"], p["p2"] / 2
        d = k - f
        return spec7([GeoObject("point", "", fpts([[h, k + f]]), ["F"], show_coords=True),
                      GeoObject("line", "", fpts([[0, d], [1, d]]), ["", ""],
                                color=p["color"], show_eq=True)])
