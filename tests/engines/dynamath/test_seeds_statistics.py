"""Statistics seeds: hand-computed answers for hand-picked params, the canonical variants, the
renderer's own facts agreeing with the answers, the data built to be readable (bars on grid
lines, box quartiles on ticks, exact pie shares), coverage of levels / answer types / kinds,
and questions that need the picture."""
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from renderers.chart.stats import box_stats, chart_axes, pie_percentages
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.seed_checks import answer_letters, text_leaves_answer_open

SEEDS = load_seeds()
STAT = sorted(s for s in SEEDS if s.startswith("stat-"))

BARS = {"theme": "fruits", "title": ["Fruit sold this week", "Boxes sold"],
        "cats": ["Apple", "Banana", "Cherry", "Kiwi"], "values": [30, 50, 20, 40],
        "color": "green", "annotate": False}
LINE = {"theme": "months", "title": ["Monthly rainfall", "Rainfall (mm)"],
        "cats": ["Jan", "Feb", "Mar", "Apr"], "values": [10, 15, 12, 30], "color": "blue"}
PIE = {"theme": "fruits", "cats": ["Apple", "Kiwi", "Pear"], "values": [5, 10, 25],
       "colors": ["red", "green", "blue"]}
NINE = [50.0, 52.0, 55.0, 58.0, 60.0, 61.0, 65.0, 66.0, 70.0]
HIST = {"hist": "apples", "counts": [2, 5, 9, 6, 3], "color": "blue"}

# (seed id, params, answer worked out by hand)
CASES = [
    ("stat-bar-read", {**BARS, "ask": 3}, 40.0),
    ("stat-bar-range", BARS, 30.0),  # 50 - 20
    ("stat-bar-total", BARS, 140.0),
    ("stat-bar-mean", {**BARS, "cats": ["Apple", "Kiwi", "Pear"], "values": [10, 20, 40]},
     23.33),  # 70 / 3
    ("stat-bar-std", {**BARS, "cats": list("ABCDEFGH"), "values": [2, 4, 4, 4, 5, 5, 7, 9]},
     2.0),  # sqrt(32 / 8)
    ("stat-bar-tallest-color", {**BARS, "cats": ["Apple", "Kiwi"], "values": [[10, 30], [25, 20]],
                                "colors": ["red", "blue"]}, "red"),
    ("stat-line-summary", {**LINE, "ask": "median"}, 13.5),  # (12 + 15) / 2
    ("stat-line-summary", {**LINE, "ask": "range"}, 20.0),
    ("stat-line-summary", {**LINE, "cats": ["Jan", "Feb", "Mar", "Apr", "May", "Jun"],
                           "values": [10, 15, 12, 31, 7, 5], "ask": "mean"}, 13.33),
    ("stat-line-largest-increase", LINE, "Apr"),  # +5, -3, +18
    ("stat-pie-count", {**PIE, "ask": 1}, 10.0),  # 25% of 40
    ("stat-pie-angle", {**PIE, "ask": 2}, 225.0),  # 25 / 40 of 360
    ("stat-histogram-at-least", {**HIST, "hist": "heights", "cut": 3}, 9.0),  # >= 155: 6 + 3
    ("stat-histogram-modal", HIST, "140 to 160"),
    ("stat-box-median", {"box": "scores", "samples": [NINE], "color": "blue", "ask": 0}, 60.0),
    ("stat-box-iqr", {"box": "scores", "samples": [[40.0] * 9, NINE], "color": "blue",
                      "ask": 1}, 10.0),  # 65 - 55
    ("stat-box-highest-median", {"box": "temps", "samples": [[10.0, 12, 14], [20.0, 21, 30],
                                                             [15.0, 25, 26]],
                                 "color": "blue"}, "Cairo"),  # medians 12, 21, 25
    ("stat-scatter-relation", {"x": [0.0, 1, 2, 3, 4, 5, 6], "y": [1.0, 2, 3, 4, 5, 6, 7.5],
                               "rel": 0, "color": "blue"}, "positive correlation"),
    ("stat-scatter-relation", {"x": [0.0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
                               "y": [25.0, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25], "rel": 3,
                               "color": "blue"}, "a curved (non-linear) pattern"),
    ("stat-table-total", {"theme": "products", "title": ["Products sold", "Units sold"],
                          "rows": ["Pens", "Books", "Bags"], "cols": [[12, 30, 7], [25, 4, 18]],
                          "ask": ["row", 1]}, 34.0),  # Books: 30 + 4
    ("stat-table-regression-slope", {"ctx": 0, "x": [1, 2, 3, 4], "y": [52, 60, 61, 71]},
     5.8),  # (4 * 639 - 10 * 244) / (4 * 30 - 100) = 116 / 20
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    img = check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)
    assert img.size == (224, 224)


def test_canonical_variant_zero_ground_truth():
    expect = {"stat-bar-read": "50", "stat-histogram-at-least": "9",
              "stat-table-total": "47", "stat-table-regression-slope": "5.8"}
    for sid, gt in expect.items():
        assert make_variant(sid, 0, seed=123).ground_truth == gt, sid
    assert "155" in make_variant("stat-histogram-at-least", 0, seed=5).question


def test_facts_of_the_drawn_chart_agree_with_the_answer():
    """The renderer's own facts (what the picture shows) give the seed's number."""
    f = renderers.facts(SEEDS["stat-pie-count"].diagram({**PIE, "ask": 0}))
    assert f["title"] == "Favourite fruit of 40 students"
    assert f["percentages"] == {"Apple": 12.5, "Kiwi": 25.0, "Pear": 62.5}
    f = renderers.facts(SEEDS["stat-box-median"].diagram(
        {"box": "scores", "samples": [NINE], "color": "blue", "ask": 0}))
    assert (f["boxes"][0]["q1"], f["boxes"][0]["median"], f["boxes"][0]["q3"]) == (55, 60, 65)


def test_data_are_readable_from_the_picture():
    for v in range(60):
        p = make_variant("stat-bar-read", v, seed=2).params  # bars end on grid lines
        step = chart_axes(SEEDS["stat-bar-read"].diagram(p))["value_axis"][2]
        assert all(x % step == 0 for x in p["values"])
        p = make_variant("stat-box-median", v, seed=2).params  # medians on ticks
        ticks = chart_axes(SEEDS["stat-box-median"].diagram(p))["value_axis"][3]
        assert all(box_stats(s, "minmax")["median"] in ticks for s in p["samples"])
        p = make_variant("stat-box-iqr", v, seed=2).params
        ticks = chart_axes(SEEDS["stat-box-iqr"].diagram(p))["value_axis"][3]
        st = box_stats(p["samples"][p["ask"]], "minmax")
        assert st["q1"] in ticks and st["q3"] in ticks
        p = make_variant("stat-pie-count", v, seed=2).params  # shares exact to one decimal
        tot = sum(p["values"])
        assert [x * tot / 100 for x in pie_percentages(p["values"])] == \
            pytest.approx(p["values"], abs=1e-9)


def test_coverage_of_levels_types_kinds():
    assert len(STAT) >= 13
    qs = [SEEDS[s] for s in STAT]
    assert {q.topic for q in qs} == {"statistics"}
    assert {q.answer_type for q in qs} == {"float", "multiple choice", "text"}
    assert {"high school", "undergraduate"} <= {q.level for q in qs}
    kinds = {k for q in qs for k in q.kinds}
    assert kinds >= {"numerical value", "real-life context", "color", "symbolic substitution",
                     "function type"}


@pytest.mark.parametrize("sid", sorted(STAT))
def test_question_needs_the_image(sid):
    """Same question text, different answers: the deciding value is only in the picture."""
    assert text_leaves_answer_open(sid, 80, seed=3), sid


def test_answer_letter_spread_of_multiple_choice():
    for sid in STAT:
        if SEEDS[sid].answer_type == "multiple choice":
            letters = answer_letters(sid, 3, 60, seed=4)
            assert len(letters) >= 3, (sid, letters)


@pytest.mark.parametrize("sid", ["stat-bar-tallest-color", "stat-table-total"])
def test_series_names_fit_the_measure(sid):
    """A chart's several series (a table's columns) are named as its measure's are: rainfall
    by city, sales by store, never rainfall by store."""
    from renderers.chart.sample import THEMES

    for v in range(1, 80):
        p = make_variant(sid, v, seed=11).params
        spec = SEEDS[sid].diagram(p)
        fits = {m.title: set(m.series) for m in THEMES[p["theme"]].measures}[spec.title]
        names = {s.name for s in spec.series}
        assert names <= fits, (sid, v, spec.title, names)
        if sid == "stat-table-total" and p["ask"][0] == "column":
            assert f"the {spec.series[p['ask'][1]].name} column" in SEEDS[sid].question(p)
