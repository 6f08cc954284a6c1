"""The visual type of a DynaMath variant's figure (function plot, table, Venn diagram, ...),
named in DynaMath's vocabulary and derived from the renderer spec the seed draws.

Why derived: a seed's figure is its spec, so the family (and, where one family draws several
kinds of picture, the spec's ``kind``) says what the picture is; no list kept per seed goes
stale when a seed changes its drawing. A seed whose spec does not say it (a matrix drawn as a
grid of numbered cells by the heatmap family) sets ``visual_type`` on its class. A family not
named here (one added later) is counted under ``GENERIC`` until it is.

    mm-data dynamath list        # the visual type is the last column
"""
from __future__ import annotations

from renderers.spec import Spec

GENERIC = "diagram"

#: renderer family -> visual type
BY_FAMILY = {
    "function": "function plot",
    "analytic_geometry": "coordinate plot",
    "panels": "multi-panel plot",
    "plane_geometry": "geometry diagram",
    "sketch": "geometry diagram",
    "solid_geometry": "solid figure",
    "chart": "chart",
    "table": "table",
    "heatmap": "heatmap",
    "venn": "Venn diagram",
    "surface3d": "3-D surface",
    "contour": "contour plot",
    "ternary": "ternary plot",
    "graph": "graph/network",
    "flowchart": "flowchart",
    "calendar": "calendar",
    "scientific": "scientific figure",
    "puzzle": "puzzle figure",
    "arithmetic": "arithmetic figure",
    "objects": "photo-like",
    "object_scene": "photo-like",
    "comfort_scene": "photo-like",
    "matrix": "matrix",
}

#: (family, spec kind) -> visual type, where a kind of a family is a type of its own
BY_KIND = {
    ("chart", "table"): "table",
    ("arithmetic", "clock"): "clock",
    ("arithmetic", "number_line"): "number line",
}

#: every name a variant's visual type takes (a seed's own ``visual_type`` is one of them)
VISUAL_TYPES = tuple(sorted({GENERIC, *BY_FAMILY.values(), *BY_KIND.values()}))


def spec_visual_type(spec: Spec) -> str:
    """The visual type a spec draws: by its family and kind, else ``GENERIC``."""
    kind = getattr(spec, "kind", None)
    if isinstance(kind, str) and (spec.family, kind) in BY_KIND:
        return BY_KIND[(spec.family, kind)]
    return BY_FAMILY.get(spec.family, GENERIC)
