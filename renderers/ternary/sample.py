"""Sampler of the "ternary" family: 3-5 named compositions on the gridlines (whole multiples of
the step), optionally one region split of the triangle.

    python -c "import numpy as np; from renderers.ternary.sample import sample_spec; \
print(sample_spec(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.spec import rng_choice
from renderers.ternary.spec import TernarySpec, TernPoint

CONTEXTS = (("Soil samples", ("Clay", "Silt", "Sand")),
            ("Alloy compositions", ("Copper", "Zinc", "Tin")),
            ("Fruit punch recipes", ("Apple", "Orange", "Mango")),
            ("Concrete mixes", ("Cement", "Sand", "Gravel")))


def grid_comp(rng: np.random.Generator, step: int = 10, lo: int = 1) -> list[float]:
    """A composition on the gridlines: each part a multiple of ``step``, at least lo steps."""
    n = 100 // step
    while True:
        a, b = (int(v) for v in rng.integers(lo, n - lo, size=2))
        c = n - a - b
        if c >= lo:
            return [float(a * step), float(b * step), float(c * step)]


def sample_spec(rng: np.random.Generator, n_points: int | None = None) -> TernarySpec:
    title, parts = rng_choice(rng, CONTEXTS)
    n = n_points or int(rng.integers(3, 6))
    comps: list[list[float]] = []
    while len(comps) < n:
        c = grid_comp(rng)
        if c not in comps:
            comps.append(c)
    return TernarySpec(title=title, parts=list(parts),
                       points=[TernPoint(nm, c) for nm, c in zip("PQRST", comps)])
