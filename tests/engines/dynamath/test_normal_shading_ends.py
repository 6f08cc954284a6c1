"""stat-normal-empirical-shaded shades the area under a bell curve between two whole numbers of
standard deviations and asks its share by the 68-95-99.7 rule. An end at 3 standard deviations
stood where the curve is a pixel above the axis: hatching from 3 out to the panel's edge (0.15%)
showed nothing at all, and hatching that stopped at -3 looked the same as a whole tail (83.85%
or 84%). Over many sampled variants each end of the hatching that is not the panel's edge
stands where the curve is well above the axis, and at 224 px the hatching's first quarter of
a standard deviation inside each such end shows as plain ink."""
import dataclasses

import numpy as np
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from engines.dynamath.seeds.statistics.normal_curves import Z_EDGE
from tests.tiers import tiers

SID = "stat-normal-empirical-shaded"
Q = load_seeds()[SID]
FAM = renderers.get_family("panels")


def _ends(p) -> list[tuple[float, float]]:
    """(z of the end, the step inwards) of each end of the hatching inside the panel."""
    lo, hi = p["z"]
    return [(z, step) for z, step in ((lo, 1), (hi, -1)) if abs(z) < Z_EDGE]


@pytest.mark.parametrize("n", tiers(400, 3000))
def test_each_end_of_the_shading_stands_where_the_curve_is_high(n):
    bad = []
    for v in range(n):
        p = make_variant(SID, v, seed=9494, pin_canonical=False).params
        panel = Q.diagram(p).panels[0]
        height = {it.pts[0][0]: it.pts[1][1] for it in panel.items if it.kind == "segment"}
        for z, _ in _ends(p):
            if height[z] < (panel.ymax - panel.ymin) / 20:
                bad.append((v, p["z"], height[z]))
    assert not bad, bad[:5]


@pytest.mark.parametrize("n", tiers(24, 150))
def test_the_hatching_inside_each_end_shows_at_224_px(n):
    bad = []
    for v in range(n):
        p = make_variant(SID, v, seed=9494, pin_canonical=False).params
        spec = Q.diagram(p)
        panel = spec.panels[0]
        bare = [it for it in panel.items if it.kind != "segment"]

        def drawn(items):
            one = dataclasses.replace(spec, panels=[dataclasses.replace(panel, items=items)])
            return np.asarray(FAM.render(one, 224).convert("RGB"), int)
        plain = drawn(bare)
        for z, step in _ends(p):
            near = [it for it in panel.items if it.kind == "segment"
                    and 0 <= (it.pts[0][0] - z) * step <= 0.25]
            ink = (np.abs(drawn(bare + near) - plain).sum(axis=2) > 60).sum()
            if ink < 40:
                bad.append((v, p["z"], z, int(ink)))
    assert not bad, bad[:5]
