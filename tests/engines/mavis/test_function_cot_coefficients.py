"""No function CoT writes a unit coefficient ("here where 1x = π/2 + kπ") or brackets a
positive number it subtracts ("(2.5 - (1.5))/2").

The tangent-asymptote CoT of f(x) = tan(x) + 1 (mavis-instruct --families function --seed 8182,
ins-00000000) wrote "tan is undefined where its argument is π/2 + kπ, here where 1x = π/2 +
kπ." Over sampled problems of every function target, no question or CoT writes "1x", nor
the amplitude's "- (1.5)" (its CoT bracketed the minimum whatever its sign).

    python -m pytest -q tests/engines/mavis/test_function_cot_coefficients.py
"""
from __future__ import annotations

import re

import numpy as np
import pytest

from engines.mavis.function.problem import TARGETS, make_problem
from engines.mavis.problem import cot_text
from tests.tiers import tiers

UNIT = re.compile(r"(?<![\d.])1x\b")
BRACKETED = re.compile(r"[-+] \(\d+(?:\.\d+)?\)")


@pytest.mark.parametrize("n", tiers(40, 200))
@pytest.mark.parametrize("target", TARGETS)
def test_no_unit_coefficient_is_written(target, n):
    for i in range(n):
        p = make_problem(np.random.default_rng([82, i]), target=target)
        text = p.stem + "\n" + cot_text(p)
        assert not UNIT.search(text), (target, i, text)
        # (a substitution brackets the value put for x, "(1)^2 - (1)", whatever its sign)
        assert not any(BRACKETED.search(s) for s in p.cot if "half the difference" in s), text


def test_the_tangent_asymptote_cot():
    for i in range(40):
        p = make_problem(np.random.default_rng([83, i]), target="asymptote")
        if "tan is undefined" in cot_text(p) and "tan(x)" in cot_text(p):
            assert "here where x = π/2 + kπ." in cot_text(p)
            return
    pytest.fail("no tan(x) asymptote problem drawn")
