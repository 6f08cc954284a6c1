"""The "contour" family: level curves of f(x, y) with their values and labelled points, for
DynaMath-style questions (which point is highest, the level through a point, the direction of
steepest ascent). Evaluation only: no MAVIS captions are written for it.

spec.py holds the spec, f and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('contour'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/c.png')"
"""
from __future__ import annotations

from renderers.contour.draw import draw_contour
from renderers.contour.sample import sample_contour
from renderers.contour.spec import ContourSpec, spec_facts
from renderers.family import eval_only_family

ContourFamily = eval_only_family(__name__, "contour", ContourSpec, sample=sample_contour,
                                 facts=spec_facts, draw=draw_contour)
