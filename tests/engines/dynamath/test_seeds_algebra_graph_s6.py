"""Algebra and graph-theory seeds of engines/dynamath/seeds/algebra/{argand,optimisation,
sequences,readings}.py and graph/{traversal,connectivity,adjacency_matrix}.py: 50 variants
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
ALGEBRA = ["algebra-argand-modulus", "algebra-argand-argument", "algebra-argand-product",
           "algebra-argand-roots-equation", "algebra-lp-optimum-value",
           "algebra-lp-optimum-vertex", "algebra-sequence-bars-sum", "algebra-series-bars-limit",
           "algebra-piecewise-formula", "algebra-polynomial-roots-point", "algebra-average-rate",
           "algebra-composition-table"]
NEW = GRAPH + ALGEBRA


def test_the_new_seeds_are_registered():
    assert set(NEW) <= set(SEEDS) and len(NEW) == 30


@pytest.mark.soak  # make test checks every seed (test_seed.py); the soak tier 50 and 200 here
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
    # triangle: A^3 = [[2, 3, 3], ...], three walks S..T of length 3
    ("graph-matrix-walks", {"n": 3, "directed": False, "k": 3, "src": 0, "dst": 1,
                            "names": ["S", "T", "A"],
                            "edges": [[0, 1], [1, 2], [0, 2]], "cmap": "blues",
                            "irrelevant_clause": None}, 3.0),
    ("graph-matrix-components", {"n": 5, "edges": [[0, 1], [2, 3]], "cmap": "blues",
                                 "irrelevant_clause": None}, 3.0),  # AB, CD, E
    ("graph-dfs-order", _g(5, [[0, 2], [0, 1], [1, 3], [2, 3], [3, 4]],
                           cand=[[0, 1, 3, 2, 4], [0, 1, 2, 3, 4], [0, 2, 1, 3, 4],
                                 [0, 1, 3, 4, 2]], order=[1, 0, 2, 3]), "A, B, D, C, E"),
]


NO = {"irrelevant_clause": None}
CASES += [
    ("algebra-argand-modulus", {"z": [1, 2], "w": [4, -2], "names": ["z", "w"],
                                "color": "blue", **NO}, 5.0),  # |-3 + 4i|
    ("algebra-argand-argument", {"z": [-1, 1], "color": "blue"}, 135.0),
    # (1 + 2i)(3 - i) = 3 - i + 6i + 2 = 5 + 5i
    ("algebra-argand-product", {"z": [1, 2], "w": [3, -1], "cand": ["5 + 5i", "1 + 7i",
                                "3 - 2i", "1 - 5i"], "order": [2, 0, 3, 1], "color": "blue",
                                **NO}, "5 + 5i"),
    # the four points 2 + i, -1 + 2i, -2 - i, 1 - 2i solve z^4 = (3 + 4i)^2 = -7 + 24i
    ("algebra-argand-roots-equation", {"n": 4, "r": [2, 1], "cand": ["-7 + 24i", "-7 - 24i",
                                       "7 - 24i", "24 + 7i"], "order": [3, 1, 0, 2],
                                       "color": "blue"}, "-7 + 24i"),
    # corners (1,1) 5, (6,2) 22, (5,6) 27, (2,5) 16 for P = 3x + 2y
    ("algebra-lp-optimum-value", {"pts": [[1, 1], [6, 2], [5, 6], [2, 5]], "a": 3, "b": 2,
                                  "color": "blue", **NO}, 27.0),
    ("algebra-sequence-bars-sum", {"a": 3, "d": 2, "N": 10, "color": "blue", **NO},
     120.0),  # 5 (3 + 21)
    ("algebra-series-bars-limit", {"a": 54, "r": [1, 3], "color": "blue"}, 81.0),
    # f = (1/2)(x + 2)(x - 1)(x - 3): f(5) = 0.5 * 7 * 4 * 2
    ("algebra-polynomial-roots-point", {"roots": [-2, 1, 3], "k": [1, 2], "x0": 0, "x1": 5,
                                        "color": "blue", **NO}, 28.0),
    # f = (x - 1)^2 - 2 from x = -1 (2) to x = 2 (-1): slope -1
    ("algebra-average-rate", {"s": 1, "h": 1, "k": -2, "a": -1, "b": 2, "color": "blue", **NO},
     -1.0),
    # g(2) = 5, f(5) = 3
    ("algebra-composition-table", {"f": [6, 1, 4, 1, 3, 2], "g": [1, 5, 4, 1, 2, 5],
                                   "form": 0, "a": 2, "color": "blue", **NO}, 3.0),
    ("algebra-piecewise-formula", {"xb": 1, "yb": 2, "m1": 1, "m2": -2,
                                   "cand": ["-2x + 4", "x + 1", "2x", "-2x + 5"],
                                   "order": [1, 2, 3, 0], "color": "blue"}, "f(x) = -2x + 4"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, distinct_options=True)
