"""Read-only re-checks: rerunning a finished mm-data build or mm-train stage reports it complete
and writes nothing (no build.json, card, lock or metrics rewritten), in a folder that cannot be
written too; an unfinished one there is one line naming --out.

The tests may run as root, for whom chmod does not stop writes: the folders are made read-only
and every file's bytes, mtime and inode are compared before and after, so a write shows either
way."""
import json
import os
import stat
from pathlib import Path

import pytest

from engines.cli import main as mm_data
from train.cli import main as mm_train

ROOT = Path(__file__).resolve().parents[2]
DATA = ["mavis-caption", "--n", "4", "--chunk-size", "2", "--families", "chart",
        "--no-progress"]


def snapshot(folder: Path) -> dict:
    """Every path under ``folder`` with its bytes, mtime and inode."""
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(folder))] = (st.st_mtime_ns, st.st_ino,
                                           p.read_bytes() if p.is_file() else None)
    return out


def read_only(folder: Path) -> None:
    for p in [folder, *folder.rglob("*")]:
        p.chmod(p.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def writable_again(folder: Path) -> None:
    for p in [folder, *folder.rglob("*")]:
        p.chmod(p.stat().st_mode | stat.S_IWUSR)


def test_finished_build_rechecks_without_writing(tmp_path, run_cli):
    out = tmp_path / "d"
    first = run_cli(mm_data, *DATA, "--out", str(out))
    assert first.returncode == 0, first.stderr
    (out / ".lock").unlink()  # the first run's lock file: the rerun must not make one
    before = snapshot(out)
    read_only(out)
    try:
        r = run_cli(mm_data, *DATA, "--out", str(out))
    finally:
        writable_again(out)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"out": str(out), "chunks": 2, "built": 0, "kept": 2,
                                    "rows_built": 0, "complete": True, "failed_units": 0}
    assert snapshot(out) == before


def test_unfinished_build_in_a_read_only_folder_is_one_line(tmp_path, run_cli, monkeypatch):
    from engines.dataset import outdir

    out = tmp_path / "d"
    assert run_cli(mm_data, *DATA, "--out", str(out)).returncode == 0
    (out / "data" / "train-00001-of-00002.parquet").unlink()
    before = snapshot(out)
    monkeypatch.setattr(outdir, "writable", lambda p: Path(p) != out)
    r = run_cli(mm_data, *DATA, "--out", str(out))
    assert r.returncode == 2
    assert r.stderr == (f"mm-data: error: argument --out: {out} is read-only and its build is "
                        "not finished; make it writable or choose another folder\n")
    assert snapshot(out) == before


def test_stale_card_is_rewritten_and_an_unchanged_one_is_not(tmp_path, run_cli):
    out = tmp_path / "d"
    assert run_cli(mm_data, *DATA, "--out", str(out)).returncode == 0
    card = out / "README.md"
    text = card.read_text()
    card.write_text("edited")
    assert run_cli(mm_data, *DATA, "--out", str(out)).returncode == 0
    assert card.read_text() == text
    mtime = card.stat().st_mtime_ns
    assert run_cli(mm_data, *DATA, "--out", str(out)).returncode == 0
    assert card.stat().st_mtime_ns == mtime


@pytest.mark.slow
def test_finished_stage_rechecks_without_writing(tmp_path, run_cli):
    argv = ["stage1", "--recipe", str(ROOT / "configs" / "tiny" / "stage1.yaml"),
            "--no-progress", "--set", "max_steps=2", "data_n=16", "eval_n=8"]
    out = tmp_path / "s1"
    first = run_cli(mm_train, *argv, "--out", str(out))
    assert first.returncode == 0, first.stderr
    (out / ".lock").unlink()
    before = snapshot(out)
    read_only(out)
    try:
        r = run_cli(mm_train, *argv, "--out", str(out))
    finally:
        writable_again(out)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["trained"] is False
    assert json.loads(r.stdout)["final_loss"] == json.loads(first.stdout)["final_loss"]
    assert snapshot(out) == before
    assert not os.path.exists(tmp_path / "s1.previous")


def test_finished_stage3_rechecks_without_writing(tmp_path, run_cli):
    """A stage that starts from --init: its finished folder (metrics.json of this recipe) is
    reported from metrics.json alone."""
    from train.recipe import load_recipe

    recipe_path = ROOT / "configs" / "tiny" / "stage3.yaml"
    init, out = tmp_path / "s2", tmp_path / "s3"
    init.mkdir()
    (init / "metrics.json").write_text(json.dumps({"recipe": {"stage": "align"}}))
    out.mkdir()
    done = {"final_loss": 0.5, "recipe": load_recipe(recipe_path).record()}
    (out / "metrics.json").write_text(json.dumps(done, indent=1))
    before = snapshot(tmp_path)
    read_only(tmp_path)
    try:
        r = run_cli(mm_train, "stage3", "--recipe", str(recipe_path), "--init", str(init),
                    "--out", str(out), "--no-progress")
    finally:
        writable_again(tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {**done, "trained": False}
    assert snapshot(tmp_path) == before


# ----------------------------------------------------------------------------- the pipeline


@pytest.fixture
def two_stages(tmp_path, monkeypatch):
    """The registry holds two fast stages (stage1 with a twin, stage2 from its output), each
    writing ``model/`` from its recipe; configs/tiny/ holds their recipes."""
    from dataclasses import dataclass

    from train import pipeline
    from train.stage import STAGES, Goal, TrainingStage, Twin

    @dataclass
    class Settings:
        blank: bool = False
        size: int = 3

    class Fake(TrainingStage):
        settings = Settings

        def train(self, recipe, init, out, progress=True):
            (out / "model").mkdir(parents=True)
            own = recipe.settings
            (out / "model" / "weights.bin").write_bytes(bytes([own.size, own.blank]) * 8)
            return {"metrics": {"n": own.size + own.blank}}

        def evidence(self, results):
            return {"n": results[self.key]["metrics"]["n"]}

    configs = tmp_path / "configs" / "tiny"
    configs.mkdir(parents=True)
    (configs / "stage1.yaml").write_text("stage: one\ntrain_modules: [llm]\nsize: 1\n")
    (configs / "stage2.yaml").write_text("stage: two\ntrain_modules: [llm]\nsize: 2\n")
    monkeypatch.setattr(pipeline, "CONFIGS", tmp_path / "configs")
    with STAGES.isolated():
        STAGES._entries.clear()  # the real stages train for minutes: these stand in for them

        @STAGES.register
        class One(Fake):
            key, name, title, needs_init = "stage1", "one", "one", False
            twins = (Twin("blind", {"blank": True}),)

        @STAGES.register
        class Two(Fake):
            key, name, title = "stage2", "two", "two"
            goals = (Goal("n", ">=", 2, "n >= 2"),)

        yield tmp_path / "pipe"


def _no_locks(folder: Path) -> None:
    for p in folder.rglob(".lock*"):
        p.unlink()


PIPE = ["pipeline", "--preset", "tiny", "--no-progress"]


def test_finished_pipeline_rechecks_without_writing(two_stages, run_cli):
    out = two_stages
    first = run_cli(mm_train, *PIPE, "--out", str(out))
    assert first.returncode == 0, first.stderr
    assert "complete" not in first.stderr
    assert (out / "final" / "weights.bin").read_bytes() == bytes([2, 0]) * 8
    summary = json.loads((out / "pipeline.json").read_text())
    assert summary["evidence"]["stage2"]["goals"][0]["met"] is True
    _no_locks(out)
    before = snapshot(out)
    read_only(out)
    try:
        r = run_cli(mm_train, *PIPE, "--out", str(out))
    finally:
        writable_again(out)
    assert r.returncode == 0, r.stderr
    assert r.stderr == (f"{out}: pipeline complete (every stage finished with these recipes, "
                        "final/ up to date); nothing written\n")
    assert r.stdout == first.stdout
    assert snapshot(out) == before


@pytest.mark.parametrize("change", ["final", "record", "twin", "recipe"])
def test_pipeline_not_finished_in_a_read_only_folder_is_one_line(two_stages, run_cli,
                                                                  monkeypatch, change):
    from engines.dataset import outdir

    out = two_stages
    assert run_cli(mm_train, *PIPE, "--out", str(out)).returncode == 0
    _no_locks(out)
    argv = [*PIPE, "--out", str(out)]
    if change == "final":
        (out / "final" / "weights.bin").write_bytes(b"edited")
    elif change == "record":
        (out / "pipeline.json").write_text("{}")
    elif change == "twin":
        (out / "stage1-blind" / "metrics.json").unlink()
    else:
        argv += ["--set", "size=5"]
    before = snapshot(out)
    with monkeypatch.context() as m:
        m.setattr(outdir, "writable", lambda p: Path(p) != out)
        r = run_cli(mm_train, *argv)
    assert r.returncode == 2
    assert r.stderr == (f"mm-train: error: argument --out: {out} is read-only and its pipeline "
                        "is not finished; make it writable or choose another folder\n")
    assert snapshot(out) == before
    if change in ("final", "record"):  # a writable folder is brought up to date
        again = run_cli(mm_train, *argv)
        assert again.returncode == 0 and "complete" not in again.stderr
        assert (out / "final" / "weights.bin").read_bytes() == bytes([2, 0]) * 8
        _no_locks(out)
        assert "complete" in run_cli(mm_train, *argv).stderr
