"""The "flowchart" family: algorithm flowcharts (terminals, process boxes, input/output,
decisions, loop arrows).

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('flowchart'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/flow.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.flowchart.draw import aspect, draw
from renderers.flowchart.sample import sample_spec
from renderers.flowchart.spec import FlowchartSpec, flowchart_facts, validate

FlowchartFamily = eval_only_family(__name__, "flowchart", FlowchartSpec, sample=sample_spec,
                                   facts=flowchart_facts, draw=draw, validate=validate,
                                   aspect=aspect)
