"""Fixtures of the training tests."""
import pytest
import torch


@pytest.fixture(scope="module")
def tiny_vision(tmp_path_factory):
    from transformers import CLIPImageProcessor, CLIPVisionConfig, CLIPVisionModel

    out = tmp_path_factory.mktemp("vision")
    torch.manual_seed(0)
    CLIPVisionModel(CLIPVisionConfig(image_size=32, patch_size=8, hidden_size=32,
                                     intermediate_size=64, num_hidden_layers=2,
                                     num_attention_heads=2)).save_pretrained(out)
    CLIPImageProcessor(size={"shortest_edge": 32},
                       crop_size={"height": 32, "width": 32}).save_pretrained(out)
    return out
