"""A side length's leader never runs through another label (cap-00000024 of ``mavis-caption
--families plane_geometry solid_geometry --seed 8181``: the leader of BC's "8" struck through
the "70°" of ∠EBC and joined the two, "70°—8"), and no leader runs level into a number's left
side, where it reads as a minus sign (ins-00000036 of ``mavis-instruct --families
plane_geometry solid_geometry --seed 9191 --image-size 224``: "—55°" for the 55° of ∠GHI; a
side's "—6" read -6)."""

import math

import numpy as np
import pytest

import renderers
from renderers.plane_geometry.spec import PlaneGeometrySpec
from tests.tiers import tiers

FAM = renderers.get_family("plane_geometry")

CAP_24 = ('{"attachments":[{"angles":[],"kind":"incircle","names":["O"],"shaded":false,'
          '"shape":0,"side":""},{"angles":[70.0,70.0],"kind":"triangle","names":["E"],'
          '"shaded":true,"shape":0,"side":"BC"},{"angles":[],"kind":"square","names":["F","G"],'
          '"shaded":false,"shape":0,"side":"CE"}],"base":"square","base_shaded":false,'
          '"equal_groups":[["AB","BC","CD","DA"],["CE","EG","GF","FC"]],'
          '"family":"plane_geometry","fill":"red","names":["A","B","C","D"],'
          '"parallel_groups":[],"params":{"side":8.0},"right_marks":["DAB","GFC"],'
          '"rotation":0.0,"shown_angles":["EBC","CEB"],"shown_sides":["GF","BC"]}')


def _through(p, q, box, pad=0.5) -> bool:
    """The segment pq passes inside ``box`` shrunk by ``pad`` on every side."""
    x0, y0, x1, y1 = box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad
    t = np.linspace(0.0, 1.0, 200)
    x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
    return bool(((x >= x0) & (x <= x1) & (y >= y0) & (y <= y1)).any())


def _crossed(recs) -> list:
    return [(r.key, o.key) for r in recs if r.kind == "measure" and r.leader is not None
            for o in recs if o is not r and _through(*r.leader, o.box)]


def test_the_row_that_showed_it():
    spec = renderers.spec_from_json(CAP_24)
    assert isinstance(spec, PlaneGeometrySpec)
    assert _crossed(FAM.label_layout(spec, 336)) == []


def _layouts(seed: int, n: int, attached: tuple[int, int]):
    """(figure index, size, label records) of ``n`` sampled figures at 224 and 336 px, each
    with a drawn number of attached shapes in ``attached``."""
    rng = np.random.default_rng(seed)
    for i in range(n):
        spec = FAM.sample_spec(rng, n_attached=int(rng.integers(*attached)))
        for size in (224, 336):
            yield i, size, FAM.label_layout(spec, size)


@pytest.mark.parametrize("n", tiers(80, 400))
def test_side_length_leaders_cross_no_label(n):
    seen, bad = 0, []
    for i, size, recs in _layouts(11, n, (2, 4)):
        seen += sum(r.kind == "measure" and r.leader is not None for r in recs)
        bad += [(i, size, k) for k in _crossed(recs)]
    assert seen >= n // 8
    assert bad == [], bad


def _level_into_left(leader, box) -> bool:
    """The leader starts on the label's left side and runs within 20 degrees of level."""
    (sx, sy), (ex, ey) = leader
    return abs(sx - box[0]) < 0.5 and ex < sx and abs(ey - sy) < math.tan(
        math.radians(20)) * (sx - ex)


@pytest.mark.parametrize("n", tiers(100, 600))
def test_no_leader_reads_as_a_minus_sign(n):
    seen, bad = 0, []
    for i, size, recs in _layouts(1, n, (0, 4)):
        for r in recs:
            if r.leader is None:
                continue
            seen += 1
            if _level_into_left(r.leader, r.box):
                bad.append((i, size, r.kind, r.text))
    assert seen >= n // 5
    assert bad == [], bad
