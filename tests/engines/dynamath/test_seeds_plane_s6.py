"""Plane-geometry seeds of circle theorems, regions bounded by arcs, trigonometry and
triangle / quadrilateral properties: 50 variants each pass the contract and the independent
measurement on the figure (200 in the soak run), and hand-computed cases."""
import pytest

import renderers
from engines.dynamath.seed import load_seeds
from engines.dynamath.seeds.plane_geometry.quadrilaterals_polygons import PolygonMissingAngle
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.test_seeds_plane_geometry_more import check_variants

SEEDS = load_seeds()
NEW = ["plane-tangent-secant", "plane-secant-secant", "plane-tangent-chord-angle",
       "plane-chords-angle", "plane-same-arc-angle", "plane-common-tangent",
       "plane-segment-area", "plane-annulus-sector-area", "plane-arc-from-inscribed",
       "plane-square-corner-arcs", "plane-circle-minus-polygon",
       "plane-law-of-sines", "plane-cosine-angle", "plane-heron-area", "plane-median-length",
       "plane-circumradius", "plane-ambiguous-case", "plane-symbolic-side",
       "plane-symbolic-area", "plane-two-angle-height", "plane-angle-order",
       "plane-parallel-transversal", "plane-parallel-zigzag", "plane-angle-bisector",
       "plane-altitude-hypotenuse", "plane-similar-area-ratio", "plane-triangle-inequality",
       "plane-isosceles-trapezoid-area", "plane-quadrilateral-from-marks", "plane-kite-diagonal",
       "plane-polygon-missing-angle", "plane-which-centre"]


@pytest.mark.soak  # make test checks every seed (test_seed.py); the soak tier 50 and 200 here
@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200)


CASES = [
    # PT^2 = PA * PB = 4 * 9
    ("plane-tangent-secant", {"a": 4, "b": 5, "h": 1.0, "rot": 0.0, "color": "blue"}, 6.0),
    # 3 * 8 = 4 * PD: PD = 6, CD = 2
    ("plane-secant-secant", {"a": 3, "b": 5, "h": 1.0, "c": 4, "rot": 0.0, "color": "blue"},
     2.0),
    ("plane-tangent-chord-angle", {"x": 40, "rot": 0.0, "u": 0.5, "ask": "S",
                                   "order": [0, 1, 2, 3], "color": "blue"}, "140°"),
    ("plane-chords-angle", {"x": 30, "y": 25, "beta": 90, "rot": 0.0, "ask": "AED",
                            "color": "blue"}, 125.0),
    ("plane-same-arc-angle", {"x": 50, "rot": 0.0, "uc": 0.3, "ud": 0.7, "same": False,
                              "order": [3, 2, 1, 0], "color": "blue"}, "130°"),
    # external tangent: sqrt(10^2 - (5 - 2)^2) = sqrt(91); internal: sqrt(100 - 49)
    ("plane-common-tangent", {"r1": 5, "r2": 2, "d": 10, "inner": False, "rot": 0.0,
                              "color": "blue"}, 9.54),
    ("plane-common-tangent", {"r1": 5, "r2": 2, "d": 10, "inner": True, "rot": 0.0,
                              "color": "blue"}, 7.14),
    # quarter disc minus right triangle: 9 pi / 4 - 9 / 2
    ("plane-segment-area", {"r": 3, "theta": 90, "rot": 0.0, "color": "blue"}, 2.57),
    # (90 / 360) pi (5^2 - 3^2) = 4 pi
    ("plane-annulus-sector-area", {"r": 3, "w": 2, "theta": 90, "rot": 0.0, "color": "blue"},
     12.57),
    # central angle 60 deg = pi / 3, radius 6: 2 pi
    ("plane-arc-from-inscribed", {"r": 6, "x": 30, "u": 0.5, "rot": 0.0, "color": "blue"},
     6.28),
    ("plane-square-corner-arcs", {"s": 4, "kind": "four", "rot": 0.0, "color": "blue"}, 3.43),
    ("plane-square-corner-arcs", {"s": 4, "kind": "leaf", "rot": 0.0, "color": "blue"}, 9.13),
    # circle minus square of diagonal 2r: pi r^2 - 2 r^2
    ("plane-circle-minus-polygon", {"n": 4, "r": 5, "rot": 0.0, "color": "blue"}, 28.54),
    # a / sin A = b / sin B: 10 sin 30 / sin 90
    ("plane-law-of-sines", {"A": 90, "B": 30, "a": 10, "rot": 0.0, "color": "blue"}, 5.0),
    # 7^2 = 5^2 + 8^2 - 2 * 5 * 8 cos A: cos A = 1/2
    ("plane-cosine-angle", {"sides": [7, 5, 8], "ask": "A", "rot": 0.0, "color": "blue"}, 60.0),
    ("plane-heron-area", {"sides": [13, 14, 15], "rot": 0.0, "color": "blue"}, 84.0),
    # right angle at A (6-8-10): the median to the hypotenuse is half of it
    ("plane-median-length", {"sides": [10, 6, 8], "rot": 0.0, "color": "blue"}, 5.0),
    ("plane-circumradius", {"A": 30, "B": 70, "a": 6, "rot": 0.0, "color": "blue"}, 6.0),
    ("plane-ambiguous-case", {"A": 30, "b": 10, "a": 5, "rot": 0.0, "color": "blue"}, "1"),
    ("plane-ambiguous-case", {"A": 30, "b": 10, "a": 7, "rot": 0.0, "color": "blue"}, "2"),
    ("plane-ambiguous-case", {"A": 30, "b": 10, "a": 4, "rot": 0.0, "color": "blue"}, "0"),
    ("plane-ambiguous-case", {"A": 30, "b": 10, "a": 12, "rot": 0.0, "color": "blue"}, "1"),
    ("plane-symbolic-side", {"known": "AC", "ask": "AB", "t": 30, "size": 8,
                             "others": ["a sin θ", "a tan θ", "a / tan θ"],
                             "order": [0, 1, 2, 3], "rot": 0.0, "color": "blue"}, "a / cos θ"),
    ("plane-symbolic-area", {"shape": "sector", "t": 60, "a": 5, "b": 7,
                             "others": ["a²θ", "½a² sin θ", "ab cos θ"], "order": [2, 0, 1, 3],
                             "rot": 0.0, "color": "blue"}, "½a²θ"),
    # cot 30 - cot 60 = 2 / sqrt 3: h = 20 sqrt(3) / 2
    ("plane-two-angle-height", {"alpha": 30, "beta": 60, "d": 20, "what": "tree",
                                "color": "blue"}, 17.32),
    ("plane-angle-order", {"sides": [9, 13, 6], "others": ["ABC", "ACB", "CAB"],
                           "order": [0, 1, 2, 3], "rot": 0.0, "color": "blue"}, "∠B > ∠A > ∠C"),
    ("plane-parallel-transversal", {"x": 60, "e": 0.0, "right": "HFC",
                                    "others": ["EFC", "HFD", "AEG"], "order": [1, 0, 2, 3],
                                    "rot": 0.0, "color": "blue"}, "∠HFC"),
    ("plane-parallel-zigzag", {"x": 30, "y": 45, "dx": 0.5, "ask": "BED", "rot": 0.0,
                               "color": "blue"}, 75.0),
    # BD / DC = AB / AC = 9 / 6
    ("plane-angle-bisector", {"b": 6, "c": 9, "m": 4, "rot": 0.0, "color": "blue"}, 6.0),
    ("plane-altitude-hypotenuse", {"p": 4, "q": 9, "ask": "CD", "rot": 0.0, "color": "blue"},
     6.0),
    # AD / AB = 1/3: ADE is 1/9 of ABC, so 1/8 of DBCE
    ("plane-similar-area-ratio", {"a": 1, "b": 2, "ask": "DBCE",
                                  "others": ["1/3", "1/9", "1/2"], "order": [0, 1, 2, 3],
                                  "beta": 60, "gamma": 60, "rot": 0.0, "color": "blue"}, "1/8"),
    ("plane-triangle-inequality", {"a": 5, "b": 9, "right": 6, "others": [4, 14, 15],
                                   "w": 8.0, "rot": 0.0, "color": "blue"}, "6"),
    # offset 3, height 4: bases 6 and 12, area 36
    ("plane-isosceles-trapezoid-area", {"offset": 3.0, "height": 4.0, "leg": 5.0, "top": 6.0,
                                        "names": ["A", "B", "C", "D"], "rotation": 0.0,
                                        "fill": "blue"}, 36.0),
    ("plane-quadrilateral-from-marks", {"kind": "square", "params": {"side": 6.0},
                                        "names": ["A", "B", "C", "D"], "rotation": 0.0,
                                        "fill": "blue"}, "square"),
    # half of BD is 4: AC = sqrt(25 - 16) + sqrt(41 - 16) = 3 + 5
    ("plane-kite-diagonal", {"a": 5, "c": 41 ** 0.5, "d": 8, "rot": 0.0, "color": "blue"}, 8.0),
    ("plane-polygon-missing-angle", {"angles": [100, 110, 120, 100, 110], "rot": 0.0,
                                     "color": "blue",
                                     "lens": PolygonMissingAngle._lengths(
                                         [100, 110, 120, 100, 110], [4.0, 4.0, 4.0])},
     100.0),
    ("plane-which-centre", {"angles": [70, 60, 50], "kind": "incentre", "order": [0, 1, 2, 3],
                            "rot": 0.0, "color": "blue"}, "incentre"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], {**params, "irrelevant_clause": None}, expected,
                    float_tolerance=0.006)


def test_trapezoid_marks_and_lengths_are_drawn():
    """The plane-geometry figure writes the bases and one leg, ticks both legs and arrows the
    bases, so the area needs only what is drawn."""
    q = SEEDS["plane-isosceles-trapezoid-area"]
    spec = q.diagram({"offset": 3.0, "height": 4.0, "leg": 5.0, "top": 6.0,
                      "names": ["A", "B", "C", "D"], "rotation": 0.0, "fill": "blue"})
    shown = renderers.facts(spec)["shown"]
    assert shown["sides"] == {"AB": 12.0, "CD": 6.0, "DA": 5.0}
    assert shown["equal_sides"] == [["BC", "DA"]] and shown["parallel_sides"] == [["AB", "CD"]]
