"""Sampler of the "table" family: a price list or a bus timetable.

    python -c "import numpy as np; from renderers.table.sample import sample_spec; \
print(sample_spec(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.table.spec import TableSpec

ITEMS = ("Coffee", "Tea", "Muffin", "Bagel", "Juice", "Sandwich", "Soup")
STOPS = ("Station", "Market", "Library", "Park", "Hospital")


def sample_spec(rng: np.random.Generator) -> TableSpec:
    if rng.random() < 0.5:
        n = int(rng.integers(3, 7))
        items = [ITEMS[i] for i in sorted(rng.choice(len(ITEMS), size=n, replace=False))]
        return TableSpec(title="Cafe price list", header=["Item", "Price"],
                         rows=[[it, f"${int(rng.integers(100, 900)) / 100:.2f}"]
                               for it in items])
    nb, ns = int(rng.integers(2, 5)), int(rng.integers(3, 6))
    start = int(rng.integers(6 * 60, 9 * 60))
    gaps = rng.integers(3, 12, size=ns - 1)
    rows = []
    for s in range(ns):
        off = int(gaps[:s].sum())
        rows.append([STOPS[s]] + [f"{(start + 30 * b + off) // 60:02d}:"
                                  f"{(start + 30 * b + off) % 60:02d}" for b in range(nb)])
    return TableSpec(title="Bus timetable", header=["Stop"] + [f"Bus {b + 1}" for b in range(nb)],
                     rows=rows)
