"""Perception questions on analytic-geometry pictures refer to an object by its name only
where the picture shows that name: a line, circle, ellipse or parabola printed with its
equation carries no name ("Does l rise or fall from left to right?" of a line labelled only
"y = 0.5x + 10")."""
import re

import numpy as np
import pytest

import renderers
from engines.mavis.perception import perception_questions
from tests.tiers import tiers

LABELLED = ("line", "circle", "ellipse", "parabola")


@pytest.mark.parametrize("n", tiers(300, 1500))
def test_questions_name_only_drawn_names(n):
    fam = renderers.get_family("analytic_geometry")
    hidden_seen = asked_named = 0
    for i in range(n):
        spec = fam.sample_spec(np.random.default_rng(i))
        f = fam.facts(spec)
        hidden = {o["name"] for o in f["objects"]
                  if o["kind"] in LABELLED and o.get("equation_shown")}
        shown = {o["name"] for o in f["objects"]} - hidden
        hidden -= shown  # a name another object shows (none expected)
        hidden_seen += bool(hidden)
        for q in perception_questions("analytic_geometry", f):
            words = set(re.findall(r"[^\s?,.]+", q.question))
            assert not words & hidden, (i, q.question, hidden)
            asked_named += bool(words & shown)
    assert hidden_seen and asked_named
