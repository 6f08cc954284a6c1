"""``mm-train``: the four training stages, one at a time or as a pipeline.

    mm-train stage1 --recipe configs/small/stage1.yaml --out runs/s1
    mm-train stage2 --recipe configs/small/stage2.yaml --init runs/s1 --out runs/s2
    mm-train stage3 --recipe configs/small/stage3.yaml --init runs/s2 --out runs/s3
    mm-train stage4 --recipe configs/small/stage4.yaml --init runs/s3 --out runs/s4
    mm-train pipeline --preset tiny --out runs/tiny
    mm-train pipeline --preset base --out runs/base --set lm_path=/models/llm vision_path=/models/siglip
    mm-train probe tower --vision runs/s1        # does the tower tell the objects apart?
    mm-train probe binding --preset small        # can the LLM look up the object asked?
    mm-train probe words --vision runs/s1        # grounding in three steps that each learn
    accelerate launch -m train.cli stage3 ...        # the same command on several GPUs

A killed stage resumes from its last checkpoint when the same command is run again. One run
writes an ``--out`` at a time: a second one into it is refused, naming the running one.
Everything is checked before any work, each bad input one line naming its flag (exit 2): the
recipe (YAML, every field's type and range; a bad ``--set`` value blames ``--set``), ``--data``
(a finished, non-empty dataset of the kind the stage reads, with its columns), ``--init``
(the previous stage's finished folder, its model files loadable), ``--out`` (a folder that can
be created or written; a finished stage or pipeline in a read-only one is reported without
writing; a checkpoint that cannot be read is named, or passed over for an older intact one),
``--device`` (``cuda`` only with a GPU).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from engines.cliutil import OneLineParser, fail
from engines.dataset.lock import FolderBusy
from engines.dataset.outdir import OutDirError
from train.stage import STAGES

PROG = "mm-train"
DEVICES = ("auto", "cpu", "cuda")


def parser() -> OneLineParser:
    ap = OneLineParser(prog=PROG, description="Train the math MLLM (MAVIS stages 1-4).")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=OneLineParser)
    for key, stage in STAGES.items():
        p = sub.add_parser(key, help=f"run {key}: {stage.title} ('{stage.name}' recipes)")
        p.add_argument("--recipe", required=True, help="recipe YAML")
        p.add_argument("--out", required=True)
        p.add_argument("--data", help="dataset folder (default: the stage builds its own)")
        p.add_argument("--init", help="previous stage's output folder")
        p.add_argument("--set", nargs="+", metavar="KEY=VALUE", help="override recipe keys")
        _device_argument(p)
        p.add_argument("--no-progress", action="store_true")
    p = sub.add_parser("pipeline", help="every stage on a preset")
    p.add_argument("--preset", required=True, choices=["tiny", "small", "base"])
    p.add_argument("--out", required=True)
    p.add_argument("--data", help="caption dataset folder for stage 1")
    p.add_argument("--set", nargs="+", metavar="KEY=VALUE", help="override recipe keys of "
                   "every stage that has them (lm_path=DIR vision_path=DIR clip_checkpoint="
                   "FILE lr=... )")
    p.add_argument("--no-blind-twin", action="store_true")
    p.add_argument("--parallel-twins", action="store_true",
                   help="train each stage's twin in a process of its own alongside the stage, "
                        "the CPU threads shared between them (one process only)")
    _device_argument(p)
    p.add_argument("--no-progress", action="store_true")
    from train.probe_cli import add_parser
    add_parser(sub)
    return ap


def _device_argument(p) -> None:
    p.add_argument("--device", default="auto", help="auto (a GPU when there is one), cpu or "
                   "cuda; under accelerate launch its config decides")


def _check_device(device: str, mixed_precision: str = "no", flag: str = "--recipe") -> None:
    """Fail on a device this machine lacks; ``cpu`` makes accelerate keep to the CPU."""
    import torch

    if device not in DEVICES:
        fail(PROG, "--device", f"unknown {device!r}; valid: {', '.join(DEVICES)}")
    if device == "cuda" and not torch.cuda.is_available():
        fail(PROG, "--device", "cuda: no CUDA GPU is visible on this machine; use cpu or auto")
    if device == "cpu":
        os.environ["ACCELERATE_USE_CPU"] = "true"
    on_gpu = device != "cpu" and torch.cuda.is_available()
    if mixed_precision == "fp16" and not on_gpu:
        fail(PROG, flag, "mixed_precision: fp16 needs a CUDA GPU; use bf16 or no on CPU")


def _fail_recipe(a, e: ValueError, raw: dict, flag: str = "--recipe") -> None:
    """A recipe error as one line blaming where the bad value came from: ``--set KEY``,
    ``--data`` or the recipe file (``flag``: the pipeline's ``--preset``)."""
    from train.recipe import RecipeError

    key = e.key if isinstance(e, RecipeError) else None
    if key == "data" and a.data:
        fail(PROG, "--data", f"{a.data}: {str(e).split(': ', 1)[-1]}")
    if key is not None and key in raw:
        fail(PROG, "--set", f"{key}={raw[key]}: {e.detail.removeprefix(f'{key}: ')}")
    fail(PROG, flag, str(e))


def _check_out(out: str) -> None:
    from engines.dataset.outdir import check_out_dir

    try:
        check_out_dir(out)
    except OutDirError as e:
        fail(PROG, "--out", str(e))


def _check_data(data: str, stages) -> None:
    """``--data`` against the dataset kind of each stage it feeds (``train.data.check_dataset``),
    before any recipe or model is loaded."""
    from train.data import DataFolderError, check_dataset

    for stage in stages:
        if stage.data_kind is None:
            fail(PROG, "--data", f"{stage.key} builds its own data and takes no --data")
        try:
            check_dataset(data, stage.data_kind)
        except DataFolderError as e:
            fail(PROG, "--data", str(e))


def main(argv: list[str] | None = None) -> None:
    from train.pipeline import pipeline_recipes, run_pipeline, run_stage
    from train.recipe import load_recipe, parse_overrides

    from mm.modelfiles import ModelFolderError
    from train.checkpoint import CheckpointError
    from train import processes
    from train.pipeline import StageFolderError, TwinFailed, check_init

    a = parser().parse_args(argv)
    if a.cmd == "probe":
        from train.probe_cli import run
        run(a, PROG)
        raise SystemExit(0)
    try:
        overrides = parse_overrides(a.set)
    except ValueError as e:
        fail(PROG, "--set", str(e).removeprefix("--set: "))
    raw = {k.strip(): v for k, v in (item.split("=", 1) for item in a.set or [])}
    if a.cmd == "pipeline":
        if a.data:
            _check_data(a.data, [s for s in STAGES.values() if s.takes_pipeline_data])
        try:
            recipes = pipeline_recipes(a.preset, a.data, overrides)
        except FileNotFoundError as e:
            fail(PROG, "--preset", str(e))
        except ValueError as e:
            _fail_recipe(a, e, raw, "--preset")
        fp16 = any(r.mixed_precision == "fp16" for r in recipes.values())
        _check_device(a.device, "fp16" if fp16 else "no",
                      "--set" if "mixed_precision" in raw else "--preset")
        _check_out(a.out)
        if a.parallel_twins and (a.no_blind_twin or processes.world() > 1):
            fail(PROG, "--parallel-twins", "needs the twins (not --no-blind-twin) and one "
                 "process (not accelerate launch)")
        try:
            res = run_pipeline(a.preset, a.out, a.data, progress=not a.no_progress,
                               blind_twin=not a.no_blind_twin, overrides=overrides,
                               parallel_twins=a.parallel_twins)
        except (FolderBusy, OutDirError, StageFolderError, CheckpointError, TwinFailed) as e:
            fail(PROG, "--out", str(e))
        if res["complete"]:
            print(f"{a.out}: pipeline complete (every stage finished with these recipes, "
                  "final/ up to date); nothing written", file=sys.stderr)
        print(json.dumps(res["evidence"], indent=1))
        raise SystemExit(0)
    stage = STAGES.get(a.cmd)
    if a.data:
        _check_data(a.data, [stage])
        overrides["data"] = a.data
    try:
        recipe = load_recipe(a.recipe, overrides)
        stage.ready(recipe)
    except FileNotFoundError as e:
        fail(PROG, "--recipe", str(e))
    except ValueError as e:
        _fail_recipe(a, e, raw)
    if recipe.stage != stage.name:
        fail(PROG, "--recipe", f"{a.recipe} is a '{recipe.stage}' recipe, not {a.cmd} "
             f"('{stage.name}')")
    _check_device(a.device, recipe.mixed_precision,
                  "--set" if "mixed_precision" in raw else "--recipe")
    if stage.init_needed(recipe) and not a.init:
        fail(PROG, "--init", f"{a.cmd} needs the previous stage's output folder")
    if a.init:
        try:
            check_init(a.cmd, Path(a.init))
            stage.check_init(recipe, Path(a.init))
        except (StageFolderError, ModelFolderError, ValueError) as e:
            fail(PROG, "--init", str(e))
    _check_out(a.out)
    try:
        res = run_stage(recipe, Path(a.init) if a.init else None, Path(a.out),
                        progress=not a.no_progress)
    except (FolderBusy, OutDirError, StageFolderError, CheckpointError) as e:
        fail(PROG, "--out", str(e))
    except ModelFolderError as e:  # weights that do not fit their config: known at load time
        fail(PROG, "--init", str(e))
    print(json.dumps({k: v for k, v in res.items() if k != "losses"}, indent=1))


if __name__ == "__main__":
    main()
