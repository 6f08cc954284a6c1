"""No perception question is one whose words or the sampler fix its answer: over 400 sampled
pictures of each family, no question (as asked, or with its names and numbers masked) asked 20
times or more has one answer in 95% of them, but the kind-of-picture question every family
shares (there the family, which the picture shows, gives it). Found before: "What kind of
object is e?" (e names an ellipse), "At which vertex does right triangle ABC have its right
angle?" (always B), "Which function is drawn in green?" (always g, the last), "How many curved
surfaces does the solid have?" (always 1), "How many nodes have no edge?" (always 0), "How
many triangles are drawn?" (always 3), "What colour is A?" of a point (always black)."""
import re
from collections import Counter, defaultdict

import numpy as np
import pytest

import renderers
from engines.mavis.perception import DIAGRAM_KINDS, KIND_OF_PICTURE, perception_asks


@pytest.mark.parametrize("family", sorted(DIAGRAM_KINDS))
def test_no_question_has_a_fixed_answer(family):
    fam = renderers.get_family(family)
    answers = defaultdict(Counter)
    for seed in range(400):
        f = fam.facts(fam.sample_spec(np.random.default_rng(seed)))
        for q in perception_asks(family, f):
            if q.question != KIND_OF_PICTURE:  # as asked, and with its names and numbers masked
                answers[q.question][str(q.answer)] += 1
                answers["masked: " + re.sub(r"\b[A-Z]+\b|\b[a-z]\b|\d+(\.\d+)?", "#",
                                            q.question)][str(q.answer)] += 1
    fixed = {k: v.most_common(1)[0] for k, v in answers.items()
             if sum(v.values()) >= 20 and v.most_common(1)[0][1] >= 0.95 * sum(v.values())}
    assert not fixed, fixed
