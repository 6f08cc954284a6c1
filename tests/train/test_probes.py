"""mm-train probe: the tower's object features and the LLM's binding, on tiny models."""
import json

import numpy as np
import pytest
import torch

from train import probes
from train.cli import main


def pairwise_auc(scores, labels):
    """The AUC's definition: over every (positive, negative) pair, 1 when the positive scores
    higher, 1/2 on a tie."""
    pos = [s for s, y in zip(scores, labels) if y]
    neg = [s for s, y in zip(scores, labels) if not y]
    return sum(1.0 if p > n else 0.5 if p == n else 0.0 for p in pos for n in neg) / \
        (len(pos) * len(neg))


@pytest.mark.parametrize("seed", range(5))
def test_auc_matches_the_pairwise_definition_with_ties(seed):
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, 6, size=40).astype(float)  # many ties
    labels = rng.random(40) < 0.4
    assert probes.auc(scores, labels) == pytest.approx(pairwise_auc(scores, labels), abs=1e-12)


def test_auc_extremes_and_one_class_error():
    assert probes.auc([0.1, 0.2, 0.9, 0.8], [0, 0, 1, 1]) == 1.0
    assert probes.auc([0.9, 0.8, 0.1, 0.2], [0, 0, 1, 1]) == 0.0
    with pytest.raises(ValueError, match="positives and negatives"):
        probes.auc([0.1, 0.2], [1, 1])


def planted(n, signal, seed=0, kinds=6, tokens=9, dim=16, groups=3):
    """Tokens of noise; each present kind's vector (times ``signal``) on one token; the kinds'
    presence depends on the group as a theme does."""
    rng = np.random.default_rng(seed)
    kind_vec = rng.standard_normal((kinds, dim))
    g = rng.integers(groups, size=n)
    p = np.where(np.arange(kinds)[None, :] % groups == g[:, None], 0.7, 0.3)
    y = (rng.random((n, kinds)) < p).astype(np.float32)
    x = rng.standard_normal((n, tokens, dim))
    for i in range(n):
        for k in np.flatnonzero(y[i]):
            x[i, rng.integers(tokens)] += signal * kind_vec[k]
    return torch.tensor(x, dtype=torch.float32), torch.from_numpy(y), g


def held_within_auc(signal):
    x, y, g = planted(600, signal)
    head = probes.fit_max_head(x[:400], y[:400], steps=150)
    with torch.no_grad():
        s = head(x[400:]).amax(1).numpy()
    return probes.within_group_auc(s, y[400:].numpy(), g[400:])


def test_max_head_finds_planted_objects_and_not_noise():
    found, cells = held_within_auc(3.0)
    assert cells == 18 and found > 0.95
    chance, _ = held_within_auc(0.0)
    assert 0.4 < chance < 0.6


def test_within_group_auc_needs_both_classes_in_a_cell():
    with pytest.raises(ValueError, match="too few held-out scenes"):
        probes.within_group_auc(np.zeros((4, 2)), np.array([[1, 0]] * 4), np.zeros(4, int))


def test_binding_rows_are_true_of_their_tokens():
    task = probes.BindingTask(seed=0, snr=4.0)
    feats, questions, answers = task.rows(400, np.random.default_rng(1), naming=0.25)
    # the kind vector each token carries, read back by projection (background and noise
    # project to ~0.1, an object's vector to snr)
    proj = feats @ task.kind_vec.T / task.kind_vec.norm(dim=1) ** 2  # (n, tokens, kinds)
    present = (proj > task.snr / 2).any(1)
    assert questions.shape == (400, 1, 4) and answers.shape == (400, 1)
    questions, answers = questions[:, 0], answers[:, 0]
    naming = questions[:, 0] == task.WHAT
    assert 60 < int(naming.sum()) < 140
    for i in np.flatnonzero(naming):
        assert present[i].sum() == 1 and present[i, answers[i]]
    yes_no = np.flatnonzero(~naming)
    asked = questions[yes_no, 2]
    truth = present[yes_no, asked]
    assert ((answers[yes_no] == task.YES) == truth).all()
    assert 0.4 < truth.float().mean() < 0.6


def test_binding_turns_ask_the_same_picture():
    task = probes.BindingTask(seed=0, snr=4.0)
    feats, questions, answers = task.rows(200, np.random.default_rng(2), naming=0.5, turns=3)
    present = (feats @ task.kind_vec.T / task.kind_vec.norm(dim=1) ** 2 > task.snr / 2).any(1)
    for i in range(200):
        first_naming = bool(questions[i, 0, 0] == task.WHAT)
        if first_naming:
            assert present[i].sum() == 1 and present[i, answers[i, 0]]
        for t in range(1 if first_naming else 0, 3):  # yes/no turns about the same picture
            assert questions[i, t, 0] == task.IS
            assert bool(answers[i, t] == task.YES) == bool(present[i, questions[i, t, 2]])


def test_binding_controls_read_one_side_alone():
    task = probes.BindingTask(seed=0, snr=4.0)
    f, q, a = task.rows(300, np.random.default_rng(4), rule="binding")
    fq, qq, aq = task.rows(300, np.random.default_rng(4), rule="question")
    fi, qi, ai = task.rows(300, np.random.default_rng(4), rule="image")
    assert torch.equal(f, fq) and torch.equal(q, qi)  # the same pictures and questions
    half = task.kinds // 2
    assert ((aq[:, 0] == task.YES) == (q[:, 0, 2] < half)).all()
    present = (f @ task.kind_vec.T / task.kind_vec.norm(dim=1) ** 2 > task.snr / 2).any(1)
    assert ((ai[:, 0] == task.YES) == present[:, :half].any(1)).all()


def test_binding_echo_rows_name_the_kind_asked_and_big_objects_fill_their_tokens():
    task = probes.BindingTask(seed=0, snr=4.0)
    feats, questions, answers = task.rows(400, np.random.default_rng(5), echo=0.3, cover=6)
    proj = feats @ task.kind_vec.T / task.kind_vec.norm(dim=1) ** 2  # (n, tokens, kinds)
    on = proj > task.snr / 2
    per_object = on.sum(1)  # tokens each kind fills
    assert set(per_object.unique().tolist()) == {0, 6}  # six tokens an object, none shared
    assert (on.sum(2) <= 1).all() and (per_object > 0).sum(1).max() == 5  # 36 // 6 > 5
    q, a = questions[:, 0], answers[:, 0]
    echo = q[:, 0] == task.WHAT
    assert 80 < int(echo.sum()) < 160
    assert (q[echo, 1] == task.THERE).all() and torch.equal(a[echo], q[echo, 2])
    yes_no = ~echo
    truth = per_object[yes_no, q[yes_no, 2]] > 0
    assert ((a[yes_no] == task.YES) == truth).all()
    # objects filling every token: one a picture
    feats, _, _ = task.rows(50, np.random.default_rng(6), cover=36)
    assert ((feats @ task.kind_vec.T / task.kind_vec.norm(dim=1) ** 2 > 2).sum(1) > 0).sum(1) \
        .eq(1).all()
    # without echo or cover, the rows are those drawn before either existed
    plain = task.rows(20, np.random.default_rng(7))
    again = task.rows(20, np.random.default_rng(7), echo=0.0, cover=1)
    assert all(torch.equal(x, y) for x, y in zip(plain, again))


@pytest.mark.parametrize("text, bad", [("36", "'36'"), ("37:5", "1..36"), ("4:9,2:9", "rise"),
                                       ("4:0", "rise"), ("a:b", "TOKENS:UNTIL_STEP")])
def test_parse_cover_names_the_bad_part(text, bad):
    with pytest.raises(ValueError, match=bad):
        probes.parse_cover(text)


def test_parse_cover_reads_a_schedule():
    assert probes.parse_cover("36:500,12:900") == [(36, 500), (12, 900)]
    assert probes.parse_cover("") == []


def test_binding_probe_is_deterministic_and_reports_its_interval():
    a = probes.probe_binding("tiny", steps=6, batch_size=8, n_held=50, seed=3)
    b = probes.probe_binding("tiny", steps=6, batch_size=8, n_held=50, seed=3)
    assert a == b
    lo, hi = a["accuracy_ci95"]
    assert lo <= a["accuracy"] <= hi and a["n"] == 50
    assert a["first_loss"] > 0 and 0 <= a["yes_ratio"] <= 1
    c = probes.probe_binding("tiny", steps=6, batch_size=8, n_held=50, seed=3, turns=3)
    assert c["turns"] == 3 and c["first_loss"] != a["first_loss"]
    d = probes.probe_binding("tiny", steps=2, batch_size=8, n_held=50, seed=3, kinds=6)
    assert d["kinds"] == 6 and d["first_loss"] != a["first_loss"]
    e = probes.probe_binding("tiny", steps=6, batch_size=8, n_held=50, seed=3, echo=0.5,
                             cover="36:3")
    assert e["echo"] == 0.5 and e["cover"] == [[36, 3]] and e["first_loss"] != a["first_loss"]
    assert a["echo"] == 0.0 and a["cover"] == []


def test_tower_probe_cli_on_a_tiny_tower(tiny_vision, tmp_path, run_cli):
    out = tmp_path / "probe.json"
    args = ("probe", "tower", "--vision", str(tiny_vision), "--n-fit", "40", "--n-held", "100",
            "--image-size", "64", "--out", str(out))
    r = run_cli(main, *args)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert json.loads(out.read_text()) == res
    for side in ("trained", "untrained"):
        m = res[side]
        assert m["tokens"] == 16 and m["n_held"] == 100 and m["cells"] >= 1
        assert 0 <= m["within_theme_auc"] <= 1 and 0 <= m["auc"] <= 1
    assert json.loads(run_cli(main, *args).stdout) == res  # same arguments, same numbers


@pytest.fixture(scope="module")
def scene_tokens(tiny_vision):
    return probes.SceneTokens(tiny_vision, n_train=30, n_held=10, seed=0, image_size=64)


def test_scene_tokens_rows_are_true_of_their_scenes(scene_tokens):
    t = scene_tokens
    assert t.tokens["full"].shape == t.tokens["close"].shape == (40, 16, 32)
    assert abs(float(t.tokens["full"][:30].mean())) < 1e-4  # standardised by the training scenes
    assert not torch.equal(t.tokens["full"], t.tokens["close"])
    idx = np.arange(30).repeat(10)
    for close_up in (False, True):
        for negatives in ("theme", "random"):
            _, q, a = t.rows(idx, np.random.default_rng(1), close_up, negatives)
            asked, yes = q[:, 0, 2].numpy(), (a[:, 0] == t.YES).numpy()
            assert 0.35 < yes.mean() < 0.65
            for i, k, y in zip(idx, asked, yes):
                assert y == (k == t.focus[i] if close_up else k in t.objects[i])
                if not y and negatives == "theme" and \
                        len(np.setdiff1d(t.core[t.theme[i]], t.objects[i])):
                    assert k in t.core[t.theme[i]]  # a usual object of the scene's theme
    f, q, a = t.rows(np.arange(30), np.random.default_rng(2), echo=0.5)
    echo = q[:, 0, 0] == t.WHAT
    assert 0 < int(echo.sum()) < 30 and torch.equal(a[echo, 0], q[echo, 0, 2])
    assert torch.equal(f, t.tokens["full"][:30])


def test_binding_probe_on_a_tower_cli(tiny_vision, tmp_path, run_cli):
    args = ("probe", "binding", "--preset", "tiny", "--vision", str(tiny_vision), "--steps", "4",
            "--batch-size", "4", "--n-scenes", "20", "--n-held", "10", "--close-until", "2",
            "--echo", "0.25", "--out", str(tmp_path / "b.json"))
    r = run_cli(main, *args)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert res["negatives"] == "theme" and res["close_until"] == 2 and res["n"] == 10
    for key in ("held_random_negatives", "held_close_ups"):
        assert res[key]["n"] == 10 and 0 <= res[key]["accuracy"] <= 1
    assert json.loads(run_cli(main, *args).stdout) == res  # same arguments, same numbers


@pytest.mark.parametrize("argv, flag", [
    (["tower", "--vision", "/no/such/folder"], "--vision"),
    (["tower", "--vision", ".", "--n-held", "50"], "--n-held"),
    (["tower", "--vision", ".", "--n-fit", "0"], "--n-fit"),
    (["binding", "--naming", "1.5"], "--naming"),
    (["binding", "--lr", "0"], "--lr"),
    (["binding", "--steps", "0"], "--steps"),
    (["binding", "--turns", "0"], "--turns"),
    (["binding", "--rule", "both"], "--rule"),
    (["binding", "--kinds", "5"], "--kinds"),
    (["binding", "--echo", "1"], "--echo"),
    (["binding", "--cover", "40:100"], "--cover"),
    (["binding", "--vision", "/no/such/folder"], "--vision"),
    (["binding", "--vision", ".", "--cover", "36:10"], "--cover"),
    (["binding", "--vision", ".", "--naming", "0.5"], "--naming"),
    (["binding", "--close-until", "-1"], "--close-until"),
    (["binding", "--n-scenes", "0"], "--n-scenes"),
    (["binding", "--negatives", "none"], "--negatives"),
    (["binding", "--out", "."], "--out"),
    (["words", "--vision", "/no/such/folder"], "--vision"),
    (["words", "--vision", ".", "--text-steps", "0"], "--text-steps"),
    (["words", "--vision", ".", "--align-steps", "0"], "--align-steps"),
    (["words", "--vision", ".", "--lm-lr", "0"], "--lm-lr"),
    (["words", "--vision", ".", "--hold", "-1"], "--hold"),
    (["words", "--vision", ".", "--text-mix", "1.5"], "--text-mix"),
    (["words", "--vision", ".", "--projector-init", "zeros"], "--projector-init"),
])
def test_probe_bad_flags_are_one_line(argv, flag, run_cli):
    r = run_cli(main, "probe", *argv)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and f"argument {flag}:" in r.stderr


@pytest.mark.parametrize("probe", ["tower", "binding", "words"])
def test_probe_names_a_folder_without_a_tower(probe, tmp_path, run_cli):
    r = run_cli(main, "probe", probe, "--vision", str(tmp_path))
    assert r.returncode == 2 and "argument --vision:" in r.stderr
    assert "config.json" in r.stderr and r.stderr.count("\n") == 1


def test_tower_probe_feature_layer_out_of_range(tiny_vision, run_cli):
    r = run_cli(main, "probe", "tower", "--vision", str(tiny_vision), "--n-fit", "4",
                "--n-held", "100", "--image-size", "64", "--feature-layer", "9",
                "--no-untrained")
    assert r.returncode == 2 and "argument --feature-layer:" in r.stderr
