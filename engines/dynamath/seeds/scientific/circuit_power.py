"""DynaMath seed questions, topic "scientific figure": power in circuits and what a bulb does
when another is taken out (series / parallel networks drawn by the "scientific" family).

The deciding values (resistances, the emf, the wiring) are only in the picture. Answers come
from series / parallel reduction (``circuit_solution``); ``check`` solves the drawn netlist by
nodal analysis instead (for a removed bulb: the netlist without its edge).

    python -m pytest -q tests/engines/dynamath/test_seeds_scientific_s6.py
"""
from __future__ import annotations


from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.scientific.circuits_forces import (_circuit_spec,
                                                               _sample_network, netlist,
                                                               solve_netlist)
from engines.dynamath.seeds.scientific.common import HIGH, TOPIC, UNI
from renderers.scientific.facts import circuit_solution
from renderers.spec import rng_choice
from renderers.text import half_up


def _powers(p: dict) -> dict[str, float]:
    """Power in every load by series / parallel reduction."""
    c = _circuit_spec(p).circuit
    sol = circuit_solution(c)
    out = {e.name: sol["current"] ** 2 * e.ohms for e in c.series if e.kind != "switch"}
    for k, b in enumerate(c.branches):
        for e in b:
            out[e.name] = sol["branch_i"][k] ** 2 * e.ohms
    return out


def _nodal_powers(p: dict, drop: str | None = None) -> dict[str, float]:
    """Power in every load from the netlist (without the element ``drop``) by nodal analysis."""
    edges, emf = netlist(_circuit_spec(p).circuit)
    if drop is not None:
        edges = [e for e in edges if e[3] != drop]
    cur = solve_netlist(edges, emf)
    return {name: cur[name] ** 2 * r for _, _, r, name in edges}


@register_seed
class ResistorPower(SeedQuestion):
    seed_id = "sci-resistor-power"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "graph structure", IRRELEVANT)
    clauses = ("The connecting wires are {m} cm long in total and have negligible resistance.",
               "The battery was bought {n} weeks ago.")

    def sample(self, rng):
        return _sample_network(rng, rng_choice(rng, ("series", "parallel", "mixed", "mixed")))

    def question(self, p):
        return ("How much power is dissipated in the resistor R2, in watts? Round to two "
                "decimal places.")

    def answer(self, p):
        return half_up(_powers(p)["R2"])

    def diagram(self, p):
        return _circuit_spec(p)

    def check(self, p):
        return half_up(_nodal_powers(p)["R2"])


EQUAL = "they are all equally bright"


def _relabel(p: dict, rng) -> dict:
    """The bulbs renamed L1.. in a drawn order: named along the wire, the bulb before the
    branches was L1 and the brightest in two circuits of three."""
    els = p["series"] + [e for b in p["branches"] for e in b]
    for e, k in zip(els, rng.permutation(len(els))):
        e["name"] = f"L{int(k) + 1}"
    return p


@register_seed
class BrightestBulb(SeedQuestion):
    seed_id = "sci-brightest-bulb"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "graph structure")

    def sample(self, rng):
        while True:
            topo = rng_choice(rng, ("series", "parallel", "mixed", "mixed"))
            p = _sample_network(rng, topo, "bulb")
            names = [e["name"] for e in p["series"]] + [b[0]["name"] for b in p["branches"]]
            if len(names) < 3:
                continue
            pw = sorted(_powers(p).values())
            if pw[-1] > 1.1 * pw[-2]:
                return _relabel(p, rng)

    def _names(self, p) -> list[str]:
        return [e["name"] for e in p["series"]] + [b[0]["name"] for b in p["branches"]]

    def question(self, p):
        return "Which light bulb in the circuit shines brightest (dissipates the most power)?"

    def options(self, p):
        return sorted(self._names(p), key=lambda n: int(n[1:])) + [EQUAL]

    def answer(self, p):
        pw = _powers(p)
        return max(pw, key=pw.get)

    def diagram(self, p):
        return _circuit_spec(p)

    def check(self, p):
        pw = _nodal_powers(p)
        return max(pw, key=pw.get)


REMOVED = ("gets brighter", "gets dimmer", "stays the same", "goes out")


@register_seed
class BulbRemoved(SeedQuestion):
    seed_id = "sci-bulb-removed"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("graph structure",)

    def sample(self, rng):
        while True:
            topo = rng_choice(rng, ("series", "parallel", "mixed", "mixed", "mixed"))
            p = _sample_network(rng, topo, "bulb", show=False)
            names = [e["name"] for e in p["series"]] + [b[0]["name"] for b in p["branches"]]
            if len(names) >= 3:
                x, y = (str(n) for n in rng.choice(names, 2, replace=False))
                p.update(removed=x, watched=y)
                return p

    def question(self, p):
        return (f"The battery is ideal and the bulbs are identical. If bulb {p['removed']} is "
                f"unscrewed from its socket, what happens to bulb {p['watched']}?")

    def options(self, p):
        return [f"{p['watched']} {r}" for r in REMOVED]

    def answer(self, p):
        ser = {e["name"] for e in p["series"]}
        x, y = p["removed"], p["watched"]
        if x in ser:  # the only path for all the current is broken
            r = 3
        elif y in ser:  # a branch less: more resistance, less current in the main line
            r = 1
        else:  # both in parallel branches: more of the emf across the block, or all of it
            r = 0 if p["series"] else 2
        return f"{y} {REMOVED[r]}"

    def diagram(self, p):
        return _circuit_spec(p)

    def check(self, p):
        # identical bulbs of 4 ohm: the powers before and after, from the netlist
        q = {**p, "series": [{**e, "ohms": 4.0} for e in p["series"]],
             "branches": [[{**e, "ohms": 4.0} for e in b] for b in p["branches"]]}
        before = _nodal_powers(q)[p["watched"]]
        after = _nodal_powers(q, drop=p["removed"]).get(p["watched"], 0.0)
        if after < 1e-9:
            r = 3
        elif abs(after - before) < 1e-9:
            r = 2
        else:
            r = 0 if after > before else 1
        return f"{p['watched']} {REMOVED[r]}"


