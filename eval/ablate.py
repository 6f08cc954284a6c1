"""Ablations of a decoding method: each setting its method declares, beside plain greedy.

``Decoder.ablation()`` (mm/decoding/) names the rows; CausalMM's are greedy, each level, each
counterfactual type and the gamma=0 control. Every setting is an ordinary ``mm-eval run`` into
``OUT/<setting>/`` (so each resumes on its own); the table (markdown + JSON) and a plot collect
one headline metric per task. The ablation holds ``OUT/.lock`` while it runs (a second one into
the same folder is refused).

    mm-eval ablate causalmm --model runs/quickstart/train/final --tasks pope-synth,mme-synth \
        --limit 40 --output-path runs/ablate
"""
from __future__ import annotations

import json
from pathlib import Path

from engines.dataset.lock import folder_lock
from mm.decoding import DECODERS

HEADLINE = ("accuracy", "acc", "average", "total", "score", "f1")


def settings(method: str) -> list[tuple[str, dict | None]]:
    """(name, config overrides of ``method`` or None for greedy), in table order."""
    return DECODERS.get(method).ablation()


def headline(metrics: dict) -> tuple[str, float] | None:
    for k in HEADLINE:
        if isinstance(metrics.get(k), (int, float)):
            return k, float(metrics[k])
    return None


def write_table(out: Path, table: dict[str, dict[str, float]], keys: dict[str, str],
                method: str, intervals: dict[str, dict[str, list]] | None = None) -> None:
    """``ablation.md`` / ``.json`` / ``.png``; ``intervals``: per setting and task, the
    headline's 95% interval from the setting's run (printed beside it)."""
    dec = DECODERS.get(method)
    tasks = list(keys)
    intervals = intervals or {}

    def cell(name: str, t: str) -> str:
        if t not in table[name]:
            return ""
        ci = intervals.get(name, {}).get(t)
        return f"{table[name][t]:.4f}" + (f" [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else "")

    lines = [f"# {dec.label} ablation", "",
             "| setting | " + " | ".join(f"{t} ({keys[t]})" for t in tasks) + " |",
             "|---|" + "---:|" * len(tasks)]
    for name in table:
        lines.append(f"| {name} | " + " | ".join(cell(name, t) for t in tasks) + " |")
    if intervals:
        lines += ["", "[lo, hi]: the 95% interval of each run's headline (stratified "
                  "half-sampling of whole groups)."]
    if dec.ablation_note:
        lines += ["", dec.ablation_note]
    lines += ["", "![ablation](ablation.png)"]
    (out / "ablation.md").write_text("\n".join(lines) + "\n")
    (out / "ablation.json").write_text(json.dumps(
        {"metric": keys, "table": table, "intervals": intervals}, indent=1))
    from eval.plots import grouped_bars

    grouped_bars(out / "ablation.png", list(table),
                 {t: [table[s].get(t, 0.0) for s in table] for t in tasks},
                 f"{dec.label} ablation" + (" (95% intervals)" if intervals else ""),
                 ", ".join(f"{t} {keys[t]}" for t in tasks) if len(tasks) == 1
                 else "headline metric",
                 intervals={t: [intervals.get(s, {}).get(t) for s in table] for t in tasks})


def run_ablation(make_adapter, method: str, tasks: list[str], out: str | Path, ctx,
                 batch_size: int = 8, gen=None, progress: bool = True) -> dict:
    """``make_adapter(overrides | None)`` returns the adapter of one of ``method``'s settings
    (None: greedy)."""
    out = Path(out)
    with folder_lock(out):  # each setting's evaluate() holds its own subfolder's lock too
        return _run_ablation(make_adapter, method, tasks, out, ctx, batch_size, gen, progress)


def _run_ablation(make_adapter, method: str, tasks: list[str], out: Path, ctx,
                  batch_size: int, gen, progress: bool) -> dict:
    from eval.runner import evaluate

    table: dict[str, dict[str, float]] = {}
    cis: dict[str, dict[str, list]] = {}
    keys: dict[str, str] = {}
    for name, over in settings(method):
        res = evaluate(make_adapter(over), tasks, out / name, ctx, batch_size=batch_size,
                       gen=gen, progress=progress)
        table[name], cis[name] = {}, {}
        for task, m in res["tasks"].items():
            h = headline(m)
            if h:
                keys.setdefault(task, h[0])
                table[name][task] = h[1]
                fig = res.get("intervals", {}).get(task, {}).get("figures", {}).get(h[0], {})
                if fig.get("ci95"):
                    cis[name][task] = fig["ci95"]
    write_table(out, table, keys, method, cis)
    return {"metric": keys, "table": table, "intervals": cis}
