"""A toy training stage the checkpoint tests share: a small regression with dropout (so the
RNG state matters on resume) through ``train.loop.run`` with a two-step save interval.

    from tests.toy_stage import toy_task, toy_recipe
    run(toy_recipe(), toy_task(), out)
"""
from __future__ import annotations

import os

import torch

from train.loop import StageTask
from train.recipe import Recipe


def toy_task(die_at: int = 0) -> StageTask:
    """The toy stage; with ``die_at`` the process exits (as kill -9 would leave it: no
    cleanup) when it builds its ``die_at``-th micro-batch."""
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(1)
    x = torch.randn(40, 5, generator=g)
    y = x @ torch.tensor([1.0, -2.0, 0.5, 3.0, 0.0])
    model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Dropout(0.1),
                                torch.nn.Linear(8, 1))
    calls = []

    def make_batch(idx):
        calls.append(1)
        if len(calls) == die_at:
            os._exit(9)
        return x[idx], y[idx]

    return StageTask(model=model, n_examples=40, make_batch=make_batch,
                     loss=lambda m, b: torch.nn.functional.mse_loss(m(b[0]).squeeze(-1), b[1]))


def toy_recipe(**kw) -> Recipe:
    """Eight steps of batch 4, a checkpoint every two; ``kw`` overrides any field."""
    return Recipe(**{**dict(stage="align", train_modules=["projector"], lr=0.05, max_steps=8,
                            batch_size=4, save_every=2, schedule="linear"), **kw})
