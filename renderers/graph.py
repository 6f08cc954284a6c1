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

import heapq
import math
from dataclasses import dataclass, field

import numpy as np

from renderers.base import Canvas, Family, Spec, register_family, rng_choice
from renderers.graph_draw import (LAYOUTS, circular_positions, draw_graph, edge_clear,
                                  grid_positions, layered_positions, segments_cross)

KINDS = ("general", "weighted", "directed", "tree", "grid", "cycle", "complete", "bipartite")
_KIND_P = (0.17, 0.17, 0.16, 0.14, 0.08, 0.08, 0.08, 0.12)
NODE_RANGES = {"general": range(3, 11), "weighted": range(3, 10), "directed": range(3, 10),
               "tree": range(2, 13), "grid": (4, 6, 8, 9, 12), "cycle": range(3, 11),
               "complete": range(3, 8), "bipartite": range(3, 9)}
GRID_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4)}
NODE_COLORS = ("blue", "green", "orange", "purple", "cyan", "red", "pink", "olive")
LETTERS = "ABCDEFGHIJKLMNOP"


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


# ----------------------------------------------------------------------------- sampling


def _labels(rng: np.random.Generator, n: int) -> list[str]:
    if rng.random() < 0.2 and n <= 9:
        return [str(i + 1) for i in range(n)]
    return list(LETTERS[:n])


def _random_spanning(rng, nodes: list[int]) -> list[tuple[int, int]]:
    order = [nodes[i] for i in rng.permutation(len(nodes))]
    return [tuple(sorted((order[i], order[int(rng.integers(0, i))]))) for i in range(1, len(order))]


def _circular_edges(rng, n: int, connected: bool) -> list[tuple[int, int]]:
    """A random graph on circle positions; when not connected, two arcs of the circle form two
    (or more) components so the picture shows them apart."""
    groups = [list(range(n))]
    if not connected and n >= 4:
        k = int(rng.integers(2, n - 1))
        groups = [list(range(k)), list(range(k, n))]
    edges = set()
    for g in groups:
        edges.update(_random_spanning(rng, g))
    pool = [(u, v) for g in groups for i, u in enumerate(g) for v in g[i + 1:]
            if (u, v) not in edges]
    extra = int(rng.integers(0, max(1, int(0.7 * n) - 1) + 1))
    for i in rng.permutation(len(pool))[:extra]:
        edges.add(pool[int(i)])
    return sorted(edges)


def free_positions(rng, n: int) -> list[tuple[float, float]] | None:
    """Seeded placement in the unit square with a minimum separation, stretched to fill it."""
    d = 0.36 if n <= 5 else 0.3 if n <= 7 else 0.26
    pts: list[tuple[float, float]] = []
    for _ in range(60 * n):
        p = (float(rng.uniform()), float(rng.uniform()))
        if all(math.hypot(p[0] - q[0], p[1] - q[1]) >= d for q in pts):
            pts.append(p)
            if len(pts) == n:
                break
    if len(pts) < n:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    sx, sy = max(max(xs) - min(xs), 1e-9), max(max(ys) - min(ys), 1e-9)
    return [(round((x - min(xs)) / sx, 4), round((y - min(ys)) / sy, 4)) for x, y in pts]


def planar_edges(rng, pos, n_extra: int, connected: bool, clearance: float = 0.12,
                 max_len: float = 0.75) -> list[tuple[int, int]] | None:
    """Short edges that cross no other edge and pass no other node: a spanning forest first
    (Kruskal on jittered lengths), then ``n_extra`` more. None if ``connected`` fails."""
    n = len(pos)
    side = None
    if not connected:  # two components: split the nodes by a vertical line
        cut = float(np.median([p[0] for p in pos]))
        side = [p[0] < cut for p in pos]
    cand = []
    for u in range(n):
        for v in range(u + 1, n):
            dd = math.hypot(pos[u][0] - pos[v][0], pos[u][1] - pos[v][1])
            if dd <= max_len and edge_clear(pos, u, v, clearance) and \
                    (side is None or side[u] == side[v]):
                cand.append((dd + float(rng.uniform(0, 0.2)), u, v))
    cand.sort()
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    chosen: list[tuple[int, int]] = []

    def free(u, v):
        return not any(segments_cross(pos[u], pos[v], pos[a], pos[b]) for a, b in chosen)

    for _, u, v in cand:
        if find(u) != find(v) and free(u, v):
            parent[find(u)] = find(v)
            chosen.append((u, v))
    n_comp = len({find(i) for i in range(n)})
    if n_comp != (1 if connected else 2):
        return None
    rest = [(u, v) for _, u, v in cand if (u, v) not in chosen]
    for i in rng.permutation(len(rest)):
        if n_extra <= 0:
            break
        u, v = rest[int(i)]
        if free(u, v):
            chosen.append((u, v))
            n_extra -= 1
    return sorted(chosen)


def _free_graph(rng, n: int, connected: bool, extra: int):
    for _ in range(40):
        pos = free_positions(rng, n)
        if pos is None:
            continue
        edges = planar_edges(rng, pos, extra, connected)
        if edges is not None:
            return pos, edges
    pos = circular_positions(n)  # the dense fallback stays drawable: chords avoid nodes
    return [tuple(p) for p in pos], _circular_edges(rng, n, connected)


def tree_layout(n: int, parent: list[int]) -> tuple[list[list[float]], list[int]]:
    """Tidy layered layout: leaves evenly spaced in DFS order, a parent centred over its
    children, rows by depth (root on top). ``parent[0]`` is -1 and parents precede children."""
    kids: list[list[int]] = [[] for _ in range(n)]
    for c in range(1, n):
        kids[parent[c]].append(c)
    depth = [0] * n
    for c in range(1, n):
        depth[c] = depth[parent[c]] + 1
    x = [0.0] * n
    nleaf = 0

    def place(v):
        nonlocal nleaf
        if not kids[v]:
            x[v] = float(nleaf)
            nleaf += 1
            return
        for k in kids[v]:
            place(k)
        x[v] = (x[kids[v][0]] + x[kids[v][-1]]) / 2

    place(0)
    D = max(depth)
    pos = [[round(x[i] / (nleaf - 1), 4) if nleaf > 1 else 0.5,
            round(1.0 - depth[i] / D, 4) if D else 0.5] for i in range(n)]
    return pos, depth


def _sample_tree(rng, n: int) -> tuple[list[int], list[tuple[int, int]]]:
    """Random recursive tree (at most 3 children, depth 3, 7 leaves), relabelled in BFS order."""
    for _ in range(200):
        parent, nkids, depth = [-1], [0], [0]
        for c in range(1, n):
            ok = [p for p in range(c) if nkids[p] < 3 and depth[p] < 3]
            p = ok[int(rng.integers(len(ok)))]
            parent.append(p)
            nkids.append(0)
            nkids[p] += 1
            depth.append(depth[p] + 1)
        if sum(k == 0 for k in nkids) <= 7:
            break
    order = [0]
    for v in order:
        order.extend(c for c in range(n) if parent[c] == v)
    new = {old: i for i, old in enumerate(order)}
    par = [-1] + [new[parent[order[i]]] for i in range(1, n)]
    return par, [(par[c], c) for c in range(1, n)]


def _sample(rng, kind: str, n: int | None) -> GraphSpec:
    n = int(n) if n is not None else int(rng_choice(rng, {
        "general": range(5, 9), "weighted": range(4, 8), "directed": range(4, 8),
        "tree": range(5, 12), "grid": (4, 6, 6, 8, 9, 12), "cycle": range(3, 9),
        "complete": range(3, 7), "bipartite": range(4, 9)}[kind]))
    color = rng_choice(rng, NODE_COLORS)
    weighted, directed, layers, cols = False, False, [], 0
    if kind in ("general", "weighted", "directed"):
        connected = kind == "weighted" or rng.random() < 0.8
        extra = int(rng.integers(0, max(1, int(0.6 * n)) + 1))
        if kind == "weighted" or rng.random() < 0.5:
            layout = "free"
            pos, pairs = _free_graph(rng, n, connected, extra)
        else:
            layout = "circular"
            pos, pairs = circular_positions(n), _circular_edges(rng, n, connected)
        weighted = kind == "weighted"
        if kind == "directed":
            directed = True
            if rng.random() < 0.5:  # acyclic: every edge runs forward in a random order
                rank = rng.permutation(n)
                pairs = [(u, v) if rank[u] < rank[v] else (v, u) for u, v in pairs]
            else:
                pairs = [(u, v) if rng.random() < 0.5 else (v, u) for u, v in pairs]
    elif kind == "tree":
        layout = "layered"
        par, pairs = _sample_tree(rng, n)
        pos, layers = tree_layout(n, par)
        weighted = bool(rng.random() < 0.3)
    elif kind == "grid":
        layout = "grid"
        rows, cols = GRID_SHAPES[n]
        pos = grid_positions(n, cols)
        pairs = [(i, i + 1) for i in range(n) if (i + 1) % cols and i + 1 < n] + \
                [(i, i + cols) for i in range(n - cols)]
        weighted = bool(rng.random() < 0.35)
    elif kind == "cycle":
        layout, pos = "circular", circular_positions(n)
        pairs = [(i, (i + 1) % n) for i in range(n)] if n > 2 else [(0, 1)]
        weighted = bool(rng.random() < 0.35)
    elif kind == "complete":
        layout, pos = "circular", circular_positions(n)
        pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    else:  # bipartite: the top row is one part, the bottom row the other
        layout = "layered"
        a = int(rng.integers(max(1, n - 4), min(4, n - 1) + 1))
        layers = [0] * a + [1] * (n - a)
        pos = layered_positions(layers)
        if rng.random() < 0.2:
            pairs = [(u, v) for u in range(a) for v in range(a, n)]
        else:
            pairs = set()
            for u in range(a):
                for v in rng.choice(np.arange(a, n), size=int(rng.integers(1, n - a + 1)),
                                    replace=False):
                    pairs.add((u, int(v)))
            for v in range(a, n):
                if not any(q == v for _, q in pairs):
                    pairs.add((int(rng.integers(0, a)), v))
            pairs = sorted(pairs)
    weights = rng.integers(1, 16, size=len(pairs)) if weighted else np.ones(len(pairs))
    return GraphSpec(kind=kind, nodes=_labels(rng, n),
                     edges=[Edge(int(u), int(v), float(w)) for (u, v), w in zip(pairs, weights)],
                     directed=directed, weighted=weighted, layout=layout,
                     positions=[[float(p[0]), float(p[1])] for p in pos], layers=list(layers),
                     grid_cols=cols, node_color=color)


# ----------------------------------------------------------------------------- facts


def _num(x: float):
    x = float(x)
    return int(round(x)) if abs(x - round(x)) < 1e-9 else round(x, 2)


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
        f["weights"] = {edge_name(spec, e): _num(e.weight) for e in spec.edges}
        f["total_weight"] = _num(sum(e.weight for e in spec.edges))
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
    f["distances"] = {L[i]: None if dist[i] is None else _num(dist[i]) for i in range(n)}
    f["shortest_paths"] = paths
    reach = [i for i in range(n) if dist[i] is not None]
    far = max(reach, key=lambda i: (dist[i], -i))
    f["farthest_node"], f["eccentricity"] = L[far], _num(dist[far])
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
        f["mst_weight"] = _num(sum(e.weight for e in tree))
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


# ----------------------------------------------------------------------------- family


@register_family
class GraphFamily(Family):
    name = "graph"
    spec_cls = GraphSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None,
                    n_nodes: int | None = None) -> GraphSpec:
        """Knobs: ``kind`` in KINDS (None = random); ``n_nodes`` within NODE_RANGES[kind]."""
        if kind is not None and kind not in KINDS:
            raise ValueError(f"graph kind {kind!r} is not valid; valid kinds: {', '.join(KINDS)}")
        if kind is None:
            kind = KINDS[int(rng.choice(len(KINDS), p=_KIND_P))]
        if n_nodes is not None and n_nodes not in NODE_RANGES[kind]:
            rg = NODE_RANGES[kind]
            valid = f"{rg.start}..{rg.stop - 1}" if isinstance(rg, range) else \
                ", ".join(map(str, rg))
            raise ValueError(f"n_nodes={n_nodes} is not valid for a {kind} graph; valid: {valid}")
        return _sample(rng, kind, n_nodes)

    def facts(self, spec: GraphSpec) -> dict:
        return graph_facts(spec)

    def draw(self, spec: GraphSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_graph(spec, canvas)
