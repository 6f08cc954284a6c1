"""CausalMM (ICLR 2025): decoding with the contrast of factual and counterfactual-attention
branches, split by concept.

    config.py         the settings (mm-eval flags and demo controls come from its fields)
    rules.py          the decoding rules, pure functions on logits
    interventions.py  counterfactual attention, a registered transformers attention function
    generate.py       the plan (layers, architecture checks) and the LLaVA branch loop
    own_forward.py    the language level on any family, through the model's own generate
    adapter.py        ``CausalLlavaAdapter``: the adapter contract under CausalMM
    method.py         the registered decoding method (adapter, demo explanation, ablation)

    mm-eval run --model runs/quickstart/train/final --tasks pope-synth --decoding causalmm \
        --cf-level language --cf-type reversed --gamma 1 --alpha 0.1 --output-path runs/cmm
"""
from mm.decoding.causalmm.adapter import CausalLlavaAdapter
from mm.decoding.causalmm.config import (CF_TYPES, LAYER_PRESETS, LEVELS, VISION_MODES,
                                         CausalMMConfig, parse_layers)
from mm.decoding.causalmm.generate import causal_generate, make_plan
from mm.decoding.causalmm.rules import causal_log_probs, causal_logits, yes_probability

__all__ = ["CF_TYPES", "LAYER_PRESETS", "LEVELS", "VISION_MODES", "CausalMMConfig",
           "parse_layers", "CausalLlavaAdapter", "causal_generate", "make_plan", "causal_log_probs",
           "causal_logits", "yes_probability"]
