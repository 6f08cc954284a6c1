"""numpy's AVX-512 kernels stay off in every process of the suite (same seed, same bytes on an
AVX2 and an AVX-512 machine: tests/test_golden.py's digests were taken on an AVX2 one)."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "NPY_DISABLE_CPU_FEATURES"}
    out = subprocess.run([sys.executable, "-W", "always::RuntimeWarning", "-c", code], cwd=ROOT,
                         env=env, capture_output=True, text=True, check=True)
    return {"stdout": json.loads(out.stdout), "stderr": out.stderr}


def test_every_package_turns_the_avx512_kernels_off_before_numpy_loads():
    for pkg in ("renderers", "engines", "mm", "train", "eval", "demo"):
        got = _run(f"import json, os, {pkg}, numpy; from mm.determinism import active_avx512, targets\n"
                   "print(json.dumps([os.environ['NPY_DISABLE_CPU_FEATURES'], active_avx512(), "
                   "list(targets())]))")
        env, active, targets = got["stdout"]
        assert env == " ".join(targets), pkg
        assert active == [], pkg
        assert "RuntimeWarning" not in got["stderr"], pkg


def test_numpy_imported_first_with_avx512_on_is_named_when_a_figure_is_drawn():
    draw = "renderers.Canvas(32); renderers.Canvas(32)\n"  # two figures, one warning
    got = _run("import json, numpy, renderers, engines\nfrom mm.determinism import active_avx512\n"
               "print(json.dumps(active_avx512()))")
    # importing numpy (or torch, which loads it) before the suite says nothing by itself
    assert "RuntimeWarning" not in got["stderr"]
    active = got["stdout"]
    got = _run(f"import json, numpy, renderers\n{draw}print(json.dumps(0))")
    warned = [ln for ln in got["stderr"].splitlines() if "RuntimeWarning" in ln]
    if active:  # an AVX-512 machine: the kernels run, and the user is told once
        assert len(warned) == 1 and "NPY_DISABLE_CPU_FEATURES=" in warned[0], got["stderr"]
        assert all(t in warned[0] for t in active)
    else:  # an AVX2 machine: nothing differs, nothing is said
        assert warned == [], got["stderr"]


def test_hub_kernels_are_off_unless_the_user_turns_them_on():
    # transformers 5 would fetch layer kernels from the Hub on a GPU's first model.train():
    # offline that raised "not available in the local cache" in every stage
    code = ("import json, train\nfrom transformers.integrations.hub_kernels import _kernels_enabled\n"
            "print(json.dumps(_kernels_enabled()))")
    env = {k: v for k, v in os.environ.items() if k != "USE_HUB_KERNELS"}
    got = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    assert json.loads(got.stdout) is False
    got = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                         env={**env, "USE_HUB_KERNELS": "YES"}, capture_output=True, text=True,
                         check=True)
    assert json.loads(got.stdout) is True
