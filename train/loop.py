"""One training loop for every stage, on accelerate (CPU here, DDP/bf16 under accelerate launch).

A stage hands the loop a ``StageTask``: the model (its ``requires_grad`` parameters are what
trains), the number of examples, ``make_batch(indices)`` and ``loss(model, batch)``. The loop owns
optimisation (AdamW, schedule, gradient accumulation, clipping), the deterministic data order,
the progress bar, JSONL logs and checkpoints.

Determinism and resume: micro-step k reads the examples at positions [k*B, (k+1)*B) of a
per-epoch permutation seeded by (seed, epoch), and seeds torch with (seed, k) before its forward
pass (dropout), so a run resumed from a checkpoint takes exactly the steps an uninterrupted run
takes and ends with the same loss and weights (the stage seeds the initial weights itself:
``mm.seeding``). The log is trimmed to the checkpoint on resume, so it holds each step once.

    accelerate launch -m train.cli stage3 --recipe configs/base/stage3.yaml --out runs/s3
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np
import torch

from train.checkpoint import (checkpoint_recipe, latest_checkpoint, load_checkpoint,
                              save_checkpoint)
from train.recipe import Recipe, recipe_diff


@dataclass
class StageTask:
    model: torch.nn.Module
    n_examples: int
    make_batch: Callable[[list[int]], Any]
    loss: Callable[[torch.nn.Module, Any], torch.Tensor]


def batch_indices(k: int, batch: int, n: int, seed: int, rank: int = 0, world: int = 1
                  ) -> list[int]:
    """Example indices of global micro-step k (this process's share under DDP)."""
    out = []
    for pos in range(k * batch, (k + 1) * batch):
        epoch, i = divmod(pos, n)
        perm = np.random.default_rng([seed, epoch]).permutation(n)
        out.append(int(perm[i]))
    return out[rank::world]


def _scheduler(recipe: Recipe, optimizer):
    from transformers import get_scheduler

    return get_scheduler(recipe.schedule, optimizer, num_warmup_steps=recipe.warmup_steps,
                         num_training_steps=recipe.max_steps)


def _trim_log(log: Path, step: int) -> None:
    """Drop the log lines a killed run wrote past ``step``, the checkpoint it resumes from (0:
    none), and a line torn by the kill. A step's line is written when the step ends, before
    its checkpoint (steps between checkpoints are logged too), so a resumed run retakes those
    steps and would otherwise log them twice."""
    if not log.exists():
        return
    keep = []
    for ln in log.read_text().splitlines():
        try:
            if json.loads(ln)["step"] <= step:
                keep.append(ln)
        except (ValueError, KeyError, TypeError):
            pass  # a line cut short by the kill
    log.write_text("".join(ln + "\n" for ln in keep))


def run(recipe: Recipe, task: StageTask, out: str | Path, progress: bool = True,
        accelerator=None) -> dict:
    from accelerate import Accelerator
    from tqdm.auto import tqdm

    out = Path(out)
    acc = accelerator or Accelerator(mixed_precision=recipe.mixed_precision)
    model = task.model
    params = [p for p in model.parameters() if p.requires_grad]
    if not params:
        raise ValueError(f"stage {recipe.stage}: no trainable parameters "
                         f"(train_modules={recipe.train_modules})")
    optimizer = torch.optim.AdamW(params, lr=recipe.lr, weight_decay=recipe.weight_decay)
    scheduler = _scheduler(recipe, optimizer)
    ckpt_root = out / "checkpoints"
    log = out / "log.jsonl"
    start, losses = 0, []
    ckpt = latest_checkpoint(ckpt_root)
    if ckpt is not None:
        made = checkpoint_recipe(ckpt)
        if made is not None and (diff := recipe_diff(made, recipe)):
            raise ValueError(f"{ckpt}: made with another recipe (differs in {', '.join(diff)}); "
                             f"resume with that recipe or train into a new folder")
        state = load_checkpoint(ckpt, model, optimizer, scheduler)
        start, losses = state["step"], state["losses"]
    _trim_log(log, start)  # also a run killed before its first checkpoint: it starts over
    model, optimizer = acc.prepare(model, optimizer)
    out.mkdir(parents=True, exist_ok=True)
    n_params = sum(p.numel() for p in params)
    bar = tqdm(total=recipe.max_steps, initial=start, desc=f"{recipe.stage}",
               disable=not (progress and acc.is_main_process), dynamic_ncols=True)
    t0, seen = time.time(), 0
    model.train()
    for step in range(start, recipe.max_steps):
        step_loss = 0.0
        for micro in range(recipe.grad_accum):
            k = step * recipe.grad_accum + micro
            torch.manual_seed(recipe.seed * 1_000_003 + k)
            idx = batch_indices(k, recipe.batch_size, task.n_examples, recipe.seed,
                                acc.process_index, acc.num_processes)
            batch = task.make_batch(idx)
            loss = task.loss(model, batch) / recipe.grad_accum
            acc.backward(loss)
            step_loss += float(loss.detach())
            seen += len(idx) * acc.num_processes
        if recipe.max_grad_norm:
            acc.clip_grad_norm_(params, recipe.max_grad_norm)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad(set_to_none=True)
        if not math.isfinite(step_loss):
            raise FloatingPointError(f"stage {recipe.stage}: loss is {step_loss} at step "
                                     f"{step + 1}; lower lr (now {recipe.lr})")
        losses.append(step_loss)
        rate = seen / max(time.time() - t0, 1e-9)
        bar.set_postfix(loss=f"{step_loss:.4f}", ex_s=f"{rate:.1f}")
        bar.update(1)
        if acc.is_main_process and ((step + 1) % recipe.log_every == 0 or
                                    step + 1 == recipe.max_steps):
            with log.open("a") as f:
                f.write(json.dumps({"step": step + 1, "loss": step_loss,
                                    "lr": scheduler.get_last_lr()[0],
                                    "examples_per_s": round(rate, 2),
                                    "elapsed_s": round(time.time() - t0, 2)}) + "\n")
        if (step + 1) % recipe.save_every == 0 or step + 1 == recipe.max_steps:
            acc.wait_for_everyone()
            if acc.is_main_process:
                save_checkpoint(ckpt_root, step + 1, acc.unwrap_model(model), optimizer,
                                scheduler, {"losses": losses, "recipe": recipe.record()})
    bar.close()
    model.eval()
    return {"steps": recipe.max_steps, "resumed_from": start, "final_loss": losses[-1],
            "first_loss": losses[0] if losses else None, "trainable_params": n_params,
            "seconds": round(time.time() - t0, 2), "losses": losses,
            "model": acc.unwrap_model(model)}
