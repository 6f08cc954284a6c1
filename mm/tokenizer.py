"""A byte-level BPE tokenizer for from-scratch language models, trained with ``tokenizers``.

The ``tiny`` and ``small`` presets train their LLM from scratch, so they need a vocabulary fitted
to the engine's text (questions, CoT, captions). The result is a ``PreTrainedTokenizerFast`` with
the LLaVA image token and a chat template, saved with ``save_pretrained`` like any HF tokenizer.

    from mm.tokenizer import train_tokenizer
    tok = train_tokenizer(texts, vocab_size=2048)
"""
from __future__ import annotations

from typing import Iterable

IMAGE_TOKEN = "<image>"
SPECIALS = ["<pad>", "<s>", "</s>", "<unk>", IMAGE_TOKEN]

# A LLaVA-1.5 style conversation: images first in the user turn, answer after "ASSISTANT:".
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{% if message['role'] == 'system' %}{{ message['content'] }}{{ '\\n' }}"
    "{% elif message['role'] == 'user' %}USER: "
    "{% if message['content'] is string %}{{ message['content'] }}"
    "{% else %}{% for part in message['content'] %}"
    "{% if part['type'] == 'image' %}<image>{{ '\\n' }}"
    "{% elif part['type'] == 'text' %}{{ part['text'] }}{% endif %}"
    "{% endfor %}{% endif %}{{ '\\n' }}"
    "{% elif message['role'] == 'assistant' %}ASSISTANT: "
    "{% if message['content'] is string %}{{ message['content'] }}"
    "{% else %}{% for part in message['content'] %}{{ part['text'] }}{% endfor %}{% endif %}"
    "</s>{{ '\\n' }}{% endif %}{% endfor %}"
    "{% if add_generation_prompt %}ASSISTANT:{% endif %}"
)


def prompt_text(question: str, n_images: int = 1) -> str:
    """The generation prompt for one user turn (what the chat template renders)."""
    return "USER: " + IMAGE_TOKEN * n_images + "\n" + question + "\nASSISTANT:"


def next_turn_text(question: str) -> str:
    """A later user turn of a conversation about the same picture, after an answer and its
    end-of-sequence token, up to the next answer (as the chat template renders it)."""
    return "\nUSER: " + question + "\nASSISTANT:"


def train_tokenizer(texts: Iterable[str], vocab_size: int = 4096, min_frequency: int = 2):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency,
                                  special_tokens=SPECIALS, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(texts, trainer=trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>",
                                   unk_token="<unk>", pad_token="<pad>",
                                   extra_special_tokens={"image_token": IMAGE_TOKEN})
    fast.padding_side = "left"  # batched generation pads on the left
    fast.chat_template = CHAT_TEMPLATE
    return fast
