"""plane-semicircle-angle offers five angles, among them 90 - x (the answer), x and 2x. Sorted,
the answer was never past the third letter and "A" in 96 of 200 variants. The options are
shown in a drawn order, the right letter spread over all five.

    python -m pytest -q tests/engines/dynamath/test_semicircle_angle_options.py
"""
from __future__ import annotations

from collections import Counter

from engines.dynamath.seed import SEEDS, make_variant

SID = "plane-semicircle-angle"


def test_the_right_letter_is_spread_over_the_five():
    rows = [make_variant(SID, v, seed=9494, pin_canonical=False) for v in range(300)]
    letters = Counter(r.ground_truth for r in rows)
    assert set(letters) == set("ABCDE"), letters
    assert max(letters.values()) <= 0.3 * len(rows), letters


def test_the_options_are_the_five_angles_and_the_answer_is_measured():
    q = SEEDS.get(SID)
    for v in range(100):
        r = make_variant(SID, v, seed=9595, pin_canonical=False)
        x = r.params["x"]
        assert sorted(int(c[:-1]) for c in r.choices) == sorted(
            {90 - x, x, 90, 180 - 2 * x, 2 * x})
        assert r.choices["ABCDE".index(r.ground_truth)] == q.check(r.params) == f"{90 - x}°"
