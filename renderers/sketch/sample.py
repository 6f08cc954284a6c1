"""Sampling of the "sketch" family: a circle with an inscribed triangle and its centre, or a
triangle with written sides and a marked angle.

    python -m pytest -q tests/renderers/test_sketch.py
"""
from __future__ import annotations

import math

import numpy as np

from renderers.sketch.spec import SkAngle, SkCircle, SketchSpec, SkPoint, SkSegment
from renderers.spec import rng_choice

COLORS = ("blue", "green", "orange", "purple")


def on_circle(name: str, r: float, deg: float, cx: float = 0.0, cy: float = 0.0) -> SkPoint:
    t = math.radians(deg)
    return SkPoint(name, round(cx + r * math.cos(t), 6), round(cy + r * math.sin(t), 6))


def sample_spec(rng: np.random.Generator) -> SketchSpec:
    color = rng_choice(rng, COLORS)
    if rng.random() < 0.5:
        a = sorted(float(x) for x in rng.choice(np.arange(0, 360, 15), size=3, replace=False))
        pts = [SkPoint("O", 0.0, 0.0)] + [on_circle(n, 3.0, t) for n, t in zip("ABC", a)]
        return SketchSpec(points=pts, circles=[SkCircle("O", 3.0)],
                          segments=[SkSegment("A", "B"), SkSegment("B", "C"),
                                    SkSegment("C", "A"), SkSegment("O", "A", dash=True)],
                          angles=[SkAngle("A", "C", "B", f"{int(rng.integers(20, 80))}°")],
                          color=color)
    b, c = float(rng.integers(3, 9)), float(rng.integers(3, 9))
    t = math.radians(float(rng.integers(35, 110)))
    pts = [SkPoint("A", 0.0, 0.0), SkPoint("B", b, 0.0),
           SkPoint("C", round(c * math.cos(t), 6), round(c * math.sin(t), 6))]
    return SketchSpec(points=pts, segments=[SkSegment("A", "B", f"{b:g}"),
                                            SkSegment("A", "C", f"{c:g}"), SkSegment("B", "C")],
                      angles=[SkAngle("B", "A", "C", f"{round(math.degrees(t))}°")], color=color)
