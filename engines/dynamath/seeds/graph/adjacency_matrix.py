"""DynaMath "graph theory" seeds whose figure is a graph's adjacency matrix, drawn as a grid of
0s and 1s with the node letters on both sides: walks of a given length between two nodes, the
node with the most neighbours, and the number of connected pieces.

Why these: DynaMath's linear-algebra-flavoured graph questions show the matrix instead of the
drawing, so the graph has to be rebuilt from the entries. Answers use the params' edge list
(matrix powers, degrees, union-find); ``check`` reads the entries back from the drawn spec and
counts walks one step at a time, sums a column, or searches the rows, so the picture and the
answer cannot disagree.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_graph_s6.py
"""
from __future__ import annotations

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.graph.base import (HIGH, LETTERS, TOPIC, UNI, matrix,
                                               union_find_components)
from engines.dynamath.seeds.graph.traversal import other_nodes
from renderers.heatmap.spec import HeatmapSpec
from renderers.spec import rng_choice

CMAPS = ("blues", "greens", "oranges")


def random_edges(rng: np.random.Generator, n: int, density: float, directed: bool) -> list:
    pairs = [(u, v) for u in range(n) for v in range(n) if u != v and (directed or u < v)]
    return [[u, v] for u, v in pairs if rng.random() < density]


def adjacency_spec(p: dict) -> HeatmapSpec:
    names = list(p.get("names") or LETTERS[:p["n"]])
    A = matrix(p["n"], p["edges"], p.get("directed", False))
    return HeatmapSpec(title="Adjacency matrix", rows=names, cols=names,
                       values=[[float(x) for x in r] for r in A], annotate=True, digits=0,
                       cmap=p["cmap"], vmin=0.0, vmax=1.0)


def read_back(spec: HeatmapSpec) -> np.ndarray:
    """The entries as drawn."""
    return np.array([[int(round(v)) for v in r] for r in spec.values])


class MatrixSeed(SeedQuestion):
    topic, answer_type = TOPIC, "float"
    visual_type = "matrix"  # a grid of 0/1 entries, drawn by the heatmap family

    def diagram(self, p):
        return adjacency_spec(p)


GRID = ("The grid is the adjacency matrix of an undirected graph on the nodes {nodes}: the "
        "entry in row X and column Y is 1 when an edge joins X and Y, else 0.")
GRID_DIRECTED = ("The grid is the adjacency matrix of a directed graph on the nodes {nodes}: "
                 "the entry in row X (from) and column Y (to) is 1 when there is an arrow "
                 "X→Y, else 0.")


def nodes_text(n: int) -> str:
    return ", ".join(LETTERS[:n])


@register_seed
class MatrixWalks(MatrixSeed):
    seed_id = "graph-matrix-walks"
    level = UNI
    kinds = ("numerical value", "graph structure", IRRELEVANT)
    clauses = ("Node A stands for a station that opened {n} years ago.",
               "Each node stands for a town of about {m} thousand people.")

    def sample(self, rng):
        while True:
            n = int(rng.integers(4, 7))
            directed = bool(rng.random() < 0.5)
            p = {"n": n, "directed": directed, "k": int(rng.integers(2, 4)),
                 "edges": random_edges(rng, n, 0.45, directed), "cmap": rng_choice(rng, CMAPS)}
            p["src"], p["dst"] = (int(x) for x in rng.choice(n, 2, replace=False))
            p["names"] = walk_names(n, p["src"], p["dst"])
            if self.answer(p) > 0:
                return p

    def question(self, p):
        # the walk's ends are the nodes S and T, wherever the matrix lists them: the text
        # names neither the nodes nor their order
        grid = GRID_DIRECTED if p["directed"] else GRID
        how = " following the arrows" if p["directed"] else ""
        return (f"{grid.format(nodes='labelled beside it')} How many walks of length exactly "
                f"{p['k']} (sequences of {p['k']} edges{how}, nodes may repeat) go from S to "
                f"T?")

    def answer(self, p):
        A = matrix(p["n"], p["edges"], p["directed"])
        return float(np.linalg.matrix_power(A, p["k"])[p["src"], p["dst"]])

    def check(self, p):  # count walks step by step from the drawn entries and labels
        spec = self.diagram(p)
        A, src, dst = read_back(spec), spec.rows.index("S"), spec.cols.index("T")

        def walks(x, k):
            if k == 0:
                return int(x == dst)
            return sum(walks(int(y), k - 1) for y in np.flatnonzero(A[x]))

        return float(walks(src, p["k"]))


def walk_names(n: int, src: int, dst: int) -> list[str]:
    """The node names in the matrix's order: S at src, T at dst, A, B, ... elsewhere."""
    rest = iter(LETTERS)
    return ["S" if i == src else "T" if i == dst else next(rest) for i in range(n)]


@register_seed
class MatrixMaxDegree(MatrixSeed, ShuffledCandidates):
    seed_id = "graph-matrix-max-degree"
    level, answer_type = HIGH, "multiple choice"
    kinds = ("graph structure", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.integers(5, 8))
            p = {"n": n, "edges": random_edges(rng, n, 0.45, False),
                 "cmap": rng_choice(rng, CMAPS)}
            deg = matrix(n, p["edges"]).sum(axis=1)
            top = int(np.argmax(deg))
            if (deg == deg[top]).sum() == 1:
                return {**p, "cand": [top] + other_nodes(rng, n, {top}), "order": draw_order(rng)}

    def question(self, p):
        return (GRID.format(nodes=nodes_text(p["n"])) + " The nodes are people and an edge "
                "means two people are friends. Who has the most friends?")

    def candidates(self, p):
        return [LETTERS[i] for i in p["cand"]]

    def check(self, p):  # column sums of the drawn grid, read among the options
        A = read_back(self.diagram(p))
        return max(self.options(p), key=lambda o: A[:, LETTERS.index(o)].sum())


@register_seed
class MatrixComponents(MatrixSeed):
    seed_id = "graph-matrix-components"
    level = HIGH
    kinds = ("graph structure", IRRELEVANT)
    clauses = ("Node A was added to the graph last.",
               "Each node stands for a town of about {m} thousand people.")

    def sample(self, rng):
        n = int(rng.integers(5, 8))
        return {"n": n, "edges": random_edges(rng, n, float(rng.uniform(0.15, 0.35)), False),
                "cmap": rng_choice(rng, CMAPS)}

    def question(self, p):
        return (GRID.format(nodes=nodes_text(p["n"])) + " Into how many connected pieces "
                "does the graph fall (a node with no edges is a piece of its own)?")

    def answer(self, p):
        return float(union_find_components(p["n"], p["edges"]))

    def check(self, p):  # label the drawn rows by repeated search
        A, label, k = read_back(self.diagram(p)), [-1] * p["n"], 0
        for s in range(p["n"]):
            if label[s] < 0:
                todo, label[s] = [s], k
                while todo:
                    for y in np.flatnonzero(A[todo.pop()]):
                        if label[y] < 0:
                            label[y] = k
                            todo.append(int(y))
                k += 1
        return float(k)
