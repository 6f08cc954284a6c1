"""Yes/no claims whose words say nothing of their answer (``balanced_claim``): each claim is
true of a first picture and asked, by a fair coin, of that picture or of another one of the
family that answers its question otherwise, as POPE and MME ask an object or a question of
pictures that have it and pictures that do not."""
from collections import Counter, defaultdict

import numpy as np

from engines.mavis.perception import YES_NO_SUFFIX, balanced_claim

# two kinds of graph picture: what each answers
SMALL = {"n_nodes": 3, "n_edges": 2, "directed": True}
LARGE = {"n_nodes": 5, "n_edges": 4, "directed": False}
TRUTH = {"small": {"Does the graph have 3 nodes?": "Yes", "Does the graph have 2 edges?": "Yes",
                   "Is the graph directed?": "Yes", "Does the graph have 5 nodes?": "No",
                   "Does the graph have 4 edges?": "No"},
         "large": {"Does the graph have 3 nodes?": "No", "Does the graph have 2 edges?": "No",
                   "Is the graph directed?": "No", "Does the graph have 5 nodes?": "Yes",
                   "Does the graph have 4 edges?": "Yes"}}


def _draw(seed, p_small=0.5, **kw):
    rng = np.random.default_rng(seed)

    def new_picture():  # a small or a large graph, small with p_small
        name = "small" if rng.random() < p_small else "large"
        return name, dict(SMALL if name == "small" else LARGE)
    return balanced_claim("graph", rng, new_picture, **kw)


def test_each_claim_is_true_of_the_picture_it_is_asked_of():
    seen = 0
    for s in range(600):
        (text, answer), picture = _draw(s)
        assert text.endswith(YES_NO_SUFFIX)
        claim = text[:-len(YES_NO_SUFFIX)]
        if claim in TRUTH[picture]:
            seen += 1
            assert TRUTH[picture][claim] == answer, (s, claim, picture)
    assert seen > 300


def _each_text_as_often_yes_as_no(by_text):
    """Each claim text asked 100 times or more answered yes as a fair coin would (within four
    standard deviations of half); at least three such texts."""
    counted = 0
    for text, c in by_text.items():
        n = sum(c.values())
        if n >= 100:
            counted += 1
            assert abs(c["Yes"] / n - 0.5) <= 4 * (0.25 / n) ** 0.5, (text, c)
    assert counted >= 3


def test_a_claims_words_come_as_often_with_either_answer():
    by_text = defaultdict(Counter)
    for s in range(2000):
        (text, answer), _ = _draw(s)
        by_text[text][answer] += 1
    _each_text_as_often_yes_as_no(by_text)


def test_a_question_no_other_picture_answers_otherwise_is_claimed_of_its_own_picture():
    out = Counter()
    for s in range(200):
        rng = np.random.default_rng(s)
        got = balanced_claim("graph", rng, lambda: ("same", dict(SMALL)))
        (text, answer), picture = got
        assert picture == "same"
        claim = text[:-len(YES_NO_SUFFIX)]
        if claim in TRUTH["small"]:
            assert TRUTH["small"][claim] == answer
        out[answer] += 1
    assert out["Yes"] > 0 and out["No"] > 0


def test_a_picture_that_cannot_be_laid_out_is_a_try_spent():
    calls = []

    def new_picture():
        calls.append(1)
        if len(calls) == 1:
            return "first", dict(SMALL)
        raise RuntimeError("could not place objects")
    for s in range(40):
        calls.clear()
        (text, answer), picture = balanced_claim("graph", np.random.default_rng(s), new_picture,
                                                 tries=5, questions=3)
        # five tries for each of three questions, then as_claim about the first picture
        assert picture == "first" and len(calls) == 1 + 3 * 5


def _picture_claims(seed, p_small=0.5):
    """Claims of ``picture_claim`` about one picture drawn from the family (small or large
    graphs, small with ``p_small``): (picture, claim) per question it answers, None where it
    makes none."""
    from engines.mavis.perception import perception_asks, picture_claim

    rng = np.random.default_rng(seed)

    def facts():
        return "small" if rng.random() < p_small else "large"
    name = facts()
    out = []
    for q in perception_asks("graph", dict(SMALL if name == "small" else LARGE)):
        out.append((name, picture_claim("graph", q, rng,
                                        lambda: dict(SMALL if facts() == "small" else LARGE))))
    return out


def test_a_pictures_own_claims_are_true_of_it_and_their_words_tell_nothing():
    # the family skewed four to one: one other picture drawn, so the pair's two orders are
    # equally likely and each text still comes as often with either answer
    by_text, seen, none = defaultdict(Counter), 0, 0
    for s in range(3000):
        for picture, claim in _picture_claims(s, p_small=0.8):
            if claim is None:
                none += 1
                continue
            text, answer = claim
            by_text[text][answer] += 1
            if text[:-len(YES_NO_SUFFIX)] in TRUTH[picture]:
                seen += 1
                assert TRUTH[picture][text[:-len(YES_NO_SUFFIX)]] == answer, (s, text)
    assert seen > 1000 and none > 0
    _each_text_as_often_yes_as_no(by_text)


def test_no_claim_where_the_other_picture_answers_alike_or_cannot_be_laid_out():
    from engines.mavis.perception import perception_asks, picture_claim

    def unplaceable():
        raise RuntimeError("could not place objects")
    for q in perception_asks("graph", dict(SMALL)):
        rng = np.random.default_rng(0)
        assert picture_claim("graph", q, rng, lambda: dict(SMALL)) is None
        assert picture_claim("graph", q, rng, unplaceable) is None


def test_a_search_that_often_fails_leaves_the_claims_balanced(monkeypatch):
    """The other picture is found before the coin: where it is hard to find (one try, a
    family skewed four to one), true and false claims of a text still fail alike, so the
    claims made keep each text as often yes as no."""
    import engines.mavis.perception as perception

    monkeypatch.setattr(perception, "as_claim", lambda *a: ("fallback", "-"))
    by_text, fallbacks = defaultdict(Counter), 0
    for s in range(4000):
        (text, answer), _ = _draw(s, p_small=0.8, tries=1, questions=1)
        if text == "fallback":
            fallbacks += 1
            continue
        by_text[text][answer] += 1
    assert fallbacks > 1000
    _each_text_as_often_yes_as_no(by_text)
