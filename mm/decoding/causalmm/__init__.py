"""CausalMM (ICLR 2025): decoding with the contrast of factual and counterfactual-attention
branches, split by concept.

    config.py         the settings (mm-eval flags and demo controls come from its fields)
    rules.py          the decoding rules, pure functions on logits
    interventions.py  counterfactual attention, a registered transformers attention function
    generate.py       the batched branch loop and ``CausalLlavaAdapter``
    method.py         the registered decoding method (adapter, demo explanation, ablation)

    mm-eval run --model runs/quickstart/train/final --tasks pope-synth --decoding causalmm \
        --cf-level language --cf-type reversed --gamma 1 --alpha 0.1 --output-path runs/cmm
"""
from mm.decoding.causalmm.config import (CF_TYPES, LEVELS, VISION_MODES, CausalMMConfig,
                                         parse_layers)
from mm.decoding.causalmm.generate import CausalLlavaAdapter, causal_generate, make_plan
from mm.decoding.causalmm.rules import causal_log_probs, causal_logits, yes_probability

__all__ = ["CF_TYPES", "LEVELS", "VISION_MODES", "CausalMMConfig", "parse_layers",
           "CausalLlavaAdapter", "causal_generate", "make_plan", "causal_log_probs",
           "causal_logits", "yes_probability"]
