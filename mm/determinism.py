"""Same seed, same bytes on every x86-64 machine: numpy's AVX-512 kernels are kept off.

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

A user's own ``NPY_DISABLE_CPU_FEATURES`` is left as it is. Where numpy was imported before the
suite (a script that imported numpy or torch first) with AVX-512 kernels on, the first figure
drawn in the process warns once.

    python -c "import mm.determinism, numpy as np; np.show_runtime()"   # AVX-512 under not_found
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


_checked = False
_user_set = ENV in os.environ
os.environ.setdefault("USE_HUB_KERNELS", "NO")
if not _user_set and "numpy" not in sys.modules:
    os.environ[ENV] = " ".join(targets())
