"""MAVIS captions for analytic_geometry diagrams (problems are in problem.py).

A caption opens with one of many phrasings naming the objects on the grid, gives the plotted
range, then one sentence per object from its facts (coordinates, slope and intercept, centre and
radius, vertex and focus, area) and a sentence on the relations that hold (parallel,
perpendicular, intersection points, points lying on curves). Every number comes from the facts,
formatted with ``fmt_num`` as the diagram shows it, so the caption-truth contract holds.

    python -c "import numpy as np, renderers; from engines.mavis import registry as r; \
f = renderers.get_family('analytic_geometry'); s = f.sample_spec(np.random.default_rng(1)); \
print(r.get_caption_writer('analytic_geometry').fn(s, f.facts(s), np.random.default_rng(1)))"
"""
from __future__ import annotations

import math

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.text import fmt_num

OPENERS = [
    "The figure shows {things} on a coordinate grid.",
    "On the Cartesian plane we see {things}.",
    "This coordinate plane contains {things}.",
    "Plotted on a grid with an x-axis and a y-axis: {things}.",
    "A coordinate system is drawn with {things}.",
    "The image depicts a rectangular coordinate system containing {things}.",
    "In the xy-plane, the diagram presents {things}.",
    "The diagram is an analytic geometry figure with {things}.",
    "Drawn over a square grid {are} {things}.",
    "Look at the coordinate plane: it holds {things}.",
    "We are given a Cartesian grid on which {things} {are} plotted.",
    "The picture shows a pair of coordinate axes together with {things}.",
    "A graph-paper style diagram with labelled axes shows {things}.",
    "{Things} {are} placed on the coordinate plane.",
    "Against a light grid with axes x and y, the figure draws {things}.",
    "This analytic geometry diagram features {things}.",
    "The coordinate diagram includes {things}.",
    "Shown in a Cartesian coordinate system: {things}.",
    "An xy-coordinate grid displays {things}.",
    "The plot presents {things} in rectangular coordinates.",
    "One can see {things} drawn on a coordinate grid.",
    "The image is a coordinate-plane drawing of {things}.",
    "Here the coordinate plane carries {things}.",
    "Gridded axes frame {things}.",
]

RANGE = [
    "The x-axis runs from {xmin} to {xmax} and the y-axis from {ymin} to {ymax}.",
    "The visible window is {xmin} to {xmax} horizontally and {ymin} to {ymax} vertically.",
    "The grid covers x from {xmin} to {xmax} and y from {ymin} to {ymax}, one unit per square.",
    "Horizontally the grid spans {xmin} to {xmax}; vertically, {ymin} to {ymax}.",
    "Each grid square is one unit; x goes from {xmin} to {xmax}, y from {ymin} to {ymax}.",
]

KIND_WORDS = {"point": "point", "segment": "segment", "line": "line", "circle": "circle",
              "ellipse": "ellipse", "parabola": "parabola", "triangle": "triangle",
              "quadrilateral": "quadrilateral"}
QUADRANT = {1: "the first quadrant", 2: "the second quadrant", 3: "the third quadrant",
            4: "the fourth quadrant"}
NUM_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"]


def _pt(xy) -> str:
    return f"({fmt_num(xy[0])}, {fmt_num(xy[1])})"


def _named(name: str, xy) -> str:
    return f"{name}{_pt(xy)}"




def _thing(o: dict) -> str:
    """Short noun phrase for the opener: 'point A', 'a circle c', 'triangle ABC'."""
    k = o["kind"]
    if k == "point":
        return f"point {o['name']}"
    if k in ("segment", "triangle", "quadrilateral"):
        return f"{KIND_WORDS[k]} {o['name']}"
    return f"{article(KIND_WORDS[k])} {o['name']}"


def _point_sentence(o: dict, rng: np.random.Generator) -> str:
    n, xy = o["name"], o["coords"]
    s = pick(rng, ["Point {n} is at {p}", "Point {n} has coordinates {p}",
                   "{n} is plotted at {p}", "The point {n} sits at {p}"], n=n, p=_pt(xy))
    if o["quadrant"]:
        s += pick(rng, [", in {q}", ", which lies in {q}", " ({q})"], q=QUADRANT[o["quadrant"]])
    return s + "."


def _line_sentence(o: dict, rng: np.random.Generator) -> str:
    n = o["name"]
    pts = o.get("points", {})
    parts = []
    if o["kind"] == "segment":
        (a, pa), (b, pb) = pts.items()
        parts.append(pick(rng, ["Segment {n} joins {A} and {B}", "Segment {n} runs from {A} to {B}",
                                "The segment {n} has endpoints {A} and {B}"],
                          n=n, A=_named(a, pa), B=_named(b, pb)))
        parts.append(pick(rng, ["its length is {L}", "it is {L} units long",
                                "it measures {L}"], L=fmt_num(o["length"])))
        parts.append(pick(rng, ["its midpoint is {m}", "its midpoint lies at {m}"],
                          m=_pt(o["midpoint"])))
    else:
        if pts:
            (a, pa), (b, pb) = pts.items()
            parts.append(pick(rng, ["Line {n} passes through {A} and {B}",
                                    "Line {n} goes through the points {A} and {B}",
                                    "The line {n} is drawn through {A} and {B}"],
                              n=n, A=_named(a, pa), B=_named(b, pb)))
            parts.append(pick(rng, ["its equation is {e}", "so it is the line {e}"],
                              e=o["equation"]))
        else:
            parts.append(pick(rng, ["Line {n} is the graph of {e}", "Line {n} has equation {e}",
                                    "The line {n} is {e}"], n=n, e=o["equation"]))
    if o["vertical"]:
        parts.append(pick(rng, ["it is vertical", "it is parallel to the y-axis"]))
    elif o["slope"] == 0:
        parts.append(pick(rng, ["it is horizontal", "it has slope 0"]))
    else:
        parts.append(pick(rng, ["its slope is {m}", "it has slope {m}", "it rises {m} per unit of x"
                                if o["slope"] > 0 else "it falls {a} per unit of x"],
                          m=fmt_num(o["slope"]), a=fmt_num(abs(o["slope"]))))
        if o["kind"] == "line":
            parts.append(pick(rng, ["it crosses the y-axis at {b}", "its y-intercept is {b}"],
                              b=fmt_num(o["y_intercept"])))
    return join_list(parts) + "."


def _conic_sentence(o: dict, rng: np.random.Generator) -> str:
    n, k = o["name"], o["kind"]
    centre = o.get("center") or o.get("vertex")
    pts = o.get("points", {})
    cname = next((nm for nm, xy in pts.items() if xy == centre), None)
    cw = _named(cname, centre) if cname else _pt(centre)
    if k == "circle":
        s = pick(rng, ["Circle {n} has centre {c} and radius {r}",
                       "The circle {n} is centred at {c} with radius {r}",
                       "Circle {n}, of radius {r}, is centred at {c}"],
                 n=n, c=cw, r=fmt_num(o["radius"]))
        others = [(nm, xy) for nm, xy in pts.items() if nm != cname]
        if others:
            s += pick(rng, [" and passes through {p}", "; the point {p} lies on it"],
                      p=_named(*others[0]))
        s += pick(rng, [". Its equation is {e}", ". It is the set of points with {e}",
                        ". In equation form, {e}"], e=o["equation"])
        if rng.random() < 0.5:
            s += pick(rng, [", its area is about {a} and its circumference about {c}",
                            "; it encloses about {a} square units, with circumference {c}"],
                      a=fmt_num(o["area"]), c=fmt_num(o["circumference"]))
        return s + "."
    if k == "ellipse":
        s = pick(rng, ["Ellipse {n} is centred at {c} with semi-axes {a} along x and {b} along y",
                       "The ellipse {n} has centre {c}, horizontal semi-axis {a} and vertical "
                       "semi-axis {b}"], n=n, c=cw, a=fmt_num(o["semi_x"]), b=fmt_num(o["semi_y"]))
        s += pick(rng, [", so its major axis is {d}", "; its major axis is {d}"],
                  d=o["major_axis"])
        s += pick(rng, [". Its equation is {e}", ". It satisfies {e}"], e=o["equation"])
        if rng.random() < 0.5:
            s += pick(rng, [", with foci at {f} and {g}", "; its foci are {f} and {g}"],
                      f=_pt(o["foci"][0]), g=_pt(o["foci"][1]))
        return s + "."
    s = pick(rng, ["Parabola {n}, {e}, opens {d} from its vertex {v}",
                   "The parabola {n} has vertex {v} and opens {d}; its equation is {e}",
                   "Parabola {n} is the graph of {e}, with vertex {v}, opening {d}"],
             n=n, e=o["equation"], v=cw, d=o["opens"] + "ward")
    s += pick(rng, [". Its axis of symmetry is {x}", ". It is symmetric about {x}"],
              x=o["axis_of_symmetry"])
    if rng.random() < 0.5:
        s += pick(rng, [", its focus is {f} and its directrix {d}",
                        "; the focus is at {f}, the directrix is {d}"], f=_pt(o["focus"]),
                  d=o["directrix"])
    return s + "."


def _polygon_sentence(o: dict, rng: np.random.Generator) -> str:
    kind, n = o["kind"], o["name"]
    verts = join_list([_named(nm, xy) for nm, xy in o["points"].items()])
    s = pick(rng, ["{K} {n} has vertices {v}", "The {k} {n} is formed by {v}",
                   "{K} {n} connects the points {v}"], K=kind.capitalize(), k=kind, n=n, v=verts)
    s += pick(rng, ["; its area is {a}", ", enclosing an area of {a}", "; by the shoelace "
                    "formula its area is {a}"], a=fmt_num(o["area"]))
    if rng.random() < 0.5:
        # "about" only where a side's length does not end within two decimals
        vs = o["vertices"]
        exact = all(abs(math.dist(p, q) * 100 - round(math.dist(p, q) * 100)) < 1e-6
                    for p, q in zip(vs, vs[1:] + vs[:1]))
        s += pick(rng, [" and its perimeter is {a}{p}", ", perimeter {a}{p}"],
                  a="" if exact else "about ", p=fmt_num(o["perimeter"]))
    return s + "."


def _relation_sentences(facts: dict, rng: np.random.Generator) -> list[str]:
    out = []
    for r in facts["relations"]:
        if r["type"] == "parallel":
            out.append(pick(rng, ["{a} and {b} are parallel.", "{a} is parallel to {b}."],
                            a=r["objects"][0], b=r["objects"][1]))
        elif r["type"] == "perpendicular":
            out.append(pick(rng, ["{a} and {b} are perpendicular.",
                                  "{a} meets {b} at a right angle."],
                            a=r["objects"][0], b=r["objects"][1]))
        elif r["type"] == "intersection":
            out.append(pick(rng, ["{a} and {b} intersect at {p}.", "{a} crosses {b} at {p}.",
                                  "The intersection of {a} and {b} is {p}."],
                            a=r["objects"][0], b=r["objects"][1], p=_pt(r["point"])))
        elif r["type"] == "on":
            out.append(pick(rng, ["Point {p} lies on {o}.", "{p} is on {o}."],
                            p=r["point"], o=r["object"]))
    return out


def _labels_sentence(facts: dict, rng: np.random.Generator) -> str | None:
    shown_eq = [o["name"] for o in facts["objects"] if o["equation_shown"]]
    shown_pt = [o["name"] for o in facts["objects"] if o["coords_shown"] and o["kind"] == "point"]
    shown_on = [o["name"] for o in facts["objects"] if o["coords_shown"] and o["kind"] != "point"]
    parts = []
    if shown_eq:
        # each opens with a word, not a name: "l" capitalised would be another object's name
        one = len(shown_eq) == 1
        parts.append(pick(rng, ["the equation of {x} is written beside it" if one else
                                "the equations of {x} are written beside them",
                                "the equation of {x} is printed as its label" if one else
                                "each of {x} carries its equation as a label"],
                          x=join_list(shown_eq)))
    if shown_pt or shown_on:
        # a point carries its own coordinates; a line or a conic, those of its named points
        whose = [f"point{'s' if len(shown_pt) > 1 else ''} {join_list(shown_pt)}"] if shown_pt \
            else []
        n_on = sum(len(o["points"]) for o in facts["objects"] if o["name"] in shown_on)
        whose += [f"the named point{'s' if n_on > 1 else ''} of {join_list(shown_on)}"] \
            if shown_on else []
        many = len(shown_pt) + n_on > 1
        parts.append(pick(rng, ["the coordinates of {x} are printed beside them" if many else
                                "the coordinates of {x} are printed beside it",
                                "{x} carry their coordinates as labels" if
                                len(shown_pt) > 1 or n_on > 1 or (shown_pt and shown_on) else
                                "{x} carries its coordinates as a label"],
                          x=join_list(whose)))
    if not parts:
        return None
    s = join_list(parts)
    return s[0].upper() + s[1:] + "."


@caption_writer("analytic_geometry", n_phrasings=len(OPENERS))
def caption(spec, facts: dict, rng: np.random.Generator) -> str:
    objs = facts["objects"]
    things = join_list([_thing(o) for o in objs])
    many = len(objs) > 1
    opener = pick(rng, OPENERS, things=things, Things=things[0].upper() + things[1:],
                  are="are" if many else "is")
    sents = [opener]
    if rng.random() < 0.6:
        sents.append(pick(rng, RANGE, **{k: fmt_num(v) for k, v in facts["range"].items()}))
    order = list(range(len(objs)))
    if rng.random() < 0.3:
        order = order[::-1]
    for i in order:
        o = objs[i]
        if o["kind"] == "point":
            sents.append(_point_sentence(o, rng))
        elif o["kind"] in ("segment", "line"):
            sents.append(_line_sentence(o, rng))
        elif o["kind"] in ("circle", "ellipse", "parabola"):
            sents.append(_conic_sentence(o, rng))
        else:
            sents.append(_polygon_sentence(o, rng))
    sents += _relation_sentences(facts, rng)
    lab = _labels_sentence(facts, rng)
    if lab and rng.random() < 0.7:
        sents.append(lab)
    if len(objs) > 1 and rng.random() < 0.4:
        sents.append(pick(rng, ["In total there are {n} objects.", "Altogether {n} objects are "
                                "drawn."], n=NUM_WORDS[min(len(objs), 8)]))
    return " ".join(sents)
