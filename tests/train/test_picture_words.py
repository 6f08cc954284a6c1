"""Picture words (train/picture_words.py): each diagram's word against the facts and against
MME-synth's own claims about the same picture; the head's grown vocabulary; the lookup's rows
about diagrams' words."""
import json
import re

import numpy as np
import pytest
import torch

import renderers
from train import grounding as gr
from train import picture_words as pw


@pytest.fixture(scope="module")
def llava_pictures():
    """(model, processor): a tiny from-scratch LLaVA whose tokenizer saw the picture words."""
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava
    from mm.tokenizer import train_tokenizer
    from tests.tiny import TOKENIZER_TEXT

    clip = create_clip("tiny", seed=1)[0]
    tok = train_tokenizer([TOKENIZER_TEXT] * 30 + gr.tokenizer_texts(pictures=True),
                          vocab_size=700)
    return build_llava(export_vision_tower(clip), image_processor_for(clip), tokenizer=tok,
                       lm_preset="tiny", seed=1)


def test_the_vocabulary_grows_after_the_patch_words_and_reuses_kinds():
    assert gr.WORDS[:34] == gr.PATCH_WORDS and len(gr.WORDS) == 34 + len(pw.PICTURE_WORDS)
    assert gr.WORDS[gr.BLANK_ID] == "blank" == pw.PICTURE_WORDS[0]
    assert len(set(gr.WORDS)) == len(gr.WORDS)
    # a chart's "table" and a network's "tree" are the object kinds' words
    assert gr.FAMILY_WORD_IDS["chart"].tolist().count(gr.PATCH_WORDS.index("table")) == 1
    assert gr.PATCH_WORDS.index("tree") in gr.FAMILY_WORD_IDS["graph"]
    for family, ids in gr.FAMILY_WORD_IDS.items():
        assert [gr.WORDS[i] for i in ids] == list(pw.FAMILY_WORDS[family])


def test_each_picture_word_is_true_of_its_facts():
    seen = {f: set() for f in pw.PICTURE_FAMILIES}
    for i in range(150):
        family = pw.PICTURE_FAMILIES[i % 5]
        spec = pw.sample_picture(family, np.random.default_rng([7, i]))
        facts = renderers.get_family(family).facts(spec)
        word = pw.picture_word(family, spec, facts)
        assert word in pw.FAMILY_WORDS[family]
        seen[family].add(word)
        if family == "graph":
            want = ("directed" if facts["directed"] else "tree" if facts["is_tree"] else
                    "cycle" if facts["has_cycle"] else "forest")
            assert word == want
        elif family == "function":
            assert facts["n_functions"] == 1 and word == facts["functions"][0]["kind"]
        elif family == "plane_geometry":
            # the last word of the base type the figure's facts name ("regular pentagon")
            assert word == facts["base_type"].split()[-1]
        else:
            assert word == facts["kind"]
    assert all(len(words) >= 3 for words in seen.values()), seen


@pytest.mark.parametrize("subtask", ["shape_type", "function_family"])
def test_mme_synths_true_claim_names_the_pictures_word(subtask):
    from engines.builders import mme_synth as ms

    family = {"shape_type": "plane_geometry", "function_family": "function"}[subtask]
    fam = renderers.get_family(family)
    for i in range(12):
        spec, qa = ms.make_item(subtask, 3, i)
        word = pw.picture_word(family, spec, fam.facts(spec))
        yes = next(q for q, a in qa if a == "Yes")
        said = "sine" if word == "cosine" else "logarithmic" if word == "logarithm" else word
        assert re.search(rf"\b{said}\b", yes), (word, yes)


def test_the_shape_category_of_regular_polygons():
    from engines.builders.mme_synth import shape_category

    fam = renderers.get_family("plane_geometry")
    for i in range(20):
        spec = fam.sample_spec(np.random.default_rng(i), base="regular_polygon")
        n = int(round(spec.params["n"]))
        assert shape_category(spec) == {5: "pentagon", 6: "hexagon", 7: "heptagon",
                                        8: "octagon"}[n]


def test_word_pictures_are_seeded_and_name_every_patch(tmp_path):
    from mm.clip_math import create_clip
    from mm.export import image_processor_for

    proc = image_processor_for(create_clip("tiny", seed=1)[0])
    px, words, families = gr.render_word_pictures(proc, 4, 10, seed=5, image_size=64)
    again = gr.render_word_pictures(proc, 4, 10, seed=5, image_size=64)
    assert torch.equal(px, again[0]) and torch.equal(words, again[1])
    assert px.shape[0] == 10 and words.shape == (10, 16)
    assert families == [pw.PICTURE_FAMILIES[i % 5] for i in range(10)]
    images, _, said = pw.word_pictures(10, 5, 64)
    for w, f, im, word in zip(words, families, images, said):
        ink = torch.from_numpy(pw.ink_patches(im, 4))
        assert ink.any() and (w[~ink] == gr.BLANK_ID).all()
        assert (w[ink] == gr.WORDS.index(word)).all() and gr.WORDS.index(word) in \
            gr.FAMILY_WORD_IDS[f]


def test_ink_patches_find_the_drawn_patches():
    from PIL import Image, ImageDraw

    im = Image.new("RGB", (96, 96), "white")
    ImageDraw.Draw(im).rectangle([50, 2, 90, 40], outline="black", width=2)
    assert pw.ink_patches(im, 2).tolist() == [False, True, False, False]
    assert not pw.ink_patches(Image.new("RGB", (96, 96), "white"), 6).any()
    assert pw.ink_patches(Image.new("RGB", (96, 96), "black"), 6).all()


def test_picture_accuracy_scores_inked_patches_and_blank_ones_apart():
    b, sq, tree = gr.BLANK_ID, gr.WORDS.index("square"), gr.WORDS.index("tree")
    truth = torch.tensor([[b, sq, sq, sq], [tree, tree, tree, b]])
    said = torch.tensor([[sq, sq, sq, b], [tree, sq, sq, b]])
    got = gr.picture_accuracy(said, truth, ["plane_geometry", "graph"])
    assert got["patches"] == pytest.approx(3 / 6) and got["blank"] == pytest.approx(1 / 2)
    assert got["pictures"] == 0.5  # the network's inked patches: one "tree", two "square"
    assert got["by_family"]["plane_geometry"] == {"n": 1, "patches": pytest.approx(2 / 3)}


def test_picture_contexts_ask_a_claim_of_the_same_family():
    ctx, asked, present, families = gr.picture_contexts(400, 6, np.random.default_rng(0))
    assert ctx.shape == (400, 6) and len(families) == 400
    word = torch.where(ctx != gr.BLANK_ID, ctx, -1).max(1).values
    assert (word >= 0).all() and ((ctx == word[:, None]) | (ctx == gr.BLANK_ID)).all()
    assert set((ctx != gr.BLANK_ID).sum(1).tolist()) == {1, 2, 3, 4, 5, 6}
    assert 0.4 < present.float().mean() < 0.6 and set(families) == set(pw.PICTURE_FAMILIES)
    for a, w, yes, f in zip(asked.tolist(), word.tolist(), present.tolist(), families):
        assert gr.WORDS[a] in pw.FAMILY_WORDS[f] and gr.WORDS[w] in pw.FAMILY_WORDS[f]
        # true exactly where the claim asked is the claim of the word there
        assert yes == (pw.claim(f, gr.WORDS[a]) == pw.claim(f, gr.WORDS[w]))


def test_claims_are_mme_synths_own_questions():
    from engines.builders import mme_synth as ms

    for subtask, family in (("shape_type", "plane_geometry"), ("function_family", "function")):
        fam = renderers.get_family(family)
        for i in range(6):
            spec, qa = ms.make_item(subtask, 1, i)
            yes = next(q for q, a in qa if a == "Yes")
            assert pw.claim(family, pw.picture_word(family, spec, fam.facts(spec))) == yes
    assert pw.claim("function", "cosine") == "Is the plotted function a sine curve?"
    assert pw.claim("function", "rational") == "Is the plotted function a rational function?"
    assert pw.claim("chart", "histogram") == "Is this a histogram chart?"
    with pytest.raises(ValueError, match="no picture words for family 'puzzle'"):
        pw.claim("puzzle", "x")


def test_lookup_draws_mix_in_picture_rows_at_their_share():
    from mm.tokenizer import train_tokenizer
    from tests.tiny import TOKENIZER_TEXT

    tok = train_tokenizer([TOKENIZER_TEXT] * 30 + gr.tokenizer_texts(pictures=True),
                          vocab_size=700)
    ids, shared = gr.word_tokens(tok)
    assert shared == [] and len(set(ids)) == len(gr.WORDS)
    image_id = tok.convert_tokens_to_ids("<image>")
    rows = gr.LookupRows(tok, image_id)
    picture_ids = set(rows.words[len(gr.PATCH_WORDS):].tolist())
    batch, present = rows.draw(200, 5, np.random.default_rng(1), pictures=0.25, mme=0.5)
    on_pictures = torch.tensor([bool(set(r.tolist()) & picture_ids) for r in
                                batch["input_ids"]])
    assert 30 <= int(on_pictures.sum()) <= 70 and len(present) == 200
    texts = tok.batch_decode(batch["input_ids"], skip_special_tokens=True)
    mme = ["in this image? Please answer yes or no." in t for t in texts]
    pope = ["in the image?" in t for t in texts]
    # the object rows in POPE's question or MME's, about half each; the picture rows in claims
    assert not any(m and p for m, p in zip(mme, pope))
    assert 0.3 < sum(mme) / (200 - int(on_pictures.sum())) < 0.7
    assert all(not p for p, pic in zip(pope, on_pictures) if pic)
    plain, _ = rows.draw(200, 5, np.random.default_rng(1))
    assert not any(set(r.tolist()) & picture_ids for r in plain["input_ids"])
    assert all("in the image?" in t for t in tok.batch_decode(plain["input_ids"]))


def test_lookup_rows_in_mme_form_are_encodes_mme_rows(llava_pictures):
    from mm.tokenizer import prompt_text
    from PIL import Image
    from train.sft import GROUNDING_ASKS, encode

    model, proc = llava_pictures
    rows = gr.LookupRows(proc.tokenizer, model.config.image_token_id)
    patches = model.config.image_seq_length
    octagon, cup = gr.WORDS.index("octagon"), gr.WORDS.index("cup")
    context = torch.full((2, patches), gr.BLANK_ID)
    context[0, :3] = octagon
    got = rows(context, torch.tensor([octagon, cup]), torch.tensor([True, False]),
               ["plane_geometry", "mme"])
    asks = [GROUNDING_ASKS["mme-synth"]("Is the shape in the figure an octagon?", "Yes"),
            GROUNDING_ASKS["mme-synth"]("Is there a cup in this image?", "No")]
    white = Image.new("RGB", (64, 64), "white")
    want = encode(proc, [white] * 2, [prompt_text(q) for q, _ in asks], [a for _, a in asks],
                  128)
    ids = want["input_ids"].clone()
    ids[ids == model.config.image_token_id] = rows.words[context].flatten()
    assert torch.equal(got["input_ids"], ids) and torch.equal(got["labels"], want["labels"])


@pytest.mark.slow
def test_stage_1_names_diagrams_and_stage_2_looks_their_words_up(tmp_path, run_cli):
    from train.cli import main as mm_train

    s1, s2 = tmp_path / "s1", tmp_path / "s2"
    r = run_cli(mm_train, "stage1", "--recipe", "configs/tiny/stage1.yaml", "--out", str(s1),
                "--no-progress", "--set", "dense_steps=3", "dense_n=12", "dense_held=5",
                "dense_batch=4", "image_size=64", "dense_pictures=10", "dense_class=true")
    assert r.returncode == 0, r.stderr
    words = json.loads((s1 / "metrics.json").read_text())["metrics"]["patch_words"]
    assert words["n_pictures"] == 10 and words["pictures"]["n"] == 5
    assert set(words["pictures"]["by_family"]) == set(pw.PICTURE_FAMILIES)
    cls = words["pictures"]["class_token"]  # the 5 held-out diagrams, one a family
    assert set(cls["by_family"]) == set(pw.PICTURE_FAMILIES)
    assert cls["pictures"] == sum(cls["by_family"].values()) / 5
    assert all(v in (0.0, 1.0) for v in cls["by_family"].values())
    head, meta = gr.load_head(s1)
    assert head.out_features == len(gr.WORDS) and tuple(meta["words"]) == gr.WORDS
    r = run_cli(mm_train, "stage2", "--recipe", "configs/tiny/stage2.yaml", "--init", str(s1),
                "--out", str(s2), "--no-progress", "--set", "lookup_steps=4", "lookup_hold=2",
                "lookup_batch=4", "lookup_scenes=0", "lookup_pictures=0.3", "image_size=64")
    assert r.returncode == 0, r.stderr
    m = json.loads((s2 / "metrics.json").read_text())["metrics"]["lookup"]
    assert m["pictures"] == 0.3 and m["held_out_pictures"]["n"] == 600
    r = run_cli(mm_train, "stage2", "--recipe", "configs/tiny/stage2.yaml", "--init", str(s1),
                "--out", str(tmp_path / "bad"), "--no-progress", "--set",
                "lookup_pictures=1.5")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines()[-1] == (
        "mm-train: error: argument --set: lookup_pictures=1.5: must be in [0, 1], got 1.5")


def test_a_diagrams_word_is_its_inked_patches_word():
    b = gr.BLANK_ID
    got = gr.picture_words(torch.tensor([[b, 40, 40, b], [b, b, b, b], [41, b, b, b]]))
    assert got.tolist() == [40, -100, 41]


@pytest.mark.parametrize("flags", [["dense_class=true"],
                                   ["dense_class=true", "dense_pictures=10", "dense_steps=0"]])
def test_a_class_word_needs_the_diagrams_it_names(flags, tmp_path, run_cli):
    from train.cli import main as mm_train

    r = run_cli(mm_train, "stage1", "--recipe", "configs/tiny/stage1.yaml", "--out",
                str(tmp_path / "s1"), "--no-progress", "--set", *flags)
    assert r.returncode == 2 and not (tmp_path / "s1").exists()
    assert r.stderr.strip().splitlines()[-1] == (
        "mm-train: error: argument --set: dense_class=true: needs dense_steps and "
        "dense_pictures > 0 (the diagrams whose words it learns)")
