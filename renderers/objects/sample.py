"""Sampler of the "objects" family: one or two instruments of a kind with nice scales, each
showing a value on a small division.

    python -c "import numpy as np; from renderers.objects.sample import sample_spec; \
print(sample_spec(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.objects.spec import KINDS, Instrument, ObjectsSpec, Scale
from renderers.spec import rng_choice

# kind -> scales (lo, hi, minor, major, unit) the instrument is drawn with
SCALES = {"thermometer": ((-10, 50, 1, 10, "°C"), (0, 100, 2, 10, "°C"), (-20, 40, 1, 10, "°C")),
          "gauge": ((0, 160, 10, 40, "km/h"), (0, 400, 10, 100, "kPa"), (0, 5, 0.1, 1, "A")),
          "spring_scale": ((0, 10, 0.5, 2, "N"), (0, 5, 0.25, 1, "N"), (0, 20, 1, 5, "N")),
          "ruler": ((0, 20, 0.5, 2, "cm"), (0, 30, 1, 5, "cm")),
          "cylinder": ((0, 100, 2, 10, "mL"), (0, 50, 1, 10, "mL"), (0, 250, 5, 50, "mL"))}


def _value(rng: np.random.Generator, sc: Scale) -> float:
    n = int(round((sc.hi - sc.lo) / sc.minor))
    return round(sc.lo + sc.minor * int(rng.integers(1, n)), 9)


def sample_spec(rng: np.random.Generator, kind: str | None = None) -> ObjectsSpec:
    """kind: one of KINDS (random when None)."""
    kind = kind or rng_choice(rng, KINDS)
    lo, hi, minor, major, unit = rng_choice(rng, SCALES[kind])
    sc = Scale(float(lo), float(hi), float(minor), float(major), unit)
    if kind == "ruler":
        start = float(rng.integers(1, 4))
        gaps = [float(g) for g in np.cumsum(rng.integers(2, 5, size=3))]
        marks = [start] + [start + g for g in gaps]
        return ObjectsSpec(items=[Instrument("ruler", sc, marks=marks, mark_labels=[
            str(k + 1) for k in range(len(marks))])])
    n = int(rng.integers(1, 3))
    return ObjectsSpec(items=[Instrument(kind, sc, _value(rng, sc),
                                         caption=("A", "B")[i] if n == 2 else "")
                              for i in range(n)])
