"""The math MLLM: transformers' ``LlavaForConditionalGeneration`` assembled from CLIP-Math.

vision = the exported CLIP-Math tower (``CLIPVisionModel``) or a local vision folder users bring
(``load_vision``: HF CLIP or SigLIP, the vision tower or the whole model, or an open_clip folder),
projector = LLaVA's 2-layer GELU MLP (MAVIS's projector), language model = a local HF causal-LM
folder (any ``AutoModelForCausalLM``: Llama, Qwen2, Mistral ...), or for the from-scratch
presets a Llama-style config over a BPE tokenizer trained on the engine's text. A CLIP tower's
class token is dropped from the image features (LLaVA's ``default``); SigLIP has none, so all
its patch features are kept (``full``). The processor
is transformers' ``LlavaProcessor`` (CLIP image processor + tokenizer with ``<image>`` + chat
template). ``save`` writes a folder that plain ``from_pretrained`` loads.

    from mm.llava import build_llava, save
    model, processor = build_llava(vision, image_processor, tokenizer=tok, lm_preset="tiny")
    save(model, processor, "runs/x/final")
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from mm.seeding import seeded
from mm.tokenizer import CHAT_TEMPLATE, IMAGE_TOKEN


@dataclass
class LMSize:
    """Llama-style decoder sizes for the from-scratch presets (depth is the one dial)."""

    hidden_size: int
    num_hidden_layers: int
    num_attention_heads: int
    num_key_value_heads: int
    intermediate_size: int
    max_position_embeddings: int = 1024


LM_PRESETS = {
    "tiny": LMSize(hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                   num_key_value_heads=2, intermediate_size=128, max_position_embeddings=512),
    # sized for the CPU quickstart: ~1.3M multiply-adds per token (2 cores, ~30 GFLOP/s)
    "small": LMSize(hidden_size=192, num_hidden_layers=3, num_attention_heads=6,
                    num_key_value_heads=3, intermediate_size=512, max_position_embeddings=1024),
}


def class_tokens(vision_config) -> int:
    """How many class tokens a tower puts before its patch tokens: CLIP one, SigLIP none."""
    return 0 if vision_config.model_type.startswith("siglip") else 1


def _n_patches(vision_config) -> int:
    return (vision_config.image_size // vision_config.patch_size) ** 2


VISION_KINDS = {"clip_vision_model": "CLIPVisionModel", "clip": "CLIPVisionModel",
                "siglip_vision_model": "SiglipVisionModel", "siglip": "SiglipVisionModel"}


def load_vision(path: str | Path):
    """(vision model, image processor) from a local folder: a transformers CLIP or SigLIP
    folder (``CLIPVisionModel`` / ``CLIPModel`` / ``SiglipVisionModel`` / ``SiglipModel``,
    with its image processor's ``preprocessor_config.json``), or an open_clip folder
    (``open_clip_config.json`` and ``open_clip_model.safetensors`` or
    ``open_clip_pytorch_model.bin``, open_clip's own layout), whose ViT tower is exported to
    ``CLIPVisionModel``. Nothing is downloaded."""
    import json

    import transformers

    path = Path(path)
    if not path.is_dir():
        raise FileNotFoundError(f"vision folder {path} does not exist")
    if (path / "open_clip_config.json").is_file():
        import open_clip

        from mm.export import export_vision_tower, image_processor_for

        clip = open_clip.create_model(f"local-dir:{path}", pretrained_text=False)
        return export_vision_tower(clip), image_processor_for(clip)
    cfg_file = path / "config.json"
    if not cfg_file.is_file():
        raise FileNotFoundError(f"vision folder {path} has neither config.json (transformers) "
                                "nor open_clip_config.json (open_clip)")
    kind = json.loads(cfg_file.read_text()).get("model_type")
    if kind not in VISION_KINDS:
        raise ValueError(f"{cfg_file}: model_type {kind!r} is not a vision tower this suite "
                         f"takes; valid: {', '.join(VISION_KINDS)}")
    cls = getattr(transformers, VISION_KINDS[kind])
    vision = cls.from_pretrained(path, local_files_only=True)
    processor = transformers.AutoImageProcessor.from_pretrained(path, local_files_only=True)
    return vision.eval(), processor


def build_llava(vision_model, image_processor, tokenizer=None, lm_path: str | None = None,
                lm_preset: str | None = None, vision_feature_layer: int = -2, seed: int = 0,
                dtype: str = "float32", rope_theta: float | None = None):
    """(LlavaForConditionalGeneration, LlavaProcessor). Exactly one of ``lm_path`` (a local HF
    causal-LM folder) or ``lm_preset`` (from scratch, needs ``tokenizer``). Every new weight
    (projector, from-scratch LM, the ``<image>`` embedding) is drawn from ``seed`` alone, not
    from whatever the process drew before. ``rope_theta``: the from-scratch LM's RoPE base
    (Llama's config; None: its default, 10,000)."""
    if (lm_path is None) == (lm_preset is None):
        raise ValueError("give exactly one of lm_path (local folder) or lm_preset "
                         f"({', '.join(LM_PRESETS)})")
    if rope_theta is not None and lm_path is not None:
        raise ValueError("rope_theta sets a from-scratch LM's RoPE base; a loaded LM keeps its "
                         "own")
    import torch

    with seeded(seed):
        model, processor = _build_llava(vision_model, image_processor, tokenizer, lm_path,
                                        lm_preset, vision_feature_layer, rope_theta)
    if dtype != "float32":
        model.to(getattr(torch, dtype))
    return model, processor


def _build_llava(vision_model, image_processor, tokenizer, lm_path, lm_preset,
                 vision_feature_layer, rope_theta=None):
    from transformers import (AutoModelForCausalLM, AutoTokenizer, LlamaConfig, LlavaConfig,
                              LlavaForConditionalGeneration, LlavaProcessor)

    lm = None
    if lm_path is not None:
        if not Path(lm_path).is_dir():
            raise FileNotFoundError(f"language model folder {lm_path} does not exist")
        tokenizer = AutoTokenizer.from_pretrained(lm_path, local_files_only=True)
        if IMAGE_TOKEN not in tokenizer.get_vocab():
            tokenizer.add_special_tokens({"additional_special_tokens": [IMAGE_TOKEN]})
        if tokenizer.pad_token is None:
            tokenizer.pad_token = tokenizer.eos_token
        tokenizer.padding_side = "left"
        if not tokenizer.chat_template:
            tokenizer.chat_template = CHAT_TEMPLATE
        lm = AutoModelForCausalLM.from_pretrained(lm_path, local_files_only=True)
        lm.resize_token_embeddings(len(tokenizer))
        text_config = lm.config
    else:
        if lm_preset not in LM_PRESETS:
            raise KeyError(f"unknown LM preset {lm_preset!r}; valid: {', '.join(LM_PRESETS)}")
        if tokenizer is None:
            raise ValueError("a from-scratch LM needs a tokenizer (mm.tokenizer.train_tokenizer)")
        size = asdict(LM_PRESETS[lm_preset])
        if rope_theta is not None:
            size["rope_theta"] = float(rope_theta)
        text_config = LlamaConfig(vocab_size=len(tokenizer), **size,
                                  bos_token_id=tokenizer.bos_token_id,
                                  eos_token_id=tokenizer.eos_token_id,
                                  pad_token_id=tokenizer.pad_token_id, tie_word_embeddings=True)
    vcfg = vision_model.config
    siglip = vcfg.model_type.startswith("siglip")
    strategy = "default" if class_tokens(vcfg) else "full"  # SigLIP has no class token to drop
    cfg = LlavaConfig(vision_config=vcfg.to_dict(), text_config=text_config.to_dict(),
                      image_token_index=tokenizer.convert_tokens_to_ids(IMAGE_TOKEN),
                      image_seq_length=_n_patches(vcfg), projector_hidden_act="gelu",
                      vision_feature_select_strategy=strategy,
                      vision_feature_layer=vision_feature_layer,
                      tie_word_embeddings=text_config.tie_word_embeddings)
    cfg.vision_config.model_type = "siglip_vision_model" if siglip else "clip_vision_model"
    model = LlavaForConditionalGeneration(cfg)
    model.model.vision_tower.load_state_dict(vision_model.state_dict())
    if lm is not None:
        model.model.language_model.load_state_dict(lm.model.state_dict())
        model.lm_head.load_state_dict(lm.lm_head.state_dict())
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    processor = LlavaProcessor(image_processor=image_processor, tokenizer=tokenizer,
                               patch_size=vcfg.patch_size, vision_feature_select_strategy=strategy,
                               chat_template=CHAT_TEMPLATE,
                               num_additional_image_tokens=class_tokens(vcfg),
                               image_token=IMAGE_TOKEN)
    return model.eval(), processor


def save(model, processor, out: str | Path, recipe: dict | None = None) -> Path:
    """Safetensors weights + config + processor (+ the resolved recipe) in one folder."""
    import yaml

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out, safe_serialization=True)
    processor.save_pretrained(out)
    if recipe is not None:
        (out / "recipe.yaml").write_text(yaml.safe_dump(recipe, sort_keys=False))
    return out


def load(path: str | Path, device: str = "cpu", dtype: str = "float32"):
    """(model, processor) from a folder, with plain transformers classes, local files only,
    weights in ``dtype`` (float32 or bfloat16); a folder that cannot be loaded is
    ``mm.modelfiles.ModelFolderError`` naming the file."""
    import torch

    from transformers import AutoProcessor, LlavaForConditionalGeneration

    from mm.modelfiles import check_model_folder, load_failure, quiet_loading

    check_model_folder(path)
    try:
        with quiet_loading():
            model = LlavaForConditionalGeneration.from_pretrained(
                path, local_files_only=True, dtype=getattr(torch, dtype))
    except (OSError, ValueError, RuntimeError, KeyError, TypeError) as e:
        raise load_failure(path, e) from None
    try:
        processor = AutoProcessor.from_pretrained(path, local_files_only=True)
    except Exception as e:  # tokenizers raises a bare Exception for a foreign tokenizer.json
        raise load_failure(path, e, "processor") from None
    return model.to(device).eval(), processor
