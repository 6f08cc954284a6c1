"""Training in several processes: the helpers' one-process behaviour, and 2 CPU processes
under torchrun (gloo) reaching the losses of 1 process with the same global batch in each of
the four stages (tiny preset, 20 steps), writing one set of files.

The launch command the slow test runs (README, "Training on several processes"):
    torchrun --standalone --nproc_per_node 2 -m train.cli stage1 --recipe ... --out ...
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from train import processes

ROOT = Path(__file__).resolve().parents[2]


def test_helpers_in_one_process_compute_directly():
    assert (processes.world(), processes.rank(), processes.is_main()) == (1, 0, True)
    assert processes.on_main(lambda: {"a": 1}) == {"a": 1}
    assert processes.shard_map(lambda xs: [x * 10 for x in xs], range(5)) == [0, 10, 20, 30, 40]
    with pytest.raises(ValueError, match="shard_map: 1 results for 3 items"):
        processes.shard_map(lambda xs: xs[:1], [1, 2, 3])
    assert processes.global_mean_scale(torch.tensor(7)).item() == 7.0


def test_finish_ends_the_process_group_and_is_a_no_op_without_one(tmp_path):
    import torch.distributed as dist

    processes.finish()  # no group: nothing to end
    assert not dist.is_initialized()
    dist.init_process_group("gloo", init_method=f"file://{tmp_path / 'rendezvous'}", rank=0,
                            world_size=1)
    assert dist.is_initialized()
    processes.finish()
    assert not dist.is_initialized()
    processes.finish()


def _log(folder: Path) -> list[dict]:
    return [json.loads(x) for x in (folder / "log.jsonl").read_text().splitlines()]


def _train(stage, recipe, out, nproc, init=None, steps=20):
    launch = ([sys.executable, "-m", "torch.distributed.run", "--standalone",
               "--nproc_per_node", str(nproc)] if nproc > 1 else [sys.executable])
    cmd = [*launch, "-m", "train.cli", stage, "--recipe", str(ROOT / recipe), "--out",
           str(out), "--set", f"max_steps={steps}", "save_every=10", "--no-progress"]
    if init:
        cmd += ["--init", str(init)]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1",
           "OMP_NUM_THREADS": "1"}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return _log(out)


@pytest.mark.soak
@pytest.mark.slow
def test_two_cpu_processes_reach_the_losses_of_one_and_write_one_set_of_files(tmp_path):
    # each stage starts from the 1-process run of the one before, in 1 and in 2 processes
    for n, stage in enumerate(("stage1", "stage2", "stage3", "stage4")):
        recipe = f"configs/tiny/{stage}.yaml"
        init = tmp_path / f"stage{n}-1" if n else None
        one = _train(stage, recipe, tmp_path / f"{stage}-1", 1, init)
        two = _train(stage, recipe, tmp_path / f"{stage}-2", 2, init)
        assert [x["step"] for x in two] == list(range(1, 21))  # one log line per step
        assert [x["loss"] for x in two] == pytest.approx([x["loss"] for x in one], abs=1e-5)
        assert [x["lr"] for x in two] == [x["lr"] for x in one]
        a, b = tmp_path / f"{stage}-1", tmp_path / f"{stage}-2"
        assert sorted(p.name for p in b.iterdir()) == sorted(p.name for p in a.iterdir())
        assert sorted(p.name for p in (b / "checkpoints").iterdir()) == \
            ["step-000010", "step-000020"]
        m1, m2 = (json.loads((d / "metrics.json").read_text()) for d in (a, b))
        assert m2["final_loss"] == pytest.approx(m1["final_loss"], abs=1e-5)


@pytest.mark.parametrize("name", ["ddp", "fsdp", "zero2", "zero3"])
def test_accelerate_configs_load_with_accelerates_own_reader(name):
    from accelerate.commands.config.config_args import ClusterConfig, load_config_from_file

    cfg = load_config_from_file(str(ROOT / "configs" / "accelerate" / f"{name}.yaml"))
    assert isinstance(cfg, ClusterConfig)
    assert cfg.mixed_precision == "bf16" and cfg.num_processes == 8
    kind = {"ddp": "MULTI_GPU", "fsdp": "FSDP", "zero2": "DEEPSPEED", "zero3": "DEEPSPEED"}
    assert str(cfg.distributed_type).endswith(kind[name])
    if name.startswith("zero"):
        assert cfg.deepspeed_config["zero_stage"] == int(name[-1])
