"""The "panels" family: one or more small labelled coordinate planes with curves given by
their equations (graphs, lines, conics, polar and parametric curves), shaded inequality regions,
points and vectors, for DynaMath-style "which graph" and region questions. Evaluation only: no
MAVIS captions are written for it.

spec.py holds the spec, the curves and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('panels'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/p.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.panels.draw import aspect, draw
from renderers.panels.sample import sample_spec
from renderers.panels.spec import PanelsSpec, panels_facts, validate

PanelsFamily = eval_only_family(__name__, "panels", PanelsSpec, sample=sample_spec,
                                facts=panels_facts, draw=draw, validate=validate, aspect=aspect)
