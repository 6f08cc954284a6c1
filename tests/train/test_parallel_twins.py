"""``mm-train pipeline --parallel-twins``: a stage's twins train in processes of their own
alongside it, and the pipeline gets the same results as when they run one after the other."""
from __future__ import annotations

import json

import pytest
import torch

from train.pipeline import TwinFailed, _stage_results, _together, preset_recipe, run_stage

SMALL = {"max_steps": 2, "data_n": 16, "eval_n": 8}


def _threads(k: int, fn):
    n = torch.get_num_threads()
    torch.set_num_threads(k)
    try:
        return fn()
    finally:
        torch.set_num_threads(n)


@pytest.mark.slow
def test_stage_and_twin_side_by_side_train_as_one_after_the_other(tmp_path):
    a = preset_recipe("tiny", "stage1", SMALL)
    b = preset_recipe("tiny", "stage1", {**SMALL, "lr": 5e-4})
    n = torch.get_num_threads()
    res, [twin] = _together(lambda: run_stage(a, None, tmp_path / "a", False),
                            [(b, None, tmp_path / "b", False)])
    assert torch.get_num_threads() == n  # the stage's share of the threads is given back
    assert res["trained"] and twin["trained"] and twin["recipe"]["lr"] == 5e-4
    # on the threads each had (two cores: one each), the same losses as the same recipes
    # trained here one after the other
    each = max(1, n // 2)
    alone = [_threads(k, lambda r=r, f=f: run_stage(r, None, tmp_path / f, False))
             for r, f, k in ((a, "a1", max(1, n - each)), (b, "b1", each))]
    assert [res["final_loss"], twin["final_loss"]] == [x["final_loss"] for x in alone]
    # each records the kernels and the threads it trained on, as its metrics.json says
    cap = torch.backends.cpu.get_cpu_capability()
    for r, k, f in ((res, max(1, n - each), "a"), (twin, each, "b")):
        assert r["kernels"]["threads"] == k and r["kernels"]["cpu_capability"] == cap
        assert r["kernels"]["torch"] == torch.__version__
        assert json.loads((tmp_path / f / "metrics.json").read_text())["kernels"] == r["kernels"]
    # the twin's folder is a finished stage of its recipe: the next run reads it alone
    again = run_stage(b, None, tmp_path / "b", False)
    assert not again["trained"] and again["final_loss"] == twin["final_loss"]


@pytest.mark.slow
def test_a_failing_twin_names_its_folder(tmp_path):
    a = preset_recipe("tiny", "stage1", SMALL)
    bad = preset_recipe("tiny", "stage2", SMALL)  # stage 2 needs an init it is not given
    with pytest.raises(TwinFailed, match=r"b2: ValueError: stage2 needs --init"):
        _together(lambda: run_stage(a, None, tmp_path / "a", False),
                  [(bad, None, tmp_path / "b2", False)])
    assert json.loads((tmp_path / "a" / "metrics.json").read_text())["steps"] == 2


def test_the_pipeline_hands_a_stage_with_twins_to_together(tmp_path):
    """``_stage_results`` runs a stage with twins through ``together`` (with each twin's recipe,
    init, folder and retrain flag) and a stage without twins as before."""
    from train.pipeline import pipeline_recipes

    recipes = pipeline_recipes("tiny")
    calls, handed = [], []

    def run(recipe, init, folder, retrain):
        calls.append(folder.name)
        return {"recipe": recipe.record(), "trained": True}

    def together(stage, twins):
        handed.append([(r.stage, r.settings.blank_images, f.name, rt) for r, _, f, rt in twins])
        return stage(), [{"recipe": r.record(), "trained": True} for r, *_ in twins]

    results, last = _stage_results(recipes, tmp_path, False, True, run, together)
    assert calls == ["stage1", "stage2", "stage3", "stage4"]
    # stages 1 and 2 trained, so the twin retrains as the stage does
    assert handed == [[("instruct", True, "stage3-blind", True)]]
    assert results["stage3_blind"]["recipe"]["blank_images"] is True
    assert last == tmp_path / "stage4"


def test_cli_refuses_parallel_twins_without_twins(tmp_path, capsys):
    from train.cli import main

    with pytest.raises(SystemExit) as e:
        main(["pipeline", "--preset", "tiny", "--out", str(tmp_path / "o"), "--no-blind-twin",
              "--parallel-twins"])
    assert e.value.code != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--parallel-twins" in err[0] and "--no-blind-twin" in err[0]


def test_cli_names_a_failed_twin_in_one_line(tmp_path, capsys, monkeypatch):
    """A twin that failed in its own process is one line, as the same failure is when the
    twin trains after its stage (the pipeline's folder errors)."""
    import train.pipeline
    from train.cli import main

    def fails(*a, **k):
        raise TwinFailed(f"{tmp_path}/o/stage3-blind: StageFolderError: damaged")
    monkeypatch.setattr(train.pipeline, "run_pipeline", fails)
    with pytest.raises(SystemExit) as e:
        main(["pipeline", "--preset", "tiny", "--out", str(tmp_path / "o"), "--parallel-twins"])
    assert e.value.code != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "stage3-blind: StageFolderError: damaged" in err[0]
