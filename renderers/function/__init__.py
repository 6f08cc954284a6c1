"""The "function" family: plots of y = f(x) with marked points, intervals and asymptotes.

curve.py holds a curve's parameters, spec.py the spec and the facts, text.py the equation text,
sample.py the sampler and draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('function'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/f.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.function.draw import DotLabel, draw
from renderers.function.sample import sample_spec
from renderers.function.spec import FunctionSpec, spec_facts


@FAMILIES.register
class FunctionFamily(Family):
    name = "function"
    spec_cls = FunctionSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None,
                    n_functions: int | None = None, show_expression: str | None = None
                    ) -> FunctionSpec:
        return sample_spec(rng, kind=kind, n_functions=n_functions,
                           show_expression=show_expression)

    def facts(self, spec: FunctionSpec) -> dict:
        return spec_facts(spec)

    def draw(self, spec: FunctionSpec, canvas: Canvas) -> None:
        draw(spec, canvas)

    def label_layout(self, spec: FunctionSpec, size: int = 336) -> list[DotLabel]:
        """Where each marked point's label of the image at ``size`` px went, with its own dot
        and every other dot, in pixels (tests/renderers/test_function_labels.py reads them)."""
        canvas = Canvas(size, height=int(round(size * self.aspect(spec))))
        return draw(spec, canvas)
