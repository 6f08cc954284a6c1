"""Model adapters: the small contract that mm-eval and the demo call, and their registry.

    generate(images, prompts, gen)           -> texts
    yes_no_prob(images, prompts)             -> P(yes) per prompt, COMFORT's way: softmax over
                                                the whole vocabulary at the next position,
                                                Y = sum of p over yes/Yes/YES (with and without
                                                a leading space), N likewise, P = Y / (Y + N)
    loglikelihood(images, prompts, conts)    -> summed log p(continuation | image, prompt)

Every method takes ``oracle=`` (what an all-knowing model would return, filled by the task);
real models ignore it, ``builtin:oracle`` returns it, so reference models go through exactly the
same task, judge and metric code as real ones.

``ADAPTERS`` holds the builtin reference models under their ``builtin:NAME`` (builtin.py) and
the model-folder loader under ``folder`` (hf.py); ``load_adapter`` picks by the spec.

    from mm.adapters import load_adapter
    model = load_adapter("runs/quickstart/train/final")      # or "builtin:always-yes"
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Sequence

from mm.registry import Registry

BUILTIN = "builtin:"
#: the registry key of the adapter that loads a model folder (every spec not ``builtin:``)
FOLDER = "folder"


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
    #: the decoding method and its settings (mm/decoding/); recorded in results.json
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

    @classmethod
    def load(cls, spec: str, seed: int = 0, device: str | None = None,
             **options) -> "Adapter":
        """The adapter of ``spec`` (what ``load_adapter`` calls); ``options`` are the
        loader's (dtype, device_map, attn_implementation), which weightless models ignore."""
        return cls()

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


ADAPTERS: Registry[type[Adapter]] = Registry("model adapter", package="mm.adapters", key="name")


def builtin_models() -> list[str]:
    """``builtin:NAME`` of every reference model, in registration order."""
    return [n for n in ADAPTERS.as_dict() if n.startswith(BUILTIN)]


def load_adapter(spec: str, seed: int = 0, device: str | None = None, **options) -> Adapter:
    """``builtin:NAME`` or a local model folder; ``options`` go to the folder loader
    (``dtype="bfloat16"``, ``device_map="auto"``, ``attn_implementation="sdpa"``)."""
    if spec.startswith(BUILTIN):
        if spec not in builtin_models():
            raise KeyError(f"unknown builtin model {spec[len(BUILTIN):]!r}; valid: "
                           f"{', '.join(builtin_models())}")
        return ADAPTERS.get(spec).load(spec, seed=seed, device=device, **options)
    return ADAPTERS.get(FOLDER).load(spec, seed=seed, device=device, **options)


def describe(adapter: Adapter) -> str:
    return json.dumps(adapter.info())
