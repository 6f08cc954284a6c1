"""CLIP-Math: open_clip architectures for math diagrams, and the caption-length policy.

MAVIS trains a CLIP vision tower contrastively on diagram-caption pairs (MAVIS-Caption) with the
text tower frozen. The architectures are open_clip-schema JSON files in mm/configs/clip/, whose
file names are their registry keys (``mm-clip-tiny``, ``mm-clip-small``); they are registered
with ``open_clip.add_model_config`` (no fork). The ``base`` preset is open_clip's own
``ViT-L-14-336-quickgelu`` (OpenAI's ViT-L/14-336 weights were trained with QuickGELU; the
plain GELU config would run them with another activation), initialised from a local open_clip
checkpoint file.

Captions longer than the text context are not silently truncated: ``fit_caption`` keeps a run
of whole sentences that fits, starting at a seeded random sentence (sentence sampling), so long
captions contribute all their sentences over epochs; ``CaptionTokens`` measures and tokenises
those runs as the tokenizer does, each text tokenised once.

    python -c "from mm.clip_math import create_clip; print(create_clip('tiny')[0])"
"""
from __future__ import annotations

import copy
import re
from functools import lru_cache
from pathlib import Path

import numpy as np

from mm.seeding import seeded

CONFIG_DIR = Path(__file__).resolve().parent / "configs" / "clip"
PRESETS = {"tiny": "mm-clip-tiny", "small": "mm-clip-small", "base": "ViT-L-14-336-quickgelu"}


@lru_cache(maxsize=None)
def register_configs() -> list[str]:
    """Register our open_clip configs once; returns their names."""
    import open_clip

    open_clip.add_model_config(CONFIG_DIR)
    return sorted(p.stem for p in CONFIG_DIR.glob("*.json"))


def model_name(preset_or_name: str) -> str:
    register_configs()
    import open_clip

    name = PRESETS.get(preset_or_name, preset_or_name)
    if name not in open_clip.list_models():
        raise KeyError(f"unknown CLIP architecture {preset_or_name!r}; presets: "
                       f"{', '.join(PRESETS)}; our configs: {', '.join(register_configs())}")
    return name


def create_clip(preset_or_name: str, checkpoint: str | None = None, seed: int = 0):
    """(model, preprocess_train, preprocess_val, tokenizer), optionally from a local open_clip
    checkpoint file (``pretrained=`` path; nothing is downloaded)."""
    import open_clip

    name = model_name(preset_or_name)
    if checkpoint is not None and not Path(checkpoint).is_file():
        raise FileNotFoundError(f"CLIP checkpoint {checkpoint} does not exist")
    with seeded(seed):  # the initial weights depend on the seed alone
        model, pre_train, pre_val = open_clip.create_model_and_transforms(
            name, pretrained=checkpoint, load_weights=checkpoint is not None)
    return model, pre_train, pre_val, open_clip.get_tokenizer(name)


def image_size(model) -> int:
    size = model.visual.image_size
    return int(size[0] if isinstance(size, (tuple, list)) else size)


def freeze_text_tower(model, frozen: bool = True) -> None:
    """Stage 1 of MAVIS trains the vision tower only; the text side (and logit scale) stay."""
    vision = set(id(p) for p in model.visual.parameters())
    for p in model.parameters():
        if id(p) not in vision:
            p.requires_grad_(not frozen)
    if hasattr(model, "logit_scale"):
        model.logit_scale.requires_grad_(True)


_SENT = re.compile(r"(?<=[.!?])\s+")


def sentences(text: str) -> list[str]:
    return [s for s in _SENT.split(text.strip()) if s]


def fit_caption(text: str, n_tokens, context_length: int, rng: np.random.Generator) -> str:
    """Sentence sampling: the longest run of whole sentences, from a random start, whose token
    count (``n_tokens(str) -> int``, start/end tokens included) fits the context."""
    if n_tokens(text) <= context_length:
        return text
    sents = sentences(text)
    start = int(rng.integers(len(sents)))
    out = sents[start]
    if n_tokens(out) > context_length:  # one sentence alone too long: keep its leading words
        words = out.split()
        while words and n_tokens(" ".join(words)) > context_length:
            words = words[: max(1, int(len(words) * 0.8))] if len(words) > 1 else []
        return " ".join(words)
    for s in sents[start + 1:] + sents[:start]:
        cand = out + " " + s
        if n_tokens(cand) > context_length:
            break
        out = cand
    return out


def token_counter(tokenizer):
    """``n_tokens(text)`` for an open_clip SimpleTokenizer (start and end tokens counted)."""
    enc = _encoder(tokenizer)
    return lambda text: len(enc(text)) + 2


def _encoder(tokenizer):
    """The tokenizer's ``encode`` (ids without start and end tokens), or a TypeError."""
    enc = getattr(tokenizer, "encode", None)
    if enc is None:
        raise TypeError(f"tokenizer {type(tokenizer).__name__} has no encode()")
    return enc


class CaptionTokens:
    """Token ids of captions and of the sentence runs ``fit_caption`` measures, equal to the
    open_clip tokenizer's own (``encode``, and ``tokenize`` for a batch), each text tokenised
    once (least recently used forgotten past ``cache`` texts).

    ``fit_caption`` grows a run as ``run + " " + sentence``; such a text (one that starts with
    the text measured just before and a space) takes the two parts' ids joined when cleaning it
    (the tokenizer's ftfy, HTML unescaping, whitespace and case rules) gives the cleaned parts
    joined by one space: the tokenizer's word pattern matches no whitespace, so its words are
    then those of the two parts, and each word's BPE is its own. Any other text is encoded
    whole. Encoding every candidate run whole costs a quarter of a tiny-preset stage-1 step.

        CaptionTokens(tok).count("A caption.")  # fit_caption's n_tokens
    """

    def __init__(self, tokenizer, cache: int = 2**16):
        enc = _encoder(tokenizer)
        self.tok, self.ctx = tokenizer, tokenizer.context_length
        # the join rule holds for the word pattern of open_clip's SimpleTokenizer and special
        # tokens without spaces; a tokenizer that reduces (drops) tokens encodes whole texts
        specials = [getattr(tokenizer, "decoder", {}).get(i, " ")
                    for i in getattr(tokenizer, "all_special_ids", [])]
        self._clean = None
        if (getattr(tokenizer, "clean_fn", None) is not None
                and getattr(tokenizer, "reduction_fn", None) is None
                and not any(re.search(r"\s", t) for t in specials)):
            self._clean = lru_cache(maxsize=cache)(tokenizer.clean_fn)
            # the tokenizer's own encode after its clean step, so that a text is cleaned once
            raw = copy.copy(tokenizer)
            raw.clean_fn = str
            self._encode = lru_cache(maxsize=cache)(
                lambda text: tuple(raw.encode(self._clean(text))))
        else:
            self._encode = lru_cache(maxsize=cache)(lambda text: tuple(enc(text)))
        self._ids = lru_cache(maxsize=cache)(self._measure)
        self._before = ""

    def _measure(self, text: str) -> tuple:
        before = self._before
        if self._clean is not None and before and text.startswith(before + " "):
            rest = text[len(before) + 1:]
            if self._clean(text) == self._clean(before) + " " + self._clean(rest):
                return self._ids(before) + self._encode(rest)
        return self._encode(text)

    def ids(self, text: str) -> tuple:
        """The text's token ids, without the start and end tokens."""
        out = self._ids(text)
        self._before = text
        return out

    def count(self, text: str) -> int:
        """Tokens of ``text`` with the start and end tokens (``fit_caption``'s ``n_tokens``)."""
        return len(self.ids(text)) + 2

    def tokenize(self, texts: list[str]):
        """(len(texts), context length) token ids, as ``tokenizer(texts)``."""
        import torch

        tok = self.tok
        out = torch.zeros(len(texts), self.ctx, dtype=torch.long)
        for i, text in enumerate(texts):
            ids = (tok.sot_token_id, *self.ids(text), tok.eot_token_id)
            if len(ids) > self.ctx:  # the tokenizer's own truncation
                out[i] = tok([text], context_length=self.ctx)[0]
            else:
                out[i, :len(ids)] = torch.tensor(ids)
        return out
