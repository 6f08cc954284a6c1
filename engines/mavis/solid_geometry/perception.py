"""Perception questions on solid_geometry pictures: which solid is shown, its base shape, its
numbers of faces, edges, vertices and dashed (hidden) edges, its apex and how many points are
labelled (not its curved surfaces: every round solid drawn has one).

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('solid_geometry'); \
print(q('solid_geometry', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Ask, ask, asker, collect, words

POLYHEDRA = ("cube", "cuboid", "prism", "pyramid")
# the other kinds whose name is true of a solid too: a cube is a cuboid with equal edges, and a
# cube or cuboid is a right prism on a square or rectangular base (no cylinder is called a
# prism, nor a cone a pyramid)
CLASSES = {"cube": ("cuboid", "prism"), "cuboid": ("prism",)}


def _kind(f: dict) -> str:
    """The solid's name as the picture shows it: a cuboid drawn with three equal edges is a
    cube."""
    d = f.get("dimensions", {})
    if f["kind"] == "cuboid" and d and d["length"] == d["width"] == d["height"]:
        return "cube"
    return f["kind"]


def _what_solid(f: dict) -> Ask:
    """"What solid is shown?", with the classes the solid belongs to as answers also true of
    it: another picture's answer is claimed of this one only where neither names a class of
    the other's solid (engines/mavis/perception.py), so a cube is never told "No" of "Is the
    solid shown a prism?" or "... a cuboid?"."""
    kind = _kind(f)
    return ask("What solid is shown?", words(kind), "Is the solid shown {a}?",
               alike=[words(k) for k in CLASSES.get(kind, ())])


def _poly(f: dict) -> None:
    if f["kind"] not in POLYHEDRA:
        raise ValueError("not a polyhedron")


@asker("solid_geometry")
def questions(f: dict) -> list[Ask]:
    return collect(
        f,
        _what_solid,
        lambda f: ask("What is the shape of the base of the solid?", words(f["base"]),
                      "Is the base of the solid {a}?")
        if f["kind"] in ("prism", "pyramid") and f.get("base") else None,
        lambda f: _poly(f) or ask("How many faces does the solid have?", f["faces"],
                                  "Does the solid have {} faces?"),
        lambda f: _poly(f) or ask("How many edges does the solid have?", f["edges"],
                                  "Does the solid have {} edges?"),
        lambda f: _poly(f) or ask("How many vertices does the solid have?", f["vertices"],
                                  "Does the solid have {} vertices?"),
        lambda f: _poly(f) or ask("How many edges are drawn dashed?", f["hidden_edge_count"],
                                  "Are {} edges drawn dashed?|Is 1 edge drawn dashed?"),
        lambda f: ask("Which labelled point is the apex?",
                      next(k for k, r in f["point_roles"].items() if r == "apex"),
                      "Is {} the apex?", others=f["vertex_names"])
        if f["kind"] in ("pyramid", "cone") else None,
        lambda f: ask("How many points are labelled with letters?", len(f["vertex_names"]),
                      "Are {} points labelled with letters?|Is 1 point labelled with a "
                      "letter?") if f.get("vertex_names") else None,
    )
