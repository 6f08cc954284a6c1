"""The "heatmap" family: value grids coloured by value, with labels, cell values and a colour
bar.

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('heatmap'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/heatmap.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.heatmap.draw import draw
from renderers.heatmap.sample import sample_spec
from renderers.heatmap.spec import HeatmapSpec, heatmap_facts, validate

HeatmapFamily = eval_only_family(__name__, "heatmap", HeatmapSpec, sample=sample_spec,
                                 facts=heatmap_facts, draw=draw, validate=validate)
