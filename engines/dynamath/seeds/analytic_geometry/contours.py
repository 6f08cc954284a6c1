"""DynaMath "analytic geometry" seeds on contour plots of f(x, y): which marked point is
highest, the value of f at a point on a drawn level curve, and the direction in which f grows
fastest at a point.

Why these: DynaMath reads contour plots (a multivariable-calculus figure, undergraduate); a
contour plot states f only through its labelled level curves, so the answer needs the picture.
Points sit in different bands between labelled levels (no two in one band), so "highest" is
decided by the labels alone, never by a tie; level-value points lie exactly on a drawn circle.
``check`` re-evaluates f by its own formula (numpy, or a finite-difference gradient).

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_geometry_new.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.analytic_geometry.grid import COLORS, TOPIC, UNI
from renderers.contour.spec import Bump, ContourSpec, Marked
from renderers.spec import rng_choice


def _f(p, x, y) -> float:
    """f written out again from the parameters (the checks do not use the renderer's value)."""
    a, c, h, k = p.get("bowl", [0, 0, 0, 0])
    s = a * (x - h) ** 2 + c * (y - k) ** 2
    for bx, by, bh, bw in p.get("bumps", []):
        s += bh * np.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * bw * bw))
    return float(s)


def _spec(p, points) -> ContourSpec:
    return ContourSpec(bumps=[Bump(*map(float, b)) for b in p.get("bumps", [])],
                       bowl=[float(v) for v in p.get("bowl", [0, 0, 0, 0])],
                       levels=[float(v) for v in p["levels"]],
                       points=[Marked(n, float(x), float(y)) for n, (x, y) in points],
                       color=p.get("color", "blue"))


@register_seed
class ContourHighest(SeedQuestion):
    seed_id = "analytic-contour-highest"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "function type")
    NAMES = "ABCD"

    def sample(self, rng):
        while True:
            bumps = [[int(rng.integers(-3, 4)), int(rng.integers(-3, 4)),
                      int(rng_choice(rng, (-1, 1))) * int(rng.integers(4, 9)),
                      float(rng_choice(rng, (1.5, 2.0)))] for _ in range(2)]
            if math.dist(bumps[0][:2], bumps[1][:2]) < 3:
                continue
            step = 2 if max(abs(b[2]) for b in bumps) <= 6 else 3
            lo = min(0, min(b[2] for b in bumps)) // step * step
            levels = [float(v) for v in range(int(lo), 10, step)
                      if v != 0 and lo < v < max(0, max(b[2] for b in bumps))]
            p = {"bumps": bumps, "levels": levels, "color": rng_choice(rng, COLORS)}
            pts = [[int(rng.integers(-4, 5)), int(rng.integers(-4, 5))] for _ in range(4)]
            if len(levels) < 3 or any(math.dist(a, b) < 2.5 for i, a in enumerate(pts)
                                      for b in pts[i + 1:]):
                continue
            bands = [sum(_f(p, *q) > lv for lv in levels) for q in pts]
            # each point in its own band between drawn levels, a margin from every level
            margin = min(abs(_f(p, *q) - lv) for q in pts for lv in levels)
            if len(set(bands)) == 4 and margin > 0.3:
                return {**p, "pts": pts}

    def question(self, p):
        return ("The contour plot shows level curves of a function f(x, y), each labelled "
                "with its value. At which of the marked points is f largest?")

    def options(self, p):
        return list(self.NAMES)

    def answer(self, p):
        vals = [_f(p, *q) for q in p["pts"]]
        return self.NAMES[int(np.argmax(vals))]

    def check(self, p):
        s = _spec(p, zip(self.NAMES, p["pts"]))
        from renderers.contour.spec import spec_facts
        return spec_facts(s)["highest"]

    def diagram(self, p):
        return _spec(p, zip(self.NAMES, p["pts"]))


# lattice vectors (dx, dy) of each squared length: a point exactly on the circle of that level;
# radii 1.4, 2.2, 3.2, 4.1 keep the circles and their labels apart
_ON = {2: (1, 1), 5: (1, 2), 10: (1, 3), 17: (1, 4)}


@register_seed
class ContourLevelValue(SeedQuestion):
    seed_id = "analytic-contour-level-value"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution")

    def sample(self, rng):
        a = int(rng_choice(rng, (1, 2, 3)))
        sign = int(rng_choice(rng, (1, -1)))
        c = [int(rng.integers(-1, 2)), int(rng.integers(-1, 2))]
        r2 = int(rng_choice(rng, tuple(_ON)))
        dx, dy = _ON[r2]
        dx, dy = (dy, dx) if rng.random() < 0.5 else (dx, dy)
        d = [dx * int(rng_choice(rng, (-1, 1))), dy * int(rng_choice(rng, (-1, 1)))]
        return {"bowl": [sign * a, sign * a, c[0], c[1]], "c": c, "d": d,
                "color": rng_choice(rng, COLORS),
                "levels": [sign * a * v for v in sorted(_ON)]}

    def question(self, p):
        return ("The level curves of f(x, y) are drawn and labelled with their values. Point P "
                "lies on one of them. What is the value of f at P?")

    def answer(self, p):
        return float(p["bowl"][0] * (p["d"][0] ** 2 + p["d"][1] ** 2))

    def check(self, p):
        P = np.add(p["c"], p["d"])
        return _f(p, *P)

    def diagram(self, p):
        P = np.add(p["c"], p["d"]).tolist()
        return _spec(p, [("P", P)])


DIRS = {(0, 1): "up (+y)", (0, -1): "down (-y)", (1, 0): "right (+x)", (-1, 0): "left (-x)"}


@register_seed
class ContourGradient(SeedQuestion):
    seed_id = "analytic-contour-gradient"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation")

    def sample(self, rng):
        while True:
            bx, by = int(rng.integers(-2, 3)), int(rng.integers(-2, 3))
            h = int(rng_choice(rng, (-1, 1))) * int(rng.integers(5, 10))
            u = list(rng_choice(rng, tuple(DIRS)))
            dist = int(rng.integers(1, 3))
            P = [bx + u[0] * dist, by + u[1] * dist]
            if max(map(abs, P)) <= 4 and 0 not in P:
                top = abs(h)
                levels = [float(np.sign(h) * v) for v in np.arange(1, top, 2 if top <= 7 else 3)]
                return {"bumps": [[bx, by, h, 1.8]], "levels": levels, "P": P,
                        "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The level curves of f(x, y) are drawn and labelled with their values. In which "
                "direction does f increase fastest at the point P?")

    def options(self, p):
        return list(DIRS.values())

    def answer(self, p):
        bx, by, h, _ = p["bumps"][0]
        away = (int(np.sign(p["P"][0] - bx)), int(np.sign(p["P"][1] - by)))
        return DIRS[away if h < 0 else (-away[0], -away[1])]

    def check(self, p):
        x, y, e = p["P"][0], p["P"][1], 1e-4
        g = [(_f(p, x + e, y) - _f(p, x - e, y)) / (2 * e),
             (_f(p, x, y + e) - _f(p, x, y - e)) / (2 * e)]
        best = max(DIRS, key=lambda d: d[0] * g[0] + d[1] * g[1])
        return DIRS[best]

    def diagram(self, p):
        return _spec(p, [("P", p["P"])])
