"""DynaMath seed questions, topic "scientific figure": friction and pushing on a ramp, the
direction of a net force, the force that balances a set, vector cross and dot products, and
energy in a spring and a pendulum (all drawn by the "scientific" family).

The deciding values (angle, mass and friction coefficient of a ramp, force magnitudes and
directions, grid vectors, spring constant and stretch, pendulum length and angle) are only in
the picture. ``check`` takes another road: explicit force vectors projected on the slope,
complex-number sums, the shoelace area of the drawn parallelogram, |a||b|cos of the angle
between the drawn vectors, energy bookkeeping from the bob's coordinates.

    python -m pytest -q tests/engines/dynamath/test_seeds_scientific_s6.py
"""
from __future__ import annotations

import cmath
import math

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.scientific.common import HIGH, TOPIC, UNI
from renderers.scientific.facts import G
from renderers.scientific.spec import (Force, ForceBody, Incline, Pendulum, ScienceSpec,
                                       SpringMass, Vector2, VectorSet)
from renderers.spec import rng_choice
from renderers.text import fmt_num, half_up

# ----------------------------------------------------------------------------- ramps


def _slope_forces(inc: Incline) -> tuple[float, float]:
    """(weight component down the slope, normal force) from explicit vectors."""
    th = math.radians(inc.angle_deg)
    down = np.array([-math.cos(th), -math.sin(th)])
    out = np.array([-math.sin(th), math.cos(th)])
    weight = np.array([0.0, -inc.mass * G])
    return float(weight @ down), -float(weight @ out)


def _ramp(rng, need_slide: bool | None = None) -> dict:
    while True:
        a = float(rng_choice(rng, (15, 20, 25, 30, 35, 37, 40, 45, 50)))
        mu = float(rng_choice(rng, (0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 0.8)))
        if abs(math.tan(math.radians(a)) - mu) > 0.05:
            return {"angle": a, "mu": mu,
                    "mass": float(rng_choice(rng, (1, 2, 2.5, 4, 5, 8, 10, 12)))}


def _friction_forms(p: dict) -> list[float]:
    """The friction force on the block first, then the usual wrong formulas."""
    th = math.radians(p["angle"])
    w = p["mass"] * G
    static = math.tan(th) <= p["mu"]
    right, other = (w * math.sin(th), p["mu"] * w * math.cos(th))
    if not static:
        right, other = other, right
    return [right, other, p["mu"] * w, w * math.cos(th)]


@register_seed
class InclineFriction(ShuffledCandidates):
    seed_id = "sci-incline-friction"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value",)

    def sample(self, rng):
        while True:
            p = _ramp(rng)
            if len({fmt_num(x, 1) for x in _friction_forms(p)}) == 4:
                p["order"] = draw_order(rng)
                return p

    def question(self, p):
        return ("The block is released on the ramp (μ is the coefficient of both static and "
                "kinetic friction; g = 9.8 m/s²). What is the size of the friction force on it?")

    def candidates(self, p):
        return [f"{fmt_num(x, 1)} N" for x in _friction_forms(p)]

    def diagram(self, p):
        return ScienceSpec(kind="incline", incline=Incline(p["angle"], p["mass"], p["mu"], 0.0,
                                                           False))

    def check(self, p):
        inc = self.diagram(p).incline
        along, normal = _slope_forces(inc)
        f = min(inc.mu * normal, along)  # static friction matches the pull, up to its limit
        return min(self.options(p), key=lambda o: abs(float(o.split()[0]) - f))


@register_seed
class InclinePush(SeedQuestion):
    seed_id = "sci-incline-push"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", IRRELEVANT)
    clauses = ("The ramp is {m} cm wide.", "The block was made in a workshop {m} km away.")

    def sample(self, rng):
        return _ramp(rng)

    def question(self, p):
        return ("Taking g = 9.8 m/s², what force parallel to the ramp pushes the block up the "
                "ramp at constant speed, in newtons? Round to two decimal places.")

    def answer(self, p):
        th = math.radians(p["angle"])
        return half_up(p["mass"] * G * (math.sin(th) + p["mu"] * math.cos(th)))

    def diagram(self, p):
        return ScienceSpec(kind="incline", incline=Incline(p["angle"], p["mass"], p["mu"], 0.0,
                                                           False))

    def check(self, p):
        inc = self.diagram(p).incline
        along, normal = _slope_forces(inc)  # moving up: kinetic friction points down the ramp
        return half_up(along + inc.mu * normal)


# ----------------------------------------------------------------------------- forces

COLORS = ("red", "blue", "green", "purple", "orange")


def _bodies(p: dict) -> ScienceSpec:
    fs = [Force(f"F{i + 1}", float(m), float(a), COLORS[(i + p["c0"]) % 5])
          for i, (m, a) in enumerate(zip(p["mags"], p["angles"]))]
    return ScienceSpec(kind="forces", body=ForceBody(forces=fs))


def _net(p: dict) -> complex:
    return sum(m * cmath.exp(1j * math.radians(a)) for m, a in zip(p["mags"], p["angles"]))


@register_seed
class NetForceAngle(SeedQuestion):
    seed_id = "sci-net-force-angle"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        pool = (0, 30, 45, 60, 90, 120, 135, 150, 180, 210, 225, 240, 270, 300, 315, 330)
        while True:
            n = int(rng.integers(2, 4))
            angs = sorted(int(pool[int(i)]) for i in rng.choice(len(pool), n, replace=False))
            gaps = [(b - a) % 360 for a, b in zip(angs, angs[1:] + angs[:1])]
            p = {"mags": [float(rng.integers(2, 16)) for _ in range(n)],
                 "angles": [float(a) for a in angs], "c0": int(rng.integers(5))}
            z = _net(p)
            deg = math.degrees(math.atan2(z.imag, z.real)) % 360
            if min(gaps) >= 40 and abs(z) >= 3 and 0.5 < deg < 359.5:
                return p

    def question(self, p):
        return ("In which direction does the net force on the block point? Give the angle in "
                "degrees, measured counter-clockwise from the positive x-direction (to the "
                "right), between 0 and 360. Round to one decimal place.")

    def answer(self, p):
        fx = sum(m * math.cos(math.radians(a)) for m, a in zip(p["mags"], p["angles"]))
        fy = sum(m * math.sin(math.radians(a)) for m, a in zip(p["mags"], p["angles"]))
        return half_up(math.degrees(math.atan2(fy, fx)) % 360, 1)

    def diagram(self, p):
        return _bodies(p)

    def check(self, p):
        z = sum(cmath.rect(f.magnitude, math.radians(f.angle_deg))
                for f in self.diagram(p).body.forces)
        return half_up(math.degrees(cmath.phase(z)) % 360, 1)


def _pair(x: float, y: float) -> str:
    return f"({fmt_num(x)} N, {fmt_num(y)} N)"


@register_seed
class BalancingForce(ShuffledCandidates):
    seed_id = "sci-balancing-force"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value",)

    def sample(self, rng):
        while True:
            angs = sorted(int(a) for a in rng.choice([0, 90, 180, 270], 3, replace=False))
            p = {"mags": [float(rng.integers(2, 13)) for _ in angs],
                 "angles": [float(a) for a in angs], "c0": int(rng.integers(5)),
                 "order": draw_order(rng)}
            if len(set(self.candidates(p))) == 4:
                return p

    def _xy(self, p) -> tuple[float, float]:
        z = _net(p)
        return round(z.real, 9) + 0.0, round(z.imag, 9) + 0.0

    def question(self, p):
        return ("One more force is added so that the block stays in equilibrium. What are its "
                "components (x to the right, y up)?")

    def candidates(self, p):
        x, y = self._xy(p)
        return [_pair(-x, -y), _pair(x, y), _pair(-y, -x), _pair(-x, y)]

    def diagram(self, p):
        return _bodies(p)

    def check(self, p):
        z = -sum(cmath.rect(f.magnitude, math.radians(f.angle_deg))
                 for f in self.diagram(p).body.forces)
        return _pair(round(z.real, 6) + 0.0, round(z.imag, 6) + 0.0)


# ----------------------------------------------------------------------------- vectors


def _grid_vectors(rng) -> tuple[list[int], list[int]]:
    while True:
        a = [int(v) for v in rng.integers(-4, 5, size=2)]
        b = [int(v) for v in rng.integers(-4, 5, size=2)]
        if a != [0, 0] and b != [0, 0] and a[0] * b[1] - a[1] * b[0] != 0:
            return a, b


def _vec_spec(p: dict) -> ScienceSpec:
    vs = [Vector2("a", float(p["a"][0]), float(p["a"][1]), 0.0, 0.0, "blue"),
          Vector2("b", float(p["b"][0]), float(p["b"][1]), 0.0, 0.0, "red")]
    return ScienceSpec(kind="vectors", vectors=VectorSet(vectors=vs))


@register_seed
class VectorCrossArea(SeedQuestion):
    seed_id = "sci-vector-cross-area"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", IRRELEVANT)
    clauses = ("The figure is printed on page {n} of a workbook.",
               "A third vector, c, would be ({x}, {y}).")

    def sample(self, rng):
        a, b = _grid_vectors(rng)
        return {"a": a, "b": b}

    def question(self, p):
        return ("The vectors a and b start at the origin of the grid (one unit per square). "
                "What is the area of the parallelogram that a and b span, that is |a × b|?")

    def answer(self, p):
        a, b = p["a"], p["b"]
        return float(abs(a[0] * b[1] - a[1] * b[0]))

    def diagram(self, p):
        return _vec_spec(p)

    def check(self, p):
        a, b = self.diagram(p).vectors.vectors
        pts = [(0.0, 0.0), (a.x, a.y), (a.x + b.x, a.y + b.y), (b.x, b.y)]
        s = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))
        return float(abs(s) / 2)


@register_seed
class VectorDot(ShuffledCandidates):
    seed_id = "sci-vector-dot"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value",)

    def sample(self, rng):
        while True:
            a, b = _grid_vectors(rng)
            p = {"a": a, "b": b, "order": draw_order(rng)}
            if len(set(self.candidates(p))) == 4:
                return p

    def question(self, p):
        return ("The vectors a and b start at the origin of the grid (one unit per square). "
                "What is the dot product a · b?")

    def candidates(self, p):
        (ax, ay), (bx, by) = p["a"], p["b"]
        return [str(v) for v in (ax * bx + ay * by, ax * by + ay * bx, ax * bx - ay * by,
                                 ax * by - ay * bx)]

    def diagram(self, p):
        return _vec_spec(p)

    def check(self, p):
        a, b = self.diagram(p).vectors.vectors
        ang = math.atan2(b.y, b.x) - math.atan2(a.y, a.x)
        return str(int(round(math.hypot(a.x, a.y) * math.hypot(b.x, b.y) * math.cos(ang))))


# ----------------------------------------------------------------------------- oscillators


@register_seed
class SpringMaxSpeed(SeedQuestion):
    seed_id = "sci-spring-max-speed"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", IRRELEVANT)
    # not the spring's relaxed length: a compression of 30 cm is more than a 10 cm spring has
    clauses = ("The spring was bought {m} days ago.",
               "The block was weighed {n} times before the test.")

    def sample(self, rng):
        x = float(rng_choice(rng, (0.05, 0.1, 0.15, 0.2, 0.25, 0.3)))
        return {"k": float(rng_choice(rng, (20, 25, 40, 50, 80, 100, 160, 200, 400))),
                "x": x if rng.random() < 0.6 else -x,
                "mass": float(rng_choice(rng, (0.2, 0.25, 0.5, 1, 2, 4)))}

    def question(self, p):
        return ("The block is released from rest at the position shown and slides on a "
                "frictionless floor. What is the block's greatest speed, in m/s? Round to two "
                "decimal places.")

    def answer(self, p):
        return half_up(abs(p["x"]) * math.sqrt(p["k"] / p["mass"]))

    def diagram(self, p):
        return ScienceSpec(kind="spring", spring=SpringMass(p["k"], p["mass"], p["x"],
                                                            "horizontal"))

    def check(self, p):
        s = self.diagram(p).spring
        energy = 0.5 * s.k * s.displacement ** 2  # all elastic energy becomes kinetic
        return half_up(math.sqrt(2 * energy / s.mass))


@register_seed
class PendulumSpeed(SeedQuestion):
    seed_id = "sci-pendulum-speed"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        a = float(rng_choice(rng, (10, 12, 15, 18, 20, 25, 30)))
        return {"length": float(rng_choice(rng, (0.4, 0.5, 0.8, 1, 1.2, 1.5, 2, 2.5))),
                "angle": a if rng.random() < 0.5 else -a,
                "mass": float(rng_choice(rng, (0.1, 0.2, 0.5, 1)))}

    def question(self, p):
        return ("The bob is released from rest at the position shown. Ignoring air "
                "resistance and taking g = 9.8 m/s², how fast does it move at the lowest point "
                "of its swing, in m/s? Round to two decimal places.")

    def answer(self, p):
        th = math.radians(abs(p["angle"]))
        return half_up(math.sqrt(2 * G * p["length"] * (1 - math.cos(th))))

    def diagram(self, p):
        return ScienceSpec(kind="pendulum", pendulum=Pendulum(p["length"], p["angle"],
                                                              p["mass"], True))

    def check(self, p):
        pd = self.diagram(p).pendulum
        th = math.radians(pd.angle_deg)
        bob = np.array([pd.length * math.sin(th), -pd.length * math.cos(th)])
        drop = bob[1] - (-pd.length)  # height above the lowest point
        return half_up(math.sqrt(2 * G * drop))
