"""mm-eval throughput: greedy generation at batch 8 vs batch 1 on a tiny LLaVA, CPU, with a check
that the answers are identical (left padding done right).

    .venv/bin/python bench/bench_eval.py [--model runs/quickstart/train/final] [--n 32]

Target: >= 3x samples/s at batch 8, identical answers. Without --model a tiny random LLaVA is
built in a temporary folder (CLIP tiny + Llama tiny, seconds).
"""
from __future__ import annotations

import argparse
import json
import tempfile
import time

from PIL import Image

from mm.adapters import GenConfig, LlavaAdapter


def tiny_model(folder: str) -> str:
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava, save
    from mm.tokenizer import train_tokenizer

    clip = create_clip("tiny", seed=0)[0]
    tok = train_tokenizer(["What is the area of the triangle? The answer is 12."] * 50,
                          vocab_size=300)
    model, proc = build_llava(export_vision_tower(clip), image_processor_for(clip),
                              tokenizer=tok, lm_preset="tiny")
    return str(save(model, proc, folder))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model")
    ap.add_argument("--n", type=int, default=32)
    ap.add_argument("--max-new-tokens", type=int, default=16)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        ad = LlavaAdapter(a.model or tiny_model(d + "/m"))
        prompts = [f"Question {i}: what is the value of x?" + " Explain." * (i % 3)
                   for i in range(a.n)]
        images = [Image.new("RGB", (64 + i, 64), (8 * i % 255, 90, 160)) for i in range(a.n)]
        gen = GenConfig(max_new_tokens=a.max_new_tokens)
        ad.generate(images[:2], prompts[:2], gen)  # warm-up
        out = {}
        answers = {}
        for bs in (1, 8):
            t = time.perf_counter()
            res = []
            for s in range(0, a.n, bs):
                res += ad.generate(images[s:s + bs], prompts[s:s + bs], gen)
            out[f"batch_{bs}_samples_per_s"] = round(a.n / (time.perf_counter() - t), 2)
            answers[bs] = res
        out["speedup_8_over_1"] = round(out["batch_8_samples_per_s"] /
                                        out["batch_1_samples_per_s"], 2)
        out["identical_answers"] = answers[1] == answers[8]
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
