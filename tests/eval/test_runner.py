"""The mm-eval runner: sample logs, resume without duplicates to the same results.json, bad
images recorded as errors, one-line bad flags, and batch-invariant greedy answers on a real
(tiny, random) HF LLaVA folder."""
import json
from pathlib import Path

import pytest
from PIL import Image

from eval.runner import evaluate, read_samples
from eval.task import TASKS, Task, TaskContext
from mm.adapters import GenConfig, LlavaAdapter, load_adapter


class Toy(Task):
    name = "toy-eval"
    description = "toy"
    output = "generate"

    def docs(self, ctx):
        docs = [{"id": f"t{i:02d}", "n": i, "target": "yes" if i % 3 else "no"} for i in range(20)]
        docs[7]["broken"] = True
        return docs[: ctx.limit] if ctx.limit else docs

    def image(self, doc):
        if doc.get("broken"):
            raise FileNotFoundError("images/t07.png does not exist")
        return Image.new("RGB", (16, 16), (doc["n"] * 10, 0, 0))

    def prompt(self, doc):
        return f"Is item {doc['n']} red? Please answer yes or no."

    def oracle(self, doc):
        return doc["target"].capitalize()

    def process(self, doc, output):
        pred = output.strip().lower()
        return {"id": doc["id"], "prediction": output, "target": doc["target"],
                "correct": pred == doc["target"]}

    def aggregate(self, records):
        return {"acc": sum(r["correct"] for r in records) / len(records)}


if "toy-eval" not in TASKS:
    TASKS.add("toy-eval", Toy())


class Flaky:
    """Wraps an adapter and dies after ``n`` calls (as a killed process would)."""

    def __init__(self, inner, n):
        self.inner, self.n = inner, n
        self.name, self.decoding, self.fingerprint = inner.name, inner.decoding, inner.fingerprint

    def generate(self, *a, **k):
        self.n -= 1
        if self.n < 0:
            raise KeyboardInterrupt
        return self.inner.generate(*a, **k)


def test_results_samples_and_errors(tmp_path):
    res = evaluate(load_adapter("builtin:oracle"), ["toy-eval"], tmp_path, TaskContext(),
                   batch_size=4, progress=False)
    m = res["tasks"]["toy-eval"]
    assert m == {"acc": 1.0, "n_samples": 20, "n_errors": 1}
    lines = (tmp_path / "samples_toy-eval.jsonl").read_text().splitlines()
    assert len(lines) == 20
    bad = [json.loads(x) for x in lines if "error" in json.loads(x)]
    assert bad[0]["id"] == "t07" and "does not exist" in bad[0]["error"]
    assert {"id", "prediction", "target", "correct"} <= set(json.loads(lines[0]))
    assert (tmp_path / "report.md").read_text().startswith("# Evaluation report")
    assert json.loads((tmp_path / "results.json").read_text())["config"]["model"] == \
        "builtin:oracle"


def test_always_yes_scores_the_share_of_yes(tmp_path):
    res = evaluate(load_adapter("builtin:always-yes"), ["toy-eval"], tmp_path, TaskContext(),
                   progress=False)
    yes = sum(1 for i in range(20) if i % 3 and i != 7)
    assert res["tasks"]["toy-eval"]["acc"] == pytest.approx(yes / 19)


def test_resume_after_crash_no_duplicates_same_results(tmp_path):
    ref = evaluate(load_adapter("builtin:random", seed=3), ["toy-eval"], tmp_path / "ref",
                   TaskContext(seed=3), batch_size=3, progress=False)
    out = tmp_path / "crash"
    with pytest.raises(KeyboardInterrupt):
        evaluate(Flaky(load_adapter("builtin:random", seed=3), 2), ["toy-eval"], out,
                 TaskContext(seed=3), batch_size=3, progress=False)
    with (out / "samples_toy-eval.jsonl").open("a") as f:
        f.write('{"id": "t1')  # a line cut by the kill
    assert len(read_samples(out / "samples_toy-eval.jsonl")) == 6
    again = evaluate(load_adapter("builtin:random", seed=3), ["toy-eval"], out,
                     TaskContext(seed=3), batch_size=3, progress=False)
    ids = [json.loads(x)["id"] for x in (out / "samples_toy-eval.jsonl").read_text().splitlines()]
    assert len(ids) == len(set(ids)) == 20
    assert again["tasks"] == ref["tasks"]


def test_samples_of_another_model_are_moved_aside_not_reused(tmp_path, capsys):
    a = evaluate(load_adapter("builtin:random", seed=1), ["toy-eval"], tmp_path, TaskContext(),
                 progress=False)
    same = evaluate(load_adapter("builtin:random", seed=1), ["toy-eval"], tmp_path,
                    TaskContext(), progress=False)
    assert same["tasks"] == a["tasks"] and capsys.readouterr().err == ""
    b = evaluate(load_adapter("builtin:oracle"), ["toy-eval"], tmp_path, TaskContext(),
                 progress=False)
    assert b["tasks"]["toy-eval"]["acc"] == 1.0
    err = capsys.readouterr().err
    assert "samples_toy-eval.jsonl: made by another model or settings (differs in model); " \
           "moved to samples_toy-eval.jsonl.previous, running again" in err
    old = read_samples(tmp_path / "samples_toy-eval.jsonl.previous")
    assert len(old) == 20
    key = json.loads((tmp_path / "samples_toy-eval.key.json").read_text())
    assert key["model"]["name"] == "builtin:oracle"
    # other generation settings also make the samples stale
    evaluate(load_adapter("builtin:oracle"), ["toy-eval"], tmp_path, TaskContext(),
             gen=GenConfig(max_new_tokens=5), progress=False)
    assert "(differs in gen)" in capsys.readouterr().err


@pytest.mark.parametrize("args,flag", [
    (["--model", "builtin:oracle", "--tasks", "no-such-task"], "--tasks"),
    (["--model", "builtin:nope", "--tasks", "dynamath"], "--model"),
    pytest.param(["--model", "/no/such/folder", "--tasks", "dynamath"], "--model",
                 marks=pytest.mark.slow),
    (["--model", "builtin:oracle", "--tasks", "dynamath", "--batch-size", "0"], "--batch-size"),
    (["--model", "builtin:oracle", "--tasks", "dynamath", "--gen-kwargs", "beams=3"],
     "--gen-kwargs"),
    (["--model", "builtin:oracle", "--tasks", "dynamath", "--limit", "x"], "--limit"),
])
def test_bad_flags(tmp_path, args, flag, run_cli):
    from eval.cli import main

    r = run_cli(main, "run", *args, "--output-path", str(tmp_path))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and flag in r.stderr, r.stderr
    if flag == "--tasks":
        assert "valid: " in r.stderr and "dynamath" in r.stderr


@pytest.mark.slow
def test_greedy_answers_identical_at_batch_1_and_8(tiny_llava_plain):
    ad = LlavaAdapter(tiny_llava_plain)
    prompts = [f"Question {i}: " + "is it red? " * (i % 4 + 1) for i in range(8)]
    images = [Image.new("RGB", (40 + 5 * i, 40), (30 * i, 100, 200)) for i in range(8)]
    gen = GenConfig(max_new_tokens=8)
    one = [ad.generate([im], [p], gen)[0] for im, p in zip(images, prompts)]
    eight = ad.generate(images, prompts, gen)
    assert one == eight
    p1 = [ad.yes_no_prob([im], [p])[0] for im, p in zip(images, prompts)]
    p8 = ad.yes_no_prob(images, prompts)
    assert p8 == pytest.approx(p1, abs=1e-5)
    assert all(0.0 <= x <= 1.0 for x in p8)


@pytest.mark.slow
def test_yes_no_prob_is_comfort_ratio(tiny_llava_plain):
    import torch

    ad = LlavaAdapter(tiny_llava_plain)
    img, prompt = Image.new("RGB", (32, 32), "white"), "Is it red?"
    probs = torch.softmax(ad.next_token_logits([img], [prompt])[0], -1)
    y = probs[ad.yes_ids].sum()
    n = probs[ad.no_ids].sum()
    assert ad.yes_no_prob([img], [prompt])[0] == pytest.approx(float(y / (y + n)), rel=1e-5)
    # "yes", " yes", "Yes", ... map to distinct first tokens, none shared with the no set
    assert len(ad.yes_ids) >= 3 and not set(ad.yes_ids) & set(ad.no_ids)


@pytest.mark.slow
def test_weights_digest_tells_a_retrained_model_apart(tiny_llava_plain, tmp_path):
    import shutil

    import torch
    from transformers import LlavaForConditionalGeneration

    from mm.adapters import weights_digest

    copy = tmp_path / "m"
    shutil.copytree(tiny_llava_plain, copy)
    assert weights_digest(copy) == weights_digest(tiny_llava_plain)
    model = LlavaForConditionalGeneration.from_pretrained(copy)
    with torch.no_grad():
        model.lm_head.weight.add_(0.01)  # one training step's worth of change
    model.save_pretrained(copy)
    assert weights_digest(copy) != weights_digest(tiny_llava_plain)
    fp = LlavaAdapter(copy).fingerprint()
    assert fp["weights"] == weights_digest(copy) and fp["name"] == str(copy)
