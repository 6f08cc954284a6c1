"""DynaMath "statistics" seeds: Venn diagrams of 2 and 3 sets.

Why these: DynaMath reads counts and probabilities off Venn diagrams and names shaded regions
with set expressions. Every region's count is written in it (or "?" with the total in the
title); shaded regions are drawn grey. ``check`` re-derives each answer another way: by
listing one record per person and counting, or by evaluating the set expression on sets of
region codes instead of on truth values.

    python -m pytest -q tests/engines/dynamath/test_statistics_venn.py
"""
from __future__ import annotations

import ast
from fractions import Fraction
import operator

from engines.dynamath.seed import SeedQuestion, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.statistics.common import ELEM, HIGH, TOPIC, UNI, half_tie
from renderers.spec import rng_choice
from renderers.venn.spec import REGIONS, VennSpec, venn_facts
from renderers.text import half_up

# (title, who, three group names, one of who)
GROUPS = (("Clubs of a class", "students", ("Chess", "Music", "Drama"), "student"),
          ("Sports played", "students", ("Football", "Tennis", "Swim"), "student"),
          ("Languages spoken", "employees", ("French", "Spanish", "German"), "employee"),
          ("Pets owned", "families", ("Dog", "Cat", "Fish"), "family"),
          ("Streaming services", "households", ("Netflix", "Disney+", "Hulu"), "household"))
COLORS = ["blue", "red", "green"]
PALETTE = ("blue", "red", "green", "orange", "purple")  # the shaded seeds' colour variation


def _params(rng, n: int, lo: int = 1, hi: int = 25) -> dict:
    g = int(rng.integers(len(GROUPS)))
    return {"g": g, "counts": {c: int(rng.integers(lo, hi + 1)) for c in REGIONS[n]}}


def _names(p: dict, n: int) -> list[str]:
    return list(GROUPS[p["g"]][2][:n])


def _spec(p: dict, n: int, labels: dict | None = None, title: str | None = None,
          shade: list | None = None, sets: list | None = None) -> VennSpec:
    lab = {c: str(v) for c, v in p["counts"].items()} if labels is None else labels
    return VennSpec(title=GROUPS[p["g"]][0] if title is None else title,
                    sets=sets or _names(p, n), labels=lab, shade=shade or [],
                    colors=COLORS[:n])


def _people(counts: dict) -> list[str]:
    """One region code per person: the population the diagram summarises."""
    return [c for c, v in sorted(counts.items()) for _ in range(v)]


@register_seed
class Venn2Union(SeedQuestion):
    seed_id = "stat-venn2-union"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _params(rng, 2)

    def question(self, p):
        a, b = _names(p, 2)
        return (f"The Venn diagram shows {GROUPS[p['g']][1]} by group ({a}, {b}). How many "
                f"{GROUPS[p['g']][1]} are in at least one of the two groups?")

    def answer(self, p):
        c = p["counts"]
        return float(c["10"] + c["01"] + c["11"])

    def check(self, p):
        return float(sum(1 for x in _people(p["counts"]) if "1" in x))

    def diagram(self, p):
        return _spec(p, 2)


@register_seed
class Venn2Neither(SeedQuestion):
    seed_id = "stat-venn2-neither"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return _params(rng, 2)

    def _total(self, p):
        return sum(p["counts"].values())

    def question(self, p):
        who = GROUPS[p["g"]][1]
        return (f"{self._total(p)} {who} were surveyed; the Venn diagram shows how many are in "
                f"each group. How many of the {who} are in neither group?")

    def answer(self, p):
        return float(p["counts"]["00"])

    def check(self, p):
        f = venn_facts(_spec(p, 2))  # the total minus the union, counts as drawn
        return float(self._total(p) - f["union"])

    def diagram(self, p):
        lab = {c: str(v) for c, v in p["counts"].items()}
        lab["00"] = "?"
        return _spec(p, 2, labels=lab, title=f"{self._total(p)} {GROUPS[p['g']][1]} surveyed")


@register_seed
class Venn2Conditional(SeedQuestion):
    seed_id = "stat-venn2-conditional"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _params(rng, 2)
            p["given"] = int(rng.integers(2))
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        c = p["counts"]
        y = "01" if p["given"] == 1 else "10"
        return Fraction(c["11"], c["11"] + c[y])

    def question(self, p):
        a, b = _names(p, 2)
        x, y = (a, b) if p["given"] == 1 else (b, a)
        who = GROUPS[p["g"]][3]
        return (f"One of the {GROUPS[p['g']][1]} in the Venn diagram is chosen at random. Given "
                f"that the {who} is in {y}, what is the probability that the {who} is also in "
                f"{x}? Round to two decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        k = p["given"]
        ys = [x for x in _people(p["counts"]) if x[k] == "1"]
        return half_up(sum(x == "11" for x in ys) / len(ys), 2)

    def diagram(self, p):
        return _spec(p, 2)


RELATIONS = ("A and B are independent", "P(A | B) > P(A)", "0 < P(A | B) < P(A)",
             "A and B are mutually exclusive")


@register_seed
class Venn2Relation(ShuffledCandidates):
    seed_id = "stat-venn2-relation"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution")

    def sample(self, rng):
        rel = int(rng.integers(4))
        while True:
            c = {k: int(rng.integers(1, 30)) for k in REGIONS[2]}
            if rel == 0:  # independent: n11 * n = nA * nB, built from a product table
                a, b, na, nb = (int(rng.integers(1, 6)) for _ in range(4))
                c = {"11": a * b, "10": a * nb, "01": na * b, "00": na * nb}
            elif rel == 3:
                c["11"] = 0
            if self._rel(c) == rel:
                return {"counts": c, "order": draw_order(rng)}

    @staticmethod
    def _rel(c):
        n = sum(c.values())
        lhs, rhs = Fraction(c["11"], c["11"] + c["01"]), Fraction(c["11"] + c["10"], n)
        if c["11"] == 0:
            return 3
        return 0 if lhs == rhs else 1 if lhs > rhs else 2

    def question(self, p):
        return ("The Venn diagram shows the number of outcomes in each region; all outcomes are "
                "equally likely. Which statement about events A and B is true?")

    def candidates(self, p):  # the answer is the relation the counts hold, not the first
        return list(RELATIONS)

    def answer(self, p):
        return RELATIONS[self._rel(p["counts"])]

    def check(self, p):
        ev = _people(p["counts"])  # outcome by outcome
        n = len(ev)
        pa = sum(x[0] == "1" for x in ev) / n
        pb = sum(x[1] == "1" for x in ev) / n
        pab = sum(x == "11" for x in ev) / n
        if pab == 0:
            return RELATIONS[3]
        if abs(pab - pa * pb) < 1e-12:
            return RELATIONS[0]
        return RELATIONS[1] if pab / pb > pa else RELATIONS[2]

    def diagram(self, p):
        return VennSpec(title="Outcomes of an experiment", sets=["A", "B"],
                        labels={k: str(v) for k, v in p["counts"].items()}, colors=COLORS[:2],
                        universe="S")


@register_seed
class Venn3ExactlyTwo(SeedQuestion):
    seed_id = "stat-venn3-exactly"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")
    ASK = {1: "exactly one of the three groups", 2: "exactly two of the three groups",
           3: "all three groups"}

    def sample(self, rng):
        p = _params(rng, 3, 0, 20)
        p["k"] = int(rng.integers(1, 4))
        return p

    def question(self, p):
        return (f"According to the Venn diagram, how many {GROUPS[p['g']][1]} are in "
                f"{self.ASK[p['k']]}?")

    def answer(self, p):
        return float(sum(v for c, v in p["counts"].items() if c.count("1") == p["k"]))

    def check(self, p):
        return float(venn_facts(_spec(p, 3))["exactly"][str(p["k"])])

    def diagram(self, p):
        return _spec(p, 3)


@register_seed
class Venn3Conditional(SeedQuestion):
    seed_id = "stat-venn3-conditional"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _params(rng, 3)
            p["c"] = int(rng.integers(3))
            if not half_tie(self._exact(p)):
                return p

    @staticmethod
    def _exact(p):
        k = p["c"]
        inz = {c: v for c, v in p["counts"].items() if c[k] == "1"}
        only = "".join("1" if i == k else "0" for i in range(3))
        return Fraction(sum(inz.values()) - inz[only], sum(inz.values()))

    def question(self, p):
        names = _names(p, 3)
        z = names[p["c"]]
        x, y = [n for i, n in enumerate(names) if i != p["c"]]
        who = GROUPS[p["g"]][1]
        return (f"One of the {who} in the Venn diagram is chosen at random. Given that they are "
                f"in {z}, what is the probability that they are also in {x} or {y} (or both)? "
                f"Round to two decimal places.")

    def answer(self, p):
        return half_up(float(self._exact(p)), 2)

    def check(self, p):
        k = p["c"]
        z = [x for x in _people(p["counts"]) if x[k] == "1"]
        return half_up(sum(x.count("1") >= 2 for x in z) / len(z), 2)

    def diagram(self, p):
        return _spec(p, 3)


# ----------------------------------------------------------------------------- set expressions

EXPR2 = ("A ∩ B", "A ∩ B'", "B ∩ A'", "(A ∪ B)'", "A ∪ B", "(A ∩ B)'", "A' ∪ B", "A ∪ B'")
EXPR3 = ("A ∩ B ∩ C", "(A ∩ B) ∩ C'", "(A ∩ C) ∩ B'", "(B ∩ C) ∩ A'", "A ∩ (B ∪ C)'",
         "B ∩ (A ∪ C)'", "C ∩ (A ∪ B)'", "(A ∪ B) ∩ C'", "(A ∩ B) ∪ C", "A ∪ (B ∩ C)",
         "(A ∪ B ∪ C)'", "A ∩ (B ∪ C)", "C ∩ (A ∪ B)", "(A ∪ C) ∩ B'", "(A ∩ B ∩ C)'")


def _postfix_complement(expr: str, wrap) -> str:
    """Rewrite X' (a letter or a bracketed group followed by ') as wrap(X)."""
    while "'" in expr:
        i = expr.index("'")
        if expr[i - 1] == ")":
            depth, j = 0, i - 1
            while True:
                depth += {")": 1, "(": -1}.get(expr[j], 0)
                if depth == 0:
                    break
                j -= 1
        else:
            j = i - 1
        expr = expr[:j] + wrap(expr[j:i]) + expr[i + 1:]
    return expr


def regions_by_truth(expr: str, n: int) -> frozenset:
    """The region codes where the expression holds, evaluated as a formula on membership."""
    py = _postfix_complement(expr, lambda x: f"(not {x})").replace("∩", " and ").replace(
        "∪", " or ")
    tree = ast.parse(py, mode="eval").body
    return frozenset(code for code in REGIONS[n]
                     if _walk(tree, {s: ch == "1" for s, ch in zip("ABC", code)}))


def regions_by_sets(expr: str, n: int) -> frozenset:
    """The same, by set algebra on the sets of region codes each letter covers."""
    universe = frozenset(REGIONS[n])
    env = {s: frozenset(c for c in universe if c[i] == "1") for i, s in enumerate("ABC"[:n])}
    env["U"] = universe
    py = _postfix_complement(expr, lambda x: f"(U - {x})").replace("∩", "&").replace("∪", "|")
    return _walk(ast.parse(py, mode="eval").body, env)


_SET_OPS = {ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.Sub: operator.sub}


def _walk(node: ast.AST, env: dict):
    """A translated expression, read with ``ast`` and walked: the letters, and / or / not on
    truth values, & / | / - on sets; nothing else is accepted, so no code is ever run."""
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.BoolOp):
        vals = [_walk(v, env) for v in node.values]
        return all(vals) if isinstance(node.op, ast.And) else any(vals)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not _walk(node.operand, env)
    if isinstance(node, ast.BinOp) and type(node.op) in _SET_OPS:
        return _SET_OPS[type(node.op)](_walk(node.left, env), _walk(node.right, env))
    raise ValueError(f"set expression: unsupported {ast.dump(node)[:60]}")


class _Shaded(SeedQuestion):
    n = 2
    exprs: tuple = ()
    topic, answer_type = TOPIC, "multiple choice"
    kinds = ("symbolic substitution", "color")

    def sample(self, rng):
        ans = rng_choice(rng, self.exprs)
        regs = {regions_by_truth(ans, self.n)}
        opts = [ans]
        for e in rng.permutation(len(self.exprs)):
            e = self.exprs[int(e)]
            r = regions_by_truth(e, self.n)
            if r not in regs:
                regs.add(r)
                opts.append(e)
            if len(opts) == 4:
                break
        order = [int(i) for i in rng.permutation(4)]
        colors = [PALETTE[int(i)] for i in rng.permutation(len(PALETTE))[:self.n]]
        return {"ans": ans, "opts": [opts[i] for i in order], "colors": colors}

    def question(self, p):
        return "Which set expression describes the shaded region of the Venn diagram?"

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        return p["ans"]

    def check(self, p):
        shaded = frozenset(self.diagram(p).shade)
        hits = [e for e in p["opts"] if regions_by_sets(e, self.n) == shaded]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        return VennSpec(title="", sets=list("ABC"[:self.n]), labels={},
                        shade=sorted(regions_by_truth(p["ans"], self.n)),
                        colors=p.get("colors", COLORS[:self.n]))


@register_seed
class Venn2Shaded(_Shaded):
    seed_id = "stat-venn2-shaded-expression"
    level = ELEM
    n, exprs = 2, EXPR2


@register_seed
class Venn3Shaded(_Shaded):
    seed_id = "stat-venn3-shaded-expression"
    level = HIGH
    n, exprs = 3, EXPR3


@register_seed
class Venn3CountExpression(SeedQuestion):
    seed_id = "stat-venn3-count-expression"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "symbolic substitution")

    def sample(self, rng):
        return {"counts": {c: int(rng.integers(0, 20)) for c in REGIONS[3]},
                "expr": rng_choice(rng, EXPR3[1:])}

    def question(self, p):
        return (f"The Venn diagram shows the number of elements in each region. How many "
                f"elements are in the set {p['expr']}?")

    def answer(self, p):
        return float(sum(p["counts"][c] for c in regions_by_truth(p["expr"], 3)))

    def check(self, p):
        return float(sum(p["counts"][c] for c in regions_by_sets(p["expr"], 3)))

    def diagram(self, p):
        return VennSpec(title="", sets=list("ABC"),
                        labels={k: str(v) for k, v in p["counts"].items()}, colors=COLORS)
