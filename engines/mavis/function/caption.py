"""MAVIS captions for function plots (problems are in problem.py).

A caption opens with one of many phrasings naming the curves ("the graph of a cubic polynomial",
"two curves, a sine curve and a cosine curve"), gives the plotted window, then per curve a few
sentences drawn from its facts: the equation when the picture shows it (or when the grid pins
it down: lines, parabolas and |x| graphs with integer features), zeros, y-intercept, local
extrema, where it increases and decreases, asymptotes, period and amplitude, marked points;
finally the intersections of two curves. Which detail sentences appear, their order and their
wording vary with the rng; every number is taken from the facts and formatted with ``fmt_num``
as the picture shows it.

    python -c "import numpy as np, renderers; from engines.mavis import registry as r; \
f = renderers.get_family('function'); s = f.sample_spec(np.random.default_rng(1)); \
print(r.get_caption_writer('function').fn(s, f.facts(s), np.random.default_rng(1)))"
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import join_list, pick
from renderers.function.curve import Piece
from renderers.function.text import piece_condition
from renderers.text import fmt_num

OPENERS = [
    "The figure shows {what} on a coordinate grid.",
    "This image plots {what}.",
    "Plotted in the xy-plane is {what}.",
    "The diagram displays {what} against a light grid.",
    "A coordinate system with labelled axes shows {what}.",
    "Here we see {what} drawn over a square grid.",
    "The picture is a function plot: {what}.",
    "On the Cartesian plane, the image presents {what}.",
    "This graph depicts {what}.",
    "Shown on a pair of axes is {what}.",
    "The chart traces {what} across the plotted window.",
    "A function graph: {what}, with grid lines and arrowed axes.",
    "In this figure, {what} {is} drawn in the coordinate plane.",
    "The plot contains {what}.",
    "Drawn on graph paper style axes, the figure has {what}.",
    "We are looking at {what} in rectangular coordinates.",
    "The illustration sketches {what}.",
    "Against x- and y-axes, the image shows {what}.",
    "Displayed here is {what} on a grid.",
    "The rendering shows {what} with the x-axis and y-axis marked.",
    "An xy-graph presents {what}.",
    "Visible in the coordinate plane is {what}.",
    "The figure is a plot of {what}.",
    "Our diagram graphs {what}.",
]

WINDOW = [
    "The x-axis runs from {xmin} to {xmax} and the y-axis from {ymin} to {ymax}.",
    "The window spans x from {xmin} to {xmax} and y from {ymin} to {ymax}.",
    "Horizontally the plot covers {xmin} to {xmax}; vertically, {ymin} to {ymax}.",
    "The visible range is {xmin} to {xmax} on the x-axis and {ymin} to {ymax} on the y-axis.",
    "Values of x from {xmin} to {xmax} are shown, with y between {ymin} and {ymax}.",
]

EQ_SHOWN = [
    "{Ref} is labelled {eq}.", "Its equation, written on the picture, is {eq}.",
    "The equation given for {ref} is {eq}.", "{Ref} has the equation {eq}.",
    "The label reads {eq}.",
]
# a piecewise plot labels each piece beside it with its own polynomial (no condition)
EQ_PIECES = [
    "Each piece of {ref} carries its own equation: {eqs}.",
    "{Ref} is labelled piece by piece: {eqs}.",
]
EQ_READ = [
    "From the grid one can read that {ref} is {eq}.",
    "Reading points off the grid gives the equation {eq}.",
    "The grid points it passes through fix its equation as {eq}.",
]
ZEROS = [
    # "meets", not "crosses": a double zero only touches the axis
    "{Ref} reaches the x-axis at {xs}.", "Its zeros in view are {xs}.",
    "{Ref} meets the x-axis at {xs}.", "The x-intercepts are at {xs}.",
]
ZERO_ONE = [
    "{Ref} meets the x-axis once, at {xs}.", "Its only zero in view is {xs}.",
    "{Ref} has a single x-intercept at {xs}.",
]
NO_ZERO = [
    "{Ref} never touches the x-axis in the window.", "{Ref} has no zeros in view.",
    "No x-intercept is visible for {ref}.",
]
YINT = [
    "It cuts the y-axis at (0, {y}).", "The y-intercept is {y}.",
    "At x = 0 its value is {y}.", "{Ref} meets the y-axis at the point (0, {y}).",
]
EXT = [
    "{Ref} has {items}.", "Its turning point{s} {is} {items}.", "We can see {items} on {ref}.",
    "There {is} {items}.",
]
NO_EXT = [
    "{Ref} has no turning points in view.", "No local maximum or minimum is visible.",
]
MONO = [
    "{Ref} is {parts}.", "Reading left to right, {ref} is {parts}.",
    "As x grows, {ref} is {parts}.",
]
ASYM_V = [
    "A dashed vertical asymptote is drawn at {xs}.", "{Ref} has a vertical asymptote at {xs}.",
    "The graph approaches the vertical line{s} {xs} without touching {them}.",
]
ASYM_H = [
    "The horizontal line y = {y} is an asymptote.",
    "As x moves far {side}, {ref} levels off toward y = {y}.",
    "{Ref} approaches the horizontal asymptote y = {y}.",
]
PERIOD = [
    "{Ref} repeats with period {p}.", "Its period is {p}.",
    "The pattern repeats every {p} units along the x-axis.",
]
AMP = [
    "The amplitude is {amp}, so it oscillates between {lo} and {hi}.",
    "It swings between {lo} and {hi}, an amplitude of {amp}.",
    "Its values stay between {lo} and {hi} (amplitude {amp}).",
]
MARKED = [
    "Marked on {ref}: {pts}.", "Dots mark the points {pts}.",
    "The highlighted points are {pts}.", "Labelled dots sit at {pts}.",
]
MARKED_ONE = [
    "Marked on {ref}: {pts}.", "A dot marks the point {pts}.",
    "The highlighted point is {pts}.", "A labelled dot sits at {pts}.",
]
INTERSECT = [
    "The two curves intersect at {pts}.", "The graphs cross each other at {pts}.",
    "The curves meet at {pts}.",
]
NO_INTERSECT = ["The two curves do not meet in the window.",
                "Within the window the two graphs never cross."]

KIND_NOUN = {
    "sine": "a sine curve", "cosine": "a cosine curve", "tangent": "a tangent curve",
    "exponential": "an exponential curve", "logarithm": "a logarithmic curve",
    "absolute": "a V-shaped absolute value graph", "piecewise": "a piecewise-defined function",
    "rational": "a hyperbola (a rational function)",
}
DEGREE_NOUN = {0: "a horizontal line", 1: "a straight line", 2: "a parabola",
               3: "a cubic curve", 4: "a quartic curve"}
COUNT = {2: "two", 3: "three"}


def _noun(f: dict) -> str:
    if f["kind"] == "polynomial":
        return DEGREE_NOUN.get(f["degree"], "a polynomial curve")
    if f["kind"] == "piecewise":
        n = len(f["params"]["pieces"])
        return f"a piecewise-defined function with {COUNT.get(n, 'several')} pieces"
    return KIND_NOUN[f["kind"]]


def _pt(x: float, y: float) -> str:
    return f"({fmt_num(x)}, {fmt_num(y)})"


def _xs(vals: list[float]) -> str:
    return join_list([f"x = {fmt_num(v)}" for v in vals])


def _ref(f: dict, n: int, rng: np.random.Generator) -> str:
    """How a sentence names the curve: 'f', 'the graph', 'the red curve'."""
    opts = ["the curve", "the graph"] if n == 1 else [f"the {f['color']} curve"]
    if f["name"] != "y":
        opts.append(f"the graph of {f['name']}")
    return pick(rng, opts)


def _cap(s: str) -> str:
    return s[0].upper() + s[1:]


def _inferable(f: dict) -> bool:
    """Equations a reader can pin down from lattice points on the grid."""
    p = f["params"]
    if f["kind"] == "polynomial" and f["degree"] <= 2:
        return all(float(c).is_integer() for c in p["coeffs"])
    if f["kind"] == "absolute":
        return all(float(p[k]).is_integer() for k in ("a", "c", "d"))
    return False


def _monotonic(f: dict) -> str | None:
    segs = [s for s in f["monotonic"] if s["to"] > s["from"]]
    if not segs or len(segs) > 4:
        return None
    if len(segs) > 1 and len({s["trend"] for s in segs}) == 1:  # branches between asymptotes
        return f"{segs[0]['trend']} on each of its branches"
    # an end at a vertical asymptote (a logarithm's x = c) is no point of the graph: open
    va = {a["x"] for a in f["asymptotes"] if a["type"] == "vertical"}
    parts = [f"{s['trend']} on {'(' if s['from'] in va else '['}{fmt_num(s['from'])}, "
             f"{fmt_num(s['to'])}{')' if s['to'] in va else ']'}" for s in segs]
    return join_list(parts)


def _named(templates: list[str]) -> list[str]:
    """The phrasings that name their curve ("the red curve", "the graph of g")."""
    return [t for t in templates if "{Ref}" in t or "{ref}" in t]


def _curve_sentences(f: dict, n: int, show: str, rng: np.random.Generator) -> list[str]:
    ref = _ref(f, n, rng)
    sl = {"ref": ref, "Ref": _cap(ref)}
    eq = f["expression"]
    # each sentence as (text, its phrasings, their slots), so that the opening one can be
    # worded again naming its curve
    out = []
    if show == "label" and f["kind"] == "piecewise":
        pieces = [(p["expression"], Piece(p["lo"], p["hi"], p["coeffs"]))
                  for p in f["params"]["pieces"]]
        eqs = join_list([f"y = {e} for {piece_condition(p)}" for e, p in pieces])
        out.append((pick(rng, EQ_PIECES, eqs=eqs, **sl), EQ_PIECES, dict(eqs=eqs, **sl)))
    elif show != "none":
        out.append((pick(rng, EQ_SHOWN, eq=eq, **sl), EQ_SHOWN, dict(eq=eq, **sl)))
    elif _inferable(f):
        out.append((pick(rng, EQ_READ, eq=eq, **sl), EQ_READ, dict(eq=eq, **sl)))
    details = []

    def add(templates: list[str], **slots) -> None:
        details.append((pick(rng, templates, **slots), templates, slots))

    z = f["zeros"]
    if len(z) > 5:
        add(["{Ref} meets the x-axis many times, first at x = {a} and last at x = {b}.",
             "Zeros run from x = {a} to x = {b}."], a=fmt_num(z[0]), b=fmt_num(z[-1]), **sl)
    elif z:
        add(ZERO_ONE if len(z) == 1 else ZEROS, xs=_xs(z), **sl)
    else:
        add(NO_ZERO, **sl)
    if f["y_intercept"] is not None:
        add(YINT, y=fmt_num(f["y_intercept"]), **sl)
    ex = f["extrema"]
    if ex and len(ex) <= 4:
        items = [f"a local {'maximum' if e['type'] == 'max' else 'minimum'} at "
                 f"{_pt(e['x'], e['y'])}" for e in ex]
        add(EXT, items=join_list(items), **sl, s="" if len(items) == 1 else "s",
            **{"is": "is" if len(items) == 1 else "are"})
    elif not ex and f["kind"] in ("polynomial", "absolute", "piecewise", "rational"):
        add(NO_EXT, **sl)
    mono = _monotonic(f)
    if mono:
        add(MONO, parts=mono, **sl)
    va = [a["x"] for a in f["asymptotes"] if a["type"] == "vertical"]
    if f["kind"] == "tangent":
        add(["Dashed vertical asymptotes repeat at {rule}.",
             "Its vertical asymptotes are the lines {rule}."], rule=f["asymptote_rule"])
    elif va:
        add(ASYM_V, xs=_xs(va), s="" if len(va) == 1 else "s",
            them="it" if len(va) == 1 else "them", **sl)
    for a in f["asymptotes"]:
        if a["type"] == "horizontal":
            # a·b^x + d levels off on one side only: the left where b > 1
            side = ("out to either side" if f["kind"] != "exponential" else
                    "to the left" if f["params"]["b"] > 1 else "to the right")
            add(ASYM_H, y=fmt_num(a["y"]), side=side, **sl)
    if f["period_text"]:
        add(PERIOD, p=f["period_text"], **sl)
    if "amplitude" in f:
        lo, hi = f["range"]
        add(AMP, amp=fmt_num(f["amplitude"]), lo=fmt_num(lo), hi=fmt_num(hi))
    if f["marked_points"]:
        pts = [_pt(p["x"], p["y"]) for p in f["marked_points"]]
        add(MARKED_ONE if len(pts) == 1 else MARKED, pts=join_list(pts), **sl)
    # a random order, and now and then a detail left out (but at least three kept)
    order = [int(i) for i in rng.permutation(len(details))]
    k = max(min(3, len(details)), int(np.sum(rng.random(len(details)) < 0.85)))
    said = out + [details[i] for i in order[:k]]
    if n > 1:
        # beside another curve, an opening "Its ..." or "The y-intercept is ..." reads as more
        # about the curve before: the first sentence names the curve it is about
        if not _named(said[0][1]):
            j = next((j for j, s in enumerate(said) if _named(s[1])), None)
            said.insert(0, said.pop(j) if j is not None else details[0])
        text, templates, slots = said[0]
        if not any(t.format(**slots) == text for t in _named(templates)):
            said[0] = (pick(rng, _named(templates), **slots), templates, slots)
    return [s[0] for s in said]


@caption_writer("function", n_phrasings=len(OPENERS))
def caption(spec, facts: dict, rng: np.random.Generator) -> str:
    fs = facts["functions"]
    if len(fs) == 1:
        what = "the graph of " + _noun(fs[0])
        is_ = "is"
    else:
        what = pick(rng, ["two curves, {a} and {b}", "the graphs of two functions: {a} and {b}",
                          "{a} together with {b}"],
                    a=f"{_noun(fs[0])} in {fs[0]['color']}",
                    b=f"{_noun(fs[1])} in {fs[1]['color']}")
        is_ = "are"
    parts = [pick(rng, OPENERS, what=what, **{"is": is_})]
    lo, hi = facts["x_range_text"]
    w = facts["window"]
    if rng.random() < 0.85:
        parts.append(pick(rng, WINDOW, xmin=lo, xmax=hi, ymin=fmt_num(w["ymin"]),
                          ymax=fmt_num(w["ymax"])))
    for f in fs:
        parts += _curve_sentences(f, len(fs), facts["show_expression"], rng)
    if len(fs) == 2 and "intersections" in facts:
        pts = facts["intersections"]
        if pts and len(pts) <= 6:
            parts.append(pick(rng, INTERSECT, pts=join_list([_pt(p["x"], p["y"]) for p in pts])))
        elif not pts:
            parts.append(pick(rng, NO_INTERSECT))
    return " ".join(parts)
