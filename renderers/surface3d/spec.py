"""3-D surface plots z = f(x, y) over a square, with marked points, for DynaMath-style questions
(which function is drawn, where the maximum is, how many peaks, which marked point is highest).

f(x, y) = a x² + b y² + p x + q y + d + w sin(x) cos(y) + the sum of Gaussian peaks
h exp(-((x - x0)² + (y - y0)²) / (2 s²)): bowls, saddles, planes, waves and hills from one
formula whose terms are all JSON numbers. Marked points sit on the surface (with a dashed drop
line to the floor, ``on_floor`` False) or on the floor (``on_floor`` True). ``facts`` gives f at
every marked point, which is highest, the maximum on a fine mesh and where it is, and the number
of peaks (strict local maxima inside the square).

    python -c "import numpy as np, renderers; f = renderers.get_family('surface3d'); \
s = f.sample_spec(np.random.default_rng(0)); f.render(s, 336).save('/tmp/s.png'); print(f.facts(s))"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from renderers.spec import Spec
from renderers.text import r2


@dataclass
class Peak:
    x: float
    y: float
    height: float
    width: float


@dataclass
class SurfacePoint:
    name: str
    x: float
    y: float
    on_floor: bool = False  # drawn on the floor plane (else on the surface, with a drop line)


@dataclass
class SurfaceSpec(Spec):
    family: ClassVar[str] = "surface3d"

    extent: int = 3  # x and y run over [-extent, extent]
    quad: list[float] = field(default_factory=lambda: [0.0, 0.0])  # a, b of a x² + b y²
    plane: list[float] = field(default_factory=lambda: [0.0, 0.0])  # p, q of p x + q y
    const: float = 0.0
    wave: float = 0.0  # w of w sin(x) cos(y)
    peaks: list[Peak] = field(default_factory=list)
    points: list[SurfacePoint] = field(default_factory=list)
    azim: float = -60.0  # degrees: the camera's direction in the xy-plane
    elev: float = 28.0  # degrees above the floor
    color: str = "blue"
    title: str = ""  # written above the plot when set


def values(spec: SurfaceSpec, x, y):
    """f at x, y (numbers or numpy arrays)."""
    a, b = spec.quad
    p, q = spec.plane
    z = a * x * x + b * y * y + p * x + q * y + spec.const + spec.wave * np.sin(x) * np.cos(y)
    for k in spec.peaks:
        z = z + k.height * np.exp(-((x - k.x) ** 2 + (y - k.y) ** 2) / (2 * k.width ** 2))
    return z


def mesh(spec: SurfaceSpec, n: int):
    t = np.linspace(-spec.extent, spec.extent, n)
    xs, ys = np.meshgrid(t, t)
    return xs, ys, values(spec, xs, ys)


def count_peaks(z: np.ndarray) -> int:
    """Strict local maxima of a mesh away from its border (numpy by hand: scipy's
    maximum_filter is not a dependency of the suite)."""
    c = z[1:-1, 1:-1]
    ok = np.ones(c.shape, bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                ok &= c > z[1 + dy:z.shape[0] - 1 + dy, 1 + dx:z.shape[1] - 1 + dx]
    return int(ok.sum())


def spec_facts(spec: SurfaceSpec) -> dict:
    xs, ys, z = mesh(spec, 121)
    i = np.unravel_index(int(np.argmax(z)), z.shape)
    vals = {p.name: round(float(values(spec, p.x, p.y)), 6) for p in spec.points}
    out = {"extent": spec.extent, "values": vals, "max": round(float(z[i]), 4),
           "argmax": [r2(xs[i]), r2(ys[i])],
           "min": round(float(z.min()), 4), "peaks": count_peaks(z)}
    if vals:
        out["highest"] = max(vals, key=vals.get)
        out["lowest"] = min(vals, key=vals.get)
    return out
