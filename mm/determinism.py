"""Same seed, same bytes on every x86-64 machine: numpy's and torch's AVX-512 kernels are kept off.

numpy chooses the SIMD kernels of its ufuncs (sin, cos, exp, log, power, arctan2 ...) once, when
it is first imported, by what the CPU offers. On a CPU with AVX-512 those kernels round the last
bit of some results differently from the AVX2 ones, and a drawn figure can move by a pixel (a
40-row caption build at seed 3 differed between an AVX2 and an AVX-512 machine). numpy reads
``NPY_DISABLE_CPU_FEATURES`` at that first import; this module sets it, so every machine with
AVX2 runs the same kernels and builds the same bytes. It imports nothing but the standard library
and must run before numpy is imported: each package of the suite imports it first thing.

The same holds for transformers' Hub kernels: from 5.x on, a model loaded with from_pretrained
on a GPU swaps some layers (rotary embeddings, norms) for kernels fetched from the Hub when it is
put in train or eval mode. Offline (HF_HUB_OFFLINE=1, the suite's rule) that raises "not
available in the local cache", and online it runs code no checkpoint of the suite was made with.
``USE_HUB_KERNELS=NO`` is set here; a user who wants them sets ``USE_HUB_KERNELS=YES``.

The same holds for torch's CPU kernels, which each library picks by what the CPU offers: ATen's
vectorised kernels (softmax, norms, reductions, element-wise), MKL's matrix products and
oneDNN's convolutions. On an AVX-512 machine a training step's gradients differ in the last bits
from an AVX2 machine's (measured here on ATen's: the small preset's gradients under
``ATEN_CPU_CAPABILITY=avx512`` and ``avx2``), and a stage's thousand steps carry that into
different weights, so make run's numbers moved from one machine to the next. On x86-64 Linux
with AVX2 and FMA this module caps all three at AVX2 (``TORCH_ENV``: ATen's capability, MKL's
conditional numerical reproducibility, oneDNN's instruction-set cap), so that, with the same
number of threads, every such machine runs the same kernels. The cost measured here is within
the noise of a stage-3 step (bench/bench_cpu_kernels.py). Each library reads its variable at
its first kernel, not at import: torch imported first is fine, torch run first is not
(``check_torch`` warns then).

A user's own ``NPY_DISABLE_CPU_FEATURES`` is left as it is, and so is each of ``TORCH_ENV``'s:
``ATEN_CPU_CAPABILITY=avx512 MKL_CBWR=AUTO ONEDNN_MAX_CPU_ISA=ALL`` gives torch the machine's own
kernels back. Where numpy was imported before the suite (a script that imported numpy or torch
first) with AVX-512 kernels on, the first figure drawn in the process warns once.

    python -c "import mm.determinism, numpy as np; np.show_runtime()"   # AVX-512 under not_found
    python -c "import mm, torch; print(torch.backends.cpu.get_cpu_capability())"   # AVX2
"""
from __future__ import annotations

import os
import sys
import warnings
from importlib import metadata

ENV = "NPY_DISABLE_CPU_FEATURES"
# numpy 2.4 groups its x86 dispatch targets by micro-architecture level (X86_V3 = AVX2 + FMA3,
# X86_V4 = AVX-512 F/CD/VL/BW/DQ) plus two newer AVX-512 sets; earlier releases name each set
TARGETS_GROUPED = ("X86_V4", "AVX512_ICL", "AVX512_SPR")
TARGETS_NAMED = ("AVX512F", "AVX512CD", "AVX512_KNL", "AVX512_KNM", "AVX512_SKX", "AVX512_CLX",
                 "AVX512_CNL", "AVX512_ICL", "AVX512_SPR")


def _numpy_version() -> tuple[int, int]:
    try:
        major, minor = metadata.version("numpy").split(".")[:2]
        return int(major), int("".join(c for c in minor if c.isdigit()) or 0)
    except (metadata.PackageNotFoundError, ValueError):
        return (0, 0)


def targets() -> tuple[str, ...]:
    """The dispatch targets this numpy is told to leave off."""
    return TARGETS_GROUPED if _numpy_version() >= (2, 4) else TARGETS_NAMED


def active_avx512() -> list[str]:
    """The AVX-512 dispatch targets numpy runs in this process (empty: the AVX2 kernels or fewer).
    Imports numpy."""
    import numpy  # noqa: F401  (loads the extension module below)
    from numpy._core import _multiarray_umath as umath  # numpy >= 2.0

    feats = umath.__cpu_features__
    return [t for t in umath.__cpu_dispatch__ if t in targets() and feats.get(t)]


def check() -> None:
    """Warn once per process where numpy came first with its AVX-512 kernels on. The drawing
    layer calls it when it makes its first canvas (only drawn bytes differ; importing torch before
    the suite, which loads numpy, is fine for everything else)."""
    global _checked
    if _checked:
        return
    _checked = True
    if _user_set:
        return
    try:
        on = active_avx512()
    except ImportError:  # numpy < 2.0 keeps its table elsewhere; nothing to say there
        return
    if on:
        warnings.warn(f"numpy was imported before the suite with its AVX-512 kernels on "
                      f"({', '.join(on)}): figures drawn in this process may differ in the last "
                      "pixel from other machines; import the suite first or set "
                      f"{ENV}={' '.join(targets())}", RuntimeWarning, stacklevel=3)


# torch's CPU kernels capped at AVX2, each library's own variable (see the module's text)
TORCH_ENV = {"ATEN_CPU_CAPABILITY": "avx2", "MKL_CBWR": "AVX2", "ONEDNN_MAX_CPU_ISA": "AVX2"}


def cpu_flags(cpuinfo: str = "/proc/cpuinfo") -> set[str]:
    """The CPU's feature flags as Linux lists them (empty where there is no such file)."""
    try:
        with open(cpuinfo, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.partition(":")[2].split())
    except OSError:
        pass
    return set()


def torch_pin(machine: str | None = None, flags: set[str] | None = None) -> dict[str, str]:
    """The variables of ``TORCH_ENV`` this machine takes: all of them on x86-64 with AVX2 and
    FMA, none elsewhere (ATen would run AVX2 code on a CPU without it: an illegal instruction;
    other architectures have one kernel set each)."""
    import platform

    machine = (machine or platform.machine()).lower()
    if machine not in ("x86_64", "amd64"):
        return {}
    flags = cpu_flags() if flags is None else flags
    return dict(TORCH_ENV) if {"avx2", "fma"} <= flags else {}


def check_torch() -> None:
    """Warn once per process where torch chose its kernels before this module could cap them
    (torch ran an operation before the suite was imported). Training calls it at its start."""
    global _torch_checked
    if _torch_checked or "ATEN_CPU_CAPABILITY" not in _torch_set:
        return
    _torch_checked = True
    import torch

    got = torch.backends.cpu.get_cpu_capability()
    if got != "AVX2":
        warnings.warn(f"torch chose its {got} CPU kernels before the suite was imported: this "
                      "run's numbers may differ from another machine's; import the suite "
                      "before running torch, or set ATEN_CPU_CAPABILITY yourself",
                      RuntimeWarning, stacklevel=2)


def torch_kernels() -> dict:
    """What a run's numbers depend on beyond its seed: torch's version, the CPU kernels it runs
    (ATen's capability and the MKL and oneDNN settings; None: the library's own choice) and its
    thread count. A stage records it in its metrics.json."""
    import torch

    return {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "mkl_cbwr": os.environ.get("MKL_CBWR"),
            "onednn_max_cpu_isa": os.environ.get("ONEDNN_MAX_CPU_ISA"),
            "threads": torch.get_num_threads()}


_checked = False
_torch_checked = False
_user_set = ENV in os.environ
os.environ.setdefault("USE_HUB_KERNELS", "NO")
if not _user_set and "numpy" not in sys.modules:
    os.environ[ENV] = " ".join(targets())
# the variables set here (a user's own are theirs)
_torch_set = {k: v for k, v in torch_pin().items() if k not in os.environ}
os.environ.update(_torch_set)
