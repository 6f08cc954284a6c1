"""DynaMath "analytic geometry" seeds of the "which graph" kind: four labelled panels (the
panels family), each drawing one curve or shaded region; the question gives an equation or an
inequality and asks which panel shows it.

Why these: DynaMath asks to match a formula with one of several plotted graphs (lines,
parabolas, conics, exponentials and logarithms, inequalities, polar and parametric curves).
The right curve and three distractors made by the usual slips (a sign of the slope, the
intercept or the vertex flipped, the base inverted, the other side of a boundary, a solid
boundary for a strict inequality, the axes of a conic swapped) are drawn in an order the
sampler draws, all in one colour, so the letter is read from the curve, never from a cue. Every
distractor differs from the right curve in what the panel shows (the curves differ inside the
plotted range), so exactly one panel matches. ``check`` reads the spec back: it samples each
panel's drawn curve (or region) and tests it against the question's equation written out
anew, and answers with the one panel that fits.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_s6.py
"""
from __future__ import annotations

from fractions import Fraction as Fr
import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, draw_order, register_seed
from engines.dynamath.seeds.analytic_geometry.grid import COLORS, HIGH, TOPIC, UNI
from renderers.analytic_geometry.spec import (circle_equation, ellipse_equation, fmt_frac,
                                              line_equation, parabola_equation)
from renderers.panels.spec import (Constraint, Item, Panel, PanelsSpec, curve_points,
                                   region_area, region_mask)
from renderers.spec import rng_choice
from renderers.text import fmt_num

R = 5  # each panel shows -5..5 on both axes
LETTERS4 = "ABCD"
PANEL_CLAUSES = ("The point ({x}, {y}) is not marked in any panel.",
                 "A fifth graph, not shown, passes through the point ({x}, {y}).")
SIGNS = {"<=": "≤", "<": "<", ">=": "≥", ">": ">"}
FLIP = {"<=": ">=", ">=": "<=", "<": ">", ">": "<"}  # the other side of the boundary
STRICT = {"<=": "<", "<": "<=", ">=": ">", ">": ">="}  # the boundary in or out


def _q(x) -> Fr:
    return Fr(x).limit_denominator(1000)


def std_form(a: Fr, b: Fr, c: Fr) -> str:
    """a x + b y = c with whole coefficients, the x term positive: "2x - y = 3"."""
    den = math.lcm(*(_q(v).denominator for v in (a, b, c)))
    a, b, c = (int(_q(v) * den) for v in (a, b, c))
    g = math.gcd(math.gcd(a, b), c) or 1
    a, b, c = a // g, b // g, c // g
    if a < 0 or (a == 0 and b < 0):
        a, b, c = -a, -b, -c

    def term(k: int, var: str, first: bool) -> str:
        mag = "" if abs(k) == 1 else str(abs(k))
        if first:
            return ("-" if k < 0 else "") + mag + var
        return (" - " if k < 0 else " + ") + mag + var
    parts = ""
    if a:
        parts = term(a, "x", True)
    if b:
        parts += term(b, "y", not parts)
    return f"{parts} = {c}"


def poly_text(coefs: list[Fr]) -> str:
    """y = ax² + bx + c as written: "y = -2x² + 4x - 1", "y = (1/2)x² - 3"."""
    out = ""
    for k, var in ((2, "x²"), (1, "x"), (0, "")):
        c = _q(coefs[k])
        if c == 0:
            continue
        mag = fmt_frac(abs(c))
        if var and abs(c) == 1:
            mag = ""
        elif var and "/" in mag:
            mag = f"({mag})"
        sign = ("-" if c < 0 else "") if not out else (" - " if c < 0 else " + ")
        out += sign + mag + var
    return "y = " + (out or "0")


def which_panel_diagram(items_of, p: dict) -> PanelsSpec:
    """Panel i (letter A-D) draws candidate p["order"][i]."""
    return PanelsSpec(panels=[Panel(label=L, xmin=-R, xmax=R, ymin=-R, ymax=R,
                                    items=items_of(p, p["cands"][j]))
                              for L, j in zip(LETTERS4, p["order"])])


def shows(it: Item) -> bool:
    """A curve runs at least 4 units inside the panel's range; a region covers between a
    tenth and nine tenths of it."""
    panel = Panel(xmin=-R, xmax=R, ymin=-R, ymax=R)
    if it.kind == "region":
        return 0.1 <= region_area(it, panel, n=100) / (2 * R) ** 2 <= 0.9
    pts = curve_points(it, panel, n=1441)
    if len(pts) == 2:  # a line: its two far ends, filled in
        pts = pts[0] + np.linspace(0, 1, 4001)[:, None] * (pts[1] - pts[0])
    ok = (np.abs(pts) <= R).all(axis=1)
    seg = np.linalg.norm(np.diff(pts, axis=0), axis=1)
    both = ok[:-1] & ok[1:] & np.isfinite(seg)
    return float(seg[both].sum()) >= 4


class WhichPanel(SeedQuestion):
    """Four panels A-D, one candidate each (the right one first in ``cands``), shown in
    ``order``; the options are the panel letters. Subclasses give ``items`` (a candidate's
    drawing), ``text`` (the question's equation) and ``fits`` (whether a drawn panel shows the
    equation, tested on the spec)."""

    topic, answer_type = TOPIC, "multiple choice"
    clauses = PANEL_CLAUSES
    NOUN = "graph of"

    def draw_cands(self, rng) -> tuple[list, dict]:
        """The candidates (the right one first) and any other parameters of a variant."""
        raise NotImplementedError

    def items(self, p: dict, cand) -> list[Item]:
        """What the panel of candidate ``cand`` draws."""
        raise NotImplementedError

    def text(self, p: dict) -> str:
        raise NotImplementedError

    def fits(self, p: dict, panel: Panel) -> bool:
        raise NotImplementedError

    def note(self, p: dict) -> str:
        return ""

    def question(self, p):
        note = self.note(p)
        return (f"{note + ' ' if note else ''}Which panel shows the {self.NOUN} "
                f"{self.text(p)}?")

    def options(self, p):
        return list(LETTERS4)

    def answer(self, p):
        return LETTERS4[p["order"].index(0)]

    def diagram(self, p):
        return which_panel_diagram(self.items, p)

    def sample(self, rng):
        while True:  # every candidate shows in its panel, so the panels differ visibly
            cands, extra = self.draw_cands(rng)
            p = {"cands": cands, "order": draw_order(rng), "color": rng_choice(rng, COLORS),
                 **extra}
            if all(shows(it) for c in cands for it in self.items(p, c)):
                return p

    def check(self, p):
        hits = [pn.label for pn in self.diagram(p).panels if self.fits(p, pn)]
        return hits[0] if len(hits) == 1 else f"panels {hits} fit"



def _drawn(panel: Panel) -> np.ndarray:
    """The points of a panel's (one) curve, finite ones only."""
    pts = curve_points(panel.items[0], panel)
    return pts[np.isfinite(pts).all(axis=1)]


def _on(resid) -> bool:
    return bool(np.nanmax(np.abs(resid)) < 1e-6)


# ----------------------------------------------------------------------------- lines


@register_seed
class PanelsLine(WhichPanel):
    seed_id = "analytic-panels-line"
    level = HIGH
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    SLOPES = ("-3", "-2", "-1", "-1/2", "1/2", "1", "2", "3")
    canonical = {"cands": [["2", "-3"], ["-2", "-3"], ["2", "3"], ["-2", "3"]],
                 "order": [2, 0, 3, 1], "color": "blue", "form": "slope"}

    def draw_cands(self, rng):
        m, b = _q(rng_choice(rng, self.SLOPES)), int(rng_choice(rng, (-3, -2, -1, 1, 2, 3)))
        cands = [(m, b), (-m, b), (m, -b), (-m, -b)]
        return [[str(x), str(y)] for x, y in cands], {
            "form": rng_choice(rng, ("slope", "standard"))}

    def items(self, p, cand):
        m, b = map(_q, cand)
        return [Item("line", params=[float(-m), 1.0, float(b)], color=p["color"])]

    def text(self, p):
        m, b = map(_q, p["cands"][0])
        return line_equation(m, b) if p["form"] == "slope" else std_form(-m, Fr(1), b)

    def fits(self, p, panel):
        m, b = (float(_q(v)) for v in p["cands"][0])
        xy = _drawn(panel)
        return _on(xy[:, 1] - (m * xy[:, 0] + b))


# ----------------------------------------------------------------------------- parabolas


@register_seed
class PanelsParabola(WhichPanel):
    seed_id = "analytic-panels-parabola"
    level = HIGH
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    A = ("-2", "-1", "-1/2", "1/2", "1", "2")

    def draw_cands(self, rng):
        a = _q(rng_choice(rng, self.A))
        h, k = (int(rng_choice(rng, (-3, -2, -1, 1, 2, 3))) for _ in range(2))
        cands = [(a, h, k), (-a, h, k), (a, -h, k), (a, h, -k)]
        return [[str(v) for v in c] for c in cands], {
            "form": rng_choice(rng, ("vertex", "expanded"))}

    def items(self, p, cand):
        a, h, k = map(_q, cand)
        return [Item("graph", fn="poly", params=[float(a * h * h + k), float(-2 * a * h),
                                                 float(a)], color=p["color"])]

    def text(self, p):
        a, h, k = map(_q, p["cands"][0])
        if p["form"] == "vertex":
            return parabola_equation(a, h, k)
        return poly_text([a * h * h + k, -2 * a * h, a])

    def fits(self, p, panel):
        a, h, k = (float(_q(v)) for v in p["cands"][0])
        xy = _drawn(panel)
        return _on(xy[:, 1] - (a * (xy[:, 0] - h) ** 2 + k))


# ----------------------------------------------------------------------------- circles, ellipses


@register_seed
class PanelsConic(WhichPanel):
    seed_id = "analytic-panels-circle-ellipse"
    level = HIGH
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def draw_cands(self, rng):
        nz = (-3, -2, -1, 1, 2, 3)
        while True:
            h, k = int(rng_choice(rng, nz)), int(rng_choice(rng, nz))
            if rng.random() < 0.5:  # circle: centre signs flipped
                r = int(rng.integers(1, 4))
                if abs(h) + r <= R and abs(k) + r <= R:
                    cands = [(h, k, r, r), (-h, k, r, r), (h, -k, r, r), (-h, -k, r, r)]
                    return [list(c) for c in cands], {}
            else:  # ellipse: semi-axes swapped, centre signs flipped
                a, b = (int(v) for v in rng.choice([1, 2, 3, 4], size=2, replace=False))
                if max(abs(h), abs(k)) + max(a, b) <= R:
                    cands = [(h, k, a, b), (h, k, b, a), (-h, k, a, b), (h, -k, a, b)]
                    return [list(c) for c in cands], {}

    def items(self, p, cand):
        h, k, a, b = cand
        if a == b:
            return [Item("circle", params=[float(h), float(k), float(a)], color=p["color"])]
        return [Item("ellipse", params=[float(h), float(k), float(a), float(b)],
                     color=p["color"])]

    def text(self, p):
        h, k, a, b = (Fr(v) for v in p["cands"][0])
        return circle_equation(h, k, a * a) if a == b else ellipse_equation(h, k, a, b)

    def fits(self, p, panel):
        h, k, a, b = p["cands"][0]
        xy = _drawn(panel)
        return _on((xy[:, 0] - h) ** 2 / a ** 2 + (xy[:, 1] - k) ** 2 / b ** 2 - 1)


# ----------------------------------------------------------------------------- exp and log


def _base_text(b: Fr) -> str:
    return str(b.numerator) if b.denominator == 1 else f"({b.numerator}/{b.denominator})"


SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


@register_seed
class PanelsExpLog(WhichPanel):
    seed_id = "analytic-panels-exp-log"
    level = HIGH
    kinds = ("function type", "numerical value", IRRELEVANT)

    def draw_cands(self, rng):
        a = int(rng_choice(rng, (-1, 1)))
        d = int(rng.integers(-2, 3))
        d2 = -d if d else int(rng_choice(rng, (-2, 2)))
        if rng.random() < 0.5:
            b = _q(rng_choice(rng, ("2", "3", "1/2", "1/3")))
            cands = [("exp", a, b, 0, d), ("exp", -a, b, 0, d), ("exp", a, 1 / b, 0, d),
                     ("exp", a, b, 0, d2)]
        else:
            b, c = Fr(int(rng_choice(rng, (2, 3)))), int(rng_choice(rng, (-3, -2, -1, 1, 2)))
            cands = [("log", a, b, c, d), ("log", -a, b, c, d), ("log", a, b, -c, d),
                     ("log", a, b, c, d2)]
        return [[f, a_, str(b_), c_, d_] for f, a_, b_, c_, d_ in cands], {}

    def items(self, p, cand):
        f, a, b, c, d = cand
        b = float(_q(b))
        if f == "exp":
            return [Item("graph", fn="exp", params=[float(a), b, float(d)], color=p["color"])]
        return [Item("graph", fn="log", params=[float(a), b, float(c), float(d)],
                     color=p["color"])]

    def text(self, p):
        f, a, b, c, d = p["cands"][0]
        b = _q(b)
        tail = "" if d == 0 else f" {'+' if d > 0 else '-'} {abs(d)}"
        sign = "-" if a < 0 else ""
        if f == "exp":
            return f"y = {sign}{_base_text(b)}^x{tail}"
        inner = f"x {'-' if c > 0 else '+'} {abs(c)}"
        return f"y = {sign}log{str(b.numerator).translate(SUB)}({inner}){tail}"

    def fits(self, p, panel):
        f, a, b, c, d = p["cands"][0]
        b = float(_q(b))
        xy = _drawn(panel)
        x, y = xy[:, 0], xy[:, 1]
        if f == "exp":
            return _on(y - (a * b ** x + d))
        if (x <= c).any():
            return False
        return _on(y - (a * np.log(x - c) / np.log(b) + d))


# ----------------------------------------------------------------------------- inequalities

REGION_NOTE = ("Shaded regions include a boundary drawn solid and exclude a boundary drawn "
               "dashed.")
_GRID = np.meshgrid(np.linspace(-R + 0.0137, R - 0.0291, 97),
                    np.linspace(-R + 0.0213, R - 0.0179, 97))


def _same_set(panel: Panel, want, included: list[bool]) -> bool:
    """The panel's region equals the set ``want`` (a predicate on grid arrays) at grid points
    off every boundary, and draws each boundary solid exactly where it is included."""
    it = panel.items[0]
    X, Y = _GRID
    if not np.array_equal(region_mask(it, X, Y), want(X, Y)):
        return False
    return [c.included for c in it.constraints] == included


def _cmp(v, op: str):
    return {"<=": v <= 0, "<": v < 0, ">=": v >= 0, ">": v > 0}[op]


@register_seed
class PanelsLinearInequality(WhichPanel):
    seed_id = "analytic-panels-linear-inequality"
    level = HIGH
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    NOUN = "solution set of"
    SLOPES = ("-2", "-1", "-1/2", "1/2", "1", "2")

    def draw_cands(self, rng):
        m, b = _q(rng_choice(rng, self.SLOPES)), int(rng_choice(rng, (-2, -1, 1, 2)))
        op = rng_choice(rng, tuple(SIGNS))
        cands = [(m, b, op), (m, b, FLIP[op]), (m, b, STRICT[op]), (-m, b, op)]
        return [[str(x), y, o] for x, y, o in cands], {}

    def items(self, p, cand):
        m, b, op = _q(cand[0]), cand[1], cand[2]
        return [Item("region", constraints=[Constraint("line", [float(-m), 1.0, float(b)], op)],
                      color=p["color"])]

    def note(self, p):
        return REGION_NOTE

    def text(self, p):
        m, b, op = _q(p["cands"][0][0]), p["cands"][0][1], p["cands"][0][2]
        return line_equation(m, Fr(b)).replace("=", SIGNS[op], 1)

    def fits(self, p, panel):
        m, b, op = float(_q(p["cands"][0][0])), p["cands"][0][1], p["cands"][0][2]
        return _same_set(panel, lambda X, Y: _cmp(Y - (m * X + b), op), [op in ("<=", ">=")])


@register_seed
class PanelsQuadraticInequality(WhichPanel):
    seed_id = "analytic-panels-quadratic-inequality"
    level = HIGH
    kinds = ("numerical value", "function type", IRRELEVANT)
    NOUN = "solution set of"

    def draw_cands(self, rng):
        op = rng_choice(rng, tuple(SIGNS))
        if rng.random() < 0.5:  # y OP a(x - h)² + k
            a = int(rng_choice(rng, (-1, 1)))
            h, k = int(rng_choice(rng, (-2, -1, 1, 2))), int(rng_choice(rng, (-2, -1, 1, 2)))
            cands = [("parabola", a, h, k, op), ("parabola", a, h, k, FLIP[op]),
                     ("parabola", a, h, k, STRICT[op]), ("parabola", -a, h, k, op)]
        else:  # (x - h)² + (y - k)² OP r²
            r = int(rng.integers(2, 4))
            h, k = int(rng_choice(rng, (-2, -1, 1, 2))), int(rng.integers(-1, 2))
            cands = [("circle", r, h, k, op), ("circle", r, h, k, FLIP[op]),
                     ("circle", r, h, k, STRICT[op]), ("circle", r, -h, k, op)]
        return [list(c) for c in cands], {}

    def items(self, p, cand):
        kind, s, h, k, op = cand
        if kind == "parabola":
            con = Constraint("parabola", [float(s), float(-2 * s * h), float(s * h * h + k)], op)
        else:
            con = Constraint("circle", [float(h), float(k), float(s)], op)
        return [Item("region", constraints=[con], color=p["color"])]

    def note(self, p):
        return REGION_NOTE

    def text(self, p):
        kind, s, h, k, op = p["cands"][0]
        if kind == "parabola":
            return parabola_equation(Fr(s), Fr(h), Fr(k)).replace("=", SIGNS[op], 1)
        return circle_equation(Fr(h), Fr(k), Fr(s * s)).replace("=", SIGNS[op], 1)

    def fits(self, p, panel):
        kind, s, h, k, op = p["cands"][0]
        if kind == "parabola":
            def want(X, Y):
                return _cmp(Y - s * (X - h) ** 2 - k, op)
        else:
            def want(X, Y):
                return _cmp((X - h) ** 2 + (Y - k) ** 2 - s * s, op)
        return _same_set(panel, want, [op in ("<=", ">=")])


@register_seed
class PanelsSystem(WhichPanel):
    seed_id = "analytic-panels-system"
    level = HIGH
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    NOUN = "solution set of the system"
    SLOPES = ("-2", "-1", "-1/2", "1/2", "1", "2")

    def draw_cands(self, rng):
        while True:
            m1, m2 = (_q(rng_choice(rng, self.SLOPES)) for _ in range(2))
            b1, b2 = (int(rng.integers(-2, 3)) for _ in range(2))
            if m1 == m2:
                continue
            x = Fr(b2 - b1) / (m1 - m2)
            if abs(x) <= 3 and abs(m1 * x + b1) <= 3:  # the corner well inside the panel
                break
        o1, o2 = rng_choice(rng, ("<=", ">=")), rng_choice(rng, ("<=", ">="))
        cands = [(o1, o2), (FLIP[o1], o2), (o1, FLIP[o2]), (FLIP[o1], FLIP[o2])]
        return [[a, b] for a, b in cands], {'lines': [[str(m1), b1], [str(m2), b2]]}

    SIDE = {"<=": "on or below", ">=": "on or above"}

    def items(self, p, cand):
        # the region, then its two boundary lines again to carry their names
        return [Item("region", color=p["color"], constraints=[
            Constraint("line", [float(-_q(m)), 1.0, float(b)], op)
            for (m, b), op in zip(p["lines"], cand)])] + [
            Item("line", params=[float(-_q(m)), 1.0, float(b)], name=n, color=p["color"])
            for (m, b), n in zip(p["lines"], ("ℓ₁", "ℓ₂"))]

    def note(self, p):
        return ("Every panel draws the lines ℓ₁ and ℓ₂ whose equations the title gives.")

    def text(self, p):
        # the lines' equations are in the figure's title only: the text names the sides
        o1, o2 = p["cands"][0]
        return (f"y {SIGNS[o1]} ℓ₁ and y {SIGNS[o2]} ℓ₂, that is the points "
                f"{self.SIDE[o1]} ℓ₁ and {self.SIDE[o2]} ℓ₂")

    def diagram(self, p):
        spec = which_panel_diagram(self.items, p)
        spec.title = "   ".join(f"{n}: {line_equation(_q(m), Fr(b))}"
                                for (m, b), n in zip(p["lines"], ("ℓ₁", "ℓ₂")))
        return spec

    def fits(self, p, panel):
        (m1, b1), (m2, b2) = ((float(_q(m)), b) for m, b in p["lines"])
        o1, o2 = p["cands"][0]
        return _same_set(panel, lambda X, Y: _cmp(Y - m1 * X - b1, o1) &
                         _cmp(Y - m2 * X - b2, o2), [True, True])


# ----------------------------------------------------------------------------- hyperbolas


def hyperbola_text(opens: str, h: int, k: int, a: int, b: int) -> str:
    def sq(var: str, c: int, s: int) -> str:
        base = var if c == 0 else f"({var} {'-' if c > 0 else '+'} {abs(c)})"
        return f"{base}²" if s == 1 else f"{base}²/{s * s}"
    xs, ys = sq("x", h, a), sq("y", k, b)
    return f"{xs} - {ys} = 1" if opens == "x" else f"{ys} - {xs} = 1"


@register_seed
class PanelsHyperbola(WhichPanel):
    seed_id = "analytic-panels-hyperbola"
    level = UNI
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)

    def draw_cands(self, rng):
        a, b = (int(v) for v in rng.choice([1, 2, 3], size=2, replace=False))
        h, k = (int(rng.integers(-1, 2)) for _ in range(2))
        first = rng_choice(rng, ("x", "y"))
        other = "y" if first == "x" else "x"
        cands = [(first, a, b), (other, a, b), (first, b, a), (other, b, a)]
        return [list(c) for c in cands], {'centre': [h, k]}

    def items(self, p, cand):
        (h, k), (o, a, b) = p["centre"], cand
        return [Item("hyperbola", fn=o, params=[float(h), float(k), float(a), float(b)],
                     color=p["color"])]

    def text(self, p):
        o, a, b = p["cands"][0]
        return hyperbola_text(o, *p["centre"], a, b)

    def fits(self, p, panel):
        o, a, b = p["cands"][0]
        h, k = p["centre"]
        xy = _drawn(panel)
        q = (xy[:, 0] - h) ** 2 / a ** 2 - (xy[:, 1] - k) ** 2 / b ** 2
        return _on((q if o == "x" else -q) - 1)


# ----------------------------------------------------------------------------- polar, parametric


def polar_text(c: list) -> str:
    """r = 3cos(2θ), r = 2(1 - sin θ), r = 4cos θ."""
    kind, a, k, f = c
    if kind == "rose":
        return f"r = {a}{f}({k}θ)"
    if kind == "circle":
        return f"r = {a}{f} θ"
    return f"r = {fmt_num(a)}(1 {'+' if k > 0 else '-'} {f} θ)"


def polar_item(c: list, color: str) -> Item:
    kind, a, k, f = c
    params = {"rose": [0.0, float(a), float(k)], "circle": [0.0, float(a), 1.0],
              "limacon": [float(a), float(a * k), 1.0]}[kind]
    return Item("polar", fn=f, params=params, color=color)


def polar_r(c: list, th):
    kind, a, k, f = c
    trig = np.cos if f == "cos" else np.sin
    if kind == "rose":
        return a * trig(k * th)
    if kind == "circle":
        return a * trig(th)
    return a * (1 + k * trig(th))


@register_seed
class PanelsPolar(WhichPanel):
    seed_id = "analytic-panels-polar"
    level = UNI
    kinds = ("function type", "numerical value", IRRELEVANT)
    NOUN = "polar curve"
    ROSES = [("rose", k, f) for k in (2, 3) for f in ("cos", "sin")] + [("rose", 4, "cos"),
                                                                        ("rose", 5, "sin")]
    LIMACONS = [("limacon", s, f) for s in (1, -1) for f in ("cos", "sin")]
    CIRCLES = [("circle", 1, "cos"), ("circle", 1, "sin")]

    def draw_cands(self, rng):
        a = int(rng_choice(rng, (3, 4)))
        pool = self.ROSES + self.LIMACONS + self.CIRCLES
        idx = [int(i) for i in rng.choice(len(pool), size=4, replace=False)]
        cands = []
        for i in idx:
            kind, k, f = pool[i]
            amp = a if kind != "limacon" else a / 2  # a cardioid reaches 2 * amp
            cands.append([kind, amp, k, f])
        return cands, {}

    def items(self, p, cand):
        return [polar_item(cand, p["color"])]

    def text(self, p):
        return polar_text(p["cands"][0])

    def fits(self, p, panel):
        xy = _drawn(panel)
        rho, th = np.hypot(xy[:, 0], xy[:, 1]), np.arctan2(xy[:, 1], xy[:, 0])
        rho, th = rho[rho > 1e-6], th[rho > 1e-6]  # the pole has every angle
        c = p["cands"][0]
        # a point (rho, th) is on r = f(θ) as (rho, th) or, with r < 0, as (-rho, th + π)
        return _on(np.minimum(np.abs(rho - polar_r(c, th)),
                              np.abs(-rho - polar_r(c, th + math.pi))))


@register_seed
class PanelsParametric(WhichPanel):
    seed_id = "analytic-panels-parametric"
    level = UNI
    kinds = ("function type", "numerical value", IRRELEVANT)
    NOUN = "curve"
    PAIRS = ((1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 3), (3, 2))

    def draw_cands(self, rng):
        A, B = (int(v) for v in rng.choice([3, 4], size=2))
        idx = rng.choice(len(self.PAIRS), size=4, replace=False)
        return [[A, *self.PAIRS[int(i)], B] for i in idx], {}

    def items(self, p, cand):
        A, pp, q, B = cand
        return [Item("parametric", fn="lissajous",
                     params=[float(A), float(pp), float(B), float(q), 0.0], color=p["color"])]

    def text(self, p):
        A, pp, q, B = p["cands"][0]

        def arg(k):
            return "t" if k == 1 else f"{k}t"
        return f"x = {A}cos({arg(pp)}), y = {B}sin({arg(q)}) for 0 ≤ t ≤ 2π"

    def fits(self, p, panel):
        A, pp, q, B = p["cands"][0]
        t = np.linspace(0, 2 * math.pi, 1201)
        want = np.column_stack([A * np.cos(pp * t), B * np.sin(q * t)])
        got = _drawn(panel)
        # the two point sets cover the same cells of a 0.1 grid, up to a neighbouring cell
        # (the drawn points are at most 0.08 apart; different curves part by > 0.5)
        return _covers(got, want) and _covers(want, got)


def _covers(a: np.ndarray, b: np.ndarray, cell: float = 0.1) -> bool:
    """Every point of a lies in a cell of a 0.1 grid next to (or in) a cell holding a point
    of b."""
    near = {(i + di, j + dj) for i, j in np.floor(b / cell).astype(int).tolist()
            for di in (-1, 0, 1) for dj in (-1, 0, 1)}
    return all((i, j) in near for i, j in np.floor(a / cell).astype(int).tolist())
