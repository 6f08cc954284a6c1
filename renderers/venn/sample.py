"""Sampler of the "venn" family: 2 or 3 named sets with a whole-number count in every region.

    python -c "import numpy as np; from renderers.venn.sample import sample_spec; \
print(sample_spec(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.spec import rng_choice
from renderers.venn.spec import REGIONS, VennSpec

CONTEXTS = (("Students in clubs", ("Chess", "Music", "Drama")),
            ("Sports played", ("Football", "Tennis", "Swimming")),
            ("Languages spoken", ("French", "Spanish", "German")),
            ("Pets owned", ("Dog", "Cat", "Fish")))


def sample_spec(rng: np.random.Generator, n_sets: int | None = None) -> VennSpec:
    n = n_sets or int(rng.integers(2, 4))
    title, names = rng_choice(rng, CONTEXTS)
    labels = {c: str(int(rng.integers(0, 30))) for c in REGIONS[n]}
    shade = [c for c in REGIONS[n] if rng.random() < 0.2]
    return VennSpec(title=title, sets=list(names[:n]), labels=labels, shade=shade)
