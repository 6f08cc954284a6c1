"""Puzzle-test pictures (family "puzzle"): number grids, pyramids, number triangles, shape
sequences, 3x3 matrix reasoning, odd-one-out rows, coloured-cell grids and operation chains.

Why: DynaMath's "puzzle test" topic and MAVIS captions need pattern puzzles whose hidden cell is
known exactly. The spec always holds the COMPLETE puzzle (the value or figure under the "?"
included), ``facts`` derives the rule's evidence from it (row sums, magic sum, count steps,
colour counts, the odd item, chain values, number of grid paths) and ``answer``; ``draw`` (in
renderers/puzzle/draw.py) paints everything except the hidden cells. Sampling lives in
renderers/puzzle/sample.py.

Spec fields by ``kind`` (unused fields stay empty):
    number_grid     grid (R x C values), missing [r, c], hidden [[r, c], ...] (blank cells),
                    rule in GRID_RULES, formula (row_formula: c from a, b; see ROW_FORMULAS)
    pyramid         grid rows top first (row i has i + 1 blocks; a block is the sum of the two
                    below it), missing [r, i], hidden
    triangles       grid [[top, left, right, centre], ...], formula (TRI_FORMULAS, centre
                    from a = top, b = left, c = right), missing [t, 3]
    shape_sequence  figures (one per panel, the asked panel included), missing [i], rule
    matrix          figures row-major in ``cols`` columns, missing [r, c], rule "row:<attr>|
                    col:<attr>" (which attribute is fixed along rows / columns); optional
                    ``choices`` (candidate figures drawn under the matrix, lettered A, B, ...)
    odd_one_out     figures, labels (letters under them), rule (what the odd one differs in)
    color_grid      colors (R x C colour names), marks {"r,c": text}, rule "count" | "paths"
                    (shortest right/down paths from "S" to "E" avoiding black cells)
    chain           start, ops ("+3", "-2", "*4", "/2"), missing [node] (0 = input,
                    1..k = the ops, k + 1 = output); ``hide_sign`` on a missing op hides only
                    its sign ("?4")

    python -c "import numpy as np, renderers; f = renderers.get_family('puzzle'); \
s = f.sample_spec(np.random.default_rng(0), kind='matrix'); f.render(s, 336).save('/tmp/p.png'); \
print(f.facts(s))"
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from renderers.spec import Spec
from renderers.text import fact_num, fmt_num

KINDS = ("number_grid", "pyramid", "triangles", "shape_sequence", "matrix", "odd_one_out",
         "color_grid", "chain")
GRID_RULES = ("row_sum", "col_sum", "row_formula", "magic", "arithmetic_rows", "latin")
SEQUENCE_RULES = ("count", "color", "rotation", "shape")
ODD_RULES = ("color", "shape", "mirror", "count")
COLOR_GRID_RULES = ("count", "paths")
ATTRS = ("shape", "color", "count")
MATRIX_RULES = tuple(f"row:{a}|col:{b}" for a in ATTRS for b in ATTRS if a != b)
RULES = {"number_grid": GRID_RULES, "pyramid": ("sum",), "triangles": ("formula",),
         "shape_sequence": SEQUENCE_RULES, "matrix": MATRIX_RULES, "odd_one_out": ODD_RULES,
         "color_grid": COLOR_GRID_RULES, "chain": ("ops",)}
SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "arrow",
          "plus", "lshape", "fshape")
SHAPE_NAMES = {"plus": "plus sign", "lshape": "L-shape", "fshape": "F-shape"}
COLORS = ("red", "blue", "green", "yellow", "orange", "purple")  # names a person agrees on
CELL_COLORS = COLORS + ("black", "white", "gray")
# row rules "c = f(a, b)" and triangle rules "centre = f(top a, left b, right c)"; the keys are
# the formulas as written in facts, the values how to evaluate them
ROW_FORMULAS = {
    "a+b": lambda a, b: a + b, "a*b": lambda a, b: a * b, "a-b": lambda a, b: a - b,
    "2*a+b": lambda a, b: 2 * a + b, "a+2*b": lambda a, b: a + 2 * b,
    "a*b+1": lambda a, b: a * b + 1, "a*b-1": lambda a, b: a * b - 1,
    "2*(a+b)": lambda a, b: 2 * (a + b), "a*a+b": lambda a, b: a * a + b,
    "a*b-a": lambda a, b: a * b - a,
}
TRI_FORMULAS = {
    "a+b+c": lambda a, b, c: a + b + c, "a*b+c": lambda a, b, c: a * b + c,
    "a*b-c": lambda a, b, c: a * b - c, "(a+b)*c": lambda a, b, c: (a + b) * c,
    "a*b*c": lambda a, b, c: a * b * c, "a+b*c": lambda a, b, c: a + b * c,
    "(b+c)*a": lambda a, b, c: (b + c) * a, "a*(b+c)-a": lambda a, b, c: a * (b + c) - a,
    "b*c-a": lambda a, b, c: b * c - a,
}
OP_SYMBOLS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}


@dataclass
class Figure:
    """A panel item: ``count`` copies of one shape. ``rotation`` is in degrees counter-clockwise
    (an arrow at 0 points right); ``mirrored`` flips it left-right before rotating."""

    shape: str = "circle"
    color: str = "blue"
    count: int = 1
    rotation: float = 0.0
    mirrored: bool = False

    def __post_init__(self):
        self.count, self.rotation = int(self.count), float(self.rotation)


@dataclass
class PuzzleSpec(Spec):
    """One puzzle picture; see the module docstring for the fields each ``kind`` uses."""

    family: ClassVar[str] = "puzzle"
    kind: str = "number_grid"
    rule: str = "row_sum"
    formula: str = ""
    grid: list[list[float]] = field(default_factory=list)
    missing: list[int] = field(default_factory=list)
    hidden: list[list[int]] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    cols: int = 3
    labels: list[str] = field(default_factory=list)
    colors: list[list[str]] = field(default_factory=list)
    marks: dict[str, str] = field(default_factory=dict)
    start: float = 0.0
    ops: list[str] = field(default_factory=list)
    hide_sign: bool = False
    choices: list[Figure] = field(default_factory=list)
    title: str = ""

    def __post_init__(self):
        # JSON gives floats back; keeping floats from the start makes the round trip exact
        self.grid = [[float(v) for v in row] for row in self.grid]
        self.start = float(self.start)
        self.missing = [int(v) for v in self.missing]
        self.hidden = [[int(v) for v in rc] for rc in self.hidden]


# ----------------------------------------------------------------------------- helpers


def apply_op(x: float, op: str) -> float:
    k = float(op[1:])
    return {"+": x + k, "-": x - k, "*": x * k, "/": x / k}[op[0]]


def op_text(op: str) -> str:
    """"*3" -> "×3" as drawn."""
    return OP_SYMBOLS[op[0]] + fmt_num(float(op[1:]))


def figure_text(f: Figure, with_count: bool = True) -> str:
    """"3 red triangles" / "1 blue star" / "a mirrored green lshape"."""
    name = SHAPE_NAMES.get(f.shape, f.shape)
    plural = name + "s" if f.count != 1 else name
    mir = "mirrored " if f.mirrored else ""
    if not with_count:
        return f"{mir}{f.color} {name}"
    return f"{f.count} {mir}{f.color} {plural}"


def choice_letters(spec: PuzzleSpec) -> list[str]:
    """Letters under the candidate figures of a matrix: ``labels`` if given, else A, B, ..."""
    n = len(spec.choices)
    return list(spec.labels[:n]) if len(spec.labels) >= n else [chr(65 + i) for i in range(n)]


def figure_facts(f: Figure) -> dict:
    return {"shape": f.shape, "color": f.color, "count": f.count,
            "rotation": fact_num(f.rotation % 360), "mirrored": f.mirrored}


def count_grid_paths(colors: list[list[str]], start: tuple[int, int], end: tuple[int, int]
                     ) -> int:
    """Shortest (right / down moves only) paths from start to end avoiding black cells."""
    (r0, c0), (r1, c1) = start, end
    if r1 < r0 or c1 < c0:
        return 0
    ways = [[0] * (c1 - c0 + 1) for _ in range(r1 - r0 + 1)]
    for i in range(r1 - r0 + 1):
        for j in range(c1 - c0 + 1):
            if colors[r0 + i][c0 + j] == "black":
                continue
            if i == 0 and j == 0:
                ways[i][j] = 1
                continue
            ways[i][j] = (ways[i - 1][j] if i else 0) + (ways[i][j - 1] if j else 0)
    return ways[-1][-1]


def find_mark(spec: PuzzleSpec, text: str) -> tuple[int, int] | None:
    for k, v in spec.marks.items():
        if v == text:
            r, c = k.split(",")
            return int(r), int(c)
    return None


def odd_item(figs: list[Figure]) -> tuple[int, str]:
    """(index, attribute) of the one figure differing from all the others, which agree with
    each other in shape, colour, count and mirroring (rotation may vary); else (-1, "")."""
    attrs = ("color", "shape", "mirrored", "count")
    keys = [tuple(getattr(f, a) for a in attrs) for f in figs]
    cnt = Counter(keys)
    if len(figs) < 3 or len(cnt) != 2 or min(cnt.values()) != 1:
        return -1, ""
    idx = next(i for i, k in enumerate(keys) if cnt[k] == 1)
    other = keys[(idx + 1) % len(keys)]
    attr = next(a for a, x, y in zip(attrs, keys[idx], other) if x != y)
    return idx, "mirror" if attr == "mirrored" else attr


def constant_step(xs: list[float]) -> float | None:
    d = [b - a for a, b in zip(xs, xs[1:])]
    return d[0] if d and all(abs(x - d[0]) < 1e-9 for x in d) else None


def period(xs: list) -> int:
    for p in range(1, len(xs)):
        if all(xs[i] == xs[i - p] for i in range(p, len(xs))):
            return p
    return len(xs)


# ----------------------------------------------------------------------------- validation


def validate(spec: PuzzleSpec) -> None:
    if spec.kind not in KINDS:
        raise ValueError(f"unknown puzzle kind {spec.kind!r}; valid: {', '.join(KINDS)}")
    valid = RULES[spec.kind]
    if spec.rule not in valid:
        raise ValueError(f"{spec.kind}: unknown rule {spec.rule!r}; valid: {', '.join(valid)}")
    if spec.kind == "number_grid" and spec.rule == "row_formula" and \
            spec.formula not in ROW_FORMULAS:
        raise ValueError(f"unknown row formula {spec.formula!r}; valid: "
                         f"{', '.join(ROW_FORMULAS)}")
    if spec.kind == "triangles" and spec.formula not in TRI_FORMULAS:
        raise ValueError(f"unknown triangle formula {spec.formula!r}; valid: "
                         f"{', '.join(TRI_FORMULAS)}")
    for f in spec.figures + spec.choices:
        if f.shape not in SHAPES:
            raise ValueError(f"unknown shape {f.shape!r}; valid: {', '.join(SHAPES)}")
        if f.color not in CELL_COLORS:
            raise ValueError(f"unknown colour {f.color!r}; valid: {', '.join(CELL_COLORS)}")
    for row in spec.colors:
        for c in row:
            if c not in CELL_COLORS:
                raise ValueError(f"unknown colour {c!r}; valid: {', '.join(CELL_COLORS)}")
    for op in spec.ops:
        if not op or op[0] not in OP_SYMBOLS:
            raise ValueError(f"bad op {op!r}; write +k, -k, *k or /k")


# ----------------------------------------------------------------------------- facts


def _grid_facts(spec: PuzzleSpec) -> dict:
    g = np.array(spec.grid, dtype=float)
    R, C = g.shape
    r, c = spec.missing
    f = {"rows": R, "cols": C, "values": [[fact_num(v) for v in row] for row in spec.grid],
         "missing": [r, c], "answer": fact_num(g[r, c]), "hidden": spec.hidden,
         "n_hidden": len(spec.hidden), "shown_cells": R * C - 1 - len(spec.hidden)}
    if spec.rule in ("row_sum", "col_sum", "magic"):
        f["row_sums"] = [fact_num(v) for v in g.sum(axis=1)]
        f["col_sums"] = [fact_num(v) for v in g.sum(axis=0)]
    if spec.rule == "magic":
        f["magic_sum"] = fact_num(g[0].sum())
        f["diagonal_sums"] = [fact_num(np.trace(g)), fact_num(np.trace(g[:, ::-1]))]
    if spec.rule == "row_formula":
        f["formula"] = f"c = {spec.formula}"
    if spec.rule == "arithmetic_rows":
        f["row_steps"] = [fact_num(row[1] - row[0]) for row in g]
    if spec.rule == "latin":
        f["symbols"] = sorted({fact_num(v) for v in g.ravel()})
    return f


def _pyramid_facts(spec: PuzzleSpec) -> dict:
    r, i = spec.missing
    return {"levels": len(spec.grid), "blocks": [[fact_num(v) for v in row] for row in spec.grid],
            "bottom": [fact_num(v) for v in spec.grid[-1]], "top": fact_num(spec.grid[0][0]),
            "missing": [r, i], "answer": fact_num(spec.grid[r][i]), "hidden": spec.hidden,
            "n_hidden": len(spec.hidden),
            "rule": "each block is the sum of the two blocks below it"}


def _triangle_facts(spec: PuzzleSpec) -> dict:
    t, i = spec.missing
    tris = [{"top": fact_num(a), "left": fact_num(b), "right": fact_num(c), "centre": fact_num(d)}
            for a, b, c, d in spec.grid]
    return {"triangles": tris, "n_triangles": len(tris), "formula": f"centre = {spec.formula}",
            "missing": [t, i], "answer": fact_num(spec.grid[t][i])}


def _sequence_facts(spec: PuzzleSpec) -> dict:
    figs = spec.figures
    (i,) = spec.missing
    counts = [f.count for f in figs]
    rots = [x.rotation for x in figs]
    f = {"n_panels": len(figs), "panel_numbers": list(range(1, len(figs) + 1)),
         "panels": [figure_facts(x) for x in figs], "missing": [i], "asked_panel": i + 1,
         "answer": figure_facts(figs[i]), "answer_text": figure_text(figs[i]),
         "counts": counts, "colors": [x.color for x in figs], "shapes": [x.shape for x in figs],
         "color_period": period([x.color for x in figs]),
         "shape_period": period([x.shape for x in figs])}
    step = constant_step(counts)
    if step is not None:
        f["count_step"] = fact_num(step)
    # turns are compared modulo 360 (a sequence 90, 0, 270 turns by 270 ccw = 90 cw each time)
    turns = [(b - a) % 360 for a, b in zip(rots, rots[1:])]
    if turns and all(abs(t - turns[0]) < 1e-9 for t in turns):
        f["rotation_step_ccw"] = fact_num(turns[0])
        f["rotation_step_cw"] = fact_num((-turns[0]) % 360)
    return f


def _matrix_facts(spec: PuzzleSpec) -> dict:
    n = spec.cols
    figs = spec.figures
    R = len(figs) // n
    cells = [[figs[r * n + c] for c in range(n)] for r in range(R)]
    row_attr, col_attr = (part.split(":")[1] for part in spec.rule.split("|"))
    r, c = spec.missing
    f = {"rows": R, "cols": n,
         "cells": [[figure_facts(x) for x in row] for row in cells],
         "row_attribute": row_attr, "col_attribute": col_attr,
         "row_values": [getattr(cells[i][0], row_attr) for i in range(R)],
         "col_values": [getattr(cells[0][j], col_attr) for j in range(n)],
         "missing": [r, c], "answer": figure_facts(cells[r][c]),
         "answer_text": figure_text(cells[r][c])}
    if spec.choices:
        letters = choice_letters(spec)
        f["choices"] = [figure_facts(x) for x in spec.choices]
        f["choice_labels"] = letters
        right = [k for k, x in enumerate(spec.choices) if x == cells[r][c]]
        f["answer_choice"] = letters[right[0]] if right else ""
    return f


def _odd_facts(spec: PuzzleSpec) -> dict:
    idx, attr = odd_item(spec.figures)
    label = spec.labels[idx] if 0 <= idx < len(spec.labels) else ""
    return {"n_items": len(spec.figures), "labels": list(spec.labels),
            "items": [figure_facts(x) for x in spec.figures], "odd_index": idx,
            "odd_label": label, "differs_in": attr, "answer": label}


def _color_grid_facts(spec: PuzzleSpec) -> dict:
    R, C = len(spec.colors), len(spec.colors[0]) if spec.colors else 0
    cnt = Counter(c for row in spec.colors for c in row)
    counts = {k: cnt[k] for k in CELL_COLORS if cnt[k]}
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    f = {"rows": R, "cols": C, "cells": R * C, "colors": spec.colors, "counts": counts,
         "row_numbers": list(range(1, R + 1)),
         "most_common": ranked[0][0] if len(ranked) == 1 or ranked[0][1] > ranked[1][1] else "",
         "least_common": ranked[-1][0] if len(ranked) == 1 or ranked[-1][1] < ranked[-2][1]
         else "", "marks": dict(spec.marks)}
    if spec.rule == "paths":
        s, e = find_mark(spec, "S"), find_mark(spec, "E")
        f["start"], f["end"] = list(s or ()), list(e or ())
        f["n_paths"] = count_grid_paths(spec.colors, s, e) if s and e else 0
        f["answer"] = f["n_paths"]
    return f


def _chain_facts(spec: PuzzleSpec) -> dict:
    vals = [spec.start]
    for op in spec.ops:
        vals.append(apply_op(vals[-1], op))
    (m,) = spec.missing
    k = len(spec.ops)
    if m == 0:
        ans = fact_num(spec.start)
    elif m == k + 1:
        ans = fact_num(vals[-1])
    else:
        ans = OP_SYMBOLS[spec.ops[m - 1][0]] if spec.hide_sign else spec.ops[m - 1]
    return {"start": fact_num(spec.start), "ops": list(spec.ops),
            "ops_shown": [op_text(o) for o in spec.ops], "values": [fact_num(v) for v in vals],
            "output": fact_num(vals[-1]), "n_ops": k, "missing": [m],
            "hide_sign": spec.hide_sign and 0 < m <= k, "answer": ans}


_FACTS = {"number_grid": _grid_facts, "pyramid": _pyramid_facts, "triangles": _triangle_facts,
          "shape_sequence": _sequence_facts, "matrix": _matrix_facts, "odd_one_out": _odd_facts,
          "color_grid": _color_grid_facts, "chain": _chain_facts}


def puzzle_facts(spec: PuzzleSpec) -> dict:
    validate(spec)
    f = {"kind": spec.kind, "rule": spec.rule}
    if spec.title:
        f["title"] = spec.title
    f.update(_FACTS[spec.kind](spec))
    return f
