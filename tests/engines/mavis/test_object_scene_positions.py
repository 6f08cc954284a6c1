"""object_scene captions and perception questions state only positions the picture shows: an
order only between objects whose centres are a visible gap apart (and neither within the other's
span), a region ("on the left") only for an object plainly inside its third, a depth ("near the
front") only away from the middle, and a leftmost / rightmost object only where it is unique."""
import re

import numpy as np
import engines.mavis.object_scene.caption as cap
from engines.mavis.perception import perception_questions
from renderers.object_scene import ObjectSceneFamily
from renderers.object_scene.spec import (DEPTH_MARGIN, REGION_MARGIN, SEPARATION, ObjectSceneSpec,
                                         SceneObject, object_box)

FAM = ObjectSceneFamily()
SEEDS = range(300)
_ORDER = re.compile(r"(?:From left to right: |Reading from left to right, the objects are |"
                    r"Left to right the order is )([a-z ,]+)\.")
_REGION = {"on the left": (0.0, 1 / 3), "in the middle": (1 / 3, 2 / 3),
           "on the right": (2 / 3, 1.0)}


def _scenes():
    for seed in SEEDS:
        spec = FAM.sample_spec(np.random.default_rng(seed))
        yield seed, spec, FAM.facts(spec)


def _apart(a: dict, b: dict, gap: float) -> bool:
    """``a`` visibly left of ``b``: centres ``gap`` apart, neither within the other's span."""
    (a0, _, a1, _), (b0, _, b1, _) = (object_box(SceneObject(o["kind"], o["color"], o["size"],
                                                             o["x"], o["depth"]))
                                      for o in (a, b))
    return b["x"] - a["x"] >= gap and not (a0 <= b0 and b1 <= a1) and \
        not (b0 <= a0 and a1 <= b1)


def _check_caption(text: str, facts: dict) -> None:
    objs = facts["objects"]  # sorted by x, then depth
    unique = {o["kind"]: o for o in objs if facts["counts"][o["kind"]] == 1}
    for m in _ORDER.finditer(text):
        s = m.group(1)
        groups = [re.split(r", | and ", g) for g in
                  (s.split(", then ") if ", then " in s else s.split(", "))]
        assert [k for g in groups for k in g] == [o["kind"] for o in objs], text
        assert len(groups) > 1, text
        parts, i = [], 0
        for g in groups:
            parts.append(objs[i:i + len(g)])
            i += len(g)
        for left, right in zip(parts, parts[1:]):
            assert right[0]["x"] - left[-1]["x"] >= SEPARATION, text
            assert all(_apart(a, b, SEPARATION) for a in left for b in right), text
    for sentence in re.split(r"(?<=\.) ", text):
        said = [k for k in unique if re.search(rf"\b{k}\b", sentence)]
        for phrase, (lo, hi) in _REGION.items():
            if phrase in sentence:
                assert len(said) == 1, sentence
                x = unique[said[0]]["x"]
                assert (lo == 0 or x >= lo + REGION_MARGIN) and \
                    (hi == 1 or x <= hi - REGION_MARGIN), (sentence, x)
        if "near the front" in sentence or "towards the back" in sentence:
            d = unique[said[0]]["depth"]
            assert (d <= 0.5 - DEPTH_MARGIN) if "near the front" in sentence else \
                (d >= 0.5 + DEPTH_MARGIN), (sentence, d)
        m = re.fullmatch(r"The (\w+) is to the (left|right) of the (\w+)\.", sentence)
        if m:
            a, b = unique[m.group(1)], unique[m.group(3)]
            if m.group(2) == "right":
                a, b = b, a
            assert _apart(a, b, cap.RELATION_GAP), sentence


def test_margins_are_visible_at_the_smallest_image_size():
    # 224 px: a gap of 13 px between centres, regions 9 px clear of a boundary
    assert SEPARATION * 224 >= 13 and REGION_MARGIN * 224 >= 8 and DEPTH_MARGIN >= 0.1


def test_captions_state_only_orders_and_regions_a_reader_can_see():
    n_order = n_tied = n_region = 0
    for seed, spec, facts in _scenes():
        for k in range(2):
            text = cap.caption(spec, facts, np.random.default_rng([seed, k]))
            _check_caption(text, facts)
            n_order += bool(_ORDER.search(text))
            n_tied += ", then " in text
            n_region += any(p in text for p in _REGION)
    # the statements are still made where the picture allows them
    assert n_order > 200 and n_tied > 100 and n_region > 300


def test_caption_of_a_scene_with_objects_at_the_same_place():
    # key and red hat 2 px apart, lamp and green hat too; the bottle on the left/middle boundary
    objs = [("key", "yellow", 0.136, 0.228), ("bottle", "red", 0.326, 0.218),
            ("cup", "white", 0.259, 0.954), ("hat", "red", 0.143, 0.56),
            ("hat", "green", 0.635, 0.262), ("lamp", "pink", 0.628, 0.8),
            ("cup", "white", 0.902, 0.224)]
    spec = ObjectSceneSpec(theme="office", frame=184, objects=[
        SceneObject(k, c, "small" if (k, x) == ("cup", 0.902) else "medium", x, d)
        for k, c, x, d in objs])
    facts = FAM.facts(spec)
    texts = [cap.caption(spec, facts, np.random.default_rng(s)) for s in range(40)]
    orders = {m.group(1) for t in texts for m in _ORDER.finditer(t)}
    assert orders == {"key and hat, then cup, then bottle, then lamp and hat, then cup"}
    assert not any(re.search(r"bottle (stands|is) (on|in)", t) for t in texts)
    for t in texts:
        _check_caption(t, facts)


def _object(facts: dict, kind: str) -> dict:
    (o,) = [o for o in facts["objects"] if o["kind"] == kind]
    return o


def test_perception_position_questions_have_visible_answers():
    asked = {"left": 0, "right": 0, "left_of": 0}
    for seed, _, facts in _scenes():
        objs = facts["objects"]
        for q in perception_questions("object_scene", facts):
            if q.template == "What object is on the left?":
                asked["left"] += 1
                near = [o for o in objs if o["x"] < 1 / 3 + REGION_MARGIN]
                assert len(near) == 1 and near[0]["x"] <= 1 / 3 - REGION_MARGIN, seed
                assert near[0]["kind"] == q.answer.replace(" ", "_"), seed
            elif q.template == "Which object is furthest to the right?":
                asked["right"] += 1
                o = _object(facts, q.answer.replace(" ", "_"))
                assert all(_apart(p, o, SEPARATION) for p in objs if p is not o), seed
            elif q.template == "Is the {a} to the left of the {b}?":
                asked["left_of"] += 1
                a, b = (_object(facts, w.replace(" ", "_")) for w in
                        re.fullmatch(r"Is the (.+) to the left of the (.+)\?", q.question).groups())
                assert _apart(a, b, 0.15) if q.answer == "yes" else _apart(b, a, 0.15), seed
    assert min(asked.values()) > 30, asked
