"""One writer per output folder: ``mm-data`` builds, ``mm-train`` stage and pipeline folders and
``mm-eval`` output paths each hold ``OUT/.lock`` while they write.

Two runs writing one folder would mix their files (two models' samples in one log, chunks of two
seeds under one card), so a second writer is refused at once with ``FolderBusy`` naming the
holder. The lock is an OS-level ``flock`` (the ``filelock`` package): the kernel drops it when
the holding process ends, however it ends, so a folder left by a killed run is taken over by the
next one. ``OUT/.lock.json`` names the holder (pid, host, start time, command) while it holds the
lock; it is read only to word the refusal, so one left by a killed run refuses nobody. Neither
file is content: readers look at ``data/*.parquet``, ``samples_*.jsonl``, ``metrics.json`` and
the like by name.

    mm-data mavis-caption --n 1000 --out data/cap   # a second one into data/cap meanwhile: exit 2
"""
from __future__ import annotations

import json
import os
import socket
import sys
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

LOCK_NAME = ".lock"
HOLDER_NAME = ".lock.json"
LOCK_FILES = frozenset({LOCK_NAME, HOLDER_NAME})


class FolderBusy(RuntimeError):
    """Another run holds the output folder's lock; the message names the folder and holder."""

    def __init__(self, folder: Path, holder: dict | None):
        self.folder, self.holder = folder, holder
        super().__init__(f"{folder} is being written by another run ({describe(holder)}); "
                         "wait for it to end or choose another folder")


def describe(holder: dict | None) -> str:
    """``pid 123 on host, started 2025-01-02T03:04:05+00:00`` (or that the holder is unknown:
    it took the lock a moment ago and has not written its name yet)."""
    if not holder:
        return "holder not recorded yet"
    return (f"pid {holder.get('pid')} on {holder.get('host')}, "
            f"started {holder.get('started')}")


def read_holder(folder: str | Path) -> dict | None:
    """The holder named in ``folder/.lock.json``, or None (no file, or cut mid-write)."""
    try:
        return json.loads((Path(folder) / HOLDER_NAME).read_text())
    except (OSError, ValueError):
        return None


def _main_process() -> bool:
    # Under accelerate launch / torchrun every process runs the same command into the same
    # folder; the main one holds the lock for all of them.
    return int(os.environ.get("RANK", 0)) == 0


@contextmanager
def folder_lock(folder: str | Path, command: list[str] | None = None, wait: bool = False
                ) -> Iterator[dict | None]:
    """Hold ``folder``'s lock for the block (creating ``folder``); yields the holder record.

    Raises ``FolderBusy`` at once, without waiting or writing anything, when another process
    (or another ``folder_lock`` in this one) holds it; with ``wait``, waits for it instead
    (a cache that two runs fill: the second reads what the first built)."""
    from filelock import FileLock, Timeout

    folder = Path(folder)
    if not _main_process():
        yield None
        return
    folder.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(folder / LOCK_NAME))
    try:
        lock.acquire(timeout=-1 if wait else 0)
    except Timeout:
        raise FolderBusy(folder, read_holder(folder)) from None
    holder = {"pid": os.getpid(), "host": socket.gethostname(),
              "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
              "command": list(sys.argv if command is None else command)}
    holder_path = folder / HOLDER_NAME
    try:
        tmp = holder_path.with_name(f"{HOLDER_NAME}.tmp{os.getpid()}")
        tmp.write_text(json.dumps(holder, indent=1))
        os.replace(tmp, holder_path)  # a refused run never reads half a record
        yield holder
    finally:
        # the record goes first: once the lock is free, a record would name a run that ended
        holder_path.unlink(missing_ok=True)
        lock.release()
