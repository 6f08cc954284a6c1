"""DynaMath "plane geometry" multiple-choice seeds on whole figures: which numbered triangle
is the image of T under a rotation or a reflection, which kind of isometry maps a triangle
onto its drawn image, how many diagonals a drawn regular polygon has.

The answer is read from the sampled parameters; each ``check`` works from the drawn sketch
(applies the asked map to T's drawn vertices and finds the matching triangle; fits the affine
map of the three vertex pairs and classifies it by its determinant and its square; counts the
vertex pairs no drawn side joins).

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_pg.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import SeedQuestion, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC
from engines.dynamath.seeds.plane_geometry.sketching import polar, sk_points, turn
from renderers.sketch.spec import SketchSpec, SkSegment, points_of
from renderers.spec import rng_choice
from renderers.text import half_up

COLORS = ("blue", "green", "purple", "orange")
HS, UNI = "high school", "undergraduate"


def _scalene(rng) -> list[tuple[float, float]]:
    """A clearly scalene, clearly non-symmetric triangle about its centroid."""
    while True:
        a, b = float(rng.uniform(2.0, 2.6)), float(rng.uniform(0.9, 1.6))
        x = float(rng.uniform(0.1, 0.6)) * a
        v = [(0.0, 0.0), (a, 0.0), (x, b)]
        s = sorted(math.dist(v[i], v[j]) for i, j in ((0, 1), (1, 2), (0, 2)))
        if s[1] - s[0] > 0.35 and s[2] - s[1] > 0.35:
            cx, cy = sum(q[0] for q in v) / 3, sum(q[1] for q in v) / 3
            return [(round(q[0] - cx, 4), round(q[1] - cy, 4)) for q in v]


def _reflect(q, phi: float):
    """q reflected in the line through the origin at angle phi (degrees)."""
    t = math.radians(2 * phi)
    return (q[0] * math.cos(t) + q[1] * math.sin(t), q[0] * math.sin(t) - q[1] * math.cos(t))


# ----------------------------------------------------------------------------- images

MAPS = ("a rotation of 90° counterclockwise about O", "a rotation of 90° clockwise about O",
        "a rotation of 180° about O", "the reflection in line ℓ")


@register_seed
class ImageUnderMap(SeedQuestion):
    seed_id = "plane-image-under-map"
    topic, level, answer_type = TOPIC, HS, "multiple choice"
    kinds = ("geometric transformation", "irrelevant clause")
    clauses = ("Triangle T is one of {m} tiles in a floor pattern.",
               "Triangle T is on a worksheet with {n} other exercises.")

    def sample(self, rng):
        return {"tri": [list(q) for q in _scalene(rng)], "spin": float(rng.integers(0, 360)),
                "theta": float(rng.integers(0, 360)), "ask": int(rng.integers(4)),
                "slots": [int(i) for i in rng.permutation(4)],
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"Which numbered triangle is the image of triangle T under {MAPS[p['ask']]}?")

    def options(self, p):
        return ["1", "2", "3", "4"]

    def answer(self, p):
        return str(p["slots"].index(p["ask"]) + 1)

    def _line(self, p) -> float:
        return p["theta"] + 67.5  # its reflection of T sits between two rotation images

    def diagram(self, p):
        c = polar(5.0, p["theta"])
        T = [turn((1.3 * q[0], 1.3 * q[1]), p["spin"]) for q in p["tri"]]
        T = [(c[0] + q[0], c[1] + q[1]) for q in T]
        phi = self._line(p)
        images = [[turn(q, 90) for q in T], [turn(q, -90) for q in T],
                  [turn(q, 180) for q in T], [_reflect(q, phi) for q in T]]
        V = {"O": (0.0, 0.0), "L0": polar(-8.0, phi), "ℓ": polar(8.0, phi)}
        hidden, fills = ["L0"], []
        segs = [SkSegment("L0", "ℓ", dash=True)]
        for name, tri in [("T", T)] + [(str(k + 1), images[m]) for k, m in
                                       enumerate(p["slots"])]:
            vs = [f"{name}{i}" for i in range(3)]
            V.update(zip(vs, tri))
            V[name] = (sum(q[0] for q in tri) / 3, sum(q[1] for q in tri) / 3)
            hidden += vs
            if name == "T":
                fills.append(vs)
            segs += [SkSegment(vs[0], vs[1]), SkSegment(vs[1], vs[2]), SkSegment(vs[2], vs[0])]
        return SketchSpec(points=sk_points(V, 0.0, hidden=tuple(hidden),
                                           nodot=tuple(["ℓ", "T", "1", "2", "3", "4"])),
                          segments=segs, fills=fills, color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        O = P["O"]
        T = [P[f"T{i}"] for i in range(3)]
        lx, ly = P["ℓ"][0] - O[0], P["ℓ"][1] - O[1]
        phi = math.degrees(math.atan2(ly, lx))
        f = [lambda q: turn(q, 90, O), lambda q: turn(q, -90, O), lambda q: turn(q, 180, O),
             lambda q: _reflect(q, phi)][p["ask"]]
        want = sorted((round(x, 5), round(y, 5)) for x, y in map(f, T))
        hits = [k for k in "1234"
                if sorted((round(P[f"{k}{i}"][0], 5), round(P[f"{k}{i}"][1], 5))
                          for i in range(3)) == want]
        return hits[0] if len(hits) == 1 else None


# ----------------------------------------------------------------------------- isometry type

ISOMETRIES = ("a translation", "a rotation", "a reflection", "a glide reflection")


@register_seed
class IsometryType(ShuffledCandidates):
    seed_id = "plane-isometry-type"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("geometric transformation", "symbolic substitution")

    def sample(self, rng):
        kind = int(rng.integers(4))
        return {"kind": kind, "tri": [list(q) for q in _scalene(rng)],
                "phi": float(rng.integers(0, 180)),
                "dist": half_up(float(rng.uniform(2.6, 3.4)), 3),
                "len": half_up(float(rng.uniform(5.0, 7.0)), 3),
                "alpha": int(rng.integers(80, 181)) * (1 if rng.random() < 0.5 else -1),
                "glide": half_up(float(rng.uniform(1.5, 2.3)), 3), "order": draw_order(rng),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("Triangle A'B'C' is the image of triangle ABC under one isometry that sends A, "
                "B, C to A', B', C'. Which kind of isometry is it?")

    def candidates(self, p):
        k = p["kind"]
        return [ISOMETRIES[k]] + [c for i, c in enumerate(ISOMETRIES) if i != k]

    def _map(self, p, q):
        k, phi = p["kind"], p["phi"]
        if k == 0:
            v = polar(p["len"], phi)
            return (q[0] + v[0], q[1] + v[1])
        if k == 1:  # about a centre dist away: the image lands 2 dist sin(alpha / 2) away
            return turn(q, p["alpha"], polar(p["dist"] + 0.6, phi))
        n = polar(p["dist"] if k == 2 else p["glide"], phi + 90)  # the mirror's offset
        r = _reflect((q[0] - n[0], q[1] - n[1]), phi)
        g = polar(p["len"] * (k == 3) * 0.8, phi)
        return (r[0] + n[0] + g[0], r[1] + n[1] + g[1])

    def diagram(self, p):
        V = dict(zip("ABC", [tuple(q) for q in p["tri"]]))
        for n in "ABC":
            V[n + "'"] = self._map(p, V[n])
        segs = [SkSegment(a, b) for a, b in (("A", "B"), ("B", "C"), ("C", "A"),
                                             ("A'", "B'"), ("B'", "C'"), ("C'", "A'"))]
        return SketchSpec(points=sk_points(V), segments=segs, fills=[["A", "B", "C"]],
                          color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        X = np.array([[*P[n], 1.0] for n in "ABC"])
        Y = np.array([P[n + "'"] for n in "ABC"])
        M = np.linalg.solve(X, Y)  # rows: the linear part (transposed), then the shift
        L, t = M[:2].T, M[2]
        if np.linalg.det(L) > 0:
            return ISOMETRIES[0] if np.allclose(L, np.eye(2), atol=1e-6) else ISOMETRIES[1]
        return ISOMETRIES[2] if np.allclose(L @ t + t, 0, atol=1e-6) else ISOMETRIES[3]


# ----------------------------------------------------------------------------- diagonals


@register_seed
class DiagonalCount(ShuffledCandidates):
    seed_id = "plane-diagonal-count"
    topic, level, answer_type = TOPIC, HS, "multiple choice"
    kinds = ("geometric transformation", "numerical value", "irrelevant clause")
    clauses = ("Each side of the polygon is {n} cm long.",
               "The polygon is one of {m} floor tiles in a hall.")

    def sample(self, rng):
        n = int(rng.integers(5, 13))
        d = n * (n - 3) // 2
        pool = [n * (n - 1) // 2, n * (n - 3), (n - 3), d + n, (n - 2) * (n - 3) // 2,
                n * (n - 2) // 2]
        wrong = []
        for w in (pool[int(i)] for i in rng.permutation(len(pool))):
            if w != d and w not in wrong and w > 0:
                wrong.append(w)
        return {"n": n, "wrong": wrong[:3], "rot": float(rng.integers(0, 360)),
                "order": draw_order(rng), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "How many diagonals does the regular polygon have?"

    def candidates(self, p):
        n = p["n"]
        return [str(n * (n - 3) // 2)] + [str(w) for w in p["wrong"]]

    def diagram(self, p):
        n = p["n"]
        V = {f"V{i}": polar(4.0, 90 + 360 * i / n) for i in range(n)}
        segs = [SkSegment(f"V{i}", f"V{(i + 1) % n}") for i in range(n)]
        pts = sk_points(V, p["rot"])
        for q in pts:
            q.show_name = False
        return SketchSpec(points=pts, segments=segs, fills=[list(V)], color=p["color"])

    def check(self, p):
        spec = self.diagram(p)
        names = [q.name for q in spec.points]
        sides = {frozenset((s.a, s.b)) for s in spec.segments}
        return str(sum(1 for i, a in enumerate(names) for b in names[i + 1:]
                       if frozenset((a, b)) not in sides))
