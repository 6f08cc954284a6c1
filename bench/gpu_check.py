"""GPU check of training: the tiny and small presets' four stages on a device, and one
base-sized LLaVA step (ViT-L/14-336 tower + a 7B-shaped Llama, bf16 weights, gradient
checkpointing, LoRA r=64), printing step time and peak memory as JSON.

Every forward call of every module is watched (a global forward pre-hook): a tensor argument on
another device than the module's parameters is counted in ``device_mismatches``, which must be
0. Weights are drawn at random (nothing is downloaded): the numbers are speed and memory, not
quality. On a machine without a GPU, ``--device cpu`` is a smoke run of the same script (tiny
preset, a few steps, a scaled-down base step).

    python bench/gpu_check.py --out runs/gpu_check                    # on a GPU machine
    python bench/gpu_check.py --device cpu --presets tiny --precisions no --steps 2 \
        --base-scale smoke --out /tmp/gc
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import mm.determinism  # noqa: E402,F401  (before torch loads numpy: the data's usual bytes)
import torch  # noqa: E402

MISMATCHES: list[str] = []


def _watch(module, args, kwargs):
    p = next(module.parameters(recurse=False), None)
    if p is None:
        p = next(module.parameters(), None)
    if p is None or p.device.type == "meta":
        return
    for a in [*args, *kwargs.values()]:
        if torch.is_tensor(a) and a.device != p.device and len(MISMATCHES) < 20:
            MISMATCHES.append(f"{type(module).__name__}: input on {a.device}, "
                              f"parameters on {p.device}")


def _peak_mb(device: str) -> float | None:
    if device.startswith("cuda"):
        return round(torch.cuda.max_memory_allocated() / 2**20, 1)
    return None


def _reset_peak(device: str) -> None:
    if device.startswith("cuda"):
        torch.cuda.reset_peak_memory_stats()


def run_presets(presets: list[str], steps: int, out: Path, device: str,
                precisions: tuple[str, ...] = ("no",)) -> list[dict]:
    """Each preset's four stages, once per mixed-precision setting (``no`` is float32)."""
    rows = []
    for preset in presets:
        for precision in precisions:
            rows += _run_chain(preset, precision, steps, out / f"{preset}-{precision}", device)
    return rows


def _run_chain(preset: str, precision: str, steps: int, out: Path, device: str) -> list[dict]:
    from accelerate.state import AcceleratorState

    from train.pipeline import preset_recipe, run_stage
    from train.stage import STAGES

    # accelerate keeps one mixed-precision setting per process: start each chain afresh
    AcceleratorState._reset_state(reset_partial_state=True)
    rows, prev = [], None
    for key in STAGES.names():
        warmup = preset_recipe(preset, key).warmup_steps
        recipe = preset_recipe(preset, key, {"max_steps": steps, "save_every": steps,
                                             "warmup_steps": min(warmup, steps),
                                             "mixed_precision": precision})
        _reset_peak(device)
        t = time.time()
        res = run_stage(recipe, prev, out / key, progress=False)
        wall = time.time() - t
        log = [json.loads(x) for x in (out / key / "log.jsonl").read_text().splitlines()]
        rows.append({"preset": preset, "mixed_precision": precision, "stage": key,
                     "steps": steps,
                     "step_s": round(log[-1]["elapsed_s"] / len(log), 4),
                     "examples_per_s": log[-1]["examples_per_s"],
                     "stage_wall_s": round(wall, 1), "peak_mb": _peak_mb(device),
                     "first_loss": res.get("first_loss"), "final_loss": res.get("final_loss")})
        prev = out / key
    return rows


BASE = {  # ViT-L/14-336 tower, Llama-2-7B-shaped language model
    "base": dict(v_hidden=1024, v_layers=24, v_heads=16, v_inter=4096, image=336, patch=14,
                 hidden=4096, layers=32, heads=32, inter=11008, vocab=32000, seq=1024,
                 batch=4, lora_r=64),
    "smoke": dict(v_hidden=64, v_layers=2, v_heads=4, v_inter=128, image=56, patch=14,
                  hidden=64, layers=2, heads=4, inter=128, vocab=512, seq=64, batch=2,
                  lora_r=4),
}


def base_step(scale: str, device: str, steps: int = 3) -> dict:
    """Train steps of a base-shaped LLaVA in bf16 with gradient checkpointing and LoRA."""
    from peft import LoraConfig, get_peft_model
    from transformers import (CLIPVisionConfig, LlamaConfig, LlavaConfig,
                              LlavaForConditionalGeneration)

    c = BASE[scale]
    vision = CLIPVisionConfig(hidden_size=c["v_hidden"], num_hidden_layers=c["v_layers"],
                              num_attention_heads=c["v_heads"],
                              intermediate_size=c["v_inter"], image_size=c["image"],
                              patch_size=c["patch"], projection_dim=c["v_hidden"])
    text = LlamaConfig(hidden_size=c["hidden"], num_hidden_layers=c["layers"],
                       num_attention_heads=c["heads"], intermediate_size=c["inter"],
                       vocab_size=c["vocab"] + 1, max_position_embeddings=4096)
    cfg = LlavaConfig(vision_config=vision, text_config=text, image_token_index=c["vocab"],
                      vision_feature_layer=-2)
    torch.manual_seed(0)
    _reset_peak(device)
    t = time.time()
    with torch.device(device):
        model = LlavaForConditionalGeneration(cfg).to(torch.bfloat16)
    load_s = time.time() - t
    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    model.enable_input_require_grads()
    # LLaVA-1.5's LoRA recipe: the tower, the embeddings and lm_head frozen; LoRA on the LLM's
    # attention and the projector trained
    model.requires_grad_(False)
    model.model.language_model = get_peft_model(
        model.model.language_model,
        LoraConfig(r=c["lora_r"], lora_alpha=2 * c["lora_r"],
                   target_modules=["q_proj", "k_proj", "v_proj", "o_proj"]))
    for p in model.model.multi_modal_projector.parameters():
        p.requires_grad_(True)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=1e-5)
    n_image = (c["image"] // c["patch"]) ** 2
    g = torch.Generator().manual_seed(0)
    ids = torch.randint(0, c["vocab"], (c["batch"], c["seq"]), generator=g)
    ids[:, 1:1 + n_image] = c["vocab"]
    labels = ids.clone()
    labels[:, :1 + n_image] = -100
    pixels = torch.randn(c["batch"], 3, c["image"], c["image"], generator=g)
    batch = {"input_ids": ids.to(device), "attention_mask": torch.ones_like(ids).to(device),
             "pixel_values": pixels.to(device, torch.bfloat16), "labels": labels.to(device)}
    model.train()
    times = []
    for _ in range(steps + 1):  # the first step warms up kernels and allocator
        if device.startswith("cuda"):
            torch.cuda.synchronize()
        t = time.time()
        loss = model(**batch).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        if device.startswith("cuda"):
            torch.cuda.synchronize()
        times.append(time.time() - t)
    return {"scale": scale, "params_b": round(sum(p.numel() for p in model.parameters()) / 1e9,
                                              3),
            "trainable_m": round(sum(p.numel() for p in params) / 1e6, 2),
            "batch": c["batch"], "seq": c["seq"], "dtype": "bf16",
            "gradient_checkpointing": True, "init_s": round(load_s, 1),
            "step_s": round(sorted(times[1:])[len(times[1:]) // 2], 4),
            "tokens_per_s": round(c["batch"] * c["seq"] / sorted(times[1:])[len(times[1:]) // 2],
                                  1),
            "loss": float(loss.detach()), "peak_mb": _peak_mb(device)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    ap.add_argument("--presets", nargs="*", default=["tiny", "small"])
    ap.add_argument("--steps", type=int, default=20, help="training steps per stage")
    ap.add_argument("--precisions", nargs="*", default=["no", "bf16"],
                    choices=["no", "bf16", "fp16"],
                    help="mixed_precision settings each preset's stages run under")
    ap.add_argument("--base-scale", default="base", choices=[*BASE, "none"])
    ap.add_argument("--json", help="also write the report to this file")
    ap.add_argument("--out", required=True, help="folder for the stages' outputs")
    a = ap.parse_args(argv)
    if a.device == "cuda" and not torch.cuda.is_available():
        ap.error("--device cuda: no CUDA device here (use --device cpu for a smoke run)")
    if a.device == "cpu":
        os.environ["ACCELERATE_USE_CPU"] = "1"  # train.processes asks accelerate for the CPU
    torch.nn.modules.module.register_module_forward_pre_hook(
        lambda m, args: _watch(m, args, {}))
    report = {"device": a.device,
              "gpu": torch.cuda.get_device_name() if a.device == "cuda" else None,
              "torch": torch.__version__}
    report["stages"] = run_presets(a.presets, a.steps, Path(a.out), a.device,
                                   tuple(a.precisions))
    if a.base_scale != "none":
        report["base_step"] = base_step(a.base_scale, a.device)
    report["device_mismatches"] = MISMATCHES
    print(json.dumps(report, indent=1))
    if a.json:
        Path(a.json).write_text(json.dumps(report, indent=1) + "\n")
    if MISMATCHES:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
