"""A DPO rejected chain holds one plausible error and nothing else wrong, over a few hundred
problems of every family:

- a slip in one of the solutions an equation gives together keeps its place among them: no
  "x = 2 ± 8, that is x = -6 or x = -10." then "The largest zero is -10.";
- a slip is one of the hand, not the decimal point moved: no "12.08² = 14.6" for 146, "8.5 ·
  tan 45° = 85", "4 + 2.44 + 2.44 = 88.83", "-1 / 24 ≈ -0.4" (two digits swapped, 0.04 -> 0.40);
- no slip in a value read off a formula given: no "so use f(x) = 1" of the piece "2 for x >= 0",
  nor "f(3) = 1.5" after "use f(x) = 0.5";
- a wrong formula does not leave unused what the steps before it worked out for the right one:
  no "The terms are -26, -8, 54, 13; their sum is 33." then "Area of the bounding rectangle: 5
  × 5 = 25."."""
import math
import re

import numpy as np
import pytest

from engines.mavis import registry
from engines.mavis.dpo import _generic_chains, wrong_chains
from engines.mavis.problem import Problem, fmt_answer

NUM = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:/\d+)?(?![\w.]?\d)")
# a solution listed with another of the same equation: "x = -6 or x = 10", "x ≈ -1 and x ≈ 2"
LISTED = re.compile(r"[a-z] [=≈] (-?\d+(?:\.\d+)?) (?:or|and) [a-z] [=≈] (-?\d+(?:\.\d+)?)")


def _val(tok: str) -> float:
    a, _, b = tok.partition("/")
    return float(a) / float(b) if b else float(a)


def _first_change(right: list[str], wrong: list[str]) -> tuple[int, re.Match, re.Match] | None:
    """The first step the wrong chain changes and its first value changed there."""
    e = next((i for i, (a, b) in enumerate(zip(right, wrong)) if a != b), None)
    if e is None:
        return None
    pairs = list(zip(NUM.finditer(right[e]), NUM.finditer(wrong[e])))
    at = next(((a, b) for a, b in pairs if a.group() != b.group()), None)
    return (e, *at) if at else None


def _problem(cot: list[str], answer: float) -> Problem:
    return Problem(family="function", spec=None, vision_spec=None, givens=[], stem="",
                   cot=cot, answer=answer)


def test_a_slip_in_listed_solutions_keeps_their_order():
    p = _problem(["The function is f(x) = -0.5|x - 2| + 4; its zeros solve f(x) = 0.",
                  "-0.5|x - 2| + 4 = 0 gives |x - 2| = 8, so x = 2 ± 8, that is x = -6 or "
                  "x = 10.",
                  "The largest zero is 10."], 10.0)
    values = sorted(w.value for w in _generic_chains(p) if w.kind == "arithmetic_slip")
    assert values and values[0] > -6, values  # no -10 (nor -6) for the largest zero


def _slip_chains(name: str, n: int = 300):
    """(problem, slipped chain, (step, the value slipped, the slip)) of the family's first
    ``n`` problems' arithmetic slips."""
    make = registry.get_problem_maker(name)
    for s in range(n):
        p = make(np.random.default_rng(s))
        for w in wrong_chains(p):
            at = w.kind == "arithmetic_slip" and _first_change(p.cot, w.cot)
            if at:
                yield p, w, at


@pytest.mark.parametrize("name", registry.instruct_families())
def test_slips_in_listed_solutions_keep_their_place(name):
    n = 0
    for p, w, (e, r, g) in _slip_chains(name):
        for m in LISTED.finditer(p.cot[e]):
            sib = {m.start(1): m[2], m.start(2): m[1]}.get(r.start())
            if sib is None:
                continue
            n += 1
            right, wrong, other = _val(r.group()), _val(g.group()), _val(sib)
            assert wrong != other and (wrong - other) * (right - other) > 0, \
                (p.cot[e], w.cot[e])
    assert name != "function" or n > 0


def _hand_slip(right: str, wrong: str) -> bool:
    """A slip of the hand: at most 15 % or 1 away, the sign turned, or two neighbouring digits
    swapped ("26.18" for "26.81", not "9.2" for "2.9")."""
    r, w = _val(right), _val(wrong)
    q = math.log10(max(abs(w / r), abs(r / w))) if r and w else 0.0
    if q > 0.5 and abs(q - round(q)) < 0.005:
        return False  # the decimal point moved: "0.4" for 0.04, "14.6" for 146
    if abs(w - r) <= max(1.0, 0.15 * abs(r)) + 1e-9 or w == -r:
        return True
    diff = [i for i, (a, b) in enumerate(zip(right, wrong)) if a != b]
    return len(right) == len(wrong) and len(diff) == 2 and diff[1] == diff[0] + 1 and \
        sorted(right) == sorted(wrong)


@pytest.mark.parametrize("name", registry.instruct_families())
def test_slips_are_of_the_hand_not_of_the_decimal_point(name):
    n = 0
    for p, w, (e, r, g) in _slip_chains(name):
        if "/" not in r.group() + g.group():
            assert _hand_slip(r.group(), g.group()), (p.cot[e], w.cot[e])
            n += 1
    assert n > 100


def test_a_digit_swap_does_not_move_the_decimal_point():
    p = _problem(["Line l passes through A(-3, -10) and B(-2.5, 2).",
                  "Its slope is m = (2 - (-10)) / (-2.5 - (-3)) = 12 / 0.5 = 24.",
                  "Perpendicular slopes multiply to -1, so the slope of a perpendicular line "
                  "is -1 / m = -1 / 24 ≈ -0.04.",
                  "So the slope of the perpendicular line is -0.04."], -0.04)
    values = {fmt_answer(w.value) for w in _generic_chains(p)}
    assert values and "-0.4" not in values, values


@pytest.mark.parametrize("name", registry.instruct_families())
def test_generic_slips_are_of_the_hand_not_of_the_decimal_point(name):
    make = registry.get_problem_maker(name)
    for s in range(300):
        p = make(np.random.default_rng(s))
        for w in _generic_chains(p):
            at = w.kind == "arithmetic_slip" and _first_change(p.cot, w.cot)
            if at and "/" not in at[1].group() + at[2].group():
                assert _hand_slip(at[1].group(), at[2].group()), (p.cot[at[0]], w.cot[at[0]])


def test_a_value_read_off_the_formula_gets_no_slip():
    p = _problem(["The function is f(x) = -2x + 2 for x < 0; 2 for x >= 0, and the formula "
                  "changes at x = 0.",
                  "x = 0 satisfies x >= 0 (the inequality includes 0), so use f(x) = 2.",
                  "At x = 0 every term with x is 0, so f(0) = 2.",
                  "The piece on the left, -2x + 2, gives the same value at x = 0 (2): f is "
                  "continuous there. So f(0) = 2."], 2.0)
    assert _generic_chains(p) == []


def test_the_formula_a_piece_gives_is_never_slipped():
    make = registry.get_problem_maker("function")
    n = 0
    for s in range(400):
        p = make(np.random.default_rng(s))
        uses = [t for t in p.cot if re.search(r"so use f\(x\) = ", t)]
        if not uses:
            continue
        for w in wrong_chains(p):
            if w.kind == "misread_value":
                continue
            n += 1
            for t in uses:
                assert t in w.cot, (t, w.cot)
                # nor the piece's constant value, read off it, slipped a step later
                const = re.search(r"so use f\(x\) = (-?\d+(?:\.\d+)?)\.$", t)
                if const and fmt_answer(p.answer) == fmt_answer(float(const[1])):
                    pytest.fail(f"a slip in a value read off: {w.cot}")
    assert n > 20


def test_a_wrong_formula_uses_what_the_steps_before_it_worked_out():
    p = _problem(["The vertices in order are A(-5, -6), B(-6, -2), C(-10, -2), D(-8, -7).",
                  "Shoelace formula: Area = |Σ (x_i·y_(i+1) - x_(i+1)·y_i)| / 2.",
                  "The terms are -26, -8, 54, 13; their sum is 33.",
                  "Area = |33| / 2 = 16.5.",
                  "So the area of quadrilateral ABCD is 16.5."], 16.5)
    p.family = "analytic_geometry"
    from engines.mavis.problem import Distractor
    p.distractors = [Distractor(25.0, "Area of the bounding rectangle: 5 × 5 = 25."),
                     Distractor(33.0, "Area = |33| = 33 (forgetting to halve).")]
    assert not [w for w in _generic_chains(p) if "bounding" in "\n".join(w.cot)]


@pytest.mark.parametrize("name", registry.instruct_families())
def test_no_wrong_formula_leaves_a_worked_result_unused(name):
    """A generic wrong formula (the family's own chains work every step out again): each
    value a step before the wrong formula's states at its end ("their sum is 33.", "Δy = 6.5
    - 2 = 4.5.") and the right formula's step uses, the wrong chain's later steps use too, by
    value or by a name it is stated under ("Δy")."""
    make = registry.get_problem_maker(name)
    n = 0
    for s in range(300):
        p = make(np.random.default_rng(s))
        for w in wrong_chains(p):
            e = next((i for i, (a, b) in enumerate(zip(p.cot, w.cot)) if a != b), None)
            if w.kind != "wrong_formula" or not e or any(w is c for c in p.wrong_chains):
                continue  # a family's own chain works every step out again
            n += 1
            later = "\n".join(w.cot[e:])
            # the value each step ends in and the names it is stated under there: "sum" of
            # "their sum is 33", "Δy" of "Δx = -5 - 2 = -7 and Δy = 6.5 - 2 = 4.5", "DO" and
            # "OC" of "DO = OC = 21"
            names: dict[str, set[str]] = {}
            for t in p.cot[:e]:
                m = re.search(r"(?:=|≈|\bis) (-?\d+(?:\.\d+)?)\.$", t)
                if m:
                    clause = re.split(r"[,;:]| and ", t[:m.start()])[-1]
                    names.setdefault(m[1], set()).update(
                        x for x in re.findall(r"([^\s=≈(]+)\s*(?:=|≈|\bis\b)", clause)
                        if not re.search(r"\d", x))
            for t in p.cot[1:e]:
                m = re.search(r"(?:=|≈|\bis) (-?\d+(?:\.\d+)?)\.$", t)
                if not m or m[1] not in NUM.findall(p.cot[e]):
                    continue
                held = m[1] in NUM.findall(later) or any(
                    re.search(r"(?<![A-Za-z0-9_])" + re.escape(x) + r"(?![A-Za-z0-9_])", later)
                    for x in names[m[1]])
                assert held, (t, p.cot[e], w.cot[e])
    assert n > 20 or name == "function"  # few function answers have a formula distractor


def test_plane_geometry_slips_never_move_the_decimal_point():
    """The family's own slips are a unit off or two digits swapped, never ten times off (which
    the pairing would throw away)."""
    from engines.mavis.plane_geometry.problem import _slip
    rng = np.random.default_rng(5)
    for v in (0.5, 3.0, 7.25, 12.08, 48.5, 146.0, 305.7):
        for _ in range(40):
            w = _slip(v, rng)
            assert w != v and not math.isclose(max(w / v, v / w), 10.0, rel_tol=0.02), (v, w)
