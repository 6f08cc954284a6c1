"""Random surface specs: a bowl, saddle or plane plus one to three peaks, two marked points.

    python -c "import numpy as np; from renderers.surface3d.sample import sample_surface; \
print(sample_surface(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.surface3d.spec import Peak, SurfacePoint, SurfaceSpec


def sample_surface(rng: np.random.Generator) -> SurfaceSpec:
    a, b = (float(v) for v in rng.choice([-0.5, -0.25, 0.0, 0.25, 0.5], size=2))
    peaks = [Peak(float(rng.integers(-2, 3)), float(rng.integers(-2, 3)),
                  float(rng.choice([-1, 1]) * rng.integers(2, 6)), float(rng.uniform(0.6, 1.2)))
             for _ in range(int(rng.integers(1, 4)))]
    pts = [SurfacePoint(n, float(rng.integers(-3, 4)), float(rng.integers(-3, 4)),
                        bool(rng.random() < 0.5)) for n in "PQ"]
    return SurfaceSpec(quad=[a, b], peaks=peaks, points=pts,
                       azim=float(rng.choice([-60.0, -50.0, -120.0, 30.0])),
                       color=str(rng.choice(["blue", "green", "purple", "orange"])))
