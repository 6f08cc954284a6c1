"""DynaMath "puzzle test" seeds, number puzzles: grids with a missing cell, magic squares, row
and triangle rules to infer, number pyramids, latin squares, operation chains, grid paths.

Why these: DynaMath's puzzle topic asks for the hidden entry of a pattern drawn in the picture;
here each variant re-draws the numbers (and for some seeds the rule itself), so the question
text stays the same while the answer changes with the image. Every answer is computed from the
params; ``check`` re-derives it another way (brute force over candidates, sympy, a backtracking
solver, path enumeration). The shape puzzles are in puzzle/shape_puzzles.py.

    python -m pytest -q tests/engines/dynamath/test_seeds_puzzle.py
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from renderers.puzzle.sample import (LOSHU, latin_puzzle, pyramid_from_bottom, random_ops,
                                     sign_outputs, symmetry)
from renderers.puzzle.spec import (ROW_FORMULAS, TRI_FORMULAS, PuzzleSpec, apply_op,
                                   count_grid_paths, op_text)
from renderers.spec import rng_choice

TOPIC = "puzzle test"


@lru_cache(maxsize=64)
def _sym(formula: str):
    import sympy

    return sympy.sympify(formula)


def _sym_eval(formula: str, **vals) -> float:
    import sympy

    return float(_sym(formula).subs({sympy.Symbol(k): v for k, v in vals.items()}))


# ----------------------------------------------------------------------------- grids


@register_seed
class RowSumGrid(SeedQuestion):
    seed_id = "puzzle-row-sum-grid"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value",)
    canonical = {"grid": [[4, 7, 11], [9, 3, 12], [6, 8, 14]], "missing": [2, 1]}

    def sample(self, rng):
        C = int(rng.integers(3, 5))
        grid = []
        for _ in range(3):
            row = [int(v) for v in rng.integers(1, 21, size=C - 1)]
            grid.append(row + [sum(row)])
        return {"grid": grid, "missing": [int(rng.integers(3)), int(rng.integers(C))]}

    def question(self, p):
        return ("In the grid, the last number of each row is the sum of the other numbers in "
                "that row. What number should replace the question mark?")

    def answer(self, p):
        r, c = p["missing"]
        return float(p["grid"][r][c])

    def check(self, p):
        r, c = p["missing"]
        row = p["grid"][r]
        others = [v for j, v in enumerate(row[:-1]) if j != c]
        return float(sum(others) if c == len(row) - 1 else row[-1] - sum(others))

    def diagram(self, p):
        return PuzzleSpec(kind="number_grid", rule="row_sum", grid=p["grid"],
                          missing=p["missing"])


@register_seed
class MagicSquare(SeedQuestion):
    seed_id = "puzzle-magic-square"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value", "geometric transformation")
    canonical = {"sym": 0, "a": 1, "b": 0, "missing": [1, 1]}

    def sample(self, rng):
        return {"sym": int(rng.integers(8)), "a": int(rng.integers(1, 4)),
                "b": int(rng.integers(0, 10)),
                "missing": [int(rng.integers(3)), int(rng.integers(3))]}

    def _grid(self, p):
        return (p["a"] * symmetry(np.array(LOSHU), p["sym"]) + p["b"]).tolist()

    def question(self, p):
        return ("In this magic square every row, every column and both diagonals have the same "
                "sum. What number replaces the question mark?")

    def answer(self, p):
        r, c = p["missing"]
        return float(self._grid(p)[r][c])

    def check(self, p):
        g, (r, c) = self._grid(p), p["missing"]
        lines = [[(i, j) for j in range(3)] for i in range(3)] + \
            [[(i, j) for i in range(3)] for j in range(3)] + \
            [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
        full = next(L for L in lines if (r, c) not in L)
        total = sum(g[i][j] for i, j in full)
        mine = next(L for L in lines if (r, c) in L)
        return float(total - sum(g[i][j] for i, j in mine if (i, j) != (r, c)))

    def diagram(self, p):
        return PuzzleSpec(kind="number_grid", rule="magic", grid=self._grid(p),
                          missing=p["missing"])


def _consistent(table: dict, rows: list, n_in: int) -> list[str]:
    return [k for k, fn in table.items() if all(fn(*row[:n_in]) == row[n_in] for row in rows)]


@register_seed
class RowRule(SeedQuestion):
    seed_id = "puzzle-row-rule"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "symbolic substitution")
    canonical = {"formula": "a*b+1", "rows": [[3, 4, 13], [5, 2, 11], [6, 3, 19]]}

    def sample(self, rng):
        while True:
            formula = rng_choice(rng, tuple(ROW_FORMULAS))
            fn = ROW_FORMULAS[formula]
            rows = []
            for _ in range(3):
                a, b = (int(v) for v in rng.integers(2, 10, size=2))
                if formula == "a-b" and a < b:
                    a, b = b, a
                rows.append([a, b, fn(a, b)])
            # the two complete rows must single out the rule among all candidate rules, and
            # the asked row must not repeat one of them
            fresh = rows[2][:2] not in (rows[0][:2], rows[1][:2])
            if fresh and _consistent(ROW_FORMULAS, rows[:2], 2) == [formula]:
                return {"formula": formula, "rows": rows}

    def question(self, p):
        return ("Each row of the grid uses the same rule to combine its first two numbers into "
                "the third. What number should replace the question mark?")

    def answer(self, p):
        a, b, _ = p["rows"][2]
        return float(ROW_FORMULAS[p["formula"]](a, b))

    def check(self, p):
        (r1, r2, (a, b, _)) = p["rows"]
        fits = {f for f in ROW_FORMULAS
                if all(_sym_eval(f, a=x, b=y) == z for x, y, z in (r1, r2))}
        vals = {_sym_eval(f, a=a, b=b) for f in fits}
        return vals.pop() if len(vals) == 1 else None

    def diagram(self, p):
        return PuzzleSpec(kind="number_grid", rule="row_formula", formula=p["formula"],
                          grid=p["rows"], missing=[2, 2])


@register_seed
class TriangleRule(SeedQuestion):
    seed_id = "puzzle-triangle-centre"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "symbolic substitution")
    canonical = {"formula": "a*b-c", "tris": [[3, 4, 2, 10], [5, 2, 6, 4], [4, 6, 5, 19]]}

    def sample(self, rng):
        while True:
            formula = rng_choice(rng, tuple(TRI_FORMULAS))
            fn = TRI_FORMULAS[formula]
            tris = []
            while len(tris) < 3:
                a, b, c = (int(v) for v in rng.integers(1, 10, size=3))
                if 0 <= fn(a, b, c) <= 200:
                    tris.append([a, b, c, fn(a, b, c)])
            if _consistent(TRI_FORMULAS, tris[:2], 3) == [formula]:
                return {"formula": formula, "tris": tris}

    def question(self, p):
        return ("In every triangle the number in the middle is made from the three corner "
                "numbers by the same rule. What number should replace the question mark?")

    def answer(self, p):
        a, b, c, _ = p["tris"][2]
        return float(TRI_FORMULAS[p["formula"]](a, b, c))

    def check(self, p):
        t1, t2, (a, b, c, _) = p["tris"]
        fits = {f for f in TRI_FORMULAS
                if all(_sym_eval(f, a=x, b=y, c=z) == d for x, y, z, d in (t1, t2))}
        vals = {_sym_eval(f, a=a, b=b, c=c) for f in fits}
        return vals.pop() if len(vals) == 1 else None

    def diagram(self, p):
        return PuzzleSpec(kind="triangles", rule="formula", formula=p["formula"],
                          grid=p["tris"], missing=[2, 3])


@register_seed
class LatinSquare(SeedQuestion):
    seed_id = "puzzle-latin-square"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        grid, miss, hidden = latin_puzzle(rng, int(rng.integers(6, 10)))
        return {"grid": grid, "missing": miss, "hidden": hidden}

    def question(self, p):
        return ("Complete the grid so that each of the numbers 1, 2, 3 and 4 appears exactly "
                "once in every row and every column. Which number belongs in the cell with the "
                "question mark?")

    def answer(self, p):
        r, c = p["missing"]
        return float(p["grid"][r][c])

    def check(self, p):
        """Backtracking over the blank cells; the "?" must take one value in every solution."""
        blank = [tuple(h) for h in p["hidden"]] + [tuple(p["missing"])]
        g = [[0 if (r, c) in blank else p["grid"][r][c] for c in range(4)] for r in range(4)]
        seen: set[int] = set()

        def solve(k: int) -> None:
            if k == len(blank):
                seen.add(g[p["missing"][0]][p["missing"][1]])
                return
            r, c = blank[k]
            for v in range(1, 5):
                if v not in g[r] and all(g[i][c] != v for i in range(4)):
                    g[r][c] = v
                    solve(k + 1)
                    g[r][c] = 0

        solve(0)
        return float(seen.pop()) if len(seen) == 1 else None

    def diagram(self, p):
        return PuzzleSpec(kind="number_grid", rule="latin", grid=p["grid"], missing=p["missing"],
                          hidden=p["hidden"])


# ----------------------------------------------------------------------------- pyramids


@register_seed
class PyramidTop(SeedQuestion):
    seed_id = "puzzle-pyramid-top"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value",)
    canonical = {"bottom": [3, 5, 2, 6], "j": 1, "parent": 1}

    def sample(self, rng):
        L = int(rng_choice(rng, (3, 4, 4)))
        j = int(rng.integers(L))
        parent = j - 1 if j == L - 1 or (j > 0 and rng.random() < 0.5) else j
        return {"bottom": [int(v) for v in rng.integers(1, 10, size=L)], "j": j,
                "parent": parent}

    def question(self, p):
        return ("In this number pyramid each block is the sum of the two blocks directly below "
                "it. What number belongs in the block with the question mark?")

    def answer(self, p):
        return float(pyramid_from_bottom(p["bottom"])[0][0])

    def check(self, p):
        L, j = len(p["bottom"]), p["j"]
        shown_parent = sum(p["bottom"][p["parent"]:p["parent"] + 2])
        tops = set()
        for x in range(0, 100):  # the hidden bottom block, found from the visible parent
            b = list(p["bottom"])
            b[j] = x
            if b[p["parent"]] + b[p["parent"] + 1] == shown_parent:
                tops.add(sum(b[i] * _binom(L - 1, i) for i in range(L)))
        return float(tops.pop()) if len(tops) == 1 else None

    def diagram(self, p):
        L = len(p["bottom"])
        hidden = [[r, i] for r in range(1, L - 1) for i in range(r + 1)
                  if [r, i] != [L - 2, p["parent"]]] + [[L - 1, p["j"]]]
        return PuzzleSpec(kind="pyramid", rule="sum", grid=pyramid_from_bottom(p["bottom"]),
                          missing=[0, 0], hidden=hidden)


def _binom(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@register_seed
class PyramidBase(SeedQuestion):
    seed_id = "puzzle-pyramid-base"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value",)
    canonical = {"bottom": [2, 4, 1, 3], "j": 2}

    def sample(self, rng):
        L = int(rng_choice(rng, (3, 4)))
        return {"bottom": [int(v) for v in rng.integers(1, 10, size=L)],
                "j": int(rng.integers(L))}

    def question(self, p):
        return ("In this number pyramid each block is the sum of the two blocks directly below "
                "it; only the top block and the bottom row are shown. What number belongs in "
                "the block with the question mark?")

    def answer(self, p):
        return float(p["bottom"][p["j"]])

    def check(self, p):
        top = pyramid_from_bottom(p["bottom"])[0][0]
        fits = []
        for x in range(0, 100):
            b = list(p["bottom"])
            b[p["j"]] = x
            if pyramid_from_bottom(b)[0][0] == top:
                fits.append(x)
        return float(fits[0]) if len(fits) == 1 else None

    def diagram(self, p):
        L = len(p["bottom"])
        hidden = [[r, i] for r in range(1, L - 1) for i in range(r + 1)]
        return PuzzleSpec(kind="pyramid", rule="sum", grid=pyramid_from_bottom(p["bottom"]),
                          missing=[L - 1, p["j"]], hidden=hidden)


# ----------------------------------------------------------------------------- chains


def _affine(ops: list[str]) -> tuple[Fraction, Fraction]:
    """The chain as one map x -> m x + c (exact fractions)."""
    m, c = Fraction(1), Fraction(0)
    for op in ops:
        k = Fraction(op[1:])
        m, c = {"+": (m, c + k), "-": (m, c - k), "*": (m * k, c * k),
                "/": (m / k, c / k)}[op[0]]
    return m, c


def _run(x: float, ops: list[str]) -> float:
    for op in ops:
        x = apply_op(x, op)
    return x


@register_seed
class ChainOutput(SeedQuestion):
    seed_id = "puzzle-chain-output"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value", "symbolic substitution")
    canonical = {"start": 7, "ops": ["*3", "-5", "/2"]}

    def sample(self, rng):
        start = int(rng.integers(2, 21))
        return {"start": start, "ops": random_ops(rng, start, int(rng.integers(2, 4)))}

    def question(self, p):
        return ("Start with the number in the first box and apply the operations in the circles "
                "in the order of the arrows. What number belongs in the box with the question "
                "mark?")

    def answer(self, p):
        return float(_run(p["start"], p["ops"]))

    def check(self, p):
        m, c = _affine(p["ops"])
        return float(m * p["start"] + c)

    def diagram(self, p):
        return PuzzleSpec(kind="chain", rule="ops", start=p["start"], ops=p["ops"],
                          missing=[len(p["ops"]) + 1])


@register_seed
class ChainInput(SeedQuestion):
    seed_id = "puzzle-chain-input"
    topic, level, answer_type = TOPIC, "high school", "float"
    kinds = ("numerical value", "symbolic substitution")
    canonical = {"start": 6, "ops": ["+4", "*3", "-2"]}

    def sample(self, rng):
        start = int(rng.integers(2, 21))
        return {"start": start, "ops": random_ops(rng, start, int(rng.integers(2, 4)))}

    def question(self, p):
        return ("A number machine applies the operations in the circles in the order of the "
                "arrows and outputs the number in the last box. Which number was put into the "
                "box with the question mark?")

    def answer(self, p):
        return float(p["start"])

    def check(self, p):
        x = _run(p["start"], p["ops"])
        inverse = {"+": "-", "-": "+", "*": "/", "/": "*"}
        for op in reversed(p["ops"]):  # undo the operations from the output backwards
            x = apply_op(x, inverse[op[0]] + op[1:])
        return float(x)

    def diagram(self, p):
        return PuzzleSpec(kind="chain", rule="ops", start=p["start"], ops=p["ops"], missing=[0])


@register_seed
class ChainMissingSign(SeedQuestion):
    seed_id = "puzzle-chain-missing-sign"
    topic, level, answer_type = TOPIC, "high school", "multiple choice"
    kinds = ("symbolic substitution", "numerical value")
    canonical = {"start": 5, "ops": ["*3", "+4"], "hide": 0}
    SIGNS = ("+", "\u2212", "\u00d7", "\u00f7")

    def sample(self, rng):
        while True:
            start = int(rng.integers(2, 21))
            ops = random_ops(rng, start, int(rng.integers(2, 4)))
            hide = int(rng.integers(len(ops)))
            # only the true sign may give the output shown
            if sign_outputs(start, ops, hide)[ops[hide][0]] == [ops[hide][0]]:
                return {"start": start, "ops": ops, "hide": hide}

    def question(self, p):
        return ("In the number machine the sign of one operation is hidden by a question mark "
                "(its number is shown). Applying the operations in the order of the arrows "
                "turns the first number into the last. Which sign is hidden?")

    def options(self, p):
        return list(self.SIGNS)

    def answer(self, p):
        return op_text(p["ops"][p["hide"]])[0]

    def check(self, p):
        out = _affine(p["ops"])
        target = out[0] * p["start"] + out[1]
        good = []
        for sign, shown in zip("+-*/", self.SIGNS):
            trial = list(p["ops"])
            trial[p["hide"]] = sign + trial[p["hide"]][1:]
            m, c = _affine(trial)
            if m * p["start"] + c == target:
                good.append(shown)
        return good[0] if len(good) == 1 else None

    def diagram(self, p):
        return PuzzleSpec(kind="chain", rule="ops", start=p["start"], ops=p["ops"],
                          missing=[p["hide"] + 1], hide_sign=True)


# ----------------------------------------------------------------------------- grid paths


@register_seed
class GridPaths(SeedQuestion):
    seed_id = "puzzle-grid-paths"
    topic, level, answer_type = TOPIC, "undergraduate", "float"
    kinds = ("numerical value", "graph structure")
    canonical = {"rows": 4, "cols": 4, "blocked": [[1, 1], [2, 3]]}

    def sample(self, rng):
        while True:
            R, C = int(rng.integers(4, 7)), int(rng.integers(4, 7))
            mask = rng.random((R, C)) < 0.2
            mask[0, 0] = mask[R - 1, C - 1] = False
            blocked = [[int(r), int(c)] for r, c in zip(*np.nonzero(mask))]
            p = {"rows": R, "cols": C, "blocked": blocked}
            if self.answer(p) > 0:
                return p

    def _colors(self, p):
        b = {tuple(x) for x in p["blocked"]}
        return [["black" if (r, c) in b else "white" for c in range(p["cols"])]
                for r in range(p["rows"])]

    def question(self, p):
        return ("Moving one cell at a time, only right or down, and never entering a black "
                "cell, how many different paths lead from S to E?")

    def answer(self, p):
        return float(count_grid_paths(self._colors(p), (0, 0), (p["rows"] - 1, p["cols"] - 1)))

    def check(self, p):
        R, C = p["rows"], p["cols"]
        b = {tuple(x) for x in p["blocked"]}

        def walk(r: int, c: int) -> int:  # plain enumeration of every path
            if r >= R or c >= C or (r, c) in b:
                return 0
            if (r, c) == (R - 1, C - 1):
                return 1
            return walk(r + 1, c) + walk(r, c + 1)

        return float(walk(0, 0))

    def diagram(self, p):
        return PuzzleSpec(kind="color_grid", rule="paths", colors=self._colors(p),
                          marks={"0,0": "S", f"{p['rows'] - 1},{p['cols'] - 1}": "E"})
