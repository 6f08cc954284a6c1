"""COMFORT metrics on COMFORT's 37-image orbits against hand-computed values and the
benchmark's sanity numbers (always-yes acc 0.472, eps_cos sqrt(3/8 * 36/37) by COMFORT's code and
0.6124 with the project page's divisor 36, c_opp 1, eta and sigma undefined; a perfect cosine
curve eps_cos 0, c_sym 0; uniform random eta 0.267), the Butterworth filter against scipy's
coefficients, the official prompts and object names, COMFORT's released folder layout on a tiny
fixture built in it, and the two tasks end to end through the runner with the reference models.

    python -m pytest -q tests/eval/test_comfort.py
"""
import json
import math

import numpy as np
import pytest

import eval.tasks.comfort as tc  # noqa: F401  (registers comfort-ball / comfort-car)
from eval import comfort as cm
from eval.runner import evaluate
from eval.task import TaskContext, get_task
from mm.adapters import load_adapter
from renderers.comfort_scene.spec import ComfortSceneSpec, Thing

COS = np.cos(np.radians(np.arange(36) * 10))  # relation direction at position 0
SMALL = {"image_size": 64}


# ----------------------------------------------------------------------------- metrics


def test_truth_counts_17_of_36_and_cos_zero_as_no():
    t = cm.truth(COS)
    assert t.sum() == 17 and not t[9] and not t[27]  # 90 and 270 degrees: cos = 6e-17 -> no


def test_normalise_min_max_and_constant_to_zero():
    assert cm.normalise([1.0, 2.0, 3.0]).tolist() == [0.0, 0.5, 1.0]
    assert cm.normalise([0.7] * 36).tolist() == [0.0] * 36


def _o(p36, rel="left"):
    """A curve by our angle in COMFORT's 37-image order for ``rel``."""
    return cm.official_curve(p36, rel)


def test_official_order_starts_at_each_relations_own_angle():
    assert [int(cm.official_order(r)[0]) * 10 for r in ("left", "right", "behind", "front")] == \
        [0, 180, 90, 270]
    assert cm.official_order("right")[[0, 35, 36]].tolist() == [18, 17, 18]  # 37th = 1st


def test_always_yes_sanity_values():
    p, c = _o(np.ones(36)), _o(COS)
    assert round(cm.accuracy(p, c), 4) == 0.4722 == round(17 / 36, 4)
    # COMFORT's code sums 36 squared errors and divides by 37; 36 is the project page's
    assert cm.eps_cos(p, c) == pytest.approx(math.sqrt(3 / 8 * 36 / 37))
    assert round(cm.eps_cos(p, c, divisor=36), 4) == 0.6124 == round(math.sqrt(3 / 8), 4)
    assert round(cm.eps_hemi(p, c, divisor=36), 4) == 0.6872 == round(math.sqrt(17 / 36), 4)
    assert cm.eps_clip(p, c) == pytest.approx(math.sqrt(np.sum(np.clip(COS, 0, 1) ** 2) / 37))
    assert cm.c_opp(p, p) == 1.0 and cm.c_sym(p) == 0.0
    # the official eta and sigma divide by the zero range of a constant curve (NaN): None
    assert cm.eta(p) is None and cm.sigma([p, p]) is None


def test_perfect_cosine_curve():
    p = (1 + COS) / 2
    assert cm.eps_cos(_o(p), _o(COS)) == pytest.approx(0.0, abs=1e-12)
    assert cm.c_sym(_o(p)) == pytest.approx(0.0, abs=1e-12)
    assert cm.c_opp(_o(p, "left"), _o((1 - COS) / 2, "right")) == pytest.approx(0, abs=1e-12)
    assert cm.accuracy(_o(p), _o(COS)) == 1.0  # p = 0.5 at 90 and 270 deg reads as no
    assert cm.eps_cos(_o(0.2 + 0.5 * p), _o(COS)) == pytest.approx(0.0, abs=1e-12)


def test_hard_step_curve_by_hand():
    h = cm.truth(COS).astype(float)  # what the oracle answers
    assert cm.eps_hemi(_o(h), _o(COS)) == 0.0 and cm.accuracy(_o(h), _o(COS)) == 1.0
    assert round(cm.eps_cos(_o(h), _o(COS), 36), 4) == 0.2398
    # 90 and 270 degrees are "no" for a relation and for its opposite: 2 of 36 miss the sum of 1
    opp = cm.truth(-COS).astype(float)
    assert cm.c_opp(_o(h, "left"), _o(opp, "right")) == pytest.approx(math.sqrt(2 / 36))


def test_accuracy_threshold_is_strict():
    assert cm.accuracy(_o(np.full(36, 0.5)), _o(COS)) == pytest.approx(19 / 36)
    assert cm.accuracy(_o(np.full(36, 0.51)), _o(COS)) == pytest.approx(17 / 36)


def test_c_sym_mirrors_about_the_first_image():
    p = np.zeros(37)
    p[1:6] = 1.0  # yes on one side of the axis only: 5 of the 17 mirror pairs differ by 1
    assert cm.c_sym(p) == pytest.approx(math.sqrt(5 / 17))
    p[31:36] = 1.0  # and their mirrors: symmetric
    assert cm.c_sym(p) == 0.0


def test_c_opp_sigma_and_obj_f1_by_hand():
    step = np.r_[np.ones(12), np.zeros(25)]
    # a constant curve normalises to 0, so the sum misses 1 wherever the step is 0: 24 of 36
    assert cm.c_opp(np.full(37, 0.3), step) == pytest.approx(math.sqrt(24 / 36))
    a, b = np.r_[np.zeros(18), np.ones(19)], np.r_[np.ones(18), np.zeros(19)]
    assert cm.sigma([a, b]) == pytest.approx(0.5)  # every point 0.5 from the mean
    assert cm.sigma([a, 3 + 2 * a]) == pytest.approx(0.0) and cm.sigma([a]) == 0.0
    c = cm.obj_counts([0.9, 0.5, 0.2], [0.7, 0.1, 0.4])  # P(yes) >= P(no) is yes
    assert c == {"tp": 2.0, "fn": 1.0, "fp": 1.0, "tn": 2.0}
    assert cm.obj_f1(c)["obj_f1"] == pytest.approx(2 / 3)
    assert cm.obj_f1({"tp": 0.0, "fp": 0.0, "fn": 3.0})["obj_f1"] == 0.0


def test_butterworth_matches_scipy():
    b, a = cm.butter_lowpass(5, 0.2)
    # scipy.signal.butter(5, 0.2) (scipy 1.17)
    np.testing.assert_allclose(b, [0.001282581079, 0.006412905395, 0.01282581079,
                                   0.01282581079, 0.006412905395, 0.001282581079], rtol=1e-9)
    np.testing.assert_allclose(a, [1.0, -2.975422109746, 3.80601811932, -2.54525286833,
                                   0.881130075438, -0.125430622155], rtol=1e-9)
    assert b.sum() / a.sum() == pytest.approx(1.0)  # unit gain at DC
    x = np.arange(36) % 7 / 6.0
    y = cm.filtfilt(b, a, x)
    # scipy.signal.filtfilt(b, a, x)[[0, 5, 17, 35]]
    np.testing.assert_allclose(y[[0, 5, 17, 35]], [-0.002102498004, 0.603690963021,
                                                   0.504780916091, -0.001042712382], atol=1e-9)
    np.testing.assert_allclose(cm.filtfilt(b, a, np.full(36, 0.4)), 0.4, atol=1e-12)
    with pytest.raises(ValueError, match="more than 18 samples"):
        cm.filtfilt(b, a, np.zeros(10))


def test_eta_of_uniform_random_curves():
    rng = np.random.default_rng(0)
    eta = np.mean([cm.eta(rng.random(37)) for _ in range(1000)])
    assert round(eta, 3) == 0.267
    assert cm.eta(_o((1 + COS) / 2)) < 0.01  # a smooth curve passes the low-pass unchanged
    # filtfilt does not wrap: the same curve started elsewhere on the orbit scores otherwise
    step = cm.truth(COS).astype(float)
    assert cm.eta(_o(step, "left")) != pytest.approx(cm.eta(_o(step, "behind")))


def test_preferred_frame():
    assert cm.preferred_frame({"camera": 0.3, "relatum": 0.1, "addressee": 0.5}) == "relatum"
    assert cm.preferred_frame({"camera": 0.6124, "relatum": 0.6124}) == "tie"


def _records(p_of, prefix="camera", frames=("camera", "camera_translated")):
    """Records of variation 0, all relations at 36 positions; cos per frame: camera from the
    relation's direction, camera_translated with front and behind swapped."""
    dirs = {"right": 0, "behind": 90, "left": 180, "front": 270}
    swap = {"front": 90, "behind": 270}
    out = []
    for rel, d in dirs.items():
        for k in range(36):
            cos = {"camera": float(np.cos(np.radians(10 * k - d))),
                   "camera_translated": float(np.cos(np.radians(10 * k - swap.get(rel, d))))}
            out.append({"variation": 0, "prefix": prefix, "relation": rel, "pos": k,
                        "frame": "camera", "cos": {f: cos[f] for f in frames},
                        "prediction": p_of(cos), "object": None, "facing": None})
    return out


def test_summarise_prefers_the_frame_the_curves_follow():
    m = cm.summarise(_records(lambda c: (1 + c["camera_translated"]) / 2),
                     ("camera", "camera_translated"))
    assert m["preferred_frame"] == "camera_translated"
    assert m["preferred_frame_curves"] == "camera prefix" and m["headline_prefix"] == "camera"
    assert m["eps_cos@camera_translated"] == pytest.approx(0.0, abs=1e-12)
    assert m["eps_cos"] == pytest.approx(m["eps_cos@camera"])  # asked frame: camera
    assert m["c_opp"] == pytest.approx(0.0, abs=1e-12) and m["n_curves"] == 4
    assert set(m["per_relation"]) == {"left", "right", "front", "behind"}
    assert m["sigma"] == 0.0 and m["eps_divisor"] == 37 and "obj_f1" not in m
    # a missing position drops that curve from the curve metrics, not the run
    part = [r for r in _records(lambda c: 0.9) if not (r["relation"] == "left" and r["pos"] == 3)]
    assert cm.summarise(part, ("camera",))["n_curves"] == 3
    # no camera-prompt curves: no preferred convention, as the official table has no row
    assert cm.summarise(_records(lambda c: 0.9, "none"), ("camera",))["preferred_frame"] is None


# ----------------------------------------------------------------------------- tasks


def test_question_in_six_languages():
    blue, red, car = Thing("ball", "blue"), Thing("ball", "red"), Thing("car", "gray")
    bb = Thing("basketball", "basketball")
    q = tc.question
    assert q("en", "left", "none", red, blue) == "Is the red sphere to the left of the blue sphere?"
    assert q("en", "left", "camera", red, blue, hint=True) == \
        "From the camera's viewpoint, is the red sphere to the left of the blue sphere? " \
        "Answer yes or no."
    assert q("en", "behind", "relatum", bb, car) == \
        "From the car's viewpoint, is the basketball behind the car?"
    assert q("en", "front", "addressee", bb, Thing("sofa", "navy")) == \
        "From the woman's viewpoint, is the basketball in front of the sofa?"
    assert q("zh", "left", "none", red, blue) == "红色的球体在蓝色的球体的左边吗？"
    assert q("ja", "behind", "camera", bb, car) == \
        "カメラの視点から見て、バスケットボールは車の後ろにありますか？"
    assert q("es", "left", "relatum", bb, car) == ("Desde el punto de vista del coche, ¿está el "
                                                  "balón de baloncesto a la izquierda del coche?")
    assert q("fr", "left", "relatum", red, Thing("horse", "chestnut")) == \
        "Du point de vue du cheval, est-ce que la sphère rouge est à gauche du cheval ?"
    assert q("de", "right", "relatum", bb, car) == \
        "Aus der Sicht des Autos: Ist der Basketball rechts vom Auto?"
    assert q("de", "front", "none", red, blue) == "Ist die rote Kugel vor der blauen Kugel?"


def test_object_hallucination_prompts_follow_comfort():
    red, blue = Thing("ball", "red"), Thing("ball", "blue")
    assert tc.absent_object(red, blue) == "yellow box"
    assert tc.absent_object(Thing("ball", "yellow"), Thing("ball", "green")) == "blue box"
    bb = Thing("basketball", "basketball")
    assert tc.absent_object(bb, Thing("car", "red")) == "horse"
    assert tc.absent_object(bb, Thing("horse", "dark")) == "bench"
    assert tc.there_is("en", "ball", "blue") == "Is there any blue sphere?"
    assert tc.there_is("en", None, None, "yellow box") == "Is there any yellow box?"
    assert tc.there_is("de", "dog", "tan") == "Ist der Hund zu sehen?"


def test_docs_sizes_limit_and_options():
    ball, car = get_task("comfort-ball"), get_task("comfort-car")
    assert (ball.n_variations, car.n_variations) == (5, 20)
    docs = ball.docs(TaskContext(options={**SMALL, "variations": 1}))
    # per variation: 2 prefixes x 4 relations + the 2 object questions, 36 views each
    assert len(docs) == 36 * (2 * 4 + 2) and len({d["id"] for d in docs}) == len(docs)
    spatial = [d for d in docs if d["relation"]]
    assert sum(d["target"] == "yes" for d in spatial) / len(spatial) == pytest.approx(17 / 36)
    assert docs[0]["prompt"] == "Is the red sphere to the left of the blue sphere?"
    objs = [d for d in docs if d["object"]]
    assert {d["prompt"] for d in objs} == {"Is there any blue sphere?", "Is there any yellow box?"}
    assert len(ball.docs(TaskContext(limit=40, options=SMALL))) == 36  # whole curves only
    assert len(ball.docs(TaskContext(limit=100, options=SMALL))) == 72
    no_obj = ball.docs(TaskContext(options={**SMALL, "variations": 1, "objects": "false"}))
    assert len(no_obj) == 36 * 8
    zh = ball.docs(TaskContext(limit=36, options={**SMALL, "language": "zh",
                                                  "answer_hint": True}))[0]
    assert zh["prompt"].endswith("请回答是或否。") and ball.yes_no_words(zh) == (["是", "对"],
                                                                          ["否", "不"])
    cd = car.docs(TaskContext(options={**SMALL, "variations": 2}))
    assert len(cd) == 2 * 36 * (4 * 4 + 2)
    assert [d["facing"] for d in cd[::36 * 18]] == ["left", "right"]
    rel = [d for d in cd if d["prefix"] == "relatum"][0]
    assert rel["prompt"] == \
        "From the horse's viewpoint, is the basketball to the left of the horse?"
    assert ball.oracle(docs[0]) == (1.0 if docs[0]["target"] == "yes" else 0.0)
    with pytest.raises(ValueError, match="language='xx'; valid: en, zh, ja, es, fr, de"):
        ball.docs(TaskContext(options={"language": "xx"}))
    with pytest.raises(ValueError, match="valid for comfort-ball: none, camera"):
        ball.docs(TaskContext(options={"prefixes": "relatum"}))
    with pytest.raises(ValueError, match="eps_divisor=35; valid: 37"):
        ball.docs(TaskContext(options={"eps_divisor": 35}))
    with pytest.raises(ValueError, match="option objects='maybe'; valid: true, false"):
        ball.docs(TaskContext(options={"objects": "maybe"}))


def test_bad_data_folder_and_bad_spec(tmp_path):
    ball = get_task("comfort-ball")
    with pytest.raises(ValueError, match="scenes.jsonl does not exist"):
        ball.docs(TaskContext(data=str(tmp_path)))
    good = ComfortSceneSpec().to_json()
    (tmp_path / "scenes.jsonl").write_text(good + "\n{not json\n")
    with pytest.raises(ValueError, match="scenes.jsonl line 2: not a comfort_scene spec"):
        ball.docs(TaskContext(data=str(tmp_path)))
    (tmp_path / "scenes.jsonl").write_text(good + "\n")
    assert len(ball.docs(TaskContext(data=str(tmp_path)))) == 36 * 10
    with pytest.raises(ValueError, match="line 1: comfort-car needs a fronted relatum"):
        get_task("comfort-car").docs(TaskContext(data=str(tmp_path)))
    doc = ball.docs(TaskContext(limit=36, options=SMALL))[0]
    with pytest.raises(ValueError, match="unknown object kind"):
        ball.image({**doc, "image_bytes": None,  # rendered from its spec (scenes.jsonl)
                    "spec": json.dumps({"relatum": {"kind": "boat"}})})


def _released(root, name, variations, facing_shape=None):
    """A tiny tree in COMFORT's released layout: <name>/<relation>/<variation>/{0..36}.png +
    config.json (fields as data_generation/generate_dataset.py writes them)."""
    from PIL import Image

    for rel in ("behind", "infrontof", "totheleft", "totheright"):
        for v, (var, ref, vc, rc) in variations.items():
            d = root / name / rel / v
            d.mkdir(parents=True)
            for k in range(37):
                Image.new("RGB", (8, 8), (k * 6, 40, 90)).save(d / f"{k}.png")
            (d / "config.json").write_text(json.dumps({
                "variation": v, "relation": rel, "path_type": "rotate", "var_shape": var,
                "ref_shape": ref, "var_color": vc, "ref_color": rc, "num_steps": 37,
                "mapping": {f"{k}.png": -180 + 10 * k for k in range(37)}}))


def test_released_folders_read_as_released(tmp_path):
    _released(tmp_path, "comfort_ball", {"default": ("Sphere", "Sphere", "red", "blue"),
                                         "color": ("Sphere", "Sphere", "yellow", "green")})
    ball = get_task("comfort-ball")
    docs = ball.docs(TaskContext(data=str(tmp_path)))
    assert len(docs) == 2 * 36 * 10
    # variations in sorted folder order; image k of a relation is the view at its start + 10k
    d = [x for x in docs if x["relation"] == "right" and x["prefix"] == "none"]
    assert d[0]["prompt"] == "Is the yellow sphere to the right of the green sphere?"
    assert d[0]["scene_name"] == "comfort_ball/color"
    assert d[18]["image_path"].endswith("comfort_ball/totheright/color/0.png")
    assert d[0]["image_path"].endswith("comfort_ball/totheright/color/18.png")
    assert ball.image(d[18]).getpixel((0, 0)) == (0, 40, 90) and d[18]["target"] == "no"
    left = [x for x in docs if x["relation"] == "left" and x["variation"] == 1]
    assert left[18]["target"] == "yes" and left[18]["image_path"].endswith("/18.png")
    _released(tmp_path / "car", "comfort_car_ref_facing_left",
              {"default": ("Basketball", "car_sedan", "unknown", "unknown")})
    _released(tmp_path / "car", "comfort_car_ref_facing_right",
              {"object_basketball_and_dog": ("Basketball", "Dog", "unknown", "unknown")})
    car = get_task("comfort-car")
    cd = car.docs(TaskContext(data=str(tmp_path / "car")))
    assert len(cd) == 2 * 36 * 18
    assert {(x["scene_name"], x["facing"]) for x in cd} == {
        ("comfort_car_ref_facing_left/default", "left"),
        ("comfort_car_ref_facing_right/object_basketball_and_dog", "right")}
    assert [x["prompt"] for x in cd if x["object"]][::36] == [
        "Is there any car?", "Is there any horse?", "Is there any dog?", "Is there any horse?"]
    res = [car.process(x, car.oracle(x)) for x in cd]
    m = car.aggregate(res)
    assert (m["acc"], m["eps_hemi"], m["obj_f1"]) == (1.0, 0.0, 1.0)
    (tmp_path / "comfort_ball" / "behind" / "color" / "7.png").unlink()
    with pytest.raises(ValueError, match="behind/color/7.png does not exist"):
        ball.docs(TaskContext(data=str(tmp_path)))
    (tmp_path / "comfort_ball" / "behind" / "color" / "config.json").write_text("{}")
    with pytest.raises(ValueError, match="color/config.json: var_shape=None is not one of"):
        ball.docs(TaskContext(data=str(tmp_path)))


@pytest.mark.slow
def test_ball_task_reference_models(tmp_path):
    opts = {**SMALL, "variations": 2}
    yes = evaluate(load_adapter("builtin:always-yes"), ["comfort-ball"], tmp_path / "y",
                   TaskContext(options=opts), batch_size=64, progress=False)
    m = yes["tasks"]["comfort-ball"]
    assert (round(m["acc"], 3), round(m["eps_cos"], 4), round(m["eps_hemi"], 4)) == \
        (0.472, 0.604, 0.6778)
    assert (m["c_opp"], m["c_sym"], m["eta"], m["sigma"], m["yes_ratio"], m["n_errors"]) == \
        (1.0, 0.0, None, None, 1.0, 0)
    assert m["preferred_frame"] == "tie" and m["obj_f1"] == pytest.approx(2 / 3)
    orc = evaluate(load_adapter("builtin:oracle"), ["comfort-ball"], tmp_path / "o",
                   TaskContext(options={**opts, "eps_divisor": 36}), batch_size=64,
                   progress=False)
    m = orc["tasks"]["comfort-ball"]
    assert (m["acc"], m["eps_hemi"], m["c_sym"], m["sigma"], m["obj_f1"]) == \
        (1.0, 0.0, 0.0, 0.0, 1.0)
    assert m["preferred_frame"] == "camera" and m["c_opp"] == pytest.approx(math.sqrt(2 / 36))
    assert m["eps_divisor"] == 36 and round(m["eps_cos"], 4) == 0.2398
    png = orc["plots"]["comfort-ball"][0]
    assert png.endswith("comfort_ball_curves.png")
    with open(tmp_path / "o" / png, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    line = json.loads((tmp_path / "o" / "samples_comfort-ball.jsonl").read_text().splitlines()[0])
    assert {"id", "prediction", "target", "correct", "cos", "pos", "facing"} <= set(line)


@pytest.mark.slow
def test_car_task_oracle_takes_each_perspective(tmp_path):
    res = evaluate(load_adapter("builtin:oracle"), ["comfort-car"], tmp_path,
                   TaskContext(options={**SMALL, "variations": 2}), batch_size=64,
                   progress=False)
    m = res["tasks"]["comfort-car"]
    assert m["acc"] == 1.0 and m["n_samples"] == 2 * 36 * 18
    assert {p: m["per_prefix"][p]["eps_hemi"] for p in m["per_prefix"]} == \
        {"none": 0.0, "camera": 0.0, "addressee": 0.0, "relatum": 0.0}
    assert m["preferred_frame"] == "camera"  # the oracle answers a bare question by the camera
