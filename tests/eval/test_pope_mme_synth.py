"""pope-synth and mme-synth: POPE's answer parsing and metrics against hand-computed values, the
three negative-sampling strategies (engines/builders/pope_synth.py), MME pairs whose answers are
re-derived from the specs (engines/builders/mme_synth.py), the reference models' sanity values,
whole-image limits, the sets cached as datasets, and bad data recorded without a crash."""
import json
import re
from collections import Counter

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from PIL import Image

import renderers
from engines import dataset
from engines.builders import mme_synth as mb
from engines.builders import pope_synth as ps
from eval.runner import evaluate
from eval.task import TaskContext
from eval.tasks import mme_synth as ms
from eval.tasks import pope
from mm.adapters import load_adapter

POPE = pope.PopeSynth()
MME = ms.MMESynth()


# ----------------------------------------------------------------------------- POPE


@pytest.mark.parametrize("text,want", [
    ("Yes", "yes"), ("No", "no"), ("No.", "no"), ("no, there is none", "no"),
    ("There is not a cat.", "no"), ("Yes, there is one. No doubt.", "yes"),
    ("I don't know", "yes"), (" No\n", "yes"), ("No \n", "no"), ("NO", "yes"), ("", "yes"),
    (None, "yes"),
])
def test_pope_parse(text, want):
    assert pope.pope_parse(text) == want


def test_binary_metrics_hand_computed():
    m = pope.binary_metrics(["yes", "yes", "no", "no", "yes"], ["yes", "no", "no", "yes", "yes"])
    assert (m["tp"], m["fp"], m["tn"], m["fn"]) == (2, 1, 1, 1)
    assert m["accuracy"] == pytest.approx(0.6) and m["yes_ratio"] == pytest.approx(0.6)
    assert m["precision"] == pytest.approx(2 / 3) and m["recall"] == pytest.approx(2 / 3)
    assert m["f1"] == pytest.approx(2 / 3)
    none = pope.binary_metrics(["no", "no"], ["yes", "no"])
    assert (none["precision"], none["recall"], none["f1"], none["accuracy"]) == (0, 0, 0, 0.5)


def test_auroc_hand_computed():
    assert pope.auroc([0.9, 0.4, 0.6, 0.1], ["yes", "yes", "no", "no"]) == pytest.approx(0.75)
    assert pope.auroc([1.0, 1.0], ["yes", "no"]) == pytest.approx(0.5)
    assert pope.auroc([0.3], ["yes"]) is None


def test_negative_strategies_on_hand_built_statistics():
    popular = ["book", "chair", "cup", "clock", "apple", "tree"]
    co = {"cup": ["book", "bottle", "bowl", "banana"], "book": ["cup", "pencil"],
          "tree": ["bench"]}
    objects = ["cup", "book", "tree"]
    vocab = popular + ["bottle", "bowl", "banana", "pencil", "bench", "dog"]
    never = lambda seq: pytest.fail("random draw")  # noqa: E731
    assert ps.probe_image(objects, "popular", vocab, popular, co, never) == [
        ("cup", "yes"), ("chair", "no"), ("book", "yes"), ("clock", "no"), ("tree", "yes"),
        ("apple", "no")]
    # each positive's own top co-occurring absent object, never one asked before
    assert ps.probe_image(objects, "adversarial", vocab, popular, co, never) == [
        ("cup", "yes"), ("bottle", "no"), ("book", "yes"), ("pencil", "no"), ("tree", "yes"),
        ("bench", "no")]
    draws = iter(["cup", "dog", "dog", "tree", "bowl", "bench"])
    assert ps.probe_image(objects, "random", vocab, popular, co, lambda seq: next(draws)) == [
        ("cup", "yes"), ("dog", "no"), ("book", "yes"), ("bowl", "no"), ("tree", "yes"),
        ("bench", "no")]
    draws = iter(["dog", "bowl", "bench"])  # no absent co-occurring object: random draws
    assert ps.probe_image(["tree", "cup", "book"], "adversarial", vocab, popular,
                          {"tree": ["cup"]}, lambda seq: next(draws))[1::2] == \
        [("dog", "no"), ("bowl", "no"), ("bench", "no")]
    with pytest.raises(ValueError, match="unknown POPE split 'hard'"):
        ps.probe_image(objects, "hard", vocab, popular, co, never)


def test_probes_half_present_half_absent_and_deterministic():
    ims = ps.build_probes(0, 12, pope.SPLITS)
    annotated = [im["objects"] for im in ims]
    popular = ps.popularity(annotated)
    for im in ims:
        ks = {o.kind for o in im["spec"].objects}
        assert set(im["objects"]) == ks and len(im["objects"]) == len(ks)
        for split, probes in im["probes"].items():
            assert [lab for _, lab in probes] == ["yes", "no"] * 3
            yes = [o for o, lab in probes if lab == "yes"]
            no = [o for o, lab in probes if lab == "no"]
            assert yes == im["objects"][:3] and not set(no) & ks and len(set(no)) == 3
            if split == "popular":  # the most frequent absent kinds, in order
                assert no == [k for k in popular if k not in ks][:3]
    again = ps.build_probes(0, 12, pope.SPLITS)
    assert [im["probes"] for im in again] == [im["probes"] for im in ims]
    assert [im["probes"]["random"] for im in ps.build_probes(0, 12, ("random",))] == \
        [im["probes"]["random"] for im in ims]  # a split's draws do not depend on the others
    assert [im["spec"] for im in ps.build_probes(0, 5, ("random",))] == \
        [im["spec"] for im in ims[:5]]  # a smaller set is a prefix of a larger one
    assert ps.build_probes(1, 3, ("random",))[0]["spec"] != ims[0]["spec"]


def test_pope_docs_limit_split_option_and_cache(tmp_path):
    ctx = TaskContext(limit=40, seed=0, work=tmp_path, options={"n_images": 6})
    docs = POPE.docs(ctx)
    assert len(docs) == 36  # 40 // 18 = 2 whole images, 3 splits x 6 probes each
    assert Counter(d["image"] for d in docs) == {"scene-0000": 18, "scene-0001": 18}
    assert len({d["id"] for d in docs}) == 36
    folder, = tmp_path.glob("seed0-*")  # the two images, cached as a pope-synth dataset
    rows = dataset.load(folder)
    assert len(rows) == 36 and sorted(set(rows["image_id"])) == ["scene-0000", "scene-0001"]
    assert POPE.docs(TaskContext(data=str(folder), limit=40)) == docs
    img = POPE.image(docs[0])
    assert img.size == (336, 336)
    one = POPE.docs(TaskContext(limit=40, seed=0, options={"n_images": 6, "split": "popular"}))
    assert {d["split"] for d in one} == {"popular"} and len(one) == 36  # 40 // 6 = 6 images
    with pytest.raises(ValueError, match="option split='hard' is not valid; valid: random"):
        POPE.docs(TaskContext(options={"split": "hard"}))


@pytest.mark.slow
def test_pope_reference_models(tmp_path):
    ctx = TaskContext(seed=0, work=tmp_path / "work", options={"n_images": 4})
    res = evaluate(load_adapter("builtin:oracle"), ["pope-synth", "pope-synth-prob"],
                   tmp_path / "o", ctx, batch_size=16, progress=False)["tasks"]
    for t in ("pope-synth", "pope-synth-prob"):
        assert res[t]["n_samples"] == 72 and res[t]["n_errors"] == 0
        for s in pope.SPLITS:
            m = res[t]["per_split"][s]
            assert (m["accuracy"], m["f1"], m["yes_ratio"]) == (1.0, 1.0, 0.5)
    assert res["pope-synth-prob"]["auroc"] == 1.0
    res = evaluate(load_adapter("builtin:always-yes"), ["pope-synth", "pope-synth-prob"],
                   tmp_path / "y", ctx, batch_size=16, progress=False)["tasks"]
    for t in ("pope-synth", "pope-synth-prob"):
        m = res[t]
        assert (m["accuracy"], m["precision"], m["recall"], m["yes_ratio"]) == \
            (0.5, 0.5, 1.0, 1.0)
        assert m["f1"] == pytest.approx(2 / 3)
    assert res["pope-synth-prob"]["auroc"] == 0.5
    rnd = evaluate(load_adapter("builtin:random"), ["pope-synth"], tmp_path / "r", ctx,
                   progress=False)["tasks"]["pope-synth"]
    assert 0.2 < rnd["accuracy"] < 0.8 and 0.0 < rnd["yes_ratio"] < 1.0
    assert (tmp_path / "r" / "pope-synth.png").stat().st_size > 1000


def test_pope_released_layout_and_bad_data(tmp_path):
    (tmp_path / "images").mkdir()
    Image.new("RGB", (32, 32), "red").save(tmp_path / "images" / "a.jpg")
    lines = [{"question_id": 1, "image": "a.jpg", "text": "Is there a dog in the image?",
              "label": "yes"},
             {"question_id": 2, "image": "a.jpg", "text": "Is there an apple in the image?",
              "label": "no"},
             {"question_id": 3, "image": "missing.jpg", "text": "Is there a cat in the image?",
              "label": "no"}]
    text = "\n".join(json.dumps(x) for x in lines) + "\n{not json\n"
    (tmp_path / "coco_pope_random.json").write_text(text)
    docs = POPE.docs(TaskContext(data=str(tmp_path)))
    assert [d.get("object") for d in docs[:3]] == ["dog", "apple", "cat"]
    res = evaluate(load_adapter("builtin:always-yes"), ["pope-synth"], tmp_path / "out",
                   TaskContext(data=str(tmp_path)), progress=False)["tasks"]["pope-synth"]
    assert (res["n_samples"], res["n_errors"]) == (4, 2)  # missing image, malformed line
    assert res["per_split"]["random"]["tp"] == 1 and res["per_split"]["random"]["fp"] == 1
    errs = [json.loads(x) for x in (tmp_path / "out" / "samples_pope-synth.jsonl")
            .read_text().splitlines() if "error" in json.loads(x)]
    assert any("missing.jpg" in e["error"] for e in errs)
    assert any("coco_pope_random.json:4: malformed line" in e["error"] for e in errs)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="not a POPE folder"):
        POPE.docs(TaskContext(data=str(empty)))


# ----------------------------------------------------------------------------- MME-synth

_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _check(subtask, spec, q):
    """Answer a question from the spec alone (a path independent of the generators)."""
    fam = renderers.get_family(spec.family)
    f = fam.facts(spec)
    if subtask == "existence":
        return re.match(r"Is there an? (\w+) in", q).group(1) in f["counts"]
    if subtask == "count":
        m = re.match(r"Is there exactly one (\w+) in", q)
        if m:
            return f["counts"].get(m.group(1)) == 1
        m = re.match(r"Are there (\w+) (\w+) in", q)
        kind = next(k for k in f["counts"] if m.group(2) in (k + "s", k + "es"))
        return f["counts"][kind] == _NUM[m.group(1)]
    if subtask == "color":
        c, k = re.match(r"Is there an? (\w+) (\w+) in", q).groups()
        return f"{c} {k}" in f["kind_color_counts"]
    if subtask == "position":
        a, rel, b = re.match(r"Is the (\w+) (on the left of|on the right of|in front of|"
                             r"behind) the (\w+) in", q).groups()
        oa = next(o for o in f["objects"] if o["kind"] == a)
        ob = next(o for o in f["objects"] if o["kind"] == b)
        return {"on the left of": oa["x"] < ob["x"], "on the right of": oa["x"] > ob["x"],
                "in front of": oa["depth"] < ob["depth"],
                "behind": oa["depth"] > ob["depth"]}[rel]
    if subtask == "OCR":
        return re.search(r'"(\w+)"', q).group(1) == f["sign"]
    if subtask == "numerical_calculation":
        expr = f["sign"].replace(" = ?", "").replace("×", "*").replace("÷", "//")
        return eval(expr) == int(re.search(r"equal to (-?\d+)\?", q).group(1))
    if subtask == "shape_type":
        name = re.match(r"Is the shape in the figure an? (\w+)\?", q).group(1)
        return name in f["base_type"]
    if subtask == "function_family":
        kind = f["functions"][0]["kind"]
        words = {"sine curve": ("sine", "cosine"), "tangent": ("tangent",),
                 "exponential": ("exponential",), "logarithmic": ("logarithm",),
                 "absolute value": ("absolute",), "polynomial": ("polynomial",),
                 "piecewise": ("piecewise",)}
        return any(w in q and kind in ks for w, ks in words.items())
    if subtask == "graph_property":
        return {"Is the graph a tree?": f["is_tree"],
                "Does the graph contain a cycle?": f["has_cycle"],
                "Is the graph directed?": f["directed"],
                "Is the graph undirected?": not f["directed"]}[q]
    raise AssertionError(subtask)


@pytest.mark.parametrize("subtask", ms.SUBTASKS)
def test_mme_pairs_are_one_yes_one_no_and_true(subtask):
    for i in range(12):
        spec, qa = mb.make_item(subtask, 0, i)
        assert [a for _, a in qa] == ["Yes", "No"] and qa[0][0] != qa[1][0]
        for q, a in qa:
            assert _check(subtask, spec, q) == (a == "Yes"), (subtask, i, q, a)


def test_arithmetic_hand_computed():
    assert mb.evaluate([20, "-", 4, "×", 3]) == 8
    assert mb.left_to_right([20, "-", 4, "×", 3]) == 48
    assert mb.evaluate([24, "÷", 6, "+", 5]) == 9
    assert mb.evaluate([3, "×", 4, "-", 2]) == 10


def _rec(sub, img, target, parsed, nq, ni):
    return {"subtask": sub, "image": img, "target": target, "parsed": parsed,
            "image_questions": 2, "subtask_questions": nq, "subtask_images": ni}


def test_mme_metrics_hand_computed():
    recs = [_rec("existence", "e/0", "Yes", "yes", 4, 2),
            _rec("existence", "e/0", "No", "no", 4, 2),
            _rec("existence", "e/1", "Yes", "yes", 4, 2),
            _rec("existence", "e/1", "No", "yes", 4, 2),
            # one question of c/0 ended in an error: absent, and counted as wrong
            _rec("count", "c/0", "Yes", "yes", 2, 1),
            _rec("shape_type", "s/0", "Yes", "other", 2, 1),
            _rec("shape_type", "s/0", "No", "no", 2, 1),
            _rec("numerical_calculation", "n/0", "Yes", "yes", 2, 1),
            _rec("numerical_calculation", "n/0", "No", "no", 2, 1)]
    m = ms.metrics(recs)
    ex = m["per_subtask"]["existence"]
    assert (ex["acc"], ex["acc_plus"], ex["score"]) == (0.75, 0.5, 125.0)
    c = m["per_subtask"]["count"]
    assert (c["acc"], c["acc_plus"], c["score"]) == (0.5, 0.0, 50.0)
    assert m["per_subtask"]["shape_type"]["score"] == 50.0
    assert m["per_subtask"]["shape_type"]["n_other"] == 1
    assert (m["perception_score"], m["cognition_score"], m["diagram_score"],
            m["total_score"]) == (175.0, 200.0, 50.0, 425.0)
    assert m["acc"] == pytest.approx(7 / 10)  # 3 + 1 + 1 + 2 right of 4 + 2 + 2 + 2


def test_mme_docs_limit_round_robin_and_cache(tmp_path):
    ctx = TaskContext(limit=9, seed=0, work=tmp_path, options={"n_images": 2})
    docs = MME.docs(ctx)
    assert len(docs) == 8  # 9 // 2 = 4 whole images, one per subtask in order
    assert [d["subtask"] for d in docs[::2]] == ["existence", "count", "position", "color"]
    assert all(d["image_questions"] == 2 and d["subtask_images"] == 1 for d in docs)
    assert MME.prompt(docs[0]).endswith("? Please answer yes or no.")
    again = MME.docs(TaskContext(limit=9, seed=0, options={"n_images": 2}))
    assert [(d["id"], d["question"], d["spec"]) for d in again] == \
        [(d["id"], d["question"], d["spec"]) for d in docs]
    folder = next(tmp_path.glob("seed0-*"))
    assert len(dataset.load(folder)) == 8
    reread = MME.docs(TaskContext(data=str(folder)))
    assert [(d["id"], d["target"]) for d in reread] == [(d["id"], d["target"]) for d in docs]
    assert np.array_equal(np.asarray(MME.image(reread[0])), np.asarray(MME.image(again[0])))
    other = MME.docs(TaskContext(limit=2, seed=1, options={"n_images": 2}))
    assert other[0]["spec"] != docs[0]["spec"]


def test_mme_reference_models_and_bad_data(tmp_path):
    ctx = TaskContext(seed=0, work=tmp_path / "work", options={"n_images": 1})
    o = evaluate(load_adapter("builtin:oracle"), ["mme-synth"], tmp_path / "o", ctx,
                 batch_size=18, progress=False)["tasks"]["mme-synth"]
    assert (o["perception_score"], o["cognition_score"], o["diagram_score"],
            o["total_score"], o["n_samples"]) == (1000.0, 200.0, 600.0, 1800.0, 18)
    y = evaluate(load_adapter("builtin:always-yes"), ["mme-synth"], tmp_path / "y", ctx,
                 batch_size=18, progress=False)["tasks"]["mme-synth"]
    assert (y["total_score"], y["acc"], y["yes_ratio"]) == (450.0, 0.5, 1.0)
    assert all(m["acc_plus"] == 0.0 for m in y["per_subtask"].values())
    assert (tmp_path / "y" / "mme-synth.png").stat().st_size > 1000
    # a corrupt image: its two questions recorded as errors, counted as wrong
    folder = next((tmp_path / "work" / "mme-synth").glob("seed0-*"))
    chunk, = dataset.data_files(folder)
    t = pq.read_table(chunk)
    cells = [{"bytes": b"not a png", "path": None} if i.startswith("count/000") else c
             for i, c in zip(t["id"].to_pylist(), t["image"].to_pylist())]
    pq.write_table(t.set_column(t.column_names.index("image"), "image",
                                pa.array(cells, type=t.schema.field("image").type)), chunk)
    b = evaluate(load_adapter("builtin:oracle"), ["mme-synth"], tmp_path / "b",
                 TaskContext(data=str(folder)), batch_size=18, progress=False)["tasks"]
    m = b["mme-synth"]
    assert (m["n_samples"], m["n_errors"]) == (18, 2)
    assert m["per_subtask"]["count"]["score"] == 0.0 and m["total_score"] == 1600.0
    with pytest.raises(ValueError, match="not an mme-synth folder"):
        MME.docs(TaskContext(data=str(tmp_path / "o")))
