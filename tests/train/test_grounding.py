"""Stage 3's grounding rows: POPE- and MME-format rows built for training at the recipe's
grounding seed (never mm-eval's pictures), asked as mm-eval asks them, scored with POPE's F1."""
from __future__ import annotations

import pytest

from engines.builders.mme_synth import SUFFIX
from engines.builders.pope_synth import sample_scenes
from train import sft
from train.data import grounding_data
from train.recipe import Recipe


def _recipe(**kw) -> Recipe:
    return Recipe(stage="instruct", preset="tiny", train_modules=["projector", "llm"],
                  image_size=64, **kw)


def test_pope_rows_are_whole_images_of_the_grounding_seed(tmp_path):
    r = _recipe()
    rows = grounding_data(r, tmp_path, "pope-synth", 20)
    assert len(rows) == 36  # two whole images of 18 probes (3 splits x 3 yes + 3 no)
    assert sorted(set(rows["answer"])) == ["no", "yes"] and rows["answer"].count("yes") == 18
    # the scenes are those of the grounding seed, not of mm-eval's seed 0
    ours = sample_scenes(r.seed + r.grounding_seed_offset, 2)
    evals = sample_scenes(0, 2)
    assert [s.objects for s in ours] != [s.objects for s in evals]
    held = grounding_data(r, tmp_path, "pope-synth", 18, heldout=True)
    assert len(held) == 18 and held["spec"][0] not in set(rows["spec"])


def test_examples_ask_as_the_evaluation_tasks_do(tmp_path):
    r = _recipe()
    pope = sft.rows_to_examples(list(grounding_data(r, tmp_path, "pope-synth", 18)),
                                "pope-synth")
    assert pope[0]["q"].startswith("Is there ") and pope[0]["q"].endswith(" in the image?")
    assert {e["a"] for e in pope} == {"Yes", "No"}
    mme = sft.rows_to_examples(list(grounding_data(r, tmp_path, "mme-synth", 18)), "mme-synth")
    assert len(mme) == 18 and all(e["q"].endswith(SUFFIX) for e in mme)
    assert {e["a"] for e in mme} == {"Yes", "No"}
    with pytest.raises(ValueError, match="valid: pope-synth, mme-synth"):
        grounding_data(r, tmp_path, "comfort", 4)


def test_accuracy_yes_ratio_and_f1_of_a_yes_no_set(tmp_path, monkeypatch):
    rows = list(grounding_data(_recipe(), tmp_path, "pope-synth", 18))
    said = ["Yes", "Yes", "No", "No", "Yes", "Yes"] * 3  # answers to yes, no, yes, no ...
    monkeypatch.setattr(sft, "generate", lambda m, p, imgs, qs, *a, **k: said[:len(qs)])
    truth = [r["answer"] for r in rows]
    class Model:  # generate is replaced: the model is only put in eval mode
        def eval(self):
            return self

    m = sft.perception_accuracy(Model(), None, rows, batch=64, kind="pope-synth")
    right = sum(s.lower() == t for s, t in zip(said, truth))
    tp = sum(s == "Yes" and t == "yes" for s, t in zip(said, truth))
    assert m["accuracy"] == right / 18 and m["yes_ratio"] == 12 / 18 and m["n"] == 18
    assert m["f1"] == pytest.approx(2 * tp / (12 + 9))
    assert set(m["per_family"]) == {"random", "popular", "adversarial"}


@pytest.mark.parametrize("per", [2, 6])
def test_fewer_pope_rows_a_scene_are_more_scenes_each_question_once(tmp_path, per):
    full = grounding_data(_recipe(), tmp_path / "all", "pope-synth", 6 * 18)
    rows = grounding_data(_recipe(pope_rows_per_image=per), tmp_path / "some", "pope-synth",
                          6 * per)
    assert len(rows) == 6 * per and len(set(rows["image_id"])) == 6
    # scene i keeps split i mod 3: its own rows of the whole build, in their order
    kept = [(r["image_id"], r["split"], r["object"], r["answer"]) for r in rows]
    whole = [(r["image_id"], r["split"], r["object"], r["answer"]) for r in full]
    assert set(kept) <= set(whole) and len(set(kept)) == len(kept)
    splits = ["random", "popular", "adversarial"]
    for i in range(6):
        mine = [k for k in kept if k[0] == f"scene-{i:04d}"]
        assert {k[1] for k in mine} == {splits[i % 3]}
        assert [k[3] for k in mine] == ["yes", "no"] * (per // 2)
        if per == 2:  # pair (i // 3) mod 3 of that split: its ((i // 3) mod 3)-th present object
            own = [k for k in whole if k[0] == mine[0][0] and k[1] == mine[0][1]]
            assert mine == own[2 * (i // 3 % 3):2 * (i // 3 % 3) + 2]
    # the card says what the build holds, the whole set's card what it holds
    card = (tmp_path / "some" / "data" / "pope-synth" / "README.md").read_text()
    assert f"a training build of {per} rows per image: " in card
    assert ("one split's 3 present and 3 absent objects" if per == 6 else
            "one present and one absent object of one split") in card
    whole_card = (tmp_path / "all" / "data" / "pope-synth" / "README.md").read_text()
    assert "3 present and 3 absent objects asked" in whole_card
    assert "training build" not in whole_card


def test_pope_rows_per_image_is_checked():
    from engines.builders.pope_synth import pope_synth_config
    from train.recipe import RecipeError

    with pytest.raises(RecipeError, match=r"pope_rows_per_image: 4; valid: 2, 6, 18"):
        _recipe(pope_rows_per_image=4)
    with pytest.raises(ValueError, match=r"rows_per_image: 4; valid: 2, 6, 18"):
        pope_synth_config(3, rows_per_image=4)
    # the whole set's config (mm-eval's) is as before: no option for its 18 rows
    assert pope_synth_config(3).options == {"n_images": 3}


def _yes_share_by_object(pairs):
    """{object: share of its questions answered yes} of (object, answer) pairs."""
    from collections import Counter

    asked, yes = Counter(o for o, _ in pairs), Counter(o for o, a in pairs if a == "yes")
    return {o: yes[o] / n for o, n in asked.items() if n >= 40}


def test_balanced_negatives_ask_each_object_as_often_absent_as_present():
    from engines.builders.pope_synth import (balanced_negative, balanced_weights,
                                             build_probes, kept_rows)

    n, seed = 3000, 5
    probes = build_probes(seed, n, ("random", "popular", "adversarial"))
    w = balanced_weights(probes)
    pope, balanced = [], []
    for i, im in enumerate(probes):
        rows = [(o, a) for s in ("random", "popular", "adversarial") for o, a in im["probes"][s]]
        pope += [rows[k] for k in kept_rows(i, 2)]
        pos = im["objects"][(i // 3) % 3]
        neg = balanced_negative(i, im, w, seed)
        assert pos == rows[kept_rows(i, 2)[0]][0] and neg not in im["objects"]
        balanced += [(pos, "yes"), (neg, "no")]
    skew = _yes_share_by_object(pope)
    assert min(skew.values()) < 0.3 and max(skew.values()) > 0.7  # POPE's pairs: a prior
    even = _yes_share_by_object(balanced)
    assert len(even) >= 20 and all(0.4 <= v <= 0.6 for v in even.values()), even


def _two_row_build(tmp_path, negatives: str, n: int):
    """A 2-rows-a-scene build of ``negatives`` and POPE's own pairs of the same ``n`` rows,
    checked to ask POPE's scenes and present objects (split named by ``negatives``, yes and
    no in turn)."""
    r = _recipe(pope_rows_per_image=2, pope_negatives=negatives)
    rows = grounding_data(r, tmp_path, "pope-synth", n)
    pope = grounding_data(_recipe(pope_rows_per_image=2), tmp_path / "pope", "pope-synth", n)
    assert len(rows) == n and set(rows["split"]) == {negatives}
    assert rows["answer"] == ["yes", "no"] * (n // 2)
    assert rows["image_id"] == pope["image_id"] and rows["object"][::2] == pope["object"][::2]
    return r, rows, pope


def test_out_of_theme_negatives_are_never_of_the_scenes_theme(tmp_path):
    import json

    from renderers.object_scene.spec import KIND_NAMES, THEMES

    # POPE's scenes and present objects; each absent object one its theme never holds
    r, rows, pope = _two_row_build(tmp_path, "out_of_theme", 60)
    themes = [json.loads(sp)["theme"] for sp in rows["spec"][1::2]]
    for theme, obj in zip(themes, rows["object"][1::2]):
        assert obj in KIND_NAMES
        assert obj not in THEMES[theme]["core"] and obj not in THEMES[theme]["extra"]
    # POPE's own pairs ask absent objects of the theme: the theme does not answer them
    pope_themes = [json.loads(sp)["theme"] for sp in pope["spec"][1::2]]
    assert any(o in THEMES[t]["core"] + THEMES[t]["extra"]
               for t, o in zip(pope_themes, pope["object"][1::2]))
    assert len(set(rows["object"][1::2])) > 5  # drawn, not one object for every scene
    assert (tmp_path / "data" / "pope-synth-out_of_theme" / "README.md").is_file()
    again = grounding_data(r, tmp_path / "again", "pope-synth", 60)
    assert again["object"] == rows["object"]


def test_a_balanced_build_and_its_checks(tmp_path):
    from engines.builders.pope_synth import pope_synth_config
    from train.recipe import RecipeError

    # the same scenes and present objects as POPE's pairs; the absent ones are not in the scene
    _, rows, _ = _two_row_build(tmp_path, "balanced", 12)
    import json
    for row in list(rows)[1::2]:
        assert row["object"] not in {o["kind"] for o in json.loads(row["spec"])["objects"]}
    card = (tmp_path / "data" / "pope-synth-balanced" / "README.md").read_text()
    assert "as often absent as present" in card
    with pytest.raises(RecipeError, match=r"pope_negatives: balanced needs "
                                          r"pope_rows_per_image: 2 \(got 18\)"):
        _recipe(pope_negatives="balanced")
    with pytest.raises(ValueError, match=r"negatives: other; valid: pope, balanced, "
                                         r"out_of_theme"):
        pope_synth_config(3, rows_per_image=2, negatives="other")
    with pytest.raises(ValueError, match=r"negatives: balanced needs 2 rows per image, got 6"):
        pope_synth_config(3, rows_per_image=6, negatives="balanced")
