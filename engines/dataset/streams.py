"""The one table of random streams: which numbers seed which generator.

Every generator in the data engines draws from ``numpy.random.default_rng`` seeded by a list
that starts with the build seed; the numbers after it keep generators apart. They are part of
the data (changing one changes bytes), so they live here, in one place, and nowhere else.

- ``STREAMS``: the stream id of a dataset kind, second entry of its seed list
  (``unit_seed(seed, kind, u)``; mme-synth ``[seed, 5, subtask, image, attempt]``; pope-synth
  ``[seed, 6, image, attempt]``). A kind not listed gets a stream from its name's first 8 bytes,
  so a new kind needs no entry here.
- the offsets below: added to the build seed, or a fixed entry of a seed list, each named for
  the draw it separates.

Other seed lists, made of their inputs alone: dynamath variants ``[seed, crc32(seed_id),
variant]`` (engines/dynamath/seed.py), contact sheets ``[seed, k, len(family)]``
(engines/sheet.py).

    python -c "from engines.dataset.streams import STREAMS; print(STREAMS)"
"""
from __future__ import annotations

import numpy as np

STREAMS: dict[str, int] = {"mavis-caption": 1, "mavis-instruct": 2, "dpo-pairs": 3,
                           "dynamath": 4, "mme-synth": 5, "pope-synth": 6, "comfort": 7,
                           "mavis-perception": 8}

# pope-synth: an image's probes of split s draw from [seed, 6, image, POPE_PROBE_DRAW, s]; its
# scene from [seed, 6, image, attempt] with attempt < 100, so the two never meet.
POPE_PROBE_DRAW = 1000
# pope-synth training builds with balanced negatives (``negatives: balanced``): image i's absent
# object draws from [seed, 6, i, POPE_BALANCE_DRAW]
POPE_BALANCE_DRAW = 1001
# comfort: ball variation v >= 5 (past COMFORT's five) draws from [seed, v]; car variation v from
# [seed, COMFORT_CAR_OFFSET + v], so the two scene kinds never share a draw.
COMFORT_CAR_OFFSET = 1000
# mavis-instruct, dpo-pairs: whether unit u is multiple choice and its right letter come from
# [seed, stream(kind), ANSWER_SLOT_DRAW, u // 8] (unit seeds are [seed, stream(kind), u]).
ANSWER_SLOT_DRAW = 1_000_001
# mavis-heldout: the evaluation build of mavis-instruct uses seed + MAVIS_HELDOUT_OFFSET, far
# from the seeds training builds use.
MAVIS_HELDOUT_OFFSET = 1_000_003


def stream(kind: str) -> int:
    """The stream id of a dataset kind (listed, else from its name)."""
    return STREAMS.get(kind) or int.from_bytes(kind.encode()[:8].ljust(8, b"\0"), "little")


def unit_seed(seed: int, kind: str, u: int) -> int:
    """A 63-bit seed for unit ``u`` that depends on nothing else (order- and shard-free)."""
    state = np.random.SeedSequence([int(seed), stream(kind), int(u)]).generate_state(2,
                                                                                     np.uint32)
    return int((int(state[0]) << 31) ^ int(state[1])) & ((1 << 63) - 1)
