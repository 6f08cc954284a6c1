"""DynaMath "statistics" seeds: probability from drawn tree diagrams, urns of coloured balls
and two-way tables (total probability, Bayes, independence, drawing without replacement).

Why these: DynaMath's probability questions read the branch probabilities off a tree
diagram, the contents of a bag off a chart, or counts off a two-way table, and ask a total,
a reversed conditional, whether two events are independent, or which of two outcomes is more
likely (tables of shares and rates are in statistics/rate_tables.py). Every probability is
exact (tenths and twentieths on the branches, whole counts in the bag and tables), so answers
are Fractions; ``check`` recomputes from the drawn spec by walking the tree's paths, listing
every ordered pair of balls, or comparing a table's joint share with its margins.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_st1.py
"""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.statistics.common import HIGH, TOPIC, UNI, half_tie
from renderers.chart.spec import ChartSpec, Series, chart_facts
from renderers.chart.stats import chart_axes
from renderers.graph.spec import Edge, GraphSpec
from renderers.table.spec import TableSpec, table_facts
from renderers.text import half_up

# ----------------------------------------------------------------------------- tree diagrams

# (first event, its complement, second event, its complement, story); no event is named P,
# which would ask for "P(P)" and "P(M | P)"
TREES = (("R", "R'", "L", "L'", "R: it rains; L: the train is late"),
         ("S", "S'", "W", "W'", "S: a player starts the match; W: the team wins"),
         ("D", "D'", "T", "T'", "D: a patient has the disease; T: the test is positive"),
         ("M", "M'", "G", "G'", "M: a part comes from machine M; G: the part passes inspection"))
# leaf order top to bottom: A then B, A then B', A' then B, A' then B'
TREE_POS = [[0.09, 0.5], [0.45, 0.78], [0.45, 0.22], [0.9, 0.93], [0.9, 0.64], [0.9, 0.36],
            [0.9, 0.07]]


def _tree_params(rng) -> dict:
    """P(A) in tenths, P(B | A) and P(B | A') in twentieths (every path product exact)."""
    while True:
        a = int(rng.integers(1, 10))  # tenths
        b1, b2 = (int(v) for v in rng.integers(1, 20, size=2))  # twentieths
        if b1 != b2:
            return {"t": int(rng.integers(len(TREES))), "a": a, "b": [b1, b2]}


def _tree_spec(p: dict) -> GraphSpec:
    A, Ac, B, Bc, _ = TREES[p["t"]]
    a = Fraction(p["a"], 10)
    b1, b2 = (Fraction(v, 20) for v in p["b"])
    w = [a, 1 - a, b1, 1 - b1, b2, 1 - b2]
    edges = [Edge(u, v, float(x)) for (u, v), x in zip(((0, 1), (0, 2), (1, 3), (1, 4),
                                                         (2, 5), (2, 6)), w)]
    return GraphSpec(kind="tree", nodes=["Start", A, Ac, B, Bc, B, Bc], edges=edges,
                     weighted=True, layout="free", positions=[list(q) for q in TREE_POS])


def _tree_story(p: dict) -> str:
    return f"In the tree diagram, {TREES[p['t']][4]}."


def _paths(spec: GraphSpec) -> list[tuple[list[str], Fraction]]:
    """Every root-to-leaf path of the drawn tree: its node names and its probability."""
    kids: dict[int, list[tuple[int, float]]] = {}
    for e in spec.edges:
        kids.setdefault(e.u, []).append((e.v, e.weight))
    out, stack = [], [(0, [spec.nodes[0]], Fraction(1))]
    while stack:
        u, names, pr = stack.pop()
        if u not in kids:
            out.append((names, pr))
        for v, w in kids.get(u, []):
            stack.append((v, names + [spec.nodes[v]], pr * Fraction(w).limit_denominator(100)))
    return out


def _p_b(p: dict) -> Fraction:
    a = Fraction(p["a"], 10)
    return a * Fraction(p["b"][0], 20) + (1 - a) * Fraction(p["b"][1], 20)


@register_seed
class TreeTotalProbability(SeedQuestion):
    seed_id = "stat-tree-total-probability"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The diagram was drawn for a class of {m} students.",
               "The same experiment was repeated {n} times last week.")

    def sample(self, rng):
        return _tree_params(rng)

    def question(self, p):
        B = TREES[p["t"]][2]
        return (f"{_tree_story(p)} The numbers on the branches are probabilities. What is "
                f"P({B})? Give the exact decimal.")

    def answer(self, p):
        return float(_p_b(p))

    def check(self, p):
        spec = _tree_spec(p)
        return float(sum(pr for names, pr in _paths(spec) if names[-1] == TREES[p["t"]][2]))

    def diagram(self, p):
        return _tree_spec(p)


def _fmt3(x: Fraction) -> str:
    return f"{half_up(x, 3):.3f}"


@register_seed
class TreeBayes(ShuffledCandidates):
    seed_id = "stat-tree-bayes"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _tree_params(rng)
            p["order"] = draw_order(rng)
            if len(set(self._texts(p))) == 4:
                return p

    @staticmethod
    def _texts(p):
        a = Fraction(p["a"], 10)
        b1 = Fraction(p["b"][0], 20)
        joint = a * b1
        # P(A | B), the joint P(A and B), P(B | A) read off the branch, P(A) itself
        vals = [joint / _p_b(p), joint, b1, a]
        if any(half_tie(v, 3) for v in vals):
            return ["same"] * 4
        return [_fmt3(v) for v in vals]

    def question(self, p):
        A, _, B, _, _ = TREES[p["t"]]
        return (f"{_tree_story(p)} The numbers on the branches are probabilities. What is "
                f"P({A} | {B}), rounded to three decimal places?")

    def candidates(self, p):
        return self._texts(p)

    def check(self, p):
        A, _, B, _, _ = TREES[p["t"]]
        paths = _paths(_tree_spec(p))
        pb = sum(pr for n, pr in paths if n[-1] == B)
        both = sum(pr for n, pr in paths if n[-1] == B and n[1] == A)
        return _fmt3(both / pb)

    def diagram(self, p):
        return _tree_spec(p)


# ----------------------------------------------------------------------------- independence

# (title, corner, row names, column names)
INDEP = (("Survey of commuters", "Commute", ("Cycles", "Does not cycle"),
          ("Under 40", "40 or over")),
         ("Students and music", "Instrument", ("Plays", "Does not play"), ("Math club",
                                                                          "No club")),
         ("Customers of a café", "Order", ("Coffee", "Tea"), ("Morning", "Afternoon")))


def _indep_options(p: dict) -> list[str]:
    """Independent, or which way the row event's chance moves once the column event is known."""
    r, c = INDEP[p["t"]][2][0], INDEP[p["t"]][3][0]
    return ["Yes, they are independent", f'No: P("{r}" | "{c}") > P("{r}")',
            f'No: P("{r}" | "{c}") < P("{r}")', "It cannot be determined"]


@register_seed
class TwoWayIndependence(SeedQuestion):
    seed_id = "stat-twoway-independence"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        want = int(rng.integers(3))
        while True:
            r = [int(v) for v in rng.integers(2, 9, size=2)]
            c = [int(v) for v in rng.integers(2, 9, size=2)]
            k = int(rng.integers(2, 6))
            n = [[k * r[i] * c[j] for j in range(2)] for i in range(2)]
            if want:  # move d people around the table: the margins stay, independence goes
                d = int(rng.integers(2, 8)) * (1 if want == 1 else -1)
                n = [[n[0][0] + d, n[0][1] - d], [n[1][0] - d, n[1][1] + d]]
            if min(min(row) for row in n) >= 2 and n[0][0] != n[1][1]:
                return {"t": int(rng.integers(len(INDEP))), "n": n}

    def question(self, p):
        _, _, rows, cols = INDEP[p["t"]]
        return (f"One person in the table is chosen at random. Are the events \"{rows[0]}\" "
                f"and \"{cols[0]}\" independent?")

    def options(self, p):
        return _indep_options(p)

    def answer(self, p):
        (a, b), (c, d) = p["n"]
        # P(row 0 | col 0) against P(row 0 | col 1): a / (a + c) against b / (b + d); the
        # row's overall chance lies between the two
        s = Fraction(a, a + c) - Fraction(b, b + d)
        return _indep_options(p)[0 if s == 0 else 1 if s > 0 else 2]

    def check(self, p):
        rows = table_facts(self.diagram(p))["rows"]
        n = np.array([[int(v) for v in r[1:]] for r in rows])
        tot = n.sum()
        joint = Fraction(int(n[0, 0]), int(tot))
        prod = Fraction(int(n[0].sum()), int(tot)) * Fraction(int(n[:, 0].sum()), int(tot))
        return _indep_options(p)[0 if joint == prod else 1 if joint > prod else 2]

    def diagram(self, p):
        title, corner, rows, cols = INDEP[p["t"]]
        return TableSpec(title=title, header=[corner] + list(cols),
                         rows=[[r] + [str(v) for v in p["n"][i]] for i, r in enumerate(rows)])


# ----------------------------------------------------------------------------- urns

BALL_COLORS = ("red", "blue", "green", "orange", "purple")
# the bars of one series share a colour: a neutral one, so that no bar is drawn in a colour
# other than the one its label names
BAR_COLOR = "gray"


def _bag_spec(names: list[str], counts: list[int]) -> ChartSpec:
    return ChartSpec(kind="bar", title="Balls in a bag", x_title="Colour",
                     y_title="Number of balls",
                     categories=[n.capitalize() for n in names],
                     series=[Series("Balls", [float(c) for c in counts], BAR_COLOR)],
                     annotate=True)


def _whole_ticks(names: list[str], counts: list[int]) -> bool:
    """The chart of the bag steps its count axis by whole balls (not 2.5 at a time)."""
    return float(chart_axes(_bag_spec(names, counts))["value_axis"][2]).is_integer()


def _same_colour(counts: list[int], replace: bool) -> Fraction:
    n = sum(counts)
    if replace:
        return sum(Fraction(c * c, n * n) for c in counts)
    return sum(Fraction(c * (c - 1), n * (n - 1)) for c in counts)


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


@register_seed
class UrnSameColour(ShuffledCandidates):
    seed_id = "stat-urn-same-colour"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The bag weighs {m} grams when full.",
               "The balls are numbered from 1 to the number of balls in the bag.")

    def sample(self, rng):
        while True:
            k = int(rng.integers(2, 4))
            names = [BALL_COLORS[int(i)] for i in sorted(rng.choice(5, size=k, replace=False))]
            counts = [int(v) for v in rng.integers(2, 8, size=k)]
            p = {"names": names, "counts": counts, "order": draw_order(rng)}
            if len(set(self.candidates(p))) == 4 and _whole_ticks(names, counts):
                return p

    def question(self, p):
        return ("Two balls are drawn at random from the bag whose contents the chart shows, one "
                "after the other, without replacement. What is the probability that the two "
                "balls drawn are the same colour?")

    def candidates(self, p):
        c, n = p["counts"], sum(p["counts"])
        right = _same_colour(c, False)
        with_repl = _same_colour(c, True)
        # the different-colour probability, and the sum of the first-draw shares squared
        # taken as if the second draw kept the full bag but lost one ball of every colour
        other = 1 - right
        off = sum(Fraction(x * (x - 1), n * n) for x in c)
        return [_frac(right), _frac(with_repl), _frac(other), _frac(off)]

    def check(self, p):
        f = chart_facts(self.diagram(p))
        balls = [c for c, v in f["value_of"].items() for _ in range(int(v))]
        pairs = list(permutations(range(len(balls)), 2))
        same = sum(balls[i] == balls[j] for i, j in pairs)
        return _frac(Fraction(same, len(pairs)))

    def diagram(self, p):
        return _bag_spec(p["names"], p["counts"])


MORE_LIKELY = ("Both balls the same colour", "Two different colours", "Both are equally likely",
               "It cannot be determined")
# red, blue counts with (r - b)^2 = r + b: same and different colours equally likely (not
# 10 and 6, whose chart would step its axis by 2.5 balls)
EVEN_BAGS = ((3, 1), (6, 3), (15, 10), (3, 6), (1, 3), (10, 15))


@register_seed
class UrnMoreLikely(SeedQuestion):
    seed_id = "stat-urn-more-likely"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        want = int(rng.integers(3))
        while True:
            if want == 2:
                r, b = EVEN_BAGS[int(rng.integers(len(EVEN_BAGS)))]
            else:
                r, b = (int(v) for v in rng.integers(1, 10, size=2))
            p = {"counts": [r, b], "names": ["red", "blue"]}
            if MORE_LIKELY.index(self.answer(p)) == want and r + b >= 4 \
                    and _whole_ticks(p["names"], p["counts"]):
                return p

    def question(self, p):
        return ("Two balls are drawn at random from the bag whose contents the chart shows, "
                "without replacement. Which is more likely?")

    def options(self, p):
        return list(MORE_LIKELY)

    def answer(self, p):
        s = _same_colour(p["counts"], False)
        return MORE_LIKELY[0 if s > Fraction(1, 2) else 1 if s < Fraction(1, 2) else 2]

    def check(self, p):
        f = chart_facts(self.diagram(p))
        balls = [c for c, v in f["value_of"].items() for _ in range(int(v))]
        pairs = list(permutations(range(len(balls)), 2))
        same = sum(balls[i] == balls[j] for i, j in pairs)
        diff = len(pairs) - same
        return MORE_LIKELY[0 if same > diff else 1 if diff > same else 2]

    def diagram(self, p):
        return _bag_spec(p["names"], p["counts"])
