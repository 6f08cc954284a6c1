"""Same seed, same bytes, across refactors: digests of small builds pinned in a fixture.

Each case builds a small dataset through ``mm-data`` (or an evaluation set through its task)
and hashes the content of every row: text cells as UTF-8, images as decoded pixels (so a change
of PNG encoder settings that keeps the pixels does not count, and a change of one pixel does).
The digests in ``tests/fixtures/golden_digests.json`` were taken from the suite before its
structural redesign; a change that moves code must leave them equal. A change that means to alter
data (a fixed caption, a new seed) regenerates them on purpose and says so in its commit:

    MM_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""
from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
from PIL import Image

from engines.cli import main as mm_data

FIXTURE = Path(__file__).parent / "fixtures" / "golden_digests.json"

BUILDS = {
    "mavis-caption": ["mavis-caption", "--n", "40", "--image-size", "96"],
    "mavis-instruct": ["mavis-instruct", "--n", "24", "--image-size", "96"],
    "dpo-pairs": ["dpo-pairs", "--n", "16", "--image-size", "96"],
    "mavis-perception": ["mavis-perception", "--n", "30", "--image-size", "96"],
    "mavis-perception-yes-no": ["mavis-perception", "--n", "30", "--image-size", "96",
                                "--form", "yes-no"],
    "dynamath": ["dynamath", "--seeds", "all", "--variants", "2", "--image-size", "96"],
}
EVAL_SETS = {"mme-synth": 18, "pope-synth": 18, "comfort-ball": 12, "comfort-car": 12,
             "mavis-heldout": 8}


def _cell_bytes(v) -> bytes:
    if isinstance(v, dict) and "bytes" in v:  # a datasets.Image cell
        return _pixels(Image.open(io.BytesIO(v["bytes"])))
    return json.dumps(v, sort_keys=True, default=str).encode()


def _pixels(img: Image.Image) -> bytes:
    a = np.asarray(img)
    return f"{img.mode}{a.shape}".encode() + a.tobytes()


def _dataset_digest(out: Path) -> str:
    h = hashlib.sha256()
    for f in sorted((out / "data").glob("*.parquet")):
        for row in pq.read_table(f).to_pylist():
            for k in sorted(row):
                h.update(k.encode())
                h.update(_cell_bytes(row[k]))
    return h.hexdigest()


def _eval_set_digest(name: str, n: int, work: Path) -> str:
    from eval.task import TaskContext, get_task

    task = get_task(name)
    h = hashlib.sha256()
    for doc in task.docs(TaskContext(limit=n, seed=0, work=work)):
        h.update(str(doc["id"]).encode())
        h.update(task.prompt(doc).encode())
        h.update(json.dumps(task.oracle(doc), sort_keys=True, default=str).encode())
        h.update(_pixels(task.image(doc)))
    return h.hexdigest()


def _pinned() -> dict:
    return json.loads(FIXTURE.read_text()) if FIXTURE.exists() else {}


def _check(name: str, digest: str) -> None:
    if os.environ.get("MM_UPDATE_GOLDEN") == "1":
        pinned = _pinned()
        pinned[name] = digest
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        FIXTURE.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n")
        return
    assert name in _pinned(), f"no pinned digest for {name}; run with MM_UPDATE_GOLDEN=1"
    assert digest == _pinned()[name], f"{name}: rows differ from the pinned build"


# the 510-seed DynaMath build is the one that takes seconds: make test's, not the inner loop's
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n == "dynamath"
                                  else n for n in sorted(BUILDS)])
def test_build_digest(name, tmp_path):
    out = tmp_path / name
    with pytest.raises(SystemExit) as e:
        mm_data(BUILDS[name] + ["--out", str(out), "--seed", "3", "--no-progress"])
    assert e.value.code == 0
    _check(name, _dataset_digest(out))


@pytest.mark.parametrize("name", sorted(EVAL_SETS))
def test_eval_set_digest(name, tmp_path):
    _check(f"eval:{name}", _eval_set_digest(name, EVAL_SETS[name], tmp_path))
