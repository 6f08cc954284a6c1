"""Data-engine throughput: samples/s per core for caption and instruct builds (PNG included),
the speed-up of --num-proc 2 over --num-proc 1, and ms per scientific-figure render at 336 px
(PNG included), measured in one run on this machine.

    .venv/bin/python bench/bench_data.py --n 2000

Targets (issue: data engine): >= 150 caption samples/s per core at 336 px; num-proc 2 / 1 >= 1.8;
a scientific figure under 15 ms at 336 px (about 4 ms measured).
"""
from __future__ import annotations

import argparse
import io
import json
import tempfile
import time
from pathlib import Path

import mm.determinism  # noqa: F401  (before numpy: the kernels every build uses)
import numpy as np

import renderers
from engines import dataset


def timed_build(kind: str, n: int, size: int, num_proc: int, families: list[str]) -> float:
    with tempfile.TemporaryDirectory() as d:
        cfg = dataset.BuildConfig(kind=kind, n=n, seed=0, image_size=size, families=families,
                                  chunk_size=64)
        t = time.perf_counter()
        dataset.build(cfg, Path(d) / "out", num_proc=num_proc, progress=False)
        return n / (time.perf_counter() - t)


def render_ms(family: str, size: int, n: int = 150) -> float:
    """Mean ms per render + PNG encode of ``n`` sampled specs (specs drawn first)."""
    fam = renderers.get_family(family)
    specs = [fam.sample_spec(np.random.default_rng(s)) for s in range(n)]
    t = time.perf_counter()
    for s in specs:
        fam.render(s, size).save(io.BytesIO(), format="PNG")
    return (time.perf_counter() - t) / n * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--size", type=int, default=336)
    ap.add_argument("--families", nargs="*", default=[])
    a = ap.parse_args()
    timed_build("mavis-caption", 64, a.size, 1, a.families)  # warm imports and font caches
    result = {}
    for kind in ("mavis-caption", "mavis-instruct"):
        one = timed_build(kind, a.n, a.size, 1, a.families)
        two = timed_build(kind, a.n, a.size, 2, a.families)
        result[kind] = {"samples_per_s_1proc": round(one, 1),
                        "samples_per_s_2proc": round(two, 1),
                        "per_core": round(one, 1),
                        "scaling_2_over_1": round(two / one, 2)}
    result["scientific_render_ms"] = round(render_ms("scientific", a.size), 2)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
