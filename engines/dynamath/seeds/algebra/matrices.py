"""DynaMath "algebra" seeds on matrices drawn as a grid of numbers: the determinant of a 3x3
matrix, an entry of its square, and the largest eigenvalue of a 2x2 matrix.

Why these: DynaMath's linear-algebra questions show a matrix as a picture (a grid of cells)
and ask for a derived number; our grids are heatmaps whose cells carry the integer entries,
with row and column numbers on the sides, so every entry the answer needs is written. Entries
are small integers and eigenvalues are built as integers (M = P D P^-1 with det P = +-1), so
every answer is exact. ``check`` reads the entries back from the drawn spec and uses sympy's
Matrix (det, power, eigenvals), not the closed forms of ``answer``.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra_more2.py
"""
from __future__ import annotations

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from engines.dynamath.seeds.algebra.curves import TOPIC, UNI, ch, sp
from renderers.heatmap.spec import HeatmapSpec

CMAPS = ("blues", "oranges", "greens")


def matrix_spec(m: list[list[int]], name: str, cmap: str) -> HeatmapSpec:
    """The matrix as a grid: rows and columns numbered from 1, entries written in the cells
    (a symmetric colour scale where entries may be negative, so 0 sits mid-scale)."""
    n = len(m)
    top = max(1, max(abs(v) for r in m for v in r))
    neg = any(v < 0 for r in m for v in r)
    return HeatmapSpec(title=f"Matrix {name}", rows=[str(i + 1) for i in range(n)],
                       cols=[str(j + 1) for j in range(len(m[0]))],
                       values=[[float(v) for v in r] for r in m], annotate=True, digits=0,
                       cmap="diverging" if neg else cmap,
                       vmin=float(-top) if neg else 0.0, vmax=float(top),
                       x_title="column", y_title="row")


def read_matrix(spec: HeatmapSpec):
    """The entries as drawn (sympy Matrix of integers)."""
    return sp().Matrix([[int(round(v)) for v in r] for r in spec.values])


_GRID = ("The grid shows the matrix {n}: the number in row i and column j is its entry "
         "{n}_ij.")


@register_seed
class MatrixDeterminant(SeedQuestion):
    seed_id = "algebra-matrix-determinant"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    visual_type = "matrix"  # a grid of entries, drawn by the heatmap family
    clauses = ("The trace of another 3x3 matrix B is {m}.",
               "Every entry of the matrix is an integer between -9 and 9.")
    canonical = {"m": [[2, 0, 1], [1, 3, -1], [0, 1, 4]], "name": "A", "cmap": "blues"}

    def sample(self, rng):
        while True:
            m = [[int(v) for v in rng.integers(-4, 6, size=3)] for _ in range(3)]
            if round(np.linalg.det(np.array(m, float))) != 0:
                return {"m": m, "name": ch(rng, ("A", "M", "B", "C")),
                        "cmap": ch(rng, CMAPS)}

    def question(self, p):
        return _GRID.format(n=p["name"]) + f" What is the determinant of {p['name']}?"

    def answer(self, p):
        (a, b, c), (d, e, f), (g, h, i) = p["m"]  # cofactor expansion along row 1
        return float(a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g))

    def check(self, p):
        return float(read_matrix(self.diagram(p)).det())

    def diagram(self, p):
        return matrix_spec(p["m"], p["name"], p["cmap"])


@register_seed
class MatrixSquareEntry(SeedQuestion):
    seed_id = "algebra-matrix-square-entry"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution", IRRELEVANT)
    visual_type = "matrix"  # a grid of entries, drawn by the heatmap family
    clauses = ("The determinant of another matrix B is {n}.",)
    canonical = {"m": [[1, 2, 0], [3, -1, 2], [0, 1, 1]], "name": "A", "ij": [2, 3],
                 "cmap": "greens"}

    def sample(self, rng):
        n = int(ch(rng, (2, 3, 3)))
        m = [[int(v) for v in rng.integers(-3, 5, size=n)] for _ in range(n)]
        return {"m": m, "name": ch(rng, ("A", "M", "B")),
                "ij": [int(rng.integers(1, n + 1)), int(rng.integers(1, n + 1))],
                "cmap": ch(rng, CMAPS)}

    def question(self, p):
        i, j = p["ij"]
        return (_GRID.format(n=p["name"]) + f" What is the entry in row {i} and column {j} of "
                f"the product {p['name']}\u00b7{p['name']} ({p['name']} squared)?")

    def answer(self, p):
        i, j = (k - 1 for k in p["ij"])
        m = p["m"]
        return float(sum(m[i][k] * m[k][j] for k in range(len(m))))

    def check(self, p):
        i, j = p["ij"]
        return float((read_matrix(self.diagram(p)) ** 2)[i - 1, j - 1])

    def diagram(self, p):
        return matrix_spec(p["m"], p["name"], p["cmap"])


# unimodular changes of basis: M = P diag(l1, l2) P^-1 has integer entries and eigenvalues
_P = ([[1, 1], [0, 1]], [[1, 0], [1, 1]], [[2, 1], [1, 1]], [[1, 2], [1, 3]], [[1, -1], [0, 1]],
      [[1, 0], [-1, 1]], [[3, 1], [2, 1]], [[1, 1], [1, 2]])


@register_seed
class MatrixEigenvalue(SeedQuestion):
    seed_id = "algebra-matrix-eigenvalue"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "symbolic substitution")
    visual_type = "matrix"  # a grid of entries, drawn by the heatmap family
    canonical = {"P": [[1, 1], [0, 1]], "ls": [4, 1], "name": "A", "cmap": "blues"}

    @staticmethod
    def _m(p):
        P = np.array(p["P"], float)
        M = P @ np.diag(p["ls"]) @ np.linalg.inv(P)
        return [[int(round(v)) for v in r] for r in M]

    def sample(self, rng):
        while True:
            l1, l2 = (int(v) for v in rng.choice(np.arange(-4, 7), 2, replace=False))
            p = {"P": [list(r) for r in _P[int(rng.integers(len(_P)))]], "ls": [l1, l2],
                 "name": ch(rng, ("A", "M", "B")), "cmap": ch(rng, CMAPS)}
            if max(abs(v) for r in self._m(p) for v in r) <= 12:
                return p

    def question(self, p):
        return _GRID.format(n=p["name"]) + f" What is the largest eigenvalue of {p['name']}?"

    def answer(self, p):
        return float(max(p["ls"]))

    def check(self, p):
        return float(max(read_matrix(self.diagram(p)).eigenvals()))

    def diagram(self, p):
        return matrix_spec(self._m(p), p["name"], p["cmap"])
