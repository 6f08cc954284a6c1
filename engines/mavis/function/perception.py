"""Perception questions on function pictures: how many functions are plotted and, for one, its type.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('function'); \
print(q('function', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Question, asker, words


@asker("function")
def questions(f: dict) -> list[Question]:
    fns = f["functions"]
    qs = [("How many functions are plotted?", str(len(fns)))]
    if len(fns) == 1:
        qs.append(("What type of function is plotted?", words(fns[0]["kind"])))
    return qs
