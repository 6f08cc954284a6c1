"""MAVIS engine for analytic_geometry: captions tell the facts, problems are right for every
target (checked against hand formulas from the givens), the vision diagram shows the givens.

    python -m pytest -q tests/engines/mavis/test_analytic_geometry.py
"""
import math

import numpy as np
import pytest

from engines.mavis.analytic_geometry.caption import OPENERS, caption
from engines.mavis.analytic_geometry.problem import TARGETS, make_problem
from engines.mavis.analytic_geometry.recheck import recheck
from engines.mavis.problem import question_text
from engines.mavis.text import untrue_numbers
from renderers.analytic_geometry import AnalyticGeometry
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject

FAM = AnalyticGeometry()


def test_caption_states_hand_built_facts():
    spec = AnalyticSpec(xmin=-6, xmax=8, ymin=-6, ymax=8, objects=[
        GeoObject("segment", "AB", pts=[[1, 2], [4, 6]], pt_names=["A", "B"]),
        GeoObject("line", "l", pts=[[0, 1], [2, 5]], pt_names=["", ""])])
    facts = FAM.facts(spec)
    for seed in range(10):
        cap = caption(spec, facts, np.random.default_rng(seed))
        assert "A(1, 2)" in cap and "B(4, 6)" in cap and "(2.5, 4)" in cap
        assert "y = 2x + 1" in cap and not untrue_numbers(cap, facts)
    assert len(OPENERS) >= 20


def _givens_xy(p):
    return {g.text.split("(")[0]: g.value for g in p.givens if isinstance(g.value, list)}


@pytest.mark.parametrize("target", TARGETS)
def test_each_target_matches_hand_formula(target):
    for seed in range(15):
        p = make_problem(np.random.default_rng(seed), target)
        assert p.tags["target"] == target and len(p.distractors) >= 3
        assert p.answer not in [d.value for d in p.distractors]
        xy = _givens_xy(p)
        if target == "distance":
            a, b = (xy[n] for n in p.tags["names"])
            want = math.dist(a, b)
        elif target == "midpoint":
            k = 0 if p.tags["coord"] == "x" else 1
            want = sum(xy[n][k] for n in p.tags["names"]) / 2
        elif target in ("slope", "y_intercept", "x_intercept", "perpendicular_slope"):
            (x1, y1), (x2, y2) = (xy[n] for n in p.tags["names"])
            m = (y2 - y1) / (x2 - x1)
            want = {"slope": m, "y_intercept": y1 - m * x1, "x_intercept": x1 - y1 / m,
                    "perpendicular_slope": -1 / m}[target]
            if target == "x_intercept":  # where the drawn line meets the x-axis
                assert p.vision_spec.xmin < want < p.vision_spec.xmax
        elif target == "polygon_perimeter":
            pts = [xy[n] for n in p.tags["names"]]
            want = sum(math.dist(a, b) for a, b in zip(pts, pts[1:] + pts[:1]))
        elif target == "polygon_area":
            pts = [xy[n] for n in p.tags["names"]]
            want = abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                           in zip(pts, pts[1:] + pts[:1]))) / 2
        elif target in ("circle_area", "circumference"):
            c, q = (xy[n] for n in p.tags["names"])
            r = math.dist(c, q)
            want = math.pi * r * r if target == "circle_area" else 2 * math.pi * r
        else:  # intersection: solve the two equations numerically
            (l1, l2) = p.spec.objects[:2]
            (a1, b1), (a2, b2) = [((o.pts[1][1] - o.pts[0][1]) / 2, o.pts[0][1]) for o in (l1, l2)]
            x = (b2 - b1) / (a1 - a2)
            want = x if p.tags["coord"] == "x" else a1 * x + b1
        assert p.answer == round(want, 2), (target, seed, p.answer, want)
        assert abs(recheck(p) - want) < 1e-9
        assert p.cot[-1].endswith(f"{p.answer_text()}.")


def test_known_problem_for_fixed_seed():
    p = make_problem(np.random.default_rng(0), "distance")
    assert question_text(p, "text_dominant") == ("Given A(-2, 9) and B(8, 8). Find the length "
                                                 "of segment AB.")
    assert p.answer == 10.05 and p.cot[-1] == "So the length of AB is 10.05."
    assert [d.value for d in p.distractors][:3] == [11.0, 101.0, 9.95]


def test_vision_spec_draws_every_given_and_base_draws_in_diagram_ones():
    for seed in range(40):
        p = make_problem(np.random.default_rng(seed))
        vis = " | ".join(lb.text for lb in FAM.render_with_layout(p.vision_spec, 336)[1].labels)
        base = " | ".join(lb.text for lb in FAM.render_with_layout(p.spec, 336)[1].labels)
        for g in p.givens:
            label = g.text.split(": ")[-1]  # "A(1, 2)" or the equation of "l₁: y = x + 1"
            assert label in vis, (seed, g.text, vis)
            if g.in_diagram:
                assert label in base, (seed, g.text, base)
        assert question_text(p, "vision_dominant") == p.stem


def test_unknown_target_is_rejected():
    with pytest.raises(ValueError, match="unknown target 'volume'; valid: distance, midpoint"):
        make_problem(np.random.default_rng(0), "volume")
