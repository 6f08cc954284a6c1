"""Read-only re-checks: rerunning a finished mm-data build or mm-train stage reports it complete
and writes nothing (no build.json, card, lock or metrics rewritten), in a folder that cannot be
written too; an unfinished one there is one line naming --out.

The tests may run as root, for whom chmod does not stop writes: the folders are made read-only
and every file's bytes, mtime and inode are compared before and after, so a write shows either
way."""
import json
import os
import stat
from pathlib import Path

import pytest

from engines.cli import main as mm_data
from train.cli import main as mm_train

ROOT = Path(__file__).resolve().parents[2]
DATA = ["mavis-caption", "--n", "4", "--chunk-size", "2", "--families", "chart",
        "--no-progress"]


def snapshot(folder: Path) -> dict:
    """Every path under ``folder`` with its bytes, mtime and inode."""
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(folder))] = (st.st_mtime_ns, st.st_ino,
                                           p.read_bytes() if p.is_file() else None)
    return out


def read_only(folder: Path) -> None:
    for p in [folder, *folder.rglob("*")]:
        p.chmod(p.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def writable_again(folder: Path) -> None:
    for p in [folder, *folder.rglob("*")]:
        p.chmod(p.stat().st_mode | stat.S_IWUSR)


def test_finished_build_rechecks_without_writing(tmp_path, run_cli):
    out = tmp_path / "d"
    first = run_cli(mm_data, *DATA, "--out", str(out))
    assert first.returncode == 0, first.stderr
    (out / ".lock").unlink()  # the first run's lock file: the rerun must not make one
    before = snapshot(out)
    read_only(out)
    try:
        r = run_cli(mm_data, *DATA, "--out", str(out))
    finally:
        writable_again(out)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"out": str(out), "chunks": 2, "built": 0, "kept": 2,
                                    "rows_built": 0, "complete": True, "failed_units": 0}
    assert snapshot(out) == before


def test_unfinished_build_in_a_read_only_folder_is_one_line(tmp_path, run_cli, monkeypatch):
    from engines.dataset import outdir

    out = tmp_path / "d"
    assert run_cli(mm_data, *DATA, "--out", str(out)).returncode == 0
    (out / "data" / "train-00001-of-00002.parquet").unlink()
    before = snapshot(out)
    monkeypatch.setattr(outdir, "writable", lambda p: Path(p) != out)
    r = run_cli(mm_data, *DATA, "--out", str(out))
    assert r.returncode == 2
    assert r.stderr == (f"mm-data: error: argument --out: {out} is read-only and its build is "
                        "not finished; make it writable or choose another folder\n")
    assert snapshot(out) == before


def test_stale_card_is_rewritten_and_an_unchanged_one_is_not(tmp_path, run_cli):
    out = tmp_path / "d"
    assert run_cli(mm_data, *DATA, "--out", str(out)).returncode == 0
    card = out / "README.md"
    text = card.read_text()
    card.write_text("edited")
    assert run_cli(mm_data, *DATA, "--out", str(out)).returncode == 0
    assert card.read_text() == text
    mtime = card.stat().st_mtime_ns
    assert run_cli(mm_data, *DATA, "--out", str(out)).returncode == 0
    assert card.stat().st_mtime_ns == mtime


@pytest.mark.slow
def test_finished_stage_rechecks_without_writing(tmp_path, run_cli):
    argv = ["stage1", "--recipe", str(ROOT / "configs" / "tiny" / "stage1.yaml"),
            "--no-progress", "--set", "max_steps=2", "data_n=16", "eval_n=8"]
    out = tmp_path / "s1"
    first = run_cli(mm_train, *argv, "--out", str(out))
    assert first.returncode == 0, first.stderr
    (out / ".lock").unlink()
    before = snapshot(out)
    read_only(out)
    try:
        r = run_cli(mm_train, *argv, "--out", str(out))
    finally:
        writable_again(out)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["trained"] is False
    assert json.loads(r.stdout)["final_loss"] == json.loads(first.stdout)["final_loss"]
    assert snapshot(out) == before
    assert not os.path.exists(tmp_path / "s1.previous")
