"""The point names of ternary, surface and sketch pictures stand nearer their own point.

A ternary "P" went to the first free place beside its dot, between the dots of P and Q, where
it read as Q's (8 of 322 names over 40 sampled pictures at 224 and 336 px); a surface's "B"
stood by the dot of A (analytic-surface-highest-point v5); a sketch's "P" between the cevians'
crossing and F (plane-ceva-piece v1). Each name now takes only a place nearer its own point
than any other named or dotted point (``Canvas.label``'s ``dots``).

    python -m pytest -q tests/renderers/test_marked_point_names.py
"""
from __future__ import annotations

from functools import lru_cache
import math

import numpy as np
import pytest

from engines.dynamath.seed import load_seeds, make_variant
from renderers import get_family
from renderers.canvas import Canvas
from tests.tiers import tiers


def gap(box, p) -> float:
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


def misplaced(family: str, spec, size: int, monkeypatch) -> tuple[int, list[str]]:
    """(how many point names, those nearer another named point than their own): each name's
    box against the places the picture labels its points at."""
    labels = []
    real = Canvas.label

    def label(cv, anchor, text, *args, **kwargs):
        box = real(cv, anchor, text, *args, **kwargs)
        labels.append((text, tuple(anchor), box))
        return box

    with monkeypatch.context() as mp:
        mp.setattr(Canvas, "label", label)
        get_family(family).render(spec, size)
    names = {p.name for p in spec.points}
    pts = [(t, a, b) for t, a, b in labels if t in names]
    bad = []
    for t, a, b in pts:
        others = [q for _, q, _ in pts if math.dist(q, a) > 1e-6]
        if others and min(gap(b, q) for q in others) <= gap(b, a):
            bad.append(t)
    return len(pts), bad


@lru_cache(maxsize=None)
def seeds_of(family: str) -> tuple[str, ...]:
    cls = get_family(family).spec_cls
    out = []
    for sid in load_seeds():
        spec = make_variant(sid, 1, seed=3, pin_canonical=False).spec
        if isinstance(spec, cls) and len(getattr(spec, "points", ())) >= 2:
            out.append(sid)
    return tuple(out)


@pytest.mark.parametrize("n", tiers(40, 200))
def test_ternary_point_names(n, monkeypatch):
    fam, count, bad = get_family("ternary"), 0, []
    for i in range(n):
        spec = fam.sample_spec(np.random.default_rng(i))
        for size in (224, 336):
            k, b = misplaced("ternary", spec, size, monkeypatch)
            count += k
            bad += [f"{i} at {size}: {t}" for t in b]
    assert count > 3 * n
    assert not bad, f"{len(bad)} of {count}: {bad[:10]}"


@pytest.mark.parametrize("family,n", [("surface3d", 6), ("sketch", 8),
                                      *[pytest.param(f, 40, marks=[pytest.mark.soak,
                                                                   pytest.mark.slow])
                                        for f in ("surface3d", "sketch")]])
def test_seed_point_names(family, n, monkeypatch):
    count, bad = 0, []
    for sid in seeds_of(family):
        for v in range(n):
            spec = make_variant(sid, v, seed=9191, pin_canonical=False).spec
            for size in (224, 336):
                k, b = misplaced(family, spec, size, monkeypatch)
                count += k
                bad += [f"{sid} v{v} at {size}: {t}" for t in b]
    assert count > 2 * n
    assert not bad, f"{len(bad)} of {count}: {bad[:10]}"
