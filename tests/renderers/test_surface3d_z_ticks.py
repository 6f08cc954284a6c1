"""The z axis of the DynaMath surface seeds: every z tick label stands left of its tick, in
its row (their right edges at one x, their centres evenly spaced), and the axis name "z" shares
no row with a tick label. The top tick label went above the axis end where its tick's end took
the place beside it, the name "z" beside it in one row: "8 z" read as "8z" (56 of 200 surfaces
at 224 and 336 px)."""
import pytest

import renderers
from engines.dynamath.seed import make_variant
from tests.tiers import tiers

SEEDS = ("analytic-surface-max", "analytic-surface-peaks", "analytic-surface-which-function",
         "analytic-surface-highest-point")


def _z_labels(layout):
    """The z tick labels (painted after the axis names x and y) and the name z."""
    labs = layout.labels
    zi = next(i for i, lb in enumerate(labs) if lb.text == "z")
    yi = max(i for i, lb in enumerate(labs[:zi]) if lb.text == "y")
    return labs[yi + 1:zi], labs[zi]


@pytest.mark.parametrize("n", tiers(5, 40))
@pytest.mark.parametrize("sid", SEEDS)
def test_z_tick_labels_in_their_rows(sid, n):
    fam = renderers.get_family("surface3d")
    for v in range(n):
        spec = make_variant(sid, v, seed=77, pin_canonical=False).spec
        for size in (224, 336):
            _, layout = fam.render_with_layout(spec, size)
            ticks, name = _z_labels(layout)
            assert len(ticks) >= 3, (sid, v, size)
            rights = [lb.box[2] for lb in ticks]
            assert max(rights) - min(rights) <= 1.0, (sid, v, size, ticks)
            mids = [(lb.box[1] + lb.box[3]) / 2 for lb in ticks]
            steps = [a - b for a, b in zip(mids, mids[1:])]
            assert max(steps) - min(steps) <= 1.5, (sid, v, size, ticks)
            for lb in ticks:
                apart = name.box[3] <= lb.box[1] or name.box[1] >= lb.box[3]
                assert apart, (sid, v, size, lb, name)
