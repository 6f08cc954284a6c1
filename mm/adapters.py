"""Model adapters: the small contract that mm-eval and the demo call.

    generate(images, prompts, gen)           -> texts
    yes_no_prob(images, prompts)             -> P(yes) per prompt, COMFORT's way: softmax over
                                                the whole vocabulary at the next position,
                                                Y = sum of p over yes/Yes/YES (with and without
                                                a leading space), N likewise, P = Y / (Y + N)
    loglikelihood(images, prompts, conts)    -> summed log p(continuation | image, prompt)

Every method takes ``oracle=`` (what an all-knowing model would return, filled by the task);
real models ignore it, ``builtin:oracle`` returns it, so reference models go through exactly the
same task, judge and metric code as real ones.

    from mm.adapters import load_adapter
    model = load_adapter("runs/quickstart/train/final")      # or "builtin:always-yes"
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

BUILTINS = ("always-yes", "random", "oracle")
YES_WORDS = ("yes", "Yes", "YES")
NO_WORDS = ("no", "No", "NO")


@dataclass
class GenConfig:
    max_new_tokens: int = 64
    do_sample: bool = False
    temperature: float = 1.0
    top_p: float = 1.0
    seed: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


class Adapter:
    name: str = ""
    #: set by CausalMM-aware adapters; recorded in results.json
    decoding: dict = {"method": "greedy"}

    def generate(self, images: Sequence[Any], prompts: Sequence[str], gen: GenConfig,
                 oracle: Sequence[Any] | None = None) -> list[str]:
        raise NotImplementedError

    def yes_no_prob(self, images: Sequence[Any], prompts: Sequence[str],
                    oracle: Sequence[Any] | None = None,
                    words: Sequence[tuple[Sequence[str], Sequence[str]] | None] | None = None
                    ) -> list[float]:
        """``words``: per prompt, the (yes words, no words) of its language (None: English)."""
        raise NotImplementedError

    def loglikelihood(self, images: Sequence[Any], prompts: Sequence[str],
                      continuations: Sequence[str],
                      oracle: Sequence[Any] | None = None) -> list[float]:
        raise NotImplementedError

    def info(self) -> dict:
        return {"name": self.name, "decoding": self.decoding}

    def fingerprint(self) -> dict:
        """What makes this model's outputs what they are (mm-eval reuses logged samples only
        when it matches): ``info()``, plus the weights' digest for a model folder."""
        return self.info()


def weights_digest(folder: str | Path) -> str:
    """Digest of a model folder: config files whole, and each weight file's name, size,
    modification time and first and last MiB. Saving new weights rewrites the file (a new
    mtime, even when training touched only a projector in the middle of it), so this tells two
    trainings apart at the cost of reading 2 MiB per file; hashing a multi-GB checkpoint whole
    would add seconds to every run. A copy that keeps mtimes (cp -p) keeps the digest."""
    import hashlib

    h = hashlib.sha256()
    for f in sorted(Path(folder).iterdir()):
        if f.suffix == ".json":
            h.update(f.name.encode() + f.read_bytes())
        elif f.suffix in (".safetensors", ".bin", ".pt"):
            st = f.stat()
            size = st.st_size
            h.update(f"{f.name}:{size}:{st.st_mtime_ns}".encode())
            with f.open("rb") as fh:
                h.update(fh.read(1 << 20))
                fh.seek(max(0, size - (1 << 20)))
                h.update(fh.read(1 << 20))
    return h.hexdigest()[:16]


# ----------------------------------------------------------------------------- builtins


class AlwaysYes(Adapter):
    name = "builtin:always-yes"

    def generate(self, images, prompts, gen, oracle=None):
        return ["Yes" for _ in prompts]

    def yes_no_prob(self, images, prompts, oracle=None, words=None):
        return [1.0 for _ in prompts]

    def loglikelihood(self, images, prompts, continuations, oracle=None):
        return [0.0 if c.strip().lower().startswith("yes") else -10.0 for c in continuations]


class RandomModel(Adapter):
    """Uniform guesses from a seeded generator: the same seed gives the same run. The draw for
    a prompt depends on the prompt text and the seed, not on batch composition."""

    name = "builtin:random"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def fingerprint(self) -> dict:
        return {**self.info(), "seed": self.seed}

    def _rng(self, prompt: str, image: Any = None) -> np.random.Generator:
        import zlib

        key = [self.seed, zlib.crc32(prompt.encode())]
        if image is not None and hasattr(image, "tobytes"):  # same prompt, other image
            key.append(zlib.crc32(image.tobytes()))
        return np.random.default_rng(key)

    def generate(self, images, prompts, gen, oracle=None):
        out = []
        for im, p in zip(images, prompts):
            r = self._rng(p, im)
            if "Choices:" in p or "(A)" in p:
                out.append(f'{{"solution": "guess", "short answer": "{"ABCD"[r.integers(4)]}"}}')
            elif "yes or no" in p.lower() or p.rstrip().endswith("?"):
                out.append("Yes" if r.random() < 0.5 else "No")
            else:
                out.append(f'{{"solution": "guess", "short answer": "{r.integers(0, 10)}"}}')
        return out

    def yes_no_prob(self, images, prompts, oracle=None, words=None):
        return [float(self._rng(p, im).random()) for im, p in zip(images, prompts)]

    def loglikelihood(self, images, prompts, continuations, oracle=None):
        return [float(-10 * self._rng(p + c, im).random())
                for im, p, c in zip(images, prompts, continuations)]


class Oracle(Adapter):
    """Knows the answers: returns the task's oracle value for each request."""

    name = "builtin:oracle"

    def _need(self, oracle, prompts):
        if oracle is None or len(oracle) != len(prompts):
            raise ValueError("builtin:oracle needs the task's oracle values for every request")
        return list(oracle)

    def generate(self, images, prompts, gen, oracle=None):
        return [str(o) for o in self._need(oracle, prompts)]

    def yes_no_prob(self, images, prompts, oracle=None, words=None):
        return [float(o) for o in self._need(oracle, prompts)]

    def loglikelihood(self, images, prompts, continuations, oracle=None):
        return [float(o) for o in self._need(oracle, prompts)]


# ----------------------------------------------------------------------------- HF LLaVA


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
        self.name, self.path, self.dtype = str(path), path, dtype
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        cfg = AutoConfig.from_pretrained(path, local_files_only=True)
        self.processor = AutoProcessor.from_pretrained(path, local_files_only=True)
        td = getattr(torch, dtype)
        if cfg.model_type == "llava":
            from transformers import LlavaForConditionalGeneration as cls
        else:
            from transformers import AutoModelForImageTextToText as cls
            if not getattr(self.processor, "chat_template", None):
                raise ValueError(f"--model: {path} ({cfg.model_type}) has no chat template")
        self.model = cls.from_pretrained(path, local_files_only=True, dtype=td).to(
            self.device).eval()
        self.tok = self.processor.tokenizer
        self.tok.padding_side = "left"
        self.yes_ids, self.no_ids = yes_no_token_ids(self.tok)
        self._word_cache: dict = {}

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


def load_adapter(spec: str, seed: int = 0, device: str | None = None) -> Adapter:
    """``builtin:NAME`` or a local model folder."""
    if spec.startswith("builtin:"):
        name = spec.split(":", 1)[1]
        if name == "always-yes":
            return AlwaysYes()
        if name == "random":
            return RandomModel(seed)
        if name == "oracle":
            return Oracle()
        raise KeyError(f"unknown builtin model {name!r}; valid: "
                       f"{', '.join('builtin:' + b for b in BUILTINS)}")
    return LlavaAdapter(spec, device=device)


def describe(adapter: Adapter) -> str:
    return json.dumps(adapter.info())
