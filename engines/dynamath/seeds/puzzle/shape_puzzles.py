"""DynaMath "puzzle test" seeds, shape puzzles: counting and colour sequences, a turning arrow,
3x3 matrix reasoning, odd one out (colour / shape / count, or the mirror image among
rotations), and colour grids (count a colour, the most common colour).

Why these: the deciding facts (a count, a colour, a direction, which figure is mirrored) are
only in the picture, while the question text is the same across variants. Answers come from
the params; ``check`` re-derives them from what is drawn (the visible panels' pattern, the signed
area of each outline, colour counts with numpy). Number puzzles are in puzzle/number_puzzles.py.

    python -m pytest -q tests/engines/dynamath/test_seeds_puzzle.py
"""
from __future__ import annotations

import dataclasses
import math
from collections import Counter

import numpy as np

from engines.dynamath.seed import SeedQuestion, register_seed
from renderers.puzzle.draw import shape_points
from renderers.puzzle.sample import PLAIN_SHAPES, attr_values, matrix_choices, matrix_figures
from renderers.puzzle.spec import COLORS, Figure, PuzzleSpec, figure_text
from renderers.spec import rng_choice

TOPIC = "puzzle test"
DIRECTIONS = ("right", "up-right", "up", "up-left", "left", "down-left", "down", "down-right")
LETTERS = "ABCDEF"


def _fig(d: dict) -> Figure:
    return Figure(**d)


# ----------------------------------------------------------------------------- sequences


@register_seed
class CountSequence(SeedQuestion):
    seed_id = "puzzle-count-sequence"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("numerical value",)
    canonical = {"shape": "star", "color": "blue", "start": 1, "step": 2, "n": 5}

    def sample(self, rng):
        n = int(rng.integers(4, 6))
        step = int(rng.integers(1, 3))
        return {"shape": rng_choice(rng, PLAIN_SHAPES), "color": rng_choice(rng, COLORS),
                "start": int(rng.integers(1, 10 - step * (n - 1) + 1)), "step": step, "n": n}

    def question(self, p):
        return ("The numbered panels follow a pattern. How many shapes should be in the panel "
                "with the question mark?")

    def answer(self, p):
        return float(p["start"] + p["step"] * (p["n"] - 1))

    def check(self, p):
        shown = [f.count for f in self.diagram(p).figures[:-1]]
        slope, icpt = np.polyfit(np.arange(len(shown)), shown, 1)
        return float(round(slope * len(shown) + icpt))

    def diagram(self, p):
        figs = [Figure(p["shape"], p["color"], p["start"] + p["step"] * i) for i in range(p["n"])]
        return PuzzleSpec(kind="shape_sequence", rule="count", figures=figs, missing=[p["n"] - 1])


@register_seed
class ColorSequence(SeedQuestion):
    seed_id = "puzzle-color-sequence"
    topic, level, answer_type = TOPIC, "elementary school", "text"
    kinds = ("color",)
    canonical = {"shape": "circle", "cycle": ["red", "blue", "green"], "n": 7, "count": 1}

    def sample(self, rng):
        per = int(rng.integers(2, 4))
        cyc = [COLORS[i] for i in rng.choice(len(COLORS), size=per, replace=False)]
        return {"shape": rng_choice(rng, PLAIN_SHAPES), "cycle": cyc,
                "n": 2 * per + 1 + int(rng.integers(2)), "count": int(rng.integers(1, 3))}

    def question(self, p):
        return ("The colours of the shapes repeat in a fixed pattern. What colour should the "
                "shapes in the panel with the question mark be? Answer with the colour name.")

    def answer(self, p):
        return p["cycle"][(p["n"] - 1) % len(p["cycle"])]

    def check(self, p):
        shown = [f.color for f in self.diagram(p).figures[:-1]]
        per = next(k for k in range(1, len(shown))
                   if all(shown[i] == shown[i - k] for i in range(k, len(shown))))
        return shown[len(shown) - per]

    def diagram(self, p):
        figs = [Figure(p["shape"], p["cycle"][i % len(p["cycle"])], p["count"])
                for i in range(p["n"])]
        return PuzzleSpec(kind="shape_sequence", rule="color", figures=figs, missing=[p["n"] - 1])


@register_seed
class ArrowTurn(SeedQuestion):
    seed_id = "puzzle-arrow-turn"
    topic, level, answer_type = TOPIC, "elementary school", "multiple choice"
    kinds = ("geometric transformation",)
    canonical = {"r0": 0, "step": 90, "n": 4, "color": "purple"}

    def sample(self, rng):
        # quarter turns keep the answer among four fixed options, so the question text is
        # the same in every variant and only the picture decides
        return {"r0": int(rng.integers(4)) * 90, "step": int(rng_choice(rng, (90, -90, 180))),
                "n": int(rng.integers(4, 6)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("From each panel to the next the arrow turns by the same angle. In which "
                "direction does the arrow point in the panel with the question mark?")

    def options(self, p):
        return ["up", "down", "left", "right"]

    def answer(self, p):
        return DIRECTIONS[((p["r0"] + p["step"] * (p["n"] - 1)) % 360) // 45]

    def check(self, p):
        """Rotate the unit vector step by step and read its direction off atan2."""
        a, s = math.radians(p["r0"]), math.radians(p["step"])
        v = np.array([math.cos(a), math.sin(a)])
        rot = np.array([[math.cos(s), -math.sin(s)], [math.sin(s), math.cos(s)]])
        for _ in range(p["n"] - 1):
            v = rot @ v
        ang = math.degrees(math.atan2(v[1], v[0])) % 360
        return DIRECTIONS[int(round(ang / 45)) % 8]

    def diagram(self, p):
        figs = [Figure("arrow", p["color"], 1, float((p["r0"] + p["step"] * i) % 360))
                for i in range(p["n"])]
        return PuzzleSpec(kind="shape_sequence", rule="rotation", figures=figs,
                          missing=[p["n"] - 1])


# ----------------------------------------------------------------------------- matrix


@register_seed
class MatrixCell(SeedQuestion):
    seed_id = "puzzle-matrix-cell"
    topic, level, answer_type = TOPIC, "high school", "multiple choice"
    kinds = ("color", "numerical value")

    def sample(self, rng):
        attrs = ("shape", "color", "count")
        ra, ca = (attrs[i] for i in rng.choice(3, size=2, replace=False))
        fixed_attr = next(a for a in attrs if a not in (ra, ca))
        rows, cols = attr_values(rng, ra), attr_values(rng, ca)
        fixed = attr_values(rng, fixed_attr, 1)[0]
        miss = [int(rng.integers(3)), int(rng.integers(3))]
        p = {"row_attr": ra, "col_attr": ca, "row_vals": rows, "col_vals": cols,
             "fixed_attr": fixed_attr, "fixed": fixed, "missing": miss}
        # the candidates are drawn under the matrix, lettered A to D
        choices, _ = matrix_choices(rng, self._cell(p, *miss), [(ra, rows), (ca, cols)])
        p["choices"] = [dataclasses.asdict(f) for f in choices]
        return p

    def _cell(self, p, r, c) -> Figure:
        d = {p["fixed_attr"]: p["fixed"], p["row_attr"]: p["row_vals"][r],
             p["col_attr"]: p["col_vals"][c]}
        return Figure(shape=d["shape"], color=d["color"], count=d["count"])

    def question(self, p):
        return ("In the 3 by 3 matrix, each row and each column follows a pattern in the shape, "
                "colour and number of its figures. Which candidate, A, B, C or D, belongs in "
                "the cell with the question mark?")

    def options(self, p):
        return list("ABCD")

    def answer(self, p):
        right = self._cell(p, *p["missing"])
        return "ABCD"[[_fig(d) for d in p["choices"]].index(right)]

    def check(self, p):
        """For each attribute, copy it from the missing cell's row or column, whichever keeps
        it constant among the visible cells; then find that figure among the candidates."""
        spec = self.diagram(p)
        r, c = p["missing"]
        vals = {}
        for attr in ("shape", "color", "count"):
            row = [getattr(spec.figures[3 * r + j], attr) for j in range(3) if j != c]
            col = [getattr(spec.figures[3 * i + c], attr) for i in range(3) if i != r]
            vals[attr] = row[0] if len(set(row)) == 1 else col[0]
        want = figure_text(Figure(**vals))
        hits = [k for k, f in enumerate(spec.choices) if figure_text(f) == want]
        return "ABCD"[hits[0]] if len(hits) == 1 else None

    def diagram(self, p):
        # the row and column attributes overwrite their placeholders here
        fixed = {"shape": "circle", "color": "red", "count": 1, p["fixed_attr"]: p["fixed"]}
        figs = matrix_figures(p["row_attr"], p["col_attr"], p["row_vals"], p["col_vals"], fixed)
        return PuzzleSpec(kind="matrix", rule=f"row:{p['row_attr']}|col:{p['col_attr']}",
                          figures=figs, cols=3, missing=p["missing"],
                          choices=[_fig(d) for d in p["choices"]])


# ----------------------------------------------------------------------------- odd one out


def _signed_area(pts) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))


@register_seed
class MirrorOdd(SeedQuestion):
    seed_id = "puzzle-mirror-odd"
    topic, level, answer_type = TOPIC, "high school", "multiple choice"
    kinds = ("geometric transformation",)
    canonical = {"shape": "fshape", "color": "blue", "rotations": [0, 90, 180, 270, 90],
                 "odd": 2}

    def sample(self, rng):
        return {"shape": rng_choice(rng, ("lshape", "fshape")), "color": rng_choice(rng, COLORS),
                "rotations": [int(v) * 90 for v in rng.integers(4, size=5)],
                "odd": int(rng.integers(5))}

    def question(self, p):
        return ("Four of the figures are the same shape turned by different angles; one is a "
                "mirror image instead. Which figure is the mirror image?")

    def options(self, p):
        return list(LETTERS[:5])

    def answer(self, p):
        return LETTERS[p["odd"]]

    def check(self, p):
        """A mirror reverses the turning direction of the outline: its signed area flips."""
        signs = [np.sign(_signed_area(shape_points(f.shape, 0, 0, 1, f.rotation, f.mirrored)))
                 for f in self.diagram(p).figures]
        cnt = Counter(signs)
        odd = [i for i, s in enumerate(signs) if cnt[s] == 1]
        return LETTERS[odd[0]] if len(odd) == 1 else None

    def diagram(self, p):
        figs = [Figure(p["shape"], p["color"], 1, float(r), i == p["odd"])
                for i, r in enumerate(p["rotations"])]
        return PuzzleSpec(kind="odd_one_out", rule="mirror", figures=figs, labels=list("ABCDE"))


@register_seed
class OddOneOut(SeedQuestion):
    seed_id = "puzzle-odd-one-out"
    topic, level, answer_type = TOPIC, "elementary school", "text"
    kinds = ("color", "numerical value")
    canonical = {"n": 5, "shape": "circle", "color": "red", "count": 2, "odd": 3,
                 "differs": "color", "odd_value": "green"}

    def sample(self, rng):
        n = int(rng.integers(4, 7))
        shape, color, count = rng_choice(rng, PLAIN_SHAPES), rng_choice(rng, COLORS), \
            int(rng.integers(1, 4))
        differs = rng_choice(rng, ("color", "shape", "count"))
        pool = {"color": [c for c in COLORS if c != color],
                "shape": [s for s in PLAIN_SHAPES if s != shape],
                "count": [k for k in (1, 2, 3, 4) if k != count]}[differs]
        return {"n": n, "shape": shape, "color": color, "count": count,
                "odd": int(rng.integers(n)), "differs": differs,
                "odd_value": rng_choice(rng, pool)}

    def question(self, p):
        return "One figure is different from all the others. Which one? Answer with its letter."

    def answer(self, p):
        return LETTERS[p["odd"]]

    def check(self, p):
        figs = self.diagram(p).figures
        keys = [(f.shape, f.color, f.count) for f in figs]
        cnt = Counter(keys)
        odd = [i for i, k in enumerate(keys) if cnt[k] == 1]
        return LETTERS[odd[0]] if len(odd) == 1 and len(cnt) == 2 else None

    def diagram(self, p):
        figs = [Figure(p["shape"], p["color"], p["count"]) for _ in range(p["n"])]
        setattr(figs[p["odd"]], p["differs"], p["odd_value"])
        return PuzzleSpec(kind="odd_one_out", rule=p["differs"], figures=figs,
                          labels=list(LETTERS[:p["n"]]))


# ----------------------------------------------------------------------------- colour grids


def _color_grid(rng: np.random.Generator, min_margin: int) -> dict:
    while True:
        R, C = int(rng.integers(4, 7)), int(rng.integers(4, 7))
        k = int(rng.integers(3, 5))
        pal = [COLORS[i] for i in rng.choice(len(COLORS), size=k, replace=False)]
        idx = rng.choice(k, size=R * C, p=rng.dirichlet(np.ones(k) * 3))
        grid = [[pal[idx[r * C + c]] for c in range(C)] for r in range(R)]
        top = sorted(Counter(idx.tolist()).values(), reverse=True) + [0]
        if top[0] - top[1] >= min_margin:
            return {"colors": grid, "palette": pal}


@register_seed
class ColorCount(SeedQuestion):
    seed_id = "puzzle-color-count"
    topic, level, answer_type = TOPIC, "elementary school", "float"
    kinds = ("color", "numerical value")

    def sample(self, rng):
        p = _color_grid(rng, 0)
        p["ask"] = rng_choice(rng, p["palette"])
        return p

    def question(self, p):
        return f"How many {p['ask']} cells are in the grid?"

    def answer(self, p):
        return float(sum(row.count(p["ask"]) for row in p["colors"]))

    def check(self, p):
        return float((np.array(p["colors"]) == p["ask"]).sum())

    def diagram(self, p):
        return PuzzleSpec(kind="color_grid", rule="count", colors=p["colors"])


@register_seed
class ColorMajority(SeedQuestion):
    seed_id = "puzzle-color-majority"
    topic, level, answer_type = TOPIC, "elementary school", "text"
    kinds = ("color",)

    def sample(self, rng):
        return _color_grid(rng, 2)

    def question(self, p):
        return "Which colour fills the most cells of the grid? Answer with the colour name."

    def answer(self, p):
        return Counter(c for row in p["colors"] for c in row).most_common(1)[0][0]

    def check(self, p):
        names, counts = np.unique(np.array(p["colors"]), return_counts=True)
        return str(names[int(np.argmax(counts))])

    def diagram(self, p):
        return PuzzleSpec(kind="color_grid", rule="count", colors=p["colors"])
