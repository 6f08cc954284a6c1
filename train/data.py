"""Data for the stages: a dataset folder built by ``mm-data``, or the stage's own small build.

Stages read rows by index (the loop's deterministic order); images decode lazily through
``datasets``. Held-out evaluation rows come from a build with another seed, so they are never
seen in training. Each build's seed is the recipe's seed plus the recipe's offset for that
build (``heldout_seed_offset``, ``yes_no_seed_offset``, and the stages' own).

    from train.data import stage_data
    train_ds, heldout = stage_data(recipe, "mavis-caption", out)
"""
from __future__ import annotations

from pathlib import Path

from engines import dataset
from train import processes
from train.recipe import Recipe


def build_or_load(kind: str, out: Path, n: int, seed: int, image_size: int,
                  families: list[str] | None = None, progress: bool = False, **options):
    """The build ``out`` (a folder of the stage's own), made or completed by the main process.
    A build of another config there (a held-out set of another ``eval_n``) is replaced."""
    return build_config(dataset.BuildConfig(kind=kind, n=n, seed=seed, image_size=image_size,
                                            families=families or [], chunk_size=64,
                                            options=options), out, progress)


def build_config(cfg, out: Path, progress: bool = False):
    """``build_or_load`` of a ready ``BuildConfig``."""
    if processes.is_main():
        dataset.build(cfg, out, progress=progress, overwrite=True)
    processes.barrier()
    return dataset.load(out)


# the columns a stage reads from a dataset of each kind given as ``data``
COLUMNS = {"mavis-caption": ("image", "caption"),
           "mavis-instruct": ("image", "question", "cot"),
           "dpo-pairs": ("image", "prompt", "chosen", "rejected")}


def stage_data(recipe: Recipe, kind: str, out: Path, image_size: int | None = None,
               heldout: bool = True, **options):
    """(train rows, held-out rows or None). ``recipe.data`` (a dataset folder of ``kind``'s
    columns) wins over the stage's own build. Pictures are drawn at ``image_size`` (default:
    the recipe's)."""
    image_size = image_size or recipe.image_size
    if recipe.data:
        if not (Path(recipe.data) / "data").is_dir():
            raise FileNotFoundError(f"data: {recipe.data} is not a dataset folder "
                                    "(no data/ inside); build one with mm-data")
        train = dataset.load(recipe.data)
        lacking = [c for c in COLUMNS.get(kind, ()) if c not in train.column_names]
        if lacking:
            raise ValueError(f"data: {recipe.data} has no column {lacking[0]!r}; this stage "
                             f"reads a {kind} dataset (mm-data {kind})")
    else:
        train = build_or_load(kind, out / "data" / kind, recipe.data_n, recipe.seed, image_size,
                              **options)
    held = None
    if heldout:
        held = build_or_load(kind, out / "data" / f"{kind}-heldout", recipe.eval_n,
                             recipe.seed + recipe.heldout_seed_offset, image_size, **options)
    return train, held


def yes_no_data(recipe: Recipe, out: Path, n: int, heldout: bool = False,
                seed_offset: int = 0):
    """Perception questions in yes/no form (``mavis-perception`` with form yes_no): ``n`` rows
    of the recipe's yes/no seed (+ ``seed_offset``), or of its held-out seed."""
    seed = recipe.seed + recipe.yes_no_seed_offset + seed_offset
    if heldout:
        seed += recipe.heldout_seed_offset
    name = "mavis-perception-yes-no" + ("-heldout" if heldout else "")
    return build_or_load("mavis-perception", out / "data" / name, n, seed, recipe.image_size,
                         form="yes_no")


GROUNDING = ("pope-synth", "mme-synth")


def grounding_data(recipe: Recipe, out: Path, kind: str, n: int, heldout: bool = False):
    """About ``n`` rows of an evaluation set's kind, built for training (POPE's and MME's
    question formats on rendered scenes and diagrams): whole images, ``kind``'s sampling rules,
    at the recipe's seed + ``grounding_seed_offset`` (+ the held-out offset), so no picture is
    one mm-eval asks about at its seeds."""
    from engines.builders.mme_synth import mme_synth_config
    from engines.builders.pope_synth import ROWS_PER_IMAGE, pope_synth_config

    seed = recipe.seed + recipe.grounding_seed_offset
    if heldout:
        seed += recipe.heldout_seed_offset
    if kind == "pope-synth":
        cfg = pope_synth_config(-(-n // ROWS_PER_IMAGE), seed, recipe.image_size, chunk_size=64)
    elif kind == "mme-synth":
        cfg = mme_synth_config(-(-n // 2), seed, recipe.image_size, chunk_size=64)
    else:
        raise ValueError(f"no grounding rows of kind {kind!r}; valid: {', '.join(GROUNDING)}")
    return build_config(cfg, out / "data" / (kind + ("-heldout" if heldout else "")))
