"""bench/gpu_check.py's CPU smoke run: the tiny preset's four stages under float32 and bf16
autocast (accelerate's state reset between the two chains), a scaled-down LLaVA LoRA step, and
no module meeting an input on another device; the report it writes holds every row."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_cpu_smoke_run_reports_every_stage_and_precision(tmp_path):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "OMP_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "bench/gpu_check.py", "--device", "cpu", "--presets",
                          "tiny", "--steps", "2", "--base-scale", "smoke", "--out",
                          str(tmp_path / "runs"), "--json", str(tmp_path / "report.json")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads((tmp_path / "report.json").read_text())
    assert [(r["mixed_precision"], r["stage"]) for r in report["stages"]] == [
        (p, f"stage{i}") for p in ("no", "bf16") for i in (1, 2, 3, 4)]
    assert all(r["steps"] == 2 and r["final_loss"] > 0 for r in report["stages"])
    # bf16 autocast follows float32 closely over two steps of the same data
    by = {(r["mixed_precision"], r["stage"]): r["final_loss"] for r in report["stages"]}
    assert all(abs(by["bf16", s] - by["no", s]) < 0.05 for s in ("stage1", "stage2", "stage3"))
    assert report["base_step"]["trainable_m"] < 0.05  # LoRA + projector: the tower is frozen
    assert report["device_mismatches"] == []
    assert json.loads(out.stdout) == report
