"""Diagram renderers: JSON specs -> PIL images, plus the facts each spec implies.

Families: plane_geometry, analytic_geometry, function, solid_geometry, chart, graph, puzzle,
arithmetic, scientific.

    >>> import numpy as np, renderers
    >>> fam = renderers.get_family("chart")
    >>> spec = fam.sample_spec(np.random.default_rng(0))
    >>> img = fam.render(spec, 336); facts = fam.facts(spec)
"""
from __future__ import annotations

import importlib

from renderers.base import (FAMILIES, PALETTE, Canvas, Family, Layout, Spec, Viewport,
                            fmt_num, get_family, get_font, register_family, spec_from_dict,
                            spec_from_json)

# module name per family; imported lazily so that `import renderers` stays cheap
FAMILY_MODULES = {
    "plane_geometry": "renderers.geometry",
    "analytic_geometry": "renderers.analytic",
    "function": "renderers.function",
    "solid_geometry": "renderers.solid",
    "chart": "renderers.chart",
    "graph": "renderers.graph",
    "puzzle": "renderers.puzzle",
    "arithmetic": "renderers.arithmetic",
    "scientific": "renderers.science",
    "object_scene": "renderers.objects",
    "comfort_scene": "renderers.scene3d",
}


def load_all() -> None:
    for mod in FAMILY_MODULES.values():
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:  # a family module not written yet
            if e.name != mod:
                raise


def family_names() -> list[str]:
    load_all()
    return sorted(FAMILIES)


def render(spec: Spec, size: int = 336):
    return get_family(spec.family).render(spec, size)


def facts(spec: Spec) -> dict:
    return get_family(spec.family).facts(spec)


__all__ = ["FAMILIES", "PALETTE", "Canvas", "Family", "Layout", "Spec", "Viewport", "fmt_num",
           "get_family", "get_font", "register_family", "spec_from_dict", "spec_from_json",
           "load_all", "family_names", "render", "facts"]
