"""Tick labels, the origin "O" and the axis names of function plots and analytic geometry
pictures stay whole whatever runs beneath them, at 224 and 336 px: over sampled pictures each
such label's glyphs and the pixels next to them equal those of the same axes drawn alone with
the label at the same place (the curves, shaded regions, asymptotes and lines drawn over the
grid leave none of its glyphs struck through; the line y = -2 of a DynaMath |x - h| picture
once hid the minus sign of "-2"), and a marked dot, drawn over a label's background, never
touches its glyphs. The curves stay whole too: painting the labels clears little of what was
drawn since the axes (a label moves off a curve where another place next to its tick is free,
and clears a curve still beneath it only round its glyphs, not over a whole box: the "O" box
of a piecewise curve through the origin read as a break in the curve), and every tick label
stays nearer its own tick than any other, no axes label touching another label.

    python -m pytest -q tests/renderers/test_axes_labels.py
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
import math
import sys

import numpy as np
import pytest

import renderers.analytic_geometry  # noqa: F401  (registers the family and its module)
import renderers.function  # noqa: F401
from renderers import axes, get_family
from renderers.canvas import Canvas, boxes_overlap
from renderers.function.curve import Curve, Piece
from renderers.function.spec import FunctionSpec, XMarker

SIZES = (224, 336)
N_SPECS = 100
DOT_R = 3.4  # the largest marked dot, px at 336
DRAW_MODULES = {"function": "renderers.function.draw",
                "analytic_geometry": "renderers.analytic_geometry.draw"}
N_ERASE = 50  # sampled pictures per family for the erased-ink check (at both sizes)
ERASED_PER_LABEL = 0.6  # px of curve ink label painting may clear, per label over the samples
ERASED_PICTURE = 5.0  # ... and per label in any one picture


def _render(name: str, spec, size: int, monkeypatch, snaps: dict | None = None):
    """The picture and its layout, with the draw_axes call (args, kwargs, viewport); with
    ``snaps``, the canvas as draw_axes left it ("axes"), and just before and just after
    draw_axis_labels painted the labels ("before", "after") go in it."""
    calls = []
    real, paint = axes.draw_axes, axes.draw_axis_labels

    def record(*args, **kwargs):
        vp = real(*args, **kwargs)
        calls.append((args, kwargs, vp))
        if snaps is not None:
            snaps["axes"] = args[0].finish()
        return vp

    def painted(canvas, vp):
        if snaps is not None:
            snaps["before"], snaps["labels"] = canvas.finish(), len(vp.labels)
        out = paint(canvas, vp)
        if snaps is not None:
            snaps["after"] = canvas.finish()
        return out

    mod = sys.modules[DRAW_MODULES[name]]
    monkeypatch.setattr(mod, "draw_axes", record)
    monkeypatch.setattr(mod, "draw_axis_labels", painted)
    img, layout = get_family(name).render_with_layout(spec, size)
    monkeypatch.undo()
    (call,) = calls
    return img, layout, call


def _with_axes_alone(name: str, spec, size: int, monkeypatch):
    """The picture, its layout, and the same draw_axes call on an empty canvas of the same
    size with each label painted where the picture's went: (picture, layout, axes-alone
    picture, axes-alone layout, marked dots in pixels)."""
    img, layout, (args, kwargs, vp) = _render(name, spec, size, monkeypatch)
    c0 = args[0]
    ref = Canvas(c0.width, c0.height, ss=c0.ss)
    rvp = axes.draw_axes(ref, *args[1:], **kwargs)
    assert [(a.text, a.mark) for a in rvp.labels] == [(b.text, b.mark) for b in vp.painted]
    for i, (a, b) in enumerate(zip(rvp.labels, vp.painted)):  # the picture's places
        rvp.labels[i] = replace(b, alts=(), entry=a.entry)
        a.entry.box = b.box
    axes.draw_axis_labels(ref, rvp)
    dots = [vp(x, y) for x, y in kwargs.get("keep_clear", ())]
    return img, layout, ref.finish(), ref.layout, dots


def compare(img, layout, ref, ref_layout, dots, size: int) -> list[str]:
    """Every label of the axes drawn alone (``ref``) whose pixels differ in the picture: its
    glyph pixels anywhere, the pixels next to them (a curve beneath may show in the rest of
    its box) wherever no marked dot can reach. Pixels under another label's box are left
    out: a label set over another where a crowded picture left no free place is a matter of
    label placement, not of strokes drawn over labels."""
    img, ref = np.asarray(img).astype(int), np.asarray(ref).astype(int)
    placed = {(lb.text, lb.box) for lb in layout.labels}
    reach = DOT_R * size / 336 + 1.5 + 0.75  # a dot's rim, plus half a pixel's diagonal
    out = []
    for lb in ref_layout.labels:
        if (lb.text, lb.box) not in placed:
            out.append(f"{size}px {lb.text!r} at {lb.box}: not placed in the picture")
            continue
        x0, y0, x1, y1 = lb.box
        xa, ya = max(0, math.floor(x0) - 1), max(0, math.floor(y0) - 1)
        xb, yb = min(ref.shape[1], math.ceil(x1) + 1), min(ref.shape[0], math.ceil(y1) + 1)
        a, b = img[ya:yb, xa:xb], ref[ya:yb, xa:xb]
        diff = (a != b).any(axis=2)
        glyph = np.zeros(diff.shape, bool)  # inside the box the label alone has its glyphs
        ix, iy = math.floor(x0) - xa, math.floor(y0) - ya
        glyph[iy:iy + math.ceil(y1) - math.floor(y0), ix:ix + math.ceil(x1) - math.floor(x0)] = \
            (ref[math.floor(y0):math.ceil(y1), math.floor(x0):math.ceil(x1)] != 255).any(axis=2)
        near = _grow1(glyph)  # and the pixels next to them
        yy, xx = np.mgrid[ya:yb, xa:xb] + 0.5
        free = np.ones(diff.shape, bool)
        for qx, qy in dots:
            free &= np.hypot(xx - qx, yy - qy) >= reach
        for o in layout.labels:  # another label's box and its halo
            if (o.text, o.box) != (lb.text, lb.box):
                diff &= ~((xx > o.box[0] - 2) & (xx < o.box[2] + 2) &
                          (yy > o.box[1] - 2) & (yy < o.box[3] + 2))
        bad = diff & (glyph | (near & free))
        if bad.any():
            out.append(f"{size}px {lb.text!r} at {lb.box}: {int(bad.sum())} pixels differ "
                       f"({int((diff & glyph).sum())} of its glyphs)")
    return out


def _grow1(mask: np.ndarray) -> np.ndarray:
    """The pixels of ``mask`` and every pixel next to one (eight neighbours)."""
    p = np.pad(mask, 1)
    h, w = mask.shape
    return np.logical_or.reduce([p[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)])


def erased(snaps: dict) -> np.ndarray:
    """The pixels of ink drawn since the axes (curves, lines, asymptotes: strong colour that
    the axes alone had not) that painting the labels turned to the background."""
    ax, b, a = (np.asarray(snaps[k]).astype(int) for k in ("axes", "before", "after"))
    ink = (np.abs(b - ax).max(axis=2) > 40) & (np.abs(b - 255).max(axis=2) > 90)
    return ink & (np.abs(a - 255).max(axis=2) <= 24)


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


@lru_cache(maxsize=None)
def _erase_and_places(name: str, seed: int, size: int) -> tuple[int, int, list[str]]:
    """For the family's sampled picture of ``seed``: (curve pixels the label painting erased,
    labels painted, faults of placement: a tick label nearer another tick than its own, an
    axes label touching another label). Two tests read the same pictures."""
    spec = get_family(name).sample_spec(np.random.default_rng(seed))
    snaps: dict = {}
    with pytest.MonkeyPatch.context() as mp:
        _, layout, (_, _, vp) = _render(name, spec, size, mp, snaps)
    faults = []
    for lab in getattr(vp, "painted", ()):
        cx, cy = (lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2
        if lab.role in ("x", "y"):
            own = math.dist((cx, cy), lab.mark)
            near = [t for t in vp.ticks if math.dist(t, lab.mark) > 0.5 and
                    math.dist((cx, cy), t) <= own]
            if near:
                faults.append(f"{size}px {lab.text!r} at {lab.box}: nearer the tick at "
                              f"{near[0]} than its own at {lab.mark}")
        for o in layout.labels:
            if o is not lab.entry and boxes_overlap(lab.box, o.box):
                faults.append(f"{size}px {lab.text!r} at {lab.box} touches {o.text!r}")
    return int(erased(snaps).sum()), snaps["labels"], faults


@pytest.mark.parametrize("name", sorted(DRAW_MODULES))
def test_painting_the_labels_erases_little_of_the_curves(name):
    # a box of the canvas colour under every label cut a gap in each curve through it: a
    # continuous piecewise curve looked broken under the "O" at the origin
    for size in SIZES:
        total = count = 0
        worst = []
        for seed in range(N_ERASE):
            e, n, _ = _erase_and_places(name, seed, size)
            total, count = total + e, count + n
            if e > ERASED_PICTURE * max(n, 1):
                worst.append(f"seed {seed}: {e} px over {n} labels")
        assert total <= ERASED_PER_LABEL * count, f"{size}px: {total} px over {count} labels"
        assert worst == [], f"{size}px: " + "; ".join(worst)


@pytest.mark.parametrize("name", sorted(DRAW_MODULES))
def test_painted_labels_stay_by_their_ticks_and_off_other_labels(name):
    faults = [f"seed {seed} {f}" for seed in range(N_ERASE) for size in SIZES
              for f in _erase_and_places(name, seed, size)[2]]
    assert faults == [], "\n".join(faults[:20])


def _piecewise_through_origin() -> FunctionSpec:
    """f(x) = -x^2 for x < 0, -x^2 + 2x for x >= 0 (continuous at 0), a = 2 marked."""
    f = Curve("piecewise", name="f", color="red",
              pieces=[Piece(None, 0.0, [0.0, 0.0, -1.0]), Piece(0.0, None, [0.0, 2.0, -1.0])])
    return FunctionSpec(curves=[f], xmin=-3, xmax=4, ymin=-3, ymax=2, show_expression="label",
                        markers=[XMarker("a", 2.0)])


@pytest.mark.parametrize("size", SIZES)
def test_the_origin_label_leaves_a_curve_through_the_origin_whole(size, monkeypatch):
    snaps: dict = {}
    _, _, (_, _, vp) = _render("function", _piecewise_through_origin(), size, monkeypatch,
                               snaps)
    ox, oy = vp(0, 0)
    gone = erased(snaps)
    r = 3 * axes.font_px(size, 0.8)  # round the origin: "O" and the first tick labels
    assert not gone[int(oy) - r:int(oy) + r, int(ox) - r:int(ox) + r].any()
    assert gone.sum() <= 2 * snaps["labels"]
    # the curve runs through the lower left corner of the origin: "O" went to another one
    assert [lab.anchor for lab in vp.painted if lab.role == "origin"] in (["lt"], ["rb"])
