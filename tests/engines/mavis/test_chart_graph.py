"""Focused tests of the MAVIS caption writers for the "chart" and "graph" families: captions of
hand-built specs state the hand-computed key facts, every kind yields truthful captions, and
numeric node labels never produce numbers the facts lack.

    python -m pytest -q tests/engines/mavis/test_chart_graph.py
"""
import numpy as np

from engines.mavis.registry import get_caption_writer
from engines.mavis.text import untrue_numbers
from renderers.chart.spec import KINDS as CHART_KINDS, ChartSpec, Series
from renderers.family import FAMILIES
from renderers.graph.spec import KINDS as GRAPH_KINDS, Edge, GraphSpec

CHART = FAMILIES.get("chart")
GRAPH = FAMILIES.get("graph")


def _cap(fam, name, spec, seed=0):
    facts = fam.facts(spec)
    return get_caption_writer(name).fn(spec, facts, np.random.default_rng(seed)), facts


def test_phrasing_counts():
    assert get_caption_writer("chart").n_phrasings >= 20
    assert get_caption_writer("graph").n_phrasings >= 20


def test_bar_caption_states_extremes_and_values():
    spec = ChartSpec(kind="bar", title="Fruit sold", x_title="Fruit", y_title="Boxes",
                     categories=["Apple", "Banana", "Cherry"],
                     series=[Series("Boxes", [10.0, 30.0, 20.0])])
    for seed in range(10):
        cap, facts = _cap(CHART, "chart", spec, seed)
        assert '"Fruit sold"' in cap and "bar" in cap
        assert "Banana: 30" in cap and "Apple: 10" in cap  # the values sentence
        assert "(Banana)" in cap or "Banana has" in cap or "Banana is" in cap or \
            "to Banana" in cap or "belongs to Banana" in cap
        assert not untrue_numbers(cap, facts)


def test_pie_caption_percentages():
    spec = ChartSpec(kind="pie", title="Votes", categories=["Math", "Art", "Music"],
                     series=[Series("count", [1.0, 1.0, 2.0])])
    cap, facts = _cap(CHART, "chart", spec)
    assert "Music 50%" in cap and "Math 25%" in cap and "4" in cap  # total of the counts


def test_graph_caption_weighted_by_hand():
    spec = GraphSpec(kind="weighted", weighted=True, nodes=list("ABCDE"),
                     edges=[Edge(0, 1, 4.0), Edge(0, 2, 1.0), Edge(2, 1, 2.0), Edge(1, 3, 5.0),
                            Edge(2, 3, 8.0), Edge(3, 4, 3.0)])
    for seed in range(6):
        cap, facts = _cap(GRAPH, "graph", spec, seed)
        opener = cap.split(".")[0]
        assert "5" in opener and "6" in opener  # vertex and edge counts
        assert "E: 11" in cap  # Dijkstra distance A-C-B-D-E = 1 + 2 + 5 + 3
        assert "weighs 11." in cap or "total weight 11." in cap  # MST 1 + 2 + 3 + 5
        assert "A–B (4)" in cap and "C–B (2)" in cap
        assert "not bipartite" in cap or "non-bipartite" in cap  # triangle A, B, C
        assert not untrue_numbers(cap, facts)


def test_numeric_node_labels_stay_truthful():
    spec = GraphSpec(kind="cycle", nodes=["1", "2", "3", "4", "5"], layout="circular",
                     edges=[Edge(i, (i + 1) % 5) for i in range(5)])
    for seed in range(10):
        cap, facts = _cap(GRAPH, "graph", spec, seed)
        assert not untrue_numbers(cap, facts), cap
        assert "1–2" in cap or "degrees" in cap.lower() or "Degrees" in cap


def test_every_kind_truthful_and_varied():
    for fam, name, kinds in ((CHART, "chart", CHART_KINDS), (GRAPH, "graph", GRAPH_KINDS)):
        writer = get_caption_writer(name)
        for k in kinds:
            caps = set()
            for seed in range(25):
                rng = np.random.default_rng(seed)
                spec = fam.sample_spec(rng, kind=k)
                facts = fam.facts(spec)
                cap = writer.fn(spec, facts, rng)
                assert not untrue_numbers(cap, facts), (name, k, seed, cap)
                caps.add(cap)
            assert len(caps) >= 24, (name, k, len(caps))
