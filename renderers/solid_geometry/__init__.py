"""The "solid_geometry" family: cubes, cuboids, cylinders, cones, spheres, pyramids, prisms.

spec.py holds the spec, the 3-D model and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('solid_geometry'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/s.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.solid_geometry.draw import draw_solid
from renderers.solid_geometry.sample import sample_solid
from renderers.solid_geometry.spec import SolidSpec, solid_facts, validate


@FAMILIES.register
class SolidFamily(Family):
    name = "solid_geometry"
    spec_cls = SolidSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None,
                    base: str | None = None, projection: str | None = None) -> SolidSpec:
        """Knobs: ``kind`` in KINDS, ``base`` (pyramid: square|triangle, prism:
        triangle|hexagon), ``projection`` in PROJECTIONS."""
        return sample_solid(rng, kind=kind, base=base, projection=projection)

    def facts(self, spec: SolidSpec) -> dict:
        return solid_facts(spec)

    def draw(self, spec: SolidSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_solid(spec, canvas)
