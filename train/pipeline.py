"""The registered training stages in a row, with the evidence that each one learned.

stage1 (CLIP-Math) -> stage2 (alignment) -> stage3 (instruction tuning, and its image-blind twin)
-> stage4 (DPO) -> ``final/``: the last stage's model folder, which plain ``transformers``
loads. The order, the twins, the evidence and the goals come from ``train.stage.STAGES``. A stage
whose ``metrics.json`` exists and records the same recipe is done and skipped (a changed recipe
trains that stage and every later one again); an interrupted stage resumes from its checkpoint.
A stage holds ``<its folder>/.lock`` and the pipeline ``OUT/.lock`` while they write
(engines/dataset/lock.py): a second run into the same folder is refused with ``FolderBusy``.
A finished stage made with the same recipe is reported without writing anything (not even the
lock), so it re-checks in a read-only folder; so is a finished pipeline (every stage finished
with its recipe, ``pipeline.json`` and ``final/`` up to date: ``finished_pipeline``). An
unfinished stage whose checkpoints are all damaged is ``train.checkpoint.CheckpointError``
naming the file. ``check_init`` refuses an init folder that is not the previous stage's
finished output, or whose model files cannot be loaded, naming what it is. A finished stage's
model folders carry ``SHA256SUMS`` (``train.checkpoint.seal_stage``, written before the final
metrics.json); re-checking a finished stage and ``check_init`` verify them, and a file that
differs is ``StageFolderError`` naming it.

    mm-train pipeline --preset tiny --out runs/tiny
"""
from __future__ import annotations

import filecmp
import json
import shutil
import sys
import time
from pathlib import Path

from engines.dataset.lock import LOCK_FILES, folder_lock
from engines.dataset.outdir import OutDirError, check_out_dir
from mm import determinism
from mm.modelfiles import check_model_folder
from train import processes
from train.checkpoint import (CheckpointError, check_stage, checkpoint_recipe, checkpoint_step,
                              latest_checkpoint, seal_stage)
from train.recipe import Recipe, RecipeError, extends, load_recipe, recipe_diff
from train.stage import STAGES, stage_named

CONFIGS = Path(__file__).resolve().parent.parent / "configs"


def preset_recipe(preset: str, key: str, overrides: dict | None = None) -> Recipe:
    """The shipped recipe ``configs/<preset>/<key>.yaml`` of stage ``key`` (``stage1`` ...)."""
    path = CONFIGS / preset / f"{key}.yaml"
    if not path.exists():
        valid = sorted(p.name for p in CONFIGS.iterdir() if (p / f"{key}.yaml").exists())
        raise FileNotFoundError(f"no recipe {path}; presets with recipes: {', '.join(valid)}")
    return load_recipe(path, overrides)


class StageFolderError(ValueError):
    """A stage folder (an ``--init``, or an ``--out`` being re-checked) that is not what it must
    be; the message names the folder or file."""


def _finished_metrics(folder: Path) -> dict | None:
    """A stage folder's metrics.json, None when absent; ``StageFolderError`` naming it when it
    cannot be read."""
    path = folder / "metrics.json"
    if not path.is_file():
        return None
    try:
        done = json.loads(path.read_text())
    except (UnicodeDecodeError, ValueError) as e:
        raise StageFolderError(f"{path}: not valid JSON ({str(e).splitlines()[0]})") from None
    if not isinstance(done, dict) or not isinstance(done.get("recipe"), dict):
        raise StageFolderError(f"{path}: not a finished stage's metrics (no recipe recorded)")
    return done


def check_stage_files(folder: Path, role: str | None = None) -> None:
    """The ``SHA256SUMS`` of finished stage ``folder`` verified (by the main process; every
    process gets the outcome): ``StageFolderError`` naming the first file that differs, with
    ``role`` (what to do) after it. A model folder without SHA256SUMS is used as it is: the
    CLIs' errors stay one line, and a folder put together by hand still loads."""
    def check():
        try:
            check_stage(folder)
        except CheckpointError as e:
            return str(e)
        return None

    error = processes.on_main(check)
    if error:
        role = role or f"remove {folder} to train the stage again"
        raise StageFolderError(f"{error}; {role}")


def check_init(key: str, init: Path) -> None:
    """``StageFolderError`` unless ``init`` is the finished output folder of the stage before
    ``key`` (or of ``key`` itself, where that stage ``continues``) with loadable model folders
    (its ``vision/`` and ``model/``)."""
    order = STAGES.names()
    if order.index(key) == 0:
        return
    starts = [STAGES.get(order[order.index(key) - 1])]
    if STAGES.get(key).continues:
        starts.append(STAGES.get(key))
    want = f"{key} starts from the output folder of " + " or of ".join(
        f"{s.key} ({s.name})" for s in starts)
    init = Path(init)
    if not init.is_dir():
        raise StageFolderError(f"no such folder: {init}; {want}")
    done = _finished_metrics(init)
    if done is None:
        hint = (" (a model folder: give the stage folder that holds it)"
                if (init / "config.json").is_file() else "")
        raise StageFolderError(f"{init} is not a finished stage folder (no metrics.json){hint}; "
                        f"{want}")
    made = done["recipe"].get("stage")
    if made not in {s.name for s in starts}:
        made_key = next((s.key for s in STAGES.values() if s.name == made), "?")
        raise StageFolderError(f"{init} is the output of {made_key} ({made}); {want}")
    for sub in ("vision", "model"):
        if (init / sub).exists():
            check_model_folder(init / sub)
    wrote = next(s.key for s in starts if s.name == made)
    check_stage_files(init, f"{init} is not the folder {wrote} wrote")


def run_stage(recipe: Recipe, init: Path | None, out: Path, progress: bool = True,
              retrain: bool = False) -> dict:
    """Train the recipe's stage into ``out``; a finished stage made with the same recipe is
    reused unless ``retrain`` (its input changed). The result carries ``trained``: whether it
    ran."""
    out = Path(out)
    stage_named(recipe.stage).ready(recipe)
    can_write = check_out_dir(out)
    if not retrain:
        finished = _finished_metrics(out) if out.is_dir() else None
        if finished is not None and not recipe_diff(finished["recipe"], recipe):
            check_stage_files(out)
            return {**finished, "trained": False}  # read alone: nothing to write
    if not can_write:
        raise OutDirError(f"{out} is read-only and holds no finished stage of this recipe; "
                          "make it writable or choose another folder")
    with folder_lock(out):
        return _run_stage(recipe, init, out, progress, retrain)


def _run_stage(recipe: Recipe, init: Path | None, out: Path, progress: bool,
               retrain: bool) -> dict:
    stage = stage_named(recipe.stage)
    done = out / "metrics.json"
    finished = json.loads(done.read_text()) if done.exists() else None
    held = None  # recipe of what ``out`` holds already: a finished stage or a checkpoint

    def newest():  # hashed by the main process alone; every process gets the outcome
        try:
            return (latest_checkpoint(out / "checkpoints") if out.is_dir() else None), None
        except CheckpointError as e:
            return None, e

    ckpt, damaged = processes.on_main(newest)
    if damaged is not None and finished is None:
        raise damaged  # an unfinished stage with no intact checkpoint: one line naming the file
    # (a finished stage is retrained if its recipe changed, never continued)
    if finished is not None:
        held = finished.get("recipe", {})
    elif ckpt is not None:
        held = checkpoint_recipe(ckpt) or recipe.record()  # one that does not say is resumed
    diff = recipe_diff(held, recipe) if held is not None else []
    reached = checkpoint_step(ckpt) if ckpt is not None else 0
    if (held is not None and not retrain and ckpt is not None
            and extends(held, recipe, reached)):
        # a larger max_steps: the run continues from its last checkpoint (train.loop)
        processes.barrier()
        if processes.is_main():
            print(f"{out}: max_steps {held['max_steps']} -> {recipe.max_steps}; continuing "
                  f"from step {reached}", file=sys.stderr)
            done.unlink(missing_ok=True)
        processes.barrier()
    elif held is not None and (diff or retrain):
        why = (f"made with another recipe (differs in {', '.join(diff)})" if diff
               else "its input stage was trained again")
        processes.barrier()  # every process has read ``out`` before the main one moves it
        if processes.is_main():
            old = keep_previous(out)
            print(f"{out}: {why}; moved to {old.name}, training it again", file=sys.stderr)
        processes.barrier()
    elif finished is not None:
        check_stage_files(out)
        return {**finished, "trained": False}
    if stage.init_needed(recipe) and init is None:
        raise ValueError(f"{stage.key} needs --init (the previous stage's output folder)")
    t = time.time()
    result = stage.train(recipe, init, out, progress)
    result["wall_seconds"] = round(time.time() - t, 1)
    result["kernels"] = determinism.torch_kernels()  # what the weights depend on beyond the seed
    result["recipe"] = recipe.record()
    if processes.is_main():
        seal_stage(out, only_missing=True)  # a stage of train/stages/ has sealed its own
        done.write_text(json.dumps(result, indent=1))
    processes.barrier()
    return {**result, "trained": True}


def keep_previous(out: Path) -> Path:
    """Move what ``out`` holds (all but its lock) to ``<out>.previous``; nothing is deleted: a
    ``.previous`` already there is first renamed ``<out>.previous-N``, N the next free number
    (so ``.previous`` is the one moved last, ``.previous-1`` the first). Returns the folder."""
    old = out.with_name(out.name + ".previous")
    if old.exists():
        n = 1
        while old.with_name(f"{old.name}-{n}").exists():
            n += 1
        old.rename(old.with_name(f"{old.name}-{n}"))
    old.mkdir()
    for p in out.iterdir():  # the lock stays: ``out`` is still this run's
        if p.name not in LOCK_FILES:
            p.rename(old / p.name)
    return old


def pipeline_recipes(preset: str, data: str | None = None, overrides: dict | None = None
                     ) -> dict[str, Recipe]:
    """Each stage's recipe of the preset, with ``--set`` ``overrides``: a key goes to every
    stage whose recipe has it (a common field to all of them, a stage's own field to that
    stage); a key no stage has is ``RecipeError`` naming it. ``data`` feeds the stages that
    take the pipeline's dataset. Every recipe is checked (``ready``) before any work."""
    from dataclasses import fields

    overrides = dict(overrides or {})
    common = {f.name for f in fields(Recipe)} - {"settings"}
    known = common | {f.name for st in STAGES.values() for f in fields(st.settings)}
    unknown = sorted(set(overrides) - known)
    if unknown:
        valid = f"valid: {', '.join(sorted(known - {'stage'}))}"
        raise RecipeError(unknown[0], f"--set: unknown key {unknown[0]!r}; {valid}",
                          f"no stage has this key; {valid}")
    if "stage" in overrides:
        raise RecipeError("stage", "--set: stage: the pipeline runs every stage",
                          "the pipeline runs every stage")
    out, previous = {}, None
    for key, stage in STAGES.items():
        own = {f.name for f in fields(stage.settings)}
        mine = {k: v for k, v in overrides.items() if k in common or k in own}
        if data and stage.takes_pipeline_data:
            mine["data"] = data
        recipe = preset_recipe(preset, key, mine)
        stage.ready(recipe)
        if previous is not None:
            stage.follows(recipe, previous)
        out[key] = previous = recipe
    return out


def run_pipeline(preset: str, out: str | Path, data: str | None = None,
                 progress: bool = True, blind_twin: bool = True,
                 overrides: dict | None = None, parallel_twins: bool = False) -> dict:
    """Every registered stage on the preset's recipes (with ``overrides``, see
    ``pipeline_recipes``); ``data`` feeds the stages that take the pipeline's dataset;
    ``blind_twin`` False skips the stages' twins; ``parallel_twins`` trains each twin in a
    process of its own alongside its stage (``_together``; one process only, not under
    ``accelerate launch``). A stage whose output the next one does not
    start from (stage 1 when stage 2 is given ``vision_path``) is skipped. A finished pipeline
    (``finished_pipeline``) is returned with ``complete`` True and nothing written."""
    out = Path(out)
    if parallel_twins and processes.world() > 1:
        raise ValueError("parallel twins need one process: under accelerate launch every "
                         "process trains the stage, then its twins")
    recipes = pipeline_recipes(preset, data, overrides)
    can_write = check_out_dir(out)
    done = finished_pipeline(preset, recipes, out, blind_twin) if out.is_dir() else None
    if done is not None:
        return {**done, "complete": True}
    if not can_write:
        raise OutDirError(f"{out} is read-only and its pipeline is not finished; make it "
                          "writable or choose another folder")
    with folder_lock(out):
        return {**_run_pipeline(preset, recipes, out, progress, blind_twin, parallel_twins),
                "complete": False}


class _Unfinished(Exception):
    """A stage folder that a run would write (``finished_pipeline``'s answer is then None)."""


def finished_pipeline(preset: str, recipes: dict[str, Recipe], out: Path,
                      blind_twin: bool = True) -> dict | None:
    """The summary of the pipeline in ``out`` when a run would write nothing: every stage (and
    twin) finished with its recipe, ``pipeline.json`` holding this summary and ``final/`` the
    same files as the last stage's ``model/``; else None. Only reads."""
    def finished(recipe: Recipe, init: Path | None, folder: Path, retrain: bool) -> dict:
        done = _finished_metrics(folder) if folder.is_dir() else None
        if done is None or recipe_diff(done["recipe"], recipe):
            raise _Unfinished
        check_stage_files(folder)
        return {**done, "trained": False}

    try:
        results, last = _stage_results(recipes, out, False, blind_twin, finished)
    except _Unfinished:
        return None
    summary = _summary(preset, out, results)
    try:
        recorded = json.loads((out / "pipeline.json").read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(recorded, dict) or not isinstance(recorded.get("stages"), dict):
        return None
    for res in recorded["stages"].values():
        if isinstance(res, dict):  # whether a stage trained says how a run went, not what it made
            res.pop("trained", None)
    # compared as JSON text: a NaN metric is equal to itself there
    if json.dumps(recorded) != json.dumps(json.loads(json.dumps(summary))):
        return None
    return summary if _same_files(last / "model", out / "final") else None


def _same_files(a: Path, b: Path) -> bool:
    """The folders hold the same relative paths with the same bytes."""
    def files(root: Path) -> list[str]:
        return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())

    if not (a.is_dir() and b.is_dir()) or files(a) != files(b):
        return False
    return all(filecmp.cmp(a / f, b / f, shallow=False) for f in files(a))


def _stage_results(recipes: dict[str, Recipe], out: Path, say: bool, blind_twin: bool,
                   run, together=None) -> tuple[dict, Path]:
    """Each stage (and twin) of the pipeline in order through ``run(recipe, init, folder,
    retrain)`` (``run_stage`` or a read-only check); the results by pipeline key and the last
    stage's folder. ``say``: print the stages skipped. ``together(stage, twins)``, where given,
    runs a stage that has twins and its twins at once (``parallel_twins``): ``stage`` a
    function of no argument, ``twins`` the (recipe, init, folder, retrain) of each; it returns
    the stage's result and the twins'."""
    results: dict[str, dict] = {}
    prev, retrain, last = None, False, None
    order = STAGES.names()
    for i, (key, stage) in enumerate(STAGES.items()):
        recipe = recipes[key]
        after = order[i + 1] if i + 1 < len(order) else None
        if after and not STAGES.get(after).init_needed(recipes[after]):
            if say and processes.is_main():
                print(f"{key}: skipped ({after} does not start from it)", file=sys.stderr)
            continue
        init = prev if stage.init_needed(recipe) else None
        twins = [(twin.name, (recipe.with_overrides(**twin.overrides), prev,
                              out / f"{key}-{twin.name}", retrain))
                 for twin in (stage.twins if blind_twin else ())]
        if together is not None and twins:
            res, twin_results = together(lambda: run(recipe, init, out / key, retrain),
                                         [args for _, args in twins])
        else:
            res = run(recipe, init, out / key, retrain)
            twin_results = [run(*args) for _, args in twins]
        for (name, _), twin_res in zip(twins, twin_results):
            twin_res.pop("trained")
            results[f"{key}_{name}"] = twin_res
        trained = res.pop("trained")
        retrain = retrain or trained
        results[key] = res
        prev = last = out / key
    return results, last


def _summary(preset: str, out: Path, results: dict) -> dict:
    return {"preset": preset, "final": str(out / "final"), "stages": results,
            "evidence": evidence(results)}


def _run_pipeline(preset: str, recipes: dict[str, Recipe], out: Path, progress: bool,
                  blind_twin: bool, parallel_twins: bool = False) -> dict:
    def run(recipe: Recipe, init: Path | None, folder: Path, retrain: bool) -> dict:
        return run_stage(recipe, init, folder, progress, retrain)

    results, last = _stage_results(recipes, out, True, blind_twin, run,
                                   _together if parallel_twins else None)
    final = out / "final"
    summary = _summary(preset, out, results)
    if processes.is_main():
        if final.exists():
            shutil.rmtree(final)
        shutil.copytree(last / "model", final)
        (out / "pipeline.json").write_text(json.dumps(summary, indent=1))
    return summary


# --- twins trained alongside their stage ----------------------------------------------------


class TwinFailed(RuntimeError):
    """A twin trained in its own process (``parallel_twins``) failed; the message names its
    folder and the error."""


def _twin_worker(args: tuple, threads: int, conn) -> None:
    """A twin's ``run_stage`` in a process of its own, on ``threads`` CPU threads; its result,
    or its error as one line, goes back through ``conn``."""
    import torch

    torch.set_num_threads(threads)
    try:
        conn.send(("ok", run_stage(*args[:3], progress=False, retrain=args[3])))
    except BaseException as e:  # noqa: BLE001 -- reported by the parent, which raises
        conn.send(("error", f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"))
    finally:
        conn.close()


def _together(stage, twins: list[tuple]) -> tuple[dict, list[dict]]:
    """The stage (in this process) and each twin (each in a spawned process) at the same
    time, the CPU threads shared out among them (with torch's default of one a core, two
    cores: one each). A stage and its twin are two independent trainings of one small model;
    side by side, neither waits for the other, and a step that uses two threads poorly runs
    on one at little loss (bench/bench_parallel_twins.py: an earlier perception-heavy stage 3
    and its twin 1.05x faster than one after the other; POPE rows at batch 32, the quickstart's
    stage 3 now, take 0.38 s a step on one thread against 0.26 s on two, so more there: 754 s
    side by side in a make run against 456 s for the stage alone). Results as ``run_stage``'s;
    a twin that fails is ``TwinFailed`` once the stage is done, the stage's error stops the twins
    (each resumes from its checkpoints on the next run)."""
    import multiprocessing as mp

    import torch

    n = torch.get_num_threads()
    each = max(1, n // (len(twins) + 1))
    ctx = mp.get_context("spawn")  # a fresh interpreter: no torch threads or locks inherited
    procs = []
    for args in twins:
        mine, theirs = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_twin_worker, args=(args, each, theirs), daemon=False)
        proc.start()
        theirs.close()
        procs.append((args[2], proc, mine))
    torch.set_num_threads(max(1, n - each * len(twins)))
    try:
        res = stage()
    except BaseException:
        for _, proc, _ in procs:
            proc.terminate()
            proc.join()
        raise
    finally:
        torch.set_num_threads(n)
    got = []
    for folder, proc, conn in procs:  # every twin waited for before any failure is raised
        try:
            got.append((folder, *conn.recv()))
        except EOFError:
            got.append((folder, "error", "its process ended without a result"))
        proc.join()
    failed = [f"{folder}: {msg}" for folder, status, msg in got if status != "ok"]
    if failed:
        raise TwinFailed("; ".join(failed))
    return res, [r for _, _, r in got]


def evidence(results: dict) -> dict:
    """Each stage's learning numbers, with its goals and whether they are met (the quickstart
    report reads these from pipeline.json)."""
    ev = {}
    for key, stage in STAGES.items():
        e = stage.evidence(results)
        if e is not None:
            ev[key] = {**e, "goals": stage.goal_records(e)}
    return ev
