"""The evaluation sets ``mm-data`` builds (mme-synth, pope-synth, comfort), as tasks read them.

Without ``--data`` a task builds the rows it needs into its work folder (cached: the same run
reads them back); with ``--data DIR`` it reads a folder built by ``mm-data <kind>``. Either way
the rows come from the same builder (engines/builders/<kind>.py), so they are the same bytes.

    mm-data mme-synth --n-images 30 --out data/mme-synth
    mm-eval run --model builtin:oracle --tasks mme-synth --data data/mme-synth --output-path r
"""
from __future__ import annotations

from pathlib import Path

from engines.dataset import BuildConfig, build_rows, iter_rows, read_config


def cached_rows(cfg: BuildConfig, work: str | Path | None, folder: str) -> list[dict]:
    """The rows of ``cfg``, built into ``work/folder`` (or a temporary folder without work)."""
    return build_rows(cfg, Path(work) / folder if work else None)


def built_rows(data: str | Path, kind: str) -> list[dict] | None:
    """The rows of DIR when it is a ``kind`` dataset built by mm-data, else None."""
    cfg = read_config(data)
    if cfg is None or cfg.get("kind") != kind:
        return None
    return list(iter_rows(data))


def keep_whole_groups(docs: list[dict], limit: int | None) -> list[dict]:
    """The first groups (docs sharing "group", in order of first appearance) holding at most
    ``limit`` docs; at least one group."""
    if limit is None:
        return docs
    order: list[str] = []
    by: dict[str, list[dict]] = {}
    for d in docs:
        if d["group"] not in by:
            order.append(d["group"])
            by[d["group"]] = []
        by[d["group"]].append(d)
    out: list[dict] = []
    for g in order:
        if out and len(out) + len(by[g]) > limit:
            break
        out += by[g]
    return out


def doc_image(doc: dict):
    """The doc's image as RGB: its error raised, else its PNG bytes or file decoded."""
    from engines.images import open_image

    if doc.get("error"):
        raise ValueError(doc["error"])
    if doc.get("image_bytes"):
        img = open_image(doc["image_bytes"], str(doc["id"]))
    elif doc.get("image_path"):
        img = open_image(doc["image_path"])
    else:
        raise FileNotFoundError(f"{doc['id']}: the doc has no image")
    return img.convert("RGB")
