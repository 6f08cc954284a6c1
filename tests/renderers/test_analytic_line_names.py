"""A line's bare name never stands beside an axis or a tick label.

A line named "l" (or "l₁", "l₂") is labelled by its name where its equation is not printed;
"l" is one upright stroke, and set just under the x-axis between the tick labels "2" and "4"
it read as a tick, beside the y-axis as the digit 1. Over the sampler's pictures and the
analytic-geometry problems' diagrams (every version), at 224 and 336 px, every line-name
label's box stands at least one font size from both axis lines and from every tick label.

    python -m pytest -q tests/renderers/test_analytic_line_names.py
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import renderers.analytic_geometry.draw as draw
from engines.mavis.analytic_geometry.problem import make_problem
from renderers import get_family
from renderers.axes import axis_pos
from tests.tiers import tiers


def _gap(a, b) -> float:
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


def crowded_names(spec, size: int, monkeypatch) -> list[tuple[str, float, float]]:
    """(name, px from the nearer axis line, px from the nearest tick label) of each line-name
    label of ``spec`` drawn at ``size`` that stands less than its font size from either."""
    names = {o.name for o in spec.objects if o.kind == "line" and not o.show_eq}
    if not names:
        return []
    got: dict = {"labels": []}
    real_halo, real_axes, real_ticks = draw.halo_text, draw.draw_axes, draw.draw_axis_labels

    def halo(canvas, xy, text, px, *args, **kwargs):
        box = real_halo(canvas, xy, text, px, *args, **kwargs)
        got["labels"].append((text, box, px))
        return box

    def axes(*args, **kwargs):
        got["vp"] = real_axes(*args, **kwargs)
        return got["vp"]

    def ticks(canvas, vp):
        got["ticks"] = real_ticks(canvas, vp)
        return got["ticks"]

    with monkeypatch.context() as mp:
        mp.setattr(draw, "halo_text", halo)
        mp.setattr(draw, "draw_axes", axes)
        mp.setattr(draw, "draw_axis_labels", ticks)
        get_family("analytic_geometry").render(spec, size)
    vp = got["vp"]
    ax, ay = vp(axis_pos(vp.xmin, vp.xmax), axis_pos(vp.ymin, vp.ymax))
    out = []
    for text, (x0, y0, x1, y1), px in got["labels"]:
        if text not in names:
            continue
        to_axis = min(abs(ax - min(max(ax, x0), x1)), abs(ay - min(max(ay, y0), y1)))
        to_tick = min((_gap((x0, y0, x1, y1), t) for t in got["ticks"]), default=math.inf)
        if min(to_axis, to_tick) < px - 1:  # a pixel for the glyph box against the font's
            out.append((text, round(to_axis, 1), round(to_tick, 1)))
    return out


def _specs(n: int) -> list:
    fam = get_family("analytic_geometry")
    out = [fam.sample_spec(np.random.default_rng(i), objects=["line", "polygon"],
                           show_eq=False) for i in range(n // 2)]
    for i in range(n // 2):
        p = make_problem(np.random.default_rng(5000 + i))
        out += [p.spec, p.vision_spec]
    return out


@pytest.mark.parametrize("n", tiers(120, 600))
@pytest.mark.parametrize("size", (224, 336))
def test_line_names_keep_off_the_axes_and_tick_labels(size, n, monkeypatch):
    bad = {}
    for i, spec in enumerate(_specs(n)):
        found = crowded_names(spec, size, monkeypatch)
        if found:
            bad[i] = found
    assert not bad, bad


def test_the_l_that_read_as_a_tick_under_the_x_axis(monkeypatch):
    """ins-00000011 (mavis-instruct --seed 8181): "l" just under the x-axis, right of "2"."""
    fam = get_family("analytic_geometry")
    spec = fam.spec_cls.from_dict({
        "xmin": -8, "xmax": 4, "ymin": -10, "ymax": 4, "grid": True, "tick_labels": True,
        "objects": [
            {"kind": "line", "name": "l", "pts": [[-6.0, -4.0], [-2.0, -3.0]],
             "pt_names": ["A", "B"], "show_coords": True, "color": "green"},
            {"kind": "segment", "name": "CD", "pts": [[-5.5, -8.0], [-5.0, 1.5]],
             "pt_names": ["C", "D"], "show_coords": True, "color": "orange"}]})
    assert crowded_names(spec, 336, monkeypatch) == []
