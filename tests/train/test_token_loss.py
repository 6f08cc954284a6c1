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


def _close(got: torch.Tensor, want: torch.Tensor, rel: float) -> bool:
    """Equal up to float summation order: within ``rel`` of the tensor's largest entry (and
    1e-7: a gradient that is zero in exact arithmetic, a key bias's, is float noise)."""
    return float((got - want).abs().max()) <= rel * float(want.abs().max()) + 1e-7


def _assert_the_models_own(model, batch, rtol: float) -> None:
    """``token_mean_loss`` and its gradients are the model's own loss and gradients."""
    from train.sft import token_mean_loss

    model.zero_grad()
    want = model(**batch).loss
    want.backward()
    want_grads = _grads(model)
    model.zero_grad()
    got = token_mean_loss(model, batch)
    got.backward()
    got_grads = _grads(model)
    assert torch.allclose(got, want, rtol=rtol, atol=rtol / 10), (got.item(), want.item())
    assert set(got_grads) == set(want_grads)
    for name, g in want_grads.items():
        assert _close(got_grads[name], g, 1e-5), name
    model.zero_grad()
    model.eval()


@pytest.mark.parametrize("responses", [
    ["Yes", "The side is 4, so the area is 4 x 4 = 16.", "3"],  # labels at many positions
    ["Yes", "No", "3"],  # a few positions: most logits are not computed
    [("Yes", "Is it red?", "No"), "No", "7"],  # a conversation's answers apart
])
def test_token_mean_loss_is_the_models_own(llava, responses):
    model, processor = llava
    model.train()
    batch = _batch(processor, responses)
    torch.manual_seed(0)
    _assert_the_models_own(model, batch, 1e-6)


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


def _mixed(processor, model):
    """Five short answers, one long one, and two lookup rows without a picture: a batch that
    ``length_groups`` splits."""
    from mm.tokenizer import prompt_text
    from train.grounding import LookupRows, pad_cat
    from train.sft import encode

    rng = np.random.default_rng(1)
    images = [Image.fromarray(rng.integers(0, 256, (40, 40, 3), dtype=np.uint8))
              for _ in range(6)]
    long = "The side is 4, so the area is 4 x 4 = 16. " * 6
    batch = encode(processor, images, [prompt_text("Is there a cup?")] * 6,
                   ["Yes", "No", "3", long.strip(), "No", "Yes"], max_length=256)
    text, _ = LookupRows(processor.tokenizer, model.config.image_token_id).draw(
        2, 3, np.random.default_rng(0))
    return pad_cat(batch, text, processor.tokenizer.pad_token_id)


def test_a_batch_of_short_rows_and_a_long_one_runs_as_two_forwards(llava):
    """The long rationale in its own forward: the loss and every gradient the whole batch's."""
    from train.sft import length_groups, picture_order

    model, processor = llava
    model.train()
    batch = _mixed(processor, model)
    groups = length_groups(batch, model.config.image_token_id)
    assert [g.tolist() for g in groups] == [[0, 1, 2, 4, 5, 6, 7], [3]]
    assert picture_order(batch, groups, model.config.image_token_id).tolist() == [0, 1, 2, 4,
                                                                                   5, 3]
    assert length_groups(batch, None) is None  # no image token id: one forward
    _assert_the_models_own(model, batch, 1e-5)


def test_rows_of_one_length_run_as_one_forward(llava):
    from train.sft import length_groups

    model, processor = llava
    batch = _batch(processor, ["Yes", "No", "3"])
    assert length_groups(batch, model.config.image_token_id) is None
    # a key the split does not know: one forward
    long = _mixed(processor, model)
    assert length_groups({**long, "image_sizes": torch.zeros(6, 2)},
                         model.config.image_token_id) is None


def test_the_projector_anchor_of_two_forwards_is_the_batchs(llava):
    """The anchor's distance over the pictures of both forwards, in the batch's order, with its
    mask: the value one forward of the whole batch gives."""
    from train import grounding as gr
    from train.loop import StageTask
    from train.sft import token_mean_loss

    model, processor = llava
    batch = _mixed(processor, model)
    torch.manual_seed(0)
    head = torch.nn.Linear(model.config.vision_config.hidden_size, len(gr.PATCH_WORDS))
    mask = torch.tensor([True, False, True, True, False, True])
    task, hook = gr.with_projector_anchor(StageTask(model, 1, None, token_mean_loss), model,
                                          head, processor.tokenizer, 5.0)
    seen = {}
    grab = model.model.multi_modal_projector.register_forward_hook(
        lambda m, a, o: seen.update(x=a[0].detach(), y=o.detach()))
    try:
        with torch.no_grad():
            one = model(**batch).loss  # the whole batch in one forward: every picture
            x, y = seen["x"], seen["y"]
            got = task.loss(model, {**batch, gr.ANCHORED: mask})
    finally:
        grab.remove(), hook.remove()
    emb = model.get_input_embeddings().weight
    with torch.no_grad():
        want = emb[torch.tensor(gr.word_tokens(processor.tokenizer)[0])][head(x).argmax(-1)]
        extra = 5.0 * torch.nn.functional.mse_loss(y[mask], want[mask]) / emb.pow(2).mean()
    assert float(got) == pytest.approx(float(one + extra), rel=1e-5)
