"""A dial gauge's needle never covers a numeral's glyphs: pointing at a numeral it passes
beneath it (each numeral stands on the face's colour a little wider than its glyphs, as a
clock's numerals over its hands), so "200" under a red needle is not read as "290" or lost.

Checked by pixels: over sampled gauges (the family's scales and DynaMath's speedometer, meter
and pressure scales) with the needle on or beside a numbered value, every numeral's and the
name's glyph box is drawn exactly as when the needle points far from it."""
import numpy as np
import pytest

import renderers
from engines.dynamath.seeds.scientific.instruments import (AMP_SCALES, PRESSURE_SCALES,
                                                           SPEED_SCALES, VOLT_SCALES)
from renderers.objects.sample import SCALES
from renderers.objects.spec import Instrument, ObjectsSpec, Scale
from renderers.text import fmt_num
from tests.tiers import tiers

FAM = renderers.get_family("objects")
GAUGE_SCALES = SCALES["gauge"] + SPEED_SCALES + AMP_SCALES + VOLT_SCALES + PRESSURE_SCALES


def _gauge(rng: np.random.Generator) -> Instrument:
    """A gauge whose needle points at a numbered value or a small division beside one."""
    lo, hi, minor, major, unit = GAUGE_SCALES[int(rng.integers(len(GAUGE_SCALES)))]
    sc = Scale(float(lo), float(hi), float(minor), float(major), unit)
    n_major = int(round((sc.hi - sc.lo) / sc.major))
    v = sc.lo + sc.major * int(rng.integers(0, n_major + 1)) + \
        sc.minor * int(rng.integers(-1, 2))
    v = round(min(sc.hi, max(sc.lo, v)), 9)
    return Instrument("gauge", sc, v, name=unit if rng.random() < 0.7 else "")


def _covered_labels(spec: ObjectsSpec, size: int) -> list[str]:
    """The numerals and names whose glyph box (1 px wider) differs from the same gauge drawn
    with its needle at the end of the scale farther from that label (135 degrees or more
    away, along the 270-degree sweep)."""
    img, lay = FAM.render_with_layout(spec, size)
    a = np.asarray(img.convert("RGB"), dtype=int)
    away = {}
    for end in ("lo", "hi"):
        sp = ObjectsSpec(items=[Instrument("gauge", it.scale, getattr(it.scale, end),
                                           name=it.name, caption=it.caption)
                                for it in spec.items])
        away[end] = np.asarray(FAM.render(sp, size).convert("RGB"), dtype=int)
    bad = []
    for lb in lay.labels:
        x0, y0, x1, y1 = lb.box
        it = spec.items[int((x0 + x1) / 2 * len(spec.items) // size)]
        if lb.text == it.caption:
            continue
        sc = it.scale
        v = float(lb.text) if lb.text != it.name else sc.lo
        far = "lo" if v > (sc.lo + sc.hi) / 2 else "hi"
        r = (max(0, int(x0) - 1), max(0, int(y0) - 1), min(size, int(x1) + 2),
             min(size, int(y1) + 2))
        diff = np.abs(a[r[1]:r[3], r[0]:r[2]] - away[far][r[1]:r[3], r[0]:r[2]]).max()
        if diff > 24:
            bad.append(lb.text)
    return bad


@pytest.mark.parametrize("n", tiers(24, 160))
@pytest.mark.parametrize("size", [224, 336])
def test_the_needle_never_covers_a_numeral(size, n):
    rng = np.random.default_rng(size)
    bad, checked = [], 0
    for k in range(n):
        items = [_gauge(rng) for _ in range(1 + k % 2)]
        if len(items) == 2:
            items[0].caption, items[1].caption = "Before", "After"
        spec = ObjectsSpec(items=items)
        covered = _covered_labels(spec, size)
        checked += 1
        if covered:
            bad.append((k, [(it.scale.lo, it.scale.hi, it.value) for it in items], covered))
    assert checked == n and not bad, bad[:5]


def test_numerals_are_those_of_the_scale():
    """The labels the check above reads are the gauge's numerals and name (so it checks them)."""
    it = Instrument("gauge", Scale(0.0, 160.0, 5.0, 20.0, "km/h"), 40.0, name="km/h")
    _, lay = FAM.render_with_layout(ObjectsSpec(items=[it]), 336)
    assert {lb.text for lb in lay.labels} == {fmt_num(v) for v in range(0, 161, 20)} | {"km/h"}
