"""MAVIS captions for plane_geometry figures.

Captions are written from the facts only: the base shape, each attached shape and the side it
stands on, the letters, the written lengths and angles, right-angle marks, equal ticks,
parallel arrows and shading; every number is a facts number formatted as the diagram shows it.

    python -c "import numpy as np, renderers; from engines.mavis import registry as r; \
f = renderers.get_family('plane_geometry'); s = f.sample_spec(np.random.default_rng(1)); \
print(r.get_caption_writer('plane_geometry').fn(s, f.facts(s), np.random.default_rng(1)))"
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.plane_geometry.spec import PlaneGeometrySpec
from renderers.text import fmt_num

FAMILY = "plane_geometry"

OPENERS = (
    "The figure shows {base}.", "The diagram depicts {base}.", "Shown here is {base}.",
    "This image presents {base}.", "In the picture we see {base}.",
    "The drawing is built on {base}.", "Pictured is {base}.",
    "This geometry figure starts from {base}.", "At the heart of the diagram lies {base}.",
    "The illustration contains {base}.", "A plane figure is drawn, based on {base}.",
    "Here we have {base}.", "The image is a geometric diagram of {base}.",
    "Our figure is based on {base}.", "Displayed is {base}.", "The sketch shows {base}.",
    "Consider the figure: it is made from {base}.", "This diagram features {base}.",
    "Visible in the image is {base}.", "The main shape of this figure is {base}.",
    "One can see {base} in this diagram.", "Drawn in black lines is {base}.",
    "A geometry diagram: {base}.", "The picture centres on {base}.",
)
ATTACH = {
    "square": ("A square {name} is attached to side {side}.",
               "On side {side} stands a square {name}.",
               "Side {side} is shared with a square {name} built outward.",
               "A square {name} is drawn outward on {side}."),
    "semicircle_out": ("A semicircle with diameter {side} bulges outward from {side}.",
                       "On {side} a semicircle is drawn outward, {side} being its diameter.",
                       "Side {side} carries an outward semicircle.",
                       "A half-disk is attached along {side}, with {side} as its diameter."),
    "semicircle_in": ("A semicircle with diameter {side} is cut out of {host}.",
                      "A semicircular notch on {side} is removed from {host}.",
                      "From {host}, a semicircle on {side} is cut away inward.",
                      "The semicircle on {side} curves into {host} and is left blank."),
    "triangle": ("{Shape} {name} is attached along side {side}.",
                 "Side {side} is also a side of {shape} {name}, drawn outward.",
                 "On {side} sits {shape} {name}.",
                 "{Shape} {name} shares side {side} with {host}."),
    "incircle": ("A circle with centre {c} is inscribed in {host}.",
                 "{Host} contains an inscribed circle centred at {c}.",
                 "Inside {host} there is a circle {c} tangent to all its sides.",
                 "Circle {c} is inscribed in {host}, touching every side."),
}
SIDES = ("The side {k} is labeled {v}.", "{k} is marked with length {v}.",
         "The label on {k} reads {v}.", "Side {k} has length {v}.")
ANGLES = ("∠{k} is marked as {v}°.", "The angle {k} is labeled {v}°.",
          "An arc at {m} marks ∠{k} = {v}°.", "∠{k} measures {v}°.")




def _shape_phrase(s: dict) -> str:
    t = s["type"]
    if t == "circle":
        return f"a circle with centre {s['center']}"
    if t == "sector":
        v = s["vertices"]
        return f"a sector {''.join(v)} with centre {v[0]}"
    return f"{article(t)} {''.join(s['vertices'])}"


def _shaded_flags(spec: PlaneGeometrySpec) -> list[bool]:
    """What is drawn filled: a cut-out is white whatever its flag says."""
    return [spec.base_shaded] + [a.shaded and a.kind != "semicircle_in"
                                 for a in spec.attachments]


@caption_writer(FAMILY, n_phrasings=len(OPENERS))
def caption(spec: PlaneGeometrySpec, facts: dict, rng: np.random.Generator) -> str:
    shapes = facts["shapes"]
    out = [pick(rng, OPENERS, base=_shape_phrase(shapes[0]))]
    for a, s in zip(facts["attachments"], shapes[1:]):
        hname = shapes[a["on_shape"]]["name"]
        t = s["type"]
        name = "".join(s.get("vertices", []))
        out.append(pick(rng, ATTACH[a["type"]], side=a["side"], name=name, host=hname,
                        Host=hname[0].upper() + hname[1:], shape=article(t),
                        Shape=article(t).capitalize(), c=s.get("center", "")))
    if facts["base"] == "circle":
        o, p = spec.names
        out.append(pick(rng, ("Its radius {r} is drawn.", "The segment {r} is a radius.",
                              "A radius {r} runs from the centre to the circle."), r=o + p))
    shown = facts["shown"]
    items = list(shown["sides"].items())
    if items and rng.random() < 0.5:
        out.append(pick(rng, ("The labels give {x}.", "Written lengths: {x}.",
                              "The figure states {x}.", "Measurements shown: {x}."),
                        x=join_list([f"{k} = {fmt_num(v)}" for k, v in items])))
    else:
        out += [pick(rng, SIDES, k=k, v=fmt_num(v)) for k, v in items]
    for k, v in shown["angles"].items():
        out.append(pick(rng, ANGLES, k=k, v=fmt_num(v), m=k[1]))
    rights = shown["right_angles"]
    if rights:
        # by three letters: a corner shared by two shapes has an angle in each
        at = join_list([f"∠{r}" for r in rights])
        out.append(pick(rng, ("A right-angle mark shows that {at} is a right angle.",
                              "A small square marks {at} as a right angle.",
                              "{at} is drawn as a right angle.")
                        if len(rights) == 1 else
                        ("Right-angle marks show that {at} are right angles.",
                         "Small squares mark {at} as right angles.",
                         "{at} are drawn as right angles."), at=at))
    for g in shown["equal_sides"]:
        out.append(pick(rng, ("Tick marks show that {x} are equal.",
                              "Matching ticks indicate {x} have the same length.",
                              "{x} carry the same tick marks, so they are equal."),
                        x=join_list(g)))
    for g in shown["parallel_sides"]:
        out.append(pick(rng, ("Arrow marks show that {x} are parallel.",
                              "{x} carry matching arrows: they are parallel.",
                              "Arrowheads indicate {y}."),
                        x=join_list(g), y=" ∥ ".join(g)))
    shaded = [s["name"] for s, p in zip(shapes, _shaded_flags(spec)) if p]
    if shaded:
        x = join_list(shaded)
        out.append(pick(rng, ("{X} {be} shaded.", "Shading fills {x}.",
                              "{X} {be} filled with a light colour.", "The shaded part is {x}."),
                        x=x, X=x[0].upper() + x[1:], be="is" if len(shaded) == 1 else "are"))
    if rng.random() < 0.5:
        pts = sorted(facts["points"])
        out.append(pick(rng, ("The labeled points are {x}.", "Points {x} are named.",
                              "The vertices carry the letters {x}."), x=join_list(pts)))
    return " ".join(out)
