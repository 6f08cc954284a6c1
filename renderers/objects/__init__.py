"""The "objects" family: photo-like measuring instruments (thermometers, dial gauges, spring
scales, a ruler under a strobe-lit ball, measuring cylinders with a meniscus) for DynaMath-style
questions.

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('objects'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/objects.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.objects.draw import draw
from renderers.objects.sample import sample_spec
from renderers.objects.spec import ObjectsSpec, object_facts, validate

ObjectsFamily = eval_only_family(__name__, "objects", ObjectsSpec, sample=sample_spec,
                                 facts=object_facts, draw=draw, validate=validate)
