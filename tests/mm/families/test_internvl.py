"""InternVL (the transformers port, InternVLForConditionalGeneration) through the generic folder
adapter: <IMG_CONTEXT> tokens expanded per image tile by its processor, pixel-shuffled vision
features, a Qwen2 text model.

    python -m pytest tests/mm/families/test_internvl.py -q
"""
import torch

from tests.mm.families.harness import Family, byte_tokenizer, chat_template, check_family, redraw, save

SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<img>", "</img>", "<IMG_CONTEXT>",
            "<video>"]


def build(folder) -> str:
    from transformers import (GotOcr2ImageProcessorFast, InternVLConfig,
                              InternVLForConditionalGeneration, InternVLProcessor,
                              InternVLVideoProcessor)

    tok = byte_tokenizer(SPECIALS, eos="<|im_end|>", pad="<|endoftext|>",
                         extra={"start_image_token": "<img>", "end_image_token": "</img>",
                                "context_image_token": "<IMG_CONTEXT>",
                                "video_token": "<video>"})
    ids = {s: tok.convert_tokens_to_ids(s) for s in SPECIALS}
    vision = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                  num_attention_heads=2, image_size=[28, 28], patch_size=[14, 14])
    text = dict(model_type="qwen2", vocab_size=len(tok), hidden_size=32, intermediate_size=64,
                num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
                eos_token_id=ids["<|im_end|>"], pad_token_id=ids["<|endoftext|>"],
                bos_token_id=ids["<|endoftext|>"])
    cfg = InternVLConfig(vision_config=vision, text_config=text,
                         image_token_id=ids["<IMG_CONTEXT>"], image_seq_length=1,
                         downsample_ratio=0.5)
    torch.manual_seed(0)
    model = InternVLForConditionalGeneration(cfg).eval()
    redraw(model, 0)
    model.generation_config.eos_token_id = ids["<|im_end|>"]
    model.generation_config.pad_token_id = ids["<|endoftext|>"]
    ip = GotOcr2ImageProcessorFast(size={"height": 28, "width": 28}, crop_to_patches=True,
                                   min_patches=1, max_patches=2)
    proc = InternVLProcessor(ip, tok, InternVLVideoProcessor(), image_seq_length=1,
                             chat_template=chat_template("<IMG_CONTEXT>"))
    return save(folder, model, proc)


def test_parity(tmp_path):
    check_family(Family(build(tmp_path / "internvl"), sizes=[(28, 28), (56, 28), (28, 56)]))
