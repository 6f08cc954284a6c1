"""What an irrelevant clause may say and where it may stand: it never comes between a pronoun
of the question and what the pronoun names ("Point Z(2, 3) is another point of the plane; it is
not drawn. What are the coordinates of its image?" names Z), and no clause states a count, a
limit or a ratio the answer could be read to rest on."""
import re

import pytest

from engines.dynamath.seed import (CLAUSE_KEY, IRRELEVANT, draw_clause, load_seeds, variant_rng,
                                   with_clause)

SEEDS = load_seeds()
CLAUSE_SEEDS = sorted(s for s, q in SEEDS.items() if IRRELEVANT in q.kinds)
# the test's own lists: words that name something said before them, and a sentence that starts
# with one (it can only name what came just before)
BACK = re.compile(r"\b(it|its|itself|they|them|their|theirs|themselves|the other)\b", re.I)
BARE = re.compile(r"(it|its|they|them|their|this|these|those|he|she|his|her)\b", re.I)


@pytest.fixture(scope="module")
def texts():
    """(seed id, variant, clause, plain text, text with the clause) of every clause variant
    1-20 of every clause seed, drawn as make_variant draws them (build seed 0)."""
    out = []
    for sid in CLAUSE_SEEDS:
        q = SEEDS[sid]
        for v in range(1, 21):
            p = q.sample(variant_rng(0, sid, v))
            c = draw_clause(q, p, 0, sid, v)
            if c:
                plain = q.question({**p, CLAUSE_KEY: None})
                out.append((sid, v, c["text"], plain, with_clause(q.question({**p, CLAUSE_KEY: c}),
                                                                  c)))
    return out


def _at(clause: str, plain: str, text: str) -> int:
    """Where the clause was put: the place whose removal gives back the plain text."""
    hits = [i for i in range(len(text)) if text.startswith(clause, i)
            and text[:i] + text[i + len(clause) + 1:] == plain]
    assert len(hits) == 1, (clause, text)
    return hits[0]


def test_no_clause_comes_between_a_pronoun_and_what_it_names(texts):
    assert len({t[0] for t in texts}) == len(CLAUSE_SEEDS) and len(texts) > 2000
    bad, front = [], 0
    for sid, v, clause, plain, text in texts:
        at = _at(clause, plain, text)
        after = text[at + len(clause):].strip()
        if BARE.match(after):  # "... it is not drawn. Its image ...": the clause is named
            bad.append((sid, v, "a bare pronoun just after it", text))
        if at == 0:
            front += 1
            if BARE.match(clause):  # nothing before it for its pronoun to name
                bad.append((sid, v, "it starts with a pronoun", text))
        elif BACK.search(after):  # text before the clause holds what the pronoun names
            bad.append((sid, v, f"{BACK.search(after)[0]!r} after it", text))
    assert bad == []
    assert 0 < front < len(texts)


# seeds whose asking sentence used to say "it", "its", "they", "them" or "their": it now names
# what it asks about, so the clause stays just before it (and not in front of all)
NAMED = ("analytic-angle-between-lines", "analytic-circle-circle", "analytic-ellipse-quarter-turn",
         "analytic-line-circle-count", "analytic-line-circle-points",
         "analytic-parallel-lines-distance", "analytic-polar-cardioid-area",
         "analytic-reflect-in-line", "analytic-region-between-curves",
         "analytic-surface-highest-point", "analytic-surface-max", "analytic-vector-parallelogram",
         "graph-cut-vertex", "plane-circumradius", "sci-spring-max-speed", "sci-vector-cross-area",
         "sci-vt-displacement", "sci-wave-frequency", "stat-ternary-region",
         "stat-urn-same-colour")


def test_the_reworded_questions_keep_the_clause_before_the_question(texts):
    seen = set()
    for sid, v, clause, plain, text in texts:
        if sid in NAMED:
            seen.add(sid)
            asks = plain[plain.rfind(". ", 0, plain.index("?")) + 2:]
            assert BACK.search(asks) is None, (sid, asks)
            assert text.endswith(f"{clause} {asks}") and not text.startswith(clause), (sid, v)
    assert seen == set(NAMED)


def test_a_question_that_points_back_gets_the_clause_in_front():
    c = {"text": "Point Z(2, 3) is another point of the plane; it is not drawn."}
    assert with_clause("Point P is reflected in the line. What is its image?", c) == \
        f"{c['text']} Point P is reflected in the line. What is its image?"
    assert with_clause("Two circles are drawn. How do they lie?", c).startswith(c["text"])
    assert with_clause("Two circles are drawn. Do the circles meet?", c) == \
        f"Two circles are drawn. {c['text']} Do the circles meet?"


# clauses that bear on the answer, each with why, and what the seed's clause count stays
GONE = {
    "plane-common-tangent": (2, ("turns {n} times for every turn",  # a ratio of the radii
                                 "pulleys joined by a belt")),  # a belt runs along the tangents
    "plane-two-angle-height": (2, ("{m} m apart",)),  # reads as the distance PQ
    "graph-max-matching": (2, ("members in all",)),  # members the graph does not draw
    "algebra-lp-optimum-value": (2, ("hours of work",)),  # a constraint of the linear program
    "sci-vt-displacement": (2, ("track is",)),  # a bound on the displacement
    "sci-wave-frequency": (2, ("rope carrying the wave is",)),  # shorter than the wave drawn
    "sci-spring-max-speed": (2, ("long when relaxed",)),  # shorter than the compression
    "graph-cut-vertex": (2, ("stands for a town",)),  # the question's nodes are computers
    "plane-heron-area": (3, ("perimeter",)),  # Heron's formula takes the half-perimeter
    "plane-circumradius": (2, ("other two sides",)),  # "other" than what, in front
    "plane-law-of-sines": (3, ("cm wide",)),  # a triangle of sides up to 15 may not fit
    "plane-secant-secant": (3, ("cm wide",)),
}


@pytest.mark.parametrize("sid", sorted(GONE))
def test_no_clause_states_what_the_answer_could_rest_on(sid):
    n, words = GONE[sid]
    clauses = SEEDS[sid].clauses
    assert len(clauses) == n  # the same number: every variant draws the same template index
    assert [c for c in clauses for w in words if w in c] == []
