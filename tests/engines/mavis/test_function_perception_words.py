"""Perception questions on function plots name a curve's type as a reader does, and ask it
only where the picture shows it: "absolute value", "logarithmic"; a sine or cosine curve's
type (one shape shifted: cos x = sin(x + π/2)) only where its equation is drawn, and no claim
about one names the other."""
import numpy as np
import pytest

import renderers
from engines.mavis.perception import perception_questions
from renderers.function.spec import KINDS
from tests.tiers import tiers

READER_WORDS = {"polynomial", "sine", "cosine", "tangent", "exponential", "logarithmic",
                "absolute value", "rational", "piecewise"}


def _type_asks(n: int):
    fam = renderers.get_family("function")
    for i in range(n):
        spec = fam.sample_spec(np.random.default_rng(i))
        f = fam.facts(spec)
        for q in perception_questions("function", f):
            if q.template == "What type of function is plotted?":
                yield spec, q


def test_every_kind_has_a_reader_word():
    assert len(KINDS) == len(READER_WORDS)


@pytest.mark.parametrize("n", tiers(300, 1500))
def test_type_answers_are_reader_words(n):
    seen = set()
    for spec, q in _type_asks(n):
        assert q.answer in READER_WORDS, q.answer
        assert not set(q.others) - READER_WORDS, q.others
        seen.add(q.answer)
    assert {"absolute value", "logarithmic"} <= seen, seen


@pytest.mark.parametrize("n", tiers(300, 1500))
def test_sinusoid_types_are_asked_only_with_their_equation(n):
    asked = 0
    for spec, q in _type_asks(n):
        if q.answer in ("sine", "cosine"):
            asked += 1
            assert spec.show_expression != "none", q
            other = "cosine" if q.answer == "sine" else "sine"
            assert other in q.alike and other not in q.others, q
    assert asked
