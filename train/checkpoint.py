"""Training checkpoints: safetensors only, written atomically, resumable.

A checkpoint is a folder ``step-000040/`` holding ``trainable.safetensors`` (the parameters
that train), ``optimizer.safetensors`` (optimizer tensors flattened to ``state.<i>.<name>``),
and ``state.json`` (step, optimizer hyper-parameters, scheduler state, data position, losses).
It is written to a temporary folder and renamed, so a kill -9 leaves either the previous
checkpoint or the new one, never half of one. accelerate's ``save_state`` pickles the optimizer
and RNG states; these checkpoints hold no pickles, hence this small module.

    from train.checkpoint import save_checkpoint, latest_checkpoint, load_checkpoint
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file


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
    save_file(trainable_state(model), str(tmp / "trainable.safetensors"))
    opt_tensors, opt_meta = _flatten_optimizer(optimizer)
    save_file(opt_tensors, str(tmp / "optimizer.safetensors"))
    state = {"step": step, "optimizer": opt_meta,
             "scheduler": scheduler.state_dict() if scheduler is not None else None, **extra}
    (tmp / "state.json").write_text(json.dumps(state, default=float))
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)
    for old in sorted(root.glob("step-*"))[:-keep]:
        shutil.rmtree(old, ignore_errors=True)
    return final


def latest_checkpoint(root: str | Path) -> Path | None:
    root = Path(root)
    if not root.exists():
        return None
    for tmp in root.glob(".tmp-step-*"):  # leftovers of a killed save
        shutil.rmtree(tmp, ignore_errors=True)
    done = sorted(p for p in root.glob("step-*") if (p / "state.json").exists())
    return done[-1] if done else None


def checkpoint_recipe(path: str | Path) -> dict | None:
    """The recipe (as a dict) a checkpoint was trained with; None when it does not say."""
    return json.loads((Path(path) / "state.json").read_text()).get("recipe")


def checkpoint_step(path: str | Path) -> int:
    """The step a checkpoint was saved at."""
    return int(json.loads((Path(path) / "state.json").read_text())["step"])


def load_checkpoint(path: str | Path, model: torch.nn.Module,
                    optimizer: torch.optim.Optimizer, scheduler) -> dict:
    path = Path(path)
    weights = load_file(str(path / "trainable.safetensors"))
    named = dict(model.named_parameters())
    missing = [n for n in weights if n not in named]
    if missing:
        raise RuntimeError(f"{path}: checkpoint has parameters the model lacks: {missing[:5]}")
    with torch.no_grad():
        for n, v in weights.items():
            named[n].copy_(v)
    state = json.loads((path / "state.json").read_text())
    optimizer.load_state_dict(_unflatten_optimizer(
        load_file(str(path / "optimizer.safetensors")), state["optimizer"]))
    if scheduler is not None and state.get("scheduler") is not None:
        scheduler.load_state_dict(state["scheduler"])
    return state
