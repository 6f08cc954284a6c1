"""The training loop: deterministic data order, atomic safetensors checkpoints, and a resumed
run that ends with exactly the loss of an uninterrupted one."""
import json

import pytest
import torch

from train.checkpoint import latest_checkpoint
from train.loop import StageTask, batch_indices, run
from train.recipe import Recipe


class Crash(Exception):
    pass


def _task(seed=0, crash_at=None):
    torch.manual_seed(seed)
    g = torch.Generator().manual_seed(1)
    x = torch.randn(40, 5, generator=g)
    y = x @ torch.tensor([1.0, -2.0, 0.5, 3.0, 0.0]) + 0.1 * torch.randn(40, generator=g)
    model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Dropout(0.1), torch.nn.Linear(8, 1))
    calls = []

    def make_batch(idx):
        calls.append(1)
        if crash_at is not None and len(calls) > crash_at:
            raise Crash("killed")
        return x[idx], y[idx]

    return StageTask(model=model, n_examples=40, make_batch=make_batch,
                     loss=lambda m, b: torch.nn.functional.mse_loss(m(b[0]).squeeze(-1), b[1]))


def _recipe(**kw):
    base = dict(stage="align", train_modules=["projector"], lr=0.1, max_steps=12,
                batch_size=6, grad_accum=2, save_every=4, schedule="linear", warmup_steps=2)
    base.update(kw)
    return Recipe(**base)


def test_batch_indices_cover_each_epoch_once():
    seen = [i for k in range(5) for i in batch_indices(k, 8, 40, seed=3)]
    assert sorted(seen) == list(range(40))
    assert batch_indices(2, 8, 40, 3) == batch_indices(2, 8, 40, 3)
    assert batch_indices(0, 8, 40, 3, rank=1, world=2) == batch_indices(0, 8, 40, 3)[1::2]


@pytest.mark.slow
def test_loss_goes_down_and_logs(tmp_path):
    s = run(_recipe(), _task(), tmp_path / "a", progress=False)
    assert s["final_loss"] < 0.5 * s["first_loss"]
    lines = [json.loads(x) for x in (tmp_path / "a" / "log.jsonl").read_text().splitlines()]
    assert [x["step"] for x in lines] == list(range(1, 13))
    ck = latest_checkpoint(tmp_path / "a" / "checkpoints")
    assert ck.name == "step-000012"
    assert sorted(p.name for p in ck.iterdir()) == ["optimizer.safetensors", "state.json",
                                                    "trainable.safetensors"]


def test_resume_reaches_the_same_final_loss_and_weights(tmp_path):
    full = run(_recipe(), _task(), tmp_path / "full", progress=False)
    # a run that dies in step 10 (checkpoint 8 on disk, log lines past it, a half-written save)
    with pytest.raises(Crash):
        run(_recipe(), _task(crash_at=19), tmp_path / "cut", progress=False)
    assert latest_checkpoint(tmp_path / "cut" / "checkpoints").name == "step-000008"
    with (tmp_path / "cut" / "log.jsonl").open("a") as f:
        f.write(json.dumps({"step": 9, "loss": 123.0}) + "\n" + '{"step": 10, "lo')  # torn
    (tmp_path / "cut" / "checkpoints" / ".tmp-step-000012-1").mkdir()  # half-written save
    resumed = run(_recipe(), _task(seed=99), tmp_path / "cut", progress=False)
    assert resumed["resumed_from"] == 8
    assert resumed["losses"] == full["losses"]
    assert resumed["final_loss"] == full["final_loss"]
    want, got = full["model"].state_dict(), resumed["model"].state_dict()
    assert list(got) == list(want)
    assert all(torch.equal(got[k], want[k]) for k in want)
    steps = [json.loads(x)["step"] for x in (tmp_path / "cut" / "log.jsonl").read_text().splitlines()]
    assert steps == list(range(1, 13))


def test_a_run_killed_before_its_first_checkpoint_logs_each_step_once(tmp_path):
    # dies in step 2: step 1 is logged, no checkpoint is on disk
    with pytest.raises(Crash):
        run(_recipe(), _task(crash_at=3), tmp_path / "cut", progress=False)
    assert latest_checkpoint(tmp_path / "cut" / "checkpoints") is None
    log = tmp_path / "cut" / "log.jsonl"
    assert [json.loads(x)["step"] for x in log.read_text().splitlines()] == [1]
    again = run(_recipe(), _task(), tmp_path / "cut", progress=False)
    assert again["resumed_from"] == 0
    assert [json.loads(x)["step"] for x in log.read_text().splitlines()] == list(range(1, 13))


def test_resume_refuses_a_checkpoint_of_another_recipe(tmp_path):
    run(_recipe(max_steps=4), _task(), tmp_path / "a", progress=False)
    with pytest.raises(ValueError, match=r"step-000004: made with another recipe \(differs in "
                                         r"lr, max_steps\); resume with that recipe"):
        run(_recipe(max_steps=8, lr=0.05), _task(), tmp_path / "a", progress=False)


def test_recipe_validation_messages():
    with pytest.raises(ValueError, match="train_modules: unknown"):
        Recipe(stage="align", train_modules=["wheels"])
    with pytest.raises(ValueError, match="stage: 'stage9'"):
        Recipe(stage="stage9", train_modules=["llm"])
    with pytest.raises(ValueError, match="lr: must be positive"):
        Recipe(stage="align", train_modules=["llm"], lr=0)


def test_recipe_diff_reads_missing_fields_as_their_defaults():
    from train.recipe import recipe_diff

    r = _recipe()
    recorded = r.to_dict()
    assert recipe_diff(recorded, r) == []
    del recorded["image_size"], recorded["vocab_size"]  # a record older than these fields
    assert recipe_diff(recorded, r) == []
    assert recipe_diff({**recorded, "vocab_size": 5, "lr": 0.5}, r) == ["lr", "vocab_size"]
    # a key the recipe's stage does not have (another stage's record) is not compared
    assert recipe_diff({**recorded, "dpo_beta": 9.0}, r) == []
    # save_every is bookkeeping (train.recipe.BOOKKEEPING): never compared
    assert sorted(recipe_diff({}, r)) == ["batch_size", "grad_accum", "lr", "max_steps",
                                          "schedule", "stage", "train_modules",
                                          "warmup_steps"]


def test_batches_built_by_worker_processes_give_the_same_run(tmp_path):
    one = run(_recipe(max_steps=4), _task(), tmp_path / "a", progress=False)
    workers = run(_recipe(max_steps=4, data_workers=2), _task(), tmp_path / "b", progress=False)
    assert workers["losses"] == one["losses"]
    with pytest.raises(ValueError, match="data_workers: must be >= 0, got -1"):
        _recipe(data_workers=-1)


def test_foreach_adamw_takes_the_steps_of_torchs_per_tensor_loop(tmp_path, monkeypatch):
    """The loop's AdamW runs each operation over all tensors at once (``foreach``); the losses
    and weights are bit for bit those of torch's per-tensor loop, with and without the weight
    decay groups."""
    adamw = torch.optim.AdamW
    for decay in (0.0, 0.1):
        fast = run(_recipe(weight_decay=decay, save_every=100), _task(), tmp_path / f"f{decay}",
                   progress=False)
        assert fast["model"] is not None
        made = []

        def per_tensor(*a, **kw):
            made.append(kw.pop("foreach"))
            return adamw(*a, foreach=False, **kw)

        monkeypatch.setattr(torch.optim, "AdamW", per_tensor)
        slow = run(_recipe(weight_decay=decay, save_every=100), _task(), tmp_path / f"s{decay}",
                   progress=False)
        monkeypatch.undo()
        assert made == [True]
        assert fast["losses"] == slow["losses"]
        for a, b in zip(fast["model"].state_dict().values(), slow["model"].state_dict().values()):
            assert torch.equal(a, b)
