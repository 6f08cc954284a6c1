"""Bad input to mm-data: a negative seed, empty or misplaced lists, an unknown seed id, a
mistyped build.json, an output path the OS refuses; each is one line naming the flag (and file
or field), exit 2, and nothing written. A chunk whose every unit fails is still written, with
each unit's own error recorded."""
import json

import pytest

from engines import dataset
from engines.cli import main as mm_data
from engines.cli import parser
from engines.dataset import BUILDERS, BuildConfig, Builder
from engines.dataset import columns as col
from tests.faults.test_bad_input import _copy, built, one_line  # noqa: F401 (built: a fixture)

# ----------------------------------------------------------------------------- 1: --seed


@pytest.mark.parametrize("kind", sorted(BUILDERS.names()))
@pytest.mark.parametrize("seed,text", [("-5", "must be >= 0, got -5"),
                                       ("abc", "must be a whole number, got 'abc'")])
def test_bad_seed_is_refused_by_every_builder_before_anything_is_written(tmp_path, run_cli,
                                                                         kind, seed, text):
    out = tmp_path / "o"
    size = BUILDERS.get(kind).size_flag
    one_line(run_cli(mm_data, kind, size, "1", "--seed", seed, "--out", str(out)), "mm-data",
             "--seed", text)
    assert not out.exists()


def test_sheet_seed_and_huge_seeds(tmp_path, run_cli):
    one_line(run_cli(mm_data, "sheet", "--out", str(tmp_path / "s.png"), "--seed", "-1"),
             "mm-data", "--seed", "must be >= 0, got -1")
    a = parser().parse_args(["mme-synth", "--out", "x", "--seed", str(2 ** 80)])
    assert a.seed == 2 ** 80  # numpy's seed lists take any size
    one_line(run_cli(mm_data, "mme-synth", "--out", str(tmp_path / "o"), "--seed", "9" * 5000),
             "mm-data", "--seed", "at most")
    with pytest.raises(ValueError, match="seed: must be >= 0"):
        BuildConfig(kind="mavis-caption", n=1, seed=-1)


class _Failing(Builder):
    kind = "always-fails"
    count_columns = ()
    description = "every unit fails"

    def features(self, cfg):
        return col.features({"id": col.string(), "seed": col.int64()})

    def unit_rows(self, cfg, u):
        raise RuntimeError(f"unit {u} cannot be drawn")


def test_chunk_whose_every_unit_fails_is_written_with_the_units_errors(tmp_path, run_cli):
    with BUILDERS.isolated():
        BUILDERS.register(_Failing)
        out = tmp_path / "o"
        r = run_cli(mm_data, "always-fails", "--n", "3", "--chunk-size", "2", "--out",
                    str(out), "--no-progress")
        assert r.returncode == 0, r.stderr
        assert "Keys mismatch" not in r.stderr
        assert "unit 0 failed: RuntimeError: unit 0 cannot be drawn" in r.stderr
        assert json.loads(r.stdout)["failed_units"] == 3
        assert [row for row in dataset.iter_rows(out)] == []
        errs = json.loads((out / "data" / "errors-00001.json").read_text())
        assert errs == [{"unit": 2, "error": "RuntimeError: unit 2 cannot be drawn"}]
        again = run_cli(mm_data, "always-fails", "--n", "3", "--chunk-size", "2", "--out",
                        str(out), "--no-progress")
        assert json.loads(again.stdout)["built"] == 0  # the empty chunks are done


# ----------------------------------------------------------------------------- 2-9


@pytest.mark.parametrize("value", ["all", "a,b", ","])
def test_sheet_dynamath_seed_is_one_known_id(tmp_path, run_cli, value):
    line = one_line(run_cli(mm_data, "sheet", "--out", str(tmp_path / "s.png"),
                            "--dynamath-seed", value, "--variants", "1"), "mm-data",
                    "--dynamath-seed", f"unknown seed id {value!r}", "mm-data dynamath list")
    assert len(line) < 200
    assert not (tmp_path / "s.png").exists()


@pytest.mark.parametrize("field,value,text", [
    ("n", "many", "n: expected a whole number"),
    ("kind", "nope", "kind: unknown dataset kind 'nope'"),
    ("seed", -3, "seed: must be >= 0"),
    ("extra", 1, "extra: unknown field"),
])
def test_card_of_a_mistyped_build_json_names_the_field(built, tmp_path, run_cli, field, value,
                                                       text):
    out = _copy(built, tmp_path)
    cfg = json.loads((out / "build.json").read_text())
    (out / "build.json").write_text(json.dumps(cfg | {field: value}))
    card = (out / "README.md").read_bytes()
    one_line(run_cli(mm_data, "card", str(out)), "mm-data", "dir",
             f"{out / 'build.json'}: {text}")
    assert (out / "README.md").read_bytes() == card


def test_out_the_os_cannot_create(tmp_path, run_cli):
    long = tmp_path / "sub" / ("a" * 300)
    one_line(run_cli(mm_data, "mme-synth", "--n-images", "1", "--out", str(long)), "mm-data",
             "--out", f"cannot create {long}: File name too long")
    assert list(tmp_path.iterdir()) == []
    one_line(run_cli(mm_data, "mme-synth", "--n-images", "1", "--out", "/proc/x"), "mm-data",
             "--out", "cannot create /proc/x")


def test_dynamath_seeds_with_no_id(tmp_path, run_cli):
    one_line(run_cli(mm_data, "dynamath", "--seeds", ",", "--variants", "1", "--out",
                     str(tmp_path / "o")), "mm-data", "--seeds", "no seed id given")
    assert not (tmp_path / "o").exists()


def test_rebuild_hint_names_the_command_that_has_overwrite(built, tmp_path, run_cli):
    out = _copy(built, tmp_path)
    chunk = next((out / "data").glob("*.parquet"))
    chunk.write_bytes(chunk.read_bytes()[:100])
    line = one_line(run_cli(mm_data, "card", str(out)), "mm-data", "dir",
                    f"{chunk}: not a readable parquet file",
                    "pass --overwrite to mm-data mavis-caption to rebuild")
    assert "pass --overwrite to rebuild" not in line
    (out / "build.json").write_text("{cut")
    one_line(run_cli(mm_data, "card", str(out)), "mm-data", "dir", "not valid JSON",
             "pass --overwrite to its mm-data build command")


@pytest.mark.parametrize("argv,flag,text", [
    (["sheet", "--out", "OUT/s.png", "--families", ","], "--families", "no family given"),
    (["sheet", "--versions", "--out", "OUT/s.png", "--families", ","], "--families",
     "no family given"),
    (["mavis-caption", "--n", "2", "--out", "OUT/o", "--families", ","], "--families",
     "no family given"),
    (["mavis-instruct", "--n", "2", "--out", "OUT/o", "--versions", ","], "--versions",
     "no version given"),
])
def test_list_flag_given_with_no_name(tmp_path, run_cli, argv, flag, text):
    argv = [a.replace("OUT", str(tmp_path)) for a in argv]
    one_line(run_cli(mm_data, *argv), "mm-data", flag, text)
    assert list(tmp_path.iterdir()) == []


def test_sheet_out_under_a_file(tmp_path, run_cli):
    f = tmp_path / "afile"
    f.write_text("x")
    for out in (f / "s.png", f / "sub" / "s.png"):
        one_line(run_cli(mm_data, "sheet", "--out", str(out)), "mm-data", "--out",
                 f"{f} is not a folder")
    assert f.read_text() == "x"


def test_family_the_kind_does_not_build(tmp_path, run_cli):
    one_line(run_cli(mm_data, "dpo-pairs", "--n", "2", "--families", "chart", "--out",
                     str(tmp_path / "o")), "mm-data", "--families",
             "chart: not a family dpo-pairs builds; valid: ", "plane_geometry")
    one_line(run_cli(mm_data, "dpo-pairs", "--n", "2", "--families", "nope", "--out",
                     str(tmp_path / "o")), "mm-data", "--families", "unknown nope")
    assert not (tmp_path / "o").exists()
