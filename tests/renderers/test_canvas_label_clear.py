"""A point's name placed by ``Canvas.label`` keeps its box off the dot it names.

A diagonal place set the box's edge, not its corner, at the ring's distance: a wide name
("P(2, -1)", "Q") below and right of its dot stood its box within about 2 px of the dot's
rim. The families that name dots through ``Canvas.label`` (surface3d, contour, sketch,
ternary) now pass ``clear``, the dot's radius and a margin, and every place keeps its box
that far from the anchor; other callers' places are as they were (``clear`` 0).

    python -m pytest -q tests/renderers/test_canvas_label_clear.py
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import renderers  # noqa: F401  (registers the families)
from renderers import get_family
from renderers.canvas import Canvas

FAMILIES = ("surface3d", "contour", "sketch", "ternary")


def name_gaps(family: str, n: int, sizes, monkeypatch) -> list[tuple[float, float, str]]:
    """(gap in px between a name's box and the centre of the dot it names, the dot's radius
    in px, the name) for every label anchored on a drawn dot, over ``n`` sampled specs."""
    fam = get_family(family)
    real_label, real_dot = Canvas.label, Canvas.dot
    dots: list = []
    out = []

    def dot(cv, c, r=3.5, color="black"):
        dots.append((tuple(c), r * cv.unit))
        return real_dot(cv, c, r=r, color=color)

    def label(cv, anchor, text, *args, **kwargs):
        box = real_label(cv, anchor, text, *args, **kwargs)
        for c, r in dots:
            if math.dist(c, anchor) < 0.5:
                dx = max(box[0] - anchor[0], 0.0, anchor[0] - box[2])
                dy = max(box[1] - anchor[1], 0.0, anchor[1] - box[3])
                out.append((math.hypot(dx, dy), r, text))
                break
        return box

    with monkeypatch.context() as mp:
        mp.setattr(Canvas, "dot", dot)
        mp.setattr(Canvas, "label", label)
        for i in range(n):
            spec = fam.sample_spec(np.random.default_rng(4100 + i))
            for size in sizes:
                dots.clear()
                fam.render(spec, size)
    return out


@pytest.mark.parametrize("family", FAMILIES)
def test_names_keep_their_box_off_their_dot(family, monkeypatch):
    """Over 12 sampled specs of each family at 224 and 336 px, every dot's name keeps its box
    more than a pixel beyond the dot's rim (before: boxes 0.5 to 1 px from the rim of a
    contour, sketch or ternary dot, on diagonal places)."""
    got = name_gaps(family, 12, (224, 336), monkeypatch)
    assert got, family
    bad = [(round(g - r, 2), t) for g, r, t in got if g < r + 1.0]
    assert not bad, sorted(bad)[:5]
