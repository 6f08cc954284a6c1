"""The "heatmap" renderer family: facts of a hand-built spec, the colour scale, validation
messages, labels inside the image and never overlapping."""
import itertools

import pytest

import renderers
from renderers.canvas import boxes_overlap
from renderers.heatmap.draw import colour
from renderers.heatmap.spec import HeatmapSpec

FAM = renderers.get_family("heatmap")
SPEC = HeatmapSpec(title="Visits", rows=["Mon", "Tue"], cols=["9am", "1pm", "5pm"],
                   values=[[5, 9, 2], [7, 9, 4]])


def test_facts_sums_and_extremes():
    f = FAM.facts(SPEC)
    assert f["row_sums"] == {"Mon": 16, "Tue": 20}
    assert f["col_sums"] == {"9am": 12, "1pm": 18, "5pm": 6}
    assert f["max_cells"] == [["Mon", "1pm"], ["Tue", "1pm"]] and f["min"] == 2


def test_values_as_written_round_to_digits():
    f = FAM.facts(HeatmapSpec(rows=["a"], cols=["b", "c"], values=[[0.126, -0.5]], digits=2))
    assert f["values"] == [[0.13, -0.5]]


def test_colour_scale_ends_and_diverging_middle():
    assert colour("blues", 0) == (239, 246, 255) and colour("blues", 1) == (8, 58, 128)
    assert colour("diverging", 0.5) == (250, 250, 250)


@pytest.mark.parametrize("bad,msg", [
    (dict(cmap="rainbow"), "heatmap cmap 'rainbow'"),
    (dict(values=[[1, 2, 3]]), "heatmap values must be 2 rows of 3"),
])
def test_bad_specs_are_refused(bad, msg):
    with pytest.raises(ValueError, match=msg):
        FAM.render(SPEC.replace(**bad), 224)


@pytest.mark.parametrize("size", [224, 336, 1024])
def test_labels_inside_and_apart(size):
    spec = HeatmapSpec(title="Correlation matrix", rows=["Age", "Pay", "Rent", "Sleep"],
                       cols=["Age", "Pay", "Rent", "Sleep"], digits=2, cmap="diverging",
                       vmin=-1, vmax=1, values=[[1, -0.74, 0.2, 0.05]] * 4)
    img, lay = FAM.render_with_layout(spec, size)
    assert len(lay.labels) == 1 + 4 + 4 + 16 + 2
    for a in lay.labels:
        assert 0 <= a.box[0] < a.box[2] <= size and 0 <= a.box[1] < a.box[3] <= img.size[1]
    for a, b in itertools.combinations(lay.labels, 2):
        assert not boxes_overlap(a.box, b.box), (a, b)
