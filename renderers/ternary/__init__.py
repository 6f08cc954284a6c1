"""The "ternary" family: ternary plots of three-part compositions with gridlines, a scale per
part, named points, dashed segments and labelled regions.

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('ternary'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/ternary.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.ternary.draw import draw
from renderers.ternary.sample import sample_spec
from renderers.ternary.spec import TernarySpec, ternary_facts, validate

TernaryFamily = eval_only_family(__name__, "ternary", TernarySpec, sample=sample_spec,
                                 facts=ternary_facts, draw=draw, validate=validate)
