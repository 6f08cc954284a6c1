"""MAVIS captions for solid_geometry diagrams (problems are in problem.py).

A caption names the solid and its vertices, reads out every measurement label as drawn, says
which edges (or which part of a base circle / the equator) are hidden and dashed, and mentions
extra segments, shading and the corner note. Every number it writes comes from the facts, in
the diagram's own formatting (``fmt_num``), so the caption-truth contract holds.

    python -c "import numpy as np, renderers; from engines.mavis import registry as r; \
f = renderers.get_family('solid_geometry'); s = f.sample_spec(np.random.default_rng(1)); \
print(r.get_caption_writer('solid_geometry').fn(s, f.facts(s), np.random.default_rng(1)))"
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.solid_geometry.spec import MEASURE_WORDS, SolidSpec, base_polygon
from renderers.spec import rng_choice

OPENERS = [
    "The figure shows {solid}.",
    "This diagram depicts {solid}.",
    "Pictured here is {solid}.",
    "The image contains a line drawing of {solid}.",
    "Shown is {solid}, drawn {view}.",
    "The drawing presents {solid}.",
    "We see {solid} in this figure.",
    "This is a sketch of {solid}.",
    "The picture illustrates {solid}.",
    "Here, {solid} is drawn {view}.",
    "Drawn on a white background is {solid}.",
    "The diagram represents {solid} as a wireframe.",
    "In this figure, {solid} appears {view}.",
    "A three-dimensional figure is shown: {solid}.",
    "The geometric solid in the image is {solid}.",
    "Presented in the image is {solid}, drawn {view}.",
    "The illustration is of {solid}.",
    "Visible in the image is {solid}.",
    "A textbook-style drawing shows {solid}.",
    "The figure gives {solid}, seen {view}.",
    "Look at the figure: it is {solid}.",
    "The solid in the picture is {solid}.",
    "A solid geometry diagram of {solid} is shown.",
    "This spatial figure shows {solid} {view}.",
]

VIEWS = {
    "oblique": ["in oblique projection", "as an oblique (cabinet-style) drawing",
                "in a slanted oblique view", "with its depth shown obliquely"],
    "orthographic": ["from slightly above", "in an isometric-like view",
                     "in a parallel projection from above", "from above and to the {side}"],
}




def _solid_phrase(spec: SolidSpec, facts: dict, rng: np.random.Generator) -> str:
    words = facts["solid"]
    if facts["kind"] == "cuboid" and rng.random() < 0.4:
        words = rng_choice(rng, ["rectangular box", "rectangular prism"])
    if facts["kind"] == "cylinder" and rng.random() < 0.3:
        words = "right circular cylinder"
    if facts["kind"] == "cone" and rng.random() < 0.3:
        words = "right circular cone"
    out = article(words)
    names = spec.vertex_names
    if facts["name"]:
        out += " " + facts["name"]
    elif names and spec.kind == "cone":
        out += f" with apex {names[0]} and base centre {names[1]}"
    elif names and spec.kind == "cylinder":
        out += f" whose base centres are {names[0]} and {names[1]}"
    elif names and spec.kind == "sphere":
        out += f" with centre {names[0]}"
    return out


def _view(spec: SolidSpec, rng: np.random.Generator) -> str:
    proj = "orthographic" if spec.kind == "sphere" else spec.projection
    if proj == "oblique":
        side = "right" if spec.view_angle < 90 else "left"
    else:
        side = "right" if spec.view_angle > 0 else "left"
    return pick(rng, VIEWS[proj], side=side)


def _base_words(spec: SolidSpec) -> str:
    n = len(base_polygon(spec))
    if spec.kind == "cuboid":
        return "rectangle"
    return {3: "triangle", 4: "square", 6: "hexagon"}[n]


def _vertex_sentence(spec: SolidSpec, rng: np.random.Generator) -> str | None:
    names = spec.vertex_names
    if not names or spec.kind in ("cylinder", "cone", "sphere"):
        return None
    n = len(base_polygon(spec))
    bot = "".join(names[:n])
    shape = _base_words(spec)
    if spec.kind == "pyramid":
        return pick(rng, ["Its base is the {shape} {bot} and its apex is {apex}.",
                          "The apex {apex} sits directly above the centre of the base {bot}.",
                          "The lateral edges all meet at the apex {apex}; the base is "
                          "{shape} {bot}.",
                          "Vertex {apex} is the apex, and {bot} is the {shape} at the bottom."],
                    shape=shape, bot=bot, apex=names[n])
    top = "".join(names[n:])
    return pick(rng, ["Its bottom face is the {shape} {bot} and its top face is {top}.",
                      "The lower base is {bot}; the upper base is {top}.",
                      "The vertices {bot} form the bottom base and {top} the top base.",
                      "Base {bot} lies at the bottom, with {top} directly above it.",
                      "The top face {top} is a copy of the bottom {shape} {bot}."],
                shape=shape, bot=bot, top=top)


def _measure_items(spec: SolidSpec, facts: dict, rng: np.random.Generator) -> list[str]:
    items = []
    edges = facts.get("label_edges", {})
    for m in spec.shown:
        word = MEASURE_WORDS[m]
        lab = facts["labels"][m]
        edge = edges.get(m)
        if spec.label_style == "symbol":
            items.append(pick(rng, ["the {word} is marked with the letter {lab}",
                                    "the symbol {lab} stands for the {word}",
                                    "{lab} denotes the {word}"], word=word, lab=lab))
        elif edge and rng.random() < 0.6:
            items.append(pick(rng, ["edge {e} is labelled {lab}",
                                    "edge {e} carries the label {lab}",
                                    "{lab} is written beside edge {e} (the {word})"],
                              e=edge, lab=lab, word=word))
        else:
            items.append(pick(rng, ["the {word} is labelled {lab}", "the {word} is marked {lab}",
                                    "{lab} is written next to the {word}",
                                    "the label {lab} gives the {word}"], word=word, lab=lab))
    return items


def _measure_sentence(spec: SolidSpec, facts: dict, rng: np.random.Generator) -> str:
    items = _measure_items(spec, facts, rng)
    if not items:
        return pick(rng, ["No lengths are marked on the figure.",
                          "The drawing carries no measurements.",
                          "None of its dimensions is labelled."])
    body = join_list(items)
    # a sentence must not start with a label: capitalising "a = 10" would name vertex A
    starts_with_label = any(body.startswith(t) for t in facts["labels"].values())
    # "the labels show that" only before what a label stands for, never before "... carries
    # the label 8"
    shows = ["The labels show that {b}."] if spec.label_style == "symbol" else []
    s = pick(rng, ([] if starts_with_label else ["{b}."]) +
             ["On the figure, {b}.", "As for measurements, {b}.", "In the drawing, {b}."] +
             shows, b=body)
    return s[0].upper() + s[1:]


def _hidden_sentence(spec: SolidSpec, facts: dict, rng: np.random.Generator) -> str:
    if spec.kind == "sphere":
        return pick(rng, ["The back half of the equator is drawn dashed.",
                          "A dashed arc marks the hidden back half of the equator.",
                          "The equator is solid in front and dashed behind."])
    if spec.kind in ("cylinder", "cone"):
        return pick(rng, ["The back part of the base circle is hidden and drawn dashed.",
                          "Dashed lines show the hidden back of the bottom circle.",
                          "The bottom circle is solid in front and dashed behind."])
    n = facts["hidden_edge_count"]
    if n == 0:
        return "Every edge is visible, so no line is dashed."
    if "hidden_edges" in facts and n == 1:
        return pick(rng, ["The hidden edge {e} is drawn dashed.",
                          "Only edge {e} is hidden, so it is dashed."], e=facts["hidden_edges"][0])
    if "hidden_edges" in facts:
        lst = join_list(facts["hidden_edges"])
        return pick(rng, ["The hidden edges {l} are drawn as dashed lines.",
                          "Edges {l} are hidden from view and shown dashed.",
                          "Dashed lines mark the hidden edges {l}.",
                          "Because they lie behind the solid, {l} are dashed."], l=lst)
    if n == 1:
        return "One edge is hidden, so it is drawn dashed."
    return pick(rng, ["{n} hidden edges are drawn dashed.",
                      "Dashed lines show the {n} edges hidden behind the solid.",
                      "The {n} edges that cannot be seen are dashed."], n=n)


def _extra_sentences(spec: SolidSpec, facts: dict, rng: np.random.Generator) -> list[str]:
    out = []
    names = spec.vertex_names
    n = 0 if spec.kind in ("cylinder", "cone", "sphere") else len(base_polygon(spec))
    for e in spec.extras:
        if e == "space_diagonal":
            seg = f" {names[0]}{names[n + 2]}" if names else ""
            out.append(pick(rng, ["A dashed space diagonal{s} runs through the interior.",
                                  "The space diagonal{s} is drawn as a dashed line."], s=seg))
        elif e == "face_diagonal":
            seg = f" {names[n]}{names[n + 2]}" if names else ""
            out.append(pick(rng, ["The diagonal{s} of the top face is drawn.",
                                  "A diagonal{s} is drawn across the top face."], s=seg))
        elif e == "height":
            out.append(pick(rng, ["The height is drawn as a dashed segment through the centre.",
                                  "A dashed segment shows the height of the solid."]))
        elif e == "slant":
            out.append(pick(rng, ["A slant height is drawn on one lateral face.",
                                  "One lateral face shows its slant height from the apex."]))
        elif e == "radius":
            out.append(pick(rng, ["A radius is drawn from the centre.",
                                  "A radius segment starts at the centre."]))
    return out


def _extra_facts_sentence(spec: SolidSpec, facts: dict, rng: np.random.Generator) -> str | None:
    if "faces" in facts and rng.random() < 0.5:
        return pick(rng, ["The solid has {f} faces, {e} edges and {v} vertices.",
                          "It has {f} faces, {e} edges and {v} vertices in all.",
                          "Counting, there are {v} vertices, {e} edges and {f} faces."],
                    f=facts["faces"], e=facts["edges"], v=facts["vertices"])
    props = {
        "cube": "All edges of the cube are equal.",
        "cone": "The apex lies directly above the centre of the circular base.",
        "cylinder": "Its two circular bases are parallel and congruent.",
        "sphere": "Every point of its surface is the same distance from the centre.",
    }
    if spec.kind in props and rng.random() < 0.5:
        return props[spec.kind]
    return None


@caption_writer("solid_geometry", n_phrasings=len(OPENERS))
def caption(spec: SolidSpec, facts: dict, rng: np.random.Generator) -> str:
    # a shaded solid is no wireframe
    openers = [o for o in OPENERS if not spec.shade or "wireframe" not in o]
    parts = [pick(rng, openers, solid=_solid_phrase(spec, facts, rng), view=_view(spec, rng))]
    v = _vertex_sentence(spec, rng)
    if v:
        parts.append(v)
    body = [_measure_sentence(spec, facts, rng), _hidden_sentence(spec, facts, rng)]
    body += _extra_sentences(spec, facts, rng)
    x = _extra_facts_sentence(spec, facts, rng)
    if x:
        body.append(x)
    if spec.shade:
        flat = [] if spec.kind in ("cylinder", "cone", "sphere") else \
            ["The visible faces are lightly shaded {c}."]
        body.append(pick(rng, flat + ["The solid is filled with a pale {c} tint.",
                                      "A light {c} shading covers the solid."], c=spec.color))
    if spec.note:
        body.append(pick(rng, ["The note {t} is written in the top-left corner.",
                               "In the corner the figure states {t}."], t=spec.note))
    order = rng.permutation(len(body))
    parts += [body[i] for i in order]
    return " ".join(parts)
