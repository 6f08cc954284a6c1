"""DynaMath seed questions as programs: the base class, the registry, and variant generation.

A seed question is one small class: what it is (topic, knowledge level, answer type, the
variation kinds it exercises), a parameter sampler taking an explicit RNG, the question text,
the answer computed from the parameters (never read back from the image), the diagram as a
renderer spec, and optionally an independent checker. Adding a seed is one decorated class:

    @register_seed
    class TriangleArea(SeedQuestion):
        seed_id = "plane-triangle-area"
        topic, level, answer_type = "plane geometry", "high school", "float"
        kinds = ("numerical value", "geometric transformation")
        def sample(self, rng): ...
        def question(self, p): ...
        def answer(self, p): ...
        def diagram(self, p): ...

Variant v of seed q under build seed S is drawn from an RNG seeded by (S, q, v) alone, so it
is the same bytes whatever else is generated and in which order (DynaMath cannot promise this).

    mm-data dynamath list
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from mm.registry import Registry
from renderers.spec import Spec
from renderers.text import fmt_num

TOPICS = ("solid geometry", "plane geometry", "analytic geometry", "algebra", "puzzle test",
          "graph theory", "arithmetic", "scientific figure", "statistics")
LEVELS = ("elementary school", "high school", "undergraduate")
ANSWER_TYPES = ("multiple choice", "float", "text")
KINDS = ("numerical value", "geometric transformation", "function type", "color",
         "symbolic substitution", "graph structure", "real-life context")
LETTERS = "ABCDE"


class SeedQuestion:
    """One seed question. Subclasses set the class attributes and implement the methods."""

    seed_id: ClassVar[str] = ""
    topic: ClassVar[str] = ""
    level: ClassVar[str] = ""
    answer_type: ClassVar[str] = ""
    kinds: ClassVar[tuple[str, ...]] = ()
    canonical: ClassVar[dict | None] = None  # params of variant 0 when pinned

    def sample(self, rng: np.random.Generator) -> dict:
        """Draw the parameters of one variant (JSON-able dict)."""
        raise NotImplementedError

    def question(self, p: dict) -> str:
        """The question text (without the choices, which are added for multiple choice)."""
        raise NotImplementedError

    def answer(self, p: dict) -> Any:
        """float for "float", str for "text", the right option's text for "multiple choice"."""
        raise NotImplementedError

    def options(self, p: dict) -> list[str] | None:
        """The 4-5 options of a multiple-choice question (the answer among them), in order."""
        return None

    def diagram(self, p: dict) -> Spec:
        """The renderer spec of this variant's image."""
        raise NotImplementedError

    def check(self, p: dict) -> Any:
        """An independent re-derivation of the answer, or None where the seed has none."""
        return None


def _check_seed(sid: str, q: SeedQuestion) -> None:
    """Refuse a seed whose topic, level, answer type or variation kinds are not DynaMath's."""
    if q.topic not in TOPICS:
        raise ValueError(f"{sid}: topic {q.topic!r}; valid: {', '.join(TOPICS)}")
    if q.level not in LEVELS:
        raise ValueError(f"{sid}: level {q.level!r}; valid: {', '.join(LEVELS)}")
    if q.answer_type not in ANSWER_TYPES:
        raise ValueError(f"{sid}: answer_type {q.answer_type!r}; valid: "
                         f"{', '.join(ANSWER_TYPES)}")
    bad = [k for k in q.kinds if k not in KINDS]
    if bad or not q.kinds:
        raise ValueError(f"{sid}: variation kinds {bad or '(none)'}; valid: {', '.join(KINDS)}")


SEEDS: Registry[SeedQuestion] = Registry("seed question", package="engines.dynamath.seeds",
                                         key="seed_id", instantiate=True, check=_check_seed)


def register_seed(cls: type[SeedQuestion]) -> type[SeedQuestion]:
    """Class decorator: register one seed question (an instance of it) under its seed_id."""
    return SEEDS.register(cls)


def load_seeds() -> dict[str, SeedQuestion]:
    """Every seed question, seed id -> seed, sorted by id (imports engines.dynamath.seeds)."""
    return dict(SEEDS.items())


def resolve_seeds(sel: str | list[str]) -> list[str]:
    """'all' or ids (comma separated or a list) -> sorted ids; unknown ids raise with the list."""
    ids = sel.split(",") if isinstance(sel, str) else list(sel)
    ids = [i.strip() for i in ids if i.strip()]
    if ids == ["all"]:
        return SEEDS.names()
    bad = [i for i in ids if i not in SEEDS]
    if bad:
        raise KeyError(f"unknown seed id(s) {', '.join(bad)}; run `mm-data dynamath list` "
                       f"({len(SEEDS)} seeds)")
    return sorted(set(ids), key=ids.index)


# ----------------------------------------------------------------------------- variants


@dataclass
class Variant:
    seed_id: str
    variant: int
    params: dict
    question: str  # with the choices appended for multiple choice
    ground_truth: str  # letter for multiple choice, number as text for float, text for text
    answer_type: str
    choices: list[str]
    spec: Spec
    topic: str
    level: str
    kinds: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.seed_id}-v{self.variant:03d}"


def variant_rng(seed: int, seed_id: str, variant: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(
        [int(seed), zlib.crc32(seed_id.encode()), int(variant)]))


def fmt_float_answer(x: float) -> str:
    """DynaMath float answers: up to 3 decimals (its judge allows 0.001)."""
    return fmt_num(float(x), digits=3)


def make_variant(seed_id: str, variant: int, seed: int = 0, pin_canonical: bool = True
                 ) -> Variant:
    q = SEEDS.get(seed_id)
    if variant == 0 and pin_canonical and q.canonical is not None:
        p = dict(q.canonical)
    else:
        p = q.sample(variant_rng(seed, seed_id, variant))
    text = q.question(p)
    ans = q.answer(p)
    choices: list[str] = []
    if q.answer_type == "multiple choice":
        choices = [str(c) for c in (q.options(p) or [])]
        if not 2 <= len(choices) <= 5 or len(set(choices)) != len(choices):
            raise ValueError(f"{seed_id} v{variant}: choices must be 2-5 distinct, got {choices}")
        if str(ans) not in choices:
            raise ValueError(f"{seed_id} v{variant}: answer {ans!r} not among {choices}")
        gt = LETTERS[choices.index(str(ans))]
        text += "\nChoices: " + " ".join(f"({LETTERS[i]}) {c}" for i, c in enumerate(choices))
    elif q.answer_type == "float":
        gt = fmt_float_answer(ans)
    else:
        gt = str(ans)
    return Variant(seed_id, variant, p, text, gt, q.answer_type, choices, q.diagram(p),
                   q.topic, q.level, tuple(q.kinds))
