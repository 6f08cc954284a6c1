"""LLaVA-NeXT and LLaVA-OneVision through the generic folder adapter: any-resolution images
(a grid of crops picked per image from the pinpoints, so images of other shapes give other
numbers of image tokens in one batch).

    python -m pytest tests/mm/families/test_llava_next.py -q
"""
import pytest
import torch

from tests.mm.families.harness import Family, byte_tokenizer, chat_template, check_family, redraw, save

SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<image>", "<video>"]
PINPOINTS = [[28, 28], [28, 56], [56, 28], [56, 56]]


def build(folder, kind: str) -> str:
    tok = byte_tokenizer(SPECIALS, eos="<|im_end|>", pad="<|endoftext|>",
                         extra={"image_token": "<image>"})
    ids = {s: tok.convert_tokens_to_ids(s) for s in SPECIALS}
    text = dict(model_type="qwen2", vocab_size=len(tok), hidden_size=32, intermediate_size=64,
                num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
                eos_token_id=ids["<|im_end|>"], pad_token_id=ids["<|endoftext|>"])
    # OneVision's tower is SigLIP (no class token: its "full" features are the patches)
    vision = dict(model_type="clip_vision_model" if kind == "llava_next" else
                  "siglip_vision_model", hidden_size=32, intermediate_size=64,
                  num_hidden_layers=2, num_attention_heads=2, image_size=28, patch_size=14)
    common = dict(vision_config=vision, text_config=text, image_token_index=ids["<image>"],
                  image_grid_pinpoints=PINPOINTS, vision_feature_layer=-1)
    ip_args = dict(size={"shortest_edge": 28}, crop_size={"height": 28, "width": 28},
                   image_grid_pinpoints=PINPOINTS)
    template = chat_template("<image>\n")
    if kind == "llava_next":
        from transformers import (LlavaNextConfig, LlavaNextForConditionalGeneration,
                                  LlavaNextImageProcessor, LlavaNextProcessor)
        cfg = LlavaNextConfig(vision_feature_select_strategy="default", **common)
        model_cls = LlavaNextForConditionalGeneration
        proc = LlavaNextProcessor(image_processor=LlavaNextImageProcessor(**ip_args),
                                  tokenizer=tok, patch_size=14,
                                  vision_feature_select_strategy="default",
                                  chat_template=template, num_additional_image_tokens=1)
    else:
        from transformers import (LlavaOnevisionConfig, LlavaOnevisionForConditionalGeneration,
                                  LlavaOnevisionImageProcessor, LlavaOnevisionProcessor,
                                  LlavaOnevisionVideoProcessor)
        cfg = LlavaOnevisionConfig(vision_feature_select_strategy="full",
                                   video_token_index=ids["<video>"], **common)
        model_cls = LlavaOnevisionForConditionalGeneration
        tok.video_token = "<video>"
        proc = LlavaOnevisionProcessor(image_processor=LlavaOnevisionImageProcessor(**ip_args),
                                       tokenizer=tok,
                                       video_processor=LlavaOnevisionVideoProcessor(),
                                       num_image_tokens=4, vision_feature_select_strategy="full",
                                       chat_template=template)
    torch.manual_seed(0)
    model = model_cls(cfg).eval()
    redraw(model, 0)
    model.generation_config.eos_token_id = ids["<|im_end|>"]
    model.generation_config.pad_token_id = ids["<|endoftext|>"]
    return save(folder, model, proc)


@pytest.mark.parametrize("kind", ["llava_next", "llava_onevision"])
def test_parity(tmp_path, kind):
    fam = Family(build(tmp_path / kind, kind), sizes=[(56, 56), (28, 56), (56, 28), (40, 30)])
    check_family(fam)
