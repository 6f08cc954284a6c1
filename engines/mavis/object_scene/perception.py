"""Perception questions on object_scene pictures: how many objects are in the scene and which one
is on the left.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('object_scene'); \
print(q('object_scene', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Question, asker, words


@asker("object_scene")
def questions(f: dict) -> list[Question]:
    objs = f["objects"]
    qs = [("How many objects are in the scene?", str(len(objs)))]
    left = [o for o in objs if o.get("horizontal") == "left"]
    if len(left) == 1:
        qs.append(("What object is on the left?", words(left[0]["kind"])))
    return qs
