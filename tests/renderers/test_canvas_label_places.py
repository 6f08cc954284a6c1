"""``Canvas.label`` keeps the strokes beneath a label that finds no free place.

Where no free place was found, a label went on a box of the canvas colour: the box behind
"B(-5, 1)" erased the end of side BC in DynaMath analytic-linmap-which-matrix, so that BC no
longer reached B, and surface point names, contour levels and sketch angle values cut their
strokes alike. Now such a label goes where its glyphs cross the least ink (a point's name,
``spare``, the more so near its dot), the strokes beneath cleared only round the glyphs
(``renderers.axes.halo_text``).

    python -m pytest -q tests/renderers/test_canvas_label_places.py
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import renderers  # noqa: F401  (registers the families)
from engines.dynamath.seed import load_seeds, make_variant
from renderers import get_family
from renderers.axes import HALO_GROW
from renderers.canvas import Canvas
from renderers.text import font_px
from tests.renderers.strokes import blank_mask, glyph_halo, ink_mask




class _Labels:
    """Wraps ``Canvas.label`` while active: per call, the stroke pixels (the canvas's ink mask,
    drawn dark) that painting the label turned to the canvas colour further than a pixel
    beyond its glyphs' halo, and the gap in px between the label's box and its anchor. Light
    lines left out of the ink mask (a ternary grid) may go under a label's box, as a grid
    goes under a tick label."""

    def __init__(self, monkeypatch):
        self.beyond: list[tuple[str, int]] = []
        self.gaps: list[tuple[str, float]] = []
        real_label, real_text = Canvas.label, Canvas.text
        calls: list = []

        def text(cv, xy, t, px=None, color="black", anchor="mm", kind="sans", record=True,
                 halo=False):
            calls.append((xy, t, px or font_px(cv.width), anchor, kind))
            return real_text(cv, xy, t, px=px, color=color, anchor=anchor, kind=kind,
                             record=record, halo=halo)

        def label(cv, anchor, t, *args, **kwargs):
            before, strokes = cv.finish(), np.array(cv.ink, bool)
            calls.clear()
            box = real_label(cv, anchor, t, *args, **kwargs)
            gone = ink_mask(before) & strokes & blank_mask(cv.finish())
            halo = glyph_halo(cv, calls, gone.shape, HALO_GROW + 1)
            self.beyond.append((t, int((gone & ~halo).sum())))
            dx = max(box[0] - anchor[0], 0.0, anchor[0] - box[2])
            dy = max(box[1] - anchor[1], 0.0, anchor[1] - box[3])
            self.gaps.append((t, math.hypot(dx, dy)))
            return box

        monkeypatch.setattr(Canvas, "text", text)
        monkeypatch.setattr(Canvas, "label", label)


@pytest.mark.parametrize("size", (224, 336))
def test_a_crowded_name_cuts_its_strokes_only_round_its_glyphs(size, monkeypatch):
    """A dot with strokes leaving it on every side and no free place near: before, the name's
    box of the canvas colour blanked the strokes round it (13 stroke pixels beyond the glyph
    halo over 12 pictures at 224 px, 314 at 336 px); now none."""
    rng = np.random.default_rng(5)
    lab = _Labels(monkeypatch)
    for _ in range(12):
        cv = Canvas(size)
        a = (size / 2 + rng.uniform(-20, 20), size / 2 + rng.uniform(-20, 20))
        for k in range(int(rng.integers(6, 12))):
            t = rng.uniform(0, 2 * math.pi)
            cv.line([a, (a[0] + 90 * math.cos(t), a[1] + 90 * math.sin(t))], width=2.0)
        for k in range(6):  # rings round it, so that no place is ink-free
            cv.circle(a, (10 + 7 * k) * cv.unit, width=1.5)
        cv.dot(a, r=3.2)
        cv.label(a, "B(-5, 1)", halo=True)
    assert max(b for _, b in lab.beyond) == 0, lab.beyond


def _damage(family: str, specs, sizes, monkeypatch) -> tuple[int, list, list]:
    fam = get_family(family)
    lab = _Labels(monkeypatch)
    for spec in specs:
        for size in sizes:
            fam.render(spec, size)
    return len(lab.beyond), lab.beyond, lab.gaps


def test_the_linmap_row_keeps_side_bc_to_b(monkeypatch):
    """The reported row: the box behind "B(-5, 1)" blanked the end of side BC (3 stroke
    pixels of it more than a pixel beyond the glyphs' halo, at 336 px: the side stopped short
    of B); now none, at 224 and 336 px."""
    load_seeds()
    spec = make_variant("analytic-linmap-which-matrix", 0, 7171, pin_canonical=False).spec
    n, beyond, gaps = _damage(spec.family, [spec], (224, 336), monkeypatch)
    assert n == 6
    assert all(b == 0 for _, b in beyond), beyond


FAMILIES = ("analytic_geometry", "plane_geometry", "graph", "scientific",
            "surface3d", "contour", "sketch", "ternary")


@pytest.mark.parametrize("family", FAMILIES)
def test_labels_blank_no_ink_beyond_their_glyphs(family, monkeypatch):
    """Over 8 sampled specs of each family calling ``Canvas.label``, at 224 and 336 px: what
    painting a label turns from ink to the canvas colour lies within a pixel of its glyph
    halo. Before, 27 stroke pixels under surface3d's point names, 11 under contour levels
    and 10 under sketch angle labels went beyond it (boxes of the canvas colour)."""
    fam = get_family(family)
    specs = [fam.sample_spec(np.random.default_rng(2000 + i)) for i in range(8)]
    n, beyond, _ = _damage(family, specs, (224, 336), monkeypatch)
    assert n > 0
    assert sum(b for _, b in beyond) == 0, sorted(beyond, key=lambda x: -x[1])[:5]


@pytest.mark.soak
@pytest.mark.parametrize("family", FAMILIES)
def test_labels_blank_no_ink_beyond_their_glyphs_soak(family, monkeypatch):
    fam = get_family(family)
    specs = [fam.sample_spec(np.random.default_rng(3000 + i)) for i in range(40)]
    n, beyond, _ = _damage(family, specs, (224, 336), monkeypatch)
    assert sum(b for _, b in beyond) == 0, sorted(beyond, key=lambda x: -x[1])[:5]
