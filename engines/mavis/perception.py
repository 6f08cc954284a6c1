"""Perception questions: short questions whose answer is read off the picture.

"What type of chart is shown?", "How many nodes does the graph have?", "What solid is shown?":
each is answered from the diagram's facts, and answering needs the image (the question text is
the same for every image of a family). They measure whether a model looks at the image: stage 3's
evidence compares a model with an image-blind twin on them, and the ``mavis-perception`` dataset
kind makes them at scale.

    mm-data mavis-perception --n 2000 --out data/perception --seed 0
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import numpy as np

from renderers.base import rng_choice

Question = tuple[str, str]  # (question, short answer)
_ASKERS: dict[str, Callable[[dict], list[Question]]] = {}


def asker(family: str):
    def deco(fn):
        _ASKERS[family] = fn
        return fn
    return deco


def _yes_no(b: bool) -> str:
    return "yes" if b else "no"


def _words(s: str) -> str:
    return str(s).replace("_", " ")


@asker("chart")
def _chart(f: dict) -> list[Question]:
    qs = [("What type of chart is shown?", _words(f["kind"]))]
    if f.get("n_categories") and f["kind"] not in ("table", "scatter", "histogram"):
        qs.append(("How many categories are shown?", str(f["n_categories"])))
    series = f.get("series") or []
    if len(series) == 1 and series[0].get("max_category"):
        qs.append(("Which category has the largest value?", series[0]["max_category"]))
    return qs


@asker("graph")
def _graph(f: dict) -> list[Question]:
    return [("How many nodes does the graph have?", str(f["n_nodes"])),
            ("How many edges does the graph have?", str(f["n_edges"])),
            ("Is the graph directed?", _yes_no(bool(f.get("directed"))))]


@asker("solid_geometry")
def _solid(f: dict) -> list[Question]:
    return [("What solid is shown?", _words(f["kind"]))]


@asker("function")
def _function(f: dict) -> list[Question]:
    fns = f["functions"]
    qs = [("How many functions are plotted?", str(len(fns)))]
    if len(fns) == 1:
        qs.append(("What type of function is plotted?", _words(fns[0]["kind"])))
    return qs


@asker("analytic_geometry")
def _analytic(f: dict) -> list[Question]:
    objs = f["objects"]
    qs = [("How many objects are drawn on the grid?", str(len(objs)))]
    if len(objs) == 1:
        qs.append(("What kind of object is drawn on the grid?", _words(objs[0]["kind"])))
    return qs


@asker("plane_geometry")
def _plane(f: dict) -> list[Question]:
    qs = [("How many shapes make up the figure?", str(f["counts"]["shapes"]))]
    if f.get("base_type"):
        qs.append(("What is the base shape of the figure?", _words(f["base_type"])))
    return qs


@asker("object_scene")
def _objects(f: dict) -> list[Question]:
    objs = f["objects"]
    qs = [("How many objects are in the scene?", str(len(objs)))]
    left = [o for o in objs if o.get("horizontal") == "left"]
    if len(left) == 1:
        qs.append(("What object is on the left?", _words(left[0]["kind"])))
    return qs


def _generic(f: dict) -> list[Question]:
    return [("What is shown in the image?", _words(f["kind"]))] if "kind" in f else []


# what a person calls each family's picture; "What kind of picture is this?" needs the image alone
DIAGRAM_KINDS = {
    "plane_geometry": "geometric figure", "analytic_geometry": "coordinate grid",
    "function": "function graph", "solid_geometry": "solid", "chart": "chart",
    "graph": "network", "puzzle": "puzzle", "arithmetic": "everyday object",
    "scientific": "physics diagram", "object_scene": "room or street scene",
}


def perception_questions(family: str, facts: dict) -> list[Question]:
    qs = list((_ASKERS.get(family) or _generic)(facts))
    if family in DIAGRAM_KINDS:
        qs.append(("What kind of picture is this?", DIAGRAM_KINDS[family]))
    return qs


def perception_question(family: str, facts: dict, rng: np.random.Generator) -> Question | None:
    qs = perception_questions(family, facts)
    return rng_choice(rng, qs) if qs else None


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
