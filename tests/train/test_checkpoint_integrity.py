"""Checkpoint and model-folder checksums: a same-length change inside a tensor is caught.

Every checkpoint's state.json records the sha256 of each file the checkpoint holds; a byte
flipped in the middle of a tensor's data (the safetensors header still reads, the file keeps
its length) makes that checkpoint damaged: passed over for the newest intact one with one
stderr line naming the file, or, with none intact, the rerun stops before any work with one
line naming the file. A finished stage's model folders carry ``SHA256SUMS`` (the format
``sha256sum -c`` reads), verified by ``--init`` and by re-checking the finished stage.

    PYTHONPATH=$PWD .venv/bin/python -m pytest tests/train/test_checkpoint_integrity.py -p no:xdist
"""
import hashlib
import json
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
import torch

from train.checkpoint import (SUMS, CheckpointError, check_checkpoint, check_sealed,
                              latest_checkpoint, seal_folder, seal_stage)
from train.cli import main as mm_train
from train.loop import run
from tests.toy_stage import toy_recipe as _recipe, toy_task as _task

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "configs" / "tiny"
CHANGED = "sha256 differs from the one {} records (the file changed after it was written)"






def flip_inside_a_tensor(file: Path) -> str:
    """Flip one bit of the middle byte of the largest tensor's data in safetensors ``file``
    (read from its header: 8 bytes little-endian length, JSON, data); the file keeps its
    length and its header. Returns the tensor's name."""
    raw = bytearray(file.read_bytes())
    (n,) = struct.unpack("<Q", raw[:8])
    header = {k: v for k, v in json.loads(raw[8:8 + n]).items() if k != "__metadata__"}
    name = max(header, key=lambda k: header[k]["data_offsets"][1] - header[k]["data_offsets"][0])
    lo, hi = header[name]["data_offsets"]
    raw[8 + n + (lo + hi) // 2] ^= 0x10
    file.write_bytes(bytes(raw))
    return name


class Killed(Exception):
    pass


def _killed_in(out: Path, micro_step: int) -> Path:
    """The folder of a run of ``_recipe()`` that dies building micro-step ``micro_step`` (1 is
    the first)."""
    task, calls = _task(), []
    make = task.make_batch

    def dying(idx):
        calls.append(1)
        if len(calls) == micro_step:
            raise Killed
        return make(idx)

    task.make_batch = dying
    with pytest.raises(Killed):
        run(_recipe(), task, out, progress=False)
    return out


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    out = tmp_path_factory.mktemp("full") / "run"
    return run(_recipe(), _task(), out, progress=False), out


def test_state_json_records_the_sha256_of_each_file(full):
    ck = full[1] / "checkpoints" / "step-000008"
    state = json.loads((ck / "state.json").read_text())
    assert state["sha256"] == {
        f: hashlib.sha256((ck / f).read_bytes()).hexdigest()
        for f in ("trainable.safetensors", "optimizer.safetensors")}
    # the checksum is the one key beside what a checkpoint holds
    assert sorted(state) == ["losses", "optimizer", "recipe", "scheduler", "sha256", "step"]
    assert sorted(p.name for p in ck.iterdir()) == ["optimizer.safetensors", "state.json",
                                                    "trainable.safetensors"]
    assert check_checkpoint(ck)["step"] == 8  # the untouched case


@pytest.mark.parametrize("name", ["trainable.safetensors", "optimizer.safetensors"])
def test_a_flipped_bit_inside_a_tensor_is_named(full, tmp_path, name):
    ck = tmp_path / "step-000008"
    shutil.copytree(full[1] / "checkpoints" / "step-000008", ck)
    size = (ck / name).stat().st_size
    flip_inside_a_tensor(ck / name)
    assert (ck / name).stat().st_size == size
    check_checkpoint(ck, verify=False)  # headers and lengths still read
    with pytest.raises(CheckpointError) as e:
        check_checkpoint(ck)
    assert str(e.value) == f"{ck / name}: {CHANGED.format('state.json')}"


@pytest.mark.parametrize("name", ["trainable.safetensors", "optimizer.safetensors"])
def test_a_flipped_newest_checkpoint_is_passed_over(full, tmp_path, capsys, name):
    want, _ = full
    out = _killed_in(tmp_path / "cut", 7)  # checkpoints of steps 4 and 6 on disk
    file = out / "checkpoints" / "step-000006" / name
    flip_inside_a_tensor(file)
    capsys.readouterr()
    res = run(_recipe(), _task(), out, progress=False)
    err = capsys.readouterr().err
    assert err == (f"{file}: {CHANGED.format('state.json')}; resuming from the newest intact "
                   "checkpoint, step-000004\n")
    assert res["resumed_from"] == 4
    assert res["losses"] == want["losses"]
    got, ref = res["model"].state_dict(), want["model"].state_dict()
    assert all(torch.equal(got[k], ref[k]) for k in ref)
    for p in (out / "checkpoints").iterdir():  # the damaged one was saved over
        check_checkpoint(p)


def test_with_no_intact_checkpoint_the_rerun_stops_naming_the_file(tmp_path):
    out = _killed_in(tmp_path / "cut", 3)  # the checkpoint of step 2 alone
    file = out / "checkpoints" / "step-000002" / "optimizer.safetensors"
    flip_inside_a_tensor(file)
    log = (out / "log.jsonl").read_bytes()
    with pytest.raises(CheckpointError) as e:
        run(_recipe(), _task(), out, progress=False)
    assert str(e.value) == (f"{file}: {CHANGED.format('state.json')}; no intact checkpoint to "
                            f"resume from: remove {out / 'checkpoints'} to train this stage "
                            "from the start")
    assert (out / "log.jsonl").read_bytes() == log
    with pytest.raises(CheckpointError):
        latest_checkpoint(out / "checkpoints")


def test_mm_train_stops_before_any_work_naming_the_flipped_file(tmp_path, run_cli):
    """A stage folder whose only checkpoint has a flipped bit: one line on --out, exit 2,
    before the stage builds its data."""
    from safetensors.torch import save_file

    from train.pipeline import preset_recipe

    recipe = preset_recipe("tiny", "stage1", {"max_steps": 4})
    out = tmp_path / "s1"
    ck = out / "checkpoints" / "step-000002"
    ck.mkdir(parents=True)
    for f in ("trainable.safetensors", "optimizer.safetensors"):
        save_file({"w": torch.arange(64, dtype=torch.float32)}, str(ck / f))
    sums = {f: hashlib.sha256((ck / f).read_bytes()).hexdigest()
            for f in ("trainable.safetensors", "optimizer.safetensors")}
    (ck / "state.json").write_text(json.dumps({
        "step": 2, "losses": [1.0, 0.9], "recipe": recipe.record(),
        "optimizer": {"param_groups": [], "scalars": {}}, "scheduler": None, "sha256": sums}))
    (out / "log.jsonl").write_text('{"step": 1}\n{"step": 2}\n')
    flip_inside_a_tensor(ck / "trainable.safetensors")
    r = run_cli(mm_train, "stage1", "--recipe", str(TINY / "stage1.yaml"), "--set",
                "max_steps=4", "--out", str(out), "--no-progress")
    assert r.returncode == 2, r.stderr
    assert r.stderr == (f"mm-train: error: argument --out: {ck / 'trainable.safetensors'}: "
                        f"{CHANGED.format('state.json')}; no intact checkpoint to resume from: "
                        f"remove {out / 'checkpoints'} to train this stage from the start\n")
    assert not (out / "data").exists()
    assert (out / "log.jsonl").read_text() == '{"step": 1}\n{"step": 2}\n'


def test_a_checkpoint_without_checksums_resumes_with_one_warning(full, tmp_path, capsys):
    want, _ = full
    out = _killed_in(tmp_path / "cut", 7)
    for ck in (out / "checkpoints").iterdir():
        state = json.loads((ck / "state.json").read_text())
        del state["sha256"]
        (ck / "state.json").write_text(json.dumps(state))
    capsys.readouterr()
    res = run(_recipe(), _task(), out, progress=False)
    assert capsys.readouterr().err == (
        f"{out / 'checkpoints' / 'step-000006' / 'state.json'}: records no sha256 checksums; "
        "resuming from it without verifying its files' contents\n")
    assert res["resumed_from"] == 6 and res["losses"] == want["losses"]


@pytest.mark.parametrize("sums,why", [
    ({"trainable.safetensors": "0" * 64}, "sha256 lacks optimizer.safetensors"),
    ({"trainable.safetensors": "xyz"}, "sha256 is not a mapping of file names to sha256 hex "
                                       "digests"),
])
def test_a_bad_checksum_record_is_named(full, tmp_path, sums, why):
    ck = tmp_path / "step-000008"
    shutil.copytree(full[1] / "checkpoints" / "step-000008", ck)
    state = json.loads((ck / "state.json").read_text())
    (ck / "state.json").write_text(json.dumps({**state, "sha256": sums}))
    with pytest.raises(CheckpointError) as e:
        check_checkpoint(ck)
    assert str(e.value) == f"{ck / 'state.json'}: {why}"


# ------------------------------------------------------------------------- model folders


def _independent_sums(folder: Path) -> dict[str, str]:
    """SHA256SUMS as ``sha256sum`` writes it ("<hex>  <name>" per line), read by hand."""
    out = {}
    for line in (folder / SUMS).read_text().splitlines():
        digest, name = line.split("  ", 1)
        out[name] = digest
    return out


def test_seal_folder_lists_every_file_as_sha256sum_does(tiny_llava, tmp_path):
    folder = tmp_path / "model"
    shutil.copytree(tiny_llava, folder)
    seal_folder(folder)
    files = sorted(p.name for p in folder.iterdir() if p.name != SUMS)
    assert _independent_sums(folder) == {
        f: hashlib.sha256((folder / f).read_bytes()).hexdigest() for f in files}
    assert check_sealed(folder) is True
    if shutil.which("sha256sum"):  # coreutils reads the same file
        done = subprocess.run(["sha256sum", "--check", "--quiet", SUMS], cwd=folder,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    assert check_sealed(tmp_path) is False  # no SHA256SUMS: nothing to verify


def _finished_stage(tiny_llava, folder: Path, record: dict) -> Path:
    folder.mkdir(parents=True)
    shutil.copytree(tiny_llava, folder / "model")
    seal_stage(folder)
    (folder / "metrics.json").write_text(json.dumps({"final_loss": 0.5, "recipe": record}))
    return folder


def test_init_with_a_flipped_bit_in_its_model_is_named(tiny_llava, tmp_path, run_cli):
    from train.pipeline import StageFolderError, check_init

    init = _finished_stage(tiny_llava, tmp_path / "s3", {"stage": "instruct"})
    check_init("stage4", init)  # the untouched case
    weights = init / "model" / "model.safetensors"
    flip_inside_a_tensor(weights)
    with pytest.raises(StageFolderError) as e:
        check_init("stage4", init)
    assert str(e.value) == (f"{weights}: {CHANGED.format(SUMS)}; {init} is not the folder "
                            "stage3 wrote")
    r = run_cli(mm_train, "stage4", "--recipe", str(TINY / "stage4.yaml"), "--init", str(init),
                "--out", str(tmp_path / "s4"), "--no-progress")
    assert r.returncode == 2
    assert r.stderr == f"mm-train: error: argument --init: {e.value}\n"
    assert not (tmp_path / "s4").exists()


def test_a_finished_stage_with_a_flipped_bit_is_named_on_recheck(tiny_llava, tmp_path,
                                                                 run_cli):
    from train.recipe import load_recipe

    recipe = TINY / "stage3.yaml"
    init = _finished_stage(tiny_llava, tmp_path / "s2", {"stage": "align"})
    out = _finished_stage(tiny_llava, tmp_path / "s3", load_recipe(recipe).record())
    argv = ["stage3", "--recipe", str(recipe), "--init", str(init), "--out", str(out),
            "--no-progress"]
    r = run_cli(mm_train, *argv)
    assert r.returncode == 0 and json.loads(r.stdout)["trained"] is False, r.stderr
    weights = out / "model" / "model.safetensors"
    flip_inside_a_tensor(weights)
    r = run_cli(mm_train, *argv)
    assert r.returncode == 2
    assert r.stderr == (f"mm-train: error: argument --out: {weights}: {CHANGED.format(SUMS)}; "
                        f"remove {out} to train the stage again\n")


@pytest.mark.slow
def test_a_trained_stage_seals_its_model_folders(tmp_path, run_cli):
    """A tiny stage 1: vision/ and clip.safetensors are listed in SHA256SUMS, which
    ``sha256sum -c`` accepts; a flipped bit in the exported tower is named on the rerun."""
    argv = ["stage1", "--recipe", str(TINY / "stage1.yaml"), "--no-progress", "--set",
            "max_steps=2", "data_n=16", "eval_n=8"]
    out = tmp_path / "s1"
    r = run_cli(mm_train, *argv, "--out", str(out))
    assert r.returncode == 0, r.stderr[-2000:]
    assert list(_independent_sums(out)) == ["clip.safetensors"]
    vision = sorted(p.name for p in (out / "vision").iterdir() if p.name != SUMS)
    assert sorted(_independent_sums(out / "vision")) == vision
    assert check_sealed(out) and check_sealed(out / "vision")
    weights = out / "vision" / "model.safetensors"
    flip_inside_a_tensor(weights)
    r = run_cli(mm_train, *argv, "--out", str(out))
    assert r.returncode == 2
    assert r.stderr == (f"mm-train: error: argument --out: {weights}: {CHANGED.format(SUMS)}; "
                        f"remove {out} to train the stage again\n")
