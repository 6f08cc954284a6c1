"""The eighth variation kind, "irrelevant clause": which seeds carry it, that a variant draws it
from its own stream (the other parameters stay the plain variant's), where the sentence goes,
and that the answer, the options and the independent check are the same with and without it."""
import json
import re

import pytest

from engines.dynamath.seed import (CLAUSE_KEY, IRRELEVANT, SeedQuestion, _check_seed,
                                   clause_problems, load_seeds, make_variant, variant_rng,
                                   with_clause, without_clause)
from tests.tiers import tiers

SEEDS = load_seeds()
CLAUSE_SEEDS = sorted(s for s, q in SEEDS.items() if IRRELEVANT in q.kinds)


def test_at_least_thirty_seeds_over_several_topics_carry_it():
    assert len(CLAUSE_SEEDS) >= 30
    assert len({SEEDS[s].topic for s in CLAUSE_SEEDS}) >= 6


@pytest.mark.parametrize("n", tiers(12, 50))
@pytest.mark.parametrize("sid", CLAUSE_SEEDS)
def test_answer_unchanged_by_the_clause(sid, n):
    q, carried = SEEDS[sid], 0
    for v in range(n):
        var = make_variant(sid, v, seed=7)
        c = var.params[CLAUSE_KEY]
        assert clause_problems(q, var.params) == [], (sid, v)
        if c:
            carried += 1
            assert c["text"] in var.question
    # about half of the variants: 10 to 40 of 50; some, not all, of a dozen
    lo, hi = (n // 5, n - n // 5) if n >= 50 else (1, n - 1)
    assert lo <= carried <= hi, (sid, n, carried)


def test_clause_draw_leaves_the_other_parameters_alone():
    for sid in CLAUSE_SEEDS[:8]:
        for v in range(1, 6):
            p = make_variant(sid, v, seed=3).params
            assert without_clause(p) == {**SEEDS[sid].sample(variant_rng(3, sid, v)),
                                         CLAUSE_KEY: None}


def test_pinned_variant_zero_stays_plain():
    pinned = [s for s in CLAUSE_SEEDS if SEEDS[s].canonical is not None]
    assert pinned
    for sid in pinned:
        assert make_variant(sid, 0, seed=1).params[CLAUSE_KEY] is None


def test_sentence_goes_before_the_question_sentence():
    c = {"text": "The box weighs 4 grams."}
    assert with_clause("A ball fits in the cube. What is the ball's volume? Round.", c) == \
        "A ball fits in the cube. The box weighs 4 grams. What is the ball's volume? Round."
    # a pronoun of the asking sentence keeps the clause off the sentences before it
    assert with_clause("A ball fits in the cube. What is its volume? Round.", c) == \
        "The box weighs 4 grams. A ball fits in the cube. What is its volume? Round."
    assert with_clause("What is x?", c) == "The box weighs 4 grams. What is x?"
    assert with_clause("Table:\nWhat is x?", c) == "Table:\nThe box weighs 4 grams. What is x?"
    assert with_clause("Find x.", c) == "The box weighs 4 grams. Find x."
    assert with_clause("A is shown. What is its area?", {**c, "first": True}) == \
        "The box weighs 4 grams. A is shown. What is its area?"
    assert with_clause("What is x?", None) == "What is x?"


class _Leaky(SeedQuestion):
    """A clause that changes the answer, which clause_problems must catch."""
    seed_id, topic, level, answer_type = "t-leaky", "algebra", "high school", "float"
    kinds = ("numerical value", IRRELEVANT)
    clauses = ("x is {n}.",)

    def question(self, p):
        return "What is x?"

    def answer(self, p):
        return 1.0 + (1 if p.get(CLAUSE_KEY) else 0)

    def check(self, p):
        return 1.0

    def diagram(self, p):
        from renderers.analytic_geometry.spec import AnalyticSpec
        return AnalyticSpec()


def test_a_clause_that_moves_the_answer_is_caught():
    p = {CLAUSE_KEY: {"text": "x is 3."}}
    probs = clause_problems(_Leaky(), p)
    assert probs[0] == "answer 2.0 with the clause, 1.0 without"
    assert "independent check 1.0 != answer 2.0 with the clause" in probs
    assert clause_problems(_Leaky(), {CLAUSE_KEY: None}) == []


def test_kind_and_clauses_come_together():
    class NoClauses(_Leaky):
        clauses = ()
    with pytest.raises(ValueError, match="irrelevant clause"):
        _check_seed("t-none", NoClauses())
    _check_seed("t-leaky", _Leaky())


def test_row_params_record_the_clause(tmp_path):
    from engines.builders.dynamath import dynamath_config
    from engines.dataset import build_rows

    sid = CLAUSE_SEEDS[0]
    rows = list(build_rows(dynamath_config([sid], 6, 0, image_size=48), tmp_path))
    flags = [json.loads(r["params"])[CLAUSE_KEY] for r in rows]
    assert any(flags) and not all(flags)
    assert all(IRRELEVANT in r["variation_kinds"] for r in rows)
    for r, f in zip(rows, flags):
        assert (f is not None and f["text"] in r["question"]) or f is None


# The only clause templates that name a colour: each colours something the figure does not draw.
# A template that colours a drawn object (the circle, triangle T, segment AB) is contradicted
# by the picture whenever the drawn colour is another.
COLOURS_UNDRAWN = {"The heat-proof mat under the beaker is {color}.",
                   "The gas is nitrogen from a tank painted {color}.",
                   "In the original report the chart's background was {color}."}


def test_no_clause_colours_a_drawn_object():
    coloured = {(s, t) for s in CLAUSE_SEEDS for t in SEEDS[s].clauses if "{color}" in t}
    assert {(s, t) for s, t in coloured if t not in COLOURS_UNDRAWN} == set()


def test_no_clause_gives_the_drawn_grid_another_size():
    # the vector and region panels draw a 12 by 12 grid; "a grid of 35 by 35 squares" is false
    sized = [(s, t) for s in CLAUSE_SEEDS for t in SEEDS[s].clauses
             if re.search(r"grid of \{?\w+\}? by", t)]
    assert sized == []
    var = make_variant("analytic-vector-sum-length", 5, seed=0)
    assert var.params[CLAUSE_KEY]["text"] == "The figure is copied from page 35 of a workbook."


def test_ceva_clause_states_no_distance_the_lengths_shown_fix():
    # the six lengths shown fix the triangle and P, so "P is n cm from side BC" is false
    for v in range(1, 40):
        c = make_variant("plane-ceva-piece", v, seed=0).params[CLAUSE_KEY]
        assert c is None or " cm " not in c["text"] + " ", (v, c)


XY_SEEDS = sorted(s for s in CLAUSE_SEEDS
                  if any("{x}" in t and "{y}" in t for t in SEEDS[s].clauses))


def _placed(o, out):
    """The test's own walk: every [x, y] of a "pts" list, and each vector's head - tail."""
    if isinstance(o, dict):
        pts = o.get("pts")
        if isinstance(pts, list):
            two = [tuple(map(float, e)) for e in pts if isinstance(e, list) and len(e) == 2]
            out.update(two)
            if o.get("kind") == "vector" and len(two) == 2:
                out.add((two[1][0] - two[0][0], two[1][1] - two[0][1]))
        for v in o.values():
            _placed(v, out)
    elif isinstance(o, list):
        for e in o:
            _placed(e, out)
    return out


def test_no_clause_calls_a_drawn_point_undrawn():
    # "Point Z(-5, 5) is another point of the plane; it is not drawn." beside A(-5, 5), and
    # "Point Q(2, 2) is another point ..." beside the point P(2, 2) the question asks about
    area = make_variant("analytic-matrix-area-image", 8, seed=0)
    assert area.params[CLAUSE_KEY] and "Z(-5, 5)" not in area.question
    inside = make_variant("analytic-point-in-circle", 9, seed=0)
    assert inside.params[CLAUSE_KEY] and "(2, 2)" not in inside.question
    named = 0
    for sid in XY_SEEDS:
        for v in range(1, 21):
            var = make_variant(sid, v, seed=0)
            c = var.params[CLAUSE_KEY]
            m = c and re.search(r"[(⟨](-?\d+), (-?\d+)[)⟩]|(-?\d+) \+ (-?\d+)i", c["text"])
            if m:
                named += 1
                xy = tuple(float(g) for g in m.groups() if g is not None)
                assert xy not in _placed(var.spec.to_dict(), set()), (sid, v, c["text"])
    assert named > 200


def test_a_clause_naming_a_drawn_point_is_caught():
    var = make_variant("analytic-point-in-circle", 9, seed=0)
    p = {**var.params, CLAUSE_KEY: {"text": "Point Q(2, 2) is another point of the plane; "
                                             "it is not drawn."}}
    assert clause_problems(SEEDS["analytic-point-in-circle"], p) == [
        "the clause calls (2.0, 2.0) undrawn, and the figure draws it"]
