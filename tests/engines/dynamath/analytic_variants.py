"""The variant check the analytic-geometry seed tests share: n variants of a seed pass the
contract (2-5 distinct options holding the answer, a finite float), the independent checker
and the irrelevant-clause proof, and the answers vary."""
from __future__ import annotations

import numpy as np

from engines.dynamath.seed import clause_problems, load_seeds, make_variant


def check_variants(sid: str, n: int, seed: int = 11) -> None:
    q = load_seeds()[sid]
    answers = set()
    for v in range(n):
        var = make_variant(sid, v, seed=seed)
        a, redo = q.answer(var.params), q.check(var.params)
        if q.answer_type == "float":
            assert abs(float(redo) - a) < 1e-6, (sid, v, redo, a)
            assert np.isfinite(float(var.ground_truth))
        else:
            assert redo == a, (sid, v, redo, a)
            assert 2 <= len(var.choices) <= 5 and len(set(var.choices)) == len(var.choices)
        assert clause_problems(q, var.params) == [], (sid, v)
        answers.add(var.ground_truth)
    assert len(answers) >= 3, sid
