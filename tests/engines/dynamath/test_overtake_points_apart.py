"""stat-line-first-overtake draws two series as lines with each point's value written beside
it. A year where the two values nearly tied (Route 5 at 35, Route 9 at 34) drew one marker on
the other, with the two values' labels around the pair and nothing to say which is whose, and
the answer turned on which was higher. Over many sampled variants each year's two points
stand well apart on the value axis."""
from engines.dynamath.seed import load_seeds, make_variant
from renderers.chart.spec import chart_facts

SEEDS = load_seeds()
SID = "stat-line-first-overtake"


def test_each_years_two_values_stand_apart():
    q = SEEDS[SID]
    bad = []
    for v in range(300):
        var = make_variant(SID, v, seed=9191, pin_canonical=False)
        f = chart_facts(q.diagram(var.params))
        a, b = (f["series"][i]["value_of"] for i in range(2))
        top = max(max(a.values()), max(b.values()))
        gap = min(abs(a[c] - b[c]) for c in f["categories"])
        if gap < 0.06 * top:
            bad.append((v, gap, top))
    assert not bad, bad[:5]

