"""Decoding methods: one registry, one module (or subpackage) per method.

    greedy.py    the model's own greedy (or sampled) decoding
    causalmm/    CausalMM: counterfactual-attention branches and their contrast

A method's config dataclass describes its settings (mm/decoding/base.py), so a new method is one
file here: it appears in ``mm-eval run --decoding NAME``, ``mm-eval ablate NAME`` and the demo.

    python -c "from mm.decoding import DECODERS; print(DECODERS.names())"
"""
from mm.decoding.base import (DECODERS, DEFAULT, ConfigError, Decoder, Explanation, Setting,
                              by_label, flag_settings, method_names, option, settings_of)

__all__ = ["DECODERS", "DEFAULT", "ConfigError", "Decoder", "Explanation", "Setting", "by_label",
           "flag_settings", "method_names", "option", "settings_of"]
