"""Perception questions on plane_geometry pictures: how many shapes make up the figure and its base
shape.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('plane_geometry'); \
print(q('plane_geometry', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Question, asker, words


@asker("plane_geometry")
def questions(f: dict) -> list[Question]:
    qs = [("How many shapes make up the figure?", str(f["counts"]["shapes"]))]
    if f.get("base_type"):
        qs.append(("What is the base shape of the figure?", words(f["base_type"])))
    return qs
