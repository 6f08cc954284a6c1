"""Random solid-geometry specs: a kind, nice dimensions, a view, and what is labelled.

    python -c "import numpy as np; from renderers.solid_geometry.sample import sample_solid; \
print(sample_solid(np.random.default_rng(0), kind='cone'))"
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from renderers.solid_geometry.draw import view_clash
from renderers.solid_geometry.spec import (BASES, COLORS, EXTRAS, KINDS, MEASURES, PROJECTIONS,
                                           ROUND_KINDS, SolidSpec, base_polygon)
from renderers.spec import rng_choice


def _dim(rng: np.random.Generator, lo: int, hi: int, half: float = 0.15) -> float:
    v = float(rng.integers(lo, hi + 1))
    return v + 0.5 if rng.random() < half else v


def _clip(x: float, lo: float, hi: float) -> float:
    """Clamp to keep the drawing's proportions readable; rounded so labels show it exactly."""
    return round(float(min(max(x, lo), hi)), 2)


def _names(rng: np.random.Generator, spec: SolidSpec) -> list[str]:
    if spec.kind in ROUND_KINDS:
        if spec.kind == "cylinder":
            return list(rng_choice(rng, [("O", "O'"), ("O", "P"), ("P", "Q")]))
        if spec.kind == "cone":
            return list(rng_choice(rng, [("S", "O"), ("P", "O"), ("V", "O"), ("A", "O")]))
        return [rng_choice(rng, ["O", "C", "P"])]
    n = len(base_polygon(spec))
    base = [chr(ord("A") + i) for i in range(n)]
    if spec.kind == "pyramid":
        return base + [rng_choice(rng, ["P", "S", "V", chr(ord("A") + n)])]
    if n <= 4 and rng.random() < 0.5:
        return base + [chr(ord("A") + n + i) for i in range(n)]
    suffix = "'" if n == 6 or rng.random() < 0.7 else "1"
    return base + [x + suffix for x in base]


def sample_solid(rng: np.random.Generator, kind: str | None = None, base: str | None = None,
                 projection: str | None = None) -> SolidSpec:
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown solid kind {kind!r}; valid: {', '.join(KINDS)}")
    if projection is not None and projection not in PROJECTIONS:
        raise ValueError(f"unknown projection {projection!r}; valid: {', '.join(PROJECTIONS)}")
    kind = kind or rng_choice(rng, KINDS)
    valid_bases = BASES.get(kind, ("",))
    if base is not None and base not in valid_bases:
        raise ValueError(f"{kind}: unknown base {base!r}; valid: "
                         f"{', '.join(repr(b) for b in valid_bases)}")
    s = SolidSpec(kind=kind, base=base if base is not None else rng_choice(rng, valid_bases))
    if kind == "cube":
        s.a = _dim(rng, 2, 10)
    elif kind == "cuboid":
        s.a, s.b, s.c = _dim(rng, 4, 12), _dim(rng, 2, 8), _dim(rng, 2, 10)
        s.c = min(s.c, 2 * s.a)
    elif kind == "cylinder":
        s.radius, s.height = _dim(rng, 2, 8), _dim(rng, 3, 14)
        s.height = _clip(s.height, 0.7 * s.radius, 3.2 * s.radius)
    elif kind == "cone":
        if rng.random() < 0.4:  # Pythagorean triples give a whole slant height
            s.radius, s.height = (float(x) for x in rng_choice(
                rng, [(3, 4), (6, 8), (5, 12), (8, 15), (9, 12), (7, 24), (4, 3), (12, 9)]))
        else:
            s.radius, s.height = _dim(rng, 2, 8), _dim(rng, 3, 15)
            s.height = _clip(s.height, 0.8 * s.radius, 3.5 * s.radius)
    elif kind == "sphere":
        s.radius = _dim(rng, 1, 12)
    elif kind == "pyramid":
        s.a = _dim(rng, 3, 12)
        if s.base == "square" and rng.random() < 0.4:
            s.a, s.height = (float(x) for x in rng_choice(
                rng, [(6, 4), (8, 3), (10, 12), (16, 6), (12, 8), (18, 12)]))
        else:
            s.height = _clip(_dim(rng, 3, 14), 0.7 * s.a, 1.8 * s.a)
    else:  # prism
        s.a = _dim(rng, 2, 9)
        s.height = _clip(_dim(rng, 3, 14), 0.8 * s.a,
                         (2.5 if s.base == "triangle" else 3.0) * s.a)
    round_kind = kind in ROUND_KINDS
    _sample_view(rng, s, projection)
    if not round_kind and len(base_polygon(s)) == 6:
        s.vertex_names = _names(rng, s) if rng.random() < 0.5 else []
    else:
        s.vertex_names = _names(rng, s) if rng.random() < (0.85 if not round_kind else 0.5) else []
    meas = MEASURES[kind]
    if kind in ("cube", "sphere"):
        shown = list(meas) if rng.random() < 0.85 else []
    elif kind == "pyramid":
        shown = ["base_edge", rng_choice(rng, ["height", "slant", "lateral_edge"])]
    elif kind == "cone":
        shown = list(rng_choice(rng, [("radius", "height"), ("radius", "slant"),
                                      ("radius", "height", "slant"), ("height", "slant")]))
    elif kind == "cuboid":
        shown = list(meas) if rng.random() < 0.7 else [m for m in meas if rng.random() < 0.6]
    else:
        shown = list(meas)
    if not shown and not s.vertex_names:
        shown = [meas[0]]
    s.shown = shown
    extras = [e for e in EXTRAS[kind] if e not in shown and rng.random() < 0.2]
    s.extras = extras[:1]
    r = rng.random()
    s.label_style = "value" if r < 0.65 else ("named" if r < 0.9 else "symbol")
    s.unit = rng_choice(rng, ["", "", "", "cm", "m"])
    s.shade = bool(rng.random() < 0.5)
    s.color = rng_choice(rng, COLORS)
    # a view in which a corner falls on an edge, two edges from a corner (nearly) coincide or a
    # line crosses a labelled midpoint misleads the reader: draw another from the same stream
    for _ in range(MAX_VIEWS):
        if view_clash(s) is None:
            break
        _sample_view(rng, s, projection)
    return s


MAX_VIEWS = 40


def _sample_view(rng: np.random.Generator, s: SolidSpec, projection: str | None) -> None:
    round_kind = s.kind in ROUND_KINDS
    s.projection = projection or ("orthographic" if round_kind or rng.random() < 0.45
                                  else "oblique")
    if s.kind == "sphere" or (s.base == "hexagon" and projection is None):
        # an oblique hexagon shows a sliver face whatever the angle; spheres are never oblique
        s.projection = "orthographic"
    if s.projection == "oblique":
        s.view_angle = float(rng_choice(rng, [30, 40, 45, 45, 135, 140, 150]))
        s.depth_ratio = float(rng_choice(rng, [0.5, 0.5, 0.6, 0.7]))
    else:
        # triangle / hexagon faces turn edge-on near +-30 degrees: keep clear of them
        odd = not round_kind and s.base in ("triangle", "hexagon")
        az = (rng_choice(rng, [10, 12, 14, 16, 18, 20, 40, 42, 44, 46, 48, 50]) if odd
              else rng.integers(18, 36))
        s.view_angle = float(az) * (1 if rng.random() < 0.6 else -1)
        s.elevation = float(rng.integers(12, 22) if round_kind else rng.integers(16, 30))



# azimuth / elevation steps (degrees) tried, in order, by ``settle_view``
NUDGES = ((0, 0), (7, 0), (-7, 0), (0, 6), (14, 0), (-14, 0), (7, 6), (-7, 6), (21, 3), (-21, 3),
          (0, -6), (28, 0), (-28, 0))


def settle_view(spec: SolidSpec, clash: Callable[[SolidSpec], str | None] = view_clash
                ) -> SolidSpec:
    """The spec, or the nearest view to it that does not mislead, for callers whose view is
    fixed by parameters without a generator at hand (DynaMath seeds): an oblique view turns its
    receding axis, an orthographic one its azimuth and elevation. ``clash`` judges a view:
    ``view_clash`` (every label set, for a caller that labels the figure afterwards) or
    ``drawn_clash`` (what the spec itself draws). The result depends on the spec alone."""
    for da, de in NUDGES:
        if spec.projection == "oblique" and spec.kind != "sphere":
            cand = spec.replace(view_angle=spec.view_angle + da,
                                depth_ratio=spec.depth_ratio if de >= 0 else 0.5)
        else:
            cand = spec.replace(view_angle=spec.view_angle + da,
                                elevation=min(35.0, spec.elevation + de))
        if clash(cand) is None:
            return cand
    return spec
