"""PaliGemma: no chat template (the prompt is the prefix: the processor puts the image
tokens and <bos> before it and a newline after), and token_type_ids split the prefix (0,
attended both ways) from the answer (1, causal): a scored continuation is answer, 1, as
PaliGemma's generate extends them.

    python -c "from mm.adapters.families import family_for; print(family_for('paligemma'))"
"""
from __future__ import annotations

from mm.adapters.families import FAMILIES, Family


@FAMILIES.register
class PaliGemma(Family):
    model_type = "paligemma"
    needs_chat_template = False
    continuation_fill = {**Family.continuation_fill, "token_type_ids": 1}

    def chat(self, processor, prompt: str) -> str:
        # PaliGemma's checkpoints are prompted with the bare task text ("answer en ..." for the
        # mix models); the suite's prompts go as they are, after the image placeholder the
        # processor would otherwise add itself (with a warning per call)
        return processor.image_token + prompt

    def process(self, processor, images, texts):
        batch = super().process(processor, images, texts)
        batch.pop("labels", None)  # training targets the processor derives from the prefix
        return batch
