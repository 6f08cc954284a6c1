"""Plots for reports (matplotlib, Agg backend, written as PNG).

    python -c "from eval.plots import pyplot; print(pyplot().get_backend())"
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence


def pyplot():
    """matplotlib.pyplot on the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    return plt


def grouped_bars(path: Path, groups: Sequence[str], series: dict[str, Sequence[float]],
                 title: str, ylabel: str, ylim: tuple[float, float] | None = None,
                 intervals: dict[str, Sequence[Sequence[float] | None]] | None = None) -> str:
    """Bars per group, one colour per series; ``intervals`` (per series, a (lo, hi) or None per
    group) draws each bar's 95% interval as an error bar."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(max(5, 0.8 * len(groups) + 2), 3.6), dpi=110)
    n = len(series)
    w = 0.8 / max(n, 1)
    for i, (name, vals) in enumerate(series.items()):
        xs = [j + (i - (n - 1) / 2) * w for j in range(len(groups))]
        ax.bar(xs, vals, width=w, label=name)
        cis = (intervals or {}).get(name)
        if cis:
            have = [(x, v, ci) for x, v, ci in zip(xs, vals, cis) if ci]
            if have:
                ax.errorbar([x for x, _, _ in have], [v for _, v, _ in have],
                            yerr=[[v - ci[0] for _, v, ci in have],
                                  [ci[1] - v for _, v, ci in have]],
                            fmt="none", ecolor="black", capsize=3, linewidth=1)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if ylim:
        ax.set_ylim(*ylim)
    if n > 1:
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return str(path)
