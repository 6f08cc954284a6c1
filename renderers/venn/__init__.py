"""The "venn" family: Venn diagrams of 2 or 3 sets with region labels and shading.

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('venn'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/venn.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.venn.draw import draw
from renderers.venn.sample import sample_spec
from renderers.venn.spec import VennSpec, validate, venn_facts

VennFamily = eval_only_family(__name__, "venn", VennSpec, sample=sample_spec, facts=venn_facts,
                              draw=draw, validate=validate)
