"""Bounded data for training: the caches of decoded pictures stay under the recipe's bound, a
bound changes no loss, each picture of a step is decoded and preprocessed once, and rows are
read lazily.

    PYTHONPATH=. .venv/bin/python -m pytest tests/train/test_data_bounded.py -q
"""
import datasets
import numpy as np
import pytest
import torch
from PIL import Image

from train.data import ByteCache, Rows, cache_bytes
from train.loop import StageTask, batch_indices, run
from train.recipe import Recipe

CAPTIONS = ["A red triangle ABC.", "A circle of radius 3.", "The line y = 2x + 1.",
            "A bar chart of four bars.", "A cube with edge 2.", "Points A and B."]


def _pictures(n=6, size=80):
    rng = np.random.default_rng(0)
    return [Image.fromarray(rng.integers(0, 256, (size, size, 3), dtype=np.uint8))
            for _ in range(n)]


def _captions_dataset():
    """An arrow-backed dataset as stages read them: PNG images decoded on access."""
    return datasets.Dataset.from_dict(
        {"image": _pictures(), "caption": CAPTIONS},
        features=datasets.Features({"image": datasets.Image(), "caption": datasets.Value(
            "string")}))


class Counting:
    """An image processor that counts its calls and the pictures they process."""

    def __init__(self, inner):
        self.inner, self.calls, self.images = inner, 0, 0

    def __call__(self, images, **kw):
        self.calls += 1
        self.images += len(images)
        return self.inner(images, **kw)

    def __getattr__(self, name):
        return getattr(self.inner, name)


# ----------------------------------------------------------------------------- the pieces


def test_byte_cache_holds_at_most_its_bound_least_recent_out_first():
    cache = ByteCache(10, len)
    for key in "abc":
        cache.get(key, lambda k=key: k * 4)  # 4 bytes each: "c" pushes "a" out
    assert list(cache.items) == ["b", "c"] and cache.bytes == 8 and cache.made == 3
    assert cache.get("b", lambda: "never") == "bbbb"  # a hit makes nothing, "b" most recent
    cache.get("d", lambda: "ddd")  # 8 + 3 > 10: "c", the least recently used, goes
    assert list(cache.items) == ["b", "d"] and cache.bytes == 7 and cache.peak == 8
    assert cache.get("e", lambda: "e" * 11) == "e" * 11 and "e" not in cache.items  # too big
    unbounded = ByteCache(None, len)
    for key in "abcdef":
        unbounded.get(key, lambda k=key: k * 100)
    assert len(unbounded) == 6 and unbounded.bytes == 600


def test_cache_mb_is_a_bookkeeping_field_in_bytes():
    r = Recipe(stage="align", train_modules=["projector"], cache_mb=0.5)
    assert cache_bytes(r) == 524_288
    assert cache_bytes(Recipe(stage="align", train_modules=["projector"])) == 1024 * 2**20
    with pytest.raises(ValueError, match="cache_mb: must be >= 0, got -1"):
        Recipe(stage="align", train_modules=["projector"], cache_mb=-1)


def test_rows_join_sources_and_read_a_row_when_indexed():
    reads = []

    class Source:
        def __init__(self, name, n):
            self.name, self.n = name, n

        def __len__(self):
            return self.n

        def __getitem__(self, i):
            reads.append((self.name, i))
            return {"at": f"{self.name}{i}"}

    rows = Rows(Source("a", 2), [], Source("b", 3))
    assert len(rows) == 5 and reads == []
    assert rows[1]["at"] == "a1" and rows[2]["at"] == "b0" and rows[4]["at"] == "b2"
    assert [r["at"] for r in rows[1:3]] == ["a1", "b0"]
    assert reads == [("a", 1), ("b", 0), ("b", 2), ("a", 1), ("b", 0)]
    assert [r["at"] for r in Rows(Source("a", 2), Source("b", 3), indices=[4, 0])] == ["b2", "a0"]
    with pytest.raises(IndexError):
        rows[5]


# ----------------------------------------------------------------------------- stage 1


def _clip_task(limit):
    from mm.clip_math import create_clip
    from train.stages.clip import CaptionBatches, PixelCache

    import open_clip

    model, _, pre, tok = create_clip("tiny", seed=0)
    ds = _captions_dataset()
    counted = []

    def counting_pre(img):
        counted.append(1)
        return pre(img)

    pixels = PixelCache(ds, counting_pre, limit)
    loss_fn = open_clip.ClipLoss()

    def loss(m, batch):
        f_img, f_txt, scale = m(*batch)[:3]
        return loss_fn(f_img, f_txt, scale)

    task = StageTask(model, len(ds), CaptionBatches(pixels, ds["caption"], tok, 0), loss,
                     keyed=True)
    return task, pixels, counted


def _clip_recipe():
    return Recipe(stage="clip", train_modules=["vision"], lr=1e-3, max_steps=4, batch_size=4,
                  save_every=100, seed=0)


def test_stage1_bound_honoured_over_epochs_and_losses_unchanged(tmp_path):
    one = 3 * 64 * 64 * 4  # a tiny CLIP input: 3 x 64 x 64 float32
    task, pixels, counted = _clip_task(None)
    full = run(_clip_recipe(), task, tmp_path / "full", progress=False)["losses"]
    assert pixels.cache.made == 6 and len(counted) == 6  # 3 epochs, each picture made once
    task, pixels, counted = _clip_task(2 * one)
    small = run(_clip_recipe(), task, tmp_path / "small", progress=False)["losses"]
    assert pixels.cache.peak == 2 * one and len(pixels.cache) == 2
    assert pixels.cache.made == len(counted) > 6  # evicted pictures were made again
    np.testing.assert_allclose(small, full, rtol=0, atol=1e-6)
    assert len(full) == 4


def test_stage1_batch_preprocesses_each_picture_once():
    task, pixels, counted = _clip_task(0)  # keeps nothing
    idx = [3, 1, 3, 0]  # a batch across an epoch's end can hold a row twice
    images, texts = task.make_batch(idx, [0, 1, 2, 3])
    assert len(counted) == 3 and images.shape == (4, 3, 64, 64)
    assert torch.equal(images[0], images[2]) and texts.shape[0] == 4


# ----------------------------------------------------------------------------- stages 2-4


@pytest.fixture(scope="module")
def llava(tiny_llava):
    from mm.llava import load

    return load(tiny_llava)


def _old_encode(processor, images, prompts, responses, max_length):
    """The batch the processor makes by itself, images processed with each text (the labels
    rule of train.sft.encode written out again)."""
    tok = processor.tokenizer
    full = [p + " " + r + tok.eos_token for p, r in zip(prompts, responses)]
    tok.padding_side = "right"
    batch = processor(images=images, text=full, return_tensors="pt", padding=True)
    n_prompt = [len(x) for x in processor(images=images, text=list(prompts),
                                          padding=False)["input_ids"]]
    tok.padding_side = "left"
    labels = batch["input_ids"].clone()
    for i, n in enumerate(n_prompt):
        labels[i, :n] = -100
        labels[i, n + max_length:] = -100
    labels[batch["attention_mask"] == 0] = -100
    keep = min(labels.shape[1], max(n_prompt) + max_length)
    return {"input_ids": batch["input_ids"][:, :keep],
            "attention_mask": batch["attention_mask"][:, :keep],
            "pixel_values": batch["pixel_values"], "labels": labels[:, :keep]}


@pytest.mark.parametrize("max_length", [3, 64])
def test_encode_preprocesses_once_and_gives_the_processors_batch(llava, max_length):
    from mm.tokenizer import prompt_text
    from train.sft import encode

    _, processor = llava
    images = _pictures(3, 64)
    prompts = [prompt_text(q) for q in ("Is it red?", "What is the answer?", "Yes?")]
    responses = ["Yes it is.", "The answer is 3. No it is not.", "No"]
    want = _old_encode(processor, images, prompts, responses, max_length)
    inner = processor.image_processor
    processor.image_processor = counting = Counting(inner)
    try:
        got = encode(processor, images, prompts, responses, max_length)
    finally:
        processor.image_processor = inner
    assert counting.calls == 1 and counting.images == 3
    assert sorted(got) == sorted(want)
    for k in want:
        assert torch.equal(got[k], want[k]), k
    assert processor.tokenizer.padding_side == "left"


def _examples_task(llava_folder, limit, blank=False):
    from mm.llava import load
    from train.sft import Examples, set_trainable, sft_task

    model, processor = load(llava_folder)
    recipe = Recipe(stage="align", train_modules=["projector"], lr=1e-2, max_steps=5,
                    batch_size=4, save_every=100, max_length=32)
    set_trainable(model, recipe)
    examples = Examples([(_captions_dataset(), "mavis-caption"),
                         (_captions_dataset().select(range(2)), "mavis-caption")], 64, limit)
    processor.image_processor = Counting(processor.image_processor)
    return recipe, sft_task(recipe, model, processor, examples, blank), examples, processor


def test_examples_bound_honoured_and_sft_losses_unchanged(tiny_llava, tmp_path):
    from train.sft import example_bytes

    recipe, task, examples, _ = _examples_task(tiny_llava, None)
    full = run(recipe, task, tmp_path / "full", progress=False)["losses"]
    assert len(examples) == 8 and examples.cache.made == 8
    one = example_bytes(examples[0])
    recipe, task, examples, processor = _examples_task(tiny_llava, 3 * one)
    small = run(recipe, task, tmp_path / "small", progress=False)["losses"]
    assert examples.cache.peak <= 3 * one and examples.cache.made > 8
    np.testing.assert_allclose(small, full, rtol=0, atol=1e-6)
    # one preprocessing call per step, each picture of the step once
    assert processor.image_processor.calls == 5 and processor.image_processor.images == 20


def test_sft_batch_decodes_a_repeated_row_once(tiny_llava):
    recipe, task, examples, processor = _examples_task(tiny_llava, 0)
    idx = batch_indices(1, 4, len(examples), recipe.seed)[:2] * 2
    batch = task.make_batch(idx)
    assert examples.cache.made == 2 and processor.image_processor.images == 2
    assert torch.equal(batch["pixel_values"][0], batch["pixel_values"][2])


def test_dpo_step_preprocesses_each_picture_once(llava):
    from train.sft import Examples
    from train.stages.dpo import pair_batch

    _, processor = llava
    pics = _captions_dataset()
    pairs = Rows([{"image": pics[i]["image"], "prompt": f"Question {i}?",
                   "chosen": "The answer is 3.", "rejected": "The answer is 4."}
                  for i in range(4)])
    replay = Examples([(pics, "mavis-caption")], 64, 0)
    inner = processor.image_processor
    processor.image_processor = counting = Counting(inner)
    try:
        c, r, rep = pair_batch(processor, pairs, [2, 0, 3], 32, replay)
        assert counting.calls == 2 and counting.images == 6  # the pairs', the replay rows'
        assert c["pixel_values"] is r["pixel_values"]  # chosen and rejected share them
        assert not torch.equal(c["input_ids"], r["input_ids"])
        c2, r2, none = pair_batch(processor, pairs, [1], 32)
        assert none is None and counting.calls == 3 and c2["pixel_values"] is r2["pixel_values"]
    finally:
        processor.image_processor = inner
    assert replay.cache.made == 3 and rep["pixel_values"].shape[0] == 3


@pytest.mark.parametrize("threads", [1, 2])
def test_a_stage_build_draws_in_as_many_processes_as_it_has_threads(tmp_path, monkeypatch,
                                                                   threads):
    from engines import dataset
    from train.data import build_or_load

    seen = []
    real = dataset.build
    monkeypatch.setattr(dataset, "build",
                        lambda *a, **k: seen.append(k["num_proc"]) or real(*a, **k))
    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        rows = build_or_load("mavis-perception", tmp_path / f"t{threads}", 4, 0, 64)
    finally:
        torch.set_num_threads(before)
    assert seen == [threads] and len(rows) == 4
