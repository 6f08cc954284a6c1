"""DPO preference pairs: chosen = the engine's CoT + answer, rejected = a wrong rationale.

MAVIS stage 4 pairs the stage-3 model's wrong answers (rejected) with the engine's CoT (chosen).
Engines never import models: a model enters as a plain callable ``answer_fn(images, prompts) ->
texts``. Without a model (or to top up where the model was right), the engine writes its own
wrong rationales: a wrong step (a distractor's ``wrong_step``) or a correct chain with a wrong
final value.

    from engines.mavis.dpo import pairs_from_model
    pairs = pairs_from_model(rows, my_model_fn)   # rows: mavis-instruct dicts with images
"""
from __future__ import annotations

import re
from typing import Any, Callable, Sequence

import numpy as np

from engines.mavis.problem import LETTERS, Problem, fmt_answer, make_choices, question_text
from renderers.spec import rng_choice

AnswerFn = Callable[[Sequence[Any], Sequence[str]], Sequence[str]]

_ANSWER_PATTERNS = [
    re.compile(r"answer is\s*:?\s*\(?([A-E])\)?\s*[:.)]", re.I),
    # pi forms before plain numbers: "4π", "π/2", "3π/4"
    re.compile(r"answer is\s*:?\s*(-?\d*(?:\.\d+)?\s*π(?:\s*/\s*\d+)?)", re.I),
    re.compile(r"answer is\s*:?\s*\$?(-?\d+(?:\.\d+)?)", re.I),
    re.compile(r"answer is\s*:?\s*([A-Za-z][\w\- ]*?)\s*\.?$", re.I | re.M),
    re.compile(r"answer\s*:\s*\(?([A-E])\)?\b", re.I),
    re.compile(r"answer\s*:\s*(-?\d+(?:\.\d+)?)", re.I),
]


def extract_answer(text: str) -> str | None:
    """The final answer a rationale states ("The answer is B: 12.5." -> "B"), or None."""
    for pat in _ANSWER_PATTERNS:
        found = pat.findall(text)
        if found:
            return found[-1].strip()
    return None


def is_correct(text: str, answer: str, choices: Sequence[str] = ()) -> bool:
    """Whether a model's rationale ends in the right answer (letter, value or word)."""
    got = extract_answer(text)
    if got is None:
        return False
    if choices and got.upper() in LETTERS[: len(choices)]:
        return got.upper() == answer.upper()
    if choices and answer.upper() in LETTERS[: len(choices)]:
        answer = choices[LETTERS.index(answer.upper())]
    g, a = _number(got), _number(str(answer))
    if g is not None and a is not None:
        return abs(g - a) <= 1e-3 * max(1.0, abs(a))
    return got.strip().lower() == str(answer).strip().lower()


def _number(s: str) -> float | None:
    """'3.5' -> 3.5, '4π' -> 12.566.., 'π/2' -> 1.5707.., else None."""
    import math

    t = s.strip().replace(" ", "")
    m = re.fullmatch(r"(-?\d*(?:\.\d+)?)π(?:/(\d+))?", t)
    if m:
        k = m.group(1)
        coef = -1.0 if k == "-" else float(k) if k else 1.0
        return coef * math.pi / (float(m.group(2)) if m.group(2) else 1.0)
    try:
        return float(t)
    except ValueError:
        return None


def _final(answer: str, choices: Sequence[str]) -> str:
    if choices:
        return f"The answer is {answer}: {choices[LETTERS.index(answer)]}."
    return f"The answer is {answer}."


def engine_rejected(p: Problem, choices: Sequence[str], rng: np.random.Generator
                    ) -> tuple[str, str]:
    """A wrong rationale for problem ``p`` and which kind it is (wrong_step | wrong_final)."""
    right = fmt_answer(p.answer)
    ds = [d for d in p.distractors if fmt_answer(d.value) != right]
    if choices:  # the wrong value must be one of the options, so the letter means something
        ds = [d for d in ds if fmt_answer(d.value) in choices] or ds
    with_step = [d for d in ds if d.wrong_step]
    if with_step and rng.random() < 0.7:
        d = rng_choice(rng, with_step)
        steps, kind = list(p.cot[:-1]) + [d.wrong_step], "wrong_step"
    else:
        d = rng_choice(rng, ds)
        last = p.cot[-1].replace(right, fmt_answer(d.value)) if right in p.cot[-1] else \
            f"{p.cot[-1]} This gives {fmt_answer(d.value)}."
        steps, kind = list(p.cot[:-1]) + [last], "wrong_final"
    wrong = fmt_answer(d.value)
    if choices:
        letter = LETTERS[choices.index(wrong)] if wrong in choices else \
            rng_choice(rng, [LETTERS[i] for i, c in enumerate(choices) if c != right])
        wrong_text = _final(letter, choices)
    else:
        wrong_text = _final(wrong, ())
    return "\n".join(steps) + "\n" + wrong_text, kind


def engine_pair(p: Problem, version: str, rng: np.random.Generator,
                multiple_choice: bool, answer_at: int | None = None) -> dict:
    """One preference pair from the engine alone (no model); ``answer_at``: the right option's
    index of a multiple-choice prompt (else drawn)."""
    choices: list[str] = []
    answer = p.answer_text()
    prompt = question_text(p, version)
    if multiple_choice:
        choices, idx = make_choices(p, rng, answer_at=answer_at)
        answer = LETTERS[idx]
        prompt += "\nChoices:\n" + "\n".join(f"{LETTERS[i]}: {c}" for i, c in enumerate(choices))
    chosen = "\n".join(p.cot) + "\n" + _final(answer, choices)
    rejected, kind = engine_rejected(p, choices, rng)
    return {"prompt": prompt, "chosen": chosen, "rejected": rejected, "rejected_source": kind,
            "answer": answer, "choices": choices}


def pairs_from_model(rows: Sequence[dict], answer_fn: AnswerFn, batch_size: int = 8,
                     samples_per_prompt: int = 1) -> list[dict]:
    """Run a model on instruct rows (with "image", "question", "cot", "answer", "choices") and
    pair each wrong answer (rejected) with the engine's CoT (chosen). Rows it got right give no
    pair; the caller tops those up with ``engine_rejected`` pairs."""
    pairs = []
    for start in range(0, len(rows), batch_size):
        batch = rows[start:start + batch_size]
        for _ in range(samples_per_prompt):
            texts = answer_fn([r["image"] for r in batch], [r["question"] for r in batch])
            for r, t in zip(batch, texts):
                if not is_correct(t, r["answer"], r.get("choices") or ()):
                    pairs.append({**{k: r[k] for k in r}, "prompt": r["question"],
                                  "chosen": r["cot"], "rejected": t,
                                  "rejected_source": "model"})
    return pairs
