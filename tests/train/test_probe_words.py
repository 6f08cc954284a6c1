"""mm-train probe words: the patch words, the text lookup rows, the scenes, the head's
projector, the CLI."""
import json

import numpy as np
import pytest
import torch

from train import probe_words as pw
from train.cli import main


def raster_words(boxes, kinds, theme_word, grid, cover=0.25, fine=40):
    """The patch words by counting the points of a fine raster each box holds, and whether
    each patch is a close call (a share within 0.03 of the cut, or two within 0.03)."""
    pts = (np.arange(grid * fine) + 0.5) / (grid * fine)
    out, close = [], []
    for r in range(grid):
        for c in range(grid):
            ys, xs = pts[r * fine:(r + 1) * fine], pts[c * fine:(c + 1) * fine]
            shares = [((xs > x0) & (xs < x1)).mean() * ((ys > y0) & (ys < y1)).mean()
                      for x0, y0, x1, y1 in boxes]
            best = int(np.argmax(shares)) if shares else -1
            out.append(kinds[best] if shares and shares[best] >= cover else theme_word)
            top = sorted(shares)[-2:]
            close.append(any(abs(x - cover) < 0.03 for x in shares)
                         or (len(top) == 2 and top[1] - top[0] < 0.03 and top[1] >= cover))
    return np.array(out), np.array(close)


def test_patch_words_match_a_raster_count():
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(50):
        boxes = []
        for _ in range(int(rng.integers(0, 5))):
            x0, y0 = rng.uniform(-0.1, 0.9, 2)
            boxes.append((x0, y0, x0 + rng.uniform(0.03, 0.4), y0 + rng.uniform(0.03, 0.4)))
        kinds = list(rng.integers(28, size=len(boxes)))
        got = pw.patch_words(boxes, kinds, 40, 6, every=False)
        want, close = raster_words(boxes, kinds, 40, 6)
        assert (got == want)[~close].all(), (boxes, got, want)
        checked += int((~close).sum())
    assert checked > 1500


def test_patch_words_exact_cases():
    # one box on the top-left 2 x 2 patches of a 4 x 4 grid; one covering 20% of a patch
    boxes = [(0, 0, 0.5, 0.5), (0.75, 0.75, 0.8, 1.0)]
    words = pw.patch_words(boxes, [3, 7], 99, 4, every=False)
    assert words.reshape(4, 4).tolist() == [[3, 3, 99, 99], [3, 3, 99, 99], [99] * 4, [99] * 4]
    # by default the small box still names the patch it covers most
    words = pw.patch_words(boxes, [3, 7], 99, 4)
    assert words.reshape(4, 4).tolist() == [[3, 3, 99, 99], [3, 3, 99, 99], [99] * 4,
                                            [99, 99, 99, 7]]
    # two small boxes on one patch: the one covering more of it names it, in either order
    small, larger = (0, 0, 0.1, 0.1), (0.05, 0.05, 0.2, 0.2)
    assert pw.patch_words([small, larger], [1, 2], 99, 2).tolist() == [2, 99, 99, 99]
    assert pw.patch_words([larger, small], [2, 1], 99, 2).tolist() == [2, 99, 99, 99]
    # a box outside the picture names nothing
    assert pw.patch_words([(1.2, 1.2, 1.5, 1.5)], [5], 99, 2).tolist() == [99] * 4
    # the kind covering more of a patch takes it
    words = pw.patch_words([(0, 0, 0.3, 1), (0.3, 0, 1, 1)], [1, 2], 99, 1)
    assert words.tolist() == [2]


def test_lookup_rows_are_true_of_their_context():
    task = pw.WordTask()
    assert task.vocab == 28 + 7 + 6 and task.theme0 == 35
    for length in (1, 3, 36):
        context, q, a = task.lookup_rows(200, length, np.random.default_rng(length))
        assert context.shape == (200, length) and q.shape == (200, 5)
        yes = a == task.YES
        assert 0.35 < float(yes.float().mean()) < 0.65
        for ctx, qq, y in zip(context.tolist(), q.tolist(), yes.tolist()):
            assert qq[:2] == [task.IS, task.THERE] and qq[3:] == [task.QMARK, task.ASSISTANT]
            objs = [w for w in ctx if w < task.kinds]
            fill = {w for w in ctx if w >= task.kinds}
            assert 1 <= len(objs) <= min(5, length) and len(set(objs)) == len(objs)
            assert len(fill) <= 1 and all(task.theme0 <= w < task.vocab for w in fill)
            assert y == (qq[2] in objs)


def test_lookup_length_holds_then_grows_to_the_patch_count():
    lengths = [pw.lookup_length(s, 100, 300, 36) for s in range(600)]
    assert lengths[:100] == [1] * 100 and lengths[400:] == [36] * 200
    assert all(a <= b for a, b in zip(lengths, lengths[1:])) and lengths[250] == 18


def test_word_scenes_are_true_of_their_specs(tiny_vision):
    from mm.llava import load_vision

    task = pw.WordTask()
    _, processor = load_vision(tiny_vision)
    data = pw.WordScenes(task, processor, 4, 12, seed=0, image_size=64)
    assert data.pixels.shape[0] == 12 and data.words.shape == (12, 16)
    for i in range(12):
        kinds = {w for w in data.words[i].tolist() if w < task.kinds}
        assert kinds <= set(data.objects[i].tolist())
        assert {w for w in data.words[i].tolist() if w >= task.kinds} <= \
            {task.theme0 + data.theme[i]}
    # small objects named too (on this coarse grid several share a patch with a larger one)
    plain = pw.WordScenes(task, processor, 4, 12, seed=0, image_size=64, every=False)

    def named(d):
        return sum(len({w for w in d.words[i].tolist() if w < task.kinds}) for i in range(12))

    assert named(plain) < named(data) <= sum(len(o) for o in data.objects)
    idx = np.arange(12).repeat(20)
    q, a = data.questions(idx, np.random.default_rng(1), "theme")
    assert q.shape == (240, 5) and bool((q[:, 4] == task.ASSISTANT).all())
    for i, asked, ans in zip(idx, q[:, 2].tolist(), a.tolist()):
        assert (ans == task.YES) == (asked in data.objects[i])


def test_words_probe_cli_runs_and_repeats(tiny_vision, tmp_path, run_cli):
    args = ("probe", "words", "--vision", str(tiny_vision), "--preset", "tiny",
            "--text-steps", "6", "--hold", "2", "--dense-steps", "3", "--align-steps", "3",
            "--batch-size", "4", "--n-scenes", "12", "--n-held", "8", "--image-size", "64",
            "--out", str(tmp_path / "w.json"))
    r = run_cli(main, *args)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert json.loads((tmp_path / "w.json").read_text()) == res
    assert res["patches"] == 16 and res["steps"] == {"text": 6, "hold": 2, "dense": 3,
                                                     "align": 3}
    for key in ("true_words", "head_words", "projector"):
        for neg in ("theme_negatives", "random_negatives"):
            assert res[key][neg]["n"] == 8 and 0 <= res[key][neg]["accuracy"] <= 1
    assert res["text_lookup"]["n"] == 8 and res["patch_words"]["patches"] == 8 * 16
    assert json.loads(run_cli(main, *args).stdout) == res  # same arguments, same numbers
    assert res["every_object"] is True
    cover_only = json.loads(run_cli(main, *args, "--no-every-object").stdout)
    assert cover_only["every_object"] is False
    assert cover_only["text_lookup"] == res["text_lookup"]  # step 1 does not read the scenes
    assert cover_only["patch_words"]["object_patches"] < res["patch_words"]["object_patches"]


def test_text_mix_puts_lookup_rows_beside_each_step_3_batch(tiny_vision, monkeypatch):
    calls = []
    rows = pw.WordTask.lookup_rows

    def spy(self, n, length, rng):
        calls.append((n, length))
        return rows(self, n, length, rng)

    monkeypatch.setattr(pw.WordTask, "lookup_rows", spy)
    kw = dict(preset="tiny", text_steps=5, hold=2, dense_steps=2, align_steps=3, batch_size=4,
              n_scenes=8, n_held=6, image_size=64)
    plain = pw.probe_words(tiny_vision, **kw)
    assert calls == [(6, 16)] + [(4, n) for n in (1, 1, 1, 16, 16)]
    calls.clear()
    mixed = pw.probe_words(tiny_vision, text_mix=0.5, **kw)
    assert calls[6:] == [(2, 16)] * 3 and mixed["text_mix"] == 0.5
    assert mixed["true_words"] == plain["true_words"]  # steps 1 and 2 are the same


def test_words_probe_names_a_missing_layer(tiny_vision, run_cli):
    r = run_cli(main, "probe", "words", "--vision", str(tiny_vision), "--feature-layer", "9")
    assert r.returncode == 2 and "argument --feature-layer:" in r.stderr


@pytest.mark.parametrize("standardised", [True, False])
def test_head_projector_puts_out_the_embedding_of_the_heads_word(standardised):
    from train.probes import standardise

    torch.manual_seed(0)
    feats = torch.randn(60, 16, 8) * 3 + 1
    head, emb = torch.nn.Linear(8, 10), torch.randn(10, 12)
    proj = torch.nn.Sequential(torch.nn.Linear(8, 12), torch.nn.GELU(), torch.nn.Linear(12, 12))
    # the probe's projector reads standardised tokens, a LLaVA's (the stages') the raw ones
    pw.head_projector(proj[0], proj[2], head, feats, emb, standardised=standardised)
    with torch.no_grad():
        out = proj(standardise(feats, 60) if standardised else feats).reshape(-1, 12)
        logits = head(feats).reshape(-1, 10)
    word = logits.argmax(-1)
    top2 = logits.topk(2, -1).values
    # where the head's top word stands out (its lead over the runner-up above the median),
    # the output is that word's embedding, up to scale, and nearer to it than to any other
    clear = top2[:, 0] - top2[:, 1] > (top2[:, 0] - top2[:, 1]).median()
    cos = torch.nn.functional.cosine_similarity(out[:, None], emb[None], dim=-1)
    assert float(cos[torch.arange(len(word)), word][clear].median()) > 0.99
    assert float((cos.argmax(-1) == word)[clear].float().mean()) > 0.85
    narrow = torch.nn.Sequential(torch.nn.Linear(8, 6), torch.nn.GELU(), torch.nn.Linear(6, 12))
    with pytest.raises(ValueError, match="width 6 is below the head's vocabulary 10"):
        pw.head_projector(narrow[0], narrow[2], head, feats, emb)


@pytest.mark.parametrize("standardised", [True, False])
def test_head_projectors_free_units_change_nothing_and_learn(standardised):
    """With ``free_seed`` the units beyond the head's words get random input weights (the same
    for the same seed) and zero output weights: the same outputs, and a gradient the zeroed
    units do not get."""
    from train.probes import standardise

    torch.manual_seed(0)
    feats = torch.randn(60, 16, 8) * 3 + 1
    head, emb = torch.nn.Linear(8, 10), torch.randn(10, 12)
    x = standardise(feats, 60) if standardised else feats

    def made(seed):
        proj = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(),
                                   torch.nn.Linear(16, 12))
        pw.head_projector(proj[0], proj[2], head, feats, emb, standardised=standardised,
                          free_seed=seed)
        return proj

    dead, live, again = made(None), made(3), made(3)
    assert torch.equal(dead[0].weight[10:], torch.zeros(6, 8))
    assert torch.equal(live[0].weight, again[0].weight) and torch.equal(live[0].bias,
                                                                        again[0].bias)
    assert not torch.equal(live[0].weight[10:], made(4)[0].weight[10:])
    assert torch.equal(live[2].weight[:, 10:], torch.zeros(12, 6))
    with torch.no_grad():
        assert torch.allclose(live(x), dead(x), atol=1e-6)
        # the free units' inputs are about unit-spread on the features they were fitted on
        pre = (x @ live[0].weight[10:].T + live[0].bias[10:]).reshape(-1, 6)
    assert pre.mean(0).abs().max() < 0.3 and 0.5 < float(pre.std(0).mean()) < 2
    grads = []
    for proj in (dead, live):
        proj.zero_grad()
        proj(x).pow(2).sum().backward()
        grads.append(proj[2].weight.grad[:, 10:].abs().sum())
    assert float(grads[0]) == 0 and float(grads[1]) > 0
