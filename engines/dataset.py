"""Sharded, resumable, deterministic writer of HF datasets (parquet shards + dataset card).

A build is ``n`` rows made by a ``Builder`` from numbered units (unit u -> a few rows, from an
RNG seeded by (seed, kind, u) alone). Units are grouped into fixed chunks; chunk c is written to
``DIR/data/train-<c>-of-<C>.parquet`` atomically (temp file + rename). Because a chunk's bytes
depend only on (config, c):

- ``--shard-index i --num-shards k`` builds chunks c with c % k == i; the union of the k shard
  runs is byte-identical to one run;
- a rerun after a kill keeps finished chunk files and makes only the missing ones;
- ``--num-proc P`` spreads chunks over P processes without changing a byte.

``DIR/build.json`` pins the content config; a DIR built with another config is refused unless
``overwrite``. ``DIR/README.md`` is the dataset card (config in its YAML header, counts).

    mm-data mavis-caption --n 1000 --out data/cap --seed 0
"""
from __future__ import annotations

import io
import json
import multiprocessing as mp
import os
import shutil
import struct
import zlib
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable

import numpy as np

CARD_NAME = "README.md"
CONFIG_NAME = "build.json"


@dataclass
class BuildConfig:
    """What determines the bytes of a dataset (sharding and process count do not)."""

    kind: str
    n: int
    seed: int = 0
    image_size: int = 336
    families: list[str] = field(default_factory=list)
    chunk_size: int = 256  # units per parquet file
    options: dict = field(default_factory=dict)  # kind-specific settings

    def __post_init__(self) -> None:
        if self.n <= 0:
            raise ValueError(f"n must be positive, got {self.n}")
        if not 32 <= self.image_size <= 4096:
            raise ValueError(f"image_size must be in [32, 4096], got {self.image_size}")
        if self.chunk_size <= 0:
            raise ValueError(f"chunk_size must be positive, got {self.chunk_size}")

    def to_dict(self) -> dict:
        return asdict(self)


class Builder:
    """Makes the rows of one dataset kind. Subclasses set ``kind``, ``features()``,
    ``unit_rows(cfg, u)`` and, when a unit makes several rows, ``unit_size(cfg)``;
    ``count_columns`` feed the card."""

    kind: str = ""
    count_columns: tuple[str, ...] = ("family",)
    description: str = ""

    def features(self, cfg: BuildConfig):
        raise NotImplementedError

    def unit_rows(self, cfg: BuildConfig, u: int) -> list[dict]:
        raise NotImplementedError

    def unit_size(self, cfg: BuildConfig) -> int:
        """Rows per unit (the last unit is cut so that the build has exactly n rows)."""
        return 1

    def n_units(self, cfg: BuildConfig) -> int:
        return -(-cfg.n // self.unit_size(cfg))

    def validate(self, cfg: BuildConfig) -> None:
        """Raise ValueError naming the bad setting."""


BUILDERS: dict[str, Builder] = {}


def register_builder(cls: type[Builder]) -> type[Builder]:
    if cls.kind in BUILDERS:
        raise ValueError(f"dataset builder {cls.kind!r} is registered twice")
    BUILDERS[cls.kind] = cls()
    return cls


def get_builder(kind: str) -> Builder:
    import engines.builders  # noqa: F401  (these imports register the builders)
    import engines.dynamath.builder  # noqa: F401

    if kind not in BUILDERS:
        raise KeyError(f"unknown dataset kind {kind!r}; valid: {', '.join(sorted(BUILDERS))}")
    return BUILDERS[kind]


# ----------------------------------------------------------------------------- seeds & images

_STREAMS = {"mavis-caption": 1, "mavis-instruct": 2, "dpo-pairs": 3, "dynamath": 4,
            "mme-synth": 5, "pope-synth": 6, "comfort": 7, "mavis-perception": 8}


def unit_seed(seed: int, kind: str, u: int) -> int:
    """A 63-bit seed for unit ``u`` that depends on nothing else (order- and shard-free)."""
    stream = _STREAMS.get(kind) or int.from_bytes(kind.encode()[:8].ljust(8, b"\0"), "little")
    state = np.random.SeedSequence([int(seed), stream, int(u)]).generate_state(2, np.uint32)
    return int((int(state[0]) << 31) ^ int(state[1])) & ((1 << 63) - 1)


_PNG_COLOR_TYPE = {"L": 0, "RGB": 2, "RGBA": 6}


def _png_chunk(tag: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + tag + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))


def png_bytes(img) -> bytes:
    """Lossless PNG bytes of an 8-bit L/RGB/RGBA image (other modes go through Pillow).

    Written here because Pillow's encoder always runs PNG's adaptive per-row filter search on
    RGB images and has no option to skip it; on flat-colour diagrams that search costs more
    than the compression itself. Filter 0 (none) with zlib level 3 is ~2.5x faster and the
    files are ~10% smaller (bench/bench_dynamath.py; the bytes decode to the same pixels,
    tests/engines/test_dataset.py)."""
    ctype = _PNG_COLOR_TYPE.get(img.mode)
    if ctype is None:
        buf = io.BytesIO()
        img.save(buf, format="PNG", compress_level=3)
        return buf.getvalue()
    w, h = img.size
    rows = np.asarray(img, dtype=np.uint8).reshape(h, -1)
    raw = np.zeros((h, rows.shape[1] + 1), np.uint8)  # column 0: each row's filter byte (0)
    raw[:, 1:] = rows
    ihdr = struct.pack(">IIBBBBB", w, h, 8, ctype, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr)
            + _png_chunk(b"IDAT", zlib.compress(raw.tobytes(), 3)) + _png_chunk(b"IEND", b""))


def image_cell(img) -> dict:
    return {"bytes": png_bytes(img), "path": None}


# ----------------------------------------------------------------------------- build


def chunk_path(out: Path, c: int, n_chunks: int) -> Path:
    return out / "data" / f"train-{c:05d}-of-{n_chunks:05d}.parquet"


def _write_chunk(args: tuple) -> tuple[int, int, list[dict]]:
    """Worker: make and write one chunk; returns (chunk, rows written, error records)."""
    kind, cfg_dict, out, c, n_chunks = args
    import datasets

    datasets.disable_progress_bars()  # one bar per build (ours), not one per parquet file

    cfg = BuildConfig(**cfg_dict)
    builder = get_builder(kind)
    n_units, k = builder.n_units(cfg), builder.unit_size(cfg)
    rows, errors = [], []
    for u in range(c * cfg.chunk_size, min((c + 1) * cfg.chunk_size, n_units)):
        try:
            for j, row in enumerate(builder.unit_rows(cfg, u)):
                if u * k + j < cfg.n:
                    rows.append(row)
        except Exception as e:  # record the bad unit and go on (batch-job rule)
            errors.append({"unit": u, "error": f"{type(e).__name__}: {e}"})
    path = chunk_path(Path(out), c, n_chunks)
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    ds = datasets.Dataset.from_list(rows, features=builder.features(cfg))
    ds.to_parquet(str(tmp))
    if errors:
        (path.parent / f"errors-{c:05d}.json").write_text(json.dumps(errors, indent=1))
    os.replace(tmp, path)
    return c, len(rows), errors


def build(cfg: BuildConfig, out: str | Path, num_proc: int = 1, shard_index: int = 0,
          num_shards: int = 1, overwrite: bool = False, progress: bool = True) -> dict:
    """Build (or complete) the chunks of this shard; returns a summary dict."""
    builder = get_builder(cfg.kind)
    builder.validate(cfg)
    if not 0 <= shard_index < num_shards:
        raise ValueError(f"shard_index must be in [0, {num_shards}), got {shard_index}")
    out = Path(out)
    _claim_dir(out, cfg, overwrite)
    n_units = builder.n_units(cfg)
    n_chunks = -(-n_units // cfg.chunk_size)
    mine = [c for c in range(n_chunks) if c % num_shards == shard_index]
    todo = [c for c in mine if not chunk_path(out, c, n_chunks).exists()]
    for stale in (out / "data").glob("*.tmp*"):
        stale.unlink()
    rows_per_chunk = cfg.chunk_size * builder.unit_size(cfg)
    total = sum(min(rows_per_chunk, cfg.n - c * rows_per_chunk) for c in todo)
    jobs = [(cfg.kind, cfg.to_dict(), str(out), c, n_chunks) for c in todo]
    bar = _progress(total, f"{cfg.kind} shard {shard_index}/{num_shards}", progress)
    errors: list[dict] = []
    done_rows = 0
    if num_proc > 1 and len(jobs) > 1:
        with mp.get_context("fork").Pool(num_proc) as pool:
            for _, n_rows, errs in pool.imap_unordered(_write_chunk, jobs):
                bar.update(n_rows)
                done_rows += n_rows
                errors += errs
    else:
        for job in jobs:
            _, n_rows, errs = _write_chunk(job)
            bar.update(n_rows)
            done_rows += n_rows
            errors += errs
    bar.close()
    card = write_card(out)
    return {"out": str(out), "chunks": n_chunks, "built": len(todo),
            "kept": len(mine) - len(todo), "rows_built": done_rows, "errors": errors,
            "complete": card["complete"]}


def _progress(total: int, desc: str, enabled: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="sample", disable=not enabled, smoothing=0.1,
                dynamic_ncols=True)


def _claim_dir(out: Path, cfg: BuildConfig, overwrite: bool) -> None:
    cfg_file = out / CONFIG_NAME
    want = json.dumps(cfg.to_dict(), indent=1, sort_keys=True)
    if cfg_file.exists():
        have = cfg_file.read_text()
        if have != want:
            if not overwrite:
                old = json.loads(have)
                diff = sorted(k for k in set(old) | set(cfg.to_dict())
                              if old.get(k) != cfg.to_dict().get(k))
                raise FileExistsError(
                    f"{out} holds a dataset built with another config (differs in: "
                    f"{', '.join(diff)}); pass --overwrite to replace it")
            shutil.rmtree(out / "data", ignore_errors=True)
    elif out.exists() and any(out.iterdir()) and not overwrite:
        raise FileExistsError(f"{out} exists and is not a dataset built here; pass --overwrite "
                              "to replace it")
    elif out.exists() and overwrite:
        shutil.rmtree(out / "data", ignore_errors=True)
    (out / "data").mkdir(parents=True, exist_ok=True)
    cfg_file.write_text(want)


# ----------------------------------------------------------------------------- card


def data_files(out: str | Path) -> list[str]:
    return sorted(str(p) for p in (Path(out) / "data").glob("*.parquet"))


def load(out: str | Path):
    """The dataset as ``datasets.Dataset`` (the same call users make)."""
    import datasets

    return datasets.load_dataset("parquet", data_files=data_files(out), split="train")


def write_card(out: str | Path) -> dict:
    """Write DIR/README.md from build.json and the chunks present; returns the counts."""
    import pyarrow.parquet as pq

    out = Path(out)
    cfg = json.loads((out / CONFIG_NAME).read_text())
    builder = get_builder(cfg["kind"])
    n_units = builder.n_units(BuildConfig(**cfg))
    n_chunks = -(-n_units // cfg["chunk_size"])
    files = [chunk_path(out, c, n_chunks) for c in range(n_chunks)]
    present = [f for f in files if f.exists()]
    counts: dict[str, Counter] = {col: Counter() for col in builder.count_columns}
    n_rows = 0
    for f in present:
        t = pq.read_table(f, columns=list(builder.count_columns))
        n_rows += t.num_rows
        for col in builder.count_columns:
            for v in t.column(col).to_pylist():
                for item in (v if isinstance(v, list) else [v]):
                    counts[col][str(item)] += 1
    errors = []
    for e in sorted((out / "data").glob("errors-*.json")):
        errors += json.loads(e.read_text())
    complete = len(present) == n_chunks
    header = {
        "configs": [{"config_name": "default",
                     "data_files": [{"split": "train", "path": "data/*.parquet"}]}],
        "build_config": cfg,
        "num_rows": n_rows,
        "complete": complete,
    }
    import yaml

    lines = ["---", yaml.safe_dump(header, sort_keys=True).rstrip(), "---", "",
             f"# {cfg['kind']}", "", builder.description, "",
             f"- rows: {n_rows} of {cfg['n']} "
             f"({len(present)} of {n_chunks} chunk files present"
             f"{'' if complete else '; build not complete: rerun the same command'})",
             f"- seed: {cfg['seed']}, image size: {cfg['image_size']} px",
             f"- failed units: {len(errors)}" + (" (see data/errors-*.json)" if errors else ""),
             "", "Load it with:", "", "```python", "import datasets",
             f"ds = datasets.load_dataset(\"parquet\", data_files=\"{out.name}/data/*.parquet\", "
             "split=\"train\")", "```", ""]
    for col, cnt in counts.items():
        lines += [f"## Counts by {col}", "", f"| {col} | rows |", "|---|---:|"]
        lines += [f"| {k} | {v} |" for k, v in sorted(cnt.items())]
        lines.append("")
    (out / CARD_NAME).write_text("\n".join(lines))
    return {"rows": n_rows, "complete": complete,
            "counts": {k: dict(v) for k, v in counts.items()}}


def iter_rows(out: str | Path, columns: Iterable[str] | None = None) -> Iterable[dict[str, Any]]:
    """Rows of a built dataset in order, without the datasets cache (for quick reads)."""
    import pyarrow.parquet as pq

    for f in data_files(out):
        yield from pq.read_table(f, columns=list(columns) if columns else None).to_pylist()

