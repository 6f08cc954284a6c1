"""mm-data from the command line: bad input is one line naming the flag (exit 2); a build
killed with SIGKILL completes on rerun to the same bytes."""
import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engines.cli import main
from engines.dataset import load


def run(*args, **kw):
    return subprocess.run([sys.executable, "-m", "engines.cli", *args], capture_output=True,
                          text=True, **kw)


@pytest.mark.parametrize("args,flag", [
    (["mavis-caption", "--n", "0", "--out", "X"], "--n"),
    (["mavis-caption", "--n", "abc", "--out", "X"], "--n"),
    (["mavis-caption", "--n", "5", "--out", "X", "--image-size", "8"], "--image-size"),
    (["mavis-caption", "--n", "5", "--out", "X", "--families", "nope"], "--families"),
    (["mavis-caption", "--n", "5", "--out", "X", "--num-shards", "2", "--shard-index", "2"],
     "--shard-index"),
    (["mavis-caption", "--n", "5", "--out", "X", "--num-proc", "0"], "--num-proc"),
    (["mavis-instruct", "--n", "5", "--out", "X", "--versions", "pictorial"], "--versions"),
    (["mavis-instruct", "--n", "5", "--out", "X", "--question-type", "essay"],
     "--question-type"),
    (["mavis-perception", "--n", "5", "--out", "X", "--form", "maybe"], "--form"),
    (["mavis-caption", "--n", "5"], "--out"),
    (["mavis-caption", "--n", "5", "--out", "X", "--bogus"], "--bogus"),
    (["dynamath", "--seeds", "no-such-seed", "--out", "X"], "--seeds"),
    (["dynamath", "--variants", "0", "--out", "X"], "--variants"),
])
def test_bad_flags_one_line_exit_2(tmp_path, args, flag, run_cli):
    r = run_cli(main, *[a.replace("X", str(tmp_path / "x")) for a in args])
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1, r.stderr
    assert flag in r.stderr and r.stderr.startswith("mm-data: error:")
    assert not (tmp_path / "x" / "data").exists() or flag == "--out"


def test_foreign_out_dir_refused(tmp_path, run_cli):
    out = tmp_path / "d"
    assert run_cli(main, "mavis-caption", "--n", "4", "--out", str(out), "--no-progress",
                   "--families", "chart").returncode == 0
    r = run_cli(main, "mavis-caption", "--n", "4", "--out", str(out), "--seed", "1",
                "--no-progress", "--families", "chart")
    assert r.returncode == 2 and "--out" in r.stderr and "--overwrite" in r.stderr


def _digests(out):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((Path(out) / "data").glob("*.parquet"))}


@pytest.mark.soak  # tests/faults/test_kill.py kills a build at a drawn point in make test
@pytest.mark.slow
def test_kill_9_then_rerun_gives_the_uninterrupted_bytes(tmp_path):
    args = ["mavis-caption", "--n", "240", "--seed", "2", "--chunk-size", "10",
            "--image-size", "224", "--no-progress"]
    ref = tmp_path / "ref"
    assert run(*args, "--out", str(ref)).returncode == 0
    out = tmp_path / "killed"
    p = subprocess.Popen([sys.executable, "-m", "engines.cli", *args, "--out", str(out)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and len(list((out / "data").glob("*.parquet"))) < 5:
        time.sleep(0.02)
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
    partial = len(list((out / "data").glob("*.parquet")))
    assert 0 < partial < 24, partial
    r = run(*args, "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert f'"kept": {partial}' in r.stdout
    assert _digests(out) == _digests(ref)
    assert len(load(out)) == 240
