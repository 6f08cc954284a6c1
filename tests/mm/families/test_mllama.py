"""Mllama (Llama 3.2 Vision) through the generic folder adapter: the image enters through
cross-attention layers, with a cross_attention_mask along the text (a scored continuation's
positions repeat the prompt's last row), images split into tiles by aspect ratio.

    python -m pytest tests/mm/families/test_mllama.py -q
"""
import torch

from tests.mm.families.harness import Family, byte_tokenizer, chat_template, check_family, redraw, save

SPECIALS = ["<|finetune_right_pad_id|>", "<|begin_of_text|>", "<|eot_id|>", "<|image|>",
            "<|start_header_id|>", "<|end_header_id|>", "<|python_tag|>"]


def build(folder) -> str:
    from transformers import (MllamaConfig, MllamaForConditionalGeneration,
                              MllamaImageProcessor, MllamaProcessor)

    tok = byte_tokenizer(SPECIALS, eos="<|eot_id|>", pad="<|finetune_right_pad_id|>",
                         bos="<|begin_of_text|>")
    ids = {s: tok.convert_tokens_to_ids(s) for s in SPECIALS}
    vision = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                  num_global_layers=1, attention_heads=2, image_size=28, patch_size=14,
                  max_num_tiles=2, intermediate_layers_indices=[0],
                  supported_aspect_ratios=[[1, 1], [1, 2], [2, 1]], vision_output_dim=64)
    text = dict(vocab_size=len(tok), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                num_attention_heads=2, num_key_value_heads=1, cross_attention_layers=[1],
                eos_token_id=ids["<|eot_id|>"], pad_token_id=ids["<|finetune_right_pad_id|>"],
                bos_token_id=ids["<|begin_of_text|>"])
    cfg = MllamaConfig(vision_config=vision, text_config=text, image_token_index=ids["<|image|>"])
    torch.manual_seed(0)
    model = MllamaForConditionalGeneration(cfg).eval()
    redraw(model, 0)
    model.generation_config.eos_token_id = ids["<|eot_id|>"]
    model.generation_config.pad_token_id = ids["<|finetune_right_pad_id|>"]
    ip = MllamaImageProcessor(size={"height": 28, "width": 28}, max_image_tiles=2)
    proc = MllamaProcessor(ip, tok, chat_template=chat_template(
        "<|image|>", "<|start_header_id|>", "<|eot_id|>"))
    return save(folder, model, proc)


def test_parity(tmp_path):
    check_family(Family(build(tmp_path / "mllama"), sizes=[(28, 28), (56, 28), (28, 56)]),
                 extend={"cross_attention_mask": "repeat"})
