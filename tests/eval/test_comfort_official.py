"""eval.comfort against an independent transcription of COMFORT's released metric code
(sled-group/COMFORT: comfort_utils/accuracy_metric.py, smoothness_metric.py, symmetry_metric.py,
std_metric.py, language_ambiguity_metric.py, convention_metric.py, helper.FOR_MAP,
spatial_eval.py object_hall / eval_metrics, gather_results.py), numpy only, fed the same P(yes)
of builtin:random, builtin:always-yes and a synthetic cosine model: every metric equal to 1e-6.

The transcription rebuilds COMFORT's results layout from our per-sample records: per relation
folder, 37 images along the orbit from the relation's own start (data_generation configs:
angle_range starts behind 180, infrontof 0, totheleft 90, totheright 270, Blender degrees; our
angle = Blender angle - 90, both counter-clockwise seen from above, camera on Blender +x), the
image's "angle" -180 + 10k (utils.get_rotation_path), ground truth cos(angle + shift) with the
FoR shifts of accuracy_metric. scipy is not installed: butter(5, 0.2) is scipy's coefficients
written out, filtfilt is scipy's default (odd padding of 3 * max(len(a), len(b)) samples, lfilter
started from the steady state of a unit step).

    python -m pytest -q tests/eval/test_comfort_official.py
"""
import math

import numpy as np
import pytest

import eval.tasks.comfort as tc  # noqa: F401  (registers comfort-ball / comfort-car)
from eval import comfort as cm
from eval.task import TaskContext, get_task
from mm.adapters import load_adapter

BLENDER_START = {"behind": 180, "infrontof": 0, "totheleft": 90, "totheright": 270}
OURS = {"behind": "behind", "infrontof": "front", "totheleft": "left", "totheright": "right"}
NEGATIVE = {"totheleft": "totheright", "totheright": "totheleft", "behind": "infrontof",
            "infrontof": "behind"}
FOR_SHIFT = {"camera": 0, "addressee": 90, "rotated_camera": 180, "rotated_addressee": 270,
             "object_facing_right": 90, "object_facing_left": 270}
LR = ("totheleft", "totheright")


def for_map(facing, perspective, configuration):
    """helper.FOR_MAP[facing][perspective][configuration]."""
    if perspective in ("camera", "mixed_camera"):
        return "camera" if configuration in LR else "rotated_camera"
    if perspective == "unrotated_camera":
        return "camera"
    if perspective == "rotated_camera":
        return "rotated_camera"
    if perspective == "addressee":
        return "addressee" if configuration in LR else "rotated_addressee"
    if perspective == "object":
        return f"object_facing_{facing}"
    raise KeyError(perspective)


# ----------------------------------------------------------------------------- transcription
B = np.array([0.001282581078955, 0.006412905394774, 0.012825810789548, 0.012825810789548,
              0.006412905394774, 0.001282581078955])  # scipy.signal.butter(5, 0.2)
A = np.array([1.0, -2.975422109745684, 3.806018119320411, -2.545252868330468,
              0.881130075437836, -0.125430622155356])


def lfilter(b, a, x, z):
    z = np.array(z, float)
    y = np.zeros(len(x))
    for n, v in enumerate(x):
        y[n] = b[0] * v + z[0]
        for i in range(len(z) - 1):
            z[i] = b[i + 1] * v + z[i + 1] - a[i + 1] * y[n]
        z[-1] = b[-1] * v - a[-1] * y[n]
    return y, z


def steady_state(b, a):
    _, z = lfilter(b, a, np.ones(4000), np.zeros(len(a) - 1))
    return z


ZI = steady_state(B, A)


def filtfilt_ref(b, a, x):
    n = 3 * max(len(a), len(b))
    x = np.asarray(x, float)
    ext = np.concatenate([2 * x[0] - x[n:0:-1], x, 2 * x[-1] - x[-2:-(n + 2):-1]])
    zi = ZI if b is B and a is A else steady_state(b, a)
    y, _ = lfilter(b, a, ext, zi * ext[0])
    y, _ = lfilter(b, a, y[::-1], zi * y[-1])
    return y[::-1][n:-n]


def normalize_eps(data):  # symmetry_metric.normalize_data
    out = []
    keys = data[0][1].keys()
    lo = {t: min(d[1][t] for d in data) for t in keys}
    rng = {t: (max(d[1][t] for d in data) - lo[t]) or 1e-6 for t in keys}
    for ang, lk in data:
        out.append((ang, {t: (lk[t] - lo[t]) / rng[t] for t in keys}))
    return out


def normalize_plain(x):  # smoothness_metric.normalize_data
    x = np.asarray(x, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (x - x.min()) / (x.max() - x.min())


def accuracy_metric(data, for_, mode="normalize", normalize=True):
    this = normalize_eps(data) if normalize else data
    this = this[:-1]
    if mode != "acc":
        err = 0.0
        for ang, lk in this:
            c = np.cos((ang + FOR_SHIFT[for_]) / 180 * np.pi)
            c = 0 if abs(c) < 1e-10 else c
            gt = {"normalize": (c + 1) / 2, "clipped": np.clip(c, 0, 1),
                  "thresholding": float(c > 0)}[mode]
            err += (gt - lk["Yes"]) ** 2
        return np.sqrt(err / len(data))
    hits = []
    for ang, lk in this:
        c = np.cos((ang + FOR_SHIFT[for_]) / 180 * np.pi)
        c = 0 if abs(c) < 1e-10 else c
        hits.append(int((lk["Yes"] > 0.5) == (c > 0)))
    return sum(hits) / len(hits)


def smoothness(data):
    y = normalize_plain([d[1]["Yes"] for d in data[:-1]])
    return np.sqrt(np.mean((y - filtfilt_ref(B, A, y)) ** 2))


def spatial_symmetry(data):
    data = normalize_eps(data)[:-1]
    n = len(data)
    s = sum((data[i][1]["Yes"] - data[n - i][1]["Yes"]) ** 2 for i in range(1, n // 2))
    return np.sqrt(s / (n - 2) * 2)


def reverse_symmetry(pos, neg, token):
    pos, neg = normalize_eps(pos)[:-1], normalize_eps(neg)[:-1]
    s = 0.0
    for i in range(len(pos)):
        j = ((i * 10 + 180) % 360) // 10
        s += (pos[i][1][token] + neg[j][1][token] - 1) ** 2
    return np.sqrt(s / len(pos))


def std(results):
    ys = [normalize_plain([d[1]["Yes"] for d in results[v]["positive"]])[:-1] for v in results]
    x = np.stack(ys)
    return np.sqrt(np.mean((x - x.mean(0)) ** 2))


def object_hall(all_results):
    yp = yn = np_ = nn = 0
    for conf in all_results.values():
        for var in conf.values():
            for a, b in zip(var["object2_hallucination_positive"],
                            var["object_hallucination_negative_color_shape"]):
                if a[1]["Yes"] >= a[1]["No"]:
                    yp += 1
                else:
                    np_ += 1
                if b[1]["Yes"] >= b[1]["No"]:
                    yn += 1
                else:
                    nn += 1
    return yp, yn, np_, nn


def f1(tp, fp, fn):
    p = tp / (tp + fp) if tp + fp > 0 else tp / 1e-10
    r = tp / (tp + fn) if tp + fn > 0 else tp / 1e-10
    return 2 * p * r / (p + r) if p + r > 0 else 2 * p * r / 1e-10


def eval_metrics(all_results, perspective, facing):
    """spatial_eval.eval_metrics on one perspective file: the means of Table 5's columns."""
    cols = {k: [] for k in ("acc", "eps_cos", "eps_clip", "eps_hemi", "c_sym", "eta")}
    stds, rr = [], []
    for conf, res in all_results.items():
        stds.append(std(res))
        f = for_map(facing, perspective, conf)
        for v in res.values():
            d = v["positive"]
            cols["c_sym"].append(spatial_symmetry(d))
            cols["eta"].append(smoothness(d))
            cols["eps_cos"].append(accuracy_metric(d, f, "normalize"))
            cols["eps_clip"].append(accuracy_metric(d, f, "clipped"))
            cols["eps_hemi"].append(accuracy_metric(d, f, "thresholding"))
            cols["acc"].append(accuracy_metric(d, f, "acc", normalize=False))
    for conf in all_results:
        for v in all_results[conf]:
            p, n = all_results[conf][v]["positive"], all_results[NEGATIVE[conf]][v]["positive"]
            rr.append((reverse_symmetry(p, n, "Yes") + reverse_symmetry(p, n, "No")) / 2)
    out = {k: np.mean(v) for k, v in cols.items()}
    out.update(c_opp=np.mean(rr), sigma=np.mean(stds))
    out["counts"] = object_hall(all_results)
    return out


# ----------------------------------------------------------------------------- layout


def official_layout(records, prefix, facing=None):
    """COMFORT's results JSON for one perspective file, from our records: {configuration:
    {variation: {"positive": 37 x (angle, {"Yes", "No"}), object questions}}}."""
    p = {}
    for r in records:
        if facing is not None and r["facing"] != facing:
            continue
        key = (r["variation"], r["relation"] or r["object"], r["prefix"])
        p.setdefault(key, {})[r["angle"]] = r["prediction"]
    out = {}
    for conf, rel in OURS.items():
        out[conf] = {}
        for v in sorted({k[0] for k in p if k[2] == prefix}):
            def orbit(curve):
                pts = []
                for k in range(37):
                    ours = (BLENDER_START[conf] - 90 + 10 * k) % 360
                    y = curve[ours]
                    pts.append((-180 + 10 * k, {"Yes": y, "No": 1 - y}))
                return pts
            out[conf][v] = {"positive": orbit(p[(v, rel, prefix)])}
            if (v, "positive", None) in p:
                out[conf][v]["object2_hallucination_positive"] = orbit(p[(v, "positive", None)])
                out[conf][v]["object_hallucination_negative_color_shape"] = orbit(
                    p[(v, "negative", None)])
    return out


def headline(records, facings):
    rows = [eval_metrics(official_layout(records, "camera", f), "camera", f) for f in facings]
    out = {k: np.mean([r[k] for r in rows]) for k in rows[0] if k != "counts"}
    yp, yn, np_, _ = (np.mean([r["counts"][i] for r in rows]) for i in range(4))
    out["obj_f1"] = f1(yp, yn, np_)
    return out


def preferred_ball(records):
    """convention_metric (softcos) on the camera-prompt file: Trans / Rot / Refl."""
    res = official_layout(records, "camera")
    names = {"unrotated_camera": "camera_translated", "rotated_camera": "camera_rotated",
             "mixed_camera": "camera"}
    fits = {}
    for per, name in names.items():
        fits[name] = np.mean([np.mean([accuracy_metric(v["positive"], for_map(None, per, c))
                                       for v in res[c].values()]) for c in res])
    return fits


def preferred_car(records):
    """language_ambiguity_metric (softcos) on the no-prefix file; gather_results.py averages
    the facing-left table with itself."""
    res = official_layout(records, "none", "left")
    names = {"camera": "camera", "object": "relatum", "addressee": "addressee"}
    return {name: np.mean([np.mean([accuracy_metric(v["positive"], for_map("left", per, c))
                                    for v in res[c].values()]) for c in res])
            for per, name in names.items()}


def same(ours, ref):
    if ref is None or (isinstance(ref, float) and math.isnan(ref)):
        assert ours is None
    else:
        assert ours == pytest.approx(float(ref), abs=1e-6)


# ----------------------------------------------------------------------------- runs


_DOCS: dict = {}


def _records(task, model, opts):
    key = (task.name, tuple(sorted(opts.items())))
    if key not in _DOCS:  # one build per task for the three models
        _DOCS[key] = task.docs(TaskContext(seed=0, options={"image_size": 48, **opts}))
    docs = _DOCS[key]
    if model == "cosine":  # a smooth, imperfect model: a phase-shifted, squashed cosine
        p = [0.15 + 0.7 * (1 + math.cos(math.radians(d["angle"] - cm.START[d["relation"]] - 20
                                                      + 7 * d["variation"]))) / 2
             if d["relation"] else 0.3 + 0.4 * (d["object"] == "positive") +
             0.01 * d["pos"] for d in docs]
    else:
        ad = load_adapter(f"builtin:{model}")
        p = ad.yes_no_prob([task.image(d) for d in docs], [task.prompt(d) for d in docs],
                           oracle=[task.oracle(d) for d in docs])
    return [task.process(d, x) for d, x in zip(docs, p)]


@pytest.mark.parametrize("model", ["random", "always-yes", "cosine"])
def test_comfort_ball_equals_official(model):
    task = get_task("comfort-ball")
    recs = _records(task, model, {"variations": 3})
    m = task.aggregate(recs)
    ref = headline(recs, [None])
    for k in ("acc", "eps_cos", "eps_clip", "eps_hemi", "c_sym", "c_opp", "eta", "sigma",
              "obj_f1"):
        same(m[k], ref[k])
    fits = preferred_ball(recs)
    for f, v in fits.items():
        same(m[f"eps_cos@{f}"], v)
    best = min(fits, key=fits.get)
    assert m["preferred_frame"] == (cm.TIE if model == "always-yes" else best)


@pytest.mark.parametrize("model", ["random", "always-yes", "cosine"])
@pytest.mark.slow
def test_comfort_car_equals_official_per_facing(model):
    task = get_task("comfort-car")
    recs = _records(task, model, {"variations": 4})
    m = task.aggregate(recs)
    ref = headline(recs, ["left", "right"])
    for k in ("acc", "eps_cos", "eps_clip", "eps_hemi", "c_sym", "c_opp", "eta", "sigma",
              "obj_f1"):
        same(m[k], ref[k])
    fits = preferred_car(recs)
    for f, v in fits.items():
        same(m[f"eps_cos@{f}"], v)
    if model != "always-yes":
        assert m["preferred_frame"] == min(fits, key=fits.get)
    # Table 4: each prefix against its own frame, per facing, averaged
    for prefix, per in (("relatum", "object"), ("addressee", "addressee")):
        vals = []
        for f in ("left", "right"):
            res = official_layout(recs, prefix, f)
            vals.append(np.mean([np.mean([accuracy_metric(v["positive"], for_map(f, per, c))
                                          for v in res[c].values()]) for c in res]))
        same(m["per_prefix"][prefix]["eps_cos"], np.mean(vals))


def test_filter_transcription_matches_ours():
    b, a = cm.butter_lowpass(5, 0.2)
    np.testing.assert_allclose(b, B, rtol=1e-9)
    np.testing.assert_allclose(a, A, rtol=1e-9)
    x = np.random.default_rng(3).random(36)
    np.testing.assert_allclose(cm.filtfilt(b, a, x), filtfilt_ref(B, A, x), atol=1e-9)
