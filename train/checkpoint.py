"""Training checkpoints: safetensors only, written atomically, resumable.

A checkpoint is a folder ``step-000040/`` holding ``trainable.safetensors`` (the parameters
that train), ``optimizer.safetensors`` (optimizer tensors flattened to ``state.<i>.<name>``),
and ``state.json`` (step, optimizer hyper-parameters, scheduler state, data position, losses).
It is written to a temporary folder and renamed, so a kill -9 leaves either the previous
checkpoint or the new one, never half of one. accelerate's ``save_state`` pickles the optimizer
and RNG states; these checkpoints hold no pickles, hence this small module.

A checkpoint damaged after the fact (a copy cut short, a full disk, an edited state.json, a
file removed) is read before it is trusted: ``check_checkpoint`` reads state.json and the
headers of both safetensors files (safetensors checks that a file covers what its header
lists). ``latest_checkpoint`` passes over damaged checkpoints to the newest intact one and
lists what it passed over; with none intact it raises ``CheckpointError``, whose message names
the damaged file, rather than train from step 0 beside the old run's log.

    from train.checkpoint import save_checkpoint, latest_checkpoint, load_checkpoint
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

STATE, WEIGHTS, OPTIMIZER = "state.json", "trainable.safetensors", "optimizer.safetensors"


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
             "scheduler": scheduler.state_dict() if scheduler is not None else None, **extra}
    (tmp / STATE).write_text(json.dumps(state, default=float))
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)
    for old in sorted(root.glob("step-*"))[:-keep]:
        shutil.rmtree(old, ignore_errors=True)
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
    if not (isinstance(state, dict) and type(state.get("step")) is int
            and isinstance(state.get("losses"), list) and isinstance(opt, dict)
            and isinstance(opt.get("param_groups"), list)
            and isinstance(opt.get("scalars"), dict)):
        raise CheckpointError(f"{file}: not a checkpoint state (a JSON object with step, "
                              "losses and optimizer)")
    if path.name != f"step-{state['step']:06d}":
        raise CheckpointError(f"{file}: records step {state['step']}, not the step of "
                              f"{path.name}")
    return state


def check_checkpoint(path: str | Path) -> dict:
    """The state of checkpoint ``path`` once state.json and both safetensors files read back;
    ``CheckpointError`` naming the file otherwise."""
    from safetensors import safe_open

    path = Path(path)
    state = _read_state(path)
    for name in (WEIGHTS, OPTIMIZER):
        file = path / name
        if not file.is_file():
            raise CheckpointError(f"{file}: no such file")
        try:
            with safe_open(str(file), framework="pt"):
                pass
        except Exception as e:  # SafetensorError derives from Exception alone
            raise CheckpointError(f"{file}: not a readable safetensors file "
                                  f"({str(e).splitlines()[0]})") from None
    return state


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
                    optimizer: torch.optim.Optimizer, scheduler) -> dict:
    """Weights, optimizer and scheduler state of checkpoint ``path`` into the given objects;
    returns its state. ``CheckpointError`` naming the file when it is damaged or does not fit
    the model (parameters it lacks, other shapes, another optimizer layout)."""
    path = Path(path)
    state = check_checkpoint(path)
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
    if scheduler is not None and state.get("scheduler") is not None:
        try:
            scheduler.load_state_dict(state["scheduler"])
        except (KeyError, ValueError, TypeError, AttributeError) as e:
            raise CheckpointError(f"{path / STATE}: scheduler state does not fit "
                                  f"({type(e).__name__}: {e})") from None
    return state
