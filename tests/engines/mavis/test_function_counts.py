"""Options of a counting question on a function plot ("How many zeros does f have?") are
counts: whole numbers, none below zero, never a half from the generic numeric padding."""
import numpy as np
import pytest

from engines.mavis.function.problem import TARGETS, make_problem
from engines.mavis.problem import make_choices
from tests.tiers import tiers


@pytest.mark.parametrize("n", tiers(120, 600))
def test_every_option_of_a_count_question_is_a_whole_number(n):
    counts = 0
    for seed in range(n):
        p = make_problem(np.random.default_rng(seed), target="piece_zero")
        if not p.stem.startswith("How many"):
            continue
        counts += 1
        opts, idx = make_choices(p, np.random.default_rng(seed))
        assert opts[idx] == p.answer_text()
        for o in opts:
            v = float(o)
            assert v == int(v) and v >= 0, (seed, p.stem, opts)
    assert counts >= n // 10


def test_no_other_target_asks_for_a_count():
    """The check above covers every counting stem: only piece_zero asks one."""
    for target in TARGETS:
        if target == "piece_zero":
            continue
        for seed in range(6):
            p = make_problem(np.random.default_rng(seed), target=target)
            assert not p.stem.startswith("How many"), (target, p.stem)
