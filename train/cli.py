"""``mm-train``: the four training stages, one at a time or as a pipeline.

    mm-train stage1 --recipe configs/small/stage1.yaml --out runs/s1
    mm-train stage2 --recipe configs/small/stage2.yaml --init runs/s1 --out runs/s2
    mm-train stage3 --recipe configs/small/stage3.yaml --init runs/s2 --out runs/s3
    mm-train stage4 --recipe configs/small/stage4.yaml --init runs/s3 --out runs/s4
    mm-train pipeline --preset tiny --out runs/tiny
    accelerate launch -m train.cli stage3 ...        # the same command on several GPUs

A killed stage resumes from its last checkpoint when the same command is run again. One run
writes an ``--out`` at a time: a second one into it is refused, naming the running one.
"""
from __future__ import annotations

import json
from pathlib import Path

from engines.cliutil import OneLineParser, fail
from engines.dataset.lock import FolderBusy
from train.stage import STAGES

PROG = "mm-train"


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
        p.add_argument("--no-progress", action="store_true")
    p = sub.add_parser("pipeline", help="every stage on a preset")
    p.add_argument("--preset", required=True, choices=["tiny", "small", "base"])
    p.add_argument("--out", required=True)
    p.add_argument("--data", help="caption dataset folder for stage 1")
    p.add_argument("--no-blind-twin", action="store_true")
    p.add_argument("--no-progress", action="store_true")
    return ap


def main(argv: list[str] | None = None) -> None:
    from train.pipeline import run_pipeline, run_stage
    from train.recipe import load_recipe, parse_overrides

    a = parser().parse_args(argv)
    if a.cmd == "pipeline":
        try:
            res = run_pipeline(a.preset, a.out, a.data, progress=not a.no_progress,
                               blind_twin=not a.no_blind_twin)
        except FolderBusy as e:
            fail(PROG, "--out", str(e))
        print(json.dumps(res["evidence"], indent=1))
        raise SystemExit(0)
    stage = STAGES.get(a.cmd)
    try:
        overrides = parse_overrides(a.set)
    except ValueError as e:
        fail(PROG, "--set", str(e).split(": ", 1)[1])
    if a.data:
        overrides["data"] = a.data
    try:
        recipe = load_recipe(a.recipe, overrides)
    except FileNotFoundError as e:
        fail(PROG, "--recipe", str(e))
    except ValueError as e:
        fail(PROG, "--recipe", str(e))
    if recipe.stage != stage.name:
        fail(PROG, "--recipe", f"{a.recipe} is a '{recipe.stage}' recipe, not {a.cmd} "
             f"('{stage.name}')")
    if stage.needs_init and not a.init:
        fail(PROG, "--init", f"{a.cmd} needs the previous stage's output folder")
    if a.init and not Path(a.init).is_dir():
        fail(PROG, "--init", f"no such folder: {a.init}")
    try:
        res = run_stage(recipe, Path(a.init) if a.init else None, Path(a.out),
                        progress=not a.no_progress)
    except FolderBusy as e:
        fail(PROG, "--out", str(e))
    print(json.dumps({k: v for k, v in res.items() if k != "losses"}, indent=1))


if __name__ == "__main__":
    main()
