"""Seed questions of the "scientific figure" topic: exact answers for hand-picked parameters
(worked by hand in the comments), the re-check paths on the same parameters, and the shape of
the seed set (levels, answer types, kinds)."""
from collections import Counter

import pytest

from engines.dynamath.seed import load_seeds, make_variant
from engines.dynamath.seeds.scientific.circuits_forces import _el, netlist, solve_netlist

SEEDS = load_seeds()
SCI = {k: v for k, v in SEEDS.items() if k.startswith("sci-")}


def circ(emf, series, branches=()):
    return {"emf": float(emf), "series": series, "branches": [list(b) for b in branches],
            "topology": "mixed" if series and branches else "parallel" if branches else "series"}


R = lambda n, o: _el("resistor", n, o)  # noqa: E731
L = lambda n: _el("bulb", n, 4.0, show=False)  # noqa: E731
S = lambda n, closed: _el("switch", n, closed=closed, show=False)  # noqa: E731

CASES = [
    # 12 V over 2 + 4 ohm = 2 A
    ("sci-series-current", circ(12, [R("R1", 2), R("R2", 4)]), 2.0),
    # 9 V over 4 + 5 + 6 = 15 ohm: 0.6 A
    ("sci-series-current", circ(9, [R("R1", 4), R("R2", 5), R("R3", 6)]), 0.6),
    # 2 + (3 || 6) = 2 + 2 = 4 ohm
    ("sci-equivalent-resistance", circ(12, [R("R1", 2)], [[R("R2", 3)], [R("R3", 6)]]), 4.0),
    # 4 || 4 || 2 = 1 ohm
    ("sci-equivalent-resistance", circ(6, [], [[R("R1", 4)], [R("R2", 4)], [R("R3", 2)]]), 1.0),
    # 1/(1/3 + 1/5) = 15/8 = 1.875 -> 1.88 (half up)
    ("sci-equivalent-resistance", circ(6, [], [[R("R1", 3)], [R("R2", 5)]]), 1.88),
    # 12 V, 2 + (3 || 6): 3 A, 6 V across the block, R2 = 3 ohm carries 2 A
    ("sci-branch-current", circ(12, [R("R1", 2)], [[R("R2", 3)], [R("R3", 6)]]), 2.0),
    # 9 V over 12 || 6 (R2 = 6 ohm): 1.5 A
    ("sci-branch-current", circ(9, [], [[R("R1", 12)], [R("R2", 6)]]), 1.5),
    # 4.5 V, 10 + (20 || 30 || 12): block 1/(1/20+1/30+1/12) = 6 ohm, 16 ohm total,
    # 0.28125 A, 1.6875 V across the block, R2 = 20 ohm: 0.084375 A -> 0.084
    ("sci-branch-current", circ(4.5, [R("R1", 10)], [[R("R2", 20)], [R("R3", 30)],
                                                      [R("R4", 12)]]), 0.084),
    ("sci-circuit-topology", circ(6, [L("L1")], [[L("L2")], [L("L3")]]),
     "some in series and some in parallel"),
    ("sci-circuit-topology", circ(6, [L("L1"), L("L2")]), "in series"),
    ("sci-circuit-topology", circ(6, [], [[L("L1")], [L("L2")]]), "in parallel"),
    # branch 1 open: L2 and L3 lit
    ("sci-bulbs-lit", circ(6, [], [[S("S1", False), L("L1")], [L("L2")], [L("L3")]]), 2.0),
    # main switch open: nothing lit
    ("sci-bulbs-lit", circ(6, [S("S1", False), L("L1")], [[L("L2")], [L("L3")]]), 0.0),
    # every branch open: the series bulb is dark too
    ("sci-bulbs-lit", circ(6, [L("L1")], [[S("S1", False), L("L2")],
                                         [S("S2", False), L("L3")]]), 0.0),
    # 3 N right + 4 N up: 5 N
    ("sci-net-force", {"mags": [3.0, 4.0], "angles": [0.0, 90.0], "c0": 0}, 5.0),
    # 10 N at 0 and 10 N at 60: 2 * 10 * cos 30 = 17.32
    ("sci-net-force", {"mags": [10.0, 10.0], "angles": [0.0, 60.0], "c0": 1}, 17.32),
    # 12 N right, 4 N left on 4 kg: 2 m/s^2
    ("sci-block-acceleration", {"mags": [12.0, 4.0], "angles": [0.0, 180.0], "mass": 4.0,
                                "context": 0, "c0": 0}, 2.0),
    # 9.8 sin 30 = 4.9
    ("sci-incline-acceleration", {"angle": 30.0, "mass": 2.0, "mu": 0.0, "forces": True}, 4.9),
    # 9.8 (0.5 - 0.2 * 0.8660) = 3.2026 -> 3.2
    ("sci-incline-acceleration", {"angle": 30.0, "mass": 5.0, "mu": 0.2, "forces": False}, 3.2),
    # tan 20 = 0.364 < 0.5: stays
    ("sci-incline-acceleration", {"angle": 20.0, "mass": 5.0, "mu": 0.5, "forces": False}, 0.0),
    ("sci-incline-slides", {"angle": 45.0, "mu": 0.5, "mass": 2.0, "length": 3.0}, "yes"),
    ("sci-incline-slides", {"angle": 20.0, "mu": 0.5, "mass": 2.0, "length": 0.0}, "no"),
    # a quarter turn maps (x, y) to (-y, x): a = (-2, 1), b = (1, 3): x of the sum is -1
    ("sci-vector-sum-x", {"base": [[1, 2], [3, -1]], "turns": 1, "mirror": False,
                          "colors": ["blue", "red"]}, -1.0),
    # mirrored first: (-1, 2) and (-3, -1): -4
    ("sci-vector-sum-x", {"base": [[1, 2], [3, -1]], "turns": 0, "mirror": True,
                          "colors": ["blue", "red"]}, -4.0),
    ("sci-vector-angle", {"a": [1, 0], "b": [0, 2], "components": False}, 90.0),
    ("sci-vector-angle", {"a": [1, 1], "b": [3, 0], "components": True}, 45.0),
    # (2, 1) and (1, 3): cos = 5 / (sqrt 5 sqrt 10) = 1 / sqrt 2 -> 45
    ("sci-vector-angle", {"a": [2, 1], "b": [1, 3], "components": False}, 45.0),
    # 2 pi sqrt(1 / 9.8) = 2.0071 -> 2.01
    ("sci-pendulum-period", {"length": 1.0, "angle": 10.0, "mass": 0.5}, 2.01),
    # 2 pi sqrt(2.5 / 9.8) = 3.1735 -> 3.17
    ("sci-pendulum-period", {"length": 2.5, "angle": -8.0, "mass": 0.0}, 3.17),
    # 0.5 * 50 * 0.2^2 = 1
    ("sci-spring-energy", {"k": 50.0, "x": -0.2, "mass": 1.0}, 1.0),
    # 0.5 * 25 * 0.15^2 = 0.28125 -> 0.28
    ("sci-spring-energy", {"k": 25.0, "x": 0.15, "mass": 2.0}, 0.28),
    # 1/(1/10 - 1/15) = 30; 1/(1/10 - 1/5) = -10; 1/(1/12 - 1/18) = 36
    ("sci-lens-image-distance", {"f": 10.0, "d": 15.0, "h": 3.0, "rays": True}, 30.0),
    ("sci-lens-image-distance", {"f": 10.0, "d": 5.0, "h": 3.0, "rays": False}, -10.0),
    ("sci-lens-image-distance", {"f": 12.0, "d": 18.0, "h": 2.0, "rays": True}, 36.0),
    # 1/(1/8 - 1/13) = 104/5 = 20.8
    ("sci-lens-image-distance", {"f": 8.0, "d": 13.0, "h": 2.0, "rays": False}, 20.8),
    ("sci-lens-image-nature", {"f": 10.0, "d": 20.0, "h": 3.0}, "real, inverted and the same size"),
    ("sci-lens-image-nature", {"f": 10.0, "d": 30.0, "h": 3.0}, "real, inverted and reduced"),
    ("sci-lens-image-nature", {"f": 8.0, "d": 12.0, "h": 3.0}, "real, inverted and enlarged"),
    ("sci-lens-image-nature", {"f": 8.0, "d": 4.0, "h": 3.0}, "virtual, upright and enlarged"),
    # v = f lambda = 5 * 4
    ("sci-wave-speed", {"lam": 4.0, "cycles": 2.0, "A": 2.0, "form": "sin", "freq": 5.0,
                        "marks": False}, 20.0),
    ("sci-wave-speed", {"lam": 6.0, "cycles": 1.5, "A": 1.0, "form": "-cos", "freq": 2.5,
                        "marks": True}, 15.0),
    ("sci-wave-equation", {"A": 2.0, "lam": 4.0, "form": "-cos", "cycles": 2.0},
     "y = -2 cos(πx/2)"),
    ("sci-wave-equation", {"A": 1.0, "lam": 2.0, "form": "sin", "cycles": 1.5}, "y = sin(πx)"),
    ("sci-wave-equation", {"A": 3.0, "lam": 6.0, "form": "-sin", "cycles": 2.0},
     "y = -3 sin(πx/3)"),
    # areas: 0..2 triangle 4, 2..5 rectangle 12
    ("sci-vt-distance", {"times": [0.0, 2.0, 5.0], "values": [0.0, 4.0, 4.0], "who": "car"},
     16.0),
    # trapezoids: (2+6)/2*1 + (6+0)/2*3 = 4 + 9
    ("sci-vt-distance", {"times": [0.0, 1.0, 4.0], "values": [2.0, 6.0, 0.0], "who": "runner"},
     13.0),
    # speeds 2, 4, 2 m/s: B
    ("sci-fastest-segment", {"times": [0.0, 1.0, 3.0, 4.0], "values": [0.0, 2.0, 10.0, 12.0]},
     "B"),
    # speeds 2, 0, 6: C
    ("sci-fastest-segment", {"times": [0.0, 2.0, 3.0, 5.0], "values": [4.0, 8.0, 8.0, 20.0]},
     "C"),
    # 9 ticks of 5 mL
    ("sci-cylinder-reading", {"scale": [100.0, 5.0, 20.0], "ticks": 9, "liquid": 0,
                              "vessel": "cylinder"}, 45.0),
    ("sci-cylinder-reading", {"scale": [10.0, 0.5, 2.0], "ticks": 13, "liquid": 2,
                              "vessel": "beaker"}, 6.5),
    # rise of 5 ticks of 5 mL
    ("sci-stone-volume", {"scale": [100.0, 5.0, 20.0], "before": 8, "rise": 5, "captions": 0},
     25.0),
    ("sci-stone-volume", {"scale": [250.0, 10.0, 50.0], "before": 9, "rise": 4, "captions": 1},
     40.0),
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed_answer_and_recheck(sid, params, expected):
    q = SCI[sid]
    got = q.answer(params)
    if isinstance(expected, float):
        assert got == pytest.approx(expected, abs=1e-9), (sid, params, got)
        assert q.check(params) == pytest.approx(expected, abs=1e-9)
    else:
        assert got == expected and q.check(params) == expected
        if q.answer_type == "multiple choice":
            assert expected in q.options(params)
    q.diagram(params)  # the spec builds and validates
    __import__("renderers").facts(q.diagram(params))


def test_netlist_matches_series_parallel_reduction():
    # 2 + (3 || 6) at 12 V: nodal analysis gives 3 A from the battery, 2 A and 1 A in branches
    spec = SCI["sci-branch-current"].diagram(circ(12, [R("R1", 2)], [[R("R2", 3)],
                                                                    [R("R3", 6)]]))
    edges, emf = netlist(spec.circuit)
    cur = solve_netlist(edges, emf)
    assert cur["R1"] == pytest.approx(3) and cur["R2"] == pytest.approx(2)
    assert cur["R3"] == pytest.approx(1)


def test_variant_text_and_ground_truth():
    v = make_variant("sci-series-current", 0, seed=3)  # canonical: 12 V over 2 + 4 ohm
    assert v.ground_truth == "2" and "rounded to two decimal places" in v.question
    assert "12" not in v.question  # the deciding values are only in the picture
    v = make_variant("sci-lens-image-nature", 4, seed=0)
    assert v.question.endswith("(D) virtual, upright and enlarged")
    assert v.ground_truth in "ABCD"


def test_seed_set_shape():
    assert len(SCI) >= 14
    levels = Counter(q.level for q in SCI.values())
    assert levels["high school"] > levels["elementary school"] >= 2 and levels["undergraduate"] >= 2
    types = Counter(q.answer_type for q in SCI.values())
    assert types["float"] > types["multiple choice"] >= 2 and types["text"] >= 1
    kinds = Counter(k for q in SCI.values() for k in q.kinds)
    for k in ("numerical value", "real-life context", "graph structure", "function type",
              "geometric transformation"):
        assert kinds[k] >= 1, k
    assert all(q.topic == "scientific figure" for q in SCI.values())


def test_spring_energy_never_lands_half_way_between_two_decimals():
    # 0.5 * 100 * 0.05^2 = 0.125 J: "0.12" or "0.13" by the reader's rounding rule
    from fractions import Fraction
    assert make_variant("sci-spring-energy", 8, seed=0).ground_truth != "0.13"
    for v in range(200):
        p = make_variant("sci-spring-energy", v, seed=0).params
        e100 = Fraction(p["k"]) * Fraction(str(abs(p["x"]))) ** 2 * 50
        assert e100.denominator != 2, (v, p)


def test_force_answers_count_the_weight_and_normal_force_of_a_block_on_a_floor():
    """A net force or an acceleration asked of a drawn body is the one of every force acting:
    on a (frictionless) floor the weight and the floor's normal force as well as the arrows."""
    import math

    from renderers.scientific.facts import G

    on_floor = 0
    for sid, q in SCI.items():
        for v in range(200):
            var = make_variant(sid, v, seed=0)
            if getattr(var.spec, "kind", None) != "forces":
                break
            body = var.spec.body
            fx = sum(f.magnitude * math.cos(math.radians(f.angle_deg)) for f in body.forces)
            fy = sum(f.magnitude * math.sin(math.radians(f.angle_deg)) for f in body.forces)
            if body.surface:
                on_floor += 1
                assert body.mass > 0, (sid, v)  # else the weight, so the net force, is unknown
                w = body.mass * G
                fy += -w + max(0.0, w - fy)  # the floor pushes up while the pull is below w
            net = math.hypot(fx, fy)
            text = var.question.lower()
            if "acceleration" in text:
                assert float(var.ground_truth) == pytest.approx(net / body.mass, abs=0.006), \
                    (sid, v, var.question)
            elif "magnitude of the net force" in text:
                assert float(var.ground_truth) == pytest.approx(net, abs=0.006), (sid, v)
    assert on_floor >= 200
