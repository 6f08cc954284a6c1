"""Perception questions on analytic_geometry pictures: how many objects are on the grid and, for
one, its kind.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('analytic_geometry'); \
print(q('analytic_geometry', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Question, asker, words


@asker("analytic_geometry")
def questions(f: dict) -> list[Question]:
    objs = f["objects"]
    qs = [("How many objects are drawn on the grid?", str(len(objs)))]
    if len(objs) == 1:
        qs.append(("What kind of object is drawn on the grid?", words(objs[0]["kind"])))
    return qs
