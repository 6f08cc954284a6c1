"""Perception claims of the "arithmetic", "chart" and "puzzle" families read as English and
name what the picture draws: "Is the object shown a money?", "Is the ruler marked in in?", "Does
Leave show 9:26?" (a clock's caption read as a subject), price tags called a receipt; "Is this a
box chart?", "a histogram chart", "a table chart" (three kinds misnamed); "Is the puzzle shown a
number triangles?", "Is the shape in the first panel a fshape?"."""
import re

import numpy as np

import renderers
from engines.mavis.perception import _claim_text, perception_asks


def _claims(family: str, n: int = 400):
    fam = renderers.get_family(family)
    for seed in range(n):
        spec = fam.sample_spec(np.random.default_rng(seed))
        f = fam.facts(spec)
        for q in perception_asks(family, f):
            if q.claim:
                yield f, q, [_claim_text(q, c) for c in [q.answer, *q.others]]


BAD = re.compile(r"\ba (number triangles|money|[aeiou]\w*)\b|\ban [^aeiou\W]\w*|\b[lf]shape\b"
                 r"|\bin in\b|\b(box|histogram|table|scatter) chart\b|\bDoes [A-Z]\w* show\b")


def _texts(family: str) -> set[str]:
    seen = set()
    for _, _, texts in _claims(family):
        for t in texts:
            assert not BAD.search(t), (family, t)
            seen.add(t)
    return seen



def test_arithmetic_claims_read_as_english():
    seen = _texts("arithmetic")
    for t in ("Is the ruler marked in inches?", "Is the object shown a set of coins?",
              "Is the object shown a set of price tags?"):
        assert t in seen, t
    assert any(t.startswith('Does the clock labelled "') for t in seen)
    assert any(t.startswith('Is the model labelled "') for t in seen)


def test_what_object_is_shown_names_the_pieces_drawn():
    """Coins only are not "coins and banknotes"; tags are not a receipt, nor told "No" of
    another name of money."""
    kinds = set()
    for f, q, _ in _claims("arithmetic", 600):
        if q.question != "What object is shown?":
            continue
        kinds.add(q.answer)
        if f["kind"] == "money":
            want = [w for w, n in (("coins", f["n_coins"]), ("banknotes", f["n_notes"])) if n]
            assert q.answer == "set of " + " and ".join(want), (f, q)
            assert not any("coins" in o or "banknotes" in o for o in q.others), q
        if f["kind"] == "receipt":
            assert q.answer == ("set of price tags" if f["style"] == "tags" else "receipt"), q
    assert {"set of coins", "set of coins and banknotes", "set of price tags",
            "receipt"} <= kinds


def test_chart_claims_name_the_kind_of_chart():
    seen = _texts("chart")
    for t in ("Is this a box plot?", "Is this a histogram?", "Is this a scatter plot?",
              "Is this a table?", "Is this a bar chart?"):
        assert t in seen, t


def test_puzzle_claims_read_as_english():
    seen = _texts("puzzle")
    for t in ("Is the puzzle shown a number triangle?",
              "Is the shape in the first panel a letter L shape?",
              "Is the shape in the first panel a letter F shape?"):
        assert t in seen, t


def test_only_everyday_objects_are_called_one():
    """"What kind of picture is this?" -> "everyday object" of a clock, coins or a ruler, never
    of a fraction bar, number line, equation card, tally chart or bar model."""
    fam, asked = renderers.get_family("arithmetic"), {}
    for seed in range(300):
        f = fam.facts(fam.sample_spec(np.random.default_rng(seed)))
        kinds = [q for q in perception_asks("arithmetic", f)
                 if q.question == "What kind of picture is this?"]
        asked.setdefault(f["kind"], set()).add(bool(kinds))
        assert all(q.answer == "everyday object" for q in kinds)
    assert len(asked) == 10, asked
    called = {k for k, v in asked.items() if True in v}
    # a picture answering fewer than three questions is not asked it (receipts, thermometers)
    assert {"clock", "money"} <= called <= {"clock", "receipt", "money", "ruler", "thermometer"}


def test_a_count_of_none_reads_as_no():
    """A claim of a count of zero says "no": "Are no right-angle marks drawn?", "Are there no
    bulbs in the circuit?", never "Are 0 ..."."""
    seen = set()
    for family in ("plane_geometry", "arithmetic", "scientific"):
        for _, q, texts in _claims(family, 300):
            for t in texts:
                assert not re.match(r"Are (there )?0 ", t), t
                if re.match(r"Are (there )?no ", t):
                    seen.add(t)
    assert {"Are no right-angle marks drawn?", "Are there no bulbs in the circuit?"} <= seen


def test_no_network_is_asked_its_lone_nodes_where_it_has_none():
    fam = renderers.get_family("graph")
    spec = fam.sample_spec(np.random.default_rng(0))
    f = fam.facts(spec)
    asks = {q.question: q.answer for q in perception_asks("graph", f)}
    assert f["isolated_nodes"] == [] and "How many nodes have no edge?" not in asks
    f = {**f, "isolated_nodes": ["E"]}
    assert {q.question: q.answer for q in perception_asks("graph", f)}[
        "How many nodes have no edge?"] == "1"
