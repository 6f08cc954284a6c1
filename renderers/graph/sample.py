"""Random graph specs: a kind, labelled nodes, edges and positions that keep nodes apart and
edges clear of the nodes they do not join.

    python -c "import numpy as np; from renderers.graph.sample import sample_graph; \
print(sample_graph(np.random.default_rng(0), kind='tree'))"
"""
from __future__ import annotations

import math

import numpy as np

from renderers.graph.draw import (circular_positions, edge_clear, grid_positions, layered_positions,
                                  segments_cross)
from renderers.graph.spec import KINDS, NODE_RANGES, Edge, GraphSpec
from renderers.spec import rng_choice


_KIND_P = (0.17, 0.17, 0.16, 0.14, 0.08, 0.08, 0.08, 0.12)


GRID_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4)}


NODE_COLORS = ("blue", "green", "orange", "purple", "cyan", "red", "pink", "olive")


LETTERS = "ABCDEFGHIJKLMNOP"


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


def sample_graph(rng: np.random.Generator, kind: str | None = None,
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
