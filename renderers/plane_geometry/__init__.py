"""The "plane_geometry" family: a base shape with up to three shapes attached along its sides.

spec.py holds the spec, the coordinate model and the facts; sample.py the sampler; draw.py the
drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('plane_geometry'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/g.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.plane_geometry.draw import LabelRecord, draw
from renderers.plane_geometry.sample import sample_spec
from renderers.plane_geometry.spec import PlaneGeometrySpec, geometry_facts


@FAMILIES.register
class PlaneGeometry(Family):
    name = "plane_geometry"
    spec_cls = PlaneGeometrySpec

    def sample_spec(self, rng: np.random.Generator, base: str | None = None,
                    n_attached: int | None = None, attach: list[str] | None = None
                    ) -> PlaneGeometrySpec:
        """Knobs: base (one of BASES), n_attached (0..3), attach (attachment kinds, in
        order; implies n_attached)."""
        return sample_spec(rng, base=base, n_attached=n_attached, attach=attach)

    def facts(self, spec: PlaneGeometrySpec) -> dict:
        return geometry_facts(spec)

    def draw(self, spec: PlaneGeometrySpec, canvas: Canvas) -> None:
        draw(spec, canvas)

    def label_layout(self, spec: PlaneGeometrySpec, size: int = 336) -> list[LabelRecord]:
        """Where each vertex letter and side length of the image at ``size`` px went, with
        its own point or side and every other point or drawn line, in pixels (the check of
        tests/renderers/solid_labels.py reads them)."""
        canvas = Canvas(size, height=int(round(size * self.aspect(spec))))
        return draw(spec, canvas)
