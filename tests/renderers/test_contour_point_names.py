"""A contour picture's point names stand nearer their own dot than any other dot.

DynaMath analytic-hyperbola-asymptotes (seed 9191, v10, 224 px): the y axis ran through the
vertex V(0, 2) and the flat curve beside it, so the label placer's first free spot was two
rings down, just above the x axis, where "V(0, 2)" stood nearer the dot of B(3, 0) than its
own. A name now takes the placer's first free spot that is nearer its own dot than any other
(looking further out, and between the eight directions, for one), else such a spot crossing
the least ink; only where there is none is it left to ``Canvas.label``. Each box keeps off its
dot's rim, as ``Canvas.label(clear=)`` keeps it (tests/renderers/test_canvas_label_clear.py).

    python -m pytest -q tests/renderers/test_contour_point_names.py
"""
from __future__ import annotations

import math

import pytest

from engines.dynamath.seed import load_seeds, make_variant
from renderers import get_family
from renderers.canvas import Canvas
from renderers.contour.spec import ContourSpec
from tests.tiers import tiers


def gap(box, p) -> float:
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


def contour_seeds() -> list[str]:
    out = []
    for sid in load_seeds():
        spec = make_variant(sid, 1, seed=3, pin_canonical=False).spec
        if isinstance(spec, ContourSpec) and spec.points:
            out.append(sid)
    return out


def names(spec: ContourSpec, size: int, monkeypatch) -> list[tuple]:
    """(name, the glyphs' box, own dot, the other dots) of each marked point, in pixels."""
    dots, texts = [], []
    real_dot, real_text = Canvas.dot, Canvas.text

    def dot(cv, c, *args, **kwargs):
        dots.append(tuple(c))
        return real_dot(cv, c, *args, **kwargs)

    def text(cv, c, s, *args, **kwargs):
        box = real_text(cv, c, s, *args, **kwargs)
        texts.append((s, box))
        return box

    monkeypatch.setattr(Canvas, "dot", dot)
    monkeypatch.setattr(Canvas, "text", text)
    get_family("contour").render(spec, size)
    monkeypatch.undo()
    out = []
    for p, d in zip(spec.points, dots):
        box = next(b for s, b in texts if s == p.name)
        out.append((p.name, box, d, [q for q in dots if q != d]))
    return out


@pytest.mark.parametrize("n_variants", tiers(16, 40))
@pytest.mark.parametrize("size", [224, 336])
def test_each_name_is_nearer_its_own_dot(size, n_variants, monkeypatch):
    bad, n = [], 0
    for sid in contour_seeds():
        for v in range(n_variants):
            spec = make_variant(sid, v, seed=9191, pin_canonical=False).spec
            for name, box, own, others in names(spec, size, monkeypatch):
                n += 1
                if others and min(gap(box, q) for q in others) <= gap(box, own):
                    bad.append(f"{sid} v{v}: {name}")
                if gap(box, own) < 3.5 * size / 336 + 1.0:  # the dot's rim and a pixel
                    bad.append(f"{sid} v{v}: {name} on its dot")
    assert n > 10 * n_variants
    assert not bad, f"{len(bad)} of {n} names nearer another dot: {bad[:10]}"
