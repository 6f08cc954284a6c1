"""Focused tests of the "comfort_scene" renderer: frames of reference and relation cosines of
hand-built scenes against hand-computed values, one framing for all target angles, knob
validation, labels, determinism, JSON round trip.

    python -m pytest -q tests/renderers/test_comfort_scene.py
"""
import io
import json
import math

import numpy as np
import pytest

from renderers.comfort_scene.draw import scene_camera
from renderers.comfort_scene.spec import FRONTED, ComfortSceneSpec, Person, Thing
from renderers.family import FAMILIES, spec_from_json

FAM = FAMILIES.get("comfort_scene")


def _car(facing: float, angle: float = 0.0) -> ComfortSceneSpec:
    return ComfortSceneSpec(relatum=Thing("car", "red", 0.9, facing=facing),
                            target=Thing("ball", "blue", 0.35), target_angle=angle, orbit=1.9,
                            addressee=Person(x=-3.2, z=0.5, facing=0.0), labels=False)


def test_camera_frame_of_a_ball_scene():
    f = FAM.facts(ComfortSceneSpec(target_angle=90.0))  # straight behind, away from the camera
    assert f["frames"]["camera"] == {"left": 180.0, "right": 0.0, "front": 270.0,
                                     "behind": 90.0}
    assert f["relation_cos"]["camera"] == {"left": 0.0, "right": 0.0, "front": -1.0,
                                           "behind": 1.0}
    assert f["relations_true"]["camera"] == ["behind"]
    # translated (Hausa-like) reading: "in front of" = farther from the viewer
    assert f["relations_true"]["camera_translated"] == ["front"]
    assert f["frames"]["camera_rotated"]["left"] == 0.0
    assert set(f["frames"]) == {"camera", "camera_translated", "camera_rotated"}
    assert f["scene"] == "ball" and f["relatum"]["facing"] is None


def test_cosines_at_30_degrees_by_hand():
    f = FAM.facts(ComfortSceneSpec(target_angle=30.0))
    c = f["relation_cos"]["camera"]
    assert c["right"] == pytest.approx(math.sqrt(3) / 2, abs=1e-6)  # cos 30
    assert c["behind"] == pytest.approx(0.5, abs=1e-6)  # cos(30 - 90)
    assert c["left"] == pytest.approx(-math.sqrt(3) / 2, abs=1e-6)
    assert f["relations_true"]["camera"] == ["right", "behind"]
    assert f["target"]["x"] == pytest.approx(2.0 * math.sqrt(3) / 2, abs=1e-4)
    assert f["target"]["z"] == pytest.approx(1.0, abs=1e-4)


def test_relatum_and_addressee_frames():
    left = FAM.facts(_car(180.0, angle=270.0))  # car faces left; target on the camera side
    # a car facing left (west) has its left side towards the camera (south)
    assert left["frames"]["relatum"] == {"left": 270.0, "right": 90.0, "front": 180.0,
                                         "behind": 0.0}
    assert left["relations_true"]["relatum"] == ["left"]
    assert left["relations_true"]["camera"] == ["front"]
    # the addressee faces right: its "in front of the car" is towards itself (reflected)
    assert left["frames"]["addressee"] == {"left": 90.0, "right": 270.0, "front": 180.0,
                                           "behind": 0.0}
    assert left["relations_true"]["addressee"] == ["right"]
    right = FAM.facts(_car(0.0, angle=270.0))
    assert right["relations_true"]["relatum"] == ["right"]
    assert right["relation_cos"]["relatum"]["front"] == 0.0  # exactly 90 degrees off
    assert right["relatum"] == {"kind": "car", "color": "red", "size": 0.9, "fronted": True,
                                "facing": 0.0}


def test_share_of_yes_is_17_of_36_per_relation_and_frame():
    for spec in (ComfortSceneSpec(), _car(180.0)):
        counts = {}
        for k in range(36):
            f = FAM.facts(spec.replace(target_angle=10.0 * k))
            for frame, rels in f["relations_true"].items():
                for r in rels:
                    counts[(frame, r)] = counts.get((frame, r), 0) + 1
        assert set(counts.values()) == {17}
        assert len(counts) == 4 * len(f["frames"])


def test_framing_does_not_depend_on_the_target_angle():
    spec = _car(0.0)
    cams = [scene_camera(spec.replace(target_angle=a), 336, 336) for a in (0.0, 90.0, 250.0)]
    for c in cams[1:]:
        assert (c.scale, c.ox, c.oy) == (cams[0].scale, cams[0].ox, cams[0].oy)
    a = np.asarray(FAM.render(spec.replace(target_angle=0.0), 224))
    b = np.asarray(FAM.render(spec.replace(target_angle=180.0), 224))
    # the right edge shows the target only at 0 degrees; the far top-left corner never changes
    assert (a[:40, :40] == b[:40, :40]).all() and not (a == b).all()


def test_knobs_and_validation():
    rng = np.random.default_rng(0)
    s = FAM.sample_spec(rng, scene="car", relatum="horse", facing="left", target_angle=40)
    assert (s.relatum.kind, s.relatum.facing, s.target_angle) == ("horse", 180.0, 40.0)
    assert s.addressee is not None and s.addressee.facing == 0.0
    b = FAM.sample_spec(np.random.default_rng(1), scene="ball", distractor=True)
    assert b.distractor is not None and b.distractor.color not in (b.relatum.color,
                                                                   b.target.color)
    assert b.relatum.color != b.target.color and b.addressee is None
    with pytest.raises(ValueError, match="scene='boat' is not valid; valid: ball, car"):
        FAM.sample_spec(rng, scene="boat")
    with pytest.raises(ValueError, match="relatum='boat' is not valid; valid: horse, bench, "
                       "laptop, duck, chair, dog, sofa, bed, bicycle, car"):
        FAM.sample_spec(rng, relatum="boat")
    for kind in FRONTED:  # COMFORT-CAR's ten relata, a basketball orbiting each
        s = FAM.sample_spec(rng, relatum=kind, facing="right")
        assert (s.relatum.kind, s.relatum.facing, s.target.kind) == (kind, 0.0, "basketball")
        img = np.asarray(FAM.render(s, 64)).astype(int)
        assert img.std() > 10
    with pytest.raises(ValueError, match="facing='up' is not valid; valid: left, right"):
        FAM.sample_spec(rng, facing="up")
    with pytest.raises(ValueError, match="unknown knob"):
        FAM.sample_spec(rng, colour="red")
    with pytest.raises(ValueError, match="distractor= applies to scene='ball' only"):
        FAM.sample_spec(rng, scene="car", distractor=True)
    with pytest.raises(ValueError, match="unknown object kind 'boat'"):
        FAM.render(ComfortSceneSpec(relatum=Thing("boat", "red", 1.0)), 64)


def test_labels_name_the_objects_or_stay_off():
    spec = _car(180.0).replace(labels=True)
    _, layout = FAM.render_with_layout(spec, 336)
    assert sorted(lb.text for lb in layout.labels) == ["blue sphere", "car", "woman"]
    _, layout = FAM.render_with_layout(spec.replace(labels=False), 336)
    assert layout.labels == []


def test_json_round_trip_and_same_bytes():
    spec = FAM.sample_spec(np.random.default_rng(5), scene="car")
    back = spec_from_json(spec.to_json())
    assert back == spec and isinstance(back.addressee, Person)
    assert json.loads(spec.to_json())["family"] == "comfort_scene"

    def png(sp):
        buf = io.BytesIO()
        FAM.render(sp, 336).save(buf, format="PNG")
        return buf.getvalue()

    assert png(spec) == png(back)
    # a nearer-than-relatum target (270 deg) covers the relatum's lower part, not vice versa
    img = np.asarray(FAM.render(ComfortSceneSpec(target_angle=270.0, orbit=0.9, labels=False),
                                224)).astype(int)
    mid = img[112:200, 112]
    assert (mid[:, 0] - mid[:, 2] > 60).any()  # red target drawn over the blue relatum
