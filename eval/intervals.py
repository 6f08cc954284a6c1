"""95% intervals and sample counts for every figure a task reports.

Method: stratified half-sampling over the task's groups (balanced repeated replication, McCarthy
1969). Each of ``REPLICATES`` replicates keeps a random half of every stratum's groups (an odd
count rounds up or down at random; strata of one group are halved together), whole, and
recomputes the task's own ``aggregate`` on them; the interval of a figure is the 2.5th to 97.5th
percentile of its replicate values. A half-sample's mean varies as sigma^2 / (n - 1) around the
full mean, about the variance of the full estimate itself, so the spread needs no rescaling, and
no group is ever duplicated (the metrics keyed by seed, image or curve see real, distinct
groups). Groups, not samples, are the unit: a seed's variants or a curve's 36 points are not
independent. A figure missing from some replicate (it rests on a single group of its stratum)
gets no interval. The draws come from the run's ``--seed``: the same run gives the same
intervals.

The number of samples behind a figure: the row's own count where the task reports one (``n``,
``n_questions``), else the samples whose fields, stratum or group hold the row's name (a topic,
a split), else all the task's samples.

    python -c "from eval.intervals import REPLICATES; print(REPLICATES)"
"""
from __future__ import annotations

from typing import Any

import numpy as np

REPLICATES = 200
METHOD = (f"stratified half-sampling of whole groups ({REPLICATES} replicates of the task's "
          "own aggregate; 2.5-97.5 percentiles)")
_COUNT_KEYS = ("n", "n_questions")


def figures(metrics: dict, prefix: str = "") -> dict[str, float]:
    """Every float in ``metrics`` by its dotted path (counts, flags and names are not figures)."""
    out: dict[str, float] = {}
    for k, v in metrics.items():
        path = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(figures(v, path + "."))
        elif isinstance(v, float) and np.isfinite(v):
            out[path] = v
    return out


def _count(metrics: dict, path: str, records: list[dict], names: list[set]) -> int:
    n = len(records)
    node: Any = metrics
    for part in path.split(".")[:-1]:
        node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict):
            break
        own = next((node[c] for c in _COUNT_KEYS if isinstance(node.get(c), int)), None)
        if own is not None:
            n = own
        elif node is not metrics:
            matching = sum(part in ns for ns in names)
            if matching:
                n = matching
    return n


def intervals(task, records: list[dict], metrics: dict, seed: int,
              replicates: int = REPLICATES) -> dict:
    """``{"method", "replicates", "groups", "figures": {path: {"n", "ci95": [lo, hi] | None}}}``
    for the figures of ``metrics`` (the task's aggregate of ``records``)."""
    groups: dict[str, list[dict]] = {}
    strata: dict[str, list[str]] = {}
    for r in records:
        g = str(task.record_group(r))
        if g not in groups:
            groups[g] = []
            strata.setdefault(str(task.record_stratum(r)), []).append(g)
        groups[g].append(r)
    # strata of a single group are halved together: within one, a replicate could only keep
    # all or nothing of it
    single = [s for s, gs in strata.items() if len(gs) < 2]
    if len(single) > 1:
        pooled = [g for s in single for g in strata[s]]
        strata = {s: gs for s, gs in strata.items() if len(gs) >= 2}
        strata["\0pooled"] = pooled
    rng = np.random.default_rng([seed, 0x1C195])
    values: dict[str, list[float]] = {}
    done = 0
    for _ in range(replicates):
        keep: list[str] = []
        for s in sorted(strata):
            gs = sorted(strata[s])
            k = len(gs) // 2 + (len(gs) % 2 == 1 and rng.random() < 0.5)
            keep += [gs[i] for i in sorted(rng.permutation(len(gs))[:k])]
        subset = [r for g in keep for r in groups[g]]
        if not subset:
            continue
        try:
            m = task.aggregate(task.replicate(subset))
        except (ValueError, KeyError, ZeroDivisionError, StopIteration):
            continue  # a half without some part the aggregate needs: no value this time
        done += 1
        for path, v in figures(m).items():
            values.setdefault(path, []).append(v)
    names = [{str(x) for x in r.values() if not isinstance(x, (dict, list))} |
             {str(task.record_stratum(r)), str(task.record_group(r))} for r in records]
    out = {}
    for path in figures(metrics):
        vals = values.get(path, [])
        ci = [float(x) for x in np.percentile(vals, [2.5, 97.5])] \
            if done and len(vals) == done else None
        out[path] = {"n": _count(metrics, path, records, names), "ci95": ci}
    return {"method": METHOD, "replicates": done, "groups": len(groups), "figures": out}
