"""The object_scene family: hand-checked geometry and facts, a sampler that never overlaps
objects, knobs that fail with the valid values, every kind drawn in its colour, and captions that
name exactly the objects present."""
import re

import numpy as np
import pytest

import engines.mavis.object_scene.caption as cap
from engines.mavis.text import untrue_numbers
from renderers import spec_from_json
from renderers.object_scene import ObjectSceneFamily
from renderers.object_scene.draw import COLOR_RGB, PAINTERS
from renderers.object_scene.spec import (GROUPS, KINDS, THEMES, ObjectSceneSpec, SceneObject,
                                         footprint, object_box)

FAM = ObjectSceneFamily()


def _spec():
    return ObjectSceneSpec(theme="kitchen", frame=7, objects=[
        SceneObject("cup", "red", "medium", 0.2, 0.1),
        SceneObject("cup", "red", "small", 0.5, 0.8),
        SceneObject("bottle", "blue", "large", 0.8, 0.3),
        SceneObject("apple", "green", "medium", 0.45, 0.2),
    ])


def test_vocabulary_and_groups():
    assert len(KINDS) == 28 and set(PAINTERS) == set(KINDS)
    assert set(THEMES) == {"kitchen", "office", "living_room", "hallway", "street", "park"}
    for t, g in GROUPS.items():
        assert len(g) == 8 and len(set(g)) == 8 and set(g) <= set(KINDS), t
        assert not set(THEMES[t]["extra"]) & set(g), t
    assert {k for g in GROUPS.values() for k in g} | \
        {k for t in THEMES.values() for k in t["extra"]} == set(KINDS)


def test_box_of_a_hand_built_object():
    # ball: height 0.12 * SCALE 1.3 at the front (depth 0), medium, aspect 1
    box = object_box(SceneObject("ball", "red", "medium", 0.5, 0.0))
    assert box == pytest.approx((0.422, 0.794, 0.578, 0.95))
    # at the back: base 0.95 - 0.42 = 0.53, scale 1 - 0.38 = 0.62, large (1.2)
    x0, y0, x1, y1 = object_box(SceneObject("ball", "red", "large", 0.5, 1.0))
    h = 1.3 * 0.12 * 1.2 * 0.62
    assert (y1, y1 - y0, x1 - x0) == pytest.approx((0.53, h, h))


def test_facts_of_a_hand_built_spec():
    f = FAM.facts(_spec())
    assert f["n_objects"] == 4 and f["n_kinds"] == 3 and f["frame"] == 7
    assert f["counts"] == {"apple": 1, "bottle": 1, "cup": 2}
    assert f["color_counts"] == {"blue": 1, "green": 1, "red": 2}
    assert f["kind_color_counts"] == {"blue bottle": 1, "green apple": 1, "red cup": 2}
    assert f["left_to_right"] == ["cup", "apple", "cup", "bottle"]
    assert f["front_to_back"] == ["cup", "apple", "bottle", "cup"]
    pos = [(o["kind"], o["horizontal"], o["depth_position"]) for o in f["objects"]]
    assert pos == [("cup", "left", "front"), ("apple", "centre", "front"),
                   ("cup", "centre", "back"), ("bottle", "right", "front")]
    assert f["setting"] == "indoor" and f["sign"] == "" and f["sign_style"] == ""


def test_sampler_places_without_overlap_and_in_range():
    ns = []
    for seed in range(150):
        spec = FAM.sample_spec(np.random.default_rng(seed))
        ns.append(len(spec.objects))
        boxes = [footprint(o) for o in spec.objects]
        for i, a in enumerate(boxes):
            assert 0.0 < a[0] and a[2] < 1.0 and a[1] >= 0.27 and a[3] <= 1.0
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], seed
        for o in spec.objects:
            assert o.color in KINDS[o.kind].colors
    assert min(ns) == 3 and max(ns) == 8


def test_knobs():
    rng = np.random.default_rng(3)
    spec = FAM.sample_spec(rng, theme="park", kinds=["dog", "dog", "ball"],
                           colors=["black", "white", "red"], sign="OPEN", sign_style="board",
                           frame=12)
    assert sorted((o.kind, o.color) for o in spec.objects) == \
        [("ball", "red"), ("dog", "black"), ("dog", "white")]
    assert (spec.theme, spec.sign, spec.sign_style, spec.frame) == ("park", "OPEN", "board", 12)
    assert FAM.sample_spec(np.random.default_rng(0), n_objects=5).objects.__len__() == 5
    with pytest.raises(ValueError, match="unknown theme 'moon'; valid: kitchen, office"):
        FAM.sample_spec(rng, theme="moon")
    with pytest.raises(ValueError, match="n_objects must be in 3..8, got 9"):
        FAM.sample_spec(rng, n_objects=9)
    with pytest.raises(ValueError, match=r"unknown kind\(s\) \['unicorn'\]; valid: apple"):
        FAM.sample_spec(rng, kinds=["unicorn"])
    with pytest.raises(ValueError, match="unknown sign_style 'neon'; valid: shop, board"):
        FAM.sample_spec(rng, sign_style="neon")
    with pytest.raises(ValueError, match="colors needs kinds of the same length"):
        FAM.sample_spec(rng, kinds=["cup"], colors=["red", "blue"])


def test_json_round_trip_of_a_hand_built_spec():
    spec = _spec()
    assert spec_from_json(spec.to_json()) == spec


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_is_drawn_in_its_colour(kind):
    color = KINDS[kind].colors[0]
    spec = ObjectSceneSpec(theme="office", frame=1,
                           objects=[SceneObject(kind, color, "large", 0.5, 0.0)])
    img = np.asarray(FAM.render(spec, 336)).astype(int)
    x0, y0, x1, y1 = (int(v * 336) for v in object_box(spec.objects[0]))
    region = img[y0:y1, x0:x1]
    near = (np.abs(region - np.array(COLOR_RGB[color])).sum(-1) < 40).mean()
    assert near > 0.05, (kind, color, near)
    outside = img[: y0 - 5]  # above the object: wall only (and the tag)
    assert (np.abs(outside - np.array(COLOR_RGB[color])).sum(-1) < 40).mean() < 0.01


def test_texts_are_the_tag_and_the_sign_only():
    spec = _spec().replace(sign="BAKERY")
    _, layout = FAM.render_with_layout(spec, 336)
    assert [lb.text for lb in layout.labels] == ["BAKERY", "Scene 7"]
    _, layout = FAM.render_with_layout(_spec(), 224)
    assert [lb.text for lb in layout.labels] == ["Scene 7"]


def test_caption_names_exactly_the_objects_present():
    kinds = sorted(KINDS)
    for seed in range(60):
        rng = np.random.default_rng(seed)
        spec = FAM.sample_spec(rng)
        facts = FAM.facts(spec)
        text = cap.caption(spec, facts, rng)
        assert not untrue_numbers(text, facts)
        words = set(re.findall(r"[a-z]+", text.lower()))
        named = {k for k in kinds if k in words or cap.PLURALS[k] in words}
        assert named == set(facts["counts"]), (seed, text)


def test_caption_of_a_hand_built_spec_counts_right():
    spec = _spec()
    facts = FAM.facts(spec)
    texts = [cap.caption(spec, facts, np.random.default_rng(s)) for s in range(30)]
    assert all(re.search(r"\b(two|2) red cups\b", t) for t in texts)
    assert any("Red is the most common colour, on two objects." in t or
               "Two objects are red, more than any other colour." in t for t in texts)
    assert all("bottle" in t and "apple" in t for t in texts)


def test_annotated_kinds_each_kind_once_most_prominent_first():
    from renderers.object_scene.spec import ObjectSceneSpec, SceneObject, annotated_kinds

    spec = ObjectSceneSpec(objects=[
        SceneObject("key", "gray", "small", 0.1, 0.9),      # tiny and far
        SceneObject("tree", "green", "large", 0.8, 0.0),    # tall, wide, near
        SceneObject("cup", "red", "medium", 0.5, 0.5),
        SceneObject("key", "yellow", "large", 0.3, 0.0),    # a second, larger key
        SceneObject("cup", "blue", "small", 0.6, 0.9)])
    # key ranks by its larger instance (0.021 of the image) ahead of the cup (0.015)
    assert annotated_kinds(spec) == ["tree", "key", "cup"]
