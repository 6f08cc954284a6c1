"""Perception claims of the "chart" family read as English and name the chart: "Is this a
box chart?", "a histogram chart", "a table chart" misnamed three kinds."""
import re

import numpy as np

import renderers
from engines.mavis.perception import _claim_text, perception_asks


def _claims(family: str, n: int = 400):
    fam = renderers.get_family(family)
    for seed in range(n):
        spec = fam.sample_spec(np.random.default_rng(seed))
        f = fam.facts(spec)
        for q in perception_asks(family, f):
            if q.claim:
                yield f, q, [_claim_text(q, c) for c in [q.answer, *q.others]]


BAD = re.compile(r"\ba (number triangles|money|[aeiou]\w*)\b|\ban [^aeiou\W]\w*|\b[lf]shape\b"
                 r"|\bin in\b|\b(box|histogram|table|scatter) chart\b|\bDoes [A-Z]\w* show\b")


def _texts(family: str) -> set[str]:
    seen = set()
    for _, _, texts in _claims(family):
        for t in texts:
            assert not BAD.search(t), (family, t)
            seen.add(t)
    return seen


def test_chart_claims_name_the_kind_of_chart():
    seen = _texts("chart")
    for t in ("Is this a box plot?", "Is this a histogram?", "Is this a scatter plot?",
              "Is this a table?", "Is this a bar chart?"):
        assert t in seen, t
