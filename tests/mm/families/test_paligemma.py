"""PaliGemma through its family handling (mm/adapters/families/paligemma.py): the bare prompt
(no chat template), the prefix attended both ways and a scored continuation causal
(token_type_ids 1, as its generate extends them).

    python -m pytest tests/mm/families/test_paligemma.py -q
"""
import torch

from tests.mm.families.harness import Family, byte_tokenizer, check_family, redraw, save

SPECIALS = ["<pad>", "<bos>", "<eos>", "<image>"]


def build(folder) -> str:
    from transformers import (PaliGemmaConfig, PaliGemmaForConditionalGeneration,
                              PaliGemmaProcessor, SiglipImageProcessor)

    tok = byte_tokenizer(SPECIALS, eos="<eos>", pad="<pad>", bos="<bos>",
                         extra={"image_token": "<image>"})
    ids = {s: tok.convert_tokens_to_ids(s) for s in SPECIALS}
    text = dict(model_type="gemma", vocab_size=len(tok), hidden_size=32, intermediate_size=64,
                num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1, head_dim=16,
                eos_token_id=ids["<eos>"], pad_token_id=ids["<pad>"], bos_token_id=ids["<bos>"])
    vision = dict(model_type="siglip_vision_model", hidden_size=32, intermediate_size=64,
                  num_hidden_layers=2, num_attention_heads=2, image_size=28, patch_size=14,
                  projection_dim=32)
    cfg = PaliGemmaConfig(text_config=text, vision_config=vision, projection_dim=32,
                          image_token_index=ids["<image>"], pad_token_id=ids["<pad>"])
    torch.manual_seed(0)
    model = PaliGemmaForConditionalGeneration(cfg).eval()
    redraw(model, 0)
    model.generation_config.eos_token_id = ids["<eos>"]
    model.generation_config.pad_token_id = ids["<pad>"]
    ip = SiglipImageProcessor(size={"height": 28, "width": 28})
    ip.image_seq_length = 4
    return save(folder, model, PaliGemmaProcessor(image_processor=ip, tokenizer=tok))


def bare_prompt(proc, image, prompt):
    return proc(images=[image], text=[prompt], return_tensors="pt")


def test_parity(tmp_path):
    fam = Family(build(tmp_path / "paligemma"), sizes=[(28, 28), (40, 60)], inputs=bare_prompt)
    check_family(fam, extend={"token_type_ids": 1})
