"""Perception questions on plane_geometry pictures: how many shapes, labelled points, triangles,
right-angle marks and shaded shapes the figure has, its base shape, the shape standing on a
side, and the longest side or the right-angled vertex of a triangle.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('plane_geometry'); \
print(q('plane_geometry', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Ask, ask, asker, collect, unique_arg, words


# the base shapes whose vertices the sampler always lays out alike: right triangle ABC has its
# right angle at B and isosceles triangle ABC its apex at A, so the question's words would
# answer which vertex or side it is
_FIXED_BASES = ("right triangle", "isosceles triangle")


def _triangles(f: dict, kind: str = "triangle") -> list[dict]:
    """The figure's triangles of ``kind`` (a type ending so) whose layout the words do not
    give away (not a base shape of ``_FIXED_BASES``)."""
    return [s for i, s in enumerate(f["shapes"]) if s["type"].endswith(kind)
            and len(s.get("vertices", ())) == 3 and not (i == 0 and s["type"] in _FIXED_BASES)]


def _longest(f: dict) -> Ask:
    """The longest side of a triangle, asked only when it is clearly (15%) the longest."""
    t = _triangles(f)[0]
    sides = t["sides"]
    top = unique_arg(sides)
    if any(v > sides[top] / 1.15 for k, v in sides.items() if k != top):
        raise ValueError("no clear longest side")
    return ask("Which side of {name} is the longest?", top, "Is {} the longest side of {name}?",
               others=list(sides), name=t["name"])


def _right_vertex(f: dict) -> Ask:
    t = _triangles(f, "right triangle")[0]
    v = next(k[1] for k, a in t["angles"].items() if abs(a - 90) < 1e-6)
    return ask("At which vertex does {name} have its right angle?", v,
               "Does {name} have its right angle at {}?", others=t["vertices"], name=t["name"])


@asker("plane_geometry")
def questions(f: dict) -> list[Ask]:
    c = f["counts"]
    atts = f.get("attachments") or []
    return collect(
        f,
        lambda f: ask("How many shapes make up the figure?", c["shapes"],
                      "Do {} shapes make up the figure?|Does 1 shape make up the figure?"),
        lambda f: ask("What is the base shape of the figure?", words(f["base_type"]),
                      "Is the base shape of the figure {a}?") if f.get("base_type") else None,
        lambda f: ask("How many labelled points does the figure have?", c["points"],
                      "Does the figure have {} labelled points?|Does the figure have 1 "
                      "labelled point?"),
        lambda f: ask("How many right-angle marks are drawn?", len(f["shown"]["right_angles"]),
                      "Are {} right-angle marks drawn?|Is 1 right-angle mark drawn?"),
        lambda f: ask("How many triangles make up the figure?",
                      sum(s["type"].endswith("triangle") for s in f["shapes"]),
                      "Do {} triangles make up the figure?|Does 1 triangle make up the "
                      "figure?"),
        lambda f: ask("How many shapes are shaded?", c["shaded_shapes"],
                      "Are {} shapes shaded?|Is 1 shape shaded?"),
        lambda f: ask("What shape stands on side {side}?", words(atts[-1]["shape_type"]),
                      "Is the shape standing on side {side} {a}?",
                      others=[words(a["shape_type"]) for a in atts] + ["square", "semicircle"],
                      side=atts[-1]["side"]) if atts and atts[-1].get("side") else None,
        _longest, _right_vertex,
    )
