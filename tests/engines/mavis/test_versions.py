"""MAVIS-Instruct versions and answer letters as a build writes them: no two versions of a
problem with the same question and image, text_dominant's diagram without the givens' values,
text_lite between the two others, and multiple-choice letters balanced per build."""
from collections import Counter, defaultdict

import numpy as np
import pytest

import renderers
from engines import dataset
from engines.builders.mavis_instruct import answer_slot
from engines.mavis import registry
from engines.mavis.problem import VERSIONS, distinct_versions, question_text, version_spec
from engines.mavis.text import numbers_in_text
from renderers.text import fmt_num


def _build(n: int, seed: int = 0, **options) -> list[dict]:
    cfg = dataset.BuildConfig(kind="mavis-instruct", n=n, seed=seed, image_size=64,
                              options=options)
    return dataset.build_rows(cfg)


def _by_problem(rows: list[dict]) -> dict[str, list[dict]]:
    out = defaultdict(list)
    for r in rows:
        out[r["id"].rsplit("-", 1)[0]].append(r)
    return out


def test_no_two_versions_of_a_problem_share_question_and_image():
    rows = _build(120)
    problems = _by_problem(rows)
    assert len(problems) == 40
    n_three = 0
    for rs in problems.values():
        keys = [(r["question"], r["image"]["bytes"]) for r in rs]
        assert len(set(keys)) == len(keys), [r["id"] for r in rs]
        assert {"text_dominant", "vision_dominant"} <= {r["version"] for r in rs}
        n_three += len(rs) == 3
        # information moves into the diagram: text_dominant's image differs from
        # vision_dominant's, and the vision-dominant question is the shortest
        by = {r["version"]: r for r in rs}
        assert by["text_dominant"]["image"]["bytes"] != by["vision_dominant"]["image"]["bytes"]
        assert len(by["vision_dominant"]["question"]) < len(by["text_dominant"]["question"])
    assert n_three >= 15  # most problems keep all three versions
    assert len(rows) < 120  # the repeated versions were not written


@pytest.mark.parametrize("name", ["plane_geometry", "solid_geometry"])
def test_text_dominant_diagram_draws_no_given_value(name):
    make = registry.get_problem_maker(name)
    fam = renderers.get_family(name)
    for seed in range(30):
        p = make(np.random.default_rng(seed))
        _, layout = fam.render_with_layout(version_spec(p, "text_dominant"), 128)
        drawn = numbers_in_text(" ".join(lb.text for lb in layout.labels))
        for g in p.givens:
            if isinstance(g.value, (int, float)):
                assert not numbers_in_text(fmt_num(g.value)) & drawn - {"0"}, (seed, g, drawn)


@pytest.mark.parametrize("name", registry.instruct_families())
def test_text_lite_differs_from_both_others_where_two_givens_are_drawable(name):
    make = registry.get_problem_maker(name)
    for seed in range(40):
        p = make(np.random.default_rng(seed))
        drawable = [g for g in p.givens if g.drawable and g.value is not None]
        keep = distinct_versions(p)
        if "text_lite" in keep:
            tl = (question_text(p, "text_lite"), version_spec(p, "text_lite").to_json())
            for v in ("text_dominant", "vision_dominant"):
                assert tl != (question_text(p, v), version_spec(p, v).to_json())
        if len(drawable) >= 2 and name != "analytic_geometry":  # analytic: a flag per object
            assert keep == list(VERSIONS), (seed, [g.text for g in p.givens])


def _letter_shares(slots: list[int]) -> dict[str, float]:
    c = Counter(slots)
    return {"ABCD"[k]: c[k] / len(slots) for k in range(4)}


def test_answer_slots_are_balanced_by_construction():
    cfg = dataset.BuildConfig(kind="mavis-instruct", n=6000, seed=5)
    got = [answer_slot(cfg, "mavis-instruct", u) for u in range(2000)]
    mc = [k for qt, k in got if qt == "multiple_choice"]
    assert len(mc) == 1000 and all(k is None for qt, k in got if qt == "free_form")
    assert all(abs(s - 0.25) <= 0.02 for s in _letter_shares(mc).values())
    # any run of 8 units holds each letter at most twice (once per block it overlaps)
    assert max(Counter(k for qt, k in got[8:16] if k is not None).values()) == 1
    only = dataset.BuildConfig(kind="mavis-instruct", n=6000, seed=5,
                               options={"question_type": "multiple_choice"})
    ks = [answer_slot(only, "mavis-instruct", u)[1] for u in range(1000)]
    assert _letter_shares(ks) == {"A": 0.25, "B": 0.25, "C": 0.25, "D": 0.25}


@pytest.mark.slow
def test_letters_of_a_300_row_build_are_near_uniform():
    rows = _build(300, seed=2)
    mc = [r["answer"] for r in rows if r["question_type"] == "multiple_choice"]
    shares = {k: v / len(mc) for k, v in Counter(mc).items()}
    assert set(shares) == set("ABCD") and all(abs(s - 0.25) <= 0.05 for s in shares.values()), \
        shares
    for r in rows:
        if r["choices"]:
            assert r["cot"].endswith(f"The answer is {r['answer']}: "
                                     f"{r['choices']['ABCD'.index(r['answer'])]}.")


@pytest.mark.soak
@pytest.mark.slow
def test_letters_within_2_points_of_uniform_at_1000_rows():
    rows = _build(2400, seed=0, question_type="multiple_choice")
    mc = [r["answer"] for r in rows]
    assert len(mc) >= 1000
    shares = {k: v / len(mc) for k, v in Counter(mc).items()}
    assert all(abs(s - 0.25) <= 0.02 for s in shares.values()), shares
