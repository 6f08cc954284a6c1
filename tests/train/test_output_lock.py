"""One mm-train run per --out (a stage folder or a pipeline folder): a second one is refused with
one line naming the running one and writes nothing; a killed run's folder is taken over."""
import json
import os
import signal

import pytest

from engines.dataset.lock import HOLDER_NAME, LOCK_NAME, folder_lock, read_holder
from tests.lockholder import busy_line, held_elsewhere
from train.cli import main
from train.pipeline import CONFIGS

STAGE1 = ("stage1", "--recipe", str(CONFIGS / "tiny" / "stage1.yaml"), "--no-progress",
          "--set", "max_steps=2", "data_n=16", "eval_n=8")


def _names(folder):
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("argv", [STAGE1, ("pipeline", "--preset", "tiny", "--no-progress")],
                         ids=["stage", "pipeline"])
def test_a_run_into_a_held_folder_is_refused_writing_nothing(tmp_path, run_cli, argv):
    out = tmp_path / "run"
    with folder_lock(out) as holder:
        r = run_cli(main, *argv, "--out", str(out))
        assert (r.returncode, r.stdout) == (2, "")
        assert r.stderr == busy_line("mm-train", "--out", out, os.getpid(), holder["started"])
        assert _names(out) == [LOCK_NAME, HOLDER_NAME]


@pytest.mark.slow
def test_a_killed_stage_is_taken_over_and_a_changed_recipe_keeps_the_lock(tmp_path, run_cli):
    out = tmp_path / "s1"
    with held_elsewhere(out) as proc:
        r = run_cli(main, *STAGE1, "--out", str(out))
        assert r.returncode == 2
        assert r.stderr == busy_line("mm-train", "--out", out, proc.pid,
                                     read_holder(out)["started"])
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    r = run_cli(main, *STAGE1, "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["trained"] is True
    r = run_cli(main, *STAGE1, "--out", str(out))
    assert r.returncode == 0 and json.loads(r.stdout)["trained"] is False
    # another recipe moves the stage aside but not its lock: the folder stays this run's
    r = run_cli(main, *STAGE1[:-3], "max_steps=1", "data_n=16", "eval_n=8", "--out", str(out))
    assert r.returncode == 0 and json.loads(r.stdout)["steps"] == 1
    assert LOCK_NAME not in _names(tmp_path / "s1.previous")
    assert LOCK_NAME in _names(out) and HOLDER_NAME not in _names(out)
