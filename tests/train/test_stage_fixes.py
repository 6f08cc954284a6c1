"""Stage bookkeeping and data: fields outside the recipe comparison, ``.previous`` folders kept,
``max_steps`` extended from a checkpoint, stage 3 reading each problem once, stage 4 reading
``--data``, and DPO mining that drops answers cut off by the length limit."""
import json

import pytest
import torch

from engines import dataset
from train.loop import StageTask, run
from train.pipeline import keep_previous, preset_recipe
from train.recipe import BOOKKEEPING, Recipe, extends, recipe_diff


def _toy_task():
    g = torch.Generator().manual_seed(1)
    x = torch.randn(24, 3, generator=g)
    y = x @ torch.tensor([1.0, -1.0, 2.0])
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 1)
    return StageTask(model=model, n_examples=24, make_batch=lambda idx: (x[idx], y[idx]),
                     loss=lambda m, b: torch.nn.functional.mse_loss(m(b[0]).squeeze(-1), b[1]))


def _toy_recipe(**kw):
    return Recipe(**{**dict(stage="align", train_modules=["projector"], lr=0.05, max_steps=6,
                            batch_size=4, save_every=3, schedule="cosine", warmup_steps=1),
                     **kw})


def test_bookkeeping_fields_are_outside_the_comparison():
    r = _toy_recipe()
    assert set(BOOKKEEPING) == {"save_every", "log_every", "data_workers", "cache_mb",
                                "eval_n", "checkpoint_format"}
    changed = _toy_recipe(save_every=1, log_every=2, data_workers=1, cache_mb=0.5, eval_n=5,
                          checkpoint_format="accelerate")
    assert recipe_diff(r.record(), changed) == []
    assert recipe_diff(r.record(), _toy_recipe(lr=0.1, save_every=1)) == ["lr"]
    assert extends(r.record(), _toy_recipe(max_steps=9), step=6)
    assert not extends(r.record(), _toy_recipe(max_steps=6), step=6)
    assert not extends(r.record(), _toy_recipe(max_steps=9, lr=0.1), step=6)


def test_previous_folders_are_numbered_never_deleted(tmp_path):
    out = tmp_path / "s1"
    for i in range(3):
        out.mkdir(exist_ok=True)
        (out / "metrics.json").write_text(str(i))
        (out / ".lock").write_text("me")
        assert keep_previous(out).name == "s1.previous"
        assert sorted(p.name for p in out.iterdir()) == [".lock"]
    assert (tmp_path / "s1.previous" / "metrics.json").read_text() == "2"  # the one moved last
    assert (tmp_path / "s1.previous-1" / "metrics.json").read_text() == "0"
    assert (tmp_path / "s1.previous-2" / "metrics.json").read_text() == "1"


def test_a_larger_max_steps_continues_from_the_checkpoint_on_the_new_schedule(tmp_path):
    from transformers import get_scheduler

    first = run(_toy_recipe(), _toy_task(), tmp_path / "a", progress=False)
    # save_every and log_every are bookkeeping: the run continues across them
    longer = run(_toy_recipe(max_steps=10, save_every=5, log_every=1), _toy_task(),
                 tmp_path / "a", progress=False)
    assert longer["resumed_from"] == 6 and longer["steps"] == 10
    assert longer["losses"][:6] == first["losses"]
    log = [json.loads(x) for x in (tmp_path / "a" / "log.jsonl").read_text().splitlines()]
    assert [x["step"] for x in log] == list(range(1, 11))
    # from step 7 on the learning rate is the 10-step cosine's (not the 6-step one's, ~0)
    opt = torch.optim.AdamW([torch.nn.Parameter(torch.zeros(1))], lr=0.05)
    sched = get_scheduler("cosine", opt, num_warmup_steps=1, num_training_steps=10)
    want = []
    for _ in range(10):
        opt.step()
        sched.step()
        want.append(sched.get_last_lr()[0])
    assert [x["lr"] for x in log[6:]] == pytest.approx(want[6:], rel=1e-12)
    assert log[5]["lr"] == pytest.approx(0.0, abs=1e-12)  # the 6-step run's end, kept


def test_another_field_still_refuses_to_resume(tmp_path):
    run(_toy_recipe(), _toy_task(), tmp_path / "a", progress=False)
    with pytest.raises(ValueError, match=r"differs in lr, max_steps\)"):
        run(_toy_recipe(max_steps=10, lr=0.1), _toy_task(), tmp_path / "a", progress=False)


def _build(kind, out, n, seed=0, **options):
    cfg = dataset.BuildConfig(kind=kind, n=n, seed=seed, image_size=64, chunk_size=64,
                              options=options)
    dataset.build(cfg, out, progress=False)
    return out


def test_stage3_with_data_reads_each_problem_once(tmp_path):
    from train.stages.instruct import mix

    data = _build("mavis-instruct", tmp_path / "instruct", 6)
    recipe = preset_recipe("tiny", "stage3", {"data": str(data), "data_n": 5, "eval_n": 4,
                                              "yes_no_n": 0, "image_size": 64})
    parts, held = mix(recipe, tmp_path / "out")
    (ins, k1), (per, k2) = parts
    assert (k1, k2) == ("mavis-instruct", "mavis-perception")
    # every row of the build (a problem's versions that would repeat another are not written)
    assert len(ins) == len(dataset.load(data)) >= 4 and ins["id"] == dataset.load(data)["id"]
    # the perception part is the stage's own perception build (data_n), not the data
    own = tmp_path / "out" / "data" / "mavis-perception"
    assert json.loads((own / "build.json").read_text())["n"] == 5
    assert per["id"] == dataset.load(own)["id"] and "cot" not in per.column_names
    every = [i for ds, _ in parts for i in ds["id"]]
    assert len(every) == len(set(every)) == len(ins) + 5 and held is not None


def test_stage_data_reads_a_dpo_pairs_build_and_names_a_missing_column(tmp_path):
    from train.data import stage_data

    pairs = _build("dpo-pairs", tmp_path / "pairs", 4)
    recipe = preset_recipe("tiny", "stage4", {"data": str(pairs)})
    rows, held = stage_data(recipe, "dpo-pairs", tmp_path / "out", heldout=False)
    assert held is None and rows["id"] == dataset.load(pairs)["id"]
    caps = _build("mavis-caption", tmp_path / "caps", 2)
    with pytest.raises(ValueError, match=r"^data: .*caps has no column 'prompt'; this stage "
                                         r"reads a dpo-pairs dataset \(mm-data dpo-pairs\)$"):
        stage_data(preset_recipe("tiny", "stage4", {"data": str(caps)}), "dpo-pairs",
                   tmp_path / "out2", heldout=False)


def test_mining_generates_to_max_length_and_drops_unfinished_answers(tmp_path, monkeypatch):
    from train.stages import dpo

    recipe = preset_recipe("tiny", "stage4", {"dpo_model_pairs": 6, "max_length": 77,
                                              "image_size": 64})
    built = _build("mavis-instruct", tmp_path / "out" / "data" / "mined-problems", 6,
                   seed=recipe.seed + recipe.settings.mine_seed_offset)
    answers = dataset.load(built)["answer"]
    limits = []

    def fake(model, processor, images, prompts, max_new_tokens):
        limits.append(max_new_tokens)
        # by row: wrong and finished, wrong but cut off, right and finished, ...
        return [[("The answer is nowhere.", True), ("Step 1: cut", False),
                 (f"The answer is {answers[i]}.", True)][i % 3] for i in range(len(images))]

    monkeypatch.setattr(dpo, "generate_finished", fake)
    pairs, dropped = dpo.mine_pairs(None, None, recipe, tmp_path / "out")
    n = len(answers)
    assert n >= 3 and limits == [77] and dropped == len(range(1, n, 3))
    assert [p["rejected"] for p in pairs] == ["The answer is nowhere."] * len(range(0, n, 3))


def test_weight_decay_spares_biases_norms_and_the_logit_scale():
    from train.loop import param_groups

    from mm.clip_math import create_clip

    model = create_clip("tiny", seed=0)[0]
    assert param_groups(model, 0.0) == [p for p in model.parameters() if p.requires_grad]
    decayed, spared = param_groups(model, 0.1)
    names = {id(p): n for n, p in model.named_parameters()}
    spared_names = {names[id(p)] for p in spared["params"]}
    assert "logit_scale" in spared_names and spared["weight_decay"] == 0.0
    assert all(n.endswith(("bias", "ln_1.weight", "ln_2.weight", "ln_pre.weight",
                           "ln_post.weight", "ln_final.weight", "class_embedding",
                           "logit_scale"))
               for n in spared_names), spared_names
    assert {names[id(p)] for p in decayed["params"]} == {
        n for n, p in model.named_parameters() if p.ndim >= 2}


def test_stage3_measures_yes_no_claims_also_when_its_mix_has_none(tmp_path, monkeypatch):
    """The yes/no goal is measured for every stage-3 recipe: one whose mix teaches no yes/no
    claims is held to it like any other, on the same held-out claims."""
    from train.stages import instruct

    seen = []
    monkeypatch.setattr(instruct, "perception_accuracy", lambda m, p, rows, blank=False,
                        kind=None: seen.append((len(rows), kind)) or {"accuracy": 0.5})
    for n in (0, 3):
        seen.clear()
        recipe = preset_recipe("tiny", "stage3", {"yes_no_n": n, "eval_n": 4, "pope_n": 0,
                                                  "mme_n": 0, "image_size": 64})
        metrics = instruct.InstructStage().evaluate(recipe, None, None, tmp_path / f"o{n}",
                                                    held=[1, 2, 3, 4])
        held_yn = dataset.load(tmp_path / f"o{n}" / "data" / "mavis-perception-yes-no-heldout")
        assert set(metrics) == {"perception", "yes_no"}
        assert seen == [(4, None), (len(held_yn), None)] and len(held_yn) >= 3
    assert dataset.load(tmp_path / "o0" / "data" / "mavis-perception-yes-no-heldout")["id"] == \
        dataset.load(tmp_path / "o3" / "data" / "mavis-perception-yes-no-heldout")["id"]


def test_stage3_with_pope_rows_also_measures_balanced_probes(tmp_path, monkeypatch):
    """With POPE rows in the mix, stage 3 also scores held-out probes with balanced
    negatives (their own folder, whatever the training rows' negatives), model and twin
    alike, and the evidence carries both."""
    from train.stages import instruct

    seen = []
    monkeypatch.setattr(instruct, "perception_accuracy", lambda m, p, rows, blank=False,
                        kind=None: seen.append((rows, kind)) or {"accuracy": 0.5, "yes_ratio": 0.5,
                                                            "n": len(rows)})
    recipe = preset_recipe("tiny", "stage3", {"eval_n": 4, "pope_n": 8, "mme_n": 0,
                                              "image_size": 64})
    metrics = instruct.InstructStage().evaluate(recipe, None, None, tmp_path, held=[1, 2])
    assert set(metrics) == {"perception", "yes_no", "pope-synth", "pope-synth-balanced"}
    pope, balanced = seen[2][0], seen[3][0]
    assert seen[3][1] == "pope-synth" and set(balanced["split"]) == {"balanced"}
    assert set(pope["split"]) == {"random", "popular", "adversarial"}
    assert (tmp_path / "data" / "pope-synth-balanced-heldout" / "build.json").is_file()
    ev = instruct.InstructStage().evidence({"stage3": {"metrics": metrics},
                                            "stage3_blind": {"metrics": metrics}})
    assert ev["pope-synth-balanced"]["model"]["accuracy"] == 0.5


def test_stage3_on_balanced_rows_scores_its_balanced_probes_once(tmp_path, monkeypatch):
    """A recipe trained on balanced rows holds out balanced rows: the same rows as the
    balanced probes, scored once and reported under both names."""
    from train.stages import instruct

    seen = []
    monkeypatch.setattr(instruct, "perception_accuracy", lambda m, p, rows, blank=False,
                        kind=None: seen.append(rows) or {"accuracy": len(seen) / 10,
                                                         "yes_ratio": 0.5, "n": len(rows)})
    recipe = preset_recipe("tiny", "stage3", {"eval_n": 4, "pope_n": 8, "mme_n": 0,
                                              "image_size": 64, "pope_rows_per_image": 2,
                                              "pope_negatives": "balanced"})
    metrics = instruct.InstructStage().evaluate(recipe, None, None, tmp_path, held=[1, 2])
    assert len(seen) == 3 and set(seen[2]["split"]) == {"balanced"}
    assert metrics["pope-synth-balanced"] == metrics["pope-synth"] == {
        "accuracy": 0.3, "yes_ratio": 0.5, "n": 4}


def test_yes_no_goal_beats_the_better_of_the_twin_and_the_common_answer():
    import math

    from train.stages.instruct import YES_NO_GOAL, yes_no_gap

    def wilson(p, n, z=1.959963984540054):  # the score interval, from its formula
        mid, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        return (mid - half) / (1 + z * z / n), (mid + half) / (1 + z * z / n)

    # a twin that has not learnt the answer format (4%) is no baseline: 52% "yes" claims are
    model = {"accuracy": 0.50, "n": 200, "truth_yes": 0.52}
    got = yes_no_gap(model, {"accuracy": 0.04, "n": 200})
    lo, hi = wilson(0.50, 200)
    assert got["yes_no_gain_baseline"] == "majority" and got["yes_no_gain_majority"] == 0.52
    assert got["yes_no_gain_points"] == -2.0 and got[YES_NO_GOAL.n] == 200
    assert got["yes_no_gain_ci95"] == [round(100 * (lo - 0.52), 1), round(100 * (hi - 0.52), 1)]
    # a twin above the common answer is the baseline, with the two-sample interval
    got = yes_no_gap({"accuracy": 0.80, "n": 200, "truth_yes": 0.45},
                     {"accuracy": 0.60, "n": 200})
    assert got["yes_no_gain_baseline"] == "twin" and got["yes_no_gain_points"] == 20.0
    assert "yes_no_gain_majority" not in got


def test_open_goal_baseline_is_each_templates_common_answer(monkeypatch):
    import datasets

    from engines.mavis.perception import ask
    from train.stages import instruct

    colour, count = "What colour is {name}?", "How many nodes are there?"
    training = [("graph", ask(colour, a, name="x")) for a in ("red", "red", "blue")] + \
               [("graph", ask(count, a)) for a in ("3", "4", "4")]
    held = {1: ask(colour, "Red", name="y"), 2: ask(colour, "blue", name="y"),
            3: ask(count, "4"), 4: ask("What is shown?", "a tree")}  # 4: never asked in training
    monkeypatch.setattr(instruct, "unit_asks", lambda n, seed: training)
    monkeypatch.setattr(instruct, "unit_ask", lambda family, seed: held[seed])
    rows = datasets.Dataset.from_dict({"family": ["graph"] * 4, "seed": [1, 2, 3, 4],
                                       "answer": [held[s].answer for s in (1, 2, 3, 4)]})
    # red (its case aside) and 4 are the common answers: 2 of 4 rows
    assert instruct.common_answer_accuracy(rows, seed=0) == 0.5
    assert instruct.common_answer_accuracy([1, 2], seed=0) is None  # not a build: no seeds
    got = instruct.perception_gap({"accuracy": 0.6, "n": 4, "common_answer": 0.5},
                                  {"accuracy": 0.1, "n": 4})
    assert (got["gain_points"], got["gain_baseline"], got["gain_common"]) == (10.0, "common", 0.5)
    got = instruct.perception_gap({"accuracy": 0.6, "n": 4, "common_answer": 0.05},
                                  {"accuracy": 0.1, "n": 4})
    assert (got["gain_points"], got["gain_baseline"]) == (50.0, "twin")
