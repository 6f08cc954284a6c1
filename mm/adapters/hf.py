"""Model folders: our checkpoints and any local HF image-text-to-text folder (``--model PATH``).

Registered as the ``folder`` adapter, which ``load_adapter`` uses for every spec that is not
``builtin:NAME``. A folder that cannot be loaded (bad config.json or other JSON file, a
cut-short or foreign safetensors file, weights that do not fit the config, a chat template
that does not render) is a ``ValueError`` whose first line names the file (mm.modelfiles).

    mm-eval run --model runs/quickstart/train/final --tasks pope-synth --output-path runs/eval
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from mm.adapters.base import ADAPTERS, FOLDER, Adapter, weights_digest
from mm.modelfiles import (check_model_folder, load_failure, quiet_loading,
                           template_failure)

YES_WORDS = ("yes", "Yes", "YES")
NO_WORDS = ("no", "No", "NO")


def word_token_ids(tokenizer, words: Sequence[str]) -> list[int]:
    """Ids of the first token of each word, with and without a leading space (deduplicated)."""
    ids = []
    for w in words:
        for form in (w, " " + w):
            toks = tokenizer.encode(form, add_special_tokens=False)
            if toks and toks[0] not in ids:
                ids.append(toks[0])
    return ids


def yes_no_token_ids(tokenizer, yes_words: Sequence[str] = YES_WORDS,
                     no_words: Sequence[str] = NO_WORDS) -> tuple[list[int], list[int]]:
    """First-token ids of the yes and no words; a token both sets share (a bare space or a
    letter piece of a word the vocabulary splits) says nothing and is dropped from both."""
    y, n = word_token_ids(tokenizer, yes_words), word_token_ids(tokenizer, no_words)
    shared = set(y) & set(n)
    return [i for i in y if i not in shared], [i for i in n if i not in shared]


#: the values of ``--model_args`` the loader takes
DTYPES = ("float32", "bfloat16", "float16")
ATTN_IMPLEMENTATIONS = ("sdpa", "eager", "flash_attention_2")


@ADAPTERS.register(FOLDER)
class LlavaAdapter(Adapter):
    """Our checkpoints and any local HF image-text-to-text folder.

    The folder's ``config.model_type`` picks its handling (mm/adapters/families/): LLaVA
    folders load as ``LlavaForConditionalGeneration``, others through
    ``AutoModelForImageTextToText`` with the processor's chat template, and a family that
    needs more (its processor's arguments, a prompt without a chat template) has its own file
    there. Batches are left-padded so that a prompt's answer does not depend on the batch it
    is in. ``dtype``, ``device_map`` and ``attn_implementation`` go to ``from_pretrained``.
    """

    def __init__(self, path: str | Path, device: str | None = None, dtype: str = "float32",
                 device_map: str | None = None, attn_implementation: str | None = None):
        import jinja2
        import torch
        from transformers import AutoConfig, AutoProcessor

        from mm.adapters.families import family_for

        path = Path(path)
        if not (path / "config.json").exists():
            raise FileNotFoundError(f"--model: {path} is not a model folder (no config.json)")
        if dtype not in DTYPES:
            raise ValueError(f"dtype {dtype!r}; valid: {', '.join(DTYPES)}")
        if attn_implementation not in (None, *ATTN_IMPLEMENTATIONS):
            raise ValueError(f"attn_implementation {attn_implementation!r}; valid: "
                             f"{', '.join(ATTN_IMPLEMENTATIONS)}")
        check_model_folder(path)  # ModelFolderError (a ValueError) naming the file at fault
        self.name, self.path, self.dtype = str(path), path, dtype
        self.device_map, self.attn_implementation = device_map, attn_implementation
        try:
            cfg = AutoConfig.from_pretrained(path, local_files_only=True)
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise load_failure(path, e, "config") from None
        try:
            self.processor = AutoProcessor.from_pretrained(path, local_files_only=True)
        except Exception as e:  # tokenizers raises a bare Exception for a foreign tokenizer.json
            raise load_failure(path, e, "processor") from None
        self.family = family_for(cfg.model_type)
        if self.family.needs_chat_template and not getattr(self.processor, "chat_template",
                                                            None):
            raise ValueError(f"--model: {path} ({cfg.model_type}) has no chat template")
        kw = {"dtype": getattr(torch, dtype)}
        if device_map:
            kw["device_map"] = device_map
        if attn_implementation:
            kw["attn_implementation"] = attn_implementation
        try:
            with quiet_loading():
                model = self.family.model_class(cfg).from_pretrained(path, local_files_only=True,
                                                                    **kw)
        except (OSError, ValueError, RuntimeError, KeyError, TypeError, ImportError) as e:
            raise load_failure(path, e) from None
        if device_map:  # accelerate placed the weights; inputs go where the embeddings are
            self.model = model.eval()
            self.device = str(model.get_input_embeddings().weight.device)
        else:
            self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
            self.model = model.to(self.device).eval()
        self.tok = self.processor.tokenizer
        self.tok.padding_side = "left"
        self.yes_ids, self.no_ids = yes_no_token_ids(self.tok)
        self._word_cache: dict = {}
        try:  # a template that cannot render fails here, not at the first sample
            self.chat("?")
        except jinja2.TemplateError as e:
            raise template_failure(path, e) from None

    @classmethod
    def load(cls, spec, seed=0, device=None, **options):
        return cls(spec, device=device, **options)

    def fingerprint(self) -> dict:
        fp = {**self.info(), "weights": weights_digest(self.path), "dtype": self.dtype}
        if self.attn_implementation:  # kernels differ in their rounding
            fp["attn_implementation"] = self.attn_implementation
        return fp

    # --- prompts ---
    def chat(self, prompt: str) -> str:
        return self.family.chat(self.processor, prompt)

    def encode(self, images, prompts):
        self.tok.padding_side = "left"
        batch = self.family.process(self.processor, [im.convert("RGB") for im in images],
                                    [self.chat(p) for p in prompts])
        return {k: v.to(self.device) if hasattr(v, "to") else v for k, v in batch.items()}

    def next_token_logits(self, images, prompts):
        """Logits at the first answer position, (B, V)."""
        import torch

        with torch.no_grad():
            out = self.model(**self.encode(images, prompts))
        return out.logits[:, -1].float()

    # --- contract ---
    def generate(self, images, prompts, gen, oracle=None):
        import torch

        batch = self.encode(images, prompts)
        torch.manual_seed(gen.seed)
        kw = dict(max_new_tokens=gen.max_new_tokens, do_sample=gen.do_sample,
                  pad_token_id=self.tok.pad_token_id)
        if gen.do_sample:
            kw.update(temperature=gen.temperature, top_p=gen.top_p)
        with torch.no_grad():
            out = self.model.generate(**batch, **kw)
        return self.tok.batch_decode(out[:, batch["input_ids"].shape[1]:],
                                     skip_special_tokens=True)

    def word_ids(self, words) -> tuple[list[int], list[int]]:
        if words is None:
            return self.yes_ids, self.no_ids
        key = (tuple(words[0]), tuple(words[1]))
        if key not in self._word_cache:
            self._word_cache[key] = yes_no_token_ids(self.tok, *key)
        return self._word_cache[key]

    def yes_no_prob(self, images, prompts, oracle=None, words=None):
        import torch

        probs = torch.softmax(self.next_token_logits(images, prompts), -1)  # (B, V)
        out = []
        for i in range(len(prompts)):
            yes, no = self.word_ids(words[i] if words else None)
            y, n = probs[i, yes].sum(), probs[i, no].sum()
            out.append(float(y / (y + n).clamp_min(1e-30)))
        return out

    def with_continuations(self, batch: dict, continuations: list[list[int]]) -> dict:
        """``batch`` (left padded) with each row's continuation ids appended, re-padded on the
        left; every other input that runs along the sequence is carried with its row (the
        family's ``continuation_fill`` for the appended positions, 0 for the padding)."""
        import torch

        ids, mask = batch["input_ids"], batch["attention_mask"]
        b, t = ids.shape
        lens = mask.sum(1).tolist()
        total = [n + len(c) for n, c in zip(lens, continuations)]
        width = max(total)
        out = dict(batch)
        aligned = [k for k, v in batch.items() if k not in ("input_ids", "attention_mask")
                   and isinstance(v, torch.Tensor) and v.dim() >= 2 and v.shape[:2] == (b, t)]
        for k in aligned:
            if k not in self.family.continuation_fill:
                raise NotImplementedError(f"{self.path}: loglikelihood does not know how to "
                                          f"extend the processor's {k!r}")
        new = {k: batch[k].new_zeros((b, width, *batch[k].shape[2:]))
               for k in ("input_ids", "attention_mask", *aligned)}
        new["input_ids"].fill_(self.tok.pad_token_id)
        for i, (n, c) in enumerate(zip(lens, continuations)):
            s = width - total[i]
            new["input_ids"][i, s:s + n] = ids[i, t - n:]
            new["input_ids"][i, s + n:] = torch.tensor(c, dtype=ids.dtype)
            new["attention_mask"][i, s:] = 1
            for k in aligned:
                new[k][i, s:s + n] = batch[k][i, t - n:]
                fill = self.family.continuation_fill[k]
                new[k][i, s + n:] = batch[k][i, t - 1] if fill == "repeat" else fill
        out.update(new)
        return out

    def loglikelihood(self, images, prompts, continuations, oracle=None):
        """Summed log p(continuation | image, prompt), all requests in one left-padded batch:
        the prompt as ``generate`` sees it, the continuation's ids appended."""
        import torch

        conts = [self.tok.encode(c, add_special_tokens=False) for c in continuations]
        batch = self.with_continuations(self.encode(images, prompts), conts)
        with torch.no_grad():
            logits = self.model(**batch).logits
        keep = max(len(c) for c in conts) + 1
        lp = torch.log_softmax(logits[:, -keep:].float(), -1)
        out = []
        for i, c in enumerate(conts):
            n = len(c)
            if n == 0:
                out.append(0.0)
                continue
            rows = lp[i, keep - n - 1:keep - 1]
            out.append(float(rows.gather(-1, torch.tensor(c, device=rows.device)[:, None]).sum()))
        return out
