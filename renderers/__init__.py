"""Diagram renderers: JSON specs -> PIL images, plus the facts each spec implies.

One subpackage per family, named by its registry key (the dataset's ``family`` column):
plane_geometry, analytic_geometry, function, solid_geometry, chart, graph, puzzle, arithmetic,
scientific, object_scene, comfort_scene, and venn, heatmap, calendar, table, contour, surface3d,
sketch, flowchart (drawn for DynaMath-style questions only). Below them the shared drawing layer: spec.py (the spec
base and its JSON round trip), canvas.py (the canvas and label placement), text.py (fonts,
number formatting), axes.py (Cartesian axes), family.py (the family contract and registry).

    >>> import numpy as np, renderers
    >>> fam = renderers.get_family("chart")
    >>> spec = fam.sample_spec(np.random.default_rng(0))
    >>> img = fam.render(spec, 336); facts = fam.facts(spec)
"""
from __future__ import annotations

import mm.determinism  # noqa: F401  (first: keeps numpy's AVX-512 kernels off; see there)

from renderers.canvas import PALETTE, Canvas, Layout, Viewport
from renderers.family import (FAMILIES, Family, facts, family_names, get_family, render,
                              spec_from_dict, spec_from_json)
from renderers.spec import Spec
from renderers.text import fmt_num, get_font

__all__ = ["FAMILIES", "PALETTE", "Canvas", "Family", "Layout", "Spec", "Viewport", "fmt_num",
           "get_family", "get_font", "spec_from_dict", "spec_from_json", "family_names",
           "render", "facts"]
