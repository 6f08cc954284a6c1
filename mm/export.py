"""Export an open_clip ViT vision tower to transformers' ``CLIPVisionModel``.

LLaVA (transformers) takes its vision tower as an HF CLIP vision model; CLIP-Math is trained
with open_clip. The two implement the same network with different parameter layouts: open_clip
packs q/k/v into ``in_proj_weight`` (nn.MultiheadAttention) and names the MLP c_fc / c_proj;
HF keeps q_proj / k_proj / v_proj and fc1 / fc2, and its positional table is an Embedding.
transformers ships converters only from OpenAI checkpoints, so this small mapping is ours.

    from mm.export import export_vision_tower
    hf_vision = export_vision_tower(clip_model)        # CLIPVisionModel, same features
"""
from __future__ import annotations

import torch


def vision_config_from_open_clip(visual, image_mean=None, image_std=None):
    """A ``CLIPVisionConfig`` matching an open_clip ``VisionTransformer``."""
    from transformers import CLIPVisionConfig

    if getattr(visual, "attn_pool", None) is not None or \
            getattr(visual, "pool_type", "tok") != "tok":
        raise ValueError("only class-token ViTs (no attentional pooling) export to CLIPVision")
    blocks = visual.transformer.resblocks
    width = visual.conv1.out_channels
    mlp = blocks[0].mlp
    act = mlp.gelu if hasattr(mlp, "gelu") else None
    if act is None or act.__class__.__name__ not in ("GELU", "QuickGELU"):
        raise ValueError(f"unsupported MLP activation {act!r}")
    size = visual.image_size
    patch = visual.patch_size
    return CLIPVisionConfig(
        hidden_size=width, intermediate_size=mlp.c_fc.out_features,
        projection_dim=visual.proj.shape[1] if visual.proj is not None else width,
        num_hidden_layers=len(blocks), num_attention_heads=blocks[0].attn.num_heads,
        image_size=int(size[0] if isinstance(size, (tuple, list)) else size),
        patch_size=int(patch[0] if isinstance(patch, (tuple, list)) else patch),
        hidden_act="quick_gelu" if act.__class__.__name__ == "QuickGELU" else "gelu",
        layer_norm_eps=blocks[0].ln_1.eps)


def vision_state_dict(visual) -> dict[str, torch.Tensor]:
    """open_clip VisionTransformer weights renamed (and q/k/v split) for CLIPVisionModel."""
    sd = {
        "vision_model.embeddings.class_embedding": visual.class_embedding,
        "vision_model.embeddings.patch_embedding.weight": visual.conv1.weight,
        "vision_model.embeddings.position_embedding.weight": visual.positional_embedding,
        "vision_model.pre_layrnorm.weight": visual.ln_pre.weight,
        "vision_model.pre_layrnorm.bias": visual.ln_pre.bias,
        "vision_model.post_layernorm.weight": visual.ln_post.weight,
        "vision_model.post_layernorm.bias": visual.ln_post.bias,
    }
    for i, blk in enumerate(visual.transformer.resblocks):
        p = f"vision_model.encoder.layers.{i}."
        qw, kw, vw = blk.attn.in_proj_weight.chunk(3, dim=0)
        qb, kb, vb = blk.attn.in_proj_bias.chunk(3, dim=0)
        sd.update({
            p + "self_attn.q_proj.weight": qw, p + "self_attn.q_proj.bias": qb,
            p + "self_attn.k_proj.weight": kw, p + "self_attn.k_proj.bias": kb,
            p + "self_attn.v_proj.weight": vw, p + "self_attn.v_proj.bias": vb,
            p + "self_attn.out_proj.weight": blk.attn.out_proj.weight,
            p + "self_attn.out_proj.bias": blk.attn.out_proj.bias,
            p + "layer_norm1.weight": blk.ln_1.weight, p + "layer_norm1.bias": blk.ln_1.bias,
            p + "layer_norm2.weight": blk.ln_2.weight, p + "layer_norm2.bias": blk.ln_2.bias,
            p + "mlp.fc1.weight": blk.mlp.c_fc.weight, p + "mlp.fc1.bias": blk.mlp.c_fc.bias,
            p + "mlp.fc2.weight": blk.mlp.c_proj.weight, p + "mlp.fc2.bias": blk.mlp.c_proj.bias,
        })
    return {k: v.detach().clone().contiguous() for k, v in sd.items()}


def export_vision_tower(clip_model):
    """A ``CLIPVisionModel`` with the weights of ``clip_model.visual``."""
    from transformers import CLIPVisionModel

    visual = clip_model.visual if hasattr(clip_model, "visual") else clip_model
    cfg = vision_config_from_open_clip(visual)
    model = CLIPVisionModel(cfg)
    sd = vision_state_dict(visual)
    if not any(k.startswith("vision_model.") for k in model.state_dict()):
        # transformers 5 keeps CLIPVisionModel's submodules at the top level
        sd = {k.removeprefix("vision_model."): v for k, v in sd.items()}
    missing, unexpected = model.load_state_dict(sd, strict=False)
    missing = [k for k in missing if not k.endswith("position_ids")]
    if missing or unexpected:
        raise RuntimeError(f"export mismatch: missing {missing}, unexpected {unexpected}")
    return model.eval()


def image_processor_for(clip_model):
    """A ``CLIPImageProcessor`` reproducing open_clip's eval preprocessing (resize + centre
    crop to the tower's size, CLIP mean/std)."""
    from transformers import CLIPImageProcessor

    visual = clip_model.visual
    size = visual.image_size
    size = int(size[0] if isinstance(size, (tuple, list)) else size)
    mean = getattr(visual, "image_mean", None) or (0.48145466, 0.4578275, 0.40821073)
    std = getattr(visual, "image_std", None) or (0.26862954, 0.26130258, 0.27577711)
    return CLIPImageProcessor(size={"shortest_edge": size}, crop_size={"height": size,
                              "width": size}, image_mean=list(mean), image_std=list(std),
                              do_convert_rgb=True, resample=3)
