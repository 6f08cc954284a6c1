"""Text helpers shared by the caption writers: slot templates, lists, number extraction.

``numbers_in_text`` and ``numbers_in_facts`` back the caption-truth rule: every number a
caption states must be a number the spec's facts contain (formatted as the diagram shows it).
"""
from __future__ import annotations

import re
from typing import Any, Sequence

import numpy as np

from renderers.spec import rng_choice
from renderers.text import fmt_num

_NUM = re.compile(r"(?<![A-Za-z_])-?\d+(?:\.\d+)?")


def pick(rng: np.random.Generator, templates: Sequence[str], **slots: Any) -> str:
    """Choose one phrasing and fill its ``{slots}``."""
    return rng_choice(rng, templates).format(**slots)


# capital letters whose names start with a vowel sound ("an F", "an L-shape", "an S2")
_VOWEL_LETTERS = set("AEFHILMNORSX")


def article(word: str) -> str:
    """``word`` with its indefinite article by how it is said: by its first letter ("an
    orange", "a cup"; the suite's nouns and colour words have no silent or vowel-sounding
    exceptions), a number by its first word ("an 8", "an 11.5", "an 18,000", "a 180"), a
    capital letter standing alone by its name ("an L-shape", "an F", "a T")."""
    num = re.match(r"\d[\d,]*", word)
    if num:
        whole = num.group().replace(",", "")
        vowel = whole[0] == "8" or (whole[:2] in ("11", "18") and len(whole) % 3 == 2)
    elif re.match(r"[A-Z](?![a-z])", word):
        vowel = word[0] in _VOWEL_LETTERS
    else:
        vowel = word[:1].lower() in "aeiou"
    return ("an " if vowel else "a ") + word


def join_list(items: Sequence[str], conj: str = "and") -> str:
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def numbers_in_text(s: str) -> set[str]:
    """Numbers written in a text, normalised with ``fmt_num`` ("3.50" -> "3.5").

    Digits glued to a letter (labels like P1, exponents in x2) are not numbers of the caption's
    claims; unicode superscripts are not matched either.
    """
    out = set()
    for m in _NUM.finditer(s):
        tok = m.group(0)
        out.add(fmt_num(float(tok)))
        out.add(fmt_num(abs(float(tok))))
    return out


def numbers_in_facts(facts: Any) -> set[str]:
    """Every number a facts dict holds, at any depth, also those written inside its strings."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, bool) or x is None:
            return
        if isinstance(x, (int, float, np.integer, np.floating)):
            out.add(fmt_num(x))
            out.add(fmt_num(abs(float(x))))
            out.add(fmt_num(x, digits=1))
        elif isinstance(x, str):
            out.update(numbers_in_text(x))
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk(facts)
    return out


def untrue_numbers(caption: str, facts: dict) -> set[str]:
    """Numbers in ``caption`` that the facts do not contain (empty for a truthful caption)."""
    return numbers_in_text(caption) - numbers_in_facts(facts)
