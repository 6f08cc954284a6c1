"""Greedy decoding: the model's own ``generate`` (or sampling, with --gen-kwargs), no settings.

It is mm-eval's default method, and what every builtin reference model runs.

    mm-eval run --model builtin:oracle --tasks mme-synth --output-path runs/eval
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import torch

from mm.adapters import GenConfig, load_adapter
from mm.decoding.base import DECODERS, Decoder, Explanation


@dataclass
class GreedyConfig:
    """Greedy decoding has no settings of its own."""

    def to_dict(self) -> dict:
        return asdict(self)


@DECODERS.register
class Greedy(Decoder):
    name = "greedy"
    label = "greedy"
    config = GreedyConfig

    def load(self, model, config, seed=0, device=None, **options):
        return load_adapter(model, seed=seed, device=device, **options)

    def explain(self, adapter, image, question, config, max_new_tokens):
        answer = adapter.generate([image], [question],
                                  GenConfig(max_new_tokens=max_new_tokens))[0]
        p = torch.softmax(adapter.next_token_logits([image], [question])[0], -1)
        return Explanation(answer, {"factual": p}, "Top tokens at the first answer position.")
