"""The main job behind ``make run``: build a small dataset of every kind and print its card.

(Training and evaluation join this job as those stages land.)

    python -m engines.quickstart --out runs/quickstart
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from engines import dataset


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="quickstart")
    ap.add_argument("--out", default="runs/quickstart")
    ap.add_argument("--n", type=int, default=600)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--num-proc", type=int, default=2)
    a = ap.parse_args(argv)
    out = Path(a.out)
    for kind in ("mavis-caption", "mavis-instruct", "dpo-pairs"):
        t = time.time()
        cfg = dataset.BuildConfig(kind=kind, n=a.n, seed=a.seed, image_size=336)
        s = dataset.build(cfg, out / "data" / kind, num_proc=a.num_proc)
        print(json.dumps({k: v for k, v in s.items() if k != "errors"} |
                         {"seconds": round(time.time() - t, 1)}))
    print((out / "data" / "mavis-instruct" / "README.md").read_text())


if __name__ == "__main__":
    main()
