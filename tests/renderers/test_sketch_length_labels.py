"""A sketch's segment lengths stand by their own segment.

DynaMath plane-kite-diagonal (seed 9191, v000): the diagonal BD's "8" was anchored at BD's
middle, where the other diagonal AC crosses it; the label placer moved it off both strokes
into the corner between them, nearer AC than BD, and the picture read as AC = 8 (the length
asked). A segment's length now goes beside a point of its segment where the label's box is
nearer that segment than any other drawn one, the middle first (every segment
three font sizes long or more, over 12 variants of each sketch seed).

    python -m pytest -q tests/renderers/test_sketch_length_labels.py
"""
from __future__ import annotations

import math

import pytest

from engines.dynamath.seed import load_seeds, make_variant
from renderers.sketch.spec import SketchSpec
from renderers.text import font_px
from tests.renderers.sketch_drawn import drawn


def seg_gap(p, a, b) -> float:
    """The distance from p to the segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def sketch_seeds() -> list[str]:
    out = []
    for sid in load_seeds():
        spec = make_variant(sid, 1, seed=3, pin_canonical=False).spec
        if isinstance(spec, SketchSpec) and any(s.label for s in spec.segments):
            out.append(sid)
    return out


def length_labels(spec: SketchSpec, size: int, monkeypatch) -> list[tuple]:
    """(text, box centre, own segment, the other segments) of each segment length, in pixels."""
    lines, lengths = drawn(spec, size, monkeypatch)
    segs = [i for i, s in enumerate(spec.segments) if s.label]
    out = []
    # the segments' lengths are the last labels placed, in the order of the segments
    for i, (text, c) in zip(segs, lengths):
        assert text == spec.segments[i].label
        out.append((text, c, lines[i], [ln for j, ln in enumerate(lines) if j != i]))
    return out


@pytest.mark.parametrize("size", [224, 336])
def test_each_length_is_nearer_its_own_segment(size, monkeypatch):
    bad, n = [], 0
    for sid in sketch_seeds():
        for v in range(12):
            spec = make_variant(sid, v, seed=9191, pin_canonical=False).spec
            for text, c, own, others in length_labels(spec, size, monkeypatch):
                if math.dist(*own) < 3 * font_px(size):
                    continue  # a radius of 1 or 2 beside a right-angle mark: no room by it
                n += 1
                mine = seg_gap(c, *own)
                if any(seg_gap(c, *o) <= mine for o in others):
                    bad.append(f"{sid} v{v}: {text!r}")
    assert n > 800
    assert not bad, f"{len(bad)} of {n} lengths nearer another segment: {bad[:40]}"
