"""A right-angle square clear of an inscribed circle, at 224 and 336 px: in a long thin right
triangle the incircle comes so near the right angle that the square's outer corner stood on
or inside the circle, its strokes crossing the curve, and neither read plainly. The square is
drawn smaller there (down to 2 % of the picture), so that a pixel and a half of white parts
its strokes from the circle's, or half a pixel at the least size (a 7-24-25 triangle at
224 px); elsewhere it keeps its size.

    python -m pytest -q tests/renderers/test_plane_incircle_square.py
"""
from __future__ import annotations

import math

import pytest

from engines.dynamath.seed import make_variant
from renderers import get_family
from renderers.canvas import Canvas, seg_dist
from renderers.plane_geometry.spec import Attachment, PlaneGeometrySpec
from tests.tiers import tiers

SIZES = (224, 336)


def _segs_gap(p, q, a, b) -> float:
    """Distance between segments pq and ab (0 where they cross)."""
    def side(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])

    if side(p, q, a) * side(p, q, b) < 0 and side(a, b, p) * side(a, b, q) < 0:
        return 0.0
    return min(seg_dist(p, a, b), seg_dist(q, a, b), seg_dist(a, p, q), seg_dist(b, p, q))


def squares_and_curves(spec, size: int, monkeypatch):
    """The right-angle squares (three-point strokes 1.4 units wide) and the curves (strokes of
    many points) drawn for ``spec`` at ``size`` px."""
    drawn = []
    line = Canvas.line

    def spy(self, pts, color="black", width=2.0, dash=None, **kw):
        drawn.append((list(pts), width))
        return line(self, pts, color=color, width=width, dash=dash, **kw)

    with monkeypatch.context() as mp:
        mp.setattr(Canvas, "line", spy)
        get_family("plane_geometry").render(spec, size)
    squares = [p for p, w in drawn if len(p) == 3 and w == 1.4]
    curves = [p for p, w in drawn if len(p) > 12]
    return squares, curves


def square_faults(spec, size: int, monkeypatch) -> list[str]:
    unit = size / 336
    squares, curves = squares_and_curves(spec, size, monkeypatch)
    assert squares
    out = []
    for sq in squares:
        side = math.dist(sq[0], sq[1])
        if side < 0.02 * size - 1e-6:
            out.append(f"{size}px: square {side:.1f} px, under the least readable size")
        for cv in curves:
            gap = min(_segs_gap(p, q, a, b) for p, q in zip(sq, sq[1:])
                      for a, b in zip(cv, cv[1:]))
            white = gap - 1.7 * unit  # half the square's stroke and half the circle's
            if white < 0.5:
                out.append(f"{size}px: square {side:.1f} px, {white:.2f} px off the circle")
    return out


def thin(leg1: float, leg2: float, rotation: float) -> PlaneGeometrySpec:
    return PlaneGeometrySpec(base="right_triangle", params={"leg1": leg1, "leg2": leg2},
                             names=["A", "B", "C"], attachments=[Attachment("incircle",
                                                                            names=["O"])],
                             rotation=rotation, shown_sides=["AB", "BC"],
                             right_marks=["ABC"])


@pytest.mark.parametrize("legs", [(4.0, 12.0), (12.0, 4.0), (5.0, 12.0), (4.0, 9.0)])
@pytest.mark.parametrize("size", SIZES)
def test_long_thin_right_triangle(legs, size, monkeypatch):
    for rotation in (0.0, 35.0):
        assert square_faults(thin(*legs, rotation), size, monkeypatch) == []


@pytest.mark.parametrize("n", tiers(6, 80))
def test_incircle_radius_variants(n, monkeypatch):
    out = []
    for seed in (9494, 9191):
        for v in range(n):
            spec = make_variant("plane-incircle-radius", v, seed=seed, pin_canonical=False).spec
            out += [f"s{seed} v{v} {f}" for size in SIZES
                    for f in square_faults(spec, size, monkeypatch)]
    assert out == []


@pytest.mark.parametrize("size", SIZES)
def test_square_keeps_its_size_away_from_curves(size, monkeypatch):
    """A right angle with no curve near keeps the square's size: 3.6 % of the picture."""
    spec = PlaneGeometrySpec(base="right_triangle", params={"leg1": 6.0, "leg2": 8.0},
                             names=["A", "B", "C"], shown_sides=["AB", "BC"],
                             right_marks=["ABC"])
    squares, _ = squares_and_curves(spec, size, monkeypatch)
    assert [round(math.dist(s[0], s[1]), 6) for s in squares] == [round(0.036 * size, 6)]
