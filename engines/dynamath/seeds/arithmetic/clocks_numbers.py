"""DynaMath seed questions, topic "arithmetic": clocks, number lines, equation cards with shape
symbols and fraction models. Everyday pictures (money, receipts, interest, rulers, thermometers,
tallies, bar models) are in arithmetic/everyday.py.

Every question leaves the deciding values (the time, the marked point, the shaded parts...) to
the picture; answers come from the parameters, and ``check`` re-derives them another way (hand
angles, stepping a clock, brute-force substitution, counting parts).

    python -m pytest -q tests/engines/dynamath/test_seeds_arithmetic.py
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from engines.dynamath.seed import SeedQuestion, ShuffledCandidates, draw_order, register_seed
from renderers.arithmetic.sample import (FACE_COLORS, FILL_COLORS, LINE_STEPS, MARK_COLORS,
                                         SHAPE_COLORS, line_fits, shape_system)
from renderers.arithmetic.spec import (SHAPES, ArithmeticSpec, ClockFace, EquationCard,
                                       FractionModel, Mark, NumberLine, hand_angles)
from renderers.spec import rng_choice
from renderers.text import fmt_num

TOPIC = "arithmetic"
ELEM, HIGH, UNI = "elementary school", "high school", "undergraduate"


def _clock_spec(faces: list[tuple[int, int, str]], numerals: str, colors: list[str]
                ) -> ArithmeticSpec:
    return ArithmeticSpec(kind="clock", clocks=[
        ClockFace(h, m, cap, numerals, c) for (h, m, cap), c in zip(faces, colors)])


def _step_clock(h: int, m: int, minutes: int) -> tuple[int, int]:
    """Move a 12-hour clock forward minute by minute (the checkers' slow path)."""
    for _ in range(minutes):
        m += 1
        if m == 60:
            m, h = 0, h % 12 + 1
    return h, m


def _read_clock(face: ClockFace) -> tuple[int, int]:
    """The time read back from the hand angles (not from the hour / minute fields)."""
    ha, ma = hand_angles(face.hour, face.minute)
    minute = int(round(ma / 6)) % 60
    hour = int(round((ha - minute * 0.5) / 30)) % 12
    return (hour or 12), minute


# ----------------------------------------------------------------------------- clocks


@register_seed
class ClockReadTime(SeedQuestion):
    seed_id = "arith-clock-read-time"
    topic, level, answer_type = TOPIC, ELEM, "text"
    kinds = ("numerical value",)
    canonical = {"hour": 3, "minute": 45, "numerals": "arabic", "color": "blue"}

    def sample(self, rng):
        return {"hour": int(rng.integers(1, 13)), "minute": int(rng.integers(12)) * 5,
                "numerals": rng_choice(rng, ("arabic", "arabic", "roman", "none")),
                "color": rng_choice(rng, FACE_COLORS)}

    def question(self, p):
        return "What time does the clock show? Answer in the form h:mm (for example 7:05)."

    def answer(self, p):
        return f"{p['hour']}:{p['minute']:02d}"

    def diagram(self, p):
        return _clock_spec([(p["hour"], p["minute"], "")], p["numerals"], [p["color"]])

    def check(self, p):
        h, m = _read_clock(self.diagram(p).clocks[0])
        return f"{h}:{m:02d}"


ACTIVITIES = ("a movie", "soccer practice", "a bus ride", "a piano lesson", "baking a cake",
              "a hike", "a board game")


@register_seed
class ClockElapsed(SeedQuestion):
    seed_id = "arith-clock-elapsed"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        cols = rng.permutation(len(FACE_COLORS))[:2]
        return {"hour": int(rng.integers(1, 13)), "minute": int(rng.integers(12)) * 5,
                "duration": int(rng.integers(3, 61)) * 5,
                "activity": rng_choice(rng, ACTIVITIES),
                "colors": [FACE_COLORS[int(i)] for i in cols]}

    def question(self, p):
        return (f"The clocks show when {p['activity']} started and when it ended, less than "
                "12 hours later. How many minutes did it last?")

    def answer(self, p):
        return float(p["duration"])

    def diagram(self, p):
        t = p["hour"] % 12 * 60 + p["minute"] + p["duration"]
        h1, m1 = (t // 60) % 12 or 12, t % 60
        return _clock_spec([(p["hour"], p["minute"], "Start"), (h1, m1, "End")], "arabic",
                           p["colors"])

    def check(self, p):
        a, b = self.diagram(p).clocks
        h, m, k = a.hour, a.minute, 0
        while (h, m) != (b.hour, b.minute):
            h, m = _step_clock(h, m, 1)
            k += 1
        return float(k)


VEHICLES = ("train", "bus", "ferry", "plane")


@register_seed
class ClockArrival(SeedQuestion):
    seed_id = "arith-clock-arrival"
    topic, level, answer_type = TOPIC, ELEM, "text"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        return {"hour": int(rng.integers(1, 13)), "minute": int(rng.integers(12)) * 5,
                "trip": int(rng_choice(rng, (15, 20, 25, 30, 40, 45, 50, 75, 90, 105, 120))),
                "vehicle": rng_choice(rng, VEHICLES), "color": rng_choice(rng, FACE_COLORS)}

    def question(self, p):
        return (f"A {p['vehicle']} leaves at the time shown on the clock, and the trip takes "
                f"{p['trip']} minutes. What time does the clock show when it arrives? Answer "
                "in the form h:mm.")

    def answer(self, p):
        t = p["hour"] % 12 * 60 + p["minute"] + p["trip"]
        return f"{(t // 60) % 12 or 12}:{t % 60:02d}"

    def diagram(self, p):
        return _clock_spec([(p["hour"], p["minute"], "Departure")], "arabic", [p["color"]])

    def check(self, p):
        h, m = _step_clock(*_read_clock(self.diagram(p).clocks[0]), p["trip"])
        return f"{h}:{m:02d}"


@register_seed
class ClockHandAngle(SeedQuestion):
    seed_id = "arith-clock-hand-angle"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)
    canonical = {"hour": 3, "minute": 30, "numerals": "arabic", "color": "green"}

    def sample(self, rng):
        return {"hour": int(rng.integers(1, 13)), "minute": int(rng.integers(60)),
                "numerals": rng_choice(rng, ("arabic", "roman")),
                "color": rng_choice(rng, FACE_COLORS)}

    def question(self, p):
        return ("What is the smaller angle, in degrees, between the hour hand and the minute "
                "hand of the clock?")

    def answer(self, p):
        d = abs(30 * (p["hour"] % 12) + 0.5 * p["minute"] - 6 * p["minute"]) % 360
        return float(min(d, 360 - d))

    def diagram(self, p):
        return _clock_spec([(p["hour"], p["minute"], "")], p["numerals"], [p["color"]])

    def check(self, p):
        ha, ma = (math.radians(a) for a in hand_angles(p["hour"], p["minute"]))
        u, v = (math.sin(ha), math.cos(ha)), (math.sin(ma), math.cos(ma))
        ang = math.degrees(math.atan2(abs(u[0] * v[1] - u[1] * v[0]), u[0] * v[0] + u[1] * v[1]))
        return round(ang, 9)


@register_seed
class ClockGroupOrder(SeedQuestion):
    seed_id = "arith-clock-group-order"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        return {"hour": int(rng.integers(1, 13)), "color": rng_choice(rng, FACE_COLORS),
                "numerals": rng_choice(rng, ("arabic", "roman"))}

    def question(self, p):
        return ("Regard the 12-hour clock as the cyclic group Z_12 = {0, 1, ..., 11} under "
                "addition mod 12, with 12 o'clock as 0. The hour hand points exactly at an hour; "
                "what is the order of that element in the group?")

    def answer(self, p):
        return float(12 // math.gcd(p["hour"] % 12, 12))

    def diagram(self, p):
        return _clock_spec([(p["hour"], 0, "")], p["numerals"], [p["color"]])

    def check(self, p):
        h, _ = _read_clock(self.diagram(p).clocks[0])
        k = 1
        while (k * h) % 12:
            k += 1
        return float(k)


# ----------------------------------------------------------------------------- number lines


def _sample_line(rng, negative: bool) -> dict:
    while True:
        tick, every = rng_choice(rng, LINE_STEPS)
        n_ticks = (int(rng.integers(4, 9)) - 1) * every
        if n_ticks < 6:
            n_ticks *= 2
        big = tick * every
        k0 = int(rng.integers(-(n_ticks // every), 0)) if negative else int(rng.integers(0, 4))
        start = round(big * k0, 9)
        if line_fits(start, tick, every, n_ticks):
            return {"tick": float(tick), "every": int(every), "start": float(start),
                    "n_ticks": int(n_ticks)}


def _line_spec(p: dict, marks: list[Mark]) -> ArithmeticSpec:
    return ArithmeticSpec(kind="number_line", number_line=NumberLine(
        start=p["start"], stop=round(p["start"] + p["n_ticks"] * p["tick"], 9), tick=p["tick"],
        label_every=p["every"], marks=marks))


def _value_from_labels(p: dict, idx: int) -> Fraction:
    """A tick's value interpolated from two labelled ticks, as a reader would do."""
    v0 = Fraction(fmt_num(p["start"], 6))
    v1 = Fraction(fmt_num(round(p["start"] + p["every"] * p["tick"], 9), 6))
    return v0 + (v1 - v0) * Fraction(idx, p["every"])


@register_seed
class NumberLinePoint(SeedQuestion):
    seed_id = "arith-number-line-point"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        p = _sample_line(rng, bool(rng.random() < 0.2))
        free = [i for i in range(p["n_ticks"] + 1) if i % p["every"]] or \
            list(range(p["n_ticks"] + 1))
        p["idx"] = int(rng_choice(rng, free))
        p["color"] = rng_choice(rng, MARK_COLORS)
        return p

    def question(self, p):
        return "What number does point A mark on the number line?"

    def answer(self, p):
        return round(p["start"] + p["idx"] * p["tick"], 9)

    def diagram(self, p):
        return _line_spec(p, [Mark("A", self.answer(p), p["color"])])

    def check(self, p):
        return float(_value_from_labels(p, p["idx"]))


@register_seed
class NumberLineDistance(ShuffledCandidates):
    seed_id = "arith-number-line-distance"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "color")

    def sample(self, rng):
        p = _sample_line(rng, True)
        p["idx"] = sorted(int(i) for i in rng.choice(p["n_ticks"] + 1, size=3, replace=False))
        p["colors"] = [MARK_COLORS[int(i)] for i in rng.permutation(3)]  # red, blue, green
        p["ask"] = sorted(int(i) for i in rng.choice(3, size=2, replace=False))
        p["order"] = draw_order(rng)
        return p

    def _vals(self, p):
        return [round(p["start"] + i * p["tick"], 9) for i in p["idx"]]

    def question(self, p):
        a, b = (p["colors"][i] for i in p["ask"])
        return f"What is the distance between the {a} point and the {b} point on the number line?"

    def candidates(self, p):
        v = self._vals(p)
        a, b = v[p["ask"][0]], v[p["ask"][1]]
        d = abs(a - b)
        cands = [abs(a + b), abs(a) + abs(b), d + p["tick"], d - p["tick"], 2 * d,
                 d + 2 * p["tick"], d + 3 * p["tick"]]
        opts = [fmt_num(d, 3)]
        for c in cands:
            s = fmt_num(round(c, 9), 3)
            if c > 0 and s not in opts:
                opts.append(s)
            if len(opts) == 4:
                break
        return opts

    def diagram(self, p):
        names = "ABC"
        return _line_spec(p, [Mark(names[j], v, p["colors"][j])
                              for j, v in enumerate(self._vals(p))])

    def check(self, p):
        i, j = (p["idx"][k] for k in p["ask"])
        return fmt_num(float(abs(_value_from_labels(p, i) - _value_from_labels(p, j))), 3)


# ----------------------------------------------------------------------------- equations


def _eval_line(side: str, vals: dict) -> Fraction:
    """Evaluate one side of an equation line (numbers, shapes, + - × ÷, usual precedence)."""
    toks = [str(vals[t]) if t in vals else t for t in side.split()]
    expr = " ".join(toks).replace("×", "*").replace("÷", "/")
    terms = [Fraction(t) if t not in "+-*/" else t for t in expr.split()]
    # two passes: first × and ÷, then + and -
    out = [terms[0]]
    for op, x in zip(terms[1::2], terms[2::2]):
        if op == "*":
            out[-1] = out[-1] * x
        elif op == "/":
            out[-1] = out[-1] / x
        else:
            out += [op, x]
    total = out[0]
    for op, x in zip(out[1::2], out[2::2]):
        total = total + x if op == "+" else total - x
    return total


def _solve_by_search(lines: list[str], limit: int = 200) -> dict:
    """Each line's one new symbol found by trying 0..limit (the check's brute force)."""
    vals: dict[str, int] = {}
    for line in lines:
        lhs, rhs = line.split(" = ")
        new = [t for t in (lhs + " " + rhs).split() if (t in SHAPES or t == "?") and t not in vals]
        if not new:
            continue
        for v in range(limit + 1):
            trial = dict(vals, **{new[0]: v})
            try:
                ok = len(set(new)) == 1 and _eval_line(lhs, trial) == _eval_line(rhs, trial)
            except ZeroDivisionError:
                continue
            if ok:
                vals[new[0]] = v
                break
    return vals


@register_seed
class ShapeEquations(SeedQuestion):
    seed_id = "arith-shape-equations"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("symbolic substitution", "numerical value")

    def sample(self, rng):
        lines, vals, cols = shape_system(rng, int(rng.integers(2, 4)))
        return {"lines": lines, "values": vals, "colors": cols}

    def question(self, p):
        return ("Each shape stands for a number, and the same shape always stands for the same "
                "number. What number belongs in place of the question mark?")

    def answer(self, p):
        a, op, b = p["lines"][-1].split(" = ")[0].split()
        x, y = p["values"][a], p["values"][b]
        return float(x + y if op == "+" else x * y)

    def diagram(self, p):
        return ArithmeticSpec(kind="equation", equation=EquationCard(p["lines"], p["colors"]))

    def check(self, p):
        return float(_solve_by_search(p["lines"])["?"])


@register_seed
class MissingNumber(SeedQuestion):
    seed_id = "arith-missing-number"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("symbolic substitution", "numerical value")
    canonical = {"a": 3, "b": 4, "op": "×", "slot": 1, "symbol": "?", "color": "blue"}

    def sample(self, rng):
        return {"a": int(rng.integers(2, 13)), "b": int(rng.integers(2, 13)),
                "op": rng_choice(rng, ("+", "-", "×", "÷")), "slot": int(rng.integers(3)),
                "symbol": rng_choice(rng, ("?",) + SHAPES),
                "color": rng_choice(rng, SHAPE_COLORS)}

    def _terms(self, p):
        a, b = p["a"], p["b"]
        return {"+": (a, b, a + b), "-": (a + b, b, a), "×": (a, b, a * b),
                "÷": (a * b, b, a)}[p["op"]]

    def question(self, p):
        return "The symbol in the equation stands for a missing number. What is that number?"

    def answer(self, p):
        return float(self._terms(p)[p["slot"]])

    def diagram(self, p):
        x, y, z = self._terms(p)
        toks = [str(x), p["op"], str(y), "=", str(z)]
        toks[(0, 2, 4)[p["slot"]]] = p["symbol"]
        cols = {p["symbol"]: p["color"]} if p["symbol"] != "?" else {}
        return ArithmeticSpec(kind="equation", equation=EquationCard([" ".join(toks)], cols))

    def check(self, p):
        return float(_solve_by_search(self.diagram(p).equation.lines, 300)[p["symbol"]])


# ----------------------------------------------------------------------------- fractions


def _frac_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@register_seed
class FractionColor(ShuffledCandidates):
    seed_id = "arith-fraction-color"
    topic, level, answer_type = TOPIC, ELEM, "multiple choice"
    kinds = ("color", "numerical value")

    def sample(self, rng):
        parts = int(rng_choice(rng, (4, 5, 6, 8, 10, 12)))
        ncol = int(rng_choice(rng, (2, 2, 3)))
        cols = [FILL_COLORS[int(i)] for i in rng.permutation(len(FILL_COLORS))[:ncol]]
        shaded = int(rng.integers(ncol, parts + 1))
        cuts = sorted(int(c) for c in rng.choice(np.arange(1, shaded), size=ncol - 1,
                                                  replace=False))
        counts = [b - a for a, b in zip([0] + cuts, cuts + [shaded])]
        fills = [c for c, k in zip(cols, counts) for _ in range(k)] + [""] * (parts - shaded)
        if rng.random() < 0.5:
            fills = [fills[int(i)] for i in rng.permutation(parts)]
        return {"shape": rng_choice(rng, ("bar", "circle")), "fills": fills,
                "ask": rng_choice(rng, cols), "order": draw_order(rng)}

    def question(self, p):
        return f"What fraction of the {p['shape']} is coloured {p['ask']}?"

    def candidates(self, p):
        n, k = len(p["fills"]), p["fills"].count(p["ask"])
        others = [p["fills"].count(c) for c in dict.fromkeys(p["fills"]) if c not in ("", p["ask"])]
        cands = [Fraction(k, n)] + [Fraction(c, n) for c in others] + [Fraction(n - k, n)]
        # the part-to-rest slip k/(n - k), where it is a fraction a part of the shape can be
        cands += [Fraction(k, n - k)] if n > 2 * k else []
        cands += [Fraction(k + d, n) for d in (1, -1, 2, -2, 3, 4) if 0 < k + d <= n]
        vals: list[Fraction] = []
        for c in cands:
            if c not in vals:
                vals.append(c)
        return [_frac_text(v) for v in vals]

    def diagram(self, p):
        return ArithmeticSpec(kind="fraction", fractions=[FractionModel(p["shape"], p["fills"])])

    def check(self, p):
        model = self.diagram(p).fractions[0]
        hits = sum(1 for c in model.fills if c == p["ask"])
        return _frac_text(Fraction(hits, len(model.fills)))


FOODS = {"circle": ("pizza", "pie", "cake"), "bar": ("chocolate bar", "granola bar")}


@register_seed
class FractionSum(SeedQuestion):
    seed_id = "arith-fraction-sum"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        shape = rng_choice(rng, ("circle", "bar"))
        models = []
        for _ in range(2):
            n = int(rng_choice(rng, (2, 4, 5, 8, 10)))
            models.append([n, int(rng.integers(1, n + 1))])
        return {"shape": shape, "food": rng_choice(rng, FOODS[shape]), "models": models,
                "color": rng_choice(rng, FILL_COLORS)}

    def question(self, p):
        return (f"The shaded parts show how much of each {p['food']} was eaten. How many "
                f"{p['food']}s were eaten altogether? Give the answer as a decimal number.")

    def answer(self, p):
        return sum(k / n for n, k in p["models"])

    def diagram(self, p):
        return ArithmeticSpec(kind="fraction", fractions=[
            FractionModel(p["shape"], [p["color"]] * k + [""] * (n - k), cap)
            for (n, k), cap in zip(p["models"], ("A", "B"))])

    def check(self, p):
        return float(sum(Fraction(sum(1 for c in m.fills if c), len(m.fills))
                         for m in self.diagram(p).fractions))


__all__ = ["ClockReadTime", "ClockElapsed", "ClockArrival", "ClockHandAngle",
           "ClockGroupOrder", "NumberLinePoint", "NumberLineDistance", "ShapeEquations",
           "MissingNumber", "FractionColor", "FractionSum"]
