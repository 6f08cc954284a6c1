"""What an irrelevant clause may say and where it may stand: it never comes between a pronoun
of the question and what the pronoun names ("Point Z(2, 3) is another point of the plane; it is
not drawn. What are the coordinates of its image?" names Z), and no clause states a count, a
limit or a ratio the answer could be read to rest on."""
import re
from collections import defaultdict

import pytest

from engines.dynamath.seed import (CLAUSE_COLORS, CLAUSE_KEY, IRRELEVANT, draw_clause, load_seeds,
                                   variant_rng, with_clause)

# the module's texts fixture (every clause variant, seconds) is built once, on one xdist worker
pytestmark = pytest.mark.xdist_group("clause_wording")

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
         "stat-urn-same-colour", "algebra-system-which", "sci-speedometer-distance")


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
    "stat-pmf-bar-tail": (2, ("carried out",)),  # m runs make every probability k/m
    "plane-parallel-cut": (1, ("square metres",)),  # the triangle's area
    "plane-similar-statement": (2, ("shorter than",)),  # a length relation of DE and BC
    "plane-locus": (2, ("edge of the page",)),  # AB parallel to an edge, and 60 cm in
    # "the whole figure is cut from a board 12 cm long" / "printed on a card 12 cm wide": a
    # figure of radius 12 breaks the limit
    **{s: (3, ("cut from a board",)) for s in ("plane-segment-area", "plane-annulus-sector-area",
                                               "plane-square-corner-arcs",
                                               "plane-circle-minus-polygon")},
    **{s: (2, ("printed on a card",)) for s in ("plane-inscribed-angle",
                                                "plane-cyclic-quadrilateral",
                                                "plane-semicircle-angle", "plane-two-tangents",
                                                "plane-tangent-length", "plane-chord-length",
                                                "plane-intersecting-chords")},
    "arith-fraction-compare": (2, ("equal parts",)),  # the question's own first sentence
    # "A further 4 records were lost and are not included": the students a cumulative
    # frequency question counts are then more than the graph's, and 4 more in a class of 12
    # beside one of 14 may make it the busiest
    **{s: (2, ("were lost",)) for s in ("stat-cumfreq-between", "stat-cumfreq-busiest-class")},
}


@pytest.mark.parametrize("sid", sorted(GONE))
def test_no_clause_states_what_the_answer_could_rest_on(sid):
    n, words = GONE[sid]
    clauses = SEEDS[sid].clauses
    assert len(clauses) == n  # the same number: every variant draws the same template index
    assert [c for c in clauses for w in words if w in c] == []


def test_no_clause_leaves_data_out_of_the_figure():
    # data said to be lost or left out of a chart make its counts, its busiest class and its
    # statistics other than the figure's (people who "did not answer" gave no data to count)
    out = [(s, t) for s in CLAUSE_SEEDS for t in SEEDS[s].clauses
           if re.search(r"\b(lost|not included|left out|excluded|missing)\b", t, re.I)]
    assert out == []


def test_no_clause_gives_the_figure_a_card_or_board_of_some_size():
    # a figure drawn to scale may be larger than "a card 12 cm wide" says it can be
    sized = [(s, t) for s in CLAUSE_SEEDS for t in SEEDS[s].clauses
             if re.search(r"\b(card|board|sheet|paper|page)\b[^.]*\{\w+\} (mm|cm|m)\b", t)]
    assert sized == []


def test_no_clause_repeats_a_sentence_of_the_question(texts):
    said = [(sid, clause) for sid, v, clause, plain, text in texts
            if clause.rstrip(".").lower() in plain.lower()]
    assert said == []


def test_pmf_clause_states_no_count_its_probabilities_break():
    # "The experiment was carried out 13 times" makes every probability a multiple of 1/13,
    # which bars of whole hundredths (0.07) are not
    q, seen = SEEDS["stat-pmf-bar-tail"], 0
    for v in range(1, 201):
        p = q.sample(variant_rng(0, "stat-pmf-bar-tail", v))
        c = draw_clause(q, p, 0, "stat-pmf-bar-tail", v)
        if c:
            seen += 1
            runs = re.search(r"(\d+) (times|trials|runs)\b", c["text"])
            assert runs is None or all(h * int(runs[1]) % 100 == 0 for h in p["h"]), \
                (v, c["text"], p["h"])
    assert seen > 60


def test_break_even_question_names_both_plans(texts):
    # "A third option, not shown, costs $20 per month. After how many months do the two cost
    # the same?": "the two" may take in the third option
    seen = 0
    for sid, v, clause, plain, text in texts:
        if sid == "algebra-break-even":
            seen += 1
            asks = text[text.index(clause) + len(clause):]
            a, b = SEEDS[sid].diagram(SEEDS[sid].sample(variant_rng(0, sid, v))).series
            assert "the two" not in asks and f"{a.name} and {b.name}" in asks, (v, text)
    assert seen > 5


# colour names that take "an", and some that take "a"
VOWEL_COLOURS = "orange|olive|indigo|amber|aqua|azure|ivory|emerald|ochre"
CONSONANT_COLOURS = "blue|red|green|purple|brown|pink|yellow|grey|gray|black|white|teal|cyan"
BAD_ARTICLE = re.compile(rf"\b(a (?:{VOWEL_COLOURS})|an (?:{CONSONANT_COLOURS}))\b", re.I)


def test_clause_articles_agree_with_every_colour():
    # "The beaker was placed on a orange heat-proof mat."
    bad = [(s, t.format_map(defaultdict(lambda: "2", color=c)))
           for s in CLAUSE_SEEDS for t in SEEDS[s].clauses for c in CLAUSE_COLORS
           if BAD_ARTICLE.search(t.format_map(defaultdict(lambda: "2", color=c)))]
    assert bad == []


def test_question_articles_agree_with_the_colour(texts):
    bad = [(sid, v, text) for sid, v, clause, plain, text in texts if BAD_ARTICLE.search(text)]
    for sid, q in SEEDS.items():
        if IRRELEVANT not in q.kinds:
            for v in range(1, 11):
                text = q.question(q.sample(variant_rng(0, sid, v)))
                if BAD_ARTICLE.search(text):
                    bad.append((sid, v, text))
    assert bad == []
