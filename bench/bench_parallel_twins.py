"""A stage and its image-blind twin one after the other against side by side
(``mm-train pipeline --parallel-twins``): wall seconds of both, measured in one run.

    .venv/bin/python bench/bench_parallel_twins.py --init runs/quickstart/train/stage2 \
        --steps 100 --repeats 2

``--init`` is a finished stage-2 folder of the preset (``make run`` leaves one). Each repeat
trains the preset's stage 3 and its twin (``blank_images``) for ``--steps`` steps into fresh
folders, first one after the other on all of torch's threads (what the pipeline does without
the flag), then side by side (``train.pipeline._together``: the threads shared out), with the
held-out evaluation cut to a few rows so that the training dominates. The data is built once,
before the timed runs. Prints the min and median of each and the ratio.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import torch

from train.pipeline import _together, preset_recipe, run_stage


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--init", type=Path, required=True, help="a finished stage-2 folder")
    ap.add_argument("--preset", default="small")
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=2)
    a = ap.parse_args()
    cut = {"max_steps": a.steps, "eval_n": 8, "save_every": 10 * a.steps}
    stage = preset_recipe(a.preset, "stage3", cut)
    twin = stage.with_overrides(blank_images=True)
    work = Path(tempfile.mkdtemp(prefix="bench-twins-"))
    try:
        # untimed: builds the stage's data (each run reads it from its own folder afterwards)
        run_stage(stage.with_overrides(max_steps=1, warmup_steps=0), a.init, work / "warm",
                  progress=False)
        times: dict[str, list[float]] = {"one after the other": [], "side by side": []}
        for r in range(a.repeats):
            def fresh(name: str) -> Path:
                folder = work / f"{name}-{r}"
                shutil.copytree(work / "warm" / "data", folder / "data")
                return folder
            s, t = fresh("seq-stage"), fresh("seq-twin")
            start = time.perf_counter()
            run_stage(stage, a.init, s, progress=False)
            run_stage(twin, a.init, t, progress=False)
            times["one after the other"].append(time.perf_counter() - start)
            s, t = fresh("par-stage"), fresh("par-twin")
            start = time.perf_counter()
            _together(lambda: run_stage(stage, a.init, s, progress=False),
                      [(twin, a.init, t, False)])
            times["side by side"].append(time.perf_counter() - start)
        out = {"preset": a.preset, "steps": a.steps, "threads": torch.get_num_threads(),
               **{k: {"min_s": round(min(v), 1), "median_s": round(statistics.median(v), 1)}
                  for k, v in times.items()}}
        out["speedup_median"] = round(statistics.median(times["one after the other"])
                                      / statistics.median(times["side by side"]), 2)
        print(json.dumps(out, indent=1))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
