"""A recipe's module_lr: the parameters of a named train module get their own learning rate
(an AdamW group of their own), the others keep ``lr``; a run with it resumes to the same
weights; a bad entry fails naming the field."""
import re

import pytest
import torch

from tests.toy_stage import toy_recipe, toy_task
from train.loop import param_groups, run
from train.recipe import RecipeError
from train.sft import llava_module_of


def _toy(**kw):
    task = toy_task()
    task.module_of = lambda n: "vision" if n.startswith("0.") else "projector"
    return task, toy_recipe(train_modules=["projector", "vision"], **kw)


class _Llava(torch.nn.Module):  # the parameter names of transformers' LLaVA classes
    def __init__(self):
        super().__init__()
        self.model = torch.nn.Module()
        self.model.vision_tower = torch.nn.Linear(3, 3)
        self.model.multi_modal_projector = torch.nn.Linear(3, 3)
        self.model.language_model = torch.nn.Linear(3, 3)
        self.lm_head = torch.nn.Linear(3, 3, bias=False)


def test_groups_by_module_and_decay():
    m = _Llava()
    ids = lambda ps: [id(p) for p in ps]  # noqa: E731
    assert ids(param_groups(m, 0.0)) == ids(m.parameters())  # unchanged without module_lr
    groups = param_groups(m, 0.0, {"vision": 1e-4}, llava_module_of)
    assert [g.get("lr") for g in groups] == [None, 1e-4]
    assert ids(groups[1]["params"]) == ids(m.model.vision_tower.parameters())
    assert len(groups[0]["params"]) == 5  # projector weight, bias; LLM weight, bias; lm_head
    groups = param_groups(m, 0.1, {"vision": 1e-4, "llm": 2e-4}, llava_module_of)
    assert [(g.get("lr"), g.get("weight_decay"), len(g["params"])) for g in groups] == [
        (None, None, 1), (None, 0.0, 1), (1e-4, None, 1), (1e-4, 0.0, 1), (2e-4, None, 2),
        (2e-4, 0.0, 1)]
    assert [llava_module_of(n) for n in ("model.vision_tower.x", "model.language_model.a.lora_A",
                                         "lm_head.weight", "model.multi_modal_projector.b")] == [
        "vision", "lora", "llm", "projector"]


def test_a_module_with_a_tiny_rate_barely_moves(tmp_path):
    task, recipe = _toy(module_lr={"vision": 1e-9})
    before = [p.detach().clone() for p in task.model.parameters()]
    out = run(recipe, task, tmp_path / "a", progress=False)
    after = [p.detach() for p in out["model"].parameters()]
    first = max(float((a - b).abs().max()) for a, b in zip(after[:2], before[:2]))
    last = max(float((a - b).abs().max()) for a, b in zip(after[2:], before[2:]))
    assert first < 1e-7 < 1e-2 < last
    task, recipe = _toy()  # the same run without module_lr moves both layers
    out = run(recipe, task, tmp_path / "b", progress=False)
    assert float((next(out["model"].parameters()).detach() - before[0]).abs().max()) > 1e-2


def test_resumes_to_the_same_weights(tmp_path):
    task, recipe = _toy(module_lr={"vision": 0.01})
    straight = run(recipe, task, tmp_path / "a", progress=False)
    task, recipe = _toy(module_lr={"vision": 0.01})
    build, calls = task.make_batch, []

    def dies_in_step_7(idx):
        calls.append(idx)
        if len(calls) == 7:
            raise RuntimeError("killed")
        return build(idx)

    task.make_batch = dies_in_step_7
    with pytest.raises(RuntimeError, match="killed"):
        run(recipe, task, tmp_path / "b", progress=False)
    task, recipe = _toy(module_lr={"vision": 0.01})
    resumed = run(recipe, task, tmp_path / "b", progress=False)
    assert resumed["resumed_from"] == 6
    assert resumed["losses"] == straight["losses"]
    for a, b in zip(resumed["model"].parameters(), straight["model"].parameters()):
        assert torch.equal(a, b)


@pytest.mark.parametrize("value, message", [
    ({"llm": 1e-4}, "module_lr: 'llm' is not one of train_modules (projector, vision)"),
    ({"vision": -1.0}, "module_lr.vision: expected a positive number, got -1.0"),
    ({"vision": "fast"}, "module_lr.vision: expected a positive number, got 'fast'"),
    ([1e-4], "module_lr: expected dict, got [0.0001]"),
    ({"vision:1e-4": None}, "module_lr: 'vision:1e-4' has no learning rate; write it as "
                            "{vision: 1.0e-4} (a space after the colon)"),
])
def test_bad_entries_name_the_field(value, message):
    with pytest.raises(RecipeError, match=re.escape(message)):
        _toy(module_lr=value)


def test_text_numbers_are_read_as_yaml_1_1_leaves_them():
    assert _toy(module_lr={"vision": "1e-4"})[1].module_lr == {"vision": 1e-4}
