"""MAVIS plane geometry: the backward chain, problems of a fixed seed, the independent
re-check on a hand-built figure, captions, distractors and the three versions."""
import math

import numpy as np
import pytest

import renderers
from engines.mavis import registry
from engines.mavis.plane_geometry.recheck import recheck
from engines.mavis.plane_geometry.problem import make_problem
from engines.mavis.plane_geometry.chain import Chain, ang, seg
from engines.mavis.plane_geometry.shape_rules import right_triangle, semicircle, square
from engines.mavis.problem import Given, Problem, question_text
from engines.mavis.text import untrue_numbers
from renderers.plane_geometry.spec import Attachment, PlaneGeometrySpec

FAM = renderers.get_family("plane_geometry")


def _figure(**kw) -> PlaneGeometrySpec:
    return PlaneGeometrySpec(
        base="right_triangle", params={"leg1": 6, "leg2": 8}, names=["A", "B", "C"],
        attachments=[Attachment("square", side="CA", names=["D", "E"]),
                     Attachment("semicircle_out", side="ED")], **kw)


def test_chain_walks_backward_and_writes_forward():
    ch = Chain()
    ch.given(seg("A", "B"), 6, "AB = 6", ("side", "AB"))
    ch.given(seg("B", "C"), 8, "BC = 8", ("side", "BC"))
    right_triangle(ch, "B", "A", "C", "triangle ABC", 0)
    square(ch, ["C", "A", "E", "D"], "square CAED", 1)
    semicircle(ch, "E", "D", "the semicircle on ED", 2)
    assert ch("area:2") == pytest.approx(12.5 * math.pi)
    # hypotenuse, then the square's far side, then radius, then area: one formula per step
    assert ch.steps[0] == ("By the Pythagorean theorem in triangle ABC, AC = √(BA² + BC²) = "
                           "√(6² + 8²) = 10.")
    assert ch.steps[1] == "Since CAED is a square, ED = CA = 10."
    assert ch.steps[-1] == "Area of the semicircle on ED = π · r² / 2 = π · 5² / 2 = 39.27."
    assert [g.text for g in ch.givens if g.value is not None] == ["AB = 6", "BC = 8"]
    assert ch("ang:ACB") == pytest.approx(math.degrees(math.atan2(6, 8)))
    # a slip in the hypotenuse (AB + BC = 14) propagates to the target
    assert ch.counterfactual("area:2", seg("A", "C"), 14.0) == pytest.approx(24.5 * math.pi)
    assert ang("C", "B", "A") == ang("A", "B", "C") == "ang:ABC"


def test_fixed_seed_problem():
    p = make_problem(np.random.default_rng(3))
    assert p.stem.startswith("Find the length of EA.")
    assert p.answer == 19.51 and p.tags["target"] == "length"
    assert p.cot[-1] == "Since triangle ADE is equilateral, EA = AD = 19.51."
    assert [g.text for g in p.givens][:3] == ["AB = 5", "BC = 11.5", "∠CAD = 50°"]
    assert abs(recheck(p) - 19.51) < 0.01
    assert any(d.wrong_step and "cos" in d.wrong_step for d in p.distractors)


@pytest.mark.parametrize("target,extra,expected", [
    ("area", {}, 24 + 100 + 12.5 * math.pi),
    ("perimeter", {}, 6 + 8 + 20 + 5 * math.pi),
    ("piece_area", {"piece": 1}, 100.0),
    ("piece_perimeter", {"piece": 2}, 10 + 5 * math.pi),
    ("radius", {"piece": 2}, 5.0),
    ("arc_length", {"piece": 2}, 5 * math.pi),
    ("length", {"key": "AC"}, 10.0),
    ("diagonal", {"key": "CE"}, 10 * math.sqrt(2)),
    ("angle", {"key": "BCA"}, math.degrees(math.atan2(6, 8))),
])
def test_recheck_measures_hand_built_figure(target, extra, expected):
    spec = _figure()
    p = Problem("plane_geometry", spec, spec, [Given("AB = 6", 6.0)], "?", ["x"], 0.0,
                tags=dict(extra, target=target))
    assert recheck(p) == pytest.approx(expected, rel=2e-5)


def test_recheck_shaded_region_with_incircle():
    spec = PlaneGeometrySpec(base="square", params={"side": 4}, names=list("ABCD"),
                             base_shaded=True, attachments=[Attachment("incircle", names=["O"])])
    p = Problem("plane_geometry", spec, spec, [Given("AB = 4", 4.0)], "?", ["x"], 0.0,
                tags={"target": "shaded_area"})
    assert recheck(p) == pytest.approx(16 - 4 * math.pi, abs=1e-4)  # dense-polygon circle
    p.tags = {"target": "radius", "piece": 1}
    assert recheck(p) == pytest.approx(2.0)


def test_targets_varied_and_distractors_plausible():
    targets, with_step = set(), 0
    for seed in range(200):
        p = make_problem(np.random.default_rng(seed))
        targets.add(p.tags["target"])
        vals = [d.value for d in p.distractors]
        assert len(vals) >= 3 and p.answer not in vals and len(set(vals)) == len(vals)
        assert all(0.1 * p.answer < v < 10 * p.answer for v in vals)
        with_step += any(d.wrong_step for d in p.distractors)
    assert targets == {"area", "perimeter", "shaded_area", "piece_area", "piece_perimeter",
                       "length", "angle", "radius", "arc_length", "diagonal"}
    assert with_step >= 180


def test_versions_text_and_drawn_givens():
    for seed in range(30):
        p = make_problem(np.random.default_rng(seed))
        vd = question_text(p, "vision_dominant")
        assert not any(g.text in vd for g in p.givens)  # everything is in the picture
        td = question_text(p, "text_dominant")
        assert all(g.text in td for g in p.givens)
        base_labels = {lb.text for lb in FAM.render_with_layout(p.spec, 336)[1].labels}
        for g in p.givens:
            if g.in_diagram and g.value is not None:
                assert any(t.rstrip("°") == renderers.fmt_num(g.value) for t in base_labels)


def test_caption_of_hand_built_figure():
    spec = _figure(shown_sides=["AB", "BC"], right_marks=["ABC"], base_shaded=True)
    writer = registry.get_caption_writer("plane_geometry")
    facts = FAM.facts(spec)
    caps = {writer.fn(spec, facts, np.random.default_rng(s)) for s in range(40)}
    assert len(caps) >= 35
    for cap in caps:
        assert not untrue_numbers(cap, facts)
        assert "right triangle ABC" in cap and "square CAED" in cap
        assert "6" in cap and "8" in cap
        assert "semicircle" in cap.lower() or "half-disk" in cap

