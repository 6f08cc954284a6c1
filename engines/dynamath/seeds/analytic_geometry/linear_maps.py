"""DynaMath "analytic geometry" seeds on 2-D linear maps drawn on a grid: the image of the
unit square under T(v) = Mv (its determinant, which matrix M is), and which drawn vector is an
eigenvector of a given matrix.

Why these: DynaMath has matrices and linear-algebra figures (undergraduate); a linear map is
read off the picture through the images of the basis vectors, which the figure labels with
their coordinates. Entries are small integers, so every answer is exact. ``check`` reads the
vertices back from the drawn spec and uses sympy's Matrix (det, solve, M v parallel to v).

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_geometry_new.py
"""
from __future__ import annotations

import numpy as np

from engines.dynamath.seed import SeedQuestion, ShuffledCandidates, register_seed
from engines.dynamath.seeds.analytic_geometry.grid import COLORS, TOPIC, UNI, fpts, sp
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject
from renderers.spec import rng_choice


def mat_text(m) -> str:
    (a, b), (c, d) = m
    return f"[[{a}, {b}], [{c}, {d}]]"


def _matrix(rng) -> list[list[int]]:
    """Integer entries, nonzero determinant, the image of the unit square inside -6..6."""
    while True:
        m = [[int(v) for v in rng.integers(-3, 4, size=2)] for _ in range(2)]
        (a, b), (c, d) = m
        corners = [(a, c), (b, d), (a + b, c + d)]
        if a * d - b * c != 0 and max(abs(v) for q in corners for v in q) <= 6 and \
                min(abs(a) + abs(c), abs(b) + abs(d)) >= 1 and len({*corners, (0, 0)}) == 4:
            return m


def _square_image(p) -> AnalyticSpec:
    (a, b), (c, d) = p["m"]
    pts = [[0, 0], [a, c], [a + b, c + d], [b, d]]
    return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
        GeoObject("quadrilateral", "", fpts(pts), ["", "A", "B", "C"], color=p["color"],
                  show_coords=True)])


_STEM = ("The linear map T(v) = Mv sends the unit square with corners (0, 0), (1, 0), (1, 1), "
         "(0, 1) onto the parallelogram OABC drawn, with A = T(1, 0) and C = T(0, 1).")


def _read_m(spec: AnalyticSpec):
    """M read back from the drawn vertices A and C (its columns)."""
    s = sp()
    pts = spec.objects[0].pts
    return s.Matrix([[pts[1][0], pts[3][0]], [pts[1][1], pts[3][1]]]).applyfunc(s.nsimplify)


@register_seed
class LinearMapDeterminant(SeedQuestion):
    seed_id = "analytic-linmap-determinant"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation")

    def sample(self, rng):
        return {"m": _matrix(rng), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return _STEM + " What is the determinant of M?"

    def answer(self, p):
        (a, b), (c, d) = p["m"]
        return float(a * d - b * c)

    def check(self, p):
        return float(_read_m(self.diagram(p)).det())

    def diagram(self, p):
        return _square_image(p)


@register_seed
class LinearMapWhichMatrix(ShuffledCandidates):
    seed_id = "analytic-linmap-which-matrix"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", "symbolic substitution")

    @staticmethod
    def _mats(m):
        (a, b), (c, d) = m
        return [m, [[a, c], [b, d]], [[b, a], [d, c]], [[-a, -b], [-c, -d]], [[c, d], [a, b]]]

    def sample(self, rng):
        while True:
            m = _matrix(rng)
            texts = [mat_text(x) for x in self._mats(m)]
            if len(set(texts)) >= 4:
                keep = [0] + [i for i in range(1, 5) if texts[i] not in texts[:i]][:3]
                order = [keep[i] for i in rng.permutation(len(keep))]
                return {"m": m, "order": [int(i) for i in order],
                        "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return _STEM + " Which matrix is M (written row by row)?"

    def candidates(self, p):  # p["order"] picks the 4 distinct ones
        return [mat_text(x) for x in self._mats(p["m"])]

    def check(self, p):
        m = _read_m(self.diagram(p))
        return mat_text([[int(m[0, 0]), int(m[0, 1])], [int(m[1, 0]), int(m[1, 1])]])

    def diagram(self, p):
        return _square_image(p)


@register_seed
class Eigenvector(SeedQuestion):
    seed_id = "analytic-eigenvector"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "symbolic substitution")
    NAMES = ("u", "v", "w")
    NONE = "none of them"

    @staticmethod
    def _is_eigen(m, v) -> bool:
        mv = np.array(m) @ np.array(v)
        return int(mv[0] * v[1] - mv[1] * v[0]) == 0

    def sample(self, rng):
        while True:
            e = [int(v) for v in rng.integers(-3, 4, size=2)]
            lam = int(rng_choice(rng, (-2, -1, 2, 3)))
            if e == [0, 0] or np.gcd(*e) != 1:
                continue
            # M = lam I + f n^T with n perpendicular to e, so that M e = lam e
            n = [-e[1], e[0]]
            f = [int(v) for v in rng.integers(-2, 3, size=2)]
            m = [[lam + f[0] * n[0], f[0] * n[1]], [f[1] * n[0], lam + f[1] * n[1]]]
            if max(abs(v) for r in m for v in r) > 6:
                continue
            others = [[int(v) for v in rng.integers(-4, 5, size=2)] for _ in range(2)]
            vecs = [e] + others
            ok = all(v != [0, 0] for v in vecs) and not any(self._is_eigen(m, v) for v in others)
            par = any(a[0] * b[1] - a[1] * b[0] == 0 for i, a in enumerate(vecs)
                      for b in vecs[i + 1:])
            ends = [tuple(v) for v in vecs]
            if ok and not par and len(set(ends)) == 3 and all(0 not in v for v in vecs):
                perm = [int(i) for i in rng.permutation(3)]
                return {"m": m, "vecs": [vecs[i] for i in perm], "eig": perm.index(0),
                        "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"The vectors u, v and w are drawn from the origin. Which of them is an "
                f"eigenvector of the matrix M = {mat_text(p['m'])} (written row by row)?")

    def options(self, p):
        return [*self.NAMES, self.NONE]

    def answer(self, p):
        hits = [n for n, v in zip(self.NAMES, p["vecs"]) if self._is_eigen(p["m"], v)]
        return hits[0] if len(hits) == 1 else self.NONE

    def check(self, p):
        s = sp()
        M = s.Matrix(p["m"])
        hits = []
        for o in self.diagram(p).objects:
            v = s.Matrix([int(o.pts[1][0]), int(o.pts[1][1])])
            if (M * v).T * s.Matrix([[0, -1], [1, 0]]) * v == s.Matrix([[0]]):
                hits.append(o.pt_names[1])
        return hits[0] if len(hits) == 1 else self.NONE

    def diagram(self, p):
        return AnalyticSpec(xmin=-5, xmax=5, ymin=-5, ymax=5, objects=[
            GeoObject("segment", "", fpts([[0, 0], v]), ["", n], color=p["color"],
                      show_coords=True) for n, v in zip(self.NAMES, p["vecs"])])
