"""Model folders: our checkpoints and any local HF LLaVA-family folder (``--model PATH``).

Registered as the ``folder`` adapter, which ``load_adapter`` uses for every spec that is not
``builtin:NAME``. A folder that cannot be loaded (bad config.json, a cut-short or foreign
safetensors file, weights that do not fit the config) is a ``ValueError`` whose first line
names the file (mm.modelfiles).

    mm-eval run --model runs/quickstart/train/final --tasks pope-synth --output-path runs/eval
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from mm.adapters.base import ADAPTERS, FOLDER, Adapter, weights_digest
from mm.modelfiles import check_model_folder, load_failure, quiet_loading

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


@ADAPTERS.register(FOLDER)
class LlavaAdapter(Adapter):
    """Our checkpoints and any local HF LLaVA-family folder.

    ``LlavaForConditionalGeneration`` folders load directly; other image-text-to-text models
    through ``AutoModelForImageTextToText`` when the processor has a chat template. Prompts are
    wrapped by the processor's chat template; batches are left-padded so that a prompt's greedy
    answer does not depend on the batch it is in.
    """

    def __init__(self, path: str | Path, device: str | None = None, dtype: str = "float32"):
        import torch
        from transformers import AutoConfig, AutoProcessor

        path = Path(path)
        if not (path / "config.json").exists():
            raise FileNotFoundError(f"--model: {path} is not a model folder (no config.json)")
        check_model_folder(path)  # ModelFolderError (a ValueError) naming the file at fault
        self.name, self.path, self.dtype = str(path), path, dtype
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        try:
            cfg = AutoConfig.from_pretrained(path, local_files_only=True)
            self.processor = AutoProcessor.from_pretrained(path, local_files_only=True)
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise load_failure(path, e) from None
        td = getattr(torch, dtype)
        if cfg.model_type == "llava":
            from transformers import LlavaForConditionalGeneration as cls
        else:
            from transformers import AutoModelForImageTextToText as cls
            if not getattr(self.processor, "chat_template", None):
                raise ValueError(f"--model: {path} ({cfg.model_type}) has no chat template")
        try:
            with quiet_loading():
                model = cls.from_pretrained(path, local_files_only=True, dtype=td)
        except (OSError, ValueError, RuntimeError, KeyError, TypeError) as e:
            raise load_failure(path, e) from None
        self.model = model.to(self.device).eval()
        self.tok = self.processor.tokenizer
        self.tok.padding_side = "left"
        self.yes_ids, self.no_ids = yes_no_token_ids(self.tok)
        self._word_cache: dict = {}

    @classmethod
    def load(cls, spec, seed=0, device=None):
        return cls(spec, device=device)

    def fingerprint(self) -> dict:
        return {**self.info(), "weights": weights_digest(self.path), "dtype": self.dtype}

    # --- prompts ---
    def chat(self, prompt: str) -> str:
        msgs = [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": prompt}]}]
        return self.processor.apply_chat_template(msgs, add_generation_prompt=True,
                                                  tokenize=False)

    def encode(self, images, prompts):
        self.tok.padding_side = "left"
        batch = self.processor(images=[im.convert("RGB") for im in images],
                               text=[self.chat(p) for p in prompts], return_tensors="pt",
                               padding=True)
        return {k: v.to(self.device) for k, v in batch.items()}

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

    def loglikelihood(self, images, prompts, continuations, oracle=None):
        import torch

        out = []
        for im, p, c in zip(images, prompts, continuations):  # one at a time: exact, simple
            ctx = self.encode([im], [p])
            cont = self.tok.encode(c, add_special_tokens=False, return_tensors="pt").to(
                self.device)
            ids = torch.cat([ctx["input_ids"], cont], 1)
            mask = torch.ones_like(ids)
            with torch.no_grad():
                logits = self.model(input_ids=ids, attention_mask=mask,
                                    pixel_values=ctx["pixel_values"]).logits
            lp = torch.log_softmax(logits[0, -cont.shape[1] - 1:-1].float(), -1)
            out.append(float(lp.gather(-1, cont[0][:, None]).sum()))
        return out
