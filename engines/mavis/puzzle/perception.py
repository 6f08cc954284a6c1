"""Perception questions on puzzle pictures: what kind of puzzle is shown, the grid's rows and
columns, how many panels, items, levels or hidden cells it has, and the shape of a panel.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('puzzle'); \
print(q('puzzle', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import TYPE_WEIGHT, Ask, ask, asker, collect, words

KINDS = {"matrix": "pattern matrix", "shape_sequence": "shape sequence",
         "triangles": "number triangle", "number_grid": "number grid",
         "chain": "operation chain", "color_grid": "colour grid", "pyramid": "number pyramid",
         "odd_one_out": "odd one out"}
GRIDS = ("matrix", "number_grid", "color_grid")
# a shape's name after an article ("a letter L shape"; "a lshape", "a L-shape" misread)
SHAPES = {"lshape": "letter L shape", "fshape": "letter F shape", "plus": "plus sign"}


def _shape(name: str) -> str:
    return SHAPES.get(name, words(name))


@asker("puzzle")
def questions(f: dict) -> list[Ask]:
    return collect(
        f,
        lambda f: ask("What kind of puzzle is shown?", KINDS.get(f["kind"], words(f["kind"])),
                      "Is the puzzle shown {a}?", others=sorted(set(KINDS.values())),
                      weight=TYPE_WEIGHT),
        lambda f: ask("How many rows does the grid have?", f["rows"],
                      "Does the grid have {} rows?") if f["kind"] in GRIDS else None,
        lambda f: ask("How many columns does the grid have?", f["cols"],
                      "Does the grid have {} columns?") if f["kind"] in GRIDS else None,
        lambda f: ask("How many panels are in the sequence?", f["n_panels"],
                      "Are {} panels in the sequence?") if f["kind"] == "shape_sequence" else None,
        lambda f: ask("What shape is in the first panel?", _shape(f["panels"][0]["shape"]),
                      "Is the shape in the first panel {a}?",
                      others=[_shape(p["shape"]) for p in f["panels"]])
        if f["kind"] == "shape_sequence" else None,
        lambda f: ask("How many items are there to choose from?", f["n_items"],
                      "Are there {} items to choose from?") if f["kind"] == "odd_one_out"
        else None,
        lambda f: ask("How many levels does the pyramid have?", f["levels"],
                      "Does the pyramid have {} levels?") if f["kind"] == "pyramid" else None,
        lambda f: ask("How many operations does the chain have?", f["n_ops"],
                      "Does the chain have {} operations?|Does the chain have 1 operation?")
        if f["kind"] == "chain" else None,
    )
