"""Perception questions on object_scene pictures: how many objects (of a kind, of a colour) are
in the scene, the leftmost and rightmost object, the colour of an object, indoors or outdoors,
and which of two objects is further left or nearer.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced). Position
questions are asked only where the picture answers them plainly: an object well inside the left
third with no other near it, a rightmost object clearly apart from the rest, two objects far
enough apart (``renderers.object_scene.spec``: SEPARATION, REGION_MARGIN).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('object_scene'); \
print(q('object_scene', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Ask, ask, asker, collect, words
from renderers.object_scene.spec import (REGION_MARGIN, clear_horizontal, clearly_left,
                                         left_to_right_groups)


def plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _single(f: dict) -> list[dict]:
    """Objects whose kind occurs once (so "the dog" names one object)."""
    return [o for o in f["objects"] if sum(p["kind"] == o["kind"] for p in f["objects"]) == 1]


def _pair(f: dict, key: str, gap: float) -> tuple[dict, dict]:
    s = _single(f)
    for i in range(len(s)):
        for j in range(i + 1, len(s)):
            a, b = s[i], s[j]
            clear = clearly_left(a, b, gap) or clearly_left(b, a, gap) if key == "x" else \
                abs(a[key] - b[key]) >= gap
            if clear:
                return a, b
    raise ValueError("no clear pair")


def _on_the_left(f: dict) -> Ask | None:
    """The one object plainly in the left third, asked only when every other object is plainly
    outside it (none near the boundary, where a reader could count it as on the left too)."""
    near = [o for o in f["objects"] if o["x"] < 1 / 3 + REGION_MARGIN]
    if len(near) != 1 or clear_horizontal(near[0]["x"]) != "left":
        return None
    return ask("What object is on the left?", words(near[0]["kind"]),
               "Is the object on the left {a}?")


def _furthest_right(f: dict) -> Ask | None:
    """The rightmost object, asked only when it stands clearly right of every other one and is
    the only one of its kind."""
    last = left_to_right_groups(f["objects"])[-1]
    if len(last) != 1 or last[0] not in _single(f):
        return None
    return ask("Which object is furthest to the right?", words(last[0]["kind"]),
               "Is the {} the object furthest to the right?",
               others=[words(o["kind"]) for o in f["objects"]])


def _left_of(f: dict) -> Ask:
    a, b = _pair(f, "x", 0.15)
    return ask("Is the {a} to the left of the {b}?", "yes" if a["x"] < b["x"] else "no",
               a=words(a["kind"]), b=words(b["kind"]))


def _nearer(f: dict) -> Ask:
    a, b = _pair(f, "depth", 0.25)
    near = a if a["depth"] < b["depth"] else b
    return ask("Which is nearer to the viewer, the {a} or the {b}?", words(near["kind"]),
               "Is the {} nearer to the viewer than the other of {a} and {b}?",
               others=[words(a["kind"]), words(b["kind"])], a=words(a["kind"]),
               b=words(b["kind"]))


@asker("object_scene")
def questions(f: dict) -> list[Ask]:
    objs = f["objects"]
    return collect(
        f,
        lambda f: ask("How many objects are in the scene?", len(objs),
                      "Are there {} objects in the scene?|Is there 1 object in the scene?"),
        _on_the_left, _furthest_right,
        lambda f: ask("How many {kinds} are in the scene?", f["counts"][objs[0]["kind"]],
                      "Are there {} {kinds} in the scene?|Is there 1 {kind} in the scene?",
                      kinds=plural(words(objs[0]["kind"])), kind=words(objs[0]["kind"])),
        lambda f: ask("What colour is the {kind}?", _single(f)[-1]["color"],
                      "Is the {kind} {}?", others=sorted(f["color_counts"]),
                      kind=words(_single(f)[-1]["kind"])),
        lambda f: ask("Is the scene indoors or outdoors?",
                      {"indoor": "indoors", "outdoor": "outdoors"}[f["setting"]],
                      "Is the scene {}?", others=["indoors", "outdoors"]),
        lambda f: ask("How many {colour} objects are in the scene?",
                      f["color_counts"][objs[-1]["color"]],
                      "Are there {} {colour} objects in the scene?|Is there 1 {colour} object "
                      "in the scene?", colour=objs[-1]["color"]),
        _left_of, _nearer,
    )
