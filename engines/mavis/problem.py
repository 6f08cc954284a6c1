"""A MAVIS-Instruct problem and its three versions (text_dominant, text_lite, vision_dominant).

A family's problem maker returns one ``Problem``: the diagram spec, the givens (each marked as
visible in the base diagram or not), the question stem, the forward chain-of-thought, the answer,
and plausible distractors (each optionally with the wrong step that produces it, used for DPO
rejected rationales). This module turns it into rows: question text per version, 4-option
multiple choice or free form, CoT text, answer text.

MAVIS versions (MathVerse's breakdown), information moving from the text into the diagram:
- text_dominant: every given is stated in the text; the diagram (``bare_spec``) draws no value.
- text_lite: the base diagram (``spec``) draws some givens (``in_diagram``), and the text drops
  them; ``mixed_flags`` draws at least one given in and one out where there are two or more, so
  text_lite differs from both other versions.
- vision_dominant: every drawable given only in the image (``vision_spec`` draws them all).
A version whose (question, diagram) equals another version's of the same problem is not written
(a problem with a single drawable given has no text_lite of its own).

Multiple choice: ``answer_at`` places the right option at a given letter, so that a builder
balances the letters by construction (engines/builders/mavis_instruct.py ``answer_slot``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from renderers.spec import Spec
from renderers.text import fmt_round

VERSIONS = ("text_dominant", "text_lite", "vision_dominant")
QUESTION_TYPES = ("multiple_choice", "free_form")
LETTERS = "ABCDE"


@dataclass
class Given:
    text: str  # as it reads in the question, e.g. "AB = 6" or "the radius of circle O is 3"
    value: Any = None  # the number (or text) given
    in_diagram: bool = False  # already drawn in the base diagram -> dropped in text_lite
    drawable: bool = True  # vision_spec draws it -> dropped in vision_dominant


@dataclass
class Distractor:
    value: Any  # a wrong answer (number or text)
    wrong_step: str | None = None  # a CoT step with the mistake that leads to ``value``


@dataclass
class WrongChain:
    """A plausible wrong solution: the CoT with an error made at one step (``kind``:
    misread_value, wrong_formula, arithmetic_slip) and carried through to ``value``."""

    kind: str
    cot: list[str]
    value: Any


@dataclass
class MisreadChain(WrongChain):
    """A misread_value chain and the given it misreads: that given's text or value as the
    problem's ``Given`` holds it ("AB = 7", "f(x) = x + 2 for x < 1; ..."); ``taken_for``: the
    other given whose value it is read as (a neighbouring label's), None for a look-alike. A
    DPO pair uses it only where its version's figure shows the given (``engines.mavis.dpo``)."""

    given: object = None
    taken_for: object = None


@dataclass
class Problem:
    family: str
    spec: Spec  # diagram of text_lite: the givens with ``in_diagram`` drawn in
    vision_spec: Spec  # the same diagram with every drawable given drawn in
    givens: list[Given]
    stem: str  # what is asked, e.g. "Find the area of the whole figure."
    cot: list[str]  # forward reasoning steps, each true; the last one states the answer
    answer: Any  # float (rounded as shown) or str
    distractors: list[Distractor] = field(default_factory=list)
    answer_kind: Literal["number", "text"] = "number"
    tags: dict = field(default_factory=dict)  # e.g. {"target": "area", "shapes": [...]}
    bare_spec: Spec | None = None  # text_dominant's diagram, no value drawn (None: ``spec``)
    wrong_chains: list[WrongChain] = field(default_factory=list)  # for DPO rejected sides

    def answer_text(self) -> str:
        return fmt_answer(self.answer)


def fmt_answer(v: Any) -> str:
    if isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool):
        return fmt_round(v)
    return str(v)


def _same(a: Any, b: Any) -> bool:
    return fmt_answer(a) == fmt_answer(b)


def mixed_flags(rng: np.random.Generator, n: int, p: float = 0.5) -> list[bool]:
    """Which of ``n`` drawable givens the base diagram shows: each with probability ``p``, and,
    where n >= 2, at least one shown and one not (else text_lite would repeat text_dominant's
    question or vision_dominant's row)."""
    flags = [bool(rng.random() < p) for _ in range(n)]
    if n >= 2 and len(set(flags)) == 1:
        flags[int(rng.integers(n))] = not flags[0]
    return flags


def version_spec(p: Problem, version: str) -> Spec:
    if version == "text_dominant":
        return p.bare_spec if p.bare_spec is not None else p.spec
    return p.vision_spec if version == "vision_dominant" else p.spec


def distinct_versions(p: Problem, versions=VERSIONS) -> list[str]:
    """The versions of ``p`` worth a row: one whose (question, diagram) equals another's is left
    out, text_lite first (it sits between the other two), then vision_dominant."""
    keys = {v: (question_text(p, v), version_spec(p, v).to_json()) for v in versions}
    kept: list[str] = []
    for v in sorted(versions, key=("text_dominant", "vision_dominant", "text_lite").index):
        if all(keys[v] != keys[k] for k in kept):
            kept.append(v)
    return [v for v in versions if v in kept]


def question_text(p: Problem, version: str) -> str:
    """The question for one version: givens as sentences (those the version keeps) + stem."""
    if version not in VERSIONS:
        raise ValueError(f"unknown version {version!r}; valid: {', '.join(VERSIONS)}")
    if version == "text_dominant":
        keep = p.givens
    elif version == "text_lite":
        keep = [g for g in p.givens if not g.in_diagram]
    else:
        keep = [g for g in p.givens if not g.drawable]
    parts = []
    if keep:
        parts.append("Given " + _join([g.text for g in keep]) + ".")
    parts.append(p.stem)
    return " ".join(parts)


def _join(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def make_choices(p: Problem, rng: np.random.Generator, n: int = 4, answer_at: int | None = None
                 ) -> tuple[list[str], int]:
    """``n`` distinct options (answer + plausible distractors, numeric perturbations if the
    family gave too few); returns (options as text, index of the right one). ``answer_at`` puts
    the right option at that index (the others in a drawn order); else its place is drawn."""
    ans = fmt_answer(p.answer)
    opts: list[str] = []
    for d in p.distractors:
        t = fmt_answer(d.value)
        if t != ans and t not in opts:
            opts.append(t)
    if p.answer_kind == "number":
        a = float(p.answer)
        k = 1
        while len(opts) < n - 1:
            # near misses a careless solver makes: off by a factor or a small amount
            cand = [a * 2, a / 2, a + k, a - k, a * 1.5, a * (1 + 0.25 * k), a + 0.5 * k]
            for c in cand:
                t = fmt_answer(c)
                if t != ans and t not in opts and math.isfinite(c) and (a < 0 or c > 0):
                    opts.append(t)
                    break
            k += 1
            if k > 50:
                break
    if len(opts) < n - 1:
        raise ValueError(f"{p.family}: only {len(opts)} distinct distractors for {ans!r}")
    picked = [opts[i] for i in sorted(rng.permutation(len(opts))[: n - 1])]
    if answer_at is not None:
        if not 0 <= answer_at < n:
            raise ValueError(f"answer_at must be in [0, {n}), got {answer_at}")
        others = [picked[i] for i in rng.permutation(n - 1)]
        options = others[:answer_at] + [ans] + others[answer_at:]
        return options, answer_at
    options = picked + [ans]
    order = rng.permutation(n)
    options = [options[i] for i in order]
    return options, options.index(ans)


def cot_text(p: Problem) -> str:
    return "\n".join(p.cot)


def to_rows(p: Problem, rng: np.random.Generator, versions=VERSIONS,
            question_type: str | None = None, answer_at: int | None = None) -> list[dict]:
    """One row per distinct version (``distinct_versions``; images not rendered here):
    question, version, question_type, choices, cot, answer, spec (the Spec object to render).
    ``answer_at``: the right option's index of a multiple-choice question (else drawn)."""
    qt = question_type or ("multiple_choice" if rng.random() < 0.5 else "free_form")
    choices: list[str] = []
    answer = p.answer_text()
    suffix = ""
    if qt == "multiple_choice":
        choices, idx = make_choices(p, rng, answer_at=answer_at)
        answer = LETTERS[idx]
        suffix = "\nChoices:\n" + "\n".join(f"{LETTERS[i]}: {c}" for i, c in enumerate(choices))
    rows = []
    for v in distinct_versions(p, versions):
        q = question_text(p, v) + suffix
        final = (f"The answer is {answer}: {choices[LETTERS.index(answer)]}." if choices
                 else f"The answer is {answer}.")
        rows.append({
            "question": q, "version": v, "question_type": qt, "choices": choices,
            "cot": cot_text(p) + "\n" + final, "answer": answer,
            "spec": version_spec(p, v),
        })
    return rows
