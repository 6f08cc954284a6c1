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

from mm.llava import build_llava, load_vision
from mm.tokenizer import train_tokenizer
from train import processes
from train.data import build_or_load, cache_bytes, stage_data
from train.loop import run
from train.recipe import Recipe, RecipeError, check_counts
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

    def __post_init__(self) -> None:
        check_counts(self, "vocab_size", "tokenizer_text_n", "tokenizer_text_image_size",
                     positive=True)


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
                       seed=recipe.seed, dtype=recipe.load_dtype)


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
        for key in ("lm_path", "vision_path"):
            path = getattr(own, key)
            if path is not None and not Path(path).is_dir():
                raise RecipeError(key, f"{key}: no such folder: {path}")

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
        model, processor = build_model(recipe, init and Path(init), texts)
        set_trainable(model, recipe)
        examples = Examples([(caps, "mavis-caption")], tower_size(model),
                            cache_bytes(recipe))
        summary = run(recipe, sft_task(recipe, model, processor, examples), out,
                      progress=progress)
        return finish(recipe, summary["model"], processor, out, summary,
                      self.evaluate(summary))

    def evaluate(self, summary: dict) -> dict:
        return {"caption_loss_first": summary["first_loss"],
                "caption_loss_final": summary["final_loss"]}
