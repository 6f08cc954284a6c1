"""The "sketch" family: geometry sketches of named points, segments, circles and marked
angles, without a grid (circle theorems, similar triangles).

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('sketch'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/sketch.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.sketch.draw import draw
from renderers.sketch.sample import sample_spec
from renderers.sketch.spec import SketchSpec, sketch_facts, validate

SketchFamily = eval_only_family(__name__, "sketch", SketchSpec, sample=sample_spec,
                                facts=sketch_facts, draw=draw, validate=validate)
