"""Data for the stages: a dataset folder built by ``mm-data``, or the stage's own small build.

Stages read rows by index (the loop's deterministic order), lazily: a build is a
``datasets.Dataset`` over the arrow files datasets makes of the parquet chunks, memory-mapped, so
a row is read from disk when a batch asks for it and never held in a Python list of all rows
(``Rows`` joins several builds, or a build and rows made in memory, under one index). What a
stage keeps of decoded pictures is a ``ByteCache``, bounded by the recipe's ``cache_mb``.
Held-out evaluation rows come from a build with another seed, so they are never seen in
training. Each build's seed is the recipe's seed plus the recipe's offset for that
build (``heldout_seed_offset``, ``yes_no_seed_offset``, and the stages' own). A dataset given
as ``data`` (``mm-train stageN --data DIR``) is checked before any model is loaded
(``check_dataset``: a dataset folder of the stage's kind, with the columns the stage reads,
finished and not empty), from build.json and the parquet footers alone.

    from train.data import stage_data
    train_ds, heldout = stage_data(recipe, "mavis-caption", out)
"""
from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable

import numpy as np

from engines import dataset
from engines.dataset.files import CorruptFile, chunk_rows, read_config
from train import processes
from train.recipe import Recipe


class ByteCache:
    """Values by key, at most ``limit`` bytes of them (``size(value)`` each), the least recently
    used dropped first; ``limit`` None keeps everything. Written here because
    ``functools.lru_cache`` bounds the number of entries, not their bytes, and a cache library
    (cachetools) is not a dependency. ``made`` counts the values made, ``peak`` the most bytes
    held at once."""

    def __init__(self, limit: int | None, size: Callable[[Any], int]):
        self.limit, self.size = limit, size
        self.items: OrderedDict = OrderedDict()
        self.bytes = self.peak = self.made = 0

    def get(self, key, make: Callable[[], Any]):
        if key in self.items:
            self.items.move_to_end(key)
            return self.items[key][0]
        value = make()
        self.made += 1
        n = self.size(value)
        if self.limit is None or n <= self.limit:
            while self.limit is not None and self.bytes + n > self.limit:
                self.bytes -= self.items.popitem(last=False)[1][1]
            self.items[key] = (value, n)
            self.bytes += n
            self.peak = max(self.peak, self.bytes)
        return value

    def __len__(self) -> int:
        return len(self.items)


def cache_bytes(recipe: Recipe) -> int:
    """The recipe's ``cache_mb`` in bytes (a bound per process: each data worker holds its
    own cache)."""
    return int(recipe.cache_mb * 2**20)


class Rows:
    """Several row sources (``datasets.Dataset`` builds, lists of dicts) as one sequence of
    rows, read when indexed: row j of the whole is row j - start of the source holding it.
    A slice is the list of its rows (what ``pairs_from_model`` takes in batches)."""

    def __init__(self, *parts, indices=None):
        self.parts = parts
        self.ends = np.cumsum([len(p) for p in parts]) if parts else np.zeros(0, int)
        self.indices = indices  # a subset of the rows, in this order (None: all)

    def __len__(self) -> int:
        if self.indices is not None:
            return len(self.indices)
        return int(self.ends[-1]) if len(self.ends) else 0

    def locate(self, j: int) -> tuple[int, int]:
        """(source, row of that source) of row ``j``."""
        if self.indices is not None:
            j = self.indices[j]
        if not 0 <= j < (int(self.ends[-1]) if len(self.ends) else 0):
            raise IndexError(j)
        part = int(np.searchsorted(self.ends, j, side="right"))
        return part, j - (int(self.ends[part - 1]) if part else 0)

    def __getitem__(self, j):
        if isinstance(j, slice):
            return [self[k] for k in range(*j.indices(len(self)))]
        part, i = self.locate(int(j))
        return self.parts[part][i]

    def __iter__(self):
        return (self[j] for j in range(len(self)))


class Conversations:
    """A grounding build's rows asked as conversations about their pictures: consecutive rows
    of one picture (``image_id``), at most ``turns`` to a conversation, which ends before a
    question it has asked already (a POPE picture's positives recur in each split), each
    conversation's rows in an order drawn from ``seed`` and its index: the builds list a
    picture's answers in a fixed pattern (POPE: yes, no, yes, ... in each split; MME: yes,
    then no), which a conversation in that order would teach in place of the picture. Every
    row is asked once: the same questions and answers as the build's, with one picture's
    image tokens and tower pass shared by its rows. Row i is the first row of conversation i
    with its ``question`` and ``answer`` as lists."""

    def __init__(self, ds, turns: int, seed: int = 0):
        if turns < 1:
            raise ValueError(f"turns: at least 1, got {turns}")
        self.ds = ds
        keys = ("image_id", "question", "answer")
        if hasattr(ds, "select_columns"):  # a build: its three text columns, no picture decoded
            cols = ds.select_columns(list(keys))
            ids, self.questions, self.answers = (list(cols[k]) for k in keys)
        else:
            ids, self.questions, self.answers = ([r[k] for r in ds] for k in keys)
        groups: list[list[int]] = []
        for j, (im, q) in enumerate(zip(ids, self.questions)):
            g = groups[-1] if groups else None
            if (g is None or ids[g[0]] != im or len(g) >= turns
                    or any(self.questions[k] == q for k in g)):
                groups.append([j])
            else:
                g.append(j)
        self.groups = [np.random.default_rng([seed, i]).permutation(g).tolist()
                       for i, g in enumerate(groups)]

    def __len__(self) -> int:
        return len(self.groups)

    def __getitem__(self, i: int) -> dict:
        g = self.groups[i]
        return {**self.ds[g[0]], "question": [self.questions[k] for k in g],
                "answer": [self.answers[k] for k in g]}


def build_or_load(kind: str, out: Path, n: int, seed: int, image_size: int,
                  families: list[str] | None = None, progress: bool = False, **options):
    """The build ``out`` (a folder of the stage's own), made or completed by the main process.
    A build of another config there (a held-out set of another ``eval_n``) is replaced."""
    return build_config(dataset.BuildConfig(kind=kind, n=n, seed=seed, image_size=image_size,
                                            families=families or [], chunk_size=64,
                                            options=options), out, progress)


def build_config(cfg, out: Path, progress: bool = False):
    """``build_or_load`` of a ready ``BuildConfig``. Its pictures are drawn in as many
    processes as this one has CPU threads (a twin trained alongside its stage has one): the
    chunks are independent, so the bytes are the same whatever the count."""
    import torch

    if processes.is_main():
        dataset.build(cfg, out, num_proc=torch.get_num_threads(), progress=progress,
                      overwrite=True)
    processes.barrier()
    return dataset.load(out)


# the columns a stage reads from a dataset of each kind given as ``data``
COLUMNS = {"mavis-caption": ("image", "caption"),
           "mavis-instruct": ("image", "question", "cot"),
           "dpo-pairs": ("image", "prompt", "chosen", "rejected")}

_CHUNK = re.compile(r"train-(\d{5})-of-(\d{5})\.parquet")


class DataFolderError(ValueError):
    """A ``data`` folder a stage cannot read; the message names the folder or its file."""


def check_dataset(folder: str | Path, kind: str) -> int:
    """The rows of the dataset ``folder`` once it can feed a stage reading ``kind`` rows;
    ``DataFolderError`` naming the folder (or the file) and what is wrong otherwise: not a
    dataset folder, a chunk that cannot be read, a build of another kind, a column of
    ``COLUMNS[kind]`` lacking, an unfinished mm-data build, no rows. Reads build.json and the
    parquet footers, no data pages."""
    import pyarrow.parquet as pq

    folder = Path(folder)
    make = f"this stage reads a {kind} dataset (mm-data {kind})"
    if not folder.is_dir():
        raise DataFolderError(f"no such folder: {folder}")
    files = [Path(f) for f in dataset.data_files(folder)]
    if not files:
        raise DataFolderError(f"{folder} is not a dataset folder (no data/*.parquet inside); "
                              f"build one with mm-data {kind}")
    try:
        cfg = read_config(folder)
        rows = 0
        for f in files:
            rows += chunk_rows(f)
            names = pq.read_schema(f).names
            lacking = [c for c in COLUMNS.get(kind, ()) if c not in names]
            if lacking:
                at = folder if f == files[0] else f
                raise DataFolderError(f"{at} has no column {lacking[0]!r}; {make}")
    except CorruptFile as e:
        raise DataFolderError(f"{e.path}: {e.why}; rebuild it with mm-data") from None
    if cfg is not None and cfg["kind"] != kind:
        raise DataFolderError(f"{folder} is a {cfg['kind']} dataset ({folder / 'build.json'}); "
                              f"{make}")
    if cfg is not None:
        # an mm-data build names its chunk count in every file name: a missing one is a build
        # that has not finished (or a shard of it)
        parts = [_CHUNK.fullmatch(f.name) for f in files]
        if all(parts):
            want = int(parts[0].group(2))
            if len(files) < want:
                raise DataFolderError(f"{folder} is an unfinished build ({len(files)} of {want} "
                                      "chunk files); run its mm-data command again to finish it")
    if rows == 0:
        raise DataFolderError(f"{folder} holds no rows; {make}")
    return rows


def stage_data(recipe: Recipe, kind: str, out: Path, image_size: int | None = None,
               heldout: bool = True, **options):
    """(train rows, held-out rows or None). ``recipe.data`` (a dataset folder of ``kind``'s
    columns, ``check_dataset``) wins over the stage's own build. Pictures are drawn at
    ``image_size`` (default: the recipe's)."""
    image_size = image_size or recipe.image_size
    if recipe.data:
        try:
            check_dataset(recipe.data, kind)
        except DataFolderError as e:
            raise DataFolderError(f"data: {e}") from None
        train = dataset.load(recipe.data)
    else:
        train = build_or_load(kind, out / "data" / kind, recipe.data_n, recipe.seed, image_size,
                              **options)
    held = None
    if heldout:
        held = build_or_load(kind, out / "data" / f"{kind}-heldout", recipe.eval_n,
                             recipe.seed + recipe.heldout_seed_offset, image_size, **options)
    return train, held


def yes_no_data(recipe: Recipe, out: Path, n: int, heldout: bool = False,
                seed_offset: int = 0, families: list[str] | None = None):
    """Perception questions in yes/no form (``mavis-perception`` with form yes_no): ``n`` rows
    of the recipe's yes/no seed (+ ``seed_offset``), or of its held-out seed; of ``families``
    alone where given (default: every family with perception questions, in turn)."""
    seed = recipe.seed + recipe.yes_no_seed_offset + seed_offset
    if heldout:
        seed += recipe.heldout_seed_offset
    name = "mavis-perception-yes-no" + ("-heldout" if heldout else "")
    return build_or_load("mavis-perception", out / "data" / name, n, seed, recipe.image_size,
                         families=families, form="yes_no")


def picture_question_data(recipe: Recipe, out: Path, pictures: int, per_picture: int,
                          seed_offset: int):
    """Up to ``per_picture`` perception questions of each of ``pictures`` pictures, each open or
    a yes/no claim by a fair coin (``mavis-perception`` with form mixed), as conversations
    about their pictures (``Conversations``): a picture drawn once teaches several answers, in
    one sequence that shares its image tokens. The build's seed: the recipe's + ``seed_offset``
    (the stage's ``picture_questions_seed_offset``)."""
    rows = build_or_load("mavis-perception", out / "data" / "mavis-perception-pictures",
                         pictures * per_picture, recipe.seed + seed_offset,
                         recipe.image_size, form="mixed", per_picture=per_picture)
    return Conversations(rows, per_picture, recipe.seed)


GROUNDING = ("pope-synth", "mme-synth")


def grounding_data(recipe: Recipe, out: Path, kind: str, n: int, heldout: bool = False,
                   balanced: bool = False, seed_offset: int = 0):
    """About ``n`` rows of an evaluation set's kind, built for training (POPE's and MME's
    question formats on rendered scenes and diagrams): whole images, ``kind``'s sampling rules,
    at the recipe's seed + ``grounding_seed_offset`` (+ the held-out offset), so no picture is
    one mm-eval asks about at its seeds. ``balanced`` (pope-synth): two rows a scene with
    balanced negatives whatever the recipe's, in a folder of their own (the stages' measure
    of reading the objects, which neither the object asked nor the scene's theme answers).
    ``seed_offset``: rows of another seed, in a folder of their own."""
    from engines.builders.mme_synth import mme_synth_config
    from engines.builders.pope_synth import pope_synth_config

    if balanced:
        if kind != "pope-synth":
            raise ValueError(f"balanced rows are pope-synth rows, not {kind!r}")
        recipe = recipe.with_overrides(pope_rows_per_image=2, pope_negatives="balanced")
    seed = recipe.seed + recipe.grounding_seed_offset + seed_offset
    if heldout:
        seed += recipe.heldout_seed_offset
    name = kind + (f"-{recipe.pope_negatives}" if kind == "pope-synth" and
                   recipe.pope_negatives != "pope" else "") + \
        (f"-{seed_offset}" if seed_offset else "")
    folder = out / "data" / (name + ("-heldout" if heldout else ""))
    if kind == "pope-synth":
        per = recipe.pope_rows_per_image
        cfg = pope_synth_config(-(-n // per), seed, recipe.image_size, chunk_size=64,
                                rows_per_image=per, negatives=recipe.pope_negatives)
    elif kind == "mme-synth":
        cfg = mme_synth_config(-(-n // 2), seed, recipe.image_size, chunk_size=64)
    else:
        raise ValueError(f"no grounding rows of kind {kind!r}; valid: {', '.join(GROUNDING)}")
    return build_config(cfg, folder)
