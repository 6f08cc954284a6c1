"""DynaMath "graph theory" seeds on walking a drawn graph: the node farthest from A, which edge
a minimum spanning tree uses, a depth-first visit order, a valid topological order, the node a
one-way network cannot reach, the number of shortest routes, a project's shortest duration on
a task network, and the cheapest round trip through four towns.

Why these: DynaMath asks for the result of a textbook algorithm (Dijkstra, Prim/Kruskal, DFS,
topological sorting, critical path, travelling salesman) run on a graph only the picture
shows. Answers come from one algorithm on the params' edge list; ``check`` re-derives them
another way (Floyd-Warshall, Prim, an explicit stack, checking every option against every
arrow, matrix powers, enumerating all simple paths, all tours), so ties and ambiguous options
fail the tests. Sampling keeps answers unique: distinct edge weights where a tree or a path must
be unique, a single farthest node, exactly one valid option.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_graph_s6.py
"""
from __future__ import annotations

import itertools

import numpy as np

from engines.dynamath.seed import IRRELEVANT, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.graph.base import (HIGH, LETTERS, NODE_COLORS, UNI, GraphSeed,
                                               dijkstra, graph, hops, matrix, neighbours, planar)
from renderers.spec import rng_choice

TOWN = "Each node stands for a town of about {m} thousand people."


def edge_text(u: int, v: int, directed: bool = False) -> str:
    """"A–B" (en dash, as the graph renderer names edges) or "A→B"."""
    return f"{LETTERS[min(u, v) if not directed else u]}{'→' if directed else '–'}" \
           f"{LETTERS[max(u, v) if not directed else v]}"


def distinct_weights(rng: np.random.Generator, p: dict, lo: int = 1, hi: int = 20) -> dict:
    """Edge weights all different (a unique minimum spanning tree, no tied paths by swap)."""
    w = rng.choice(np.arange(lo, hi + 1), size=len(p["edges"]), replace=False)
    p["edges"] = [[u, v, int(x)] for (u, v, *_), x in zip(p["edges"], w)]
    return p


def dag_from_a(rng: np.random.Generator, p: dict) -> dict:
    """Orient every edge along a random ranking of the nodes that puts A first."""
    rank = [0] + [int(r) + 1 for r in rng.permutation(p["n"] - 1)]
    p["edges"] = [([u, v] if rank[u] < rank[v] else [v, u]) + w for u, v, *w in p["edges"]]
    return p


def reach(n: int, edges: list, src: int = 0) -> set[int]:
    seen, todo = {src}, [src]
    adj = neighbours(n, edges, directed=True)
    while todo:
        for y in adj[todo.pop()]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def simple_paths(n: int, edges: list, src: int, dst: int, directed: bool = False):
    """Every simple path src -> dst as (nodes, total weight); weights 1 where none."""
    adj: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for u, v, *w in edges:
        adj[u].append((v, w[0] if w else 1))
        if not directed:
            adj[v].append((u, w[0] if w else 1))
    out, stack = [], [([src], 0.0)]
    while stack:
        path, d = stack.pop()
        if path[-1] == dst:
            out.append((path, d))
            continue
        for y, w in adj[path[-1]]:
            if y not in path:
                stack.append((path + [y], d + w))
    return out


def other_nodes(rng: np.random.Generator, n: int, not_these: set[int], k: int = 3) -> list[int]:
    pool = [i for i in range(n) if i not in not_these]
    return [pool[int(i)] for i in rng.permutation(len(pool))[:k]]


# ----------------------------------------------------------------------------- shortest paths


@register_seed
class FarthestNode(GraphSeed, ShuffledCandidates):
    seed_id = "graph-farthest-node"
    level, answer_type = UNI, "multiple choice"
    kinds = ("numerical value", "graph structure", IRRELEVANT)
    clauses = (TOWN, "The map is one of {n} maps in the same road atlas.")

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 8))
            p = distinct_weights(rng, planar(rng, n, int(rng.integers(1, n))), 1, 15)
            d = dijkstra(n, p["edges"], 0)
            far = max(range(1, n), key=lambda i: d[i])
            if sorted(d)[-2] < d[far]:  # a single farthest node
                rest = other_nodes(rng, n, {0, far})
                return {**p, "cand": [far] + rest, "order": draw_order(rng)}

    def question(self, p):
        return ("The numbers on the edges are their lengths. Which node is the farthest from "
                "node A, measured along the shortest path?")

    def candidates(self, p):
        return [LETTERS[i] for i in p["cand"]]

    def check(self, p):  # Floyd-Warshall, then the option with the largest distance
        n = p["n"]
        D = np.full((n, n), np.inf)
        np.fill_diagonal(D, 0)
        for u, v, w in p["edges"]:
            D[u, v] = D[v, u] = w
        for k in range(n):
            D = np.minimum(D, D[:, [k]] + D[[k], :])
        top = int(np.argmax(D[0]))
        return LETTERS[top]

    def diagram(self, p):
        return graph(p, "weighted", weighted=True)


@register_seed
class MSTMember(GraphSeed, ShuffledCandidates):
    seed_id = "graph-mst-member"
    level, answer_type = UNI, "multiple choice"
    kinds = ("numerical value", "graph structure")

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 8))
            p = distinct_weights(rng, planar(rng, n, int(rng.integers(3, n + 1))))
            tree = self.kruskal(p)
            out = [e for e in p["edges"] if tuple(e[:2]) not in tree]
            if len(out) >= 3:
                inn = [e for e in p["edges"] if tuple(e[:2]) in tree]
                good = inn[int(rng.integers(len(inn)))]
                bad = [out[int(i)] for i in rng.permutation(len(out))[:3]]
                return {**p, "cand": [good[:2]] + [b[:2] for b in bad], "order": draw_order(rng)}

    @staticmethod
    def kruskal(p) -> set[tuple[int, int]]:
        parent = list(range(p["n"]))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x

        tree = set()
        for u, v, w in sorted(p["edges"], key=lambda e: e[2]):
            if find(u) != find(v):
                parent[find(u)] = find(v)
                tree.add((u, v))
        return tree

    def question(self, p):
        return ("The numbers on the edges are their weights. Which of these edges belongs to "
                "the minimum spanning tree of the graph?")

    def candidates(self, p):
        return [edge_text(u, v) for u, v in p["cand"]]

    def check(self, p):  # Prim from A; the one option among the tree's edges
        n, inside, tree = p["n"], {0}, set()
        while len(inside) < n:
            u, v, w = min((e for e in p["edges"] if (e[0] in inside) != (e[1] in inside)),
                          key=lambda e: e[2])
            tree.add(edge_text(u, v))
            inside |= {u, v}
        hit = [c for c in self.options(p) if c in tree]
        return hit[0] if len(hit) == 1 else None

    def diagram(self, p):
        return graph(p, "weighted", weighted=True)


@register_seed
class ShortestRouteCount(GraphSeed):
    seed_id = "graph-shortest-route-count"
    level = HIGH
    kinds = ("graph structure", "real-life context", IRRELEVANT)
    clauses = ("Every road between two neighbouring towns is about {m} km long.",
               "Town A has {n} bus stops.")

    def sample(self, rng):
        while True:
            n = int(rng.integers(6, 10))
            p = planar(rng, n, int(rng.integers(n // 2, n + 2)))
            h = hops(p)
            t = max(range(1, n), key=lambda i: (h[i], i))
            if h[t] >= 2:
                return {**p, "target": t}

    def question(self, p):
        return ("Each line is a road between two towns. How many different routes from A to "
                f"{LETTERS[p['target']]} use the smallest possible number of roads?")

    def answer(self, p):  # breadth-first search counting the ways into each node
        adj, n = neighbours(p["n"], p["edges"]), p["n"]
        dist, ways, queue = [-1] * n, [0] * n, [0]
        dist[0], ways[0] = 0, 1
        for x in queue:
            for y in adj[x]:
                if dist[y] < 0:
                    dist[y] = dist[x] + 1
                    queue.append(y)
                if dist[y] == dist[x] + 1:
                    ways[y] += ways[x]
        return float(ways[p["target"]])

    def check(self, p):  # every simple path, the shortest ones counted
        paths = simple_paths(p["n"], p["edges"], 0, p["target"])
        best = min(len(q) for q, _ in paths)
        return float(sum(len(q) == best for q, _ in paths))


# ----------------------------------------------------------------------------- traversals


@register_seed
class DFSOrder(GraphSeed, ShuffledCandidates):
    seed_id = "graph-dfs-order"
    level, answer_type = HIGH, "multiple choice"
    kinds = ("graph structure",)

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 8))
            p = planar(rng, n, int(rng.integers(1, n)))
            dfs = self.dfs(p)
            bfs = self.bfs(p)
            wrong = {tuple(bfs)} - {tuple(dfs)}
            for _ in range(40):  # an order with two later nodes swapped
                i, j = sorted(int(x) for x in rng.choice(np.arange(1, n), 2, replace=False))
                w = list(dfs)
                w[i], w[j] = w[j], w[i]
                wrong.add(tuple(w))
                if len(wrong) >= 3:
                    break
            if len(wrong) >= 3:
                wrong = sorted(wrong)
                pick = [list(wrong[int(i)]) for i in rng.permutation(len(wrong))[:3]]
                return {**p, "cand": [dfs] + pick, "order": draw_order(rng)}

    @staticmethod
    def dfs(p) -> list[int]:
        adj, order = neighbours(p["n"], p["edges"]), []

        def visit(x):
            order.append(x)
            for y in adj[x]:
                if y not in order:
                    visit(y)

        visit(0)
        return order

    @staticmethod
    def bfs(p) -> list[int]:
        adj, order = neighbours(p["n"], p["edges"]), [0]
        for x in order:
            order += [y for y in adj[x] if y not in order]
        return order

    def question(self, p):
        return ("Depth-first search starts at node A and always goes on to the unvisited "
                "neighbour that comes first in alphabetical order, backing up when there is "
                "none. In which order does it visit the nodes?")

    def candidates(self, p):
        return [", ".join(LETTERS[i] for i in c) for c in p["cand"]]

    def check(self, p):  # an explicit stack: neighbours pushed in reverse alphabetical order
        A, seen, order, stack = matrix(p["n"], p["edges"]), set(), [], [0]
        while stack:
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            order.append(x)
            stack += [int(y) for y in np.flatnonzero(A[x])[::-1] if int(y) not in seen]
        return ", ".join(LETTERS[i] for i in order)


@register_seed
class TopologicalOrderWhich(GraphSeed, ShuffledCandidates):
    seed_id = "graph-topological-order-which"
    level, answer_type = HIGH, "multiple choice"
    kinds = ("graph structure", "real-life context", IRRELEVANT)
    clauses = ("Task A takes about {n} hours.",
               "The tasks are listed on page {n} of the project plan.")

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 8))
            p = dag_from_a(rng, planar(rng, n, int(rng.integers(1, n))))
            good = self.topo(rng, p)
            wrong = set()
            for _ in range(60):
                w = [int(i) for i in rng.permutation(n)] if rng.random() < 0.3 else list(good)
                i, j = (int(x) for x in rng.choice(n, 2, replace=False))
                w[i], w[j] = w[j], w[i]
                if not self.valid(p, w):
                    wrong.add(tuple(w))
                if len(wrong) >= 3:
                    pick = [list(x) for x in sorted(wrong)]
                    return {**p, "cand": [good] + pick, "order": draw_order(rng)}

    @staticmethod
    def topo(rng, p) -> list[int]:
        """A random topological order (Kahn's algorithm, a random ready node each step)."""
        indeg = [sum(e[1] == i for e in p["edges"]) for i in range(p["n"])]
        ready, out = [i for i in range(p["n"]) if indeg[i] == 0], []
        while ready:
            x = ready.pop(int(rng.integers(len(ready))))
            out.append(x)
            for u, v, *_ in p["edges"]:
                if u == x:
                    indeg[v] -= 1
                    if indeg[v] == 0:
                        ready.append(v)
        return out

    @staticmethod
    def valid(p, order) -> bool:
        at = {x: i for i, x in enumerate(order)}
        return all(at[u] < at[v] for u, v, *_ in p["edges"])

    def question(self, p):
        return ("Each node is a task and each arrow X→Y means task X must be done before task "
                "Y. In which order can the tasks be done one at a time?")

    def candidates(self, p):
        return [", ".join(LETTERS[i] for i in c) for c in p["cand"]]

    def check(self, p):  # the one option with every arrow pointing forward
        ok = [o for o in self.options(p)
              if self.valid(p, [LETTERS.index(t) for t in o.split(", ")])]
        return ok[0] if len(ok) == 1 else None

    def diagram(self, p):
        return graph(p, "directed", directed=True)


@register_seed
class UnreachableNode(GraphSeed, ShuffledCandidates):
    seed_id = "graph-unreachable-node"
    level, answer_type = HIGH, "multiple choice"
    kinds = ("graph structure", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 9))
            p = planar(rng, n, int(rng.integers(1, n)))
            p["edges"] = [[u, v] if rng.random() < 0.5 else [v, u] for u, v in p["edges"]]
            got = reach(n, p["edges"])
            if len(got) == n - 1:
                miss = next(i for i in range(n) if i not in got)
                return {**p, "cand": [miss] + other_nodes(rng, n, {0, miss}),
                        "order": draw_order(rng)}

    def question(self, p):
        return ("The arrows are one-way streets between places. Which place can NOT be reached "
                "from A by following the arrows?")

    def candidates(self, p):
        return [LETTERS[i] for i in p["cand"]]

    def check(self, p):  # the zero of (I + M)^(n-1) in A's row
        n = p["n"]
        R = np.linalg.matrix_power(np.eye(n, dtype=np.int64) + matrix(n, p["edges"], True), n - 1)
        miss = [LETTERS[i] for i in range(n) if R[0, i] == 0]
        return miss[0] if len(miss) == 1 else None

    def diagram(self, p):
        return graph(p, "directed", directed=True)


# ----------------------------------------------------------------------------- planning


@register_seed
class ProjectDuration(GraphSeed):
    seed_id = "graph-project-duration"
    level = UNI
    kinds = ("numerical value", "graph structure", "real-life context", IRRELEVANT)
    # nothing about staff, machines or hours: a reader takes those as a limit on how many
    # tasks may run at once, which would lengthen the project
    clauses = ("The project's office is on floor {n} of its building.",
               "The project's budget is {m} thousand dollars.")

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 8))
            p = planar(rng, n, int(rng.integers(2, n + 1)))
            p = dag_from_a(rng, {**p, "edges": [[u, v, int(rng.integers(1, 10))]
                                                for u, v in p["edges"]]})
            got = reach(n, p["edges"])
            sinks = [i for i in range(n) if all(e[0] != i for e in p["edges"])]
            if len(got) == n and len(sinks) == 1 and len(simple_paths(
                    n, p["edges"], 0, sinks[0], True)) >= 2:
                return {**p, "end": sinks[0]}

    def question(self, p):
        return ("Each arrow is a task and the number on it is how many days the task takes. "
                "A task can start only when every task arriving at its start node is finished, "
                f"and tasks may run at the same time. The project starts at A and is finished at "
                f"{LETTERS[p['end']]}. What is the shortest possible duration of the project, "
                "in days?")

    def answer(self, p):  # earliest times in topological order: the longest path
        n, t = p["n"], [0.0] * p["n"]
        indeg = [sum(e[1] == i for e in p["edges"]) for i in range(n)]
        ready = [0]
        for x in ready:
            for u, v, w in p["edges"]:
                if u == x:
                    t[v] = max(t[v], t[x] + w)
                    indeg[v] -= 1
                    if indeg[v] == 0:
                        ready.append(v)
        return float(t[p["end"]])

    def check(self, p):  # the heaviest of all paths from A to the end
        return float(max(d for _, d in simple_paths(p["n"], p["edges"], 0, p["end"], True)))

    def diagram(self, p):
        return graph(p, "weighted", directed=True, weighted=True)


# three towns on a triangle and the fourth inside it: no two roads cross, so every length
# label sits on its own road
TOUR_POS = ([0.1, 0.88], [0.9, 0.88], [0.5, 0.06], [0.5, 0.5])


@register_seed
class CheapestTour(GraphSeed):
    seed_id = "graph-cheapest-tour"
    level = UNI
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("Town A has about {m} thousand inhabitants.",
               "The salesperson's car uses {n} litres of fuel per 100 km.")

    def sample(self, rng):
        while True:
            w = [int(x) for x in rng.integers(3, 30, size=6)]
            edges = [[u, v, x] for (u, v), x in zip(itertools.combinations(range(4), 2), w)]
            p = {"n": 4, "pos": [list(x) for x in TOUR_POS], "edges": edges,
                 "color": rng_choice(rng, NODE_COLORS)}
            tours = sorted(self.tour_costs(p))
            if tours[0] < tours[1]:
                return p

    @staticmethod
    def tour_costs(p) -> list[float]:
        W = {tuple(sorted(e[:2])): e[2] for e in p["edges"]}
        return [float(sum(W[tuple(sorted((t[i], t[(i + 1) % 4])))] for i in range(4)))
                for t in ([0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3])]

    def question(self, p):
        return ("A salesperson starts in town A, visits each of the other towns exactly once "
                "and returns to A. The numbers are the road lengths in km. What is the length "
                "of the shortest such round trip, in km?")

    def answer(self, p):
        return min(self.tour_costs(p))

    def check(self, p):  # every order of the other three towns (each tour twice)
        W = np.zeros((4, 4))
        for u, v, w in p["edges"]:
            W[u, v] = W[v, u] = w
        return float(min(W[0, a] + W[a, b] + W[b, c] + W[c, 0]
                         for a, b, c in itertools.permutations((1, 2, 3))))

    def diagram(self, p):
        return graph(p, "weighted", weighted=True)
