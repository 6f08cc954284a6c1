"""Every tensor the model sees in the training loop is on the model's device.

A CPU-only machine has a second device that computes: torch's lazy-tensor backend with its
TorchScript runner (``lazy``), which refuses inputs from the CPU. The loop runs with an
accelerator whose device is ``lazy`` while the stage builds its batches on the CPU, and a
forward pre-hook records the device of every tensor argument the model is called with next to
the device of its parameters. bench/gpu_check.py runs the stages themselves on a GPU.
"""
import pytest
import torch

from train.loop import StageTask, run
from train.recipe import Recipe

lazy = pytest.importorskip("torch._lazy.ts_backend")


def _lazy_accelerator():
    from accelerate import Accelerator

    class LazyAccelerator(Accelerator):
        @property
        def device(self):
            return torch.device("lazy")

    lazy.init()
    return LazyAccelerator()


def test_every_tensor_the_model_sees_is_on_the_models_device(tmp_path):
    g = torch.Generator().manual_seed(1)
    x = torch.randn(40, 5, generator=g)
    y = x @ torch.tensor([1.0, -2.0, 0.5, 3.0, 0.0])
    model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Linear(8, 1))
    calls = []

    def look(module, args, kwargs):
        at = next(module.parameters()).device
        for a in [*args, *kwargs.values()]:
            if torch.is_tensor(a):
                calls.append((str(a.device), str(at)))

    model.register_forward_pre_hook(look, with_kwargs=True)

    def make_batch(idx):
        return {"x": x[idx], "y": y[idx]}  # built on the CPU, as the stages build them

    def loss(m, b):
        return torch.nn.functional.mse_loss(m(b["x"]).squeeze(-1), b["y"])

    recipe = Recipe(stage="align", train_modules=["projector"], lr=0.05, max_steps=2,
                    batch_size=4, grad_accum=2, save_every=1)
    s = run(recipe, StageTask(model, 40, make_batch, loss), tmp_path / "run", progress=False,
            accelerator=_lazy_accelerator())
    assert len(calls) == 4  # 2 steps x 2 micro-batches, one tensor each
    assert set(calls) == {("lazy:0", "lazy:0")}
    assert len(s["losses"]) == 2 and all(v > 0 for v in s["losses"])
    # the checkpoint holds CPU tensors whatever the device
    from safetensors.torch import load_file

    saved = load_file(str(tmp_path / "run" / "checkpoints" / "step-000002" /
                          "trainable.safetensors"))
    assert sorted(saved) == ["0.bias", "0.weight", "1.bias", "1.weight"]
