"""DPO preference pairs: chosen = the engine's CoT + answer, rejected = a wrong rationale.

MAVIS stage 4 pairs the stage-3 model's wrong answers (rejected) with the engine's CoT (chosen).
Engines never import models: a model enters as a plain callable ``answer_fn(images, prompts) ->
texts``. Without a model (or to top up where the model was right), the engine writes its own
wrong solutions, as long as the chosen one and in its style: an error made at one step (a
misread value, a wrong formula, an arithmetic slip) and carried through every later step to a
wrong final answer (``wrong_chains``). Never the right chain with a contradicting line added,
never a rejected answer equal to the right one.

    from engines.mavis.dpo import pairs_from_model
    pairs = pairs_from_model(rows, my_model_fn)   # rows: mavis-instruct dicts with images
"""
from __future__ import annotations

import re
from typing import Any, Callable, Sequence

import numpy as np

from engines.mavis.problem import (LETTERS, Problem, WrongChain, fmt_answer, make_choices,
                                   question_text)
from renderers.spec import rng_choice

AnswerFn = Callable[[Sequence[Any], Sequence[str]], Sequence[str]]

_ANSWER_PATTERNS = [
    re.compile(r"answer is\s*:?\s*\(?([A-E])\)?\s*[:.)]", re.I),
    # an interval ("(-∞, 3]", "[1, 2.5]") before the numbers it starts with
    re.compile(r"answer is\s*:?\s*([\[(]\s*-?(?:∞|\d+(?:\.\d+)?)\s*,\s*-?(?:∞|\d+(?:\.\d+)?)"
               r"\s*[\])])", re.I),
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


_NUM = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\d])")
# words of a distractor's note that name the mistake: a solver making it would not write them
_SELF_AWARE = re.compile(r"slip|forget|ignor|instead|invert|wrong|mistak|reading|reverses|"
                         r"one unit|mixed order|not squared|that is the|without|taking|using the", re.I)
KINDS = ("misread_value", "wrong_formula", "arithmetic_slip")


def _answer_step(cot: Sequence[str], right: str, numeric: bool) -> int | None:
    """The step that works out the answer: from it on every step ends in the answer (its last
    number, or, for a text answer, it names it), so later steps only restate it."""
    def states(step: str) -> bool:
        if not numeric:
            return right.lower() in step.lower()
        nums = _NUM.findall(step)
        return bool(nums) and fmt_answer(float(nums[-1])) == right

    j = None
    for i in range(len(cot) - 1, -1, -1):
        if not states(cot[i]):
            break
        j = i
    return j


def _carry(cot: Sequence[str], j: int, step: str, right: str, wrong: str) -> list[str]:
    """The CoT with step ``j`` replaced and the wrong value carried into every later step."""
    pat = re.compile(r"(?<![\w.])" + re.escape(right) + r"(?![\w]|\.\d)", re.I)
    return list(cot[:j]) + [step] + [pat.sub(wrong, s) for s in cot[j + 1:]]


def _replace_last_number(step: str, new: str) -> str:
    m = list(_NUM.finditer(step))[-1]
    return step[:m.start()] + new + step[m.end():]


def _generic_chains(p: Problem, wrong: Any, note: str | None) -> list[WrongChain]:
    """Wrong solutions of any family from a wrong value: the step that works out the answer
    written with the distractor's wrong formula (when its note is a step that computes the
    value) or with a slip in its result, and the wrong value carried to the end."""
    right, w = fmt_answer(p.answer), fmt_answer(wrong)
    numeric = p.answer_kind == "number"
    j = _answer_step(p.cot, right, numeric)
    if j is None:
        return []
    out = []
    if not numeric:
        pat = re.compile(re.escape(right), re.I)
        return [WrongChain("misread_value", list(p.cot[:j]) + [pat.sub(w, s) for s in p.cot[j:]],
                           wrong)]
    if note:
        step = re.sub(r"\s*\([^()]*\)\s*\.?$", ".", note.strip())
        nums = _NUM.findall(step)
        if "=" in step and nums and fmt_answer(float(nums[-1])) == w and \
                not _SELF_AWARE.search(step):
            out.append(WrongChain("wrong_formula", _carry(p.cot, j, step, right, w), wrong))
    out.append(WrongChain("arithmetic_slip",
                          _carry(p.cot, j, _replace_last_number(p.cot[j], w), right, w), wrong))
    return out


def wrong_chains(p: Problem, choices: Sequence[str] = ()) -> list[WrongChain]:
    """Every plausible wrong solution of ``p``: the family's own (an error at any step, worked
    through again) and the generic ones made from its distractors. With ``choices``, only
    those whose value is an option other than the right one."""
    right = fmt_answer(p.answer)
    out = [w for w in p.wrong_chains if fmt_answer(w.value) != right]
    for d in p.distractors:
        if fmt_answer(d.value) != right:
            out += _generic_chains(p, d.value, d.wrong_step)
    if choices:
        out = [w for w in out if fmt_answer(w.value) in choices]
    return out


def engine_rejected(p: Problem, choices: Sequence[str], rng: np.random.Generator
                    ) -> tuple[str, str]:
    """A plausible wrong solution of ``p`` (an error at one step carried through to a wrong
    final answer, as long as the right one) and its kind (misread_value, wrong_formula,
    arithmetic_slip): one of the family's own when one fits the options, else a generic one."""
    right = fmt_answer(p.answer)
    cands = wrong_chains(p, choices)
    # the family's own chains redo every step after the error; the generic ones change one
    own = [w for w in cands if any(w is c for c in p.wrong_chains)]
    cands = own or cands
    if not cands:
        raise ValueError(f"{p.family}: no wrong solution to pair with (answer {right!r})")
    kinds = sorted({w.kind for w in cands}, key=KINDS.index)
    kind = rng_choice(rng, kinds)
    w = rng_choice(rng, [c for c in cands if c.kind == kind])
    wrong = fmt_answer(w.value)
    if choices:
        wrong_text = _final(LETTERS[list(choices).index(wrong)], choices)
    else:
        wrong_text = _final(wrong, ())
    return "\n".join(w.cot) + "\n" + wrong_text, w.kind


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
