"""Holding an output folder's lock from another process, for the one-writer-per-folder tests.

    with held_elsewhere(tmp_path / "out") as proc: ...   # proc.pid holds it; proc.kill() frees it
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_HOLD = ("import sys, time\n"
         "from engines.dataset.lock import folder_lock\n"
         "with folder_lock(sys.argv[1], command=['holder']):\n"
         "    print('held', flush=True)\n"
         "    time.sleep(600)\n")


@contextmanager
def held_elsewhere(folder: Path):
    """A child process holding ``folder``'s lock (killed on exit if still alive)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", _HOLD, str(folder)], stdout=subprocess.PIPE,
                            text=True, env=env)
    try:
        assert proc.stdout.readline().strip() == "held"
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        proc.stdout.close()


def busy_line(prog: str, flag: str, folder: Path, pid: int, started: str) -> str:
    """The one line a CLI writes when another run on this host holds ``folder``."""
    return (f"{prog}: error: argument {flag}: {folder} is being written by another run "
            f"(pid {pid} on {socket.gethostname()}, started {started}); wait for it to end or "
            "choose another folder\n")
