"""Chart captions claim only true extremes: every sentence that names a largest, smallest,
highest, lowest, peak, tallest, steepest or leading item is re-derived from the spec's own
numbers (not from the facts the caption writer reads), and a tie is said as a tie.

    python -m pytest -q tests/engines/mavis/test_chart_claims.py
"""
from __future__ import annotations

import re

import numpy as np
import pytest

import engines.mavis.chart.caption as C
from renderers import get_family

WORDS = re.compile(r"\b(largest|smallest|highest|lowest|peaks?|tallest|steepest|sharpest|"
                   r"biggest|maximum|minimum|leads|most)\b", re.I)


def _shown(x: float):
    x = float(x)
    return int(round(x)) if abs(x - round(x)) < 1e-9 else round(x, 2)


def _ties(keys, vals) -> list[set]:
    """The holders of the maximum and of the minimum of ``vals`` as the chart shows them."""
    v = [_shown(x) for x in vals]
    return [{k for k, x in zip(keys, v) if x == max(v)}, {k for k, x in zip(keys, v) if x == min(v)}]


def _num(x) -> str:
    s = f"{float(x):.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def extremes(spec) -> tuple[list[set], callable]:
    """Every extreme's holder set, and a function giving the holders a sentence names."""
    k, cats = spec.kind, list(spec.categories)
    sets: list[set] = []
    if k in ("bar", "line", "pie", "table") and k != "table":
        for s in spec.series:
            sets += _ties(cats, s.values)
        if len(spec.series) > 1:
            sets += _ties(cats, [sum(s.values[i] for s in spec.series) for i in range(len(cats))])
        if k == "line" and len(spec.series) == 1:
            v = spec.series[0].values
            steps = [f"from {a} to {b}" for a, b in zip(cats, cats[1:])]
            sets += _ties(steps, [b - a for a, b in zip(v, v[1:])])
        steps = [f"from {a} to {b}" for a, b in zip(cats, cats[1:])]

        def named(sent):
            sent = re.sub(r"[Bb]etween (.+?) and (.+?)(?= the line|\.$)", r"from \1 to \2", sent)
            got = {t for t in steps if t in sent}
            for t in got:  # a step's two ends are not claims about those categories
                sent = sent.replace(t, "")
            return got | {c for c in cats
                          if re.search(r"(?<![\w])" + re.escape(c) + r"(?![\w])", sent)}
    elif k == "table":
        cells = [(f"({r}, {s.name})", v) for s in spec.series for r, v in zip(cats, s.values)]
        sets += _ties([c for c, _ in cells], [v for _, v in cells])

        def named(sent):
            return {c for c, _ in cells if c in sent} | {
                f"({r}, {c})" for r, c in re.findall(r"in row (.+?) under (.+?)\.", sent)}
    elif k == "scatter":
        pts = [f"({_num(x)}, {_num(y)})" for x, y in zip(spec.x_values, spec.series[0].values)]
        sets += _ties(pts, spec.series[0].values)

        def named(sent):
            return set(re.findall(r"\([-\d.]+, [-\d.]+\)", sent))
    elif k == "histogram":
        e = spec.bin_edges
        bins = [f"{_num(e[i])} to {_num(e[i + 1])}" for i in range(len(spec.counts))]
        sets += _ties(bins, spec.counts)[:1]

        def named(sent):
            return {b for b in bins if b in sent} | {
                f"{a} to {b}" for a, b in re.findall(r"between ([-\d.]+) and ([-\d.]+)", sent)}
    else:  # box: medians and interquartile ranges from the samples (linear quartiles)
        med = [float(np.median(s)) for s in spec.samples]
        iqr = [float(np.subtract(*np.percentile(s, [75, 25]))) for s in spec.samples]
        sets += _ties(cats, med)[:1] + _ties(cats, iqr)[:1]

        def named(sent):
            return {c for c in cats if re.search(r"(?<![\w])" + re.escape(c) + r"(?![\w])", sent)}
    return sets, named


def claim_faults(spec, caption: str) -> list[str]:
    sets, named = extremes(spec)
    out = []
    for sent in re.split(r"(?<=[.;])\s+", caption):
        # a box's own five-number summary names its maximum without comparing boxes
        if not WORDS.search(sent) or "quartile" in sent and "interquartile" not in sent:
            continue
        got = named(sent)
        if not got:
            continue
        tied = "tied" in sent or "same" in sent or "each up" in sent or "each down" in sent
        for h in sets:
            if len(h) > 1 and (got & h) and not tied and h != set(named(" ".join(h))):
                out.append(f"one of a tie {sorted(h)} named alone: {sent!r}")
        if not tied:
            for t in got:
                if not any(h == {t} for h in sets):
                    out.append(f"{t} is no single extreme: {sent!r}")
    return out


def _check(n: int, seed0: int) -> int:
    fam = get_family("chart")
    ties = 0
    for i in range(n):
        spec = fam.sample_spec(np.random.default_rng(seed0 + i))
        facts = fam.facts(spec)
        cap = C.caption(spec, facts, np.random.default_rng(seed0 + i))
        assert not claim_faults(spec, cap), (i, cap)
        ties += "tied" in cap
    return ties


def test_extreme_claims_hold_over_100_captions():
    assert _check(100, 0) >= 1  # the sample holds ties, and they are said as ties


@pytest.mark.soak
@pytest.mark.slow
def test_extreme_claims_hold_over_1000_captions():
    assert _check(1000, 10_000) >= 20


def test_a_tie_is_said_as_a_tie():
    from renderers.chart.spec import ChartSpec, Series
    spec = ChartSpec(kind="bar", title="Sales", categories=["A", "B", "C"], x_title="shop",
                     y_title="sales", series=[Series("sales", [12, 5, 12])])
    facts = get_family("chart").facts(spec)
    assert facts["max_categories"] == ["A", "C"] and facts["min_categories"] == ["B"]
    for seed in range(20):
        cap = C.caption(spec, facts, np.random.default_rng(seed))
        assert "A and C are tied for the largest value, 12, and B has the smallest value, 5." \
            in cap
        assert not claim_faults(spec, cap)


def test_the_check_catches_a_single_claim_on_a_tie():
    from renderers.chart.spec import ChartSpec, Series
    spec = ChartSpec(kind="bar", title="Sales", categories=["A", "B", "C"], x_title="shop",
                     y_title="sales", series=[Series("sales", [12, 5, 12])])
    assert claim_faults(spec, "A has the highest value, 12, and B the lowest, 5.")


def test_perception_asks_for_the_largest_only_without_a_tie():
    from engines.mavis.perception import perception_questions
    from renderers.chart.spec import ChartSpec, Series
    spec = ChartSpec(kind="bar", title="Sales", categories=["A", "B", "C"], x_title="shop",
                     y_title="sales", series=[Series("sales", [12, 5, 12])])
    asked = dict(perception_questions("chart", get_family("chart").facts(spec)))
    assert "Which category has the largest value?" not in asked
    spec.series[0].values[2] = 11
    asked = dict(perception_questions("chart", get_family("chart").facts(spec)))
    assert asked["Which category has the largest value?"] == "A"
