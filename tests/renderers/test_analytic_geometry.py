"""Analytic geometry renderer and the shared axes: exact facts of hand-built specs, relations,
knob validation, placement rules, drawn labels, and the axes helpers.

    .venv/bin/python -m pytest -q tests/renderers/test_analytic_geometry.py
"""
import itertools
import math

import numpy as np
import pytest

from renderers.analytic_geometry import AnalyticGeometry
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject, spec_facts
from renderers.axes import AxesViewport, draw_axes, nice_step, tick_values
from renderers.canvas import Canvas, boxes_overlap

FAM = AnalyticGeometry()


def _spec(*objs, r=(-6, 8, -6, 8)) -> AnalyticSpec:
    return AnalyticSpec(xmin=r[0], xmax=r[1], ymin=r[2], ymax=r[3], objects=list(objs))


def _obj(facts, name):
    return next(o for o in facts["objects"] if o["name"] == name)


def test_segment_line_facts_exact():
    seg = GeoObject("segment", "AB", pts=[[1, 2], [4, 6]], pt_names=["A", "B"])
    line = GeoObject("line", "l", pts=[[0, 1], [2, 5]], pt_names=["", ""])
    f = spec_facts(_spec(seg, line))
    s = _obj(f, "AB")
    assert s["length"] == 5.0 and s["midpoint"] == [2.5, 4.0] and s["slope"] == 1.33
    assert s["equation"] == "y = (4/3)x + 2/3"
    ln = _obj(f, "l")
    assert (ln["slope"], ln["y_intercept"], ln["x_intercept"]) == (2.0, 1.0, -0.5)
    assert ln["equation"] == "y = 2x + 1"
    assert f["points"] == {"A": [1.0, 2.0], "B": [4.0, 6.0]}
    assert f["counts"] == {"objects": 2, "segment": 1, "line": 1, "named_points": 2}


def test_vertical_and_horizontal_lines():
    v = GeoObject("line", "l", pts=[[3, 0], [3, 1]], pt_names=["", ""])
    h = GeoObject("line", "m", pts=[[0, -2], [1, -2]], pt_names=["", ""])
    f = spec_facts(_spec(v, h))
    assert _obj(f, "l")["equation"] == "x = 3" and _obj(f, "l")["slope"] is None
    assert _obj(f, "m")["equation"] == "y = -2" and _obj(f, "m")["x_intercept"] is None
    rel = f["relations"]
    assert {"type": "perpendicular", "objects": ["l", "m"]} in rel
    assert {"type": "intersection", "objects": ["l", "m"], "point": [3.0, -2.0]} in rel


def test_conic_and_polygon_facts():
    c = GeoObject("circle", "c", pts=[[1, -2], [4, 2]], pt_names=["C", "P"], radius=5.0)
    e = GeoObject("ellipse", "e", pts=[[0, 0]], pt_names=[""], semi_x=5, semi_y=3)
    p = GeoObject("parabola", "p", pts=[[1, 2]], pt_names=["V"], coef=0.5)
    t = GeoObject("triangle", "ABC", pts=[[0, 0], [4, 0], [0, 3]], pt_names=["A", "B", "D"])
    f = spec_facts(_spec(c, e, p, t))
    fc = _obj(f, "c")
    assert fc["equation"] == "(x - 1)² + (y + 2)² = 25"
    assert (fc["radius"], fc["area"], fc["circumference"]) == (5.0, round(25 * math.pi, 2),
                                                              round(10 * math.pi, 2))
    fe = _obj(f, "e")
    assert fe["equation"] == "x²/25 + y²/9 = 1" and fe["foci"] == [[-4.0, 0.0], [4.0, 0.0]]
    assert fe["eccentricity"] == 0.8 and fe["major_axis"] == "horizontal"
    fp = _obj(f, "p")
    assert fp["equation"] == "y = 0.5(x - 1)² + 2" and fp["focus"] == [1.0, 2.5]
    assert fp["directrix"] == "y = 1.5" and fp["opens"] == "up"
    ft = _obj(f, "ABC")
    assert (ft["area"], ft["perimeter"], ft["side_lengths"]) == (6.0, 12.0, [4.0, 5.0, 3.0])


def test_parallel_and_point_on_relations():
    l1 = GeoObject("line", "l₁", pts=[[0, 1], [1, 3]], pt_names=["", ""])
    l2 = GeoObject("line", "l₂", pts=[[0, -3], [1, -1]], pt_names=["", ""])
    pt = GeoObject("point", "A", pts=[[2, 5]], pt_names=["A"])
    rel = spec_facts(_spec(l1, l2, pt))["relations"]
    assert {"type": "parallel", "objects": ["l₁", "l₂"]} in rel
    assert {"type": "on", "point": "A", "object": "l₁"} in rel
    assert not any(r["type"] == "intersection" for r in rel)


def test_knobs_force_kinds_and_validate():
    spec = FAM.sample_spec(np.random.default_rng(3), objects=["circle", "line"])
    assert sorted(o.kind for o in spec.objects) == ["circle", "line"]
    spec = FAM.sample_spec(np.random.default_rng(3), objects=["polygon"], show_coords=True)
    assert spec.objects[0].kind in ("triangle", "quadrilateral") and spec.objects[0].show_coords
    with pytest.raises(ValueError, match="unknown object kind 'hexagon'; valid: point, segment"):
        FAM.sample_spec(np.random.default_rng(0), objects=["hexagon"])
    with pytest.raises(ValueError, match="n_objects must be an int in 1..4"):
        FAM.sample_spec(np.random.default_rng(0), n_objects=7)
    with pytest.raises(ValueError, match="n_objects=2 but 1 objects given"):
        FAM.sample_spec(np.random.default_rng(0), objects=["point"], n_objects=2)


def test_placement_rules_hold():
    for seed in range(80):
        spec = FAM.sample_spec(np.random.default_rng(seed))
        named = [(o, p) for o in spec.objects for n, p in zip(o.pt_names, o.pts) if n]
        for _, p in named:
            assert spec.xmin + 1 <= p[0] <= spec.xmax - 1 and spec.ymin + 1 <= p[1] <= spec.ymax - 1
            assert abs(p[0]) >= 1 and abs(p[1]) >= 1, (seed, p)  # off the axes
        for (o1, p1), (o2, p2) in itertools.combinations(named, 2):
            if o1 is not o2:
                assert math.dist(p1, p2) >= 2.5 - 1e-9, (seed, p1, p2)
        for o in spec.objects:
            if o.kind == "circle":
                (cx, cy), r = o.pts[0], o.radius
                assert spec.xmin < cx - r and cx + r < spec.xmax, seed


def test_labels_drawn_as_the_spec_says():
    line = GeoObject("line", "l", pts=[[0, 1], [2, 5]], pt_names=["", ""], show_eq=True,
                     color="red")
    seg = GeoObject("segment", "AB", pts=[[-4, -2], [-1, -5]], pt_names=["A", "B"],
                    show_coords=True, color="blue")
    img, layout = FAM.render_with_layout(_spec(line, seg), 336)
    texts = [lb.text for lb in layout.labels]
    assert "y = 2x + 1" in texts and "A(-4, -2)" in texts and "B(-1, -5)" in texts
    seg.show_coords, line.show_eq = False, False
    texts = [lb.text for lb in FAM.render_with_layout(_spec(line, seg), 336)[1].labels]
    assert "A" in texts and "l" in texts and "y = 2x + 1" not in texts


def test_nice_step_and_ticks():
    assert nice_step(10, 12) == 1 and nice_step(40, 10) == 5 and nice_step(5, 12) == 0.5
    assert nice_step(0.8, 8) == 0.1
    assert tick_values(-2.5, 3, 1) == [-2, -1, 0, 1, 2, 3]
    assert tick_values(1, 9, 2) == [2, 4, 6, 8]


@pytest.mark.parametrize("size", [224, 336, 1024])
def test_draw_axes_viewport_and_labels(size):
    c = Canvas(size)
    vp = draw_axes(c, -5, 7, -3, 6)
    assert isinstance(vp, AxesViewport) and vp.scale == vp.sy  # equal units by default
    x0, y0, x1, y1 = vp.box
    assert 0 <= x0 < x1 <= size and 0 <= y0 < y1 <= size
    assert vp(0, 0)[0] == pytest.approx(vp.ox) and vp.inv(*vp(2, 3)) == pytest.approx((2, 3))
    texts = [lb.text for lb in c.layout.labels]
    assert {"x", "y", "O"} <= set(texts) and "0" not in texts
    for a, b in itertools.combinations(c.layout.labels, 2):
        assert not boxes_overlap(a.box, b.box), (a, b)
    for lb in c.layout.labels:
        assert lb.box[0] >= 0 and lb.box[2] <= size and lb.box[1] >= 0 and lb.box[3] <= size


def test_draw_axes_unequal_and_offset_range():
    c = Canvas(336)
    vp = draw_axes(c, 2, 9, -40, 40, equal=False)
    assert vp.sy != vp.scale and vp.box[3] - vp.box[1] > 200
    texts = {lb.text for lb in c.layout.labels}
    assert "O" not in texts and "2" in texts  # y-axis on the left edge, no origin corner
    assert vp.clip_segment((0, 0), (20, 0)) == ((2, 0), (9, 0))
    assert vp.clip_segment((0, 100), (1, 100)) is None
    with pytest.raises(ValueError, match="empty range"):
        draw_axes(Canvas(100), 1, 1, 0, 2)
