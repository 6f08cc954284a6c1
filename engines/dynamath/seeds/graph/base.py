"""DynaMath "graph theory" helpers every graph seed module shares: the ``GraphSeed`` base
class, graph sampling (planar, circular, weighted, oriented) and the algorithms answers and
checks use (neighbour lists, adjacency matrices, union-find and DFS components, Dijkstra, hop
counts).

    python -m pytest -q tests/engines/dynamath/test_seeds_graph.py
"""
from __future__ import annotations

import heapq
import math

import numpy as np

from engines.dynamath.seed import SeedQuestion
from renderers.graph.draw import circular_positions
from renderers.graph.sample import free_positions, planar_edges
from renderers.graph.spec import Edge, GraphSpec
from renderers.spec import rng_choice

TOPIC = "graph theory"
ELEM, HIGH, UNI = "elementary school", "high school", "undergraduate"
LETTERS = "ABCDEFGHIJKL"
NODE_COLORS = ("blue", "green", "orange", "purple", "cyan", "red", "pink", "olive")
YES_NO = ("Answer Yes or No.")


# ----------------------------------------------------------------------------- sampling


def planar(rng: np.random.Generator, n: int, extra: int, connected: bool = True) -> dict:
    """Seeded free placement with short, non-crossing edges that pass no other node (the
    renderer's helpers), ``extra`` edges beyond a spanning forest; a path on a circle if the
    placement keeps failing."""
    for _ in range(60):
        pos = free_positions(rng, n)
        edges = planar_edges(rng, pos, extra, connected) if pos is not None else None
        if edges is not None:
            return {"n": n, "pos": [[float(x), float(y)] for x, y in pos],
                    "edges": [[int(u), int(v)] for u, v in edges],
                    "color": rng_choice(rng, NODE_COLORS)}
    edges = [[i, i + 1] for i in range(n - 1) if connected or i != n // 2 - 1]
    return {"n": n, "pos": circular_positions(n), "edges": edges,
            "color": rng_choice(rng, NODE_COLORS)}


def circle_graph(rng: np.random.Generator, n: int, extra: int) -> dict:
    """Nodes on a circle (chords never pass through a node), a random spanning tree plus
    ``extra`` random chords; chords may cross."""
    order = [int(i) for i in rng.permutation(n)]
    edges = {tuple(sorted((order[i], order[int(rng.integers(i))]))) for i in range(1, n)}
    pool = [(u, v) for u in range(n) for v in range(u + 1, n) if (u, v) not in edges]
    for i in rng.permutation(len(pool))[:extra]:
        edges.add(pool[int(i)])
    return {"n": n, "pos": circular_positions(n), "edges": [list(e) for e in sorted(edges)],
            "color": rng_choice(rng, NODE_COLORS)}


def any_graph(rng: np.random.Generator, n: int, extra: int) -> dict:
    return planar(rng, n, extra) if rng.random() < 0.6 else circle_graph(rng, n, extra)


def add_weights(rng: np.random.Generator, p: dict, lo: int = 1, hi: int = 15) -> dict:
    p["edges"] = [[u, v, int(rng.integers(lo, hi + 1))] for u, v, *_ in p["edges"]]
    return p


def orient(rng: np.random.Generator, p: dict, acyclic: bool) -> dict:
    """Directions: along a random ranking of the nodes (acyclic) or each edge at random."""
    rank = rng.permutation(p["n"])
    out = []
    for u, v, *w in p["edges"]:
        fwd = rank[u] < rank[v] if acyclic else rng.random() < 0.5
        out.append(([u, v] if fwd else [v, u]) + w)
    p["edges"] = out
    return p


def graph(p: dict, kind: str = "general", directed: bool = False, weighted: bool = False,
          layout: str = "free") -> GraphSpec:
    return GraphSpec(kind=kind, nodes=list(LETTERS[:p["n"]]),
                     edges=[Edge(e[0], e[1], float(e[2]) if len(e) > 2 else 1.0)
                            for e in p["edges"]],
                     directed=directed, weighted=weighted, layout=layout,
                     positions=[list(x) for x in p["pos"]], layers=list(p.get("layers", [])),
                     node_color=p["color"])


class GraphSeed(SeedQuestion):
    """Defaults shared by the seeds below: a float answer about the structure of an
    undirected, unweighted graph drawn from the params."""

    topic, answer_type = TOPIC, "float"
    kinds: tuple[str, ...] = ("graph structure",)

    def diagram(self, p):
        return graph(p)


# ----------------------------------------------------------------------------- algorithms


def neighbours(n: int, edges: list, directed: bool = False) -> list[list[int]]:
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v, *_ in edges:
        adj[u].append(v)
        if not directed:
            adj[v].append(u)
    return [sorted(a) for a in adj]


def matrix(n: int, edges: list, directed: bool = False) -> np.ndarray:
    A = np.zeros((n, n), dtype=np.int64)
    for u, v, *_ in edges:
        A[u, v] = 1
        if not directed:
            A[v, u] = 1
    return A


def union_find_components(n: int, edges: list) -> int:
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v, *_ in edges:
        parent[find(u)] = find(v)
    return len({find(i) for i in range(n)})


def dfs_components(n: int, edges: list) -> int:
    adj, seen, count = neighbours(n, edges), [False] * n, 0
    for s in range(n):
        if not seen[s]:
            count += 1
            stack = [s]
            seen[s] = True
            while stack:
                for y in adj[stack.pop()]:
                    if not seen[y]:
                        seen[y] = True
                        stack.append(y)
    return count


def dijkstra(n: int, edges: list, src: int, directed: bool = False) -> list[float]:
    adj: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for u, v, *w in edges:
        adj[u].append((v, w[0] if w else 1))
        if not directed:
            adj[v].append((u, w[0] if w else 1))
    dist = [math.inf] * n
    dist[src] = 0
    heap = [(0, src)]
    while heap:
        d, x = heapq.heappop(heap)
        if d > dist[x]:
            continue
        for y, w in adj[x]:
            if d + w < dist[y]:
                dist[y] = d + w
                heapq.heappush(heap, (d + w, y))
    return dist


def hops(p: dict, src: int = 0, directed: bool = False) -> list[float]:
    return dijkstra(p["n"], [e[:2] for e in p["edges"]], src, directed)


def far_target(p: dict, directed: bool = False) -> int:
    """A node many hops from A (the last such), reachable, not A itself."""
    h = hops(p, 0, directed)
    reach = [i for i in range(1, p["n"]) if h[i] < math.inf]
    return max(reach, key=lambda i: (h[i], i))
