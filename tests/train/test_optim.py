"""The recipe's optimizer: muon takes the language model's hidden matrices (torch's Muon,
its update as the definition gives it) and leaves the rest to AdamW; the pair steps as the two
optimizers would apart, follows the scheduler, and resumes to the same weights; a stage with
nothing for Muon, or an unknown name, fails naming the field."""
import copy
import re

import pytest
import torch

from tests.toy_stage import toy_recipe
from train.loop import StageTask, param_groups, run
from train.optim import MuonAdamW, make_optimizer
from train.recipe import RecipeError
from train.sft import llava_module_of


class _Llava(torch.nn.Module):
    """transformers' LLaVA parameter names and embedding accessors, a few units wide."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.model = torch.nn.Module()
        self.model.multi_modal_projector = torch.nn.Linear(4, 6)
        lm = self.model.language_model = torch.nn.Module()
        lm.embed_tokens = torch.nn.Embedding(10, 6)
        lm.layers = torch.nn.ModuleList([torch.nn.Linear(6, 8), torch.nn.Linear(8, 6)])
        lm.norm = torch.nn.LayerNorm(6)
        self.lm_head = torch.nn.Linear(6, 10, bias=False)

    def get_input_embeddings(self):
        return self.model.language_model.embed_tokens

    def get_output_embeddings(self):
        return self.lm_head

    def forward(self, ids, feats):
        lm = self.model.language_model
        h = lm.embed_tokens(ids) + self.model.multi_modal_projector(feats)
        h = lm.layers[1](torch.relu(lm.layers[0](h)))
        return self.lm_head(lm.norm(h))


def _batch(i: int, n: int = 4):
    g = torch.Generator().manual_seed(i)
    return torch.randint(0, 10, (n,), generator=g), torch.randn(n, 4, generator=g)


def _loss(m, batch):
    ids, feats = batch
    return torch.nn.functional.cross_entropy(m(ids, feats), (ids + 1) % 10)


def _muon(m, lr=0.02, wd=0.1, module_lr=None):
    return make_optimizer("muon", m, param_groups(m, wd, module_lr, llava_module_of), lr, wd,
                          llava_module_of)


def test_muon_takes_the_hidden_matrices():
    m = _Llava()
    opt = _muon(m, module_lr={"projector": 0.5})
    assert isinstance(opt, MuonAdamW)
    lm = m.model.language_model
    assert [p for g in opt.muon.param_groups for p in g["params"]] == [
        lm.layers[0].weight, lm.layers[1].weight]
    rest = {id(p) for g in opt.adamw.param_groups for p in g["params"]}
    assert rest == {id(p) for n, p in m.named_parameters() if "layers" not in n or p.ndim == 1}
    # the projector's own rate and the no-decay split reach the pair's groups
    assert [(g["lr"], g["weight_decay"], len(g["params"])) for g in opt.param_groups] == [
        (0.02, 0.1, 2), (0.02, 0.1, 2), (0.02, 0.0, 4), (0.5, 0.1, 1), (0.5, 0.0, 1)]
    assert make_optimizer("adamw", m, list(m.parameters()), 0.1, 0.0).__class__ is \
        torch.optim.AdamW


def _newton_schulz(g: torch.Tensor, steps: int = 5) -> torch.Tensor:
    """The quintic iteration of Muon's definition (Jordan et al., 2024), written out here in
    float64 (the reference code and torch run it in bfloat16, some hundredths off)."""
    a, b, c = 3.4445, -4.7750, 2.0315
    x = g.double() / g.double().norm()
    tall = x.shape[0] > x.shape[1]
    if tall:
        x = x.T
    for _ in range(steps):
        s = x @ x.T
        x = a * x + (b * s + c * s @ s) @ x
    return (x.T if tall else x).float()


def test_first_update_is_muons_definition():
    """Step one of a hidden matrix, by the definition: the first momentum and its Nesterov
    look-ahead point along the gradient, which is orthogonalised, scaled by
    0.2 sqrt(max(rows, cols)) (the size of an AdamW update), with decoupled weight decay; the
    AdamW parameters move as AdamW alone moves them."""
    m, ref = _Llava(), _Llava()
    lr, wd = 0.02, 0.1
    opt = _muon(m, lr, wd)
    rest = [p for n, p in ref.named_parameters() if "layers" not in n or p.ndim == 1]
    adamw_ref = torch.optim.AdamW([{"params": [p for p in rest if p.ndim == 2]},
                                   {"params": [p for p in rest if p.ndim == 1],
                                    "weight_decay": 0.0}], lr=lr, weight_decay=wd)
    _loss(m, _batch(0, 64)).backward()  # 64 rows: a gradient of full rank
    _loss(ref, _batch(0, 64)).backward()
    w = m.model.language_model.layers[0].weight
    before, grad = w.detach().clone(), w.grad.clone()
    opt.step()
    adamw_ref.step()
    # what moved beyond the decay, in units of the scaled rate: the orthogonalised gradient
    moved = (before * (1 - lr * wd) - w.detach()) / (lr * 0.2 * 8 ** 0.5)
    expect = _newton_schulz(grad)
    assert float((moved - expect).norm() / expect.norm()) < 0.2  # bfloat16: 0.13 here
    # orthogonalised: singular values near one, where the gradient's spread far apart
    spread = torch.linalg.svdvals(grad)
    assert float(spread[0] / spread[-1]) > 3
    assert 0.5 < float(torch.linalg.svdvals(moved).min()) < \
        float(torch.linalg.svdvals(moved).max()) < 1.5
    for (n, p), q in zip(m.named_parameters(), ref.parameters()):
        if "layers" not in n or p.ndim == 1:
            assert torch.equal(p, q), n


def test_steps_follow_the_scheduler_and_a_saved_state():
    m, again = _Llava(), _Llava()
    opt = _muon(m)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.5 ** s)
    for i in range(3):
        opt.zero_grad()
        _loss(m, _batch(i)).backward()
        opt.step()
        sched.step()
    assert opt.muon.param_groups[0]["lr"] == opt.adamw.param_groups[0]["lr"] == 0.02 / 8
    saved = copy.deepcopy(opt.state_dict())  # as a checkpoint holds it, not the live tensors
    assert sorted(saved["state"]) == list(range(10))  # Muon's 2 tensors, then AdamW's 8
    restored = _muon(again)
    again.load_state_dict(m.state_dict())
    restored.load_state_dict(saved)
    assert restored.param_groups[0] is restored.muon.param_groups[0]  # still linked
    for opt_ in (opt, restored):
        model = m if opt_ is opt else again
        opt_.zero_grad()
        _loss(model, _batch(9)).backward()
        opt_.step()
    for a, b in zip(m.parameters(), again.parameters()):
        assert torch.equal(a, b)


def _task(die_at: int = 0) -> StageTask:
    m, calls = _Llava(), []

    def make_batch(idx):
        calls.append(1)
        if len(calls) == die_at:
            raise RuntimeError("killed")
        return _batch(int(idx[0]))

    return StageTask(model=m, n_examples=40, make_batch=make_batch, loss=_loss,
                     module_of=llava_module_of)


def test_a_run_resumes_to_the_same_weights(tmp_path):
    recipe = toy_recipe(optimizer="muon", train_modules=["projector", "llm"], lr=0.02)
    straight = run(recipe, _task(), tmp_path / "a", progress=False)
    with pytest.raises(RuntimeError, match="killed"):
        run(recipe, _task(die_at=7), tmp_path / "b", progress=False)
    resumed = run(recipe, _task(), tmp_path / "b", progress=False)
    assert resumed["resumed_from"] == 6
    assert resumed["losses"] == straight["losses"]
    assert straight["losses"][-1] < straight["losses"][0]
    for a, b in zip(resumed["model"].parameters(), straight["model"].parameters()):
        assert torch.equal(a, b)


def test_nothing_for_muon_or_an_unknown_name_fails_naming_the_field():
    m = _Llava()
    for p in m.model.language_model.parameters():
        p.requires_grad_(False)
    with pytest.raises(ValueError, match=re.escape(
            "optimizer: muon takes the language model's hidden matrices, and this stage "
            "trains none")):
        _muon(m)
    with pytest.raises(RecipeError, match=re.escape("optimizer: 'sgd'; valid: adamw, muon")):
        toy_recipe(optimizer="sgd")
    # a stage without the language model (stage 1's tower) is refused by its recipe, up front
    with pytest.raises(RecipeError, match=re.escape(
            "optimizer: muon takes the language model's hidden matrices, and train_modules "
            "(projector) has no llm; use adamw")):
        toy_recipe(optimizer="muon")


def test_on_transformers_llava_muon_takes_the_decoder_layers_matrices(tiny_llava_plain):
    from transformers import LlavaForConditionalGeneration

    m = LlavaForConditionalGeneration.from_pretrained(tiny_llava_plain)
    for n, p in m.named_parameters():
        p.requires_grad_(llava_module_of(n) in ("projector", "llm"))
    opt = _muon(m)
    names = {id(p): n for n, p in m.named_parameters()}
    took = sorted(names[id(p)] for g in opt.muon.param_groups for p in g["params"])
    layers = m.config.text_config.num_hidden_layers
    assert len(took) == 7 * layers  # q, k, v, o, gate, up, down of each decoder layer
    assert all(n.startswith("model.language_model.layers.") and n.endswith("_proj.weight")
               for n in took)
    rest = {id(p) for g in opt.adamw.param_groups for p in g["params"]}
    # the output head (tied to the input embeddings in the tiny preset) stays with AdamW
    assert {id(m.get_input_embeddings().weight), id(m.get_output_embeddings().weight)} <= rest
    assert any(names[i].startswith("model.multi_modal_projector.") for i in rest)
