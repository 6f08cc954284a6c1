"""numpy's AVX-512 kernels stay off, and torch's CPU kernels are capped at AVX2, in every process
of the suite (same seed, same bytes on an AVX2 and an AVX-512 machine: tests/test_golden.py's
digests were taken on an AVX2 one)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "NPY_DISABLE_CPU_FEATURES"}
    out = subprocess.run([sys.executable, "-W", "always::RuntimeWarning", "-c", code], cwd=ROOT,
                         env=env, capture_output=True, text=True, check=True)
    return {"stdout": json.loads(out.stdout), "stderr": out.stderr}




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


# ------------------------------------------------------------------ torch's CPU kernels

from mm.determinism import TORCH_ENV, cpu_flags, torch_pin  # noqa: E402

# a step of a small language model (ATen's softmax, norms and element-wise kernels, MKL's
# products) and of a patch convolution (oneDNN's), its gradients hashed
STEP = """
import hashlib, json, torch
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)
m = LlamaForCausalLM(LlamaConfig(vocab_size=512, hidden_size=96, intermediate_size=256,
                                 num_hidden_layers=2, num_attention_heads=4))
conv = torch.nn.Conv2d(3, 32, 16, 16)
x = torch.randint(0, 512, (4, 48))
(m(input_ids=x, labels=x).loss + conv(torch.randn(2, 3, 64, 64)).square().mean()).backward()
h = hashlib.sha256()
for p in [*m.parameters(), *conv.parameters()]:
    h.update(p.grad.numpy().tobytes())
print(json.dumps([torch.backends.cpu.get_cpu_capability(), h.hexdigest()]))
"""


def _torch_run(code: str, **env) -> dict:
    """``code`` in a fresh process whose environment has none of ``TORCH_ENV`` but ``env``."""
    base = {k: v for k, v in os.environ.items() if k not in TORCH_ENV}
    out = subprocess.run([sys.executable, "-W", "always::RuntimeWarning", "-c", code], cwd=ROOT,
                         env={**base, **env}, capture_output=True, text=True, check=True)
    return {"stdout": json.loads(out.stdout.strip().splitlines()[-1]), "stderr": out.stderr}


def test_torch_kernels_are_capped_where_the_machine_has_avx2():
    assert torch_pin("x86_64", {"avx", "avx2", "fma", "avx512f"}) == TORCH_ENV
    assert torch_pin("AMD64", {"avx2", "fma"}) == TORCH_ENV
    # ATen would run AVX2 code on a CPU without it; other architectures have one kernel set
    assert torch_pin("x86_64", {"avx", "sse4_2"}) == {}
    assert torch_pin("x86_64", {"avx2"}) == {}
    assert torch_pin("aarch64", {"avx2", "fma"}) == {}
    assert torch_pin("x86_64", set()) == {}


def test_cpu_flags_are_read_from_the_first_flags_line(tmp_path):
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nmodel name\t: x\nflags\t\t: fpu avx2 fma\n"
                    "processor\t: 1\nflags\t\t: fpu\n")
    assert cpu_flags(str(info)) == {"fpu", "avx2", "fma"}
    assert cpu_flags(str(tmp_path / "none")) == set()


def test_every_package_turns_numpys_avx512_off_and_caps_torch_before_their_first_kernels():
    # one fresh process a package (each start loads torch: one process checks both): the
    # package first, then numpy, then (where the package trains or evaluates) torch
    want = torch_pin()
    names = json.dumps(sorted(TORCH_ENV))
    for pkg in ("renderers", "engines", "mm", "train", "eval", "demo"):
        caps = pkg not in ("renderers", "engines")
        torch_part = (f"import torch; cap = [torch.backends.cpu.get_cpu_capability(), "
                      f"{{k: os.environ[k] for k in {names} if k in os.environ}}]\n"
                      if caps else "cap = None\n")
        env = {k: v for k, v in os.environ.items()
               if k != "NPY_DISABLE_CPU_FEATURES" and k not in TORCH_ENV}
        out = subprocess.run(
            [sys.executable, "-W", "always::RuntimeWarning", "-c",
             f"import json, os, {pkg}, numpy\nfrom mm.determinism import active_avx512, "
             f"targets\n{torch_part}print(json.dumps([os.environ['NPY_DISABLE_CPU_FEATURES'], "
             "active_avx512(), list(targets()), cap]))"],
            cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        npy, active, targets, cap = json.loads(out.stdout.strip().splitlines()[-1])
        assert npy == " ".join(targets), pkg
        assert active == [], pkg
        assert "RuntimeWarning" not in out.stderr, pkg
        if caps:
            capability, torch_env = cap
            assert torch_env == want, pkg
            if want:
                assert capability == "AVX2", pkg


def test_a_users_own_kernel_setting_is_kept():
    if not torch_pin():
        pytest.skip("no AVX2: nothing is set on this machine, so nothing to keep")
    got = _torch_run("import json, os, mm, torch\nprint(json.dumps([torch.backends.cpu."
                     "get_cpu_capability(), os.environ['MKL_CBWR'], "
                     "os.environ['ONEDNN_MAX_CPU_ISA']]))",
                     ATEN_CPU_CAPABILITY="default", MKL_CBWR="AUTO")
    assert got["stdout"] == ["DEFAULT", "AUTO", "AVX2"]


def test_capped_gradients_are_an_avx2_machines():
    if not torch_pin():
        pytest.skip("no AVX2: torch's own kernels, nothing capped")
    capped = _torch_run("import mm\n" + STEP)["stdout"]
    avx2 = _torch_run(STEP, **TORCH_ENV)["stdout"]  # what an AVX2 machine runs
    assert capped == avx2 and capped[0] == "AVX2"


@pytest.mark.soak  # why the cap: a demonstration on an AVX-512 machine, not a contract
@pytest.mark.slow
def test_avx512_kernels_give_other_gradients_than_the_capped_ones():
    if not torch_pin() or "avx512f" not in cpu_flags():
        pytest.skip("no AVX-512 here: nothing for the cap to change")
    capped = _torch_run("import mm\n" + STEP)["stdout"]
    own = _torch_run(STEP, ATEN_CPU_CAPABILITY="avx512")["stdout"]
    assert own[0] == "AVX512" and own[1] != capped[1]


def test_torch_run_before_the_suite_is_named_when_training_starts():
    code = ("import json, torch\ntorch.ones(3).softmax(0)\nfrom mm import determinism\n"
            "determinism.check_torch(); determinism.check_torch()\n"
            "print(json.dumps(torch.backends.cpu.get_cpu_capability()))")
    got = _torch_run(code)
    warned = [ln for ln in got["stderr"].splitlines() if "RuntimeWarning" in ln]
    if torch_pin() and got["stdout"] != "AVX2":  # an AVX-512 machine: told once
        assert len(warned) == 1, got["stderr"]
        assert f"torch chose its {got['stdout']} CPU kernels before the suite" in warned[0]
    else:
        assert warned == [], got["stderr"]
    # imported first, the suite caps the kernels and training says nothing
    got = _torch_run(code.replace("import json, torch\n", "import json, mm, torch\n"))
    assert "RuntimeWarning" not in got["stderr"]
