"""An angle's degrees in a plane figure read as that angle's, at 224, 336 and 1024 px: each
degree label sits inside its own angle, nearer its own vertex than any other named point and
nearer its own arc than any other angle's arc, or, set away, is joined to its arc by a leader
and still stands nearer its own vertex than any other named point (a thin leader, long and
across the figure, reads less than the corner a label stands beside).
In a narrow wedge the first free place inside can lie far down the bisector, beside the next
corner, where "30°" reads as that corner's angle (a parallelogram's acute angle beside the
obtuse corner along its short side). Over MAVIS caption and instruct figures and the DynaMath
plane seeds that mark angles. Degrees set away with a leader, and side lengths, stand half a
character from every other label, so that a length beside them never reads as part of them.

    python -m pytest -q tests/renderers/test_plane_angle_labels.py
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import engines.mavis.plane_geometry.problem as PR
from engines.dynamath.seed import load_seeds, make_variant
from renderers import get_family
from renderers.family import spec_from_json
from renderers.plane_geometry.spec import PlaneGeometrySpec
from renderers.text import font_px
from tests.renderers.solid_labels import SIZES
from tests.tiers import tiers


def fam():
    return get_family("plane_geometry")


def caption_specs(n: int, seed0: int):
    """The first ``n`` sampled caption figures that mark an angle."""
    i = 0
    while n:
        sp = fam().sample_spec(np.random.default_rng(seed0 + i), n_attached=3 if i % 2 else None)
        i += 1
        if sp.shown_angles:
            n -= 1
            yield sp


def instruct_specs(n: int, seed0: int):
    """Both diagrams of ``n`` instruct problems, those that mark an angle."""
    for i in range(n):
        p = PR.make_problem(np.random.default_rng(seed0 + i))
        yield from (sp for sp in (p.spec, p.vision_spec) if sp.shown_angles)


def dynamath_specs(n: int, seed0: int):
    """``n`` variants of each DynaMath plane seed whose figure marks an angle."""
    sids = sorted(s for s, q in load_seeds().items() if q.topic == "plane geometry")
    for v in range(n):
        for sid in sids:
            sp = make_variant(sid, v, seed=seed0, pin_canonical=False).spec
            if isinstance(sp, PlaneGeometrySpec) and sp.shown_angles:
                yield sp


SOURCES = {"caption": caption_specs, "instruct": instruct_specs, "dynamath": dynamath_specs}


def _in_wedge(p, at, rays) -> bool:
    def heading(q):
        return math.atan2(q[1] - at[1], q[0] - at[0])

    h1, h2 = heading(rays[0]), heading(rays[1])
    span = (h2 - h1) % (2 * math.pi)
    if span > math.pi:
        h1, span = h2, 2 * math.pi - span
    return (heading(p) - h1) % (2 * math.pi) <= span + 1e-9


def angle_faults(spec, size: int) -> list[str]:
    """Every degree label of ``spec`` at ``size`` px that could be read as another angle's."""
    recs = fam().label_layout(spec, size)
    points = [r.at for r in recs if r.kind == "vertex"]
    angles = [r for r in recs if r.kind == "angle"]
    out = []
    for r in angles:
        x0, y0, x1, y1 = r.box
        name = f"{size}px {r.key} {r.text!r}"
        if r.leader is not None:
            start, end = r.leader
            if math.dist(end, r.anchor) > 0.5:
                out.append(f"{name}: leader ends off its arc")
            if not (x0 - 1 <= start[0] <= x1 + 1 and y0 - 1 <= start[1] <= y1 + 1):
                out.append(f"{name}: leader does not start at the label")
        c = ((x0 + x1) / 2, (y0 + y1) / 2)
        own = math.dist(c, r.at)
        near = min((math.dist(c, q) for q in points if math.dist(q, r.at) > 1e-6),
                   default=math.inf)
        if near <= own:
            out.append(f"{name}: {near:.1f} px from another point, {own:.1f} px from its own")
        if r.leader is not None:
            continue
        arc = math.dist(c, r.anchor)
        if any(math.dist(c, o.anchor) <= arc for o in angles if o is not r):
            out.append(f"{name}: nearer another angle's arc")
        if not all(_in_wedge(p, r.at, r.rays) for p in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))):
            out.append(f"{name}: outside its angle")
    return out


# (source, figure, size, angle) where the vertex is hemmed in by shapes and other labels on
# every side, so that no free place off the figure is nearer it than any other point: the
# degrees set away there stand nearer another point, joined to their arc by a leader
CROWDED = {("caption", 83, 224, "BCA"), ("caption", 83, 336, "BCA"),
           ("caption", 146, 224, "DAB"), ("caption", 204, 224, "HEG"),
           ("instruct", 0, 224, "ADE"), ("instruct", 31, 224, "DAE"),
           ("instruct", 31, 336, "DAE"), ("instruct", 32, 224, "DAE"),
           ("instruct", 32, 336, "DAE"), ("instruct", 78, 224, "CBE"),
           ("instruct", 78, 336, "CBE"), ("instruct", 78, 1024, "CBE"),
           ("instruct", 79, 224, "CBE"), ("instruct", 79, 336, "CBE"),
           ("instruct", 99, 224, "CBH")}


def _faults(source: str, specs, big_every: int) -> list[str]:
    out, seen = [], 0
    for i, spec in enumerate(specs):
        seen += 1
        for size in SIZES:
            if size < 1024 or i % big_every == 0:
                out += [f for f in angle_faults(spec, size) if not (
                    "from another point" in f and (source, i, size, f.split()[1]) in CROWDED)]
    assert seen
    return out


@pytest.mark.parametrize("source", sorted(SOURCES))
@pytest.mark.parametrize("n", tiers(8, 120))
def test_degrees_stand_by_their_own_vertex(source, n):
    count = {"caption": 2 * n, "instruct": n, "dynamath": n}[source]
    assert _faults(source, SOURCES[source](count, 9191), big_every=6) == []


def gap_faults(spec, size: int) -> list[str]:
    """Side lengths, and degrees set away with a leader, closer than half a character to
    another label, across or up or down: "2.12 45°" or "40° 5" read as one label, "7.5" just
    over "67.98°" as one stacked label (a degree label set outside its angle is often next to
    a side's length)."""
    recs = fam().label_layout(spec, size)
    ph = pv = 0.5 * font_px(size, 0.92)
    out = []
    for r in recs:
        if r.kind == "vertex" or (r.kind == "angle" and r.leader is None):
            continue
        x0, y0, x1, y1 = r.box
        out += [f"{size}px {r.key} {r.text!r} beside {o.text!r}" for o in recs if o is not r
                and x0 - ph < o.box[2] and o.box[0] < x1 + ph
                and y0 - pv < o.box[3] and o.box[1] < y1 + pv]
    return out


@pytest.mark.parametrize("n", tiers(12, 300))
def test_lengths_and_degrees_set_away_stand_apart_from_other_labels(n):
    specs = [fam().sample_spec(np.random.default_rng(9191 + i), n_attached=3 if i % 2 else None)
             for i in range(n)]
    specs += [sp for sp in instruct_specs(n // 2, 9191)]
    assert [f for sp in specs for size in SIZES[:2] for f in gap_faults(sp, size)] == []


# plane-parallelogram-area v1 and v19 (dynamath, seed 9191): the 30° wedge has no room near its
# vertex, and the first free place down the bisector stood beside the next corner (20 px from
# Z and 61 px from W at 336 px)
PARALLELOGRAMS = [
    '{"attachments":[],"base":"parallelogram","base_shaded":false,"equal_groups":[],"family":'
    '"plane_geometry","fill":"blue","names":["W","X","Y","Z"],"parallel_groups":[["WX","YZ"],'
    '["XY","ZW"]],"params":{"angle":30.0,"base":13.0,"side":5.0},"right_marks":[],"rotation":'
    '81.8,"shown_angles":["ZWX"],"shown_sides":["WX","WZ"]}',
    '{"attachments":[],"base":"parallelogram","base_shaded":false,"equal_groups":[],"family":'
    '"plane_geometry","fill":"blue","names":["D","E","F","G"],"parallel_groups":[["DE","FG"],'
    '["EF","GD"]],"params":{"angle":30.0,"base":7.0,"side":8.0},"right_marks":[],"rotation":'
    '244.0,"shown_angles":["GDE"],"shown_sides":["DE","DG"]}',
]


@pytest.mark.parametrize("row", range(len(PARALLELOGRAMS)))
def test_a_narrow_angle_keeps_its_degrees_by_its_vertex(row):
    spec = spec_from_json(PARALLELOGRAMS[row])
    for size in SIZES:
        assert angle_faults(spec, size) == []


def test_degrees_beside_the_next_corner_are_a_fault(monkeypatch):
    """The same label moved down the bisector until it is nearer Z than W reads as ∠Z's."""
    spec = spec_from_json(PARALLELOGRAMS[0])
    recs = fam().label_layout(spec, 336)
    rec = next(r for r in recs if r.kind == "angle")
    z = next(r.at for r in recs if r.kind == "vertex" and r.key == "Z")
    w = rec.at
    c = (w[0] + 0.6 * (z[0] - w[0]), w[1] + 0.6 * (z[1] - w[1]))
    rec.box, rec.leader = (c[0] - 1, c[1] - 1, c[0] + 1, c[1] + 1), None
    monkeypatch.setattr(type(fam()), "label_layout", lambda self, sp, size=336: recs)
    assert any("from another point" in f for f in angle_faults(spec, 336))


# a degree label set away beside another corner, its leader across the figure: caption
# figure 128 (sample_spec seed 128, 336 px: "53.97°" of the angle at A beside C), instruct
# problem 119's vision figure (224 and 336 px: the angle at O's "40°" beside D; at 224 px O
# is hemmed in, the one crowded size) and 105's (336 px: B's "40°" beyond side CE, between C
# and E)
AWAY = [
    ('{"attachments":[{"angles":[70.0,70.0],"kind":"triangle","names":["E"],"shaded":true,'
     '"shape":0,"side":"AB"},{"angles":[],"kind":"semicircle_out","names":[],"shaded":false,'
     '"shape":0,"side":"DA"}],"base":"trapezoid","base_shaded":true,"equal_groups":[["BE",'
     '"EA"]],"family":"plane_geometry","fill":"red","names":["A","B","C","D"],'
     '"parallel_groups":[["AB","CD"]],"params":{"bottom":12.0,"height":5.5,"offset":4.0,'
     '"top":4.0},"right_marks":[],"rotation":303.4,"shown_angles":["DAB"],"shown_sides":'
     '["CD","EA","AB"]}', 336),
    ('{"attachments":[{"angles":[50.0,50.0],"kind":"triangle","names":["C"],"shaded":false,'
     '"shape":0,"side":"BO"},{"angles":[],"kind":"square","names":["D","E"],"shaded":false,'
     '"shape":0,"side":"OC"},{"angles":[90.0,40.0],"kind":"triangle","names":["F"],'
     '"shaded":false,"shape":0,"side":"DO"}],"base":"sector","base_shaded":true,'
     '"equal_groups":[["BC","OC","CE","ED","DO"]],"family":"plane_geometry","fill":"orange",'
     '"names":["O","A","B"],"parallel_groups":[],"params":{"angle":120.0,"radius":8.0},'
     '"right_marks":["ODF","CED"],"rotation":0.0,"shown_angles":["DOF"],"shown_sides":[]}',
     336),
    ('{"attachments":[{"angles":[40.0,40.0],"kind":"triangle","names":["E"],"shaded":false,'
     '"shape":0,"side":"BC"},{"angles":[40.0,40.0],"kind":"triangle","names":["F"],'
     '"shaded":false,"shape":0,"side":"EB"}],"base":"parallelogram","base_shaded":false,'
     '"equal_groups":[["BE","CE"],["EF","BF"]],"family":"plane_geometry","fill":"cyan",'
     '"names":["A","B","C","D"],"parallel_groups":[["AB","DC"],["AD","BC"]],"params":'
     '{"angle":75.0,"base":13.5,"side":7.0},"right_marks":[],"rotation":0.0,"shown_angles":'
     '["CBE","BEF"],"shown_sides":["AD"]}', 336),
]


@pytest.mark.parametrize("row", range(len(AWAY)))
def test_degrees_set_away_stand_by_their_own_vertex(row):
    spec, size = AWAY[row]
    assert angle_faults(spec_from_json(spec), size) == []


def test_pinned_specs_are_the_sampled_ones():
    """The pinned rows are what the caption sampler and the instruct problems build."""
    cap = fam().sample_spec(np.random.default_rng(128), n_attached=None)
    assert cap == spec_from_json(AWAY[0][0])
    p119 = PR.make_problem(np.random.default_rng(119))
    p105 = PR.make_problem(np.random.default_rng(105))
    assert p119.vision_spec == spec_from_json(AWAY[1][0])
    assert p105.vision_spec == spec_from_json(AWAY[2][0])
