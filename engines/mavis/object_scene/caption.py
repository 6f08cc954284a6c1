"""MAVIS-Caption writer for the "object_scene" family (3-8 everyday objects on a floor).

Why rule-based: ``renderers.object_scene`` facts list every object with its kind, colour,
size and position, plus counts per kind and per colour, so a caption assembled from them is true
by construction. An opening sentence (24 phrasings) names the setting and the number of objects;
detail sentences give the inventory (with colours and counts), positions of a few objects, the
left-to-right order, one left/right or front/back relation, the colours, the sign and the frame
tag, in a shuffled order. Counts are mostly written as words; any digit written is a count, the
frame number or part of the sign, all of which are in the facts.

Positions are stated only as far as the picture shows them: a region ("on the left") only for
an object plainly inside its third, an order only between objects a reader can tell apart
(objects at about the same place are named together), see ``renderers.object_scene.spec``.

    python -m pytest -q tests/renderers/test_object_scene.py \
        tests/engines/mavis/test_object_scene_positions.py
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.object_scene.spec import (PLURALS, clear_depth_position, clear_horizontal,
                                         clearly_left, left_to_right_groups)
from renderers.text import fmt_num

OPENERS = (
    "The image shows {n} objects in {place}.",
    "This is a rendered scene of {place} with {n} objects.",
    "{N} objects stand around in {place}.",
    "Shown here is {place} containing {n} objects.",
    "The picture depicts {place}; {n} objects are placed in it.",
    "We see {place} with {n} things arranged on the ground.",
    "Pictured is {place} holding {n} objects.",
    "A scene of {place}: {n} objects, each casting a shadow.",
    "Here is {place} in which {n} objects are scattered.",
    "The illustration shows {place} and {n} objects.",
    "In this image, {n} objects are spread across {place}.",
    "Displayed is a simple shaded scene of {place} with {n} objects.",
    "The rendering presents {place}, furnished with {n} objects.",
    "Look at {place}: it contains {n} objects.",
    "{N} items appear in this picture of {place}.",
    "The drawing is of {place} with {n} objects on the ground.",
    "An image of {place} where {n} objects can be seen.",
    "This picture shows {n} separate objects in {place}.",
    "A toy-like view of {place} with {n} objects.",
    "The scene takes place in {place} and has {n} objects.",
    "Visible in {place} are {n} objects.",
    "The figure is a scene in {place} with {n} objects in total.",
    "Presented here: {place}, {n} objects.",
    "Inside the frame is {place} featuring {n} objects.",
)

_PLACES = {
    "kitchen": ("a kitchen", "a kitchen corner", "a tiled kitchen"),
    "office": ("an office", "a study room", "a small office"),
    "living_room": ("a living room", "a sitting room", "a cosy living room"),
    "hallway": ("a hallway", "an entrance hall", "a hallway with a wooden floor"),
    "street": ("a street", "a town street", "a pavement by a road"),
    "park": ("a park", "a grassy park", "a lawn in a park"),
}
RELATION_GAP = 0.15  # centres this far apart (50 px at 336) make a plain left/right relation
DEPTH_GAP = 0.3  # depths this far apart make a plain front/back relation
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
          8: "eight"}


def _num(rng: np.random.Generator, k: int) -> str:
    """A count as a word (mostly) or as digits."""
    return _count(k, rng.random() < 0.8)


def _count(k: int, words: bool) -> str:
    return _WORDS.get(k, fmt_num(k)) if words else fmt_num(k)


def _plural(kind: str, k: int) -> str:
    return kind if k == 1 else PLURALS[kind]




def _inventory(rng, f: dict) -> str:
    parts = []
    for kind, k in f["counts"].items():
        objs = [o for o in f["objects"] if o["kind"] == kind]
        cols = sorted({o["color"] for o in objs})
        if k == 1:
            size = f"{objs[0]['size']} " if objs[0]["size"] != "medium" and \
                rng.random() < 0.4 else ""
            parts.append(article(f"{size}{objs[0]['color']} {kind}"))
        elif len(cols) == 1:
            parts.append(f"{_num(rng, k)} {cols[0]} {_plural(kind, k)}")
        else:
            # the counts of one phrase all in words or all in digits: no "two benches (1
            # gray and one red)"
            words = rng.random() < 0.8
            per = [f"{_count(f['kind_color_counts'][c + ' ' + kind], words)} {c}"
                   for c in cols]
            parts.append(f"{_count(k, words)} {_plural(kind, k)} ({join_list(per)})")
    order = rng.permutation(len(parts))
    items = join_list([parts[int(i)] for i in order])
    return pick(rng, ("There {be} {items}.", "The objects are {items}.",
                      "It contains {items}.", "In the scene: {items}.",
                      "Among them are {items}."),
                be="is" if len(parts) == 1 and f["n_objects"] == 1 else "are", items=items)


def _where(o: dict) -> str | None:
    """Where the object stands, in the words a reader would use: its third of the image and
    its half of the floor, each only where the picture shows it plainly (see
    ``clear_horizontal``); None if neither is plain."""
    h = clear_horizontal(o["x"])
    d = clear_depth_position(o["depth"])
    parts = ([{"left": "on the left", "right": "on the right", "centre": "in the middle"}[h]]
             if h else []) + \
        ([{"front": "near the front", "back": "towards the back"}[d]] if d else [])
    return ", ".join(parts) or None


def _order(groups: list[list[dict]]) -> str:
    """The left-to-right order; objects at about the same place (one group) are named together
    ("key and hat, then cup") rather than ordered."""
    if all(len(g) == 1 for g in groups):
        return ", ".join(g[0]["kind"] for g in groups)
    return ", then ".join(join_list([o["kind"] for o in g]) for g in groups)


def _positions(rng, f: dict) -> list[str]:
    objs = f["objects"]
    uniq = [o for o in objs if f["counts"][o["kind"]] == 1]
    out = []
    picks = rng.permutation(len(uniq))[:2]
    for i in picks:
        o = uniq[int(i)]
        w = _where(o)
        if w is None:
            continue
        out.append(pick(rng, ("The {c} {k} stands {w}.", "The {k} is {w}.",
                              "You can find the {c} {k} {w}.", "{W} is the {c} {k}."),
                        c=o["color"], k=o["kind"], w=w, W=w[0].upper() + w[1:]))
    groups = left_to_right_groups(objs)
    if rng.random() < 0.5 and len(groups) > 1:
        out.append(pick(rng, ("From left to right: {s}.", "Reading from left to right, the "
                              "objects are {s}.", "Left to right the order is {s}."),
                        s=_order(groups)))
    return out


def _relation(rng, f: dict) -> str | None:
    uniq = [o for o in f["objects"] if f["counts"][o["kind"]] == 1]
    pairs = [(a, b) for a in uniq for b in uniq if a is not b]
    if not pairs:
        return None
    for i in rng.permutation(len(pairs)):
        a, b = pairs[int(i)]
        if clearly_left(a, b, RELATION_GAP):
            return pick(rng, ("The {a} is to the left of the {b}.",
                              "The {b} is to the right of the {a}."), a=a["kind"], b=b["kind"])
        if b["depth"] - a["depth"] >= DEPTH_GAP:
            near, far = depth_words(a, b)
            return pick(rng, ("The {a} is {near} the {b}.", "The {b} is {far} the {a}."),
                        a=a["kind"], b=b["kind"], near=near, far=far)
    return None


def one_before_other(a, b) -> bool:
    """Whether objects ``a`` and ``b`` (SceneObjects or facts objects) stand at about the same
    place left to right (neither ``clearly_left`` of the other), where "in front of" and
    "behind" are said of them. MME-synth asks its front/behind questions of such pairs only."""
    return not clearly_left(a, b) and not clearly_left(b, a)


def depth_words(a, b) -> tuple[str, str]:
    """The words for "nearer" and "further" between ``a`` and ``b``: "in front of" and "behind"
    only where one stands before the other (``one_before_other``); a pair apart is compared by
    depth alone, "nearer the front than" and "further back than" (no "the shoe is behind the
    tree" for a shoe on the far left of a tree on the right)."""
    return ("in front of", "behind") if one_before_other(a, b) else \
        ("nearer the front than", "further back than")


def _colors(rng, f: dict) -> str:
    cc = f["color_counts"]
    top = max(cc.values())
    best = sorted(c for c, k in cc.items() if k == top)
    if top > 1 and len(best) == 1:
        k = _num(rng, top)
        return pick(rng, ("{C} is the most common colour, on {k} objects.",
                          "{K} objects are {c}, more than any other colour."),
                    C=best[0].capitalize(), c=best[0], k=k, K=_count(top, True).capitalize())
    return pick(rng, ("The colours present are {c}.", "Colours in the scene: {c}."),
                c=join_list(sorted(cc)))


def _sign(rng, f: dict) -> str | None:
    if not f["sign"]:
        return None
    if f["sign_style"] == "board":
        return pick(rng, ("A chalkboard on the wall shows {t}.",
                          "Written on a chalkboard: {t}."), t=f["sign"])
    return pick(rng, ("A sign reads \u201c{t}\u201d.", "The word {t} is written on a sign.",
                      "A hanging sign says {t}."), t=f["sign"])


@caption_writer("object_scene", n_phrasings=len(OPENERS))
def caption(spec, facts: dict, rng: np.random.Generator) -> str:
    f = facts
    n = _num(rng, f["n_objects"])
    # a sentence opens with the count in words: "Six objects ...", no "6 objects ..."
    opener = pick(rng, OPENERS, n=n, N=_count(f["n_objects"], True).capitalize(),
                  place=pick(rng, _PLACES[f["theme"]]))
    body = [_inventory(rng, f)]
    rest = _positions(rng, f)
    for s in (_relation(rng, f), _colors(rng, f), _sign(rng, f)):
        if s:
            rest.append(s)
    if rng.random() < 0.4:
        rest.append(pick(rng, ("A small tag in the corner says Scene {n}.",
                               "The corner label reads Scene {n}."), n=fmt_num(f["frame"])))
    order = rng.permutation(len(rest))
    return " ".join([opener] + body + [rest[int(i)] for i in order])
