"""Run tasks against a model: resumable sample logs, results.json, report and plots.

Each finished sample is appended to ``OUT/samples_<task>.jsonl`` at once (id, prediction = the
raw model output, target, correct, the prompt it was given, ``doc_hash``, ...). Rerunning the
same command skips the ids already there (a line cut by a kill is dropped; a torn line inside
the file is moved to ``samples_<task>.jsonl.bad``), so an interrupted run ends with the same
``results.json`` as an uninterrupted one; ``results.json`` is rewritten after each finished
task, with the intervals of every figure (eval/intervals.py). ``samples_<task>.key.json``
records what made the samples (the model's fingerprint, with its weights' digest, decoding,
generation settings, data, seed); samples of another key are moved to
``samples_<task>.jsonl.previous`` and the task runs again, so a retrained model is never scored
with its predecessor's answers; a torn key file is moved to ``samples_<task>.key.json.bad`` and
its samples are set aside as of an unknown key. A sample whose image is missing or corrupt is
recorded with ``error`` and the run goes on.

Data parallel: under ``torchrun --nproc_per_node K`` or ``accelerate launch --multi_gpu
--num_processes K`` (on a machine without GPUs that starts K CPU processes on gloo; accelerate's
``--cpu`` starts one) process r takes samples r, r + K, ... into
``samples_<task>.jsonl.part<r>``; process 0 alone holds the lock, builds the evaluation data
first and merges the parts into ``samples_<task>.jsonl`` in the single-process order, so
results.json and the samples file equal a single-process run's. A run holds ``OUT/.lock`` (engines/dataset/lock.py) while
it writes: a second run into the same folder, whatever its model, is refused with ``FolderBusy``
before it writes a line. A read-only ``OUT`` that holds the same run finished is reported
without writing (else ``NotFinished``).

    mm-eval run --model builtin:oracle --tasks mme-synth --output-path runs/eval
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from engines.dataset.lock import folder_lock
from eval.task import Task, TaskContext, get_task
from mm.adapters import Adapter, GenConfig


def read_samples(path: Path) -> dict[str, dict]:
    """Finished samples by id. A trailing partial line (killed mid-write) is cut off; a torn or
    non-JSON line inside the file is moved to ``<path>.bad`` (a warning names it) and the file
    keeps its good lines, so the run resumes and asks those samples again."""
    if not path.exists():
        return {}
    raw = path.read_bytes()
    good_end = raw.rfind(b"\n") + 1
    if good_end < len(raw):
        with path.open("r+b") as f:
            f.truncate(good_end)
    out, good, bad = {}, [], []
    for k, line in enumerate(raw[:good_end].split(b"\n")[:-1], 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line.decode())
            if not isinstance(rec, dict) or "id" not in rec:
                raise ValueError("not a sample record")
        except (UnicodeDecodeError, ValueError):
            bad.append((k, line))
            continue
        good.append(line)
        out[rec["id"]] = rec
    if bad:
        aside = path.with_name(path.name + ".bad")
        with aside.open("ab") as f:
            f.write(b"".join(line + b"\n" for _, line in bad))
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(b"".join(line + b"\n" for line in good))
        os.replace(tmp, path)
        print(f"{path}: line(s) {', '.join(str(k) for k, _ in bad)} are not sample records; "
              f"moved to {aside.name}, asking those samples again", file=sys.stderr)
    return out


def doc_hash(doc: dict) -> str:
    """sha256 of the doc's canonical JSON (sorted keys, no spaces); bytes and images enter by
    the sha256 of their bytes, so a changed picture changes the hash."""
    return hashlib.sha256(json.dumps(_canonical(doc), sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False, default=str).encode()).hexdigest()


def _canonical(x: Any):
    if isinstance(x, dict):
        return {str(k): _canonical(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_canonical(v) for v in x]
    if isinstance(x, (bytes, bytearray)):
        return {"sha256": hashlib.sha256(x).hexdigest()}
    if hasattr(x, "tobytes") and hasattr(x, "mode") and hasattr(x, "size"):  # a PIL image
        return {"image": [x.mode, list(x.size)], "sha256": hashlib.sha256(x.tobytes()).hexdigest()}
    if hasattr(x, "item") and not isinstance(x, (str, int, float, bool)):
        return x.item() if getattr(x, "size", 1) == 1 else _canonical(x.tolist())
    return x


def _append(path: Path, records: list[dict]) -> None:
    with path.open("a") as f:
        for r in records:
            f.write(json.dumps(r, sort_keys=True, default=_jsonable) + "\n")
        f.flush()
        os.fsync(f.fileno())


def _jsonable(x: Any):
    if hasattr(x, "item"):
        return x.item()
    return str(x)


def _call(task: Task, adapter: Adapter, docs: list[dict], images: list, prompts: list[str],
          gen: GenConfig):
    oracle = [task.oracle(d) for d in docs]
    if task.output == "generate":
        g = GenConfig(**{**gen.to_dict(), "max_new_tokens": gen.max_new_tokens or
                         task.max_new_tokens})
        return adapter.generate(images, prompts, g, oracle=oracle)
    if task.output == "yes_no":
        words = [task.yes_no_words(d) for d in docs]
        return adapter.yes_no_prob(images, prompts, oracle=oracle,
                                   words=None if all(w is None for w in words) else words)
    if task.output == "loglikelihood":
        return adapter.loglikelihood(images, prompts, [task.continuation(d) for d in docs],
                                     oracle=oracle)
    raise ValueError(f"task {task.name}: unknown output kind {task.output!r}")


def run_task(task: Task, adapter: Adapter, ctx: TaskContext, out: Path, batch_size: int,
             gen: GenConfig, progress: bool = True, rank: int = 0, world: int = 1,
             docs: list[dict] | None = None) -> list[dict]:
    """Ask the model this process's share of the task's samples (every one when world is 1)
    that the sample logs do not hold yet; returns the share's records in docs order."""
    from tqdm.auto import tqdm

    docs = task.docs(ctx) if docs is None else docs
    ids = [d["id"] for d in docs]
    if len(set(ids)) != len(ids):
        raise ValueError(f"task {task.name}: duplicate sample ids")
    merged = out / f"samples_{task.name}.jsonl"
    path = merged if world == 1 else out / f"samples_{task.name}.jsonl.part{rank}"
    _check_key(path, samples_key(adapter, gen, ctx))
    # a data-parallel run also resumes from the merged log of an earlier run (process 0
    # checked its key before the others started)
    done = {**(read_samples(merged) if world > 1 else {}), **read_samples(path)}
    mine = docs[rank::world]
    pending = [d for d in mine if d["id"] not in done]
    bar = tqdm(total=len(mine), initial=len(mine) - len(pending), desc=task.name,
               disable=not progress, dynamic_ncols=True, unit="sample")
    for s in range(0, len(pending), batch_size):
        batch = pending[s:s + batch_size]
        ok_docs, images, prompts, records = [], [], [], []
        for d in batch:
            try:
                img = task.image(d)
                if img is not None:
                    img.load()
                prompt = task.prompt(d)
                images.append(img)
                prompts.append(prompt)
                ok_docs.append(d)
            except Exception as e:  # missing or corrupt image: record it, keep going
                records.append({"id": d["id"], "prediction": None,
                                "target": d.get("target"), "correct": False,
                                "error": f"{type(e).__name__}: {e}", "doc_hash": doc_hash(d)})
        if ok_docs:
            outputs = _call(task, adapter, ok_docs, images, prompts, gen)
            records += [{**task.process(d, o), "prompt": p, "doc_hash": doc_hash(d)}
                        for d, o, p in zip(ok_docs, outputs, prompts)]
        _append(path, records)
        for r in records:
            done[r["id"]] = r
        bar.update(len(batch))
    bar.close()
    return [done[d["id"]] for d in mine]


def samples_key(adapter: Adapter, gen: GenConfig, ctx: TaskContext) -> dict:
    """What made a task's samples: a resume keeps them only under the same key."""
    return json.loads(json.dumps(
        {"model": adapter.fingerprint(), "gen": gen.to_dict(), "data": ctx.data,
         "seed": ctx.seed, "options": ctx.options}, sort_keys=True, default=_jsonable))


def _read_key(key_path: Path) -> dict | None:
    """The key recorded at ``key_path``, or None when there is none; a torn or non-JSON key
    file (killed mid-write, edited) is moved to ``<key_path>.bad`` (a warning names it) and
    counts as none, so its samples are set aside like those of an unknown key."""
    if not key_path.exists():
        return None
    try:
        old = json.loads(key_path.read_text())
        if not isinstance(old, dict):
            raise ValueError("not a JSON object")
        return old
    except (OSError, UnicodeDecodeError, ValueError) as e:
        aside = key_path.with_name(key_path.name + ".bad")
        os.replace(key_path, aside)
        print(f"{key_path}: not a samples key ({str(e).splitlines()[0]}); moved to "
              f"{aside.name}", file=sys.stderr)
        return None


def _check_key(path: Path, key: dict) -> None:
    """Keep the samples at ``path`` only if they were made under ``key``; else move them to
    ``<path>.previous`` (saying which fields differ) so the task runs again."""
    key_path = path.with_name(path.name.replace(".jsonl", ".key.json", 1))
    old = _read_key(key_path)
    if path.exists():
        if old == key:
            return
        diff = "no key recorded" if old is None else "differs in " + ", ".join(
            sorted(k for k in key if old.get(k) != key[k]))
        aside = path.with_name(path.name + ".previous")
        os.replace(path, aside)
        print(f"{path}: made by another model or settings ({diff}); moved to {aside.name}, "
              f"running again", file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    key_path.write_text(json.dumps(key, indent=1, sort_keys=True))


def _versions() -> dict:
    import importlib.metadata as md

    out = {"python": platform.python_version()}
    for pkg in ("mm-suite", "torch", "transformers", "open-clip-torch", "datasets"):
        try:
            out[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            pass
    try:
        sha = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                             cwd=Path(__file__).resolve().parent, timeout=5).stdout.strip()
        out["git_sha"] = sha or None
    except (OSError, subprocess.TimeoutExpired):
        out["git_sha"] = None
    return out


def task_limit(limit, name: str):
    """A task's ``--limit``: the value itself, or its entry of a per-task {task or "": limit}."""
    return limit.get(name, limit.get("")) if isinstance(limit, dict) else limit


class NotFinished(ValueError):
    """A read-only output folder that does not hold this run finished."""


def writable(folder: Path) -> bool:
    """Whether files can be created in ``folder`` (tried: permission bits do not bind root,
    and a read-only mount shows only on writing)."""
    try:
        fd, probe = tempfile.mkstemp(prefix=".probe", dir=folder)
    except OSError:
        return False
    os.close(fd)
    os.unlink(probe)
    return True


def evaluate(adapter: Adapter, task_names: list[str], out: str | Path, ctx: TaskContext,
             batch_size: int = 8, gen: GenConfig | None = None, progress: bool = True,
             config: dict | None = None, predict_only: bool = False) -> dict:
    """Run ``task_names`` into ``out``; ``predict_only``: generate and log samples, no
    metrics. A read-only ``out`` that holds this run finished is reported without writing;
    one that does not raises ``NotFinished``."""
    out = Path(out)
    gen = gen or GenConfig(max_new_tokens=0)
    cfg = {"model": adapter.name, "decoding": adapter.decoding, "batch_size": batch_size,
           "gen": gen.to_dict(), "limit": ctx.limit, "seed": ctx.seed, "data": ctx.data,
           "predict_only": predict_only, **(config or {})}
    if out.is_dir() and not writable(out):
        return _finished(adapter, task_names, out, ctx, gen, cfg)
    rank, world = _dist()
    try:
        if rank != 0:  # process 0 holds the lock for the whole run
            _barrier()
            return _evaluate(adapter, task_names, out, ctx, batch_size, gen, progress, cfg,
                             predict_only)
        with folder_lock(out):
            if world > 1:
                _barrier()
            return _evaluate(adapter, task_names, out, ctx, batch_size, gen, progress, cfg,
                             predict_only)
    finally:
        if world > 1:
            import torch.distributed as dist

            if dist.is_initialized():
                dist.destroy_process_group()


def _finished(adapter: Adapter, task_names: list[str], out: Path, ctx: TaskContext,
              gen: GenConfig, cfg: dict) -> dict:
    """results.json of a finished run of this command in ``out``, read without writing."""
    path = out / "results.json"
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError):
        raise NotFinished(f"{out} is read-only and holds no readable results.json") from None
    same = json.loads(json.dumps(cfg, sort_keys=True, default=_jsonable))
    old = {k: v for k, v in doc.get("config", {}).items() if k != "batch_size"}
    if old != {k: v for k, v in same.items() if k != "batch_size"}:
        diff = sorted(k for k in set(old) | set(same) if k != "batch_size" and
                      old.get(k) != same.get(k))
        raise NotFinished(f"{out} is read-only and its results.json is of another run "
                          f"(differs in {', '.join(diff)})")
    key = samples_key(adapter, gen, ctx)
    for name in task_names:
        samples = out / f"samples_{name}.jsonl"
        key_path = out / f"samples_{name}.key.json"
        n = doc.get("tasks", {}).get(name, {}).get("n_samples")
        try:
            same_key = json.loads(key_path.read_text()) == key
            lines = sum(1 for line in samples.read_text().splitlines() if line.strip())
        except (OSError, ValueError):
            same_key, lines = False, -1
        if n is None or not same_key or lines != n:
            raise NotFinished(f"{out} is read-only and task {name} is not finished there")
    return doc


def _evaluate(adapter: Adapter, task_names: list[str], out: Path, ctx: TaskContext,
              batch_size: int, gen: GenConfig, progress: bool, cfg: dict,
              predict_only: bool) -> dict:
    from eval.intervals import intervals
    from eval.report import write_report

    rank, world = _dist()
    doc: dict = {"tasks": {}, "task_info": {}, "plots": {}, "intervals": {}, "config": cfg,
                 "versions": _versions()}
    for name in task_names:
        task = get_task(name)
        task_ctx = TaskContext(ctx.data, task_limit(ctx.limit, name), ctx.seed,
                               (ctx.work or out / "data") / name, ctx.options)
        docs = None
        if world > 1:
            # process 0 builds the evaluation data and vets the merged log; the others then
            # read both as they are
            if rank == 0:
                docs = task.docs(task_ctx)
                merged = out / f"samples_{name}.jsonl"
                _check_key(merged, samples_key(adapter, gen, task_ctx))
                read_samples(merged)
            _barrier()
        recs = run_task(task, adapter, task_ctx, out, batch_size, gen, progress, rank, world,
                        docs)
        if world > 1:
            recs = _merge_parts(task, out, world, rank, docs)
            if recs is None:
                continue
        valid = [r for r in recs if "error" not in r]
        metrics = task.aggregate(valid) if valid and not predict_only else {}
        doc["intervals"][name] = intervals(task, valid, metrics, ctx.seed) if metrics else {}
        metrics["n_samples"] = len(recs)
        metrics["n_errors"] = len(recs) - len(valid)
        doc["tasks"][name] = metrics
        doc["task_info"][name] = task.info()
        doc["plots"][name] = [os.path.relpath(p, out) for p in
                              task.plots(valid, metrics, out)] if valid and not predict_only \
            else []
        if rank == 0:  # after every task: a run killed later keeps the finished tasks' results
            _write_results(out, doc)
            write_report(out)
    return doc if rank == 0 else {}


def _write_results(out: Path, doc: dict) -> None:
    tmp = out / "results.json.tmp"
    tmp.write_text(json.dumps(doc, indent=1, sort_keys=True, default=_jsonable))
    os.replace(tmp, out / "results.json")


def _dist() -> tuple[int, int]:
    """(rank, world) under torchrun / accelerate launch, else (0, 1)."""
    return int(os.environ.get("RANK", 0)), int(os.environ.get("WORLD_SIZE", 1))


def _barrier() -> None:
    """Wait for every process. torch.distributed's gloo group from the launcher's environment
    (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT): accelerate's PartialState sees no
    distributed run on a machine without GPUs, so its wait_for_everyone does not wait there."""
    import torch.distributed as dist

    if not dist.is_initialized():
        dist.init_process_group("gloo")
    dist.barrier()


def _merge_parts(task: Task, out: Path, world: int, rank: int,
                 docs: list[dict] | None) -> list[dict] | None:
    """Process 0: the merged log and every process's part, written as one
    ``samples_<task>.jsonl`` in docs order (the single-process order), then the parts
    removed; None on the other processes."""
    _barrier()
    if rank != 0:
        return None
    path = out / f"samples_{task.name}.jsonl"
    found = read_samples(path)
    parts = [out / f"samples_{task.name}.jsonl.part{r}" for r in range(world)]
    for part in parts:
        found.update(read_samples(part))
    recs = [found[d["id"]] for d in docs if d["id"] in found]
    missing = len(docs) - len(recs)
    if missing:
        raise RuntimeError(f"task {task.name}: {missing} sample(s) missing from the parts of "
                           f"{world} processes in {out}")
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(json.dumps(r, sort_keys=True, default=_jsonable) + "\n"
                           for r in recs))
    os.replace(tmp, path)
    for part in parts:
        part.unlink(missing_ok=True)
        part.with_name(part.name.replace(".jsonl", ".key.json", 1)).unlink(missing_ok=True)
    return recs
