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


def read_config(out: str | Path) -> dict | None:
    """DIR/build.json, or None when DIR is not a dataset built by mm-data."""
    path = Path(out) / CONFIG_NAME
    return json.loads(path.read_text()) if path.is_file() else None


def load(out: str | Path):
    """The dataset as ``datasets.Dataset`` (the same call users make)."""
    import datasets

    return datasets.load_dataset("parquet", data_files=data_files(out), split="train")


def iter_rows(out: str | Path, columns: Iterable[str] | None = None) -> Iterable[dict[str, Any]]:
    """Rows of a built dataset in order, without the datasets cache (for quick reads)."""
    import pyarrow.parquet as pq

    for f in data_files(out):
        yield from pq.read_table(f, columns=list(columns) if columns else None).to_pylist()
