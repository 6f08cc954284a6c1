"""LLaVA (our checkpoints): ``LlavaForConditionalGeneration`` directly, so that a folder whose
processor lacks a chat template still loads (its tokenizer's template is used).

    python -c "from mm.adapters.families import family_for; print(family_for('llava'))"
"""
from __future__ import annotations

from mm.adapters.families import FAMILIES, Family


@FAMILIES.register
class Llava(Family):
    model_type = "llava"
    needs_chat_template = False

    def model_class(self, config):
        from transformers import LlavaForConditionalGeneration

        return LlavaForConditionalGeneration
