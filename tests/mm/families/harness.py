"""The parity harness of the vision-language families: a family's model built from a tiny
config with seeded random weights and a processor made here (a byte-level tokenizer with the
family's special tokens and a hand-written chat template), saved to a folder, loaded through
``mm.adapters.load_adapter`` and held against the family's own ``generate`` and hand
computations from its logits. Nothing is downloaded.

    python -m pytest tests/mm/families -q
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import torch
from PIL import Image

#: a generic chat template (Jinja) that puts every image item through ``image`` and wraps turns
#: in ``start`` / ``end``; each family passes its own strings
CHAT = ("{% for m in messages %}{{ start }}{{ m['role'] }}\n"
        "{% if m['content'] is string %}{{ m['content'] }}{% else %}"
        "{% for c in m['content'] %}{% if c['type'] == 'image' %}{{ image }}"
        "{% else %}{{ c['text'] }}{% endif %}{% endfor %}{% endif %}{{ end }}\n{% endfor %}"
        "{% if add_generation_prompt %}{{ start }}assistant\n{% endif %}")


def chat_template(image: str, start: str = "<|im_start|>", end: str = "<|im_end|>") -> str:
    """CHAT with the family's image placeholder and turn markers filled in."""
    return ("{% set image = '" + image + "' %}{% set start = '" + start + "' %}"
            "{% set end = '" + end + "' %}" + CHAT)


def byte_tokenizer(specials: list[str], eos: str, pad: str, bos: str | None = None,
                   extra: dict[str, str] | None = None, **kw):
    """A byte-level BPE tokenizer without merges (every byte a token: any text encodes, and
    decodes back exactly) plus the family's special tokens. Written here because a real
    family tokenizer would have to be downloaded."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast
    from transformers.convert_slow_tokenizer import bytes_to_unicode

    vocab = {ch: i for i, ch in enumerate(bytes_to_unicode().values())}
    tk = Tokenizer(models.BPE(vocab=vocab, merges=[]))
    tk.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tk.decoder = decoders.ByteLevel()
    names = dict(eos_token=eos, pad_token=pad, **({"bos_token": bos} if bos else {}))
    tok = PreTrainedTokenizerFast(tokenizer_object=tk, extra_special_tokens=extra or {},
                                  **names, **kw)
    tok.add_special_tokens({"additional_special_tokens": [s for s in specials
                                                           if s not in tok.get_vocab()]})
    return tok


def redraw(model, seed: int, std: float = 0.2) -> None:
    """Every weight matrix from N(0, std), seeded: a random model at the default scale (0.02)
    gives near-uniform logits whose argmax ties break on float noise; at 0.2 the answers
    differ between prompts and a padding bug changes them."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for _, p in sorted(model.named_parameters()):
            if p.dim() >= 2:
                p.copy_(torch.randn(p.shape, generator=g) * std)


def images(n: int, sizes: list[tuple[int, int]], seed: int = 0) -> list[Image.Image]:
    """``n`` seeded noise images, cycling through ``sizes`` (width, height)."""
    r = np.random.default_rng(seed)
    return [Image.fromarray(r.integers(0, 256, (sizes[i % len(sizes)][1],
                                                 sizes[i % len(sizes)][0], 3), dtype=np.uint8))
            for i in range(n)]


PROMPTS = ["Is there a cat? Please answer yes or no.", "What is shown?", "Count the dots.",
           "Describe the picture in one word.", "Is it red?", "Which shape is largest here?",
           "yes or no: a circle?", "Name the colour of the big square in the middle."]
CONTS = ["Yes", " no", "a cat", "3", "It is red.", "B", "square", " The colour is blue"]


@dataclass
class Family:
    """What the harness needs of a family: its folder (built and saved), the images to use,
    and how the family's own documentation turns (image, prompt) into model inputs."""

    folder: str
    sizes: list[tuple[int, int]] = field(default_factory=lambda: [(56, 56)])
    #: (processor, image, prompt) -> the processor's output for one request, as the family's
    #: model card shows it; default: the chat template with one image item, then the processor
    inputs: Callable | None = None
    max_new_tokens: int = 6


def default_inputs(proc, image, prompt):
    msgs = [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": prompt}]}]
    text = proc.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False)
    return proc(images=[image], text=[text], return_tensors="pt")


class Reference:
    """The family's own model and processor, loaded with plain transformers."""

    def __init__(self, fam: Family):
        from transformers import AutoModelForImageTextToText, AutoProcessor

        self.fam = fam
        self.proc = AutoProcessor.from_pretrained(fam.folder, local_files_only=True)
        self.model = AutoModelForImageTextToText.from_pretrained(
            fam.folder, local_files_only=True, dtype=torch.float32).eval()
        self.tok = self.proc.tokenizer

    def inputs(self, image, prompt):
        return (self.fam.inputs or default_inputs)(self.proc, image, prompt)

    @torch.no_grad()
    def generate(self, image, prompt) -> str:
        b = self.inputs(image, prompt)
        out = self.model.generate(**b, max_new_tokens=self.fam.max_new_tokens, do_sample=False)
        return self.tok.decode(out[0, b["input_ids"].shape[1]:], skip_special_tokens=True)

    @torch.no_grad()
    def p_yes(self, image, prompt) -> float:
        """COMFORT's P(yes): softmax over the vocabulary at the next position, Y and N summed
        over the first tokens of yes/Yes/YES and no/No/NO with and without a leading space."""
        p = torch.softmax(self.model(**self.inputs(image, prompt)).logits[0, -1].float(), -1)

        def first(words):
            return {self.tok.encode(f, add_special_tokens=False)[0]
                    for w in words for f in (w, " " + w)}
        yes, no = first(("yes", "Yes", "YES")), first(("no", "No", "NO"))
        yes, no = yes - no, no - yes
        y, n = float(p[sorted(yes)].sum()), float(p[sorted(no)].sum())
        return y / (y + n)

    @torch.no_grad()
    def loglikelihood(self, image, prompt, cont, extend: dict | None = None) -> float:
        """Sum of log p(continuation tokens) with the continuation appended to the prompt's
        ids; ``extend`` gives, per sequence-aligned input (token_type_ids...), the value of
        the appended positions (0 unless named)."""
        b = dict(self.inputs(image, prompt))
        c = self.tok.encode(cont, add_special_tokens=False)
        n = len(c)
        b["input_ids"] = torch.cat([b["input_ids"], torch.tensor([c])], 1)
        b["attention_mask"] = torch.cat([b["attention_mask"], torch.ones(1, n, dtype=torch.long)],
                                        1)
        t = b["input_ids"].shape[1] - n
        for k in [k for k, v in b.items() if k not in ("input_ids", "attention_mask")
                  and torch.is_tensor(v) and v.dim() >= 2 and v.shape[:2] == (1, t)]:
            v = (extend or {}).get(k, 0)
            if v == "repeat":
                b[k] = torch.cat([b[k], b[k][:, -1:].repeat_interleave(n, 1)], 1)
            else:
                b[k] = torch.cat([b[k], torch.full((1, n), v, dtype=b[k].dtype)], 1)
        lp = torch.log_softmax(self.model(**b).logits[0, -n - 1:-1].float(), -1)
        return float(sum(lp[i, t] for i, t in enumerate(c)))


def check_family(fam: Family, extend: dict | None = None) -> dict:
    """Every parity check; returns what it compared (for a failing test's message)."""
    from mm.adapters import GenConfig, load_adapter

    ad = load_adapter(fam.folder, device="cpu")
    ref = Reference(fam)
    ims = images(8, fam.sizes)
    gen = GenConfig(max_new_tokens=fam.max_new_tokens)

    # greedy: the adapter at batch 1 equals the family's own generate
    ours1 = [ad.generate([im], [p], gen)[0] for im, p in zip(ims, PROMPTS)]
    theirs = [ref.generate(im, p) for im, p in zip(ims, PROMPTS)]
    assert ours1 == theirs
    assert len(set(theirs)) > 1, "the tiny model answers every prompt alike: a weak check"
    # batch 8 (left padded, prompts and images of different lengths) equals batch 1
    assert ad.generate(ims, PROMPTS, gen) == ours1

    # P(yes) by hand from the logits, batched against one at a time
    ours = ad.yes_no_prob(ims, PROMPTS)
    hand = [ref.p_yes(im, p) for im, p in zip(ims, PROMPTS)]
    np.testing.assert_allclose(ours, hand, rtol=1e-4, atol=1e-6)
    assert max(hand) - min(hand) > 1e-3

    # log-likelihood: one left-padded batch against one request at a time
    ll = ad.loglikelihood(ims, PROMPTS, CONTS)
    hand_ll = [ref.loglikelihood(im, p, c, extend) for im, p, c in zip(ims, PROMPTS, CONTS)]
    np.testing.assert_allclose(ll, hand_ll, rtol=1e-4, atol=1e-4)
    assert all(math.isfinite(x) and x < 0 for x in ll)
    return {"answers": theirs, "p_yes": hand, "ll": hand_ll}


def save(folder: Path, model, processor) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(folder)
    processor.save_pretrained(folder)
    return str(folder)
