"""DynaMath seed questions, topic "scientific figure", read off photo-like instruments (the
"objects" renderer family): thermometers, dial gauges (speedometer, ammeter and voltmeter,
pressure gauges), spring scales, a ruler under a strobe-lit ball and measuring cylinders.

Every reading the answer needs is only in the picture (a liquid column, a needle, a pointer, a
meniscus, a ball's position); the question states the constants (specific heat, atmospheric
pressure, the strobe interval, a mass). ``check`` reads the instrument back from the spec
another way: counting small divisions, turning a needle's angle back into a value, fitting a
parabola to the strobe positions, choosing the nearest density.

    python -m pytest -q tests/engines/dynamath/test_seeds_scientific_s6.py
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.scientific.common import HIGH, TOPIC, UNI
from renderers.objects.spec import (Instrument, ObjectsSpec, Scale, angle_to_value, divisions,
                                    needle_angle, object_facts)
from renderers.spec import rng_choice
from renderers.text import fmt_num, half_up

G = 9.8


def _scale(t) -> Scale:
    lo, hi, minor, major, unit = t
    return Scale(float(lo), float(hi), float(minor), float(major), unit)


def _on_tick(rng: np.random.Generator, sc: Scale, lo_frac: float = 0.1,
             hi_frac: float = 0.9) -> float:
    n = int(round((sc.hi - sc.lo) / sc.minor))
    k = int(rng.integers(max(1, int(n * lo_frac)), max(2, int(n * hi_frac)) + 1))
    return round(sc.lo + k * sc.minor, 9)


def _read(it: Instrument) -> float:
    """A reading recovered by counting small divisions up to the value."""
    return round(it.scale.lo + divisions(it) * it.scale.minor, 9)


def _read_needle(it: Instrument) -> float:
    """A gauge reading recovered from the needle's drawn angle."""
    return round(angle_to_value(it, needle_angle(it)), 6)


# ----------------------------------------------------------------------------- thermometers

THERMO_SCALES = ((0, 100, 2, 10, "°C"), (10, 40, 1, 5, "°C"), (-10, 50, 2, 10, "°C"),
                 (20, 80, 2, 10, "°C"))


@register_seed
class ThermometerHeat(SeedQuestion):
    seed_id = "sci-thermometer-heat"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The water was heated for {n} minutes.",
               "The heat-proof mat under the beaker is {color}.")

    def sample(self, rng):
        sc = _scale(rng_choice(rng, THERMO_SCALES))
        while True:
            t1, t2 = _on_tick(rng, sc, 0.1, 0.6), _on_tick(rng, sc, 0.35, 0.95)
            if t2 - t1 >= 3 * sc.minor:
                break
        return {"scale": [sc.lo, sc.hi, sc.minor, sc.major, sc.unit], "t1": t1, "t2": t2,
                "mass": float(rng_choice(rng, (0.2, 0.25, 0.4, 0.5, 0.8, 1.0, 1.5, 2.0)))}

    def question(self, p):
        return (f"A beaker holds {fmt_num(p['mass'])} kg of water. The thermometers show its "
                "temperature before and after heating. Taking the specific heat of water as "
                "4200 J/(kg·°C), how much heat did the water absorb, in kJ? Round to two "
                "decimal places.")

    def answer(self, p):
        return half_up(p["mass"] * 4200 * (p["t2"] - p["t1"]) / 1000)

    def diagram(self, p):
        sc = _scale(p["scale"])
        return ObjectsSpec(items=[Instrument("thermometer", sc, p["t1"], caption="Before"),
                                  Instrument("thermometer", sc, p["t2"], caption="After")])

    def check(self, p):
        a, b = self.diagram(p).items
        dt = Fraction(str(_read(b))) - Fraction(str(_read(a)))
        return half_up(float(Fraction(str(p["mass"])) * 4200 * dt / 1000))


def _fahrenheit_forms(c: float) -> list[float]:
    """The right conversion first, then the usual slips."""
    return [c * 9 / 5 + 32, c * 5 / 9 + 32, (c + 32) * 9 / 5, c * 9 / 5 - 32]


@register_seed
class ThermometerFahrenheit(ShuffledCandidates):
    seed_id = "sci-thermometer-fahrenheit"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            sc = _scale(rng_choice(rng, THERMO_SCALES[:3]))
            t = _on_tick(rng, sc, 0.1, 0.9)
            texts = [fmt_num(x, 1) for x in _fahrenheit_forms(t)]
            if len(set(texts)) == 4:
                return {"scale": [sc.lo, sc.hi, sc.minor, sc.major, sc.unit], "t": t,
                        "color": rng_choice(rng, ("red", "blue")), "order": draw_order(rng)}

    def question(self, p):
        return "What temperature does the thermometer show, in degrees Fahrenheit?"

    def candidates(self, p):
        return [f"{fmt_num(x, 1)} °F" for x in _fahrenheit_forms(p["t"])]

    def diagram(self, p):
        return ObjectsSpec(items=[Instrument("thermometer", _scale(p["scale"]), p["t"],
                                             color=p["color"])])

    def check(self, p):
        kelvin = _read(self.diagram(p).items[0]) + 273.15  # via kelvin: F = 1.8 (K - 255.372)
        f = (kelvin - 273.15) * 1.8 + 32
        want = f"{fmt_num(round(f, 6), 1)} °F"
        return min(self.options(p), key=lambda o: (o != want, o))


# ----------------------------------------------------------------------------- dial gauges

SPEED_SCALES = ((0, 160, 5, 20, "km/h"), (0, 200, 10, 20, "km/h"), (0, 120, 5, 20, "km/h"))


@register_seed
class SpeedometerDistance(SeedQuestion):
    seed_id = "sci-speedometer-distance"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The car's fuel tank holds {m} litres.", "The car carries {n} passengers.")

    def sample(self, rng):
        sc = _scale(rng_choice(rng, SPEED_SCALES))
        return {"scale": [sc.lo, sc.hi, sc.minor, sc.major, sc.unit],
                "v": _on_tick(rng, sc, 0.15, 0.85),
                "minutes": int(rng_choice(rng, (6, 12, 15, 18, 20, 24, 30, 40, 45)))}

    def question(self, p):
        return (f"A car keeps the speed shown on its speedometer for {p['minutes']} minutes. "
                "How far does the car travel in that time, in kilometres? Round to two decimal "
                "places.")

    def answer(self, p):
        return half_up(p["v"] * p["minutes"] / 60)

    def diagram(self, p):
        return ObjectsSpec(items=[Instrument("gauge", _scale(p["scale"]), p["v"], name="km/h")])

    def check(self, p):
        v = _read_needle(self.diagram(p).items[0])  # km/h -> m/s, then metres -> km
        return half_up(v / 3.6 * p["minutes"] * 60 / 1000)


AMP_SCALES = ((0, 3, 0.1, 1, "A"), (0, 2, 0.1, 0.5, "A"), (0, 1, 0.05, 0.2, "A"))
VOLT_SCALES = ((0, 15, 0.5, 5, "V"), (0, 12, 0.5, 4, "V"), (0, 30, 1, 10, "V"))


@register_seed
class MetersResistance(ShuffledCandidates):
    seed_id = "sci-meters-resistance"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value",)

    def sample(self, rng):
        while True:
            a = _scale(rng_choice(rng, AMP_SCALES))
            v = _scale(rng_choice(rng, VOLT_SCALES))
            i = _on_tick(rng, a, 0.15, 0.9)
            r = float(rng_choice(rng, (2, 2.5, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40)))
            u = round(i * r, 9)
            ok_v = u <= v.hi * 0.92 and u >= v.hi * 0.1 and \
                abs(u / v.minor - round(u / v.minor)) < 1e-6
            texts = [fmt_num(x, 3) for x in self._forms(i, u)]
            if ok_v and len(set(texts)) == 4 and all(t != "0" for t in texts):
                return {"amps": [a.lo, a.hi, a.minor, a.major, a.unit],
                        "volts": [v.lo, v.hi, v.minor, v.major, v.unit], "i": i, "u": u,
                        "order": draw_order(rng)}

    @staticmethod
    def _forms(i: float, u: float) -> list[float]:
        return [u / i, i / u, u * i, (u + i) / i]

    def question(self, p):
        return ("The ammeter measures the current through a resistor and the voltmeter the "
                "voltage across it. What is the resistance of the resistor?")

    def candidates(self, p):
        return [f"{fmt_num(x, 3)} Ω" for x in self._forms(p["i"], p["u"])]

    def diagram(self, p):
        return ObjectsSpec(items=[
            Instrument("gauge", _scale(p["amps"]), p["i"], name="A", caption="Ammeter"),
            Instrument("gauge", _scale(p["volts"]), p["u"], name="V", caption="Voltmeter")])

    def check(self, p):
        am, vm = self.diagram(p).items
        r = _read_needle(vm) / _read_needle(am)
        return min(self.options(p), key=lambda o: abs(float(o.split()[0]) - r))


PRESSURE_SCALES = ((0, 400, 10, 100, "kPa"), (0, 300, 10, 50, "kPa"), (0, 600, 20, 200, "kPa"))


@register_seed
class GaugeBoyle(SeedQuestion):
    seed_id = "sci-gauge-boyle"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", IRRELEVANT)
    clauses = ("The cylinder is made of steel and has a mass of {n} kg.",
               "The gas is nitrogen from a tank painted {color}.")

    def sample(self, rng):
        sc = _scale(rng_choice(rng, PRESSURE_SCALES))
        while True:
            p1, p2 = _on_tick(rng, sc, 0.1, 0.5), _on_tick(rng, sc, 0.3, 0.95)
            if p2 - p1 >= 4 * sc.minor:
                break
        return {"scale": [sc.lo, sc.hi, sc.minor, sc.major, sc.unit], "p1": p1, "p2": p2,
                "v1": float(rng_choice(rng, (2, 3, 4, 5, 6, 8, 10, 12)))}

    def question(self, p):
        return (f"A gas of volume {fmt_num(p['v1'])} L is compressed slowly at constant "
                "temperature. The gauges read gauge pressure (above atmospheric pressure, "
                "taken as 100 kPa) before and after. What is the final volume of the gas, in "
                "litres? Round to two decimal places.")

    def answer(self, p):
        return half_up((p["p1"] + 100) * p["v1"] / (p["p2"] + 100))

    def diagram(self, p):
        sc = _scale(p["scale"])
        return ObjectsSpec(items=[Instrument("gauge", sc, p["p1"], name="kPa", caption="Before"),
                                  Instrument("gauge", sc, p["p2"], name="kPa", caption="After")])

    def check(self, p):
        a, b = self.diagram(p).items
        # n R T is the same before and after: (P V) / (P V) = 1, solved for V2 by bisection
        k = (_read_needle(a) + 100) * p["v1"]
        lo, hi = 0.0, p["v1"]
        for _ in range(80):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if (_read_needle(b) + 100) * mid < k else (lo, mid)
        return half_up((lo + hi) / 2)


# ----------------------------------------------------------------------------- spring scales

FORCE_SCALES = ((0, 10, 0.5, 2, "N"), (0, 5, 0.25, 1, "N"), (0, 20, 1, 5, "N"))


@register_seed
class BuoyancyDensity(SeedQuestion):
    seed_id = "sci-buoyancy-density"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        sc = _scale(rng_choice(rng, FORCE_SCALES))
        while True:
            w1 = _on_tick(rng, sc, 0.45, 0.95)
            w2 = _on_tick(rng, sc, 0.1, 0.85)
            if 2 * sc.minor <= w1 - w2 <= 0.7 * w1:
                break
        return {"scale": [sc.lo, sc.hi, sc.minor, sc.major, sc.unit], "w1": w1, "w2": w2,
                "body": rng_choice(rng, ("block", "ore", "metal", "rock"))}

    def question(self, p):
        return ("The same object hangs from a spring scale in air and then fully under water "
                "(density 1.00 g/cm³). What is the density of the object, in g/cm³? Round to "
                "two decimal places.")

    def answer(self, p):
        return half_up(p["w1"] / (p["w1"] - p["w2"]))

    def diagram(self, p):
        sc = _scale(p["scale"])
        return ObjectsSpec(items=[
            Instrument("spring_scale", sc, p["w1"], caption="In air"),
            Instrument("spring_scale", sc, p["w2"], caption="In water", immersed=True)])

    def check(self, p):
        a, b = self.diagram(p).items
        mass = _read(a) / G  # kg
        volume = (_read(a) - _read(b)) / (1000 * G)  # m^3 of water displaced
        return half_up(mass / volume / 1000)


# ----------------------------------------------------------------------------- cylinders

MATERIALS = (("plastic", 1.2), ("glass", 2.5), ("titanium", 4.5), ("iron", 7.9),
             ("lead", 11.3))
CYL_SCALES = ((0, 100, 2, 10, "mL"), (0, 50, 1, 10, "mL"), (0, 250, 5, 50, "mL"))


@register_seed
class StoneMaterial(ShuffledCandidates):
    seed_id = "sci-stone-material"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        sc = _scale(rng_choice(rng, CYL_SCALES))
        n = int(round(sc.hi / sc.minor))
        before = int(rng.integers(int(0.25 * n), int(0.5 * n) + 1))
        rise = int(rng.integers(3, int(0.35 * n) + 1))
        mat = int(rng.integers(len(MATERIALS)))
        others = [i for i in rng.permutation(len(MATERIALS)) if i != mat][:3]
        return {"scale": [sc.lo, sc.hi, sc.minor, sc.major, sc.unit],
                "v1": round(before * sc.minor, 9), "v2": round((before + rise) * sc.minor, 9),
                "mats": [mat] + [int(i) for i in others], "order": draw_order(rng)}

    def _mass(self, p) -> float:
        return round(MATERIALS[p["mats"][0]][1] * (p["v2"] - p["v1"]), 6)

    def question(self, p):
        return (f"A small solid lump of mass {fmt_num(self._mass(p), 2)} g is lowered into "
                "the water (cylinder B). Which material could the lump be made of?")

    def candidates(self, p):
        return [f"{MATERIALS[i][0]} ({fmt_num(MATERIALS[i][1])} g/cm³)" for i in p["mats"]]

    def diagram(self, p):
        sc = _scale(p["scale"])
        return ObjectsSpec(items=[Instrument("cylinder", sc, p["v1"], caption="A", color="blue"),
                                  Instrument("cylinder", sc, p["v2"], caption="B", color="blue",
                                             immersed=True)])

    def check(self, p):
        f = object_facts(self.diagram(p))
        rho = self._mass(p) / f["difference"]  # 1 mL = 1 cm^3
        return min(self.options(p), key=lambda o: abs(float(o.split("(")[1].split()[0]) - rho))


# ----------------------------------------------------------------------------- ruler

RULERS = ((0, 20, 0.5, 2, "cm"),)


@register_seed
class StrobeAcceleration(SeedQuestion):
    seed_id = "sci-strobe-acceleration"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        while True:
            sc = _scale(rng_choice(rng, RULERS))
            d1 = float(rng_choice(rng, (1.5, 2, 2.5, 3, 3.5, 4)))
            delta = float(rng_choice(rng, (0.5, 1, 1.5, 2, 2.5)))
            x0 = float(rng_choice(rng, (0.5, 1, 1.5, 2, 2.5, 3)))
            xs = [x0, x0 + d1, x0 + 2 * d1 + delta, x0 + 3 * d1 + 3 * delta]
            if xs[-1] <= sc.hi - 1:
                return {"ruler": [sc.lo, sc.hi, sc.minor, sc.major, sc.unit], "xs": xs,
                        "dt": float(rng_choice(rng, (0.1, 0.2, 0.5)))}

    def question(self, p):
        return (f"A strobe photo shows a ball rolling along a ruler with constant acceleration; "
                f"the flashes 1 to 4 are {fmt_num(p['dt'])} s apart. What is the ball's "
                "acceleration in cm/s²? Round to two decimal places.")

    def answer(self, p):
        x = p["xs"]
        return half_up(((x[2] - x[1]) - (x[1] - x[0])) / p["dt"] ** 2)

    def diagram(self, p):
        return ObjectsSpec(items=[Instrument("ruler", _scale(p["ruler"]), 0.0, color="orange",
                                             marks=list(p["xs"]),
                                             mark_labels=["1", "2", "3", "4"])])

    def check(self, p):
        it = self.diagram(p).items[0]
        t = np.arange(len(it.marks)) * p["dt"]
        c2 = np.polyfit(t, it.marks, 2)[0]  # x = x0 + v0 t + a t^2 / 2
        return half_up(float(2 * c2))
