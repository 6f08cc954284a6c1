"""The "flowchart" family: algorithm flowcharts (terminals, process boxes, input/output,
decisions, loop arrows).

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('flowchart'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/flow.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.flowchart.draw import aspect, draw
from renderers.flowchart.sample import sample_spec
from renderers.flowchart.spec import FlowchartSpec, flowchart_facts, validate


@FAMILIES.register
class FlowchartFamily(Family):
    name = "flowchart"
    spec_cls = FlowchartSpec
    eval_only = True  # drawn for DynaMath-style questions; no MAVIS captions are written

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None) -> FlowchartSpec:
        """``kind`` "loop" or "branch" (None = random)."""
        return sample_spec(rng, kind)

    def facts(self, spec: FlowchartSpec) -> dict:
        return flowchart_facts(spec)

    def aspect(self, spec: FlowchartSpec) -> float:
        return aspect(spec)

    def draw(self, spec: FlowchartSpec, canvas: Canvas) -> None:
        validate(spec)
        draw(spec, canvas)
