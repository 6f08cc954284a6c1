"""Perception questions on chart pictures: chart type, number of categories and the largest
category.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('chart'); \
print(q('chart', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Question, asker, words


@asker("chart")
def questions(f: dict) -> list[Question]:
    qs = [("What type of chart is shown?", words(f["kind"]))]
    if f.get("n_categories") and f["kind"] not in ("table", "scatter", "histogram"):
        qs.append(("How many categories are shown?", str(f["n_categories"])))
    series = f.get("series") or []
    # asked only where one category holds the largest value: a tie has no single answer
    if len(series) == 1 and len(series[0].get("max_categories", ())) == 1:
        qs.append(("Which category has the largest value?", series[0]["max_category"]))
    return qs
