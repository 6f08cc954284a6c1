"""Captions of the chart, graph, arithmetic, puzzle and scientific families open every sentence
with a capital letter or a number ("yellow is the most common colour." opened one with a
colour's name), and a pyramid's missing block is placed in words a reader follows ("in place
first" said nothing)."""
import re

import numpy as np
import pytest

import renderers
from engines.mavis import registry

# a sentence ends at ". " or "! "; "?" stands for a missing value inside sentences
SENTENCE_END = re.compile(r"(?<=[.!])\s+")


@pytest.mark.parametrize("family", ["chart", "graph", "arithmetic", "puzzle", "scientific"])
def test_every_caption_sentence_opens_with_a_capital(family):
    fam, writer = renderers.get_family(family), registry.get_caption_writer(family)
    bad = []
    for seed in range(300):
        rng = np.random.default_rng(seed)
        spec = fam.sample_spec(rng)
        cap = writer.fn(spec, fam.facts(spec), rng)
        for sentence in SENTENCE_END.split(cap):
            if sentence and sentence[0].islower():
                bad.append(sentence)
    assert not bad, bad[:5]


def test_colour_grid_and_pyramid_wording():
    fam, writer = renderers.get_family("puzzle"), registry.get_caption_writer("puzzle")
    grids = pyramids = 0
    for seed in range(600):
        rng = np.random.default_rng(seed)
        spec = fam.sample_spec(rng)
        cap = writer.fn(spec, fam.facts(spec), rng)
        assert "in place " not in cap.replace("in place of", ""), cap
        if "most common colour" in cap:
            grids += 1
            assert re.search(r"The most common colour is [a-z]+\.", cap), cap
        if "missing block sits" in cap:
            pyramids += 1
            assert re.search(r"row from the top, (first|second|third|fourth|fifth|sixth) from "
                             r"the left\.", cap), cap
    assert grids and pyramids
