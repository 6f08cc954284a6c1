"""mm-eval run with lmms-eval's habits (--model_args, --output_path, --batch_size,
--log_samples, --predict_only, fractional --limit, --tasks list, --config YAML) and its bad
input refused in one line: empty --tasks, unknown --task-options keys, --device, --output-path
that is a file, bad --config keys."""
import json

import pytest

from eval.cli import main
from eval.task import TASKS
from tests.eval.test_runner_limits import Strata


class Third(Strata):
    name = "toy-strata-3"


if Third.name not in TASKS:
    TASKS.add(Third.name, Third())


def _run(run_cli, *args):
    return run_cli(main, "run", *args, "--no-progress")


def _one_line(r, flag):
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and flag in r.stderr, r.stderr


def test_lmms_eval_spellings(tmp_path, run_cli):
    out = tmp_path / "a"
    r = _run(run_cli, "--model", "llava", "--model_args", "pretrained=builtin:oracle,device=cpu",
             "--tasks", "toy-strata", "--batch_size", "4", "--output_path", str(out),
             "--log_samples", "--limit", "0.1")
    assert r.returncode == 0, r.stderr
    res = json.loads((out / "results.json").read_text())
    assert res["config"]["model"] == "builtin:oracle" and res["config"]["batch_size"] == 4
    assert res["config"]["limit"] == 0.1 and res["tasks"]["toy-strata"]["n_samples"] == 6
    assert len((out / "samples_toy-strata.jsonl").read_text().splitlines()) == 6


def test_predict_only_logs_samples_without_metrics(tmp_path, run_cli):
    r = _run(run_cli, "--model", "builtin:oracle", "--tasks", "toy-strata", "--limit", "6",
             "--predict_only", "--output-path", str(tmp_path))
    assert r.returncode == 0, r.stderr
    res = json.loads((tmp_path / "results.json").read_text())
    assert res["tasks"]["toy-strata"] == {"n_samples": 6, "n_errors": 0}
    assert res["config"]["predict_only"] is True and res["intervals"]["toy-strata"] == {}
    recs = [json.loads(x) for x in (tmp_path / "samples_toy-strata.jsonl").read_text()
            .splitlines()]
    assert len(recs) == 6 and all(r["prediction"] and r["prompt"] for r in recs)


def test_tasks_list_prints_tasks_and_options(run_cli):
    r = _run(run_cli, "--tasks", "list")
    assert r.returncode == 0
    assert "dynamath" in r.stdout and "repeats=1" in r.stdout and "split=all" in r.stdout


def test_config_yaml_flags_and_command_line_wins(tmp_path, run_cli):
    cfg = tmp_path / "run.yaml"
    cfg.write_text("model: builtin:oracle\ntasks: [toy-strata]\nlimit: 9\nbatch_size: 2\n"
                   f"output_path: {tmp_path / 'y'}\nlog_samples: true\n")
    r = _run(run_cli, "--config", str(cfg), "--limit", "3")
    assert r.returncode == 0, r.stderr
    res = json.loads((tmp_path / "y" / "results.json").read_text())
    assert res["config"]["limit"] == 3 and res["config"]["batch_size"] == 2
    assert res["tasks"]["toy-strata"]["n_samples"] == 3
    cfg.write_text("model: builtin:oracle\ntaks: [toy-strata]\n")
    r = _run(run_cli, "--config", str(cfg), "--output-path", str(tmp_path / "z"))
    _one_line(r, "--config")
    assert f"{cfg}: unknown key 'taks'" in r.stderr
    cfg.write_text("model: [unclosed\n")
    _one_line(_run(run_cli, "--config", str(cfg)), "--config")


def test_per_task_limit(tmp_path, run_cli):
    r = _run(run_cli, "--model", "builtin:oracle", "--tasks", "toy-strata,toy-strata-3",
             "--limit", "3,toy-strata=6", "--output-path", str(tmp_path), "--predict_only")
    assert r.returncode == 0, r.stderr
    res = json.loads((tmp_path / "results.json").read_text())
    assert res["tasks"]["toy-strata"]["n_samples"] == 6
    assert res["tasks"]["toy-strata-3"]["n_samples"] == 3
    r = _run(run_cli, "--model", "builtin:oracle", "--tasks", "toy-strata", "--limit",
             "3,nope=6", "--output-path", str(tmp_path / "b"))
    _one_line(r, "--limit")
    assert "nope not among --tasks" in r.stderr


@pytest.mark.parametrize("args,flag,text", [
    (["--tasks", ","], "--tasks", "no task named in ','"),
    (["--tasks", "toy-strata", "--task-options", "colour=red"], "--task-options",
     "unknown key 'colour' for toy-strata; valid: none"),
    (["--tasks", "dynamath,pope-synth", "--task-options", "repeat=2"], "--task-options",
     "unknown key 'repeat' for dynamath, pope-synth; valid: image_size, images, lenient, n_images, "
     "repeats, split"),
    (["--tasks", "dynamath", "--task-options", "repeats=many"], "--task-options",
     "repeats='many'"),
    (["--tasks", "toy-strata", "--device", "nonsense"], "--device", "not a device"),
    (["--tasks", "toy-strata", "--device", "tpu"], "--device", ""),
    (["--tasks", "toy-strata", "--model_args", "pretrained=builtin:oracle,temperature=1"],
     "--model_args", "unknown key 'temperature'; valid: pretrained, device, dtype, device_map, "
     "attn_implementation"),
    (["--tasks", "toy-strata", "--limit", "1.5"], "--limit", ""),
    (["--tasks", "toy-strata", "--limit", "0"], "--limit", ""),
])
def test_bad_input_is_one_line(tmp_path, run_cli, args, flag, text):
    model = [] if "--model_args" in args else ["--model", "builtin:oracle"]
    r = _run(run_cli, *model, *args, "--output-path", str(tmp_path / "o"))
    _one_line(r, flag)
    assert text in r.stderr


def test_cuda_without_gpu_names_device(tmp_path, run_cli, monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    r = _run(run_cli, "--model", "builtin:oracle", "--tasks", "toy-strata", "--device", "cuda",
             "--output-path", str(tmp_path))
    _one_line(r, "--device")
    assert "no CUDA GPU" in r.stderr


def test_output_path_that_is_a_file_or_uncreatable(tmp_path, run_cli, monkeypatch):
    f = tmp_path / "file"
    f.write_text("x")
    r = _run(run_cli, "--model", "builtin:oracle", "--tasks", "toy-strata", "--output-path",
             str(f))
    _one_line(r, "--output-path")
    assert "is a file, not a folder" in r.stderr
    r = _run(run_cli, "--model", "builtin:oracle", "--tasks", "toy-strata", "--output-path",
             str(f / "sub"))
    _one_line(r, "--output-path")
    assert "cannot create" in r.stderr


def test_read_only_unfinished_output_path(tmp_path, run_cli, monkeypatch):
    import eval.runner as runner

    monkeypatch.setattr(runner, "writable", lambda folder: False)
    r = _run(run_cli, "--model", "builtin:oracle", "--tasks", "toy-strata", "--output-path",
             str(tmp_path))
    _one_line(r, "--output-path")
    assert "is read-only and holds no readable results.json" in r.stderr


def test_runs_sharing_a_data_cache_build_each_set_once(tmp_path, run_cli):
    cache = tmp_path / "cache"
    args = ("--model", "builtin:oracle", "--tasks", "pope-synth", "--limit", "36",
            "--data-cache", str(cache))
    r = _run(run_cli, *args, "--output-path", str(tmp_path / "a"))
    assert r.returncode == 0, r.stderr
    built = sorted(cache.glob("pope-synth/*/data/*.parquet"))
    assert built and not (tmp_path / "a" / "data").exists()
    stamps = [p.stat().st_mtime_ns for p in built]
    r = _run(run_cli, *args, "--output-path", str(tmp_path / "b"))
    assert r.returncode == 0, r.stderr
    assert sorted(cache.glob("pope-synth/*/data/*.parquet")) == built
    assert [p.stat().st_mtime_ns for p in built] == stamps  # read back, not built again
    a, b = (json.loads((tmp_path / d / "results.json").read_text())["tasks"]["pope-synth"]
            for d in "ab")
    assert a == b and a["n_samples"] == 36


def test_data_cache_that_is_a_file_is_refused(tmp_path, run_cli):
    f = tmp_path / "f"
    f.write_text("")
    r = _run(run_cli, "--model", "builtin:oracle", "--tasks", "pope-synth", "--limit", "36",
             "--data-cache", str(f), "--output-path", str(tmp_path / "a"))
    _one_line(r, "--data-cache")
    assert "not a folder" in r.stderr and not (tmp_path / "a").exists()
