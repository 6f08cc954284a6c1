"""The stages' token-mean loss runs the LM head only where a labelled token is predicted: the
loss and every gradient are the model's own full-sequence ones.

    PYTHONPATH=. .venv/bin/python -m pytest tests/train/test_token_loss.py -q
"""
import numpy as np
import pytest
import torch
from PIL import Image


@pytest.fixture(scope="module")
def llava(tiny_llava):
    from mm.llava import load

    return load(tiny_llava)


def _batch(processor, responses):
    from mm.tokenizer import prompt_text
    from train.sft import encode

    rng = np.random.default_rng(0)
    images = [Image.fromarray(rng.integers(0, 256, (40, 40, 3), dtype=np.uint8))
              for _ in responses]
    prompts = [prompt_text(q) for q in ("Is there a cup?", "What is the area of the square?",
                                        "Count the dots.")][:len(responses)]
    return encode(processor, images, prompts, responses, max_length=32)


def _grads(model):
    return {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}


@pytest.mark.parametrize("responses", [
    ["Yes", "The side is 4, so the area is 4 x 4 = 16.", "3"],  # labels at many positions
    ["Yes", "No", "3"],  # a few positions: most logits are not computed
    [("Yes", "Is it red?", "No"), "No", "7"],  # a conversation's answers apart
])
def test_token_mean_loss_is_the_models_own(llava, responses):
    from train.sft import token_mean_loss

    model, processor = llava
    model.train()
    batch = _batch(processor, responses)
    torch.manual_seed(0)
    model.zero_grad()
    want = model(**batch).loss
    want.backward()
    want_grads = _grads(model)
    model.zero_grad()
    got = token_mean_loss(model, batch)
    got.backward()
    got_grads = _grads(model)
    assert torch.allclose(got, want, rtol=1e-6, atol=1e-7), (got.item(), want.item())
    assert set(got_grads) == set(want_grads)
    for name, g in want_grads.items():
        assert torch.allclose(got_grads[name], g, rtol=1e-4, atol=1e-7), name
    model.zero_grad()
    model.eval()


def test_dpo_sequence_logps_are_the_full_sequences(llava):
    """DPO's per-row log-probabilities of the labelled tokens, the head run at the labelled
    positions only, against every position's log-softmax written out here."""
    from train.stages.dpo import sequence_logps

    model, processor = llava
    model.eval()
    batch = _batch(processor, ["The side is 4, so the area is 16.", "No", "3"])
    with torch.no_grad():
        got = sequence_logps(model, batch)
        logits = model(**{k: v for k, v in batch.items() if k != "labels"}).logits.float()
        target = batch["labels"][:, 1:]
        logp = torch.log_softmax(logits[:, :-1], -1).gather(
            -1, target.clamp(min=0).unsqueeze(-1)).squeeze(-1)
        want = (logp * (target != -100)).sum(-1)
    assert got.shape == (3,)
    assert torch.allclose(got, want, rtol=1e-6, atol=1e-5), (got, want)
    none = {**batch, "labels": torch.full_like(batch["labels"], -100)}
    assert sequence_logps(model, none).tolist() == [0.0, 0.0, 0.0]
