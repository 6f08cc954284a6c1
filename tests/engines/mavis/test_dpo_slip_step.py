"""A generic arithmetic slip sits in the step that works the answer out, never in a step that
only restates a value an earlier step already reached: "As x → ±∞, ... so f(x) → -2." then
"The horizontal asymptote is y = -1, so k = -1." contradicts its own previous line (the minus
sign of a lone "-2" is no arithmetic)."""
import re

import numpy as np
import pytest

from engines.mavis import registry
from engines.mavis.dpo import _generic_chains, wrong_chains
from engines.mavis.problem import fmt_answer

NUM = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:/\d+)?(?![\w.]?\d)")
MARK = re.compile(r"(?:=|≈|→|\bis|\bto|\bat|\bgives)\s*$")


def _worked_from(head: str) -> str:
    """The clause a result is written after: "-4 / (-5)" in "m = (2 - 6) / (-2 - 3) = -4 /
    (-5) = "; the clause before a bare "so k = " ("-2" in "y = -2, so k = ")."""
    parts = re.split(r"[=≈→,;:]", head[:MARK.search(head).start()])
    if len(parts) > 1 and re.match(r"\s*so\b", parts[-1]) and not re.search(r"\d", parts[-1]):
        return parts[-2]
    return parts[-1]


@pytest.mark.parametrize("name", registry.instruct_families())
def test_generic_slip_is_not_made_where_the_answer_is_only_restated(name):
    make = registry.get_problem_maker(name)
    n = 0
    for s in range(300):
        p = make(np.random.default_rng(s))
        for w in _generic_chains(p):
            if w.kind != "arithmetic_slip" or w not in wrong_chains(p):
                continue
            e = next(i for i, (a, b) in enumerate(zip(p.cot, w.cot)) if a != b)
            step = p.cot[e]
            # back from the result through clauses that only restate it ("y = -2, so k = -2")
            # to the clause it is worked out from, which holds numbers
            end = list(NUM.finditer(step))[-1].start()
            while True:
                expr = _worked_from(step[:end])
                lone = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*", expr)
                if not lone or fmt_answer(float(lone[1])) != p.answer_text():
                    break
                end = step[:end].rindex(lone[1])
            assert re.search(r"\d", expr), (step, w.cot[e])
            n += 1
    assert n > 0


def test_a_lone_signed_value_is_no_arithmetic():
    from engines.mavis.problem import Problem
    p = Problem(family="function", spec=None, vision_spec=None, givens=[],
                stem="What is k?", answer=-2.0,
                cot=["The function is f(x) = 3/(x + 2) - 2.",
                     "As x → ±∞, 3/(x + 2) → 0, so f(x) → -2.",
                     "The horizontal asymptote is y = -2, so k = -2."])
    assert not [w for w in _generic_chains(p) if w.kind == "arithmetic_slip"]


def test_digit_swaps_are_of_neighbouring_digits():
    """A transposition slip swaps two digits written side by side (150.8 -> 105.8), never two
    across the decimal point (150.8 -> 158.0 moves a digit from the tenths to the units)."""
    from engines.mavis.dpo import _digit_slips
    for tok in ("150.8", "12.5", "3.25", "-40.6", "7.1", "48", "-13", "0.67"):
        for t in _digit_slips(tok):
            assert len(t) == len(tok) and t.index(".") == tok.index(".") if "." in tok else True
            diff = [i for i, (a, b) in enumerate(zip(tok, t)) if a != b]
            assert len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1), (tok, t)
    assert "158.0" not in _digit_slips("150.8") and "1.7" not in _digit_slips("7.1")
