"""Perception questions in yes/no form: MME's answer format, half true claims, wrong answers
that the family can produce (``as_claim``: a claim about the question's own picture; the
builds' claims, ``balanced_claim``, are tested in test_balanced_claims.py), deterministic per
seed."""
import numpy as np
import pytest

from engines import dataset
from engines.mavis.perception import (YES_NO_SUFFIX, as_claim, families_with_questions,
                                      perception_ask)


def _ask(family, facts, other, seed):
    rng = np.random.default_rng(seed)
    return as_claim(family, perception_ask(family, facts, rng), rng, lambda: other)


def test_claims_about_a_cube():
    cube = {"kind": "cube", "faces": 6, "edges": 12, "vertices": 8, "hidden_edge_count": 3}
    seen = {_ask("solid_geometry", cube, {"kind": "cone"}, s) for s in range(400)}
    truth = {"Is the solid shown a cube?": "Yes", "Is this picture a solid?": "Yes",
             "Is the solid shown a cone?": "No", "Does the solid have 6 faces?": "Yes",
             "Does the solid have 12 edges?": "Yes", "Does the solid have 8 vertices?": "Yes",
             "Are 3 edges drawn dashed?": "Yes"}
    for text, answer in seen:
        assert text.endswith(YES_NO_SUFFIX)
        claim = text[:-len(YES_NO_SUFFIX)]
        # "Is this picture a chart?" etc.: another family's kind of picture is a false claim
        assert truth.get(claim, "No") == answer, text
    assert {t for t, _ in seen} >= {c + YES_NO_SUFFIX for c in truth}
    assert "Is this picture an everyday object?" + YES_NO_SUFFIX in {t for t, _ in seen}


def test_counts_are_off_by_one_or_two_and_yes_no_questions_stay():
    facts = {"n_nodes": 3, "n_edges": 2, "directed": True}
    answers = {}
    for s in range(300):
        text, a = _ask("graph", facts, facts, s)
        answers.setdefault(text.split("?")[0], set()).add(a)
    assert answers["Is the graph directed"] == {"Yes"}
    assert answers["Does the graph have 3 nodes"] == {"Yes"}
    wrong_nodes = {k for k, v in answers.items() if "node" in k and v == {"No"}}
    assert wrong_nodes == {"Does the graph have 1 node"} | {
        f"Does the graph have {n} nodes" for n in (2, 4, 5)}


def test_no_other_answer_means_a_true_claim():
    # another picture that answers the same: the false claim cannot be made
    scene = {"objects": [{"kind": "cat", "x": 0.1}]}
    out = {_ask("object_scene", scene, scene, s) for s in range(100)}
    assert ("Is the object on the left a cat?" + YES_NO_SUFFIX, "Yes") in out
    assert not any("a cat" in t and a == "No" for t, a in out)
    # counts of one read in the singular
    assert ("Is there 1 object in the scene?" + YES_NO_SUFFIX, "Yes") in out
    assert ("Are there 2 objects in the scene?" + YES_NO_SUFFIX, "No") in out


@pytest.mark.slow
def test_yes_no_dataset_is_balanced_and_deterministic(tmp_path):
    cfg = dict(kind="mavis-perception", n=80, seed=3, image_size=64, options={"form": "yes_no"})
    dataset.build(dataset.BuildConfig(**cfg), tmp_path / "a")
    dataset.build(dataset.BuildConfig(**cfg), tmp_path / "b")
    a, b = dataset.load(tmp_path / "a"), dataset.load(tmp_path / "b")
    assert a["question"] == b["question"] and a["answer"] == b["answer"]
    assert set(a["answer"]) == {"Yes", "No"}
    assert 0.35 <= a["answer"].count("Yes") / 80 <= 0.65
    assert all(q.endswith(YES_NO_SUFFIX) for q in a["question"])
    assert set(a["family"]) == set(families_with_questions())


def test_unknown_form_names_the_flag():
    cfg = dataset.BuildConfig(kind="mavis-perception", n=4, seed=0, options={"form": "maybe"})
    with pytest.raises(ValueError, match="^--form: unknown maybe; valid: open, yes-no, mixed$"):
        dataset.get_builder("mavis-perception").validate(cfg)


def test_cli_builds_the_yes_no_form(tmp_path, run_cli):
    from engines.cli import main

    r = run_cli(main, "mavis-perception", "--form", "yes-no", "--n", "6", "--image-size", "64",
                "--out", str(tmp_path / "d"), "--no-progress")
    assert r.returncode == 0, r.stderr
    rows = dataset.load(tmp_path / "d")
    assert len(rows) == 6 and set(rows["answer"]) <= {"Yes", "No"}
    assert "options:\n    form: yes_no" in (tmp_path / "d" / "README.md").read_text()


def _templates(n: int, seed: int = 0) -> "Counter[str]":
    """The template of each unit of an open perception build of ``n`` rows (no rendering)."""
    from collections import Counter

    import renderers
    from engines.dataset import unit_seed
    from engines.mavis.perception import perception_ask

    fams, out = families_with_questions(), Counter()
    for u in range(n):
        rng = np.random.default_rng(unit_seed(seed, "mavis-perception", u))
        fam = renderers.get_family(fams[u % len(fams)])
        out[perception_ask(fam.name, fam.facts(fam.sample_spec(rng)), rng).template] += 1
    return out


@pytest.mark.slow
def test_templates_are_many_and_none_holds_more_than_5_percent():
    counts = _templates(1000)
    assert len(counts) >= 60, len(counts)
    top, k = counts.most_common(1)[0]
    assert k / 1000 <= 0.05, (top, k)


def test_templates_at_300_rows():
    counts = _templates(300, seed=1)
    assert len(counts) >= 60, len(counts)
    top, k = counts.most_common(1)[0]
    assert k / 300 <= 0.06, (top, k)


def test_a_build_asks_varied_questions_of_every_family():
    cfg = dataset.BuildConfig(kind="mavis-perception", n=30, seed=0, image_size=64)
    rows = dataset.build_rows(cfg)
    assert len({r["question"] for r in rows}) >= 25
    assert len({r["family"] for r in rows}) == len(families_with_questions())


def test_ties_are_not_asked_as_a_largest_value():
    from engines.mavis.perception import perception_questions

    chart = {"kind": "bar", "n_series": 1, "n_categories": 3, "categories": ["a", "b", "c"],
             "title": "", "series": [{"value_of": {"a": 5, "b": 5, "c": 2}}]}
    asked = dict(perception_questions("chart", chart))
    assert "Which category has the largest value?" not in asked
    assert asked["Which category has the smallest value?"] == "c"
    assert asked["How many categories are shown?"] == "3"


def test_a_rows_question_is_drawn_again_from_its_family_and_seed():
    from engines.builders.mavis_perception import unit_ask, unit_asks

    cfg = dataset.BuildConfig(kind="mavis-perception", n=20, seed=5, image_size=64)
    rows = dataset.build_rows(cfg)
    asks = [unit_ask(r["family"], r["seed"]) for r in rows]
    assert [(q.question, q.answer) for q in asks] == [(r["question"], r["answer"]) for r in rows]
    # the build's units in order, without their pictures
    assert [(f, q.question) for f, q in unit_asks(20, 5)] == [
        (r["family"], r["question"]) for r in rows]


def test_common_answers_per_template_and_family_ties_to_the_first_in_order():
    from engines.mavis.perception import ask, common_answers, template_key

    colour = "What colour is {name}?"
    asks = [("function", ask(colour, a, name=n)) for a, n in
            (("red", "f"), ("blue", "g"), ("red", "h"))] + \
           [("chart", ask(colour, a, name="bar")) for a in ("green", "blue")]
    assert template_key("graph", "Are nodes {a} and {b} joined by an edge?") == (
        "graph: Are nodes # and # joined by an edge?")
    assert common_answers(asks) == {"function: What colour is #?": "red",
                                    "chart: What colour is #?": "blue"}


def test_picture_questions_ask_each_question_once_and_either_way():
    from engines.mavis.perception import perception_asks, picture_questions

    import renderers

    cube = {"kind": "cube", "faces": 6, "edges": 12, "vertices": 8, "hidden_edge_count": 3}
    asks = perception_asks("solid_geometry", cube)
    truth = {q.question: q.answer for q in asks}
    fam = renderers.get_family("solid_geometry")
    claims, opens = 0, 0
    for s in range(60):
        rng = np.random.default_rng(s)
        qs = picture_questions("solid_geometry", cube, rng, 4, "mixed",
                               lambda: fam.facts(fam.sample_spec(rng)))
        assert len(qs) == 4
        # each question at most once, open or as a claim, never both
        topics = [q[:-len(YES_NO_SUFFIX)] if q.endswith(YES_NO_SUFFIX) else q for q, _ in qs]
        assert len(set(topics)) == 4
        for q, a in qs:
            if q.endswith(YES_NO_SUFFIX):
                claims += 1
                assert a in ("Yes", "No")
            else:
                opens += 1
                assert truth[q] == a
    # a claim only where another picture answers its question otherwise (picture_claim):
    # here about two in five of the questions drawn as claims, the rest of them asked open
    assert 0.1 <= claims / (claims + opens) <= 0.45
    # a claim that cannot be made is left out of a list of claims
    assert picture_questions("solid_geometry", cube, np.random.default_rng(0), 50, "yes_no",
                             lambda: cube) == []
    # more asked than the picture answers: each of its questions, once
    every = picture_questions("solid_geometry", cube, np.random.default_rng(0), 50, "open",
                              lambda: cube)
    assert sorted(every) == sorted((q.question, q.answer) for q in asks)


def test_per_picture_build_rows_share_their_picture(tmp_path):
    from train.data import Conversations

    cfg = dataset.BuildConfig(kind="mavis-perception", n=40, seed=2, image_size=64,
                              options={"form": "mixed", "per_picture": 4})
    dataset.build(cfg, tmp_path / "a", progress=False)
    rows = dataset.load(tmp_path / "a")
    ids = rows["image_id"]
    assert len(set(ids)) == 10 and 10 < len(rows) <= 40
    for i in set(ids):
        mine = [j for j, x in enumerate(ids) if x == i]
        assert len({rows[j]["spec"] for j in mine}) == 1
        assert len({rows[j]["image"].tobytes() for j in mine}) == 1
    talks = Conversations(rows, 4, 0)
    assert len(talks) == 10
    assert sorted(q for t in talks for q in t["question"]) == sorted(rows["question"])


def test_per_picture_claims_leave_out_what_cannot_be_balanced_and_record_no_error(tmp_path):
    cfg = dataset.BuildConfig(kind="mavis-perception", n=160, seed=5, image_size=32,
                              options={"form": "yes_no", "per_picture": 4})
    summary = dataset.build(cfg, tmp_path / "a", progress=False)
    rows = dataset.load(tmp_path / "a")
    assert not list((tmp_path / "a").rglob("errors-*.json")), summary
    assert all(q.endswith(YES_NO_SUFFIX) for q in rows["question"])
    # about one and a half claims a picture are left of four drawn; some pictures give none
    assert 30 < len(set(rows["image_id"])) < 40 and 40 < len(rows) < 100


@pytest.mark.parametrize("options, message", [
    ({"form": "mixed"}, "^--form: mixed asks several questions of a picture; give "
                        "--per-picture 2 or more$"),
    ({"per_picture": 0}, r"^--per-picture: a whole number of at least 1, got 0$"),
])
def test_bad_per_picture_options_name_the_flag(options, message):
    cfg = dataset.BuildConfig(kind="mavis-perception", n=4, seed=0, options=options)
    with pytest.raises(ValueError, match=message):
        dataset.get_builder("mavis-perception").validate(cfg)


def test_unit_claims_are_the_yes_no_builds_claims(tmp_path):
    from engines.builders.mavis_perception import unit_claims

    cfg = dataset.BuildConfig(kind="mavis-perception", n=20, seed=4, image_size=64,
                              options={"form": "yes_no"})
    dataset.build(cfg, tmp_path / "a", progress=False)
    rows = dataset.load(tmp_path / "a")
    assert unit_claims(20, 4) == list(zip(rows["family"], rows["question"], rows["answer"]))
