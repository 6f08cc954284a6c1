"""CausalMM's language level on any image-text model, through the model's own forward.

A batch of B prompts, as the model's processor made it (input ids, attention mask and the
family's own image inputs: LLaVA's pixel values, Qwen2-VL's flattened patches with their
``image_grid_thw``, ...), becomes K*B batch rows, branch-major: every tensor is repeated K
times along its first axis, which keeps each image's inputs in the order of its rows whether
the family batches images per row or packs them into one sequence. The language branch is the
block of rows [j*B, (j+1)*B) under counterfactual attention in the chosen decoder layers
(interventions.py); the model runs its own ``generate`` (its image merging, position ids such
as Qwen2-VL's M-RoPE, its KV cache, which holds each row's own keys and values) and a logits
processor turns the K*B next-token logits into the causal choice of each prompt, the same
token for all K rows of a prompt, so the branches stay aligned.

The vision level is not here: it needs the image features rebuilt from a counterfactual vision
tower, which generate.py does for LLaVA models (make_plan refuses it for other families).

    python -m pytest tests/mm/test_causalmm_families.py
"""
from __future__ import annotations

import torch

from mm.decoding.causalmm.interventions import CFSpec, intervene
from mm.decoding.causalmm.rules import causal_logits, select_tokens


def replicate(batch: dict, k: int) -> dict:
    """Every tensor of a processor batch K times along its first axis (branch-major)."""
    return {n: torch.cat([v] * k) if torch.is_tensor(v) and v.dim() > 0 else v
            for n, v in batch.items()}


def language_pairs(plan, b: int) -> list:
    """The (attention module, spec) pairs of the language branch's block of rows."""
    if not plan.language or "language" not in plan.branches:
        return []
    j = plan.branches.index("language")
    return [(m, CFSpec(plan.cfg.cf_type, plan.cfg.seed, i, rows=(j * b, (j + 1) * b)))
            for i, m in plan.language]


class CausalChoice:
    """A transformers logits processor: from the (K*B, V) next-token logits, the causal token
    of each prompt (greedy or sampled from our own seeded generator), returned as logits that
    are 0 at that token and -inf elsewhere for all K rows of the prompt, so that generate's
    greedy step picks it for every branch."""

    def __init__(self, plan, k: int, b: int, do_sample: bool, temperature: float,
                 top_p: float, seed: int, trace: bool):
        self.plan, self.k, self.b, self.trace = plan, k, b, trace
        self.do_sample, self.temperature, self.top_p, self.seed = (do_sample, temperature,
                                                                   top_p, seed)
        self.gen = None
        self.traced: list[torch.Tensor] = []

    def __call__(self, input_ids, scores):
        lg = scores.float().view(self.k, self.b, -1)                       # (K, B, V)
        if self.trace:
            self.traced.append(lg.clone())
        if self.do_sample and self.gen is None:
            self.gen = torch.Generator(device=scores.device).manual_seed(self.seed)
        c = self.plan.cfg
        tok = select_tokens(causal_logits(lg[0], list(lg[1:]), c.gamma, c.alpha),
                            self.do_sample, self.temperature, self.top_p, self.gen)  # (B,)
        out = torch.full_like(scores, float("-inf"))
        out[torch.arange(scores.shape[0], device=scores.device), tok.repeat(self.k)] = 0.0
        return out


@torch.no_grad()
def own_generate(model, plan, batch: dict, max_new_tokens: int, do_sample: bool = False,
                 temperature: float = 1.0, top_p: float = 1.0, seed: int = 0,
                 eos_token_id=None, pad_token_id: int = 0, trace: bool = False):
    """Causal decoding of a left-padded processor batch with the model's own ``generate``;
    returns (tokens (B, n), per-step branch logits (K, B, V) if traced)."""
    from transformers import GenerationConfig, LogitsProcessorList

    k, b = len(plan.branches), batch["input_ids"].shape[0]
    rows = replicate(batch, k)
    choice = CausalChoice(plan, k, b, do_sample, temperature, top_p, seed, trace)
    gc = GenerationConfig(max_new_tokens=max_new_tokens, min_new_tokens=0, do_sample=False,
                          num_beams=1, eos_token_id=eos_token_id, pad_token_id=pad_token_id)
    with intervene(language_pairs(plan, b)):
        out = model.generate(**rows, generation_config=gc,
                             logits_processor=LogitsProcessorList([choice]))
    return out[:b, rows["input_ids"].shape[1]:], choice.traced


@torch.no_grad()
def own_logits(model, plan, batch: dict, keep: int = 1) -> torch.Tensor:
    """Logits of the last ``keep`` positions of every branch, one forward, no cache:
    (K, B, keep, V)."""
    k, b = len(plan.branches), batch["input_ids"].shape[0]
    with intervene(language_pairs(plan, b)):
        out = model(**replicate(batch, k), use_cache=False)
    lg = out.logits[:, -keep:].float()
    return lg.view(k, b, *lg.shape[1:])
