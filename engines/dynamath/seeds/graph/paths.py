"""DynaMath "graph theory" seeds on paths and orientation: shortest paths (weighted, one-way
streets, flight hops), minimum spanning trees, in- and out-degrees, topological order, BFS order,
and the height and leaves of a rooted tree. Sampling and algorithms are in graph/base.py.

Answers are computed from the params' edge list; ``check`` re-derives them another way:
Floyd-Warshall for Dijkstra, Bellman-Ford for one-way routes, adjacency-matrix powers for BFS
distances, brute force over edge subsets for the MST, reverse DFS post-order for the
topological end, a level-by-level sweep for the BFS order, node degrees for leaves.

    python -m pytest -q tests/engines/dynamath/test_seeds_graph.py
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from engines.dynamath.seed import IRRELEVANT, register_seed
from engines.dynamath.seeds.graph.base import (ELEM, HIGH, LETTERS, NODE_COLORS, UNI, GraphSeed,
                                               add_weights, any_graph, dfs_components, dijkstra,
                                               far_target, graph, hops, matrix, neighbours, orient,
                                               planar)
from renderers.graph.sample import tree_layout
from renderers.spec import rng_choice


# ----------------------------------------------------------------------------- paths


@register_seed
class ShortestPath(GraphSeed):
    seed_id = "graph-shortest-path"
    level = UNI
    kinds = ("numerical value", "graph structure", IRRELEVANT)
    clauses = ("Each node stands for a town of about {m} thousand people.",)

    def sample(self, rng):
        n = int(rng.integers(5, 9))
        p = add_weights(rng, planar(rng, n, int(rng.integers(1, n))))
        return {**p, "target": far_target(p)}

    def question(self, p):
        return ("The numbers on the edges are their lengths. What is the length of the "
                f"shortest path from node A to node {LETTERS[p['target']]}?")

    def answer(self, p):
        return float(dijkstra(p["n"], p["edges"], 0)[p["target"]])

    def check(self, p):  # Floyd-Warshall
        D = np.full((p["n"], p["n"]), np.inf)
        np.fill_diagonal(D, 0)
        for u, v, w in p["edges"]:
            D[u, v] = D[v, u] = min(D[u, v], w)
        for k in range(p["n"]):
            D = np.minimum(D, D[:, [k]] + D[[k], :])
        return float(D[0, p["target"]])

    def diagram(self, p):
        return graph(p, "weighted", weighted=True)


@register_seed
class OneWayRoute(GraphSeed):
    seed_id = "graph-one-way-route"
    level = UNI
    kinds = ("numerical value", "graph structure", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 8))
            p = orient(rng, add_weights(rng, planar(rng, n, int(rng.integers(1, n))), 2, 20),
                       acyclic=bool(rng.random() < 0.5))
            if sum(h < math.inf for h in hops(p, 0, True)) >= 3:
                return {**p, "target": far_target(p, True)}

    def question(self, p):
        return ("The map shows one-way streets between places; each arrow gives the direction "
                "of travel and the number on it the driving time in minutes. What is the "
                f"shortest driving time from A to {LETTERS[p['target']]}?")

    def answer(self, p):
        return float(dijkstra(p["n"], p["edges"], 0, directed=True)[p["target"]])

    def check(self, p):  # Bellman-Ford
        d = [math.inf] * p["n"]
        d[0] = 0
        for _ in range(p["n"] - 1):
            for u, v, w in p["edges"]:
                d[v] = min(d[v], d[u] + w)
        return float(d[p["target"]])

    def diagram(self, p):
        return graph(p, "weighted", directed=True, weighted=True)


@register_seed
class FlightHops(GraphSeed):
    seed_id = "graph-flight-hops"
    level = HIGH
    kinds = ("graph structure", "real-life context")

    def sample(self, rng):
        n = int(rng.integers(6, 10))
        p = any_graph(rng, n, int(rng.integers(0, n // 2 + 1)))
        return {**p, "target": far_target(p)}

    def question(self, p):
        to = LETTERS[p["target"]]
        return ("Each line joins two cities that have a direct flight between them. What is "
                f"the smallest number of flights needed to travel from A to {to}?")

    def answer(self, p):
        return float(hops(p)[p["target"]])

    def check(self, p):  # the first power of the adjacency matrix with a walk from A
        A = matrix(p["n"], p["edges"])
        W = np.eye(p["n"], dtype=np.int64)
        for k in range(1, p["n"]):
            W = np.minimum(W @ A, 1)
            if W[0, p["target"]]:
                return float(k)
        return None


@register_seed
class MSTWeight(GraphSeed):
    seed_id = "graph-mst-weight"
    level = UNI
    kinds = ("numerical value", "graph structure")

    def sample(self, rng):
        n = int(rng.integers(4, 8))
        return add_weights(rng, planar(rng, n, int(rng.integers(1, 4))))

    def question(self, p):
        return "What is the total weight of a minimum spanning tree of the weighted graph?"

    def answer(self, p):  # Kruskal
        parent = list(range(p["n"]))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x

        total = 0
        for u, v, w in sorted(p["edges"], key=lambda e: e[2]):
            if find(u) != find(v):
                parent[find(u)] = find(v)
                total += w
        return float(total)

    def check(self, p):  # every (n-1)-subset of edges that connects all nodes is a tree
        n, best = p["n"], math.inf
        for sub in itertools.combinations(p["edges"], n - 1):
            if dfs_components(n, list(sub)) == 1:
                best = min(best, sum(e[2] for e in sub))
        return float(best)

    def diagram(self, p):
        return graph(p, "weighted", weighted=True)


# ----------------------------------------------------------------------------- digraphs


@register_seed
class DirectedDegree(GraphSeed):
    seed_id = "graph-directed-degree"
    level = HIGH

    def sample(self, rng):
        n = int(rng.integers(4, 9))
        p = orient(rng, any_graph(rng, n, int(rng.integers(1, n + 1))), bool(rng.random() < 0.5))
        return {**p, "node": int(rng.integers(n)), "ask": rng_choice(rng, ("in", "out"))}

    def question(self, p):
        return f"What is the {p['ask']}-degree of node {LETTERS[p['node']]}?"

    def answer(self, p):
        end = 1 if p["ask"] == "in" else 0
        return float(sum(e[end] == p["node"] for e in p["edges"]))

    def check(self, p):
        A = matrix(p["n"], p["edges"], directed=True)
        return float(A[:, p["node"]].sum() if p["ask"] == "in" else A[p["node"]].sum())

    def diagram(self, p):
        return graph(p, "directed", directed=True)


@register_seed
class TopologicalEnd(GraphSeed):
    seed_id = "graph-topological-end"
    level, answer_type = UNI, "text"

    def sample(self, rng):
        ask = rng_choice(rng, ("first", "last"))
        while True:
            n = int(rng.integers(4, 9))
            p = orient(rng, planar(rng, n, int(rng.integers(1, n))), acyclic=True)
            end = 1 if ask == "first" else 0  # sources have no incoming, sinks no outgoing
            if sum(all(e[end] != i for e in p["edges"]) for i in range(n)) == 1:
                return {**p, "ask": ask}

    def question(self, p):
        return (f"Which node comes {p['ask']} in every topological ordering of this directed "
                "acyclic graph?")

    def answer(self, p):
        end = 1 if p["ask"] == "first" else 0
        return next(LETTERS[i] for i in range(p["n"]) if all(e[end] != i for e in p["edges"]))

    def check(self, p):  # reverse DFS post-order is a topological order
        adj, seen, post = neighbours(p["n"], p["edges"], directed=True), set(), []

        def visit(x):
            seen.add(x)
            for y in adj[x]:
                if y not in seen:
                    visit(y)
            post.append(x)

        for s in range(p["n"]):
            if s not in seen:
                visit(s)
        order = post[::-1]
        return LETTERS[order[0] if p["ask"] == "first" else order[-1]]

    def diagram(self, p):
        return graph(p, "directed", directed=True)


@register_seed
class BFSOrder(GraphSeed):
    seed_id = "graph-bfs-order"
    level, answer_type = UNI, "text"

    def sample(self, rng):
        n = int(rng.integers(5, 8))
        return any_graph(rng, n, int(rng.integers(1, n)))

    def question(self, p):
        return ("Breadth-first search starts at node A and visits the neighbours of each node "
                "in alphabetical order. In which order are the nodes visited? Answer with the "
                "labels separated by commas, e.g. A, B, C.")

    def answer(self, p):
        adj, order = neighbours(p["n"], p["edges"]), [0]
        for x in order:  # the list is the queue
            order += [y for y in adj[x] if y not in order]
        return ", ".join(LETTERS[i] for i in order)

    def check(self, p):  # level by level: each level lists the new neighbours of the last
        adj, seen, levels = matrix(p["n"], p["edges"]), {0}, [[0]]
        while levels[-1]:
            nxt = []
            for x in levels[-1]:
                for y in np.flatnonzero(adj[x]):
                    if int(y) not in seen:
                        seen.add(int(y))
                        nxt.append(int(y))
            levels.append(nxt)
        return ", ".join(LETTERS[i] for lv in levels for i in lv)


# ----------------------------------------------------------------------------- trees


def rooted_tree(rng: np.random.Generator, n: int) -> dict:
    """A random tree with at most 3 children per node and depth at most 4, labelled in BFS
    order from the root A, drawn in layers (root on top)."""
    parent, kids, depth = [-1], [0], [0]
    for c in range(1, n):
        ok = [q for q in range(c) if kids[q] < 3 and depth[q] < 4]
        q = ok[int(rng.integers(len(ok)))]
        parent.append(q)
        kids.append(0)
        kids[q] += 1
        depth.append(depth[q] + 1)
    order = [0]
    for v in order:
        order.extend(c for c in range(n) if parent[c] == v)
    new = {old: i for i, old in enumerate(order)}
    par = [-1] + [new[parent[order[i]]] for i in range(1, n)]
    pos, layers = tree_layout(n, par)
    return {"n": n, "parent": par, "edges": [[par[c], c] for c in range(1, n)], "pos": pos,
            "layers": layers, "color": rng_choice(rng, NODE_COLORS)}


@register_seed
class TreeHeight(GraphSeed):
    seed_id = "graph-tree-height"
    level = HIGH

    def sample(self, rng):
        return rooted_tree(rng, int(rng.integers(4, 13)))

    def question(self, p):
        return ("The rooted tree is drawn with its root at the top. What is its height, the "
                "number of edges on the longest path from the root down to a leaf?")

    def answer(self, p):
        depth = [0] * p["n"]
        for c in range(1, p["n"]):  # parents precede children
            depth[c] = depth[p["parent"][c]] + 1
        return float(max(depth))

    def check(self, p):
        return float(max(hops(p)))

    def diagram(self, p):
        return graph(p, "tree", layout="layered")


@register_seed
class TreeLeaves(GraphSeed):
    seed_id = "graph-tree-leaves"
    level = ELEM

    def sample(self, rng):
        return rooted_tree(rng, int(rng.integers(4, 13)))

    def question(self, p):
        return ("The rooted tree is drawn with its root at the top. How many leaves (nodes "
                "without children) does it have?")

    def answer(self, p):
        return float(p["n"] - len(set(p["parent"][1:])))

    def check(self, p):  # degree one, except a root with one child
        deg = matrix(p["n"], p["edges"]).sum(axis=1)
        return float(sum(1 for i in range(1, p["n"]) if deg[i] == 1))

    def diagram(self, p):
        return graph(p, "tree", layout="layered")
