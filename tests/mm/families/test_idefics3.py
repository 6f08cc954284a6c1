"""Idefics3 and SmolVLM through the generic folder adapter: images split into a grid of crops
plus a global view (row/column tags between them), pixel shuffle in the connector, and a
per-image pixel mask in the batch.

    python -m pytest tests/mm/families/test_idefics3.py -q
"""
import pytest
import torch

from tests.mm.families.harness import Family, byte_tokenizer, chat_template, check_family, redraw, save

GRID = [f"<row_{i + 1}_col_{j + 1}>" for i in range(6) for j in range(6)]
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<end_of_utterance>", "<image>",
            "<fake_token_around_image>", "<global-img>", *GRID]


def build(folder, kind: str) -> str:
    tok = byte_tokenizer(SPECIALS, eos="<end_of_utterance>", pad="<|endoftext|>",
                         bos="<|im_start|>", extra={"image_token": "<image>"})
    ids = {s: tok.convert_tokens_to_ids(s) for s in SPECIALS}
    text = dict(model_type="llama", vocab_size=len(tok), hidden_size=32, intermediate_size=64,
                num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
                eos_token_id=ids["<end_of_utterance>"], pad_token_id=ids["<|endoftext|>"],
                bos_token_id=ids["<|im_start|>"])
    vision = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                  num_attention_heads=2, image_size=56, patch_size=14)
    ip_args = dict(size={"longest_edge": 112}, max_image_size={"longest_edge": 56},
                   do_image_splitting=True)
    template = chat_template("<image>", start="<|im_start|>", end="<end_of_utterance>")
    # (56/14)^2 patches, pixel-shuffled by scale 2: 4 tokens per crop
    if kind == "idefics3":
        from transformers import (Idefics3Config as Config,
                                  Idefics3ForConditionalGeneration as Model,
                                  Idefics3ImageProcessor, Idefics3Processor)
        proc = Idefics3Processor(Idefics3ImageProcessor(**ip_args), tokenizer=tok,
                                 image_seq_len=4, chat_template=template)
    else:
        from transformers import (SmolVLMConfig as Config,
                                  SmolVLMForConditionalGeneration as Model,
                                  SmolVLMImageProcessor, SmolVLMProcessor,
                                  SmolVLMVideoProcessor)
        proc = SmolVLMProcessor(SmolVLMImageProcessor(**ip_args), tokenizer=tok,
                                video_processor=SmolVLMVideoProcessor(), image_seq_len=4,
                                chat_template=template)
    torch.manual_seed(0)
    model = Model(Config(vision_config=vision, text_config=text, scale_factor=2,
                         image_token_id=ids["<image>"], pad_token_id=ids["<|endoftext|>"])).eval()
    redraw(model, 0)
    model.generation_config.eos_token_id = ids["<end_of_utterance>"]
    model.generation_config.pad_token_id = ids["<|endoftext|>"]
    return save(folder, model, proc)


@pytest.mark.parametrize("kind", ["idefics3", "smolvlm"])
def test_parity(tmp_path, kind):
    # SmolVLM's processor imports num2words (a test dependency in pyproject.toml)
    fam = Family(build(tmp_path / kind, kind), sizes=[(56, 56), (112, 56), (40, 90), (30, 30)])
    check_family(fam)
