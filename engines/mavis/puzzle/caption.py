"""MAVIS-Caption writer for the "puzzle" family (number grids, pyramids, number triangles, shape
sequences, matrices, odd-one-out rows, colour grids, operation chains).

Why rule-based: every number a caption states comes from ``renderers.puzzle`` facts, written
with ``fmt_num`` as the picture shows it; cell positions are written as ordinal words ("the
second row") so that no position index is mistaken for a claim. An opening sentence (24
phrasings) names the puzzle; detail sentences (several phrasings each) give the visible
contents, the rule the complete puzzle follows, and what the question mark stands for.

    python -m pytest -q tests/renderers/test_puzzle.py tests/engines/mavis/test_contract.py \
        -k puzzle
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.puzzle.spec import SHAPE_NAMES, op_text
from renderers.text import fmt_num

OPENERS = (
    "The image shows {what}.",
    "This picture presents {what}.",
    "Shown here is {what}.",
    "The diagram contains {what}.",
    "A puzzle image: {what}.",
    "We see {what}.",
    "Pictured is {what}.",
    "The figure depicts {what}.",
    "This is {what}.",
    "Here we have {what}.",
    "The puzzle consists of {what}.",
    "On a white background there is {what}.",
    "The illustration shows {what}.",
    "Displayed is {what}.",
    "In this image there is {what}.",
    "The drawing presents {what}.",
    "Visible in the picture is {what}.",
    "A reasoning puzzle is drawn: {what}.",
    "The task picture shows {what}.",
    "This brain teaser shows {what}.",
    "The pattern puzzle features {what}.",
    "Look closely at {what}.",
    "The visual puzzle is made of {what}.",
    "Drawn on the canvas is {what}.",
)
ATTR_WORDS = {"shape": "shape", "color": "colour", "count": "number of shapes"}
ORD = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
       "tenth")
DIRECTIONS = {0: "right", 45: "up and to the right", 90: "up", 135: "up and to the left",
              180: "left", 225: "down and to the left", 270: "down", 315: "down and to the right"}


def _n(x) -> str:
    return fmt_num(x)


def _nums(xs) -> str:
    return join_list([_n(x) for x in xs])


def _count(n, noun: str) -> str:
    """"1 shape", "3 shapes": a count with its noun in the number it agrees with."""
    return f"{_n(n)} {noun}" + ("" if n == 1 else "s")


def _agree(n, plural: tuple[str, ...], singular: tuple[str, ...]) -> tuple[str, ...]:
    """The phrasings that agree with a count of ``n``: ``singular`` for one (as many as
    ``plural``, in the same order, so the phrasing drawn does not depend on the count)."""
    return singular if n == 1 else plural


def _shape(name: str, count: int = 1) -> str:
    s = SHAPE_NAMES.get(name, name)
    return s + ("s" if count != 1 else "")




def _fig(f: dict, rng: np.random.Generator | None = None) -> str:
    """"3 red circles", "1 blue arrow pointing up", "1 green F-shape turned 90 degrees"."""
    mir = "mirrored " if f["mirrored"] else ""
    base = f"{_n(f['count'])} {mir}{f['color']} {_shape(f['shape'], f['count'])}"
    rot = f["rotation"]
    if f["shape"] == "arrow" and rot in DIRECTIONS:
        return f"{base} pointing {DIRECTIONS[rot]}"
    if f["shape"] in ("lshape", "fshape", "triangle") and rot:
        return f"{base} turned {_n(rot)} degrees counter-clockwise"
    return base


def _answer(rng, ans: str) -> str:
    return pick(rng, (
        "The question mark stands for {a}.", "Following the rule, the missing entry is {a}.",
        "So the cell with the question mark should hold {a}.", "The hidden value is {a}.",
        "Completing the pattern gives {a} in place of the question mark.",
    ), a=ans)


# ----------------------------------------------------------------------------- kinds


def _number_grid(f: dict, rng) -> tuple[str, list[str]]:
    R, C = f["rows"], f["cols"]
    what = pick(rng, ("a {r} by {c} grid of numbers with one cell marked by a question mark",
                      "a number grid with {r} rows and {c} columns and a missing cell",
                      "a table of numbers, {r} rows by {c} columns, with a question mark"),
                r=_n(R), c=_n(C))
    r, c = f["missing"]
    hidden = {tuple(h) for h in f["hidden"]}
    out = [pick(rng, ("The question mark is in the {r} row and the {c} column.",
                      "The missing cell is the {c} cell of the {r} row."),
                r=ORD[r], c=ORD[c])]
    rows = []
    for i, row in enumerate(f["values"]):
        cells = ["?" if (i, j) == (r, c) else ("blank" if (i, j) in hidden else _n(v))
                 for j, v in enumerate(row)]
        rows.append(f"the {ORD[i]} row reads {', '.join(cells)}")
    out.append(pick(rng, ("Row by row, {x}.", "Reading across: {x}.", "In detail, {x}."),
                    x="; ".join(rows)))
    if f["n_hidden"]:
        out.append(pick(rng, _agree(f["n_hidden"], (
            "{k} other cells are left blank.", "Besides the question mark, {k} cells are empty."),
            ("{k} other cell is left blank.", "Besides the question mark, {k} cell is empty.")),
            k=_n(f["n_hidden"])))
    rule = f["rule"]
    if rule == "row_sum":
        out.append(pick(rng, ("The last number of each row is the sum of the others; the row "
                              "totals are {s}.",
                              "Each row ends with the sum of its other numbers ({s})."),
                        s=_nums([row[-1] for row in f["values"]])))
    elif rule == "col_sum":
        out.append(pick(rng, ("The bottom number of each column is the sum of the numbers "
                              "above it.", "Each column ends with its total.")))
    elif rule == "magic":
        out.append(pick(rng, ("It is a magic square: every row, column and diagonal adds up to "
                              "{m}.", "All rows, columns and both diagonals sum to {m}."),
                        m=_n(f["magic_sum"])))
    elif rule == "row_formula":
        out.append(pick(rng, ("In every row the third number follows {fm}, with a and b the "
                              "first two numbers.", "Each row obeys {fm} (a, b: the first two "
                              "numbers of the row)."), fm=f["formula"]))
    elif rule == "arithmetic_rows":
        out.append(pick(rng, ("Each row is an arithmetic sequence; the steps are {s}.",
                              "Every row goes up or down by a constant step ({s})."),
                        s=_nums(f["row_steps"])))
    else:
        out.append(pick(rng, ("Like a small sudoku, each of {s} appears exactly once in every "
                              "row and column.", "Each row and column holds {s} once each."),
                        s=join_list([_n(v) for v in f["symbols"]], "and")))
    out.append(_answer(rng, _n(f["answer"])))
    return what, out


def _pyramid(f: dict, rng) -> tuple[str, list[str]]:
    what = pick(rng, ("a number pyramid of {k} levels", "a pyramid of numbered blocks with {k} "
                      "levels", "a stack of bricks, {k} rows high, with numbers on them"),
                k=_n(f["levels"]))
    r, i = f["missing"]
    hidden = {tuple(h) for h in f["hidden"]}
    bottom = ["?" if (f["levels"] - 1, j) == (r, i) else
              ("blank" if (f["levels"] - 1, j) in hidden else _n(v))
              for j, v in enumerate(f["bottom"])]
    out = [pick(rng, ("The bottom row reads {b}.", "Along the base the blocks show {b}."),
                b=", ".join(bottom)),
           pick(rng, ("Each block is the sum of the two blocks directly below it.",
                      "The rule: a block equals the sum of the two blocks it rests on.")),
           pick(rng, ("The question mark is the {j} block of the {r} row from the top.",
                      "The missing block sits in the {r} row from the top, {j} from the left."),
                r=ORD[r], j=ORD[i])]
    if f["n_hidden"]:
        out.append(pick(rng, _agree(f["n_hidden"], (
            "{k} other blocks are blank.", "{k} more blocks show no number."),
            ("{k} other block is blank.", "{k} more block shows no number.")),
            k=_n(f["n_hidden"])))
    if (r, i) != (0, 0) and (0, 0) not in hidden:
        out.append(pick(rng, ("The top block shows {t}.", "At the apex stands {t}."),
                        t=_n(f["top"])))
    out.append(_answer(rng, _n(f["answer"])))
    return what, out


def _triangles(f: dict, rng) -> tuple[str, list[str]]:
    what = pick(rng, ("a set of {k} triangles with a number at each corner and one inside",
                      "a row of {k} number triangles", "a line of {k} triangles carrying "
                      "numbers at their corners and centres"), k=_n(f["n_triangles"]))
    t, i = f["missing"]
    parts = []
    for k, tri in enumerate(f["triangles"]):
        v = [_n(tri[x]) for x in ("top", "left", "right", "centre")]
        if k == t:
            v[i] = "a question mark"
        parts.append(f"the {ORD[k]} has {v[0]} at the top, {v[1]} and {v[2]} at the bottom "
                     f"corners and {v[3]} in the middle")
    out = [pick(rng, ("From left to right, {p}.", "In order, {p}."), p="; ".join(parts)),
           pick(rng, ("The middle number is {fm}, with a the top, b the bottom-left and c the "
                      "bottom-right number.", "Rule: {fm} (a top, b bottom left, c bottom "
                      "right)."), fm=f["formula"]),
           _answer(rng, _n(f["answer"]))]
    return what, out


def _sequence(f: dict, rng) -> tuple[str, list[str]]:
    what = pick(rng, ("a sequence of {k} numbered panels, the last one a question mark",
                      "a series of {k} panels with shapes, where one panel is missing",
                      "a shape sequence in {k} numbered boxes"), k=_n(f["n_panels"]))
    miss = f["missing"][0]
    parts = [f"the {ORD[i]} panel shows {_fig(p)}" for i, p in enumerate(f["panels"]) if i != miss]
    out = [pick(rng, ("In order, {p}.", "Going through the panels, {p}."), p="; ".join(parts)),
           pick(rng, ("The {o} panel holds only a question mark.",
                      "A question mark fills the {o} panel."), o=ORD[miss])]
    rule = f["rule"]
    if rule == "count" and "count_step" in f:
        step = f["count_step"]
        out.append(pick(rng, ("The number of shapes changes by {s} from panel to panel.",
                              "Each panel has {m} than the one before."),
                        s=_n(step), m=_count(abs(step), "more shape" if step >= 0 else
                                             "fewer shape")))
    elif rule == "color":
        out.append(pick(rng, ("The colours repeat in a cycle of {p}.",
                              "The colour pattern repeats every {p} panels."),
                        p=_n(f["color_period"])))
    elif rule == "shape":
        out.append(pick(rng, ("The shapes repeat in a cycle of {p}.",
                              "The shape pattern repeats every {p} panels."),
                        p=_n(f["shape_period"])))
    elif rule == "rotation" and "rotation_step_ccw" in f:
        cw, ccw = f["rotation_step_cw"], f["rotation_step_ccw"]
        turn = f"{_n(ccw)} degrees counter-clockwise" if ccw <= 180 else \
            f"{_n(cw)} degrees clockwise"
        out.append(pick(rng, ("From one panel to the next the figure turns {t}.",
                              "Each step rotates the shape {t}."), t=turn))
    out.append(pick(rng, ("The missing panel should show {a}.", "Continuing the pattern, the "
                          "question mark hides {a}."), a=_fig(f["answer"])))
    return what, out


def _matrix(f: dict, rng) -> tuple[str, list[str]]:
    what = pick(rng, ("a {r} by {c} matrix of cells holding shapes, with one cell missing",
                      "a matrix reasoning puzzle of {r} rows and {c} columns",
                      "a grid of {r} by {c} picture cells with a question mark"),
                r=_n(f["rows"]), c=_n(f["cols"]))
    r, c = f["missing"]
    rows = []
    for i, row in enumerate(f["cells"]):
        cells = ["a question mark" if (i, j) == (r, c) else _fig(x) for j, x in enumerate(row)]
        rows.append(f"the {ORD[i]} row has {join_list(cells)}")
    out = [pick(rng, ("Row by row, {x}.", "Reading the rows: {x}."), x="; ".join(rows)),
           pick(rng, ("Within a row the {a} stays the same, and within a column the {b} stays "
                      "the same.", "The {a} is fixed along each row and the {b} along each "
                      "column."), a=ATTR_WORDS[f["row_attribute"]],
                b=ATTR_WORDS[f["col_attribute"]]),
           pick(rng, ("The missing cell should contain {a}.", "The question mark hides {a}."),
                a=_fig(f["answer"]))]
    if f.get("choices"):
        cands = [f"{lab}: {_fig(x)}" for lab, x in zip(f["choice_labels"], f["choices"])]
        out.insert(-1, pick(rng, ("Under the matrix are candidate answers ({c}).",
                                  "Candidates are drawn below: {c}."), c="; ".join(cands)))
        out.append(pick(rng, ("The right candidate is {l}.", "So the answer is option {l}."),
                        l=f["answer_choice"]))
    return what, out


def _odd(f: dict, rng) -> tuple[str, list[str]]:
    labels = f["labels"]
    what = pick(rng, ("a set of {k} figures labelled {a} to {z}, one of them the odd one out",
                      "an odd-one-out puzzle with {k} figures, {a} to {z}",
                      "a group of {k} lettered figures ({a} to {z}) to compare"),
                k=_n(f["n_items"]), a=labels[0], z=labels[-1])
    i = f["odd_index"]
    items = f["items"]
    if i < 0:  # a hand-built row with no single odd figure
        return what, [pick(rng, ("The figures are {x}.", "From left to right: {x}."),
                           x=join_list([_fig(x) for x in items]))]
    others = items[(i + 1) % len(items)]
    # the odd figure shows something else: "each figure shows" would include it
    out = [pick(rng, ("Every figure except {o} shows {x}.", "The figures other than {o} show {x}."),
                o=labels[i],
                x=_fig(dict(others, rotation=0)) if f["differs_in"] == "mirror" else _fig(others))]
    d, odd = f["differs_in"], items[i]
    if d == "color":
        s = f"figure {labels[i]} is {odd['color']} while the others are {others['color']}"
    elif d == "shape":
        s = f"figure {labels[i]} is {article(_shape(odd['shape']))} instead of " \
            f"{article(_shape(others['shape']))}"
    elif d == "count":
        s = f"figure {labels[i]} has {_count(odd['count'], 'shape')} while the others have " \
            f"{_n(others['count'])}"
    else:
        s = f"the others are rotated copies of one {_shape(odd['shape'])}, but figure " \
            f"{labels[i]} is its mirror image"
    out.append(pick(rng, ("The odd one out: {s}.", "Comparing them, {s}.", "Note that {s}."),
                    s=s))
    out.append(pick(rng, ("The answer is {l}.", "So {l} is the odd one out."), l=labels[i]))
    return what, out


def _color_grid(f: dict, rng) -> tuple[str, list[str]]:
    R, C = f["rows"], f["cols"]
    last = chr(64 + C)
    if f["rule"] == "paths":
        what = pick(rng, ("a {r} by {c} grid maze with black blocked cells",
                          "a grid of {r} rows and {c} columns with some cells blacked out",
                          "a path-counting grid, {r} by {c}, with start and end marked"),
                    r=_n(R), c=_n(C))
        out = [pick(rng, ("S marks the start in the top-left corner and E the end in the "
                          "bottom-right corner.", "The start S is at the top left and the end E "
                          "at the bottom right."))]
        if f["counts"].get("black"):
            out.append(pick(rng, _agree(f["counts"]["black"], (
                "{k} cells are black.", "There are {k} blocked black cells."),
                ("{k} cell is black.", "There is {k} blocked black cell.")),
                k=_n(f["counts"]["black"])))
        out.append(pick(rng, _agree(f["n_paths"], (
            "Moving only right or down through white cells, there are {n} shortest paths from "
            "S to E.", "The number of right-or-down paths from S to E avoiding black cells is "
            "{n}."), (
            "Moving only right or down through white cells, there is {n} shortest path from S "
            "to E.", "The number of right-or-down paths from S to E avoiding black cells is "
            "{n}.")), n=_n(f["n_paths"])))
        return what, out
    what = pick(rng, ("a {r} by {c} grid of coloured cells", "a colour grid with {r} rows and "
                      "{c} columns", "a board of {t} coloured squares in {r} rows"),
                r=_n(R), c=_n(C), t=_n(f["cells"]))
    counts = sorted(f["counts"].items(), key=lambda kv: -kv[1])
    out = [pick(rng, ("Columns are lettered A to {z} and rows numbered {a} to {r}.",
                      "The columns carry letters A to {z}, the rows numbers {a} to {r}."),
                z=last, a=_n(1), r=_n(R)),
           pick(rng, ("Counting colours: {x}.", "The cells split into {x}."),
                x=join_list([f"{_n(k)} {c}" for c, k in counts]))]
    if f["most_common"]:
        out.append(pick(rng, ("The most common colour is {c}.", "The colour seen most often is "
                              "{c}."), c=f["most_common"]))
    return what, out


def _chain(f: dict, rng) -> tuple[str, list[str]]:
    what = pick(rng, ("an operation chain with {k} steps", "a number machine of {k} "
                      "operations joined by arrows", "a flow of boxes and {k} operation "
                      "circles"), k=_n(f["n_ops"]))
    m = f["missing"][0]
    k = f["n_ops"]
    hide = "?" if not f["hide_sign"] else None
    ops = [(hide or "?" + op_text(o)[1:]) if m == j + 1 else op_text(o)
           for j, o in enumerate(f["ops"])]
    start = "a question mark" if m == 0 else _n(f["start"])
    end = "a question mark" if m == k + 1 else _n(f["output"])
    out = [pick(rng, ("The input box shows {s}, the operations in order are {o}, and the "
                      "output box shows {e}.", "Starting from {s}, the arrows pass through {o} "
                      "and end at {e}."), s=start, o=join_list(ops), e=end),
           pick(rng, ("Step by step the values are {v}.", "The running values are {v}."),
                v=_nums(f["values"]))]
    if f["hide_sign"]:
        out.append(pick(rng, ("Only the sign of that operation is hidden; it must be {a}.",
                              "The hidden sign is {a}."), a=f["answer"]))
        return what, out
    ans = op_text(f["answer"]) if isinstance(f["answer"], str) else _n(f["answer"])
    out.append(_answer(rng, ans))
    return what, out


_KINDS = {"number_grid": _number_grid, "pyramid": _pyramid, "triangles": _triangles,
          "shape_sequence": _sequence, "matrix": _matrix, "odd_one_out": _odd,
          "color_grid": _color_grid, "chain": _chain}


@caption_writer("puzzle", n_phrasings=len(OPENERS))
def caption(spec, facts: dict, rng: np.random.Generator) -> str:
    what, details = _KINDS[facts["kind"]](facts, rng)
    opener = pick(rng, OPENERS, what=what)
    if facts.get("title"):
        details.insert(0, pick(rng, ('Its heading reads "{t}".', 'The title says "{t}".'),
                               t=facts["title"]))
    # keep the answer last; shuffle the middle so sentence order varies
    head, tail = details[:-1], details[-1:]
    order = rng.permutation(len(head)).tolist() if len(head) > 1 else list(range(len(head)))
    return " ".join([opener[0].upper() + opener[1:]] + [head[i] for i in order] + tail)
