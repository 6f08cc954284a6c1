"""The overlap area of two attached plane shapes: ``_clip_area`` skips the clip edges that
cannot cut the subject; the areas must be the very floats a plain Sutherland-Hodgman loop over
every edge gives (the attachment checks compare them with a tolerance, so a changed float could
change which figures a sampler keeps)."""
from __future__ import annotations

import math
import random

import pytest

from renderers.plane_geometry.spec import _clip_area, arc_pts, signed_area


def plain_clip_area(subject, clip):
    if signed_area(clip) < 0:
        clip = clip[::-1]
    out = list(subject)
    for (ax, ay), (bx, by) in zip(clip, clip[1:] + clip[:1]):
        if not out:
            return 0.0
        inp, out = out, []
        for p, q in zip(inp, inp[1:] + inp[:1]):
            sp = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
            sq = (bx - ax) * (q[1] - ay) - (by - ay) * (q[0] - ax)
            if sp >= 0:
                out.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return abs(signed_area(out)) if len(out) >= 3 else 0.0


def _pairs(n: int):
    rng = random.Random(7)
    for _ in range(n):
        c, r = (rng.uniform(-5, 5), rng.uniform(-5, 5)), rng.uniform(0.5, 3)
        a0 = rng.uniform(0, 360)
        ring = arc_pts(c, r, a0, a0 + 360, rng.choice([1.0, 7.5, 40.0, 90.0]))[:-1]
        # a square on the ring's first chord, outside it (shares an edge, as attachments do)
        (x0, y0), (x1, y1) = ring[0], ring[1]
        nx, ny = y1 - y0, x0 - x1
        if (c[0] - x0) * nx + (c[1] - y0) * ny > 0:
            nx, ny = -nx, -ny
        square = [(x0, y0), (x1, y1), (x1 + nx, y1 + ny), (x0 + nx, y0 + ny)]
        c2 = (c[0] + rng.choice([0.0, r, 2 * r, rng.uniform(-6, 6)]), c[1] + rng.uniform(-3, 3))
        other = arc_pts(c2, rng.uniform(0.5, 3), 0, 360, rng.choice([1.0, 30.0]))[:-1]
        yield ring, square
        yield square, ring
        yield ring, other
        yield other, ring
        yield ring, ring[::-1]


@pytest.mark.parametrize("chunk", range(4))
def test_areas_are_the_plain_loops_floats(chunk):
    pairs = list(_pairs(32))[chunk::4]
    areas = [(_clip_area(a, b), plain_clip_area(a, b)) for a, b in pairs]
    assert [x for x, _ in areas] == [y for _, y in areas]
    # the cases cover overlap, touching along an edge and apart
    assert any(x > 1e-3 for x, _ in areas) and any(x == 0.0 for x, _ in areas)


def test_degenerate_inputs():
    tri = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]
    assert _clip_area([], tri) == 0.0
    assert _clip_area([(0.0, 0.0), (1.0, 1.0)], tri) == 0.0
    assert _clip_area(tri, tri) == pytest.approx(0.5)
    assert math.isclose(_clip_area(tri, [(p[0] + 0.5, p[1]) for p in tri]), 0.125)
