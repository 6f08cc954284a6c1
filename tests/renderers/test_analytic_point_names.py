"""An analytic-geometry picture's point names stand nearer their own dot than any other dot.

DynaMath analytic-common-chord (seed 9191, v0, 224 px): the two centres M(1, -1) and N(-1, 1)
lie close, and the label placer's first free place for "M(1, -1)" was up and to the left,
right of the dot of N, where it read as N's coordinates; the same in four of five of the
seed's pictures at 224 px and in a dozen other analytic seeds (the ellipse's foci beside its
centre, a linear map's points beside their images). A point's name now takes only a place
nearer its own dot than any other (``Canvas.label``'s ``dots``), looking between the eight
directions and further out for one. Over the sampler's pictures, the analytic-geometry
problems' diagrams and every DynaMath analytic seed that draws named points, at 224 and
336 px, every point name's box is nearer its own dot than any other dot.

    python -m pytest -q tests/renderers/test_analytic_point_names.py
"""
from __future__ import annotations

from functools import lru_cache
import math

import numpy as np
import pytest

from engines.dynamath.seed import load_seeds, make_variant
from engines.mavis.analytic_geometry.problem import make_problem
from renderers import get_family
from renderers.analytic_geometry.draw import point_label
from renderers.analytic_geometry.spec import AnalyticSpec
from renderers.canvas import Canvas
from tests.tiers import tiers


def gap(box, p) -> float:
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


def named(spec: AnalyticSpec) -> list[str]:
    return [point_label(n, p, o.show_coords) for o in spec.objects
            for n, p in zip(o.pt_names, o.pts) if n]


@lru_cache(maxsize=1)
def analytic_seeds() -> tuple[str, ...]:
    """The DynaMath analytic seeds whose pictures name two points or more."""
    out = []
    for sid in load_seeds():
        if not sid.startswith("analytic"):
            continue
        spec = make_variant(sid, 1, seed=3, pin_canonical=False).spec
        if isinstance(spec, AnalyticSpec) and len(named(spec)) >= 2:
            out.append(sid)
    return tuple(out)


def names(spec: AnalyticSpec, size: int, monkeypatch) -> list[tuple]:
    """(name, the glyphs' box, own dot, the other dots) of each named point, in pixels: the
    dots go down in the order of the names, and the names after every dot."""
    dots, texts = [], []
    real_dot, real_text = Canvas.dot, Canvas.text

    def dot(cv, c, *args, **kwargs):
        dots.append(tuple(c))
        texts.clear()  # only what is written after the last dot
        return real_dot(cv, c, *args, **kwargs)

    def text(cv, c, s, *args, **kwargs):
        box = real_text(cv, c, s, *args, **kwargs)
        texts.append((s, box))
        return box

    with monkeypatch.context() as mp:
        mp.setattr(Canvas, "dot", dot)
        mp.setattr(Canvas, "text", text)
        get_family("analytic_geometry").render(spec, size)
    labels = named(spec)
    assert len(dots) == len(labels)
    out = []
    for s, d in zip(labels, dots):
        box = next(b for t, b in texts if t == s)
        out.append((s, box, d, [q for q in dots if math.dist(q, d) > 1e-6]))
    return out


def mavis_specs(n: int) -> list:
    fam = get_family("analytic_geometry")
    out = [fam.sample_spec(np.random.default_rng(i)) for i in range(n // 2)]
    for i in range(n // 2):
        p = make_problem(np.random.default_rng(7000 + i))
        out += [p.spec, p.vision_spec]
    return out


def misplaced(specs, size: int, monkeypatch) -> tuple[int, list]:
    count, bad = 0, []
    for tag, spec in specs:
        for s, box, own, others in names(spec, size, monkeypatch):
            count += 1
            if others and min(gap(box, q) for q in others) <= gap(box, own):
                bad.append(f"{tag}: {s}")
    return count, bad


@pytest.mark.parametrize("n_variants", tiers(3, 30))
@pytest.mark.parametrize("size", [224, 336])
def test_dynamath_point_names_are_nearer_their_own_dot(size, n_variants, monkeypatch):
    specs = [(f"{sid} v{v}", make_variant(sid, v, seed=9191, pin_canonical=False).spec)
             for sid in analytic_seeds() for v in range(n_variants)]
    count, bad = misplaced(specs, size, monkeypatch)
    assert len(analytic_seeds()) >= 20 and count > 60 * n_variants
    assert not bad, f"{len(bad)} of {count} names nearer another dot: {bad[:10]}"


@pytest.mark.parametrize("n", tiers(60, 400))
@pytest.mark.parametrize("size", [224, 336])
def test_mavis_point_names_are_nearer_their_own_dot(size, n, monkeypatch):
    specs = [(f"spec {i}", s) for i, s in enumerate(mavis_specs(n))]
    count, bad = misplaced(specs, size, monkeypatch)
    assert count > n
    assert not bad, f"{len(bad)} of {count} names nearer another dot: {bad[:10]}"


def test_the_common_chord_centres_name_their_own_dots(monkeypatch):
    """analytic-common-chord v0 (seed 9191) at 224 px: "M(1, -1)" stood beside N's dot."""
    spec = make_variant("analytic-common-chord", 0, seed=9191, pin_canonical=False).spec
    for s, box, own, others in names(spec, 224, monkeypatch):
        assert all(gap(box, q) > gap(box, own) for q in others), s
