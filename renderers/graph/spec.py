"""Graphs (family "graph"): labelled nodes and edges, undirected, weighted or directed.

Why: DynaMath's graph-theory questions (degrees, paths, trees, cycles, spanning trees,
bipartiteness) and MAVIS captions need drawings whose structure is known exactly. The spec lists
nodes, edges (with weights) and unit-square positions chosen by the sampler so that nodes keep
apart and no edge runs through a node it does not join; ``facts`` computes degrees, components,
shortest paths from the first node (BFS or Dijkstra), a minimum spanning tree and more.

Kinds: general, weighted, directed, tree (layered), grid, cycle, complete, bipartite; layouts:
circular, layered, grid, free (seeded placement with minimum separation).

    python -c "import numpy as np, renderers; f = renderers.get_family('graph'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='weighted'), 336).save('/tmp/graph.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import heapq
import math
from typing import ClassVar

from renderers.graph.draw import LAYOUTS
from renderers.spec import Spec
from renderers.text import fact_num

KINDS = ("general", "weighted", "directed", "tree", "grid", "cycle", "complete", "bipartite")
NODE_RANGES = {"general": range(3, 11), "weighted": range(3, 10), "directed": range(3, 10),
               "tree": range(2, 13), "grid": (4, 6, 8, 9, 12), "cycle": range(3, 11),
               "complete": range(3, 8), "bipartite": range(3, 9)}


@dataclass
class Edge:
    u: int  # index into nodes; for a directed graph the edge runs u -> v
    v: int
    weight: float = 1.0  # drawn and used in path lengths only when the graph is weighted


@dataclass
class GraphSpec(Spec):
    """A graph drawing. ``positions`` are [x, y] in the unit square (y up), one per node; when
    empty the ``layout`` places the nodes (circular; layered by ``layers`` or BFS depth from the
    first node; grid with ``grid_cols`` columns; free falls back to circular)."""

    family: ClassVar[str] = "graph"
    kind: str = "general"
    nodes: list[str] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    directed: bool = False
    weighted: bool = False
    layout: str = "circular"
    positions: list[list[float]] = field(default_factory=list)
    layers: list[int] = field(default_factory=list)
    grid_cols: int = 0
    node_color: str = "blue"


# ----------------------------------------------------------------------------- facts


def edge_name(spec: GraphSpec, e: Edge) -> str:
    """"A–B" (en dash, so that "1–2" never reads as minus two) or "A→B" when directed."""
    return f"{spec.nodes[e.u]}{'→' if spec.directed else '–'}{spec.nodes[e.v]}"


def shortest_paths(spec: GraphSpec, source: int = 0) -> tuple[list, list]:
    """Dijkstra (BFS when unweighted: all weights 1) along edge directions; distances (None if
    unreachable) and predecessor lists."""
    n = len(spec.nodes)
    adj: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for e in spec.edges:
        w = e.weight if spec.weighted else 1.0
        adj[e.u].append((e.v, w))
        if not spec.directed:
            adj[e.v].append((e.u, w))
    dist: list = [None] * n
    prev = [-1] * n
    best = [math.inf] * n
    best[source] = 0.0
    heap = [(0.0, source)]
    while heap:
        d, x = heapq.heappop(heap)
        if dist[x] is not None:
            continue
        dist[x] = d
        for y, w in adj[x]:
            if d + w < best[y] - 1e-12:
                best[y], prev[y] = d + w, x
                heapq.heappush(heap, (d + w, y))
    return dist, prev


def graph_facts(spec: GraphSpec) -> dict:
    validate(spec)
    L, n, m = spec.nodes, len(spec.nodes), len(spec.edges)
    und: list[set[int]] = [set() for _ in range(n)]
    indeg, outdeg = [0] * n, [0] * n
    for e in spec.edges:
        und[e.u].add(e.v)
        und[e.v].add(e.u)
        outdeg[e.u] += 1
        indeg[e.v] += 1
    deg = [indeg[i] + outdeg[i] for i in range(n)]
    comp = [-1] * n
    comps: list[list[int]] = []
    for s in range(n):
        if comp[s] < 0:
            comp[s] = len(comps)
            members = [s]
            for x in members:
                for y in sorted(und[x]):
                    if comp[y] < 0:
                        comp[y] = comp[s]
                        members.append(y)
            comps.append(sorted(members))
    color = [-1] * n
    bip = True
    for s in range(n):
        if color[s] < 0:
            color[s] = 0
            queue = [s]
            for x in queue:
                for y in und[x]:
                    if color[y] < 0:
                        color[y] = 1 - color[x]
                        queue.append(y)
                    elif color[y] == color[x]:
                        bip = False
    connected = len(comps) == 1
    f: dict = {"kind": spec.kind, "nodes": list(L), "n_nodes": n, "n_edges": m,
               "directed": spec.directed, "weighted": spec.weighted, "layout": spec.layout,
               "edges": [[L[e.u], L[e.v]] for e in spec.edges],
               "edge_names": [edge_name(spec, e) for e in spec.edges],
               "neighbors": {L[i]: [L[j] for j in sorted(und[i])] for i in range(n)},
               "n_components": len(comps), "components": [[L[i] for i in c] for c in comps],
               "is_connected": connected, "is_bipartite": bip}
    if bip:
        f["bipartition"] = [[L[i] for i in range(n) if color[i] == k] for k in (0, 1)]
    if spec.weighted:
        f["weights"] = {edge_name(spec, e): fact_num(e.weight) for e in spec.edges}
        f["total_weight"] = fact_num(sum(e.weight for e in spec.edges))
        heavy = max(spec.edges, key=lambda e: e.weight)
        light = min(spec.edges, key=lambda e: e.weight)
        f["heaviest_edge"], f["lightest_edge"] = edge_name(spec, heavy), edge_name(spec, light)
    if spec.directed:
        f["in_degrees"] = {L[i]: indeg[i] for i in range(n)}
        f["out_degrees"] = {L[i]: outdeg[i] for i in range(n)}
        f["sources"] = [L[i] for i in range(n) if indeg[i] == 0]
        f["sinks"] = [L[i] for i in range(n) if outdeg[i] == 0]
        order, ind, ready = [], list(indeg), [i for i in range(n) if indeg[i] == 0]
        while ready:  # Kahn's algorithm, smallest index first
            x = min(ready)
            ready.remove(x)
            order.append(x)
            for e in spec.edges:
                if e.u == x:
                    ind[e.v] -= 1
                    if ind[e.v] == 0:
                        ready.append(e.v)
        f["is_dag"] = len(order) == n
        f["has_cycle"] = not f["is_dag"]
        if f["is_dag"]:
            f["topological_order"] = [L[i] for i in order]
    else:
        f["has_cycle"] = m > n - len(comps)
    f["degrees"] = {L[i]: deg[i] for i in range(n)}
    f["degree_sequence"] = sorted(deg, reverse=True)
    f["degree_sum"] = sum(deg)
    f["max_degree"], f["min_degree"] = max(deg), min(deg)
    f["max_degree_nodes"] = [L[i] for i in range(n) if deg[i] == max(deg)]
    f["isolated_nodes"] = [L[i] for i in range(n) if deg[i] == 0]
    f["is_tree"] = connected and m == n - 1  # of the underlying undirected graph
    if spec.directed:  # a rooted tree with every edge pointing away from the root
        f["is_arborescence"] = f["is_tree"] and sum(d == 0 for d in indeg) == 1
    if not spec.directed:
        odd = [L[i] for i in range(n) if deg[i] % 2]
        big = [c for c in comps if len(c) > 1]
        f["odd_degree_nodes"] = odd
        f["leaves"] = [L[i] for i in range(n) if deg[i] == 1]
        f["has_euler_circuit"] = m > 0 and len(big) == 1 and not odd
        f["has_euler_path"] = m > 0 and len(big) == 1 and len(odd) in (0, 2)
    dist, prev = shortest_paths(spec, 0)
    paths = {}
    for i in range(n):
        if dist[i] is not None:
            p, x = [], i
            while x >= 0:
                p.append(L[x])
                x = prev[x]
            paths[L[i]] = p[::-1]
    f["source"] = L[0]
    f["distances"] = {L[i]: None if dist[i] is None else fact_num(dist[i]) for i in range(n)}
    f["shortest_paths"] = paths
    reach = [i for i in range(n) if dist[i] is not None]
    far = max(reach, key=lambda i: (dist[i], -i))
    # several nodes may tie for the largest distance: ``farthest_node`` is the first of them
    # (a representative), ``farthest_nodes`` lists them all, so "the farthest node is X" is
    # said only where the list has one name
    f["farthest_node"], f["eccentricity"] = L[far], fact_num(dist[far])
    f["farthest_nodes"] = [L[i] for i in reach if dist[i] > dist[far] - 1e-9]
    f["n_reachable"] = len(reach)
    if spec.weighted and not spec.directed:
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        tree = []
        for e in sorted(spec.edges, key=lambda e: e.weight):
            if find(e.u) != find(e.v):
                parent[find(e.u)] = find(e.v)
                tree.append(e)
        f["mst_weight"] = fact_num(sum(e.weight for e in tree))
        f["mst_edges"] = [edge_name(spec, e) for e in tree]
        f["mst_is_forest"] = not connected
    if spec.kind == "tree" or (f["is_tree"] and not spec.directed):
        depth = {L[i]: len(paths[L[i]]) - 1 for i in range(n)} if connected else {}
        f["root"] = L[0]
        f["depths"] = depth
        f["height"] = max(depth.values()) if depth else 0
        f["tree_leaves"] = [L[i] for i in range(1, n) if deg[i] == 1]
        f["children"] = {L[i]: [L[j] for j in sorted(und[i]) if depth.get(L[j], -1) ==
                                depth.get(L[i], -9) + 1] for i in range(n)}
    if spec.kind == "grid":
        cols = spec.grid_cols or math.ceil(math.sqrt(n))
        f["grid_rows"], f["grid_cols"] = math.ceil(n / cols), cols
    if spec.kind == "bipartite" and spec.layers:
        f["parts"] = [[L[i] for i in range(n) if spec.layers[i] == k] for k in (0, 1)]
        f["part_sizes"] = [len(f["parts"][0]), len(f["parts"][1])]
    return f


def validate(spec: GraphSpec) -> None:
    if spec.kind not in KINDS:
        raise ValueError(f"graph kind {spec.kind!r} is not valid; valid kinds: {', '.join(KINDS)}")
    if spec.layout not in LAYOUTS:
        raise ValueError(f"graph layout {spec.layout!r} is not valid; valid: {', '.join(LAYOUTS)}")
    n = len(spec.nodes)
    if n == 0:
        raise ValueError("a graph needs at least one node")
    seen = set()
    for e in spec.edges:
        if not (0 <= e.u < n and 0 <= e.v < n) or e.u == e.v:
            raise ValueError(f"edge ({e.u}, {e.v}) must join two different nodes in 0..{n - 1}")
        key = (e.u, e.v) if spec.directed else tuple(sorted((e.u, e.v)))
        if key in seen:
            raise ValueError(f"edge ({e.u}, {e.v}) appears twice")
        seen.add(key)
    if spec.positions and len(spec.positions) != n:
        raise ValueError(f"{len(spec.positions)} positions for {n} nodes")
