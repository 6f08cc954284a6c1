"""The MLLM folder: built from CLIP-Math + a from-scratch Llama, saved, reloaded with plain
transformers classes, and generating the same tokens."""
import json

import pytest
import torch
from PIL import Image

from mm.clip_math import create_clip
from mm.export import export_vision_tower, image_processor_for
from mm.llava import build_llava, load, save
from mm.tokenizer import IMAGE_TOKEN, prompt_text, train_tokenizer


@pytest.fixture(scope="module")
def tiny():
    clip = create_clip("tiny")[0]
    tok = train_tokenizer(["The triangle ABC has sides 3, 4 and 5. The answer is 6."] * 40 +
                          ["Find the area of the circle with radius 2."] * 40, vocab_size=300)
    return build_llava(export_vision_tower(clip), image_processor_for(clip), tokenizer=tok,
                       lm_preset="tiny")


def test_round_trip_from_pretrained_generates_same_tokens(tiny, tmp_path):
    from transformers import AutoProcessor, LlavaForConditionalGeneration

    model, proc = tiny
    imgs = [Image.new("RGB", (90, 70), "white"), Image.new("RGB", (50, 50), "black")]
    texts = [prompt_text("What is AB?"), prompt_text("Find the radius of the circle.")]
    inp = proc(images=imgs, text=texts, return_tensors="pt", padding=True)
    # 64 px / 16 px patches -> 16 image tokens per image, CLS dropped ("default" strategy)
    assert (inp["input_ids"] == model.config.image_token_index).sum(1).tolist() == [16, 16]
    out = model.generate(**inp, max_new_tokens=6, do_sample=False)
    save(model, proc, tmp_path / "m", recipe={"stage": "test"})
    files = {p.name for p in (tmp_path / "m").iterdir()}
    assert {"model.safetensors", "config.json", "recipe.yaml"} <= files
    assert not any(f.endswith(".bin") for f in files)
    m2 = LlavaForConditionalGeneration.from_pretrained(tmp_path / "m")
    p2 = AutoProcessor.from_pretrained(tmp_path / "m")
    out2 = m2.generate(**p2(images=imgs, text=texts, return_tensors="pt", padding=True),
                       max_new_tokens=6, do_sample=False)
    assert torch.equal(out, out2)
    assert p2.tokenizer.padding_side == "left"
    cfg = json.loads((tmp_path / "m" / "config.json").read_text())
    assert cfg["projector_hidden_act"] == "gelu" and cfg["vision_config"]["hidden_size"] == 64


def test_chat_template_matches_prompt_text(tiny):
    _, proc = tiny
    msgs = [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "Find x."}]}]
    assert proc.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False) == \
        prompt_text("Find x.") == f"USER: {IMAGE_TOKEN}\nFind x.\nASSISTANT:"


def test_bad_lm_arguments():
    clip = create_clip("tiny")[0]
    with pytest.raises(ValueError, match="exactly one of lm_path"):
        build_llava(export_vision_tower(clip), image_processor_for(clip))
    with pytest.raises(FileNotFoundError, match="does not exist"):
        build_llava(export_vision_tower(clip), image_processor_for(clip), lm_path="/no/such")
