"""Solid-geometry labels a reader cannot pin on the wrong line, at 224, 336 and 1024 px: over
sampled captions' solids, MAVIS-Instruct solids (text-lite and vision-dominant diagrams) and
DynaMath solid variants, each measurement label is nearer its own segment than any other drawn
line (or joined to it by a leader line), each vertex letter nearer its corner than any other;
and no view puts a corner on an edge (the 45-degree oblique cube's diagonal through a vertex).

    python -m pytest -q tests/renderers/test_solid_labels.py
"""
from __future__ import annotations

import numpy as np
import pytest

import engines.mavis.solid_geometry.problem as PR
from engines.dynamath.seed import load_seeds, make_variant
from renderers import get_family
from renderers.solid_geometry.draw import view_clash
from renderers.solid_geometry.spec import KINDS, SolidSpec
from tests.renderers.solid_labels import SIZES, label_faults


def fam():
    return get_family("solid_geometry")


def caption_specs(n: int, seed0: int):
    for i in range(n):
        yield fam().sample_spec(np.random.default_rng(seed0 + i), kind=KINDS[i % len(KINDS)])


def instruct_specs(n: int, seed0: int):
    for i in range(n):
        p = PR.make_problem(np.random.default_rng(seed0 + i))
        yield p.spec
        yield p.vision_spec


def dynamath_specs(n: int, seed0: int):
    sids = sorted(s for s, q in load_seeds().items() if q.topic == "solid geometry")
    for i in range(n):
        sp = make_variant(sids[i % len(sids)], i // len(sids), seed=seed0).spec
        if isinstance(sp, SolidSpec):
            yield sp


SOURCES = {"caption": caption_specs, "instruct": instruct_specs, "dynamath": dynamath_specs}


def _faults(specs, big_every: int = 1) -> list:
    """Faults over every spec at 224 and 336 px, and at 1024 px for every ``big_every``-th
    (a 1024 px drawing costs as much as ten small ones)."""
    out, seen = [], 0
    for i, spec in enumerate(specs):
        seen += 1
        for size in SIZES:
            if size < 1024 or i % big_every == 0:
                out += label_faults(spec, size)
    assert seen
    return out


@pytest.mark.parametrize("source", sorted(SOURCES))
@pytest.mark.slow
def test_labels_sit_on_their_segments(source):
    assert _faults(SOURCES[source](100 if source != "instruct" else 50, 0), big_every=10) == []


@pytest.mark.soak
@pytest.mark.slow
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_labels_sit_on_their_segments_over_1000_rows(source):
    n = 1000 if source != "instruct" else 500  # two diagrams per instruct problem
    assert _faults(SOURCES[source](n, 50_000)) == []


def test_sampled_views_never_put_a_corner_on_an_edge():
    for spec in caption_specs(42, 7):
        assert view_clash(spec) is None, spec


def test_the_oblique_cube_diagonal_through_a_vertex_is_refused():
    cube = SolidSpec(kind="cube", a=4, projection="oblique", view_angle=45, depth_ratio=0.5,
                     extras=["space_diagonal"])
    assert "lies on the segment" in view_clash(cube)
    assert view_clash(cube.replace(view_angle=30)) is None


def test_facts_record_each_labels_segment():
    spec = SolidSpec(kind="pyramid", base="square", a=6, height=4, projection="orthographic",
                     view_angle=25, elevation=20, vertex_names=list("ABCDP"),
                     shown=["base_edge", "height"])
    seg = fam().facts(spec)["label_segments"]
    assert seg["height"]["segment"] == "apex to the base centre"
    assert seg["height"]["ends"][1] == [0.0, 0.0]  # the foot is the base centre
    assert seg["base_edge"]["segment"].startswith("edge ")
    (x0, y0), (x1, y1) = seg["base_edge"]["ends"]
    assert seg["base_edge"]["at"] == [round((x0 + x1) / 2, 4), round((y0 + y1) / 2, 4)]
    recs = {r.key: r for r in fam().label_layout(spec, 336) if r.kind == "measure"}
    assert set(recs) == {"base_edge", "height"} and recs["height"].text == "4"


def test_the_check_catches_a_label_on_the_wrong_edge(monkeypatch):
    """A placer that drops every label at the figure's centre fails the check."""
    import renderers.solid_geometry.draw as D

    def centre(canvas, m, a, b, others, px):
        rec = D.LabelRecord("measure", m.key, m.text, (0, 0, 0, 0), segment=(a, b),
                            others=others)
        c = (canvas.width / 2 + 40, canvas.height / 2)
        rec.box = canvas.text(c, m.text, px=px)
        return rec

    monkeypatch.setattr(D, "_place_measure", centre)
    spec = SolidSpec(kind="cuboid", a=6, b=3, c=4, shown=["length", "width", "height"])
    assert label_faults(spec, 336)
