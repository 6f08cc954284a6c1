"""The builtin reference models: ``builtin:always-yes``, ``builtin:random``, ``builtin:oracle``.

They answer without weights, through the same task, judge and metric code as real models, so a
task's numbers have a floor (always-yes, random) and a ceiling (oracle) to read against.

    mm-eval run --model builtin:random --tasks pope-synth --output-path runs/random
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mm.adapters.base import ADAPTERS, Adapter

@ADAPTERS.register
class AlwaysYes(Adapter):
    name = "builtin:always-yes"

    def generate(self, images, prompts, gen, oracle=None):
        return ["Yes" for _ in prompts]

    def yes_no_prob(self, images, prompts, oracle=None, words=None):
        return [1.0 for _ in prompts]

    def loglikelihood(self, images, prompts, continuations, oracle=None):
        return [0.0 if c.strip().lower().startswith("yes") else -10.0 for c in continuations]


@ADAPTERS.register
class RandomModel(Adapter):
    """Uniform guesses from a seeded generator: the same seed gives the same run. The draw for
    a prompt depends on the prompt text and the seed, not on batch composition."""

    name = "builtin:random"

    def __init__(self, seed: int = 0):
        self.seed = seed

    @classmethod
    def load(cls, spec, seed=0, device=None, **options):
        return cls(seed)

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


@ADAPTERS.register
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
