"""A table too wide for the picture at its smallest font squeezed its columns below their
text: at 224 px the header of stat-table-chi-square ran "Treatment / OutcomeImproved" with
the column line through the join, and stat-table-laspeyres-index's "Toner (cartridges)" and
"Qty 2017" met their lines. A header of several words now takes two lines first. Over sampled
variants of every DynaMath seed drawn as a table, at 224 and 336 px, neighbouring texts of a
row stand at least 4 px apart (room for the line between them) and each header is written
whole."""
from collections import defaultdict

import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from renderers.table.spec import TableSpec
from tests.tiers import tiers

SEEDS = load_seeds()
FAM = renderers.get_family("table")
SIDS = [sid for sid in SEEDS
        if isinstance(make_variant(sid, 1, seed=5, pin_canonical=False).spec, TableSpec)]


def _rows(lay, spec) -> dict[int, list]:
    """The cell texts' boxes by the row their middle lies in."""
    rows = defaultdict(list)
    for a in lay.labels:
        if a.text not in (spec.title, spec.note):
            rows[round((a.box[1] + a.box[3]) / 2)].append(a)
    return rows


@pytest.mark.parametrize("n", tiers(6, 30))
@pytest.mark.parametrize("size", [224, 336])
def test_row_texts_stand_apart_and_headers_whole(size, n):
    assert len(SIDS) >= 30
    bad = []
    for sid in SIDS:
        for v in range(n):
            spec = make_variant(sid, v, seed=77, pin_canonical=False).spec
            _, lay = FAM.render_with_layout(spec, size)
            for row in _rows(lay, spec).values():
                boxes = sorted(a.box for a in row)
                gaps = [b[0] - a[2] for a, b in zip(boxes, boxes[1:])]
                if gaps and min(gaps) < 4:
                    bad.append((sid, v, [a.text for a in row], round(min(gaps), 1)))
            words = " ".join(a.text for a in lay.labels).split()
            for h in spec.header:
                if not all(w in words for w in h.split()):
                    bad.append((sid, v, "header", h))
    assert not bad, bad[:6]
