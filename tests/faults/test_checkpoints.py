"""Damaged checkpoints on resume: a newest checkpoint cut short, with a bad state.json or a
file missing is passed over for the newest intact one, with one stderr line naming the file,
and the run ends with the weights, losses and log of an uninterrupted run; with no intact
checkpoint left, the run stops before training with one line naming the file (mm-train: exit
2, --out), never a traceback and never a restart from step 0 beside the old log."""
import json
import shutil
from pathlib import Path

import pytest
import torch

from train.checkpoint import CheckpointError, check_checkpoint, latest_checkpoint
from train.cli import main as mm_train
from train.loop import run
from tests.toy_stage import toy_recipe as _recipe, toy_task as _task

ROOT = Path(__file__).resolve().parents[2]






def _damage(ckpt: Path, how: str) -> Path:
    """Damage checkpoint folder ``ckpt``; returns the file the message must name."""
    weights, opt, state = (ckpt / "trainable.safetensors", ckpt / "optimizer.safetensors",
                           ckpt / "state.json")
    if how == "weights-cut":
        weights.write_bytes(weights.read_bytes()[:-40])
        return weights
    if how == "optimizer-cut":
        opt.write_bytes(opt.read_bytes()[:20])
        return opt
    if how == "optimizer-missing":
        opt.unlink()
        return opt
    if how == "state-json":
        state.write_text(state.read_text()[:30])
        return state
    if how == "state-missing":
        state.unlink()
        return state
    if how == "state-fields":
        state.write_text(json.dumps({"step": "six"}))
        return state
    if how == "state-step":  # a state.json copied from another checkpoint
        s = json.loads(state.read_text())
        state.write_text(json.dumps({**s, "step": s["step"] - 2}))
        return state
    raise AssertionError(how)


WHY = {"weights-cut": "not a readable safetensors file",
       "optimizer-cut": "not a readable safetensors file",
       "optimizer-missing": "no such file", "state-json": "not valid JSON",
       "state-missing": "no such file",
       "state-fields": "not a checkpoint state (a JSON object with step, losses and optimizer)",
       "state-step": "records step 4, not the step of step-000006"}
HOW = list(WHY)


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    """An uninterrupted run: its result and its folder (copied, never changed)."""
    out = tmp_path_factory.mktemp("full") / "run"
    res = run(_recipe(), _task(), out, progress=False)
    return res, out


class Killed(Exception):
    pass


def _with_checkpoints(tmp_path: Path, killed_in: int) -> Path:
    """The folder of a run of ``_recipe()`` that dies in step ``killed_in`` (its last two
    checkpoints on disk)."""
    out = tmp_path / "cut"
    task = _task()
    make = task.make_batch
    calls = []

    def dying(idx):
        calls.append(1)
        if len(calls) == killed_in:
            raise Killed
        return make(idx)

    task.make_batch = dying
    with pytest.raises(Killed):
        run(_recipe(), task, out, progress=False)
    return out


@pytest.mark.parametrize("how", HOW)
def test_check_checkpoint_names_the_damaged_file(full, tmp_path, how):
    ck = tmp_path / "step-000006"
    shutil.copytree(full[1] / "checkpoints" / "step-000008", ck)
    state = json.loads((ck / "state.json").read_text())
    (ck / "state.json").write_text(json.dumps({**state, "step": 6}))
    check_checkpoint(ck)  # intact before the damage
    name = _damage(ck, how)
    with pytest.raises(CheckpointError) as e:
        check_checkpoint(ck)
    assert str(e.value).startswith(f"{name}: {WHY[how]}"), str(e.value)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("how", ["weights-cut", "optimizer-missing", "state-json"])
def test_a_damaged_newest_checkpoint_is_passed_over_for_the_newest_intact_one(full, tmp_path,
                                                                             how, capsys):
    want, _ = full
    out = _with_checkpoints(tmp_path, 7)
    log = out / "log.jsonl"
    with log.open("a") as f:  # the killed run logged steps 7 and 8 past its last checkpoint
        f.write(json.dumps({"step": 7, "loss": 1.0}) + "\n" + json.dumps({"step": 8}) + "\n")
    name = _damage(out / "checkpoints" / "step-000006", how)
    capsys.readouterr()
    res = run(_recipe(), _task(), out, progress=False)
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"{name}: {WHY[how]}"), err
    assert err.rstrip("\n").endswith("; resuming from the newest intact checkpoint, step-000004")
    assert res["resumed_from"] == 4
    assert res["losses"] == want["losses"]
    got, ref = res["model"].state_dict(), want["model"].state_dict()
    assert all(torch.equal(got[k], ref[k]) for k in ref)
    steps = [json.loads(x)["step"] for x in log.read_text().splitlines()]
    assert steps == list(range(1, 9))
    # the damaged one was saved over: the folder holds intact checkpoints only
    assert [p.name for p in sorted((out / "checkpoints").iterdir())] == ["step-000006",
                                                                         "step-000008"]
    for p in (out / "checkpoints").iterdir():
        check_checkpoint(p)


@pytest.mark.parametrize("how", ["weights-cut", "state-missing"])
def test_no_intact_checkpoint_is_one_error_naming_the_file_and_nothing_changes(tmp_path, how):
    out = _with_checkpoints(tmp_path, 3)
    name = _damage(out / "checkpoints" / "step-000002", how)
    log_before = (out / "log.jsonl").read_bytes()
    with pytest.raises(CheckpointError) as e:
        run(_recipe(), _task(), out, progress=False)
    msg = str(e.value)
    assert msg.startswith(f"{name}: {WHY[how]}") and "\n" not in msg, msg
    assert msg.endswith(f"; no intact checkpoint to resume from: remove {out / 'checkpoints'} "
                        "to train this stage from the start"), msg
    assert (out / "log.jsonl").read_bytes() == log_before  # not trimmed to step 0
    with pytest.raises(CheckpointError):
        latest_checkpoint(out / "checkpoints")


def test_a_checkpoint_of_another_shape_is_named(tmp_path):
    out = _with_checkpoints(tmp_path, 3)
    task = _task()
    task.model[0] = torch.nn.Linear(5, 9)
    task.model[2] = torch.nn.Linear(9, 1)
    ck = out / "checkpoints" / "step-000002"
    with pytest.raises(CheckpointError) as e:
        run(_recipe(), task, out, progress=False)
    # safetensors lists tensors by name: the first that differs is 0.bias
    assert str(e.value) == (f"{ck / 'trainable.safetensors'}: 0.bias has shape [8], the "
                            "model's is [9]")


@pytest.mark.parametrize("how", ["optimizer-cut", "state-json"])
def test_mm_train_stage_with_no_intact_checkpoint_is_one_line(tmp_path, run_cli, how):
    """The stage folder of a killed run whose only checkpoint is damaged: mm-train names the
    file on --out before any data or model is built."""
    from train.pipeline import preset_recipe

    recipe = preset_recipe("tiny", "stage1", {"max_steps": 4})
    out = tmp_path / "s1"
    ck = out / "checkpoints" / "step-000002"
    ck.mkdir(parents=True)
    (ck / "state.json").write_text(json.dumps({
        "step": 2, "losses": [1.0, 0.9], "recipe": recipe.record(),
        "optimizer": {"param_groups": [], "scalars": {}}, "scheduler": None}))
    from safetensors.torch import save_file

    for f in ("trainable.safetensors", "optimizer.safetensors"):
        save_file({"w": torch.zeros(4)}, str(ck / f))
    (out / "log.jsonl").write_text(json.dumps({"step": 1}) + "\n" + json.dumps({"step": 2})
                                   + "\n")
    name = _damage(ck, how)
    r = run_cli(mm_train, "stage1", "--recipe", str(ROOT / "configs" / "tiny" / "stage1.yaml"),
                "--set", "max_steps=4", "--out", str(out), "--no-progress")
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith(f"mm-train: error: argument --out: {name}: {WHY[how]}")
    assert r.stderr.rstrip("\n").endswith(f"no intact checkpoint to resume from: remove "
                                          f"{out / 'checkpoints'} to train this stage from "
                                          "the start")
    assert not (out / "data").exists()  # stopped before building the stage's data
    assert (out / "log.jsonl").read_text().count("\n") == 2


@pytest.mark.slow
def test_mm_train_stage_resumes_past_a_damaged_newest_checkpoint(tmp_path, run_cli):
    """A tiny stage 1 killed after its last checkpoint was cut short: the rerun says so in one
    line, resumes from the checkpoint before it and ends with the uninterrupted run's weights,
    loss and log."""
    argv = ["stage1", "--recipe", str(ROOT / "configs" / "tiny" / "stage1.yaml"),
            "--no-progress", "--set", "max_steps=6", "save_every=2", "data_n=16", "eval_n=8"]
    ref = tmp_path / "ref"
    first = run_cli(mm_train, *argv, "--out", str(ref))
    assert first.returncode == 0, first.stderr[-2000:]
    out = tmp_path / "s1"
    shutil.copytree(ref, out)
    # what the stage writes after its last step goes: the run was killed after step 6's save
    for p in ("metrics.json", "clip.safetensors", "vision"):
        shutil.rmtree(out / p) if (out / p).is_dir() else (out / p).unlink()
    name = _damage(out / "checkpoints" / "step-000006", "weights-cut")
    r = run_cli(mm_train, *argv, "--out", str(out))
    assert r.returncode == 0, r.stderr[-2000:]
    said = [ln for ln in r.stderr.splitlines() if "checkpoint" in ln]
    assert said == [f"{name}: not a readable safetensors file (Error while deserializing "
                    "header: incomplete metadata, file not fully covered); resuming from the "
                    "newest intact checkpoint, step-000004"], r.stderr
    assert json.loads(r.stdout)["resumed_from"] == 4
    for f in ("clip.safetensors", "vision/model.safetensors"):
        assert (out / f).read_bytes() == (ref / f).read_bytes(), f
    assert (json.loads((out / "metrics.json").read_text())["final_loss"]
            == json.loads((ref / "metrics.json").read_text())["final_loss"])
    steps = [json.loads(x)["step"] for x in (out / "log.jsonl").read_text().splitlines()]
    assert steps == list(range(1, 7))
    check_checkpoint(out / "checkpoints" / "step-000006")
