"""``fit_projector``: stage 2's data-dependent start for a new projector. After it, the projector
reads each tower feature standardised over the pictures (its first layer equals the old one
applied to (x - mean) / std), and the image tokens' mean norm equals the text embeddings'."""
from __future__ import annotations

import copy

import numpy as np
import pytest
import torch
from PIL import Image

from mm.llava import load
from train.sft import process_images, tower_features
from train.stages.align import fit_projector


@pytest.fixture
def model_and_images(tiny_llava_plain):
    model, proc = load(tiny_llava_plain)
    rng = np.random.default_rng(3)
    imgs = [Image.fromarray(rng.integers(0, 256, (40, 40, 3), dtype=np.uint8)) for _ in range(6)]
    imgs += [Image.new("RGB", (40, 40), c) for c in ("white", "navy")]
    return model, proc, imgs


def _features(model, proc, imgs):
    pv = process_images(proc, imgs)["pixel_values"]
    with torch.no_grad():
        return tower_features(model, pv).flatten(0, 1)


@pytest.mark.slow
def test_first_layer_reads_standardised_features(model_and_images):
    model, proc, imgs = model_and_images
    old = copy.deepcopy(model.model.multi_modal_projector.linear_1)
    got = fit_projector(model, proc, imgs, batch=3)  # batches of 3: same statistics as one
    x = _features(model, proc, imgs)
    z = (x - x.mean(0)) / x.std(0)
    new = model.model.multi_modal_projector.linear_1
    with torch.no_grad():
        assert torch.allclose(new(x), old(z), atol=1e-4, rtol=1e-4)
    emb = model.get_input_embeddings().weight.norm(dim=-1).mean().item()
    with torch.no_grad():
        tokens = model.model.multi_modal_projector(x)
    assert tokens.norm(dim=-1).mean().item() == pytest.approx(emb, rel=1e-4)
    assert got["image_token_norm_after"] == pytest.approx(emb, rel=1e-4)
    assert got["text_embedding_norm"] == pytest.approx(emb, rel=1e-6)
    assert got["image_token_norm_before"] != pytest.approx(emb, rel=1e-2)


@pytest.mark.slow
def test_what_the_model_sees_of_a_picture_changes_only_by_the_projector(model_and_images):
    model, proc, imgs = model_and_images
    before = {k: v.clone() for k, v in model.state_dict().items()}
    fit_projector(model, proc, imgs)
    changed = {k for k, v in model.state_dict().items() if not torch.equal(v, before[k])}
    assert changed and all(k.startswith("model.multi_modal_projector.") for k in changed)


def test_recipe_field_is_checked():
    from train.recipe import RecipeError, load_recipe

    r = load_recipe("configs/tiny/stage2.yaml", {"projector_fit_n": 64})
    assert r.settings.projector_fit_n == 64
    with pytest.raises(RecipeError, match="projector_fit_n"):
        load_recipe("configs/tiny/stage2.yaml", {"projector_fit_n": -1})
