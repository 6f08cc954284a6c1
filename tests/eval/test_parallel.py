"""Data-parallel mm-eval: 2 CPU processes (torchrun --standalone, gloo) write the same
results.json (all but the versions block), samples file and samples key as one process, on a
builtin model and on a tiny LLaVA folder decoded with CausalMM; no part files are left. The
model runs at batch size 1 with the test's thread count in every process: a prompt's float32
logits move in the last bits with the padding of the batch it lands in (one process already
gives the same prompt P(yes) values 1e-7 apart in different batches), and a process's shard
forms other batches than one process does.

    python -m pytest tests/eval/test_parallel.py -m slow
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from eval.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _two_processes(args, out):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CUDA_VISIBLE_DEVICES": "",
           "OMP_NUM_THREADS": str(torch.get_num_threads())}
    r = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--standalone",
                        "--nproc_per_node", "2", "-m", "eval.cli", "run", *args,
                        "--output-path", str(out)], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]


def _same(one: Path, two: Path, task: str):
    a, b = (json.loads((d / "results.json").read_text()) for d in (one, two))
    a.pop("versions"), b.pop("versions")
    assert a == b
    for name in (f"samples_{task}.jsonl", f"samples_{task}.key.json"):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name
    assert sorted(p.name for p in two.iterdir() if "part" in p.name) == []


@pytest.mark.slow
@pytest.mark.parametrize("model,task,extra", [
    # make test runs the tiny model's case; the builtin one is the soak tier's
    pytest.param("builtin:random", "pope-synth", ["--limit", "12"],
                 marks=[pytest.mark.soak, pytest.mark.slow]),
    ("tiny", "pope-synth-prob", ["--limit", "6", "--decoding", "causalmm", "--cf-type",
                                 "reversed", "--batch-size", "1"])])
def test_two_processes_equal_one(model, task, extra, tiny_llava, tmp_path, run_cli):
    args = ["--model", tiny_llava if model == "tiny" else model, "--tasks", task, *extra]
    r = run_cli(main, "run", *args, "--output-path", str(tmp_path / "one"))
    assert r.returncode == 0, r.stderr
    _two_processes(args, tmp_path / "two")
    _same(tmp_path / "one", tmp_path / "two", task)
