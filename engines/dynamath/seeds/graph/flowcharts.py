"""DynaMath "graph theory" seeds on algorithm flowcharts: what a drawn loop outputs (a running
sum, a doubling count, Euclid's algorithm) and what a two-way branch outputs for an input.

The chart is built from the parameters (renderers/flowchart); ``answer`` computes the result in
closed form or with Python's own tools (math.gcd), ``check`` runs the drawn chart: it walks the
flowchart's boxes from Start following the Yes / No arrows of the facts and interprets each
box's text, so the picture itself is executed.

    python -m pytest -q tests/engines/dynamath/test_seeds_graph_more.py
"""
from __future__ import annotations

import ast
import math
import operator
import re

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, draw_order, register_seed
from engines.dynamath.seeds.graph.base import HIGH, TOPIC, UNI
from renderers.flowchart.sample import branch_chart, loop_chart
from renderers.flowchart.spec import flowchart_facts
from renderers.spec import rng_choice

COLORS = ("blue", "green", "orange", "purple", "cyan")
CLAUSES = ("The program runs on a computer with {n} processor cores.",
           "The flowchart was drawn by a student in {m} minutes.")


def run_chart(spec, env: dict, limit: int = 10_000):
    """Interpret the chart: returns the value of the output box's variable. Box texts are
    assignments "v = expr" (several joined by ", "), tests "expr?", "Output v"."""
    f = flowchart_facts(spec)
    node, steps = 0, 0
    while steps < limit:
        steps += 1
        kind, text = f["nodes"][node]["kind"], f["nodes"][node]["text"]
        nxt = f["successors"].get(str(node), {})
        if kind == "decision":
            node = nxt["Yes" if _eval(text.rstrip("?"), env) else "No"]
            continue
        if text.startswith("Output"):
            return env[text.split()[-1]]
        if kind == "process":
            new = dict(env)
            for part in text.split(", "):
                var, expr = part.split(" = ", 1)
                new[var.strip()] = _eval(expr, env)  # simultaneous assignment
            env = new
        if kind == "end":
            return None
        node = nxt["next"]
    raise RuntimeError("flowchart did not stop")


_BIN = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
        ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}
_CMP = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
        ast.Eq: operator.eq, ast.NotEq: operator.ne}


def _eval(expr: str, env: dict):
    """A box's arithmetic or test, read with ``ast`` and walked: numbers, the chart's
    variables, + - * / // mod, comparisons, and / or / not; nothing else is accepted (the
    checker interprets pictures, so it never runs code)."""
    e = (expr.replace("×", "*").replace("≤", "<=").replace("≥", ">=").replace("≠", "!=")
         .replace(" mod ", " % "))
    e = re.sub(r"(?<![<>!=])=(?!=)", "==", e)
    e = re.sub(r"(\d)([a-z])", r"\1*\2", e)  # 3x -> 3*x
    return _walk(ast.parse(e, mode="eval").body, env)


def _walk(node: ast.AST, env: dict):
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.BinOp) and type(node.op) in _BIN:
        return _BIN[type(node.op)](_walk(node.left, env), _walk(node.right, env))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)):
        v = _walk(node.operand, env)
        return -v if isinstance(node.op, ast.USub) else not v
    if isinstance(node, ast.BoolOp):
        vals = [_walk(v, env) for v in node.values]
        return all(vals) if isinstance(node.op, ast.And) else any(vals)
    if isinstance(node, ast.Compare):
        left = _walk(node.left, env)
        for op, comp in zip(node.ops, node.comparators):
            right = _walk(comp, env)
            if type(op) not in _CMP or not _CMP[type(op)](left, right):
                return False
            left = right
        return True
    raise ValueError(f"flowchart box: unsupported expression {ast.dump(node)[:60]}")


class FlowSeed(SeedQuestion):
    topic, answer_type = TOPIC, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    clauses = CLAUSES


@register_seed
class FlowLoopSum(FlowSeed):
    seed_id = "graph-flowchart-loop-sum"
    level = HIGH

    def sample(self, rng):
        return {"s0": int(rng.integers(0, 10)), "k": int(rng.integers(1, 6)),
                "n": int(rng.integers(3, 8)), "var": rng_choice(rng, ("s", "t", "total")),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "What value does the flowchart output?"

    def answer(self, p):
        n = p["n"]
        return float(p["s0"] + p["k"] * n * (n + 1) // 2)

    def diagram(self, p):
        v = p["var"]
        return loop_chart(f"{v} = {p['s0']}, i = 1", f"i ≤ {p['n']}?",
                          [f"{v} = {v} + {p['k']} × i", "i = i + 1"], f"Output {v}", p["color"])

    def check(self, p):
        return float(run_chart(self.diagram(p), {}))


@register_seed
class FlowDoubling(FlowSeed):
    seed_id = "graph-flowchart-doubling"
    level = HIGH

    def sample(self, rng):
        return {"x0": int(rng.integers(1, 8)), "f": int(rng_choice(rng, (2, 3))),
                "limit": int(rng.integers(20, 400)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "What value of n does the flowchart output?"

    def answer(self, p):  # the smallest n with x0 f^n >= limit, by logarithms
        r = math.log(p["limit"] / p["x0"], p["f"])
        n = max(0, math.ceil(r - 1e-12))
        while p["x0"] * p["f"] ** n < p["limit"]:  # guard the logarithm's rounding
            n += 1
        while n > 0 and p["x0"] * p["f"] ** (n - 1) >= p["limit"]:
            n -= 1
        return float(n)

    def diagram(self, p):
        return loop_chart(f"x = {p['x0']}, n = 0", f"x < {p['limit']}?",
                          [f"x = {p['f']} × x", "n = n + 1"], "Output n", p["color"])

    def check(self, p):
        return float(run_chart(self.diagram(p), {}))


@register_seed
class FlowEuclid(FlowSeed):
    seed_id = "graph-flowchart-euclid"
    level = UNI

    def sample(self, rng):
        g = int(rng.integers(2, 13))
        while True:
            a, b = int(rng.integers(2, 16)), int(rng.integers(2, 16))
            if a != b and math.gcd(a, b) == 1:
                return {"a": a * g, "b": b * g, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "What value does the flowchart output? (a mod b is the remainder of a ÷ b.)"

    def answer(self, p):
        return float(math.gcd(p["a"], p["b"]))

    def diagram(self, p):
        return loop_chart(f"a = {p['a']}, b = {p['b']}", "b ≠ 0?",
                          ["r = a mod b", "a = b, b = r"], "Output a", p["color"])

    def check(self, p):
        return float(run_chart(self.diagram(p), {}))


@register_seed
class FlowBranch(FlowSeed):
    seed_id = "graph-flowchart-branch"
    level = HIGH
    answer_type = "multiple choice"

    def sample(self, rng):
        while True:  # the two branches give different outputs: the test decides
            t = int(rng.integers(1, 10))
            a, b, c = int(rng.integers(2, 6)), int(rng.integers(1, 10)), int(rng.integers(1, 10))
            x = int(rng.integers(max(0, t - 4), t + 5))
            p = {"t": t, "a": a, "b": b, "c": c, "x": x, "color": rng_choice(rng, COLORS)}
            if len(set(self._ys(p))) == 2:
                p["below"] = int(rng.integers(4))  # slips offered under the output
                p["order"] = draw_order(rng, 5)
                return p

    def _ys(self, p):
        return p["a"] * p["x"] + p["b"], p["x"] * p["x"] - p["c"]

    def question(self, p):
        return f"The input is x = {p['x']}. What does the flowchart output?"

    def options(self, p):
        """The output, the other branch's value and three slips, those of the branch taken
        first (a sign, the input one off, x × x read as 2x), ``below`` of them under the output
        where there are so many, in the drawn order (sorted, the smallest option was the output
        in two charts of three)."""
        yes, no = self._ys(p)
        a, b, c, x = p["a"], p["b"], p["c"], p["x"]
        right = int(self.answer(p))
        other = no if right == yes else yes
        lin = [a * x - b, a * (x + 1) + b, a * (x - 1) + b, a + x + b]
        sq = [x * x + c, (x + 1) ** 2 - c, (x - 1) ** 2 - c, 2 * x - c]
        pool: list[int] = []
        for v in (lin + sq if right == yes else sq + lin) + [right + 1, right - 1, x]:
            if v not in pool and v not in (right, other):
                pool.append(v)
        below, above = [v for v in pool if v < right], [v for v in pool if v > right]
        n = max(min(p["below"], len(below)), 3 - len(above))
        cands = [right, other] + below[:n] + above[:3 - n]
        return [str(cands[i]) for i in p["order"]]

    def answer(self, p):
        yes, no = self._ys(p)
        return str(yes if p["x"] >= p["t"] else no)

    def diagram(self, p):
        return branch_chart("Input x", f"x ≥ {p['t']}?", f"y = {p['a']}x + {p['b']}",
                            f"y = x × x - {p['c']}", "Output y", p["color"])

    def check(self, p):
        return str(run_chart(self.diagram(p), {"x": p["x"]}))
