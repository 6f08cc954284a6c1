"""Bad input to mm-data, mm-train and model folders: each probe is one line naming the flag and
the file or field at fault, exit 2, and nothing written; the same holds for a model folder with
a bad config.json or a cut-short, foreign or wrong-shape safetensors file (mm-train --init,
mm-demo --model, and mm.adapters, which raises a ValueError whose first line names the file)."""
import json
import shutil
from pathlib import Path

import pytest
import torch

from engines.cli import main as mm_data
from train.cli import main as mm_train

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "configs" / "tiny"
DATA = ["mavis-caption", "--n", "4", "--chunk-size", "2", "--families", "chart",
        "--no-progress"]


def one_line(r, prog: str, flag: str, *parts: str) -> str:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1, r.stderr
    line = r.stderr.rstrip("\n")
    assert line.startswith(f"{prog}: error: argument {flag}: "), line
    for p in parts:
        assert p in line, (p, line)
    return line


# ----------------------------------------------------------------------------- mm-data


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A finished 4-row build (two chunks); tests copy it before changing it."""
    out = tmp_path_factory.mktemp("built") / "d"
    with pytest.raises(SystemExit) as e:
        mm_data([*DATA, "--out", str(out)])
    assert e.value.code == 0
    return out


def _copy(built, tmp_path) -> Path:
    out = tmp_path / "d"
    shutil.copytree(built, out)
    return out


def test_out_that_is_a_file_or_under_a_file(tmp_path, run_cli):
    f = tmp_path / "f"
    f.write_text("x")
    one_line(run_cli(mm_data, *DATA, "--out", str(f)), "mm-data", "--out",
             f"{f} is a file, not a folder")
    one_line(run_cli(mm_data, *DATA, "--out", str(f / "sub")), "mm-data", "--out",
             f"cannot create {f / 'sub'}: {f} is a file, not a folder")
    assert f.read_text() == "x"


def test_out_under_a_read_only_folder(tmp_path, run_cli, monkeypatch):
    from engines.dataset import outdir

    ro = tmp_path / "ro"
    ro.mkdir()
    # the tests may run as root, for whom chmod does not stop writes: the OS's answer is faked
    monkeypatch.setattr(outdir, "writable", lambda p: Path(p) != ro)
    one_line(run_cli(mm_data, *DATA, "--out", str(ro / "d")), "mm-data", "--out",
             f"cannot create {ro / 'd'}: {ro} is read-only")
    one_line(run_cli(mm_data, *DATA, "--out", str(ro)), "mm-data", "--out",
             f"{ro} is read-only and its build is not finished")
    assert list(ro.iterdir()) == []


@pytest.mark.parametrize("flag,value,text", [
    ("--n", "1000000000000", "1000000000000 rows is above the limit of 100,000,000 rows"),
    ("--chunk-size", "1", "more than 1,000,000 files"),
])
def test_size_limits_before_anything_is_listed(tmp_path, run_cli, flag, value, text):
    argv = ["mavis-caption", "--n", "1000000000000" if flag == "--n" else "50000000",
            "--out", str(tmp_path / "x"), "--chunk-size", value if flag == "--chunk-size"
            else "256"]
    one_line(run_cli(mm_data, *argv), "mm-data", flag, text)
    assert not (tmp_path / "x").exists()


def test_size_limit_names_the_kinds_own_flag(tmp_path, run_cli):
    one_line(run_cli(mm_data, "mme-synth", "--n-images", "60000000", "--out",
                     str(tmp_path / "x")), "mm-data", "--n-images", "above the limit")


def test_corrupt_build_json_is_named_and_overwrite_rebuilds(built, tmp_path, run_cli):
    out = _copy(built, tmp_path)
    (out / "build.json").write_text("{cut")
    one_line(run_cli(mm_data, *DATA, "--out", str(out)), "mm-data", "--out",
             f"{out / 'build.json'}: not valid JSON", "pass --overwrite")
    r = run_cli(mm_data, *DATA, "--out", str(out), "--overwrite")
    assert r.returncode == 0 and json.loads(r.stdout)["built"] == 2
    assert (out / "build.json").read_bytes() == (built / "build.json").read_bytes()


def test_corrupt_chunk_is_named_and_overwrite_rebuilds_it(built, tmp_path, run_cli):
    out = _copy(built, tmp_path)
    chunk = out / "data" / "train-00001-of-00002.parquet"
    chunk.write_bytes(chunk.read_bytes()[:100])
    one_line(run_cli(mm_data, *DATA, "--out", str(out)), "mm-data", "--out",
             f"{chunk}: not a readable parquet file", "pass --overwrite")
    r = run_cli(mm_data, *DATA, "--out", str(out), "--overwrite")
    assert r.returncode == 0
    assert json.loads(r.stdout) | {"out": ""} == {
        "out": "", "chunks": 2, "built": 1, "kept": 1, "rows_built": 2, "complete": True,
        "failed_units": 0}
    assert chunk.read_bytes() == (built / "data" / chunk.name).read_bytes()


def test_corrupt_errors_record_is_named(built, tmp_path, run_cli):
    out = _copy(built, tmp_path)
    (out / "data" / "errors-00000.json").write_text("[{")
    one_line(run_cli(mm_data, *DATA, "--out", str(out)), "mm-data", "--out",
             f"{out / 'data' / 'errors-00000.json'}: not valid JSON")


@pytest.mark.parametrize("args,flag,text", [
    (["--per-family", "0"], "--per-family", "must be in 1..64, got 0"),
    (["--dynamath-seed", "plane-hypotenuse", "--variants", "0"], "--variants",
     "must be in 1..64, got 0"),
    (["--out", "/no/such/folder/s.png"], "--out", "folder /no/such/folder does not exist"),
    (["--out", "OUT/s.unknownext"], "--out", "unknown image extension '.unknownext'"),
    (["--out", "OUT"], "--out", "is a folder; give the PNG file's path"),
])
def test_sheet_bad_path_or_count(tmp_path, run_cli, args, flag, text):
    argv = ["sheet", "--out", str(tmp_path / "s.png"), "--families", "chart", *args]
    r = run_cli(mm_data, *[a.replace("OUT", str(tmp_path)) for a in argv])
    one_line(r, "mm-data", flag, text)
    assert not (tmp_path / "s.png").exists()


# ----------------------------------------------------------------------------- mm-train


def _stage(*extra: str) -> list[str]:
    return ["stage1", "--recipe", str(TINY / "stage1.yaml"), "--no-progress", *extra]


@pytest.mark.parametrize("sets,text", [
    ("lr=abc", "lr=abc: expected a finite number, got 'abc'"),
    ("lr=.inf", "lr=.inf: expected a finite number, got inf"),
    ("max_steps=2.5", "max_steps=2.5: expected a whole number, got 2.5"),
    ("data_n=0", "data_n=0: must be positive, got 0"),
    ("eval_n=-3", "eval_n=-3: must be positive, got -3"),
    ("schedule=cubic", "schedule=cubic: 'cubic'; valid: cosine, linear, constant"),
    ("mixed_precision=fp8", "mixed_precision=fp8: 'fp8'; valid: no, bf16, fp16"),
    ("batch_size=true", "batch_size=true: expected a whole number, got True"),
    ("weight_decay=-1", "weight_decay=-1: must be >= 0, got -1"),
    ("warmup_steps=99", "warmup_steps=99: 99 is more than max_steps (3)"),
    ("image_size=8", "image_size=8: must be in [32, 4096], got 8"),
    ("train_modules=vision", "train_modules=vision: expected a list of (one of vision"),
    ("unfreeze_text=maybe", "unfreeze_text=maybe: expected true or false, got 'maybe'"),
    ("lora={r: 0}", "lora={r: 0}: lora.r: must be positive, got 0"),
    ("seed=1.5", "seed=1.5: expected a whole number, got 1.5"),
])
def test_recipe_value_set_on_the_command_line_blames_set(tmp_path, run_cli, sets, text):
    r = run_cli(mm_train, *_stage("--out", str(tmp_path / "o"), "--set", sets))
    one_line(r, "mm-train", "--set", text)
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("body,text", [
    ("stage: clip\nlr: [1, 2\n", "not valid YAML (expected ',' or ']', but got '<stream end>' "
     "at line 3, column 1)"),
    ("stage: clip\nlr: 0.1\n  max_steps: 3\n", "not valid YAML (mapping values are not allowed "
     "here at line 3, column 12)"),
    ("- 1\n- 2\n", "a recipe is a mapping of keys to values"),
    ("stage: clip\ntrain_modules: [vision]\nmax_steps: 2.5\n",
     "max_steps: expected a whole number, got 2.5"),
    ("stage: clip\ntrain_modules: [vision]\nlr: .nan\n", "lr: expected a finite number"),
])
def test_bad_recipe_file_names_the_file(tmp_path, run_cli, body, text):
    recipe = tmp_path / "r.yaml"
    recipe.write_text(body)
    r = run_cli(mm_train, "stage1", "--recipe", str(recipe), "--out", str(tmp_path / "o"))
    one_line(r, "mm-train", "--recipe", f"{recipe}: {text}")


def test_yaml_exponent_without_a_dot_reads_as_a_number(tmp_path):
    from train.recipe import load_recipe

    recipe = tmp_path / "r.yaml"
    recipe.write_text("stage: clip\ntrain_modules: [vision]\nlr: 3e-4\n")
    assert load_recipe(recipe).lr == 3e-4


@pytest.mark.parametrize("device,text", [
    ("nonsense", "unknown 'nonsense'; valid: auto, cpu, cuda"),
    ("cuda", "cuda: no CUDA GPU is visible on this machine; use cpu or auto"),
])
def test_device_nonsense_or_cuda_without_a_gpu(tmp_path, run_cli, monkeypatch, device, text):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    r = run_cli(mm_train, *_stage("--out", str(tmp_path / "o"), "--device", device))
    one_line(r, "mm-train", "--device", text)


def test_train_out_that_is_a_file(tmp_path, run_cli):
    f = tmp_path / "f"
    f.write_text("x")
    one_line(run_cli(mm_train, *_stage("--out", str(f))), "mm-train", "--out",
             f"{f} is a file, not a folder")


def _stage_folder(root: Path, stage: str, model: str | None = None) -> Path:
    """A finished stage folder as far as --init looks: metrics.json naming its recipe's stage
    (and a model folder copied from ``model``)."""
    root.mkdir(parents=True)
    (root / "metrics.json").write_text(json.dumps({"recipe": {"stage": stage}}))
    if model:
        shutil.copytree(model, root / "model")
    return root


@pytest.mark.parametrize("made,key,text", [
    ("dpo", "stage3", "is the output of stage4 (dpo); stage3 starts from the output folder "
     "of stage2 (align) or of stage3 (instruct)"),
    ("instruct", "stage2", "is the output of stage3 (instruct); stage2 starts from the output "
     "folder of stage1 (clip)"),
    ("clip", "stage4", "is the output of stage1 (clip); stage4 starts from the output folder "
     "of stage3 (instruct)"),
])
def test_init_of_the_wrong_stage_says_which_it_is(tmp_path, run_cli, made, key, text):
    init = _stage_folder(tmp_path / "init", made)
    r = run_cli(mm_train, key, "--recipe", str(TINY / f"{key}.yaml"), "--init", str(init),
                "--out", str(tmp_path / "o"))
    one_line(r, "mm-train", "--init", f"{init} {text}")
    assert not (tmp_path / "o").exists()


def test_init_that_is_a_model_folder_or_not_a_stage(tmp_path, run_cli, tiny_llava):
    r = run_cli(mm_train, "stage3", "--recipe", str(TINY / "stage3.yaml"), "--init",
                tiny_llava, "--out", str(tmp_path / "o"))
    one_line(r, "mm-train", "--init", f"{tiny_llava} is not a finished stage folder (no "
             "metrics.json) (a model folder: give the stage folder that holds it)")


# ----------------------------------------------------------------------------- model folders


def _break(folder: Path, how: str) -> str:
    """Damage a copied model folder; returns the file the error must name."""
    weights, config = folder / "model.safetensors", folder / "config.json"
    if how == "config-json":
        config.write_text('{"model_type": "llava",')
        return str(config)
    if how == "config-type":
        config.write_text('["llava"]')
        return str(config)
    if how == "truncated":
        weights.write_bytes(weights.read_bytes()[:-1000])
        return str(weights)
    if how == "foreign":
        weights.write_bytes(b"PK\x03\x04 not safetensors at all" * 10)
        return str(weights)
    if how == "shape":
        from safetensors.torch import load_file, save_file

        w = load_file(weights)
        name = next(k for k in w if "projector" in k and w[k].dim() == 2)
        w[name] = torch.zeros(w[name].shape[0] + 1, w[name].shape[1])
        save_file(w, weights, metadata={"format": "pt"})
        return str(weights)
    raise AssertionError(how)


HOW = ["config-json", "config-type", "truncated", "foreign", "shape"]
WHY = {"config-json": "not valid JSON", "config-type": "not a model config",
       "truncated": "not a readable safetensors file",
       "foreign": "not a readable safetensors file",
       "shape": "does not fit"}


@pytest.mark.parametrize("how", HOW)
def test_adapter_loading_raises_a_value_error_naming_the_file(tmp_path, tiny_llava, how,
                                                               capfd):
    from mm.adapters import load_adapter

    folder = tmp_path / "m"
    shutil.copytree(tiny_llava, folder)
    name = _break(folder, how)
    with pytest.raises(ValueError) as e:
        load_adapter(str(folder))
    first = str(e.value).splitlines()[0]
    assert first.startswith(f"{name}: {WHY[how]}"), first
    if how == "shape":
        assert first.endswith("(tensor shapes differ from the ones config.json describes)")
    assert "MISMATCH" not in capfd.readouterr().err  # transformers' load table held back


@pytest.mark.parametrize("how", ["config-json", "truncated", "shape"])
def test_demo_model_flag_names_the_file(tmp_path, tiny_llava, how, capsys):
    from demo import cli, logic

    folder = tmp_path / "m"
    shutil.copytree(tiny_llava, folder)
    name = _break(folder, how)
    logic._ADAPTERS.pop(str(folder), None)
    with pytest.raises(SystemExit) as e:
        cli.main(["--model", str(folder)])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"mm-demo: error: argument --model: cannot load the model {folder}: "
                          f"{name}: {WHY[how]}"), err


@pytest.mark.parametrize("how", ["config-json", "truncated", "shape"])
def test_train_init_with_a_broken_model_names_the_file(tmp_path, tiny_llava, how, run_cli):
    init = _stage_folder(tmp_path / "s3", "instruct", tiny_llava)
    name = _break(init / "model", how)
    r = run_cli(mm_train, "stage4", "--recipe", str(TINY / "stage4.yaml"), "--init",
                str(init), "--out", str(tmp_path / "o"))
    # shapes are only known once the model is built: that one fails when the stage loads it
    one_line(r, "mm-train", "--init", f"{name}: {WHY[how]}")
