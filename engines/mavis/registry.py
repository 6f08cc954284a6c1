"""Registries of the MAVIS engine: caption writers, problem makers and re-checkers per family.

Each family module (engines/mavis/<family>.py) fills these with decorators:

    @caption_writer("chart", n_phrasings=len(OPENERS))
    def caption(spec, facts, rng) -> str: ...

    @problem_maker("function")
    def make_problem(rng) -> Problem: ...

    @rechecker("function")
    def recheck(problem) -> float | str: ...   # independent of make_problem's arithmetic
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

CAPTION_MODULES = {
    "plane_geometry": "engines.mavis.plane_geometry",
    "analytic_geometry": "engines.mavis.analytic_geometry",
    "function": "engines.mavis.function",
    "solid_geometry": "engines.mavis.solid_geometry",
    "chart": "engines.mavis.chart",
    "graph": "engines.mavis.graph",
    "puzzle": "engines.mavis.puzzle",
    "arithmetic": "engines.mavis.arithmetic",
    "scientific": "engines.mavis.scientific",
    "object_scene": "engines.mavis.object_scene",
}


@dataclass
class CaptionWriter:
    fn: Callable
    n_phrasings: int


CAPTIONS: dict[str, CaptionWriter] = {}
PROBLEMS: dict[str, Callable] = {}
RECHECKS: dict[str, Callable] = {}


def _register(table: dict, family: str, value, what: str):
    if family in table:
        raise ValueError(f"{what} for family {family!r} is registered twice")
    table[family] = value


def caption_writer(family: str, n_phrasings: int):
    def deco(fn):
        _register(CAPTIONS, family, CaptionWriter(fn, n_phrasings), "caption writer")
        return fn
    return deco


def problem_maker(family: str):
    def deco(fn):
        _register(PROBLEMS, family, fn, "problem maker")
        return fn
    return deco


def rechecker(family: str):
    def deco(fn):
        _register(RECHECKS, family, fn, "re-checker")
        return fn
    return deco


def load_all() -> None:
    for mod in CAPTION_MODULES.values():
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise


def _get(table: dict, family: str, what: str):
    load_all()
    if family not in table:
        raise KeyError(f"no {what} for family {family!r}; valid: {', '.join(sorted(table))}")
    return table[family]


def get_caption_writer(family: str) -> CaptionWriter:
    return _get(CAPTIONS, family, "caption writer")


def get_problem_maker(family: str) -> Callable:
    return _get(PROBLEMS, family, "problem maker")


def get_rechecker(family: str) -> Callable:
    return _get(RECHECKS, family, "re-checker")


def caption_families() -> list[str]:
    load_all()
    return sorted(CAPTIONS)


def instruct_families() -> list[str]:
    load_all()
    return sorted(PROBLEMS)
