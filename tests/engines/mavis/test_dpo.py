"""DPO pairs: answer extraction, engine-made wrong rationales, pairs from a model callable."""
import numpy as np
import pytest

from engines.mavis import registry
from engines.mavis.dpo import (engine_pair, extract_answer, is_correct, pairs_from_model,
                               wrong_chains)
from engines.mavis.problem import LETTERS, Distractor, Given, Problem, fmt_answer
from renderers.spec import Spec


@pytest.mark.parametrize("text,ans", [
    ("step\nThe answer is B: 12.5.", "B"),
    ("The answer is 12.5.", "12.5"),
    ("so x = 3\nAnswer: -4", "-4"),
    ("The answer is increasing.", "increasing"),
    ("The answer is (-∞, 3].", "(-∞, 3]"),  # a piecewise function's interval of monotonicity
    ("The answer is [-2, 0.5].", "[-2, 0.5]"),
    ("I don't know", None),
])
def test_extract_answer(text, ans):
    assert extract_answer(text) == ans


def test_is_correct_letters_values_and_words():
    assert is_correct("The answer is C: 7.", "C", ["1", "2", "7", "9"])
    assert not is_correct("The answer is B: 2.", "C", ["1", "2", "7", "9"])
    assert is_correct("The answer is 7.", "C", ["1", "2", "7", "9"])  # the value of option C
    assert is_correct("The answer is 3.1416.", "3.1416")
    assert not is_correct("The answer is 3.2.", "3.14")
    assert is_correct("The answer is Increasing.", "increasing")


class _S(Spec):
    pass


def _toy_problem():
    return Problem(family="toy", spec=_S(), vision_spec=_S(), givens=[Given("AB = 3", 3)],
                   stem="Find the area of square ABCD.",
                   cot=["The side is AB = 3.", "The area is 3^2 = 9."], answer=9.0,
                   distractors=[Distractor(6.0, "The area is 2 * 3 = 6."), Distractor(12.0),
                                Distractor(3.0)])


def test_engine_pair_rejected_is_wrong_and_chosen_is_right():
    p = _toy_problem()
    kinds = set()
    for s in range(40):
        pair = engine_pair(p, "text_dominant", np.random.default_rng(s), multiple_choice=s % 2)
        assert is_correct(pair["chosen"], pair["answer"], pair["choices"])
        assert not is_correct(pair["rejected"], pair["answer"], pair["choices"])
        assert pair["chosen"] != pair["rejected"]
        kinds.add(pair["rejected_source"])
        if pair["rejected_source"] == "wrong_formula":
            assert pair["rejected"].startswith("The side is AB = 3.\nThe area is 2 * 3 = 6.\n")
        else:  # the answer's step with a slip in its result, a digit one off (not 12 or 3,
            # the distractors' values, which no slip in 3^2 gives)
            assert pair["rejected"].split("\n")[1] in {f"The area is 3^2 = {v}." for v in
                                                        (8, 10)}
        if pair["choices"]:  # the rejected answer is one of the options
            assert pair["rejected"].split("\n")[-1].split(": ")[1][:-1] in pair["choices"]
    assert kinds == {"wrong_formula", "arithmetic_slip"}


def test_pairs_from_model_keeps_only_wrong_answers():
    rows = [{"image": None, "question": f"q{i}", "cot": "c\nThe answer is 5.", "answer": "5",
             "choices": []} for i in range(5)]

    def fake_model(images, prompts):  # right on even prompts, wrong on odd ones
        return ["The answer is 5." if int(p[1:]) % 2 == 0 else "The answer is 4."
                for p in prompts]

    pairs = pairs_from_model(rows, fake_model, batch_size=2)
    assert [p["prompt"] for p in pairs] == ["q1", "q3"]
    assert all(p["rejected"] == "The answer is 4." and p["rejected_source"] == "model"
               for p in pairs)


def _pairable(p, rng) -> bool:
    """Whether ``p`` has a plausible wrong solution in any version; one without (a text answer,
    an answer no step works out) gives no pair: ``engine_pair`` says so in text_dominant,
    whose figure offers nothing to misread."""
    if wrong_chains(p):
        return True
    with pytest.raises(ValueError, match="no wrong solution"):
        engine_pair(p, "text_dominant", rng, multiple_choice=False)
    return False


@pytest.mark.parametrize("name", registry.instruct_families())
def test_engine_pairs_on_real_families(name):
    make = registry.get_problem_maker(name)
    for s in range(30):
        rng = np.random.default_rng(s)
        p = make(rng)
        if not _pairable(p, np.random.default_rng(s)):
            continue
        pair = engine_pair(p, "text_lite", rng, multiple_choice=bool(s % 2))
        assert is_correct(pair["chosen"], pair["answer"], pair["choices"]), pair
        assert not is_correct(pair["rejected"], pair["answer"], pair["choices"]), pair
        if pair["choices"]:
            assert pair["answer"] in LETTERS[:4]


def _value(text: str, choices) -> str:
    got = extract_answer(text)
    return choices[LETTERS.index(got)] if choices else got


@pytest.mark.parametrize("name", registry.instruct_families())
def test_rejected_is_a_wrong_solution_not_the_right_one_with_a_line_added(name):
    """An error at one step, carried to a wrong final value: as long as the chosen chain, not
    its every step plus a contradicting line, and its answer never the right value."""
    _check_rejected(name, 40)


@pytest.mark.soak
@pytest.mark.slow
@pytest.mark.parametrize("name", registry.instruct_families())
def test_rejected_solutions_at_1000_problems(name):
    _check_rejected(name, 1000)


def _check_rejected(name: str, n: int) -> None:
    make = registry.get_problem_maker(name)
    kinds = set()
    for s in range(n):
        rng = np.random.default_rng(s)
        p = make(rng)
        if not _pairable(p, np.random.default_rng(s)):
            continue
        pair = engine_pair(p, "text_dominant", rng, multiple_choice=bool(s % 2),
                           answer_at=s % 4)
        chosen, rejected = pair["chosen"].split("\n"), pair["rejected"].split("\n")
        kinds.add(pair["rejected_source"])
        assert rejected[:len(chosen) - 1] != chosen[:-1], pair  # not the right chain + a line
        assert abs(len(rejected) - len(chosen)) <= 1, pair
        assert _value(pair["rejected"], pair["choices"]) != p.answer_text(), pair
        # the wrong value runs from the step that made it to the end
        if pair["rejected_source"] != "model":
            wrong = _value(pair["rejected"], pair["choices"])
            assert wrong in rejected[-2] or wrong in " ".join(rejected[:-1]), pair
    assert kinds <= {"misread_value", "wrong_formula", "arithmetic_slip"}
    assert len(kinds) >= 2, kinds


def test_plane_geometry_errors_are_carried_through_later_steps():
    from engines.mavis.plane_geometry.problem import make_problem

    p = make_problem(np.random.default_rng(2))
    by = {w.kind: w for w in p.wrong_chains}
    assert set(by) == {"misread_value", "wrong_formula", "arithmetic_slip"}
    # rectangle 6 x 5.5 and a right triangle on CD (40° at C): AB = 6 misread as 9 (a 6 taken
    # for a 9) changes every later step
    assert by["misread_value"].cot == [
        "Opposite sides of a rectangle are equal, so CD = AB = 9.",
        "In triangle CDE, EC = CD · cos ∠ECD = 9 · cos 40° = 6.89.",
        "In triangle CDE, ED = CD · sin ∠ECD = 9 · sin 40° = 5.79.",
        "Area of triangle CDE = ½ · EC · ED = ½ · 6.89 · 5.79 = 19.94."]
    assert by["misread_value"].value == 19.94
    # the independent arithmetic: the same triangle with CD = 9
    import math
    t = math.radians(40)
    assert round(0.5 * (9 * math.cos(t)) * (9 * math.sin(t)), 2) == 19.94
    # the wrong formula (cos for sin) in the step of ED, after the steps it builds on
    assert by["wrong_formula"].cot[:2] == p.cot[:2]
    assert by["wrong_formula"].cot[2] == \
        "In triangle CDE, ED = CD · cos ∠ECD = 6 · cos 40° = 4.6."


def test_function_problems_get_a_wrong_solution_where_a_step_works_the_answer_out():
    """300 function problems (every target the family draws), multiple choice and free form:
    each whose answer a step works out gets a rejected side whose answer is wrong, that is not
    the chosen chain with a line added, and whose error stands in the chain before its final
    line; a text answer (an interval, a period, a trend) gets none: changing only the closing
    line would contradict the reasoning kept above it."""
    from engines.mavis.function.problem import make_problem

    targets, bare = set(), set()
    for s in range(300):
        p = make_problem(np.random.default_rng(s))
        if not _pairable(p, np.random.default_rng(s)):
            bare.add(p.tags["target"])
            continue
        targets.add(p.tags["target"])
        for mc in (False, True):
            rng = np.random.default_rng(s)
            pair = engine_pair(p, "text_dominant", rng, multiple_choice=mc, answer_at=s % 4)
            chosen, rejected = pair["chosen"].split("\n"), pair["rejected"].split("\n")
            assert not is_correct(pair["rejected"], pair["answer"], pair["choices"]), pair
            assert _value(pair["rejected"], pair["choices"]) != p.answer_text(), pair
            assert rejected[:len(chosen) - 1] != chosen[:-1], pair
            assert rejected[:-1] != chosen[:-1] and len(rejected) == len(chosen), pair
    from engines.mavis.function.problem import TARGETS
    text = {"period", "monotonic", "piece_monotonic"}
    assert targets == set(TARGETS) - text and text <= bare


def test_piecewise_zero_errors_are_carried_through_later_steps():
    from engines.mavis.function.problem import make_problem

    # f(x) = x + 2 for x < 1; 2x + 1 for x >= 1: its only zero is -2
    p = make_problem(np.random.default_rng(1), target="piece_zero")
    by = {(w.kind, w.value): w.cot[1:] for w in p.wrong_chains}
    assert by[("misread_value", -3.0)] == [  # the constant 2 read as 3
        "On x < 1: x + 3 = 0 gives x = -3, which is inside.",
        "On x >= 1: 2x + 1 = 0 gives x = -0.5, outside this piece, so no zero here.",
        "The only zero of f is x = -3."]
    # every rejected side of a piecewise zero problem is one of the family's own chains
    # (where one fits the options), each error worked through every later step; in
    # vision_dominant, whose figure alone gives the formula (a misread is of it)
    kinds = set()
    for s in range(120):
        p = make_problem(np.random.default_rng(s), target="piece_zero")
        assert p.wrong_chains, p.cot
        own = {"\n".join(w.cot) for w in p.wrong_chains}
        for mc in (False, True):
            pair = engine_pair(p, "vision_dominant", np.random.default_rng(s),
                               multiple_choice=mc)
            kinds.add(pair["rejected_source"])
            if not mc or any(fmt_answer(w.value) in pair["choices"] for w in p.wrong_chains):
                assert pair["rejected"].rsplit("\n", 1)[0] in own, pair
    assert kinds == {"misread_value", "wrong_formula", "arithmetic_slip"}
