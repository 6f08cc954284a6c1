"""MAVIS engine for analytic_geometry: captions tell the facts, problems are right for every
target (checked against hand formulas from the givens), the vision diagram shows the givens.

    python -m pytest -q tests/engines/mavis/test_analytic_geometry.py
"""
import math
import re
from decimal import ROUND_HALF_UP, Decimal

import numpy as np
import pytest

from engines.mavis.analytic_geometry.caption import OPENERS, caption
from engines.mavis.analytic_geometry.problem import TARGETS, make_problem
from engines.mavis.analytic_geometry.recheck import recheck
from engines.mavis.problem import distinct_versions, question_text
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


def _reader(x: float) -> float:
    """x to two decimals as a reader rounds it: an exact half up (-7.625 -> -7.63)."""
    return float(Decimal(repr(round(x, 9))).quantize(Decimal("0.01"), ROUND_HALF_UP))


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
        assert p.answer == _reader(want), (target, seed, p.answer, want)
        assert abs(recheck(p) - want) < 1e-9
        assert p.cot[-1].endswith(f"{p.answer_text()}.")


def test_known_problem_for_fixed_seed():
    p = make_problem(np.random.default_rng(0), "distance")
    assert question_text(p, "text_dominant") == ("Given A(-2, 9) and B(8, 8). Find the length "
                                                 "of segment AB. Round to two decimals.")
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


def test_label_sentence_counts_its_objects_and_names_a_point_as_a_point():
    """The fourth look: cap-00000025 "The equation of l₁ and l₂ is printed as its label.",
    cap-00000011 "Coordinates are printed next to the points of A." (A is a point)."""
    from engines.mavis.analytic_geometry.caption import _labels_sentence

    spec = AnalyticSpec(xmin=-2, xmax=12, ymin=-7, ymax=7, objects=[
        GeoObject("point", "A", pts=[[2, 1.5]], pt_names=["A"], show_coords=True),
        GeoObject("line", "l₁", pts=[[0, 0], [2, 2]], pt_names=["", ""], show_eq=True),
        GeoObject("line", "l₂", pts=[[0, -6], [2, -2]], pt_names=["", ""], show_eq=True),
        GeoObject("circle", "c", pts=[[6, 2], [6, 4]], pt_names=["B", "C"], radius=2,
                  show_coords=True)])
    said = {_labels_sentence(FAM.facts(spec), np.random.default_rng(s)) for s in range(40)}
    assert said == {
        f"{eq} and {xy}." for eq in ("The equations of l₁ and l₂ are written beside them",
                                     "Each of l₁ and l₂ carries its equation as a label")
        for xy in ("the coordinates of point A and the named points of c are printed beside "
                   "them", "point A and the named points of c carry their coordinates as "
                   "labels")}
    spec.objects = spec.objects[:1]
    said = {_labels_sentence(FAM.facts(spec), np.random.default_rng(s)) for s in range(40)}
    assert said == {"The coordinates of point A are printed beside it.",
                    "Point A carries its coordinates as a label."}


def test_one_named_point_of_a_curve_is_said_as_one():
    """The fifth look: cap-00000096 "the coordinates of the named points of p₁ are printed beside
    them", where p₁ names its vertex A only."""
    from engines.mavis.analytic_geometry.caption import _labels_sentence

    spec = AnalyticSpec(xmin=-4, xmax=8, ymin=-12, ymax=2, objects=[
        GeoObject("parabola", "p₁", pts=[[7, -3]], pt_names=["A"], coef=-0.25,
                  show_coords=True)])
    said = {_labels_sentence(FAM.facts(spec), np.random.default_rng(s)) for s in range(40)}
    assert said == {"The coordinates of the named point of p₁ are printed beside it.",
                    "The named point of p₁ carries its coordinates as a label."}
    spec.objects.append(GeoObject("point", "B", pts=[[1, 1]], pt_names=["B"], show_coords=True))
    said = {_labels_sentence(FAM.facts(spec), np.random.default_rng(s)) for s in range(40)}
    assert said == {"The coordinates of point B and the named point of p₁ are printed beside them.",
                    "Point B and the named point of p₁ carry their coordinates as labels."}


def test_a_perimeter_is_about_only_where_it_is_rounded():
    """The fifth look: cap-00000072 "its area is 15, perimeter about 16" for a 5 by 3
    rectangle."""
    from engines.mavis.analytic_geometry.caption import _polygon_sentence

    def said(pts):
        spec = AnalyticSpec(xmin=-12, xmax=3, ymin=-13, ymax=3, objects=[
            GeoObject("quadrilateral", "ABCD", pts=pts, pt_names=list("ABCD"))])
        o = FAM.facts(spec)["objects"][0]
        out = {_polygon_sentence(o, np.random.default_rng(s)) for s in range(60)}
        return {x.split("; ")[-1].split(", ")[-1] for x in out if "perimeter" in x}

    assert said([[-3, -7], [2, -7], [2, -4], [-3, -4]]) == {
        "by the shoelace formula its area is 15 and its perimeter is 16.", "perimeter 16.",
        "its area is 15 and its perimeter is 16.", "enclosing an area of 15 and its perimeter "
        "is 16."}
    assert {x.split("perimeter ")[1] for x in said([[2, -3], [5, -3], [7, 3], [4, 3]])} == {
        "is about 18.65.", "about 18.65."}


def test_intersection_steps_write_the_lines_as_given():
    """ins-00000011 (the fourth look): "1.5x + (-4) = 1x + (-4)" and "y = 1.5·0 + (-4)"."""
    seen = 0
    for seed in range(200):
        p = make_problem(np.random.default_rng(seed), target="intersection")
        if p is None:
            continue
        seen += 1
        e1, e2 = (s.split(": ", 1)[1] for s in p.cot[0][len("The lines are "):-1].split(" and "))
        assert p.cot[1] == (f"At the intersection both give the same y: {e1.split(' = ')[1]} = "
                            f"{e2.split(' = ')[1]}."), p.cot
        for step in p.cot:
            assert "+ (-" not in step and not re.search(r"(?<![\d.])1x", step), step
    assert seen >= 20


def test_rounded_answers_say_how_to_round():
    """ins-00000008 / ins-00000016: "What is the distance between points A and B?" -> 4.12
    (√17) said nothing of rounding; an answer that two decimals do not give in full (a root,
    a multiple of π, -1/3, 0.375) says how it is rounded in every version."""
    rounded = 0
    targets = set()
    for s in range(300):
        p = make_problem(np.random.default_rng(s))
        if abs(recheck(p) - p.answer) > 1e-6:
            rounded += 1
            targets.add(p.tags["target"])
            for v in distinct_versions(p):
                assert "Round to two decimals." in question_text(p, v), (s, v)
    assert rounded >= 100 and len(targets) >= 7
