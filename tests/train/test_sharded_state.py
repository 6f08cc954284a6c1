"""Checkpoints through accelerate's save_state / load_state (the format of sharded runs).

A sharded run (FSDP, DeepSpeed) checkpoints with accelerate, each process its shard, with our
state.json and checksums beside it; the recipe's ``checkpoint_format: accelerate`` takes that
path in any run, so it is tried here in 1 process and in 2 CPU processes under torchrun (gloo):
a run killed after a checkpoint and rerun ends with the losses and weights of an uninterrupted
run. One process with ``auto`` keeps the safetensors checkpoints. accelerate 1.16 does not
shard on the CPU (its FSDP needs an accelerator: ``--use_fsdp`` on CPU processes runs as
MULTI_CPU), so FSDP itself is not run here.

    PYTHONPATH=$PWD .venv/bin/python -m pytest tests/train/test_sharded_state.py -p no:xdist
    torchrun --standalone --nproc_per_node 2 tests/train/test_sharded_state.py OUT [DIE_AT]
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":  # run as a script by torchrun: the repository's packages first
    sys.path.insert(0, str(ROOT))

from train.checkpoint import CheckpointError, check_checkpoint  # noqa: E402
from train.loop import checkpoint_format, run  # noqa: E402
from train.recipe import RecipeError  # noqa: E402
from tests.toy_stage import toy_recipe, toy_task  # noqa: E402


def _recipe(**kw):
    return toy_recipe(**{"checkpoint_format": "accelerate", **kw})


_task = toy_task


def _weights(model) -> dict:
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def test_checkpoint_format_field_and_auto():
    with pytest.raises(RecipeError, match="checkpoint_format: 'zip'; valid: auto, safetensors, "
                                          "accelerate"):
        _recipe(checkpoint_format="zip")
    from accelerate.utils import DistributedType

    class Acc:  # what checkpoint_format reads of an Accelerator
        def __init__(self, kind):
            self.distributed_type = kind

    for kind, want in [(DistributedType.NO, "safetensors"),
                       (DistributedType.MULTI_GPU, "safetensors"),
                       (DistributedType.FSDP, "accelerate"),
                       (DistributedType.DEEPSPEED, "accelerate")]:
        assert checkpoint_format(_recipe(checkpoint_format="auto"), Acc(kind)) == want
        assert checkpoint_format(_recipe(), Acc(kind)) == "accelerate"
    with pytest.raises(ValueError, match="checkpoint_format: safetensors cannot hold the state "
                                         "of a sharded run"):
        checkpoint_format(_recipe(checkpoint_format="safetensors"), Acc(DistributedType.FSDP))


def test_auto_in_one_process_keeps_the_safetensors_checkpoints(tmp_path):
    auto = run(_recipe(checkpoint_format="auto", max_steps=2), _task(), tmp_path / "a",
               progress=False)
    plain = run(_recipe(checkpoint_format="safetensors", max_steps=2), _task(), tmp_path / "b",
                progress=False)
    a, b = (p / "checkpoints" / "step-000002" for p in (tmp_path / "a", tmp_path / "b"))
    assert sorted(p.name for p in a.iterdir()) == ["optimizer.safetensors", "state.json",
                                                   "trainable.safetensors"]
    for name in ("optimizer.safetensors", "trainable.safetensors"):
        assert (a / name).read_bytes() == (b / name).read_bytes()
    assert auto["losses"] == plain["losses"]


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    out = tmp_path_factory.mktemp("full") / "run"
    res = run(_recipe(), _task(), out, progress=False)
    return {"losses": res["losses"], "weights": _weights(res["model"])}, out


def test_accelerate_checkpoint_layout_and_checksums(full):
    ck = full[1] / "checkpoints" / "step-000008"
    state = json.loads((ck / "state.json").read_text())
    assert state["format"] == "accelerate" and state["step"] == 8
    files = sorted(p.name for p in ck.iterdir() if p.name != "state.json")
    # accelerate's own names: the model (all its tensors), the optimizer, each process's RNG
    assert files == ["model.safetensors", "optimizer.bin", "random_states_0.pkl"]
    assert state["sha256"] == {f: hashlib.sha256((ck / f).read_bytes()).hexdigest()
                               for f in files}
    assert state["losses"] == full[0]["losses"]
    check_checkpoint(ck)


class Killed(Exception):
    pass


@pytest.mark.parametrize("kill", ["after-step-7", "inside-the-step-6-save"])
def test_one_process_killed_and_rerun_equals_an_uninterrupted_run(full, tmp_path, kill,
                                                                 monkeypatch):
    want, _ = full
    out = tmp_path / "cut"
    task = _task()
    make, calls = task.make_batch, []
    if kill == "after-step-7":
        def dying(idx):
            calls.append(1)
            if len(calls) == 8:  # building step 8: checkpoints 4 and 6 on disk
                raise Killed
            return make(idx)
        task.make_batch = dying
        resumed_from = 6
    else:  # accelerate has written step 6's files, state.json not yet
        from accelerate import Accelerator

        real = Accelerator.save_state

        def dying(self, output_dir=None, **kw):
            real(self, output_dir, **kw)
            if output_dir.endswith("step-000006"):
                raise Killed
        monkeypatch.setattr(Accelerator, "save_state", dying)
        resumed_from = 4
    with pytest.raises(Killed):
        run(_recipe(), task, out, progress=False)
    monkeypatch.undo()
    res = run(_recipe(), _task(), out, progress=False)
    assert res["resumed_from"] == resumed_from
    assert res["losses"] == want["losses"]
    got = _weights(res["model"])
    assert all(torch.equal(got[k], want["weights"][k]) for k in want["weights"])
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["step-000006",
                                                                       "step-000008"]
    steps = [json.loads(x)["step"] for x in (out / "log.jsonl").read_text().splitlines()]
    assert steps == list(range(1, 9))


@pytest.mark.parametrize("name", ["model.safetensors", "optimizer.bin"])
def test_a_changed_file_of_an_accelerate_checkpoint_is_passed_over(full, tmp_path, capsys,
                                                                   name):
    want, ref = full
    out = tmp_path / "cut"
    (out / "checkpoints").mkdir(parents=True)
    for step in ("step-000006", "step-000008"):
        shutil.copytree(ref / "checkpoints" / step, out / "checkpoints" / step)
    file = out / "checkpoints" / "step-000008" / name
    if name.endswith(".safetensors"):
        from tests.train.test_checkpoint_integrity import flip_inside_a_tensor

        flip_inside_a_tensor(file)
    else:  # the last byte of torch.save's zip: the same length, only the checksum sees it
        raw = bytearray(file.read_bytes())
        raw[-1] ^= 0x01
        file.write_bytes(bytes(raw))
    capsys.readouterr()
    res = run(_recipe(max_steps=8), _task(), out, progress=False)
    assert capsys.readouterr().err == (
        f"{file}: sha256 differs from the one state.json records (the file changed after it "
        "was written); resuming from the newest intact checkpoint, step-000006\n")
    assert res["resumed_from"] == 6 and res["losses"] == want["losses"]


def test_formats_resume_each_other_in_a_run_that_is_not_sharded(full, tmp_path):
    """checkpoint_format is bookkeeping: a run checkpointed as safetensors resumes with
    accelerate's format and the other way round, to the same losses and weights."""
    want, _ = full
    for first, then in [("safetensors", "accelerate"), ("accelerate", "safetensors")]:
        out = tmp_path / first
        task = _task()
        make, calls = task.make_batch, []

        def dying(idx):
            calls.append(1)
            if len(calls) == 6:  # building step 6: checkpoints 2 and 4 on disk
                raise Killed
            return make(idx)

        task.make_batch = dying
        with pytest.raises(Killed):
            run(_recipe(checkpoint_format=first), task, out, progress=False)
        res = run(_recipe(checkpoint_format=then), _task(), out, progress=False)
        assert res["resumed_from"] == 4 and res["losses"] == want["losses"], (first, then)
        got = _weights(res["model"])
        assert all(torch.equal(got[k], want["weights"][k]) for k in want["weights"])


def test_an_accelerate_checkpoint_that_does_not_fit_is_one_line(full, tmp_path):
    out = tmp_path / "other"
    shutil.copytree(full[1], out)
    task = _task()
    task.model[2] = torch.nn.Linear(8, 2)
    with pytest.raises(CheckpointError) as e:
        run(_recipe(max_steps=10), task, out, progress=False)
    msg = str(e.value)
    assert msg.startswith(f"{out / 'checkpoints' / 'step-000008'}: accelerate cannot load this "
                          "checkpoint into this run (RuntimeError: "), msg
    assert "\n" not in msg


def _torchrun(out: Path, die_at: int = 0) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1",
           "OMP_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, "-m", "torch.distributed.run", "--standalone",
                           "--nproc_per_node", "2", __file__, str(out), str(die_at)],
                          env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_two_processes_killed_and_rerun_equal_an_uninterrupted_run(tmp_path):
    done = _torchrun(tmp_path / "full")
    assert done.returncode == 0, done.stderr[-3000:]
    # every process builds its share of micro-step 8 as its 8th batch: both die there
    killed = _torchrun(tmp_path / "cut", die_at=8)
    assert killed.returncode != 0
    ck = tmp_path / "cut" / "checkpoints"
    assert sorted(p.name for p in ck.iterdir()) == ["step-000004", "step-000006"]
    files = sorted(p.name for p in (ck / "step-000006").iterdir())
    assert files == ["model.safetensors", "optimizer.bin", "random_states_0.pkl",
                     "random_states_1.pkl", "state.json"]
    again = _torchrun(tmp_path / "cut")
    assert again.returncode == 0, again.stderr[-3000:]
    a, b = (json.loads((tmp_path / d / "result.json").read_text()) for d in ("full", "cut"))
    assert b["resumed_from"] == 6 and a["resumed_from"] == 0
    assert b["losses"] == a["losses"]
    from safetensors.torch import load_file

    wa, wb = (load_file(str(tmp_path / d / "final.safetensors")) for d in ("full", "cut"))
    assert wa.keys() == wb.keys() and all(torch.equal(wa[k], wb[k]) for k in wa)
    steps = [json.loads(x)["step"]
             for x in (tmp_path / "cut" / "log.jsonl").read_text().splitlines()]
    assert steps == list(range(1, 9))


def _main(out: str, die_at: str = "0") -> None:
    """One run of ``_recipe()`` in this torchrun job; the main process writes its losses and
    final weights beside the run's folder."""
    from safetensors.torch import save_file

    from train import processes

    res = run(_recipe(), _task(int(die_at)), out, progress=False)
    if processes.is_main():
        save_file({k: v.contiguous() for k, v in _weights(res["model"]).items()},
                  str(Path(out) / "final.safetensors"))
        (Path(out) / "result.json").write_text(json.dumps(
            {"losses": res["losses"], "resumed_from": res["resumed_from"]}))
    processes.finish()


if __name__ == "__main__":
    _main(*sys.argv[1:])
