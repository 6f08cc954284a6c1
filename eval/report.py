"""``OUT/report.md`` from ``OUT/results.json``: a table per task, the run's config and plots.

Every figure is printed with the number of samples behind it and its 95% interval (the
"intervals" of results.json, eval/intervals.py: stratified half-sampling of the task's groups);
"-" where a figure rests on one group and has no interval.

    mm-eval report runs/eval
"""
from __future__ import annotations

import json
from pathlib import Path


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.4f}" if abs(v) < 10 else f"{v:.2f}"
    return str(v)


def _ci(fig: dict | None) -> str:
    ci = (fig or {}).get("ci95")
    return f"[{_fmt(float(ci[0]))}, {_fmt(float(ci[1]))}]" if ci else "-"


def _n(fig: dict | None) -> str:
    return str(fig["n"]) if fig and "n" in fig else ""


def _flat(metrics: dict, prefix: str = "") -> list[tuple[str, object]]:
    rows = []
    for k, v in metrics.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            rows += _flat(v, key + ".")
        elif isinstance(v, (int, float, str, bool)) or v is None:
            rows.append((key, v))
    return rows


def task_section(name: str, metrics: dict, plots: list[str], prefix: str = "",
                 intervals: dict | None = None) -> list[str]:
    """Markdown for one task; plot paths are relative to the results folder (+ ``prefix``);
    ``intervals``: the task's entry of results.json's "intervals" (n and 95% interval per
    figure, by dotted path)."""
    figs = (intervals or {}).get("figures", {})
    lines = [f"## {name}", ""]
    top = [(k, v) for k, v in metrics.items() if not isinstance(v, dict)]
    nested = {k: v for k, v in metrics.items() if isinstance(v, dict)}
    if top:
        lines += ["| metric | value | n | 95% interval |", "|---|---:|---:|---|"]
        lines += [f"| {k} | {_fmt(v)} | {_n(figs.get(k))} | "
                  f"{_ci(figs.get(k)) if k in figs else ''} |" for k, v in top]
        lines.append("")
    for k, sub in nested.items():
        # a dict of dicts with the same keys is a breakdown table (per topic, per subtask)
        if sub and all(isinstance(x, dict) for x in sub.values()):
            first = next(iter(sub.values()))
            cols = [c for c in first if not isinstance(first[c], (dict, list)) and c != "n"]
            lines += [f"**{k}**", "", "| | n | " + " | ".join(cols) + " |",
                      "|---|---:|" + "---:|" * len(cols)]
            for row, vals in sub.items():
                cells = []
                for c in cols:
                    fig = figs.get(f"{k}.{row}.{c}")
                    cells.append(_fmt(vals.get(c, "")) + (f" {_ci(fig)}" if fig else ""))
                n = next((_n(figs[f"{k}.{row}.{c}"]) for c in cols if f"{k}.{row}.{c}" in figs),
                         "")
                lines.append(f"| {row} | {n} | " + " | ".join(cells) + " |")
            lines.append("")
        else:
            lines += [f"**{k}**", ""]
            for a, b in _flat(sub):
                fig = figs.get(f"{k}.{a}")
                lines.append(f"- {a}: {_fmt(b)}" + (f" (n = {_n(fig)}, 95% interval {_ci(fig)})"
                                                     if fig else ""))
            lines.append("")
    if intervals and intervals.get("method"):
        lines += [f"n: samples behind each figure; 95% intervals by {intervals['method']}, "
                  f"over {intervals.get('groups')} groups.", ""]
    for p in plots:
        lines += [f"![{name}]({prefix}{Path(p).as_posix()})", ""]
    return lines


def read_results(out: str | Path) -> dict:
    """``OUT/results.json``; ValueError naming the file when it is not JSON or not a results
    file (an object with a "config" object and a "tasks" object of metrics objects; "versions",
    "plots" and "intervals", where present, objects)."""
    path = Path(out) / "results.json"
    try:
        res = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as e:
        raise ValueError(f"{path}: cannot read it ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not valid JSON (line {e.lineno} column {e.colno})") from None
    for key in ("config", "tasks"):
        if not isinstance(res, dict) or key not in res:
            raise ValueError(f'{path}: not a results file (no "{key}")')
    for key in ("config", "tasks", "versions", "plots", "intervals"):
        if key in res and not isinstance(res[key], dict):
            raise ValueError(f'{path}: not a results file ("{key}" is not an object)')
    bad = [name for name, m in res["tasks"].items() if not isinstance(m, dict)]
    if bad:
        raise ValueError(f'{path}: not a results file ("tasks" -> {bad[0]!r} is not an '
                         f"object)")
    return res


def write_report(out: str | Path) -> Path:
    out = Path(out)
    res = read_results(out)
    cfg = res["config"]
    lines = ["# Evaluation report", "",
             f"- model: `{cfg.get('model')}`",
             f"- decoding: `{json.dumps(cfg.get('decoding'))}`",
             f"- batch size: {cfg.get('batch_size')}, seed: {cfg.get('seed')}, "
             f"limit: {cfg.get('limit')}",
             f"- versions: {', '.join(f'{k} {v}' for k, v in res.get('versions', {}).items())}",
             ""]
    for name, metrics in res["tasks"].items():
        lines += task_section(name, metrics, res.get("plots", {}).get(name, []),
                              intervals=res.get("intervals", {}).get(name))
    path = out / "report.md"
    path.write_text("\n".join(lines))
    return path
