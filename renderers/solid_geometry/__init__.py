"""The "solid_geometry" family: cubes, cuboids, cylinders, cones, spheres, pyramids, prisms.

spec.py holds the spec, the 3-D model and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('solid_geometry'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/s.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.solid_geometry.draw import LabelRecord, draw_solid, scene
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
        f = solid_facts(spec)
        f["label_segments"] = label_segments(spec)
        return f

    def draw(self, spec: SolidSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_solid(spec, canvas)

    def label_layout(self, spec: SolidSpec, size: int = 336) -> list[LabelRecord]:
        """Where each label of the image at ``size`` px went, with the segment (or corner) it
        belongs to and every other drawn segment (or corner), in pixels: what a check of "each
        label is nearer its own segment than any other line" reads."""
        validate(spec)
        canvas = Canvas(size, height=int(round(size * self.aspect(spec))))
        return draw_solid(spec, canvas)


def label_segments(spec: SolidSpec) -> dict:
    """Each measurement label's segment in the projected figure (math units, y up): which
    segment it is, its two ends, and the side (unit normal) the label is drawn on."""
    def r(p):
        return [round(float(p[0]), 4), round(float(p[1]), 4)]
    return {m.key: {"segment": m.segment, "text": m.text, "ends": [r(m.a), r(m.b)],
                    "at": r(((m.a[0] + m.b[0]) / 2, (m.a[1] + m.b[1]) / 2)),
                    "side": r(m.normal)}
            for m in scene(spec).mlabels}
