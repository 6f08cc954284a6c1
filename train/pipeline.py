"""The registered training stages in a row, with the evidence that each one learned.

stage1 (CLIP-Math) -> stage2 (alignment) -> stage3 (instruction tuning, and its image-blind twin)
-> stage4 (DPO) -> ``final/``: the last stage's model folder, which plain ``transformers``
loads. The order, the twins, the evidence and the goals come from ``train.stage.STAGES``. A stage
whose ``metrics.json`` exists and records the same recipe is done and skipped (a changed recipe
trains that stage and every later one again); an interrupted stage resumes from its checkpoint.
A stage holds ``<its folder>/.lock`` and the pipeline ``OUT/.lock`` while they write
(engines/dataset/lock.py): a second run into the same folder is refused with ``FolderBusy``.

    mm-train pipeline --preset tiny --out runs/tiny
"""
from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

from engines.dataset.lock import LOCK_FILES, folder_lock
from train import processes
from train.checkpoint import checkpoint_recipe, latest_checkpoint
from train.recipe import Recipe, load_recipe, recipe_diff
from train.stage import STAGES, stage_named

CONFIGS = Path(__file__).resolve().parent.parent / "configs"


def preset_recipe(preset: str, key: str, overrides: dict | None = None) -> Recipe:
    """The shipped recipe ``configs/<preset>/<key>.yaml`` of stage ``key`` (``stage1`` ...)."""
    path = CONFIGS / preset / f"{key}.yaml"
    if not path.exists():
        valid = sorted(p.name for p in CONFIGS.iterdir() if (p / f"{key}.yaml").exists())
        raise FileNotFoundError(f"no recipe {path}; presets with recipes: {', '.join(valid)}")
    return load_recipe(path, overrides)


def run_stage(recipe: Recipe, init: Path | None, out: Path, progress: bool = True,
              retrain: bool = False) -> dict:
    """Train the recipe's stage into ``out``; a finished stage made with the same recipe is
    reused unless ``retrain`` (its input changed). The result carries ``trained``: whether it
    ran."""
    with folder_lock(out):
        return _run_stage(recipe, init, Path(out), progress, retrain)


def _run_stage(recipe: Recipe, init: Path | None, out: Path, progress: bool,
               retrain: bool) -> dict:
    stage = stage_named(recipe.stage)
    done = out / "metrics.json"
    finished = json.loads(done.read_text()) if done.exists() else None
    held = None  # recipe of what ``out`` holds already: a finished stage or a checkpoint
    if finished is not None:
        held = finished.get("recipe", {})
    elif (ckpt := latest_checkpoint(out / "checkpoints")) is not None:
        held = checkpoint_recipe(ckpt) or recipe.record()  # one that does not say is resumed
    diff = recipe_diff(held, recipe) if held is not None else []
    if held is not None and (diff or retrain):
        why = (f"made with another recipe (differs in {', '.join(diff)})" if diff
               else "its input stage was trained again")
        old = out.with_name(out.name + ".previous")
        processes.barrier()  # every process has read ``out`` before the main one moves it
        if processes.is_main():
            print(f"{out}: {why}; moved to {old.name}, training it again", file=sys.stderr)
            if old.exists():
                shutil.rmtree(old)
            old.mkdir()
            for p in out.iterdir():  # the lock stays: ``out`` is still this run's
                if p.name not in LOCK_FILES:
                    p.rename(old / p.name)
        processes.barrier()
    elif finished is not None:
        return {**finished, "trained": False}
    if stage.needs_init and init is None:
        raise ValueError(f"{stage.key} needs --init (the previous stage's output folder)")
    t = time.time()
    result = stage.train(recipe, init, out, progress)
    result["wall_seconds"] = round(time.time() - t, 1)
    result["recipe"] = recipe.record()
    if processes.is_main():
        done.write_text(json.dumps(result, indent=1))
    processes.barrier()
    return {**result, "trained": True}


def run_pipeline(preset: str, out: str | Path, data: str | None = None,
                 progress: bool = True, blind_twin: bool = True) -> dict:
    """Every registered stage on the preset's recipes; ``data`` feeds the stages that take the
    pipeline's dataset; ``blind_twin`` False skips the stages' twins."""
    out = Path(out)
    with folder_lock(out):
        return _run_pipeline(preset, out, data, progress, blind_twin)


def _run_pipeline(preset: str, out: Path, data: str | None, progress: bool,
                  blind_twin: bool) -> dict:
    results: dict[str, dict] = {}
    prev, retrain, last = None, False, None
    for key, stage in STAGES.items():
        overrides = {"data": data} if data and stage.takes_pipeline_data else {}
        recipe = preset_recipe(preset, key, overrides)
        res = run_stage(recipe, prev, out / key, progress, retrain)
        for twin in stage.twins if blind_twin else ():
            twin_recipe = preset_recipe(preset, key, {**overrides, **twin.overrides})
            twin_res = run_stage(twin_recipe, prev, out / f"{key}-{twin.name}", progress,
                                 retrain)
            twin_res.pop("trained")
            results[f"{key}_{twin.name}"] = twin_res
        retrain = retrain or res.pop("trained")
        results[key] = res
        prev = last = out / key
    final = out / "final"
    summary = {"preset": preset, "final": str(final), "stages": results,
               "evidence": evidence(results)}
    if processes.is_main():
        if final.exists():
            shutil.rmtree(final)
        shutil.copytree(last / "model", final)
        (out / "pipeline.json").write_text(json.dumps(summary, indent=1))
    return summary


def evidence(results: dict) -> dict:
    """Each stage's learning numbers, with its goals and whether they are met (the quickstart
    report reads these from pipeline.json)."""
    ev = {}
    for key, stage in STAGES.items():
        e = stage.evidence(results)
        if e is not None:
            ev[key] = {**e, "goals": stage.goal_records(e)}
    return ev
