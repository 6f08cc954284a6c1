"""The "analytic_geometry" family: points, lines, circles, conics and polygons on a grid.

spec.py holds the spec, the equations and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('analytic_geometry'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/a.png')"
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from renderers.analytic_geometry.draw import draw_analytic
from renderers.analytic_geometry.sample import sample_analytic
from renderers.analytic_geometry.spec import AnalyticSpec, spec_facts
from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family


@FAMILIES.register
class AnalyticGeometry(Family):
    name = "analytic_geometry"
    spec_cls = AnalyticSpec

    def sample_spec(self, rng: np.random.Generator, objects: Sequence[str] | None = None,
                    n_objects: int | None = None, show_coords: bool | None = None,
                    show_eq: bool | None = None) -> AnalyticSpec:
        """Random range and objects. ``objects``: kinds to place, from KINDS (or "polygon" for
        a random triangle / quadrilateral); ``n_objects``: how many (1..4) when ``objects`` is
        not given; ``show_coords`` / ``show_eq``: force the labels on or off for all objects."""
        return sample_analytic(rng, objects=objects, n_objects=n_objects,
                               show_coords=show_coords, show_eq=show_eq)

    def facts(self, spec: AnalyticSpec) -> dict:
        return spec_facts(spec)

    def draw(self, spec: AnalyticSpec, canvas: Canvas) -> None:
        draw_analytic(spec, canvas)
