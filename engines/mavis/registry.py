"""Registries of the MAVIS engine: caption writers, problem makers and re-checkers per family.

Each family folder (engines/mavis/<family>/, named like its renderer family) fills these with
decorators; every module under engines.mavis is imported on the first lookup, so adding a
family is adding its files:

    @caption_writer("chart", n_phrasings=len(OPENERS))      # <family>/caption.py
    def caption(spec, facts, rng) -> str: ...

    @problem_maker("function")                              # <family>/problem.py
    def make_problem(rng) -> Problem: ...

    @rechecker("function")                                  # <family>/recheck.py
    def recheck(problem) -> float | str: ...   # independent of make_problem's arithmetic

    python -c "from engines.mavis import registry as r; print(r.caption_families())"
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from mm.registry import Registry


@dataclass
class CaptionWriter:
    fn: Callable
    n_phrasings: int


CAPTIONS: Registry[CaptionWriter] = Registry("caption writer", package="engines.mavis")
PROBLEMS: Registry[Callable] = Registry("problem maker", package="engines.mavis")
RECHECKS: Registry[Callable] = Registry("re-checker", package="engines.mavis")


def caption_writer(family: str, n_phrasings: int):
    def deco(fn):
        CAPTIONS.add(family, CaptionWriter(fn, n_phrasings))
        return fn
    return deco


def problem_maker(family: str):
    def deco(fn):
        PROBLEMS.add(family, fn)
        return fn
    return deco


def rechecker(family: str):
    def deco(fn):
        RECHECKS.add(family, fn)
        return fn
    return deco


def get_caption_writer(family: str) -> CaptionWriter:
    return CAPTIONS.get(family)


def get_problem_maker(family: str) -> Callable:
    return PROBLEMS.get(family)


def get_rechecker(family: str) -> Callable:
    return RECHECKS.get(family)


def caption_families() -> list[str]:
    return CAPTIONS.names()


def instruct_families() -> list[str]:
    return PROBLEMS.names()
