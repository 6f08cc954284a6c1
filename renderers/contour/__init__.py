"""The "contour" family: level curves of f(x, y) with their values and labelled points, for
DynaMath-style questions (which point is highest, the level through a point, the direction of
steepest ascent). Evaluation only: no MAVIS captions are written for it.

spec.py holds the spec, f and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('contour'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/c.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.contour.draw import draw_contour
from renderers.contour.sample import sample_contour
from renderers.contour.spec import ContourSpec, spec_facts
from renderers.family import FAMILIES, Family


@FAMILIES.register
class Contour(Family):
    name = "contour"
    spec_cls = ContourSpec
    eval_only = True  # DynaMath's contour plots; not part of the MAVIS caption data

    def sample_spec(self, rng: np.random.Generator) -> ContourSpec:
        return sample_contour(rng)

    def facts(self, spec: ContourSpec) -> dict:
        return spec_facts(spec)

    def draw(self, spec: ContourSpec, canvas: Canvas) -> None:
        draw_contour(spec, canvas)
