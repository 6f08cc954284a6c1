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
recipe (YAML, every field's type and range; a bad ``--set`` value or key blames ``--set``; the
files and folders it names: ``data``, ``clip_checkpoint``, ``lm_path``, ``vision_path``;
``frozen_llm_layers`` against the language model's depth), ``--data`` (a finished, non-empty
dataset of the kind the stage reads, with its columns), ``--init`` (the previous stage's
finished folder, its model files loadable, trained at the recipe's preset), ``--out`` (a
folder that can be created or written; a finished stage or pipeline in a read-only one is
reported without writing; a checkpoint that cannot be read is named, or passed over for an
older intact one), ``--device`` (``cuda`` only with a GPU).
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


def _check_set(cmd: str, stage, overrides: dict, raw: dict) -> None:
    """``--set`` keys a recipe of the stage cannot take, blamed on ``--set`` before the recipe
    file is read: another stage (the command decides it), ``init`` (``--init`` gives it), a key
    of another stage or of none."""
    from train.recipe import RecipeError, check_keys

    if "stage" in overrides and overrides["stage"] != stage.name:
        fail(PROG, "--set", f"stage={raw['stage']}: mm-train {cmd} trains '{stage.name}' "
             "recipes; the command decides the stage")
    if "init" in overrides:
        fail(PROG, "--set", f"init={raw['init']}: init is set by --init")
    try:
        check_keys(stage.name, overrides, "--set")
    except RecipeError as e:
        fail(PROG, "--set", f"{e.key}={raw[e.key]}: {e.detail}")


# the files AutoTokenizer reads a local folder's tokenizer from (one of them is enough)
TOKENIZER_FILES = ("tokenizer.json", "tokenizer.model", "spiece.model", "vocab.json",
                   "vocab.txt")
# the weights files ``from_pretrained`` loads a local folder's model from
LM_WEIGHTS = ("*.safetensors", "pytorch_model*.bin")


def _checkpoint_file(path: str) -> None:
    """A file open_clip's ``pretrained=`` loads: safetensors (its header read), or what
    ``torch.save`` writes (a zip archive; a pickle in the legacy format)."""
    import zipfile

    from mm.modelfiles import check_weights

    p = Path(path)
    if p.is_dir():
        raise ValueError("a folder; give the checkpoint file (.pt, .bin or .safetensors)")
    if not p.is_file():
        raise ValueError("no such file")
    if p.suffix == ".safetensors":
        check_weights(p)
    elif not zipfile.is_zipfile(p):
        with p.open("rb") as f:
            if f.read(1) != b"\x80":  # a pickle's PROTO opcode
                raise ValueError("not a checkpoint file (neither a torch.save archive nor "
                                 "safetensors)")


def _lm_folder(path: str) -> None:
    """A local causal-LM folder ``from_pretrained`` loads: config.json, a tokenizer file,
    weights."""
    from mm.modelfiles import check_config, find_weights

    p = Path(path)
    if not p.is_dir():
        raise ValueError("no such folder")
    check_config(p)
    if not any((p / f).is_file() for f in TOKENIZER_FILES):
        raise ValueError(f"no tokenizer file ({', '.join(TOKENIZER_FILES)})")
    find_weights(p, LM_WEIGHTS)


def _vision_folder(path: str) -> None:
    """A tower folder ``mm.llava.load_vision`` loads: open_clip's (open_clip_config.json and
    its weights) or transformers' (a CLIP or SigLIP config.json, weights and the image
    processor's preprocessor_config.json)."""
    from mm.llava import VISION_KINDS
    from mm.modelfiles import check_config, check_json, find_weights

    p = Path(path)
    if not p.is_dir():
        raise ValueError("no such folder")
    if (p / "open_clip_config.json").is_file():
        check_json(p / "open_clip_config.json")
        find_weights(p, ("open_clip_model.safetensors", "open_clip_pytorch_model.bin"))
        return
    if not (p / "config.json").is_file():
        raise ValueError("neither config.json (transformers) nor open_clip_config.json "
                         "(open_clip) inside")
    kind = check_config(p)["model_type"]
    if kind not in VISION_KINDS:
        raise ValueError(f"{p / 'config.json'}: model_type {kind!r} is not a vision tower; "
                         f"valid: {', '.join(VISION_KINDS)}")
    find_weights(p, LM_WEIGHTS)
    if not (p / "preprocessor_config.json").is_file():
        raise ValueError("no preprocessor_config.json (its image processor) inside")


# recipe keys naming a file or folder, each with its check (a ValueError saying what is wrong
# with the path given)
PATH_KEYS = {"clip_checkpoint": _checkpoint_file, "lm_path": _lm_folder,
             "vision_path": _vision_folder}


def _check_inputs(stage, recipe, source: str, data: bool = True) -> None:
    """The files and folders the recipe names, before any work: ``data`` (a dataset of the
    kind the stage reads; ``data`` False: checked already as ``--data``) and the paths of
    ``PATH_KEYS``. ``RecipeError`` naming the key and ``source`` (the recipe file)."""
    from train.data import DataFolderError, check_dataset
    from train.recipe import RecipeError

    def bad(key: str, why: str):
        raise RecipeError(key, f"{source}: {key}: {why}", f"{key}: {why}")

    if data and recipe.data is not None:
        if stage.data_kind is None:
            bad("data", f"{stage.key} builds its own data and takes none")
        try:
            check_dataset(recipe.data, stage.data_kind)
        except DataFolderError as e:
            bad("data", str(e))
    given = recipe.to_dict()
    for key, check in PATH_KEYS.items():
        if given.get(key) is not None:
            try:
                check(str(given[key]))
            except ValueError as e:
                raise RecipeError(key, f"{source}: {key}: {given[key]}: {e}", f"{key}: {e}"
                                  ) from None


def _llm_layers(recipe, init: Path | None) -> tuple[int, str] | None:
    """(decoder layers, where that is known) of the language model a stage of ``recipe``
    trains: a stage with ``lm_path`` builds it (that folder's, else the preset's from-scratch
    size); another starts from ``init``'s model/. None when neither tells."""
    from mm.llava import LM_PRESETS
    from mm.modelfiles import check_config

    own = recipe.settings
    if getattr(own, "lm_path", None):
        cfg, where = check_config(own.lm_path), str(Path(own.lm_path) / "config.json")
    elif hasattr(own, "lm_path"):
        size = LM_PRESETS.get(recipe.preset)
        return (size.num_hidden_layers, f"the {recipe.preset} preset's") if size else None
    elif init is not None and (Path(init) / "model" / "config.json").is_file():
        cfg, where = check_config(Path(init) / "model"), str(Path(init) / "model/config.json")
    else:
        return None
    n = cfg.get("text_config", cfg).get("num_hidden_layers")
    return (n, where) if isinstance(n, int) else None


def _check_frozen_layers(recipe, lm: tuple[int, str] | None, source: str) -> None:
    """``frozen_llm_layers`` no more than the language model's decoder layers (``lm``:
    ``_llm_layers``); ``RecipeError`` naming the key."""
    from train.recipe import RecipeError

    if lm is not None and recipe.frozen_llm_layers > lm[0]:
        what = f"the language model has {lm[0]} decoder layers ({lm[1]})"
        raise RecipeError("frozen_llm_layers", f"{source}: frozen_llm_layers: "
                          f"{recipe.frozen_llm_layers}, but {what}", what)


def _check_preset(a, recipe, raw: dict) -> None:
    """The recipe's preset is the one ``--init``'s recorded recipe was trained at (the model
    it starts from has that size, whatever the recipe says)."""
    from train.pipeline import StageFolderError, _finished_metrics

    try:
        done = _finished_metrics(Path(a.init))
    except StageFolderError:
        return
    made = (done or {}).get("recipe", {}).get("preset")
    if made is None or made == recipe.preset:
        return
    if "preset" in raw:
        fail(PROG, "--set", f"preset={raw['preset']}: {a.init} was trained at preset {made}")
    fail(PROG, "--init", f"{a.init} was trained at preset {made} (its metrics.json), "
         f"{a.recipe} says preset: {recipe.preset}; give a {made} recipe or --set "
         f"preset={made}")


def main(argv: list[str] | None = None) -> None:
    from train import processes

    try:
        _main(argv)
    finally:  # in a torchrun / accelerate launch job: its process group ends before the exit
        processes.finish()


def _main(argv: list[str] | None) -> None:
    from train.pipeline import CONFIGS, pipeline_recipes, run_pipeline, run_stage
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
        if "init" in overrides:
            fail(PROG, "--set", f"init={raw['init']}: init is set by --init of a single stage; "
                 "the pipeline starts each stage from the one before")
        if a.data:
            _check_data(a.data, [s for s in STAGES.values() if s.takes_pipeline_data])
        try:
            recipes = pipeline_recipes(a.preset, a.data, overrides)
        except FileNotFoundError as e:
            fail(PROG, "--preset", str(e))
        except ValueError as e:
            _fail_recipe(a, e, raw, "--preset")
        lm = None
        for key, recipe in recipes.items():
            source = str(CONFIGS / a.preset / f"{key}.yaml")
            try:
                _check_inputs(STAGES.get(key), recipe, source, data=recipe.data != a.data)
                lm = _llm_layers(recipe, None) or lm  # the later stages train the same one
                _check_frozen_layers(recipe, lm, source)
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
    _check_set(a.cmd, stage, overrides, raw)
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
    if recipe.init is not None:
        fail(PROG, "--recipe", f"{a.recipe}: init: {recipe.init}: the previous stage's folder "
             "is given by --init, not by the recipe")
    try:
        _check_inputs(stage, recipe, str(a.recipe), data=not a.data)
    except ValueError as e:
        _fail_recipe(a, e, raw)
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
    try:
        _check_frozen_layers(recipe, _llm_layers(recipe, a.init and Path(a.init)),
                             str(a.recipe))
    except ValueError as e:
        _fail_recipe(a, e, raw)
    if a.init and stage.init_needed(recipe):
        _check_preset(a, recipe, raw)
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
