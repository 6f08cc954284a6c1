"""Perception questions: short questions whose answer is read off the picture.

"What type of chart is shown?", "How many nodes does the graph have?", "What solid is shown?":
each is answered from the diagram's facts, and answering needs the image (the question text is
the same for every image of a family). They measure whether a model looks at the image: stage 3's
evidence compares a model with an image-blind twin on them, and the ``mavis-perception`` dataset
kind makes them at scale.

    mm-data mavis-perception --n 2000 --out data/perception --seed 0
    mm-data mavis-perception --form yes-no --n 2000 --out data/perception-yn --seed 0

The yes/no form turns each question into a claim to confirm or reject, MME's format ("Is this a
pie chart? Please answer yes or no." -> "Yes"/"No"): half the claims use the true answer, half a
wrong one drawn from what the same question answers on other pictures of the family.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import numpy as np

from mm.registry import Registry
from renderers.spec import rng_choice

Question = tuple[str, str]  # (question, short answer)
# family -> the questions its picture answers; each family's askers live in
# engines/mavis/<family>/perception.py
ASKERS: Registry[Callable[[dict], list[Question]]] = Registry("perception asker",
                                                              package="engines.mavis")


def asker(family: str):
    def deco(fn):
        ASKERS.add(family, fn)
        return fn
    return deco


def yes_no(b: bool) -> str:
    return "yes" if b else "no"


def words(s: str) -> str:
    return str(s).replace("_", " ")


def _generic(f: dict) -> list[Question]:
    return [("What is shown in the image?", words(f["kind"]))] if "kind" in f else []


# what a person calls each family's picture; "What kind of picture is this?" needs the image alone
DIAGRAM_KINDS = {
    "plane_geometry": "geometric figure", "analytic_geometry": "coordinate grid",
    "function": "function graph", "solid_geometry": "solid", "chart": "chart",
    "graph": "network", "puzzle": "puzzle", "arithmetic": "everyday object",
    "scientific": "physics diagram", "object_scene": "room or street scene",
}


def perception_questions(family: str, facts: dict) -> list[Question]:
    qs = list((ASKERS.get(family) if family in ASKERS else _generic)(facts))
    if family in DIAGRAM_KINDS:
        qs.append(("What kind of picture is this?", DIAGRAM_KINDS[family]))
    return qs


def perception_question(family: str, facts: dict, rng: np.random.Generator) -> Question | None:
    qs = perception_questions(family, facts)
    return rng_choice(rng, qs) if qs else None


YES_NO_SUFFIX = " Please answer yes or no."
# each open question as a claim about a candidate answer; {a}: the candidate with its article
YES_NO_TEMPLATES = {
    "What type of chart is shown?": "Is this {a} chart?",
    "How many categories are shown?": "Are {} categories shown?",
    "Which category has the largest value?": "Does {} have the largest value?",
    "How many nodes does the graph have?": "Does the graph have {} nodes?",
    "How many edges does the graph have?": "Does the graph have {} edges?",
    "What solid is shown?": "Is the solid shown {a}?",
    "How many functions are plotted?": "Are {} functions plotted?",
    "What type of function is plotted?": "Is the plotted function {a} function?",
    "How many objects are drawn on the grid?": "Are {} objects drawn on the grid?",
    "What kind of object is drawn on the grid?": "Is the object drawn on the grid {a}?",
    "How many shapes make up the figure?": "Do {} shapes make up the figure?",
    "What is the base shape of the figure?": "Is the base shape of the figure {a}?",
    "How many objects are in the scene?": "Are there {} objects in the scene?",
    "What object is on the left?": "Is the object on the left {a}?",
    "What is shown in the image?": "Does the image show {a}?",
    "What kind of picture is this?": "Is this picture {a}?",
}
YES_NO_ONE = {  # count claims about exactly one thing
    "How many categories are shown?": "Is 1 category shown?",
    "How many nodes does the graph have?": "Does the graph have 1 node?",
    "How many edges does the graph have?": "Does the graph have 1 edge?",
    "How many functions are plotted?": "Is 1 function plotted?",
    "How many objects are drawn on the grid?": "Is 1 object drawn on the grid?",
    "How many shapes make up the figure?": "Does 1 shape make up the figure?",
    "How many objects are in the scene?": "Is there 1 object in the scene?",
}


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _wrong_answer(family: str, question: str, answer: str, rng: np.random.Generator,
                  other_facts: Callable[[], dict], tries: int = 16) -> str | None:
    """A wrong answer to ``question`` that is plausible for the family: a count off by one or
    two, or what the question answers on another picture of the family; None if none found."""
    if answer.isdigit():
        n = int(answer)
        near = [n + d for d in (-2, -1, 1, 2) if n + d >= min(n, 1)]
        return str(rng_choice(rng, near))
    if question == "What kind of picture is this?":
        return rng_choice(rng, sorted(set(DIAGRAM_KINDS.values()) - {answer}))
    for _ in range(tries):
        for q, a in perception_questions(family, other_facts()):
            if q == question and a != answer:
                return a
    return None


def yes_no_question(family: str, facts: dict, rng: np.random.Generator,
                    other_facts: Callable[[], dict]) -> Question | None:
    """One perception question as a yes/no claim: ("Is this a pie chart? Please answer yes or
    no.", "Yes"). ``other_facts`` samples the facts of another picture of the family (for wrong
    answers). A question whose answer is already yes or no is asked as it is."""
    q = perception_question(family, facts, rng)
    if q is None:
        return None
    question, answer = q
    if answer in ("yes", "no"):
        return question + YES_NO_SUFFIX, answer.capitalize()
    claim_true = bool(rng.random() < 0.5)
    cand = answer if claim_true else _wrong_answer(family, question, answer, rng, other_facts)
    if cand is None:  # no other answer exists for this question: claim the true one
        cand, claim_true = answer, True
    template = (YES_NO_ONE.get(question) if cand == "1" else None) or \
        YES_NO_TEMPLATES.get(question, 'Is the answer to "%s" {}?' % question)
    return (template.format(cand, a=_article(cand)) + YES_NO_SUFFIX,
            "Yes" if claim_true else "No")


@lru_cache(maxsize=1)
def _families_with_questions() -> tuple[str, ...]:
    import renderers

    out = []
    for name in renderers.family_names():
        fam = renderers.get_family(name)
        if perception_questions(name, fam.facts(fam.sample_spec(np.random.default_rng(0)))):
            out.append(name)
    return tuple(out)


def families_with_questions() -> list[str]:
    return list(_families_with_questions())
