"""What a vision-language family needs beyond the generic loader, found by the folder's
``config.model_type``: the model class, how a prompt becomes the family's chat text, how a
batch goes through its processor, and what a scored continuation appends to the inputs that
run along the sequence (token_type_ids, cross_attention_mask). ``Family`` (here) is the
generic handling (chat template with one image item, AutoModelForImageTextToText); a family
that differs is a file of this package with ``@FAMILIES.register`` on a subclass naming its
``model_type``. The folder adapter (mm/adapters/hf.py) holds one and calls it.

    python -c "from mm.adapters.families import FAMILIES; print(FAMILIES.names())"
"""
from __future__ import annotations

from mm.registry import Registry


class Family:
    """The generic handling, and the hooks a family overrides."""

    #: config.json's model_type this handling is for ("" for the generic one)
    model_type: str = ""
    #: the folder's processor must carry a chat template (``chat`` applies it)
    needs_chat_template: bool = True
    #: per sequence-aligned processor output: the value of a continuation's positions in
    #: loglikelihood ("repeat": the prompt's last position, e.g. Mllama's cross-attention
    #: to the image); an output not named here is refused there rather than guessed
    continuation_fill: dict = {"token_type_ids": 0, "mm_token_type_ids": 0,
                               "cross_attention_mask": "repeat"}
    #: the processor reads a flat list of images as one sample's: pass one list per prompt
    nest_images: bool = False

    def model_class(self, config):
        from transformers import AutoModelForImageTextToText

        return AutoModelForImageTextToText

    def chat(self, processor, prompt: str) -> str:
        """The text of one user turn holding the image and ``prompt``, ready to answer."""
        msgs = [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": prompt}]}]
        return processor.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False)

    def process(self, processor, images, texts):
        """The processor's batch (left padded: the tokenizer's padding side is set before)."""
        if self.nest_images:
            images = [[im] for im in images]
        return processor(images=images, text=texts, return_tensors="pt", padding=True)


FAMILIES: Registry[type[Family]] = Registry("model family", package="mm.adapters.families",
                                            key="model_type")


def family_for(model_type: str) -> Family:
    """The registered handling of ``model_type``, else the generic one."""
    return FAMILIES.get(model_type)() if model_type in FAMILIES else Family()


__all__ = ["FAMILIES", "Family", "family_for"]
