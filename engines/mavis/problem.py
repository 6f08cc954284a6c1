"""A MAVIS-Instruct problem and its three versions (text_dominant, text_lite, vision_dominant).

A family's problem maker returns one ``Problem``: the diagram spec, the givens (each marked as
visible in the base diagram or not), the question stem, the forward chain-of-thought, the answer,
and plausible distractors (each optionally with the wrong step that produces it, used for DPO
rejected rationales). This module turns it into rows: question text per version, 4-option
multiple choice or free form, CoT text, answer text.

MAVIS versions (MathVerse's breakdown):
- text_dominant: every given is stated in the text; the base diagram.
- text_lite: givens already visible in the base diagram are dropped from the text.
- vision_dominant: givens only in the image (``vision_spec`` draws every drawable given).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from renderers.spec import Spec
from renderers.text import fmt_num

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
class Problem:
    family: str
    spec: Spec  # diagram of text_dominant / text_lite
    vision_spec: Spec  # the same diagram with every drawable given drawn in
    givens: list[Given]
    stem: str  # what is asked, e.g. "Find the area of the whole figure."
    cot: list[str]  # forward reasoning steps, each true; the last one states the answer
    answer: Any  # float (rounded as shown) or str
    distractors: list[Distractor] = field(default_factory=list)
    answer_kind: Literal["number", "text"] = "number"
    tags: dict = field(default_factory=dict)  # e.g. {"target": "area", "shapes": [...]}

    def answer_text(self) -> str:
        return fmt_answer(self.answer)


def fmt_answer(v: Any) -> str:
    if isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool):
        return fmt_num(v)
    return str(v)


def _same(a: Any, b: Any) -> bool:
    return fmt_answer(a) == fmt_answer(b)


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


def make_choices(p: Problem, rng: np.random.Generator, n: int = 4) -> tuple[list[str], int]:
    """``n`` distinct options (answer + plausible distractors, numeric perturbations if the
    family gave too few); returns (options as text, index of the right one)."""
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
                t = fmt_answer(round(c, 2))
                if t != ans and t not in opts and math.isfinite(c) and (a < 0 or c > 0):
                    opts.append(t)
                    break
            k += 1
            if k > 50:
                break
    if len(opts) < n - 1:
        raise ValueError(f"{p.family}: only {len(opts)} distinct distractors for {ans!r}")
    picked = [opts[i] for i in sorted(rng.permutation(len(opts))[: n - 1])]
    options = picked + [ans]
    order = rng.permutation(n)
    options = [options[i] for i in order]
    return options, options.index(ans)


def cot_text(p: Problem) -> str:
    return "\n".join(p.cot)


def to_rows(p: Problem, rng: np.random.Generator, versions=VERSIONS,
            question_type: str | None = None) -> list[dict]:
    """One row per version (images not rendered here): question, version, question_type,
    choices, cot, answer, spec (the Spec object to render)."""
    qt = question_type or ("multiple_choice" if rng.random() < 0.5 else "free_form")
    choices: list[str] = []
    answer = p.answer_text()
    suffix = ""
    if qt == "multiple_choice":
        choices, idx = make_choices(p, rng)
        answer = LETTERS[idx]
        suffix = "\nChoices:\n" + "\n".join(f"{LETTERS[i]}: {c}" for i, c in enumerate(choices))
    rows = []
    for v in versions:
        q = question_text(p, v) + suffix
        final = (f"The answer is {answer}: {choices[LETTERS.index(answer)]}." if choices
                 else f"The answer is {answer}.")
        rows.append({
            "question": q, "version": v, "question_type": qt, "choices": choices,
            "cot": cot_text(p) + "\n" + final, "answer": answer,
            "spec": p.vision_spec if v == "vision_dominant" else p.spec,
        })
    return rows
