"""Seeded random draws that do not depend on what ran before in the process.

Model and adapter initialisation (``nn.init`` inside transformers, open_clip and peft) draws from
the global RNGs of torch, numpy and python. Left alone, those draws depend on everything the
process did first: a stage run after three others in one pipeline process would start from other
weights than the same stage run on its own or resumed after a kill. ``seeded(seed)`` runs a block
with all three seeded from ``seed`` and puts their previous states back afterwards, so the block
draws the same numbers in every process and leaves the rest of the program's draws unchanged.
``derive_seed`` names independent streams (one per stage and purpose) from one recipe seed.

    from mm.seeding import derive_seed, seeded
    with seeded(derive_seed(0, "dpo", "lora")):
        model = get_peft_model(model, config)
"""
from __future__ import annotations

import hashlib
import random
from contextlib import contextmanager
from typing import Iterator


def derive_seed(seed: int, *names: object) -> int:
    """A seed in [0, 2**63) for the stream ``names`` of ``seed``: stable across processes and
    Python versions (sha256, not ``hash()``, which is salted per process)."""
    key = repr((int(seed), *map(str, names))).encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") >> 1


@contextmanager
def seeded(seed: int) -> Iterator[None]:
    """Run the block with torch's, numpy's and python's global RNGs seeded from ``seed``;
    their states before the block are restored after it. Initialisation draws on the CPU, so
    only torch's CPU generator is seeded and forked (touching CUDA's would initialise CUDA)."""
    import numpy as np
    import torch

    py_state, np_state = random.getstate(), np.random.get_state()
    with torch.random.fork_rng(devices=[]):
        torch.random.default_generator.manual_seed(seed)
        random.seed(seed)
        np.random.seed(seed % 2**32)
        try:
            yield
        finally:
            random.setstate(py_state)
            np.random.set_state(np_state)
