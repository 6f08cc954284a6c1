"""``mm-train stageN --data DIR`` and ``mm-train pipeline --data DIR``: the folder is checked at
the door, before any recipe, init folder or model is read: one line naming the folder (or its
file) and what is wrong, exit 2, nothing written. Probes: no such folder, a folder that is no
dataset, a chunk cut short, a dataset of another kind or lacking the stage's columns, an
unfinished build, no rows."""
import json
import shutil
from pathlib import Path

import pytest

from engines.cli import main as mm_data
from train.cli import main as mm_train

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "configs" / "tiny"
CAPTIONS = ["mavis-caption", "--n", "4", "--chunk-size", "2", "--families", "chart",
            "--no-progress"]


@pytest.fixture(scope="module")
def captions(tmp_path_factory):
    """A finished 4-row mavis-caption build (two chunks); tests copy it before changing it."""
    out = tmp_path_factory.mktemp("caps") / "d"
    with pytest.raises(SystemExit) as e:
        mm_data([*CAPTIONS, "--out", str(out)])
    assert e.value.code == 0
    (out / ".lock").unlink()
    return out


def _stage(key: str, data: Path, out: Path, *extra: str) -> list[str]:
    # no --init for stages 2-4: the data is refused before --init is looked at
    return [key, "--recipe", str(TINY / f"{key}.yaml"), "--data", str(data), "--out", str(out),
            "--no-progress", *extra]


def _one_line(r, *parts: str) -> str:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1, r.stderr
    line = r.stderr.rstrip("\n")
    want = "mm-train: error: argument --data: "
    assert line.startswith(want), line
    assert line[len(want):] == "".join(parts), line
    return line


def _copy(captions: Path, tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(captions, d)
    return d


def test_no_such_folder(tmp_path, run_cli):
    r = run_cli(mm_train, *_stage("stage1", tmp_path / "nope", tmp_path / "o"))
    _one_line(r, f"no such folder: {tmp_path / 'nope'}")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("key", ["stage1", "stage3"])
def test_a_folder_that_is_no_dataset(tmp_path, run_cli, key):
    d = tmp_path / "pictures"
    d.mkdir()
    (d / "a.png").write_bytes(b"x")
    kind = {"stage1": "mavis-caption", "stage3": "mavis-instruct"}[key]
    r = run_cli(mm_train, *_stage(key, d, tmp_path / "o"))
    _one_line(r, f"{d} is not a dataset folder (no data/*.parquet inside); build one with "
                 f"mm-data {kind}")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("key,kind,column", [
    ("stage3", "mavis-instruct", "question"),
    ("stage4", "dpo-pairs", "prompt"),
])
def test_a_dataset_lacking_the_stages_columns(captions, tmp_path, run_cli, key, kind, column):
    r = run_cli(mm_train, *_stage(key, captions, tmp_path / "o"))
    _one_line(r, f"{captions} has no column {column!r}; this stage reads a {kind} dataset "
                 f"(mm-data {kind})")
    assert not (tmp_path / "o").exists()


def test_a_build_of_another_kind_with_the_columns(captions, tmp_path, run_cli):
    d = _copy(captions, tmp_path)
    cfg = json.loads((d / "build.json").read_text())
    (d / "build.json").write_text(json.dumps({**cfg, "kind": "mavis-perception"}))
    r = run_cli(mm_train, *_stage("stage2", d, tmp_path / "o"))
    _one_line(r, f"{d} is a mavis-perception dataset ({d / 'build.json'}); this stage reads a "
                 "mavis-caption dataset (mm-data mavis-caption)")


def test_an_unfinished_build(captions, tmp_path, run_cli):
    d = _copy(captions, tmp_path)
    (d / "data" / "train-00001-of-00002.parquet").unlink()
    r = run_cli(mm_train, *_stage("stage1", d, tmp_path / "o"))
    _one_line(r, f"{d} is an unfinished build (1 of 2 chunk files); run its mm-data command "
                 "again to finish it")


def test_a_chunk_cut_short_or_a_bad_build_json(captions, tmp_path, run_cli):
    d = _copy(captions, tmp_path)
    chunk = d / "data" / "train-00001-of-00002.parquet"
    chunk.write_bytes(chunk.read_bytes()[:100])
    line = run_cli(mm_train, *_stage("stage1", d, tmp_path / "o")).stderr
    assert line.startswith(f"mm-train: error: argument --data: {chunk}: not a readable parquet "
                           "file ("), line
    assert line.endswith("; rebuild it with mm-data\n") and line.count("\n") == 1
    (d / "build.json").write_text("{cut")
    line = run_cli(mm_train, *_stage("stage1", d, tmp_path / "o")).stderr
    assert line.startswith(f"mm-train: error: argument --data: {d / 'build.json'}: not valid "
                           "JSON ("), line


def test_a_dataset_with_no_rows(captions, tmp_path, run_cli):
    import pyarrow.parquet as pq

    d = tmp_path / "empty"
    (d / "data").mkdir(parents=True)  # a dataset from elsewhere: parquet, no build.json
    table = pq.read_table(captions / "data" / "train-00000-of-00002.parquet")
    pq.write_table(table.slice(0, 0), d / "data" / "train.parquet")
    r = run_cli(mm_train, *_stage("stage1", d, tmp_path / "o"))
    _one_line(r, f"{d} holds no rows; this stage reads a mavis-caption dataset "
                 "(mm-data mavis-caption)")


def test_a_dataset_from_elsewhere_with_the_columns_passes(captions, tmp_path):
    from train.data import check_dataset

    d = tmp_path / "hf"
    (d / "data").mkdir(parents=True)
    for f in (captions / "data").glob("*.parquet"):
        shutil.copy(f, d / "data" / f.name.replace("train", "part"))
    assert check_dataset(d, "mavis-caption") == 4
    assert check_dataset(captions, "mavis-caption") == 4


def test_pipeline_data_is_checked_against_stage1s_kind(tmp_path, run_cli):
    d = tmp_path / "d"
    d.mkdir()
    r = run_cli(mm_train, "pipeline", "--preset", "tiny", "--data", str(d), "--out",
                str(tmp_path / "o"))
    _one_line(r, f"{d} is not a dataset folder (no data/*.parquet inside); build one with "
                 "mm-data mavis-caption")
    assert not (tmp_path / "o").exists()


def test_data_is_checked_before_any_model_is_loaded(captions, tmp_path, run_cli, monkeypatch):
    """Stage 4 given an --init whose model would be loaded: the data fails first."""
    from train.stages import dpo

    def no_loading(*a, **k):
        raise AssertionError("a model was loaded")

    monkeypatch.setattr(dpo, "load_llava", no_loading)
    init = tmp_path / "s3"
    init.mkdir()
    (init / "metrics.json").write_text(json.dumps({"recipe": {"stage": "instruct"}}))
    r = run_cli(mm_train, *_stage("stage4", captions, tmp_path / "o", "--init", str(init)))
    _one_line(r, f"{captions} has no column 'prompt'; this stage reads a dpo-pairs dataset "
                 "(mm-data dpo-pairs)")
