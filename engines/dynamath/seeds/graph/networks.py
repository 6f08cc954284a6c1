"""DynaMath "graph theory" seeds on networks: maximum flow, Hamiltonian cycles, triangles,
paths through a directed acyclic graph and the number of spanning trees. Sampling and shared
algorithms are in graph/base.py.

Answers use the textbook algorithm; ``check`` re-derives them by brute force: every cut for
the maximum flow (max-flow min-cut), every ordering for Hamiltonian cycles, the trace of A^3
for triangles, every path by depth-first enumeration, every edge subset for spanning trees
(the answer uses Kirchhoff's matrix-tree theorem).

    python -m pytest -q tests/engines/dynamath/test_seeds_graph_more.py
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, register_seed
from engines.dynamath.seeds.graph.base import (HIGH, LETTERS, UNI, YES_NO, GraphSeed,
                                               add_weights, dfs_components, graph, matrix,
                                               neighbours, planar)

TOWN = ("Each node stands for a town of about {m} thousand people.",)


def by_index(p: dict) -> dict:
    """Orient every edge from the smaller to the larger label: A is a source, acyclic."""
    p["edges"] = [[min(u, v), max(u, v)] + w for u, v, *w in p["edges"]]
    return p


def reach(p: dict, src: int) -> set[int]:
    adj, seen, stack = neighbours(p["n"], p["edges"], directed=True), {src}, [src]
    while stack:
        for y in adj[stack.pop()]:
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return seen


@register_seed
class MaxFlow(GraphSeed):
    seed_id = "graph-max-flow"
    level = UNI
    kinds = ("numerical value", "graph structure", "real-life context", IRRELEVANT)
    clauses = ("The pipes were laid {n} years ago.",)

    def sample(self, rng):
        while True:
            n = int(rng.integers(4, 7))
            p = by_index(add_weights(rng, planar(rng, n, int(rng.integers(1, n))), 1, 12))
            if n - 1 in reach(p, 0):
                return p

    def question(self, p):
        return ("The arrows are pipes with their capacities in litres per second. What is the "
                f"maximum flow from A to {LETTERS[p['n'] - 1]}?")

    def answer(self, p):  # Edmonds-Karp
        n, t = p["n"], p["n"] - 1
        cap = np.zeros((n, n))
        for u, v, w in p["edges"]:
            cap[u, v] += w
        flow = 0.0
        while True:
            prev, queue = {0: None}, [0]
            for x in queue:
                for y in range(n):
                    if y not in prev and cap[x, y] > 0:
                        prev[y] = x
                        queue.append(y)
            if t not in prev:
                return flow
            path, y = [], t
            while prev[y] is not None:
                path.append((prev[y], y))
                y = prev[y]
            f = min(cap[u, v] for u, v in path)
            for u, v in path:
                cap[u, v] -= f
                cap[v, u] += f
            flow += f

    def check(self, p):  # the smallest cut over every node set with A and without the sink
        n, best = p["n"], math.inf
        for bits in itertools.product((0, 1), repeat=n - 2):
            side = {0} | {i + 1 for i, b in enumerate(bits) if b}
            best = min(best, sum(w for u, v, w in p["edges"] if u in side and v not in side))
        return float(best)

    def diagram(self, p):
        return graph(p, "weighted", directed=True, weighted=True)


@register_seed
class HamiltonianCycle(GraphSeed):
    seed_id = "graph-hamiltonian-cycle"
    level, answer_type = UNI, "text"
    kinds = ("graph structure", IRRELEVANT)
    clauses = TOWN

    def sample(self, rng):
        want = bool(rng.random() < 0.5)
        for _ in range(60):
            n = int(rng.integers(5, 8))
            p = planar(rng, n, int(rng.integers(1, n + 2)))
            if (self.answer(p) == "Yes") == want:
                break
        return p

    def question(self, p):
        return ("Is there a cycle that visits every node of the graph exactly once and returns "
                "to its start? " + YES_NO)

    def answer(self, p):  # Held-Karp style DP over subsets holding node 0
        n, A = p["n"], matrix(p["n"], p["edges"])
        ok = {(1, 0)}
        for mask in range(1, 1 << n):
            if not mask & 1:
                continue
            for last in range(n):
                if (mask, last) not in ok:
                    continue
                for y in range(n):
                    if not mask >> y & 1 and A[last, y]:
                        ok.add((mask | 1 << y, y))
        full = (1 << n) - 1
        return "Yes" if any((full, y) in ok and A[y, 0] for y in range(1, n)) else "No"

    def check(self, p):
        A = matrix(p["n"], p["edges"])
        for perm in itertools.permutations(range(1, p["n"])):
            cyc = (0,) + perm + (0,)
            if all(A[a, b] for a, b in zip(cyc, cyc[1:])):
                return "Yes"
        return "No"


@register_seed
class TriangleCount(GraphSeed):
    seed_id = "graph-triangle-count"
    level = HIGH
    kinds = ("graph structure", IRRELEVANT)
    clauses = TOWN

    def sample(self, rng):
        n = int(rng.integers(5, 9))
        return planar(rng, n, int(rng.integers(2, n + 3)))

    def question(self, p):
        return "How many triangles (three nodes each joined to the other two) does the graph have?"

    def answer(self, p):
        E = {tuple(sorted(e[:2])) for e in p["edges"]}
        return float(sum({(a, b), (a, c), (b, c)} <= E
                         for a, b, c in itertools.combinations(range(p["n"]), 3)))

    def check(self, p):
        A = matrix(p["n"], p["edges"])
        return float(np.trace(A @ A @ A) / 6)


@register_seed
class DagPaths(GraphSeed):
    seed_id = "graph-dag-paths"
    level = HIGH
    kinds = ("graph structure", IRRELEVANT)
    clauses = TOWN

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 9))
            p = by_index(planar(rng, n, int(rng.integers(2, n + 2))))
            if n - 1 in reach(p, 0):
                return p

    def question(self, p):
        return (f"How many different directed paths lead from A to {LETTERS[p['n'] - 1]}, "
                "following the arrows?")

    def answer(self, p):  # labels are a topological order: count forwards
        ways = [1] + [0] * (p["n"] - 1)
        for v in range(1, p["n"]):
            ways[v] = sum(ways[u] for u, w in p["edges"] if w == v)
        return float(ways[-1])

    def check(self, p):
        adj, t = neighbours(p["n"], p["edges"], directed=True), p["n"] - 1

        def paths(x):
            return 1 if x == t else sum(paths(y) for y in adj[x])

        return float(paths(0))

    def diagram(self, p):
        return graph(p, "directed", directed=True)


@register_seed
class SpanningTreeCount(GraphSeed):
    seed_id = "graph-spanning-tree-count"
    level = UNI
    kinds = ("graph structure",)

    def sample(self, rng):
        while True:  # at least two independent cycles: more than a handful of trees
            n = int(rng.integers(4, 7))
            p = planar(rng, n, int(rng.integers(2, 5)))
            if len(p["edges"]) >= n + 1:
                return p

    def question(self, p):
        return "How many different spanning trees does the graph have?"

    def answer(self, p):  # Kirchhoff: any cofactor of the Laplacian
        A = matrix(p["n"], p["edges"])
        L = np.diag(A.sum(axis=1)) - A
        return float(round(np.linalg.det(L[1:, 1:].astype(float))))

    def check(self, p):
        n = p["n"]
        return float(sum(dfs_components(n, list(sub)) == 1
                         for sub in itertools.combinations(p["edges"], n - 1)))
