"""Heatmaps keep every word and number inside the picture with a margin: the matrices' axis
word "row", centred under the narrow row labels, ran off the left edge at 224 px ("ow"), and
the colour bar's end values were placed 0.4 pad further right than the layout allowed for.
Over sampled variants of every DynaMath seed drawn as a heatmap, at 224 and 336 px, no ink lies
within 2 px of the border and every label's box is inside the picture."""
import numpy as np
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from renderers.heatmap.spec import HeatmapSpec

SEEDS = load_seeds()
FAM = renderers.get_family("heatmap")


def _heatmap_seeds() -> list[str]:
    return [sid for sid in SEEDS
            if isinstance(make_variant(sid, 1, seed=5, pin_canonical=False).spec, HeatmapSpec)]


@pytest.mark.parametrize("size", [224, 336])
def test_no_ink_at_the_border_and_labels_inside(size):
    sids = _heatmap_seeds()
    assert len(sids) >= 10
    bad = []
    for sid in sids:
        for v in range(6):
            spec = make_variant(sid, v, seed=31, pin_canonical=False).spec
            img, lay = FAM.render_with_layout(spec, size)
            ink = np.asarray(img.convert("L"), int) < 200
            if ink[:2].any() or ink[-2:].any() or ink[:, :2].any() or ink[:, -2:].any():
                bad.append((sid, v, "ink at the border"))
            for a in lay.labels:
                if not (0 <= a.box[0] and a.box[2] <= img.size[0] and 0 <= a.box[1]
                        and a.box[3] <= img.size[1]):
                    bad.append((sid, v, a.text, a.box))
    assert not bad, bad[:6]
