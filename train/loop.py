"""One training loop for every stage, on accelerate (CPU here, DDP/bf16 under accelerate launch).

A stage hands the loop a ``StageTask``: the model (its ``requires_grad`` parameters are what
trains), the number of examples, ``make_batch(indices)`` and ``loss(model, batch)``. The loop owns
optimisation (AdamW, schedule, gradient accumulation, clipping), the deterministic data order,
the progress bar, JSONL logs and checkpoints.

Devices and processes: the model is prepared by accelerate (its device, DDP); batches come from
a ``DataLoader`` over this process's micro-steps (``data_workers`` worker processes; so
``make_batch`` draws no torch random numbers) and are moved to ``acc.device`` before the model
sees them. Under ``torchrun`` / ``accelerate launch`` each process takes its share of every
global micro-batch, gradients are synchronised only on a step's last micro-batch (``no_sync``
on the others, as ``acc.accumulate`` does, counted by the loop's own micro-step so a resumed run
syncs where an uninterrupted one does), the logged loss is the mean over processes, and only the
main process writes the log and checkpoints. A loss that averages over tokens divides by
``train.processes.global_mean_scale`` so that the processes together train on the global batch's
mean, as one process does.

Determinism and resume: micro-step k reads the examples at positions [k*B, (k+1)*B) of a
per-epoch permutation seeded by (seed, epoch), and seeds torch with (seed, k) before its forward
pass (dropout), so a run resumed from a checkpoint takes exactly the steps an uninterrupted run
takes and ends with the same loss and weights (the stage seeds the initial weights itself:
``mm.seeding``). The log is trimmed to the checkpoint on resume, so it holds each step once.
A damaged newest checkpoint (``train.checkpoint.check_checkpoint``: unreadable, or a file whose
sha256 differs from the one its state.json records) is passed over, with one line on stderr
naming its file, for the newest intact one.

Checkpoint format (recipe ``checkpoint_format``, ``checkpoint_format()``): a sharded run (FSDP,
DeepSpeed) saves and resumes through accelerate's ``save_state`` / ``load_state``, every
process writing and reading its shard; one process and DDP save the trainable tensors and a
flat optimizer state as safetensors. Either format resumes in a run that is not sharded; a
sharded run resumes from accelerate's format only.
A recipe that differs from the checkpoint's in a larger ``max_steps`` alone (bookkeeping fields,
``train.recipe.BOOKKEEPING``, never count) continues the run: the schedule is the one of the new
length from the resumed step on (``follow_schedule``).

    accelerate launch -m train.cli stage3 --recipe configs/base/stage3.yaml --out runs/s3
    torchrun --nproc_per_node 2 -m train.cli stage1 --recipe configs/tiny/stage1.yaml --out runs/s1
"""
from __future__ import annotations

import json
import math
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np
import torch

from mm import determinism
from train import processes
from train.checkpoint import (ACCELERATE, CheckpointError, check_checkpoint, checkpoint_recipe,
                              checkpoint_step, is_sharded, latest_checkpoint, load_checkpoint,
                              load_sharded_checkpoint, save_checkpoint, save_sharded_checkpoint,
                              unverified)
from train.optim import make_optimizer
from train.recipe import Recipe, extends, recipe_diff


@dataclass
class StageTask:
    """``make_batch(indices)``; with ``keyed``, ``make_batch(indices, keys)`` where ``keys[j]``
    is the position of ``indices[j]`` in the run's stream of examples: a seed for draws made per
    example (caption sampling) that is the same whichever process builds the example."""
    model: torch.nn.Module
    n_examples: int
    make_batch: Callable[..., Any]
    loss: Callable[[torch.nn.Module, Any], torch.Tensor]
    keyed: bool = False
    # the train module (recipe.train_modules' names) a parameter's name belongs to; needed for
    # a recipe's module_lr
    module_of: Callable[[str], str] | None = None


def batch_positions(k: int, batch: int, rank: int = 0, world: int = 1) -> list[int]:
    """Stream positions of global micro-step k (this process's share under DDP)."""
    return list(range(k * batch, (k + 1) * batch))[rank::world]


def batch_indices(k: int, batch: int, n: int, seed: int, rank: int = 0, world: int = 1
                  ) -> list[int]:
    """Example indices of global micro-step k (this process's share under DDP)."""
    out = []
    for pos in batch_positions(k, batch, rank, world):
        epoch, i = divmod(pos, n)
        perm = np.random.default_rng([seed, epoch]).permutation(n)
        out.append(int(perm[i]))
    return out


def enable_checkpointing(model: torch.nn.Module) -> None:
    """Gradient checkpointing on a transformers model (non-reentrant: frozen embeddings under
    LoRA need no input gradients) or an open_clip one."""
    if hasattr(model, "gradient_checkpointing_enable"):
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    elif hasattr(model, "set_grad_checkpointing"):
        model.set_grad_checkpointing(True)
    else:
        raise ValueError(f"gradient_checkpointing: {type(model).__name__} has none")


def no_decay(name: str, p: torch.nn.Parameter) -> bool:
    """Parameters weight decay leaves alone, as open_clip's and LLaVA's training do: biases,
    norm weights and other vectors (fewer than 2 dimensions), and CLIP's logit scale / bias."""
    return p.ndim < 2 or "logit_scale" in name or "logit_bias" in name


def param_groups(model: torch.nn.Module, weight_decay: float, module_lr: dict | None = None,
                 module_of: Callable[[str], str] | None = None):
    """The trainable parameters as AdamW takes them: one list when there is no weight decay
    (the optimizer state of such a run has one group), else a decayed and an undecayed group
    (``no_decay``). With ``module_lr``, the parameters of each module named there (by
    ``module_of`` of their names) form groups of their own with that learning rate, after the
    others'; a group left empty is dropped."""
    named = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    if not module_lr:
        return [p for _, p in named] if not weight_decay else _decay_split(named, weight_decay)
    if module_of is None:
        raise ValueError("module_lr: this stage does not tell its parameters' modules apart")
    owner = {n: module_of(n) for n, _ in named}
    groups = []
    for module in [None, *module_lr]:
        mine = [(n, p) for n, p in named
                if (owner[n] == module if module else owner[n] not in module_lr)]
        groups += _decay_split(mine, weight_decay, **({"lr": module_lr[module]} if module else {}))
    return [g for g in groups if g["params"]]


def _decay_split(named, weight_decay: float, **extra) -> list[dict]:
    """One AdamW group of the parameters, or with weight decay a decayed and an undecayed one
    (``no_decay``); ``extra`` (a learning rate) goes into each."""
    if not weight_decay:
        return [{"params": [p for _, p in named], **extra}]
    return [{"params": [p for n, p in named if not no_decay(n, p)], **extra},
            {"params": [p for n, p in named if no_decay(n, p)], "weight_decay": 0.0, **extra}]


def _scheduler(recipe: Recipe, optimizer):
    from transformers import get_scheduler

    return get_scheduler(recipe.schedule, optimizer, num_warmup_steps=recipe.warmup_steps,
                         num_training_steps=recipe.max_steps)


def follow_schedule(optimizer, scheduler) -> None:
    """Set the learning rate of the scheduler's current step from its own schedule. A run whose
    ``max_steps`` grows resumes with a scheduler built for the new length: the optimizer's
    saved rate is the old schedule's (near zero at the end of a cosine), and from the resumed
    step on the rate follows the new schedule, as if the run had been planned that long (the
    steps already taken keep the rates they had)."""
    step = scheduler.last_epoch
    for group, base, fn in zip(optimizer.param_groups, scheduler.base_lrs,
                               scheduler.lr_lambdas):
        group["lr"] = base * fn(step)
    scheduler._last_lr = [g["lr"] for g in optimizer.param_groups]


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


class MicroBatches(torch.utils.data.Dataset):
    """This process's batches of micro-steps ``first`` .. ``last - 1``, in order."""

    def __init__(self, task: StageTask, recipe: Recipe, first: int, last: int, rank: int,
                 world: int):
        self.task, self.recipe, self.first, self.last = task, recipe, first, last
        self.rank, self.world = rank, world

    def __len__(self) -> int:
        return self.last - self.first

    def __getitem__(self, j: int):
        k, r = self.first + j, self.recipe
        idx = batch_indices(k, r.batch_size, self.task.n_examples, r.seed, self.rank,
                            self.world)
        if self.task.keyed:
            return self.task.make_batch(idx, batch_positions(k, r.batch_size, self.rank,
                                                             self.world))
        return self.task.make_batch(idx)


def _as_is(batch):
    return batch  # a stage's batch is already tensors; the default collate would rebuild it


def make_accelerator(recipe: Recipe):
    from accelerate import Accelerator

    processes.state()  # the job's processes first (CPU processes join under torchrun)
    return Accelerator(mixed_precision=recipe.mixed_precision)


def device() -> torch.device:
    """The device of this process's model (what a stage moves a second model or its
    evaluation batches to)."""
    return processes.state().device


def model_device(model: torch.nn.Module) -> torch.device:
    """Where ``model``'s parameters are (a model without parameters computes on the CPU)."""
    p = next(model.parameters(), None)
    return p.device if p is not None else torch.device("cpu")


def sharded(acc) -> bool:
    """Whether no process of ``acc``'s run holds the whole model and optimizer state (FSDP,
    DeepSpeed, Megatron-LM)."""
    from accelerate.utils import DistributedType

    return acc.distributed_type in (DistributedType.FSDP, DistributedType.DEEPSPEED,
                                    DistributedType.MEGATRON_LM)


def checkpoint_format(recipe: Recipe, acc) -> str:
    """The format this run saves its checkpoints in: the recipe's ``checkpoint_format``;
    ``auto`` is accelerate's for a sharded run, else safetensors. ``ValueError`` for
    safetensors under a sharded run (its processes hold shards, not the tensors)."""
    if recipe.checkpoint_format == "safetensors" and sharded(acc):
        raise ValueError(f"checkpoint_format: safetensors cannot hold the state of a sharded "
                         f"run ({acc.distributed_type}); use auto or accelerate")
    if recipe.checkpoint_format != "auto":
        return recipe.checkpoint_format
    return ACCELERATE if sharded(acc) else "safetensors"


def run(recipe: Recipe, task: StageTask, out: str | Path, progress: bool = True,
        accelerator=None) -> dict:
    from accelerate.utils import send_to_device
    from tqdm.auto import tqdm

    out = Path(out)
    determinism.check_torch()  # torch's kernels as on every machine, or a warning
    acc = accelerator or make_accelerator(recipe)
    world, main = acc.num_processes, acc.is_main_process
    if recipe.batch_size % world:
        raise ValueError(f"batch_size: {recipe.batch_size} does not split over {world} "
                         f"processes; use a multiple of {world}")
    model = task.model
    params = [p for p in model.parameters() if p.requires_grad]
    if not params:
        raise ValueError(f"stage {recipe.stage}: no trainable parameters "
                         f"(train_modules={recipe.train_modules})")
    if recipe.gradient_checkpointing:
        enable_checkpointing(model)
    if recipe.optimizer == "muon" and sharded(acc):
        raise ValueError(f"optimizer: muon orthogonalises whole matrices, and this run "
                         f"({acc.distributed_type}) holds shards of them; use adamw")
    optimizer = make_optimizer(recipe.optimizer, model,
                               param_groups(model, recipe.weight_decay, recipe.module_lr,
                                            task.module_of), recipe.lr, recipe.weight_decay,
                               task.module_of)
    scheduler = _scheduler(recipe, optimizer)
    ckpt_root = out / "checkpoints"
    log = out / "log.jsonl"
    start, losses = 0, []
    passed: list = []
    fmt = checkpoint_format(recipe, acc)
    # the main process reads and hashes the checkpoints; the others load the one it chose
    ckpt = processes.on_main(lambda: latest_checkpoint(ckpt_root, passed))
    for _, why in passed:  # the main process's list: the others' stays empty
        print(f"{why}; resuming from the newest intact checkpoint, {ckpt.name}",
              file=sys.stderr)
    longer = after_prepare = False
    if ckpt is not None:
        made = checkpoint_recipe(ckpt)
        longer = made is not None and extends(made, recipe, checkpoint_step(ckpt))
        if made is not None and not longer and (diff := recipe_diff(made, recipe)):
            raise ValueError(f"{ckpt}: made with another recipe (differs in {', '.join(diff)}); "
                             f"resume with that recipe or train into a new folder")
        if main and (line := unverified(ckpt)):
            print(line, file=sys.stderr)
        state = check_checkpoint(ckpt, verify=False)
        after_prepare = is_sharded(state)  # accelerate loads into the prepared model
        if not after_prepare:
            if sharded(acc):
                raise CheckpointError(
                    f"{ckpt}: a safetensors checkpoint (a run that was not sharded); this run "
                    f"is sharded ({acc.distributed_type}) and resumes from accelerate's format "
                    "only: resume it as it was launched, or train into a new folder")
            state = load_checkpoint(ckpt, model, optimizer, scheduler, verified=True)
            if longer:
                follow_schedule(optimizer, scheduler)
        start, losses = state["step"], state["losses"]
    if main:
        out.mkdir(parents=True, exist_ok=True)
        _trim_log(log, start)  # also a run killed before its first checkpoint: it starts over
    model, optimizer = acc.prepare(model, optimizer)
    if after_prepare:
        load_sharded_checkpoint(ckpt, acc, scheduler, verified=True)
        if longer:
            follow_schedule(optimizer, scheduler)
    n_params = sum(p.numel() for p in params)
    ga = recipe.grad_accum
    loader = torch.utils.data.DataLoader(
        MicroBatches(task, recipe, start * ga, recipe.max_steps * ga, acc.process_index, world),
        batch_size=None, shuffle=False, num_workers=recipe.data_workers, collate_fn=_as_is)
    batches = iter(loader)
    bar = tqdm(total=recipe.max_steps, initial=start, desc=f"{recipe.stage}",
               disable=not (progress and main), dynamic_ncols=True)
    t0, seen = time.time(), 0
    model.train()
    for step in range(start, recipe.max_steps):
        step_loss = 0.0
        for micro in range(ga):
            k = step * ga + micro
            torch.manual_seed(recipe.seed * 1_000_003 + k)
            batch = send_to_device(next(batches), acc.device)
            with nullcontext() if micro == ga - 1 else acc.no_sync(model):
                loss = task.loss(model, batch) / ga
                acc.backward(loss)
            step_loss += float(loss.detach())
            seen += recipe.batch_size
        if world > 1:
            step_loss = float(acc.reduce(torch.tensor(step_loss, dtype=torch.float64,
                                                      device=acc.device), "mean"))
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
        if main and ((step + 1) % recipe.log_every == 0 or step + 1 == recipe.max_steps):
            with log.open("a") as f:
                f.write(json.dumps({"step": step + 1, "loss": step_loss,
                                    "lr": scheduler.get_last_lr()[0],
                                    "examples_per_s": round(rate, 2),
                                    "elapsed_s": round(time.time() - t0, 2)}) + "\n")
        if (step + 1) % recipe.save_every == 0 or step + 1 == recipe.max_steps:
            acc.wait_for_everyone()
            extra = {"losses": losses, "recipe": recipe.record()}
            if fmt == ACCELERATE:  # every process writes its shard
                save_sharded_checkpoint(acc, ckpt_root, step + 1, scheduler, extra)
            elif main:
                save_checkpoint(ckpt_root, step + 1, acc.unwrap_model(model), optimizer,
                                scheduler, extra)
    bar.close()
    acc.wait_for_everyone()
    model.eval()
    return {"steps": recipe.max_steps, "resumed_from": start, "final_loss": losses[-1],
            "first_loss": losses[0] if losses else None, "trainable_params": n_params,
            "seconds": round(time.time() - t0, 2), "losses": losses,
            "model": acc.unwrap_model(model)}
