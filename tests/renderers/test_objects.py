"""The "objects" renderer family: facts of hand-built specs, a gauge needle's angle and its
inverse, validation messages, and labels inside the image at 224 / 336 / 1024 px."""
import itertools

import numpy as np
import pytest

import renderers
from renderers.canvas import boxes_overlap
from renderers.objects.spec import (KINDS, Instrument, ObjectsSpec, Scale, angle_to_value,
                                    needle_angle)

FAM = renderers.get_family("objects")
C = Scale(0, 100, 2, 10, "°C")


def test_facts_of_two_thermometers():
    f = FAM.facts(ObjectsSpec(items=[Instrument("thermometer", C, 24.0, caption="Before"),
                                     Instrument("thermometer", C, 62.0, caption="After")]))
    assert f["n_items"] == 2 and f["difference"] == 38.0
    assert [i["divisions"] for i in f["items"]] == [12.0, 31.0]
    assert f["items"][0]["fraction_of_range"] == 0.24


def test_ruler_facts_give_the_gaps():
    f = FAM.facts(ObjectsSpec(items=[Instrument("ruler", Scale(0, 20, 0.5, 2, "cm"),
                                                marks=[1, 3, 6.5], mark_labels=["1", "2", "3"])]))
    assert f["items"][0]["gaps"] == [2.0, 3.5] and "difference" not in f


@pytest.mark.parametrize("value,angle", [(0.0, 225.0), (80.0, 90.0), (160.0, -45.0),
                                         (40.0, 157.5)])
def test_gauge_needle_angle_and_back(value, angle):
    it = Instrument("gauge", Scale(0, 160, 5, 20, "km/h"), value)
    assert needle_angle(it) == pytest.approx(angle)
    assert angle_to_value(it, needle_angle(it)) == pytest.approx(value)


@pytest.mark.parametrize("items,msg", [
    ([], "1 or 2 instruments, got 0"),
    ([Instrument("barometer", C, 5.0)], "kind 'barometer' is not valid"),
    ([Instrument("thermometer", C, 120.0)], r"value 120 outside the scale 0\.\.100"),
    ([Instrument("thermometer", Scale(0, 100, 1, 10), 5.0)], "whole number up to 60, got 100"),
    ([Instrument("thermometer", Scale(0, 100, 4, 10), 8.0)], "major a multiple of minor"),
    ([Instrument("ruler", Scale(0, 20, 0.5, 2), marks=[3, 2], mark_labels=["a", "b"])],
     "marks increasing"),
    ([Instrument("ruler", Scale(0, 20, 0.5, 2), marks=[2], mark_labels=["a"]),
      Instrument("thermometer", C, 5.0)], "a ruler stands alone"),
])
def test_bad_specs_are_refused(items, msg):
    with pytest.raises(ValueError, match=msg):
        FAM.render(ObjectsSpec(items=items), 224)


@pytest.mark.parametrize("size", [224, 336, 1024])
@pytest.mark.parametrize("kind", KINDS)
def test_labels_inside_and_apart(kind, size):
    spec = FAM.sample_spec(np.random.default_rng(4), kind=kind)
    img, lay = FAM.render_with_layout(spec, size)
    assert img.size == (size, size) and lay.labels
    for a in lay.labels:
        assert 0 <= a.box[0] < a.box[2] <= size and 0 <= a.box[1] < a.box[3] <= size, a
    for a, b in itertools.combinations(lay.labels, 2):
        assert not boxes_overlap(a.box, b.box), (a, b)


def test_spec_round_trips_through_json():
    spec = FAM.sample_spec(np.random.default_rng(2), kind="gauge")
    assert renderers.spec_from_json(spec.to_json()) == spec
