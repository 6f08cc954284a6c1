"""Bad input to mm-train that must fail before any work, one line naming the flag (exit 2):
recipe keys naming files and folders (``data``, ``clip_checkpoint``, ``lm_path``,
``vision_path``), ``frozen_llm_layers`` against the language model's depth, ``--set`` keys
blamed on ``--set`` (``stage``, ``init``, unknown ones), the probes' ``--out`` folder and their
non-finite numbers, and a recipe whose preset differs from the one ``--init`` was trained at.
A case that the old code let through runs at most one training step."""
import json
import shutil
from pathlib import Path

import pytest

from tests.faults.test_bad_input import built, one_line  # noqa: F401 (built: a fixture)
from train.cli import main as mm_train

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "configs" / "tiny"
ONE_STEP = ["max_steps=1", "data_n=4", "eval_n=4", "batch_size=2"]


def _stage(key: str, out: Path, *extra: str) -> list[str]:
    return [key, "--recipe", str(TINY / f"{key}.yaml"), "--out", str(out), "--no-progress",
            *extra]


def _init(root: Path, stage: str, preset: str, model: str | None = None) -> Path:
    """A finished stage folder as far as --init looks: metrics.json recording its recipe's
    stage and preset (and a model folder copied from ``model``)."""
    root.mkdir(parents=True)
    (root / "metrics.json").write_text(json.dumps({"recipe": {"stage": stage,
                                                              "preset": preset}}))
    if model:
        shutil.copytree(model, root / "model")
    return root


def test_data_key_is_checked_before_work(tmp_path, run_cli, built):
    out = tmp_path / "o"
    r = run_cli(mm_train, *_stage("stage1", out, "--set", "data=/nope", *ONE_STEP))
    one_line(r, "mm-train", "--set", "data=/nope: no such folder: /nope")
    recipe = tmp_path / "r.yaml"
    recipe.write_text("stage: clip\ntrain_modules: [vision]\ndata: /nope\nmax_steps: 1\n")
    r = run_cli(mm_train, "stage1", "--recipe", str(recipe), "--out", str(out))
    one_line(r, "mm-train", "--recipe", f"{recipe}: data: no such folder: /nope")
    r = run_cli(mm_train, *_stage("stage3", out, "--set", f"data={built}", *ONE_STEP))
    one_line(r, "mm-train", "--set", f"data={built}: {built} has no column 'question'; "
             "this stage reads a mavis-instruct dataset")
    assert not out.exists()


def test_frozen_llm_layers_beyond_the_language_model(tmp_path, run_cli, tiny_llava):
    out = tmp_path / "o"
    s1 = _init(tmp_path / "s1", "clip", "tiny")
    r = run_cli(mm_train, *_stage("stage2", out, "--init", str(s1), "--set",
                                  "frozen_llm_layers=99", *ONE_STEP))
    one_line(r, "mm-train", "--set", "frozen_llm_layers=99: the language model has 2 decoder "
             "layers (the tiny preset's)")
    s2 = _init(tmp_path / "s2", "align", "tiny", tiny_llava)
    r = run_cli(mm_train, *_stage("stage3", out, "--init", str(s2), "--set",
                                  "frozen_llm_layers=3", *ONE_STEP))
    one_line(r, "mm-train", "--set", "frozen_llm_layers=3: the language model has 2 decoder "
             f"layers ({s2 / 'model/config.json'})")
    assert not out.exists()


def test_checkpoint_and_model_folder_keys(tmp_path, run_cli):
    out, empty, junk = tmp_path / "o", tmp_path / "empty", tmp_path / "junk.bin"
    empty.mkdir()
    junk.write_text("hello, not a checkpoint\n")
    cases = [
        (_stage("stage1", out), "clip_checkpoint=/nope.safetensors", "no such file"),
        (["pipeline", "--preset", "tiny", "--out", str(out)], "clip_checkpoint=/nope.pt",
         "no such file"),
        (_stage("stage1", out), f"clip_checkpoint={junk}", "not a checkpoint file"),
        (_stage("stage1", out), f"clip_checkpoint={empty}", "a folder; give the checkpoint file"),
        (_stage("stage2", out), f"vision_path={empty}", "neither config.json (transformers)"),
        (_stage("stage2", out), f"lm_path={empty}", f"{empty / 'config.json'}: no such file"),
    ]
    for argv, sets, text in cases:
        r = run_cli(mm_train, *argv, "--set", sets, *ONE_STEP)
        one_line(r, "mm-train", "--set", f"{sets}: {text}")
    (empty / "config.json").write_text('{"model_type": "llama"}')
    r = run_cli(mm_train, *_stage("stage2", out, "--set", f"lm_path={empty}", *ONE_STEP))
    one_line(r, "mm-train", "--set", f"lm_path={empty}: no tokenizer file")
    recipe = tmp_path / "r.yaml"
    recipe.write_text(f"stage: clip\ntrain_modules: [vision]\nclip_checkpoint: {junk}\n")
    r = run_cli(mm_train, "stage1", "--recipe", str(recipe), "--out", str(out))
    one_line(r, "mm-train", "--recipe", f"{recipe}: clip_checkpoint: {junk}: not a checkpoint")
    assert not out.exists()


@pytest.mark.parametrize("probe", [
    ["binding", "--preset", "tiny", "--steps", "1", "--n-held", "1", "--batch-size", "1"],
    ["tower", "--vision", "VISION"],
    ["words", "--vision", "VISION"],
    ["reading", "--model", "VISION"],
])
def test_probe_out_in_a_missing_folder(tmp_path, run_cli, probe):
    (tmp_path / "v").mkdir()
    argv = [str(tmp_path / "v") if p == "VISION" else p for p in probe]
    r = run_cli(mm_train, "probe", *argv, "--out", str(tmp_path / "nodir" / "x.json"))
    one_line(r, "mm-train", "--out", f"folder {tmp_path / 'nodir'} does not exist")


def test_set_stage_or_unknown_key_blames_set(tmp_path, run_cli):
    out = tmp_path / "o"
    r = run_cli(mm_train, *_stage("stage3", out, "--set", "stage=clip"))
    one_line(r, "mm-train", "--set", "stage=clip: mm-train stage3 trains 'instruct' recipes")
    r = run_cli(mm_train, *_stage("stage3", out, "--set", "bogus=3"))
    line = one_line(r, "mm-train", "--set", "bogus=3: unknown key 'bogus'; valid: ")
    assert "stage3.yaml" not in line, line
    r = run_cli(mm_train, *_stage("stage3", out, "--set", "lrr=3"))
    one_line(r, "mm-train", "--set", "lrr=3: unknown key 'lrr' (did you mean 'lr'?)")
    r = run_cli(mm_train, *_stage("stage3", out, "--set", "dense_steps=3"))
    one_line(r, "mm-train", "--set", "dense_steps=3: key 'dense_steps' belongs to stage clip")
    assert not out.exists()


@pytest.mark.parametrize("argv,flag", [
    (["binding", "--snr", "nan"], "--snr"),
    (["binding", "--snr", "inf"], "--snr"),
    (["binding", "--lr", "nan"], "--lr"),
    (["words", "--vision", "V", "--lm-lr", "nan"], "--lm-lr"),
    (["words", "--vision", "V", "--tower-lr", "inf"], "--tower-lr"),
])
def test_probe_numbers_must_be_finite(run_cli, argv, flag):
    r = run_cli(mm_train, "probe", *argv, "--preset", "tiny", "--steps" if "binding" in argv
                else "--text-steps", "1", "--n-held", "1", "--batch-size", "1")
    one_line(r, "mm-train", flag, "must be a finite number > 0")


@pytest.mark.parametrize("sets,text", [
    ("lr=nan", "lr=nan: expected a finite number, got nan"),
    ("module_lr={vision: .inf}", "module_lr.vision: expected a finite number, got inf"),
])
def test_recipe_numbers_must_be_finite(tmp_path, run_cli, sets, text):
    r = run_cli(mm_train, *_stage("stage1", tmp_path / "o", "--set", sets, *ONE_STEP))
    one_line(r, "mm-train", "--set", text)


def test_init_key_is_set_by_the_init_flag(tmp_path, run_cli):
    out = tmp_path / "o"
    r = run_cli(mm_train, *_stage("stage1", out, "--set", "init=/nope", *ONE_STEP))
    one_line(r, "mm-train", "--set", "init=/nope: init is set by --init")
    r = run_cli(mm_train, "pipeline", "--preset", "tiny", "--out", str(out), "--set",
                "init=/nope", *ONE_STEP)
    one_line(r, "mm-train", "--set", "init=/nope: init is set by --init")
    recipe = tmp_path / "r.yaml"
    recipe.write_text("stage: clip\ntrain_modules: [vision]\ninit: /nope\nmax_steps: 1\n")
    r = run_cli(mm_train, "stage1", "--recipe", str(recipe), "--out", str(out))
    one_line(r, "mm-train", "--recipe", f"{recipe}: init: /nope: the previous stage's folder "
             "is given by --init")
    assert not out.exists()


def test_recipe_preset_other_than_the_inits(tmp_path, run_cli, tiny_llava):
    out = tmp_path / "o"
    s2 = _init(tmp_path / "s2", "align", "small", tiny_llava)
    r = run_cli(mm_train, *_stage("stage3", out, "--init", str(s2), "--set", *ONE_STEP))
    one_line(r, "mm-train", "--init", f"{s2} was trained at preset small",
             "stage3.yaml says preset: tiny; give a small recipe or --set preset=small")
    r = run_cli(mm_train, *_stage("stage3", out, "--init", str(s2), "--set", "preset=tiny",
                                  *ONE_STEP))
    one_line(r, "mm-train", "--set", f"preset=tiny: {s2} was trained at preset small")
    assert not out.exists()
