"""Stage 4's replay of stage 3's POPE rows (``dpo_replay_pope_n``): the rows are stage 3's own
grounding pictures, and pairs beyond the open and yes/no rows replay them."""
from __future__ import annotations

import json

import pytest

from train.pipeline import CONFIGS


@pytest.mark.slow
def test_pairs_replay_pope_rows_of_stage3s_pictures(tmp_path, monkeypatch):
    from tests.tiny import make_tiny_llava
    from train.cli import main
    from train.data import grounding_data
    from train.recipe import load_recipe
    from train.stages import dpo

    make_tiny_llava(tmp_path / "s3" / "model", redraw_std=None)
    (tmp_path / "s3" / "metrics.json").write_text(json.dumps({"recipe": {"stage": "instruct"}}))
    seen = []
    batch = dpo.pair_batch

    def spy(processor, pairs, idx, max_length, replay=None):
        seen.extend((i % len(replay), replay[i % len(replay)]["q"]) for i in idx)
        return batch(processor, pairs, idx, max_length, replay)
    monkeypatch.setattr(dpo, "pair_batch", spy)
    sets = ["dpo_model_pairs=1", "eval_n=1", "data_n=4", "dpo_replay_n=1",
            "dpo_replay_yes_no_n=0", "dpo_replay_pope_n=6", "dpo_replay_weight=1.0",
            "max_steps=2", "batch_size=2", "image_size=64"]
    main(["stage4", "--recipe", str(CONFIGS / "tiny" / "stage4.yaml"), "--init",
          str(tmp_path / "s3"), "--out", str(tmp_path / "s4"), "--no-progress", "--set", *sets])
    # stage 3's grounding rows at the same recipe: the replayed POPE questions are theirs
    recipe = load_recipe(CONFIGS / "tiny" / "stage4.yaml", {"image_size": 64})
    asked = {r["question"] for r in grounding_data(recipe, tmp_path / "s3-like",
                                                   "pope-synth", 6)}
    assert len(seen) == 4 and len(asked) >= 6
    # replay row 0 is the open perception row, rows 1-6 the POPE rows, in their build order
    for j, q in seen:
        assert any(a in q for a in asked) == (j > 0), (j, q)
    assert any(j > 0 for j, _ in seen)


@pytest.mark.parametrize("n_pairs,n_rows", [(1233, 2768), (5, 3), (4, 4)])
def test_replay_rows_used_are_those_pair_batch_reads(monkeypatch, n_pairs, n_rows):
    from train.stages import dpo

    read = set()

    class Replay:
        def __len__(self):
            return n_rows

        def __getitem__(self, i):
            read.add(i)
            return {"image": None, "q": "", "a": ""}

    monkeypatch.setattr(dpo, "_pair_batches", lambda *a: (None, None))
    monkeypatch.setattr(dpo, "encode", lambda *a: None)
    monkeypatch.setattr(dpo, "prompt_text", lambda q: q)
    for s in range(0, n_pairs, 8):  # every pair once, in batches
        dpo.pair_batch(None, range(n_pairs), list(range(s, min(s + 8, n_pairs))), 16, Replay())
    side = {"preference_accuracy": {"accuracy": 0.5}, "perception": {"accuracy": 0.5, "n": 4}}
    ev = dpo.DpoStage().evidence({"stage4": {"metrics": {
        "stage3": side, "stage4": side, "replay_rows": n_rows,
        "pairs": {"model": n_pairs - 3, "engine": 3}}}})
    assert ev["replay_rows_used"] == len(read) == min(n_pairs, n_rows)


def test_pope_pairs_choose_the_right_answer_in_stage3s_format():
    from train.recipe import RecipeError, load_recipe
    from train.sft import GROUNDING_ASKS
    from train.stages.dpo import GroundingPairs

    rows = [{"question": "Is there a cup in the image?", "answer": "yes", "image": "a"},
            {"question": "Is there a bus in the image?", "answer": "no", "image": "b"}]
    pairs = GroundingPairs(rows)
    assert len(pairs) == 2
    assert [(p["prompt"], p["chosen"], p["rejected"], p["rejected_source"], p["image"])
            for p in (pairs[0], pairs[1])] == [
        ("Is there a cup in the image?", "Yes", "No", "pope", "a"),
        ("Is there a bus in the image?", "No", "Yes", "pope", "b")]
    # the chosen answer is what stage 3 trains on the row
    assert pairs[1]["chosen"] == GROUNDING_ASKS["pope-synth"](rows[1]["question"], "no")[1]
    with pytest.raises(RecipeError, match="dpo_pope_pairs"):
        load_recipe(CONFIGS / "tiny" / "stage4.yaml", {"dpo_pope_pairs": -1})


def test_replay_rows_used_count_the_pope_pairs():
    from train.stages import dpo

    side = {"preference_accuracy": {"accuracy": 0.5}, "perception": {"accuracy": 0.5, "n": 4}}
    ev = dpo.DpoStage().evidence({"stage4": {"metrics": {
        "stage3": side, "stage4": side, "replay_rows": 100,
        "pairs": {"model": 10, "engine": 20, "pope": 30}}}})
    assert ev["replay_rows_used"] == 60
