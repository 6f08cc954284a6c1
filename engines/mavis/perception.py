"""Perception questions: short questions whose answer is read off the picture.

"What type of chart is shown?", "How many edges does node C have?", "Is the dog to the left of
the tree?": each is answered from the diagram's facts and needs the image (no question text
gives its answer away). They measure whether a model looks at the image: stage 3's evidence
compares a model with an image-blind twin on them, and the ``mavis-perception`` dataset kind
makes them at scale.

    mm-data mavis-perception --n 2000 --out data/perception --seed 0
    mm-data mavis-perception --form yes-no --n 2000 --out data/perception-yn --seed 0

Each family's asker (engines/mavis/<family>/perception.py) returns ``Ask`` items: a template
(the question with slots, e.g. "How many edges does node {node} have?"), the filled question,
the answer and the yes/no claim of the template. Askers cover counts, which is largest, the label
of a marked element, relations between two elements, colours and types; a build draws a
template uniformly among those a picture answers, a family's "what is shown" question at 0.3 of
that weight and the template shared by every family ("What kind of picture is this?") at a tenth
(and only on a picture that answers three others), so that no template holds more
than a few percent of a build.

The yes/no form turns each question into a claim to confirm or reject, MME's format ("Is this a
pie chart? Please answer yes or no." -> "Yes"/"No"): a true claim of one picture, asked by a
fair coin of that picture or of another picture of the family that answers the question
otherwise (``balanced_claim``), so that a claim's words say nothing of its answer.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterator

import numpy as np

from engines.mavis.text import article
from mm.registry import Registry
from renderers.spec import rng_choice

Question = tuple[str, str]  # (question, short answer)


@dataclass
class Ask:
    """One perception question; unpacks as (question, answer)."""

    template: str  # the question with its slots unfilled: what a build balances
    question: str
    answer: str
    claim: str = ""  # the yes/no claim, "{}" / "{a}" the candidate (with its article)
    others: list[str] = field(default_factory=list)  # wrong answers this picture offers
    weight: float = 1.0
    # other answers whose claims are true of this picture too: the classes its answer belongs
    # to (a cube is also a cuboid and a prism)
    alike: list[str] = field(default_factory=list)

    def __iter__(self) -> Iterator[str]:
        return iter((self.question, self.answer))


def ask(template: str, answer, claim: str = "", others=(), weight: float = 1.0, alike=(),
        **slots) -> Ask:
    """An ``Ask`` with the template's ``{slots}`` filled (in the question and the claim)."""
    fill = {k: str(v) for k, v in slots.items()}
    claim = claim.replace("{}", "{{}}").replace("{a}", "{{a}}").format(**fill) if claim else ""
    ans = str(answer)
    alike = [str(a) for a in alike if str(a) != ans]
    return Ask(template, template.format(**fill), ans, claim,
               [str(o) for o in others if str(o) != ans and str(o) not in alike], weight, alike)


AskerFn = Callable[[dict], list[Ask]]
# family -> the questions its picture answers; each family's askers live in
# engines/mavis/<family>/perception.py
ASKERS: Registry[AskerFn] = Registry("perception asker", package="engines.mavis")


def asker(family: str):
    def deco(fn):
        ASKERS.add(family, fn)
        return fn
    return deco


def collect(f: dict, *makers: Callable[[dict], Ask | list[Ask] | None]) -> list[Ask]:
    """The questions of each maker that the facts answer: a maker whose facts are missing or
    do not fit (a tie, no such element) gives none."""
    out: list[Ask] = []
    for m in makers:
        try:
            got = m(f)
        except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError, StopIteration):
            continue
        if isinstance(got, Ask):
            out.append(got)
        elif got:
            out.extend(g for g in got if g is not None)
    return out


def unique_arg(values: dict, best=max) -> str:
    """The key of the single largest (``best=min``: smallest) value; ValueError on a tie."""
    top = best(values.values())
    keys = [k for k, v in values.items() if v == top]
    if len(keys) != 1:
        raise ValueError("tie")
    return keys[0]


def yes_no(b: bool) -> str:
    return "yes" if b else "no"


def words(s: str) -> str:
    return str(s).replace("_", " ")


def _generic(f: dict) -> list[Ask]:
    return [ask("What is shown in the image?", words(f["kind"]), "Does the image show {a}?")] \
        if "kind" in f else []


# what a person calls each family's picture; "What kind of picture is this?" needs the image alone
DIAGRAM_KINDS = {
    "plane_geometry": "geometric figure", "analytic_geometry": "coordinate grid",
    "function": "function graph", "solid_geometry": "solid", "chart": "chart",
    "graph": "network", "puzzle": "puzzle", "arithmetic": "everyday object",
    "scientific": "physics diagram", "object_scene": "room or street scene",
}
# arithmetic pictures an "everyday object" names; a number line, equation card, fraction model,
# tally chart or bar model is none, so the shared question is not asked of them
EVERYDAY_OBJECTS = ("clock", "receipt", "money", "ruler", "thermometer")
KIND_OF_PICTURE = "What kind of picture is this?"
KIND_OF_PICTURE_WEIGHT = 0.1  # shared by every family: a tenth of a weight keeps its share small
TYPE_WEIGHT = 0.3  # a family's "what is shown" question, answered by every one of its pictures


def perception_asks(family: str, facts: dict) -> list[Ask]:
    qs = list((ASKERS.get(family) if family in ASKERS else _generic)(facts))
    # on a picture that answers few questions, the shared one would take a large share
    if family == "arithmetic" and facts.get("kind") not in EVERYDAY_OBJECTS:
        return qs
    if family in DIAGRAM_KINDS and len(qs) >= 3:
        qs.append(ask(KIND_OF_PICTURE, DIAGRAM_KINDS[family], "Is this picture {a}?",
                      weight=KIND_OF_PICTURE_WEIGHT))
    return qs


def perception_questions(family: str, facts: dict) -> list[Ask]:
    """Every question the picture answers (each unpacks as (question, answer))."""
    return perception_asks(family, facts)


def perception_ask(family: str, facts: dict, rng: np.random.Generator) -> Ask | None:
    """One question: a template drawn by weight among those the picture answers."""
    qs = perception_asks(family, facts)
    if not qs:
        return None
    w = np.array([q.weight for q in qs], dtype=float)
    return qs[int(rng.choice(len(qs), p=w / w.sum()))]


def template_key(family: str, template: str) -> str:
    """A template as one key across families, "family: text" with its slots (``{node}``)
    written as ``#``."""
    return f"{family}: " + re.sub(r"\{[^}]*\}", "#", template)


def common_answers(asks) -> dict[str, str]:
    """Each template's most common answer among ``asks`` ((family, Ask) pairs; a tie goes to
    the first answer in sorted order): what a model blind to the pictures can learn of their
    answers from the questions alone."""
    seen: dict[str, Counter] = defaultdict(Counter)
    for family, q in asks:
        seen[template_key(family, q.template)][q.answer] += 1
    return {k: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for k, c in seen.items()}


def perception_question(family: str, facts: dict, rng: np.random.Generator) -> Question | None:
    q = perception_ask(family, facts, rng)
    return None if q is None else (q.question, q.answer)


YES_NO_SUFFIX = " Please answer yes or no."




def _wrong_answer(family: str, q: Ask, rng: np.random.Generator,
                  other_facts: Callable[[], dict], tries: int = 16) -> str | None:
    """A wrong answer to ``q`` that is plausible for the picture: another answer the picture
    offers, a count off by one or two, or what the question answers on another picture of the
    family; None if none found."""
    if q.others:
        return rng_choice(rng, sorted(q.others))
    if q.answer.isdigit():
        n = int(q.answer)
        near = [n + d for d in (-2, -1, 1, 2) if n + d >= min(n, 1)]
        return str(rng_choice(rng, near))
    if q.template == KIND_OF_PICTURE:
        return rng_choice(rng, sorted(set(DIAGRAM_KINDS.values()) - {q.answer}))
    for _ in range(tries):
        o = _answered_otherwise(family, q, other_facts())
        if o is not None:
            return o.answer
    return None


def _answered_otherwise(family: str, q: Ask, other: dict) -> Ask | None:
    """``q``'s question as the picture of facts ``other`` asks it, where it answers otherwise;
    None where it answers alike or does not ask it.

    Two answers that differ in words may both be true of one picture: a cube is also a
    cuboid and a prism (``Ask.alike``). Such a pair counts as answering alike, so that no
    picture is told "No" of a claim true of it. Answering such a claim "Yes" instead would make
    a class's claim ("Is the solid shown a prism?") true more often than false; left out, each
    claim's text stays as often "Yes" (of its own picture) as "No" (of another). The pair is
    left out both ways round (a cube's "cube" claimed of a prism too), so that for
    ``picture_claim`` "this one's answer is a and the other's b" stays as likely as the
    reverse."""
    return next((o for o in perception_asks(family, other)
                 if o.question == q.question and o.answer != q.answer
                 and q.answer not in o.alike and o.answer not in q.alike), None)


def balanced_claim(family: str, rng: np.random.Generator,
                   new_picture: Callable[[], tuple[object, dict]], tries: int = 32,
                   questions: int = 4) -> tuple[Question, object] | None:
    """A yes/no claim whose words say nothing of its answer, and the picture it is asked of
    ((question, answer), spec); None when the picture answers no question. ``new_picture``
    draws a picture of the family ((spec, facts)) from the same generator.

    The claim is always a true one of a first picture: its question, with that picture's
    answer as the candidate ("Does the graph have 5 edges?"), or as it stands where the answer
    is yes or no ("Is the graph connected?"). Up to ``tries`` more pictures are drawn for one
    whose answer to the same question differs; a fair coin then asks the claim of the first
    picture or of that one, so each claim's text comes as often with either answer, as POPE
    and MME ask each object or question of pictures that have it and pictures that do not.
    The other picture is found before the coin is tossed: a search that failed only when the
    claim was to be false would leave the texts whose answers rarely differ more often true.
    (A wrong candidate claimed of the first picture, ``as_claim``, leaves the text telling the
    answer: a count off by one or two is more often wrong at the ends of the range, and a
    yes/no question is as often yes as its pictures are.) Where no other picture answers
    otherwise (every picture of the family is the same kind, or the question's slots name this
    picture's own labels), another question of the first picture is drawn, up to
    ``questions`` in all; after that the claim is ``as_claim``'s about the first picture."""
    spec, facts = new_picture()
    q = None
    for _ in range(questions):
        q = perception_ask(family, facts, rng)
        if q is None:
            return None
        yes_no_answer = q.answer in ("yes", "no")
        text = (q.question if yes_no_answer else _claim_text(q, q.answer)) + YES_NO_SUFFIX
        for _ in range(tries):
            try:
                other_spec, other = new_picture()
            except RuntimeError:  # a picture the family could not lay out: a try spent
                continue
            o = _answered_otherwise(family, q, other)
            if o is not None:
                if rng.random() < 0.5:  # asked of the first picture: true, or its own answer
                    return (text, q.answer.capitalize() if yes_no_answer else "Yes"), spec
                return (text, o.answer.capitalize() if yes_no_answer else "No"), other_spec
    return as_claim(family, q, rng, lambda: new_picture()[1]), spec


def _claim_text(q: Ask, candidate: str) -> str:
    """``q``'s claim with ``candidate`` as its answer (without the yes/no instruction)."""
    template = q.claim or 'Is the answer to "%s" {}?' % q.question.replace("{", "{{").replace(
        "}", "}}")
    if candidate == "1" and "|" in template:  # "Are {} ...|Is 1 ...": a count of one, singular
        template = template.split("|")[1]
    else:
        template = template.split("|")[0]
    if candidate == "0" and re.match(r"(Are|Are there) \{\} ", template):
        candidate = "no"  # "Are no banknotes shown?", not "Are 0 banknotes shown?"
    return template.format(candidate, a=article(candidate))


def as_claim(family: str, q: Ask, rng: np.random.Generator, other_facts: Callable[[], dict]
             ) -> Question:
    """``q`` as a yes/no claim about its own picture, true or false by a fair coin from
    ``rng``: the true answer or a wrong one (``_wrong_answer``); a question whose answer is
    already yes or no is asked as it is."""
    if q.answer in ("yes", "no"):
        return q.question + YES_NO_SUFFIX, q.answer.capitalize()
    claim_true = bool(rng.random() < 0.5)
    cand = q.answer if claim_true else _wrong_answer(family, q, rng, other_facts)
    if cand is None:  # no other answer exists for this question: claim the true one
        cand, claim_true = q.answer, True
    return _claim_text(q, cand) + YES_NO_SUFFIX, "Yes" if claim_true else "No"


def picture_claim(family: str, q: Ask, rng: np.random.Generator,
                  other_facts: Callable[[], dict]) -> Question | None:
    """``q`` as a yes/no claim about its own picture whose words say nothing of its answer, or
    None where this draw cannot make one.

    One other picture of the family is drawn (``other_facts``). Where it asks the same
    question and answers it otherwise, a fair coin claims this picture's answer (yes) or the
    other's (no); a question whose answer is yes or no is asked as it stands. Since the two
    pictures are drawn alike, "this one's answer is a and the other's b" is as likely as the
    reverse, so each claim's text comes as often with either answer, here too, where a
    conversation keeps its one picture (``balanced_claim`` picks the picture instead). Where
    the other picture answers alike, or does not ask the question (its slots name this
    picture's labels), None: a claim made anyway would have its answer told by its words
    (``as_claim``)."""
    try:
        other = other_facts()
    except RuntimeError:  # a picture the family could not lay out
        return None
    o = _answered_otherwise(family, q, other)
    if o is None:
        return None
    if q.answer in ("yes", "no"):
        return q.question + YES_NO_SUFFIX, q.answer.capitalize()
    if rng.random() < 0.5:
        return _claim_text(q, q.answer) + YES_NO_SUFFIX, "Yes"
    return _claim_text(q, o.answer) + YES_NO_SUFFIX, "No"


def picture_questions(family: str, facts: dict, rng: np.random.Generator, k: int, form: str,
                      other_facts: Callable[[], dict]) -> list[Question]:
    """Up to ``k`` of the questions the picture answers, drawn by weight without replacement
    (as ``perception_ask`` draws one), each asked open (``form`` "open"), as a claim
    ("yes_no") or either by a fair coin ("mixed"): no list asks one question both ways, so a
    conversation of them cannot answer a claim from its own earlier answer. Claims are
    ``picture_claim``'s; where it makes none, the question is asked open ("mixed") or left out
    ("yes_no")."""
    qs = perception_asks(family, facts)
    if not qs:
        return []
    w = np.array([q.weight for q in qs], dtype=float)
    picked = rng.choice(len(qs), size=min(k, len(qs)), replace=False, p=w / w.sum())
    out = []
    for i in picked.tolist():
        q = qs[i]
        if form == "yes_no" or (form == "mixed" and bool(rng.random() < 0.5)):
            claim = picture_claim(family, q, rng, other_facts)
            if claim is not None:
                out.append(claim)
            elif form == "mixed":
                out.append((q.question, q.answer))
        else:
            out.append((q.question, q.answer))
    return out


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
