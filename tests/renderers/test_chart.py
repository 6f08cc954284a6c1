"""Focused tests of the "chart" renderer: facts of hand-built specs against hand-computed values,
knob validation, and that drawn labels carry the numbers the facts promise.

    python -m pytest -q tests/renderers/test_chart.py
"""
import json

import numpy as np
import pytest

import renderers.chart  # noqa: F401  (imported directly: independent of other families)
from renderers.chart.spec import KINDS, ChartSpec, Series
from renderers.chart.stats import box_stats, nice_axis
from renderers.family import FAMILIES

FAM = FAMILIES.get("chart")


def _bar(**kw) -> ChartSpec:
    base = dict(kind="bar", title="Fruit sold", x_title="Fruit", y_title="Boxes",
                categories=["Apple", "Banana", "Cherry"],
                series=[Series("Boxes", [10.0, 30.0, 20.0], "blue")])
    base.update(kw)
    return ChartSpec(**base)


def _texts(spec, size=336) -> list[str]:
    return [lb.text for lb in FAM.render_with_layout(spec, size)[1].labels]


def test_bar_facts_by_hand():
    f = FAM.facts(_bar())
    assert (f["total"], f["mean"], f["median"], f["range"]) == (60, 20, 20, 20)
    assert (f["max"], f["max_category"], f["min"], f["min_category"]) == \
        (30, "Banana", 10, "Apple")
    assert f["ranking"] == ["Banana", "Cherry", "Apple"]
    assert f["value_axis"]["ticks"] == [0, 10, 20, 30]
    assert f["orientation"] == "vertical" and f["n_bars"] == 3 and not f["grouped"]


def test_grouped_bar_totals():
    spec = _bar(series=[Series("Shop A", [1.0, 2.0, 3.0]), Series("Shop B", [4.0, 0.0, 1.5])])
    f = FAM.facts(spec)
    assert f["category_totals"] == {"Apple": 5, "Banana": 2, "Cherry": 4.5}
    assert f["max_total_category"] == "Apple" and f["grand_total"] == 11.5
    assert f["series_totals"] == {"Shop A": 6, "Shop B": 5.5} and f["n_bars"] == 6


def test_annotated_bars_draw_every_value_and_category():
    for horizontal in (False, True):
        texts = _texts(_bar(annotate=True, horizontal=horizontal))
        for t in ("10", "30", "20", "Apple", "Banana", "Cherry", "Fruit sold"):
            assert t in texts, (horizontal, t, texts)


def test_line_changes():
    spec = ChartSpec(kind="line", title="T", categories=["Jan", "Feb", "Mar", "Apr"],
                     series=[Series("Sales", [5.0, 8.0, 6.0, 10.0])])
    f = FAM.facts(spec)
    assert f["changes"] == [3, -2, 4]
    assert f["largest_increase"] == {"from": "Mar", "to": "Apr", "amount": 4}
    assert f["largest_decrease"] == {"from": "Feb", "to": "Mar", "amount": -2}
    assert (f["n_increases"], f["n_decreases"]) == (2, 1)


def test_pie_percentages_and_labels():
    spec = ChartSpec(kind="pie", title="Votes", categories=["Math", "Art", "Music"],
                     series=[Series("count", [1.0, 1.0, 2.0])])
    f = FAM.facts(spec)
    assert f["percentages"] == {"Math": 25.0, "Art": 25.0, "Music": 50.0}
    assert f["angles"] == {"Math": 90.0, "Art": 90.0, "Music": 180.0}
    assert f["largest_slice"] == "Music" and f["n_slices"] == 3
    texts = _texts(spec, 224)
    assert texts.count("25%") == 2 and "50%" in texts and "Music" in texts


def test_histogram_facts():
    spec = ChartSpec(kind="histogram", title="H", bin_edges=[0.0, 10.0, 20.0, 30.0],
                     counts=[2, 5, 3])
    f = FAM.facts(spec)
    assert f["total"] == 10 and f["bin_width"] == 10 and f["modal_bin"] == [10, 20]
    assert f["estimated_mean"] == 16.0  # (5*2 + 15*5 + 25*3) / 10
    assert f["cumulative"] == [2, 7, 10] and f["min_bin"] == [0, 10]
    assert f["value_axis"]["min"] == 0 and f["value_axis"]["max"] >= 5
    texts = _texts(spec)
    assert {"0", "10", "20", "30"} <= set(texts)  # edges as x tick labels


def test_box_stats_quartiles_and_whiskers():
    data = [1, 2, 3, 4, 5, 6, 7, 8, 9, 100]
    st = box_stats(data, "iqr")
    assert (st["q1"], st["median"], st["q3"], st["iqr"]) == (3.25, 5.5, 7.75, 4.5)
    assert st["upper_fence"] == 14.5 and st["outliers"] == [100.0]
    assert st["whisker_high"] == 9 and st["whisker_low"] == 1
    assert box_stats(data, "minmax")["whisker_high"] == 100
    spec = ChartSpec(kind="box", title="B", categories=["X", "Y"],
                     samples=[[float(v) for v in data], [1.0, 2.0, 3.0]], whisker="iqr")
    f = FAM.facts(spec)
    assert f["boxes"][0]["median"] == 5.5 and f["boxes"][0]["outliers"] == [100]
    assert f["n_outliers"] == 1 and f["highest_median"] == "X" and f["largest_iqr"] == "X"


def test_scatter_trend_line():
    spec = ChartSpec(kind="scatter", title="S", x_values=[1.0, 2.0, 3.0, 4.0],
                     series=[Series("y", [3.0, 5.0, 7.0, 9.0])], trend_line=True)
    f = FAM.facts(spec)
    assert (f["slope"], f["intercept"], f["correlation"]) == (2.0, 1.0, 1.0)
    assert f["trend"] == "increasing" and f["highest_point"] == [4, 9]
    assert f["x_axis"]["min"] >= 0 and f["y_axis"]["min"] >= 0  # no negative ticks


def test_table_cells_totals_and_drawing():
    spec = ChartSpec(kind="table", title="Scores", x_title="Subject",
                     categories=["Math", "Art"],
                     series=[Series("2022", [70.0, 55.0]), Series("2023", [80.0, 65.5])])
    f = FAM.facts(spec)
    assert f["cells"] == {"Math": {"2022": 70, "2023": 80}, "Art": {"2022": 55, "2023": 65.5}}
    assert f["row_totals"] == {"Math": 150, "Art": 120.5}
    assert f["column_totals"] == {"2022": 125, "2023": 145.5}
    assert f["max_cell"] == {"value": 80, "row": "Math", "column": "2023"}
    texts = _texts(spec, 224)
    assert {"70", "80", "55", "65.5", "2022", "2023", "Math", "Art", "Subject"} <= set(texts)


def test_nice_axis_steps():
    assert nice_axis(0, 30) == (0.0, 30.0, 10.0, [0.0, 10.0, 20.0, 30.0])
    lo, hi, step, ticks = nice_axis(0, 101)
    assert step == 25 and hi == 125 and len(ticks) == 6
    assert nice_axis(0, 3, integer=True)[2] == 1


def test_knobs_and_validation():
    rng = np.random.default_rng(0)
    for k in KINDS:
        assert FAM.sample_spec(rng, kind=k).kind == k
    assert FAM.sample_spec(rng, kind="bar", theme="cities").categories[0] in \
        ("Paris", "Rome", "Oslo", "Cairo", "Tokyo", "Lima", "Delhi", "Seoul", "Miami",
         "Dubai", "Vienna", "Madrid")
    with pytest.raises(ValueError, match="valid kinds: bar, line, pie"):
        FAM.sample_spec(rng, kind="donut")
    with pytest.raises(ValueError, match="valid themes: fruits"):
        FAM.sample_spec(rng, theme="planets")
    with pytest.raises(ValueError, match="months, years"):
        FAM.sample_spec(rng, kind="line", theme="fruits")
    with pytest.raises(ValueError, match="2 values for 3 categories"):
        FAM.facts(_bar(series=[Series("s", [1.0, 2.0])]))


def test_hand_spec_round_trip():
    spec = _bar(series=[Series("A", [1.0, 2.5, 3.0], "red"), Series("B", [0.0, 1.0, 2.0])])
    d = json.loads(spec.to_json())
    assert d["family"] == FAM.name
    back = ChartSpec.from_dict(d)
    assert back == spec and isinstance(back.series[0], Series)
    json.dumps(FAM.facts(back))


def test_every_kind_samples_true_facts():
    """Facts of sampled specs agree with the spec data for each kind."""
    for k in KINDS:
        for seed in range(15):
            spec = FAM.sample_spec(np.random.default_rng(seed), kind=k)
            f = FAM.facts(spec)
            if k in ("bar", "line", "pie", "table") and len(spec.series) == 1:
                assert f["total"] == pytest.approx(sum(spec.series[0].values))
            if k == "pie":
                assert sum(f["percentages"].values()) == pytest.approx(100, abs=0.3)
            if k == "histogram":
                assert f["total"] == sum(spec.counts)
            if k == "box":
                for b, data in zip(f["boxes"], spec.samples):
                    assert b["min"] <= b["q1"] <= b["median"] <= b["q3"] <= b["max"]
                    assert b["n"] == len(data)


def test_series_names_fit_their_measure():
    # "Monthly rainfall" once compared "Store A, Store B and Store C": one tuple of names
    # served every measure of a theme; each measure now names its own series
    from renderers.chart.sample import BOX_THEMES, THEMES

    seen = set()
    for name, th in THEMES.items():
        titles = [m.title for m in th.measures]
        assert len(set(titles)) == len(titles)
        assert all(len(m.series) >= 3 for m in th.measures)  # a chart draws up to three
        kinds = ("bar", "table") + (("line",) if th.ordered else ())
        for kind in kinds:
            for seed in range(200):
                spec = FAM.sample_spec(np.random.default_rng(seed), kind=kind, theme=name)
                m = th.measures[titles.index(spec.title)]
                names = [s.name for s in spec.series]
                if len(names) > 1:
                    assert names == list(m.series[:len(names)]), (name, kind, seed, names)
                    seen.add((name, m.title))
                else:
                    assert names == [m.value_title]
    # every measure of every theme drew several series
    assert seen == {(n, m.title) for n, th in THEMES.items() for m in th.measures}
    for b in BOX_THEMES:
        assert b[6] == "cats" or len(b[6]) >= 4  # a box chart draws up to four
    for seed in range(100):
        spec = FAM.sample_spec(np.random.default_rng(seed), kind="box")
        b = next(b for b in BOX_THEMES if b[1] == spec.title)
        names = THEMES[b[0]].cats if b[6] == "cats" else b[6]
        assert set(spec.categories) <= set(names), (seed, spec.title, spec.categories)


DAYS = {"Jan": 31, "Feb": 29, "Mar": 31, "Apr": 30, "May": 31, "Jun": 30, "Jul": 31,
        "Aug": 31, "Sep": 30, "Oct": 31, "Nov": 30, "Dec": 31}


def test_pie_counts_are_possible():
    # "Rainy days by month" once gave Apr 53 days: the slices split a total drawn from 20 to
    # 200 whatever the pie counted; each pie's slices now keep to what one category can hold
    n_rainy = 0
    for seed in range(300):
        for name in ("months", "subjects", "fruits"):
            spec = FAM.sample_spec(np.random.default_rng(seed), kind="pie", theme=name)
            vals = spec.series[0].values
            if spec.title == "Rainy days by month":
                n_rainy += 1
                for c, v in zip(spec.categories, vals):
                    assert 1 <= v <= DAYS[c], (seed, c, v)
            if spec.title == "Lessons per week":  # a school week, not 200 lessons
                assert max(vals) <= 6 and sum(vals) <= 40, (seed, vals)
            if spec.title == "Fruit in a basket":
                assert sum(vals) <= 50, (seed, vals)
    assert n_rainy >= 50


def test_pie_values_fit_their_measure():
    from renderers.chart.sample import THEMES, pie_measure

    seen = set()
    for seed in range(300):
        for name in THEMES:
            spec = FAM.sample_spec(np.random.default_rng(seed), kind="pie", theme=name)
            vals = spec.series[0].values
            assert all(v == int(v) and v >= 1 for v in vals), (seed, spec.title, vals)
            assert min(vals) >= 0.04 * sum(vals)  # every slice has room for its label
            m = pie_measure(name, spec.title)
            seen.add(m.title)
            for c, v in zip(spec.categories, vals):
                cap = m.caps[THEMES[name].cats.index(c)] if m.caps else m.high
                assert m.low <= v <= min(m.high, cap), (seed, spec.title, c, v)
            if "{total}" in m.title:
                assert spec.title == m.title.format(total=int(sum(vals)))
    assert seen == {m.title for th in THEMES.values() for m in th.pies}


def _box_marks(spec, monkeypatch, size=336):
    """Render ``spec``, recording the boxes (filled rectangles) and circles drawn."""
    from renderers.canvas import Canvas

    rects, circles = [], []
    rect, circle = Canvas.rect, Canvas.circle

    def rec_rect(cv, box, *a, **kw):
        rects.append(tuple(box))
        return rect(cv, box, *a, **kw)

    def rec_circle(cv, c, r, *a, **kw):
        circles.append((c[0], c[1], r, kw.get("width", 2.0) * cv.unit))
        return circle(cv, c, r, *a, **kw)

    monkeypatch.setattr(Canvas, "rect", rec_rect)
    monkeypatch.setattr(Canvas, "circle", rec_circle)
    FAM.render(spec, size)
    monkeypatch.undo()
    return rects, circles


def _with_repeats(spec) -> ChartSpec:
    """The spec with every outlier of every box taken twice (two equal values)."""
    from renderers.chart.stats import box_stats

    samples = [sorted(d + box_stats(d, spec.whisker)["outliers"]) for d in spec.samples]
    return ChartSpec(**{**spec.__dict__, "samples": samples})


def test_every_outlier_is_its_own_circle(monkeypatch):
    # two equal outliers (58 and 58) were one circle on top of the other: a reader counted
    # two outliers where the data and the caption had three
    from engines.mavis.chart.caption import caption

    n_repeated = 0
    for seed in range(300):
        spec = FAM.sample_spec(np.random.default_rng(seed), kind="box")
        if spec.whisker != "iqr":
            continue
        for sp in (spec, _with_repeats(spec)):
            f = FAM.facts(sp)
            rects, circles = _box_marks(sp, monkeypatch)
            assert len(rects) == f["n_boxes"] and len(circles) == f["n_outliers"], seed
            # no two circles overlap or touch: each is seen, and counted, on its own
            for i, (x, y, r, w) in enumerate(circles):
                for x2, y2, _, _ in circles[:i]:
                    assert np.hypot(x - x2, y - y2) >= 2 * r + w + 0.5, (seed, circles)
            # each box's outliers sit over that box, spread symmetrically about its line
            k = 0
            for b, (x0, _, x1, _) in zip(f["boxes"], rects):
                mine = circles[k:k + len(b["outliers"])]
                k += len(b["outliers"])
                assert b["n_outliers"] == len(mine) == len(b["outliers"]), seed
                assert all(x0 <= x <= x1 for x, *_ in mine), (seed, b["name"], mine, x0, x1)
                dx = np.sort([x - (x0 + x1) / 2 for x, *_ in mine])
                assert np.allclose(dx, -dx[::-1]), (seed, b["name"], dx)
                n_repeated += len(set(b["outliers"])) < len(b["outliers"])
                if b["outliers"]:  # the caption states as many outliers as are drawn
                    text = caption(sp, f, np.random.default_rng(seed))
                    said = f"{b['name']} has {len(mine)} outlier"
                    assert said in text and text.count(said) == 1, (seed, said, text)
    assert n_repeated >= 60


def _n_components(mask: np.ndarray) -> int:
    """Pieces of a boolean mask, pixels joined to their 8 neighbours."""
    seen, n = np.zeros_like(mask), 0
    h, w = mask.shape
    for y0, x0 in zip(*np.nonzero(mask)):
        if seen[y0, x0]:
            continue
        n, todo = n + 1, [(y0, x0)]
        seen[y0, x0] = True
        while todo:
            y, x = todo.pop()
            for yy in range(max(y - 1, 0), min(y + 2, h)):
                for xx in range(max(x - 1, 0), min(x + 2, w)):
                    if mask[yy, xx] and not seen[yy, xx]:
                        seen[yy, xx] = True
                        todo.append((yy, xx))
    return n


def test_outlier_circles_are_seen_apart_in_the_picture(monkeypatch):
    """What the circles add to the picture (it drawn with and without them) falls apart into
    as many pieces as there are outliers, also at 224 px where the circles are smallest."""
    from renderers.canvas import Canvas

    n_checked = 0
    for seed in range(120):
        spec = FAM.sample_spec(np.random.default_rng(seed), kind="box")
        if spec.whisker != "iqr":
            continue
        sp = _with_repeats(spec)
        with_circles = np.asarray(FAM.render(sp, 224), dtype=int)
        monkeypatch.setattr(Canvas, "circle", lambda *a, **kw: None)
        without = np.asarray(FAM.render(sp, 224), dtype=int)
        monkeypatch.undo()
        n = FAM.facts(sp)["n_outliers"]
        assert _n_components(np.abs(with_circles - without).sum(-1) > 30) == n, seed
        n_checked += n > 0
    assert n_checked >= 30


@pytest.mark.parametrize("size", [224, 336])
def test_a_line_charts_equal_points_all_show(size):
    """Two series with the same values: the one drawn first shows round the other's markers
    at every point (drawn alike, the second hid the first's points and line entirely)."""
    vals = [5.0, 8.0, 6.0, 10.0]
    spec = ChartSpec(kind="line", title="Sales", categories=["Jan", "Feb", "Mar", "Apr"],
                     series=[Series("A", vals, "red"), Series("B", list(vals), "blue")])
    img, layout = FAM.render_with_layout(spec, size)
    a = np.asarray(img.convert("RGB")).astype(int)
    below = int(max(lb.box[3] for lb in layout.labels if lb.text in ("A", "B"))) + 2
    red = (a[below:, :, 0] > 170) & (a[below:, :, 1] < 110) & (a[below:, :, 2] < 110)
    assert red.sum() >= 2 * len(vals), red.sum()  # old drawing: 0


def test_captions_take_the_article_and_verb_their_words_need():
    """"pairs a Age (years) value", "Nov: 1 box summarise Sales": over sampled scatter and
    box plots, an article agrees with the axis title after it and a verb with its count."""
    import re

    from engines.mavis import registry

    writer = registry.get_caption_writer("chart")
    fam = renderers.get_family("chart")
    seen = set()
    for kind in ("scatter", "box"):
        for seed in range(400):
            rng = np.random.default_rng(seed)
            spec = fam.sample_spec(rng, kind=kind)
            text = writer.fn(spec, fam.facts(spec), rng)
            # lower-case "a", or "A" opening a sentence ("Store A and" names a series)
            bad = r"(?:\ba|(?:^|\. )A) [AEIOUaeiou]\w+|\b1 box summarise\b"
            assert not re.search(bad, text), text
            seen |= set(re.findall(r"\ban [AEIOU]\w*|\b1 box summarises\b", text))
    assert "1 box summarises" in seen and any(s.startswith("an ") for s in seen)
