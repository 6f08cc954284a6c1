"""Statistics chart seeds draw only values that what the chart's title counts can take: a bar,
point, table cell or pie slice lies within the range of the theme's measure the chart is
titled with (renderers/chart/sample.py), and a pie slice within its category's cap too. A
"Students per subject club" bar of 100 or a "Favourite subjects" slice of 38 (at most 30)
would show a chart that cannot be.

    python -m pytest -q tests/engines/dynamath/test_chart_seed_ranges.py -p no:xdist
"""
import pytest

from engines.dynamath.seed import load_seeds, make_variant
from renderers.chart.sample import THEMES, measure, pie_measure
from renderers.chart.spec import ChartSpec
from renderers.chart.stats import chart_axes

SEEDS = load_seeds()
KINDS = ("bar", "line", "table", "pie")


def _themed(sid: str) -> bool:
    """The seed draws bar, line, table or pie charts of the sampler's themes."""
    spec = make_variant(sid, 1, seed=0).spec
    return isinstance(spec, ChartSpec) and spec.kind in KINDS and spec.theme in THEMES


THEMED = [s for s in sorted(SEEDS) if s.startswith("stat-") and _themed(s)]


def test_the_chart_seeds_are_covered():
    assert {"stat-bar-read", "stat-bar-range", "stat-bar-total", "stat-bar-mean",
            "stat-bar-std", "stat-bar-tallest-color", "stat-line-summary",
            "stat-line-largest-increase", "stat-pie-count", "stat-pie-angle"} <= set(THEMED)


@pytest.mark.parametrize("sid", THEMED)
def test_values_lie_within_their_measure(sid):
    for v in range(1, 51):  # drawn variants (0 is a seed's pinned canonical one)
        spec = make_variant(sid, v, seed=7).spec
        cats = THEMES[spec.theme].cats
        if spec.kind == "pie":
            m = pie_measure(spec.theme, spec.title)  # KeyError: a title no measure has
            highs = [min(m.high, m.caps[cats.index(c)]) if m.caps else m.high
                     for c in spec.categories]
        else:
            m = measure(spec.theme, spec.title)
            highs = [m.high] * len(spec.categories)
        for s in spec.series:
            for cat, x, hi in zip(spec.categories, s.values, highs):
                assert m.low <= x <= hi, (sid, v, spec.title, cat, x, (m.low, hi))


@pytest.mark.parametrize("sid", ["stat-bar-read", "stat-bar-range", "stat-bar-total"])
def test_grid_bars_stay_readable(sid):
    """Kept within the measure, the bars still end on grid lines of the axis they draw."""
    for v in range(1, 51):
        p = make_variant(sid, v, seed=7).params
        step = chart_axes(SEEDS[sid].diagram(p))["value_axis"][2]
        assert all(x % step == 0 for x in p["values"]), (sid, v, p["values"], step)


@pytest.mark.parametrize("sid", ["stat-pie-count", "stat-pie-angle"])
def test_pie_shares_stay_exact(sid):
    """Kept within the measure, the pie's total still divides 1000 (shares with one decimal
    exactly) and every slice is at least 5% of it."""
    for v in range(1, 51):
        vals = make_variant(sid, v, seed=7).params["values"]
        assert 1000 % sum(vals) == 0 and min(vals) * 20 >= sum(vals), (sid, v, vals)


def test_regression_tables_hold_possible_scores():
    """The regression table's own columns are bounded too: a test score is at most 100."""
    seen = 0
    for v in range(1, 301):
        p = make_variant("stat-table-regression-slope", v, seed=7).params
        if p["ctx"] == 0:
            seen += 1
            assert max(p["y"]) <= 100, (v, p["y"])
    assert seen >= 40
