"""Work shared by the training processes of one ``accelerate launch`` / ``torchrun`` job.

The stages run in every process; these helpers say who does what, so that no process redoes
what another did and all of them end with the same values:
``on_main`` runs a step once (a data build, a tokenizer) and hands its result to every process;
``shard_map`` splits a list over the processes (mining, evaluation) and returns every result in
the list's order; ``global_mean_scale`` turns a per-process token count into the divisor that
makes each process's loss a share of the global batch's token mean; ``is_main`` guards files;
``finish`` ends the job's process group before the process exits.
In one plain process each is the direct computation (no collective call is made).

    torchrun --nproc_per_node 2 -m train.cli stage1 --recipe configs/tiny/stage1.yaml --out runs/s1
"""
from __future__ import annotations

import os
from typing import Any, Callable, Sequence

import torch


def state():
    """accelerate's process state (the one every ``Accelerator`` of the job shares). On a
    machine without an accelerator it is asked for CPU processes: accelerate then joins the
    processes of ``torchrun`` (gloo), which it otherwise leaves as separate single runs."""
    from accelerate import PartialState

    if PartialState._shared_state:
        return PartialState()
    acc = getattr(torch, "accelerator", None)  # torch >= 2.6; before it CUDA is the one asked
    has = acc.is_available() if acc is not None else torch.cuda.is_available()
    cpu = not has or os.environ.get("ACCELERATE_USE_CPU", "").lower() in ("1", "true", "yes")
    return PartialState(cpu=cpu)


def world() -> int:
    return state().num_processes


def rank() -> int:
    return state().process_index


def is_main() -> bool:
    return state().is_main_process


def barrier() -> None:
    if world() > 1:
        state().wait_for_everyone()


def finish() -> None:
    """End the job's process group, if this process joined one: its communication threads
    stop before the interpreter's own teardown (left to the exit, a gloo thread can still be
    running when its object is destroyed, and the process aborts after its work is done)."""
    dist = torch.distributed
    if dist.is_available() and dist.is_initialized():
        dist.destroy_process_group()


def on_main(fn: Callable[[], Any]) -> Any:
    """``fn()`` run by the main process only; every process gets its (picklable) result."""
    if world() == 1:
        return fn()
    from accelerate.utils import broadcast_object_list

    box = [fn() if is_main() else None]
    broadcast_object_list(box, from_process=0)
    return box[0]


def shard_map(fn: Callable[[list], list], items: Sequence) -> list:
    """``fn`` applied to a contiguous share of ``items`` in each process (``fn`` returns one
    result per item); every process gets all results in the order of ``items``."""
    items = list(items)
    n, w, r = len(items), world(), rank()
    lo, hi = n * r // w, n * (r + 1) // w
    mine = list(fn(items[lo:hi])) if hi > lo else []
    if len(mine) != hi - lo:
        raise ValueError(f"shard_map: {len(mine)} results for {hi - lo} items")
    if w == 1:
        return mine
    from accelerate.utils import gather_object

    # gather_object concatenates the processes' lists in rank order: the items' order
    return gather_object(mine)


def global_mean_scale(count: torch.Tensor) -> torch.Tensor:
    """The divisor that makes a process's summed loss over ``count`` items its share of the
    global mean: (sum of ``count`` over processes) / processes. DDP averages the processes'
    gradients, so ``sum_loss / global_mean_scale(count)`` in each process trains on
    ``global sum / global count`` exactly, whatever each process's share of the items."""
    total = count.detach().clone().to(torch.float32)
    if world() > 1:
        torch.distributed.all_reduce(total)
        total = total / world()
    return total
