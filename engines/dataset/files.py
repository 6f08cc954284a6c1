"""Where a built dataset's files lie, and reading them back.

    DIR/build.json                          the content config (BuildConfig)
    DIR/README.md                           the dataset card
    DIR/data/train-<c>-of-<C>.parquet       chunk c of C
    DIR/data/errors-<c>.json                the units of chunk c that failed
    DIR/.lock, DIR/.lock.json               the running build's lock and its holder (not content)

    python -c "from engines.dataset import load; print(load('data/cap'))"
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

CARD_NAME = "README.md"
CONFIG_NAME = "build.json"


def chunk_path(out: Path, c: int, n_chunks: int) -> Path:
    return Path(out) / "data" / f"train-{c:05d}-of-{n_chunks:05d}.parquet"


def data_files(out: str | Path) -> list[str]:
    return sorted(str(p) for p in (Path(out) / "data").glob("*.parquet"))


class CorruptFile(ValueError):
    """A file of a built dataset that cannot be read back (cut short, overwritten, edited);
    the message names it and says how to rebuild."""

    def __init__(self, path: Path, why: str):
        self.path, self.why = path, why
        super().__init__(f"{path}: {why}; {rebuild_hint(path)}")


def rebuild_hint(path: Path) -> str:
    """How to rebuild the dataset holding ``path`` (its build.json or a file under data/):
    ``--overwrite`` of the ``mm-data`` command of its kind, named because the commands that
    read a dataset (``mm-data card``, ``mm-eval --data``) have no such flag."""
    from engines.dataset.config import BUILDERS

    path = Path(path)
    folder = path.parent if path.name == CONFIG_NAME else path.parent.parent
    try:
        kind = json.loads((folder / CONFIG_NAME).read_text()).get("kind")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        kind = None
    if isinstance(kind, str) and kind in BUILDERS:
        return f"pass --overwrite to mm-data {kind} to rebuild the dataset"
    return "pass --overwrite to its mm-data build command to rebuild the dataset"


def read_json(path: Path) -> Any:
    """A JSON file of the dataset, or ``CorruptFile`` naming it."""
    try:
        return json.loads(path.read_text())
    except (UnicodeDecodeError, ValueError) as e:
        raise CorruptFile(path, f"not valid JSON ({str(e).splitlines()[0]})") from None


def read_config(out: str | Path) -> dict | None:
    """DIR/build.json, or None when DIR is not a dataset built by mm-data; ``CorruptFile``
    when the file is there but is not a build config."""
    path = Path(out) / CONFIG_NAME
    if not path.is_file():
        return None
    cfg = read_json(path)
    if not isinstance(cfg, dict) or not isinstance(cfg.get("kind"), str):
        raise CorruptFile(path, "not a build config (a JSON object with a 'kind')")
    return cfg


def chunk_rows(path: Path) -> int:
    """Rows of a chunk file, read from its parquet footer alone (cheap: no data pages), or
    ``CorruptFile`` naming it when it is cut short or not parquet."""
    import pyarrow.parquet as pq

    try:
        return pq.read_metadata(path).num_rows
    except Exception as e:  # pyarrow raises ArrowInvalid, OSError or its own errors here
        raise CorruptFile(path, f"not a readable parquet file ({str(e).splitlines()[0]})"
                          ) from None


def load(out: str | Path):
    """The dataset as ``datasets.Dataset`` (the same call users make)."""
    import datasets

    return datasets.load_dataset("parquet", data_files=data_files(out), split="train")


def iter_rows(out: str | Path, columns: Iterable[str] | None = None) -> Iterable[dict[str, Any]]:
    """Rows of a built dataset in order, without the datasets cache (for quick reads)."""
    import pyarrow.parquet as pq

    for f in data_files(out):
        yield from pq.read_table(f, columns=list(columns) if columns else None).to_pylist()
