"""COMFORT metrics (ICLR 2025): pure functions of P(yes) curves over the 36 target positions.

A curve is one question (relation, perspective prefix) asked about one scene variation while the
target orbits the relatum in 36 steps of 10 degrees; ``cos`` holds, per position, the cosine
between the target's direction and the relation's direction in a frame of reference (camera,
relatum, addressee, ...). Ground truth is yes where cos > 0 (cos = 0 at 90 degrees counts as no).

    acc       raw P(yes) > 0.5 against cos > 0
    eps_cos   RMSE between the min-max normalised curve and (1 + cos) / 2
    eps_hemi  RMSE between the normalised curve and the hemisphere step (1 where cos > 0)
    sigma     pooled RMS deviation of normalised curves across scene variations per position
    eta       RMSE between the normalised curve and its zero-phase 5th-order Butterworth
              low-pass (normalised cutoff 0.2)
    c_sym     RMS difference between the normalised curve at t and at its mirror angle about
              the relation's axis, over the 17 mirror pairs
    c_opp     RMS of P(rel) + P(opposite rel) - 1 at the same position (normalised curves)

Conventions, taken from COMFORT's released metric code where the paper leaves them open:
- min-max normalisation maps a constant curve to all zeros (a zero range is replaced by 1e-6),
  which is what makes always-yes score eps_cos = sqrt(3/8) = 0.6124 and eps_hemi =
  sqrt(17/36) = 0.6872; acc uses the raw P(yes), so always-yes scores 17/36 = 0.4722;
- RMSEs average over the 36 positions (COMFORT's code divides eps by 37, counting the repeated
  360-degree point; 0.6124 needs 36);
- c_sym and c_opp are root-mean-square, as in COMFORT's code, on normalised curves; the mirror
  axis is the relation's direction in the frame the question asks (COMFORT reports c_sym on
  camera-prompted runs, where that is the camera's axis).

    python -c "import numpy as np, eval.comfort as c; print(c.eps_cos(np.ones(36), \
np.cos(np.radians(np.arange(36) * 10))))"
"""
from __future__ import annotations

import math
from collections import defaultdict
from typing import Iterable, Sequence

import numpy as np

N_POS = 36
STEP = 10
RELATIONS = ("left", "right", "front", "behind")
OPPOSITE = {"left": "right", "right": "left", "front": "behind", "behind": "front"}
NORM_EPS = 1e-6
TIE = "tie"


def angles() -> np.ndarray:
    return np.arange(N_POS) * float(STEP)


def truth(cos: Sequence[float]) -> np.ndarray:
    """Yes where cos > 0; |cos| < 1e-10 counts as 0 (no), as at 90 and 270 degrees."""
    c = np.asarray(cos, float)
    return np.where(np.abs(c) < 1e-10, 0.0, c) > 0


def normalise(p: Sequence[float]) -> np.ndarray:
    """Min-max normalisation; a constant curve becomes all zeros (zero range -> 1e-6)."""
    p = np.asarray(p, float)
    lo, rng = p.min(), p.max() - p.min()
    return (p - lo) / (rng if rng > 0 else NORM_EPS)


def _rmse(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.asarray(a, float) - np.asarray(b, float)) ** 2)))


def accuracy(p: Sequence[float], cos: Sequence[float]) -> float:
    return float(np.mean((np.asarray(p, float) > 0.5) == truth(cos)))


def eps_cos(p: Sequence[float], cos: Sequence[float]) -> float:
    return _rmse(normalise(p), (1 + np.asarray(cos, float)) / 2)


def eps_hemi(p: Sequence[float], cos: Sequence[float]) -> float:
    return _rmse(normalise(p), truth(cos).astype(float))


# ----------------------------------------------------------------------------- low-pass filter
# COMFORT filters with scipy.signal.butter(5, 0.2) + filtfilt. scipy is not a dependency of this
# project (and adding it for 40 lines is not worth a 40 MB wheel), so the same filter is written
# here with numpy: the bilinear-transformed analog Butterworth prototype, a transposed
# direct-form-II lfilter with steady-state initial conditions (lfilter_zi), and filtfilt's
# default odd extension of 3 * (order + 1) samples at each end.


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


def eta(p: Sequence[float]) -> float:
    n = normalise(p)
    b, a = butter_lowpass(5, 0.2)
    return _rmse(n, filtfilt(b, a, n))


# ----------------------------------------------------------------------------- consistency


def mirror_pairs(axis: int, n: int = N_POS) -> list[tuple[int, int]]:
    """Index pairs mirrored about the axis through position ``axis`` (and its opposite):
    17 pairs for 36 positions; the two positions on the axis pair with themselves."""
    return [((axis + i) % n, (axis - i) % n) for i in range(1, n // 2)]


def c_sym(p: Sequence[float], cos: Sequence[float]) -> float | None:
    """Reflection consistency about the relation's axis; None if the relation's direction is
    not one of the 36 positions (no mirror pairs fall on the grid)."""
    c = np.asarray(cos, float)
    axis = int(np.argmax(c))
    if abs(c[axis] - 1) > 1e-6:
        return None
    n = normalise(p)
    d = [n[i] - n[j] for i, j in mirror_pairs(axis, len(n))]
    return float(np.sqrt(np.mean(np.square(d))))


def c_opp(p: Sequence[float], p_opp: Sequence[float]) -> float:
    return _rmse(normalise(p) + normalise(p_opp), 1.0)


def sigma(curves: Sequence[Sequence[float]]) -> float | None:
    """Pooled RMS deviation of the normalised curves from their mean at each position; None
    for fewer than two curves."""
    if len(curves) < 2:
        return None
    x = np.stack([normalise(c) for c in curves])
    return float(np.sqrt(np.mean((x - x.mean(0)) ** 2)))


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
    """Complete curves keyed by (variation, prefix, relation): {"p": (36,), "cos": {frame:
    (36,)}, "frame": asked frame}. A curve with a missing position (an errored sample) is left
    out: curve metrics need all 36 points."""
    by_key: dict[tuple, dict[int, dict]] = defaultdict(dict)
    for r in records:
        by_key[(r["variation"], r["prefix"], r["relation"])][int(r["pos"])] = r
    out = {}
    for key, pts in by_key.items():
        if len(pts) != N_POS or set(pts) != set(range(N_POS)):
            continue
        rows = [pts[i] for i in range(N_POS)]
        frames = rows[0]["cos"].keys()
        out[key] = {"p": np.array([float(r["prediction"]) for r in rows]),
                    "cos": {f: np.array([float(r["cos"][f]) for r in rows]) for f in frames},
                    "frame": rows[0]["frame"]}
    return out


def _mean(xs: Iterable[float | None]) -> float | None:
    xs = [x for x in xs if x is not None]
    return float(np.mean(xs)) if xs else None


def _curve_row(curves: dict[tuple, dict], keys: list[tuple], frames: Sequence[str]) -> dict:
    """Metrics of a set of curves against the frame each asks, plus eps_cos against every
    frame and the preferred frame."""
    out: dict = {}
    if not keys:
        return out
    out["eps_cos"] = _mean(eps_cos(curves[k]["p"], curves[k]["cos"][curves[k]["frame"]])
                           for k in keys)
    out["eps_hemi"] = _mean(eps_hemi(curves[k]["p"], curves[k]["cos"][curves[k]["frame"]])
                            for k in keys)
    out["eta"] = _mean(eta(curves[k]["p"]) for k in keys)
    out["c_sym"] = _mean(c_sym(curves[k]["p"], curves[k]["cos"][curves[k]["frame"]])
                         for k in keys)
    opp = [c_opp(curves[k]["p"], curves[(k[0], k[1], OPPOSITE[k[2]])]["p"]) for k in keys
           if (k[0], k[1], OPPOSITE[k[2]]) in curves]
    out["c_opp"] = _mean(opp)
    out["sigma"] = _mean(_sigmas(curves, keys))
    fits = {f: _mean(eps_cos(curves[k]["p"], curves[k]["cos"][f]) for k in keys
                     if f in curves[k]["cos"]) for f in frames}
    fits = {f: v for f, v in fits.items() if v is not None}
    out.update({f"eps_cos@{f}": v for f, v in fits.items()})
    out["preferred_frame"] = preferred_frame(fits)
    out["n_curves"] = len(keys)
    return out


def _sigmas(curves: dict[tuple, dict], keys: list[tuple]) -> list[float | None]:
    """Sigma per group of variations that ask the same question with the same ground truth
    (same prefix, relation and asked-frame cos curve): a relatum facing left and one facing
    right are different configurations in the relatum frame, as in COMFORT-CAR."""
    groups: dict[tuple, list] = defaultdict(list)
    for k in keys:
        c = curves[k]
        groups[(k[1], k[2], tuple(np.round(c["cos"][c["frame"]], 6)))].append(c["p"])
    return [sigma(g) for g in groups.values()]


def _record_row(records: list[dict]) -> dict:
    if not records:
        return {}
    p = np.array([float(r["prediction"]) for r in records])
    return {"acc": float(np.mean([bool(r["correct"]) for r in records])),
            "yes_ratio": float(np.mean(p > 0.5)), "mean_p_yes": float(np.mean(p)),
            "n": len(records)}


def summarise(records: list[dict], frames: Sequence[str]) -> dict:
    """All COMFORT metrics of a run: overall (against the frame each question asks), per
    perspective prefix, per relation, per (prefix, relation), the eps_cos fit of every frame
    and the preferred frame (fit to the curves of questions without a perspective prefix when
    there are any, else to all curves)."""
    curves = curves_from_records(records)
    keys = sorted(curves)
    out = {**_record_row(records), **_curve_row(curves, keys, frames)}
    out.pop("n", None)
    out["n_curves"] = len(keys)
    free = [k for k in keys if k[1] == "none"]
    pref_row = _curve_row(curves, free or keys, frames)
    out["preferred_frame"] = pref_row.get("preferred_frame", TIE)
    prefixes = sorted({r["prefix"] for r in records}, key=prefix_order)
    relations = [r for r in RELATIONS if any(x["relation"] == r for x in records)]
    out["per_prefix"] = {
        pf: {**_record_row([r for r in records if r["prefix"] == pf]),
             **_curve_row(curves, [k for k in keys if k[1] == pf], frames)}
        for pf in prefixes}
    out["per_relation"] = {
        rel: {**_record_row([r for r in records if r["relation"] == rel]),
              **_curve_row(curves, [k for k in keys if k[2] == rel], frames)}
        for rel in relations}
    out["per_prefix_relation"] = {
        f"{pf}:{rel}": {**_record_row([r for r in records if r["prefix"] == pf and
                                       r["relation"] == rel]),
                        **_curve_row(curves, [k for k in keys if k[1] == pf and k[2] == rel],
                                     frames)}
        for pf in prefixes for rel in relations}
    return out


def prefix_order(p: str) -> int:
    order = ("none", "camera", "addressee", "relatum")
    return order.index(p) if p in order else len(order)
