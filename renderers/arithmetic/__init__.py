"""The "arithmetic" family: clocks, number lines, equation cards with shape symbols, receipts
and price tags, coins and banknotes, fraction bars and circles, tally charts, rulers,
thermometers and bar models.

spec.py holds the specs, validation and facts; sample.py the sampler; draw/ one module per
kind (ink.py: the helpers they share).

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='receipt'), 336).save('/tmp/r.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.arithmetic.draw import aspect, draw_arithmetic
from renderers.arithmetic.sample import sample_arithmetic
from renderers.arithmetic.spec import KINDS, ArithmeticSpec, arithmetic_facts, validate
from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family


@FAMILIES.register
class ArithmeticFamily(Family):
    name = "arithmetic"
    spec_cls = ArithmeticSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None) -> ArithmeticSpec:
        """Knob: ``kind`` in KINDS (None = random)."""
        if kind is not None and kind not in KINDS:
            raise ValueError(f"arithmetic kind {kind!r} is not valid; valid kinds: "
                             f"{', '.join(KINDS)}")
        return sample_arithmetic(rng, kind)

    def facts(self, spec: ArithmeticSpec) -> dict:
        return arithmetic_facts(spec)

    def aspect(self, spec: ArithmeticSpec) -> float:
        return aspect(spec)

    def draw(self, spec: ArithmeticSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_arithmetic(spec, canvas)
