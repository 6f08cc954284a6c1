"""The variant check every tests/engines/dynamath/test_statistics_*.py file runs on its seeds:
n variants, each meeting the answer-type contract and agreeing with the seed's independent
checker, with more than one answer among them."""
from __future__ import annotations

import numpy as np

from engines.dynamath.seed import load_seeds, make_variant

SEEDS = load_seeds()


def seeds_of(module: str) -> list[str]:
    """The seed ids defined in engines/dynamath/seeds/statistics/<module>.py."""
    return sorted(s for s, q in SEEDS.items()
                  if type(q).__module__ == f"engines.dynamath.seeds.statistics.{module}")


def check_variants(sid: str, n: int, seed: int = 11) -> None:
    q = SEEDS[sid]
    answers = set()
    for v in range(n):
        var = make_variant(sid, v, seed=seed)
        ans = q.answer(var.params)
        redo = q.check(var.params)
        assert redo is not None, (sid, v)
        if q.answer_type == "float":
            assert np.isfinite(float(var.ground_truth)), (sid, v)
            assert abs(float(redo) - float(ans)) < 1e-6, (sid, v, redo, ans)
        else:
            assert str(redo) == str(ans), (sid, v, redo, ans)
        if q.answer_type == "multiple choice":
            assert 4 <= len(var.choices) <= 5 and len(set(var.choices)) == len(var.choices)
            assert var.choices["ABCDE".index(var.ground_truth)] == ans
        answers.add(str(ans))
    assert len(answers) >= 2, f"{sid}: one answer for all {n} variants"
