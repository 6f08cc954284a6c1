"""The "calendar" renderer family: weekdays and counts in the facts, the week grid, validation
messages, labels inside the image and never overlapping."""
import itertools

import pytest

import renderers
from renderers.calendar.draw import weeks
from renderers.calendar.spec import CalendarSpec, Mark
from renderers.canvas import boxes_overlap

FAM = renderers.get_family("calendar")


def test_facts_of_february_2024():
    f = FAM.facts(CalendarSpec(year=2024, month=2))
    assert f["n_days"] == 29 and f["weekday_of"]["1"] == "Thursday"
    assert f["count_of"]["Thursday"] == 5 and f["count_of"]["Friday"] == 4
    assert f["title"] == "February 2024"


def test_weeks_start_on_the_chosen_day():
    assert weeks(CalendarSpec(year=2024, month=9, first_weekday=6))[0] == [1, 2, 3, 4, 5, 6, 7]
    assert weeks(CalendarSpec(year=2024, month=9, first_weekday=0))[0] == [0] * 6 + [1]


@pytest.mark.parametrize("bad,msg", [
    (dict(month=13), "calendar month 13"),
    (dict(first_weekday=2), "calendar first_weekday 2"),
    (dict(month=2, marks=[Mark([30])]), r"marked days \[30\] are not in a month of 29 days"),
])
def test_bad_specs_are_refused(bad, msg):
    with pytest.raises(ValueError, match=msg):
        FAM.render(CalendarSpec(**{"year": 2024, **bad}), 224)


@pytest.mark.parametrize("size", [224, 336, 1024])
def test_labels_inside_and_apart(size):
    spec = CalendarSpec(year=2026, month=8, first_weekday=6,  # six week rows
                        marks=[Mark([3, 17], "red", "Public holiday"), Mark([20], "blue", "End")])
    img, lay = FAM.render_with_layout(spec, size)
    assert len(lay.labels) == 1 + 7 + 31 + 2
    for a in lay.labels:
        assert 0 <= a.box[0] < a.box[2] <= size and 0 <= a.box[1] < a.box[3] <= img.size[1]
    for a, b in itertools.combinations(lay.labels, 2):
        assert not boxes_overlap(a.box, b.box), (a, b)
