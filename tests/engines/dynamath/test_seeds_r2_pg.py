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


@pytest.mark.soak  # make test checks every seed (test_seed.py); the soak tier 50 and 200 here
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
    # two sides and the angle between them marked
    ("plane-congruence-criterion", {"kind": "SAS", "a": 6, "s": [5, 7], "g": [50, 60],
                                    "names": ["A", "B", "C"], "wrong": ["SSS", "ASA", "HL"],
                                    "mirror": True, "turn": 30.0, "rot": 0.0,
                                    "order": [0, 1, 2, 3], "color": "blue"}, "SAS"),
    # two angles and the side opposite one of them
    ("plane-congruence-criterion", {"kind": "AAS", "a": 6, "s": [5, 7], "g": [50, 60],
                                    "names": ["C", "A", "B"], "wrong": ["SSS", "SAS", "HL"],
                                    "mirror": False, "turn": 200.0, "rot": 10.0,
                                    "order": [3, 1, 2, 0], "color": "blue"}, "AAS"),
    # angle ADE marked equal to angle ACB: D matches C, E matches B
    ("plane-similar-statement", {"B": 70, "C": 50, "anti": True, "t": 0.5,
                                 "wrong": ["ABC", "BAC", "CBA"], "order": [0, 1, 2, 3],
                                 "rot": 0.0, "color": "blue"}, "△ADE ~ △ACB"),
    ("plane-locus", {"kind": 2, "d": 6, "k": 10, "t": 0.8, "side": 1,
                     "wrong": ["the perpendicular bisector of AB", "two lines parallel to AB",
                               "the circle with diameter AB"], "order": [0, 1, 2, 3],
                     "rot": 0.0, "color": "blue"}, "an ellipse with foci A and B"),
    ("plane-diagonal-count", {"n": 8, "wrong": [28, 40, 5], "rot": 0.0, "order": [0, 1, 2, 3],
                              "color": "blue"}, "20"),
    # a 3 x 4 rectangle is cyclic: its diagonal is 5
    ("plane-cyclic-diagonal", {"s": [3, 4, 3, 4], "rot": 0.0, "color": "blue"}, 5.0),
    # equal tangent lengths 3: a square of side 6 round a circle of radius 3
    ("plane-tangential-side", {"t": [3, 3, 3, 3], "ask": 0, "rot": 0.0, "color": "blue"}, 6.0),
    # BD, DC, CE, EA, FB = 3, 2, 1, 3, 1: AF = 1 * (2 / 3) * (3 / 1) = 2 (a 3-4-5 triangle)
    ("plane-ceva-piece", {"u": 1, "v": 2, "w": 3, "k": [1, 1, 1], "rot": 0.0,
                          "color": "blue"}, 2.0),
    ("plane-similar-listed", {"s": [4, 5, 6], "k": 2.0, "j": 0, "add": 1, "perm": [0, 1, 2],
                              "order": [0, 1, 2, 3], "rot": 0.0, "color": "blue"},
     "8, 10, 12"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    """The answer and the independent check give the hand-computed value."""
    p = {**params, "irrelevant_clause": None} if "irrelevant clause" in SEEDS[sid].kinds \
        else params
    check_hand_case(SEEDS[sid], p, expected, float_tolerance=0.006)


def test_isometry_check_tells_reflection_from_glide():
    """The same mirror, with and without a slide along it: the affine fit tells them apart."""
    q = SEEDS["plane-isometry-type"]
    p = {"tri": [[-1.0, -0.5], [1.2, -0.4], [-0.2, 0.9]], "phi": 30.0, "dist": 3.0, "len": 6.0,
         "alpha": 90, "glide": 2.0, "order": [0, 1, 2, 3], "color": "blue"}
    assert [q.check({**p, "kind": k}) for k in range(4)] == [
        "a translation", "a rotation", "a reflection", "a glide reflection"]


def test_euler_walk_refuses_graph_with_odd_vertices():
    """Hierholzer's walk returns a circuit only where one exists (all degrees even)."""
    from engines.dynamath.seeds.graph.more_choice import _euler_circuit
    assert sorted(_euler_circuit(3, [(0, 1), (1, 2), (2, 0)])) == [0, 0, 1, 2]
    assert _euler_circuit(4, [(0, 1), (1, 2), (2, 3)]) is None
