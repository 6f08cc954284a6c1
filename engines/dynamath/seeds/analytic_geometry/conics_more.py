"""DynaMath "analytic geometry" seeds on drawn conics, second set: which equation a drawn
hyperbola has, which of four drawn ellipses is the most (least) eccentric, the parabola of a
drawn focus and directrix, the latus rectum of a drawn ellipse, the focal-sum property of an
ellipse and the focal-difference property of a hyperbola, and the equation of an ellipse
turned a quarter turn about the origin.

Why these: DynaMath's conic questions go past reading one measure: they match a drawing to
an equation, compare shapes, and use the defining properties (focus and directrix, the
constant sum or difference of focal distances). Centres, semi-axes, foci and directrices
sit on the grid (foci drawn where they fall), so the picture states every value the answer
needs. ``check`` re-derives each answer another way: each option's equation text parsed and
tested at points of the drawn curve, sympy's Ellipse (foci, intersections), distances
measured on the drawn spec.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_ag2.py
"""
from __future__ import annotations

from fractions import Fraction
import math

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.conics import eq_holds
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, HIGH, ROUND2, TOPIC, UNI, fpts,
                                                           sp, spt, tie)
from engines.dynamath.seeds.analytic_geometry.panels import PANEL_CLAUSES, hyperbola_text
from renderers.analytic_geometry.spec import (AnalyticSpec, GeoObject, ellipse_equation,
                                              fmt_frac, parabola_equation)
from renderers.panels.spec import Item, Panel, PanelsSpec, curve_points
from renderers.spec import rng_choice
from renderers.text import half_up, r2

LETTERS4 = "ABCD"


# ----------------------------------------------------------------------------- hyperbola


@register_seed
class HyperbolaEquation(ShuffledCandidates):
    seed_id = "analytic-hyperbola-equation"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A circle of radius {n}, not drawn, has the same centre as the hyperbola.",)

    def sample(self, rng):
        while True:
            h, k = (int(v) for v in rng.integers(-2, 3, size=2))
            a, b = (int(v) for v in rng.choice(range(1, 5), size=2, replace=False))
            if (h, k) != (0, 0) and abs(h) + a <= 5 and abs(k) + b <= 5:
                return {"c": [h, k], "ab": [a, b], "axis": rng_choice(rng, ("x", "y")),
                        "order": draw_order(rng), "color": rng_choice(rng, COLORS)}

    def _cands(self, p):
        (h, k), (a, b), ax = p["c"], p["ab"], p["axis"]
        other = "y" if ax == "x" else "x"
        return [(h, k, a, b, ax), (h, k, b, a, ax), (h, k, a, b, other), (-h, -k, a, b, ax)]

    def candidates(self, p):
        return [hyperbola_text(ax, h, k, a, b) for h, k, a, b, ax in self._cands(p)]

    def question(self, p):
        return ("The hyperbola is drawn with its asymptotes (dashed) and the dashed rectangle "
                "whose diagonals lie on them; its vertices V and V' are marked. Which equation "
                "describes the hyperbola?")

    def check(self, p):
        """Each option's text parsed and tested at points of the drawn branches."""
        s = sp()
        hyp = self.diagram(p).panels[0].items[0]
        h, k, a, b = (s.nsimplify(v) for v in hyp.params)
        c, t = s.Rational(5, 4), s.Rational(3, 4)  # cosh and sinh of one parameter value
        if hyp.fn == "x":  # (h ± a cosh, k ± b sinh) on both branches
            pts = [(h + u * a * c, k + v * b * t) for u in (1, -1) for v in (1, -1)]
        else:
            pts = [(h + v * a * t, k + u * b * c) for u in (1, -1) for v in (1, -1)]
        hits = [o for o in self.options(p) if eq_holds(o, pts)]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        (h, k), (a, b), ax = p["c"], p["ab"], p["axis"]
        gray = "gray"
        box = [[h - a, k - b], [h + a, k - b], [h + a, k + b], [h - a, k + b]]
        verts = [[h + a, k], [h - a, k]] if ax == "x" else [[h, k + b], [h, k - b]]
        return PanelsSpec(panels=[Panel(xmin=-7, xmax=7, ymin=-7, ymax=7, items=[
            Item("hyperbola", fn=ax, params=[float(h), float(k), float(a), float(b)],
                 color=p["color"]),
            Item("line", params=[float(-b), float(a), float(a * k - b * h)], color=gray,
                 dash=True),
            Item("line", params=[float(b), float(a), float(a * k + b * h)], color=gray,
                 dash=True),
            Item("polygon", pts=fpts(box), color=gray, dash=True),
            Item("point", pts=fpts([verts[0]]), name="V", show_coords=True),
            Item("point", pts=fpts([verts[1]]), name="V'", show_coords=True)])])


# ----------------------------------------------------------------------------- eccentricity


@register_seed
class EllipseEccentricityCompare(SeedQuestion):
    seed_id = "analytic-ellipse-eccentricity-compare"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = PANEL_CLAUSES

    def sample(self, rng):
        pool = [(a, b) for a in range(1, 6) for b in range(1, 6) if a > b]
        while True:
            picks = [pool[int(i)] for i in rng.choice(len(pool), size=4, replace=False)]
            ratios = sorted(b / a for a, b in picks)
            ask = rng_choice(rng, ("largest", "smallest"))
            gap = ratios[1] - ratios[0] if ask == "largest" else ratios[3] - ratios[2]
            if len(set(ratios)) == 4 and gap >= 0.12:
                axes = [list(ab) if rng.random() < 0.5 else [ab[1], ab[0]] for ab in picks]
                return {"axes": axes, "ask": ask, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"Each panel draws one ellipse centred at the origin. Which panel's ellipse "
                f"has the {p['ask']} eccentricity?")

    def options(self, p):
        return list(LETTERS4)

    def answer(self, p):
        ecc = [math.sqrt(1 - (min(ab) / max(ab)) ** 2) for ab in p["axes"]]
        pick = max if p["ask"] == "largest" else min
        return LETTERS4[ecc.index(pick(ecc))]

    def check(self, p):
        """Semi-axes measured on the drawn curve (its farthest and nearest points from the
        centre); e = c/a with c from sympy's Ellipse."""
        s, es = sp(), []
        for pn in self.diagram(p).panels:
            d = np.hypot(*curve_points(pn.items[0], pn, n=1441).T)
            big, small = round(float(d.max()), 6), round(float(d.min()), 6)
            es.append(float(s.Ellipse(s.Point(0, 0), s.nsimplify(big),
                                      s.nsimplify(small)).eccentricity))
        pick = max if p["ask"] == "largest" else min
        return self.diagram(p).panels[es.index(pick(es))].label

    def diagram(self, p):
        return PanelsSpec(panels=[Panel(label=L, xmin=-5, xmax=5, ymin=-5, ymax=5, items=[
            Item("ellipse", params=[0.0, 0.0, float(a), float(b)], color=p["color"])])
            for L, (a, b) in zip(LETTERS4, p["axes"])])


# ----------------------------------------------------------------------------- focus, directrix


def parabola_text(a: Fraction, h: int, k: Fraction) -> str:
    """y = a(x - h)² + k with a fraction lead in brackets: "y = (1/8)(x + 2)² - 2"."""
    t = parabola_equation(a, Fraction(h), k)
    lead = fmt_frac(abs(a))
    return t.replace(f"= -{lead}(", f"= -({lead})(").replace(f"= {lead}(", f"= ({lead})(") \
        if "/" in lead else t


@register_seed
class ParabolaFromFocus(ShuffledCandidates):
    seed_id = "analytic-parabola-from-focus"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = ("A line with slope {n}, not drawn, passes through the focus.",)

    def sample(self, rng):
        while True:
            h = int(rng.integers(-3, 4))
            d = int(rng.integers(-4, 5))
            gap = int(rng_choice(rng, (-4, -2, -1, 1, 2, 4)))
            fy = d + gap
            if abs(fy) <= 5 and fy != 0 and h != 0:
                return {"h": h, "d": d, "f": fy, "order": draw_order(rng),
                        "color": rng_choice(rng, COLORS)}

    def _cands(self, p):
        h, d, fy = p["h"], Fraction(p["d"]), Fraction(p["f"])
        a, k = 1 / (2 * (fy - d)), (fy + d) / 2  # a = 1/(4p) with p = (f - d)/2
        return [(a, h, k), (-a, h, k), (a, h, fy), (2 * a, h, k)]

    def candidates(self, p):
        return [parabola_text(a, h, k) for a, h, k in self._cands(p)]

    def question(self, p):
        return ("The point F is the focus of a parabola and the gray line is its directrix. "
                "Which equation describes the parabola?")

    def check(self, p):
        """Points equidistant from the drawn focus and directrix, tested in each option."""
        s = sp()
        F, line = self.diagram(p).objects
        fx, fy, dy = s.Rational(F.pts[0][0]), s.Rational(F.pts[0][1]), s.Rational(line.pts[0][1])
        pts = []
        for t in (-2, 1, 3):  # (fx + t, y) with (y - fy)² + t² = (y - dy)²
            y = (t * t + fy ** 2 - dy ** 2) / (2 * (fy - dy))
            pts.append((fx + t, y))
        hits = [o for o in self.options(p) if eq_holds(o, pts)]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=[
            GeoObject("point", "", fpts([[p["h"], p["f"]]]), ["F"], show_coords=True,
                      color=p["color"]),
            GeoObject("line", "", fpts([[-1, p["d"]], [1, p["d"]]]), [], show_eq=True,
                      color="gray")])


# ----------------------------------------------------------------------------- ellipse measures


def _ellipse(rng, lim: int = 6):
    while True:
        ab = [int(v) for v in rng.choice(range(1, 7), size=2, replace=False)]
        c = [int(v) for v in rng.integers(-3, 4, size=2)]
        if abs(c[0]) + ab[0] <= lim and abs(c[1]) + ab[1] <= lim and max(ab) >= 3:
            return c, ab


@register_seed
class EllipseLatusRectum(SeedQuestion):
    seed_id = "analytic-ellipse-latus-rectum"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A circle of radius {n}, not drawn, has the same centre as the ellipse.",)

    def sample(self, rng):
        while True:
            c, ab = _ellipse(rng)
            if not tie(Fraction(2 * min(ab) ** 2, max(ab))):
                return {"c": c, "ab": ab, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The ellipse is centred at C with its axes parallel to the coordinate axes. A "
                "latus rectum is the chord through a focus perpendicular to the major axis. "
                f"What is the length of a latus rectum of the ellipse? {ROUND2}")

    def answer(self, p):
        big, small = max(p["ab"]), min(p["ab"])
        return r2(Fraction(2 * small * small, big))

    def check(self, p):
        """The chord cut from sympy's Ellipse by the line through a focus, perpendicular to
        the major axis."""
        s = sp()
        o = self.diagram(p).objects[0]
        e = s.Ellipse(spt(o.pts[0]), s.nsimplify(o.semi_x), s.nsimplify(o.semi_y))
        f = e.foci[0]
        perp = s.Line(f, f + (s.Point(0, 1) if o.semi_x > o.semi_y else s.Point(1, 0)))
        a, b = e.intersection(perp)
        return r2(a.distance(b))

    def diagram(self, p):
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("ellipse", "", fpts([p["c"]]), ["C"], semi_x=float(p["ab"][0]),
                      semi_y=float(p["ab"][1]), color=p["color"], show_coords=True)])


@register_seed
class EllipseFocalSum(SeedQuestion):
    seed_id = "analytic-ellipse-focal-sum"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The ellipse's centre C is {n} units from a point Z, which is not drawn.",)

    def sample(self, rng):
        while True:
            c, ab = _ellipse(rng)
            t = float(rng.uniform(0.35, 1.2)) + math.pi / 2 * int(rng.integers(4))
            a, b = ab
            P = [c[0] + a * math.cos(t), c[1] + b * math.sin(t)]
            d1 = half_up(math.dist(P, self._foci(c, ab)[0]), 2)
            if min(ab) >= 2 and d1 >= 1:
                return {"c": c, "ab": ab, "t": round(t, 4), "d1": d1,
                        "color": rng_choice(rng, COLORS)}

    @staticmethod
    def _foci(c, ab):
        a, b = ab
        f = math.sqrt(abs(a * a - b * b))
        return ([[c[0] - f, c[1]], [c[0] + f, c[1]]] if a > b else
                [[c[0], c[1] - f], [c[0], c[1] + f]])

    def _P(self, p):
        (h, k), (a, b) = p["c"], p["ab"]
        return [h + a * math.cos(p["t"]), k + b * math.sin(p["t"])]

    def question(self, p):
        return (f"The ellipse is centred at C; F₁ and F₂ are its foci and P is a point on it "
                f"with PF₁ = {fmt_frac(Fraction(p['d1']).limit_denominator(100))}. What is "
                f"PF₂? {ROUND2}")

    def answer(self, p):
        return r2(Fraction(2 * max(p["ab"])) - Fraction(str(p["d1"])))

    def check(self, p):
        """PF₁ + PF₂ measured on the drawn points, less the stated PF₁."""
        o, f1, f2, P = self.diagram(p).objects
        return r2(math.dist(P.pts[0], f1.pts[0]) + math.dist(P.pts[0], f2.pts[0]) - p["d1"])

    def diagram(self, p):
        f1, f2 = self._foci(p["c"], p["ab"])
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("ellipse", "", fpts([p["c"]]), ["C"], semi_x=float(p["ab"][0]),
                      semi_y=float(p["ab"][1]), color=p["color"], show_coords=True),
            GeoObject("point", "", [f1], ["F₁"]), GeoObject("point", "", [f2], ["F₂"]),
            GeoObject("point", "", [self._P(p)], ["P"])])


# ----------------------------------------------------------------------------- quarter turn


@register_seed
class EllipseQuarterTurn(ShuffledCandidates):
    seed_id = "analytic-ellipse-quarter-turn"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("geometric transformation", "numerical value", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)
    TURNS = ("counterclockwise", "clockwise")

    def sample(self, rng):
        while True:
            c, ab = _ellipse(rng, lim=6)
            if 0 not in c:
                return {"c": c, "ab": ab, "turn": rng_choice(rng, self.TURNS),
                        "order": draw_order(rng), "color": rng_choice(rng, COLORS)}

    def _cands(self, p):
        (h, k), (a, b) = p["c"], p["ab"]
        ccw, cw = (-k, h), (k, -h)
        right, wrong = (ccw, cw) if p["turn"] == "counterclockwise" else (cw, ccw)
        return [(*right, b, a), (*right, a, b), (*wrong, b, a), (*wrong, a, b)]

    def candidates(self, p):
        return [ellipse_equation(*(Fraction(v) for v in c)) for c in self._cands(p)]

    def question(self, p):
        return (f"The ellipse centred at C is rotated 90° {p['turn']} about the origin. Which "
                f"equation describes the image of the ellipse?")

    def check(self, p):
        """The drawn ellipse's four vertices turned by sympy, tested in each option."""
        s = sp()
        o = self.diagram(p).objects[0]
        (h, k), a, b = o.pts[0], int(o.semi_x), int(o.semi_y)
        ang = s.pi / 2 if p["turn"] == "counterclockwise" else -s.pi / 2
        pts = [s.Point(int(h) + dx, int(k) + dy).rotate(ang)
               for dx, dy in ((a, 0), (-a, 0), (0, b), (0, -b))]
        hits = [t for t in self.options(p) if eq_holds(t, [(q.x, q.y) for q in pts])]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("ellipse", "", fpts([p["c"]]), ["C"], semi_x=float(p["ab"][0]),
                      semi_y=float(p["ab"][1]), color=p["color"], show_coords=True)])


@register_seed
class HyperbolaFocalDifference(SeedQuestion):
    seed_id = "analytic-hyperbola-focal-difference"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A circle of radius {n}, not drawn, has the same centre as the hyperbola.",)

    def sample(self, rng):
        while True:
            h, k = (int(v) for v in rng.integers(-2, 3, size=2))
            a, b = int(rng.integers(2, 4)), int(rng.integers(2, 5))
            side, t = int(rng_choice(rng, (-1, 1))), float(rng.uniform(-1.5, 1.5))
            P = [h + side * a * math.cosh(t), k + b * math.sinh(t)]
            d1 = half_up(math.dist(P, [h - math.hypot(a, b), k]), 2)
            c = math.hypot(a, b)
            marks = [[h + a, k], [h - a, k], [h + c, k], [h - c, k]]
            clear = c - a >= 1.5 and min(math.dist(P, q) for q in marks) >= 1.5 and \
                0 not in (h + a, h - a, k) and min(abs(h + c), abs(h - c)) >= 0.6
            # (the marked points' labels stay clear of the axes)
            if max(map(abs, P)) <= 6 and abs(h) + c <= 6.5 and clear:
                return {"c": [h, k], "ab": [a, b], "side": side, "t": round(t, 4), "d1": d1,
                        "color": rng_choice(rng, COLORS)}

    def _P(self, p):
        (h, k), (a, b) = p["c"], p["ab"]
        return [h + p["side"] * a * math.cosh(p["t"]), k + b * math.sinh(p["t"])]

    def question(self, p):
        return (f"The hyperbola has its vertices V and V' marked; F₁ and F₂ are its foci and P "
                f"is a point on it with PF₁ = {fmt_frac(Fraction(str(p['d1'])))}. What is PF₂? "
                f"{ROUND2}")

    def answer(self, p):
        two_a = Fraction(2 * p["ab"][0])  # P on F₂'s branch (side 1) is nearer F₂
        return r2(Fraction(str(p["d1"])) + (-two_a if p["side"] == 1 else two_a))

    def check(self, p):
        """PF₂ - PF₁ measured on the drawn points, added to the stated PF₁."""
        pn = self.diagram(p).panels[0]
        f1, f2, P = (it.pts[0] for it in pn.items if it.name in ("F₁", "F₂", "P"))
        return r2(p["d1"] + math.dist(P, f2) - math.dist(P, f1))

    def diagram(self, p):
        (h, k), (a, b) = p["c"], p["ab"]
        c = math.hypot(a, b)
        pts = [("V", [h + a, k], True), ("V'", [h - a, k], True), ("F₁", [h - c, k], False),
               ("F₂", [h + c, k], False), ("P", self._P(p), False)]
        return PanelsSpec(panels=[Panel(xmin=-7, xmax=7, ymin=-7, ymax=7, items=[
            Item("hyperbola", fn="x", params=[float(h), float(k), float(a), float(b)],
                 color=p["color"])] + [Item("point", pts=[[float(x), float(y)]], name=n,
                                            show_coords=sc) for n, (x, y), sc in pts])])
