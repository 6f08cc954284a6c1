"""The flowchart family: facts follow the arrows, every box text is written, bad specs fail
with one line."""
import numpy as np
import pytest

import renderers
from renderers.flowchart.sample import branch_chart
from renderers.flowchart.spec import FlowchartSpec, FlowEdge, FlowNode


def test_facts_give_the_successors_of_a_decision():
    spec = branch_chart("Input x", "x > 2?", "y = x", "y = 0", "Output y")
    f = renderers.facts(spec)
    assert f["successors"]["2"] == {"Yes": 3, "No": 4} and f["decisions"] == 1


def test_every_box_text_is_a_label():
    spec = branch_chart("Input x", "x > 2?", "y = x", "y = 0", "Output y")
    _, layout = renderers.get_family("flowchart").render_with_layout(spec, 336)
    texts = [lb.text for lb in layout.labels]
    assert all(n.text in texts for n in spec.nodes) and {"Yes", "No"} <= set(texts)


def test_bad_specs():
    with pytest.raises(ValueError, match="kind 'oval'"):
        renderers.facts(FlowchartSpec(nodes=[FlowNode("oval", "x")]))
    with pytest.raises(ValueError, match="share a grid cell"):
        renderers.facts(FlowchartSpec(nodes=[FlowNode("start", "a"), FlowNode("end", "b")]))
    with pytest.raises(ValueError, match="out of range"):
        renderers.facts(FlowchartSpec(nodes=[FlowNode("start", "a")], edges=[FlowEdge(0, 3)]))


def test_loop_chart_is_taller_than_wide_only_when_it_has_many_rows():
    f = renderers.get_family("flowchart")
    assert f.aspect(f.sample_spec(np.random.default_rng(0), kind="branch")) == pytest.approx(1.2)
