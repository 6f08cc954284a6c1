"""The "sketch" family: geometry sketches of named points, segments, circles and marked
angles, without a grid (circle theorems, similar triangles).

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('sketch'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/sketch.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.sketch.draw import draw
from renderers.sketch.sample import sample_spec
from renderers.sketch.spec import SketchSpec, sketch_facts, validate


@FAMILIES.register
class SketchFamily(Family):
    name = "sketch"
    spec_cls = SketchSpec
    eval_only = True  # drawn for DynaMath-style questions; no MAVIS captions are written

    def sample_spec(self, rng: np.random.Generator) -> SketchSpec:
        return sample_spec(rng)

    def facts(self, spec: SketchSpec) -> dict:
        return sketch_facts(spec)

    def draw(self, spec: SketchSpec, canvas: Canvas) -> None:
        validate(spec)
        draw(spec, canvas)
