"""CausalMM as a registered decoding method: its mm-eval adapter, its demo explanation and its
ablation grid (greedy, each level, each counterfactual type, and the gamma = 0 control).

The control keeps the plausibility cutoff (same alpha) but drops the contrast (gamma = 0), which
separates the effect of the counterfactual contrast from that of the truncation.

    mm-eval ablate causalmm --model runs/quickstart/train/final --tasks pope-synth \
        --limit 40 --output-path runs/ablate
"""
from __future__ import annotations

import torch

from mm.decoding.base import DECODERS, Decoder, Explanation
from mm.decoding.causalmm.config import CF_TYPES, LEVELS, CausalMMConfig
from mm.decoding.causalmm.adapter import CausalLlavaAdapter
from mm.decoding.causalmm.generate import causal_generate, make_plan
from mm.decoding.causalmm.own_forward import own_generate
from mm.decoding.causalmm.rules import causal_logits

#: the counterfactual type of the ablation's level rows and its control
ABLATION_TYPE = "reversed"


@DECODERS.register
class CausalMM(Decoder):
    name = "causalmm"
    label = "CausalMM"
    config = CausalMMConfig
    requires = "contrasts attention branches of an image-text model"
    ablation_help = "greedy, each level, each type, gamma=0 control"
    ablation_note = ("`control-gamma0` keeps the plausibility cutoff and drops the contrast: the "
                     "difference to it is the contrast's own effect.")

    def load(self, model, config, seed=0, device=None, **options):
        return CausalLlavaAdapter(model, config, device=device, **options)

    def explain(self, adapter, image, question, config, max_new_tokens):
        """Generate with every branch traced; the distributions at the first answer position
        are the factual one, each counterfactual branch, and the causal one."""
        plan = make_plan(adapter.model, config)
        b = adapter.encode([image], [question])
        eos = adapter.model.generation_config.eos_token_id
        eos = eos if eos is not None else adapter.tok.eos_token_id
        if plan.llava:
            out = causal_generate(adapter.model, plan, b["input_ids"], b["attention_mask"],
                                  b["pixel_values"], max_new_tokens, eos_token_id=eos,
                                  pad_token_id=adapter.tok.pad_token_id, trace=True)
            tokens, traced = out.tokens, out.branch_logits
        else:
            tokens, traced = own_generate(adapter.model, plan, b, max_new_tokens,
                                          eos_token_id=eos,
                                          pad_token_id=adapter.tok.pad_token_id, trace=True)
        answer = adapter.tok.decode(tokens[0], skip_special_tokens=True)
        lg = traced[0][:, 0]                                             # (K, V), step 0
        dists = {"factual" if n == "factual" else f"{n} cf": torch.softmax(lg[j], -1)
                 for j, n in enumerate(config.branches)}
        dists[self.label] = torch.softmax(causal_logits(
            lg[:1], [c[None] for c in lg[1:]], config.gamma, config.alpha)[0], -1)
        return Explanation(answer, dists,
                           f"Top tokens at the first answer position; CausalMM "
                           f"level={config.level}, type={config.cf_type}, "
                           f"gamma={config.gamma:g}, alpha={config.alpha:g}.")

    def ablation(self, default_type: str = ABLATION_TYPE, gamma: float = 1.0,
                 alpha: float = 0.1):
        rows: list[tuple[str, dict | None]] = [("greedy", None)]
        rows += [(f"{lvl}-{default_type}", {"level": lvl, "cf_type": default_type,
                                            "gamma": gamma, "alpha": alpha}) for lvl in LEVELS]
        rows += [(f"language-{t}", {"level": "language", "cf_type": t, "gamma": gamma,
                                    "alpha": alpha}) for t in CF_TYPES if t != default_type]
        rows.append(("control-gamma0", {"level": "language", "cf_type": default_type,
                                        "gamma": 0.0, "alpha": alpha}))
        return rows
