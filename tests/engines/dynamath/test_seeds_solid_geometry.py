"""Solid-geometry seeds: hand-computed answers for hand-picked params, the hidden corner the
picture dashes, the labels the pictures show, the canonical variant 0, coverage of levels /
types / kinds, and questions that need the picture."""
from collections import Counter

import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
SOLID = sorted(s for s in SEEDS if s.startswith("solid-"))

OBL45 = {"projection": "oblique", "view_angle": 45.0, "elevation": 20.0, "depth_ratio": 0.5}
ORTHO = {"projection": "orthographic", "view_angle": 25.0, "elevation": 18.0, "depth_ratio": 0.5}


def box(**kw):
    return {"view": OBL45, "color": "blue", "shade": False, "style": "value", "unit": "", **kw}


def rnd(**kw):
    return {"view": ORTHO, "color": "green", "shade": True, "style": "named", **kw}


def hv(view, rot=0, top="EFGH", cube=True):
    return {"cube": cube, "a": 4, "b": 4 if cube else 3, "c": 4 if cube else 5, "rot": rot,
            "top": top, "view": view, "color": "blue", "shade": False}


def ortho(az, el):
    return {"projection": "orthographic", "view_angle": az, "elevation": el, "depth_ratio": 0.5}


# (seed id, params, answer worked out by hand)
CASES = [
    ("solid-cuboid-volume", box(a=6, b=4, c=3), 72.0),
    ("solid-box-wrapping", box(a=10, b=5, c=4), 220.0),  # 2 (50 + 20 + 40)
    ("solid-space-diagonal", box(cube=False, a=12, b=4, c=3), 13.0),  # sqrt(144 + 16 + 9)
    ("solid-space-diagonal", box(cube=True, a=3, b=3, c=3), 5.2),  # 3 sqrt 3 = 5.196
    ("solid-count-elements", box(kind="pyramid", base="triangle", a=4, b=2, h=5, ask="edges"),
     6.0),
    ("solid-count-elements", box(kind="prism", base="hexagon", a=3, b=2, h=5, ask="faces"), 8.0),
    ("solid-count-elements", box(kind="cube", base="", a=3, b=3, h=3, ask="vertices"), 8.0),
    # oblique at 45 degrees: the eye is front-right-above, the back-left-bottom corner hides
    ("solid-hidden-vertex", hv(OBL45), "D"),
    ("solid-hidden-vertex", hv({**OBL45, "view_angle": 135.0}), "C"),  # back-right-bottom
    ("solid-hidden-vertex", hv(ortho(30.0, 20.0)), "D"),
    ("solid-hidden-vertex", hv(ortho(-30.0, 20.0), cube=False), "C"),
    ("solid-hidden-vertex", hv(ortho(30.0, -20.0)), "H"),  # seen from below: a top corner
    ("solid-hidden-vertex", hv(ortho(30.0, -20.0), top="'"), "D'"),
    ("solid-hidden-vertex", hv(OBL45, rot=1), "A"),  # names shifted one corner along
    ("solid-ball-in-cube", box(a=6), 113.1),  # 36 pi = 113.097
    ("solid-tank-litres", box(kind="cuboid", a=50, b=40, c=30), 60.0),
    ("solid-tank-litres", rnd(kind="cylinder", r=10, h=20), 6.28),  # 2000 pi cm^3
    ("solid-cone-missing-length", rnd(given=["radius", "height"], vals=[3, 4]), 5.0),
    ("solid-cone-missing-length", rnd(given=["radius", "slant"], vals=[5, 13]), 12.0),
    ("solid-cone-missing-length", rnd(given=["height", "slant"], vals=[8, 10]), 6.0),
    ("solid-cone-missing-length", rnd(given=["radius", "height"], vals=[2, 3]), 3.61),
    ("solid-cylinder-surface", rnd(r=2, h=5), 87.96),  # 28 pi
    ("solid-cone-vs-cylinder", rnd(r=2, h=3, R=2, H=9),
     "they have equal volumes"),
    ("solid-cone-vs-cylinder", rnd(r=2, h=3, R=3, H=9), "the cone"),  # 27pi
    ("solid-cone-vs-cylinder", rnd(r=2, h=3, R=2, H=6), "the cylinder"),
    ("solid-cone-sector-angle", rnd(r=3, h=4), 216.0),  # 360 * 3 / 5
    ("solid-cone-max-cylinder", rnd(r=3, h=9), 37.7),  # 4/27 pi 81 = 12 pi
    ("solid-pyramid-volume", box(base="square", a=6, h=4), 48.0),
    ("solid-pyramid-volume", box(base="triangle", a=6, h=4), 20.78),  # 12 sqrt 3
    ("solid-pyramid-surface", box(a=6, h=4), 96.0),  # slant 5: 36 + 4 * 15
    ("solid-pyramid-dihedral", box(a=6, h=3, names=True), 45.0),
    ("solid-pyramid-dihedral", box(a=4, h=6, names=False), 71.57),  # atan 3
    ("solid-prism-volume", box(base="triangle", a=2, h=10), 17.32),  # 10 sqrt 3
    ("solid-prism-volume", box(base="hexagon", a=2, h=1), 10.39),  # 6 sqrt 3
    ("solid-diagonal-angle", box(a=4, b=3, c=5), 45.0),  # the base diagonal is 5
    ("solid-volume-formula", box(kind="cone", base="", dims={"a": 4.0, "b": 2.0, "c": 3.0,
                                                             "r": 3.0, "h": 5.0},
                                 order=["cube", "cone", "sphere", "pyramid", "cylinder"]),
     "V = (1/3)πr²h"),
    ("solid-volume-formula", box(kind="cuboid", base="", dims={"a": 4.0, "b": 2.0, "c": 3.0,
                                                               "r": 3.0, "h": 5.0},
                                 order=["cube", "cuboid", "sphere", "pyramid", "prism"]),
     "V = abc"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, distinct_options=True)


def test_hidden_vertex_matches_the_drawn_dashes():
    """The answer's corner is the one whose three edges the renderer dashes."""
    fam = renderers.get_family("solid_geometry")
    q = SEEDS["solid-hidden-vertex"]
    for v in range(40):
        var = make_variant("solid-hidden-vertex", v, seed=2)
        hidden = fam.facts(var.spec)["hidden_edges"]  # names joined: "AD", "DD'", ...
        names = var.spec.vertex_names
        ends = Counter(x for e in hidden for x in names for y in names if x + y == e or y + x == e)
        assert ends[var.ground_truth] == 3, (v, hidden, var.ground_truth)
        assert q.check(var.params) == var.ground_truth


def test_labels_show_the_values_the_answer_uses():
    fam = renderers.get_family("solid_geometry")
    q = SEEDS["solid-cone-missing-length"]
    p = rnd(given=["radius", "slant"], vals=[5, 13])
    assert fam.facts(q.diagram(p))["labels"] == {"radius": "r = 5", "slant": "s = 13"}
    p = SEEDS["solid-cone-vs-cylinder"]
    spec = p.diagram(rnd(r=2, h=3, R=3, H=9))
    assert spec.note == "Cone: r = 3, h = 9"


def test_canonical_variant_zero_ground_truth():
    expect = {"solid-cuboid-volume": "72", "solid-cone-missing-length": "5"}
    for sid, gt in expect.items():
        assert make_variant(sid, 0, seed=123).ground_truth == gt


def test_coverage():
    assert len(SOLID) >= 13
    qs = [SEEDS[s] for s in SOLID]
    assert {q.level for q in qs} == {"elementary school", "high school", "undergraduate"}
    assert {q.answer_type for q in qs} == {"float", "multiple choice", "text"}
    assert {"real-life context", "numerical value"} <= {k for q in qs for k in q.kinds}
    assert all(SEEDS[s].topic == "solid geometry" for s in SOLID)
    assert sum("geometric transformation" in SEEDS[s].kinds for s in SOLID) >= 5
    assert sum("symbolic substitution" in SEEDS[s].kinds for s in SOLID) >= 1


@pytest.mark.parametrize("sid", SOLID)
def test_same_question_different_answers(sid):
    """The deciding values are only in the picture: one question text, several answers."""
    by_text = {}
    for v in range(60):  # stops at the first question text seen with two answers
        var = make_variant(sid, v, seed=7)
        answers = by_text.setdefault(var.question, set())
        answers.add(var.ground_truth if not var.choices else
                    var.choices["ABCDE".index(var.ground_truth)])
        if len(answers) >= 2:
            break
    assert max(len(a) for a in by_text.values()) >= 2
