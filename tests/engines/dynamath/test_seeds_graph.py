"""Graph-theory seeds: hand-computed answers for hand-picked params, the weights and distances
the pictures show, the canonical variant 0, coverage of levels / types / kinds, and questions
that need the picture."""
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from renderers.graph.draw import circular_positions
from renderers.graph.sample import tree_layout
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
GRAPH = sorted(s for s in SEEDS if s.startswith("graph-"))


def g(n, edges, **kw):
    return {"n": n, "pos": circular_positions(n), "edges": edges, "color": "blue", **kw}


def tree(parent):
    n = len(parent)
    pos, layers = tree_layout(n, parent)
    return {"n": n, "parent": parent, "edges": [[parent[c], c] for c in range(1, n)],
            "pos": pos, "layers": layers, "color": "red"}


K4 = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
C5 = [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]
C4 = [[0, 1], [1, 2], [2, 3], [0, 3]]

# (seed id, params, answer worked out by hand)
CASES = [
    ("graph-edge-count", g(4, K4), 6.0),
    ("graph-node-degree", g(4, [[0, 1], [0, 2], [0, 3], [1, 2]], node=0), 3.0),
    ("graph-node-degree", g(4, [[0, 1], [0, 2], [0, 3], [1, 2]], node=3), 1.0),
    ("graph-degree-sequence", g(4, [[0, 1], [1, 2], [2, 3], [1, 3]],
                                options=["(3, 2, 2, 1)", "(2, 2, 2, 2)", "(3, 3, 1, 1)",
                                         "(3, 2, 1, 1)", "(2, 2, 2, 1)"]), "(3, 2, 2, 1)"),
    ("graph-max-degree-node", g(5, [[2, 0], [2, 1], [2, 3], [2, 4], [0, 1]]), "C"),
    ("graph-components", g(6, [[0, 1], [2, 3]]), 4.0),
    ("graph-tree-or-forest", g(4, [[0, 1], [1, 2], [0, 2]]),
     "not connected, and it has a cycle"),
    ("graph-tree-or-forest", g(4, [[0, 1], [1, 2], [1, 3]]), "a tree"),
    ("graph-tree-or-forest", g(4, C4), "connected, but not a tree"),
    ("graph-tree-or-forest", g(5, [[0, 1], [2, 3]]),
     "a forest that is not connected"),
    ("graph-bipartite", g(5, C5), "No"),
    ("graph-bipartite", g(4, C4), "Yes"),
    ("graph-bipartite", g(6, [[0, 1], [2, 3], [3, 4], [2, 4]]), "No"),  # a triangle apart
    ("graph-euler-trail", g(4, K4), "No"),  # four odd nodes
    ("graph-euler-trail", g(5, C4 + [[4, 0], [4, 1]]), "Yes"),  # the house: two odd nodes
    ("graph-euler-trail", g(6, [[0, 1], [1, 2], [0, 2], [3, 4], [4, 5], [3, 5]]), "No"),
    ("graph-shortest-path", g(4, [[0, 1, 4], [1, 2, 1], [0, 2, 7], [2, 3, 2]], target=3), 7.0),
    ("graph-one-way-route", g(3, [[0, 1, 5], [1, 2, 3], [2, 0, 1], [0, 2, 10]], target=2), 8.0),
    ("graph-flight-hops", g(5, [[0, 1], [1, 2], [2, 3], [0, 4], [4, 2]], target=3), 3.0),
    ("graph-mst-weight", g(4, [[0, 1, 1], [1, 2, 2], [0, 2, 3], [2, 3, 4]]), 7.0),
    ("graph-directed-degree", g(4, [[0, 1], [2, 1], [1, 3]], node=1, ask="in"), 2.0),
    ("graph-directed-degree", g(4, [[0, 1], [2, 1], [1, 3]], node=1, ask="out"), 1.0),
    ("graph-topological-end", g(4, [[0, 1], [0, 2], [1, 3], [2, 3]], ask="first"), "A"),
    ("graph-topological-end", g(4, [[1, 0], [2, 0], [3, 1], [3, 2]], ask="last"), "A"),
    ("graph-bfs-order", g(5, [[0, 2], [0, 1], [1, 3], [2, 4]]), "A, B, C, D, E"),
    ("graph-bfs-order", g(4, [[0, 3], [0, 1], [3, 2]]), "A, B, D, C"),
    ("graph-tree-height", tree([-1, 0, 0, 1, 1, 3]), 3.0),
    ("graph-tree-leaves", tree([-1, 0, 0, 1, 1, 3]), 3.0),  # C, E, F
    ("graph-tree-leaves", tree([-1, 0, 1, 1]), 2.0),  # the root with one child is no leaf
    ("graph-chromatic-number", g(4, K4), 4.0),
    ("graph-chromatic-number", g(5, C5), 3.0),
    ("graph-chromatic-number", g(4, C4), 2.0),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, distinct_options=True)


def test_labels_show_the_values_the_answer_uses():
    facts = renderers.get_family("graph").facts(
        SEEDS["graph-shortest-path"].diagram(g(3, [[0, 1, 4], [1, 2, 6]], target=2)))
    assert facts["weights"] == {"A–B": 4, "B–C": 6} and facts["distances"]["C"] == 10


def test_canonical_variant_zero_ground_truth():
    expect = {"graph-node-degree": "3"}
    for sid, gt in expect.items():
        assert make_variant(sid, 0, seed=123).ground_truth == gt


def test_coverage():
    assert len(GRAPH) >= 13
    qs = [SEEDS[s] for s in GRAPH]
    assert {q.level for q in qs} == {"elementary school", "high school", "undergraduate"}
    assert {q.answer_type for q in qs} == {"float", "multiple choice", "text"}
    assert {"real-life context", "numerical value"} <= {k for q in qs for k in q.kinds}
    assert all(SEEDS[s].topic == "graph theory" for s in GRAPH)


@pytest.mark.parametrize("sid", sorted(set(GRAPH) - {"graph-degree-sequence"}))
def test_same_question_different_answers(sid):
    """The deciding values are only in the picture: one question text, several answers (the
    degree-sequence choices are near misses of the drawn graph's, so its text always varies)."""
    by_text = {}
    for v in range(60):
        var = make_variant(sid, v, seed=7)
        stem = var.question.split("\nChoices:")[0]  # options drawn per variant vary the text
        by_text.setdefault(stem, set()).add(var.ground_truth if not var.choices else
                                                    var.choices["ABCDE".index(var.ground_truth)])
    assert max(len(a) for a in by_text.values()) >= 2
