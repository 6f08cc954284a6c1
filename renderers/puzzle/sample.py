"""Random puzzles for the "puzzle" family.

Why: every sampled puzzle must be solvable from what is drawn: a latin square or a pyramid
hides cells only while the "?" stays determined, a row formula's complete rows are consistent,
an operation chain stays in small positive integers, a grid-path puzzle has at least one path.
All randomness comes from the Generator passed in.

    python -c "import numpy as np; from renderers.puzzle.sample import sample_spec; \
print(sample_spec(np.random.default_rng(0), kind='chain'))"
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
import itertools

import numpy as np

from renderers.puzzle.spec import (COLORS, KINDS, MATRIX_RULES, ROW_FORMULAS, RULES, TRI_FORMULAS,
                                   Figure, PuzzleSpec, apply_op, count_grid_paths)
from renderers.spec import rng_choice

_KIND_P = (0.16, 0.1, 0.1, 0.16, 0.12, 0.1, 0.14, 0.12)
LOSHU = ((2, 7, 6), (9, 5, 1), (4, 3, 8))
PLAIN_SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star")
CHIRAL = ("lshape", "fshape")
LETTERS = "ABCDEFGH"


def _ints(rng: np.random.Generator, lo: int, hi: int, n: int) -> list[int]:
    return [int(v) for v in rng.integers(lo, hi + 1, size=n)]


def symmetry(g: np.ndarray, k: int) -> np.ndarray:
    """One of the 8 symmetries of a square array (k = 0..7: 4 rotations, then mirrored)."""
    g = np.rot90(g, k % 4)
    return g[:, ::-1] if k >= 4 else g


def magic_square(rng: np.random.Generator) -> list[list[int]]:
    """A 3x3 magic square: the Lo Shu square under a random symmetry, times a plus b."""
    g = symmetry(np.array(LOSHU), int(rng.integers(8)))
    a, b = int(rng.integers(1, 4)), int(rng.integers(0, 11))
    return (a * g + b).tolist()


@lru_cache(maxsize=1)
def latin_squares_4() -> np.ndarray:
    """All 576 latin squares of order 4 over 1..4, as a (576, 16) array."""
    perms = list(itertools.permutations(range(1, 5)))
    out: list[list[int]] = []

    def extend(rows: list) -> None:
        if len(rows) == 4:
            out.append([v for r in rows for v in r])
            return
        for p in perms:
            if all(p[c] != r[c] for r in rows for c in range(4)):
                extend(rows + [p])

    extend([])
    return np.array(out)


def latin_puzzle(rng: np.random.Generator, n_hidden: int) -> tuple[list[list[int]], list[int],
                                                                    list[list[int]]]:
    """A 4x4 latin square, the "?" cell and up to ``n_hidden`` blank cells such that the
    shown cells still force the value under the "?"."""
    sq = latin_squares_4()
    sol = sq[int(rng.integers(len(sq)))]
    miss = int(rng.integers(16))
    shown = np.ones(16, dtype=bool)
    shown[miss] = False
    hidden: list[int] = []
    for cell in rng.permutation(16).tolist():
        if len(hidden) >= n_hidden or cell == miss:
            continue
        shown[cell] = False
        fits = sq[(sq[:, shown] == sol[shown]).all(axis=1)]
        if len(set(fits[:, miss].tolist())) == 1:
            hidden.append(cell)
        else:
            shown[cell] = True
    grid = sol.reshape(4, 4).tolist()
    return grid, [miss // 4, miss % 4], sorted([[c // 4, c % 4] for c in hidden])


# ----------------------------------------------------------------------------- per kind


def _number_grid(rng: np.random.Generator, rule: str) -> PuzzleSpec:
    formula, hidden, title = "", [], ""
    if rule in ("row_sum", "col_sum"):
        R, C = int(rng.integers(3, 5)), int(rng.integers(3, 5))
        a, b = (R, C - 1) if rule == "row_sum" else (R - 1, C)
        g = np.array(_ints(rng, 1, 20, a * b)).reshape(a, b)
        g = np.hstack([g, g.sum(1, keepdims=True)]) if rule == "row_sum" else \
            np.vstack([g, g.sum(0, keepdims=True)])
        grid = g.tolist()
        miss = [int(rng.integers(R)), int(rng.integers(C))]
        title = "Last column = row sum" if rule == "row_sum" else "Bottom row = column sum"
    elif rule == "row_formula":
        formula = rng_choice(rng, tuple(ROW_FORMULAS))
        fn = ROW_FORMULAS[formula]
        grid = []
        while len(grid) < 3:
            a, b = _ints(rng, 2, 9, 2)
            c = fn(a, b)
            if c >= 0:
                grid.append([a, b, c])
        miss = [2, 2]
    elif rule == "magic":
        grid = magic_square(rng)
        miss = [int(rng.integers(3)), int(rng.integers(3))]
        title = "Magic square"
    elif rule == "arithmetic_rows":
        R, C = int(rng.integers(3, 5)), int(rng.integers(4, 6))
        grid = []
        for _ in range(R):
            s, d = int(rng.integers(1, 21)), int(rng_choice(rng, (-3, -2, 2, 3, 4, 5, 6, 7)))
            if s + d * (C - 1) < 0:
                d = -d
            grid.append([s + d * j for j in range(C)])
        miss = [int(rng.integers(R)), int(rng.integers(C))]
    else:  # latin
        grid, miss, hidden = latin_puzzle(rng, int(rng.integers(5, 10)))
        title = "Each row and column: 1 to 4"
    return PuzzleSpec(kind="number_grid", rule=rule, formula=formula, grid=grid, missing=miss,
                      hidden=hidden, title=title if rng.random() < 0.5 else "")


def pyramid_from_bottom(bottom: list[int]) -> list[list[int]]:
    rows = [list(bottom)]
    while len(rows[0]) > 1:
        b = rows[0]
        rows.insert(0, [b[i] + b[i + 1] for i in range(len(b) - 1)])
    return rows


def _pyramid(rng: np.random.Generator, rule: str) -> PuzzleSpec:
    L = int(rng_choice(rng, (3, 4, 4, 5)))
    rows = pyramid_from_bottom(_ints(rng, 1, 9 if L < 5 else 6, L))
    hidden: list[list[int]] = []
    if rng.random() < 0.6:  # ask an upper block; the bottom row shows everything needed
        r = int(rng.integers(0, L - 1))
        miss = [r, int(rng.integers(r + 1))]
        keep: set = set()
    else:  # ask a bottom block; one block above it and its other child stay visible
        j = int(rng.integers(L))
        parent = [L - 2, j - 1 if j == L - 1 or (j > 0 and rng.random() < 0.5) else j]
        miss = [L - 1, j]
        keep = {tuple(parent)}
    for r in range(L - 1):
        for i in range(r + 1):
            if [r, i] != miss and (r, i) not in keep and rng.random() < 0.5:
                hidden.append([r, i])
    return PuzzleSpec(kind="pyramid", rule="sum", grid=rows, missing=miss, hidden=hidden,
                      title="Each block = sum of the two below" if rng.random() < 0.4 else "")


def _triangles(rng: np.random.Generator, rule: str) -> PuzzleSpec:
    formula = rng_choice(rng, tuple(TRI_FORMULAS))
    fn = TRI_FORMULAS[formula]
    tris = []
    while len(tris) < 3:
        a, b, c = _ints(rng, 1, 9, 3)
        d = fn(a, b, c)
        if 0 <= d <= 200:
            tris.append([a, b, c, d])
    return PuzzleSpec(kind="triangles", rule="formula", formula=formula, grid=tris,
                      missing=[2, 3])


def _sequence(rng: np.random.Generator, rule: str) -> PuzzleSpec:
    shape = rng_choice(rng, PLAIN_SHAPES)
    color = rng_choice(rng, COLORS)
    if rule == "count":
        n = int(rng.integers(4, 6))
        step = int(rng.integers(1, 3))
        s0 = int(rng.integers(1, 10 - step * (n - 1) + 1))
        figs = [Figure(shape, color, s0 + step * i) for i in range(n)]
    elif rule == "color":
        n, p = int(rng.integers(5, 7)), int(rng.integers(2, 4))
        cyc = [COLORS[i] for i in rng.choice(len(COLORS), size=p, replace=False)]
        cnt = int(rng.integers(1, 4))
        figs = [Figure(shape, cyc[i % p], cnt) for i in range(n)]
    elif rule == "rotation":
        n = int(rng.integers(4, 6))
        shape = rng_choice(rng, ("arrow", "arrow", "lshape", "fshape", "triangle"))
        step = int(rng_choice(rng, (45, 90, -45, -90) if shape != "triangle" else (30, -30)))
        r0 = int(rng.integers(8)) * 45
        figs = [Figure(shape, color, 1, float((r0 + step * i) % 360)) for i in range(n)]
    else:  # shape
        n, p = int(rng.integers(5, 7)), int(rng.integers(2, 4))
        cyc = [PLAIN_SHAPES[i] for i in rng.choice(len(PLAIN_SHAPES), size=p, replace=False)]
        figs = [Figure(cyc[i % p], color, 1) for i in range(n)]
    return PuzzleSpec(kind="shape_sequence", rule=rule, figures=figs, missing=[len(figs) - 1])


def matrix_figures(row_attr: str, col_attr: str, row_vals: list, col_vals: list,
                   fixed: dict) -> list[Figure]:
    figs = []
    for rv in row_vals:
        for cv in col_vals:
            d = dict(fixed)
            d[row_attr], d[col_attr] = rv, cv
            figs.append(Figure(shape=d["shape"], color=d["color"], count=d["count"]))
    return figs


def attr_values(rng: np.random.Generator, attr: str, n: int = 3) -> list:
    if attr == "shape":
        return [PLAIN_SHAPES[i] for i in rng.choice(len(PLAIN_SHAPES), size=n, replace=False)]
    if attr == "color":
        return [COLORS[i] for i in rng.choice(len(COLORS), size=n, replace=False)]
    return sorted(int(v) for v in rng.choice(np.arange(1, 5), size=n, replace=False))


def matrix_choices(rng: np.random.Generator, right: Figure, near: list[tuple[str, list]],
                   n: int = 4) -> tuple[list[Figure], int]:
    """``n`` candidate figures in random order and the index of ``right``. Distractors differ
    from the right figure in one attribute; two of them take a value the matrix itself shows
    (``near``: (attribute, values) pairs), the others any value."""
    def variants(pairs) -> list[Figure]:
        out = []
        for attr, pool in pairs:
            for v in pool:
                f = dataclasses.replace(right, **{attr: v})
                if f != right and f not in out:
                    out.append(f)
        return out

    close = variants(near)
    far = [f for f in variants((("count", (1, 2, 3, 4)), ("color", COLORS),
                                ("shape", PLAIN_SHAPES))) if f not in close]
    pick = [close[i] for i in rng.choice(len(close), size=min(2, len(close)), replace=False)]
    rest = [far[i] for i in rng.choice(len(far), size=n - 1 - len(pick), replace=False)]
    figs = [right] + pick + rest
    order = rng.permutation(n).tolist()
    figs = [figs[i] for i in order]
    return figs, order.index(0)


def _matrix(rng: np.random.Generator, rule: str) -> PuzzleSpec:
    rule = rule or rng_choice(rng, MATRIX_RULES)
    row_attr, col_attr = (part.split(":")[1] for part in rule.split("|"))
    fixed = {a: attr_values(rng, a, 1)[0] for a in ("shape", "color", "count")}
    rv, cv = attr_values(rng, row_attr), attr_values(rng, col_attr)
    figs = matrix_figures(row_attr, col_attr, rv, cv, fixed)
    miss = [2, 2] if rng.random() < 0.6 else [int(rng.integers(3)), int(rng.integers(3))]
    choices: list[Figure] = []
    if rng.random() < 0.5:
        choices, _ = matrix_choices(rng, figs[3 * miss[0] + miss[1]],
                                    [(row_attr, rv), (col_attr, cv)])
    return PuzzleSpec(kind="matrix", rule=rule, figures=figs, cols=3, missing=miss,
                      choices=choices)


def _odd(rng: np.random.Generator, rule: str) -> PuzzleSpec:
    n = int(rng.integers(4, 7))
    odd = int(rng.integers(n))
    shape, color = rng_choice(rng, PLAIN_SHAPES + CHIRAL), rng_choice(rng, COLORS)
    rot = float(rng.integers(4) * 90)
    figs = [Figure(shape, color, 1, rot) for _ in range(n)]
    if rule == "color":
        figs[odd].color = rng_choice(rng, [c for c in COLORS if c != color])
    elif rule == "shape":
        figs[odd].shape = rng_choice(rng, [s for s in PLAIN_SHAPES if s != shape])
    elif rule == "count":
        base = int(rng.integers(1, 4))
        for f in figs:
            f.count = base
        figs[odd].count = base + int(rng_choice(rng, (-1, 1) if base > 1 else (1, 2)))
    else:  # mirror: rotated copies of a chiral shape, one of them mirrored
        shape = rng_choice(rng, CHIRAL)
        for f in figs:
            f.shape, f.rotation = shape, float(rng.integers(4) * 90)
        figs[odd].mirrored = True
    return PuzzleSpec(kind="odd_one_out", rule=rule, figures=figs, labels=list(LETTERS[:n]))


def _color_grid(rng: np.random.Generator, rule: str) -> PuzzleSpec:
    if rule == "count":
        R, C = int(rng.integers(4, 8)), int(rng.integers(4, 8))
        k = int(rng.integers(2, 5))
        pal = [COLORS[i] for i in rng.choice(len(COLORS), size=k, replace=False)]
        w = rng.dirichlet(np.ones(k) * 2)
        idx = rng.choice(k, size=R * C, p=w)
        colors = [[pal[idx[r * C + c]] for c in range(C)] for r in range(R)]
        return PuzzleSpec(kind="color_grid", rule="count", colors=colors)
    while True:
        R, C = int(rng.integers(4, 7)), int(rng.integers(4, 7))
        blocked = rng.random((R, C)) < 0.22
        blocked[0, 0] = blocked[R - 1, C - 1] = False
        colors = [["black" if blocked[r, c] else "white" for c in range(C)] for r in range(R)]
        if count_grid_paths(colors, (0, 0), (R - 1, C - 1)) > 0:
            return PuzzleSpec(kind="color_grid", rule="paths", colors=colors,
                              marks={"0,0": "S", f"{R - 1},{C - 1}": "E"})


def random_ops(rng: np.random.Generator, start: int, k: int, hi: int = 200) -> list[str]:
    """k operations keeping every value a positive integer <= hi."""
    ops: list[str] = []
    x = float(start)
    while len(ops) < k:
        kind = rng_choice(rng, ("+", "-", "*", "/"))
        v = int(rng.integers(2, 5)) if kind in "*/" else int(rng.integers(1, 13))
        op = f"{kind}{v}"
        y = apply_op(x, op)
        if 0 < y <= hi and y == int(y) and (not ops or ops[-1][0] != kind):
            ops.append(op)
            x = y
    return ops


def _chain(rng: np.random.Generator, rule: str) -> PuzzleSpec:
    start = int(rng.integers(1, 21))
    k = int(rng.integers(2, 4))
    ops = random_ops(rng, start, k)
    u = rng.random()
    miss = k + 1 if u < 0.6 else (0 if u < 0.8 else int(rng.integers(1, k + 1)))
    hide_sign = 0 < miss <= k and rng.random() < 0.5 and \
        len(sign_outputs(start, ops, miss - 1)[ops[miss - 1][0]]) == 1
    return PuzzleSpec(kind="chain", rule="ops", start=start, ops=ops, missing=[miss],
                      hide_sign=hide_sign)


def sign_outputs(start: float, ops: list[str], i: int) -> dict[str, list[str]]:
    """For each sign put in op i (its number kept): the signs giving the same output as it.
    The hidden sign is well posed when its own list is just itself."""
    def run(sign: str) -> float | None:
        x = float(start)
        for j, op in enumerate(ops):
            x = apply_op(x, (sign if j == i else op[0]) + op[1:])
        return x

    outs = {sg: run(sg) for sg in "+-*/"}
    return {sg: [t for t in "+-*/" if abs(outs[t] - outs[sg]) < 1e-9] for sg in "+-*/"}


_SAMPLERS = {"number_grid": _number_grid, "pyramid": _pyramid, "triangles": _triangles,
             "shape_sequence": _sequence, "matrix": _matrix, "odd_one_out": _odd,
             "color_grid": _color_grid, "chain": _chain}


def sample_spec(rng: np.random.Generator, kind: str | None = None, rule: str | None = None
                ) -> PuzzleSpec:
    if kind is None:
        kind = KINDS[int(rng.choice(len(KINDS), p=_KIND_P))]
    if kind not in KINDS:
        raise ValueError(f"unknown puzzle kind {kind!r}; valid: {', '.join(KINDS)}")
    valid = RULES[kind]
    if rule is None:
        rule = rng_choice(rng, valid)
    elif rule not in valid:
        raise ValueError(f"{kind}: unknown rule {rule!r}; valid: {', '.join(valid)}")
    return _SAMPLERS[kind](rng, rule)
