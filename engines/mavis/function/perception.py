"""Perception questions on function pictures: how many functions are plotted, the type and
colour of one, which function is drawn in a colour, where a curve rises or falls at the edges
of the plot and how many times it meets the x-axis.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('function'); \
print(q('function', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Ask, ask, asker, collect, words

TRENDS = ("increasing", "decreasing")
# what a reader calls each kind of curve ("an absolute value function", not "an absolute")
TYPE_WORDS = {"absolute": "absolute value", "logarithm": "logarithmic"}
SINUSOIDS = ("sine", "cosine")


def _one(f: dict) -> dict:
    if len(f["functions"]) != 1:
        raise ValueError("not one function")
    return f["functions"][0]


def _trend(fn: dict, end: int) -> str:
    t = fn["monotonic"][end]["trend"]
    if t not in TRENDS:
        raise ValueError("no single trend")
    return t


def _type(f: dict) -> Ask:
    """The plotted function's type. A sine and a cosine curve are one shape shifted (cos x =
    sin(x + π/2)): which it is shows only in its equation, so the type of one is asked only
    where the equation is drawn, and a claim never names the other."""
    kind = _one(f)["kind"]
    if kind in SINUSOIDS and f["show_expression"] == "none":
        raise ValueError("a sinusoid's type shows only in its equation")
    alike = [k for k in SINUSOIDS if k != kind] if kind in SINUSOIDS else []
    return ask("What type of function is plotted?", words(TYPE_WORDS.get(kind, kind)),
               "Is the plotted function {a} function?", alike=alike)


def _crossings(f: dict, fn: dict) -> int:
    """Zeros strictly inside the plotted window (one on its edge is not clearly drawn)."""
    w = f["window"]
    zs = [z["x"] if isinstance(z, dict) else z for z in fn["zeros"]]
    if any(abs(z - w["xmin"]) < 0.05 or abs(z - w["xmax"]) < 0.05 for z in zs):
        raise ValueError("a zero on the edge")
    return sum(w["xmin"] < z < w["xmax"] for z in zs)


@asker("function")
def questions(f: dict) -> list[Ask]:
    fns = f["functions"]
    colours = [g["color"] for g in fns]
    names = [g["name"] for g in fns]
    out = collect(
        f,
        lambda f: ask("How many functions are plotted?", len(fns),
                      "Are {} functions plotted?|Is 1 function plotted?"),
        _type,
        lambda f: ask("What colour is the graph of {name}?", fns[0]["color"],
                      "Is the graph of {name} {}?", others=["blue", "red", "green", "purple"],
                      name=fns[0]["name"]),
        lambda f: ask("Is the graph of {name} increasing or decreasing at the left edge of the "
                      "plot?", _trend(fns[0], 0), "Is the graph of {name} {} at the left edge of "
                      "the plot?", others=TRENDS, name=fns[0]["name"]),
        lambda f: ask("Is the graph of {name} increasing or decreasing at the right edge of the "
                      "plot?", _trend(fns[-1], -1), "Is the graph of {name} {} at the right "
                      "edge of the plot?", others=TRENDS, name=fns[-1]["name"]),
        # "meet", not "cross": the count holds zeros where the graph only touches the axis
        lambda f: ask("How many times does the graph of {name} meet the x-axis in the plot?",
                      _crossings(f, _one(f)), "Does the graph of {name} meet the x-axis {} "
                      "times?|Does the graph of {name} meet the x-axis once?",
                      name=_one(f)["name"]),
    )
    if len(fns) >= 2 and len(set(colours)) == len(colours) and len(set(names)) == len(names):
        # the function with the colour first by name: the last one asked was always g
        g = min(fns, key=lambda h: h["color"])
        out.append(ask("Which function is drawn in {colour}?", g["name"],
                       "Is {} the function drawn in {colour}?", others=names,
                       colour=g["color"]))
    return out
