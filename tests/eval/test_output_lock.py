"""One mm-eval run per --output-path: a second run (another model or the same) is refused with one
line naming the running one, writes nothing, and a killed run's folder is taken over."""
import json
import os
import signal

import pytest

from engines.dataset.lock import HOLDER_NAME, LOCK_NAME, folder_lock, read_holder
from eval.cli import main
from tests.lockholder import busy_line, held_elsewhere

RUN = ("run", "--tasks", "dynamath", "--limit", "2", "--no-progress")


def _names(folder):
    return sorted(p.name for p in folder.iterdir())


def test_run_while_held_is_refused_writing_nothing(tmp_path, run_cli):
    out = tmp_path / "eval"
    with folder_lock(out) as holder:
        r = run_cli(main, *RUN, "--model", "builtin:oracle", "--output-path", str(out))
        assert (r.returncode, r.stdout) == (2, "")
        assert r.stderr == busy_line("mm-eval", "--output-path", out, os.getpid(),
                                     holder["started"])
        assert _names(out) == [LOCK_NAME, HOLDER_NAME]


def test_ablate_while_held_is_refused(tmp_path, run_cli):
    out, model = tmp_path / "ablate", tmp_path / "model"
    model.mkdir()
    with folder_lock(out) as holder:
        r = run_cli(main, "ablate", "causalmm", "--model", str(model), "--tasks", "dynamath",
                    "--output-path", str(out), "--no-progress")
        assert r.returncode == 2
        assert r.stderr == busy_line("mm-eval", "--output-path", out, os.getpid(),
                                     holder["started"])
        assert _names(out) == [LOCK_NAME, HOLDER_NAME]


@pytest.mark.slow
def test_killed_run_is_taken_over_and_a_rerun_adds_no_duplicates(tmp_path, run_cli):
    out = tmp_path / "eval"
    with held_elsewhere(out) as proc:
        r = run_cli(main, *RUN, "--model", "builtin:random", "--output-path", str(out))
        assert r.returncode == 2
        assert r.stderr == busy_line("mm-eval", "--output-path", out, proc.pid,
                                     read_holder(out)["started"])
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    r = run_cli(main, *RUN, "--model", "builtin:oracle", "--output-path", str(out))
    assert r.returncode == 0, r.stderr
    first = json.loads(r.stdout)
    samples = (out / "samples_dynamath.jsonl").read_text().splitlines()
    r = run_cli(main, *RUN, "--model", "builtin:oracle", "--output-path", str(out))
    assert r.returncode == 0 and json.loads(r.stdout) == first
    assert (out / "samples_dynamath.jsonl").read_text().splitlines() == samples
    assert len({json.loads(s)["id"] for s in samples}) == len(samples) == 10
    assert LOCK_NAME in _names(out) and HOLDER_NAME not in _names(out)
    for f in ("results.json", "report.md"):
        assert ".lock" not in (out / f).read_text()
