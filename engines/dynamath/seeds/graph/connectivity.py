"""DynaMath "graph theory" seeds on how a drawn graph holds together: the one node whose removal
cuts it, how many edges are bridges, how many edges must go before no cycle is left, the
diameter of a tree, the largest matching, the largest clique and the edges of the complement.

Why these: DynaMath asks structural questions (cut vertices, bridges, cycles, matchings,
cliques) about a graph only the picture shows. Answers use one textbook method on the params'
edge list (DFS low-links, Euler's cycle count, two sweeps of BFS, augmenting paths, growing
cliques); ``check`` re-derives them by brute force or linear algebra (deleting each node or
edge and counting components, the rank of the incidence matrix, all pairs' distances, every
edge subset, every node subset), so a tied or ambiguous answer fails the tests. networkx is not
a dependency of the suite, and the graphs have at most 9 nodes, so these run by hand.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_graph_s6.py
"""
from __future__ import annotations

import itertools

import numpy as np

from engines.dynamath.seed import IRRELEVANT, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.graph.base import (HIGH, LETTERS, UNI, GraphSeed, any_graph,
                                               dfs_components, hops, matrix, neighbours, planar)
from engines.dynamath.seeds.graph.traversal import TOWN, other_nodes


def low_links(n: int, edges: list) -> tuple[set[int], set[tuple[int, int]]]:
    """Articulation points and bridges (Tarjan's DFS low-link values)."""
    adj = neighbours(n, edges)
    disc, low, cut, bridges, clock = [-1] * n, [0] * n, set(), set(), [0]

    def visit(x, parent):
        disc[x] = low[x] = clock[0]
        clock[0] += 1
        kids = 0
        for y in adj[x]:
            if disc[y] < 0:
                kids += 1
                visit(y, x)
                low[x] = min(low[x], low[y])
                if parent >= 0 and low[y] >= disc[x]:
                    cut.add(x)
                if low[y] > disc[x]:
                    bridges.add((min(x, y), max(x, y)))
            elif y != parent:
                low[x] = min(low[x], disc[y])
        if parent < 0 and kids > 1:
            cut.add(x)

    for s in range(n):
        if disc[s] < 0:
            visit(s, -1)
    return cut, bridges


def without_node(edges: list, x: int) -> list:
    """The edges left when node x is deleted, the nodes after x renumbered one down."""
    return [[u - (u > x), v - (v > x)] for u, v, *_ in edges if x not in (u, v)]


@register_seed
class CutVertex(GraphSeed, ShuffledCandidates):
    seed_id = "graph-cut-vertex"
    level, answer_type = UNI, "multiple choice"
    kinds = ("graph structure", "real-life context", IRRELEVANT)
    # its nodes are computers: "Each node stands for a town" would contradict the question
    clauses = ("Each cable is about {m} metres long.",
               "The network was built {n} years ago.")

    def sample(self, rng):
        while True:
            n = int(rng.integers(6, 10))
            p = planar(rng, n, int(rng.integers(2, n)))
            cut, _ = low_links(n, p["edges"])
            if len(cut) == 1:
                x = next(iter(cut))
                return {**p, "cand": [x] + other_nodes(rng, n, {x}), "order": draw_order(rng)}

    def question(self, p):
        return ("The graph is a computer network: nodes are computers and edges are cables. "
                "Which single computer's failure splits the network into parts that can no "
                "longer reach each other?")

    def candidates(self, p):
        return [LETTERS[i] for i in p["cand"]]

    def check(self, p):  # delete each option's node and count the pieces left
        hit = [o for o in self.options(p)
               if dfs_components(p["n"] - 1, without_node(p["edges"], LETTERS.index(o))) > 1]
        return hit[0] if len(hit) == 1 else None


@register_seed
class BridgeCount(GraphSeed):
    seed_id = "graph-bridge-count"
    level = UNI
    kinds = ("graph structure", IRRELEVANT)
    clauses = (TOWN,)

    def sample(self, rng):
        n = int(rng.integers(6, 10))
        return planar(rng, n, int(rng.integers(1, n)))

    def question(self, p):
        return ("A bridge is an edge whose removal increases the number of connected pieces of "
                "the graph. How many bridges does the graph have?")

    def answer(self, p):
        return float(len(low_links(p["n"], p["edges"])[1]))

    def check(self, p):  # delete each edge and count the components
        base = dfs_components(p["n"], p["edges"])
        return float(sum(dfs_components(p["n"], p["edges"][:i] + p["edges"][i + 1:]) > base
                         for i in range(len(p["edges"]))))


@register_seed
class CycleRank(GraphSeed):
    seed_id = "graph-cycle-rank"
    level = HIGH
    kinds = ("graph structure", IRRELEVANT)
    clauses = ("Each node stands for a village of about {m} hundred people.",)

    def sample(self, rng):
        n = int(rng.integers(5, 10))
        return any_graph(rng, n, int(rng.integers(1, n + 1)))

    def question(self, p):
        return ("What is the smallest number of edges that must be removed from the graph so "
                "that it contains no cycle?")

    def answer(self, p):  # Euler: edges - nodes + components
        return float(len(p["edges"]) - p["n"] + dfs_components(p["n"], p["edges"]))

    def check(self, p):  # edges minus the rank of the oriented incidence matrix
        B = np.zeros((p["n"], len(p["edges"])))
        for j, (u, v, *_) in enumerate(p["edges"]):
            B[u, j], B[v, j] = 1, -1
        return float(len(p["edges"]) - np.linalg.matrix_rank(B))


@register_seed
class TreeDiameter(GraphSeed):
    seed_id = "graph-tree-diameter"
    level = HIGH
    kinds = ("graph structure", "real-life context")

    def sample(self, rng):
        n = int(rng.integers(6, 11))
        return planar(rng, n, 0)

    def question(self, p):
        return ("The tree shows hiking trails between huts; every trail takes one hour. What "
                "is the largest number of hours a walk between two huts takes, going the "
                "shortest way?")

    def answer(self, p):  # BFS from A, then BFS from the farthest node found
        h = hops(p)
        far = max(range(p["n"]), key=lambda i: h[i])
        return float(max(hops(p, far)))

    def check(self, p):  # all pairs: the first power of (I + A) that is full gives d
        A = matrix(p["n"], p["edges"])
        M = R = np.eye(p["n"], dtype=np.int64) + A
        d = 1
        while (R == 0).any():
            R, d = np.minimum(R @ M, 1), d + 1
        return float(d)


@register_seed
class MaxMatching(GraphSeed):
    seed_id = "graph-max-matching"
    level = UNI
    kinds = ("graph structure", "real-life context", IRRELEVANT)
    # not "The club has 30 members in all": that says members are missing from the graph
    clauses = ("The dance starts at {n} pm.", "The club was founded {m} years ago.")

    def sample(self, rng):
        n = int(rng.integers(5, 9))
        return planar(rng, n, int(rng.integers(0, n // 2 + 1)))

    def question(self, p):
        return ("Each node is a club member and an edge joins two members willing to dance "
                "together. At most how many pairs can dance at the same time (each member in at "
                "most one pair)?")

    def answer(self, p):  # largest matching by branching on the first edge (take it or not)
        def best(edges):
            if not edges:
                return 0
            u, v = edges[0][:2]
            rest = [e for e in edges[1:] if u not in e[:2] and v not in e[:2]]
            return max(1 + best(rest), best(edges[1:]))

        return float(best(p["edges"]))

    def check(self, p):  # the largest edge subset with no shared node
        for k in range(p["n"] // 2, 0, -1):
            for sub in itertools.combinations(p["edges"], k):
                ends = [x for e in sub for x in e[:2]]
                if len(set(ends)) == len(ends):
                    return float(k)
        return 0.0


def cliques(p) -> list[tuple[int, ...]]:
    """Every clique of at least 2 nodes (node subsets whose pairs are all joined)."""
    A = matrix(p["n"], p["edges"])
    return [c for k in range(2, p["n"] + 1) for c in itertools.combinations(range(p["n"]), k)
            if all(A[u, v] for u, v in itertools.combinations(c, 2))]


def set_text(nodes) -> str:
    return "{" + ", ".join(LETTERS[i] for i in sorted(nodes)) + "}"


@register_seed
class LargestClique(GraphSeed, ShuffledCandidates):
    seed_id = "graph-largest-clique"
    level, answer_type = HIGH, "multiple choice"
    kinds = ("graph structure", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.integers(6, 9))
            p = any_graph(rng, n, int(rng.integers(n // 2, n + 3)))
            cs = cliques(p)
            k = max(len(c) for c in cs)
            top = [c for c in cs if len(c) == k]
            if k < 3 or len(top) != 1:
                continue
            best = set(top[0])
            wrong = set()
            for _ in range(60):  # the clique with one node swapped for another: not a clique
                drop = sorted(best)[int(rng.integers(k))]
                add = int(rng.integers(n))
                c = tuple(sorted((best - {drop}) | {add}))
                if len(c) == k and c not in cs:
                    wrong.add(c)
                if len(wrong) == 3:
                    return {**p, "cand": [sorted(best)] + [list(c) for c in sorted(wrong)],
                            "order": draw_order(rng)}

    def question(self, p):
        return ("Each node is a person and an edge joins two people who know each other. Which "
                "is the largest group in which everybody knows everybody else?")

    def candidates(self, p):
        return [set_text(c) for c in p["cand"]]

    def check(self, p):  # the one option whose pairs are all joined (growing it adds nothing)
        A = matrix(p["n"], p["edges"])
        ok = []
        for o in self.options(p):
            c = [LETTERS.index(t) for t in o.strip("{}").split(", ")]
            full = all(A[u, v] for u, v in itertools.combinations(c, 2))
            grows = any(all(A[x, u] for u in c) for x in range(p["n"]) if x not in c)
            if full and not grows:
                ok.append(o)
        return ok[0] if len(ok) == 1 else None


@register_seed
class ComplementEdges(GraphSeed):
    seed_id = "graph-complement-edges"
    level = HIGH
    kinds = ("graph structure", IRRELEVANT)
    clauses = (TOWN, "Each node stands for a club of {m} members.")

    def sample(self, rng):
        n = int(rng.integers(5, 9))
        return any_graph(rng, n, int(rng.integers(0, n)))

    def question(self, p):
        return ("The complement of a graph has the same nodes and joins two nodes exactly when "
                "the graph does not. How many edges does the complement of this graph have?")

    def answer(self, p):
        return float(p["n"] * (p["n"] - 1) // 2 - len(p["edges"]))

    def check(self, p):  # the zeros off the diagonal of the adjacency matrix, each pair twice
        A = matrix(p["n"], p["edges"])
        return float(((A == 0).sum() - p["n"]) // 2)
