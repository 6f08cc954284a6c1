"""Data-engine throughput: samples/s per core for caption and instruct builds (PNG included),
and the speed-up of --num-proc 2 over --num-proc 1, measured in one run on this machine.

    .venv/bin/python bench/bench_data.py --n 2000

Targets (issue: data engine): >= 150 caption samples/s per core at 336 px; num-proc 2 / 1 >= 1.8.
"""
from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from engines import dataset


def timed_build(kind: str, n: int, size: int, num_proc: int, families: list[str]) -> float:
    with tempfile.TemporaryDirectory() as d:
        cfg = dataset.BuildConfig(kind=kind, n=n, seed=0, image_size=size, families=families,
                                  chunk_size=64)
        t = time.perf_counter()
        dataset.build(cfg, Path(d) / "out", num_proc=num_proc, progress=False)
        return n / (time.perf_counter() - t)


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
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
