"""DynaMath seed questions, topic "scientific figure": electric circuits, forces, inclines and
vectors. Oscillators, lenses, waves, motion graphs and measuring cylinders are in
scientific/waves_optics_motion.py.

Every question leaves the deciding values (resistances, force magnitudes and angles, the ramp
angle and friction coefficient, grid vectors) to the picture. Answers come from the parameters
by the textbook formula (series / parallel reduction, component sums); ``check`` re-derives them
another way: circuits by nodal analysis of the drawn netlist, forces with complex numbers,
inclines with explicit force vectors, vectors by transforming the untransformed sum.

    python -m pytest -q tests/engines/dynamath/test_seeds_scientific.py
"""
from __future__ import annotations

import cmath
import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.scientific.common import ELEM, HIGH, TOPIC, UNI
from renderers.scientific.facts import G, circuit_solution
from renderers.scientific.spec import (Circuit, Element, Force, ForceBody, Incline, ScienceSpec,
                                       Vector2, VectorSet)
from renderers.spec import rng_choice
from renderers.text import half_up

OHMS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30)
EMFS = (3, 4.5, 6, 9, 12, 18, 24)


# ----------------------------------------------------------------------------- circuits


def _el(kind: str, name: str, ohms: float = 0.0, closed: bool = True, show: bool = True) -> dict:
    return {"kind": kind, "name": name, "ohms": float(ohms), "closed": bool(closed),
            "show": bool(show)}


def _circuit_spec(p: dict) -> ScienceSpec:
    def e(d: dict) -> Element:
        return Element(d["kind"], d["name"], d["ohms"], d["closed"], d["show"])

    return ScienceSpec(kind="circuit", circuit=Circuit(
        emf=float(p["emf"]), series=[e(d) for d in p["series"]],
        branches=[[e(d) for d in b] for b in p["branches"]], show_emf=p.get("show_emf", True)))


def _sample_network(rng: np.random.Generator, topology: str, kind: str = "resistor",
                    show: bool = True) -> dict:
    """Loads named R1.. (or L1.. for bulbs) in the given topology, no switches."""
    pre = "R" if kind == "resistor" else "L"
    vals = [float(rng_choice(rng, OHMS)) for _ in range(5)]
    if topology == "series":
        n_ser, n_br = int(rng.integers(2, 5 if kind == "resistor" else 4)), 0
    elif topology == "parallel":
        n_ser, n_br = 0, int(rng.integers(2, 4))
    else:
        n_br = int(rng.integers(2, 4))
        n_ser = 1 if n_br == 3 else int(rng.integers(1, 3))
    names = [f"{pre}{i + 1}" for i in range(n_ser + n_br)]
    series = [_el(kind, names[i], vals[i], show=show) for i in range(n_ser)]
    branches = [[_el(kind, names[n_ser + j], vals[n_ser + j], show=show)] for j in range(n_br)]
    return {"emf": float(rng_choice(rng, EMFS)), "series": series, "branches": branches,
            "topology": topology}


def netlist(c: Circuit) -> tuple[list[tuple[str, str, float, str]], float]:
    """The drawn circuit as edges (node a, node b, ohms, element name) between the battery's
    + node "P" and - node "N". A closed switch is a 1e-9 ohm wire; an open one is left out."""
    edges = []
    k = 0

    def chain(elems, a: str, b: str) -> None:
        nonlocal k
        cur = a
        for i, e in enumerate(elems):
            nxt = b if i == len(elems) - 1 else f"n{(k := k + 1)}"
            if e.kind == "switch":
                if e.closed:
                    edges.append((cur, nxt, 1e-9, e.name))
            else:
                edges.append((cur, nxt, e.ohms, e.name))
            cur = nxt

    if c.branches:
        x = "X"
        if c.series:
            chain(c.series, "P", x)
        else:
            x = "P"
        for br in c.branches:
            chain(br, x, "N")
    else:
        chain(c.series, "P", "N")
    return edges, c.emf


def solve_netlist(edges, emf: float) -> dict[str, float]:
    """Nodal analysis: node voltages with P at ``emf`` and N at 0; returns the current through
    every named edge (a tiny leak to ground keeps floating nodes solvable)."""
    nodes = sorted({n for a, b, _, _ in edges for n in (a, b)} - {"P", "N"})
    idx = {n: i for i, n in enumerate(nodes)}
    m = len(nodes)
    A = np.eye(m) * 1e-12
    rhs = np.zeros(m)
    fixed = {"P": emf, "N": 0.0}
    for a, b, r, _ in edges:
        g = 1.0 / r
        for u, v in ((a, b), (b, a)):
            if u in idx:
                A[idx[u], idx[u]] += g
                if v in idx:
                    A[idx[u], idx[v]] -= g
                else:
                    rhs[idx[u]] += g * fixed[v]
    volts = dict(fixed)
    if m:
        for n, v in zip(nodes, np.linalg.solve(A, rhs)):
            volts[n] = float(v)
    return {name: (volts[a] - volts[b]) / r for a, b, r, name in edges}


def battery_current(c: Circuit) -> float:
    edges, emf = netlist(c)
    cur = solve_netlist(edges, emf)
    return sum(i for (a, _, _, name) in edges for i in [cur[name]] if a == "P") - \
        sum(cur[name] for (_, b, _, name) in edges if b == "P")


def _classify(c: Circuit) -> str:
    """Series / parallel / mixed from currents and voltages with distinct test resistances."""
    loads = [e for e in c.series + [x for b in c.branches for x in b] if e.kind != "switch"]
    test = Circuit(emf=1.0, series=[Element(e.kind, e.name, 1.0 + i) for i, e in
                                    enumerate(x for x in c.series if x.kind != "switch")],
                   branches=[[Element(e.kind, e.name, 5.0 + 3 * j) for e in b if
                              e.kind != "switch"] for j, b in enumerate(c.branches)])
    edges, emf = netlist(test)
    cur = solve_netlist(edges, emf)
    ohms = {name: r for _, _, r, name in edges}
    amps = [cur[e.name] for e in loads]
    volts = [cur[e.name] * ohms[e.name] for e in loads]
    if max(amps) - min(amps) < 1e-9:
        return "series"
    if all(abs(v - 1.0) < 1e-9 for v in volts):
        return "parallel"
    return "mixed"


@register_seed
class SeriesCurrent(SeedQuestion):
    seed_id = "sci-series-current"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)
    canonical = {"emf": 12.0, "series": [_el("resistor", "R1", 2), _el("resistor", "R2", 4)],
                 "branches": [], "topology": "series"}

    def sample(self, rng):
        return _sample_network(rng, "series")

    def question(self, p):
        return ("What current flows through the battery in the circuit shown? Answer in "
                "amperes, rounded to two decimal places.")

    def answer(self, p):
        return half_up(p["emf"] / sum(e["ohms"] for e in p["series"]))

    def diagram(self, p):
        return _circuit_spec(p)

    def check(self, p):
        return half_up(battery_current(self.diagram(p).circuit))


@register_seed
class EquivalentResistance(SeedQuestion):
    seed_id = "sci-equivalent-resistance"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "graph structure")

    def sample(self, rng):
        return _sample_network(rng, rng_choice(rng, ("series", "parallel", "mixed")))

    def question(self, p):
        return ("What is the equivalent resistance of all the resistors connected to the "
                "battery, in ohms? Round to two decimal places.")

    def answer(self, p):
        r = sum(Fraction(e["ohms"]) for e in p["series"])
        if p["branches"]:
            r += 1 / sum(1 / Fraction(b[0]["ohms"]) for b in p["branches"])
        return half_up(float(r))

    def diagram(self, p):
        return _circuit_spec(p)

    def check(self, p):
        c = self.diagram(p).circuit
        return half_up(c.emf / battery_current(c))


@register_seed
class BranchCurrent(SeedQuestion):
    seed_id = "sci-branch-current"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "graph structure")

    def sample(self, rng):
        return _sample_network(rng, rng_choice(rng, ("parallel", "mixed", "mixed")))

    def question(self, p):
        return ("What is the current through the resistor R2, in amperes? Round to three "
                "decimal places.")

    def answer(self, p):
        c = _circuit_spec(p).circuit
        sol = circuit_solution(c)
        for k, b in enumerate(c.branches):
            if any(e.name == "R2" for e in b):
                return half_up(sol["branch_i"][k], 3)
        return half_up(sol["current"], 3)

    def diagram(self, p):
        return _circuit_spec(p)

    def check(self, p):
        edges, emf = netlist(self.diagram(p).circuit)
        return half_up(abs(solve_netlist(edges, emf)["R2"]), 3)


TOPOLOGY_OPTIONS = ("in series", "in parallel", "some in series and some in parallel",
                    "they are not connected to the battery")
TOPOLOGY_ANSWER = dict(zip(("series", "parallel", "mixed"), TOPOLOGY_OPTIONS))


@register_seed
class BulbTopology(SeedQuestion):
    seed_id = "sci-circuit-topology"
    topic, level, answer_type = TOPIC, ELEM, "multiple choice"
    kinds = ("graph structure",)

    def sample(self, rng):
        p = _sample_network(rng, rng_choice(rng, ("series", "parallel", "mixed")), "bulb",
                            show=False)
        p["show_emf"] = bool(rng.random() < 0.5)
        return p

    def question(self, p):
        return "How are the light bulbs in this circuit connected?"

    def options(self, p):
        return list(TOPOLOGY_OPTIONS)

    def answer(self, p):
        return TOPOLOGY_ANSWER[p["topology"]]

    def diagram(self, p):
        return _circuit_spec(p)

    def check(self, p):
        return TOPOLOGY_ANSWER[_classify(self.diagram(p).circuit)]


@register_seed
class BulbsLit(SeedQuestion):
    seed_id = "sci-bulbs-lit"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("graph structure",)

    def sample(self, rng):
        p = _sample_network(rng, rng_choice(rng, ("series", "parallel", "parallel", "mixed")),
                            "bulb", show=False)
        main = not p["branches"] or rng.random() < 0.5
        # a branch switch makes its rung two elements long: only with room on the top wire
        on_branch = [len(p["series"]) < 2 and rng.random() < 0.55 for _ in p["branches"]]
        k = 0
        if main:
            k += 1
            p["series"].insert(0, _el("switch", f"S{k}", closed=rng.random() < 0.65,
                                      show=False))
        for b, add in zip(p["branches"], on_branch):
            if add:
                k += 1
                b.insert(0, _el("switch", f"S{k}", closed=rng.random() < 0.5, show=False))
        if k == 1:
            for e in p["series"] + [x for b in p["branches"] for x in b]:
                if e["kind"] == "switch":
                    e["name"] = "S"
        return p

    def question(self, p):
        # worded by the number of switches drawn (a variant may draw one, several or none)
        n = sum(e["kind"] == "switch" for e in p["series"] + [x for b in p["branches"]
                                                               for x in b])
        if n == 0:
            return "How many light bulbs in this circuit are lit?"
        what = "the switch is" if n == 1 else "the switches are"
        return f"When {what} left as shown, how many light bulbs are lit?"

    def answer(self, p):
        main_ok = all(e["closed"] for e in p["series"] if e["kind"] == "switch")
        on = [all(e["closed"] for e in b if e["kind"] == "switch") for b in p["branches"]]
        if not main_ok or (p["branches"] and not any(on)):
            return 0.0
        lit = sum(e["kind"] == "bulb" for e in p["series"])
        lit += sum(sum(e["kind"] == "bulb" for e in b) for b, ok in zip(p["branches"], on) if ok)
        return float(lit)

    def diagram(self, p):
        return _circuit_spec(p)

    def check(self, p):
        edges, emf = netlist(self.diagram(p).circuit)
        cur = solve_netlist(edges, emf)
        return float(sum(abs(cur[n]) > 1e-6 for n in cur if n.startswith("L")))


# ----------------------------------------------------------------------------- forces


def _force_spec(p: dict, surface: bool = False, body: str = "", mass: float = 0.0
                ) -> ScienceSpec:
    cols = ("red", "blue", "green", "purple", "orange")
    fs = [Force(f"F{i + 1}", float(m), float(a), cols[(i + p.get("c0", 0)) % 5])
          for i, (m, a) in enumerate(zip(p["mags"], p["angles"]))]
    return ScienceSpec(kind="forces", body=ForceBody(mass=mass, forces=fs, surface=surface,
                                                     body=body))


@register_seed
class NetForce(SeedQuestion):
    seed_id = "sci-net-force"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)
    canonical = {"mags": [3.0, 4.0], "angles": [0.0, 90.0], "c0": 0}

    def sample(self, rng):
        pool = (0, 90, 180, 270, 0, 90, 180, 270, 30, 45, 60, 120, 135, 150, 210, 225, 240,
                300, 315, 330)
        n = int(rng.integers(2, 5))
        while True:
            angs = sorted(int(pool[int(i)]) for i in rng.choice(len(pool), n, replace=False))
            gaps = [(b - a) % 360 for a, b in zip(angs, angs[1:] + angs[:1])]
            if min(gaps) >= 40:
                break
        return {"mags": [float(rng.integers(2, 21)) for _ in range(n)],
                "angles": [float(a) for a in angs], "c0": int(rng.integers(5))}

    def question(self, p):
        return ("What is the magnitude of the net force acting on the block, in newtons? "
                "Round to two decimal places.")

    def answer(self, p):
        fx = sum(m * math.cos(math.radians(a)) for m, a in zip(p["mags"], p["angles"]))
        fy = sum(m * math.sin(math.radians(a)) for m, a in zip(p["mags"], p["angles"]))
        return half_up(math.hypot(fx, fy))

    def diagram(self, p):
        return _force_spec(p)

    def check(self, p):
        z = sum(cmath.rect(f.magnitude, math.radians(f.angle_deg))
                for f in self.diagram(p).body.forces)
        return half_up(abs(z))


CONTEXTS = (("crate", "Two movers push and pull a crate across a smooth warehouse floor."),
            ("sled", "Children pull a sled across smooth ice with ropes."),
            ("cart", "A shopping cart rolls on a smooth floor while people tug on it."),
            ("trunk", "Friends drag a heavy trunk across a polished floor."),
            ("box", "A delivery box slides on a smooth conveyor while hands push it."))


@register_seed
class BlockAcceleration(SeedQuestion):
    seed_id = "sci-block-acceleration"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        n = int(rng.integers(2, 4))
        while True:
            angs = [float(rng_choice(rng, (0, 180))) for _ in range(n)]
            mags = [float(rng.integers(2, 31)) for _ in range(n)]
            net = sum(m if a == 0 else -m for m, a in zip(mags, angs))
            if net != 0 and len(set(angs)) == 2:
                break
        return {"mags": mags, "angles": angs, "mass": float(rng_choice(rng, (2, 4, 5, 8, 10,
                                                                              12, 20))),
                "context": int(rng.integers(len(CONTEXTS))), "c0": int(rng.integers(5))}

    def question(self, p):
        body, story = CONTEXTS[p["context"]]
        return (f"{story} Ignoring friction, what is the magnitude of the {body}'s "
                "acceleration in m/s²? Round to two decimal places.")

    def answer(self, p):
        # the drawn forces are horizontal, so the floor's normal force cancels the weight and
        # the net force is their sum along the (frictionless) floor
        net = sum(m * math.cos(math.radians(a)) for m, a in zip(p["mags"], p["angles"]))
        return half_up(abs(net) / p["mass"])

    def diagram(self, p):
        return _force_spec(p, surface=True, body=CONTEXTS[p["context"]][0], mass=p["mass"])

    def check(self, p):
        b = self.diagram(p).body
        net = sum(Fraction(f.magnitude) * (1 if f.angle_deg == 0 else -1) for f in b.forces)
        return half_up(float(abs(net) / Fraction(b.mass)))


# ----------------------------------------------------------------------------- inclines


def _incline_numbers(inc: Incline) -> float:
    """Acceleration down the slope from explicit force vectors (the checkers' path)."""
    th = math.radians(inc.angle_deg)
    down = np.array([-math.cos(th), -math.sin(th)])  # unit vector down the slope
    out = np.array([-math.sin(th), math.cos(th)])  # unit normal out of the surface
    weight = np.array([0.0, -inc.mass * G])
    along = float(weight @ down)
    normal = -float(weight @ out)
    friction = min(inc.mu * normal, along)
    return (along - friction) / inc.mass


@register_seed
class InclineAcceleration(SeedQuestion):
    seed_id = "sci-incline-acceleration"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        return {"angle": float(rng_choice(rng, (20, 25, 30, 35, 37, 40, 45, 50, 53, 60))),
                "mass": float(rng_choice(rng, (1, 2, 3, 4, 5, 8, 10))),
                "mu": float(rng_choice(rng, (0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5))),
                "forces": bool(rng.random() < 0.5)}

    def question(self, p):
        return ("Take g = 9.8 m/s². What is the acceleration of the block down the ramp, in "
                "m/s²? Answer 0 if it stays at rest. Round to two decimal places.")

    def answer(self, p):
        th = math.radians(p["angle"])
        return half_up(max(0.0, G * (math.sin(th) - p["mu"] * math.cos(th))))

    def diagram(self, p):
        return ScienceSpec(kind="incline", incline=Incline(p["angle"], p["mass"], p["mu"], 0.0,
                                                           p["forces"]))

    def check(self, p):
        return half_up(_incline_numbers(self.diagram(p).incline))


@register_seed
class InclineSlides(SeedQuestion):
    seed_id = "sci-incline-slides"
    topic, level, answer_type = TOPIC, HIGH, "text"
    kinds = ("numerical value",)

    def sample(self, rng):
        slide = bool(rng.random() < 0.5)  # decide the answer first: yes and no equally often
        while True:
            a = float(rng_choice(rng, (15, 20, 25, 30, 35, 40, 45, 50, 55, 60)))
            mu = float(rng_choice(rng, (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2)))
            t = math.tan(math.radians(a))
            if abs(t - mu) > 0.05 and (t > mu) == slide:
                return {"angle": a, "mu": mu,
                        "mass": float(rng_choice(rng, (1, 2, 3, 5, 8, 10))),
                        "length": float(rng_choice(rng, (0, 2, 3, 4, 5)))}

    def question(self, p):
        return ("The block is released from rest on the ramp; μ is the coefficient of static "
                "friction. Will it slide down? Answer yes or no.")

    def answer(self, p):
        return "yes" if math.tan(math.radians(p["angle"])) > p["mu"] else "no"

    def diagram(self, p):
        return ScienceSpec(kind="incline", incline=Incline(p["angle"], p["mass"], p["mu"],
                                                           p["length"], False))

    def check(self, p):
        return "yes" if _incline_numbers(self.diagram(p).incline) > 1e-9 else "no"


# ----------------------------------------------------------------------------- vectors


def _transform(x: int, y: int, quarter_turns: int, mirror: bool) -> tuple[int, int]:
    if mirror:
        x = -x
    for _ in range(quarter_turns % 4):
        x, y = -y, x
    return x, y


@register_seed
class VectorSumComponent(SeedQuestion):
    seed_id = "sci-vector-sum-x"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "geometric transformation")

    def sample(self, rng):
        base = []
        while len(base) < 2:
            x, y = (int(v) for v in rng.integers(-5, 6, size=2))
            if (x, y) != (0, 0) and (x, y) not in base:
                base.append((x, y))
        return {"base": [list(v) for v in base], "turns": int(rng.integers(4)),
                "mirror": bool(rng.random() < 0.5), "colors": rng_choice(
                    rng, (["blue", "red"], ["red", "green"], ["purple", "blue"]))}

    def _vectors(self, p) -> list[tuple[int, int]]:
        return [_transform(x, y, p["turns"], p["mirror"]) for x, y in p["base"]]

    def question(self, p):
        return "What is the x-component of the vector a + b?"

    def answer(self, p):
        return float(sum(v[0] for v in self._vectors(p)))

    def diagram(self, p):
        vs = [Vector2(n, float(x), float(y), 0.0, 0.0, c)
              for n, (x, y), c in zip("ab", self._vectors(p), p["colors"])]
        return ScienceSpec(kind="vectors", vectors=VectorSet(vectors=vs))

    def check(self, p):
        sx = sum(v[0] for v in p["base"])
        sy = sum(v[1] for v in p["base"])
        return float(_transform(sx, sy, p["turns"], p["mirror"])[0])


@register_seed
class VectorAngle(SeedQuestion):
    seed_id = "sci-vector-angle"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        while True:
            a = [int(v) for v in rng.integers(-5, 6, size=2)]
            b = [int(v) for v in rng.integers(-5, 6, size=2)]
            if a != [0, 0] and b != [0, 0] and a[0] * b[1] - a[1] * b[0] != 0:
                return {"a": a, "b": b, "components": bool(rng.random() < 0.4)}

    def question(self, p):
        return ("What is the angle between the vectors a and b, in degrees? Round to one "
                "decimal place.")

    def answer(self, p):
        (ax, ay), (bx, by) = p["a"], p["b"]
        c = (ax * bx + ay * by) / (math.hypot(ax, ay) * math.hypot(bx, by))
        return half_up(math.degrees(math.acos(max(-1.0, min(1.0, c)))), 1)

    def diagram(self, p):
        vs = [Vector2("a", *map(float, p["a"]), 0.0, 0.0, "blue"),
              Vector2("b", *map(float, p["b"]), 0.0, 0.0, "red")]
        return ScienceSpec(kind="vectors", vectors=VectorSet(vectors=vs,
                                                             show_components=p["components"]))

    def check(self, p):
        a, b = self.diagram(p).vectors.vectors
        d = abs(math.atan2(b.y, b.x) - math.atan2(a.y, a.x))
        return half_up(math.degrees(min(d, 2 * math.pi - d)), 1)
