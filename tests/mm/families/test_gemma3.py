"""Gemma 3 through the generic folder adapter: the processor expands <start_of_image> into a
fixed run of image tokens, and token_type_ids mark them for bidirectional attention (a
scored continuation's positions are text: 0).

    python -m pytest tests/mm/families/test_gemma3.py -q
"""
import torch

from tests.mm.families.harness import Family, byte_tokenizer, chat_template, check_family, redraw, save

SPECIALS = ["<pad>", "<bos>", "<eos>", "<start_of_turn>", "<end_of_turn>", "<start_of_image>",
            "<end_of_image>", "<image_soft_token>"]


def build(folder) -> str:
    from transformers import (Gemma3Config, Gemma3ForConditionalGeneration,
                              Gemma3ImageProcessor, Gemma3Processor)

    tok = byte_tokenizer(SPECIALS, eos="<eos>", pad="<pad>", bos="<bos>",
                         extra={"boi_token": "<start_of_image>", "eoi_token": "<end_of_image>",
                                "image_token": "<image_soft_token>"})
    ids = {s: tok.convert_tokens_to_ids(s) for s in SPECIALS}
    text = dict(vocab_size=len(tok), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                num_attention_heads=2, num_key_value_heads=1, head_dim=16, sliding_window=16,
                eos_token_id=[ids["<eos>"], ids["<end_of_turn>"]], pad_token_id=ids["<pad>"],
                bos_token_id=ids["<bos>"])
    vision = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                  num_attention_heads=2, image_size=56, patch_size=14)
    cfg = Gemma3Config(text_config=text, vision_config=vision, mm_tokens_per_image=4,
                       boi_token_index=ids["<start_of_image>"],
                       eoi_token_index=ids["<end_of_image>"],
                       image_token_index=ids["<image_soft_token>"])
    torch.manual_seed(0)
    model = Gemma3ForConditionalGeneration(cfg).eval()
    redraw(model, 0)
    model.generation_config.eos_token_id = [ids["<eos>"], ids["<end_of_turn>"]]
    model.generation_config.pad_token_id = ids["<pad>"]
    proc = Gemma3Processor(Gemma3ImageProcessor(size={"height": 56, "width": 56}), tok,
                           chat_template=chat_template("<start_of_image>", "<start_of_turn>",
                                                       "<end_of_turn>"),
                           image_seq_length=4)
    return save(folder, model, proc)


def test_parity(tmp_path):
    check_family(Family(build(tmp_path / "gemma3"), sizes=[(56, 56), (40, 70)]))
