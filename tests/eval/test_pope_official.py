"""pope-synth against POPE's own code (github.com/RUCAIBox/POPE, read from its main.py, utils.py
and evaluate.py and transcribed below, independently of engines/builders/pope_synth.py and
eval/tasks/pope.py): the same probes from the same annotated objects and random draws, the same
parse of every answer and the same metrics."""

import numpy as np
import pytest

from engines.builders import pope_synth as ps
from eval.tasks import pope
from renderers.object_scene.spec import annotated_kinds


# ----------------------------------------------------------------------------- transcriptions


def official_pope(segment_results, sample_num, neg_strategy, choice):
    """utils.pope (question dicts reduced to object and label); ``choice`` stands for
    ``random.choice`` so that both sides can be fed the same draws."""
    gt = {}
    for image in segment_results:  # generate_ground_truth_objects
        for o in image["objects"]:
            gt[o] = gt.get(o, 0) + 1
    co_occur = {}  # compute_co_occurrence
    for image in segment_results:
        for o in image["objects"]:
            co_occur.setdefault(o, {})
            for other in image["objects"]:
                if other != o:
                    co_occur[o][other] = co_occur[o].get(other, 0) + 1
    sorted_co = {o: [x[0] for x in sorted(d.items(), key=lambda x: x[1], reverse=True)]
                 for o, d in co_occur.items()}
    gt_list = list(gt.keys())
    sorted_objects = sorted(gt.items(), key=lambda x: x[1], reverse=True)
    out = []
    for image in segment_results:
        history = []
        for i in range(sample_num):
            pos = image["objects"][i]
            history.append(pos)
            out.append((image["image"], pos, "yes"))
            if neg_strategy == "random":
                sel = choice(gt_list)
                while sel in history or sel in image["objects"]:
                    sel = choice(gt_list)
            else:
                ranked = [x[0] for x in sorted_objects] if neg_strategy == "popular" \
                    else sorted_co[pos]
                sel = None
                for cand in ranked:
                    if cand not in history and cand not in image["objects"]:
                        sel = cand
                        break
                if sel is None:
                    while True:
                        sel = choice(gt_list)
                        if sel not in history and sel not in image["objects"]:
                            break
            history.append(sel)
            out.append((image["image"], sel, "no"))
    return out, gt_list


def official_evaluate(answers, labels):
    """evaluate.py: parse each answer, then TP/FP/TN/FN and the five metrics."""
    preds = []
    for text in answers:
        if text.find(".") != -1:
            text = text.split(".")[0]
        text = text.replace(",", "")
        words = text.split(" ")
        preds.append(0 if ("No" in words or "not" in words or "no" in words) else 1)
    labels = [0 if x == "no" else 1 for x in labels]
    tp = sum(p == 1 and lab == 1 for p, lab in zip(preds, labels))
    fp = sum(p == 1 and lab == 0 for p, lab in zip(preds, labels))
    tn = sum(p == 0 and lab == 0 for p, lab in zip(preds, labels))
    fn = sum(p == 0 and lab == 1 for p, lab in zip(preds, labels))
    precision = tp / (tp + fp)
    recall = tp / (tp + fn)
    return {"preds": ["yes" if p else "no" for p in preds], "tp": tp, "fp": fp, "tn": tn,
            "fn": fn, "accuracy": (tp + tn) / (tp + tn + fp + fn), "precision": precision,
            "recall": recall, "f1": 2 * precision * recall / (precision + recall),
            "yes_ratio": preds.count(1) / len(preds)}


def chooser(seed):
    rng = np.random.default_rng(seed)
    return lambda seq: seq[int(rng.integers(len(seq)))]


def ours(segment_results, split, vocab, choose):
    annotated = [im["objects"] for im in segment_results]
    popular, co = ps.popularity(annotated), ps.co_occurrence(annotated)
    return [(im["image"], o, lab) for im in segment_results
            for o, lab in ps.probe_image(im["objects"], split, vocab, popular, co, choose)]


# ----------------------------------------------------------------------------- sampling

TIES = [  # every count tied somewhere: the order of first appearance decides
    {"image": "1.jpg", "objects": ["cup", "bowl", "apple"]},
    {"image": "2.jpg", "objects": ["bowl", "cup", "chair", "table"]},
    {"image": "3.jpg", "objects": ["chair", "table", "lamp"]},
    {"image": "4.jpg", "objects": ["lamp", "book", "cup"]},
    {"image": "5.jpg", "objects": ["tree", "bench", "bird"]},
    {"image": "6.jpg", "objects": ["apple", "lamp", "bench", "dog"]},
]


@pytest.mark.parametrize("split", ps.SPLITS)
def test_sampling_equals_popes_on_hand_built_ties(split):
    want, gt_list = official_pope(TIES, 3, split, chooser(7))
    assert ours(TIES, split, gt_list, chooser(7)) == want


@pytest.mark.parametrize("split", ps.SPLITS)
def test_sampling_equals_popes_on_rendered_scenes(split):
    specs = ps.sample_scenes(0, 60)
    seg = [{"image": f"scene-{i:04d}", "objects": annotated_kinds(s)} for i, s in
           enumerate(specs)]
    want, gt_list = official_pope(seg, 3, split, chooser(3))
    assert ps.vocabulary([im["objects"] for im in seg]) == gt_list  # all 28 kinds appear
    assert ours(seg, split, gt_list, chooser(3)) == want
    if split != "random":  # the builder's own rows: no random fallback was needed here
        def never(seq):
            raise AssertionError("fallback drawn")
        strict, _ = official_pope(seg, 3, split, never)
        built = ps.build_probes(0, 60, (split,))
        assert [(im["image"], o, lab) for im in built for o, lab in im["probes"][split]] == \
            strict


def test_adversarial_negatives_come_from_the_scene_types():
    """Adversarial negatives co-occur with their positive more often than popular ones, and those
    more than random ones:
    the statistics the rule relies on exist in the rendered set."""
    built = ps.build_probes(0, 100, ps.SPLITS)
    annotated = [im["objects"] for im in built]
    co = {a: dict.fromkeys(r) for a, r in ps.co_occurrence(annotated).items()}

    def together(a, b):
        return sum(a in objs and b in objs for objs in annotated)

    def mean_co(split):
        pairs = [(p[0], n[0]) for im in built for p, n in
                 zip(im["probes"][split][::2], im["probes"][split][1::2])]
        return np.mean([together(a, b) for a, b in pairs])

    assert all(im["probes"][s][::2] == [(o, "yes") for o in im["objects"][:3]]
               for im in built for s in ps.SPLITS)
    means = {s: mean_co(s) for s in ps.SPLITS}  # seed 0: 6.6, 3.9, 2.4 images together
    assert means["adversarial"] > 1.5 * means["popular"] > 1.5 * means["random"] > 0
    assert all(co[a] for a in co)


def test_vocabulary_too_small_is_one_line():
    with pytest.raises(ValueError, match="fewer than 3 objects absent"):
        ps.probe_image(["cup", "bowl", "apple"], "random", ["cup", "bowl", "apple", "dog"],
                       [], {}, chooser(0))


# ----------------------------------------------------------------------------- parsing, metrics

ANSWERS = ["Yes", "No", "No.", "no, there is none", "There is not a cat.", "Yes. No doubt.",
           "I don't know", " No\n", "No\nthere is none", "NO", "", "Nope", "Yes, there is no",
           "no", "not.", "Yes\tno", "yes", "No, yes", "Yes there's no cat", "The cat: no"]


def test_parse_and_metrics_equal_evaluate_py():
    labels = ["yes", "no"] * (len(ANSWERS) // 2)
    want = official_evaluate(ANSWERS, labels)
    preds = [pope.pope_parse(a) for a in ANSWERS]
    assert preds == want["preds"]
    got = pope.binary_metrics(preds, labels)
    for k in ("tp", "fp", "tn", "fn"):
        assert got[k] == want[k]
    for k in ("accuracy", "precision", "recall", "f1", "yes_ratio"):
        assert got[k] == pytest.approx(want[k], abs=1e-12)


def test_where_evaluate_py_divides_by_zero_ours_reports_zero():
    with pytest.raises(ZeroDivisionError):
        official_evaluate(["No", "no"], ["yes", "no"])
    m = pope.binary_metrics(["no", "no"], ["yes", "no"])
    assert (m["precision"], m["f1"], m["accuracy"]) == (0.0, 0.0, 0.5)


def test_released_question_layout_is_what_the_builder_asks():
    """The question text of our rows is the released files' (e.g. coco_pope_random.json:
    "Is there an umbrella in the image?")."""
    assert ps.question("umbrella") == "Is there an umbrella in the image?"
    assert ps.question("dog") == "Is there a dog in the image?"
