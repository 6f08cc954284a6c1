"""Random contour specs: two or three hills and valleys, five levels between the extremes
seen on the grid, three labelled points.

    python -c "import numpy as np; from renderers.contour.sample import sample_contour; \
print(sample_contour(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.contour.spec import Bump, ContourSpec, Marked, grid_values


def sample_contour(rng: np.random.Generator) -> ContourSpec:
    bumps = [Bump(float(rng.integers(-3, 4)), float(rng.integers(-3, 4)),
                  float(rng.choice([-1, 1]) * rng.integers(3, 9)), float(rng.uniform(1.2, 2.2)))
             for _ in range(int(rng.integers(2, 4)))]
    spec = ContourSpec(bumps=bumps)
    xs, ys = np.meshgrid(np.linspace(-5, 5, 41), np.linspace(-5, 5, 41))
    z = grid_values(spec, xs, ys)
    spec.levels = [round(float(v), 1) for v in np.linspace(z.min(), z.max(), 7)[1:-1]]
    spec.points = [Marked(n, float(rng.integers(-4, 5)), float(rng.integers(-4, 5)))
                   for n in "ABC"]
    return spec
