"""Perception questions on graph pictures: number of nodes and edges, and whether the graph is
directed.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('graph'); \
print(q('graph', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Question, asker, yes_no


@asker("graph")
def questions(f: dict) -> list[Question]:
    return [("How many nodes does the graph have?", str(f["n_nodes"])),
            ("How many edges does the graph have?", str(f["n_edges"])),
            ("Is the graph directed?", yes_no(bool(f.get("directed"))))]
