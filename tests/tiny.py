"""Tiny models the tests share: a random LLaVA folder (CLIP-Math tiny tower, a from-scratch
Llama, a 300-token BPE tokenizer) that plain ``transformers`` loads. A few seconds on CPU.

The conftest fixtures ``tiny_llava`` / ``tiny_llava_plain`` build one per test session; the demo's
screenshot script builds one by hand:

    .venv/bin/python -c "from tests.tiny import make_tiny_llava; print(make_tiny_llava('m'))"
"""
from __future__ import annotations

from pathlib import Path

TOKENIZER_TEXT = "Is the triangle red? Yes it is. No it is not. The answer is 3."


def make_tiny_llava(out: str | Path, redraw_std: float | None = 0.2) -> str:
    """Save a tiny random LLaVA to ``out`` and return the folder.

    redraw_std: redraw every weight matrix from N(0, std) (seeded), so that answers differ
    between prompts and attention interventions move the logits by O(1); None keeps the
    initialisation of ``build_llava``.
    """
    import torch

    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava, save
    from mm.tokenizer import train_tokenizer

    clip = create_clip("tiny", seed=1)[0]
    tok = train_tokenizer([TOKENIZER_TEXT] * 30, vocab_size=300)
    model, proc = build_llava(export_vision_tower(clip), image_processor_for(clip), tokenizer=tok,
                              lm_preset="tiny", seed=1)
    if redraw_std is not None:
        g = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for _, prm in model.named_parameters():
                if prm.dim() == 2:
                    prm.normal_(0, redraw_std, generator=g)
    return str(save(model, proc, Path(out)))
