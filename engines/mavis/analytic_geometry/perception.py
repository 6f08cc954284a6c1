"""Perception questions on analytic_geometry pictures: how many objects and named points are on
the grid, the kind of a lone object and the colour of a named one, the quadrant of a point and
its side of the x-axis, which of two points is further left, and whether a line rises or
falls.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('analytic_geometry'); \
print(q('analytic_geometry', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Ask, ask, asker, collect, words

QUADRANTS = ("first", "second", "third", "fourth")
STRAIGHT = ("segment", "line")
# objects labelled by their name or, where the picture prints it instead, their equation
LABELLED = ("line", "circle", "ellipse", "parabola")


def _name_drawn(o: dict) -> bool:
    """Whether the picture shows ``o``'s name: a line or conic printed with its equation is
    not named ("Does l rise or fall?" of a line labelled "y = 0.5x + 10")."""
    return bool(o.get("name")) and not (o["kind"] in LABELLED and o.get("equation_shown"))


def _quadrant(x: float, y: float) -> str:
    if x == 0 or y == 0:
        raise ValueError("on an axis")
    return QUADRANTS[(0 if y > 0 else 3) if x > 0 else (1 if y > 0 else 2)]


def _point(f: dict, k: int = 0) -> tuple[str, list[float]]:
    names = sorted(f["points"])
    n = names[(len(f["objects"]) + k) % len(names)]
    return n, f["points"][n]


def _left(f: dict) -> Ask:
    (a, pa), (b, pb) = _point(f), _point(f, 1)
    if a == b or abs(pa[0] - pb[0]) < 1:
        raise ValueError("no clear pair")
    return ask("Which point is further to the left, {a} or {b}?", a if pa[0] < pb[0] else b,
               "Is {} the point further to the left of {a_} and {b_}?", others=[a, b], a=a,
               b=b, a_=a, b_=b)


def _rises(f: dict) -> Ask:
    o = next(o for o in f["objects"] if o["kind"] in STRAIGHT and _name_drawn(o)
             and not o.get("vertical") and o.get("slope"))
    return ask("Does {name} rise or fall from left to right?",
               "rise" if o["slope"] > 0 else "fall", "Does {name} {} from left to right?",
               others=["rise", "fall"], name=o["name"])


@asker("analytic_geometry")
def questions(f: dict) -> list[Ask]:
    objs = f["objects"]
    named = [o for o in objs if _name_drawn(o)]
    coloured = [o for o in named if o["kind"] != "point"]
    return collect(
        f,
        lambda f: ask("How many objects are drawn on the grid?", len(objs),
                      "Are {} objects drawn on the grid?|Is 1 object drawn on the grid?"),
        lambda f: ask("What kind of object is drawn on the grid?", words(objs[0]["kind"]),
                      "Is the object drawn on the grid {a}?") if len(objs) == 1 else None,
        lambda f: ask("How many named points are marked?", f["counts"]["named_points"],
                      "Are {} named points marked?|Is 1 named point marked?")
        if f["counts"]["named_points"] else None,
        # of a named object other than a point (every point is drawn black); "What kind of
        # object is e?" is not asked: a name tells its kind (e an ellipse, ABC a triangle)
        lambda f: ask("What colour is {name}?", coloured[-1]["color"], "Is {name} {}?",
                      others=[o["color"] for o in objs], name=coloured[-1]["name"]),
        lambda f: ask("In which quadrant is point {p}?", _quadrant(*_point(f)[1]),
                      "Is point {p} in the {} quadrant?", others=QUADRANTS, p=_point(f)[0]),
        lambda f: ask("Is point {p} above or below the x-axis?",
                      "above" if _point(f, 1)[1][1] > 0 else "below",
                      "Is point {p} {} the x-axis?", others=["above", "below"],
                      p=_point(f, 1)[0]) if _point(f, 1)[1][1] != 0 else None,
        _left, _rises,
    )
