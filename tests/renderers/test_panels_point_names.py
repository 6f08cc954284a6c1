"""A point's name and the tick labels of the "panels" family keep to what they label.

DynaMath analytic-region-point (seed 8181): "P(-1, -1)" had no stroke-free spot beside its
dot in the shaded region and went two rings out, where its glyphs crossed the least ink:
below a boundary line, nearer the dot of R than its own. Now a point's name takes only a
spot nearer its own dot than any other dot where one exists (``place_label(dots=...)``),
looking further out and between the eight directions before it gives up, and the names with
least room are placed first (``name_room``).
In the same picture and analytic-region-between-curves the x tick label "-4" ("-2"), which a
boundary line crossed below the axis, moved above it into the shaded region, where it read as
a value given for the region; the panels' fills now keep their pixels for
``draw_axis_labels`` as ``fill_region`` does, which moves no tick label into a region.

    python -m pytest -q tests/renderers/test_panels_point_names.py
"""
from __future__ import annotations

import math
import sys

import numpy as np
import pytest

import renderers.panels  # noqa: F401  (registers the family and its module)
from engines.dynamath.seed import make_variant
from renderers import get_family
from renderers.axes import HALO_PAD
from renderers.canvas import Canvas
from renderers.panels.spec import region_mask
from tests.renderers.test_panels_labels import panel_seeds
from tests.tiers import tiers

PANELS = sys.modules["renderers.panels.draw"]


def gap(box, p) -> float:
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


def shaded(canvas, vp, panel) -> np.ndarray | None:
    """The pixels of the panel's shaded regions (None: it has none), at pixel centres."""
    items = [it for it in panel.items if it.kind == "region"]
    if not items:
        return None
    xs = (np.arange(canvas.width) + 0.5 - vp.ox) / vp.scale
    ys = (vp.oy - (np.arange(canvas.height) + 0.5)) / vp.sy
    inside = ((xs >= vp.xmin) & (xs <= vp.xmax))[None, :] & \
        ((ys >= vp.ymin) & (ys <= vp.ymax))[:, None]
    out = np.zeros((canvas.height, canvas.width), dtype=bool)
    for it in items:
        out |= region_mask(it, xs[None, :], ys[:, None])
    return out & inside


def record(spec, size: int, monkeypatch) -> tuple[list, list]:
    """(each point name's (box, own dot, the panel's other dots); each tick label moved from
    its first place, with the shaded pixels of its panel) for the picture of ``spec``."""
    fam = get_family("panels")
    canvas = Canvas(size, height=int(round(size * fam.aspect(spec))))
    names, moved, state = [], [], {}
    real_place, real_labels = PANELS.place_label, PANELS.draw_axis_labels
    real_panel = PANELS.draw_panel

    real_dot = Canvas.dot

    def panel(canvas, p, *args, **kwargs):
        state["panel"], state["dots"] = p, []
        return real_panel(canvas, p, *args, **kwargs)

    def dot(cv, c, *args, **kwargs):
        state.setdefault("dots", []).append(tuple(c))
        return real_dot(cv, c, *args, **kwargs)

    def place(canvas, anchors, text, px, color, frame, kind="sans", dots=(), ticks=()):
        box = real_place(canvas, anchors, text, px, color, frame, kind, dots=dots, ticks=ticks)
        if len(anchors) == 1:  # a point's name: one anchor, its dot; the panel's other dots
            own = anchors[0][0]
            others = [q for q in state["dots"] if math.dist(q, own) > 0.5]
            names.append((box, own, others, text))
        return box

    def labels(canvas, vp):
        first = {id(lab): lab.box for lab in vp.labels}
        regions = shaded(canvas, vp, state["panel"])
        out = real_labels(canvas, vp)
        for lab in vp.painted:
            if lab.box != first.get(id(lab), lab.box) or id(lab) not in first:
                moved.append((lab.text, lab.box, regions))
        return out

    with monkeypatch.context() as mp:
        mp.setattr(PANELS, "place_label", place)
        mp.setattr(PANELS, "draw_axis_labels", labels)
        mp.setattr(PANELS, "draw_panel", panel)
        mp.setattr(Canvas, "dot", dot)
        fam.draw(spec, canvas)
    return names, moved


def sampled(n: int):
    for sid in panel_seeds():
        for v in range(n):
            yield sid, v, make_variant(sid, v, 8181, pin_canonical=False).spec


def test_the_failing_row_names_each_point_beside_its_own_dot(monkeypatch):
    spec = make_variant("analytic-region-point", 0, 8181, pin_canonical=False).spec
    names, _ = record(spec, 336, monkeypatch)
    p = [n for n in names if n[3].startswith("P(")]
    assert p and len(names) == 4
    box, own, dots, _ = p[0]
    assert all(gap(box, q) > gap(box, own) for q in dots), (box, own, dots)


@pytest.mark.parametrize("n", tiers(2, 6))
def test_point_names_stand_nearer_their_own_dot(monkeypatch, n):
    """Over 2 (the soak tier 6) variants of every seed the family draws, at 224 and 336 px,
    every point's name is nearer its own dot than any other dot of its panel (before: 58 of
    396 names, among them "V'(-3, -1)" over the dot of V in analytic-hyperbola-equation)."""
    count, bad = 0, []
    for size in (224, 336):
        for sid, v, spec in sampled(n):
            names, _ = record(spec, size, monkeypatch)
            for box, own, dots, text in names:
                count += 1
                if not all(gap(box, q) > gap(box, own) for q in dots):
                    bad.append((sid, v, size, text))
    assert count > 30 * n
    assert not bad, bad


@pytest.mark.parametrize("n", tiers(2, 6))
def test_no_tick_label_moves_into_a_shaded_region(monkeypatch, n):
    """Over 2 (the soak tier 6) variants of every seed the family draws, at 224 and 336 px,
    a tick label moved off a stroke never lands on a shaded region's pixels (before: 54 of 544
    moved labels, "-2" of analytic-region-between-curves and "-4" of analytic-region-point
    among them)."""
    moved_n, bad = 0, []
    for size in (224, 336):
        for sid, v, spec in sampled(n):
            _, moved = record(spec, size, monkeypatch)
            for text, box, regions in moved:
                moved_n += 1
                if regions is None:
                    continue
                x0, y0 = max(0, int(math.floor(box[0] - HALO_PAD))), \
                    max(0, int(math.floor(box[1] - HALO_PAD)))
                x1, y1 = int(math.ceil(box[2] + HALO_PAD)), int(math.ceil(box[3] + HALO_PAD))
                if np.count_nonzero(regions[y0:y1, x0:x1]):
                    bad.append((sid, v, size, text))
    assert moved_n > 3 * n
    assert not bad, bad
