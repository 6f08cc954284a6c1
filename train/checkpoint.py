"""Training checkpoints: written atomically, checksummed, resumable.

A checkpoint is a folder ``step-000040/`` in one of two formats. The safetensors format (one
process and DDP runs) holds ``trainable.safetensors`` (the parameters that train),
``optimizer.safetensors`` (optimizer tensors flattened to ``state.<i>.<name>``) and
``state.json`` (step, optimizer hyper-parameters, scheduler state, losses, recipe): no pickles.
The accelerate format (sharded runs, FSDP or DeepSpeed, whose parameters and optimizer state no
process holds whole) holds what accelerate's ``save_state`` writes, each process its shard in
accelerate's own layout, with our ``state.json`` (``"format": "accelerate"``; step, scheduler
state, losses, recipe) beside it; ``save_sharded_checkpoint`` / ``load_sharded_checkpoint``.
Either is written to a temporary folder and renamed, so a kill -9 leaves either the previous
checkpoint or the new one, never half of one.

``state.json`` is written last and records the sha256 of every other file of the checkpoint
(``"sha256": {relative path: hex digest}``). A checkpoint damaged after the fact (a copy cut
short, a full disk, a flipped bit, an edited state.json, a file removed) is read before it is
trusted: ``check_checkpoint`` reads state.json and the headers of the safetensors files
(safetensors checks that a file covers what its header lists), then hashes every file
(streamed, never held in memory) against state.json, which catches a same-length change inside
a tensor. A checkpoint whose state.json records no checksums is accepted with one stderr line
(``unverified``). ``latest_checkpoint`` passes over damaged checkpoints to the newest intact one
and lists what it passed over; with none intact it raises ``CheckpointError``, whose message
names the damaged file, rather than train from step 0 beside the old run's log.

A finished stage's model folders carry the same protection: ``seal_folder`` writes
``SHA256SUMS`` (the format ``sha256sum -c`` reads) beside the safetensors, ``check_sealed``
verifies it.

    from train.checkpoint import save_checkpoint, latest_checkpoint, load_checkpoint
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

STATE, WEIGHTS, OPTIMIZER = "state.json", "trainable.safetensors", "optimizer.safetensors"
SHA256 = "sha256"  # state.json's key of the checksums
ACCELERATE = "accelerate"  # state.json's "format" of a checkpoint written by save_state
SUMS = "SHA256SUMS"  # a model folder's checksum file
_HEX = re.compile(r"[0-9a-f]{64}")


def sha256_file(path: str | Path) -> str:
    """The hex sha256 of a file, read in blocks (``hashlib.file_digest``): a checkpoint of
    many gigabytes is hashed without a second copy in memory."""
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _checksums(folder: Path, names: list[str]) -> dict[str, str]:
    return {name: sha256_file(folder / name) for name in names}


def trainable_state(model: torch.nn.Module) -> dict[str, torch.Tensor]:
    return {n: p.detach().cpu().contiguous() for n, p in model.named_parameters()
            if p.requires_grad}


def _flatten_optimizer(opt: torch.optim.Optimizer) -> tuple[dict[str, torch.Tensor], dict]:
    sd = opt.state_dict()
    tensors, scalars = {}, {}
    for idx, st in sd["state"].items():
        for k, v in st.items():
            if torch.is_tensor(v):
                tensors[f"state.{idx}.{k}"] = v.detach().cpu().contiguous()
            else:
                scalars[f"{idx}.{k}"] = v
    return tensors, {"param_groups": sd["param_groups"], "scalars": scalars}


def _unflatten_optimizer(tensors: dict[str, torch.Tensor], meta: dict) -> dict:
    state: dict[int, dict] = {}
    for key, v in tensors.items():
        _, idx, name = key.split(".", 2)
        state.setdefault(int(idx), {})[name] = v
    for key, v in meta["scalars"].items():
        idx, name = key.split(".", 1)
        state.setdefault(int(idx), {})[name] = v
    return {"state": state, "param_groups": meta["param_groups"]}


def save_checkpoint(root: str | Path, step: int, model: torch.nn.Module,
                    optimizer: torch.optim.Optimizer, scheduler, extra: dict,
                    keep: int = 2) -> Path:
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    final = root / f"step-{step:06d}"
    tmp = root / f".tmp-step-{step:06d}-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    save_file(trainable_state(model), str(tmp / WEIGHTS))
    opt_tensors, opt_meta = _flatten_optimizer(optimizer)
    save_file(opt_tensors, str(tmp / OPTIMIZER))
    state = {"step": step, "optimizer": opt_meta,
             "scheduler": scheduler.state_dict() if scheduler is not None else None, **extra,
             SHA256: _checksums(tmp, [WEIGHTS, OPTIMIZER])}
    (tmp / STATE).write_text(json.dumps(state, default=float))
    _publish(tmp, final, root, keep)
    return final


def _publish(tmp: Path, final: Path, root: Path, keep: int) -> None:
    """Rename the written ``tmp`` to ``final`` and drop all but the newest ``keep``."""
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)
    for old in sorted(root.glob("step-*"))[:-keep]:
        shutil.rmtree(old, ignore_errors=True)


def _files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.is_file() and p.name != STATE)


def save_sharded_checkpoint(acc, root: str | Path, step: int, scheduler, extra: dict,
                            keep: int = 2) -> Path:
    """A checkpoint in accelerate's format: every process calls this (each writes its shard
    through ``acc.save_state``); the main process then hashes every file and writes state.json
    last. The temporary folder's name is the same in every process (no pid), so several nodes
    need ``root`` on a filesystem they share, as FSDP's sharded state dict does."""
    root = Path(root)
    final = root / f"step-{step:06d}"
    tmp = root / f".tmp-step-{step:06d}"
    if acc.is_main_process:
        root.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)
    acc.wait_for_everyone()
    acc.save_state(str(tmp))
    acc.wait_for_everyone()
    if acc.is_main_process:
        state = {"step": step, "format": ACCELERATE,
                 "scheduler": scheduler.state_dict() if scheduler is not None else None,
                 **extra, SHA256: _checksums(tmp, _files_under(tmp))}
        (tmp / STATE).write_text(json.dumps(state, default=float))
        _publish(tmp, final, root, keep)
    acc.wait_for_everyone()
    return final


class CheckpointError(ValueError):
    """A checkpoint that cannot be resumed from; the message's first line names the file."""


def _read_state(path: Path) -> dict:
    file = path / STATE
    if not file.is_file():
        raise CheckpointError(f"{file}: no such file")
    try:
        state = json.loads(file.read_text())
    except (UnicodeDecodeError, ValueError) as e:
        raise CheckpointError(f"{file}: not valid JSON ({str(e).splitlines()[0]})") from None
    opt = state.get("optimizer") if isinstance(state, dict) else None
    sharded = isinstance(state, dict) and state.get("format") == ACCELERATE
    if not (isinstance(state, dict) and type(state.get("step")) is int
            and isinstance(state.get("losses"), list)
            and (sharded or (isinstance(opt, dict) and isinstance(opt.get("param_groups"), list)
                             and isinstance(opt.get("scalars"), dict)))):
        raise CheckpointError(f"{file}: not a checkpoint state (a JSON object with step, "
                              "losses and optimizer)")
    sums = state.get(SHA256)
    if (sums is not None or sharded) and not (
            isinstance(sums, dict) and sums and all(
                isinstance(k, str) and k and not k.startswith("/") and ".." not in k.split("/")
                and isinstance(v, str) and _HEX.fullmatch(v) for k, v in sums.items())):
        raise CheckpointError(f"{file}: {SHA256} is not a mapping of file names to sha256 "
                              "hex digests")
    if path.name != f"step-{state['step']:06d}":
        raise CheckpointError(f"{file}: records step {state['step']}, not the step of "
                              f"{path.name}")
    return state


def is_sharded(state: dict) -> bool:
    """Whether a checkpoint's state is of the accelerate format."""
    return state.get("format") == ACCELERATE


def _check_safetensors(file: Path) -> None:
    from safetensors import safe_open

    if not file.is_file():
        raise CheckpointError(f"{file}: no such file")
    try:
        with safe_open(str(file), framework="pt"):
            pass
    except Exception as e:  # SafetensorError derives from Exception alone
        raise CheckpointError(f"{file}: not a readable safetensors file "
                              f"({str(e).splitlines()[0]})") from None


def _verify(folder: Path, sums: dict[str, str], record: Path) -> None:
    """``CheckpointError`` naming the first file of ``sums`` (names relative to ``folder``)
    that is missing or whose sha256 differs; ``record`` is the file that lists them."""
    for name, want in sums.items():
        file = folder / name
        if not name or not file.resolve().is_relative_to(folder.resolve()):
            raise CheckpointError(f"{record}: lists {name!r}, not a file of {folder}")
        if not file.is_file():
            raise CheckpointError(f"{file}: no such file")
        if sha256_file(file) != want:
            raise CheckpointError(f"{file}: sha256 differs from the one {record.name} records "
                                  "(the file changed after it was written)")


def check_checkpoint(path: str | Path, verify: bool = True) -> dict:
    """The state of checkpoint ``path`` once state.json and the safetensors files read back
    and, with ``verify``, every file matches the sha256 state.json records; ``CheckpointError``
    naming the file otherwise."""
    path = Path(path)
    state = _read_state(path)
    if is_sharded(state):
        names = [n for n in state[SHA256] if n.endswith(".safetensors")]
    else:
        names = [WEIGHTS, OPTIMIZER]
        if SHA256 in state and set(names) - set(state[SHA256]):
            raise CheckpointError(f"{path / STATE}: {SHA256} lacks "
                                  f"{sorted(set(names) - set(state[SHA256]))[0]}")
    for name in names:
        _check_safetensors(path / name)
    if verify and SHA256 in state:
        _verify(path, state[SHA256], path / STATE)
    return state


def unverified(path: str | Path) -> str | None:
    """The stderr line for a checkpoint whose state.json records no checksums (None when it
    does): such a checkpoint is resumed from, its contents unverified."""
    path = Path(path)
    if SHA256 in _read_state(path):
        return None
    return (f"{path / STATE}: records no {SHA256} checksums; resuming from it without "
            "verifying its files' contents")


def latest_checkpoint(root: str | Path, passed: list | None = None) -> Path | None:
    """The newest intact checkpoint under ``root`` (None: there is none). Damaged ones newer
    than it are left in place (the resumed run saves over them) and appended to ``passed`` as
    (folder, CheckpointError); when every checkpoint is damaged, the newest one's
    ``CheckpointError`` is raised."""
    root = Path(root)
    if not root.exists():
        return None
    for tmp in root.glob(".tmp-step-*"):  # leftovers of a killed save
        shutil.rmtree(tmp, ignore_errors=True)
    damaged = []
    for path in sorted((p for p in root.glob("step-*") if p.is_dir()), reverse=True):
        try:
            check_checkpoint(path)
        except CheckpointError as e:
            damaged.append((path, e))
            continue
        if passed is not None:
            passed.extend(damaged)
        return path
    if damaged:
        raise CheckpointError(f"{damaged[0][1]}; no intact checkpoint to resume from: remove "
                              f"{root} to train this stage from the start")
    return None


def checkpoint_recipe(path: str | Path) -> dict | None:
    """The recipe (as a dict) a checkpoint was trained with; None when it does not say."""
    recipe = _read_state(Path(path)).get("recipe")
    return recipe if isinstance(recipe, dict) else None


def checkpoint_step(path: str | Path) -> int:
    """The step a checkpoint was saved at."""
    return _read_state(Path(path))["step"]


def load_checkpoint(path: str | Path, model: torch.nn.Module,
                    optimizer: torch.optim.Optimizer, scheduler, verified: bool = False) -> dict:
    """Weights, optimizer and scheduler state of checkpoint ``path`` (safetensors format) into
    the given objects; returns its state. ``CheckpointError`` naming the file when it is
    damaged or does not fit the model (parameters it lacks, other shapes, another optimizer
    layout). ``verified``: its checksums were checked by the caller (``latest_checkpoint``)
    just before, so the files are not hashed again."""
    path = Path(path)
    state = check_checkpoint(path, verify=not verified)
    if is_sharded(state):
        raise CheckpointError(f"{path / STATE}: a checkpoint of accelerate's format; it loads "
                              "after the model is prepared (load_sharded_checkpoint)")
    weights = load_file(str(path / WEIGHTS))
    named = dict(model.named_parameters())
    missing = [n for n in weights if n not in named]
    if missing:
        raise CheckpointError(f"{path / WEIGHTS}: parameters the model lacks: {missing[:5]}")
    wrong = [n for n, v in weights.items() if v.shape != named[n].shape]
    if wrong:
        raise CheckpointError(f"{path / WEIGHTS}: {wrong[0]} has shape "
                              f"{list(weights[wrong[0]].shape)}, the model's is "
                              f"{list(named[wrong[0]].shape)}")
    with torch.no_grad():
        for n, v in weights.items():
            named[n].copy_(v)
    try:
        optimizer.load_state_dict(_unflatten_optimizer(
            load_file(str(path / OPTIMIZER)), state["optimizer"]))
    except (KeyError, ValueError, TypeError, RuntimeError) as e:
        raise CheckpointError(f"{path / OPTIMIZER}: does not fit this run's optimizer "
                              f"({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''})"
                              ) from None
    _load_scheduler(path, state, scheduler)
    return state


def _load_scheduler(path: Path, state: dict, scheduler) -> None:
    if scheduler is not None and state.get("scheduler") is not None:
        try:
            scheduler.load_state_dict(state["scheduler"])
        except (KeyError, ValueError, TypeError, AttributeError) as e:
            raise CheckpointError(f"{path / STATE}: scheduler state does not fit "
                                  f"({type(e).__name__}: {e})") from None


def load_sharded_checkpoint(path: str | Path, acc, scheduler, verified: bool = False) -> dict:
    """A checkpoint of accelerate's format into the models and optimizers ``acc`` prepared
    (every process calls this, after ``acc.prepare``; each reads its shard) and the scheduler
    state from state.json; returns the state. accelerate reads its optimizer and RNG files
    with ``torch.load(weights_only=True)``, and only once their sha256 matched state.json."""
    path = Path(path)
    state = check_checkpoint(path, verify=not verified)
    if not is_sharded(state):
        raise CheckpointError(f"{path / STATE}: a safetensors checkpoint, not one of "
                              "accelerate's format")
    try:
        acc.load_state(str(path))
    except Exception as e:  # accelerate and torch.distributed.checkpoint raise many kinds
        first = str(e).splitlines()[0] if str(e) else ""
        raise CheckpointError(f"{path}: accelerate cannot load this checkpoint into this run "
                              f"({type(e).__name__}: {first})") from None
    _load_scheduler(path, state, scheduler)
    return state


def seal_folder(folder: str | Path, names: list[str] | None = None) -> Path:
    """Write ``folder/SHA256SUMS``, the sha256 of ``names`` (default: every file of the
    folder, recursively) in the format ``sha256sum -c`` reads; written last, atomically."""
    folder = Path(folder)
    if names is None:
        names = [n for n in _files_under(folder) if n != SUMS and not n.startswith(".")]
    text = "".join(f"{sha256_file(folder / n)}  {n}\n" for n in names)
    tmp = folder / f".{SUMS}.{os.getpid()}.tmp"
    tmp.write_text(text)
    os.replace(tmp, folder / SUMS)
    return folder / SUMS


def read_sums(folder: str | Path) -> dict[str, str] | None:
    """``folder/SHA256SUMS`` as {name: digest}; None when the folder has none;
    ``CheckpointError`` naming the file and line when a line is not ``<hex>  <name>``."""
    file = Path(folder) / SUMS
    if not file.is_file():
        return None
    sums = {}
    try:
        lines = file.read_text().splitlines()
    except UnicodeDecodeError as e:
        raise CheckpointError(f"{file}: not UTF-8 text ({e.reason} at byte {e.start})"
                              ) from None
    for i, line in enumerate(lines, 1):
        m = re.fullmatch(r"([0-9a-f]{64}) [ *](.+)", line)
        if not m:
            raise CheckpointError(f"{file}: line {i} is not '<sha256 hex>  <file name>'")
        sums[m.group(2)] = m.group(1)
    return sums


def check_sealed(folder: str | Path) -> bool:
    """Every file ``folder/SHA256SUMS`` lists present with its sha256 (True); False when the
    folder has no SHA256SUMS; ``CheckpointError`` naming the first file that differs."""
    folder = Path(folder)
    sums = read_sums(folder)
    if sums is None:
        return False
    _verify(folder, sums, folder / SUMS)
    return True


MODEL_FOLDERS = ("model", "vision")  # a finished stage's model folders


def _stage_folders(out: Path) -> list[tuple[Path, list[str] | None]]:
    """The folders of stage folder ``out`` that ``seal_stage`` seals, each with the files it
    lists (None: all): its model folders, and ``out`` itself for its own safetensors
    (stage 1's clip.safetensors; its other files, metrics and log, are rewritten on reruns)."""
    found = [(out / sub, None) for sub in MODEL_FOLDERS if (out / sub).is_dir()]
    top = sorted(p.name for p in out.glob("*.safetensors"))
    return found + ([(out, top)] if top else [])


def seal_stage(out: str | Path, only_missing: bool = False) -> None:
    """``SHA256SUMS`` in each model folder of the finished stage ``out`` (every file of
    ``model/`` and ``vision/``) and in ``out`` for its safetensors files; ``only_missing``
    leaves a folder that has one alone (the stages seal their folders before they write
    metrics.json, so that no finished stage is left without checksums)."""
    for folder, names in _stage_folders(Path(out)):
        if not (only_missing and (folder / SUMS).exists()):
            seal_folder(folder, names)


def check_stage(out: str | Path) -> list[Path]:
    """Verify the ``SHA256SUMS`` of the finished stage ``out`` (``CheckpointError`` naming the
    first file that differs); returns the folders with model files but no SHA256SUMS."""
    return [folder for folder, _ in _stage_folders(Path(out)) if not check_sealed(folder)]
