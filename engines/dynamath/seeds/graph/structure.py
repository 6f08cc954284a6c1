"""DynaMath "graph theory" seeds on structure: counting edges and degrees, degree sequences,
components, trees and forests, bipartiteness, Euler trails and the chromatic number. Sampling
and algorithms are in graph/base.py; paths and digraphs in graph/paths.py.

Why these: DynaMath's graph-theory questions ask about a graph that only the picture shows;
each variant here draws a new graph (new nodes, edges, weights or orientations), so the same
question text comes with different answers. Answers are computed from the params' edge list;
``check`` re-derives them another way: the handshake lemma and adjacency-matrix sums for
counts, DFS for union-find, brute force over 2-colourings for bipartiteness and over all
colourings for the chromatic number, a backtracking trail search for Euler.

    python -m pytest -q tests/engines/dynamath/test_seeds_graph.py
"""
from __future__ import annotations

import itertools

import numpy as np

from engines.dynamath.seed import IRRELEVANT, register_seed
from engines.dynamath.seeds.graph.base import (ELEM, HIGH, LETTERS, UNI, YES_NO, GraphSeed,
                                               any_graph, dfs_components, matrix, neighbours,
                                               planar, union_find_components)
from renderers.graph.draw import circular_positions


# ----------------------------------------------------------------------------- counting


@register_seed
class EdgeCount(GraphSeed):
    seed_id = "graph-edge-count"
    kinds = GraphSeed.kinds + (IRRELEVANT,)
    clauses = ("Each node stands for a town of about {m} thousand people.",)
    level = ELEM

    def sample(self, rng):
        n = int(rng.integers(4, 10))
        return any_graph(rng, n, int(rng.integers(0, n)))

    def question(self, p):
        return "How many edges does the graph have?"

    def answer(self, p):
        return float(len(p["edges"]))

    def check(self, p):  # handshake lemma: the degree sum counts every edge twice
        return float(matrix(p["n"], p["edges"]).sum() / 2)


@register_seed
class NodeDegree(GraphSeed):
    seed_id = "graph-node-degree"
    kinds = GraphSeed.kinds + (IRRELEVANT,)
    clauses = ("Each node stands for a town of about {m} thousand people.",)
    level = HIGH
    canonical = {"n": 4, "pos": circular_positions(4), "edges": [[0, 1], [0, 2], [0, 3], [1, 2]],
                 "color": "blue", "node": 0}

    def sample(self, rng):
        n = int(rng.integers(5, 9))
        return {**any_graph(rng, n, int(rng.integers(1, n + 1))), "node": int(rng.integers(n))}

    def question(self, p):
        return f"What is the degree of node {LETTERS[p['node']]}?"

    def answer(self, p):
        return float(sum(p["node"] in e[:2] for e in p["edges"]))

    def check(self, p):
        return float(matrix(p["n"], p["edges"])[p["node"]].sum())


def seq_text(seq) -> str:
    return "(" + ", ".join(str(int(d)) for d in sorted(seq, reverse=True)) + ")"


@register_seed
class DegreeSequence(GraphSeed):
    seed_id = "graph-degree-sequence"
    level, answer_type = HIGH, "multiple choice"

    def sample(self, rng):
        n = int(rng.integers(5, 8))
        p = any_graph(rng, n, int(rng.integers(1, n)))
        deg = [sum(i in e for e in p["edges"]) for i in range(n)]
        opts = {seq_text(deg)}
        while len(opts) < 5:  # near misses: a degree moved, two or one degrees off by one
            d = list(deg)
            i, j = (int(x) for x in rng.choice(n, size=2, replace=False))
            d[i] += 1 if rng.random() < 0.7 else -1
            r = rng.random()
            d[j] += -1 if r < 0.5 else 1 if r < 0.7 else 0
            if min(d) >= 0 and max(d) <= n:
                opts.add(seq_text(d))
        opts = sorted(opts)
        return {**p, "options": [opts[int(i)] for i in rng.permutation(5)]}

    def question(self, p):
        return ("Which is the degree sequence of the graph (the degrees of all its nodes, "
                "largest first)?")

    def options(self, p):
        return list(p["options"])

    def answer(self, p):
        return seq_text([sum(i in e for e in p["edges"]) for i in range(p["n"])])

    def check(self, p):
        return seq_text(matrix(p["n"], p["edges"]).sum(axis=1))


@register_seed
class MaxDegreeNode(GraphSeed):
    seed_id = "graph-max-degree-node"
    level, answer_type = HIGH, "text"

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 10))
            p = any_graph(rng, n, int(rng.integers(1, n + 1)))
            deg = sorted((sum(i in e for e in p["edges"]) for i in range(n)), reverse=True)
            if deg[0] > deg[1]:
                return p

    def question(self, p):
        return "Which node of the graph has the largest degree? Answer with its label."

    def answer(self, p):
        deg = [sum(i in e for e in p["edges"]) for i in range(p["n"])]
        return LETTERS[deg.index(max(deg))]

    def check(self, p):
        return LETTERS[int(np.argmax(matrix(p["n"], p["edges"]).sum(axis=0)))]


# ----------------------------------------------------------------------------- structure


@register_seed
class Components(GraphSeed):
    seed_id = "graph-components"
    kinds = GraphSeed.kinds + (IRRELEVANT,)
    clauses = ("Each node stands for a town of about {m} thousand people.",)
    level = HIGH

    def sample(self, rng):
        n = int(rng.integers(6, 10))
        p = planar(rng, n, int(rng.integers(0, 3)), connected=bool(rng.random() < 0.5))
        drop = int(rng.integers(0, 4))
        keep = sorted(int(i) for i in rng.permutation(len(p["edges"]))[drop:])
        p["edges"] = [p["edges"][i] for i in keep]
        return p

    def question(self, p):
        return "How many connected components does the graph have?"

    def answer(self, p):
        return float(union_find_components(p["n"], p["edges"]))

    def check(self, p):
        return float(dfs_components(p["n"], p["edges"]))


CLASSES = ("a tree", "connected, but not a tree", "a forest that is not connected",
           "not connected, and it has a cycle")


@register_seed
class Classify(GraphSeed):
    seed_id = "graph-tree-or-forest"
    level, answer_type = HIGH, "multiple choice"

    def sample(self, rng):
        target = int(rng.integers(4))
        n = int(rng.integers(5, 10))
        p = planar(rng, n, 0 if target in (0, 2) else int(rng.integers(1, 4)),
                   connected=target < 2)
        return p

    def question(self, p):
        return "Which statement describes the graph?"

    def options(self, p):
        return list(CLASSES)

    def answer(self, p):
        c = union_find_components(p["n"], p["edges"])
        cyclic = len(p["edges"]) > p["n"] - c  # a forest has n - c edges
        return CLASSES[(0 if c == 1 else 2) + cyclic]

    def check(self, p):
        adj, seen, cyclic = neighbours(p["n"], p["edges"]), [False] * p["n"], False
        for s in range(p["n"]):  # DFS; a visited neighbour other than the parent is a cycle
            if seen[s]:
                continue
            seen[s] = True
            stack = [(s, -1)]
            while stack:
                x, par = stack.pop()
                for y in adj[x]:
                    if y == par:
                        continue
                    if seen[y]:
                        cyclic = True
                    else:
                        seen[y] = True
                        stack.append((y, x))
        return CLASSES[(0 if dfs_components(p["n"], p["edges"]) == 1 else 2) + cyclic]


@register_seed
class Bipartite(GraphSeed):
    seed_id = "graph-bipartite"
    level, answer_type = UNI, "text"

    def sample(self, rng):
        n = int(rng.integers(5, 9))
        p = any_graph(rng, n, int(rng.integers(2, n + 1)))
        if rng.random() < 0.5:  # keep only edges across a BFS 2-colouring: bipartite
            side = self._colouring(p)[0]
            p["edges"] = [e for e in p["edges"] if side[e[0]] != side[e[1]]]
        return p

    def _colouring(self, p):
        adj, side, ok = neighbours(p["n"], p["edges"]), [-1] * p["n"], True
        for s in range(p["n"]):
            if side[s] < 0:
                side[s] = 0
                queue = [s]
                for x in queue:
                    for y in adj[x]:
                        if side[y] < 0:
                            side[y] = 1 - side[x]
                            queue.append(y)
                        ok = ok and side[y] != side[x]
        return side, ok

    def question(self, p):
        return "Is the graph bipartite? " + YES_NO

    def answer(self, p):
        return "Yes" if self._colouring(p)[1] else "No"

    def check(self, p):
        for bits in itertools.product((0, 1), repeat=p["n"] - 1):
            side = (0,) + bits
            if all(side[u] != side[v] for u, v in p["edges"]):
                return "Yes"
        return "No"


@register_seed
class EulerTrail(GraphSeed):
    seed_id = "graph-euler-trail"
    level, answer_type = UNI, "text"

    def sample(self, rng):
        want = bool(rng.random() < 0.5)
        for _ in range(40):  # a graph with cycles, whose answer is the one drawn above
            n = int(rng.integers(5, 8))
            p = planar(rng, n, int(rng.integers(2, n + 2)))
            if n < len(p["edges"]) <= 12 and (self.answer(p) == "Yes") == want:
                break
        return p

    def question(self, p):
        return ("Can the whole graph be drawn in one stroke, going along every edge exactly "
                "once without lifting the pen (starting and ending anywhere)? " + YES_NO)

    def answer(self, p):
        odd = sum(sum(i in e for e in p["edges"]) % 2 for i in range(p["n"]))
        used = {x for e in p["edges"] for x in e}
        linked = union_find_components(p["n"], p["edges"]) == p["n"] - len(used) + 1
        return "Yes" if linked and odd in (0, 2) else "No"

    def check(self, p):
        m = len(p["edges"])
        adj = [[] for _ in range(p["n"])]
        for k, (u, v) in enumerate(p["edges"]):
            adj[u].append((v, k))
            adj[v].append((u, k))
        used = [False] * m

        def walk(x: int, left: int) -> bool:  # backtracking over unused edges
            if left == 0:
                return True
            for y, k in adj[x]:
                if not used[k]:
                    used[k] = True
                    if walk(y, left - 1):
                        return True
                    used[k] = False
            return False

        return "Yes" if any(walk(s, m) for s in range(p["n"]) if adj[s]) else "No"


# ----------------------------------------------------------------------------- colouring


@register_seed
class ChromaticNumber(GraphSeed):
    seed_id = "graph-chromatic-number"
    level = UNI

    def sample(self, rng):
        n = int(rng.integers(4, 8))
        return planar(rng, n, int(rng.integers(2, 2 * n)) if rng.random() < 0.85 else 0)

    def question(self, p):
        return ("What is the smallest number of colours needed to colour the nodes so that "
                "nodes joined by an edge get different colours?")

    def answer(self, p):  # backtracking colouring with k = 1, 2, ... colours
        n, adj = p["n"], neighbours(p["n"], p["edges"])
        col = [-1] * n

        def fill(i: int, k: int) -> bool:
            if i == n:
                return True
            for c in range(k):
                if all(col[j] != c for j in adj[i]):
                    col[i] = c
                    if fill(i + 1, k):
                        return True
            col[i] = -1
            return False

        return float(next(k for k in range(1, n + 1) if fill(0, k)))

    def check(self, p):
        n = p["n"]
        for k in range(1, n + 1):  # every colouring with node A fixed to colour 0
            for rest in itertools.product(range(k), repeat=n - 1):
                c = (0,) + rest
                if all(c[u] != c[v] for u, v in p["edges"]):
                    return float(k)
        return None
