"""Focused tests of the "graph" renderer: graph-theory facts of hand-built graphs against
hand-computed values, sampler geometry (separation, no edge through a node), knob validation.

    python -m pytest -q tests/renderers/test_graph.py
"""
import json
import math

import numpy as np
import pytest

import renderers.graph  # noqa: F401  (imported directly: independent of other families)
from renderers.family import FAMILIES
from renderers.graph.draw import layout_positions, seg_point_dist
from renderers.graph.spec import KINDS, Edge, GraphSpec

FAM = FAMILIES.get("graph")


def _g(edges, n=5, **kw) -> GraphSpec:
    return GraphSpec(nodes=list("ABCDEFGH"[:n]),
                     edges=[Edge(u, v, float(w)) for u, v, w in edges], **kw)


def test_weighted_graph_by_hand():
    # A-B 4, A-C 1, C-B 2, B-D 5, C-D 8, D-E 3
    spec = _g([(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 5), (2, 3, 8), (3, 4, 3)],
              kind="weighted", weighted=True)
    f = FAM.facts(spec)
    assert f["distances"] == {"A": 0, "B": 3, "C": 1, "D": 8, "E": 11}
    assert f["shortest_paths"]["E"] == ["A", "C", "B", "D", "E"]
    assert f["mst_weight"] == 11 and not f["mst_is_forest"]  # 1 + 2 + 3 + 5
    assert f["degrees"] == {"A": 2, "B": 3, "C": 3, "D": 3, "E": 1}
    assert f["degree_sum"] == 12 and f["n_edges"] == 6
    assert f["has_cycle"] and not f["is_tree"] and not f["is_bipartite"]
    assert f["odd_degree_nodes"] == ["B", "C", "D", "E"] and not f["has_euler_path"]
    assert f["weights"]["A–B"] == 4 and f["total_weight"] == 23
    assert f["farthest_node"] == "E" and f["eccentricity"] == 11
    texts = [lb.text for lb in FAM.render_with_layout(spec, 336)[1].labels]
    assert sorted(t for t in texts if t.isdigit()) == sorted(["4", "1", "2", "5", "8", "3"])
    assert set("ABCDE") <= set(texts)


def test_directed_cycle_and_dag():
    cyc = _g([(0, 1, 1), (1, 2, 1), (2, 0, 1), (2, 3, 1)], n=4, kind="directed", directed=True)
    f = FAM.facts(cyc)
    assert f["has_cycle"] and not f["is_dag"] and "topological_order" not in f
    assert f["in_degrees"] == {"A": 1, "B": 1, "C": 1, "D": 1}
    assert f["out_degrees"] == {"A": 1, "B": 1, "C": 2, "D": 0}
    assert f["sinks"] == ["D"] and f["sources"] == []
    assert f["distances"] == {"A": 0, "B": 1, "C": 2, "D": 3}
    dag = _g([(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1)], n=4, kind="directed", directed=True)
    f = FAM.facts(dag)
    assert f["is_dag"] and f["topological_order"] == ["A", "B", "C", "D"]
    assert f["is_tree"] is False and f["is_arborescence"] is False
    back = _g([(1, 0, 1)], n=2, kind="directed", directed=True)
    assert FAM.facts(back)["distances"] == {"A": 0, "B": None}  # arrows are one-way


def test_disconnected_components():
    spec = _g([(0, 1, 1), (2, 3, 1)], n=5)
    f = FAM.facts(spec)
    assert f["n_components"] == 3 and f["components"] == [["A", "B"], ["C", "D"], ["E"]]
    assert f["distances"]["C"] is None and f["isolated_nodes"] == ["E"]
    assert not f["is_connected"] and not f["has_cycle"] and f["is_bipartite"]


def test_tree_facts_and_layered_layout():
    spec = FAM.sample_spec(np.random.default_rng(3), kind="tree", n_nodes=9)
    f = FAM.facts(spec)
    assert f["is_tree"] and f["n_edges"] == 8 and f["root"] == spec.nodes[0] and not f["has_cycle"]
    pos = layout_positions(spec)
    for e in spec.edges:  # parents are drawn above their children
        assert pos[e.u][1] > pos[e.v][1]
    assert f["height"] == max(f["depths"].values())
    kids = sum(len(c) for c in f["children"].values())
    assert kids == 8


def test_special_kinds():
    rng = np.random.default_rng(0)
    f = FAM.facts(FAM.sample_spec(rng, kind="grid", n_nodes=12))
    assert (f["grid_rows"], f["grid_cols"], f["n_edges"]) == (3, 4, 17) and f["is_bipartite"]
    f = FAM.facts(FAM.sample_spec(rng, kind="complete", n_nodes=5))
    assert f["n_edges"] == 10 and set(f["degrees"].values()) == {4}
    f5 = FAM.facts(FAM.sample_spec(rng, kind="cycle", n_nodes=5))
    f6 = FAM.facts(FAM.sample_spec(rng, kind="cycle", n_nodes=6))
    assert not f5["is_bipartite"] and f6["is_bipartite"] and f6["has_euler_circuit"]
    for seed in range(10):
        spec = FAM.sample_spec(np.random.default_rng(seed), kind="bipartite")
        f = FAM.facts(spec)
        assert f["is_bipartite"] and f["is_connected"] is not None
        assert all(spec.layers[e.u] != spec.layers[e.v] for e in spec.edges)


def test_sampled_geometry_is_clean():
    """Nodes keep apart and no edge passes through a node it does not join."""
    for kind in ("general", "weighted", "directed"):
        for seed in range(40):
            spec = FAM.sample_spec(np.random.default_rng(seed), kind=kind)
            pos = layout_positions(spec)
            n = len(pos)
            dmin = min(math.dist(pos[i], pos[j]) for i in range(n) for j in range(i + 1, n))
            assert dmin >= 0.25, (kind, seed, dmin)
            for e in spec.edges:
                for k in range(n):
                    if k not in (e.u, e.v):
                        assert seg_point_dist(pos[e.u], pos[e.v], pos[k]) >= 0.1, (kind, seed)
            if kind == "weighted":
                assert FAM.facts(spec)["is_connected"]


def test_knobs_and_validation():
    rng = np.random.default_rng(1)
    for k in KINDS:
        assert FAM.sample_spec(rng, kind=k).kind == k
    assert len(FAM.sample_spec(rng, kind="general", n_nodes=7).nodes) == 7
    with pytest.raises(ValueError, match="valid kinds: general, weighted"):
        FAM.sample_spec(rng, kind="hypercube")
    with pytest.raises(ValueError, match="valid: 4, 6, 8, 9, 12"):
        FAM.sample_spec(rng, kind="grid", n_nodes=7)
    with pytest.raises(ValueError, match="valid: 3..7"):
        FAM.sample_spec(rng, kind="complete", n_nodes=9)
    with pytest.raises(ValueError, match="appears twice"):
        FAM.facts(_g([(0, 1, 1), (1, 0, 1)], n=3))
    with pytest.raises(ValueError, match="two different nodes"):
        FAM.facts(_g([(0, 0, 1)], n=3))


def test_hand_spec_without_positions_draws():
    spec = _g([(0, 1, 2), (1, 2, 3), (2, 3, 4)], n=4, weighted=True, layout="layered")
    img, layout = FAM.render_with_layout(spec, 224)
    texts = {lb.text for lb in layout.labels}
    assert {"A", "B", "C", "D", "2", "3", "4"} <= texts
    d = json.loads(spec.to_json())
    assert d["family"] == FAM.name
    back = GraphSpec.from_dict(d)
    assert back == spec and isinstance(back.edges[0], Edge)
