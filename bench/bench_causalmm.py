"""CausalMM decoding cost per generated token, against greedy on the same model and prompts.

For each model size (random weights: the cost does not depend on what the weights learned) it
times B prompts x N new tokens (EOS ignored, so every run makes N tokens) for:

    greedy-hf    transformers' ``generate`` (what ``LlavaAdapter`` runs)
    greedy-loop  our decoding loop with the factual branch only (same code path, K = 1)
    L-batched    CausalMM at level L, the K branches as one forward per step
    L-sequential CausalMM at level L, one forward per branch per step, each with its own cache

Sizes: ``tiny`` and ``small`` are the training presets; ``medium`` is a 8-layer, 512-wide Llama
(built here from a config, saved and loaded as a local LM folder) on the small CLIP.

Measurement: decode steps only, (t(N) - t(1)) / (N - 1) per token, so the prefill (and the
vision pass) cancels. The methods run interleaved: each of ``--repeats`` (>= 7) rounds runs every
method once, in an order rotated by one per round, so a slow spell of the machine is shared by
all methods instead of landing on one. Printed per method: min and median ms per token, and the
ratios min/min and median/median against greedy-hf. ``--memory`` adds each method's peak memory
above the loaded model during one N-token run: on CUDA ``torch.cuda.max_memory_allocated``; on
the CPU the peak of glibc's heap in use (mallinfo2), sampled from a thread.

Targets (issue: CausalMM cost): one level <= 1.3x greedy-hf on small, both levels <= 1.6x.

    .venv/bin/python bench/bench_causalmm.py --sizes tiny small medium --new-tokens 32 --threads 1
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import mm.determinism  # noqa: F401  (before torch loads numpy: the data's usual bytes)
import torch
from PIL import Image

SIZES = ("tiny", "small", "medium")
MEDIUM = dict(hidden_size=512, num_hidden_layers=8, num_attention_heads=8, num_key_value_heads=4,
              intermediate_size=1376, max_position_embeddings=1024)


def build(size: str, out: Path) -> Path:
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava, save
    from mm.tokenizer import train_tokenizer

    clip = create_clip("tiny" if size == "tiny" else "small", seed=0)[0]
    words = "triangle circle radius area angle answer yes no the is of a red blue 1 2 3 4 5"
    tok = train_tokenizer([f"{words} {i}" for i in range(200)], vocab_size=400)
    vision, proc = export_vision_tower(clip), image_processor_for(clip)
    if size == "medium":
        from transformers import LlamaConfig, LlamaForCausalLM

        torch.manual_seed(0)
        lm = LlamaForCausalLM(LlamaConfig(vocab_size=len(tok), bos_token_id=tok.bos_token_id,
                                          eos_token_id=tok.eos_token_id,
                                          pad_token_id=tok.pad_token_id, **MEDIUM))
        lm.save_pretrained(out / "medium-lm")
        tok.save_pretrained(out / "medium-lm")
        model, proc = build_llava(vision, proc, lm_path=str(out / "medium-lm"), seed=0)
    else:
        model, proc = build_llava(vision, proc, tokenizer=tok, lm_preset=size, seed=0)
    return save(model, proc, out / size)


def methods(path: Path, levels, cf_type: str, b: int) -> dict:
    """name -> run(k): generate k tokens for the fixed batch."""
    from mm.adapters import LlavaAdapter
    from mm.decoding.causalmm.config import CausalMMConfig
    from mm.decoding.causalmm.generate import Plan, causal_generate, make_plan

    ad = LlavaAdapter(path, device="cpu" if not torch.cuda.is_available() else "cuda")
    prompts = [f"Question {i}: what is the area of the triangle? " * (1 + i % 2) for i in range(b)]
    images = [Image.new("RGB", (64 + 8 * i, 64), (40 * i, 120, 200)) for i in range(b)]
    batch = {k: v.to(ad.model.device) for k, v in ad.encode(images, prompts).items()}
    args = (batch["input_ids"], batch["attention_mask"], batch["pixel_values"])

    def hf(k):
        with torch.no_grad():
            ad.model.generate(**batch, max_new_tokens=k, min_new_tokens=k, do_sample=False,
                              pad_token_id=ad.tok.pad_token_id)

    out = {"greedy-hf": hf}
    plan = make_plan(ad.model, CausalMMConfig(level="language", cf_type=cf_type))
    greedy = Plan(plan.cfg, branches=("factual",))
    out["greedy-loop"] = lambda k: causal_generate(ad.model, greedy, *args, k, stop_at_eos=False)
    for level in levels:
        lp = make_plan(ad.model, CausalMMConfig(level=level, cf_type=cf_type))
        for mode in ("batched", "sequential"):
            out[f"{level}-{mode}"] = (lambda p, s: lambda k: causal_generate(
                ad.model, p, *args, k, stop_at_eos=False, sequential=s))(lp, mode == "sequential")
    out["_prompt_tokens"] = int(batch["input_ids"].shape[1])
    return out


def _sync():
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def _time(fn) -> float:
    _sync()
    t = time.perf_counter()
    fn()
    _sync()
    return time.perf_counter() - t


def interleaved(runs: dict, n: int, repeats: int) -> dict[str, list[float]]:
    """ms per decode step of each method, one value per round; rounds rotate the order."""
    names = [k for k in runs if not k.startswith("_")]
    for name in names:  # warm-up: first-call costs (allocations, kernels) out of the rounds
        runs[name](1)
        runs[name](2)
    per: dict[str, list[float]] = {k: [] for k in names}
    for r in range(repeats):
        for name in names[r % len(names):] + names[:r % len(names)]:
            t1 = _time(lambda: runs[name](1))
            tn = _time(lambda: runs[name](n))
            per[name].append(1000 * (tn - t1) / (n - 1))
    return per


class _HeapPeak:
    """Peak bytes of glibc heap in use (mallinfo2: arena + mmapped blocks) while a block runs,
    sampled every 0.5 ms from a thread (torch ops release the GIL). torch's CPU allocator
    takes its memory from malloc, so this sees tensors, caches and activations."""

    def __init__(self):
        import ctypes

        class _Info(ctypes.Structure):
            _fields_ = [(n, ctypes.c_size_t) for n in (
                "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                "uordblks", "fordblks", "keepcost")]

        self._libc = ctypes.CDLL("libc.so.6")
        self._libc.mallinfo2.restype = _Info

    def in_use(self) -> int:
        i = self._libc.mallinfo2()
        return i.uordblks + i.hblkhd

    def measure(self, fn) -> float:
        """MiB above the in-use heap at the start, at the peak of ``fn()``."""
        import threading

        base, peak, done = self.in_use(), [0], threading.Event()

        def sample():
            while not done.is_set():
                peak[0] = max(peak[0], self.in_use())
                time.sleep(0.0005)

        t = threading.Thread(target=sample)
        t.start()
        try:
            fn()
        finally:
            done.set()
            t.join()
        return max(0, max(peak[0], self.in_use()) - base) / 2**20


def peak_memory(runs: dict, n: int) -> dict[str, float]:
    """MiB of peak memory above the loaded model, per method (one N-token run each)."""
    out = {}
    for name in (k for k in runs if not k.startswith("_")):
        runs[name](1)
        if torch.cuda.is_available():
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
            base = torch.cuda.memory_allocated()
            runs[name](n)
            torch.cuda.synchronize()
            out[name] = round((torch.cuda.max_memory_allocated() - base) / 2**20, 2)
        else:
            out[name] = round(_HeapPeak().measure(lambda: runs[name](n)), 2)
    return out


def bench_size(path: Path, levels, cf_type: str, b: int, n: int, repeats: int,
               memory: bool) -> dict:
    runs = methods(path, levels, cf_type, b)
    per = interleaved(runs, n, repeats)
    mins = {k: min(v) for k, v in per.items()}
    meds = {k: statistics.median(v) for k, v in per.items()}
    res = {"prompt_tokens": runs["_prompt_tokens"], "batch": b, "new_tokens": n,
           "repeats": repeats,
           "ms_per_token": {k: {"min": round(mins[k], 3), "median": round(meds[k], 3)}
                            for k in per},
           "ratio_vs_greedy_hf": {k: {"min": round(mins[k] / mins["greedy-hf"], 2),
                                      "median": round(meds[k] / meds["greedy-hf"], 2)}
                                  for k in per if k != "greedy-hf"}}
    if memory:
        res["peak_mib_above_model"] = peak_memory(runs, n)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", nargs="*", default=list(SIZES), choices=SIZES)
    ap.add_argument("--levels", nargs="*", default=["language", "vision", "both"],
                    choices=["language", "vision", "both"])
    ap.add_argument("--cf-type", default="reversed",
                    choices=["random", "uniform", "reversed", "shuffled"])
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--new-tokens", type=int, default=32)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--memory", action="store_true", help="also measure peak memory per method")
    a = ap.parse_args()
    if a.repeats < 7:
        ap.error("--repeats: at least 7 rounds (min and median need them)")
    if a.new_tokens < 2:
        ap.error("--new-tokens: at least 2 (decode steps are t(N) - t(1))")
    torch.set_num_threads(a.threads)
    out = {"threads": a.threads, "cf_type": a.cf_type,
           "device": "cuda" if torch.cuda.is_available() else "cpu"}
    with tempfile.TemporaryDirectory() as d:
        for size in a.sizes:
            out[size] = bench_size(build(size, Path(d)), a.levels, a.cf_type, a.batch,
                                   a.new_tokens, a.repeats, a.memory)
            print(size, json.dumps(out[size]), flush=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
