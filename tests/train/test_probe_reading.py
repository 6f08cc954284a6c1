"""``mm-train probe reading`` (train/probe_reading.py): the readouts, their bookkeeping, the
CLI's JSON and its errors."""
import json

import pytest
import torch

from train import probe_reading as pr
from train.cli import main


def test_majority_readout_scores_the_fitted_rows_most_common_label():
    labels = ["a", "b", "a", "c", "a", "b", "b", "c"]
    # fitted: a a b a -> "a"; held out: b b c -> none right
    assert pr.majority_readout(["a", "a", "b", "a", "b", "b", "c"], 4) == 0.0
    assert pr.majority_readout(labels, 5) == pytest.approx(0.0)
    assert pr.majority_readout(["x", "y", "x", "x", "y"], 3) == pytest.approx(0.5)


def test_linear_readout_reads_a_linear_fact_and_not_noise():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(600, 20, generator=g)
    facts = ["up" if v > 0 else "down" for v in (x[:, 3] - 0.5 * x[:, 7]).tolist()]
    assert pr.linear_readout(x, facts, 400, steps=200, seed=0) > 0.85
    noise = ["up" if v > 0 else "down" for v in torch.randn(600, generator=g).tolist()]
    assert abs(pr.linear_readout(x, noise, 400, steps=200, seed=0) - 0.5) < 0.12
    # the same seed, the same readout
    assert pr.linear_readout(x, facts, 400, 50, 1) == pr.linear_readout(x, facts, 400, 50, 1)


def test_reading_probe_json_adds_up(tiny_llava, run_cli, tmp_path):
    out = tmp_path / "r.json"
    args = ("probe", "reading", "--model", tiny_llava, "--n", "80", "--steps", "20",
            "--min-rows", "4", "--image-size", "64", "--seed", "3", "--words", "30")
    r = run_cli(main, *args, "--out", str(out))
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())
    assert json.loads(r.stdout) == res
    fam = res["family"]
    assert res["n"] == 80 and fam["n_held"] == 80 - 2 * 80 // 3 and fam["classes"] == 10
    ans = res["answers"]
    per = ans["per_template"]
    assert per and ans["templates"] == len(per) and all(p["n"] >= 4 for p in per)
    assert ans["n_held"] == sum(p["n_held"] for p in per)
    for key in ("majority", "tower", "projector"):
        want = sum(p[key] * p["n_held"] for p in per) / ans["n_held"]
        assert ans[key] == pytest.approx(want)
        assert all(0 <= p[key] <= 1 for p in per)
    # the templates are the builder's, with their family, most asked first
    assert all(": " in p["template"] for p in per)
    assert [p["n"] for p in per] == sorted((p["n"] for p in per), reverse=True)
    # the diagrams' words, per family: six pictures each, four fitted and two held out; the
    # majority is the fitted pictures' most common word, scored on the held-out two
    from collections import Counter

    from train.picture_words import PICTURE_FAMILIES, word_pictures

    _, fams, words = word_pictures(30, 3, 64)
    got = res["picture_words"]
    assert list(got) == sorted(PICTURE_FAMILIES)
    for f, w in got.items():
        mine = [x for x, g in zip(words, fams) if g == f]
        top = Counter(mine[:4]).most_common(1)[0][0]
        assert (w["n_held"], w["words"]) == (2, len(set(mine)))
        assert w["majority"] == sum(x == top for x in mine[4:]) / 2
        assert all(w[k] in (0.0, 0.5, 1.0) for k in ("tower", "projector", "class_token"))
    again = run_cli(main, *args)
    assert json.loads(again.stdout) == res


@pytest.mark.parametrize("flags, message", [
    (["--model", "nowhere"], "argument --model: nowhere is not a folder"),
    (["--min-rows", "2"], "argument --min-rows: at least 3 (a template's fitted and held-out "
                          "pictures), got 2"),
    (["--n", "0"], "argument --n: must be >= 1, got 0"),
    (["--words", "5"], "argument --words: 0, or at least 15 (three diagrams a family: fitted "
                       "and held out), got 5"),
])
def test_reading_probe_rejects_bad_flags_in_one_line(flags, message, run_cli, tmp_path):
    base = {"--model": str(tmp_path)}
    for k, v in zip(flags[::2], flags[1::2]):
        base[k] = v
    argv = [x for kv in base.items() for x in kv]
    r = run_cli(main, "probe", "reading", *argv)
    assert r.returncode == 2 and r.stderr.strip() == f"mm-train: error: {message}"


def test_reading_probe_names_a_folder_that_holds_no_model(run_cli, tmp_path):
    r = run_cli(main, "probe", "reading", "--model", str(tmp_path))
    assert r.returncode == 2 and r.stderr.startswith("mm-train: error: argument --model: ")
    assert len(r.stderr.strip().splitlines()) == 1 and str(tmp_path) in r.stderr
