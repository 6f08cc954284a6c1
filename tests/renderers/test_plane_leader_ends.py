"""A side length's leader ends off the tick and arrow marks (per-00000004 of ``mavis-perception
--families plane_geometry solid_geometry --seed 7171``: the leader of "6" and its dot sat on
AB's tick, leaving a stub of it; a leader to a parallelogram's short side ended between the
heads of its double arrow)."""

import numpy as np
import pytest

import renderers
from renderers.canvas import seg_dist
from renderers.plane_geometry.draw import MARK
from renderers.plane_geometry.spec import ekey
from tests.renderers.strokes import recorded_lines
from tests.tiers import tiers

FAM = renderers.get_family("plane_geometry")


def _layout(spec, size, monkeypatch):
    """The label records and the tick and arrow strokes drawn with them."""
    recs, seen = recorded_lines(monkeypatch, lambda: FAM.label_layout(spec, size))
    return recs, [p for p, c, w in seen if c == MARK and w == 1.5 and len(p) <= 3]


@pytest.mark.parametrize("n", tiers(200, 1000))
def test_leaders_of_marked_sides_miss_their_marks(monkeypatch, n):
    rng = np.random.default_rng(5)
    seen, onto = 0, []
    for i in range(n):
        spec = FAM.sample_spec(rng, base=str(rng.choice(["parallelogram", "rhombus", "square",
                                                         "equilateral_triangle"])))
        marked = {ekey(*k) for g in spec.equal_groups + spec.parallel_groups for k in g}
        for size in (224, 336):
            recs, marks = _layout(spec, size, monkeypatch)
            for rec in recs:
                if rec.kind != "measure" or rec.leader is None or ekey(*rec.key) not in marked:
                    continue
                seen += 1
                end = rec.leader[1]
                gap = min(seg_dist(end, p, q) for st in marks for p, q in zip(st, st[1:]))
                if gap < 0.01 * size:
                    onto.append((i, size, rec.key, round(gap, 1)))
    assert seen >= n // 20
    assert len(onto) <= seen // 50, (seen, onto)
