"""``OUT/report.md`` from ``OUT/results.json``: a table per task, the run's config and plots.

    mm-eval report runs/eval
"""
from __future__ import annotations

import json
from pathlib import Path


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.4f}" if abs(v) < 10 else f"{v:.2f}"
    return str(v)


def _flat(metrics: dict, prefix: str = "") -> list[tuple[str, object]]:
    rows = []
    for k, v in metrics.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            rows += _flat(v, key + ".")
        elif isinstance(v, (int, float, str, bool)) or v is None:
            rows.append((key, v))
    return rows


def task_section(name: str, metrics: dict, plots: list[str], prefix: str = "") -> list[str]:
    """Markdown for one task; plot paths are relative to the results folder (+ ``prefix``)."""
    lines = [f"## {name}", ""]
    top = [(k, v) for k, v in metrics.items() if not isinstance(v, dict)]
    nested = {k: v for k, v in metrics.items() if isinstance(v, dict)}
    if top:
        lines += ["| metric | value |", "|---|---:|"]
        lines += [f"| {k} | {_fmt(v)} |" for k, v in top]
        lines.append("")
    for k, sub in nested.items():
        # a dict of dicts with the same keys is a breakdown table (per topic, per subtask)
        if sub and all(isinstance(x, dict) for x in sub.values()):
            cols = [c for c in next(iter(sub.values())) if not isinstance(
                next(iter(sub.values()))[c], (dict, list))]
            lines += [f"**{k}**", "", "| | " + " | ".join(cols) + " |",
                      "|---|" + "---:|" * len(cols)]
            for row, vals in sub.items():
                lines.append(f"| {row} | " + " | ".join(_fmt(vals.get(c, "")) for c in cols)
                             + " |")
            lines.append("")
        else:
            lines += [f"**{k}**", ""] + [f"- {a}: {_fmt(b)}" for a, b in _flat(sub)] + [""]
    for p in plots:
        lines += [f"![{name}]({prefix}{Path(p).as_posix()})", ""]
    return lines


def write_report(out: str | Path) -> Path:
    out = Path(out)
    res = json.loads((out / "results.json").read_text())
    cfg = res["config"]
    lines = ["# Evaluation report", "",
             f"- model: `{cfg.get('model')}`",
             f"- decoding: `{json.dumps(cfg.get('decoding'))}`",
             f"- batch size: {cfg.get('batch_size')}, seed: {cfg.get('seed')}, "
             f"limit: {cfg.get('limit')}",
             f"- versions: {', '.join(f'{k} {v}' for k, v in res.get('versions', {}).items())}",
             ""]
    for name, metrics in res["tasks"].items():
        lines += task_section(name, metrics, res.get("plots", {}).get(name, []))
    path = out / "report.md"
    path.write_text("\n".join(lines))
    return path
