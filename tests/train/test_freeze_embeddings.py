"""``freeze_embeddings``: the language model trains but its token embeddings (and the head tied
to them) stay, so the picture's tokens, which the projector puts near the patch head's words'
embeddings, keep matching them.

    PYTHONPATH=. .venv/bin/python -m pytest tests/train/test_freeze_embeddings.py -q
"""

import pytest

from train.pipeline import CONFIGS
from train.recipe import RecipeError, load_recipe


def _trainable(folder, **overrides):
    from mm.llava import load
    from train.sft import set_trainable

    model, _ = load(folder)
    recipe = load_recipe(CONFIGS / "tiny" / "stage4.yaml",
                         {"train_modules": ["llm"], "lora": None, **overrides})
    set_trainable(model, recipe)
    return model, {n for n, p in model.named_parameters() if p.requires_grad}


def test_the_llm_trains_around_its_frozen_embeddings(tiny_llava_plain):
    model, frozen = _trainable(tiny_llava_plain, freeze_embeddings=True)
    _, whole = _trainable(tiny_llava_plain)
    emb = model.get_input_embeddings().weight
    assert model.lm_head.weight is emb  # tied: the head is the same tensor, frozen with it
    assert not emb.requires_grad
    names = {n for n, p in model.named_parameters() if p is emb}
    assert names and not names & frozen and names <= whole
    # every other LLM weight still trains
    assert frozen == whole - names
    assert any(".layers." in n for n in frozen)


def test_freeze_embeddings_is_a_boolean():
    with pytest.raises(RecipeError, match="freeze_embeddings"):
        load_recipe(CONFIGS / "tiny" / "stage4.yaml", {"freeze_embeddings": "no"})


def test_frozen_llm_layers_keep_the_first_decoder_layers(tiny_llava_plain):
    model, frozen = _trainable(tiny_llava_plain, freeze_embeddings=True, frozen_llm_layers=1)
    _, unfrozen = _trainable(tiny_llava_plain, freeze_embeddings=True)
    layers = model.model.language_model.layers
    assert len(layers) > 1
    first = {n for n, p in model.named_parameters()
             if any(p is q for q in layers[0].parameters())}
    assert first and frozen == unfrozen - first
    assert all(p.requires_grad for p in layers[-1].parameters())


def test_frozen_llm_layers_beyond_the_model_fail_naming_the_key(tiny_llava_plain):
    with pytest.raises(RecipeError, match="frozen_llm_layers"):
        load_recipe(CONFIGS / "tiny" / "stage4.yaml", {"frozen_llm_layers": -1})
    with pytest.raises(ValueError, match="frozen_llm_layers: 99 of the language model's"):
        _trainable(tiny_llava_plain, frozen_llm_layers=99)
