"""DynaMath variant speed: median ms per variant (sample + question + answer + render at 336 px +
PNG encoding), per topic, against DynaMath's own programs timed on this machine (matplotlib;
numbers from the issue that set the target, measured once: 783 variants of 391 seeds).

    .venv/bin/python bench/bench_dynamath.py --variants 5 [--cold]

Variants are timed one after another in one process, as ``mm-data dynamath`` makes them, so
caches that carry across variants (fonts, rendered strings) are warm; ``--cold`` empties the
string cache before each variant to show the cost without that reuse.

Target: >= 10x faster per variant than DynaMath's programs on the same topics.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict

import renderers
from engines.dataset import png_bytes
from engines.dynamath.seed import load_seeds, make_variant
from renderers.text import clear_text_cache

# DynaMath's programs on this machine: median ms per variant, per topic
DYNAMATH_MS = {"plane geometry": 28, "graph theory": 48, "arithmetic": 46, "solid geometry": 51,
               "puzzle test": 55, "algebra": 61, "scientific figure": 82,
               "analytic geometry": 133, "statistics": 139}
DYNAMATH_OVERALL_MS = 93


def one(seed_id: str, v: int, cold: bool = False) -> float:
    """CPU ms of one variant: the work is single-threaded, so CPU time is what it costs even
    when other processes share the cores (wall time would charge their load to us). ``cold``
    empties the renderers' glyph cache first (a generating process keeps it warm)."""
    if cold:
        clear_text_cache()
    t = time.process_time()
    var = make_variant(seed_id, v, seed=0)
    png_bytes(renderers.render(var.spec, 336))  # what the dataset writer stores
    return 1000 * (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variants", type=int, default=5)
    ap.add_argument("--cold", action="store_true",
                    help="render every variant with an empty glyph cache")
    a = ap.parse_args()
    seeds = load_seeds()
    for sid in seeds:  # warm fonts and imports
        one(sid, 999)
    per_topic: dict[str, list[float]] = defaultdict(list)
    for sid, q in sorted(seeds.items()):
        for v in range(a.variants):
            per_topic[q.topic].append(one(sid, v, a.cold))
    allv = [x for xs in per_topic.values() for x in xs]
    out = {"overall": {"ours_median_ms": round(statistics.median(allv), 2),
                       "dynamath_median_ms": DYNAMATH_OVERALL_MS,
                       "speedup": round(DYNAMATH_OVERALL_MS / statistics.median(allv), 1),
                       "variants": len(allv)}}
    for topic, xs in sorted(per_topic.items()):
        med = statistics.median(xs)
        out[topic] = {"ours_median_ms": round(med, 2), "dynamath_median_ms": DYNAMATH_MS[topic],
                      "speedup": round(DYNAMATH_MS[topic] / med, 1)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
