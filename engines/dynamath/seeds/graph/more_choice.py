"""DynaMath "graph theory" multiple-choice seeds on whole-graph structure: where an
isomorphism between two drawn graphs must send a vertex, which one edge added gives an Euler
circuit, which one edge removed leaves a tree.

Each answer is read from the sampled parameters; each ``check`` re-derives it from the drawn
spec another way (every bijection between the two drawings; Hierholzer's walk on the graph
with the option added; pruning leaves down to the one cycle).

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_pg.py
"""
from __future__ import annotations

import itertools
import math

from engines.dynamath.seed import ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.graph.base import (NODE_COLORS, TOPIC, UNI, graph, neighbours,
                                               planar, union_find_components)
from renderers.graph.spec import Edge, GraphSpec
from renderers.spec import rng_choice

TOWN = "Each node stands for a town of about {m} thousand people."
ROAD = "Each edge stands for a road about {m} km long."


def _edge_sets(spec: GraphSpec) -> tuple[list[str], set[frozenset]]:
    return spec.nodes, {frozenset((spec.nodes[e.u], spec.nodes[e.v])) for e in spec.edges}


def _non_edges(p: dict) -> list[tuple[int, int]]:
    have = {tuple(sorted(e[:2])) for e in p["edges"]}
    return [(u, v) for u in range(p["n"]) for v in range(u + 1, p["n"]) if (u, v) not in have]


def _degrees(n: int, edges) -> list[int]:
    d = [0] * n
    for u, v, *_ in edges:
        d[u] += 1
        d[v] += 1
    return d


def _name(p: dict, e) -> str:
    a, b = sorted(e[:2])
    return f"{'ABCDEFGHIJKL'[a]}–{'ABCDEFGHIJKL'[b]}"


# ----------------------------------------------------------------------------- isomorphism


def _circle(n: int, cx: float, rot: float) -> list[list[float]]:
    """n points on a circle of radius 0.2 about (cx, 0.5), turned by rot degrees."""
    return [[round(cx + 0.2 * math.cos(math.radians(rot + 90 - 360 * i / n)), 6),
             round(0.5 + 0.32 * math.sin(math.radians(rot + 90 - 360 * i / n)), 6)]
            for i in range(n)]


@register_seed
class IsomorphismImage(ShuffledCandidates):
    seed_id = "graph-isomorphism-image"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("graph structure", "symbolic substitution")

    RIGHT = "pqrstu"

    def sample(self, rng):
        n = 6
        while True:
            order = [int(i) for i in rng.permutation(n)]
            edges = {tuple(sorted((order[i], order[int(rng.integers(i))]))) for i in range(1, n)}
            pool = [(u, v) for u in range(n) for v in range(u + 1, n) if (u, v) not in edges]
            for i in rng.permutation(len(pool))[:int(rng.integers(1, 4))]:
                edges.add(pool[int(i)])
            edges = sorted(edges)
            images = {pi[0] for pi in itertools.permutations(range(n))
                      if {tuple(sorted((pi[u], pi[v]))) for u, v in edges} == set(edges)}
            if images == {0}:  # vertex 1 is fixed by every automorphism: one right answer
                break
        perm = [int(i) for i in rng.permutation(n)]  # left vertex i is right vertex perm[i]
        deg = _degrees(n, edges)
        same = [perm[i] for i in range(1, n) if deg[i] == deg[0]]
        rest = [perm[i] for i in rng.permutation(range(1, n)) if perm[i] not in same]
        wrong = (same + rest)[:3]
        return {"edges": [list(e) for e in edges], "perm": perm, "wrong": wrong,
                "order": draw_order(rng), "color": rng_choice(rng, NODE_COLORS),
                "rot": float(rng.integers(0, 60))}

    def question(self, p):
        return ("The graph on the left (vertices 1-6) and the graph on the right (vertices "
                "p-u) are isomorphic. To which vertex of the right graph does every isomorphism "
                "send vertex 1?")

    def candidates(self, p):
        return [self.RIGHT[p["perm"][0]]] + [self.RIGHT[w] for w in p["wrong"]]

    def diagram(self, p):
        n, perm = 6, p["perm"]
        nodes = [str(i + 1) for i in range(n)] + list(self.RIGHT)
        edges = [Edge(u, v) for u, v in p["edges"]]
        edges += [Edge(n + perm[u], n + perm[v]) for u, v in p["edges"]]
        pos = _circle(n, 0.22, 0.0) + _circle(n, 0.78, p["rot"])
        return GraphSpec(kind="general", nodes=nodes, edges=edges, layout="free",
                         positions=pos, node_color=p["color"])

    def check(self, p):
        spec = self.diagram(p)
        _, es = _edge_sets(spec)
        left = [x for x in spec.nodes if x.isdigit()]
        right = [x for x in spec.nodes if not x.isdigit()]
        le = {e for e in es if all(x in left for x in e)}
        re_ = {e for e in es if all(x in right for x in e)}
        images = set()
        for img in itertools.permutations(right):
            f = dict(zip(left, img))
            if {frozenset(f[x] for x in e) for e in le} == re_:
                images.add(f["1"])
        return images.pop() if len(images) == 1 else None


# ----------------------------------------------------------------------------- Euler


def _euler_circuit(n: int, edges) -> list[int] | None:
    """Hierholzer's walk from vertex 0: the closed walk, or None when it misses an edge."""
    adj = {i: [] for i in range(n)}
    for k, (u, v) in enumerate(edges):
        adj[u].append((v, k))
        adj[v].append((u, k))
    used, stack, walk = [False] * len(edges), [0], []
    while stack:
        x = stack[-1]
        while adj[x] and used[adj[x][-1][1]]:
            adj[x].pop()
        if adj[x]:
            y, k = adj[x].pop()
            used[k] = True
            stack.append(y)
        else:
            walk.append(stack.pop())
    # the stack's pops form a closed walk over every edge only when one exists: compare
    steps = sorted(tuple(sorted(s)) for s in zip(walk, walk[1:]))
    ok = steps == sorted(tuple(sorted(e)) for e in edges) and walk[0] == walk[-1]
    return walk if ok else None


@register_seed
class EulerAddEdge(ShuffledCandidates):
    seed_id = "graph-euler-add-edge"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("graph structure", "irrelevant clause")
    clauses = (TOWN, ROAD)

    def sample(self, rng):
        while True:
            p = planar(rng, int(rng.integers(6, 9)), int(rng.integers(2, 5)))
            deg = _degrees(p["n"], p["edges"])
            odd = [i for i in range(p["n"]) if deg[i] % 2]
            free = _non_edges(p)
            if len(odd) == 2 and tuple(odd) in free and len(free) >= 4:
                others = [free[int(i)] for i in rng.permutation(len(free))
                          if free[int(i)] != tuple(odd)]
                # half the wrong options touch one odd vertex: they are the tempting ones
                near = [e for e in others if set(e) & set(odd)][:2]
                wrong = (near + [e for e in others if e not in near])[:3]
                if len(wrong) == 3:
                    p.update(right=list(odd), wrong=[list(e) for e in wrong],
                             order=draw_order(rng))
                    return p

    def question(self, p):
        return ("Adding exactly one new edge to the graph should give it an Euler circuit (a "
                "closed walk using every edge exactly once). Which edge should be added?")

    def candidates(self, p):
        return [_name(p, p["right"])] + [_name(p, e) for e in p["wrong"]]

    def diagram(self, p):
        return graph(p)

    def check(self, p):
        spec = self.diagram(p)
        n = len(spec.nodes)
        base = [(e.u, e.v) for e in spec.edges]
        ok = []
        for opt in self.options(p):
            a, b = (spec.nodes.index(x) for x in opt.split("–"))
            if _euler_circuit(n, base + [(a, b)]) is not None:
                ok.append(opt)
        return ok[0] if len(ok) == 1 else None


# ----------------------------------------------------------------------------- trees


@register_seed
class EdgeToTree(ShuffledCandidates):
    seed_id = "graph-edge-to-tree"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("graph structure", "irrelevant clause")
    clauses = (TOWN, ROAD)

    def sample(self, rng):
        while True:
            p = planar(rng, int(rng.integers(7, 10)), 1)
            n, edges = p["n"], p["edges"]
            if len(edges) != n:
                continue
            cyc = [e for e in edges
                   if union_find_components(n, [f for f in edges if f != e]) == 1]
            bridges = [e for e in edges if e not in cyc]
            if 3 <= len(cyc) and len(bridges) >= 3:
                right = cyc[int(rng.integers(len(cyc)))]
                wrong = [bridges[int(i)] for i in rng.permutation(len(bridges))[:3]]
                p.update(right=right, wrong=wrong, order=draw_order(rng))
                return p

    def question(self, p):
        return "Removing which one edge turns the graph into a tree?"

    def candidates(self, p):
        return [_name(p, p["right"])] + [_name(p, e) for e in p["wrong"]]

    def diagram(self, p):
        return graph(p)

    def check(self, p):
        spec = self.diagram(p)
        n = len(spec.nodes)
        alive = set(range(n))
        adj = neighbours(n, [(e.u, e.v) for e in spec.edges])
        while True:  # strip leaves: what stays is the one cycle
            leaves = [x for x in alive if len([y for y in adj[x] if y in alive]) <= 1]
            if not leaves:
                break
            alive -= set(leaves)
        on = [o for o in self.options(p)
              if all(spec.nodes.index(x) in alive for x in o.split("–"))]
        return on[0] if len(on) == 1 else None
