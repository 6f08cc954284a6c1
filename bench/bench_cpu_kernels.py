"""The cost of same-bytes training on a CPU: torch's kernels capped at AVX2 (mm/determinism.py's
``TORCH_ENV``, what the suite sets on x86-64 with AVX2) against the machine's own (ATen's best
capability, ``MKL_CBWR=AUTO``, ``ONEDNN_MAX_CPU_ISA=ALL``), measured in one run.

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_cpu_kernels.py --repeats 5

Each side runs in a process of its own (each library reads its variable once, at its first
kernel), interleaved (capped, own, capped, ...) ``--repeats`` times. A process builds the
small preset's stage-3 batch (bench/bench_length_groups.py: POPE-format rows and a few CoT
rows, random weights) and a stage-1 batch of pictures for the tower, runs one untimed step of
each, then ``--steps`` timed steps of each: the stage-3 loss forward and backward, and the
tower's forward and backward on its pictures (stage 1's image side: the patch convolution,
attention, norms). Prints the min and median seconds a step of each side, the ratio
capped/own of the medians, and a hash of each side's gradients after its first step: the same
in every process of a side, and on an AVX-512 machine different between the sides (the bytes
the cap makes the same as an AVX2 machine's).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

OWN = {"MKL_CBWR": "AUTO", "ONEDNN_MAX_CPU_ISA": "ALL"}  # ATen's: the child's best, below


def grad_hash(model) -> str:
    h = hashlib.sha256()
    for p in model.parameters():
        if p.grad is not None:
            h.update(p.grad.detach().numpy().tobytes())
    return h.hexdigest()[:16]


def child(steps: int, image_size: int) -> dict:
    import mm  # noqa: F401  (the cap, where the parent left the variables unset)
    import torch
    from bench_length_groups import build, step

    from mm.clip_math import create_clip

    model, batch = build("small", 40, 3, image_size)
    model.train()
    tower = create_clip("small", seed=0)[0].visual
    tower.train()
    pictures = torch.randn(64, 3, image_size, image_size,
                           generator=torch.Generator().manual_seed(0))

    def tower_step():
        tower.zero_grad(set_to_none=True)
        tower(pictures).square().mean().backward()

    step(model, batch, False)
    tower_step()
    out = {"capability": torch.backends.cpu.get_cpu_capability(),
           "hash_stage3": grad_hash(model), "hash_tower": grad_hash(tower)}
    for name, fn in (("stage3", lambda: step(model, batch, False)), ("tower", tower_step)):
        t = time.perf_counter()
        for _ in range(steps):
            fn()
        out[f"{name}_s"] = (time.perf_counter() - t) / steps
    return out


def own_capability() -> str:
    """ATen's best capability on this machine, as torch picks it with no variable set."""
    env = {k: v for k, v in os.environ.items() if k != "ATEN_CPU_CAPABILITY"}
    code = "import torch; print(torch.backends.cpu.get_cpu_capability().lower())"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True).stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--image-size", type=int, default=96, help="the small preset's pictures")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(json.dumps(child(a.steps, a.image_size)))
        return
    from mm.determinism import TORCH_ENV

    base = {k: v for k, v in os.environ.items() if k not in TORCH_ENV}
    sides = {"capped": {**base, **TORCH_ENV},
             "own": {**base, **OWN, "ATEN_CPU_CAPABILITY": own_capability()}}
    runs: dict[str, list[dict]] = {k: [] for k in sides}
    cmd = [sys.executable, __file__, "--child", "--steps", str(a.steps),
           "--image-size", str(a.image_size)]
    for _ in range(a.repeats):
        for name, env in sides.items():
            res = subprocess.run(cmd, env=env, capture_output=True, text=True)
            if res.returncode:
                sys.exit(f"bench_cpu_kernels: the {name} process failed: "
                         f"{res.stderr.strip().splitlines()[-1:]}")
            runs[name].append(json.loads(res.stdout.strip().splitlines()[-1]))
    out = {"threads": os.environ.get("OMP_NUM_THREADS"), "steps": a.steps,
           "repeats": a.repeats}
    for name, rs in runs.items():
        out[name] = {"capability": rs[0]["capability"],
                     "hashes": sorted({(r["hash_stage3"], r["hash_tower"]) for r in rs})}
        for part in ("stage3", "tower"):
            ts = [r[f"{part}_s"] for r in rs]
            out[name][f"{part}_s_per_step"] = {"min": min(ts), "median": statistics.median(ts)}
    for part in ("stage3", "tower"):
        out[f"ratio_{part}_capped_over_own"] = (out["capped"][f"{part}_s_per_step"]["median"]
                                               / out["own"][f"{part}_s_per_step"]["median"])
    print(json.dumps(out, indent=1))
    if a.json:
        a.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
