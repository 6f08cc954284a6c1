"""Tick labels, the origin "O" and the axis names of function plots and analytic geometry
pictures stay whole whatever runs beneath them, at 224 and 336 px: over sampled pictures each
such label's pixels equal those of the same axes drawn alone (the curves, shaded regions,
asymptotes and lines drawn over the grid leave none of its glyphs struck through; the line
y = -2 of a DynaMath |x - h| picture once hid the minus sign of "-2"), and a marked dot,
drawn over a label's background box, never touches its glyphs.

    python -m pytest -q tests/renderers/test_axes_labels.py
"""
from __future__ import annotations

import math
import sys

import numpy as np
import pytest

import renderers.analytic_geometry  # noqa: F401  (registers the family and its module)
import renderers.function  # noqa: F401
from renderers import axes, get_family
from renderers.canvas import Canvas
from renderers.function.curve import Curve
from renderers.function.spec import FunctionSpec

SIZES = (224, 336)
N_SPECS = 100
DOT_R = 3.4  # the largest marked dot, px at 336
DRAW_MODULES = {"function": "renderers.function.draw",
                "analytic_geometry": "renderers.analytic_geometry.draw"}


def _with_axes_alone(name: str, spec, size: int, monkeypatch):
    """The picture, its layout, and the same draw_axes call on an empty canvas of the same
    size: (picture, layout, axes-alone picture, axes-alone layout, marked dots in pixels)."""
    calls = []
    real = axes.draw_axes

    def record(*args, **kwargs):
        vp = real(*args, **kwargs)
        calls.append((args, kwargs, vp))
        return vp

    monkeypatch.setattr(sys.modules[DRAW_MODULES[name]], "draw_axes", record)
    img, layout = get_family(name).render_with_layout(spec, size)
    monkeypatch.undo()
    (args, kwargs, vp), = calls
    c0 = args[0]
    ref = Canvas(c0.width, c0.height, ss=c0.ss)
    rvp = real(ref, *args[1:], **kwargs)
    paint = getattr(axes, "draw_axis_labels", None)  # labels drawn later, where deferred
    if paint is not None:
        paint(ref, rvp)
    dots = [vp(x, y) for x, y in kwargs.get("keep_clear", ())]
    return img, layout, ref.finish(), ref.layout, dots


def compare(img, layout, ref, ref_layout, dots, size: int) -> list[str]:
    """Every label of the axes drawn alone (``ref``) whose pixels differ in the picture: its
    glyph pixels anywhere, the rest of its box wherever no marked dot can reach. Pixels under
    another label's box are left out: a label set over another where a crowded picture left
    no free place is a matter of label placement, not of strokes drawn over labels."""
    img, ref = np.asarray(img).astype(int), np.asarray(ref).astype(int)
    placed = {(lb.text, lb.box) for lb in layout.labels}
    reach = DOT_R * size / 336 + 1.5 + 0.75  # a dot's rim, plus half a pixel's diagonal
    out = []
    for lb in ref_layout.labels:
        if (lb.text, lb.box) not in placed:
            out.append(f"{size}px {lb.text!r} at {lb.box}: not placed in the picture")
            continue
        x0, y0, x1, y1 = lb.box
        xa, ya = max(0, math.floor(x0)), max(0, math.floor(y0))
        xb, yb = min(ref.shape[1], math.ceil(x1)), min(ref.shape[0], math.ceil(y1))
        a, b = img[ya:yb, xa:xb], ref[ya:yb, xa:xb]
        diff = (a != b).any(axis=2)
        glyph = (b != 255).any(axis=2)
        yy, xx = np.mgrid[ya:yb, xa:xb] + 0.5
        free = np.ones(diff.shape, bool)
        for qx, qy in dots:
            free &= np.hypot(xx - qx, yy - qy) >= reach
        for o in layout.labels:  # another label's box and its halo
            if (o.text, o.box) != (lb.text, lb.box):
                diff &= ~((xx > o.box[0] - 2) & (xx < o.box[2] + 2) &
                          (yy > o.box[1] - 2) & (yy < o.box[3] + 2))
        bad = diff & (glyph | free)
        if bad.any():
            out.append(f"{size}px {lb.text!r} at {lb.box}: {int(bad.sum())} pixels differ "
                       f"({int((diff & glyph).sum())} of its glyphs)")
    return out


def label_faults(name: str, spec, size: int, monkeypatch) -> list[str]:
    return compare(*_with_axes_alone(name, spec, size, monkeypatch), size)


def _abs_and_line(a: float, h: float, k: float, y: float) -> FunctionSpec:
    """The DynaMath picture f(x) = a|x - h| + k with the horizontal line y drawn."""
    return FunctionSpec(curves=[Curve("absolute", a=a, c=h, d=k, name="f", color="blue"),
                                Curve("polynomial", coeffs=[y], name="", color="red")],
                        xmin=-5, xmax=5, ymin=-5, ymax=5, show_expression="none")


@pytest.mark.parametrize("y", [-2.0, -3.0, -4.0, 2.0, 4.0])
def test_a_horizontal_line_through_a_tick_label_leaves_it_whole(y, monkeypatch):
    # the line y = -2 ran through "-2" and hid its minus sign: the picture read "2"
    spec = _abs_and_line(1.0, 1.0, -4.0, y)
    faults = [f for s in SIZES for f in label_faults("function", spec, s, monkeypatch)]
    assert faults == []


@pytest.mark.parametrize("name", sorted(DRAW_MODULES))
def test_sampled_pictures_keep_their_axes_labels_whole(name, monkeypatch):
    fam = get_family(name)
    faults = []
    for seed in range(N_SPECS):
        spec = fam.sample_spec(np.random.default_rng(seed))
        for size in SIZES:
            faults += [f"seed {seed} {f}" for f in
                       label_faults(name, spec, size, monkeypatch)]
    assert faults == [], f"{len(faults)} labels struck through:\n" + "\n".join(faults[:20])


def test_the_check_sees_a_line_through_a_label():
    # the check itself: the axes drawn alone, and with a line through the "-2" tick labels
    ref, pic = Canvas(336), Canvas(336)
    axes.draw_axes(ref, -5, 5, -5, 5)
    vp = axes.draw_axes(pic, -5, 5, -5, 5)
    pic.line([vp(-5, -2), vp(5, -2)], color="red", width=2.2)
    faults = compare(pic.finish(), pic.layout, ref.finish(), ref.layout, [], 336)
    assert len(faults) == 1 and "'-2'" in faults[0] and "of its glyphs" in faults[0]
    assert compare(ref.finish(), ref.layout, ref.finish(), ref.layout, [], 336) == []
