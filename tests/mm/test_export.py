"""CLIP-Math: configs register with open_clip, the vision tower exports to CLIPVisionModel with
the same features, and the caption-length policy keeps whole sentences."""
import numpy as np
import pytest
import torch

from mm.clip_math import create_clip, fit_caption, model_name, register_configs, token_counter
from mm.export import export_vision_tower


def test_configs_register_and_unknown_names_list_presets():
    assert {"mm-clip-tiny", "mm-clip-small"} <= set(register_configs())
    assert model_name("tiny") == "mm-clip-tiny"
    with pytest.raises(KeyError, match="presets: tiny, small, base"):
        model_name("huge")


def test_export_parity_with_open_clip_tower():
    model, _, _, _ = create_clip("tiny", seed=0)
    model.eval()
    # trained-looking weights: perturb everything so that no parameter is at its init value
    g = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for p in model.visual.parameters():
            p.add_(0.02 * torch.randn(p.shape, generator=g))
    hf = export_vision_tower(model)
    x = torch.randn(3, 3, 64, 64, generator=g)
    with torch.no_grad():
        oc = model.visual(x)  # (B, embed_dim) = ln_post(cls) @ proj
        out = hf(pixel_values=x, output_hidden_states=True)
        pooled = out.pooler_output @ model.visual.proj  # (B, embed_dim)
    assert (pooled - oc).abs().max().item() < 1e-4
    # per-token hidden states (what LLaVA consumes) match open_clip's block outputs too
    with torch.no_grad():
        v = model.visual
        t = v.conv1(x).flatten(2).transpose(1, 2)
        t = torch.cat([v.class_embedding.expand(t.shape[0], 1, -1), t], 1) + v.positional_embedding
        t = v.ln_pre(t)
        for i, blk in enumerate(v.transformer.resblocks):
            t = blk(t)
            assert (out.hidden_states[i + 1] - t).abs().max().item() < 1e-4, i


def test_fit_caption_keeps_whole_sentences():
    _, _, _, tok = create_clip("tiny")
    n = token_counter(tok)
    cap = " ".join(f"Sentence number {w} says that side AB is {w} units long." for w in
                   ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"])
    assert n(cap) > 77
    outs = {fit_caption(cap, n, 77, np.random.default_rng(s)) for s in range(20)}
    assert len(outs) > 3  # different starts over epochs
    for o in outs:
        assert n(o) <= 77 and o.endswith(".") and o in cap + " " + cap
    short = "A triangle ABC."
    assert fit_caption(short, n, 77, np.random.default_rng(0)) == short
