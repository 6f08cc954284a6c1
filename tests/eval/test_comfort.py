"""COMFORT metrics against hand-computed values and the benchmark's sanity numbers (always-yes
acc 0.472, eps_cos 0.6124, eps_hemi 0.6872, c_opp 1; a perfect cosine curve eps_cos 0, c_sym 0;
uniform random eta 0.266), the Butterworth filter against scipy's coefficients, and the two
tasks end to end through the runner with the reference models.

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


def test_always_yes_sanity_values():
    p = np.ones(36)
    assert round(cm.accuracy(p, COS), 4) == 0.4722 == round(17 / 36, 4)
    assert round(cm.eps_cos(p, COS), 4) == 0.6124 == round(math.sqrt(3 / 8), 4)
    assert round(cm.eps_hemi(p, COS), 4) == 0.6872 == round(math.sqrt(17 / 36), 4)
    assert cm.c_opp(p, p) == 1.0
    assert cm.c_sym(p, COS) == 0.0 and cm.eta(p) == 0.0
    assert cm.sigma([p, p]) == 0.0


def test_perfect_cosine_curve():
    p = (1 + COS) / 2
    assert cm.eps_cos(p, COS) == pytest.approx(0.0, abs=1e-12)
    assert cm.c_sym(p, COS) == pytest.approx(0.0, abs=1e-12)
    assert cm.c_opp(p, (1 - COS) / 2) == pytest.approx(0.0, abs=1e-12)
    assert cm.accuracy(p, COS) == 1.0  # p = 0.5 at 90 and 270 deg reads as no, as the truth
    # scale and offset do not matter after min-max normalisation
    assert cm.eps_cos(0.2 + 0.5 * p, COS) == pytest.approx(0.0, abs=1e-12)


def test_hard_step_curve_by_hand():
    h = cm.truth(COS).astype(float)  # what the oracle answers
    assert cm.eps_hemi(h, COS) == 0.0 and cm.accuracy(h, COS) == 1.0
    assert round(cm.eps_cos(h, COS), 4) == 0.2398
    # 90 and 270 degrees are "no" for a relation and for its opposite: 2 of 36 miss the sum of 1
    assert cm.c_opp(h, cm.truth(-COS).astype(float)) == pytest.approx(math.sqrt(2 / 36))


def test_accuracy_threshold_is_strict():
    assert cm.accuracy(np.full(36, 0.5), COS) == pytest.approx(19 / 36)
    assert cm.accuracy(np.full(36, 0.51), COS) == pytest.approx(17 / 36)


def test_c_sym_by_hand():
    assert len(cm.mirror_pairs(0)) == 17
    assert cm.mirror_pairs(9)[:2] == [(10, 8), (11, 7)]
    p = np.zeros(36)
    p[1:6] = 1.0  # yes on one side of the axis only: 5 of the 17 mirror pairs differ by 1
    assert cm.c_sym(p, COS) == pytest.approx(math.sqrt(5 / 17))
    off_grid = np.cos(np.radians(np.arange(36) * 10 - 5))  # axis between two positions
    assert cm.c_sym(p, off_grid) is None


def test_c_opp_and_sigma_by_hand():
    step = np.r_[np.ones(12), np.zeros(24)]
    # a constant curve normalises to 0, so the sum misses 1 wherever the step is 0: 24 of 36
    assert cm.c_opp(np.full(36, 0.3), step) == pytest.approx(math.sqrt(24 / 36))
    a, b = np.r_[np.zeros(18), np.ones(18)], np.r_[np.ones(18), np.zeros(18)]
    assert cm.sigma([a, b]) == pytest.approx(0.5)  # every point 0.5 from the mean
    assert cm.sigma([a, 3 + 2 * a]) == pytest.approx(0.0)
    assert cm.sigma([a]) is None


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
    eta = np.mean([cm.eta(rng.random(36)) for _ in range(1000)])  # 0.2664 (20000: 0.2666)
    assert round(eta, 3) == 0.266
    assert cm.eta((1 + COS) / 2) < 0.01  # a smooth curve passes the low-pass almost unchanged


def test_preferred_frame():
    assert cm.preferred_frame({"camera": 0.3, "relatum": 0.1, "addressee": 0.5}) == "relatum"
    assert cm.preferred_frame({"camera": 0.6124, "relatum": 0.6124}) == "tie"


def _records(p_of, frames=("camera", "relatum")):
    """Records of variation 0, prefix none, all relations; cos per frame: camera as COS shifted
    per relation, relatum a quarter turn away."""
    dirs = {"right": 0, "behind": 9, "left": 18, "front": 27}
    out = []
    for rel, d in dirs.items():
        for k in range(36):
            cos = {"camera": float(np.cos(np.radians(10 * (k - d)))),
                   "relatum": float(np.cos(np.radians(10 * (k - d - 9))))}
            out.append({"variation": 0, "prefix": "none", "relation": rel, "pos": k,
                        "frame": "camera", "cos": {f: cos[f] for f in frames},
                        "prediction": p_of(cos), "correct": (p_of(cos) > 0.5) == (
                            cos["camera"] > 1e-10)})
    return out


def test_summarise_prefers_the_frame_the_curves_follow():
    m = cm.summarise(_records(lambda c: (1 + c["relatum"]) / 2), ("camera", "relatum"))
    assert m["preferred_frame"] == "relatum"
    assert m["eps_cos@relatum"] == pytest.approx(0.0, abs=1e-12)
    assert m["eps_cos"] == pytest.approx(m["eps_cos@camera"])  # asked frame: camera
    assert m["c_opp"] == pytest.approx(0.0, abs=1e-12) and m["n_curves"] == 4
    assert set(m["per_relation"]) == {"left", "right", "front", "behind"}
    assert m["per_prefix"]["none"]["preferred_frame"] == "relatum"
    assert m["sigma"] is None  # one variation: no spread to measure
    # a missing position drops that curve from the curve metrics, not the run
    part = [r for r in _records(lambda c: 0.9) if not (r["relation"] == "left" and r["pos"] == 3)]
    assert cm.summarise(part, ("camera",))["n_curves"] == 3


# ----------------------------------------------------------------------------- tasks


def test_question_in_six_languages():
    ball, red, car = Thing("ball", "blue"), Thing("ball", "red"), Thing("car", "gray")
    q = tc.question
    assert q("en", "left", "none", red, ball) == \
        "Is the red ball to the left of the blue ball? Answer yes or no."
    assert q("en", "behind", "relatum", red, car, hint=False) == \
        "From the car's viewpoint, is the red ball behind the car?"
    assert q("en", "front", "addressee", red, car, hint=False) == \
        "From the person's viewpoint, is the red ball in front of the car?"
    assert q("zh", "left", "none", red, ball, hint=False) == "红色的球在蓝色的球的左边吗？"
    assert q("ja", "behind", "camera", red, car, hint=False) == \
        "カメラの視点から見て、赤いボールは車の後ろにありますか？"
    assert q("es", "left", "relatum", red, car, hint=False) == \
        "Desde el punto de vista del coche, ¿está la pelota roja a la izquierda del coche?"
    assert q("fr", "left", "relatum", red, Thing("horse", "chestnut"), hint=False) == \
        "Du point de vue du cheval, est-ce que la balle rouge est à gauche du cheval ?"
    assert q("de", "right", "relatum", red, car, hint=False) == \
        "Aus der Sicht des Autos: Ist der rote Ball rechts vom Auto?"
    assert q("de", "front", "none", red, ball, hint=False) == \
        "Ist der rote Ball vor dem blauen Ball?"


@pytest.mark.slow
def test_docs_sizes_limit_and_options():
    ball, car = get_task("comfort-ball"), get_task("comfort-car")
    docs = ball.docs(TaskContext())
    assert len(docs) == 36 * 4 * 2 * 2 and len({d["id"] for d in docs}) == len(docs)
    assert len(car.docs(TaskContext())) == 36 * 4 * 4 * 4
    assert sum(d["target"] == "yes" for d in docs) / len(docs) == pytest.approx(17 / 36)
    assert len(ball.docs(TaskContext(limit=40))) == 36  # whole curves only
    assert len(ball.docs(TaskContext(limit=100))) == 72
    assert len(ball.docs(TaskContext(limit=5))) == 36
    zh = ball.docs(TaskContext(limit=36, options={"language": "zh"}))[0]
    assert zh["prompt"].endswith("请回答是或否。") and ball.yes_no_words(zh) == (["是", "对"],
                                                                          ["否", "不"])
    d = car.docs(TaskContext(limit=36 * 16))[36 * 12]
    assert d["prefix"] == "relatum" and d["prompt"].startswith("From the car's viewpoint")
    assert ball.oracle(docs[0]) == (1.0 if docs[0]["target"] == "yes" else 0.0)
    with pytest.raises(ValueError, match="language='xx'; valid: en, zh, ja, es, fr, de"):
        ball.docs(TaskContext(options={"language": "xx"}))
    with pytest.raises(ValueError, match="valid for comfort-ball: none, camera"):
        ball.docs(TaskContext(options={"prefixes": "relatum"}))


def test_bad_data_folder_and_bad_spec(tmp_path):
    ball = get_task("comfort-ball")
    with pytest.raises(ValueError, match="scenes.jsonl does not exist"):
        ball.docs(TaskContext(data=str(tmp_path)))
    good = ComfortSceneSpec().to_json()
    (tmp_path / "scenes.jsonl").write_text(good + "\n{not json\n")
    with pytest.raises(ValueError, match="scenes.jsonl line 2: not a comfort_scene spec"):
        ball.docs(TaskContext(data=str(tmp_path)))
    (tmp_path / "scenes.jsonl").write_text(good + "\n")
    assert len(ball.docs(TaskContext(data=str(tmp_path)))) == 36 * 4 * 2
    with pytest.raises(ValueError, match="line 1: comfort-car needs a fronted relatum"):
        get_task("comfort-car").docs(TaskContext(data=str(tmp_path)))
    doc = ball.docs(TaskContext(limit=36))[0]
    with pytest.raises(ValueError, match="unknown object kind"):
        ball.image({**doc, "image_bytes": None,  # rendered from its spec (scenes.jsonl)
                    "spec": json.dumps({"relatum": {"kind": "boat"}})})


@pytest.mark.slow
def test_ball_task_reference_models(tmp_path):
    yes = evaluate(load_adapter("builtin:always-yes"), ["comfort-ball"], tmp_path / "y",
                   TaskContext(limit=144, options=SMALL), batch_size=64, progress=False)
    m = yes["tasks"]["comfort-ball"]
    assert (round(m["acc"], 3), round(m["eps_cos"], 4), round(m["eps_hemi"], 4)) == \
        (0.472, 0.6124, 0.6872)
    assert (m["c_opp"], m["c_sym"], m["eta"], m["yes_ratio"], m["n_errors"]) == \
        (1.0, 0.0, 0.0, 1.0, 0)
    assert m["preferred_frame"] == "tie" and m["n_curves"] == 4
    orc = evaluate(load_adapter("builtin:oracle"), ["comfort-ball"], tmp_path / "o",
                   TaskContext(options=SMALL), batch_size=64, progress=False)
    m = orc["tasks"]["comfort-ball"]
    assert (m["acc"], m["eps_hemi"], m["c_sym"], m["sigma"]) == (1.0, 0.0, 0.0, 0.0)
    assert m["preferred_frame"] == "camera" and m["c_opp"] == pytest.approx(math.sqrt(2 / 36))
    assert m["per_prefix"]["camera"]["eps_cos@camera_translated"] > 0.5
    png = orc["plots"]["comfort-ball"][0]
    assert png.endswith("comfort_ball_curves.png")
    with open(tmp_path / "o" / png, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    line = json.loads((tmp_path / "o" / "samples_comfort-ball.jsonl").read_text().splitlines()[0])
    assert {"id", "prediction", "target", "correct", "cos", "pos"} <= set(line)


@pytest.mark.slow
def test_car_task_oracle_takes_each_perspective(tmp_path):
    res = evaluate(load_adapter("builtin:oracle"), ["comfort-car"], tmp_path,
                   TaskContext(limit=36 * 16, options=SMALL), batch_size=64, progress=False)
    m = res["tasks"]["comfort-car"]
    assert m["acc"] == 1.0 and m["n_samples"] == 576
    assert {p: m["per_prefix"][p]["preferred_frame"] for p in m["per_prefix"]} == \
        {"none": "camera", "camera": "camera", "addressee": "addressee", "relatum": "relatum"}
