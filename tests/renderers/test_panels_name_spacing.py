"""A curve's, vector's or point's name in the "panels" family keeps two widths of "0" from
every tick label in its row.

A name placed one character before a tick label read on with it: in the DynaMath seed
algebra-extremum-from-derivative "y = f'(x)" stood just left of the x tick label "-2" and read
as "y = f'(x) -2". Function plots keep names apart from the tick labels in their row
(``renderers.axes.row_spacer``); the panels now do the same.

    python -m pytest -q tests/renderers/test_panels_name_spacing.py
"""
from __future__ import annotations

import sys

import pytest

import renderers.panels  # noqa: F401  (registers the family and its module)
from engines.dynamath.seed import make_variant
from renderers import get_family
from renderers.axes import text_size
from renderers.canvas import Canvas
from tests.renderers.test_panels_labels import panel_seeds
from tests.tiers import tiers

PANELS = sys.modules["renderers.panels.draw"]
GAP = 2.0  # widths of "0" at the name's size
SEED = 9191


def name_gaps(spec, size: int, monkeypatch) -> list[tuple[float, str, str, float]]:
    """(gap in px, name, tick label, least gap allowed) of each name of the picture of
    ``spec`` and each tick label of its panel in its row (their boxes' heights overlapping)."""
    fam = get_family("panels")
    canvas = Canvas(size, height=int(round(size * fam.aspect(spec))))
    real_place, real_ticks = PANELS.place_label, PANELS.draw_axis_labels
    state: dict = {"ticks": []}
    out = []

    def ticks(canvas, vp):
        boxes = real_ticks(canvas, vp)
        state["ticks"] = [(lab.text, tuple(lab.box)) for lab in vp.painted]  # their text
        return boxes

    def place(canvas, anchors, text, px, color, frame, kind="sans", dots=(), ticks=()):
        box = real_place(canvas, anchors, text, px, color, frame, kind, dots=dots, ticks=ticks)
        least = GAP * text_size(canvas, "0", px)[0]
        for tick, tb in state["ticks"]:
            if box[3] <= tb[1] or box[1] >= tb[3]:
                continue  # not in its row
            out.append((max(tb[0] - box[2], box[0] - tb[2]), text, tick, least))
        return box

    with monkeypatch.context() as mp:
        mp.setattr(PANELS, "place_label", place)
        mp.setattr(PANELS, "draw_axis_labels", ticks)
        fam.draw(spec, canvas)
    return out


def test_the_failing_seed_is_drawn_by_the_family():
    assert "algebra-extremum-from-derivative" in panel_seeds()


@pytest.mark.parametrize("n", tiers(4, 14))
@pytest.mark.parametrize("size", (224, 336))
def test_names_keep_apart_from_the_tick_labels_in_their_row(size, n, monkeypatch):
    """Over ``n`` variants of every seed the family draws: before, "y = f'(x)" stood 3.5 px
    (336 px) before the tick label "-2" in algebra-extremum-from-derivative; now every name
    keeps two widths of "0" from each tick label in its row."""
    bad, pairs = [], 0
    for sid in panel_seeds():
        for v in range(n):
            spec = make_variant(sid, v, SEED, pin_canonical=False).spec
            for gap, name, tick, least in name_gaps(spec, size, monkeypatch):
                pairs += 1
                if gap < least - 1e-6:
                    bad.append((round(gap, 1), round(least, 1), sid, v, name, tick))
    assert pairs > 20
    assert not bad, bad[:8]
