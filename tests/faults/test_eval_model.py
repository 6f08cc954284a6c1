"""``mm-eval run --model DIR`` with a model folder that cannot be loaded: one line naming the
file at fault on --model, exit 2, no sample written. Probes: config.json not JSON or of an
unknown model type, weights cut short, foreign or empty, tokenizer / processor / generation
JSON files not JSON, a tokenizer.json of another shape, a chat template that does not
compile."""
import json
import shutil
from pathlib import Path

import pytest

from eval.cli import main as mm_eval


def _break(folder: Path, how: str) -> tuple[str, str]:
    """Damage a copied model folder; (the file the line must name, what it must say)."""
    config, weights = folder / "config.json", folder / "model.safetensors"
    if how == "config-json":
        config.write_text('{"model_type": "llava",')
        return str(config), "not valid JSON"
    if how == "config-type":
        cfg = json.loads(config.read_text())
        config.write_text(json.dumps({**cfg, "model_type": "no-such-model"}))
        return str(config), "not a config transformers can load (ValueError: "
    if how == "weights-cut":
        weights.write_bytes(weights.read_bytes()[:-1000])
        return str(weights), "not a readable safetensors file"
    if how == "weights-empty":
        weights.write_bytes(b"")
        return str(weights), "not a readable safetensors file"
    if how == "weights-missing":
        weights.unlink()
        return str(folder), "no *.safetensors weights file next to config.json"
    for name in ("tokenizer.json", "tokenizer_config.json", "processor_config.json",
                 "generation_config.json"):
        if how == name:
            (folder / name).write_text('{"cut": ')
            return str(folder / name), "not valid JSON"
    if how == "tokenizer-shape":
        (folder / "tokenizer.json").write_text('{"model": 5}')
        return str(folder), "its tokenizer or processor files (tokenizer.json"
    if how == "chat-template":
        (folder / "chat_template.jinja").write_text("{% if %}")
        return (str(folder / "chat_template.jinja"),
                "the chat template does not render (TemplateSyntaxError: ")
    raise AssertionError(how)


HOW = ["config-json", "config-type", "weights-cut", "weights-empty", "weights-missing",
       "tokenizer.json", "tokenizer_config.json", "processor_config.json",
       "generation_config.json", "tokenizer-shape", "chat-template"]


@pytest.mark.parametrize("how", HOW)
def test_eval_run_names_the_file_of_a_broken_model_folder(tmp_path, tiny_llava, run_cli, how):
    folder = tmp_path / "m"
    shutil.copytree(tiny_llava, folder)
    name, why = _break(folder, how)
    out = tmp_path / "o"
    r = run_cli(mm_eval, "run", "--model", str(folder), "--tasks", "pope-synth", "--limit", "2",
                "--output-path", str(out), "--no-progress")
    assert r.returncode == 2, (r.stdout, r.stderr[-2000:])
    assert r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith(f"mm-eval: error: argument --model: {name}: {why}"), r.stderr
    assert not list(out.glob("samples_*.jsonl")) and not (out / "results.json").exists()


def test_the_intact_folder_loads(tmp_path, tiny_llava):
    """The probes above break a folder that loads as it is."""
    from mm.adapters import load_adapter

    folder = tmp_path / "m"
    shutil.copytree(tiny_llava, folder)
    assert load_adapter(str(folder)).name == str(folder)
