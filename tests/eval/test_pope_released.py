"""POPE's question files as released (one JSON object per line: question_id, image, text,
label; the layout of POPE's output/coco/coco_pope_*.json) beside a local image folder: the
images option, bad lines and bad images recorded as bad samples naming file and line, the run
going on, and a one-line error when nothing is usable."""
import json

import pytest
from PIL import Image

from eval.runner import evaluate
from eval.task import TaskContext
from eval.tasks import pope
from mm.adapters import load_adapter

POPE = pope.PopeSynth()


def q(qid, image, obj, label):
    art = "an" if obj[0] in "aeiou" else "a"
    return json.dumps({"question_id": qid, "image": image,
                       "text": f"Is there {art} {obj} in the image?", "label": label})


def huge_png(path):
    """A 48-megapixel PNG of a few kilobytes: over engines.images' 40 MP limit by its header."""
    Image.new("1", (8000, 6000)).save(path)


@pytest.fixture
def release(tmp_path):
    data, imgs = tmp_path / "pope", tmp_path / "coco" / "val2014"
    data.mkdir()
    imgs.mkdir(parents=True)
    for name, color in (("a.jpg", "red"), ("b.jpg", "blue")):
        Image.new("RGB", (32, 32), color).save(imgs / name)
    (imgs / "broken.jpg").write_bytes(b"\xff\xd8 not really a jpeg")
    huge_png(imgs / "huge.png")
    lines = [q(1, "a.jpg", "dog", "yes"), q(2, "a.jpg", "apple", "no"),
             "7",                                                    # a bare number
             json.dumps({"question_id": 4, "image": "b.jpg", "label": "no"}),  # no text
             q(5, "b.jpg", "cat", "yes"), q(6, "b.jpg", "car", "no"),
             q(6, "b.jpg", "bus", "no"),                             # question_id again
             q(8, "broken.jpg", "cup", "yes"), q(9, "huge.png", "cup", "no"),
             q(10, "missing.jpg", "cup", "yes"), q(11, "a.jpg", "cup", "maybe")]
    raw = ("\n".join(lines) + "\n").encode() + b'{"question_id": 12, "text": "\xff"}\n'
    (data / "coco_pope_random.json").write_bytes(raw)
    (data / "coco_pope_popular.json").write_text(q(1, "a.jpg", "person", "no") + "\n")
    return data, imgs


def test_images_option_and_every_bad_line_or_image_recorded(release, tmp_path):
    data, imgs = release
    ctx = TaskContext(data=str(data), options={"images": str(imgs)})
    docs = POPE.docs(ctx)
    f = data / "coco_pope_random.json"
    errors = {d["id"]: d["error"] for d in docs if d.get("error")}
    assert errors == {
        "random/coco_pope_random.json:3": f"{f}:3: malformed line, expected a JSON object with "
                                          f"question_id, image, text, label; got int '7'",
        "random/coco_pope_random.json:4": f"{f}:4: malformed line, lacks field(s) text",
        "random/coco_pope_random.json:7": f"{f}:7: question_id 6 repeats line 6",
        "random/coco_pope_random.json:11": f"{f}:11: label must be yes or no, got 'maybe'",
        "random/coco_pope_random.json:12": f"{f}:12: not UTF-8 text"}
    res = evaluate(load_adapter("builtin:oracle"), ["pope-synth"], tmp_path / "out", ctx,
                   progress=False)["tasks"]["pope-synth"]
    assert (res["n_samples"], res["n_errors"]) == (13, 8)
    assert res["per_split"]["random"]["n"] == 4 and res["per_split"]["random"]["accuracy"] == 1
    assert res["per_split"]["popular"]["n"] == 1
    recs = {r["id"]: r for r in map(json.loads, (tmp_path / "out" / "samples_pope-synth.jsonl")
                                    .read_text().splitlines())}
    assert recs["random/coco_pope_random.json/8"]["error"].startswith(
        f"ValueError: {f}:8: {imgs / 'broken.jpg'}: not an image Pillow can read")
    assert recs["random/coco_pope_random.json/9"]["error"] == (
        f"ImageTooLarge: {f}:9: {imgs / 'huge.png'}: 8000 x 6000 pixels is over the limit of "
        f"40 megapixels")
    assert recs["random/coco_pope_random.json/10"]["error"].startswith(
        f"FileNotFoundError: {f}:10: {data / 'images' / 'missing.jpg'}".replace(
            str(data / "images"), str(imgs)))


def test_default_image_folders_and_split_option(release):
    data, imgs = release
    (data / "val2014").symlink_to(imgs)
    docs = POPE.docs(TaskContext(data=str(data), options={"split": "popular"}))
    assert [(d["id"], d["image_path"], d["object"], d["target"]) for d in docs] == [
        ("popular/coco_pope_popular.json/1", str(data / "val2014" / "a.jpg"), "person", "no")]
    assert POPE.image(docs[0]).size == (32, 32)


def test_bad_images_option_and_nothing_usable_are_one_line(release, tmp_path, run_cli):
    from eval.cli import main

    data, _ = release
    with pytest.raises(ValueError, match=r"option images=/nowhere: no such folder"):
        POPE.docs(TaskContext(data=str(data), options={"images": "/nowhere"}))
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "coco_pope_adversarial.json").write_text("1\n2\n")
    r = run_cli(main, "run", "--model", "builtin:oracle", "--tasks", "pope-synth", "--data",
                str(bad), "--output-path", str(tmp_path / "o"), "--no-progress")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines()[-1:] == [
        f"mm-eval: error: argument --data: {bad}: no usable line in the POPE files "
        f"({bad / 'coco_pope_adversarial.json'}:1: malformed line, expected a JSON object "
        f"with question_id, image, text, label; got int '1')"]
