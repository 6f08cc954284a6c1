"""Deterministic, sharded, resumable HF datasets: the writer every ``mm-data`` kind builds with.

- config: ``BuildConfig``, the ``Builder`` base and the ``BUILDERS`` registry of dataset kinds
  (one module each under engines/builders/);
- writer: chunks, shards, ``--num-proc``, resume, the output-folder guard;
- lock: one writer per output folder (``folder_lock``, ``FolderBusy``), for train and eval too;
- files: the folder layout and reading a dataset back; card: the dataset card;
- png: image cells; streams: the table of random streams and seed offsets; columns: features.

    mm-data mavis-caption --n 1000 --out data/cap --seed 0
"""
from engines.dataset.card import write_card
from engines.dataset.config import (BUILDERS, BuildConfig, Builder, check_families, get_builder,
                                    register_builder, round_robin_family)
from engines.dataset.files import (CARD_NAME, CONFIG_NAME, chunk_path, data_files, iter_rows,
                                   load, read_config)
from engines.dataset.lock import FolderBusy, folder_lock
from engines.dataset.png import cell_image, image_cell, png_bytes
from engines.dataset.streams import STREAMS, unit_seed
from engines.dataset.writer import build, build_rows

__all__ = ["BUILDERS", "BuildConfig", "Builder", "CARD_NAME", "CONFIG_NAME", "FolderBusy",
           "STREAMS", "build", "build_rows", "cell_image", "check_families", "chunk_path",
           "data_files", "folder_lock", "get_builder", "image_cell", "iter_rows", "load",
           "png_bytes", "read_config", "register_builder", "round_robin_family", "unit_seed",
           "write_card"]
