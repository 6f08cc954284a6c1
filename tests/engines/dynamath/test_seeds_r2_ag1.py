"""Analytic-geometry seeds on lines, circles and loci: constructions on drawn lines
(lines_circles_more.py), circles with lines and points (circles_lines_more.py) and loci
(loci.py). 50 variants each pass the contract, the independent checker and the clause proof
(200 in the soak run); hand-computed cases pin every seed's answer.

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_ag1.py
"""
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from tests.engines.dynamath.analytic_variants import check_variants
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
LINES = ["analytic-line-through-point", "analytic-foot-of-perpendicular",
         "analytic-parallel-lines-distance", "analytic-angle-between-lines",
         "analytic-orthocenter"]
CIRCLES = ["analytic-line-circle-points", "analytic-circle-three-points",
           "analytic-tangent-circle-line", "analytic-common-chord",
           "analytic-circle-nearest-point", "analytic-circle-line-gap"]
LOCI = ["analytic-locus-bisectors", "analytic-locus-apollonius",
        "analytic-focus-directrix-equation"]
NEW = LINES + CIRCLES + LOCI


def test_counts_per_answer_type_and_level():
    qs = [SEEDS[s] for s in NEW]
    assert len(set(NEW)) == 14
    assert sum(q.answer_type == "multiple choice" for q in qs) == 11
    assert sum(q.level == "undergraduate" for q in qs) == 8
    assert all(q.topic == "analytic geometry" and q.level != "elementary school" for q in qs)


@pytest.mark.soak  # make test checks every seed (test_seed.py); the soak tier 50 and 200 here
@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200, seed=5)


@pytest.mark.parametrize("sid", NEW)
def test_variants_render_at_three_sizes(sid):
    var = make_variant(sid, 1, seed=3)
    for size in (224, 336, 1024):
        assert renderers.render(var.spec, size).width == size


@pytest.mark.parametrize("sid", ["analytic-locus-bisectors", "analytic-locus-apollonius"])
def test_locus_panel_letters_follow_the_drawn_order(sid):
    for v in range(1, 12):
        var = make_variant(sid, v, seed=2)
        assert [pn.label for pn in var.spec.panels] == var.choices == ["A", "B", "C", "D"]
        assert var.ground_truth == "ABCD"[var.params["order"].index(0)]


O4 = [0, 1, 2, 3]
CASES = [
    # y = 2x + 1 and P(1, -1): the parallel through P is y = 2x - 3
    ("analytic-line-through-point", {"A": [0, 1], "B": [1, 3], "P": [1, -1], "rel": "parallel",
                                     "order": O4, "color": "red"}, "y = 2x - 3"),
    ("analytic-line-through-point", {"A": [0, 1], "B": [1, 3], "P": [1, -1],
                                     "rel": "perpendicular", "order": O4, "color": "red"},
     "y = -0.5x - 0.5"),
    # y = x and P(0, 2): the foot is (1, 1)
    ("analytic-foot-of-perpendicular", {"A": [-2, -2], "B": [2, 2], "P": [0, 2], "order": O4,
                                        "color": "red"}, "(1, 1)"),
    # y = x - 1 and y = x + 3: 4/√2
    ("analytic-parallel-lines-distance", {"u": [1, 1], "b": [-1, 3],
                                          "colors": ["blue", "red"]}, 2.83),
    ("analytic-angle-between-lines", {"u": [1, 0], "w": [1, 1], "X": [1, 1],
                                      "colors": ["blue", "red"]}, 45.0),
    # tan θ = |1·1 - 2·2| / |1·2 + 2·1| = 3/4
    ("analytic-angle-between-lines", {"u": [1, 2], "w": [2, 1], "X": [1, 1],
                                      "colors": ["blue", "red"]}, 36.87),
    # right angle at (1, 1): the altitudes meet there
    ("analytic-orthocenter", {"pts": [[1, 1], [5, 1], [1, 4]], "order": O4, "color": "red"},
     "(1, 1)"),
    ("analytic-line-circle-points", {"c": [0, 0], "rsq": 25, "v": [3, 4], "w": [4, -3],
                                     "order": O4, "color": "red"}, "(3, 4) and (4, -3)"),
    ("analytic-circle-three-points", {"O": [1, 1], "rsq": 25,
                                      "pts": [[4, 5], [-4, 1], [1, -4]], "order": O4},
     "(x - 1)² + (y - 1)² = 25"),
    # centre (2, 4), line y = 1: radius 3
    ("analytic-tangent-circle-line", {"A": [1, 1], "B": [2, 1], "C": [2, 4], "order": O4,
                                      "color": "red"}, "(x - 2)² + (y - 4)² = 9"),
    # x² + y² = 25 and (x - 6)² + y² = 25 meet at (3, ±4)
    ("analytic-common-chord", {"c": [[0, 0], [6, 0]], "rsq": [25, 25], "v": [3, 4],
                               "w": [3, -4], "on": [[0, 5], [6, 5]], "order": O4,
                               "colors": ["blue", "red"]}, "x = 3"),
    ("analytic-circle-nearest-point", {"c": [0, 0], "rsq": 5, "v": [1, 2], "k": 2, "order": O4,
                                       "color": "red"}, "(1, 2)"),
    # x² + y² = 4 and y = 5: 5 - 2
    ("analytic-circle-line-gap", {"c": [0, 0], "rsq": 4, "A": [0, 5], "B": [1, 5],
                                  "color": "red"}, 3.0),
    # lines along (1, 2) and (2, 1) through O: bisectors along (3, 3) and (-1, 1), panel B
    ("analytic-locus-bisectors", {"cands": [[[3, 3], [-1, 1]], [[3, 3]], [[-1, 1]],
                                            [[-2, 1], [-1, 2]]],
                                  "O": [0, 0], "u": [1, 2], "w": [2, 1], "order": [1, 0, 2, 3],
                                  "color": "red"}, "B"),
    # A(-2, 0), B(1, 0): PA = 2 PB is the circle about (2, 0) of radius 2, panel D
    ("analytic-locus-apollonius", {"cands": [["circle", [2, 0, 2.0]], ["circle", [-3, 0, 2.0]],
                                             ["line", [1.0, 0.0, -0.5]],
                                             ["circle", [-0.5, 0, 1.5]]],
                                   "A": [-2, 0], "B": [1, 0], "order": [3, 2, 1, 0],
                                   "color": "red"}, "D"),
    # focus (1, 3), directrix y = 1: vertex (1, 2), focal distance 1, a = 1/4
    ("analytic-focus-directrix-equation", {"h": 1, "k": 2, "p2": 2, "order": O4,
                                           "color": "red"}, "y = 0.25(x - 1)² + 2"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9,
                    distinct_options=SEEDS[sid].answer_type == "multiple choice")
