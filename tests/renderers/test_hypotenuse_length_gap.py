"""A side's length clear of its side, at 224 and 336 px: three units off the side's line left
the number's box a pixel or less from the stroke at 224 px (the stroke's own half width taken
off), and a hypotenuse's "16" stood touching it, the corner of its box on the slanting line;
the glyphs' box as drawn, set on whole supersampled pixels, came up to 0.6 px nearer still at
336 px. Each length beside its side keeps its box a pixel and a half of white off the side's
stroke, and still stands nearer its own side than any other line. Over the DynaMath right
triangles whose hypotenuse or legs are written and MAVIS caption figures.

    python -m pytest -q tests/renderers/test_hypotenuse_length_gap.py
"""
from __future__ import annotations

import numpy as np
import pytest

from engines.dynamath.seed import make_variant
from renderers import get_family
from renderers.canvas import point_box_gap, seg_dist
from tests.tiers import tiers

SIZES = (224, 336)
SEEDS = ("plane-hypotenuse", "plane-missing-leg", "plane-is-right-triangle")


def box_gap(box, a, b) -> float:
    """Distance between a box and the segment ab (0 where the segment enters it)."""
    x0, y0, x1, y1 = box
    for t in np.linspace(0.0, 1.0, 101):
        q = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        if x0 <= q[0] <= x1 and y0 <= q[1] <= y1:
            return 0.0
    corners = ((x0, y0), (x1, y0), (x0, y1), (x1, y1))
    return min([seg_dist(c, a, b) for c in corners] + [point_box_gap(a, box),
                                                       point_box_gap(b, box)])


def gap_faults(spec, size: int) -> list[str]:
    """Every length of ``spec`` at ``size`` px set beside its side (no leader) whose box comes
    within a pixel and a half of its side's stroke (2 units wide), or stands nearer another
    line than its own side."""
    out = []
    for r in get_family("plane_geometry").label_layout(spec, size):
        if r.kind != "measure" or r.leader is not None:
            continue
        white = box_gap(r.box, *r.segment) - size / 336  # less the stroke's half width
        if white < 1.5 - 1e-6:
            out.append(f"{size}px {r.key} {r.text!r}: {white:.2f} px off its side")
        c = ((r.box[0] + r.box[2]) / 2, (r.box[1] + r.box[3]) / 2)
        own = seg_dist(c, *r.segment)
        if any(seg_dist(c, *o) <= own for o in r.others):
            out.append(f"{size}px {r.key} {r.text!r}: nearer another line")
    return out


@pytest.mark.parametrize("sid", SEEDS)
@pytest.mark.parametrize("n", tiers(3, 40))
def test_right_triangle_lengths_clear_of_their_sides(sid, n):
    out = []
    for seed in (9494, 9191):
        for v in range(n):
            spec = make_variant(sid, v, seed=seed, pin_canonical=False).spec
            out += [f"s{seed} v{v} {f}" for size in SIZES for f in gap_faults(spec, size)]
    assert out == []


@pytest.mark.parametrize("n", tiers(4, 120))
def test_caption_lengths_clear_of_their_sides(n):
    fam = get_family("plane_geometry")
    out = []
    for i in range(n):
        spec = fam.sample_spec(np.random.default_rng(9191 + i), n_attached=3 if i % 2 else None)
        out += [f"{i} {f}" for size in SIZES for f in gap_faults(spec, size)]
    assert out == []
