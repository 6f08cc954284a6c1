"""The four stages on the tiny preset: every shipped recipe parses, the pipeline produces a folder
plain transformers loads and generates with, a stage killed with SIGKILL resumes to the same final
loss, and the DPO pieces compute what they should."""
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

from train.pipeline import CONFIGS, run_pipeline
from train.recipe import load_recipe
from train.stage import STAGES
from train.stages.dpo import dpo_loss, sequence_logps

RECIPES = sorted(CONFIGS.glob("*/stage*.yaml"))


def test_recipes_exist_for_each_preset():
    names = {(p.parent.name, p.stem) for p in RECIPES}
    for preset in ("tiny", "small", "base"):
        assert {(preset, key) for key in STAGES.names()} <= names, preset


def test_registry_lists_the_four_stages_in_order():
    assert STAGES.names() == ["stage1", "stage2", "stage3", "stage4"]
    assert [s.name for s in STAGES.values()] == ["clip", "align", "instruct", "dpo"]
    with pytest.raises(KeyError, match="unknown training stage 'stage9'; valid: stage1, "):
        STAGES.get("stage9")


@pytest.mark.parametrize("path", RECIPES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_recipe_parses(path):
    r = load_recipe(path)
    stage = STAGES.get(path.stem.split("-")[0])  # stage3-grounding.yaml: a stage-3 recipe
    assert r.stage == stage.name
    assert type(r.settings) is stage.settings
    assert r.preset == path.parent.name


def test_recipe_errors_name_file_and_key(tmp_path):
    bad = tmp_path / "r.yaml"
    bad.write_text("stage: clip\ntrain_modules: [vision]\nlearning_rate: 1\n")
    with pytest.raises(ValueError, match=r"r.yaml: unknown key\(s\) learning_rate; valid: "
                                         r"batch_size, .*unfreeze_text"):
        load_recipe(bad)


def test_a_key_of_another_stage_fails_naming_its_stage(tmp_path):
    bad = tmp_path / "r.yaml"
    bad.write_text("stage: clip\ntrain_modules: [vision]\ndpo_beta: 0.2\n")
    with pytest.raises(ValueError, match=r"^\S*r.yaml: key 'dpo_beta' belongs to stage dpo "
                                         r"\(stage4\), not clip$"):
        load_recipe(bad)
    with pytest.raises(ValueError, match="key 'yes_no_n' belongs to stage instruct"):
        load_recipe(CONFIGS / "tiny" / "stage4.yaml", {"yes_no_n": 3})


def test_overrides_route_to_the_stage_settings_and_validate():
    r = load_recipe(CONFIGS / "tiny" / "stage3.yaml", {"blank_images": True, "lr": 0.5})
    assert r.settings.blank_images is True and r.lr == 0.5
    assert r.record()["blank_images"] is True and "settings" not in r.record()
    with pytest.raises(ValueError, match=r"stage3.yaml: yes_no_n: must be >= 0, got -1"):
        load_recipe(CONFIGS / "tiny" / "stage3.yaml", {"yes_no_n": -1})
    with pytest.raises(ValueError, match=r"schedule: 'cosinus'; valid: cosine, linear"):
        load_recipe(CONFIGS / "tiny" / "stage3.yaml", {"schedule": "cosinus"})


def test_a_word_yaml_reads_as_a_boolean_is_the_option_it_spells(tmp_path):
    """``mixed_precision: no`` in a recipe (YAML 1.1 reads False) or ``--set
    mixed_precision=no`` means the option "no"; a boolean no option spells still fails."""
    path = tmp_path / "r.yaml"
    path.write_text((CONFIGS / "tiny" / "stage3.yaml").read_text() + "mixed_precision: no\n")
    assert load_recipe(path).mixed_precision == "no"
    from train.recipe import _coerce
    r = load_recipe(CONFIGS / "tiny" / "stage3.yaml", {"mixed_precision": _coerce("no")})
    assert r.mixed_precision == "no" and r.record()["mixed_precision"] == "no"
    with pytest.raises(ValueError, match=r"schedule: True; valid: cosine, linear"):
        load_recipe(CONFIGS / "tiny" / "stage3.yaml", {"schedule": _coerce("yes")})


def test_a_new_stage_is_one_registered_file(tmp_path):
    """What a contributor writes to add a stage (and a knob of it): one class, registered."""
    from dataclasses import dataclass

    from train.stage import Goal, TrainingStage

    @dataclass
    class EchoSettings:
        echo_n: int = 1  # the knob: declared here, read in train()

    with STAGES.isolated():
        @STAGES.register
        class Echo(TrainingStage):
            key, name, title, settings = "stage5", "echo", "echo", EchoSettings
            goals = (Goal("n", ">=", 2, "n >= 2"),)

            def train(self, recipe, init, out, progress=True):
                out.mkdir(exist_ok=True)  # the output folder exists: run_stage holds its lock
                return {"stage": self.name, "metrics": {"n": recipe.settings.echo_n}}

            def evidence(self, results):
                return {"n": results["stage5"]["metrics"]["n"]}

        assert STAGES.names()[-1] == "stage5"
        path = tmp_path / "stage5.yaml"
        path.write_text("stage: echo\ntrain_modules: [llm]\necho_n: 3\n")
        from train.pipeline import evidence, run_stage

        res = run_stage(load_recipe(path), tmp_path, tmp_path / "s5", False)
        assert res["metrics"] == {"n": 3} and res["recipe"]["echo_n"] == 3
        goal = evidence({"stage5": res})["stage5"]["goals"][0]
        assert goal["met"] and goal["value"] == 3 and goal["text"] == "n >= 2"
    assert "stage5" not in STAGES


# session scope: the grouped tests below run on one xdist worker, but not back to back (the
# worker runs other modules' tests between them), and a module-scoped fixture would be torn
# down and the pipeline run again
@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("tiny")
    return out, run_pipeline("tiny", out, progress=False)


@pytest.mark.slow
@pytest.mark.xdist_group("tiny_pipeline")  # one worker runs the module's pipeline once
def test_pipeline_final_folder_loads_and_generates(tiny_run):
    from transformers import AutoProcessor, LlavaForConditionalGeneration
    from PIL import Image

    out, summary = tiny_run
    final = Path(summary["final"])
    model = LlavaForConditionalGeneration.from_pretrained(final)
    proc = AutoProcessor.from_pretrained(final)
    msgs = [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "Find x."}]}]
    text = proc.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False)
    inp = proc(images=[Image.new("RGB", (64, 64), "white")], text=[text], return_tensors="pt")
    gen = model.generate(**inp, max_new_tokens=4, do_sample=False)
    assert gen.shape[1] == inp["input_ids"].shape[1] + 4 or \
        gen[0, -1].item() == proc.tokenizer.eos_token_id
    assert (final / "recipe.yaml").exists() and (final / "model.safetensors").exists()


@pytest.mark.slow
@pytest.mark.xdist_group("tiny_pipeline")  # one worker runs the module's pipeline once
def test_each_stage_ran_its_steps_and_reported_evidence(tiny_run):
    out, summary = tiny_run
    stages = summary["stages"]
    for name, steps in (("stage1", 3), ("stage2", 3), ("stage3", 3), ("stage3_blind", 3),
                        ("stage4", 2)):
        assert stages[name]["steps"] == steps
        assert math.isfinite(stages[name]["final_loss"])
    # the tiny stage-4 recipe replays perception rows: DPO starts at log 2, plus their NLL
    assert stages["stage4"]["first_loss"] > math.log(2) + 0.5
    ev = summary["evidence"]
    assert set(ev) == {"stage1", "stage2", "stage3", "stage4"} - {"stage2"}
    e1 = ev["stage1"]
    assert 0 <= e1["i2t_r1"] <= 1 and e1["goal_chance_ratio"] == 20.0
    assert e1["chance_ratio"] == pytest.approx(e1["i2t_r1"] * e1["n"])
    [g1] = e1["goals"]
    assert g1["metric"] == "chance_ratio" and g1["n"] == e1["n"]
    assert g1["interval"][0] <= g1["value"] <= g1["interval"][1]
    # the own-mistakes goal needs held-out pairs from the model's own wrong answers
    own = "own_mistakes_lose_pct" in ev["stage4"]
    assert [g["metric"] for g in ev["stage4"]["goals"]] == (
        ["preference_gain_points"] + ["own_mistakes_lose_pct"] * own
        + ["perception_change_points"])
    g = ev["stage3"]["goals"][0]
    assert g["met"] == (ev["stage3"]["gain_points"] >= 15) and g["threshold"] == 15
    assert ev["stage4"]["pairs"]["engine"] == 8
    # the stage-3 model answers 4 unseen problems: each wrong finished answer becomes a pair,
    # an answer cut off at max_length is dropped (neither right nor wrong), a right one is not
    # a pair; a tiny model rarely finishes
    pairs = ev["stage4"]["pairs"]
    assert 1 <= pairs["model"] + pairs["unfinished_dropped"] <= 4
    # held-out pairs: the stage-3 model's wrong answers to 6 other problems + 6 engine pairs
    for when in ("preference_stage3", "preference_stage4"):
        pref = ev["stage4"][when]
        by = pref["by_source"]
        model_n = by.get("model", {}).get("n", 0)  # wrong finished answers of 6 (see above)
        assert 0 <= model_n <= 6
        assert sum(v["n"] for v in by.values()) == pref["n"] == 6 + model_n
        assert set(by) <= {"model", "misread_value", "wrong_formula", "arithmetic_slip"}
        wins = sum(v["accuracy"] * v["n"] for v in by.values())
        assert wins == pytest.approx(pref["accuracy"] * pref["n"])
        assert 0 <= pref["per_token"] <= 1
    assert ev["stage4"]["preference_accuracy_stage4"] == ev["stage4"]["preference_stage4"][
        "accuracy"]
    # yes/no claims: 12 held out at stage 3 (model and twin) and before/after stage 4; stage 4
    # replays 4 open and 4 yes/no perception rows
    yn = ev["stage3"]["yes_no"]
    assert yn["model"]["n"] == yn["blind_twin"]["n"] == 12
    assert all(0 <= v[k] <= 1 for v in yn.values() for k in ("accuracy", "yes_ratio"))
    assert ev["stage4"]["replay_rows"] == 8
    assert 0 <= ev["stage4"]["yes_no_stage4"] <= 1
    assert (out / "stage3" / "data" / "mavis-perception-yes-no" / "README.md").exists()
    logs = (out / "stage3" / "log.jsonl").read_text().splitlines()
    assert [json.loads(x)["step"] for x in logs] == [1, 2, 3]
    assert (out / "stage1" / "vision" / "config.json").exists()


def test_dpo_loss_hand_computed():
    pc, pr = torch.tensor([-1.0, -2.0]), torch.tensor([-3.0, -1.0])
    rc, rr = torch.tensor([-1.5, -2.0]), torch.tensor([-2.5, -2.0])
    # margins: (0.5 - (-0.5)) = 1.0 and (0 - 1) = -1.0; beta 0.5
    want = -(torch.nn.functional.logsigmoid(torch.tensor(0.5)) +
             torch.nn.functional.logsigmoid(torch.tensor(-0.5))) / 2
    assert dpo_loss(pc, pr, rc, rr, beta=0.5).item() == pytest.approx(want.item())
    assert dpo_loss(pc, pc, pc, pc, beta=0.1).item() == pytest.approx(math.log(2))


def test_dpo_sft_weight_adds_the_chosen_per_token_nll():
    from train.stages import dpo

    class Toy(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.nn.Parameter(torch.zeros(4))

        def forward(self, input_ids, attention_mask=None, logits_to_keep=None):
            logits = self.w.expand(*input_ids.shape, 4)
            return type("O", (), {"logits": logits[:, logits_to_keep]})

    ids = torch.tensor([[1, 2, 2, 3]])
    c = {"input_ids": ids, "attention_mask": torch.ones_like(ids),
         "labels": torch.tensor([[-100, 2, 2, 3]])}
    r = {**c, "labels": torch.tensor([[-100, -100, 1, 1]])}
    assert dpo.response_tokens(c).tolist() == [3] and dpo.response_tokens(r).tolist() == [2]
    model = Toy()
    pi_c = dpo.sequence_logps(model, c)
    assert pi_c.item() == pytest.approx(3 * math.log(0.25))
    pi_r = dpo.sequence_logps(model, r)
    # equal policy and reference: DPO is log 2; RPO adds weight x per-token NLL (log 4)
    args = (pi_c, pi_r, pi_c.detach(), pi_r.detach(), 0.1)
    assert dpo.dpo_loss(*args).item() == pytest.approx(math.log(2))
    loss = dpo.dpo_loss(*args, sft_weight=0.5, chosen_tokens=dpo.response_tokens(c))
    assert loss.item() == pytest.approx(math.log(2) + 0.5 * math.log(4))
    loss.backward()  # the NLL term pulls the chosen tokens up: d/dw of their logit is negative
    assert model.w.grad[2].item() < 0 and model.w.grad[3].item() < 0


def test_sequence_logps_counts_only_labelled_tokens():
    class Toy(torch.nn.Module):
        def forward(self, input_ids, attention_mask=None, logits_to_keep=None):
            logits = torch.zeros(*input_ids.shape, 4)
            logits[..., 2] = math.log(3.0)  # p(token 2) = 3/6, others 1/6
            return type("O", (), {"logits": logits[:, logits_to_keep]})

    ids = torch.tensor([[1, 2, 2, 3]])
    labels = torch.tensor([[-100, -100, 2, 3]])
    got = sequence_logps(Toy(), {"input_ids": ids, "attention_mask": torch.ones_like(ids),
                                 "labels": labels})
    assert got.item() == pytest.approx(math.log(0.5) + math.log(1 / 6))


@pytest.mark.soak  # tests/faults/test_kill.py kills a stage at drawn steps in make test
@pytest.mark.slow
def test_stage_killed_with_sigkill_resumes_to_the_same_loss_and_weights(tmp_path):
    base = [sys.executable, "-m", "train.cli", "stage1", "--recipe",
            str(CONFIGS / "tiny" / "stage1.yaml"), "--no-progress", "--set", "max_steps=8",
            "save_every=1", "data_n=16", "eval_n=8"]
    ref = subprocess.run(base + ["--out", str(tmp_path / "ref")], capture_output=True,
                         text=True)
    assert ref.returncode == 0, ref.stderr[-2000:]
    out = tmp_path / "killed"
    p = subprocess.Popen(base + ["--out", str(out)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    deadline = time.time() + 240
    while time.time() < deadline and not (out / "checkpoints" / "step-000003").exists():
        time.sleep(0.01)
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
    assert not (out / "metrics.json").exists()
    again = subprocess.run(base + ["--out", str(out)], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr[-2000:]
    a = json.loads((tmp_path / "ref" / "metrics.json").read_text())
    b = json.loads((out / "metrics.json").read_text())
    assert b["resumed_from"] >= 3
    assert b["final_loss"] == a["final_loss"]
    for name in ("clip.safetensors", "vision/model.safetensors"):
        assert ((tmp_path / "ref" / name).read_bytes() == (out / name).read_bytes()), name
    logs = (out / "log.jsonl").read_text().splitlines()
    assert [json.loads(x)["step"] for x in logs] == list(range(1, 9))  # each step once


@pytest.mark.slow
@pytest.mark.xdist_group("tiny_pipeline")  # one worker runs the module's pipeline once
def test_quickstart_report_shows_the_learning_numbers(tiny_run, tmp_path):
    from eval.quickstart import write

    out, summary = tiny_run
    (tmp_path / "train").mkdir()
    (tmp_path / "train" / "pipeline.json").write_text((out / "pipeline.json").read_text())
    text = write(tmp_path).read_text()
    e = summary["evidence"]["stage4"]
    by3, by4 = e["preference_stage3"]["by_source"], e["preference_stage4"]["by_source"]
    if "model" in by3:  # wrong finished answers of 6 held out (a tiny model rarely finishes)
        assert 1 <= by3["model"]["n"] == by4["model"]["n"] <= 6
        assert ("| model | {} | {:.1f}% | {:.1f}% |".format(by3["model"]["n"],
                                                            100 * by3["model"]["accuracy"],
                                                            100 * by4["model"]["accuracy"])) in text
    else:
        assert "| model |" not in text
    for name in set(by3) - {"model"}:  # engine-made pairs, by the error injected
        assert "| {} | {} |".format(name, by3[name]["n"]) in text
    e1 = summary["evidence"]["stage1"]
    [g1] = e1["goals"]
    assert ("Goal: image->caption R@1 >= 20x chance (1/n). Measured {:.1f}x (95% interval {} "
            "to {}, n = {}): **{}**.".format(
                e1["chance_ratio"], *("{:.1f}x".format(x) for x in g1["interval"]), e1["n"],
                "met" if e1["chance_ratio"] >= 20 else "missed")) in text
    assert ("Goal: held-out perception accuracy does not drop beyond its 95% interval (the "
            "upper end of the change's interval >= 0). Measured") in text
    # the targets table: one row per recorded goal, the missed ones flagged
    goals = [g for ev in summary["evidence"].values() for g in ev.get("goals", [])]
    missed = sum(not g["met"] for g in goals)
    assert f"{len(goals) - missed} of {len(goals)} met" in text
    assert text.count("| **missed** |") == missed
    assert "### Stage 4, DPO" in text and "held-out preference accuracy:" in text
    m = summary["evidence"]["stage3"]["yes_no"]["model"]
    assert ("Yes/no form of the same questions (MME's answer format; half the claims true, 12 "
            "held out): model {:.1f}% (answers yes {:.1f}%)".format(
                100 * m["accuracy"], 100 * m["yes_ratio"])) in text
    assert "- held-out yes/no perception accuracy: {:.1f}% -> {:.1f}%".format(
        100 * e["yes_no_stage3"], 100 * e["yes_no_stage4"]) in text


@pytest.mark.slow
def test_finished_stage_is_reused_only_with_the_same_recipe(tmp_path, capsys):
    from train.pipeline import preset_recipe, run_stage

    small = {"max_steps": 2, "data_n": 16, "eval_n": 8}
    first = run_stage(preset_recipe("tiny", "stage1", small), None, tmp_path / "s1", False)
    assert first["trained"] and first["steps"] == 2
    again = run_stage(preset_recipe("tiny", "stage1", small), None, tmp_path / "s1", False)
    assert not again["trained"] and again["final_loss"] == first["final_loss"]
    longer = run_stage(preset_recipe("tiny", "stage1", {**small, "max_steps": 3,
                                                        "eval_n": 6}), None,
                       tmp_path / "s1", False)
    assert longer["trained"] and longer["steps"] == 3 and longer["resumed_from"] == 2
    log = [json.loads(x) for x in (tmp_path / "s1" / "log.jsonl").read_text().splitlines()]
    assert [x["step"] for x in log] == [1, 2, 3] and log[1]["loss"] == first["final_loss"]
    assert not (tmp_path / "s1.previous").exists()
    assert ("max_steps 2 -> 3; continuing from step 2" in capsys.readouterr().err)
    small["max_steps"] = 3
    for i, lr in enumerate((1e-4, 2e-4)):
        changed = run_stage(preset_recipe("tiny", "stage1", {**small, "lr": lr}), None,
                            tmp_path / "s1", False)
        assert changed["trained"] and changed["resumed_from"] == 0
        assert ("made with another recipe (differs in lr); moved to s1.previous"
                in capsys.readouterr().err)
    old = json.loads((tmp_path / "s1.previous-1" / "metrics.json").read_text())
    assert old["steps"] == 3 and old["recipe"]["lr"] == 1e-3 and old["recipe"]["eval_n"] == 6
    assert json.loads((tmp_path / "s1.previous" / "metrics.json").read_text()
                      )["recipe"]["lr"] == 1e-4
    forced = run_stage(preset_recipe("tiny", "stage1", {**small, "lr": 2e-4}), None,
                       tmp_path / "s1", False, retrain=True)
    assert forced["trained"]


@pytest.mark.slow
def test_interrupted_stage_resumes_only_with_the_same_recipe(tmp_path, capsys):
    from train.checkpoint import latest_checkpoint
    from train.pipeline import preset_recipe, run_stage

    small = {"max_steps": 3, "save_every": 1, "data_n": 16, "eval_n": 8}
    run_stage(preset_recipe("tiny", "stage1", small), None, tmp_path / "s1", False)
    (tmp_path / "s1" / "metrics.json").unlink()  # as if killed after its last checkpoint
    resumed = run_stage(preset_recipe("tiny", "stage1", small), None, tmp_path / "s1", False)
    assert resumed["resumed_from"] == 3 and not (tmp_path / "s1.previous").exists()
    (tmp_path / "s1" / "metrics.json").unlink()
    other = run_stage(preset_recipe("tiny", "stage1", {**small, "lr": 1e-4}), None,
                      tmp_path / "s1", False)
    assert other["resumed_from"] == 0
    assert ("made with another recipe (differs in lr); moved to s1.previous"
            in capsys.readouterr().err)
    assert latest_checkpoint(tmp_path / "s1.previous" / "checkpoints").name == "step-000003"
