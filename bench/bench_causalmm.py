"""CausalMM decoding cost per generated token, against greedy on the same model and prompts.

For each model size (random weights of the ``tiny`` and ``small`` presets: the cost does not
depend on what the weights learned) and each level, it times B prompts x N new tokens (EOS
ignored, so every run makes N tokens) for:

    greedy-hf    transformers' ``generate`` (what ``LlavaAdapter`` runs)
    greedy-loop  our decoding loop with the factual branch only (same code path, K = 1)
    batched      CausalMM, the K branches as one forward per step (mm/decoding/causalmm/generate.py)
    sequential   CausalMM, one forward per branch per step, each with its own cache (the
                 original's method, minus its shared-cache bug)

and prints ms per token (decode steps only: (t(N) - t(1)) / (N - 1), median of repeats) and the
ratios batched / greedy-hf and sequential / greedy-hf. Target: batched <= 1.3x greedy for one
level on tiny and small on CPU.

    .venv/bin/python bench/bench_causalmm.py --sizes tiny small --new-tokens 32 --threads 1
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import torch
from PIL import Image

SIZES = {"tiny": "tiny", "small": "small"}  # CLIP preset == LM preset name


def build(size: str, out: Path) -> Path:
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava, save
    from mm.tokenizer import train_tokenizer

    clip = create_clip(SIZES[size], seed=0)[0]
    words = "triangle circle radius area angle answer yes no the is of a red blue 1 2 3 4 5"
    tok = train_tokenizer([f"{words} {i}" for i in range(200)], vocab_size=400)
    model, proc = build_llava(export_vision_tower(clip), image_processor_for(clip),
                              tokenizer=tok, lm_preset=size, seed=0)
    return save(model, proc, out / size)


def timer(fn, repeats: int) -> float:
    fn()  # warm-up
    ts = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def per_token(run, n: int, repeats: int) -> float:
    """ms per decode step: (t(n) - t(1)) / (n - 1), so the prefill cancels."""
    return 1000 * (timer(lambda: run(n), repeats) - timer(lambda: run(1), repeats)) / (n - 1)


def bench_size(path: Path, levels, cf_type: str, b: int, n: int, repeats: int) -> dict:
    from mm.adapters import LlavaAdapter
    from mm.decoding.causalmm.config import CausalMMConfig
    from mm.decoding.causalmm.generate import Plan, causal_generate, make_plan

    ad = LlavaAdapter(path, device="cpu")
    prompts = [f"Question {i}: what is the area of the triangle? " * (1 + i % 2) for i in range(b)]
    images = [Image.new("RGB", (64 + 8 * i, 64), (40 * i, 120, 200)) for i in range(b)]
    batch = ad.encode(images, prompts)
    args = (batch["input_ids"], batch["attention_mask"], batch["pixel_values"])

    def hf(k):
        with torch.no_grad():
            ad.model.generate(**batch, max_new_tokens=k, min_new_tokens=k, do_sample=False,
                              pad_token_id=ad.tok.pad_token_id)

    res = {"prompt_tokens": int(batch["input_ids"].shape[1]), "batch": b, "new_tokens": n,
           "greedy-hf": per_token(hf, n, repeats)}
    plan = make_plan(ad.model, CausalMMConfig(level="language", cf_type=cf_type))
    greedy = Plan(plan.cfg, branches=("factual",))
    res["greedy-loop"] = per_token(
        lambda k: causal_generate(ad.model, greedy, *args, k, stop_at_eos=False), n, repeats)
    for level in levels:
        plan = make_plan(ad.model, CausalMMConfig(level=level, cf_type=cf_type))
        for mode in ("batched", "sequential"):
            res[f"{level}-{mode}"] = per_token(
                lambda k: causal_generate(ad.model, plan, *args, k, stop_at_eos=False,
                                          sequential=mode == "sequential"), n, repeats)
    base = res["greedy-hf"]
    res["ratios_vs_greedy_hf"] = {k: round(v / base, 2) for k, v in res.items()
                                  if k not in ("prompt_tokens", "batch", "new_tokens",
                                               "greedy-hf")}
    res["ratios_vs_greedy_loop"] = {k: round(res[k] / res["greedy-loop"], 2)
                                    for k in res if k.endswith(("batched", "sequential"))}
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in res.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", nargs="*", default=["tiny", "small"], choices=list(SIZES))
    ap.add_argument("--levels", nargs="*", default=["language", "vision", "both"])
    ap.add_argument("--cf-type", default="reversed",
                    choices=["random", "uniform", "reversed", "shuffled"])
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--new-tokens", type=int, default=32)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    out = {"threads": a.threads, "cf_type": a.cf_type}
    with tempfile.TemporaryDirectory() as d:
        for size in a.sizes:
            out[size] = bench_size(build(size, Path(d)), a.levels, a.cf_type, a.batch,
                                   a.new_tokens, a.repeats)
            print(size, json.dumps(out[size]), flush=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
