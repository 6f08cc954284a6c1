"""Plane-geometry labels a reader cannot pin on the wrong line, at 224, 336 and 1024 px: over
sampled captions' figures of 4 shapes, MAVIS-Instruct figures (text-lite and vision-dominant
diagrams, up to 4 shapes) and DynaMath plane variants, each side length is nearer its own side
than any other drawn line (sides, arcs) or joined to it by a leader line, and each vertex
letter nearer its point than any other named point (tests/renderers/solid_labels.py).

    python -m pytest -q tests/renderers/test_plane_labels.py
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import engines.mavis.plane_geometry.problem as PR
from engines.dynamath.seed import load_seeds, make_variant
from renderers import get_family
from renderers.plane_geometry.spec import Attachment, PlaneGeometrySpec
from tests.renderers.solid_labels import SIZES, label_faults


def fam():
    return get_family("plane_geometry")


def caption_specs(n: int, seed0: int):
    for i in range(n):
        yield fam().sample_spec(np.random.default_rng(seed0 + i), n_attached=3 if i % 2 else None)


def instruct_specs(n: int, seed0: int):
    for i in range(n):
        p = PR.make_problem(np.random.default_rng(seed0 + i))
        yield p.spec
        yield p.vision_spec


def dynamath_specs(n: int, seed0: int):
    sids = sorted(s for s, q in load_seeds().items() if q.topic == "plane geometry")
    for i in range(n):
        sp = make_variant(sids[i % len(sids)], i // len(sids), seed=seed0).spec
        if isinstance(sp, PlaneGeometrySpec):
            yield sp


SOURCES = {"caption": caption_specs, "instruct": instruct_specs, "dynamath": dynamath_specs}


def _faults(specs, big_every: int = 1) -> list:
    out, seen = [], 0
    for i, spec in enumerate(specs):
        seen += 1
        for size in SIZES:
            if size < 1024 or i % big_every == 0:
                out += label_faults(spec, size)
    assert seen
    return out


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_labels_sit_on_their_sides(source):
    assert _faults(SOURCES[source](60 if source != "instruct" else 30, 0), big_every=10) == []


@pytest.mark.soak
@pytest.mark.slow
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_labels_sit_on_their_sides_over_1000_rows(source):
    n = 1000 if source != "instruct" else 500  # two diagrams per instruct problem
    assert _faults(SOURCES[source](n, 50_000), big_every=5) == []


def test_side_touched_by_an_incircle_gets_a_leader_off_the_touching_point():
    """An octagon's inscribed circle touches side EF at its midpoint and a square sits on CD:
    at 224 px the length of EF finds no free place nearer EF than the circle, so it is set
    away with a leader that ends on EF where the circle is not."""
    spec = fam().sample_spec(np.random.default_rng(9), n_attached=3)
    assert spec.base == "regular_polygon" and spec.shown_sides == ["EF"]
    rec = next(r for r in fam().label_layout(spec, 224) if r.kind == "measure")
    assert rec.leader is not None
    assert label_faults(spec, 224) == []


def test_a_label_nearer_another_side_is_a_fault(monkeypatch):
    spec = PlaneGeometrySpec(base="square", params={"side": 4}, names=list("ABCD"),
                             shown_sides=["AB"])
    recs = fam().label_layout(spec, 336)
    rec = next(r for r in recs if r.kind == "measure")
    assert rec.leader is None and label_faults(spec, 336) == []
    # the same label set beside the opposite side reads as that side's length
    (a, b) = rec.segment
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    far = max(rec.others, key=lambda s: math.dist(mid, ((s[0][0] + s[1][0]) / 2,
                                                        (s[0][1] + s[1][1]) / 2)))
    c = ((far[0][0] + far[1][0]) / 2, (far[0][1] + far[1][1]) / 2)
    rec.box = (c[0] - 5, c[1] - 5, c[0] + 5, c[1] + 5)
    monkeypatch.setattr(type(fam()), "label_layout", lambda self, sp, size=336: recs)
    assert label_faults(spec, 336) == [
        f"336px AB '4': 0.0 px from another line, {math.dist(c, mid):.1f} px from its own"]


def test_no_isosceles_triangle_is_equilateral():
    """An isosceles triangle with three equal sides is equilateral: naming it isosceles would
    hide the property a problem may need."""
    import numpy as np

    import renderers

    fam = renderers.get_family("plane_geometry")
    iso = [s for i in range(400)
           for s in renderers.facts(fam.sample_spec(np.random.default_rng(i)))["shapes"]
           if s["type"] == "isosceles triangle"]
    assert len(iso) > 20
    for s in iso:
        sides = sorted(s["sides"].values())
        assert sides[-1] - sides[0] > 1e-6, s["name"]
