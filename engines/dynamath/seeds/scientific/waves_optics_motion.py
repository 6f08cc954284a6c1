"""DynaMath seed questions, topic "scientific figure": pendulum and spring, lens ray diagrams,
wave graphs, motion graphs and measuring cylinders (circuits and forces are in
scientific/circuits_forces.py).

The deciding values (lengths, focal and object distances, the wavelength read off a grid, the
corners of a v-t graph, a liquid level on a scale) live only in the picture. ``check`` takes
another road to each answer: ray intersection for lenses, zero crossings of the sampled wave,
trapezoid integration for areas and spring work, finite differences for graph slopes, tick
counting for scales.

    python -m pytest -q tests/engines/dynamath/test_seeds_scientific.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.scientific.common import ELEM, HIGH, TOPIC, UNI
from renderers.scientific.facts import G, wave_value
from renderers.scientific.spec import (Cylinder, Lens, MotionGraph, Pendulum, ScienceSpec,
                                       SpringMass, Wave)
from renderers.spec import rng_choice
from renderers.text import fmt_num, half_up

# ----------------------------------------------------------------------------- oscillators


@register_seed
class PendulumPeriod(SeedQuestion):
    seed_id = "sci-pendulum-period"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)
    canonical = {"length": 1.0, "angle": 10.0, "mass": 0.5}

    def sample(self, rng):
        a = float(rng_choice(rng, (6, 8, 10, 12, 15)))
        return {"length": float(rng_choice(rng, (0.2, 0.25, 0.4, 0.5, 0.6, 0.8, 1, 1.2, 1.5,
                                                  2, 2.5, 3))),
                "angle": a if rng.random() < 0.5 else -a,
                "mass": float(rng_choice(rng, (0, 0.1, 0.2, 0.5, 1)))}

    def question(self, p):
        return ("Using g = 9.8 m/s², what is the period of the pendulum's small oscillations, "
                "in seconds? Round to two decimal places.")

    def answer(self, p):
        return half_up(2 * math.pi * math.sqrt(p["length"] / G))

    def diagram(self, p):
        return ScienceSpec(kind="pendulum", pendulum=Pendulum(p["length"], p["angle"],
                                                              p["mass"], True))

    def check(self, p):
        omega = math.sqrt(G / self.diagram(p).pendulum.length)  # T = 1 / f, f = omega / 2 pi
        return half_up(1 / (omega / (2 * math.pi)))


@register_seed
class SpringEnergy(SeedQuestion):
    seed_id = "sci-spring-energy"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("The spring is made of steel and weighs {m} grams.",)

    def sample(self, rng):
        while True:
            x = float(rng_choice(rng, (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)))
            p = {"k": float(rng_choice(rng, (10, 20, 25, 40, 50, 80, 100, 150, 200, 400))),
                 "x": x if rng.random() < 0.65 else -x,
                 "mass": float(rng_choice(rng, (0.2, 0.5, 1, 2, 4)))}
            # 0.125 J "to two decimal places" is 0.12 or 0.13 by the reader's rounding rule
            if (Fraction(p["k"]) * Fraction(str(x)) ** 2 * 100 / 2).denominator != 2:
                return p

    def question(self, p):
        return ("How much elastic potential energy is stored in the spring, in joules? Round "
                "to two decimal places.")

    def answer(self, p):
        return half_up(0.5 * p["k"] * p["x"] ** 2)

    def diagram(self, p):
        return ScienceSpec(kind="spring", spring=SpringMass(p["k"], p["mass"], p["x"],
                                                            "horizontal"))

    def check(self, p):
        s = self.diagram(p).spring
        xs = np.linspace(0.0, abs(s.displacement), 101)  # work against F = k x, exact for a line
        return half_up(float(np.trapezoid(s.k * xs, xs)))


# ----------------------------------------------------------------------------- lenses


def _ray_image(l: Lens) -> tuple[float, float]:
    """Image point (x, y) where the parallel ray (refracted through F) meets the central ray."""
    f, d, h = l.focal_length, l.object_distance, l.object_height
    # ray 1: y = h - h x / f for x >= 0; ray 2 through the centre: y = -h x / d
    s1, s2 = -h / f, -h / d
    x = h / (s2 - s1)
    return x, s2 * x


@register_seed
class LensImageDistance(SeedQuestion):
    seed_id = "sci-lens-image-distance"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)
    canonical = {"f": 10.0, "d": 15.0, "h": 3.0, "rays": True}

    def sample(self, rng):
        f = float(rng_choice(rng, (5, 6, 8, 10, 12, 15, 20)))
        while True:
            d = float(round(f * float(rng_choice(rng, (0.4, 0.5, 0.6, 0.7, 1.3, 1.5, 1.6, 2,
                                                       2.5, 3)))))
            if d != f:
                return {"f": f, "d": d, "h": float(rng_choice(rng, (2, 3, 4, 5))),
                        "rays": bool(rng.random() < 0.5)}

    def question(self, p):
        return ("How far from the lens does the image form, in cm? Give a virtual image "
                "(on the same side as the object) a negative distance. Round to two decimal "
                "places.")

    def answer(self, p):
        return half_up(1 / (1 / p["f"] - 1 / p["d"]))

    def diagram(self, p):
        return ScienceSpec(kind="lens", lens=Lens(p["f"], p["d"], p["h"], show_rays=p["rays"],
                                                  show_image=False, label_distances=True))

    def check(self, p):
        return half_up(_ray_image(self.diagram(p).lens)[0])


# the lens questions that turn on where the object stands against F and 2F
LENS_DOTS = "The dots mark the focal points F and the points 2F of the converging lens. "


def sample_lens_at_ratio(rng) -> dict:
    """Focal length f, an object at 0.5 to 3 f (2 f itself included: the same-size case) and
    its height h."""
    f = float(rng_choice(rng, (6, 8, 10, 12)))
    ratio = float(rng_choice(rng, (0.5, 0.6, 0.75, 1.25, 1.5, 1.75, 2, 2.5, 3)))
    return {"f": f, "d": f * ratio, "h": float(rng_choice(rng, (2, 3, 4)))}


def lens_spec(p: dict, distances: bool) -> ScienceSpec:
    """The object of height h at d before a lens of focal length f, no rays and no image drawn;
    ``distances`` writes d and f on the figure."""
    return ScienceSpec(kind="lens", lens=Lens(p["f"], p["d"], p["h"], show_rays=False,
                                              show_image=False, label_distances=distances))


NATURE_OPTIONS = ("real, inverted and reduced", "real, inverted and the same size",
                  "real, inverted and enlarged", "virtual, upright and enlarged")


@register_seed
class LensImageNature(SeedQuestion):
    seed_id = "sci-lens-image-nature"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value",)

    def sample(self, rng):
        return sample_lens_at_ratio(rng)

    def question(self, p):
        return LENS_DOTS + "What kind of image does the lens form of the object?"

    def options(self, p):
        return list(NATURE_OPTIONS)

    def answer(self, p):
        r = p["d"] / p["f"]
        return NATURE_OPTIONS[0 if r > 2 else 1 if r == 2 else 2 if r > 1 else 3]

    def diagram(self, p):
        return lens_spec(p, False)

    def check(self, p):
        l = self.diagram(p).lens
        x, y = _ray_image(l)
        ratio = abs(y) / l.object_height
        if x < 0:
            return NATURE_OPTIONS[3]
        return NATURE_OPTIONS[1 if abs(ratio - 1) < 1e-9 else 0 if ratio < 1 else 2]


# ----------------------------------------------------------------------------- waves


def _pi_text(lam: float) -> str:
    """2 pi x / lam written simply: pi x, pi x / 2, 2 pi x / 5."""
    k = 2 / lam
    if abs(k - round(k)) < 1e-9:
        return "πx" if round(k) == 1 else f"{int(round(k))}πx"
    q = lam / 2
    if abs(q - round(q)) < 1e-9:
        return f"πx/{int(round(q))}"
    return f"2πx/{fmt_num(lam)}"


@register_seed
class WaveSpeed(SeedQuestion):
    seed_id = "sci-wave-speed"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        lam = float(rng_choice(rng, (2, 4, 6, 8, 10)))
        return {"lam": lam, "cycles": float(rng_choice(rng, (1.5, 2, 2.5, 3))),
                "A": float(rng_choice(rng, (1, 2, 3, 4))),
                "form": rng_choice(rng, ("sin", "cos", "-sin", "-cos")),
                "freq": float(rng_choice(rng, (0.5, 1, 2, 2.5, 4, 5, 10))),
                "marks": bool(rng.random() < 0.4)}

    def question(self, p):
        return "The graph shows a wave at one instant. What is the speed of the wave in m/s?"

    def answer(self, p):
        return p["freq"] * p["lam"]

    def diagram(self, p):
        return ScienceSpec(kind="wave", wave=Wave(p["A"], p["lam"], p["lam"] * p["cycles"],
                                                  p["form"], p["freq"], p["marks"], False,
                                                  "m", "cm"))

    def check(self, p):
        w = self.diagram(p).wave
        xs = np.linspace(0, w.length, 4001)
        ys = [wave_value(w, x) for x in xs]
        cross: list[float] = []  # zero crossings, linearly interpolated, deduplicated
        for i in range(len(xs) - 1):
            if ys[i] == 0 or ys[i] * ys[i + 1] < 0:
                x = xs[i] if ys[i] == 0 else \
                    xs[i] - ys[i] * (xs[i + 1] - xs[i]) / (ys[i + 1] - ys[i])
                if not cross or x - cross[-1] > 1e-6:
                    cross.append(float(x))
        lam = 2 * float(np.mean(np.diff(cross)))  # crossings are half a wavelength apart
        return round(w.frequency * lam, 6)


@register_seed
class WaveEquation(SeedQuestion):
    seed_id = "sci-wave-equation"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("function type",)

    def sample(self, rng):
        return {"A": float(rng_choice(rng, (1, 2, 3, 4, 5))),
                "lam": float(rng_choice(rng, (2, 4, 6, 8))),
                "form": rng_choice(rng, ("sin", "cos", "-sin", "-cos")),
                "cycles": float(rng_choice(rng, (1.5, 2)))}

    def _eq(self, p, form: str) -> str:
        sign = "-" if form.startswith("-") else ""
        amp = "" if p["A"] == 1 else f"{fmt_num(p['A'])} "
        return f"y = {sign}{amp}{form.lstrip('-')}({_pi_text(p['lam'])})"

    def question(self, p):
        return "Which equation describes the wave in the graph (x and y in cm)?"

    def options(self, p):
        return [self._eq(p, f) for f in ("sin", "-sin", "cos", "-cos")]

    def answer(self, p):
        return self._eq(p, p["form"])

    def diagram(self, p):
        return ScienceSpec(kind="wave", wave=Wave(p["A"], p["lam"], p["lam"] * p["cycles"],
                                                  p["form"], 0.0, False, False, "cm", "cm"))

    def check(self, p):
        w = self.diagram(p).wave
        y0, yq = wave_value(w, 0.0), wave_value(w, w.wavelength / 4)
        if abs(y0) < 1e-9:  # starts on the axis: sine, going up or down
            form = "sin" if yq > 0 else "-sin"
        else:
            form = "cos" if y0 > 0 else "-cos"
        return self._eq(p, form)


# ----------------------------------------------------------------------------- motion graphs


VEHICLES = ("car", "cyclist", "runner", "train", "scooter", "skateboarder")


@register_seed
class VelocityTimeDistance(SeedQuestion):
    seed_id = "sci-vt-distance"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        n = int(rng.integers(2, 5))
        times = [0.0]
        for _ in range(n):
            times.append(times[-1] + float(rng.integers(1, 5)))
        step = float(rng_choice(rng, (1, 2, 5)))
        vals = [float(step * v) for v in rng.integers(0, 7, size=n + 1)]
        if max(vals) == 0:
            vals[1] = step
        return {"times": times, "values": vals, "who": rng_choice(rng, VEHICLES)}

    def question(self, p):
        return (f"The graph shows the velocity of a {p['who']}. How far does the {p['who']} "
                "travel during the whole time shown, in metres?")

    def answer(self, p):
        t, v = p["times"], p["values"]
        return float(sum((v[i] + v[i + 1]) / 2 * (t[i + 1] - t[i]) for i in range(len(t) - 1)))

    def diagram(self, p):
        return ScienceSpec(kind="motion", motion=MotionGraph("velocity", p["times"],
                                                             p["values"], False))

    def check(self, p):
        m = self.diagram(p).motion
        ts = np.unique(np.concatenate([np.linspace(a, b, 50) for a, b in
                                       zip(m.times, m.times[1:])]))
        return round(float(np.trapezoid(np.interp(ts, m.times, m.values), ts)), 9)


@register_seed
class FastestSegment(SeedQuestion):
    seed_id = "sci-fastest-segment"
    topic, level, answer_type = TOPIC, HIGH, "text"
    kinds = ("numerical value",)

    def sample(self, rng):
        while True:
            n = int(rng.integers(3, 5))
            times = [0.0]
            for _ in range(n):
                times.append(times[-1] + float(rng.integers(1, 4)))
            vals = [float(2 * v) for v in rng.integers(0, 8, size=n + 1)]
            speeds = sorted(abs((b - a) / (t1 - t0)) for a, b, t0, t1 in
                            zip(vals, vals[1:], times, times[1:]))
            if speeds[-1] - speeds[-2] > 0.4:
                return {"times": times, "values": vals}

    def question(self, p):
        return ("The graph shows position against time. During which lettered segment is the "
                "object moving fastest? Answer with the letter.")

    def answer(self, p):
        t, x = p["times"], p["values"]
        sp = [abs((x[i + 1] - x[i]) / (t[i + 1] - t[i])) for i in range(len(t) - 1)]
        return chr(65 + int(np.argmax(sp)))

    def diagram(self, p):
        return ScienceSpec(kind="motion", motion=MotionGraph("position", p["times"],
                                                             p["values"], True))

    def check(self, p):
        m = self.diagram(p).motion
        best, label = -1.0, ""
        for i, (a, b) in enumerate(zip(m.times, m.times[1:])):
            mid, h = (a + b) / 2, (b - a) / 4
            v = abs(np.interp(mid + h, m.times, m.values) - np.interp(mid - h, m.times,
                                                                        m.values)) / (2 * h)
            if v > best:
                best, label = v, chr(65 + i)
        return label


# ----------------------------------------------------------------------------- measurement


LIQUIDS = (("water", "blue"), ("orange juice", "orange"), ("grape juice", "purple"),
           ("lime soda", "green"), ("cooking oil", "yellow"))
SCALES = ((10, 0.5, 2), (25, 1, 5), (50, 2, 10), (100, 5, 20), (100, 4, 20), (250, 10, 50),
          (500, 20, 100), (200, 10, 50))


def _ticks_below(c: Cylinder, level: float) -> int:
    """Small divisions from 0 up to the level, counted one tick at a time."""
    k, v = 0, 0.0
    while v + c.minor <= level + 1e-9:
        v += c.minor
        k += 1
    return k


@register_seed
class CylinderReading(SeedQuestion):
    seed_id = "sci-cylinder-reading"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        cap, minor, major = rng_choice(rng, SCALES)
        n = int(round(cap / minor))
        return {"scale": [float(cap), float(minor), float(major)],
                "ticks": int(rng.integers(int(n * 0.15), int(n * 0.9) + 1)),
                "liquid": int(rng.integers(len(LIQUIDS))),
                "vessel": "beaker" if rng.random() < 0.3 else "cylinder"}

    def question(self, p):
        name = LIQUIDS[p["liquid"]][0]
        return f"How many millilitres of {name} are in the container?"

    def answer(self, p):
        return float(round(p["ticks"] * p["scale"][1], 9))

    def diagram(self, p):
        cap, minor, major = p["scale"]
        return ScienceSpec(kind="cylinder", cylinder=Cylinder(
            cap, minor, major, [self.answer(p)], [False], p["vessel"], "mL",
            LIQUIDS[p["liquid"]][1], []))

    def check(self, p):
        c = self.diagram(p).cylinder
        return float(round(_ticks_below(c, c.levels[0]) * c.minor, 9))


@register_seed
class StoneVolume(SeedQuestion):
    seed_id = "sci-stone-volume"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value",IRRELEVANT)
    clauses = ("The stone weighs {m} grams.",)
    canonical = {"scale": [100.0, 5.0, 20.0], "before": 8, "rise": 5, "captions": 0}

    def sample(self, rng):
        cap, minor, major = rng_choice(rng, SCALES[1:])
        n = int(round(cap / minor))
        before = int(rng.integers(int(n * 0.25), int(n * 0.55) + 1))
        return {"scale": [float(cap), float(minor), float(major)], "before": before,
                "rise": int(rng.integers(2, max(3, int(n * 0.35)) + 1)),
                "captions": int(rng.integers(2))}

    def question(self, p):
        return ("A stone is lowered into the measuring cylinder. Using the two readings, what "
                "is the volume of the stone in mL?")

    def answer(self, p):
        return float(round(p["rise"] * p["scale"][1], 9))

    def diagram(self, p):
        cap, minor, major = p["scale"]
        lv = [p["before"] * minor, (p["before"] + p["rise"]) * minor]
        caps = (["Before", "After"], ["A", "B"])[p["captions"]]
        return ScienceSpec(kind="cylinder", cylinder=Cylinder(
            cap, minor, major, [float(round(v, 9)) for v in lv], [False, True], "cylinder",
            "mL", "blue", caps))

    def check(self, p):
        c = self.diagram(p).cylinder
        return float(round((_ticks_below(c, c.levels[1]) - _ticks_below(c, c.levels[0]))
                           * c.minor, 9))
