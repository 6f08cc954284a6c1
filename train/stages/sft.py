"""Stages 2 and 3: alignment (captions) and instruction tuning (CoT problems + perception QA).

Both are next-token training of the LLaVA model on (image, prompt) -> response, the loss on
response tokens only; the recipe says which modules train (stage 2: projector, and the LLM for a
from-scratch preset, whose LLM has never seen text; stage 3: projector + LoRA, or the whole LLM
for from-scratch presets). Stage 2 builds the MLLM from stage 1's exported tower; stage 3 starts
from stage 2's folder.

Evidence (stage 3): held-out accuracy on perception questions (answer in the picture) against an
image-blind twin trained by the same recipe on blank images. With ``yes_no_n``, the mix also
holds perception questions as yes/no claims (MME's answer format, which neither CoT problems nor
open questions teach), and their held-out accuracy and share of "yes" answers are reported.

    mm-train stage2 --recipe configs/small/stage2.yaml --init runs/s1 --out runs/s2
"""
from __future__ import annotations

import json
from pathlib import Path

import torch
from PIL import Image

from mm.llava import build_llava, save
from mm.llava import load as load_llava
from mm.tokenizer import prompt_text, train_tokenizer
from train.data import build_or_load, stage_data, yes_no_data
from train.loop import StageTask, run
from train.recipe import Recipe

CAPTION_PROMPT = "Describe the diagram."
LM_PRESET = {"tiny": "tiny", "small": "small"}


# ----------------------------------------------------------------------------- model set-up


def set_trainable(model, modules: list[str], lora=None):
    """Freeze everything, then unfreeze the recipe's modules (LoRA wraps the LLM with peft)."""
    for p in model.parameters():
        p.requires_grad_(False)
    if "lora" in modules:
        from peft import LoraConfig, get_peft_model

        cfg = LoraConfig(r=lora.r, lora_alpha=lora.alpha, lora_dropout=lora.dropout,
                         target_modules=lora.target_modules)
        model.model.language_model = get_peft_model(model.model.language_model, cfg)
        for n, p in model.model.language_model.named_parameters():
            p.requires_grad_("lora_" in n)
    parts = {"vision": [model.model.vision_tower],
             "projector": [model.model.multi_modal_projector],
             "llm": [] if "lora" in modules else [model.model.language_model, model.lm_head]}
    for name in modules:
        for module in parts.get(name, []):
            for p in module.parameters():
                p.requires_grad_(True)
    return model


def merge_lora(model):
    lm = model.model.language_model
    if hasattr(lm, "merge_and_unload"):
        model.model.language_model = lm.merge_and_unload()
    return model


def build_stage2_model(recipe: Recipe, init: Path, texts: list[str]):
    """LLaVA from stage 1's exported tower + a local LLM or a from-scratch one."""
    from transformers import CLIPImageProcessor, CLIPVisionModel

    vdir = Path(init) / "vision"
    if not vdir.is_dir():
        raise FileNotFoundError(f"init: {init} has no vision/ folder (run stage1 first)")
    vision = CLIPVisionModel.from_pretrained(vdir, local_files_only=True)
    ip = CLIPImageProcessor.from_pretrained(vdir, local_files_only=True)
    if recipe.lm_path:
        return build_llava(vision, ip, lm_path=recipe.lm_path, seed=recipe.seed)
    tok = train_tokenizer(texts, vocab_size=recipe.vocab_size)
    return build_llava(vision, ip, tokenizer=tok, lm_preset=LM_PRESET[recipe.preset],
                       seed=recipe.seed)


# ----------------------------------------------------------------------------- batches


def blank_like(img: Image.Image) -> Image.Image:
    return Image.new("RGB", img.size, "white")


def encode(processor, images, prompts, responses=None, max_length: int = 256):
    """Tokenised batch; with responses, labels cover response tokens only (prompt, image and
    padding positions are -100). Right padding for training, left for generation."""
    tok = processor.tokenizer
    if responses is None:
        tok.padding_side = "left"
        return processor(images=images, text=list(prompts), return_tensors="pt", padding=True)
    eos = tok.eos_token or ""
    full = [p + " " + r + eos for p, r in zip(prompts, responses)]
    tok.padding_side = "right"
    try:
        batch = processor(images=images, text=full, return_tensors="pt", padding=True)
        n_prompt = [len(x) for x in processor(images=images, text=list(prompts),
                                              padding=False)["input_ids"]]
    finally:
        tok.padding_side = "left"
    labels = batch["input_ids"].clone()
    for i, n in enumerate(n_prompt):
        labels[i, :n] = -100
    labels[batch["attention_mask"] == 0] = -100
    limit = max(n_prompt) + max_length
    if labels.shape[1] > limit:  # cut long responses (never the image tokens)
        batch = {k: (v[:, :limit] if k in ("input_ids", "attention_mask") else v)
                 for k, v in batch.items()}
        labels = labels[:, :limit]
    batch = dict(batch)
    batch["labels"] = labels
    return batch


def rows_to_examples(rows, kind: str) -> list[dict]:
    """(image, prompt, response) examples from dataset rows of one kind."""
    out = []
    for r in rows:
        if kind == "mavis-caption":
            out.append({"row": r, "q": CAPTION_PROMPT, "a": r["caption"]})
        elif kind == "mavis-instruct":
            out.append({"row": r, "q": r["question"], "a": r["cot"]})
        elif kind == "mavis-perception":
            out.append({"row": r, "q": r["question"], "a": r["answer"]})
        else:
            raise ValueError(f"no examples from dataset kind {kind!r}")
    return out


class Examples:
    """Lazy (image, prompt, response) view over one or more datasets. Images are decoded once
    and kept at the vision tower's input size: decoding and resizing PNGs would otherwise cost
    more than the small presets' training step, every epoch."""

    def __init__(self, parts: list[tuple[object, str]], image_size: int | None = None):
        self.index = [(ds, kind, i) for ds, kind in parts for i in range(len(ds))]
        self.image_size = image_size
        self.cache: dict[int, dict] = {}

    def __len__(self):
        return len(self.index)

    def __getitem__(self, j):
        if j not in self.cache:
            ds, kind, i = self.index[j]
            ex = rows_to_examples([ds[i]], kind)[0]
            img = ex["row"]["image"].convert("RGB")
            if self.image_size:
                img = img.resize((self.image_size, self.image_size), Image.BICUBIC)
            ex["image"] = img
            ex["row"] = {}
            self.cache[j] = ex
        return self.cache[j]


# ----------------------------------------------------------------------------- evaluation


@torch.no_grad()
def generate(model, processor, images, prompts, max_new_tokens: int = 16) -> list[str]:
    batch = encode(processor, images, [prompt_text(p) for p in prompts])
    out = model.generate(**batch, max_new_tokens=max_new_tokens, do_sample=False)
    return processor.tokenizer.batch_decode(out[:, batch["input_ids"].shape[1]:],
                                            skip_special_tokens=True)


def answer_matches(output: str, answer: str) -> bool:
    """A short answer is right when the output starts with it as whole words ("cube" matches
    "cube." and "cube, because", not "cubes" or "cuboid")."""
    import re

    return re.match(re.escape(answer.strip().lower()) + r"(?![\w])",
                    output.strip().lower()) is not None


def perception_accuracy(model, processor, rows, blank: bool = False, batch: int = 16) -> dict:
    """Share of outputs that start with the row's short answer; ``yes_ratio``: share starting
    with "yes" (a yes/no set's bias)."""
    model.eval()
    right = said_yes = 0
    per_family: dict[str, list[int]] = {}
    for s in range(0, len(rows), batch):
        chunk = [rows[i] for i in range(s, min(s + batch, len(rows)))]
        imgs = [blank_like(r["image"]) if blank else r["image"].convert("RGB") for r in chunk]
        outs = generate(model, processor, imgs, [r["question"] for r in chunk])
        for r, o in zip(chunk, outs):
            ok = answer_matches(o, r["answer"])
            right += ok
            said_yes += answer_matches(o, "yes")
            per_family.setdefault(r["family"], []).append(ok)
    return {"accuracy": right / len(rows), "n": len(rows), "yes_ratio": said_yes / len(rows),
            "per_family": {k: sum(v) / len(v) for k, v in sorted(per_family.items())}}


# ----------------------------------------------------------------------------- stages


def _task(recipe: Recipe, model, processor, examples) -> StageTask:
    def make_batch(idx):
        exs = [examples[i] for i in idx]
        imgs = [e["image"] for e in exs]
        if recipe.blank_images:
            imgs = [blank_like(i) for i in imgs]
        return encode(processor, imgs, [prompt_text(e["q"]) for e in exs],
                      [e["a"] for e in exs], recipe.max_length)

    def loss(m, batch):
        return m(**batch).loss

    return StageTask(model, len(examples), make_batch, loss)


def _tower_size(model) -> int:
    return int(model.config.vision_config.image_size)


def _finish(recipe: Recipe, model, processor, out: Path, summary: dict, metrics: dict) -> dict:
    merge_lora(model)
    save(model, processor, out / "model", recipe=recipe.to_dict())
    result = {"stage": recipe.stage, **{k: v for k, v in summary.items()
                                         if k not in ("losses", "model")}, "metrics": metrics}
    (out / "metrics.json").write_text(json.dumps(result, indent=1))
    return result


def train_stage2(recipe: Recipe, init: str | Path, out: str | Path, progress: bool = True
                 ) -> dict:
    out = Path(out)
    caps, _ = stage_data(recipe, "mavis-caption", out, image_size=224, heldout=False)
    texts = [r["caption"] for r in caps.select_columns(["caption"])]
    # the from-scratch tokenizer also sees problem text so that stage 3 needs no new vocabulary
    ins = build_or_load("mavis-instruct", out / "data" / "tokenizer-text", 300, recipe.seed, 64)
    texts += [r["question"] + "\n" + r["cot"] for r in
              ins.select_columns(["question", "cot"])]
    model, processor = build_stage2_model(recipe, Path(init), texts)
    set_trainable(model, recipe.train_modules, recipe.lora)
    summary = run(recipe, _task(recipe, model, processor,
                                Examples([(caps, "mavis-caption")], _tower_size(model))), out,
                  progress=progress)
    metrics = {"caption_loss_first": summary["first_loss"],
               "caption_loss_final": summary["final_loss"]}
    return _finish(recipe, summary["model"], processor, out, summary, metrics)


def train_stage3(recipe: Recipe, init: str | Path, out: str | Path, progress: bool = True
                 ) -> dict:
    out = Path(out)
    model, processor = load_llava(Path(init) / "model")
    ins, _ = stage_data(recipe, "mavis-instruct", out, image_size=224, heldout=False)
    per_recipe = recipe if recipe.perception_n is None else \
        Recipe(**{**recipe.to_dict(), "data_n": recipe.perception_n, "data": None})
    per, held = stage_data(per_recipe, "mavis-perception", out, image_size=224)
    parts = [(ins, "mavis-instruct"), (per, "mavis-perception")]
    if recipe.yes_no_n:
        parts.append((yes_no_data(recipe, out, recipe.yes_no_n, 224), "mavis-perception"))
    set_trainable(model, recipe.train_modules, recipe.lora)
    summary = run(recipe, _task(recipe, model, processor, Examples(parts, _tower_size(model))),
                  out, progress=progress)
    model = summary["model"]
    metrics = {"perception": perception_accuracy(model, processor, held,
                                                 blank=recipe.blank_images)}
    if recipe.yes_no_n:
        metrics["yes_no"] = perception_accuracy(
            model, processor, yes_no_data(recipe, out, recipe.eval_n, 224, heldout=True),
            blank=recipe.blank_images)
    return _finish(recipe, model, processor, out, summary, metrics)
