"""The four MAVIS stages in a row, with the evidence that each one learned.

stage1 (CLIP-Math) -> stage2 (alignment) -> stage3 (instruction tuning, and its image-blind twin)
-> stage4 (DPO) -> ``final/``: a folder plain ``transformers`` loads. A stage whose
``metrics.json`` exists and records the same recipe is done and skipped (a changed recipe trains
that stage and every later one again); an interrupted stage resumes from its checkpoint.

    mm-train pipeline --preset tiny --out runs/tiny
"""
from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

from train.checkpoint import checkpoint_recipe, latest_checkpoint
from train.recipe import Recipe, load_recipe, recipe_diff

CONFIGS = Path(__file__).resolve().parent.parent / "configs"


def preset_recipe(preset: str, stage: int, overrides: dict | None = None) -> Recipe:
    path = CONFIGS / preset / f"stage{stage}.yaml"
    if not path.exists():
        valid = sorted(p.name for p in CONFIGS.iterdir() if (p / "stage1.yaml").exists())
        raise FileNotFoundError(f"no recipe {path}; presets with recipes: {', '.join(valid)}")
    return load_recipe(path, overrides)


def run_stage(stage: int, recipe: Recipe, init: Path | None, out: Path,
              progress: bool = True, retrain: bool = False) -> dict:
    """Train one stage into ``out``; a finished stage made with the same recipe is reused
    unless ``retrain`` (its input changed). The result carries ``trained``: whether it ran."""
    from train.stages.clip import train_stage1
    from train.stages.dpo import train_stage4
    from train.stages.sft import train_stage2, train_stage3

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
        print(f"{out}: {why}; moved to {old.name}, training it again", file=sys.stderr)
        if old.exists():
            shutil.rmtree(old)
        out.rename(old)
    elif finished is not None:
        return {**finished, "trained": False}
    t = time.time()
    if stage == 1:
        result = train_stage1(recipe, out, progress)
    else:
        if init is None:
            raise ValueError(f"stage{stage} needs --init (the previous stage's output folder)")
        fn = {2: train_stage2, 3: train_stage3, 4: train_stage4}[stage]
        result = fn(recipe, init, out, progress)
    result["wall_seconds"] = round(time.time() - t, 1)
    result["recipe"] = recipe.record()
    done.write_text(json.dumps(result, indent=1))
    return {**result, "trained": True}


def run_pipeline(preset: str, out: str | Path, data: str | None = None,
                 progress: bool = True, blind_twin: bool = True) -> dict:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, dict] = {}
    prev, retrain = None, False
    for stage in (1, 2, 3, 4):
        recipe = preset_recipe(preset, stage, {"data": data} if data and stage == 1 else None)
        res = run_stage(stage, recipe, prev, out / f"stage{stage}", progress, retrain)
        if stage == 3 and blind_twin:
            twin = preset_recipe(preset, 3, {"blank_images": True})
            results["stage3_blind"] = run_stage(3, twin, prev, out / "stage3-blind", progress,
                                                retrain)
        retrain = retrain or res.pop("trained")
        results[f"stage{stage}"] = res
        prev = out / f"stage{stage}"
    results.get("stage3_blind", {}).pop("trained", None)
    final = out / "final"
    if final.exists():
        shutil.rmtree(final)
    shutil.copytree(out / "stage4" / "model", final)
    summary = {"preset": preset, "final": str(final), "stages": results,
               "evidence": evidence(results)}
    (out / "pipeline.json").write_text(json.dumps(summary, indent=1))
    return summary


def evidence(results: dict) -> dict:
    """The learning numbers the quickstart report shows, with the goals they are held to."""
    ev = {}
    s1 = results.get("stage1", {}).get("metrics")
    if s1:
        ev["stage1"] = {"i2t_r1": s1["trained"]["i2t_r1"],
                        "i2t_r1_untrained": s1["untrained"]["i2t_r1"],
                        "t2i_r1": s1["trained"]["t2i_r1"],
                        "t2i_r1_untrained": s1["untrained"]["t2i_r1"],
                        "i2t_r5": s1["trained"]["i2t_r5"],
                        "ratio": s1["i2t_r1_ratio_vs_untrained"], "goal_ratio": 5.0}
    s3, blind = results.get("stage3", {}).get("metrics"), \
        results.get("stage3_blind", {}).get("metrics")
    if s3 and blind:
        a, b = s3["perception"]["accuracy"], blind["perception"]["accuracy"]
        ev["stage3"] = {"accuracy": a, "blind_twin_accuracy": b,
                        "gain_points": round(100 * (a - b), 1), "goal_points": 15}
        if "yes_no" in s3 and "yes_no" in blind:
            ev["stage3"]["yes_no"] = {k: {"accuracy": m["yes_no"]["accuracy"],
                                          "yes_ratio": m["yes_no"]["yes_ratio"],
                                          "n": m["yes_no"]["n"]}
                                      for k, m in (("model", s3), ("blind_twin", blind))}
    s4 = results.get("stage4", {}).get("metrics")
    if s4:
        ev["stage4"] = {
            "preference_accuracy_stage3": s4["stage3"]["preference_accuracy"]["accuracy"],
            "preference_accuracy_stage4": s4["stage4"]["preference_accuracy"]["accuracy"],
            "preference_stage3": s4["stage3"]["preference_accuracy"],
            "preference_stage4": s4["stage4"]["preference_accuracy"],
            "perception_stage3": s4["stage3"]["perception"]["accuracy"],
            "perception_stage4": s4["stage4"]["perception"]["accuracy"],
            "pairs": s4["pairs"], "replay_rows": s4.get("replay_rows", 0),
            "goal_max_drop_points": 2}
        if "yes_no" in s4["stage3"]:
            ev["stage4"]["yes_no_stage3"] = s4["stage3"]["yes_no"]["accuracy"]
            ev["stage4"]["yes_no_stage4"] = s4["stage4"]["yes_no"]["accuracy"]
    return ev
