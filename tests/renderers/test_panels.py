"""The "panels" renderer family: facts of hand-built specs (exact region areas and corners,
petals, asymptotes, points in regions), curves clipped to their own panel, region fills only
where the inequalities hold, validation messages, labels inside the image and apart.

    python -m pytest -q tests/renderers/test_panels.py
"""
import itertools

import numpy as np
import pytest

import renderers
from renderers.axes import AxesViewport
from renderers.canvas import boxes_overlap
from renderers.panels.draw import aspect, runs
from renderers.panels.spec import (Constraint, Item, Panel, PanelsSpec, curve_points,
                                   in_region)

FAM = renderers.get_family("panels")
# the triangle x >= 0, y >= 0, x + y <= 4: area 8, corners (0, 0), (4, 0), (0, 4)
TRIANGLE = Item("region", constraints=[Constraint("line", [1, 0, 0], ">="),
                                       Constraint("line", [0, 1, 0], ">="),
                                       Constraint("line", [1, 1, 4], "<=")], color="green")


def test_region_facts_are_exact():
    spec = PanelsSpec(panels=[Panel(items=[TRIANGLE, Item("point", pts=[[1, 1]], name="P"),
                                           Item("point", pts=[[3, 3]], name="Q")])])
    f = FAM.facts(spec)["panels"][0]
    reg = f["items"][0]
    assert reg["area_in_view"] == 8.0
    assert sorted(map(tuple, reg["vertices"])) == [(0, 0), (0, 4), (4, 0)]
    assert f["points_in_regions"] == {"P": [0], "Q": []}


def test_curved_region_area_by_the_grid():
    # the disk x² + y² <= 9 cut by y >= 0: half of 9π
    half = Item("region", constraints=[Constraint("circle", [0, 0, 3], "<="),
                                       Constraint("line", [0, 1, 0], ">=")])
    area = FAM.facts(PanelsSpec(panels=[Panel(items=[half])]))["panels"][0]["items"][0]
    assert area["area_in_view"] == pytest.approx(4.5 * np.pi, abs=0.02)


def test_strict_and_boundary_points():
    it = Item("region", constraints=[Constraint("line", [1, 1, 4], "<")])
    assert not in_region(it, (2, 2)) and in_region(it, (1, 2))
    it.constraints[0].op = "<="
    assert in_region(it, (2, 2)) and not in_region(it, (2, 2), margin=0.1)


def test_curve_facts():
    items = [Item("polar", fn="cos", params=[0, 3, 3]), Item("polar", fn="cos", params=[0, 3, 2]),
             Item("hyperbola", fn="x", params=[0, 0, 2, 3]),
             Item("line", params=[-2, 1, 1]), Item("vector", pts=[[1, 1], [4, 5]], name="u")]
    f = FAM.facts(PanelsSpec(panels=[Panel(items=items)]))["panels"][0]["items"]
    assert [f[0]["petals"], f[1]["petals"]] == [3, 4]
    assert f[2]["asymptote_slopes"] == [-1.5, 1.5] and f[2]["opens"] == "left-right"
    assert (f[3]["slope"], f[3]["y_intercept"]) == (2.0, 1.0)  # -2x + y = 1
    assert f[4]["components"] == [3.0, 4.0] and f[4]["length"] == 5.0


def test_curve_points_lie_on_their_equations():
    pan = Panel()
    xy = curve_points(Item("hyperbola", fn="y", params=[1, -1, 2, 3]), pan)
    xy = xy[np.isfinite(xy).all(axis=1)]
    assert np.allclose((xy[:, 1] + 1) ** 2 / 9 - (xy[:, 0] - 1) ** 2 / 4, 1)
    xy = curve_points(Item("graph", fn="log", params=[1, 2, -1, 0]), pan)
    assert np.allclose(2 ** xy[:, 1], xy[:, 0] + 1)


def test_runs_stay_inside_the_panel():
    vp = AxesViewport(scale=10, ox=100, oy=100, xmin=-2, xmax=2, ymin=-2, ymax=2)
    pts = curve_points(Item("circle", params=[0, 0, 2.5]), Panel())  # wider than the range
    pieces = runs(pts, vp)
    assert len(pieces) == 4  # the four arcs round the corners, cut by the sides
    x0, y0, x1, y1 = vp.box
    for r in pieces:
        for x, y in r:
            assert x0 - 1e-6 <= x <= x1 + 1e-6 and y0 - 1e-6 <= y <= y1 + 1e-6


def test_fill_only_where_the_region_holds():
    spec = PanelsSpec(panels=[Panel(items=[TRIANGLE], tick_labels=False)])
    img = np.asarray(FAM.render(spec, 336)).astype(int)
    f = FAM.facts(spec)
    assert f["n_panels"] == 1
    # (1, 1) inside is tinted green; (-3, -3) outside stays white (both between grid lines)
    from renderers.canvas import Canvas
    from renderers.axes import draw_axes
    vp = draw_axes(Canvas(336), -5, 5, -5, 5, xstep=1, ystep=1, tick_labels=False,
                   max_labels=10, origin_label="O")
    (xi, yi), (xo, yo) = vp(1.5, 1.5), vp(-3.5, -3.5)
    inside, outside = img[int(yi), int(xi)], img[int(yo), int(xo)]
    assert inside[1] > inside[0] + 20 and tuple(outside) == (255, 255, 255)


@pytest.mark.parametrize("bad,msg", [
    (PanelsSpec(panels=[]), "0 panels; valid counts"),
    (PanelsSpec(panels=[Panel(items=[Item("spiral")])]), "kind 'spiral'"),
    (PanelsSpec(panels=[Panel(items=[Item("graph", fn="tan", params=[1])])]), "fn 'tan'"),
    (PanelsSpec(panels=[Panel(items=[Item("circle", params=[0, 0])])]), "takes 3 params"),
    (PanelsSpec(panels=[Panel(items=[Item("region")])]), "at least one constraint"),
    (PanelsSpec(panels=[Panel(xmin=2, xmax=1)]), "empty range"),
])
def test_bad_specs_are_refused(bad, msg):
    with pytest.raises(ValueError, match=msg):
        FAM.render(bad, 224)


@pytest.mark.parametrize("size", [224, 336, 1024])
def test_four_panels_labels_inside_and_apart(size):
    spec = PanelsSpec(panels=[Panel(label=L, items=[Item("line", params=[1, 1, k]),
                                                    Item("point", pts=[[1, 2]], name="P",
                                                         show_coords=True)])
                              for L, k in zip("ABCD", range(4))])
    img, lay = FAM.render_with_layout(spec, size)
    assert img.size == (size, round(size * aspect(spec)))
    assert [lb.text for lb in lay.labels if lb.text in "ABCD"] == list("ABCD")
    for a in lay.labels:
        assert 0 <= a.box[0] < a.box[2] <= size and 0 <= a.box[1] < a.box[3] <= img.size[1]
    names = [a for a in lay.labels if not a.text.lstrip("-").isdigit()]
    for a, b in itertools.combinations(names, 2):
        assert not boxes_overlap(a.box, b.box), (a, b)
