"""Perception questions on scientific pictures (physics diagrams): what the diagram shows, and per
kind its parts: resistors, bulbs and switches of a circuit and how they are joined, the forces
on a body, the vectors drawn, the crests and troughs of a wave, the lens's image, the segments of a motion
graph, the vessels of a measuring cylinder, a spring's state, a pendulum's side.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('scientific'); \
print(q('scientific', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import TYPE_WEIGHT, Ask, ask, asker, collect, words

KINDS = {"lens": "lens diagram", "spring": "spring", "incline": "inclined plane",
         "circuit": "electric circuit", "cylinder": "measuring cylinder",
         "motion": "motion graph", "pendulum": "pendulum", "forces": "force diagram",
         "vectors": "vector diagram", "wave": "wave"}


def _is(f: dict, kind: str) -> None:
    if f["kind"] != kind:
        raise ValueError("another kind")


@asker("scientific")
def questions(f: dict) -> list[Ask]:
    return collect(
        f,
        lambda f: ask("What does the diagram show?", KINDS.get(f["kind"], words(f["kind"])),
                      "Does the diagram show {a}?", others=sorted(set(KINDS.values())),
                      weight=TYPE_WEIGHT),
        lambda f: _is(f, "circuit") or ask("How many resistors are in the circuit?",
                                           f["n_resistors"],
                                           "Are there {} resistors in the circuit?|Is there 1 "
                                           "resistor in the circuit?"),
        lambda f: _is(f, "circuit") or ask("How many bulbs are in the circuit?", f["n_bulbs"],
                                           "Are there {} bulbs in the circuit?|Is there 1 bulb "
                                           "in the circuit?"),
        lambda f: _is(f, "circuit") or ask("Are the parts of the circuit joined in series or in "
                                           "parallel?", f["topology"],
                                           "Are the parts of the circuit joined in {}?",
                                           others=["series", "parallel"])
        if f["topology"] in ("series", "parallel") else None,
        # arrows, not forces acting: on a floor the undrawn weight and normal force act too
        lambda f: _is(f, "forces") or ask("How many force arrows are drawn on the body?",
                                          f["n_forces"],
                                          "Are {} force arrows drawn on the body?|Is 1 force "
                                          "arrow drawn on the body?"),
        lambda f: _is(f, "vectors") or ask("How many vectors are drawn?", f["n_vectors"],
                                           "Are {} vectors drawn?|Is 1 vector drawn?"),
        lambda f: _is(f, "lens") or ask("Is the image formed by the lens upright or inverted?",
                                        f["orientation"], "Is the image formed by the lens {}?",
                                        others=["upright", "inverted"])
        if f["image_shown"] and f["orientation"] in ("upright", "inverted") else None,
        lambda f: _is(f, "motion") or ask("How many segments does the graph have?",
                                          f["n_segments"],
                                          "Does the graph have {} segments?|Does the graph "
                                          "have 1 segment?"),
        lambda f: _is(f, "cylinder") or ask("How many vessels are shown?", f["n_vessels"],
                                            "Are {} vessels shown?|Is 1 vessel shown?"),
        lambda f: _is(f, "spring") or ask("Is the spring vertical or horizontal?",
                                          f["orientation"], "Is the spring {}?",
                                          others=["vertical", "horizontal"]),
        lambda f: _is(f, "spring") or ask("Is the spring stretched or compressed?", f["state"],
                                          "Is the spring {}?",
                                          others=["stretched", "compressed"])
        if f["state"] in ("stretched", "compressed") else None,
        lambda f: _is(f, "pendulum") or ask("To which side is the pendulum pulled?", f["side"],
                                            "Is the pendulum pulled to the {}?",
                                            others=["left", "right"]),
        lambda f: _is(f, "incline") or ask("Are force arrows drawn on the block?",
                                           "yes" if f["show_forces"] else "no"),
        lambda f: _is(f, "wave") or ask("How many crests does the wave show?", f["n_crests"],
                                        "Does the wave show {} crests?|Does the wave show 1 "
                                        "crest?"),
        lambda f: _is(f, "wave") or ask("How many troughs does the wave show?", f["n_troughs"],
                                        "Does the wave show {} troughs?|Does the wave show 1 "
                                        "trough?"),
    )
