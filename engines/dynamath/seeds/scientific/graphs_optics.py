"""DynaMath seed questions, topic "scientific figure": accelerations and displacements read off
velocity-time graphs, a wave's frequency from its drawn wavelength, and the image a converging
lens forms (all drawn by the "scientific" family).

The deciding values (the corners of a graph, the wavelength on the grid, the focal and object
distances) are only in the picture. ``check`` takes another road: finite differences and
trapezoid integration of the sampled graph, zero crossings of the sampled wave, the crossing
point of two principal rays.

    python -m pytest -q tests/engines/dynamath/test_seeds_scientific_s6.py
"""
from __future__ import annotations

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.scientific.common import HIGH, TOPIC, UNI
from engines.dynamath.seeds.scientific.waves_optics_motion import (LENS_DOTS, _ray_image,
                                                                   lens_spec,
                                                                   sample_lens_at_ratio)
from renderers.scientific.facts import wave_value
from renderers.scientific.spec import MotionGraph, ScienceSpec, Wave
from renderers.spec import rng_choice
from renderers.text import fmt_num, half_up

# ----------------------------------------------------------------------------- v-t graphs


def _vt(p: dict, labels: bool) -> ScienceSpec:
    return ScienceSpec(kind="motion", motion=MotionGraph("velocity", p["times"], p["values"],
                                                         labels))


@register_seed
class GreatestAcceleration(SeedQuestion):
    seed_id = "sci-greatest-acceleration"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value",)

    def sample(self, rng):
        while True:
            n = int(rng.integers(4, 6))
            times = [0.0]
            for _ in range(n):
                times.append(times[-1] + float(rng.integers(1, 4)))
            vals = [float(2 * v) for v in rng.integers(0, 8, size=n + 1)]
            acc = sorted(abs((b - a) / (t1 - t0)) for a, b, t0, t1 in
                         zip(vals, vals[1:], times, times[1:]))
            if acc[-1] - acc[-2] >= 0.5:
                return {"times": times, "values": vals}

    def question(self, p):
        return ("The graph shows an object's velocity against time. During which lettered "
                "segment is the magnitude of its acceleration greatest?")

    def options(self, p):
        return [f"segment {chr(65 + i)}" for i in range(len(p["times"]) - 1)]

    def answer(self, p):
        t, v = p["times"], p["values"]
        acc = [abs((v[i + 1] - v[i]) / (t[i + 1] - t[i])) for i in range(len(t) - 1)]
        return f"segment {chr(65 + int(np.argmax(acc)))}"

    def diagram(self, p):
        return _vt(p, True)

    def check(self, p):
        m = self.diagram(p).motion
        ts = np.linspace(m.times[0], m.times[-1], 20001)
        vs = np.interp(ts, m.times, m.values)
        a = np.abs(np.gradient(vs, ts))
        best = [float(np.median(a[(ts > t0) & (ts < t1)])) for t0, t1 in
                zip(m.times, m.times[1:])]
        return f"segment {chr(65 + int(np.argmax(best)))}"


@register_seed
class SignedDisplacement(SeedQuestion):
    seed_id = "sci-vt-displacement"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", IRRELEVANT)
    # not the track's length: that reads as a bound on the displacement
    clauses = ("The object has a mass of {n} kg.",
               "The graph is printed on page {m} of a lab report.")

    def sample(self, rng):
        while True:
            n = int(rng.integers(3, 5))
            times = [0.0]
            for _ in range(n):
                times.append(times[-1] + float(rng.integers(1, 4)))
            vals = [float(2 * v) for v in rng.integers(-4, 6, size=n + 1)]
            if min(vals) < 0 < max(vals):
                p = {"times": times, "values": vals}
                if self.answer(p) != 0:
                    return p

    def question(self, p):
        return ("The graph shows an object's velocity along a straight line (positive means "
                "forward). What is the object's displacement over the whole time shown, in "
                "metres (negative if the object finishes behind the starting point)?")

    def answer(self, p):
        t, v = p["times"], p["values"]
        return float(sum((v[i] + v[i + 1]) / 2 * (t[i + 1] - t[i]) for i in range(len(t) - 1)))

    def diagram(self, p):
        return _vt(p, False)

    def check(self, p):
        m = self.diagram(p).motion
        ts = np.unique(np.concatenate([np.linspace(a, b, 64) for a, b in
                                       zip(m.times, m.times[1:])]))
        return round(float(np.trapezoid(np.interp(ts, m.times, m.values), ts)), 9)


# ----------------------------------------------------------------------------- waves


@register_seed
class WaveFrequency(SeedQuestion):
    seed_id = "sci-wave-frequency"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", IRRELEVANT)
    # not the rope's length: a 10 m rope cannot carry the 20 m of wave the graph shows
    clauses = ("The wave's amplitude slowly shrinks over {n} minutes.",
               "The graph was recorded by a student at {n} o'clock.")

    def sample(self, rng):
        return {"lam": float(rng_choice(rng, (2, 3, 4, 5, 6, 8))),
                "cycles": float(rng_choice(rng, (1.5, 2, 2.5))),
                "A": float(rng_choice(rng, (1, 2, 3))),
                "form": rng_choice(rng, ("sin", "cos", "-sin", "-cos")),
                "v": float(rng_choice(rng, (3, 6, 10, 12, 15, 20, 24, 30, 40)))}

    def question(self, p):
        return (f"The graph shows a wave at one instant; it travels at {fmt_num(p['v'])} m/s. "
                "What is the frequency of the wave, in hertz? Round to two decimal places.")

    def answer(self, p):
        return half_up(p["v"] / p["lam"])

    def diagram(self, p):
        return ScienceSpec(kind="wave", wave=Wave(p["A"], p["lam"], p["lam"] * p["cycles"],
                                                  p["form"], 0.0, False, False, "m", "cm"))

    def check(self, p):
        w = self.diagram(p).wave
        xs = np.linspace(0, w.length, 6001)
        ys = np.array([wave_value(w, x) for x in xs])
        peaks = [xs[i] for i in range(1, len(xs) - 1) if ys[i] >= ys[i - 1] and
                 ys[i] > ys[i + 1]] or [0.0]
        if len(peaks) >= 2:  # crest to crest is one wavelength
            lam = float(np.mean(np.diff(peaks)))
        else:  # one crest only: twice the crest-to-trough distance
            lam = 2 * abs(xs[int(np.argmin(ys))] - peaks[0])
        return half_up(p["v"] / half_up(lam, 2))


# ----------------------------------------------------------------------------- lenses


@register_seed
class LensImageHeight(SeedQuestion):
    seed_id = "sci-lens-image-height"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        f = float(rng_choice(rng, (5, 6, 8, 10, 12, 15)))
        while True:
            d = float(round(f * float(rng_choice(rng, (0.4, 0.5, 0.6, 1.25, 1.5, 2, 2.5, 3)))))
            if d != f:
                return {"f": f, "d": d, "h": float(rng_choice(rng, (1, 1.5, 2, 2.5, 3, 4)))}

    def question(self, p):
        return (f"The object is {fmt_num(p['h'])} cm tall. How tall is the image the lens "
                "forms, in cm? Round to two decimal places.")

    def answer(self, p):
        return half_up(p["h"] * p["f"] / abs(p["d"] - p["f"]))

    def diagram(self, p):
        return lens_spec(p, True)

    def check(self, p):
        return half_up(abs(_ray_image(self.diagram(p).lens)[1]))


WHERE = ("beyond 2F on the far side of the lens", "at 2F on the far side of the lens",
         "between F and 2F on the far side of the lens", "on the same side as the object")


@register_seed
class LensImagePosition(SeedQuestion):
    seed_id = "sci-lens-image-position"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value",)

    def sample(self, rng):
        return sample_lens_at_ratio(rng)

    def question(self, p):
        return LENS_DOTS + "Where does the image of the object form?"

    def options(self, p):
        return list(WHERE)

    def answer(self, p):
        r = p["d"] / p["f"]
        return WHERE[3 if r < 1 else 0 if r < 2 else 1 if r == 2 else 2]

    def diagram(self, p):
        return lens_spec(p, False)

    def check(self, p):
        l = self.diagram(p).lens
        x, _ = _ray_image(l)
        f = l.focal_length
        if x < 0:
            return WHERE[3]
        return WHERE[1 if abs(x - 2 * f) < 1e-9 else 0 if x > 2 * f else 2]


