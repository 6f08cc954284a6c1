"""Backbones users bring: a local HF causal-LM folder (``lm_path``) and a local vision folder
(``vision_path``: HF CLIP or SigLIP, or open_clip), and ``mm-train pipeline --set``. The folders
are tiny models built here and saved with their tokenizer or image processor."""
import json
from pathlib import Path

import pytest
import torch

from train.cli import main as mm_train

TINY = Path(__file__).resolve().parents[2] / "configs" / "tiny"
TEXT = ("The triangle has sides 3, 4 and 5. The answer is 6. Describe the diagram. "
        "A circle of radius 2 is drawn. What is the area? ") * 20


def make_lm(out: Path, kind: str = "qwen2") -> Path:
    """A tiny causal LM with its own BPE tokenizer (no image token, pad token or chat
    template: build_llava adds them)."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers, decoders
    from transformers import (LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast,
                              Qwen2Config, Qwen2ForCausalLM)

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator([TEXT], trainers.BpeTrainer(
        vocab_size=300, special_tokens=["<unk>", "<s>", "</s>"], show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>",
                                   unk_token="<unk>")
    sizes = dict(vocab_size=len(fast), hidden_size=32, intermediate_size=64,
                 num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                 max_position_embeddings=512, bos_token_id=fast.bos_token_id,
                 eos_token_id=fast.eos_token_id)
    torch.manual_seed(0)
    model = (Qwen2ForCausalLM(Qwen2Config(**sizes)) if kind == "qwen2"
             else LlamaForCausalLM(LlamaConfig(**sizes)))
    model.save_pretrained(out)
    fast.save_pretrained(out)
    return out


def make_siglip(out: Path) -> Path:
    from transformers import SiglipImageProcessor, SiglipVisionConfig, SiglipVisionModel

    torch.manual_seed(0)
    SiglipVisionModel(SiglipVisionConfig(
        image_size=32, patch_size=8, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
        num_attention_heads=2)).save_pretrained(out)
    SiglipImageProcessor(size={"height": 32, "width": 32}).save_pretrained(out)
    return out


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("backbones")
    return {"qwen2": make_lm(root / "qwen2"), "llama": make_lm(root / "llama", "llama"),
            "siglip": make_siglip(root / "siglip")}


def test_load_vision_reads_siglip_hf_clip_and_open_clip_folders(folders, tmp_path):
    from safetensors.torch import save_file
    from transformers import CLIPModel, CLIPConfig, CLIPImageProcessor

    from mm.clip_math import create_clip
    from mm.export import export_vision_tower
    from mm.llava import load_vision

    vision, proc = load_vision(folders["siglip"])
    assert type(vision).__name__ == "SiglipVisionModel"
    assert type(proc).__name__.startswith("SiglipImageProcessor")
    # a whole CLIPModel folder gives its vision tower
    clip_dir = tmp_path / "clip"
    torch.manual_seed(0)
    full = CLIPModel(CLIPConfig(
        text_config=dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                         num_attention_heads=2, vocab_size=100),
        vision_config=dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                           num_attention_heads=2, image_size=32, patch_size=8)))
    full.save_pretrained(clip_dir)
    CLIPImageProcessor(size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32}
                       ).save_pretrained(clip_dir)
    vision, _ = load_vision(clip_dir)
    assert type(vision).__name__ == "CLIPVisionModel"
    x = torch.randn(1, 3, 32, 32)
    with torch.no_grad():
        assert torch.allclose(vision(pixel_values=x).pooler_output,
                              full.vision_model(pixel_values=x).pooler_output)
    # an open_clip folder, in open_clip's own layout, exported to CLIPVisionModel
    oc = tmp_path / "open_clip"
    oc.mkdir()
    clip = create_clip("tiny", seed=3)[0]
    cfg = json.loads((Path(__file__).resolve().parents[2] / "mm" / "configs" / "clip" /
                      "mm-clip-tiny.json").read_text())
    (oc / "open_clip_config.json").write_text(json.dumps({"model_cfg": cfg}))
    save_file({k: v.contiguous() for k, v in clip.state_dict().items()},
              str(oc / "open_clip_model.safetensors"))
    vision, _ = load_vision(oc)
    want = export_vision_tower(clip)
    for (k, a), (_, b) in zip(vision.state_dict().items(), want.state_dict().items()):
        assert torch.equal(a, b), k
    with pytest.raises(FileNotFoundError, match="has neither config.json"):
        load_vision(tmp_path)


def test_pipeline_set_goes_to_the_stages_that_have_the_key(folders):
    from train.pipeline import pipeline_recipes
    from train.recipe import RecipeError

    r = pipeline_recipes("tiny", overrides={"lm_path": str(folders["qwen2"]), "lr": 5e-4})
    assert r["stage2"].settings.lm_path == str(folders["qwen2"])
    assert all(x.lr == 5e-4 for x in r.values())
    assert not any(hasattr(r[k].settings, "lm_path") for k in ("stage1", "stage3", "stage4"))
    with pytest.raises(RecipeError, match="^--set: unknown key 'lm_pth'; valid: batch_size,"):
        pipeline_recipes("tiny", overrides={"lm_pth": "x"})
    # the base preset has no from-scratch LM: stage 2 says so before any work
    with pytest.raises(RecipeError, match=r"^lm_path: the base preset has no from-scratch "
                                          r"language model; give a local HF causal-LM folder"):
        pipeline_recipes("base")
    r = pipeline_recipes("base", overrides={"lm_path": str(folders["llama"]),
                                            "vision_path": str(folders["siglip"])})
    assert r["stage2"].preset == "base"


def test_pipeline_cli_blames_the_set_key_in_one_line(folders, tmp_path, run_cli):
    r = run_cli(mm_train, "pipeline", "--preset", "tiny", "--out", str(tmp_path / "o"),
                "--set", "lm_pth=x")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert r.stderr.startswith("mm-train: error: argument --set: lm_pth=x: no stage has this "
                               "key; valid: ")
    r = run_cli(mm_train, "pipeline", "--preset", "base", "--out", str(tmp_path / "o"))
    assert r.returncode == 2 and r.stderr.strip() == (
        "mm-train: error: argument --preset: lm_path: the base preset has no from-scratch "
        "language model; give a local HF causal-LM folder (--set lm_path=DIR)")
    r = run_cli(mm_train, "pipeline", "--preset", "tiny", "--out", str(tmp_path / "o"),
                "--set", f"vision_path={tmp_path / 'none'}")
    assert r.returncode == 2 and r.stderr.strip() == (
        f"mm-train: error: argument --set: vision_path={tmp_path / 'none'}: no such folder: "
        f"{tmp_path / 'none'}")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("lm", ["qwen2", "llama"])
def test_stage2_trains_a_users_lm_on_a_siglip_tower_without_init(folders, tmp_path, run_cli,
                                                                  lm):
    from transformers import AutoProcessor, LlavaForConditionalGeneration
    from PIL import Image

    out = tmp_path / "s2"
    r = run_cli(mm_train, "stage2", "--recipe", str(TINY / "stage2.yaml"), "--out", str(out),
                "--no-progress", "--set", f"lm_path={folders[lm]}",
                f"vision_path={folders['siglip']}", "max_steps=2", "data_n=4", "batch_size=2",
                "image_size=64")
    assert r.returncode == 0, r.stderr
    model = LlavaForConditionalGeneration.from_pretrained(out / "model")
    proc = AutoProcessor.from_pretrained(out / "model")
    assert model.config.vision_config.model_type == "siglip_vision_model"
    assert model.config.text_config.model_type == lm
    assert model.config.vision_feature_select_strategy == "full"
    batch = proc(images=[Image.new("RGB", (40, 40), "white")],
                 text=[proc.apply_chat_template([{"role": "user", "content": [
                     {"type": "image"}, {"type": "text", "text": "Describe the diagram."}]}],
                     add_generation_prompt=True)], return_tensors="pt")
    assert int((batch["input_ids"] == model.config.image_token_index).sum()) == 16  # 4x4
    out_ids = model.generate(**batch, max_new_tokens=3, do_sample=False)
    assert out_ids.shape[1] <= batch["input_ids"].shape[1] + 3
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["steps"] == 2 and metrics["recipe"]["vision_path"] == str(folders["siglip"])


@pytest.mark.slow
def test_pipeline_runs_with_a_users_lm_and_vision_folder(folders, tmp_path, run_cli):
    out = tmp_path / "run"
    r = run_cli(mm_train, "pipeline", "--preset", "tiny", "--out", str(out), "--no-progress",
                "--no-blind-twin", "--set", f"lm_path={folders['qwen2']}",
                f"vision_path={folders['siglip']}", "image_size=64")
    assert r.returncode == 0, r.stderr
    assert "stage1: skipped (stage2 does not start from it)" in r.stderr
    assert not (out / "stage1").exists()
    summary = json.loads((out / "pipeline.json").read_text())
    assert sorted(summary["stages"]) == ["stage2", "stage3", "stage4"]
    from transformers import LlavaForConditionalGeneration

    model = LlavaForConditionalGeneration.from_pretrained(out / "final")
    assert model.config.text_config.model_type == "qwen2"


def _stage2(folders, out, run_cli, *sets):
    r = run_cli(mm_train, "stage2", "--recipe", str(TINY / "stage2.yaml"), "--out", str(out),
                "--no-progress", "--set", f"lm_path={folders['qwen2']}",
                f"vision_path={folders['siglip']}", "max_steps=2", "data_n=4", "batch_size=2",
                "image_size=64", *sets)
    assert r.returncode == 0, r.stderr
    return [json.loads(x)["loss"] for x in (out / "log.jsonl").read_text().splitlines()]


def test_gradient_checkpointing_gives_the_same_losses(folders, tmp_path, run_cli):
    plain = _stage2(folders, tmp_path / "a", run_cli)
    ckpt = _stage2(folders, tmp_path / "b", run_cli, "gradient_checkpointing=true")
    assert ckpt == pytest.approx(plain, rel=1e-5)


@pytest.mark.slow
def test_load_dtype_bfloat16_keeps_trainable_weights_float32(folders, tmp_path, run_cli):
    from safetensors import safe_open

    from train.pipeline import preset_recipe
    from train.recipe import RecipeError

    with pytest.raises(RecipeError, match="^.*load_dtype: bfloat16 needs mixed_precision: bf16"):
        preset_recipe("tiny", "stage2", {"load_dtype": "bfloat16"})
    import os
    import subprocess
    import sys

    # bf16 autocast is set once per process (accelerate's state): a process of its own
    r = subprocess.run([sys.executable, "-m", "train.cli", "stage2", "--recipe",
                        str(TINY / "stage2.yaml"), "--out", str(tmp_path / "a"), "--device",
                        "cpu", "--no-progress", "--set", f"lm_path={folders['qwen2']}",
                        f"vision_path={folders['siglip']}", "max_steps=2", "data_n=4",
                        "batch_size=2", "image_size=64", "load_dtype=bfloat16",
                        "mixed_precision=bf16", "train_modules=[projector]"],
                       capture_output=True, text=True, cwd=TINY.parents[1],
                       env={**os.environ, "PYTHONPATH": str(TINY.parents[1])})
    assert r.returncode == 0, r.stderr[-2000:]
    dtypes = {}
    for f in (tmp_path / "a" / "model").glob("*.safetensors"):
        with safe_open(str(f), "pt") as sf:
            for k in sf.keys():
                dtypes.setdefault(k.removeprefix("model.").split(".")[0], set()).add(
                    str(sf.get_slice(k).get_dtype()))
    assert dtypes["multi_modal_projector"] == {"F32"}
    assert dtypes["language_model"] == {"BF16"} and dtypes["vision_tower"] == {"BF16"}
