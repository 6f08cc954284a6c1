"""Qwen2-VL and Qwen2.5-VL through the generic folder adapter: dynamic resolution (images of
different sizes give different numbers of image tokens in one batch) and M-RoPE positions
under left padding.

    python -m pytest tests/mm/families/test_qwen2_vl.py -q
"""
import pytest
import torch

from tests.mm.families.harness import Family, byte_tokenizer, chat_template, check_family, redraw, save

SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|vision_start|>", "<|vision_end|>",
            "<|image_pad|>", "<|video_pad|>"]
IMAGE = "<|vision_start|><|image_pad|><|vision_end|>"


def build(folder, kind: str) -> str:
    from transformers import Qwen2VLImageProcessor, Qwen2VLVideoProcessor

    tok = byte_tokenizer(SPECIALS, eos="<|im_end|>", pad="<|endoftext|>")
    ids = {s: tok.convert_tokens_to_ids(s) for s in SPECIALS}
    text = dict(vocab_size=len(tok), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                num_attention_heads=2, num_key_value_heads=1,
                rope_parameters={"rope_type": "default", "rope_theta": 10000.0,
                                 "mrope_section": [2, 3, 3]},
                eos_token_id=ids["<|im_end|>"], pad_token_id=ids["<|endoftext|>"],
                bos_token_id=ids["<|endoftext|>"])
    common = dict(image_token_id=ids["<|image_pad|>"], video_token_id=ids["<|video_pad|>"],
                  vision_start_token_id=ids["<|vision_start|>"],
                  vision_end_token_id=ids["<|vision_end|>"], text_config=text)
    if kind == "qwen2_vl":
        from transformers import (Qwen2VLConfig as Config,
                                  Qwen2VLForConditionalGeneration as Model,
                                  Qwen2VLProcessor as Processor)
        vision = dict(depth=2, embed_dim=32, hidden_size=32, num_heads=2, patch_size=14,
                      spatial_merge_size=2, temporal_patch_size=2)
    else:
        from transformers import (Qwen2_5_VLConfig as Config,
                                  Qwen2_5_VLForConditionalGeneration as Model,
                                  Qwen2_5_VLProcessor as Processor)
        vision = dict(depth=2, hidden_size=32, out_hidden_size=32, intermediate_size=64,
                      num_heads=2, patch_size=14, spatial_merge_size=2, temporal_patch_size=2,
                      window_size=56, fullatt_block_indexes=[1])
    torch.manual_seed(0)
    model = Model(Config(vision_config=vision, **common)).eval()
    redraw(model, 0)
    model.generation_config.eos_token_id = ids["<|im_end|>"]
    model.generation_config.pad_token_id = ids["<|endoftext|>"]
    ip = Qwen2VLImageProcessor(min_pixels=28 * 28, max_pixels=56 * 84, patch_size=14,
                               merge_size=2, temporal_patch_size=2)
    proc = Processor(image_processor=ip, tokenizer=tok, video_processor=Qwen2VLVideoProcessor(),
                      chat_template=chat_template(IMAGE))
    return save(folder, model, proc)


@pytest.mark.parametrize("kind", ["qwen2_vl", "qwen2_5_vl"])
def test_parity(tmp_path, kind):
    fam = Family(build(tmp_path / kind, kind), sizes=[(56, 56), (28, 56), (84, 56), (56, 28)])
    check_family(fam)
