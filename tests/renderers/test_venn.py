"""The "venn" renderer family: facts of a hand-built spec, region label points inside their
regions, validation messages, labels inside the image and never overlapping."""
import itertools
import math

import pytest

import renderers
from renderers.canvas import boxes_overlap
from renderers.venn.draw import CENTRES, R, label_points
from renderers.venn.spec import REGIONS, VennSpec

FAM = renderers.get_family("venn")
C3 = {"100": 4, "010": 6, "001": 2, "110": 3, "101": 1, "011": 7, "111": 5, "000": 9}


def test_facts_of_three_sets():
    f = FAM.facts(VennSpec(sets=["A", "B", "C"], labels={k: str(v) for k, v in C3.items()}))
    assert f["set_sizes"] == {"A": 13, "B": 21, "C": 15}  # 4+3+1+5, 6+3+7+5, 2+1+7+5
    assert (f["total"], f["union"], f["all_sets"]) == (37, 28, 5)
    assert f["exactly"] == {"0": 9, "1": 12, "2": 11, "3": 5}


def test_a_non_numeric_label_gives_no_counts():
    f = FAM.facts(VennSpec(labels={"10": "3", "01": "x", "11": "2", "00": "1"}))
    assert "region_counts" not in f and f["labels"]["01"] == "x"


@pytest.mark.parametrize("n", [2, 3])
def test_label_points_lie_in_their_regions(n):
    for code, (x, y) in label_points(n).items():
        if code == "0" * n:
            continue
        inside = ["1" if math.hypot(x - cx, y - cy) < R else "0" for cx, cy in CENTRES[n]]
        assert "".join(inside) == code


@pytest.mark.parametrize("bad,msg", [
    (dict(sets=["A"]), "2 or 3 sets, got 1"),
    (dict(labels={"111": "2"}), r"region codes \['111'\] are not valid for 2 sets"),
    (dict(sets=["A", "B", "C"], colors=["red"]), "3 sets need 3 colours"),
])
def test_bad_specs_are_refused(bad, msg):
    with pytest.raises(ValueError, match=msg):
        FAM.render(VennSpec(**bad), 224)


@pytest.mark.parametrize("size", [224, 336, 1024])
def test_labels_inside_and_apart(size):
    spec = VennSpec(title="Sports played", sets=["Football", "Tennis", "Swim"],
                    labels={c: "28" for c in REGIONS[3]}, shade=["110", "000"])
    img, lay = FAM.render_with_layout(spec, size)
    assert len(lay.labels) == 1 + 1 + 3 + 8  # title, U, names, regions
    for a in lay.labels:
        assert 0 <= a.box[0] < a.box[2] <= size and 0 <= a.box[1] < a.box[3] <= img.size[1]
    for a, b in itertools.combinations(lay.labels, 2):
        assert not boxes_overlap(a.box, b.box), (a, b)
