"""Every curve an analytic-geometry question names is named in its version's picture or text.

ins-00000003 (mavis-instruct --seed 8181, vision_dominant) asked "Find the x-coordinate of the
intersection of l₁ and l₂." of two lines labelled "y = 0.5x + 6.5" and "y = -0.5x + 5.5":
neither the text nor the picture said which line was l₁. A curve's printed equation now
carries its name where another object of its kind is drawn ("l₁: y = 0.5x + 6.5").

    python -m pytest -q tests/engines/mavis/test_analytic_question_names.py
"""
from __future__ import annotations

import re

import numpy as np
import pytest

from engines.mavis.analytic_geometry.problem import TARGETS, make_problem
from engines.mavis.problem import distinct_versions, question_text, version_spec
from renderers import get_family
from tests.tiers import tiers

CURVE_NAME = re.compile(r"(?<![A-Za-z])([lcep][₁₂₃₄₅₆]?)(?![A-Za-z(])")


def _named_in_picture(spec) -> set[str]:
    """The curve names the picture writes: alone, or before their equation ("l₁: ...")."""
    _, layout = get_family("analytic_geometry").render_with_layout(spec, 224)
    names = {o.name for o in spec.objects if o.kind in ("line", "circle", "ellipse",
                                                        "parabola")}
    out = set()
    for lb in layout.labels:
        head = lb.text.split(":", 1)[0].strip()
        if head in names:
            out.add(head)
    return out


@pytest.mark.parametrize("n", tiers(60, 300))
@pytest.mark.parametrize("target", ("intersection", "slope", "y_intercept", "x_intercept",
                                    "perpendicular_slope"))
def test_curve_names_a_question_uses_are_given(target, n):
    assert target in TARGETS
    checked = 0
    for i in range(n):
        p = make_problem(np.random.default_rng([81, i]), target=target)
        names = {o.name for o in p.spec.objects if o.name}
        for v in distinct_versions(p):
            q = question_text(p, v)
            asked = {m for m in CURVE_NAME.findall(q) if m in names}
            if not asked:
                continue
            said = {g.text.split(":", 1)[0].strip() for g in p.givens} & asked
            stated = {m for m in asked if re.search(re.escape(m) + r"\s*:", q)}
            missing = asked - stated - _named_in_picture(version_spec(p, v))
            assert not missing, (target, v, missing, q, said)
            checked += 1
    if target == "intersection":
        assert checked >= n


def test_the_two_lines_of_the_intersection_question_carry_their_names():
    """The picture of ins-00000003's vision_dominant version: both lines' equations printed,
    each after its name."""
    fam = get_family("analytic_geometry")
    spec = fam.spec_cls.from_dict({
        "xmin": -7, "xmax": 6, "ymin": -1, "ymax": 11, "grid": True, "tick_labels": True,
        "objects": [
            {"kind": "line", "name": "l₁", "pts": [[0.0, 6.5], [2.0, 7.5]],
             "pt_names": ["", ""], "show_eq": True, "color": "red"},
            {"kind": "line", "name": "l₂", "pts": [[0.0, 5.5], [2.0, 4.5]],
             "pt_names": ["", ""], "show_eq": True, "color": "purple"}]})
    texts = [lb.text for lb in fam.render_with_layout(spec, 336)[1].labels]
    assert "l₁: y = 0.5x + 6.5" in texts and "l₂: y = -0.5x + 5.5" in texts
