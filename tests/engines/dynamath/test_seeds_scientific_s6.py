"""Scientific-figure seeds of instruments.py, circuit_power.py, mechanics.py and
graphs_optics.py: 50 variants each against the checker and the contract (200 in the soak
tier), hand-computed answers, and the shape of the set (photo-like seeds, levels, types)."""
from collections import Counter

import pytest

from engines.dynamath.seed import IRRELEVANT, clause_problems, make_variant
from engines.dynamath.seeds.scientific.circuits_forces import _el
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.statistics_checks import SEEDS, check_variants

MODULES = ("instruments", "circuit_power", "mechanics", "graphs_optics")
IDS = sorted(s for s, q in SEEDS.items()
             if type(q).__module__.rsplit(".", 1)[-1] in MODULES
             and type(q).__module__.startswith("engines.dynamath.seeds.scientific."))


def test_the_set_and_its_shape():
    assert len(IDS) == 24
    assert all(SEEDS[s].topic == "scientific figure" for s in IDS)
    levels = Counter(SEEDS[s].level for s in IDS)
    assert levels == {"undergraduate": 11, "high school": 13}
    types = Counter(SEEDS[s].answer_type for s in IDS)
    assert types == {"multiple choice": 10, "float": 14}
    photo = [s for s in IDS if make_variant(s, 1).spec.family == "objects"]
    assert len(photo) == 8


@pytest.mark.soak  # make test checks every seed (test_seed.py); the soak tier 50 and 200 here
@pytest.mark.parametrize("sid", IDS)
def test_50_variants_pass_the_checker(sid):
    check_variants(sid, 50)
    q = SEEDS[sid]
    if IRRELEVANT in q.kinds:
        for v in range(20):
            assert clause_problems(q, make_variant(sid, v, seed=3).params) == []


@pytest.mark.soak
@pytest.mark.parametrize("sid", IDS)
def test_200_variants_pass_the_checker(sid):
    check_variants(sid, 200, seed=12)


R = lambda n, o: _el("resistor", n, o)  # noqa: E731
B = lambda n, o, show=True: _el("bulb", n, o, show=show)  # noqa: E731


def circ(emf, series, branches=()):
    return {"emf": float(emf), "series": series, "branches": [[b] for b in branches],
            "topology": "mixed"}


CASES = [
    # 0.5 kg * 4200 * (62 - 20) = 88200 J
    ("sci-thermometer-heat", {"scale": [0.0, 100.0, 2.0, 10.0, "°C"], "t1": 20.0, "t2": 62.0,
                              "mass": 0.5}, 88.2),
    # 25 °C = 77 °F
    ("sci-thermometer-fahrenheit", {"scale": [10.0, 40.0, 1.0, 5.0, "°C"], "t": 25.0,
                                    "color": "red", "order": [0, 1, 2, 3]}, "77 °F"),
    # 90 km/h for 20 minutes: 30 km
    ("sci-speedometer-distance", {"scale": [0.0, 160.0, 5.0, 20.0, "km/h"], "v": 90.0,
                                  "minutes": 20}, 30.0),
    # 6 V / 0.4 A = 15 ohm
    ("sci-meters-resistance", {"amps": [0.0, 1.0, 0.05, 0.2, "A"],
                               "volts": [0.0, 12.0, 0.5, 2.0, "V"], "i": 0.4, "u": 6.0,
                               "order": [1, 0, 2, 3]}, "15 Ω"),
    # (50 + 100) * 6 / (200 + 100) = 3 L
    ("sci-gauge-boyle", {"scale": [0.0, 400.0, 10.0, 50.0, "kPa"], "p1": 50.0, "p2": 200.0,
                         "v1": 6.0}, 3.0),
    # 6 N in air, 4 N in water: 6 / 2 = 3 g/cm^3
    ("sci-buoyancy-density", {"scale": [0.0, 10.0, 0.5, 2.0, "N"], "w1": 6.0, "w2": 4.0,
                              "body": "rock"}, 3.0),
    # 40 -> 50 mL with 79 g: iron
    ("sci-stone-material", {"scale": [0.0, 100.0, 2.0, 10.0, "mL"], "v1": 40.0, "v2": 50.0,
                            "mats": [3, 0, 1, 2], "order": [3, 2, 1, 0]},
     "iron (7.9 g/cm³)"),
    # gaps 2 and 3 cm, 0.1 s apart: 1 cm / 0.01 s^2 = 100 cm/s^2
    ("sci-strobe-acceleration", {"ruler": [0.0, 20.0, 0.5, 2.0, "cm"],
                                 "xs": [1.0, 3.0, 6.0, 10.0], "dt": 0.1}, 100.0),
    # 12 V, 2 + (3 || 6): 3 A, 6 V across R2 = 3 ohm: 12 W
    ("sci-resistor-power", circ(12, [R("R1", 2)], [R("R2", 3), R("R3", 6)]), 12.0),
    # 12 V, L1 = 2 in series with 4 || 4 (2 ohm): 3 A; L1 gets 18 W, L2 and L3 4.5 W each
    ("sci-brightest-bulb", circ(12, [B("L1", 2)], [B("L2", 4), B("L3", 4)]), "L1"),
    # L1 in series with L2 || L3: unscrewing L3 makes L2 brighter
    ("sci-bulb-removed", {**circ(6, [B("L1", 4, False)], [B("L2", 4, False),
                                                        B("L3", 4, False)]),
                          "removed": "L3", "watched": "L2"}, "L2 gets brighter"),
    ("sci-bulb-removed", {**circ(6, [B("L1", 4, False)], [B("L2", 4, False),
                                                        B("L3", 4, False)]),
                          "removed": "L3", "watched": "L1"}, "L1 gets dimmer"),
    ("sci-bulb-removed", {**circ(6, [], [B("L1", 4, False), B("L2", 4, False),
                                         B("L3", 4, False)]),
                          "removed": "L3", "watched": "L1"}, "L1 stays the same"),
    ("sci-bulb-removed", {**circ(6, [B("L1", 4, False)], [B("L2", 4, False),
                                                        B("L3", 4, False)]),
                          "removed": "L1", "watched": "L3"}, "L3 goes out"),
    # tan 30 = 0.577 > 0.25: slides, kinetic 0.25 * 2 * 9.8 * cos 30 = 4.24 N
    ("sci-incline-friction", {"angle": 30.0, "mu": 0.25, "mass": 2.0, "order": [0, 1, 2, 3]},
     "4.2 N"),
    # tan 20 = 0.364 < 0.5: held, static = 2 * 9.8 * sin 20 = 6.70 N
    ("sci-incline-friction", {"angle": 20.0, "mu": 0.5, "mass": 2.0, "order": [0, 1, 2, 3]},
     "6.7 N"),
    # 5 * 9.8 * (0.5 + 0.2 * 0.8660) = 32.987
    ("sci-incline-push", {"angle": 30.0, "mu": 0.2, "mass": 5.0}, 32.99),
    # 3 N right and 3 N up: 45 degrees
    ("sci-net-force-angle", {"mags": [3.0, 3.0], "angles": [0.0, 90.0], "c0": 0}, 45.0),
    # 4 N right, 5 N left: net 1 N left, 0.5 N... (-1, 3): 108.43 degrees
    ("sci-net-force-angle", {"mags": [4.0, 5.0, 3.0], "angles": [0.0, 180.0, 90.0], "c0": 0},
     108.4),
    # 5 N right, 2 N up, 8 N down: net (5, -6); the balancing force (-5, 6)
    ("sci-balancing-force", {"mags": [5.0, 2.0, 8.0], "angles": [0.0, 90.0, 270.0], "c0": 0,
                             "order": [0, 1, 2, 3]}, "(-5 N, 6 N)"),
    # (3, 1) x (1, 2) = 6 - 1 = 5
    ("sci-vector-cross-area", {"a": [3, 1], "b": [1, 2]}, 5.0),
    # (3, 1) . (-1, 2) = -3 + 2 = -1
    ("sci-vector-dot", {"a": [3, 1], "b": [-1, 2], "order": [0, 1, 2, 3]}, "-1"),
    # 0.2 m * sqrt(50 / 2) = 1 m/s
    ("sci-spring-max-speed", {"k": 50.0, "x": -0.2, "mass": 2.0}, 1.0),
    # sqrt(2 * 9.8 * 1 * (1 - cos 60)) = sqrt(9.8) = 3.1305
    ("sci-pendulum-speed", {"length": 1.0, "angle": 60.0, "mass": 0.5}, 3.13),
    # |accel| 1, 4, 0, 2: segment B
    ("sci-greatest-acceleration", {"times": [0.0, 2.0, 3.0, 5.0, 6.0],
                                   "values": [2.0, 4.0, 8.0, 8.0, 6.0]}, "segment B"),
    # areas: (4 + 0)/2 * 2 = 4, (0 - 6)/2 * 3 = -9: -5
    ("sci-vt-displacement", {"times": [0.0, 2.0, 5.0], "values": [4.0, 0.0, -6.0]}, -5.0),
    # 20 m/s over 8 m: 2.5 Hz
    ("sci-wave-frequency", {"lam": 8.0, "cycles": 1.5, "A": 2.0, "form": "cos", "v": 20.0},
     2.5),
    # f = 10, d = 15: image at 30, magnification 2: 3 cm -> 6 cm
    ("sci-lens-image-height", {"f": 10.0, "d": 15.0, "h": 3.0}, 6.0),
    ("sci-lens-image-position", {"f": 10.0, "d": 15.0, "h": 3.0},
     "beyond 2F on the far side of the lens"),
    ("sci-lens-image-position", {"f": 10.0, "d": 30.0, "h": 3.0},
     "between F and 2F on the far side of the lens"),
    ("sci-lens-image-position", {"f": 8.0, "d": 4.0, "h": 3.0}, "on the same side as the object"),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answers(sid, params, expected):
    check_hand_case(SEEDS[sid], params, expected, float_tolerance=1e-9)


def test_mc_options_follow_the_drawn_order():
    q = SEEDS["sci-meters-resistance"]
    p = {"amps": [0.0, 1.0, 0.05, 0.2, "A"], "volts": [0.0, 12.0, 0.5, 2.0, "V"], "i": 0.4,
         "u": 6.0, "order": [1, 0, 2, 3]}
    # right one (15), then I / V, V * I, (V + I) / I in the drawn order
    assert q.options(p) == ["0.067 Ω", "15 Ω", "2.4 Ω", "16 Ω"]
    q = SEEDS["sci-brightest-bulb"]
    p = circ(12, [B("L1", 2)], [B("L2", 4), B("L3", 4)])
    assert q.options(p) == ["L1", "L2", "L3", "they are all equally bright"]
