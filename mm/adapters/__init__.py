"""Model adapters: the contract mm-eval and the demo call (base.py), the builtin reference
models (builtin.py) and the model-folder loader (hf.py), all in one registry.

    python -c "from mm.adapters import ADAPTERS; print(ADAPTERS.names())"
"""
from mm.adapters.base import (ADAPTERS, BUILTIN, FOLDER, Adapter, GenConfig, builtin_models,
                              describe, load_adapter, weights_digest)
from mm.adapters.builtin import AlwaysYes, Oracle, RandomModel
from mm.adapters.hf import (NO_WORDS, YES_WORDS, LlavaAdapter, word_token_ids,
                            yes_no_token_ids)

__all__ = ["ADAPTERS", "BUILTIN", "FOLDER", "Adapter", "GenConfig", "builtin_models", "describe",
           "load_adapter", "weights_digest", "AlwaysYes", "Oracle", "RandomModel", "NO_WORDS",
           "YES_WORDS", "LlavaAdapter", "word_token_ids", "yes_no_token_ids"]
