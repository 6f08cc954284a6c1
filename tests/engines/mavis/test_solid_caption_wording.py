"""Solid captions say plainly which label goes with which edge, call no shaded solid a
wireframe and do not write "the labels show that ... carries the label" (cap-00000009 and
cap-00000033 of ``mavis-caption --families solid_geometry --seed 7171``)."""
import re

import numpy as np

import engines.mavis.solid_geometry.caption as SG
import renderers.solid_geometry.spec as S
from renderers import FAMILIES


def _captions(n=40):
    fam = FAMILIES.get("solid_geometry")
    for kind in S.KINDS:
        for seed in range(n):
            rng = np.random.default_rng(seed)
            spec = fam.sample_spec(rng, kind=kind)
            yield spec, SG.caption(spec, fam.facts(spec), rng)


def test_each_edge_label_is_read_with_its_own_edge():
    beside = 0
    for spec, cap in _captions():
        # "4.5 cm is written beside edge AB, the base edge and edge BB' is labelled 5 cm":
        # an apposition before "and" reads as a third item
        assert not re.search(r"beside edge \S+, the ", cap), cap
        beside += "is written beside edge" in cap
    assert beside >= 10


def test_a_shaded_solid_is_no_wireframe():
    shaded = 0
    for spec, cap in _captions():
        if spec.shade:
            shaded += 1
            assert "wireframe" not in cap, cap
    assert shaded >= 50


def test_the_labels_show_what_they_stand_for():
    for spec, cap in _captions():
        m = re.search(r"The labels show that ([^.]*)\.", cap)
        if m:
            assert not re.search(r"carries the label|is labell?ed|is marked (\d|\w = )|written",
                                 m.group(1)), cap
