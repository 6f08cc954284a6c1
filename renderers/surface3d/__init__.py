"""The "surface3d" family: a 3-D surface z = f(x, y) drawn in perspective-free (orthographic)
projection with its axes box, ticks and marked points, for DynaMath-style questions (which
function is drawn, where its maximum is, how many peaks). Evaluation only: no MAVIS captions.

spec.py holds the spec, f and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('surface3d'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/s.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.surface3d.draw import draw_surface
from renderers.surface3d.sample import sample_surface
from renderers.surface3d.spec import SurfaceSpec, spec_facts

Surface3DFamily = eval_only_family(__name__, "surface3d", SurfaceSpec, sample=sample_surface,
                                   facts=spec_facts, draw=draw_surface)
