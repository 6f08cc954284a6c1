"""The tree-diagram seeds name their events by letters and ask for P(...) of them. The
inspection story named its second event P, so the questions read "What is P(P)?" and
"P(M | P)". Over sampled variants of both tree seeds, no event is named P, and every letter the
question asks about is a node of the drawn tree."""
import re

from engines.dynamath.seed import load_seeds, make_variant

SEEDS = load_seeds()
TREE_SEEDS = ("stat-tree-total-probability", "stat-tree-bayes")


def test_no_event_is_named_like_the_probability():
    seen = set()
    for sid in TREE_SEEDS:
        for v in range(120):
            var = make_variant(sid, v, seed=9191, pin_canonical=False)
            asked = re.findall(r"P\(([^)]*)\)", var.question)
            assert asked, (sid, v, var.question)
            letters = {t.strip() for a in asked for t in a.split("|")}
            assert "P" not in letters and "P'" not in var.spec.nodes, (sid, v, var.question)
            assert letters <= set(var.spec.nodes), (sid, v, letters, var.spec.nodes)
            seen.add(var.question.split(";")[0])
    assert len(seen) >= 4  # every story among the variants
