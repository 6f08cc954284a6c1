"""A function plot's shaded region (the integral problems' "signed area of the shaded region")
lies beneath the axes and their tick labels, at 224 and 336 px.

The region was painted over the y-axis, which vanished between y = 0 and the curve, and a
tick label a curve ran through was moved across the axis into the region on a box of the
canvas colour, where "2" read as a value given for the area (f(x) = -0.5x^3 + 3.5x + 3 shaded
from -1 to 2). Over the MAVIS integral problems (both pictures of each) and that plot:

- the y-axis stays dark on every row of the region it crosses;
- no tick label, "O" or axis name is moved into the region;
- no pixel of the canvas colour lies inside the region, a tick label's box included (a
  tick label standing in the region keeps the region round its glyphs), nor a legend's box
  or a marker's label on a box of the canvas colour where they can keep off the region.

    python -m pytest -q tests/renderers/test_function_shading.py
"""
from __future__ import annotations

import sys

import numpy as np
import pytest
from PIL import Image, ImageDraw

import renderers.function  # noqa: F401  (registers the family and its module)
from engines.mavis.function.problem import make_problem
from renderers import get_family
from renderers.canvas import Canvas
from renderers.function.curve import Curve
from renderers.function.spec import FunctionSpec, evaluate
from tests.tiers import tiers

SIZES = (224, 336)
DRAW = sys.modules["renderers.function.draw"]
AXIS_DARK = 110  # the y-axis over the region: no channel lighter than this on its column


def _render(spec: FunctionSpec, size: int, monkeypatch):
    """The picture (array), the viewport of its axes (its labels painted) and the boxes of
    the other labels (the marked points' and markers')."""
    calls = []
    real = DRAW.draw_axes

    def record(*args, **kwargs):
        calls.append(real(*args, **kwargs))
        return calls[-1]

    fam = get_family("function")
    canvas = Canvas(size, height=int(round(size * fam.aspect(spec))))
    with monkeypatch.context() as mp:
        mp.setattr(DRAW, "draw_axes", record)
        DRAW.draw(spec, canvas)
    vp, = calls
    axes = {id(lab.entry) for lab in vp.painted}
    boxes = [lab.box for lab in canvas.layout.labels if id(lab) not in axes]
    return np.asarray(canvas.finish()), vp, boxes


def _region(spec: FunctionSpec, vp, shape, inset: int) -> np.ndarray:
    """The region's pixels (the shaded polygon drawn at final size), ``inset`` px inside its
    border."""
    lo, hi = spec.shade
    xs = np.linspace(lo, hi, 200)
    ys = np.clip(evaluate(spec.curves[0], xs), spec.ymin, spec.ymax)
    y0 = min(max(0.0, spec.ymin), spec.ymax)
    pts = [vp(x, y) for x, y in zip(xs, ys)] + [vp(hi, y0), vp(lo, y0)]
    img = Image.new("1", (shape[1], shape[0]), 0)
    ImageDraw.Draw(img).polygon(pts, fill=1)
    m = np.asarray(img).copy()
    for _ in range(inset):
        e = m.copy()
        e[1:] &= m[:-1]
        e[:-1] &= m[1:]
        e[:, 1:] &= m[:, :-1]
        e[:, :-1] &= m[:, 1:]
        m = e
    return m


def shading_faults(spec: FunctionSpec, size: int, monkeypatch) -> list[str]:
    pic, vp, boxes = _render(spec, size, monkeypatch)
    faults = []
    lo, hi = spec.shade
    ax = min(max(0.0, spec.xmin), spec.xmax)
    if lo < ax < hi:
        X, y0 = vp(ax, 0.0)[0], min(max(0.0, spec.ymin), spec.ymax)
        ya, yb = sorted((vp(0, y0)[1], vp(0, float(np.clip(evaluate(spec.curves[0], ax),
                                                           spec.ymin, spec.ymax)))[1]))
        col = pic[:, int(X) - 1:int(X) + 2].max(-1).min(-1)  # the darkest of three columns
        # rows off the curve's stroke at either end, and off any label the axis runs beneath
        # (an equation with no room but across the axis, cut only round its glyphs)
        rows = set(range(int(ya) + 5, int(yb) - 4))
        for x0, y0, x1, y1 in boxes:
            if x0 - 3 <= X <= x1 + 3:
                rows -= set(range(int(y0) - 3, int(y1) + 4))
        pale = [r for r in sorted(rows) if col[r] > AXIS_DARK]
        if pale:
            faults.append(f"{size}px: the y-axis fades under the region at rows {pale[:4]}")
    inside = _region(spec, vp, pic.shape, 1)
    for lab in vp.painted:
        x0, y0, x1, y1 = (int(round(v)) for v in lab.box)
        if not lab.alts and inside[y0:y1, x0:x1].any():
            faults.append(f"{size}px: {lab.role} label {lab.text!r} moved into the region")
    white = inside & (pic == 255).all(-1)
    for x0, y0, x1, y1 in boxes:  # a marker's label crowded into a narrow region: its halo
        white[max(0, int(y0) - 3):int(y1) + 4, max(0, int(x0) - 3):int(x1) + 4] = False
    if white.any():
        rs, cs = np.nonzero(white)
        faults.append(f"{size}px: {int(white.sum())} pixels of the canvas colour in the "
                      f"region, the first at ({cs[0]}, {rs[0]})")
    return faults


def cubic_spec() -> FunctionSpec:
    """The dpo-pairs plot (seed 7171, row 21) whose y-axis vanished under the region."""
    cv = Curve("polynomial", coeffs=[3.0, 3.5, 0.0, -0.5], name="f", color="red")
    return FunctionSpec(curves=[cv], xmin=-3.0, xmax=4.0, ymin=-5.0, ymax=8.0,
                        show_expression="none", shade=[-1.0, 2.0])


def integral_specs(n: int):
    """Both pictures (the full one and the vision-dominant one) of MAVIS integral problems."""
    for i in range(n):
        pr = make_problem(np.random.default_rng(9000 + i), "integral")
        yield f"problem {9000 + i}", pr.spec
        yield f"problem {9000 + i} vision", pr.vision_spec


def test_the_cubic_keeps_its_axis_and_its_tick_label(monkeypatch):
    spec = cubic_spec()
    for size in SIZES:
        assert shading_faults(spec, size, monkeypatch) == []
    _, vp, _ = _render(spec, 336, monkeypatch)
    two, = [lab for lab in vp.painted if lab.role == "y" and lab.text == "2"]
    assert two.anchor == "rm" and two.box[2] < vp(0, 0)[0]  # on its own side, left of the axis


@pytest.mark.slow
@pytest.mark.parametrize("n", tiers(40, 200))
def test_shaded_regions_lie_beneath_the_axes_and_labels(monkeypatch, n):
    faults, crossed = [], 0
    for name, spec in integral_specs(n):
        assert spec.shade
        lo, hi = spec.shade
        crossed += lo < min(max(0.0, spec.xmin), spec.xmax) < hi
        for size in SIZES:
            faults += [f"{name} {f}" for f in shading_faults(spec, size, monkeypatch)]
    assert crossed > n // 4  # regions the y-axis runs through
    assert faults == []
