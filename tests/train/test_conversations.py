"""Grounding rows asked as conversations about their pictures (stage 3's ``grounding_turns``):
the grouping keeps every row once and in order, the training text is the chat template's own
rendering of the conversation, and the labels cover each answer and nothing else.

    PYTHONPATH=. .venv/bin/python -m pytest tests/train/test_conversations.py -q
"""
import datasets
import numpy as np
import pytest
import torch
from PIL import Image

from train.data import Conversations
from train.recipe import Recipe, RecipeError


def _rows():
    """POPE-like rows: picture a asked in two splits (its positive recurs), then picture b."""
    qa = [("a", "cup?", "yes"), ("a", "dog?", "no"), ("a", "pen?", "yes"),
          ("a", "cup?", "yes"), ("a", "car?", "no"),
          ("b", "cup?", "no"), ("b", "hat?", "yes"), ("b", "sun?", "no"), ("b", "box?", "yes")]
    rng = np.random.default_rng(0)
    pics = {k: Image.fromarray(rng.integers(0, 256, (32, 32, 3), dtype=np.uint8))
            for k in "ab"}
    return datasets.Dataset.from_dict(
        {"image": [pics[i] for i, _, _ in qa], "image_id": [i for i, _, _ in qa],
         "question": [q for _, q, _ in qa], "answer": [a for _, _, a in qa]},
        features=datasets.Features({"image": datasets.Image(), "image_id": datasets.Value(
            "string"), "question": datasets.Value("string"), "answer": datasets.Value("string")}))


@pytest.mark.parametrize("turns, groups", [
    (1, [[0], [1], [2], [3], [4], [5], [6], [7], [8]]),
    # a conversation ends at the picture's repeated question, at a new picture, at `turns`
    (3, [[0, 1, 2], [3, 4], [5, 6, 7], [8]]),
    (6, [[0, 1, 2], [3, 4], [5, 6, 7, 8]]),
])
def test_conversations_group_each_row_once(turns, groups):
    ds = _rows()
    conv = Conversations(ds, turns, seed=3)
    assert [sorted(g) for g in conv.groups] == groups
    assert len(conv) == len(groups)
    # each conversation's order is drawn from the seed and its index
    assert conv.groups == [np.random.default_rng([3, i]).permutation(g).tolist()
                           for i, g in enumerate(groups)]
    assert Conversations(ds, turns, seed=3).groups == conv.groups
    last = conv[len(groups) - 1]
    g = conv.groups[-1]
    assert last["image_id"] == ds[g[0]]["image_id"]
    assert last["question"] == [ds[k]["question"] for k in g]
    assert last["answer"] == [ds[k]["answer"] for k in g]
    assert np.array_equal(np.asarray(last["image"]), np.asarray(ds[g[0]]["image"]))
    # the same rows as the build's, each once
    assert sorted(k for g in conv.groups for k in g) == list(range(len(ds)))


def test_conversation_order_teaches_no_answer_pattern():
    """POPE lists each split's answers yes, no, yes, ...: in a conversation of that order the
    first answer would always be yes (a model trained so answered yes to every probe)."""
    n = 240
    ds = [{"image": None, "image_id": f"p{i // 6}", "question": f"q{i % 6}",
           "answer": "yes" if i % 2 == 0 else "no"} for i in range(n)]
    conv = Conversations(ds, 6, seed=0)
    assert all(len(g) == 6 for g in conv.groups)
    first_yes = np.mean([ds[g[0]]["answer"] == "yes" for g in conv.groups])
    assert 0.3 < first_yes < 0.7
    assert len({tuple(ds[k]["answer"] for k in g) for g in conv.groups}) > 10


def test_conversations_refuse_no_turns():
    with pytest.raises(ValueError, match="turns: at least 1, got 0"):
        Conversations(_rows(), 0)


def test_grounding_turns_is_checked_by_the_recipe():
    with pytest.raises(RecipeError, match="grounding_turns: must be positive, got 0"):
        Recipe.from_dict({"stage": "instruct", "train_modules": ["llm"], "grounding_turns": 0})
    assert Recipe.from_dict({"stage": "instruct", "train_modules": ["llm"], "grounding_turns": 6}
                            ).settings.grounding_turns == 6


def test_conversation_examples_ask_each_kind_as_its_single_rows_do():
    from engines.builders.mme_synth import SUFFIX
    from train.sft import rows_to_examples

    ds = _rows()
    conv = Conversations(ds, 3)
    g = conv.groups[0]
    (pope,) = rows_to_examples([conv[0]], "pope-synth")
    singles = rows_to_examples([ds[k] for k in g], "pope-synth")
    assert pope["q"] == singles[0]["q"] == ds[g[0]]["question"]
    assert pope["a"] == (singles[0]["a"], singles[1]["q"], singles[1]["a"], singles[2]["q"],
                         singles[2]["a"])
    assert set(pope["a"][::2]) == {"Yes", "No"}
    (mme,) = rows_to_examples([conv[0]], "mme-synth")
    assert mme["q"] == ds[g[0]]["question"] + SUFFIX
    assert mme["a"][1] == ds[g[1]]["question"] + SUFFIX
    # perception questions are asked as they stand, their answers as the build writes them
    (per,) = rows_to_examples([conv[0]], "mavis-perception")
    assert per["q"] == ds[g[0]]["question"]
    assert per["a"] == (ds[g[0]]["answer"], ds[g[1]]["question"], ds[g[1]]["answer"],
                        ds[g[2]]["question"], ds[g[2]]["answer"])


def test_picture_questions_are_checked_by_the_recipe():
    base = {"stage": "instruct", "train_modules": ["llm"]}
    with pytest.raises(RecipeError, match=r"picture_questions: must be in \[2, 32\], got 1"):
        Recipe.from_dict({**base, "picture_questions": 1})
    with pytest.raises(RecipeError, match="perception_pictures: must be >= 0, got -5"):
        Recipe.from_dict({**base, "perception_pictures": -5})
    got = Recipe.from_dict({**base, "perception_pictures": 300, "picture_questions": 6})
    assert (got.settings.perception_pictures, got.settings.picture_questions) == (300, 6)
    with pytest.raises(RecipeError, match="picture_questions_seed_offset: must be >= 0, got -1"):
        Recipe.from_dict({**base, "picture_questions_seed_offset": -1})


def test_picture_questions_build_at_the_recipes_seed_plus_its_offset(tmp_path, monkeypatch):
    import train.data as data

    asked = []
    monkeypatch.setattr(data, "build_or_load", lambda *a, **k: asked.append((a, k)) or [])
    monkeypatch.setattr(data, "Conversations", lambda rows, per, seed: (rows, per, seed))
    recipe = Recipe.from_dict({"stage": "instruct", "train_modules": ["llm"], "seed": 3,
                               "picture_questions_seed_offset": 500})
    assert data.picture_question_data(recipe, tmp_path, 7, 4,
                                      recipe.settings.picture_questions_seed_offset) == ([], 4, 3)
    ((args, kw),) = asked
    assert args[2:4] == (28, 503) and kw == {"form": "mixed", "per_picture": 4}


@pytest.fixture(scope="module")
def llava(tiny_llava):
    from mm.llava import load

    return load(tiny_llava)


def _labelled(batch, tok, i):
    """The labelled runs of row i, each decoded."""
    lab = batch["labels"][i]
    runs, cur = [], []
    for t in lab.tolist() + [-100]:
        if t == -100:
            if cur:
                runs.append(tok.decode(cur))
            cur = []
        else:
            cur.append(t)
    return runs


def test_a_conversation_is_the_chat_templates_text_and_labels_its_answers(llava):
    from mm.tokenizer import prompt_text
    from train.sft import encode

    _, processor = llava
    tok = processor.tokenizer
    rng = np.random.default_rng(1)
    images = [Image.fromarray(rng.integers(0, 256, (40, 40, 3), dtype=np.uint8))
              for _ in range(2)]
    prompts = [prompt_text("Is there a cup?"), prompt_text("Is there a dog?")]
    responses = [("Yes", "Is there a pen?", "No", "Is there a cat?", "Yes"), "No"]
    got = encode(processor, images, prompts, responses, max_length=16)
    # the tokens: the processor's own for the chat template's rendering of the conversation
    msgs = [{"role": "user", "content": [{"type": "image"}, {"type": "text",
                                                             "text": "Is there a cup?"}]},
            {"role": "assistant", "content": "Yes"},
            {"role": "user", "content": "Is there a pen?"},
            {"role": "assistant", "content": "No"},
            {"role": "user", "content": "Is there a cat?"},
            {"role": "assistant", "content": "Yes"}]
    rendered = processor.apply_chat_template(msgs, tokenize=False)
    # the template puts the answer right after "ASSISTANT: "; the training text has no
    # newline after the last end-of-sequence token
    assert rendered.endswith("\n")
    tok.padding_side = "right"
    want = processor(images=images[:1], text=[rendered[:-1]], return_tensors="pt")
    n = int(want["attention_mask"].sum())
    assert torch.equal(got["input_ids"][0, :n], want["input_ids"][0])
    assert torch.equal(got["pixel_values"][:1], want["pixel_values"])
    eos = tok.eos_token
    assert _labelled(got, tok, 0) == [" Yes" + eos, " No" + eos, " Yes" + eos]
    assert _labelled(got, tok, 1) == [" No" + eos]
    # a one-answer conversation is the plain row
    one = encode(processor, images, prompts, [("Yes",), "No"], max_length=16)
    plain = encode(processor, images, prompts, ["Yes", "No"], max_length=16)
    for k in plain:
        assert torch.equal(one[k], plain[k]), k


def test_each_answer_of_a_conversation_is_cut_at_max_length(llava):
    from mm.tokenizer import prompt_text
    from train.sft import encode

    _, processor = llava
    tok = processor.tokenizer
    img = Image.new("RGB", (40, 40), "white")
    long = "the answer is three and then four"
    got = encode(processor, [img], [prompt_text("Q?")], [(long, "Again?", long)], max_length=2)
    runs = _labelled(got, tok, 0)
    assert len(runs) == 2
    want = tok.decode(tok(" " + long, add_special_tokens=False)["input_ids"][:2])
    assert runs == [want, want]


def test_a_conversation_ends_with_an_answer(llava):
    from train.sft import encode

    _, processor = llava
    with pytest.raises(ValueError, match="a conversation ends with an answer: got 2 parts"):
        encode(processor, [Image.new("RGB", (40, 40))], ["USER: <image>\nQ?\nASSISTANT:"],
               [("Yes", "Again?")])
