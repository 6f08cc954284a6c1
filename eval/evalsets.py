"""The evaluation sets ``mm-data`` builds (mme-synth, pope-synth, comfort), as tasks read them.

Without ``--data`` a task builds the rows it needs into its work folder (cached: the same run
reads them back); with ``--data DIR`` it reads a folder built by ``mm-data <kind>``. Either way
the rows come from the same builder (engines/builders/<kind>.py), so they are the same bytes.

    mm-data mme-synth --n-images 30 --out data/mme-synth
    mm-eval run --model builtin:oracle --tasks mme-synth --data data/mme-synth --output-path r
"""
from __future__ import annotations

import hashlib
import math
from pathlib import Path
from typing import Any, Callable, Sequence

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


def _rank(seed: int, key: str) -> str:
    """A group's or stratum's place in the seeded order: the order of subsets of the same
    items agrees with the order of the whole (a digest, not a shuffle of a list)."""
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def groups_kept(limit: int | float | None, n_groups: int, group_size: int) -> int:
    """How many of ``n_groups`` groups of ``group_size`` samples ``--limit`` keeps: a fraction
    (0 < limit < 1) of the groups, rounded up, or as many whole groups as ``limit`` samples
    hold; at least one, at most all."""
    if limit is None:
        return n_groups
    if isinstance(limit, float) and limit < 1:
        k = math.ceil(limit * n_groups)
    else:
        k = int(limit) // max(1, group_size)
    return max(1, min(n_groups, k))


def stratified_limit(items: Sequence, limit: int | float | None, seed: int,
                     group: Callable[[Any], str], stratum: Callable[[Any], str] = lambda _: "",
                     total_groups: int | None = None) -> list:
    """The items of whole groups that ``--limit`` keeps, in their original order.

    Groups are taken round-robin over the strata (the first group of every stratum, then the
    second, ...), strata and the groups within each in a fixed order drawn from ``seed``, so
    every stratum appears whenever the limit holds a group per stratum. An integer limit is a
    number of samples: groups are added while they fit (at least one group); a fraction
    (0 < limit < 1) keeps that share of ``total_groups`` (default: the groups present),
    rounded up. A group's stratum is that of its first item. Applying the same limit to what
    it kept keeps it all."""
    if limit is None:
        return list(items)
    members: dict[str, list[int]] = {}
    of_stratum: dict[str, list[str]] = {}
    for k, it in enumerate(items):
        g = str(group(it))
        if g not in members:
            members[g] = []
            of_stratum.setdefault(str(stratum(it)), []).append(g)
        members[g].append(k)
    queues = [sorted(gs, key=lambda g: _rank(seed, g))
              for _, gs in sorted(of_stratum.items(), key=lambda kv: _rank(seed, kv[0]))]
    rounds = [q[i] for i in range(max(map(len, queues), default=0)) for q in queues
              if i < len(q)]
    keep: list[str] = []
    if isinstance(limit, float) and limit < 1:
        keep = rounds[:max(1, math.ceil(limit * (total_groups or len(members))))]
    else:
        n = 0
        for g in rounds:
            if keep and n + len(members[g]) > limit:
                break
            keep.append(g)
            n += len(members[g])
    idx = sorted(k for g in keep for k in members[g])
    return [items[k] for k in idx]


def keep_whole_groups(docs: list[dict], limit: int | float | None, seed: int = 0,
                      stratum: str | None = None) -> list[dict]:
    """``stratified_limit`` over docs that carry their group in "group" (and their stratum in
    the field ``stratum``)."""
    return stratified_limit(docs, limit, seed, lambda d: d["group"],
                            (lambda d: d[stratum]) if stratum else (lambda _: ""))


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
