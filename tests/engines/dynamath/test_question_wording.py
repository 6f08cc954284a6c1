"""Question wording that a reader could take otherwise: an irrelevant clause that limits the
work force of a project (a limit on tasks at a time changes its shortest duration), an asking
sentence whose pronoun could take in the clause's other line or graph (the clause goes just
before it), and words whose number disagrees with the picture's count (one switch, one class).
Each is checked over 200 variants drawn by the seed's own sampler.

    python -m pytest -q tests/engines/dynamath/test_question_wording.py -p no:xdist
"""
import re

from engines.dynamath.seed import CLAUSE_KEY, load_seeds, make_variant

SEEDS = load_seeds()
N = 200
# what reads as a limit on how many tasks may run at once
WORKFORCE = re.compile(r"\b(workers?|employs?|staff|team|crew|members?|machines?|people|"
                       r"hours? of work)\b", re.I)


def _variants(sid: str, n: int = N, seed: int = 11):
    return [make_variant(sid, v, seed=seed) for v in range(n)]


def _asking_sentence(text: str) -> str:
    """The sentence of ``text`` that asks (up to the first "?"): where a clause goes before."""
    q = text.index("?")
    start = max(text.rfind(". ", 0, q) + 2, text.rfind("\n", 0, q) + 1, 0)
    return text[start:q + 1]


def test_project_and_task_clauses_name_no_workforce():
    for sid in ("graph-project-duration", "graph-topological-order-which"):
        assert not any(WORKFORCE.search(c) for c in SEEDS[sid].clauses), sid
        drawn = [v.params[CLAUSE_KEY]["text"] for v in _variants(sid)
                 if v.params[CLAUSE_KEY]]
        assert len(drawn) > N // 4, sid
        assert not [t for t in drawn if WORKFORCE.search(t)], sid


def test_line_intersection_asks_of_the_two_drawn_lines():
    with_clause = 0
    for v in _variants("analytic-line-intersection"):
        asking = _asking_sentence(v.question)
        with_clause += bool(v.params[CLAUSE_KEY])
        assert "the two drawn lines" in asking, v.question
        assert not re.search(r"\b(their|they|them|its?)\b", asking), v.question
        assert len(v.spec.objects) == 2
    assert with_clause > N // 4


def test_y_intercept_asks_of_the_drawn_graph_not_its():
    for v in _variants("analytic-y-intercept"):
        asking = _asking_sentence(v.question)
        kind = v.spec.objects[0].kind  # "line" or "parabola"
        assert f"the drawn {kind}" in asking, v.question
        assert not re.search(r"\bits?\b", asking), v.question


def _switches(spec) -> int:
    c = spec.circuit
    return sum(e.kind == "switch" for e in c.series + [x for b in c.branches for x in b])


def test_bulbs_lit_names_the_switches_in_the_number_drawn():
    seen = set()
    for v in _variants("sci-bulbs-lit"):
        n = _switches(v.spec)
        seen.add(min(n, 2))
        if n == 0:
            assert "switch" not in v.question, v.question
        elif n == 1:
            assert "the switch is left as shown" in v.question, v.question
        else:
            assert "the switches are left as shown" in v.question, v.question
    assert seen == {0, 1, 2}


def test_density_count_names_the_classes_in_the_number_asked():
    seen = set()
    for v in _variants("stat-hist-density-count"):
        m = re.search(r"in the (class|classes) from (\d+) to (\d+)\?", v.question)
        assert m, v.question
        a, b = float(m[2]), float(m[3])
        edges = v.spec.bin_edges
        classes = sum(a <= lo and hi <= b for lo, hi in zip(edges, edges[1:]))
        assert classes >= 1
        assert m[1] == ("class" if classes == 1 else "classes"), v.question
        seen.add(classes)
    assert seen == {1, 2}


def test_estimated_mean_clauses_leave_no_value_out_of_the_histogram():
    # "a value was not written down" reads as the histogram lacking it
    gone = re.compile(r"not written down|missing|lost|left out|not recorded", re.I)
    assert not any(gone.search(c) for c in SEEDS["stat-hist-estimated-mean"].clauses)
    drawn = [v.params[CLAUSE_KEY]["text"] for v in _variants("stat-hist-estimated-mean")
             if v.params[CLAUSE_KEY]]
    assert len(drawn) > N // 4 and not [t for t in drawn if gone.search(t)]
