"""Parallel arrows of plane figures: clear of the angle arcs at their sides' ends, and the
heads of a double or triple arrow far enough apart to count (ins-00000006 and -08 of
``mavis-instruct --seed 7171``: the arrows of AB and AD crossed the 70° arc at A; the two
heads of AD's arrow read as one)."""
import math

import numpy as np
import pytest

import renderers
from renderers.plane_geometry.draw import MARK
from tests.renderers.strokes import recorded_lines

FAM = renderers.get_family("plane_geometry")


def _strokes(spec, size, monkeypatch):
    """(arcs, chevrons): the angle arcs and arrow heads drawn, as pixel polylines."""
    _, seen = recorded_lines(monkeypatch, lambda: FAM.render(spec, size))
    marks = [(p, w) for p, c, w in seen if c == MARK]
    arcs = [p for p, w in marks if len(p) > 5]
    heads = [p for p, w in marks if len(p) == 3 and w == 1.5]
    return arcs, heads


def _gap(head, arc) -> float:
    pts = [(a[0] + (b[0] - a[0]) * i / 8, a[1] + (b[1] - a[1]) * i / 8)
           for a, b in zip(head, head[1:]) for i in range(9)]
    return min(math.dist(p, q) for p in pts for q in arc)


def _specs(n):
    rng = np.random.default_rng(20)
    out = []
    while len(out) < n:
        spec = FAM.sample_spec(rng, base=str(rng.choice(["parallelogram", "rhombus"])))
        if spec.parallel_groups and spec.shown_angles:
            out.append(spec)
    return out


@pytest.mark.parametrize("size", [224, 336])
def test_parallel_arrows_stay_clear_of_angle_arcs(size, monkeypatch):
    clashes = []
    specs = _specs(150)
    for i, spec in enumerate(specs):
        arcs, heads = _strokes(spec, size, monkeypatch)
        assert heads and arcs
        g = min(_gap(h, a) for h in heads for a in arcs)
        if g < 0.012 * size:
            clashes.append((i, round(g, 1)))
    # a short side with arcs at both its ends may leave no clear place (1 figure in 300;
    # 26 in 300 before the arrows moved away from the arcs)
    assert len(clashes) <= len(specs) // 50, clashes


def _dir(h):
    m = ((h[0][0] + h[2][0]) / 2, (h[0][1] + h[2][1]) / 2)
    n = math.dist(m, h[1])
    return ((h[1][0] - m[0]) / n, (h[1][1] - m[1]) / n)


def test_heads_of_one_arrow_are_an_arm_apart(monkeypatch):
    size = 336
    pairs = 0
    for spec in _specs(40):
        _, heads = _strokes(spec, size, monkeypatch)
        for h, g in zip(heads, heads[1:]):
            u, v = _dir(h), _dir(g)
            d = math.dist(h[1], g[1])
            w = ((g[1][0] - h[1][0]) / d, (g[1][1] - h[1][1]) / d) if d else u
            # heads of one arrow: one direction, on one line, their tips a head's length
            # (the arms' reach along the side) or more apart
            if abs(u[0] * v[0] + u[1] * v[1]) > 0.999 and abs(w[0] * u[1] - w[1] * u[0]) < 1e-3:
                pairs += 1
                reach = math.dist(h[0], h[1]) * math.cos(math.atan(0.6))
                assert d >= 0.95 * reach, (d, reach)
    assert pairs > 20
