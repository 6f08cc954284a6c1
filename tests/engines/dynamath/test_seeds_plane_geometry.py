"""Plane-geometry seeds: hand-computed answers for hand-picked params, the canonical variant 0,
the independent measuring helpers, coverage of levels / answer types / kinds, and questions
that need the picture."""
import math

import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from engines.dynamath.seeds.plane_geometry.measure import path_integrals
from tests.engines.dynamath.seed_checks import text_leaves_answer_open

SEEDS = load_seeds()
PLANE = sorted(s for s in SEEDS if s.startswith("plane-"))
ABC, ABCD = ["A", "B", "C"], ["A", "B", "C", "D"]

# (seed id, params, answer worked out by hand)
CASES = [
    ("plane-triangle-third-angle", {"angles": [50, 60, 70], "ask": 2, "names": ABC,
                                    "rotation": 0.0}, 70.0),
    ("plane-triangle-third-angle", {"angles": [100, 45, 35], "ask": 0, "names": ["P", "Q", "R"],
                                    "rotation": 123.4}, 100.0),
    # apex 40 -> base angles (180 - 40) / 2
    ("plane-isosceles-angle", {"apex": 40.0, "shown": 0, "ask": 1, "names": ABC,
                               "rotation": 0.0}, 70.0),
    # base angle 40 marked at B: the other base angle is 40, the apex 100
    ("plane-isosceles-angle", {"apex": 100.0, "shown": 1, "ask": 2, "names": ABC,
                               "rotation": 30.0}, 40.0),
    ("plane-isosceles-angle", {"apex": 100.0, "shown": 1, "ask": 0, "names": ABC,
                               "rotation": 30.0}, 100.0),
    # consecutive angles of a parallelogram are supplementary, opposite ones equal
    ("plane-parallelogram-angle", {"shape": "parallelogram", "theta": 65, "base": 10.0,
                                   "side": 6.0, "shown": 0, "ask": 1, "names": ABCD,
                                   "rotation": 0.0}, 115.0),
    ("plane-parallelogram-angle", {"shape": "rhombus", "theta": 50, "base": 8.0, "side": 8.0,
                                   "shown": 3, "ask": 2, "names": ["K", "L", "M", "N"],
                                   "rotation": 200.0}, 50.0),
    ("plane-regular-polygon-angle", {"n": 6, "side": 5.0, "rotation": 0.0}, 120.0),
    ("plane-regular-polygon-angle", {"n": 5, "side": 4.0, "rotation": 17.0}, 108.0),
    ("plane-regular-polygon-angle", {"n": 7, "side": 4.0, "rotation": 0.0}, 128.57),  # 900/7
    ("plane-which-shape", {"name": "rhombus", "base": "rhombus",
                           "params": {"side": 6.0, "angle": 60.0},
                           "options": ["square", "rhombus", "trapezoid", "regular hexagon"],
                           "rotation": 0.0}, "rhombus"),
    ("plane-is-right-triangle", {"sides": [5, 12, 13], "names": ABC, "rotation": 0.0}, "yes"),
    ("plane-is-right-triangle", {"sides": [13, 5, 12], "names": ABC, "rotation": 40.0}, "yes"),
    ("plane-is-right-triangle", {"sides": [8, 15, 16], "names": ABC, "rotation": 0.0}, "no"),
    ("plane-hypotenuse", {"legs": [6.0, 8.0], "names": ABC, "rotation": 0.0}, 10.0),
    ("plane-hypotenuse", {"legs": [5.0, 5.0], "names": ABC, "rotation": 90.0}, 7.07),  # 5*sqrt2
    ("plane-missing-leg", {"hyp": 13.0, "leg": 5.0, "known": 0, "names": ABC,
                           "rotation": 0.0}, 12.0),
    ("plane-missing-leg", {"hyp": 10.0, "leg": 7.0, "known": 1, "names": ABC,
                           "rotation": 0.0}, 7.14),  # sqrt(51)
    ("plane-law-of-cosines", {"ab": 8.0, "ac": 5.0, "angle": 60, "names": ABC,
                              "rotation": 0.0}, 7.0),  # 64 + 25 - 40 = 49
    ("plane-law-of-cosines", {"ab": 4.0, "ac": 3.0, "angle": 120, "names": ABC,
                              "rotation": 0.0}, 6.08),  # 16 + 9 + 12 = 37
    # k = BC / AB = 7/6: BD = 5 k, CD = 7 k
    ("plane-similar-triangles", {"ab": 6, "ac": 5, "bc": 7, "ask": "BD", "rotation": 0.0},
     5.83),
    ("plane-similar-triangles", {"ab": 6, "ac": 5, "bc": 7, "ask": "CD", "rotation": 0.0},
     8.17),
    ("plane-incircle-radius", {"legs": [6.0, 8.0], "names": ABC, "rotation": 0.0}, 2.0),
    ("plane-incircle-radius", {"legs": [4.0, 4.0], "names": ABC, "rotation": 0.0}, 1.17),
    ("plane-rhombus-grid-perimeter", {"p": 3, "q": 4, "center": [-1, 1]}, 20.0),
    ("plane-rhombus-grid-perimeter", {"p": 1, "q": 2, "center": [2, -3]}, 8.94),  # 4 sqrt 5
    # widths 8 (AB, CD), heights 5: triangle on CD -> 3 * 8 + 2 * 5; on BC -> 3 * 5 + 2 * 8
    ("plane-house-perimeter", {"params": {"width": 8.0, "height": 5.0}, "side": 2,
                               "names": ABCD, "rotation": 0.0}, 34.0),
    ("plane-house-perimeter", {"params": {"width": 8.0, "height": 5.0}, "side": 1,
                               "names": ABCD, "rotation": 0.0}, 31.0),
    ("plane-house-perimeter", {"params": {"side": 6.0}, "side": 0, "names": ["D", "E", "F", "G"],
                               "rotation": 45.0}, 30.0),
    ("plane-fence-perimeter", {"context": 0, "width": 10.0, "height": 6.0, "ends": 2,
                               "rotation": 0.0}, 38.85),  # 20 + 6 pi
    ("plane-fence-perimeter", {"context": 3, "width": 10.0, "height": 6.0, "ends": 1,
                               "rotation": 0.0}, 35.42),  # 26 + 3 pi
    # 10 x 6 with a semicircle of diameter 6: 60 +- 4.5 pi
    ("plane-semicircle-composite-area", {"params": {"width": 10.0, "height": 6.0}, "side": 1,
                                         "kind": "out", "names": ABCD, "rotation": 0.0},
     74.14),
    ("plane-semicircle-composite-area", {"params": {"width": 10.0, "height": 6.0}, "side": 1,
                                         "kind": "in", "names": ABCD, "rotation": 0.0}, 45.86),
    ("plane-semicircle-composite-area", {"params": {"side": 4.0}, "side": 0, "kind": "in",
                                         "names": ABCD, "rotation": 10.0}, 9.72),  # 16 - 2 pi
    # square 6, circle radius 3: the ring is 36 - 9 pi, the disc 9 pi
    ("plane-inscribed-circle-colour", {"shape": "square", "side": 6.0, "disc_coloured": False,
                                       "fill": "blue", "ask": "blue", "rotation": 0.0}, 7.73),
    ("plane-inscribed-circle-colour", {"shape": "square", "side": 6.0, "disc_coloured": False,
                                       "fill": "blue", "ask": "white", "rotation": 0.0}, 28.27),
    ("plane-inscribed-circle-colour", {"shape": "square", "side": 6.0, "disc_coloured": True,
                                       "fill": "green", "ask": "green", "rotation": 0.0}, 28.27),
    # equilateral side 6: area 9 sqrt 3, inradius sqrt 3 -> ring 9 sqrt 3 - 3 pi
    ("plane-inscribed-circle-colour", {"shape": "equilateral triangle", "side": 6.0,
                                       "disc_coloured": False, "fill": "orange",
                                       "ask": "orange", "rotation": 0.0}, 6.16),
    ("plane-coloured-piece-area", {"side": 6.0, "tri_side": 2, "semi_side": 1, "coloured": 1,
                                   "fill": "orange", "rotation": 0.0}, 15.59),  # 9 sqrt 3
    ("plane-coloured-piece-area", {"side": 6.0, "tri_side": 2, "semi_side": 0, "coloured": 2,
                                   "fill": "blue", "rotation": 0.0}, 14.14),  # 4.5 pi
    ("plane-coloured-piece-area", {"side": 6.0, "tri_side": 3, "semi_side": 1, "coloured": 0,
                                   "fill": "green", "rotation": 0.0}, 36.0),
    ("plane-sector-area", {"radius": 6.0, "angle": 60, "rotation": 0.0}, 18.85),  # 6 pi
    ("plane-sector-area", {"radius": 4.0, "angle": 90, "rotation": 33.0}, 12.57),  # 4 pi
    ("plane-arc-length", {"radius": 9.0, "angle": 120, "rotation": 0.0}, 18.85),  # 6 pi
    ("plane-arc-length", {"radius": 5.0, "angle": 36, "rotation": 0.0}, 3.14),  # pi
    ("plane-right-trapezoid-area", {"bottom": 12.0, "top": 7.0, "height": 5.0, "mirror": False,
                                    "names": ABCD, "rotation": 0.0}, 47.5),
    ("plane-right-trapezoid-area", {"bottom": 9.0, "top": 3.5, "height": 4.0, "mirror": True,
                                    "names": ABCD, "rotation": 80.0}, 25.0),
    ("plane-parallelogram-area", {"base": 10.0, "side": 6.0, "angle": 30, "names": ABCD,
                                  "rotation": 0.0}, 30.0),
    ("plane-parallelogram-area", {"base": 8.0, "side": 5.0, "angle": 135, "names": ABCD,
                                  "rotation": 0.0}, 28.28),  # 40 / sqrt 2
    # rectangle 8 x 6 (area 48, centroid 3) and a half disc of radius 4 (area 8 pi, centroid
    # 16 / (3 pi) from CD): (144 + 8 pi (6 + 1.698)) / (48 + 8 pi) = 4.614
    ("plane-composite-centroid", {"width": 8.0, "height": 6.0, "kind": "out", "names": ABCD,
                                  "rotation": 0.0}, 4.61),
    # cut out: (144 - 8 pi (6 - 1.698)) / (48 - 8 pi) = 1.569
    ("plane-composite-centroid", {"width": 8.0, "height": 6.0, "kind": "in", "names": ABCD,
                                  "rotation": 70.0}, 1.57),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    q = SEEDS[sid]
    assert q.answer(params) == expected
    redo = q.check(params)
    assert redo is not None
    if isinstance(expected, float):
        assert abs(redo - expected) < 1e-9
    else:
        assert redo == expected
    if q.answer_type == "multiple choice":
        assert expected in q.options(params)
    assert renderers.render(q.diagram(params), 224).size == (224, 224)


def test_canonical_variant_zero_ground_truth():
    expect = {"plane-triangle-third-angle": "70", "plane-isosceles-angle": "70",
              "plane-parallelogram-angle": "115", "plane-regular-polygon-angle": "120",
              "plane-is-right-triangle": "yes", "plane-hypotenuse": "10",
              "plane-missing-leg": "12", "plane-law-of-cosines": "7",
              "plane-similar-triangles": "5.83", "plane-incircle-radius": "2",
              "plane-rhombus-grid-perimeter": "20", "plane-house-perimeter": "34",
              "plane-fence-perimeter": "38.85", "plane-semicircle-composite-area": "74.14",
              "plane-inscribed-circle-colour": "7.73", "plane-coloured-piece-area": "15.59",
              "plane-sector-area": "18.85", "plane-arc-length": "18.85",
              "plane-right-trapezoid-area": "47.5", "plane-parallelogram-area": "30",
              "plane-composite-centroid": "4.61"}
    for sid, gt in expect.items():
        assert make_variant(sid, 0, seed=123).ground_truth == gt, sid


def test_green_integrals_of_known_regions():
    # unit square traversed clockwise: area 1, centroid (0.5, 0.5), perimeter 4
    sq = [("seg", (0, 0), (0, 1)), ("seg", (0, 1), (1, 1)), ("seg", (1, 1), (1, 0)),
          ("seg", (1, 0), (0, 0))]
    A, Sx, Sy, L = path_integrals(sq)
    assert (A, Sx / A, Sy / A, L) == pytest.approx((1, 0.5, 0.5, 4), abs=1e-12)
    # upper half disc of radius 2: area 2 pi, centroid height 8 / (3 pi), boundary 2 pi + 4
    half = [("arc", (0, 0), 2.0, 0.0, 180.0), ("seg", (-2, 0), (2, 0))]
    A, Sx, Sy, L = path_integrals(half)
    assert A == pytest.approx(2 * math.pi, abs=1e-12)
    assert Sy / A == pytest.approx(8 / (3 * math.pi), abs=1e-12) and abs(Sx) < 1e-12
    assert L == pytest.approx(2 * math.pi + 4, abs=1e-12)


def test_coverage_of_levels_types_kinds():
    assert len(PLANE) >= 14
    qs = [SEEDS[s] for s in PLANE]
    assert {q.topic for q in qs} == {"plane geometry"}
    assert {q.answer_type for q in qs} == {"float", "multiple choice", "text"}
    assert {q.level for q in qs} == {"elementary school", "high school", "undergraduate"}
    kinds = {k for q in qs for k in q.kinds}
    assert kinds >= {"numerical value", "geometric transformation", "symbolic substitution",
                     "color", "real-life context"}


def test_every_plane_question_needs_the_image():
    """Same question text, different answers: the deciding value is only in the picture."""
    for sid in sorted(PLANE):
        assert text_leaves_answer_open(sid, 60, seed=3), sid


def test_which_shape_options_are_unambiguous():
    """No wrong option also fits the drawn shape (a square is a rectangle and a rhombus), and
    the shape measured on the figure is the answer."""
    q = SEEDS["plane-which-shape"]
    supersets = {"square": {"rectangle", "rhombus", "parallelogram", "trapezoid"},
                 "rectangle": {"parallelogram", "trapezoid"},
                 "rhombus": {"parallelogram", "trapezoid"}, "parallelogram": {"trapezoid"},
                 "equilateral triangle": {"isosceles triangle"}}
    letters = set()
    for v in range(120):
        var = make_variant("plane-which-shape", v, seed=8)
        name = var.params["name"]
        assert not set(var.choices) & supersets.get(name, set()), var.choices
        assert q.check(var.params) == name
        letters.add(var.ground_truth)
    assert letters == {"A", "B", "C", "D"}


def test_is_right_triangle_answers_are_balanced():
    got = [make_variant("plane-is-right-triangle", v, seed=4).ground_truth for v in range(100)]
    assert 30 <= got.count("yes") <= 70


def test_colour_seed_names_a_colour_that_is_drawn():
    for v in range(40):
        var = make_variant("plane-inscribed-circle-colour", v, seed=6)
        assert var.params["ask"] in (var.spec.fill, "white")
        assert f"the {var.params['ask']} part" in var.question
