"""Perception claims of the "puzzle" family read as English: "Is the puzzle shown a number
triangles?", "Is the shape in the first panel a fshape?"."""
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


def test_puzzle_claims_read_as_english():
    seen = _texts("puzzle")
    for t in ("Is the puzzle shown a number triangle?",
              "Is the shape in the first panel a letter L shape?",
              "Is the shape in the first panel a letter F shape?"):
        assert t in seen, t
