"""One writer per output folder: the lock API, and mm-data refusing a second build of a folder
(``--overwrite`` too) until the first ends or is killed."""
import json
import os
import signal
import socket

import pytest

from engines.cli import main
from engines.dataset import data_files
from engines.dataset.lock import HOLDER_NAME, LOCK_NAME, FolderBusy, folder_lock, read_holder
from tests.lockholder import busy_line, held_elsewhere

BUILD = ("mavis-caption", "--n", "2", "--image-size", "64", "--seed", "0", "--no-progress")


def _names(folder):
    return sorted(p.name for p in folder.iterdir())


def test_second_holder_is_refused_naming_the_first_and_the_lock_is_free_after(tmp_path):
    out = tmp_path / "out"
    with folder_lock(out, command=["first"]) as holder:
        assert holder["pid"] == os.getpid() and holder["host"] == socket.gethostname()
        assert read_holder(out) == holder
        with pytest.raises(FolderBusy) as e:
            with folder_lock(out):
                pass
        assert str(e.value) == (
            f"{out} is being written by another run (pid {os.getpid()} on "
            f"{socket.gethostname()}, started {holder['started']}); wait for it to end or "
            "choose another folder")
        assert e.value.holder == holder
    assert _names(out) == [LOCK_NAME]  # no holder record left to refuse the next run
    with folder_lock(out):
        pass


def test_build_while_held_is_refused_writing_nothing(tmp_path, run_cli):
    out = tmp_path / "cap"
    with folder_lock(out) as holder:
        r = run_cli(main, *BUILD, "--out", str(out))
        assert (r.returncode, r.stdout) == (2, "")
        assert r.stderr == busy_line("mm-data", "--out", out, os.getpid(), holder["started"])
        assert _names(out) == [LOCK_NAME, HOLDER_NAME]


def test_overwrite_while_a_build_holds_the_folder_is_refused(tmp_path, run_cli):
    out = tmp_path / "cap"
    assert run_cli(main, *BUILD, "--out", str(out)).returncode == 0
    before = {n: (out / n).read_bytes() for n in ("build.json", "README.md")}
    files = {f: open(f, "rb").read() for f in data_files(out)}
    with folder_lock(out) as holder:
        r = run_cli(main, "mavis-caption", "--n", "2", "--image-size", "64", "--seed", "1",
                    "--overwrite", "--no-progress", "--out", str(out))
        assert r.returncode == 2
        assert r.stderr == busy_line("mm-data", "--out", out, os.getpid(), holder["started"])
    assert {n: (out / n).read_bytes() for n in before} == before
    assert {f: open(f, "rb").read() for f in data_files(out)} == files


def test_a_killed_holder_is_taken_over_and_a_rerun_keeps_what_is_built(tmp_path, run_cli):
    out = tmp_path / "cap"
    with held_elsewhere(out) as proc:
        started = read_holder(out)["started"]
        r = run_cli(main, *BUILD, "--out", str(out))
        assert r.returncode == 2
        assert r.stderr == busy_line("mm-data", "--out", out, proc.pid, started)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert read_holder(out)["pid"] == proc.pid  # left by the killed run: names, never refuses
    r = run_cli(main, *BUILD, "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) | {"out": None} == {
        "out": None, "chunks": 1, "built": 1, "kept": 0, "rows_built": 2, "complete": True,
        "failed_units": 0}
    assert _names(out) == [LOCK_NAME, "README.md", "build.json", "data"]
    assert [os.path.basename(f) for f in data_files(out)] == ["train-00000-of-00001.parquet"]
    r = run_cli(main, *BUILD, "--out", str(out))
    assert (r.returncode, json.loads(r.stdout)["built"], json.loads(r.stdout)["kept"]) == (0, 0, 1)


def test_a_folder_holding_only_a_lock_is_not_foreign(tmp_path, run_cli):
    out = tmp_path / "cap"
    with folder_lock(out):
        pass
    r = run_cli(main, *BUILD, "--out", str(out))
    assert r.returncode == 0, r.stderr


def test_a_foreign_folder_is_refused_without_a_lock_dropped_in_it(tmp_path, run_cli):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    r = run_cli(main, *BUILD, "--out", str(out))
    assert r.returncode == 2 and "is not a dataset built here" in r.stderr
    assert _names(out) == ["notes.txt"]


def test_a_cache_build_waits_for_the_run_building_there_then_reads(tmp_path):
    import threading
    import time

    from engines.dataset import BuildConfig, build_rows

    out = tmp_path / "cache"
    cfg = BuildConfig(kind="mavis-caption", n=2, seed=0, image_size=64)
    held, order = threading.Event(), []

    def other_run():
        with folder_lock(out):
            held.set()
            time.sleep(0.5)
            order.append("released")

    t = threading.Thread(target=other_run)
    t.start()
    held.wait()
    rows = build_rows(cfg, out)  # waits on the lock instead of refusing
    order.append("built")
    t.join()
    assert order == ["released", "built"] and len(rows) == 2
    from engines.dataset import build

    other = BuildConfig(kind="mavis-caption", n=2, seed=1, image_size=64)
    with folder_lock(out):  # a build that is not a cache's is refused as before
        with pytest.raises(FolderBusy):
            build(other, out, progress=False, overwrite=True)
