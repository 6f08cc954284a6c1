"""Stage 2, alignment: next-token training of the LLaVA model on (diagram, "Describe the
diagram.") -> caption.

Builds the MLLM from stage 1's exported vision tower, or a local vision folder (``vision_path``:
HF CLIP or SigLIP, or open_clip; then no ``--init`` is needed), and a local HF causal LM
(``lm_path``) or a from-scratch one (tiny and small presets) whose BPE tokenizer is trained here
on the captions plus the text of ``tokenizer_text_n`` engine problems (so stage 3 needs no new
vocabulary). The recipe says which
modules train: the projector, and the LLM for a from-scratch preset (it has never seen text).
Evidence: the caption loss, first and final (the report shows no goal for it).

    mm-train stage2 --recipe configs/small/stage2.yaml --init runs/s1 --out runs/s2
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import torch

from mm.llava import build_llava, load_vision
from mm.tokenizer import train_tokenizer
from train import processes
from train.data import build_or_load, cache_bytes, stage_data
from train.grounding import (LOOKUP_LENGTHS, LOOKUP_MAX_QUESTIONS, check_head, copy_head,
                             load_head, lookup_warmup, projector_from_head, tokenizer_texts)
from train.loop import model_device, run
from train.recipe import Recipe, RecipeError, check_counts, check_range
from train.sft import Examples, finish, set_trainable, sft_task, tower_size
from train.stage import STAGES, TrainingStage

LM_PRESET = {"tiny": "tiny", "small": "small"}


@dataclass
class AlignSettings:
    lm_path: str | None = None  # local HF causal LM folder (None: from scratch)
    # local vision folder (HF CLIP / SigLIP, or open_clip; None: stage 1's exported tower)
    vision_path: str | None = None
    vocab_size: int = 2048  # BPE vocabulary of a from-scratch LM
    tokenizer_text_n: int = 300  # engine problems whose text the from-scratch tokenizer sees
    tokenizer_text_image_size: int = 64  # their pictures are not used: drawn small
    # fit the new projector to the tower's features before training (``fit_projector``): 0
    # leaves torch's initialisation; n > 0 standardises each feature over n of the stage's
    # pictures and scales the output to the LM's embedding size
    projector_fit_n: int = 0
    # the from-scratch LM's RoPE base (Llama's rope_theta; 0: its default, 10,000)
    rope_theta: float = 0.0
    # grounding (train/grounding.py), after the caption steps: lookup_steps steps of lookup
    # rows (POPE's question about a context of words where the picture's tokens go; the
    # context one word long for lookup_hold steps, then growing to the tower's patch count) at
    # lookup_lr, lookup_batch rows a step; 0: none. lookup_lengths "mixed": after the hold, each
    # batch's length drawn between one word and the ramp's. Held-out accuracy every
    # lookup_eval_every steps (0: at the end only), then on random contexts and on the words
    # of lookup_scenes object scenes (0: none)
    lookup_steps: int = 0
    lookup_hold: int = 600
    lookup_lr: float = 5e-4  # at 1e-3 the one-word hold ends late, or not (docs/grounding)
    lookup_batch: int = 32
    lookup_lengths: str = "ramp"
    # during the hold, this share of a batch more: "What is in the image?" -> the one word
    # (the hold then ends by step 200 on each of three seeds, docs/grounding)
    lookup_copy: float = 0.5
    lookup_eval_every: int = 500
    lookup_scenes: int = 300
    # this share of the lookup rows about diagrams' words (train/grounding.py's
    # picture_contexts: a diagram's word on some places, "blank" on the others, asked in its
    # family's claim or another word's); the tokenizer then sees the picture words too
    lookup_pictures: float = 0.0
    # this share of the other lookup rows in MME's existence question ("Is there a cup in this
    # image? Please answer yes or no."), the rest in POPE's
    lookup_mme: float = 0.0
    # each lookup row asks this many questions of its context, the later ones as later turns
    # of its conversation (train/grounding.py's later_questions)
    lookup_questions: int = 1
    # this share of the object rows' contexts of one theme's usual objects, the absent word
    # asked another of them, as POPE's popular split asks a scene (train/probe_words.py's
    # theme_contexts); the others of random kinds (lookup_contexts)
    lookup_theme: float = 0.0
    # then the projector set to stage 1's patch head followed by the words' embeddings (its
    # scale fitted on projector_head_n object scenes); needs stage 1 with dense_steps
    projector_head: bool = False
    projector_head_n: int = 256

    def __post_init__(self) -> None:
        check_counts(self, "vocab_size", "tokenizer_text_n", "tokenizer_text_image_size",
                     "lookup_lr", "lookup_batch", "projector_head_n", "lookup_questions",
                     positive=True)
        check_counts(self, "projector_fit_n", "lookup_steps", "lookup_hold", "lookup_scenes",
                     "lookup_eval_every", "lookup_copy")
        check_range(self, "lookup_pictures", 0, 1)
        check_range(self, "lookup_mme", 0, 1)
        check_range(self, "lookup_theme", 0, 1)
        if self.lookup_questions > LOOKUP_MAX_QUESTIONS:  # an int: check_counts above
            raise RecipeError("lookup_questions", f"lookup_questions: at most "
                              f"{LOOKUP_MAX_QUESTIONS}, got {self.lookup_questions}")
        if self.lookup_lengths not in LOOKUP_LENGTHS:
            raise RecipeError("lookup_lengths", f"lookup_lengths: expected one of "
                              f"{', '.join(LOOKUP_LENGTHS)}, got {self.lookup_lengths!r}")
        if not isinstance(self.rope_theta, (int, float)) or self.rope_theta < 0:
            raise RecipeError("rope_theta", f"rope_theta: expected a number >= 0 (0: the LM's "
                              f"default), got {self.rope_theta!r}")
        if self.rope_theta and self.lm_path:
            raise RecipeError("rope_theta", "rope_theta: sets a from-scratch LM's RoPE base; the "
                              "LM of lm_path keeps its own")
        if not isinstance(self.projector_head, bool):
            raise RecipeError("projector_head", f"projector_head: expected true or false, got "
                              f"{self.projector_head!r}")
        if self.projector_head and self.projector_fit_n:
            raise RecipeError("projector_head", "projector_head: the projector starts from "
                              "stage 1's head; projector_fit_n would be undone (set it to 0)")


def build_model(recipe: Recipe, init: Path, texts: list[str]):
    """LLaVA from stage 1's exported tower + a local LLM or a from-scratch one."""
    from transformers import CLIPImageProcessor, CLIPVisionModel

    own: AlignSettings = recipe.settings
    if own.vision_path:
        vision, ip = load_vision(own.vision_path)
    else:
        vdir = Path(init) / "vision"
        if not vdir.is_dir():
            raise FileNotFoundError(f"init: {init} has no vision/ folder (run stage1 first)")
        vision = CLIPVisionModel.from_pretrained(vdir, local_files_only=True)
        ip = CLIPImageProcessor.from_pretrained(vdir, local_files_only=True)
    if own.lm_path:
        return build_llava(vision, ip, lm_path=own.lm_path, seed=recipe.seed,
                           dtype=recipe.load_dtype)
    # trained once (main process) and handed to the others: every process gets its vocabulary
    tok = processes.on_main(lambda: train_tokenizer(texts, vocab_size=own.vocab_size))
    return build_llava(vision, ip, tokenizer=tok, lm_preset=LM_PRESET[recipe.preset],
                       seed=recipe.seed, dtype=recipe.load_dtype,
                       rope_theta=own.rope_theta or None)


@torch.no_grad()
def fit_projector(model, processor, images, batch: int = 32) -> dict:
    """Data-dependent initialisation of a new projector (as LSUV-style initialisations do): the
    tower's features at the layer the projector reads share a large common part (for the small
    preset's stage-1 tower, the mean over pictures is about 3/4 of a feature's norm), so a
    from-scratch LM first sees nearly the same image tokens for every picture. ``linear_1`` is
    rescaled to read each feature standardised over ``images`` (mean 0, standard deviation 1
    over pictures and patches), and ``linear_2`` so that the image tokens' mean norm equals
    the text embeddings'. The same Llava classes, only their initial weights change.
    Returns the norms before and after."""
    from train.sft import process_images, tower_features

    feats = []
    for i in range(0, len(images), batch):
        pv = process_images(processor, images[i:i + batch])["pixel_values"]
        pv = pv.to(model_device(model), model.model.vision_tower.dtype)
        feats.append(tower_features(model, pv).flatten(0, 1).float())
    x = torch.cat(feats)
    mu, sd = x.mean(0), x.std(0).clamp_min(1e-6)
    proj = model.model.multi_modal_projector
    before = proj(x.to(proj.linear_1.weight.dtype)).norm(dim=-1).mean().item()
    w1 = proj.linear_1.weight.float() / sd
    proj.linear_1.weight.copy_(w1)
    if proj.linear_1.bias is not None:
        proj.linear_1.bias.copy_(proj.linear_1.bias.float() - w1 @ mu)
    out = proj(x.to(proj.linear_1.weight.dtype)).norm(dim=-1).mean().item()
    target = model.get_input_embeddings().weight.float().norm(dim=-1).mean().item()
    proj.linear_2.weight.mul_(target / out)
    if proj.linear_2.bias is not None:
        proj.linear_2.bias.mul_(target / out)
    after = proj(x.to(proj.linear_1.weight.dtype)).norm(dim=-1).mean().item()
    return {"image_token_norm_before": before, "image_token_norm_after": after,
            "text_embedding_norm": target}


@STAGES.register
class AlignStage(TrainingStage):
    key = "stage2"
    name = "align"
    title = "alignment"
    settings = AlignSettings
    data_kind = "mavis-caption"

    def init_needed(self, recipe: Recipe) -> bool:
        return recipe.settings.vision_path is None

    def ready(self, recipe: Recipe) -> None:
        own: AlignSettings = recipe.settings
        if own.lm_path is None and recipe.preset not in LM_PRESET:
            raise RecipeError("lm_path", f"lm_path: the {recipe.preset} preset has no "
                              "from-scratch language model; give a local HF causal-LM folder "
                              "(--set lm_path=DIR)")
        if own.projector_head and own.vision_path:
            raise RecipeError("projector_head", "projector_head: needs stage 1's patch head, "
                              "not a vision_path tower")
        for key in ("lm_path", "vision_path"):
            path = getattr(own, key)
            if path is not None and not Path(path).is_dir():
                raise RecipeError(key, f"{key}: no such folder: {path}")

    def follows(self, recipe: Recipe, previous: Recipe) -> None:
        if recipe.settings.projector_head and not getattr(previous.settings, "dense_steps", 0):
            raise RecipeError("projector_head", "projector_head: needs stage 1's patch head; "
                              "set dense_steps > 0 for stage 1")

    def check_init(self, recipe: Recipe, init: Path) -> None:
        if recipe.settings.projector_head:
            check_head(init, "projector_head")

    def train(self, recipe: Recipe, init: Path | None, out: Path, progress: bool = True
              ) -> dict:
        own: AlignSettings = recipe.settings
        out = Path(out)
        caps, _ = stage_data(recipe, self.data_kind, out, heldout=False)
        texts = []
        if not own.lm_path:  # the from-scratch tokenizer's text
            texts = [r["caption"] for r in caps.select_columns(["caption"])]
            ins = build_or_load("mavis-instruct", out / "data" / "tokenizer-text",
                                own.tokenizer_text_n, recipe.seed,
                                own.tokenizer_text_image_size)
            texts += [r["question"] + "\n" + r["cot"] for r in
                      ins.select_columns(["question", "cot"])]
            if own.lookup_steps or own.projector_head:
                texts += tokenizer_texts(pictures=own.lookup_pictures > 0)
        head = None
        if own.projector_head:  # checked by check_init / follows before any work
            head, meta = load_head(Path(init))
        model, processor = build_model(recipe, init and Path(init), texts)
        if head is not None and meta["feature_layer"] != model.config.vision_feature_layer:
            raise RecipeError("projector_head", f"projector_head: the head reads the tower's "
                              f"layer {meta['feature_layer']}, the projector "
                              f"{model.config.vision_feature_layer}")
        set_trainable(model, recipe)
        examples = Examples([(caps, "mavis-caption")], tower_size(model),
                            cache_bytes(recipe))
        fitted = None
        if own.projector_fit_n:
            fitted = fit_projector(model, processor, [
                examples[i]["image"] for i in range(min(own.projector_fit_n, len(examples)))])
        summary = run(recipe, sft_task(recipe, model, processor, examples), out,
                      progress=progress)
        metrics = self.evaluate(summary)
        if fitted:
            metrics["projector_fit"] = fitted
        model = summary["model"]
        if own.lookup_steps:
            metrics["lookup"] = lookup_warmup(
                model, processor.tokenizer, own.lookup_steps, own.lookup_hold, own.lookup_lr,
                own.lookup_batch, recipe.seed, model.config.image_seq_length,
                image_processor=processor.image_processor, n_scenes=own.lookup_scenes,
                image_size=recipe.image_size, lengths=own.lookup_lengths,
                eval_every=own.lookup_eval_every, copy=own.lookup_copy,
                pictures=own.lookup_pictures, mme=own.lookup_mme,
                questions=own.lookup_questions, theme=own.lookup_theme)
        if head is not None:
            metrics["projector_head"] = projector_from_head(
                model, processor, head, processor.tokenizer,
                own.projector_head_n, recipe.seed, recipe.image_size)
            if processes.is_main():  # stage 3's projector_anchor reads it here
                copy_head(Path(init), out)
        return finish(recipe, model, processor, out, summary, metrics)

    def evaluate(self, summary: dict) -> dict:
        return {"caption_loss_first": summary["first_loss"],
                "caption_loss_final": summary["final_loss"]}

    def evidence(self, results: dict) -> dict | None:
        """The grounding steps' numbers, where the recipe had them."""
        s2 = results.get(self.key, {}).get("metrics") or {}
        ev = {k: s2[k] for k in ("lookup", "projector_head") if k in s2}
        return ev or None
