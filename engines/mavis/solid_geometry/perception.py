"""Perception questions on solid_geometry pictures: which solid is shown.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('solid_geometry'); \
print(q('solid_geometry', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Question, asker, words


@asker("solid_geometry")
def questions(f: dict) -> list[Question]:
    return [("What solid is shown?", words(f["kind"]))]
