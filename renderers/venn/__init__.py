"""The "venn" family: Venn diagrams of 2 or 3 sets with region labels and shading.

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('venn'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/venn.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.venn.draw import draw
from renderers.venn.sample import sample_spec
from renderers.venn.spec import VennSpec, validate, venn_facts


@FAMILIES.register
class VennFamily(Family):
    name = "venn"
    spec_cls = VennSpec
    eval_only = True  # drawn for DynaMath-style questions; no MAVIS captions are written

    def sample_spec(self, rng: np.random.Generator, n_sets: int | None = None) -> VennSpec:
        """``n_sets`` 2 or 3 (None = random)."""
        return sample_spec(rng, n_sets)

    def facts(self, spec: VennSpec) -> dict:
        return venn_facts(spec)

    def draw(self, spec: VennSpec, canvas: Canvas) -> None:
        validate(spec)
        draw(spec, canvas)
