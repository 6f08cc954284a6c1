"""The "surface3d" family: a 3-D surface z = f(x, y) drawn in perspective-free (orthographic)
projection with its axes box, ticks and marked points, for DynaMath-style questions (which
function is drawn, where its maximum is, how many peaks). Evaluation only: no MAVIS captions.

spec.py holds the spec, f and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('surface3d'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/s.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.surface3d.draw import draw_surface
from renderers.surface3d.sample import sample_surface
from renderers.surface3d.spec import SurfaceSpec, spec_facts


@FAMILIES.register
class Surface3D(Family):
    name = "surface3d"
    spec_cls = SurfaceSpec
    eval_only = True  # DynaMath's 3-D surface plots; not part of the MAVIS caption data

    def sample_spec(self, rng: np.random.Generator) -> SurfaceSpec:
        return sample_surface(rng)

    def facts(self, spec: SurfaceSpec) -> dict:
        return spec_facts(spec)

    def draw(self, spec: SurfaceSpec, canvas: Canvas) -> None:
        draw_surface(spec, canvas)
