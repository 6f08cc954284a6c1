"""Grounding in the stages (train/grounding.py): the words' tokens, the lookup rows against
``encode``'s POPE rows, the mixed batches, the lookup learnt, the head's projector, the stage
settings and their errors."""
import json

import numpy as np
import pytest
import torch
from PIL import Image

from train import grounding as gr


@pytest.fixture(scope="module")
def llava(tmp_path_factory):
    """(model, processor): a tiny from-scratch LLaVA whose tokenizer saw ``tokenizer_texts``."""
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava
    from mm.tokenizer import train_tokenizer
    from tests.tiny import TOKENIZER_TEXT

    clip = create_clip("tiny", seed=1)[0]
    tok = train_tokenizer([TOKENIZER_TEXT] * 30 + gr.tokenizer_texts(), vocab_size=600)
    return build_llava(export_vision_tower(clip), image_processor_for(clip), tokenizer=tok,
                       lm_preset="tiny", seed=1)


def test_tokenizer_texts_give_each_word_and_the_frame_a_token(llava):
    tok = llava[1].tokenizer
    ids, shared = gr.word_tokens(tok)
    # the picture words (train/picture_words.py) may share: this tokenizer saw none of them
    assert set(shared) <= set(gr.WORDS[34:]) and len(set(ids[:34])) == len(gr.PATCH_WORDS) == 34
    for word, i in zip(gr.PATCH_WORDS, ids):  # the first token of the word as asked
        assert tok(" " + word.replace("_", " "), add_special_tokens=False)["input_ids"][0] == i
    frame = tok.tokenize("USER: <image>\nIs there a cup in the image?\nASSISTANT: Yes</s>")
    assert frame[:2] == ["USER", ":"] and "ASSISTANT" in frame and "Ġcup" in frame


def test_a_small_vocabulary_shares_tokens_and_says_which():
    from mm.tokenizer import train_tokenizer

    tok = train_tokenizer(["Is the triangle red? Yes it is."] * 30, vocab_size=280)
    ids, shared = gr.word_tokens(tok)
    assert shared and len(ids) == len(gr.WORDS)
    # a word sharing a token spells the first one of it, which another word took
    for word in shared:
        first = tok(" " + word.replace("_", " "), add_special_tokens=False)["input_ids"][0]
        assert ids[gr.WORDS.index(word)] == first


def test_lookup_rows_are_encodes_pope_rows_with_words_for_the_picture(llava):
    from engines.builders.pope_synth import question
    from mm.tokenizer import prompt_text
    from train.sft import encode

    model, proc = llava
    rows = gr.LookupRows(proc.tokenizer, model.config.image_token_id)
    patches = model.config.image_seq_length
    context = torch.from_numpy(np.random.default_rng(0).integers(34, size=(3, patches)))
    asked, present = torch.tensor([3, 13, 27]), torch.tensor([True, False, True])
    got = rows(context, asked, present)
    white = Image.new("RGB", (64, 64), "white")
    want = encode(proc, [white] * 3, [prompt_text(question(gr.PATCH_WORDS[k])) for k in asked],
                  ["Yes", "No", "Yes"], 128)
    image = want["input_ids"] == model.config.image_token_id
    assert image.sum(1).tolist() == [patches] * 3
    ids = want["input_ids"].clone()
    ids[image] = rows.words[context].flatten()
    assert torch.equal(got["input_ids"], ids)
    assert torch.equal(got["labels"], want["labels"])
    assert torch.equal(got["attention_mask"], want["attention_mask"])
    # a shorter context: as many word tokens, the same question and answer after them
    short = rows(context[:, :2], asked, present)
    assert short["input_ids"].shape[1] == ids.shape[1] - patches + 2
    assert torch.equal(short["labels"][:, -6:], got["labels"][:, -6:])


def test_lookup_rows_with_later_questions_are_encodes_conversations(llava):
    from engines.builders.mme_synth import existence_question
    from engines.builders.pope_synth import question
    from mm.tokenizer import prompt_text
    from train.sft import GROUNDING_ASKS, encode

    model, proc = llava
    rows = gr.LookupRows(proc.tokenizer, model.config.image_token_id)
    patches = model.config.image_seq_length
    context = torch.from_numpy(np.random.default_rng(2).integers(34, size=(2, patches)))
    asked, present = torch.tensor([5, 9]), torch.tensor([False, True])
    later = [[(11, True), (2, False)], [(30, False)]]
    got = rows(context, asked, present, ["pope", "mme"], later)
    word = lambda k: gr.PATCH_WORDS[k].replace("_", " ")  # noqa: E731 (30: "living room")
    ask = {"pope": lambda k: question(word(k)),
           "mme": lambda k: GROUNDING_ASKS["mme-synth"](existence_question(word(k)), "")[0]}
    white = Image.new("RGB", (64, 64), "white")
    for i, form in enumerate(["pope", "mme"]):
        turns = [("No", "Yes")[bool(present[i])]]
        for k, there in later[i]:
            turns += [ask[form](k), ("No", "Yes")[there]]
        want = encode(proc, [white], [prompt_text(ask[form](int(asked[i])))], [tuple(turns)],
                      256)
        ids = want["input_ids"][0].clone()
        image = ids == model.config.image_token_id
        ids[image] = rows.words[context[i]]
        n = len(ids)
        assert got["input_ids"][i, :n].tolist() == ids.tolist()
        assert got["labels"][i, :n].tolist() == want["labels"][0].tolist()
        assert int(got["attention_mask"][i].sum()) == n
    # every question of a row labelled alike (its answer and end token): 3 questions against 2
    assert int((got["labels"][0] != -100).sum()) == 3 * int((got["labels"][1] != -100).sum()) / 2
    # drawn: each object row asks three questions, a diagram's claim row one
    batch, _ = rows.draw(40, 6, np.random.default_rng(3), pictures=0.5, questions=3)
    eos = proc.tokenizer.eos_token_id
    answers = ((batch["labels"] == eos).sum(1)).tolist()
    assert sorted(set(answers)) == [1, 3] and 10 < answers.count(1) < 30


def test_later_questions_ask_new_words_both_ways():
    rng = np.random.default_rng(0)
    context, asked, present = gr.lookup_contexts(400, 9, rng, gr.KINDS, gr.KINDS)
    later = gr.later_questions(context, asked, 3, rng)
    yes = 0
    for words, first, row in zip(context.tolist(), asked.tolist(), later):
        said = [k for k, _ in row]
        assert len(set(said)) == 3 and first not in said
        assert all((k in words) == there for k, there in row)
        yes += sum(t for _, t in row)
    # a fair coin where the context has words left to ask
    assert 0.38 < yes / 1200 < 0.5
    # a one-object context asked about its object first has no word left there
    one = torch.full((1, 4), gr.KINDS)
    one[0, 2] = 7
    assert [t for _, t in gr.later_questions(one, torch.tensor([7]), 3, rng)[0]] == [False] * 3


def test_theme_contexts_hold_a_themes_usual_objects_and_ask_another():
    from train.probe_words import THEME_WORDS, theme_contexts
    from train.probes import theme_cores

    cores = theme_cores()
    context, asked, present = theme_contexts(600, 9, np.random.default_rng(0), gr.KINDS)
    kinds_seen = []
    for words, word, there in zip(context.tolist(), asked.tolist(), present.tolist()):
        theme = {w - gr.KINDS for w in words if w >= gr.KINDS}
        objs = {w for w in words if w < gr.KINDS}
        # one theme's word on every other place (objects may cover all nine), its usual
        # objects alone, 1 to 7 kinds; the word asked there, or another of its usual objects
        assert len(theme) <= 1 and theme <= set(range(THEME_WORDS)) and 1 <= len(objs) <= 7
        assert any(objs | {word} <= set(cores[t].tolist())
                   for t in (theme or range(THEME_WORDS)))
        assert (word in objs) == there
        kinds_seen.append(len(objs))
    assert 0.43 < float(present.float().mean()) < 0.57
    # objects on several places as in a scene: some contexts hold a kind twice
    assert any(sum(w < gr.KINDS for w in row) > len({w for w in row if w < gr.KINDS})
               for row in context.tolist())
    assert set(kinds_seen) == set(range(1, 8))
    one = theme_contexts(50, 1, np.random.default_rng(1), gr.KINDS)[0]
    assert ((one < gr.KINDS).sum(1) == 1).all()  # one place: one object


def in_one_theme(rows: gr.LookupRows, input_ids: torch.Tensor, length: int) -> list[bool]:
    """For each POPE-form lookup row of a batch, whether its context (``length`` places) holds
    one theme's usual objects alone: at most one theme's word (none where the objects fill every
    place) and objects all among that theme's usual ones (``theme_cores``)."""
    from train.probes import theme_cores

    cores = [set(c.tolist()) for c in theme_cores()]
    word_of = {int(t): w for w, t in enumerate(rows.words[:len(gr.PATCH_WORDS)])}
    at = len(rows.template(0, True)[0])  # the context's first place in a POPE row
    out = []
    for ids in input_ids[:, at:at + length].tolist():
        words = [word_of[i] for i in ids]
        objs = {w for w in words if w < gr.KINDS}
        theme = {w - gr.KINDS for w in words if w >= gr.KINDS}
        out.append(len(theme) <= 1 and any(objs <= cores[t]
                                           for t in (theme or range(len(cores)))))
    return out


def test_lookup_draw_takes_a_share_of_theme_contexts(llava):
    model, proc = llava
    rows = gr.LookupRows(proc.tokenizer, model.config.image_token_id)
    # no share: the rows and the generator's state as without the setting
    a, b = np.random.default_rng(4), np.random.default_rng(4)
    plain, _ = rows.draw(30, 6, a, questions=2)
    none, _ = rows.draw(30, 6, b, questions=2, theme=0.0)
    assert all(torch.equal(plain[k], none[k]) for k in plain) and a.random() == b.random()
    # half the rows of one theme's usual objects, after the random ones
    batch, present = rows.draw(400, 6, np.random.default_rng(5), theme=0.5)
    themed = in_one_theme(rows, batch["input_ids"], 6)
    k = max(i for i, t in enumerate(themed) if not t) + 1  # the theme contexts from k on
    # a random context's last rows may fall in one theme's usual objects too, by chance
    assert 0.4 < (400 - k) / 400 < 0.65
    assert sum(themed[:k]) < 0.4 * k  # about 31% of random contexts
    assert 0.4 < float(present.float().mean()) < 0.6


def test_lookup_rows_answer_from_their_context(llava):
    model, proc = llava
    rows = gr.LookupRows(proc.tokenizer, model.config.image_token_id)
    batch, present = rows.draw(200, 5, np.random.default_rng(1))
    yes = proc.tokenizer(" Yes", add_special_tokens=False)["input_ids"][0]
    for i in range(200):
        answer = batch["labels"][i][batch["labels"][i] != -100]
        assert (int(answer[0]) == yes) == bool(present[i])
    assert 0.4 < float(present.float().mean()) < 0.6


def test_pad_cat_pads_each_to_the_longer_width():
    a = {"input_ids": torch.tensor([[5, 6, 7]]), "attention_mask": torch.tensor([[1, 1, 1]]),
         "labels": torch.tensor([[-100, 6, 7]]), "pixel_values": torch.ones(1, 3)}
    b = {"input_ids": torch.tensor([[8, 9], [1, 2]]), "attention_mask": torch.ones(2, 2).long(),
         "labels": torch.tensor([[-100, 9], [-100, 2]])}
    out = gr.pad_cat(a, b, pad_id=0)
    assert out["input_ids"].tolist() == [[5, 6, 7], [8, 9, 0], [1, 2, 0]]
    assert out["attention_mask"].tolist() == [[1, 1, 1], [1, 1, 0], [1, 1, 0]]
    assert out["labels"].tolist() == [[-100, 6, 7], [-100, 9, -100], [-100, 2, -100]]
    assert out["pixel_values"] is a["pixel_values"]


def test_with_lookup_rows_adds_rows_the_same_for_the_same_positions(llava):
    from train.loop import StageTask
    from train.sft import encode

    model, proc = llava
    white = Image.new("RGB", (64, 64), "white")

    def make_batch(idx):
        return encode(proc, [white] * len(idx), ["USER: <image>\nIs there a cup?\nASSISTANT:"]
                      * len(idx), ["Yes"] * len(idx), 128)

    task = gr.with_lookup_rows(StageTask(model, 10, make_batch, None), 0.25, proc.tokenizer,
                               model.config.image_token_id, 6, seed=0)
    assert task.keyed
    one = task.make_batch([0, 1, 2, 3, 4, 5, 6, 7], list(range(8)))
    again = task.make_batch([0, 1, 2, 3, 4, 5, 6, 7], list(range(8)))
    other = task.make_batch([0, 1, 2, 3, 4, 5, 6, 7], list(range(8, 16)))
    assert one["input_ids"].shape[0] == 10 and one["pixel_values"].shape[0] == 8
    image = one["input_ids"] == model.config.image_token_id
    assert image[:8].any(1).all() and not image[8:].any()
    assert torch.equal(one["input_ids"], again["input_ids"])
    assert not torch.equal(one["input_ids"][8:], other["input_ids"][8:])
    # the model takes the mixed batch: the pictures' rows and the lookup rows in one pass
    loss = model(**one).loss
    assert torch.isfinite(loss)
    # with theme 1, every lookup row's context holds one theme's usual objects (by chance,
    # about 31% of random contexts do: a few batches of them show it)
    rows = gr.LookupRows(proc.tokenizer, model.config.image_token_id)

    def themed(theme):
        task = gr.with_lookup_rows(StageTask(model, 10, make_batch, None), 0.25, proc.tokenizer,
                                   model.config.image_token_id, 6, seed=0, theme=theme)
        return [t for first in range(0, 80, 8) for t in in_one_theme(rows, task.make_batch(
            list(range(8)), list(range(first, first + 8)))["input_ids"][8:], 6)]

    random_rows = themed(0.0)
    assert all(themed(1.0)) and not all(random_rows) and len(random_rows) == 20


def test_lookup_warmup_trains_the_language_model_alone(llava):
    import copy

    model = copy.deepcopy(llava[0])
    flags = {n: p.requires_grad for n, p in model.named_parameters()}
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    out = gr.lookup_warmup(model, llava[1].tokenizer, steps=6, hold=2, lr=1e-3, batch_size=4,
                           seed=0, patches=4, n_held=20)
    assert {n: p.requires_grad for n, p in model.named_parameters()} == flags
    changed = {n for n, p in model.named_parameters() if not torch.equal(p, before[n])}
    assert changed and all(n.startswith(("model.language_model.", "lm_head.")) for n in changed)
    assert out["held_out"]["n"] == 20 and out["words_sharing_a_token"] == []
    assert (out["steps"], out["hold"], out["batch_size"]) == (6, 2, 4)


def test_projector_anchor_adds_the_distance_from_the_heads_words(llava):
    from train.loop import StageTask
    from train.sft import encode, token_mean_loss

    model, proc = llava
    torch.manual_seed(0)
    head = torch.nn.Linear(model.config.vision_config.hidden_size, 34)
    white = Image.new("RGB", (64, 64), "white")
    rng = np.random.default_rng(0)
    noise = Image.fromarray(rng.integers(0, 256, (64, 64, 3), dtype=np.uint8))
    batch = encode(proc, [white, noise], ["USER: <image>\nIs there a cup?\nASSISTANT:"] * 2,
                   ["Yes", "No"], 128)
    task, hook = gr.with_projector_anchor(StageTask(model, 2, None, token_mean_loss), model,
                                          head, proc.tokenizer, 7.0)
    seen = {}
    grab = model.model.multi_modal_projector.register_forward_hook(
        lambda m, a, o: seen.update(x=a[0].detach(), y=o.detach()))
    with torch.no_grad():
        got = task.loss(model, batch)
        base = token_mean_loss(model, batch)
    grab.remove()
    emb = model.get_input_embeddings().weight.detach()
    with torch.no_grad():
        want = emb[torch.tensor(gr.word_tokens(proc.tokenizer)[0])][head(seen["x"]).argmax(-1)]
        extra = 7.0 * torch.nn.functional.mse_loss(seen["y"], want) / emb.pow(2).mean()
    assert float(got) == pytest.approx(float(base + extra), rel=1e-5)
    assert float(extra) > 0.01 * float(base)
    # no picture in the batch (lookup rows alone): the loss as it was
    rows = gr.LookupRows(proc.tokenizer, model.config.image_token_id)
    text, _ = rows.draw(3, 4, np.random.default_rng(0))
    with torch.no_grad():
        assert float(task.loss(model, text)) == pytest.approx(float(token_mean_loss(model, text)))
    hook.remove()
    assert not model.model.multi_modal_projector._forward_hooks
    # ``anchored``: the distance over the held pictures alone (here the second), none without
    twice = lambda idx: encode(proc, [white, noise] * len(idx), ["USER: <image>\nIs there a "
                                "cup?\nASSISTANT:"] * 2 * len(idx), ["Yes", "No"] * len(idx),
                                128)
    held, hook = gr.with_projector_anchor(StageTask(model, 2, twice, token_mean_loss), model,
                                          head, proc.tokenizer, 7.0,
                                          anchored=lambda idx: [False, True] * len(idx))
    none, hook2 = gr.with_projector_anchor(StageTask(model, 2, twice, token_mean_loss), model,
                                           head, proc.tokenizer, 7.0,
                                           anchored=lambda idx: [False, False] * len(idx))
    b = held.make_batch([0])
    assert b[gr.ANCHORED].tolist() == [False, True]
    with torch.no_grad():
        one = 7.0 * torch.nn.functional.mse_loss(seen["y"][1], want[1]) / emb.pow(2).mean()
        assert float(held.loss(model, b)) == pytest.approx(float(base + one), rel=1e-5)
        assert gr.ANCHORED in b  # the loss reads the mask, the batch keeps it
        assert float(none.loss(model, none.make_batch([0]))) == pytest.approx(float(base),
                                                                                rel=1e-6)
    hook.remove(), hook2.remove()


@pytest.mark.soak
def test_lookup_warmup_learns_the_one_word_lookup(llava):
    """The small preset's LM learns "is the word asked the word there" in 600 steps (98% held
    out; the tiny preset's does not learn it in 800)."""
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava

    clip = create_clip("tiny", seed=1)[0]
    tok = llava[1].tokenizer
    model, _ = build_llava(export_vision_tower(clip), image_processor_for(clip), tokenizer=tok,
                           lm_preset="small", seed=1)
    rows = gr.LookupRows(tok, model.config.image_token_id)
    before = gr.lookup_score(model, rows, 300, 1, seed=0)
    out = gr.lookup_warmup(model, tok, steps=600, hold=600, lr=1e-3, batch_size=32, seed=0,
                           patches=1, n_held=300)
    assert before["accuracy"] < 0.65 and out["held_out"]["accuracy"] > 0.9, (before, out)


def test_projector_from_head_puts_out_the_heads_words(llava):
    import copy

    model, proc = copy.deepcopy(llava[0]), llava[1]
    torch.manual_seed(0)
    head = torch.nn.Linear(model.config.vision_config.hidden_size, 34)
    out = gr.projector_from_head(model, proc, head, proc.tokenizer, 16, seed=0, image_size=64)
    # a random head over a random tower: its top word often barely leads (the exact check of
    # head_projector, where it leads clearly, is in test_probe_words.py); chance is 1 in 34
    assert out["n_scenes"] == 16 and out["nearest_is_heads_word"] > 0.6


def test_head_round_trip_and_bad_files(tmp_path):
    torch.manual_seed(0)
    head = torch.nn.Linear(8, 34)
    gr.save_head(head, tmp_path, -2)
    back, meta = gr.load_head(tmp_path)
    assert torch.equal(back.weight, head.weight) and torch.equal(back.bias, head.bias)
    assert meta == {"words": list(gr.PATCH_WORDS), "kinds": 28, "feature_layer": -2}
    (tmp_path / gr.HEAD_META).write_text(json.dumps({"words": ["cup"], "feature_layer": -2}))
    with pytest.raises(ValueError, match="not this suite's patch words"):
        gr.load_head(tmp_path)
    with pytest.raises(FileNotFoundError, match="patch_head.safetensors does not exist"):
        gr.load_head(tmp_path / "nowhere")


@pytest.mark.slow
def test_stages_carry_the_grounding_from_stage_1_to_stage_3(tmp_path, run_cli):
    from safetensors.torch import load_file

    from train.cli import main as mm_train

    tiny = "configs/tiny/stage{}.yaml"
    s1, s2, s3 = (tmp_path / f"s{i}" for i in (1, 2, 3))
    r = run_cli(mm_train, "stage1", "--recipe", tiny.format(1), "--out", str(s1),
                "--no-progress", "--set", "dense_steps=3", "dense_n=12", "dense_held=6",
                "dense_batch=4", "image_size=64")
    assert r.returncode == 0, r.stderr
    words = json.loads((s1 / "metrics.json").read_text())["metrics"]["patch_words"]
    assert (words["steps"], words["n_scenes"], words["n_held"]) == (3, 12, 6)
    assert words["patches"] == 6 * 16 and 0 <= words["objects"] <= 1
    head = load_file(str(s1 / gr.HEAD_FILE))
    assert head["weight"].shape[0] == 34
    # the tower handed on is the one the head was trained with, not the contrastive one
    r = run_cli(mm_train, "stage2", "--recipe", tiny.format(2), "--init", str(s1), "--out",
                str(s2), "--no-progress", "--set", "lookup_steps=4", "lookup_hold=2",
                "lookup_batch=4", "lookup_scenes=10", "projector_head=true",
                "projector_head_n=8", "image_size=64")
    assert r.returncode == 0, r.stderr
    m = json.loads((s2 / "metrics.json").read_text())["metrics"]
    assert m["lookup"]["steps"] == 4 and m["lookup"]["held_out"]["n"] == 600
    assert m["lookup"]["held_out_scenes"]["n"] == 10
    assert m["projector_head"]["n_scenes"] == 8
    assert (s2 / gr.HEAD_FILE).read_bytes() == (s1 / gr.HEAD_FILE).read_bytes()
    # the projector's units beyond the head's 34 words: live inputs, silent outputs
    proj = load_file(str(s2 / "model" / "model.safetensors"))
    first = proj["multi_modal_projector.linear_1.weight"]
    last = proj["multi_modal_projector.linear_2.weight"]
    assert first.shape[0] > 34 and bool((first[34:].abs().sum(1) > 0).all())
    assert not last[:, 34:].any()
    # POPE rows beside the CoT and perception rows: the anchor holds their pictures alone
    r = run_cli(mm_train, "stage3", "--recipe", tiny.format(3), "--init", str(s2), "--out",
                str(s3), "--no-progress", "--set", "lookup_mix=0.5", "max_steps=2",
                "projector_anchor=5", "image_size=64", "pope_n=8", "lookup_theme=0.5")
    assert r.returncode == 0, r.stderr
    assert json.loads((s3 / "metrics.json").read_text())["steps"] == 2
    # stage 3 again from stage 3's folder (a curriculum): the head handed on, so the anchor
    # holds there too, and the weights are stage 3's (the projector, frozen here, as it was)
    assert (s3 / gr.HEAD_FILE).read_bytes() == (s1 / gr.HEAD_FILE).read_bytes()
    s3b = tmp_path / "s3b"
    r = run_cli(mm_train, "stage3", "--recipe", tiny.format(3), "--init", str(s3), "--out",
                str(s3b), "--no-progress", "--set", "lookup_mix=0.5", "max_steps=1",
                "warmup_steps=0", "train_modules=[llm]", "module_lr={}", "projector_anchor=5",
                "image_size=64", "pope_n=8", "yes_no_families=[chart]")
    assert r.returncode == 0, r.stderr
    weights = {d: load_file(str(d / "model" / "model.safetensors")) for d in (s2, s3, s3b)}
    key = "multi_modal_projector.linear_2.weight"
    assert torch.equal(weights[s3b][key], weights[s3][key])
    assert not torch.equal(weights[s3][key], weights[s2][key])
    m = json.loads((s3b / "metrics.json").read_text())["metrics"]
    assert set(m["yes_no"]["per_family"]) == {"chart"}


def test_projector_head_without_a_head_is_one_line(tmp_path, run_cli):
    from train.cli import main as mm_train
    from train.pipeline import pipeline_recipes
    from train.recipe import RecipeError

    with pytest.raises(RecipeError, match="^projector_head: needs stage 1's patch head; set "
                                          "dense_steps > 0 for stage 1$"):
        pipeline_recipes("tiny", overrides={"projector_head": True})
    assert pipeline_recipes("tiny", overrides={"projector_head": True, "dense_steps": 2})
    with pytest.raises(RecipeError, match="^projector_anchor: needs stage 1's patch head, "
                                          "which stage 2 hands on with projector_head: true$"):
        pipeline_recipes("tiny", overrides={"projector_anchor": 5, "dense_steps": 2})
    r = run_cli(mm_train, "stage2", "--recipe", "configs/tiny/stage2.yaml", "--out",
                str(tmp_path / "o"), "--set", "projector_head=true", "projector_fit_n=8")
    assert r.returncode == 2 and r.stderr.strip() == (
        "mm-train: error: argument --set: projector_head=true: the projector starts from "
        "stage 1's head; projector_fit_n would be undone (set it to 0)")
    r = run_cli(mm_train, "stage3", "--recipe", "configs/tiny/stage3.yaml", "--out",
                str(tmp_path / "o"), "--set", "lookup_mix=-0.5")
    assert r.returncode == 2 and r.stderr.strip() == (
        "mm-train: error: argument --set: lookup_mix=-0.5: must be >= 0, got -0.5")
    r = run_cli(mm_train, "stage3", "--recipe", "configs/tiny/stage3.yaml", "--out",
                str(tmp_path / "o"), "--set", "lookup_theme=-0.1")
    assert r.returncode == 2 and r.stderr.strip() == (
        "mm-train: error: argument --set: lookup_theme=-0.1: must be in [0, 1], got -0.1")
    r = run_cli(mm_train, "stage3", "--recipe", "configs/tiny/stage3.yaml", "--out",
                str(tmp_path / "o"), "--set", "projector_anchor_kinds=[pope-synth, charts]")
    assert r.returncode == 2 and r.stderr.strip() == (
        "mm-train: error: argument --set: projector_anchor_kinds=[pope-synth, charts]: "
        "unknown ['charts']; valid: mavis-instruct, mavis-perception, pope-synth, mme-synth")
    assert not (tmp_path / "o").exists()


def test_the_quickstart_chain_grounds_each_stage():
    """make run's small recipes: stage 1's patch head, stage 2's lookup and the projector set
    from the head, stage 3 anchored to it with balanced probes, the tower left as stage 1 made
    it; without the head the chain is one error line before any work."""
    from train.pipeline import pipeline_recipes
    from train.recipe import RecipeError

    r = pipeline_recipes("small")
    assert r["stage1"].settings.dense_steps > 0
    assert r["stage2"].settings.lookup_steps > r["stage2"].settings.lookup_hold > 0
    assert r["stage2"].settings.projector_head and r["stage2"].settings.lookup_copy > 0
    s3 = r["stage3"]
    assert s3.settings.projector_anchor > 0 and s3.settings.lookup_mix > 0
    assert s3.pope_negatives == r["stage4"].pope_negatives == "balanced"
    assert "vision" not in s3.train_modules
    with pytest.raises(RecipeError, match="^projector_head: needs stage 1's patch head"):
        pipeline_recipes("small", overrides={"dense_steps": 0})


def test_by_count_scores_the_present_rows_by_their_count():
    said = torch.tensor([True, False, True, True, False])
    present = torch.tensor([True, True, True, False, True])
    assert gr.by_count(said, present, torch.tensor([1, 1, 2, 2, 3])) == {
        "1": {"n": 2, "accuracy": 0.5}, "2": {"n": 1, "accuracy": 1.0},
        "3": {"n": 1, "accuracy": 0.0}}
    # the absent rows: row 3 (count 2) said "yes" where its word is not there
    assert gr.by_count(~said, ~present, torch.tensor([1, 1, 2, 2, 3])) == {
        "2": {"n": 1, "accuracy": 0.0}}


class _Oracle(torch.nn.Module):
    """Says "Yes" where the kind asked (the row's last kind word) is also in the context, or
    always "Yes" with ``always``: the truth the lookup scores must recover."""

    def __init__(self, rows: gr.LookupRows, config, always: bool = False):
        super().__init__()
        self.config, self.always = config, always
        self.kinds = rows.words[:gr.KINDS]
        _, self.yes, self.no = gr.answer_fork(rows)
        self.w = torch.nn.Parameter(torch.zeros(1))

    def forward(self, input_ids, attention_mask):
        from types import SimpleNamespace

        logits = torch.zeros(*input_ids.shape, max(self.yes, self.no) + 1)
        for b, ids in enumerate(input_ids.tolist()):
            asked = [i for i in ids if i in self.kinds.tolist()][-1]
            there = self.always or ids.count(asked) > 1
            logits[b, :, self.yes if there else self.no] = 1.0
        return SimpleNamespace(logits=logits)


def test_lookup_scores_recover_the_truth_of_their_rows(llava):
    model, proc = llava
    rows = gr.LookupRows(proc.tokenizer, model.config.image_token_id)
    oracle = _Oracle(rows, model.config)
    held = gr.lookup_score(oracle, rows, 60, 9, seed=0)
    assert held["accuracy"] == 1.0 and held["n"] == 60
    assert gr.curve_point(oracle, rows, 7, 3, 9, seed=0) == {
        "step": 7, "length": 3, "accuracy": 1.0, "yes_ratio": gr.curve_point(
            oracle, rows, 7, 9, 9, seed=0)["yes_ratio"], "at_length": 1.0}
    assert set(held["present_by_objects"]) <= {"1", "2", "3", "4", "5"}
    assert all(v["accuracy"] == 1.0 for v in held["absent_by_objects"].values())
    assert sum(v["n"] for v in held["present_by_objects"].values()) == round(
        60 * held["yes_ratio"])
    scenes = gr.scene_lookup_score(oracle, rows, proc.image_processor, 24, seed=0,
                                   image_size=64)
    assert scenes["accuracy"] == 1.0 and scenes["n"] == 24 and 0 < scenes["yes_ratio"] < 1
    assert all(v["accuracy"] == 1.0 for v in scenes["present_by_kinds"].values())
    always = gr.scene_lookup_score(_Oracle(rows, model.config, always=True), rows,
                                   proc.image_processor, 24, seed=0, image_size=64)
    assert always["yes_ratio"] == 1.0 and always["accuracy"] == scenes["yes_ratio"]


def test_lookup_warmup_mixed_lengths_and_its_curve(llava):
    import copy

    model, tok = copy.deepcopy(llava[0]), llava[1].tokenizer
    out = gr.lookup_warmup(model, tok, steps=6, hold=2, lr=1e-3, batch_size=4, seed=0,
                           patches=4, n_held=20, lengths="mixed", eval_every=3)
    assert out["lengths"] == "mixed" and [c["step"] for c in out["curve"]] == [3, 6]
    assert [c["length"] for c in out["curve"]] == [1, 4]  # the ramp's, at those steps
    assert all(0 <= c["accuracy"] <= 1 and 0 <= c["at_length"] <= 1 for c in out["curve"])
    assert out["curve"][1]["at_length"] == out["curve"][1]["accuracy"]  # full length by then
    again = gr.lookup_warmup(copy.deepcopy(llava[0]), tok, steps=6, hold=2, lr=1e-3,
                             batch_size=4, seed=0, patches=4, n_held=20, lengths="mixed",
                             eval_every=3)
    assert again["curve"] == out["curve"] and again["first_loss"] == out["first_loss"]
    ramp = gr.lookup_warmup(copy.deepcopy(llava[0]), tok, steps=6, hold=2, lr=1e-3,
                            batch_size=4, seed=0, patches=4, n_held=20)
    assert ramp["curve"] == [] and ramp["final_loss"] != out["final_loss"]
    # three questions a context: the later answers join the loss from the first step
    asked = gr.lookup_warmup(copy.deepcopy(llava[0]), tok, steps=6, hold=2, lr=1e-3,
                             batch_size=4, seed=0, patches=4, n_held=20, lengths="mixed",
                             questions=3)
    assert asked["questions"] == 3 and out["questions"] == 1
    assert asked["first_loss"] != out["first_loss"]
    themed = gr.lookup_warmup(copy.deepcopy(llava[0]), tok, steps=6, hold=2, lr=1e-3,
                              batch_size=4, seed=0, patches=4, n_held=20, lengths="mixed",
                              theme=1.0)
    assert themed["theme"] == 1.0 and out["theme"] == 0.0
    assert themed["first_loss"] != out["first_loss"]
    with pytest.raises(ValueError, match="lengths must be one of"):
        gr.lookup_warmup(model, tok, steps=1, hold=1, lr=1e-3, batch_size=2, seed=0,
                         patches=4, lengths="steps")


def test_rope_theta_sets_the_from_scratch_lms_base(llava):
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava

    clip = create_clip("tiny", seed=1)[0]
    args = (export_vision_tower(clip), image_processor_for(clip))
    model, _ = build_llava(*args, tokenizer=llava[1].tokenizer, lm_preset="tiny", seed=1,
                           rope_theta=1e6)
    lm = model.model.language_model
    assert lm.config.rope_parameters["rope_theta"] == 1e6
    assert llava[0].config.text_config.rope_parameters["rope_theta"] == 10000.0
    # the base changes the rotary frequencies, not the weights drawn from the seed
    assert not torch.equal(lm.rotary_emb.inv_freq,
                           llava[0].model.language_model.rotary_emb.inv_freq)
    assert all(torch.equal(a, b) for a, b in zip(model.parameters(), llava[0].parameters()))
    with pytest.raises(ValueError, match="a loaded LM keeps its own"):
        build_llava(*args, lm_path="/nonexistent", rope_theta=1e6)


def test_stage2_lookup_and_rope_settings_are_checked(tmp_path, run_cli):
    from train.cli import main as mm_train

    for setting, message in [
            ("lookup_lengths=steps", "expected one of ramp, mixed, got 'steps'"),
            ("rope_theta=-1", "expected a number >= 0 (0: the LM's default), got -1"),
            ("lookup_eval_every=-5", "must be >= 0, got -5"),
            ("lookup_copy=-0.5", "must be >= 0, got -0.5"),
            ("lookup_questions=0", "must be positive, got 0"),
            ("lookup_questions=17", "at most 16, got 17"),
            ("lookup_theme=1.5", "must be in [0, 1], got 1.5")]:
        r = run_cli(mm_train, "stage2", "--recipe", "configs/tiny/stage2.yaml", "--out",
                    str(tmp_path / "o"), "--set", setting)
        assert r.returncode == 2 and r.stderr.strip() == (
            f"mm-train: error: argument --set: {setting}: {message}"), r.stderr
    r = run_cli(mm_train, "stage2", "--recipe", "configs/tiny/stage2.yaml", "--out",
                str(tmp_path / "o"), "--set", "rope_theta=1e6", f"lm_path={tmp_path}")
    assert r.returncode == 2 and r.stderr.strip().endswith(
        "rope_theta=1e6: sets a from-scratch LM's RoPE base; the LM of lm_path keeps its own")
    assert not (tmp_path / "o").exists()


def test_copy_rows_ask_for_the_one_word_there(llava):
    import copy

    model, proc = llava
    tok = proc.tokenizer
    rows = gr.LookupRows(tok, model.config.image_token_id)
    batch = rows.copy_rows(torch.tensor([0, 5]))
    for i, w in enumerate([0, 5]):
        ids, labels = batch["input_ids"][i], batch["labels"][i]
        real = ids[batch["attention_mask"][i] == 1].tolist()
        word = gr.PATCH_WORDS[w]
        assert real.count(int(rows.words[w])) == 2  # in the picture's place and as the answer
        assert tok.decode(real).startswith("USER:") and gr.COPY_QUESTION in tok.decode(real)
        answer = ids[labels != -100].tolist()
        assert tok.decode(answer).strip() == word + tok.eos_token
        assert real[-len(answer):] == answer
    base = gr.lookup_warmup(copy.deepcopy(model), tok, steps=4, hold=4, lr=1e-3,
                            batch_size=4, seed=0, patches=4, n_held=20)
    more = gr.lookup_warmup(copy.deepcopy(model), tok, steps=4, hold=4, lr=1e-3,
                            batch_size=4, seed=0, patches=4, n_held=20, copy=0.5)
    assert (base["copy"], more["copy"]) == (0.0, 0.5)
    assert more["first_loss"] > base["first_loss"]  # the copy rows' loss is added
