"""Plane-geometry and graph-theory seeds of round 2 (proofs and constructions as multiple
choice, whole-graph structure): 50 variants each pass the contract and the independent check
(200 in the soak run), and hand-computed cases.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_pg.py
"""
import pytest

from engines.dynamath.seed import load_seeds
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.test_seeds_plane_geometry_more import check_variants

SEEDS = load_seeds()
NEW = ["graph-isomorphism-image", "graph-euler-add-edge", "graph-edge-to-tree",
       "plane-congruence-criterion", "plane-similar-statement", "plane-which-construction",
       "plane-locus", "plane-image-under-map", "plane-isometry-type", "plane-diagonal-count",
       "plane-cyclic-diagonal", "plane-tangential-side", "plane-ceva-piece",
       "plane-similar-listed"]


@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200)


CASES = [
    # the path 1-2-3-4-5-6 plus 2-4: vertex 1 is the only leaf on the triangle 2-3-4, so
    # every isomorphism sends it to the right graph's copy of it, perm[0] = 3: s
    ("graph-isomorphism-image", {"edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [1, 3]],
                                 "perm": [3, 0, 1, 2, 4, 5], "wrong": [0, 1, 2],
                                 "order": [0, 1, 2, 3], "color": "blue", "rot": 0.0}, "s"),
    # the path A-B-C-D-E: its odd vertices are its ends, so A-E closes it into a circuit
    ("graph-euler-add-edge", {"n": 5, "pos": [[0, 0], [0.25, 0.5], [0.5, 0], [0.75, 0.5],
                                              [1, 0]],
                              "edges": [[0, 1], [1, 2], [2, 3], [3, 4]], "color": "blue",
                              "right": [0, 4], "wrong": [[0, 2], [1, 3], [2, 4]],
                              "order": [0, 1, 2, 3]}, "A–E"),
    # triangle A-B-C with the tail C-D-E-F-G: only A-B (of the options) is on the cycle
    ("graph-edge-to-tree", {"n": 7, "pos": [[0, 0], [0, 1], [0.3, 0.5], [0.5, 0.5],
                                            [0.7, 0.5], [0.85, 0.5], [1, 0.5]],
                            "edges": [[0, 1], [1, 2], [0, 2], [2, 3], [3, 4], [4, 5], [5, 6]],
                            "color": "blue", "right": [0, 1],
                            "wrong": [[2, 3], [3, 4], [5, 6]], "order": [0, 1, 2, 3]}, "A–B"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    p = {**params, "irrelevant_clause": None} if "irrelevant clause" in SEEDS[sid].kinds \
        else params
    check_hand_case(SEEDS[sid], p, expected, float_tolerance=0.006)
