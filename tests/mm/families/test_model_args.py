"""``--model_args dtype=,device_map=,attn_implementation=`` reach the folder loader; bad values
are one line naming --model_args and the key; the dtype is in the model's fingerprint
(OUT/samples_<task>.key.json), so samples made in another dtype are not reused.

    python -m pytest tests/mm/families/test_model_args.py -q
"""
import json

import pytest
import torch

from eval.cli import main
from mm.adapters import GenConfig, load_adapter
from tests.eval.test_runner_limits import Strata  # noqa: F401  (registers toy-strata)


def _run(run_cli, *args):
    return run_cli(main, "run", *args, "--no-progress")


def test_bfloat16_on_cpu_answers(tiny_llava):
    ad = load_adapter(tiny_llava, device="cpu", dtype="bfloat16", attn_implementation="eager")
    assert ad.model.dtype == torch.bfloat16
    assert ad.model.config._attn_implementation == "eager"
    from PIL import Image

    ims = [Image.new("RGB", (32, 32), (c, 0, 0)) for c in (0, 200)]
    out = ad.generate(ims, ["Is it red?", "What is it?"], GenConfig(max_new_tokens=4))
    assert len(out) == 2 and all(isinstance(x, str) and x for x in out)
    p = ad.yes_no_prob(ims, ["Is it red?", "Is it blue?"])
    assert all(0 < x < 1 for x in p)
    fp = ad.fingerprint()
    assert fp["dtype"] == "bfloat16" and fp["attn_implementation"] == "eager"
    assert "attn_implementation" not in load_adapter(tiny_llava, device="cpu").fingerprint()


def test_cli_passes_dtype_and_records_it(tmp_path, run_cli, tiny_llava):
    out = tmp_path / "o"
    r = _run(run_cli, "--model", "llava", "--model_args",
             f"pretrained={tiny_llava},device=cpu,dtype=bf16,attn_implementation=sdpa",
             "--tasks", "toy-strata", "--limit", "4", "--output_path", str(out),
             "--gen-kwargs", "max_new_tokens=3")
    assert r.returncode == 0, r.stderr
    key = json.loads((out / "samples_toy-strata.key.json").read_text())
    assert key["model"]["dtype"] == "bfloat16"
    assert key["model"]["attn_implementation"] == "sdpa"
    recs = [json.loads(x) for x in (out / "samples_toy-strata.jsonl").read_text().splitlines()]
    assert len(recs) == 3 and all(isinstance(x["prediction"], str) for x in recs)


@pytest.mark.parametrize("args,text", [
    ("dtype=int8", "dtype=int8; valid: bfloat16, float16, float32"),
    ("attn_implementation=flash", "attn_implementation=flash; valid: sdpa, eager, "
                                  "flash_attention_2"),
    ("device_map=everywhere", "device_map=everywhere; valid: auto, balanced, balanced_low_0, "
                              "sequential"),
    ("device_map=auto,device=cpu", "device_map= places the model itself"),
])
def test_bad_model_args_are_one_line(tmp_path, run_cli, args, text):
    r = _run(run_cli, "--model", "builtin:oracle", "--model_args", args, "--tasks",
             "toy-strata", "--output-path", str(tmp_path / "o"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "--model_args" in r.stderr and text in r.stderr


def test_causalmm_loads_with_the_loader_options(tmp_path, run_cli, tiny_llava):
    out = tmp_path / "o"
    r = _run(run_cli, "--model", tiny_llava, "--model_args", "dtype=bfloat16,device=cpu",
             "--decoding", "causalmm", "--tasks", "toy-strata", "--limit", "4",
             "--output-path", str(out), "--gen-kwargs", "max_new_tokens=3")
    assert r.returncode == 0, r.stderr
    key = json.loads((out / "samples_toy-strata.key.json").read_text())
    assert key["model"]["dtype"] == "bfloat16" and key["model"]["decoding"]["method"] == "causalmm"
