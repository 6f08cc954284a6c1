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
