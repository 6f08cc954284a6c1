"""Bad input to mm-eval: each probe is one line naming the flag and the file, field or value at
fault, exit 2, found before any model loads (``make_adapter`` is made to fail the test if it is
called) and nothing written; a torn samples key file is mended the way the runner mends other
torn resume files. Models: ``builtin:random`` or none; data: a 2-image mme-synth build."""
import json
import shutil
from pathlib import Path

import pytest

from engines.cli import main as mm_data
from eval import cli
from eval.cli import main as mm_eval
from tests.faults.test_bad_input import one_line

RUN = ["run", "--tasks", "mme-synth", "--model", "builtin:random", "--limit", "2",
       "--no-progress"]


@pytest.fixture(scope="module")
def mme(tmp_path_factory) -> Path:
    """A finished mme-synth build of 2 images per subtask (36 questions); read-only."""
    out = tmp_path_factory.mktemp("mme") / "d"
    with pytest.raises(SystemExit) as e:
        mm_data(["mme-synth", "--n-images", "2", "--out", str(out), "--seed", "0",
                 "--no-progress"])
    assert e.value.code == 0
    return out


@pytest.fixture
def no_model(monkeypatch):
    """The probes below must fail before a model is loaded."""
    def load(*_a, **_k):
        raise AssertionError("a model was loaded before the bad input was found")

    monkeypatch.setattr(cli, "make_adapter", load)


# 1 ------------------------------------------------------------------- report: results.json


@pytest.mark.parametrize("body,text", [
    ('{"config": ', "not valid JSON (line 1 column 12)"),
    ("{}", 'not a results file (no "config")'),
    ("[]", 'not a results file (no "config")'),
    ('{"config": {}}', 'not a results file (no "tasks")'),
    ('{"config": {}, "tasks": {"t": 1}}', "not a results file (\"tasks\" -> 't' is not an "
                                            "object)"),
])
def test_report_of_a_broken_results_file(tmp_path, run_cli, body, text):
    (tmp_path / "results.json").write_text(body)
    one_line(run_cli(mm_eval, "report", str(tmp_path)), "mm-eval", "out",
             f"{tmp_path / 'results.json'}: {text}")
    assert not (tmp_path / "report.md").exists()


# 2 ------------------------------------------------------------------- run --config


@pytest.mark.parametrize("body,text", [
    (b"tasks: [mme-synth]\n# \xff\xfe\n", "not UTF-8 text"),
    (b'tasks: [mme-synth]\nlog_samples: "yes"\n', "log_samples: expected true or false, "
                                                  "got 'yes'"),
    (b"tasks: true\n", "tasks: expected a value, got true"),
])
def test_config_not_utf8_or_a_wrong_kind_of_value(tmp_path, run_cli, no_model, body, text):
    f = tmp_path / "run.yaml"
    f.write_bytes(body)
    one_line(run_cli(mm_eval, "run", "--config", str(f), "--model", "builtin:random",
                     "--output-path", str(tmp_path / "o")), "mm-eval", "--config",
             f"{f}: {text}")
    assert not (tmp_path / "o").exists()


# 3 ------------------------------------------------------------------- ablate checks as run


@pytest.mark.parametrize("args,flag,text", [
    (["--batch-size", "0"], "--batch-size", "must be >= 1, got 0"),
    (["--batch-size", "-1"], "--batch-size", "must be >= 1, got -1"),
    (["--data", "NOPE"], "--data", "no such folder: "),
    (["--task-options", "n_images=0"], "--task-options", "n_images='0': must be >= 1"),
    (["--seed", "-5"], "--seed", "must be >= 0, got -5"),
    (["--gen-kwargs", "max_new_tokens=0"], "--gen-kwargs", "max_new_tokens: must be >= 1"),
])
def test_ablate_checks_its_flags_as_run_does(tmp_path, run_cli, no_model, args, flag, text):
    model = tmp_path / "m"  # a folder: the checks come before it is opened
    model.mkdir()
    args = [str(tmp_path / "nope") if x == "NOPE" else x for x in args]
    one_line(run_cli(mm_eval, "ablate", "causalmm", "--model", str(model), "--tasks",
                     "mme-synth", "--limit", "1", "--output-path", str(tmp_path / "o"), *args),
             "mm-eval", flag, text)
    assert not (tmp_path / "o").exists()


# 4 ------------------------------------------------------------------- --gen-kwargs


@pytest.mark.parametrize("kw,text", [
    ("max_new_tokens=-5", "max_new_tokens: must be >= 1, got -5"),
    ("do_sample=true,temperature=-1", "temperature: must be >= 0, got -1.0"),
    ("do_sample=true,temperature=0", "temperature: must be > 0 when do_sample=true"),
    ("do_sample=maybe,top_p=5", "do_sample: expected true or false, got 'maybe'"),
    ("top_p=5", "top_p: must be in (0, 1], got 5.0"),
    ("top_p=0", "top_p: must be in (0, 1], got 0.0"),
    ("temperature=nan", "temperature: must be a finite number"),
    ("seed=-1", "seed: must be >= 0, got -1"),
    ("top_k=5", "unknown key 'top_k'"),
    ("max_new_tokens=5,max_new_tokens=7", "max_new_tokens given twice"),
])
def test_gen_kwargs_checked_before_the_model_loads(tmp_path, run_cli, no_model, kw, text):
    one_line(run_cli(mm_eval, *RUN, "--output-path", str(tmp_path / "o"), "--gen-kwargs", kw),
             "mm-eval", "--gen-kwargs", text)
    assert not (tmp_path / "o").exists()


# 5 ------------------------------------------------------------------- --task-options


@pytest.mark.parametrize("tasks,opts,text", [
    ("mme-synth", "n_images=0", "n_images='0': must be >= 1"),
    ("mme-synth", "image_size=5", "image_size='5': must be between 32 and 4096"),
    ("pope-synth", "split=bogus", "option split='bogus' is not valid"),
    ("pope-synth", "split=all,random", "option split='all,random' is not valid"),
    ("dynamath", "repeats=-3", "repeats='-3': must be >= 1"),
    ("comfort-ball", "language=xx", "option language='xx'"),
    ("comfort-ball", "prefixes=addressee", "valid for comfort-ball: none, camera"),
    ("comfort-ball", "eps_divisor=5", "option eps_divisor=5"),
])
def test_task_options_blamed_on_task_options(tmp_path, run_cli, no_model, tasks, opts, text):
    one_line(run_cli(mm_eval, *RUN[:2], tasks, *RUN[3:], "--output-path", str(tmp_path / "o"),
                     "--task-options", opts), "mm-eval", "--task-options", text)
    assert not (tmp_path / "o").exists()


def test_image_size_refused_with_data_too(tmp_path, run_cli, no_model, mme):
    one_line(run_cli(mm_eval, *RUN, "--data", str(mme), "--output-path", str(tmp_path / "o"),
                     "--task-options", "image_size=5"), "mm-eval", "--task-options",
             "image_size='5': must be between 32 and 4096")


# 6 ------------------------------------------------------------------- --seed


def test_negative_seed(tmp_path, run_cli, no_model):
    one_line(run_cli(mm_eval, *RUN, "--output-path", str(tmp_path / "o"), "--seed", "-5",
                     "--task-options", "n_images=1"), "mm-eval", "--seed",
             "must be >= 0, got -5")
    assert not (tmp_path / "o").exists()


# 7 ------------------------------------------------------------------- a torn key file


def test_torn_samples_key_is_set_aside_and_the_task_runs_again(tmp_path, run_cli, mme):
    out = tmp_path / "o"
    argv = [*RUN, "--data", str(mme), "--output-path", str(out)]
    assert run_cli(mm_eval, *argv).returncode == 0
    samples, key = out / "samples_mme-synth.jsonl", out / "samples_mme-synth.key.json"
    before, good_key = samples.read_text(), key.read_text()
    key.write_text('{"model": ')
    r = run_cli(mm_eval, *argv)
    assert r.returncode == 0, r.stderr
    assert f"{key}: not a samples key (Expecting value" in r.stderr
    assert "moved to samples_mme-synth.jsonl.previous, running again" in r.stderr
    assert (out / "samples_mme-synth.key.json.bad").read_text() == '{"model": '
    assert (out / "samples_mme-synth.jsonl.previous").read_text() == before
    assert json.loads(key.read_text()) == json.loads(good_key)
    assert samples.read_text() == before  # builtin:random answers from the seed alone


# 8 ------------------------------------------------------------------- the flag named once


def test_model_that_does_not_exist(tmp_path, run_cli, no_model):
    nope = tmp_path / "nope"
    one_line(run_cli(mm_eval, *RUN[:4], str(nope), *RUN[5:], "--output-path",
                     str(tmp_path / "o")), "mm-eval", "--model", f"{nope}: no such folder")
    line = one_line(run_cli(mm_eval, "run", "--tasks", "mme-synth", "--model_args",
                            f"pretrained={nope}", "--output-path", str(tmp_path / "o")),
                    "mm-eval", "--model_args", f"{nope}: no such folder")
    assert line.count("--model") == 1


def test_model_folder_without_config_names_the_flag_once(tmp_path, run_cli):
    empty = tmp_path / "m"
    empty.mkdir()
    line = one_line(run_cli(mm_eval, "run", "--tasks", "mme-synth", "--model_args",
                            f"pretrained={empty}", "--output-path", str(tmp_path / "o")),
                    "mm-eval", "--model_args", f"{empty} is not a model folder (no config.json)")
    assert line.count("--model") == 1


def test_data_of_another_kind_names_the_flag_once(tmp_path, run_cli):
    empty = tmp_path / "empty"
    empty.mkdir()
    line = one_line(run_cli(mm_eval, *RUN, "--data", str(empty), "--output-path",
                            str(tmp_path / "o")), "mm-eval", "--data",
                    f"{empty}: not an mme-synth folder")
    assert line.count("--data") == 1


def test_score_csv_that_is_a_folder_or_not_text(tmp_path, run_cli):
    one_line(run_cli(mm_eval, "score", "dynamath", "--csv", str(tmp_path)), "mm-eval", "--csv",
             f"{tmp_path} is a folder, not a results CSV file")
    f = tmp_path / "r.csv"
    f.write_bytes(b"\xff\xfe\x00\x81" * 8)
    one_line(run_cli(mm_eval, "score", "dynamath", "--csv", str(f)), "mm-eval", "--csv",
             f"{f}: not UTF-8 text")


# 9 ------------------------------------------------------------------- --data, --limit


def test_built_data_folder_without_parquet(tmp_path, run_cli, no_model, mme):
    d = tmp_path / "d"
    shutil.copytree(mme, d)
    shutil.rmtree(d / "data")
    one_line(run_cli(mm_eval, *RUN, "--data", str(d), "--output-path", str(tmp_path / "o")),
             "mm-eval", "--data", f"{d}: no data/*.parquet inside")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("limit,text", [
    (",", "no value in ','"),
    ("=5", "expected TASK=N, got '=5'"),
    ("mme-synth=5,mme-synth=7", "task mme-synth given twice"),
    ("5,7", "the value for every task given twice"),
])
def test_limit_lists_without_a_value_or_twice(tmp_path, run_cli, no_model, limit, text):
    one_line(run_cli(mm_eval, *RUN[:6], limit, "--output-path", str(tmp_path / "o")),
             "mm-eval", "--limit", text)
    assert not (tmp_path / "o").exists()


# 10 ------------------------------------------------------------------ another method's flags


@pytest.mark.parametrize("flag,value", [("--gamma", "5"), ("--cf-type", "reversed")])
def test_causalmm_flag_without_decoding_causalmm(tmp_path, run_cli, no_model, flag, value):
    one_line(run_cli(mm_eval, *RUN, "--output-path", str(tmp_path / "o"), flag, value),
             "mm-eval", flag, "needs --decoding causalmm (this run decodes with greedy)")
    assert not (tmp_path / "o").exists()


def test_a_run_refused_at_the_model_leaves_no_output_folder(tmp_path, run_cli):
    """--output-path is made once the flags are checked; a model that then cannot load (CausalMM
    on a builtin model) removes the folders the run made, and only those."""
    keep = tmp_path / "kept"
    keep.mkdir()
    out = keep / "new" / "deeper"
    one_line(run_cli(mm_eval, *RUN, "--decoding", "causalmm", "--output-path", str(out)),
             "mm-eval", "--decoding", "causalmm needs a model folder")
    assert not (keep / "new").exists()
    assert keep.is_dir()
