"""kill -9 at points drawn from a fixed seed: an mm-data build (one process and two) and a tiny
mm-train stage, each rerun, end with the bytes (data) and weights (training) of an
uninterrupted run, and the stage's log holds each step once; two mm-data builds of one folder
at once: the second is refused with one line naming the first, which finishes unharmed.

Points are counts of finished files or logged steps, drawn once from ``SEED``, so a failure
names a point that reproduces. The tests in tests/engines/test_cli.py and tests/train/ kill at
one fixed point each; these cover several: make test the first drawn point of each kind, the
soak tier (make test-soak) every one."""
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from tests.tiers import first_only

ROOT = Path(__file__).resolve().parents[2]
SEED = 13
N_CHUNKS = 12
DATA = ["mavis-caption", "--n", str(5 * N_CHUNKS), "--chunk-size", "5", "--seed", "4",
        "--families", "chart", "plane_geometry", "--no-progress"]
STAGE = ["stage1", "--recipe", str(ROOT / "configs" / "tiny" / "stage1.yaml"), "--no-progress",
         "--set", "max_steps=8", "save_every=2", "data_n=16", "eval_n=8"]
RNG = np.random.default_rng(SEED)
DATA_POINTS = sorted(int(k) for k in RNG.choice(np.arange(1, N_CHUNKS - 1), 3, replace=False))
STAGE_POINTS = sorted(int(k) for k in RNG.choice(np.arange(1, 8), 2, replace=False))
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}


def cli(module: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True,
                          text=True, env=ENV, cwd=ROOT)


def start(module: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", module, *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=ENV, cwd=ROOT)


def kill_when(proc: subprocess.Popen, ready, timeout: float = 300) -> None:
    """SIGKILL ``proc`` as soon as ``ready()`` holds (or it ended)."""
    deadline = time.time() + timeout
    while time.time() < deadline and proc.poll() is None and not ready():
        time.sleep(0.005)
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stderr.close()


def digests(out: Path) -> dict[str, str]:
    """Every content file of a dataset folder (not the lock) by its sha256."""
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and not p.name.startswith(".lock")}


def chunks(out: Path) -> int:
    return len(list((out / "data").glob("*.parquet")))


@pytest.fixture(scope="module")
def data_ref(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref") / "d"
    r = cli("engines.cli", *DATA, "--out", str(out))
    assert r.returncode == 0, r.stderr
    return digests(out)


@pytest.mark.slow
@pytest.mark.parametrize("num_proc,k", first_only(
    [("1", k) for k in DATA_POINTS] + [("2", DATA_POINTS[1])]))
def test_data_build_killed_at_a_drawn_point_reruns_to_the_same_bytes(tmp_path, data_ref,
                                                                    num_proc, k):
    out = tmp_path / "d"
    p = start("engines.cli", *DATA, "--num-proc", num_proc, "--out", str(out))
    kill_when(p, lambda: chunks(out) >= k)
    partial = chunks(out)
    assert partial < N_CHUNKS, f"point {k}: the build ended before the kill"
    r = cli("engines.cli", *DATA, "--num-proc", num_proc, "--out", str(out))
    assert r.returncode == 0, (k, r.stderr)
    res = json.loads(r.stdout)
    assert res["complete"] is True and res["kept"] == partial, (k, partial, res)
    assert digests(out) == data_ref, f"point {k}"


@pytest.mark.slow
def test_two_builds_of_one_folder_the_second_is_refused(tmp_path, data_ref):
    out = tmp_path / "d"
    first = start("engines.cli", *DATA, "--out", str(out))
    deadline = time.time() + 120
    while time.time() < deadline and not (out / ".lock.json").exists():
        time.sleep(0.005)
    holder = json.loads((out / ".lock.json").read_text())
    second = cli("engines.cli", *DATA, "--out", str(out), "--overwrite")
    assert second.returncode == 2
    assert second.stderr.count("\n") == 1
    assert second.stderr.startswith(f"mm-data: error: argument --out: {out} is being written "
                                    f"by another run (pid {first.pid} on ")
    assert holder["pid"] == first.pid
    assert first.wait(timeout=300) == 0, first.stderr.read()
    first.stderr.close()
    assert digests(out) == data_ref


def _logged_steps(out: Path) -> int:
    log = out / "log.jsonl"
    return log.read_text().count("\n") if log.exists() else 0


@pytest.fixture(scope="module")
def stage_ref(tmp_path_factory):
    out = tmp_path_factory.mktemp("stage-ref") / "s1"
    r = cli("train.cli", *STAGE, "--out", str(out))
    assert r.returncode == 0, r.stderr[-2000:]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("k", first_only(STAGE_POINTS))
def test_stage_killed_at_a_drawn_step_reruns_to_the_same_weights(tmp_path, stage_ref, k):
    out = tmp_path / "s1"
    p = start("train.cli", *STAGE, "--out", str(out))
    kill_when(p, lambda: _logged_steps(out) >= k)
    assert not (out / "metrics.json").exists(), f"step {k}: the stage ended before the kill"
    r = cli("train.cli", *STAGE, "--out", str(out))
    assert r.returncode == 0, r.stderr[-2000:]
    for name in ("clip.safetensors", "vision/model.safetensors"):
        assert (out / name).read_bytes() == (stage_ref / name).read_bytes(), (k, name)
    a = json.loads((stage_ref / "metrics.json").read_text())
    b = json.loads((out / "metrics.json").read_text())
    assert b["final_loss"] == a["final_loss"]
    steps = [json.loads(x)["step"] for x in (out / "log.jsonl").read_text().splitlines()]
    assert steps == list(range(1, 9))
