"""The "graph" family: labelled nodes and edges, undirected, weighted or directed.

spec.py holds the spec and the facts (degrees, paths, spanning trees), sample.py the sampler,
draw.py the layouts and the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('graph'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='weighted'), 336).save('/tmp/graph.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.graph.draw import draw_graph
from renderers.graph.sample import sample_graph
from renderers.graph.spec import GraphSpec, graph_facts, validate


@FAMILIES.register
class GraphFamily(Family):
    name = "graph"
    spec_cls = GraphSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None,
                    n_nodes: int | None = None) -> GraphSpec:
        """Knobs: ``kind`` in KINDS (None = random); ``n_nodes`` within NODE_RANGES[kind]."""
        return sample_graph(rng, kind, n_nodes)

    def facts(self, spec: GraphSpec) -> dict:
        return graph_facts(spec)

    def draw(self, spec: GraphSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_graph(spec, canvas)
