"""Stage 1, CLIP-Math: contrastive training of the vision tower on MAVIS-Caption.

open_clip model and ``ClipLoss``, which under several processes gathers every process's features
with their gradients (``local_loss=False, gather_with_grad=True``, as open_clip's own training
does), so each process contrasts the global batch and the processes train as one; the text
tower is frozen as in MAVIS (``unfreeze_text`` to train it too, which a from-scratch text tower
needs to learn anything beyond random features).
Captions longer than the context use sentence sampling (mm.clip_math.fit_caption). Evidence:
held-out image->caption and caption->image R@1 / R@5, trained vs untrained; goal: image->caption
R@1 at least 20x chance (1/n of the n held-out pairs), with its 95% interval.

With ``dense_steps``, the exported tower then learns a word for each patch on object scenes
(train/grounding.py), and with ``dense_pictures`` a word for what each of that many diagrams
shows on each inked patch of it (train/picture_words.py): the tower stage 2 reads is that one, and
the retrieval numbers are the contrastive model's, before it; the held-out patches named right
are in the metrics (``patch_words``).

Output folder: ``clip.safetensors`` + ``clip.json`` (open_clip architecture), ``vision/`` (the
tower exported to ``CLIPVisionModel`` with its ``CLIPImageProcessor``), ``metrics.json``; with
``dense_steps``, ``patch_head.safetensors`` + ``patch_head.json``.

    mm-train stage1 --recipe configs/small/stage1.yaml --out runs/s1
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import save_file

from mm.clip_math import (CaptionTokens, create_clip, fit_caption, freeze_text_tower, image_size,
                          token_counter)
from mm.export import export_vision_tower, image_processor_for
from mm.stats import wilson
from train import processes
from train.checkpoint import seal_stage
from train.data import ByteCache, cache_bytes, stage_data
from train.grounding import DENSE_LAYER, dense_objective, save_head
from train.loop import StageTask, device, model_device, run
from train.recipe import Recipe, RecipeError, check_counts
from train.stage import STAGES, Goal, TrainingStage

PRESET_ARCH = {"tiny": "tiny", "small": "small", "base": "base"}
CHANCE_GOAL = Goal("chance_ratio", ">=", 20.0, "image->caption R@1 >= 20x chance (1/n)",
                   measured="{:.1f}x", interval="chance_ratio_ci95", n="n")


@dataclass
class ClipSettings:
    unfreeze_text: bool = False  # also train the CLIP text tower
    clip_arch: str | None = None  # default: the preset's CLIP architecture
    clip_checkpoint: str | None = None  # local open_clip checkpoint file (base preset)
    # the dense objective after the contrastive steps (train/grounding.py): the exported tower
    # and a patch head learn each patch's word on dense_n object scenes (dense_held held out)
    # in dense_steps steps of dense_batch scenes at dense_lr; 0 steps: none
    dense_steps: int = 0
    dense_n: int = 12000
    dense_held: int = 600
    dense_batch: int = 32
    dense_lr: float = 1e-3
    # diagrams beside the scenes (train/picture_words.py: each inked patch named by the word
    # for what the picture shows, the white ones "blank", the head's vocabulary grown by the
    # picture words; dense_held of them held out too); 0: object scenes alone
    dense_pictures: int = 0
    # a head on the tower's class token learns each of those diagrams' word too (a word for the
    # whole picture; measured in patch_words.pictures.class_token, the head not kept)
    dense_class: bool = False

    def __post_init__(self) -> None:
        check_counts(self, "dense_steps", "dense_pictures")
        check_counts(self, "dense_n", "dense_held", "dense_batch", "dense_lr", positive=True)
        if self.dense_class and not (self.dense_steps and self.dense_pictures):
            raise RecipeError("dense_class", "dense_class: needs dense_steps and "
                              "dense_pictures > 0 (the diagrams whose words it learns)")


def _encode(model, pre, tok, rows, n_tokens, ctx, rng):
    images = torch.stack([pre(r["image"].convert("RGB")) for r in rows])
    texts = tok([fit_caption(r["caption"], n_tokens, ctx, rng) for r in rows])
    return images, texts


class PixelCache:
    """Preprocessed images by row index, at most ``limit`` bytes of them (least recently used
    out first; None: all): decoding and resizing a PNG costs more than the small presets'
    forward pass, and every epoch would redo it. A row is read from the dataset only when its
    image is not held."""

    def __init__(self, rows, pre, limit: int | None = None):
        self.rows, self.pre = rows, pre
        self.cache = ByteCache(limit, lambda t: t.element_size() * t.nelement())

    def __call__(self, i: int) -> torch.Tensor:
        return self.cache.get(i, lambda: self.pre(self.rows[i]["image"].convert("RGB")))


class CaptionBatches:
    """Stage 1's ``make_batch(indices, keys)``: the rows' preprocessed images (each image of a
    batch processed once, also when an index repeats) and their captions, each caption's
    sentence sampling drawn from its stream position (``keys``): the same draw whichever
    process builds it, another one in each epoch."""

    def __init__(self, pixels: PixelCache, captions, tok, seed: int):
        self.pixels, self.captions, self.tok, self.seed = pixels, captions, tok, seed
        # sentence sampling measures the same captions, sentences and runs in every epoch, and
        # a run from the run it extends: each text tokenised once (tokenising every candidate
        # run whole costs a quarter of a tiny step)
        self.tokens = CaptionTokens(tok)
        self.ctx = tok.context_length

    def __call__(self, idx, keys):
        images = {i: self.pixels(i) for i in dict.fromkeys(idx)}
        return torch.stack([images[i] for i in idx]), self.tokens.tokenize(
            [fit_caption(self.captions[i], self.tokens.count, self.ctx,
                         np.random.default_rng([self.seed, key])) for i, key in zip(idx, keys)])


@torch.no_grad()
def retrieval(model, pre, tok, rows, batch: int = 64) -> dict:
    """Image->text and text->image recall@1/5 over held-out (image, caption) pairs (the
    processes encode a share of the chunks each; every process gets the numbers)."""
    model.eval()
    n_tokens = token_counter(tok)
    ctx = tok.context_length
    dev = model_device(model)

    def features(starts):
        out = []
        for s in starts:
            chunk = [rows[i] for i in range(s, min(s + batch, len(rows)))]
            im, tx = _encode(model, pre, tok, chunk, n_tokens, ctx, np.random.default_rng(0))
            out.append((model.encode_image(im.to(dev), normalize=True).cpu(),
                        model.encode_text(tx.to(dev), normalize=True).cpu()))
        return out

    feats = processes.shard_map(features, range(0, len(rows), batch))
    sim = torch.cat([f for f, _ in feats]) @ torch.cat([t for _, t in feats]).T  # (N, N)
    target = torch.arange(sim.shape[0])

    def recall(s, k):
        top = s.topk(min(k, s.shape[1]), dim=1).indices
        return float((top == target[:, None]).any(1).float().mean())

    return {"i2t_r1": recall(sim, 1), "i2t_r5": recall(sim, 5), "t2i_r1": recall(sim.T, 1),
            "t2i_r5": recall(sim.T, 5), "n": int(sim.shape[0]), "chance_r1": 1 / sim.shape[0]}


@STAGES.register
class ClipStage(TrainingStage):
    key = "stage1"
    name = "clip"
    title = "CLIP-Math"
    settings = ClipSettings
    data_kind = "mavis-caption"
    needs_init = False
    takes_pipeline_data = True
    goals = (CHANCE_GOAL,)

    def train(self, recipe: Recipe, init: Path | None, out: Path, progress: bool = True
              ) -> dict:
        import open_clip

        own: ClipSettings = recipe.settings
        out = Path(out)
        arch = own.clip_arch or PRESET_ARCH[recipe.preset]
        model, _, pre, tok = create_clip(arch, checkpoint=own.clip_checkpoint, seed=recipe.seed)
        untrained = create_clip(arch, checkpoint=own.clip_checkpoint, seed=recipe.seed)[0]
        untrained.to(device())
        freeze_text_tower(model, frozen=not own.unfreeze_text)
        if "vision" not in recipe.train_modules:
            for p in model.visual.parameters():
                p.requires_grad_(False)
        # diagrams are drawn at least at the recipe's size (legible labels) and resized by the
        # preprocessing
        train_rows, held = stage_data(recipe, self.data_kind, out,
                                      image_size=max(image_size(model), recipe.image_size))
        loss_fn = open_clip.ClipLoss(local_loss=False, gather_with_grad=True,
                                     rank=processes.rank(), world_size=processes.world())
        # the captions column is read lazily (a datasets Column), like the images
        make_batch = CaptionBatches(PixelCache(train_rows, pre, cache_bytes(recipe)),
                                    train_rows["caption"], tok, recipe.seed)

        def loss(m, batch):
            images, texts = batch
            f_img, f_txt, scale = m(images, texts)[:3]
            return loss_fn(f_img, f_txt, scale)

        task = StageTask(model, len(train_rows), make_batch, loss, keyed=True,
                         module_of=lambda n: "vision" if n.startswith("visual.") else "text_tower")
        summary = run(recipe, task, out, progress=progress)
        model = summary.pop("model")
        metrics = self.evaluate(model, untrained, pre, tok, held)
        result = {"stage": "clip", **{k: v for k, v in summary.items() if k != "losses"},
                  "metrics": metrics}
        if processes.is_main():
            save_file({k: v.detach().cpu().contiguous() for k, v in model.state_dict().items()},
                      str(out / "clip.safetensors"))
            (out / "clip.json").write_text(json.dumps({"arch": arch}))
            vision, ip = export_vision_tower(model), image_processor_for(model)
            if own.dense_steps:
                # the main process alone (the others wait): only it saves the tower
                head, result["metrics"]["patch_words"] = dense_objective(
                    vision, ip, own.dense_steps, own.dense_n, own.dense_held, own.dense_lr,
                    own.dense_batch, recipe.seed, DENSE_LAYER, recipe.image_size,
                    own.dense_pictures, own.dense_class)
                save_head(head, out, DENSE_LAYER)
            vision.save_pretrained(out / "vision")
            ip.save_pretrained(out / "vision")
            seal_stage(out)  # before metrics.json, which marks the stage finished
            (out / "metrics.json").write_text(json.dumps(result, indent=1))
        processes.barrier()
        return result

    def evaluate(self, model, untrained, pre, tok, held) -> dict:
        """Held-out retrieval of the trained and the untrained model."""
        metrics = {"trained": retrieval(model, pre, tok, held),
                   "untrained": retrieval(untrained, pre, tok, held)}
        base = max(metrics["untrained"]["i2t_r1"], 1 / len(held))
        metrics["i2t_r1_ratio_vs_untrained"] = metrics["trained"]["i2t_r1"] / base
        return metrics

    def evidence(self, results: dict) -> dict | None:
        s1 = results.get(self.key, {}).get("metrics")
        if not s1:
            return None
        trained, n = s1["trained"], s1["trained"]["n"]
        words = {"patch_words": s1["patch_words"]} if "patch_words" in s1 else {}
        return {**words, "i2t_r1": trained["i2t_r1"],
                "i2t_r1_untrained": s1["untrained"]["i2t_r1"],
                "t2i_r1": trained["t2i_r1"],
                "t2i_r1_untrained": s1["untrained"]["t2i_r1"],
                "i2t_r5": trained["i2t_r5"], "n": n,
                "ratio": s1["i2t_r1_ratio_vs_untrained"],
                "chance_ratio": trained["i2t_r1"] * n,
                "chance_ratio_ci95": [x * n for x in wilson(trained["i2t_r1"], n)],
                "goal_chance_ratio": CHANCE_GOAL.threshold}
