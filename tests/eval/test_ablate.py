"""Ablations: CausalMM's settings (with the gamma=0 control), headline metrics, the table."""
import json

import pytest

from eval.ablate import headline, settings, write_table


def test_settings_cover_greedy_levels_types_and_control():
    rows = dict(settings("causalmm"))
    assert list(rows)[0] == "greedy" and rows["greedy"] is None
    assert {"vision-reversed", "language-reversed", "both-reversed", "language-random",
            "language-uniform", "language-shuffled", "control-gamma0"} == set(rows) - {"greedy"}
    assert rows["control-gamma0"]["gamma"] == 0.0
    assert rows["control-gamma0"]["alpha"] == rows["language-reversed"]["alpha"]


def test_headline_and_table(tmp_path):
    assert headline({"n_samples": 3, "accuracy": 0.5}) == ("accuracy", 0.5)
    assert headline({"average": 0.25, "worst": 0.1}) == ("average", 0.25)
    assert headline({"n": 3}) is None
    write_table(tmp_path, {"greedy": {"pope-synth": 0.5}, "control-gamma0": {"pope-synth": 0.55}},
                {"pope-synth": "accuracy"}, "causalmm")
    md = (tmp_path / "ablation.md").read_text()
    assert md.startswith("# CausalMM ablation\n")
    assert "`control-gamma0` keeps the plausibility cutoff" in md
    assert "| greedy | 0.5000 |" in md and "| control-gamma0 | 0.5500 |" in md
    assert json.loads((tmp_path / "ablation.json").read_text())["metric"] == {
        "pope-synth": "accuracy"}
    assert (tmp_path / "ablation.png").stat().st_size > 1000


def test_table_prints_each_runs_interval(tmp_path):
    write_table(tmp_path, {"greedy": {"pope-synth": 0.5, "mme-synth": 0.6}},
                {"pope-synth": "accuracy", "mme-synth": "acc"}, "causalmm",
                {"greedy": {"pope-synth": [0.41, 0.59]}})
    md = (tmp_path / "ablation.md").read_text()
    assert "| greedy | 0.5000 [0.4100, 0.5900] | 0.6000 |" in md
    assert json.loads((tmp_path / "ablation.json").read_text())["intervals"] == {
        "greedy": {"pope-synth": [0.41, 0.59]}}


def test_ablation_needs_a_model_folder(tmp_path, run_cli):
    from eval.cli import main

    r = run_cli(main, "ablate", "causalmm", "--model", "builtin:oracle", "--tasks",
                "pope-synth", "--output-path", str(tmp_path))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "--model" in r.stderr


def test_plot_draws_each_runs_interval_as_an_error_bar(tmp_path, monkeypatch):
    from eval import plots

    figs = []
    plt = plots.pyplot()
    monkeypatch.setattr(plt, "close", lambda fig: figs.append(fig))
    write_table(tmp_path, {"greedy": {"pope-synth": 0.5}, "vision-reversed": {"pope-synth": 0.6},
                           "control-gamma0": {"pope-synth": 0.55}},
                {"pope-synth": "accuracy"}, "causalmm",
                {"greedy": {"pope-synth": [0.41, 0.59]},
                 "vision-reversed": {"pope-synth": [0.52, 0.66]}})
    ax = figs[-1].axes[0]
    assert ax.get_title() == "CausalMM ablation (95% intervals)"
    assert ax.get_ylabel() == "pope-synth accuracy"
    (bars,) = [c for c in ax.containers if type(c).__name__ == "ErrorbarContainer"]
    segs = bars.lines[2][0].get_segments()  # one vertical segment per run with an interval
    assert [(round(s[0][1], 6), round(s[1][1], 6)) for s in segs] == [(0.41, 0.59), (0.52, 0.66)]
    assert [round(s[0][0], 6) for s in segs] == [0.0, 1.0]  # greedy's and vision-reversed's bars
    monkeypatch.undo()
    plt.close(figs[-1])
