"""Output folders of ``mm-data`` builds and ``mm-train`` stages: checked before any work.

An ``--out`` that is a file, lies under a file, or cannot be created is refused at once with
``OutDirError`` naming the path (not a traceback from deep inside a writer). A folder that
exists but cannot be written is not an error by itself: a finished build or stage in it is
re-checked read-only (``writable`` tells the caller which case it is in).

    python -c "from engines.dataset.outdir import check_out_dir; print(check_out_dir('data/x'))"
"""
from __future__ import annotations

import errno
import os
from pathlib import Path


class OutDirError(ValueError):
    """An output folder that cannot be used; the message names the path."""


def writable(path: str | Path) -> bool:
    """Files can be created in the folder ``path`` (the OS's answer for this user)."""
    return os.access(path, os.W_OK | os.X_OK)


def check_out_dir(out: str | Path) -> bool:
    """Raise ``OutDirError`` when ``out`` cannot be an output folder; else return whether it
    can be written (False: an existing folder that can only be read)."""
    out = Path(out)
    try:
        return _check_out_dir(out)
    except OSError as e:  # a name too long for the file system, a loop of links...
        raise OutDirError(f"cannot create {out}: {e.strerror or e}") from None


def _check_out_dir(out: Path) -> bool:
    if out.exists() and not out.is_dir():
        raise OutDirError(f"{out} is a file, not a folder")
    if out.is_dir():
        return writable(out)
    parent = out.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise OutDirError(f"cannot create {out}: {parent} is a file, not a folder")
    if not writable(parent):
        raise OutDirError(f"cannot create {out}: {parent} is read-only")
    # a name the file system cannot hold, refused before its parent folders are made
    limit = os.pathconf(parent, "PC_NAME_MAX")
    if any(len(os.fsencode(part)) > limit for part in out.relative_to(parent).parts):
        raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))
    return True


def out_file_problem(path: str | Path) -> str | None:
    """What keeps ``path`` from being written as an output file (a sheet, a probe's result),
    checked before the work that makes it; None when nothing does. Its folder must exist (a
    file on the way is named) and be writable, and the file, if there, writable."""
    path = Path(path)
    folder = path.parent
    if not folder.is_dir():
        above = next(p for p in path.parents if p.exists() or p == p.parent)
        if above.exists() and not above.is_dir():
            return f"{above} is not a folder"
        return f"folder {folder} does not exist"
    if not writable(folder) or (path.exists() and not os.access(path, os.W_OK)):
        return "cannot write there (read-only)"
    return None
