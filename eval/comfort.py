"""COMFORT metrics (ICLR 2025) by the rules of COMFORT's released code (sled-group/COMFORT:
comfort_utils/*_metric.py, spatial_eval.py, gather_results.py), as pure functions of P(yes).

A curve is one question (relation, perspective prefix) asked about one scene variation while the
target orbits the relatum in 36 steps of 10 degrees. Our views are indexed by the target's angle
(0 = camera-right of the relatum, 90 = away from the camera); COMFORT renders each relation's
orbit separately, 37 images from its own start angle (the 37th repeats the first), and every
curve metric depends on that order. ``official_curve`` puts a curve in COMFORT's order:

    relation  left  right  behind  front
    start        0    180      90    270     (the camera-frame opposite of left/right; behind /
                                              front start where they hold, English reading)

On 37-point curves (``n`` = min-max normalised over the 37 points, a zero range replaced by
1e-6, as symmetry_metric.normalize_data does):

    acc       raw P(yes) > 0.5 against cos > 0 (cos within 1e-10 of 0 counts as no), first 36
    eps_cos   sqrt(sum over the first 36 of (n - (1 + cos) / 2)^2 / divisor), divisor 37 as the
              official code divides (len of the 37-point list); ``eps_divisor=36`` is our
              option matching the project page (always-yes then gives sqrt(3/8) = 0.6124)
    eps_clip  the same against clip(cos, 0, 1); eps_hemi against the step (1 where cos > 0)
    eta       RMSE between the first 36 points min-max normalised WITHOUT the 1e-6 guard
              (smoothness_metric.normalize_data) and their scipy.signal.filtfilt with a
              5th-order Butterworth low-pass at 0.2 of Nyquist (cutoff 100 Hz, fs 1000);
              filtfilt pads with an odd extension of 18 points at each end, it does not wrap
    c_sym     sqrt(sum_{i=1..17} (n[i] - n[36 - i])^2 / 17): mirror pairs about the first
              image, i.e. about the relation's camera axis, whatever frame the prompt asks
    c_opp     sqrt(mean_i (n_rel[i] + n_opp[i + 18] - 1)^2) over the first 36, averaged over
              the Yes and No tokens (equal when P(no) = 1 - P(yes)); i + 18 in the opposite
              relation's order is the same view
    sigma     per relation: the curves of all variations (normalised without the guard, first
              36), sqrt(mean over variations and positions of (n - mean over variations)^2);
              then the mean over relations
    obj F1    "Is there any {relatum}?" (positive) and "Is there any {absent object}?"
              (negative) at every image of every relation's orbit: yes when P(yes) >= P(no);
              tp = positive yes, fp = negative yes, fn = positive no; F1 of precision and recall

A constant curve (always-yes) has a zero range: the official eta and sigma divide by it and give
NaN; we report None there. Headline numbers are the paper's Table 5 (gather_results.py
--mode comprehensive): the camera-prompt curves; comfort-car computes every metric on the
relatum-facing-left scenes and on the facing-right scenes and averages the two (obj F1 from the
averaged counts). The preferred frame: comfort-ball, the convention (translated, rotated,
reflected = camera_translated, camera_rotated, camera) with the lowest eps_cos on the
camera-prompt curves (Table 2); comfort-car, the frame (camera, relatum, addressee) with the
lowest eps_cos on the no-prefix curves of the relatum-facing-left scenes, as gather_results.py
--cpp preferredfor averages the facing-left table with itself (Table 3).

    python -c "import numpy as np, eval.comfort as c; print(c.eps_cos(np.ones(36), \
np.cos(np.radians(np.arange(36) * 10))))"
"""
from __future__ import annotations

from collections import defaultdict
import math
from typing import Iterable, Sequence

import numpy as np

N_POS = 36
N_OFFICIAL = N_POS + 1
STEP = 10
RELATIONS = ("left", "right", "front", "behind")
OPPOSITE = {"left": "right", "right": "left", "front": "behind", "behind": "front"}
START = {"left": 0, "right": 180, "behind": 90, "front": 270}
NORM_EPS = 1e-6
EPS_DIVISOR = N_OFFICIAL
TIE = "tie"
HEADLINE_PREFIX = "camera"
FACINGS = ("left", "right")


def angles() -> np.ndarray:
    return np.arange(N_POS) * float(STEP)


def official_order(relation: str) -> np.ndarray:
    """Our view index of each of COMFORT's 37 images of ``relation``'s orbit."""
    return (START[relation] // STEP + np.arange(N_OFFICIAL)) % N_POS


def official_curve(values: Sequence[float], relation: str) -> np.ndarray:
    """A 36-point curve indexed by our angle -> COMFORT's 37-point order for ``relation``."""
    return np.asarray(values, float)[official_order(relation)]


def truth(cos: Sequence[float]) -> np.ndarray:
    """Yes where cos > 0; |cos| < 1e-10 counts as 0 (no), as at 90 and 270 degrees."""
    c = np.asarray(cos, float)
    return np.where(np.abs(c) < 1e-10, 0.0, c) > 0


def normalise(p: Sequence[float]) -> np.ndarray:
    """Min-max normalisation; a constant curve becomes all zeros (zero range -> 1e-6)."""
    p = np.asarray(p, float)
    lo, rng = p.min(), p.max() - p.min()
    return (p - lo) / (rng if rng > 0 else NORM_EPS)


def _normalise_unguarded(p: np.ndarray) -> np.ndarray | None:
    """smoothness_metric.normalize_data: no guard, so a constant curve is 0/0 (None here)."""
    rng = p.max() - p.min()
    return None if rng == 0 else (p - p.min()) / rng


# ----------------------------------------------------------------------------- per curve
# Each takes a curve in COMFORT's 37-point order (official_curve) and the asked frame's cos at
# the same 37 images.


def accuracy(p37: Sequence[float], cos37: Sequence[float]) -> float:
    p, c = np.asarray(p37, float)[:N_POS], np.asarray(cos37, float)[:N_POS]
    return float(np.mean((p > 0.5) == truth(c)))


def _eps(p37, cos37, target, divisor: int) -> float:
    n = normalise(p37)[:N_POS]
    return float(np.sqrt(np.sum((target(np.asarray(cos37, float)[:N_POS]) - n) ** 2) / divisor))


def eps_cos(p37, cos37, divisor: int = EPS_DIVISOR) -> float:
    return _eps(p37, cos37, lambda c: (np.where(np.abs(c) < 1e-10, 0.0, c) + 1) / 2, divisor)


def eps_clip(p37, cos37, divisor: int = EPS_DIVISOR) -> float:
    return _eps(p37, cos37, lambda c: np.clip(np.where(np.abs(c) < 1e-10, 0.0, c), 0, 1),
                divisor)


def eps_hemi(p37, cos37, divisor: int = EPS_DIVISOR) -> float:
    return _eps(p37, cos37, lambda c: truth(c).astype(float), divisor)


# COMFORT filters with scipy.signal.butter(5, 0.2) + filtfilt. scipy is not a dependency of this
# project, so the same filter is written here with numpy: the bilinear-transformed analog
# Butterworth prototype, a transposed direct-form-II lfilter with steady-state initial
# conditions (lfilter_zi), and filtfilt's default odd extension of 3 * (order + 1) samples.


def butter_lowpass(order: int = 5, wn: float = 0.2) -> tuple[np.ndarray, np.ndarray]:
    """Digital Butterworth low-pass (b, a); ``wn`` is the cutoff as a fraction of Nyquist."""
    if not 0 < wn < 1:
        raise ValueError(f"wn must be in (0, 1), got {wn}")
    m = np.arange(-order + 1, order, 2)
    poles = -np.exp(1j * np.pi * m / (2 * order))  # analog prototype, cutoff 1 rad/s
    warped = 4.0 * math.tan(math.pi * wn / 2)  # pre-warp for fs = 2 (Nyquist = 1)
    poles = warped * poles
    gain = warped ** order
    zp = (4.0 + poles) / (4.0 - poles)  # bilinear transform, 2 * fs = 4
    k = gain * np.real(1.0 / np.prod(4.0 - poles))
    b = k * np.real(np.poly(-np.ones(order)))
    a = np.real(np.poly(zp))
    return b, a


def _lfilter_zi(b: np.ndarray, a: np.ndarray) -> np.ndarray:
    n = len(a)
    companion = np.zeros((n - 1, n - 1))
    companion[0] = -a[1:] / a[0]
    companion[np.arange(1, n - 1), np.arange(n - 2)] = 1.0
    return np.linalg.solve(np.eye(n - 1) - companion.T, b[1:] - a[1:] * b[0])


def _lfilter(b: np.ndarray, a: np.ndarray, x: np.ndarray, zi: np.ndarray) -> np.ndarray:
    z = zi.astype(float).copy()
    y = np.empty_like(x, dtype=float)
    for i, xi in enumerate(x):
        yi = b[0] * xi + z[0]
        nz = b[1:] * xi - a[1:] * yi
        nz[:-1] += z[1:]
        z = nz
        y[i] = yi
    return y


def filtfilt(b: np.ndarray, a: np.ndarray, x: Sequence[float]) -> np.ndarray:
    """Zero-phase forward-backward filtering with scipy's defaults (odd padding)."""
    b, a = np.asarray(b, float) / a[0], np.asarray(a, float) / a[0]
    x = np.asarray(x, float)
    pad = 3 * max(len(a), len(b))
    if len(x) <= pad:
        raise ValueError(f"filtfilt needs more than {pad} samples, got {len(x)}")
    ext = np.concatenate([2 * x[0] - x[pad:0:-1], x, 2 * x[-1] - x[-2:-pad - 2:-1]])
    zi = _lfilter_zi(b, a)
    y = _lfilter(b, a, ext, zi * ext[0])
    y = _lfilter(b, a, y[::-1], zi * y[-1])[::-1]
    return y[pad:-pad]


_BUTTER = butter_lowpass(5, 0.2)


def eta(p37: Sequence[float]) -> float | None:
    """None for a constant curve (the official code's 0/0)."""
    n = _normalise_unguarded(np.asarray(p37, float)[:N_POS])
    if n is None:
        return None
    return float(np.sqrt(np.mean((n - filtfilt(*_BUTTER, n)) ** 2)))


def c_sym(p37: Sequence[float]) -> float:
    n = normalise(p37)[:N_POS]
    d = n[1:N_POS // 2] - n[N_POS - 1:N_POS // 2:-1]
    return float(np.sqrt(np.sum(d ** 2) / (N_POS - 2) * 2))


def c_opp(p37: Sequence[float], p37_opp: Sequence[float]) -> float:
    """Both curves in their own relation's order; position i of one is i + 18 of the other."""
    a = normalise(p37)[:N_POS]
    b = normalise(p37_opp)[:N_POS][(np.arange(N_POS) + N_POS // 2) % N_POS]
    return float(np.sqrt(np.mean((a + b - 1) ** 2)))


def sigma(curves37: Sequence[Sequence[float]]) -> float | None:
    """The curves of one relation across variations; None for a constant curve (0/0)."""
    xs = [_normalise_unguarded(np.asarray(c, float)) for c in curves37]
    if not xs or any(x is None for x in xs):
        return None
    x = np.stack([x[:N_POS] for x in xs])
    return float(np.sqrt(np.mean((x - x.mean(0)) ** 2)))


def obj_counts(pos: Iterable[float], neg: Iterable[float]) -> dict:
    """tp / fn from the positive question's P(yes), fp / tn from the negative's."""
    pos, neg = np.asarray(list(pos), float), np.asarray(list(neg), float)
    return {"tp": float(np.sum(pos >= 1 - pos)), "fn": float(np.sum(pos < 1 - pos)),
            "fp": float(np.sum(neg >= 1 - neg)), "tn": float(np.sum(neg < 1 - neg))}


def obj_f1(c: dict) -> dict:
    """Precision, recall and F1 as gather_results.py computes them (a zero denominator is
    replaced by 1e-10)."""
    tp, fp, fn = c["tp"], c["fp"], c["fn"]
    prec = tp / ((tp + fp) or 1e-10)
    rec = tp / ((tp + fn) or 1e-10)
    return {"obj_precision": prec, "obj_recall": rec,
            "obj_f1": 2 * prec * rec / ((prec + rec) or 1e-10)}


def preferred_frame(fits: dict[str, float]) -> str:
    """The frame with the lowest eps_cos; "tie" when the best two are equal (e.g. a constant
    curve fits every frame alike)."""
    if not fits:
        return TIE
    ranked = sorted(fits.items(), key=lambda kv: kv[1])
    if len(ranked) > 1 and abs(ranked[0][1] - ranked[1][1]) < 1e-9:
        return TIE
    return ranked[0][0]


# ----------------------------------------------------------------------------- curves


def curves_from_records(records: Iterable[dict]) -> dict[tuple, dict]:
    """Complete spatial curves keyed by (variation, prefix, relation): {"p": (36,) by our
    angle, "cos": {frame: (36,)}, "frame": asked frame, "facing": relatum facing or None}. A
    curve with a missing position (an errored sample) is left out: curve metrics need all 36."""
    by_key: dict[tuple, dict[int, dict]] = defaultdict(dict)
    for r in records:
        if r.get("relation") is not None:
            by_key[(r["variation"], r["prefix"], r["relation"])][int(r["pos"])] = r
    out = {}
    for key, pts in by_key.items():
        if set(pts) != set(range(N_POS)):
            continue
        rows = [pts[i] for i in range(N_POS)]
        frames = rows[0]["cos"].keys()
        out[key] = {"p": np.array([float(r["prediction"]) for r in rows]),
                    "cos": {f: np.array([float(r["cos"][f]) for r in rows]) for f in frames},
                    "frame": rows[0]["frame"], "facing": rows[0].get("facing")}
    return out


def object_curves(records: Iterable[dict]) -> dict[int, dict]:
    """Per variation, the P(yes) of the positive and negative object questions by view."""
    by: dict[int, dict[str, dict[int, float]]] = defaultdict(lambda: defaultdict(dict))
    facing: dict[int, str | None] = {}
    for r in records:
        if r.get("object") in ("positive", "negative"):
            by[r["variation"]][r["object"]][int(r["pos"])] = float(r["prediction"])
            facing[r["variation"]] = r.get("facing")
    out = {}
    for v, d in by.items():
        if all(set(d.get(k, {})) == set(range(N_POS)) for k in ("positive", "negative")):
            out[v] = {k: np.array([d[k][i] for i in range(N_POS)]) for k in d}
            out[v]["facing"] = facing[v]
    return out


def _mean(xs: Iterable[float | None]) -> float | None:
    """Mean, None if empty or if any is None (the official mean of a NaN is NaN)."""
    xs = list(xs)
    if not xs or any(x is None for x in xs):
        return None
    return float(np.mean(xs))


def _o(c: dict, frame: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    rel = c["relation"]
    return official_curve(c["p"], rel), official_curve(c["cos"][frame or c["frame"]], rel)


def _group_metrics(curves: dict[tuple, dict], keys: list[tuple], divisor: int,
                   objects: dict[int, dict] | None = None) -> dict:
    """COMFORT's eval_metrics on one perspective file: every metric over the curves ``keys``
    (one prefix, one facing), against the frame each asks."""
    if not keys:
        return {}
    cs = [dict(curves[k], relation=k[2]) for k in keys]
    o = [_o(c) for c in cs]
    out = {"acc": _mean(accuracy(p, c) for p, c in o),
           "eps_cos": _mean(eps_cos(p, c, divisor) for p, c in o),
           "eps_clip": _mean(eps_clip(p, c, divisor) for p, c in o),
           "eps_hemi": _mean(eps_hemi(p, c, divisor) for p, c in o),
           "c_sym": _mean(c_sym(p) for p, _ in o),
           "eta": _mean(eta(p) for p, _ in o)}
    opp = []
    for k in keys:
        ko = (k[0], k[1], OPPOSITE[k[2]])
        if ko in curves and ko in keys:
            opp.append(c_opp(official_curve(curves[k]["p"], k[2]),
                             official_curve(curves[ko]["p"], ko[2])))
    out["c_opp"] = _mean(opp)
    by_rel: dict[str, list] = defaultdict(list)
    for k, c in zip(keys, cs):
        by_rel[k[2]].append(official_curve(c["p"], k[2]))
    out["sigma"] = _mean(sigma(v) for v in by_rel.values())
    out["n_curves"] = len(keys)
    if objects is not None:
        out["obj_counts"] = _obj_group_counts(objects, sorted({k[0] for k in keys}),
                                              sorted({k[2] for k in keys}))
    return out


def _obj_group_counts(objects: dict[int, dict], variations: list[int],
                      relations: list[str]) -> dict | None:
    """Counts over every image of every relation's orbit, as the official file asks the object
    questions once per (relation, variation) image folder: 37 images, the first repeated."""
    vs = [v for v in variations if v in objects]
    if not vs:
        return None
    pos, neg = [], []
    for v in vs:
        for rel in relations:
            idx = official_order(rel)
            pos.extend(objects[v]["positive"][idx])
            neg.extend(objects[v]["negative"][idx])
    return obj_counts(pos, neg)


def _by_facing(curves: dict[tuple, dict], keys: list[tuple]) -> dict[str | None, list[tuple]]:
    out: dict[str | None, list[tuple]] = defaultdict(list)
    for k in keys:
        out[curves[k]["facing"]].append(k)
    return out


def _average_facings(rows: list[dict]) -> dict:
    """comfort-car: the mean of the facing-left and facing-right rows, as gather_results.py
    averages the two files (obj F1 from the averaged counts)."""
    rows = [r for r in rows if r]
    if not rows:
        return {}
    out = {}
    for key in ("acc", "eps_cos", "eps_clip", "eps_hemi", "c_sym", "c_opp", "eta", "sigma"):
        out[key] = _mean(r.get(key) for r in rows)
    out["n_curves"] = sum(r["n_curves"] for r in rows)
    counts = [r.get("obj_counts") for r in rows]
    if counts and all(c is not None for c in counts):
        avg = {k: float(np.mean([c[k] for c in counts])) for k in counts[0]}
        out.update(obj_f1(avg))
        out["obj_counts"] = avg
    return out


def perspective_row(curves: dict[tuple, dict], keys: list[tuple], divisor: int,
                    objects: dict[int, dict] | None = None) -> dict:
    """Every metric of one prefix's curves: per facing and averaged over facings where the
    scenes have a fronted relatum (comfort-car), else on all of them (comfort-ball)."""
    groups = _by_facing(curves, keys)
    rows = [_group_metrics(curves, ks, divisor, objects) for _, ks in sorted(
        groups.items(), key=lambda kv: str(kv[0]))]
    return _average_facings(rows)


def frame_fits(curves: dict[tuple, dict], keys: list[tuple], frames: Sequence[str],
               divisor: int) -> dict[str, float]:
    """eps_cos of the curves ``keys`` against each frame: the mean over relations of the mean
    over variations, as convention_metric / language_ambiguity_metric and gather_results.py
    compute it."""
    out = {}
    for f in frames:
        per_rel: dict[str, list[float]] = defaultdict(list)
        for k in keys:
            c = curves[k]
            if f in c["cos"]:
                p, cos = official_curve(c["p"], k[2]), official_curve(c["cos"][f], k[2])
                per_rel[k[2]].append(eps_cos(p, cos, divisor))
        if per_rel:
            out[f] = float(np.mean([np.mean(v) for v in per_rel.values()]))
    return out


def _record_row(records: list[dict]) -> dict:
    if not records:
        return {}
    p = np.array([float(r["prediction"]) for r in records])
    return {"yes_ratio": float(np.mean(p > 0.5)), "mean_p_yes": float(np.mean(p)),
            "n": len(records)}


def summarise(records: list[dict], frames: Sequence[str], scene: str = "ball",
              divisor: int = EPS_DIVISOR) -> dict:
    """All COMFORT metrics of a run. Top level: the paper's headline (Table 5) on the
    camera-prompt curves (comfort-car: per facing, averaged) with obj F1, and the preferred
    frame (Tables 2 and 3); ``per_prefix``: every metric of each prefix against the frame it
    asks (comfort-car's relatum / addressee / camera rows are Table 4); ``per_relation``: the
    headline prefix's metrics by relation."""
    curves = curves_from_records(records)
    objects = object_curves(records)
    keys = sorted(curves)
    spatial = [r for r in records if r.get("relation") is not None]
    prefixes = sorted({k[1] for k in keys}, key=prefix_order)
    head = HEADLINE_PREFIX if HEADLINE_PREFIX in prefixes else (prefixes[0] if prefixes
                                                                 else None)
    out: dict = {"headline_prefix": head, "eps_divisor": divisor}
    out.update(_record_row(spatial))
    out.pop("n", None)
    hk = [k for k in keys if k[1] == head]
    out.update(perspective_row(curves, hk, divisor, objects or None))
    if objects and "obj_f1" not in out:  # object questions without the headline curves
        out.update(obj_f1(_obj_group_counts(objects, sorted(objects), list(RELATIONS))))
    out["n_curves"] = len(keys)
    if scene == "car":
        pk = [k for k in keys if k[1] == "none" and curves[k]["facing"] == "left"]
        out["preferred_frame_curves"] = "no prefix, relatum facing left"
    else:
        pk = [k for k in keys if k[1] == "camera"]
        out["preferred_frame_curves"] = "camera prefix"
    fits = frame_fits(curves, pk, frames, divisor)
    out.update({f"eps_cos@{f}": v for f, v in fits.items()})
    out["preferred_frame"] = preferred_frame(fits) if fits else None
    out["per_prefix"] = {
        pf: {**_record_row([r for r in spatial if r["prefix"] == pf]),
             **perspective_row(curves, [k for k in keys if k[1] == pf], divisor)}
        for pf in prefixes}
    relations = [r for r in RELATIONS if any(k[2] == r for k in hk)]
    out["per_relation"] = {
        rel: {**_record_row([r for r in spatial if r["prefix"] == head and
                             r["relation"] == rel]),
              **perspective_row(curves, [k for k in hk if k[2] == rel], divisor)}
        for rel in relations}
    return out


def prefix_order(p: str) -> int:
    order = ("none", "camera", "addressee", "relatum")
    return order.index(p) if p in order else len(order)
