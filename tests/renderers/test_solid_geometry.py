"""solid_geometry renderer: facts against hand-computed values, hidden-edge visibility, dashed
strokes in the image, labels, knobs.

    .venv/bin/python -m pytest -q tests/renderers/test_solid_geometry.py
"""
import math

import numpy as np
import pytest

import renderers.solid_geometry.spec as S
from renderers import FAMILIES
from renderers.canvas import Canvas
from renderers.solid_geometry.draw import _fit, _poly_scene
from renderers.text import font_px


def fam():
    return FAMILIES.get("solid_geometry")


def cube(**kw):
    d = dict(kind="cube", a=2.0, vertex_names=list("ABCDEFGH"), shown=["edge"])
    d.update(kw)
    return S.SolidSpec(**d)


def test_cube_facts_by_hand():
    f = fam().facts(cube())
    assert f["volume"] == 8 and f["total_area"] == 24 and f["lateral_area"] == 16
    assert f["dimensions"]["face_diagonal"] == pytest.approx(2 * math.sqrt(2), abs=1e-6)
    assert f["dimensions"]["space_diagonal"] == pytest.approx(math.sqrt(12), abs=1e-6)
    assert (f["faces"], f["edges"], f["vertices"]) == (6, 12, 8)
    assert f["name"] == "ABCD-EFGH" and f["labels"] == {"edge": "2"}
    assert f["label_edges"] == {"edge": "AB"}  # the front bottom edge carries the label


def test_cuboid_and_round_solids_by_hand():
    f = fam().facts(S.SolidSpec(kind="cuboid", a=3, b=4, c=12))
    assert f["dimensions"]["space_diagonal"] == 13 and f["dimensions"]["face_diagonal"] == 5
    assert f["volume"] == 144 and f["total_area"] == 192 and f["lateral_area"] == 168
    f = fam().facts(S.SolidSpec(kind="cone", radius=3, height=4, projection="orthographic",
                                view_angle=20))
    assert f["dimensions"]["slant"] == 5
    assert (f["volume_pi"], f["lateral_area_pi"], f["total_area_pi"]) == (12, 15, 24)
    assert f["volume"] == pytest.approx(12 * math.pi, abs=1e-6)
    f = fam().facts(S.SolidSpec(kind="cylinder", radius=2, height=5))
    assert (f["volume_pi"], f["lateral_area_pi"], f["total_area_pi"]) == (20, 20, 28)
    f = fam().facts(S.SolidSpec(kind="sphere", radius=3))
    assert f["volume_pi"] == 36 and f["total_area_pi"] == 36 and f["flat_faces"] == 0


def test_pyramid_and_prism_by_hand():
    f = fam().facts(S.SolidSpec(kind="pyramid", base="square", a=6, height=4))
    assert f["dimensions"]["slant"] == 5
    assert f["dimensions"]["lateral_edge"] == pytest.approx(math.sqrt(34), abs=1e-6)
    assert (f["volume"], f["lateral_area"], f["total_area"]) == (48, 60, 96)
    assert (f["faces"], f["edges"], f["vertices"]) == (5, 8, 5)
    f = fam().facts(S.SolidSpec(kind="pyramid", base="triangle", a=6, height=4))
    assert (f["faces"], f["edges"], f["vertices"]) == (4, 6, 4)
    assert f["volume"] == pytest.approx(math.sqrt(3) / 4 * 36 * 4 / 3, abs=1e-5)
    f = fam().facts(S.SolidSpec(kind="prism", base="triangle", a=2, height=5))
    assert f["volume"] == pytest.approx(5 * math.sqrt(3), abs=1e-5) and f["lateral_area"] == 30
    assert (f["faces"], f["edges"], f["vertices"]) == (5, 9, 6)
    f = fam().facts(S.SolidSpec(kind="prism", base="hexagon", a=1, height=1,
                                projection="orthographic", view_angle=15))
    assert f["volume"] == pytest.approx(1.5 * math.sqrt(3), abs=1e-5)
    assert (f["faces"], f["edges"], f["vertices"]) == (8, 18, 12)


def test_hidden_edges_follow_the_view():
    # oblique, receding to the upper right: the back-left-bottom corner D is hidden
    assert fam().facts(cube())["hidden_edges"] == ["AD", "CD", "DH"]
    # receding to the upper left: the back-right-bottom corner C is hidden
    assert fam().facts(cube(view_angle=135.0))["hidden_edges"] == ["BC", "CD", "CG"]
    left = cube(projection="orthographic", view_angle=-30.0, elevation=20.0)
    assert fam().facts(left)["hidden_edges"] == ["BC", "CD", "CG"]
    pyr = S.SolidSpec(kind="pyramid", base="square", a=6, height=4,
                      vertex_names=list("ABCDP"))
    assert fam().facts(pyr)["hidden_edges"] == ["AD", "CD", "DP"]


def _ink_along(img, a, b, n=60):
    arr = np.asarray(img.convert("L"))
    vals = []
    for t in np.linspace(0.2, 0.8, n):
        x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
        vals.append(arr[int(round(y)), int(round(x))] < 200)
    return float(np.mean(vals))


def test_hidden_edges_are_dashed_and_visible_edges_solid():
    spec = cube(shown=[], vertex_names=[])
    img = fam().render(spec, 336)
    P, v = S.projection(spec)
    sc = _poly_scene(spec, P, v)
    vp = _fit(sc, Canvas(336), font_px(336), 0.0)
    p2 = S.polyhedron(spec).verts @ P.T
    px = [vp(*p) for p in p2]
    assert _ink_along(img, px[0], px[1]) > 0.95  # AB: visible, solid
    dashed = _ink_along(img, px[3], px[0])  # DA: hidden, dashed
    assert 0.3 < dashed < 0.85


def test_labels_drawn_as_specified():
    spec = S.SolidSpec(kind="cone", radius=3, height=4, projection="orthographic",
                       view_angle=25, elevation=15, vertex_names=["S", "O"],
                       shown=["radius", "height", "slant"], label_style="named", unit="cm")
    _, layout = fam().render_with_layout(spec, 336)
    texts = {lb.text for lb in layout.labels}
    assert {"r = 3 cm", "h = 4 cm", "s = 5 cm", "S", "O"} <= texts
    spec = spec.replace(label_style="symbol", note="V = 12π")
    _, layout = fam().render_with_layout(spec, 336)
    assert {"r", "h", "s", "V = 12π"} <= {lb.text for lb in layout.labels}


def test_sphere_is_always_orthographic_and_draw_is_deterministic():
    a = S.SolidSpec(kind="sphere", radius=2, projection="oblique", shown=["radius"])
    b = a.replace(projection="orthographic")
    assert fam().render(a, 224).tobytes() == fam().render(b, 224).tobytes()


def test_knobs_and_validation():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="valid: cube, cuboid, cylinder, cone, sphere"):
        fam().sample_spec(rng, kind="torus")
    with pytest.raises(ValueError, match="'square', 'triangle'"):
        fam().sample_spec(rng, kind="pyramid", base="hexagon")
    with pytest.raises(ValueError, match="oblique, orthographic"):
        fam().sample_spec(rng, projection="perspective")
    with pytest.raises(ValueError, match="cannot show 'radius'"):
        fam().facts(cube(shown=["radius"]))
    with pytest.raises(ValueError, match="8 vertex names"):
        fam().facts(cube(vertex_names=list("ABC")))
    for kind in S.KINDS:
        for seed in range(15):
            s = fam().sample_spec(np.random.default_rng(seed), kind=kind)
            assert s.kind == kind
            S.validate(s)
    s = fam().sample_spec(np.random.default_rng(3), kind="prism", base="hexagon",
                          projection="oblique")
    assert s.base == "hexagon" and s.projection == "oblique"  # an explicit knob is obeyed


def test_sampler_covers_kinds_and_views():
    specs = [fam().sample_spec(np.random.default_rng(s)) for s in range(300)]
    assert {s.kind for s in specs} == set(S.KINDS)
    assert {s.projection for s in specs} == set(S.PROJECTIONS)
    assert {s.label_style for s in specs} == set(S.LABEL_STYLES)
    assert any(s.shade for s in specs) and any(s.extras for s in specs)
