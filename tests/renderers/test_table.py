"""The "table" renderer family: cells by row and column in the facts, validation messages,
every cell drawn, labels inside the image and never overlapping."""
import itertools

import pytest

import renderers
from renderers.canvas import boxes_overlap
from renderers.table.spec import TableSpec

FAM = renderers.get_family("table")
LEAGUE = TableSpec(title="League table", header=["Team", "Played", "Won", "Drawn", "Lost"],
                   rows=[["Wanderers", "10", "6", "2", "2"], ["Athletic", "10", "5", "4", "1"],
                         ["City", "10", "1", "1", "8"]],
                   note="A win earns 3 points, a draw 1 point and a loss 0 points.")


def test_facts_cells_by_row_and_column():
    f = FAM.facts(LEAGUE)
    assert f["cell"]["Athletic"]["Drawn"] == "4" and f["n_rows"] == 3
    assert f["note"].startswith("A win earns 3 points")


def test_bad_specs_are_refused():
    with pytest.raises(ValueError, match=r"table rows \[1\] do not have 5 cells"):
        FAM.render(LEAGUE.replace(rows=[LEAGUE.rows[0], ["x"]]), 224)
    with pytest.raises(ValueError, match="needs a header"):
        FAM.render(TableSpec(), 224)


@pytest.mark.parametrize("size", [224, 336, 1024])
def test_labels_inside_and_apart(size):
    img, lay = FAM.render_with_layout(LEAGUE, size)
    texts = [lb.text for lb in lay.labels]
    assert all(c in texts for r in LEAGUE.rows for c in r)
    for a in lay.labels:
        assert 0 <= a.box[0] < a.box[2] <= size and 0 <= a.box[1] < a.box[3] <= img.size[1]
    for a, b in itertools.combinations(lay.labels, 2):
        assert not boxes_overlap(a.box, b.box), (a, b)
