"""Algebra and graph-theory seeds of engines/dynamath/seeds/algebra/{argand,sequences,
optimisation,readings}.py and graph/{traversal,connectivity,adjacency_matrix}.py: 50 variants
each pass the independent checker and the contract (200 in the soak tier), and hand-computed
cases."""
import pytest

from engines.dynamath.seed import load_seeds
from engines.dynamath.seeds.graph.traversal import TOUR_POS
from renderers.graph.draw import circular_positions
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.test_seeds_plane_geometry_more import check_variants

SEEDS = load_seeds()
GRAPH = ["graph-farthest-node", "graph-mst-member", "graph-shortest-route-count",
         "graph-dfs-order", "graph-topological-order-which", "graph-unreachable-node",
         "graph-project-duration", "graph-cheapest-tour", "graph-cut-vertex",
         "graph-bridge-count", "graph-cycle-rank", "graph-tree-diameter", "graph-max-matching",
         "graph-largest-clique", "graph-complement-edges", "graph-matrix-walks",
         "graph-matrix-max-degree", "graph-matrix-components"]
ALGEBRA = [s for s in ("algebra-argand-modulus", "algebra-argand-product",
                       "algebra-argand-roots-equation", "algebra-argand-argument",
                       "algebra-sequence-bars-sum", "algebra-series-bars-limit",
                       "algebra-lp-optimum-value", "algebra-lp-optimum-vertex",
                       "algebra-range-of-curve", "algebra-domain-of-curve",
                       "algebra-piecewise-formula", "algebra-polynomial-roots-point",
                       "algebra-average-rate", "algebra-inverse-point-which",
                       "algebra-composition-table") if s in SEEDS]
NEW = GRAPH + ALGEBRA


def test_the_new_seeds_are_registered():
    assert set(GRAPH) <= set(SEEDS)
    assert len(NEW) >= 18


@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200)


def _g(n, edges, **extra):
    return {"n": n, "pos": circular_positions(n), "edges": edges, "color": "blue",
            "irrelevant_clause": None, **extra}


TRIANGLE_TAIL = [[0, 1], [1, 2], [2, 0], [2, 3]]
CASES = [
    # tours A-B-C-D 69, A-B-D-C 50, A-C-B-D 81
    ("graph-cheapest-tour", {**_g(4, [[0, 1, 10], [0, 2, 22], [0, 3, 21], [1, 2, 29],
                                      [1, 3, 9], [2, 3, 9]]), "pos": list(TOUR_POS)}, 50.0),
    ("graph-complement-edges", _g(5, [[0, 1], [1, 2], [2, 3], [3, 4]]), 6.0),  # 10 - 4
    ("graph-bridge-count", _g(4, TRIANGLE_TAIL), 1.0),  # only C-D
    ("graph-cut-vertex", _g(4, TRIANGLE_TAIL, cand=[2, 0, 1, 3], order=[3, 2, 1, 0]), "C"),
    ("graph-max-matching", _g(5, [[0, 1], [1, 2], [2, 3], [3, 4]]), 2.0),  # A-B, C-D
    ("graph-cycle-rank", _g(4, TRIANGLE_TAIL + [[1, 3]]), 2.0),  # 5 edges - 4 nodes + 1
    # A->B->D takes 3 + 4, A->C->D 2 + 6: the project needs 8 days
    ("graph-project-duration", _g(4, [[0, 1, 3], [0, 2, 2], [1, 3, 4], [2, 3, 6]], end=3),
     8.0),
    # triangle: A^3 = [[2, 3, 3], ...], three walks A..B of length 3
    ("graph-matrix-walks", {"n": 3, "directed": False, "k": 3, "src": 0, "dst": 1,
                            "edges": [[0, 1], [1, 2], [0, 2]], "cmap": "blues",
                            "irrelevant_clause": None}, 3.0),
    ("graph-matrix-components", {"n": 5, "edges": [[0, 1], [2, 3]], "cmap": "blues",
                                 "irrelevant_clause": None}, 3.0),  # AB, CD, E
    ("graph-dfs-order", _g(5, [[0, 2], [0, 1], [1, 3], [2, 3], [3, 4]],
                           cand=[[0, 1, 3, 2, 4], [0, 1, 2, 3, 4], [0, 2, 1, 3, 4],
                                 [0, 1, 3, 4, 2]], order=[1, 0, 2, 3]), "A, B, D, C, E"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, distinct_options=True)
