"""Stage 3's training step on a batch of short answers and a few CoT rationales: the batch as
two forwards by length (``train.sft.length_groups``, what ``token_mean_loss`` does in one
process) against one forward padded to the longest row, measured in one run.

    .venv/bin/python bench/bench_length_groups.py --preset small --repeats 5

The model is the preset's LLaVA (random weights: the time of a step does not depend on them);
the batch is ``--batch`` rows, ``--long`` of them MAVIS-Instruct problems with their CoT (as
stage 3's mix draws them), the others POPE-format questions answered "Yes" or "No", each with
its picture. Each timed round runs ``--steps`` forward and backward passes of the loss, grouped
then single, interleaved ``--repeats`` times after one untimed round; prints the min and
median seconds a step of each, the ratio of the medians, and the positions each forward
reads; the two losses agree to float precision (printed).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import mm.determinism  # noqa: E402,F401  (before torch loads numpy: the data's usual bytes)
import torch  # noqa: E402


def build(preset: str, batch: int, long: int, image_size: int):
    """The preset's model and the batch (its rows built in a folder removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="bench-groups-") as tmp:
        return _build(Path(tmp), preset, batch, long, image_size)


def _build(work: Path, preset: str, batch: int, long: int, image_size: int):
    from engines.builders.pope_synth import pope_synth_config
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava
    from mm.tokenizer import prompt_text, train_tokenizer
    from train.data import build_config, build_or_load
    from train.sft import encode

    ins = build_or_load("mavis-instruct", work / "ins", 4 * long, 0, image_size)
    short = batch - long
    pope = build_config(pope_synth_config(-(-short // 2), 0, image_size, chunk_size=64,
                                          rows_per_image=2, negatives="balanced"),
                        work / "pope").select(range(short))
    texts = [r["question"] + "\n" + r["cot"] for r in ins] + [r["question"] for r in pope]
    clip = create_clip(preset, seed=0)[0]
    model, processor = build_llava(export_vision_tower(clip), image_processor_for(clip),
                                   tokenizer=train_tokenizer(texts, vocab_size=2048),
                                   lm_preset=preset, seed=0)
    rows = [(r["image"], r["question"], r["cot"]) for r in ins.select(range(long))] + \
        [(r["image"], r["question"], r["answer"]) for r in pope]
    data = encode(processor, [r[0].convert("RGB") for r in rows],
                  [prompt_text(r[1]) for r in rows], [r[2] for r in rows], max_length=128)
    return model, data


def step(model, batch, single: bool) -> float:
    import train.sft as sft

    model.zero_grad(set_to_none=True)
    # single: no split, the batch as one forward padded to its longest row
    with mock.patch.object(sft, "length_groups", lambda *a: None) if single else nullcontext():
        loss = sft.token_mean_loss(model, batch)
    loss.backward()
    return float(loss.detach())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="small")
    ap.add_argument("--batch", type=int, default=40, help="rows a batch (stage 3: 32 + 8 "
                                                          "lookup rows)")
    ap.add_argument("--long", type=int, default=3, help="of them CoT rows")
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--image-size", type=int, default=224)
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    if not 0 < a.long < a.batch:
        sys.exit(f"--long: must be between 1 and --batch - 1, got {a.long}")
    from train.sft import length_groups

    model, batch = build(a.preset, a.batch, a.long, a.image_size)
    model.train()
    groups = length_groups(batch, model.config.image_token_id)
    lengths = batch["attention_mask"].sum(1)
    positions = {"single": int(len(lengths) * lengths.max()),
                 "grouped": sum(int(len(g) * lengths[g].max()) for g in groups or [])}
    losses = {"grouped": step(model, batch, False), "single": step(model, batch, True)}
    times: dict[str, list[float]] = {"grouped": [], "single": []}
    for _ in range(a.repeats):
        for name in ("grouped", "single"):
            t = time.perf_counter()
            for _ in range(a.steps):
                step(model, batch, name == "single")
            times[name].append((time.perf_counter() - t) / a.steps)
    out = {"preset": a.preset, "batch": a.batch, "long": a.long, "threads":
           torch.get_num_threads(), "groups": [len(g) for g in groups] if groups else None,
           "positions": positions, "loss": losses,
           **{f"{k}_s_per_step": {"min": min(v), "median": statistics.median(v)}
              for k, v in times.items()},
           "ratio_single_over_grouped": statistics.median(times["single"])
           / statistics.median(times["grouped"])}
    print(json.dumps(out, indent=1))
    if a.json:
        a.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
