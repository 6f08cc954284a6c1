"""The "scientific" family: circuits, force diagrams, inclines, vectors, springs, pendulums,
lens ray diagrams, waves, motion graphs and measuring cylinders.

spec.py holds the spec and its validation, facts.py the physics behind it, sample.py the
sampler, draw/ the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('scientific'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='circuit'), 336).save('/tmp/sci.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.scientific.draw import draw_science
from renderers.scientific.facts import science_facts
from renderers.scientific.sample import sample_science
from renderers.scientific.spec import ScienceSpec, validate


@FAMILIES.register
class ScienceFamily(Family):
    name = "scientific"
    spec_cls = ScienceSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None,
                    topology: str | None = None, quantity: str | None = None) -> ScienceSpec:
        """Knobs: ``kind`` in KINDS (None = random); ``topology`` in TOPOLOGIES (circuits
        only); ``quantity`` in QUANTITIES (motion graphs only)."""
        return sample_science(rng, kind=kind, topology=topology, quantity=quantity)

    def facts(self, spec: ScienceSpec) -> dict:
        return science_facts(spec)

    def draw(self, spec: ScienceSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_science(spec, canvas)
