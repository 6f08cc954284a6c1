"""The "heatmap" family: value grids coloured by value, with labels, cell values and a colour
bar.

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('heatmap'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/heatmap.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.heatmap.draw import draw
from renderers.heatmap.sample import sample_spec
from renderers.heatmap.spec import HeatmapSpec, heatmap_facts, validate


@FAMILIES.register
class HeatmapFamily(Family):
    name = "heatmap"
    spec_cls = HeatmapSpec
    eval_only = True  # drawn for DynaMath-style questions; no MAVIS captions are written

    def sample_spec(self, rng: np.random.Generator) -> HeatmapSpec:
        return sample_spec(rng)

    def facts(self, spec: HeatmapSpec) -> dict:
        return heatmap_facts(spec)

    def draw(self, spec: HeatmapSpec, canvas: Canvas) -> None:
        validate(spec)
        draw(spec, canvas)
