"""DynaMath "statistics" seeds on ternary plots: reading a plotted composition, the point with
the largest share of a part, the composition of a point among misread ones, the region a stated
composition falls in, the grams of a part in a sample, a mixture of two samples and the lever
rule on a mixing line.

Why: DynaMath reads compositions off ternary diagrams; every plotted composition is a whole
multiple of the 10% gridlines, each part's scale and gridlines share its colour, and its name
stands at its 100% corner, so every value a question needs is drawn. ``check`` re-derives each
answer from the ternary family's facts (the points' positions, mapped back to compositions, or
the region that holds a point), never from the sampled numbers.

    python -m pytest -q tests/engines/dynamath/test_seeds_statistics_s6.py
"""
from __future__ import annotations

from fractions import Fraction
import math

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import HIGH, TOPIC, UNI, half_tie
from renderers.spec import rng_choice
from renderers.ternary.sample import grid_comp
from renderers.ternary.spec import (TernarySpec, TernPoint, TernRegion, from_xy, ternary_facts,
                                    to_xy)
from renderers.text import half_up

# (title, the three parts, what one point is, its plural)
CONTEXTS = (("Soil samples", ("Clay", "Silt", "Sand"), "soil sample", "soil samples"),
            ("Bronze alloys", ("Copper", "Zinc", "Tin"), "alloy", "alloys"),
            ("Fruit punch recipes", ("Apple", "Orange", "Mango"), "punch", "punches"),
            ("Concrete mixes", ("Cement", "Sand", "Gravel"), "mix", "mixes"))
PART_COLORS = (("red", "blue", "green"), ("purple", "orange", "blue"),
               ("brown", "green", "purple"))
POINT_COLORS = ("black", "blue", "red", "purple")
CLAUSES = ("The diagram was drawn by a lab that tested {m} samples that week.",
           "The plot was printed on page {n} of a report.",
           "The lab that made the diagram has {n} technicians.")


def _points(rng, k: int) -> list[list[float]]:
    """k compositions on the gridlines, no two on neighbouring grid nodes (a name sits clear
    of the other dots)."""
    out: list[list[float]] = []
    while len(out) < k:
        c = grid_comp(rng)
        if all(math.dist(to_xy(c), to_xy(o)) > 0.17 for o in out):
            out.append(c)
    return out


def _base(rng, k: int) -> dict:
    return {"ctx": int(rng.integers(len(CONTEXTS))), "comps": _points(rng, k),
            "pc": int(rng.integers(len(PART_COLORS))),
            "dot": rng_choice(rng, POINT_COLORS)}


def _spec(p: dict, names: str = "PQRS", **extra) -> TernarySpec:
    title, parts = CONTEXTS[p["ctx"]][:2]
    return TernarySpec(title=title, parts=list(parts), part_colors=list(PART_COLORS[p["pc"]]),
                       points=[TernPoint(n, list(c), p["dot"]) for n, c in
                               zip(names, p["comps"])], **extra)


def _part(p: dict, i: int) -> str:
    return CONTEXTS[p["ctx"]][1][i]


def _where(spec: TernarySpec) -> dict[str, tuple[float, float]]:
    """Each named point's drawn position (math units), unrounded."""
    ternary_facts(spec)  # validates the figure
    return {p.name: to_xy(p.comp) for p in spec.points}


def _comp_from_figure(spec: TernarySpec, name: str) -> list[float]:
    """A point's composition read back from its drawn position, to 2 decimals."""
    return [half_up(v, 2) + 0.0 for v in from_xy(*_where(spec)[name])]


@register_seed
class TernaryRead(SeedQuestion):
    seed_id = "stat-ternary-read"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        p = _base(rng, int(rng.integers(3, 5)))
        return {**p, "ask": int(rng.integers(len(p["comps"]))), "part": int(rng.integers(3))}

    def question(self, p):
        what = CONTEXTS[p["ctx"]][2]
        return (f"The ternary plot shows the composition of {CONTEXTS[p['ctx']][3]}; each "
                f"part's scale and gridlines are drawn in the colour of its name. What "
                f"percentage of {what} {'PQRS'[p['ask']]} is {_part(p, p['part']).lower()}?")

    def answer(self, p):
        return float(p["comps"][p["ask"]][p["part"]])

    def check(self, p):
        return _comp_from_figure(self.diagram(p), "PQRS"[p["ask"]])[p["part"]]

    def diagram(self, p):
        return _spec(p)


@register_seed
class TernaryLargestShare(ShuffledCandidates):
    seed_id = "stat-ternary-largest-share"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _base(rng, 4)
            part = int(rng.integers(3))
            vals = [c[part] for c in p["comps"]]
            if len(set(vals)) == 4:
                return {**p, "part": part, "most": bool(rng.random() < 0.6),
                        "order": draw_order(rng)}

    def _pick(self, p) -> int:
        vals = [c[p["part"]] for c in p["comps"]]
        return vals.index(max(vals) if p["most"] else min(vals))

    def candidates(self, p):
        k = self._pick(p)
        return ["PQRS"[k]] + [n for i, n in enumerate("PQRS") if i != k]

    def question(self, p):
        return (f"The ternary plot shows four {CONTEXTS[p['ctx']][3]} P, Q, R and S. Which of "
                f"P, Q, R and S has the {'largest' if p['most'] else 'smallest'} share of "
                f"{_part(p, p['part']).lower()}?")

    def check(self, p):
        spec = self.diagram(p)
        share = {n: _comp_from_figure(spec, n)[p["part"]] for n in "PQRS"}
        return (max if p["most"] else min)(share, key=share.get)

    def diagram(self, p):
        return _spec(p)


def _comp_text(parts, c) -> str:
    return ", ".join(f"{n} {c[i]:g}%" for i, n in enumerate(parts))


@register_seed
class TernaryComposition(ShuffledCandidates):
    seed_id = "stat-ternary-composition"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _base(rng, int(rng.integers(1, 3)))
            if len(set(p["comps"][0])) == 3:
                return {**p, "order": draw_order(rng)}

    def candidates(self, p):
        a, b, c = p["comps"][0]
        parts = CONTEXTS[p["ctx"]][1]
        # the right reading first, then the readings that follow another part's gridlines
        return [_comp_text(parts, v) for v in ([a, b, c], [b, c, a], [c, a, b], [a, c, b])]

    def question(self, p):
        return (f"The ternary plot shows {CONTEXTS[p['ctx']][3]}; each part's scale and "
                f"gridlines are drawn in the colour of its name. What is the composition of "
                f"{CONTEXTS[p['ctx']][2]} P?")

    def check(self, p):
        spec = self.diagram(p)
        return _comp_text(spec.parts, [int(round(v)) for v in _comp_from_figure(spec, "P")])

    def diagram(self, p):
        return _spec(p)


# ----------------------------------------------------------------------------- regions

REGION_NAMES = ("I", "II", "III", "IV")


def _clip(poly: list[list[float]], i: int, t: float, keep_ge: bool) -> list[list[float]]:
    """The part of a convex polygon (corners as compositions) where part i >= t (or <= t):
    Sutherland-Hodgman against one line; compositions are linear, so the cut is exact."""
    def inside(c):
        return c[i] >= t - 1e-9 if keep_ge else c[i] <= t + 1e-9
    out = []
    for j, cur in enumerate(poly):
        prev = poly[j - 1]
        if inside(cur) != inside(prev):
            s = (t - prev[i]) / (cur[i] - prev[i])
            out.append([pv + s * (cv - pv) for pv, cv in zip(prev, cur)])
        if inside(cur):
            out.append(cur)
    return out


def region_polygons(th: list[int]) -> list[list[list[float]]]:
    """The four regions of thresholds (t0, t1, t2): part 0 >= t0; else part 1 >= t1; else
    part 2 >= t2; else the rest."""
    tri = [[100.0, 0.0, 0.0], [0.0, 100.0, 0.0], [0.0, 0.0, 100.0]]
    r0 = _clip(tri, 0, th[0], True)
    rest = _clip(tri, 0, th[0], False)
    r1 = _clip(rest, 1, th[1], True)
    rest = _clip(rest, 1, th[1], False)
    return [r0, r1, _clip(rest, 2, th[2], True), _clip(rest, 2, th[2], False)]


def _region_rule(c, th) -> int:
    for i in range(3):
        if c[i] > th[i]:
            return i
    return 3


@register_seed
class TernaryRegion(ShuffledCandidates):
    seed_id = "stat-ternary-region"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            th = [int(v) * 10 for v in rng.integers(3, 7, size=3)]
            if sum(th) < 130:
                continue
            want = int(rng.integers(4))
            for _ in range(200):
                c = grid_comp(rng)
                if all(v != t for v, t in zip(c, th)) and _region_rule(c, th) == want:
                    names = [REGION_NAMES[int(i)] for i in rng.permutation(4)]
                    return {"ctx": int(rng.integers(len(CONTEXTS))), "th": th, "comp": c,
                            "names": names, "pc": int(rng.integers(len(PART_COLORS))),
                            "order": draw_order(rng)}

    def candidates(self, p):
        k = _region_rule(p["comp"], p["th"])
        return [p["names"][k]] + [n for i, n in enumerate(p["names"]) if i != k]

    def question(self, p):
        parts, thing = CONTEXTS[p["ctx"]][1:3]
        return (f"The ternary plot is divided into regions I to IV. One {thing} contains "
                f"{_comp_text(parts, p['comp'])}. In which region does that {thing} lie?")

    def check(self, p):
        spec = self.diagram(p).replace(points=[TernPoint("X", list(p["comp"]))])
        hits = ternary_facts(spec)["region_of"]["X"]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        title, parts = CONTEXTS[p["ctx"]][:2]
        cols = ("orange", "cyan", "pink", "olive")
        regs = [TernRegion(n, poly, col) for n, poly, col in
                zip(p["names"], region_polygons(p["th"]), cols)]
        return TernarySpec(title=title, parts=list(parts),
                           part_colors=list(PART_COLORS[p["pc"]]), regions=regs)


# ----------------------------------------------------------------------------- masses

MASSES = (200, 250, 400, 500, 600, 800)


@register_seed
class TernaryMass(SeedQuestion):
    seed_id = "stat-ternary-mass"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES[1:]

    def sample(self, rng):
        p = _base(rng, int(rng.integers(2, 4)))
        return {**p, "ask": int(rng.integers(len(p["comps"]))), "part": int(rng.integers(3)),
                "mass": int(rng_choice(rng, MASSES))}

    def question(self, p):
        return (f"The ternary plot shows {CONTEXTS[p['ctx']][3]} by mass. "
                f"{CONTEXTS[p['ctx']][2].capitalize()} {'PQRS'[p['ask']]} has a mass of "
                f"{p['mass']} g. How many grams of {_part(p, p['part']).lower()} does "
                f"{CONTEXTS[p['ctx']][2]} {'PQRS'[p['ask']]} contain?")

    def answer(self, p):
        return float(Fraction(p["mass"]) * Fraction(int(p["comps"][p["ask"]][p["part"]]), 100))

    def check(self, p):
        share = _comp_from_figure(self.diagram(p), "PQRS"[p["ask"]])[p["part"]]
        return round(p["mass"] * share / 100, 6)

    def diagram(self, p):
        return _spec(p)


@register_seed
class TernaryMixture(SeedQuestion):
    seed_id = "stat-ternary-mixture"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        while True:
            p = _base(rng, 2)
            m = [int(v) * 50 for v in rng.choice(range(1, 9), size=2, replace=False)]
            part = int(rng.integers(3))
            p = {**p, "m": m, "part": part}
            # the two labels ("P: 300 g") are long: the dots stay far apart so that each
            # label sits next to its own dot only
            far = math.dist(to_xy(p["comps"][0]), to_xy(p["comps"][1])) > 0.35
            if far and p["comps"][0][part] != p["comps"][1][part] and \
                    not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        i, (m1, m2) = p["part"], p["m"]
        return Fraction(int(m1 * p["comps"][0][i] + m2 * p["comps"][1][i]), m1 + m2)

    def question(self, p):
        # the two masses are written beside the points only: the text is the same for any
        what = CONTEXTS[p["ctx"]][3]
        return (f"The ternary plot shows two {what} P and Q by mass, each labelled with its "
                f"mass in grams. All of P is mixed with all of Q. What percentage of the "
                f"mixture is {_part(p, p['part']).lower()}? Round to two decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        # a mixture's point is the mass-weighted centre of its ingredients' points; the
        # masses are read back from the drawn labels ("P: 300 g")
        xy = _where(self.diagram(p))
        (x1, y1), (x2, y2) = xy.values()
        m1, m2 = (int(name.split(": ")[1].split()[0]) for name in xy)
        x, y = (m1 * x1 + m2 * x2) / (m1 + m2), (m1 * y1 + m2 * y2) / (m1 + m2)
        return half_up(from_xy(x, y)[p["part"]], 2)

    @staticmethod
    def names(p) -> list[str]:
        return [f"{n}: {m} g" for n, m in zip("PQ", p["m"])]

    def diagram(self, p):
        return _spec(p, names=self.names(p))


# steps along a mixing line that keep every point on the 10% gridlines
DIRS = ((10, -10, 0), (10, 0, -10), (0, 10, -10), (20, -10, -10), (-10, 20, -10),
        (-10, -10, 20))
# (steps from P to Q, steps from P to M): P's share (n - k) / n, each fraction once
RATIOS = tuple((n, k) for n in range(2, 6) for k in range(1, n) if math.gcd(n, k) == 1)


@register_seed
class TernaryLever(SeedQuestion):
    seed_id = "stat-ternary-lever"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = CLAUSES

    def sample(self, rng):
        # the ratio drawn first, each of P's shares as often (drawn with the line, the
        # short lines that fit the triangle more often made 0.5 half the answers)
        n, k = rng_choice(rng, RATIOS)
        while True:
            d = list(rng_choice(rng, DIRS))
            if rng.random() < 0.5:
                d = [-v for v in d]
            P = grid_comp(rng)
            Q = [a + n * b for a, b in zip(P, d)]
            if min(Q) >= 10:
                M = [a + k * b for a, b in zip(P, d)]
                return {"ctx": int(rng.integers(len(CONTEXTS))), "comps": [P, Q, M],
                        "pc": int(rng.integers(len(PART_COLORS))),
                        "dot": rng_choice(rng, POINT_COLORS), "n": n, "k": k}

    def question(self, p):
        what = CONTEXTS[p["ctx"]][3]
        return (f"The ternary plot shows {what} by mass. Mixture M is made only of P and Q, "
                f"so it lies on the dashed line PQ. What fraction of M's mass comes from P? "
                f"Round to two decimal places.")

    def answer(self, p):
        return half_up((p["n"] - p["k"]) / p["n"], 2)

    def check(self, p):
        # the lever rule: P's share is the length MQ over the length PQ
        xy = _where(self.diagram(p))
        return half_up(math.dist(xy["M"], xy["Q"]) / math.dist(xy["P"], xy["Q"]), 2)

    def diagram(self, p):
        return _spec(p, names="PQM", segments=[["P", "Q"]])
