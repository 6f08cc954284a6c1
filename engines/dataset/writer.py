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
``overwrite``. ``DIR/README.md`` is the dataset card (config in its YAML header, counts). A build
holds ``DIR/.lock`` (engines/dataset/lock.py) from before it claims DIR until its card is written:
a second build of DIR meanwhile, ``overwrite`` or not, is refused with ``FolderBusy``.

A rerun checks what is there before it writes: a build.json, chunk or errors file that cannot be
read back is ``CorruptFile`` naming it (``overwrite`` rebuilds it). A rerun that finds the
build finished (same config, every chunk of its shard readable, the card up to date) writes
nothing, not even the lock, so a finished dataset re-checks in a read-only folder.

    mm-data mavis-caption --n 1000 --out data/cap --seed 0
"""
from __future__ import annotations

import json
import multiprocessing as mp
import os
import shutil
import tempfile
from pathlib import Path

from engines.dataset.card import card_text, write_card
from engines.dataset.config import BuildConfig, get_builder
from engines.dataset.files import (CARD_NAME, CONFIG_NAME, CorruptFile, chunk_path, chunk_rows,
                                   iter_rows, read_config, read_json)
from engines.dataset.lock import LOCK_FILES, folder_lock
from engines.dataset.outdir import OutDirError, check_out_dir


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
    features = builder.features(cfg)
    # a chunk whose every unit failed is written empty (with its columns): the chunk is done,
    # its errors file names each unit's own error, and a rerun does not make it again
    ds = (datasets.Dataset.from_list(rows, features=features) if rows else
          datasets.Dataset.from_dict({k: [] for k in features}, features=features))
    ds.to_parquet(str(tmp))
    if errors:
        (path.parent / f"errors-{c:05d}.json").write_text(json.dumps(errors, indent=1))
    os.replace(tmp, path)
    return c, len(rows), errors


def build(cfg: BuildConfig, out: str | Path, num_proc: int = 1, shard_index: int = 0,
          num_shards: int = 1, overwrite: bool = False, progress: bool = True,
          wait: bool = False) -> dict:
    """Build (or complete) the chunks of this shard; returns a summary dict. A folder another
    run is writing raises ``FolderBusy``, or with ``wait`` is waited for and then completed
    (nothing left to build when the other run built the same config)."""
    builder = get_builder(cfg.kind)
    builder.validate(cfg)
    if not 0 <= shard_index < num_shards:
        raise ValueError(f"shard_index must be in [0, {num_shards}), got {shard_index}")
    out = Path(out)
    can_write = check_out_dir(out)
    # before locking: no .lock dropped into a stranger's folder
    _refuse_foreign(out, cfg.kind, overwrite)
    finished = _finished(builder, cfg, out, shard_index, num_shards, overwrite)
    if finished is not None:
        return finished
    if not can_write:
        raise OutDirError(f"{out} is read-only and its build is not finished; make it "
                          "writable or choose another folder")
    try:  # the OS's word on what the checks above cannot judge (a folder in /proc, say)
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutDirError(f"cannot create {out}: {e.strerror or e}") from None
    with folder_lock(out, wait=wait):
        return _build_locked(builder, cfg, out, num_proc, shard_index, num_shards, overwrite,
                             progress)


def _want(cfg: BuildConfig) -> str:
    """build.json's text for ``cfg``."""
    return json.dumps(cfg.to_dict(), indent=1, sort_keys=True)


def _chunk_limit(builder, cfg: BuildConfig, c: int) -> int:
    """The rows chunk c holds when none of its units failed."""
    per = cfg.chunk_size * builder.unit_size(cfg)
    return min(per, cfg.n - c * per)


def _check_chunk(builder, cfg: BuildConfig, path: Path, c: int) -> None:
    """``CorruptFile`` when chunk c's file (or its record of failed units) is unreadable or
    holds more rows than it can."""
    rows = chunk_rows(path)
    if rows > _chunk_limit(builder, cfg, c):
        raise CorruptFile(path, f"holds {rows} rows, more than chunk {c} can "
                          f"({_chunk_limit(builder, cfg, c)})")
    errors = path.parent / f"errors-{c:05d}.json"
    if errors.exists() and not isinstance(read_json(errors), list):
        raise CorruptFile(errors, "not a list of failed units")


def _finished(builder, cfg: BuildConfig, out: Path, shard_index: int, num_shards: int,
              overwrite: bool) -> dict | None:
    """The summary of a rerun that has nothing to write (same config, every chunk of this
    shard present and readable, the card up to date), found by reading alone; else None."""
    cfg_file = out / CONFIG_NAME
    if not cfg_file.is_file():
        return None
    try:
        read_config(out)
        if cfg_file.read_text() != _want(cfg):
            return None
        n_chunks = -(-builder.n_units(cfg) // cfg.chunk_size)
        mine = [c for c in range(shard_index, n_chunks, num_shards)]
        for c in mine:
            path = chunk_path(out, c, n_chunks)
            if not path.is_file():
                return None
            _check_chunk(builder, cfg, path, c)
        text, info = card_text(out)
    except CorruptFile:
        if overwrite:
            return None  # rebuilt under the lock
        raise
    card = out / CARD_NAME
    if not card.is_file() or card.read_text(errors="replace") != text:
        return None
    return {"out": str(out), "chunks": n_chunks, "built": 0, "kept": len(mine),
            "rows_built": 0, "errors": [], "complete": info["complete"]}


def _build_locked(builder, cfg: BuildConfig, out: Path, num_proc: int, shard_index: int,
                  num_shards: int, overwrite: bool, progress: bool) -> dict:
    _claim_dir(out, cfg, overwrite)
    n_units = builder.n_units(cfg)
    n_chunks = -(-n_units // cfg.chunk_size)
    mine = list(range(shard_index, n_chunks, num_shards))
    todo = []
    for c in mine:
        path = chunk_path(out, c, n_chunks)
        if path.is_file():
            try:
                _check_chunk(builder, cfg, path, c)
                continue
            except CorruptFile:
                if not overwrite:
                    raise
                path.unlink()
                (path.parent / f"errors-{c:05d}.json").unlink(missing_ok=True)
        todo.append(c)
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


def _foreign(out: Path) -> bool:
    """``out`` holds files and no build.json: not a dataset built here."""
    return (out.exists() and not (out / CONFIG_NAME).exists() and
            any(p.name not in LOCK_FILES for p in out.iterdir()))


def _refuse_foreign(out: Path, kind: str, overwrite: bool) -> None:
    if _foreign(out) and not overwrite:
        raise FileExistsError(f"{out} exists and is not a dataset built here; pass --overwrite "
                              f"to mm-data {kind} to replace it")


def _claim_dir(out: Path, cfg: BuildConfig, overwrite: bool) -> None:
    cfg_file = out / CONFIG_NAME
    want = _want(cfg)
    if cfg_file.exists():
        have = cfg_file.read_text(errors="replace")
        if have != want:
            if not overwrite:
                old = read_config(out)
                diff = sorted(k for k in set(old) | set(cfg.to_dict())
                              if old.get(k) != cfg.to_dict().get(k))
                raise FileExistsError(
                    f"{out} holds a dataset built with another config (differs in: "
                    f"{', '.join(diff)}); pass --overwrite to mm-data {cfg.kind} to "
                    "replace it")
            shutil.rmtree(out / "data", ignore_errors=True)
    else:
        _refuse_foreign(out, cfg.kind, overwrite)  # again: under the lock now
        if overwrite:
            shutil.rmtree(out / "data", ignore_errors=True)
    (out / "data").mkdir(parents=True, exist_ok=True)
    if not cfg_file.is_file() or cfg_file.read_text(errors="replace") != want:
        cfg_file.write_text(want)


def build_rows(cfg: BuildConfig, out: str | Path | None = None) -> list[dict]:
    """The rows of ``cfg`` in order, built into ``out`` (kept there: a later call with the same
    config only reads them back; a call while another run builds there waits for it) or,
    without ``out``, into a temporary folder."""
    if out is None:
        with tempfile.TemporaryDirectory(prefix=f"mm-{cfg.kind}-") as tmp:
            build(cfg, tmp, progress=False)
            return list(iter_rows(tmp))
    build(cfg, out, progress=False, wait=True)
    return list(iter_rows(out))
