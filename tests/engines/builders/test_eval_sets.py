"""The evaluation sets as datasets: ``mm-data mme-synth|pope-synth|comfort`` write parquet +
card that ``datasets.load_dataset("parquet", ...)`` reads, and the eval task given the folder
as ``--data`` yields the docs it yields when it builds the set itself."""
import datasets
import numpy as np
import pytest

from engines.cli import main as mm_data
from engines.dataset import data_files
from eval.task import TaskContext, get_task


def _build(args, out):
    with pytest.raises(SystemExit) as e:
        mm_data(args + ["--out", str(out), "--seed", "2", "--image-size", "64", "--no-progress"])
    assert e.value.code == 0


def _same_docs(task, a, b):
    assert [d["id"] for d in a] == [d["id"] for d in b]
    assert [task.prompt(d) for d in a] == [task.prompt(d) for d in b]
    assert [task.oracle(d) for d in a] == [task.oracle(d) for d in b]
    for x, y in zip(a, b):
        assert np.array_equal(np.asarray(task.image(x)), np.asarray(task.image(y)))


def test_mme_synth_dataset_reads_as_the_task_docs(tmp_path):
    out = tmp_path / "mme"
    _build(["mme-synth", "--n-images", "1"], out)
    ds = datasets.load_dataset("parquet", data_files=data_files(out), split="train")
    assert len(ds) == 18 and ds[0]["id"] == "existence/000/0" and ds[0]["answer"] == "Yes"
    assert ds[0]["image"].size == (64, 64)
    assert (out / "README.md").read_text().count("| existence | 2 |") == 1
    task = get_task("mme-synth")
    mine = task.docs(TaskContext(data=str(out)))
    built = task.docs(TaskContext(seed=2, work=tmp_path / "w",
                                  options={"n_images": 1, "image_size": 64}))
    _same_docs(task, mine, built)
    assert [d["question"] for d in mine] == ds["question"]


def test_pope_synth_dataset_reads_as_the_task_docs(tmp_path):
    out = tmp_path / "pope"
    _build(["pope-synth", "--n-images", "3"], out)
    assert len(datasets.load_dataset("parquet", data_files=data_files(out), split="train")) == 54
    task = get_task("pope-synth")
    opts = {"n_images": 3, "image_size": 64, "split": "adversarial"}
    _same_docs(task, task.docs(TaskContext(data=str(out), options=opts)),
               task.docs(TaskContext(seed=2, options=opts)))


def test_comfort_dataset_reads_as_the_task_docs(tmp_path):
    out = tmp_path / "car"
    _build(["comfort", "--scene", "car", "--variations", "1"], out)
    ds = datasets.load_dataset("parquet", data_files=data_files(out), split="train")
    assert len(ds) == 36 and ds["angle"][:3] == [0, 10, 20]
    task = get_task("comfort-car")
    opts = {"variations": 1, "image_size": 64}
    _same_docs(task, task.docs(TaskContext(data=str(out), options=opts)),
               task.docs(TaskContext(seed=2, options=opts)))
    ball = tmp_path / "ball"
    _build(["comfort", "--variations", "1"], ball)
    with pytest.raises(ValueError, match="comfort-car needs a fronted relatum"):
        task.docs(TaskContext(data=str(ball)))


@pytest.mark.parametrize("args,flag", [
    (["mme-synth", "--n-images", "0"], "--n-images"),
    (["pope-synth", "--n-images", "0"], "--n-images"),
    (["comfort", "--variations", "0"], "--variations"),
    (["comfort", "--scene", "boat"], "--scene"),
])
def test_bad_flags_one_line_exit_2(tmp_path, args, flag, capsys):
    with pytest.raises(SystemExit) as e:
        mm_data(args + ["--out", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and flag in err
    assert err.startswith("mm-data: error:")
