"""The "ternary" renderer family: composition <-> position, facts of a hand-built spec (the
largest share of each part, the region that holds each point), validation messages, and
labels inside the image and apart at every size."""
import math

import numpy as np
import pytest

import renderers
from renderers.canvas import boxes_overlap
from renderers.ternary.spec import TernarySpec, TernPoint, TernRegion, from_xy, to_xy

FAM = renderers.get_family("ternary")


def test_corners_and_round_trip():
    assert to_xy([100, 0, 0]) == pytest.approx((0.5, math.sqrt(3) / 2))
    assert to_xy([0, 100, 0]) == pytest.approx((0.0, 0.0))
    assert to_xy([0, 0, 100]) == pytest.approx((1.0, 0.0))
    assert to_xy([20, 30, 50]) == pytest.approx((0.6, 0.2 * math.sqrt(3) / 2))
    assert from_xy(*to_xy([20, 30, 50])) == pytest.approx([20, 30, 50])


def test_facts_of_a_hand_built_plot():
    spec = TernarySpec(parts=["Clay", "Silt", "Sand"],
                       points=[TernPoint("P", [60, 30, 10]), TernPoint("Q", [20, 50, 30]),
                               TernPoint("R", [10, 20, 70])],
                       regions=[TernRegion("Top", [[50, 50, 0], [100, 0, 0], [50, 0, 50]])])
    f = FAM.facts(spec)
    assert f["points"]["Q"] == {"Clay": 20, "Silt": 50, "Sand": 30}
    assert f["largest_share"] == {"Clay": ["P"], "Silt": ["Q"], "Sand": ["R"]}
    assert f["region_of"] == {"P": ["Top"], "Q": [], "R": []}
    assert f["xy"]["R"] == [0.75, 0.0866]  # 0.7 + 0.1 / 2, 0.1 * sqrt(3) / 2


@pytest.mark.parametrize("bad,msg", [
    (dict(parts=["A", "B"]), "3 parts and 3 part colours, got 2 and 3"),
    (dict(step=7), "ternary step 7; valid: 5, 10, 20, 25"),
    (dict(points=[TernPoint("P", [50, 30, 30])]), r"point P: composition \[50, 30, 30\]"),
    (dict(points=[TernPoint("P", [50, 50, 0])], segments=[["P", "Q"]]),
     r"segments \[\['P', 'Q'\]\] do not join two named points"),
])
def test_bad_specs_are_refused(bad, msg):
    with pytest.raises(ValueError, match=msg):
        FAM.render(TernarySpec(**bad), 224)


@pytest.mark.parametrize("size", [224, 336, 1024])
def test_labels_inside_and_apart(size):
    spec = FAM.sample_spec(np.random.default_rng(3), n_points=4)
    img, layout = FAM.render_with_layout(spec, size)
    assert img.size == (size, size)
    boxes = [lb.box for lb in layout.labels]
    texts = [lb.text for lb in layout.labels]
    assert {"P", "Q", "R", "S"} <= set(texts) and set(spec.parts) <= set(texts)
    for b in boxes:
        assert 0 <= b[0] and 0 <= b[1] and b[2] <= size and b[3] <= size, b
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            assert not boxes_overlap(boxes[i], boxes[j]), (texts[i], texts[j])


def test_spec_round_trips_through_json():
    spec = FAM.sample_spec(np.random.default_rng(0))
    assert renderers.spec_from_json(spec.to_json()) == spec
